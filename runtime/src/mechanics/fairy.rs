//! The fairy (The Princess & the Dragon, 000_9deb58b1a7d17d38.txt
//! L1082-L1096, L1185-L1234, fn 2-7 L1335-L1340; 002_7f8d72b3eaff567f.txt
//! L533-L543).
//!
//! - Instead of deploying a figure (and of every other answer to the figure
//!   step), a player may move the neutral fairy next to one of their
//!   followers anywhere on the board (L1088, fn 2); with no follower on the
//!   board there is nowhere to move it (fn 4). Not next to a builder, a pig
//!   or a barn, which are no followers (L1218, A&M fn 41 L1875), nor next
//!   to a follower in a castle, which stands on no tile (Bridges, Castles &
//!   Bazaars fn 35 L2642, the official ruling; held off the board). Not
//!   played: the New Edition's fairy beside a follower in a castle (fn 35).
//! - The dragon does not enter its tile (L1092; `dragon`).
//! - At the start of a turn, if it stands next to one of the player's
//!   followers, that player scores 1 (L1093), once in a builder's double
//!   turn (fn 6 L1339, L1217): the start of a turn, not of a part.
//! - When the feature of the follower it stands next to is scored, that
//!   follower's owner scores 3 more, whatever else they score (L1094-L1095):
//!   a completed feature, the final scoring (a farm's too: "city, road,
//!   cloister, or farm"), a barn's farm scoring; not an abbot taken back
//!   (L1231) nor the loser of a challenge, whose feature is not scored
//!   (L1222-L1226). The follower goes home, the fairy stays (L1095), next
//!   to no one until moved again.
//! - `fairy = "on-tile"` plays the RGG and ZMG rule (fn 3, 5, 7
//!   L1336-L1340): the fairy goes onto a tile holding one of the player's
//!   followers, and every follower on that tile earns its points.
//! - A follower standing on a tile beside its features (held on it,
//!   `Game::hold_on`: a follower on top of a tower) may have the fairy too
//!   (The Tower, fn 19 L1517): the fairy stands by it, its owner scores the
//!   turn's point, and the dragon keeps off that tile. It is part of no
//!   feature, so it never earns the 3 points. Once it leaves the tile the
//!   fairy is next to no one; no other figure can arrive there before the
//!   next turn starts, when the fairy lets go of it.

use serde_json::{json, Map, Value};

use super::{At, Hook, Mech, Mechanic, Neutral, NeutralDef, Shown, Sink, Why};
use crate::engine::game::{Deployed, Game, Held, NO_TILE};
use crate::engine::types::*;
use crate::tables::{option_index, Kind};

pub(crate) struct Fairy;

/// `fairy`: word 0 is `next-to`.
const FAIRY: usize = option_index("fairy");

/// Where the fairy stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// The placed tile it is on; `None` beside the board (L1086).
    pub at: Option<u16>,
    /// The follower it stands next to (its feature node, owner and kind),
    /// while that follower stands.
    pub beside: Option<(u16, u8, FollowerKind)>,
    /// The figure held on tile `at` it stands next to (owner and kind),
    /// instead of a follower on a feature (fn 19 L1517).
    pub by_held: Option<(u8, FollowerKind)>,
}

impl Mechanic for Fairy {
    const HOOKS: &'static [Hook] = &[
        Hook::TurnStart,
        Hook::WoodAnswers,
        Hook::OnScored,
        Hook::OnRemoved,
    ];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "fairy",
            answers: Answers::Wood,
            arg: ArgKind::Figure,
            field: "figure",
            label: "moves the fairy next to",
        },
        VerbDef {
            name: "fairy-by-tile-figure",
            answers: Answers::Wood,
            arg: ArgKind::Tile,
            field: "at",
            label: "moves the fairy next to the player's figure standing on",
        },
    ];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::Fairy,
        name: "fairy",
        as_final: false,
        paid: false,
    }];
    const NEUTRALS: &'static [NeutralDef] = &[NeutralDef {
        name: "fairy",
        svg: FAIRY_SVG,
    }];
    type State = State;

    /// 1 point to the player whose follower the fairy stands next to
    /// (L1093).
    fn turn_start(g: &mut Game, events: &mut Vec<ScoreEvent>) {
        if g.ext.fairy.by_held.is_some() && held_beside(g).next().is_none() {
            g.ext.fairy.by_held = None;
        }
        let me = g.to_move();
        // Next to one follower, the fairy pays only if it is the mover's:
        // the followers are searched only then.
        let mine = if on_tile(g) || g.ext.fairy.beside.is_some_and(|(_, p, _)| p == me) {
            fairy_followers(g).find(|f| f.player == me)
        } else {
            None
        };
        if let Some(f) = mine {
            let feature = g.kind_of(f.node);
            g.add_points(events, ScoreEvent::new(me, 1, feature, Reason::Fairy));
        } else if held_beside(g).any(|h| h.player == me) {
            // Part of no feature: the point is booked as the tile's field.
            g.add_points(events, ScoreEvent::new(me, 1, Kind::Field, Reason::Fairy));
        }
    }

    /// Next to each of the player's followers on the board (one per tile
    /// under `on-tile`), but the one it already stands beside.
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        if !matches!(at, At::Wood(_)) {
            return;
        }
        let me = g.to_move();
        let on_tile = on_tile(g);
        // A follower on its tile's feature (`FigureDef::on_tile`), one bit test.
        let beside = super::registry::FOLLOWERS_ON_TILE;
        let mine = |f: &&Deployed| f.player == me && beside & 1 << f.kind as u32 != 0;
        let followers = g.followers();
        // Keyed by tile, segment and kind (the player is the mover's).
        let mut spots = FirstKeys::<u32>::default();
        for (i, f) in followers.iter().enumerate().filter(|(_, f)| mine(f)) {
            let spot = g.spot_of(f);
            let here = if on_tile {
                // One answer per tile: the first of its followers.
                g.ext.fairy.at == Some(spot.placed)
                    || followers[..i]
                        .iter()
                        .filter(mine)
                        .any(|e| g.spot_of(e).placed == spot.placed)
            } else {
                g.ext.fairy.beside == Some((f.node, f.player, f.kind))
            };
            if here {
                continue;
            }
            let key = u32::from(spot.placed) << 16
                | u32::from(spot.segment) << 8
                | u32::from(spot.kind as u8);
            if !spots.put(out, key, to(spot)) {
                return;
            }
        }
        // The same for the tiles answered (two figures held on one tile).
        let mut tiles = FirstKeys::<u16>::default();
        for (i, h) in g.held().iter().enumerate() {
            if h.player != me || h.tile == NO_TILE || !h.kind.is_follower() {
                continue;
            }
            let here = if on_tile {
                g.ext.fairy.at == Some(h.tile)
                    || followers
                        .iter()
                        .any(|f| mine(&f) && g.spot_of(f).placed == h.tile)
                    || g.held()[..i]
                        .iter()
                        .any(|e| e.player == me && e.tile == h.tile && e.kind.is_follower())
            } else {
                g.ext.fairy.at == Some(h.tile) && g.ext.fairy.by_held == Some((me, h.kind))
            };
            if here {
                continue;
            }
            if !tiles.put(out, h.tile, to_tile(h.tile)) {
                return;
            }
        }
    }

    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        if !matches!(at, At::Wood(_)) {
            return Err(MoveError::Waiting("the fairy moves instead of a figure"));
        }
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(Mech::Fairy, NOT_THERE));
        }
        g.ext.fairy = match a.arg() {
            Arg::Spot(s) => State {
                at: Some(s.placed),
                beside: Some((g.node_of(s.placed as usize, s.segment), s.player, s.kind)),
                by_held: None,
            },
            Arg::Tile(t) => {
                let me = g.to_move();
                let kind = g
                    .held()
                    .iter()
                    .find(|h| h.player == me && h.tile == t && h.kind.is_follower())
                    .map(|h| h.kind)
                    .ok_or(MoveError::rule(Mech::Fairy, NOT_THERE))?;
                State {
                    at: Some(t),
                    beside: None,
                    by_held: Some((me, kind)),
                }
            }
            _ => return Err(MoveError::Waiting("the fairy moves instead of a figure")),
        };
        Ok(())
    }

    /// 3 points to the owner of the follower next to the fairy when its
    /// feature is scored (L1094).
    fn on_scored(g: &mut Game, root: u16, reason: Reason, events: &mut Vec<ScoreEvent>) {
        if reason == Reason::AbbotReturn {
            return;
        }
        let mut paid = 0u8;
        let kind = g.kind_of(root);
        let on_root: Vec<Deployed> = fairy_followers(g)
            .filter(|f| g.root_of(f.node) == root)
            .collect();
        for f in on_root {
            if paid & (1 << f.player) == 0 {
                paid |= 1 << f.player;
                g.add_points(events, ScoreEvent::new(f.player, 3, kind, Reason::Fairy));
            }
        }
    }

    /// Its follower gone, the fairy stays where it is, next to no one.
    fn on_removed(g: &mut Game, f: Deployed, _why: Why, _events: &mut Vec<ScoreEvent>) {
        if g.ext.fairy.beside == Some((f.node, f.player, f.kind)) {
            g.ext.fairy.beside = None;
        }
    }

    fn show(g: &Game, out: &mut Shown) {
        let Some(at) = g.ext.fairy.at else { return };
        let q = g.placed[at as usize];
        let beside = g
            .followers()
            .iter()
            .find(|f| g.ext.fairy.beside == Some((f.node, f.player, f.kind)))
            .map(|f| g.spot_of(f));
        out.neutral.push(Neutral {
            beside,
            ..Neutral::on_cell(Self::NEUTRALS[0], q.x, q.y)
        });
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let v = match g.ext.fairy.at {
            Some(at) => {
                let q = &g.placed[at as usize];
                let beside = g
                    .followers()
                    .iter()
                    .find(|f| g.ext.fairy.beside == Some((f.node, f.player, f.kind)))
                    .and_then(|f| crate::action_json::spot_rec(g, g.spot_of(f)))
                    .map(|mut r| {
                        r.kind = None;
                        serde_json::to_value(r).unwrap_or(Value::Null)
                    });
                let by = held_beside(g)
                    .next()
                    .filter(|_| beside.is_none())
                    .map(|h| json!({ "player": h.player, "kind": h.kind.def().label }));
                let mut v = json!({ "x": q.x, "y": q.y, "beside": beside });
                if let Some(by) = by {
                    v["by_tile_figure"] = by;
                }
                v
            }
            None => Value::Null,
        };
        out.insert("fairy".into(), v);
    }
}

const NOT_THERE: &str =
    "the fairy moves next to one of the player's followers on the board (on a feature, or standing on a tile as on a tower, fn 19 L1517), not where it stands";

/// `fairy`: the fairy next to the follower at `s`.
fn to(s: Spot) -> Action {
    Action::of(Mech::Fairy, 0, Arg::Spot(s))
}

/// `fairy-by-tile-figure`: the fairy next to the mover's figure held on
/// placed tile `t`.
fn to_tile(t: u16) -> Action {
    Action::of(Mech::Fairy, 1, Arg::Tile(t))
}

/// The held figures on the fairy's tile that it stands next to: the one
/// it was moved beside, or under `on-tile` every follower held there.
fn held_beside(g: &Game) -> impl Iterator<Item = &Held> + '_ {
    let s = g.ext.fairy;
    let on_tile = on_tile(g);
    g.held().iter().filter(move |h| {
        s.at == Some(h.tile)
            && h.kind.is_follower()
            && (on_tile || s.by_held == Some((h.player, h.kind)))
    })
}

/// The fairy's tile (the dragon does not enter it, L1092).
pub(crate) fn tile(g: &Game) -> Option<u16> {
    if g.rules.plays(Mech::Fairy) {
        g.ext.fairy.at
    } else {
        None
    }
}
/// The keys of the first answers put, to tell a repeat: only an answer
/// whose key was put before (two followers on one spot, two figures held
/// on one tile) needs the sink's `put_once`, whose search of a list reads
/// every answer before it (hundreds at a portal). Past eight keys every
/// answer goes through `put_once`.
#[derive(Default)]
struct FirstKeys<K> {
    keys: [K; 8],
    n: usize,
}

impl<K: Copy + PartialEq> FirstKeys<K> {
    /// Put `a`, keyed `key`, into `out`; `false` once `out` wants no more.
    fn put<S: Sink + ?Sized>(&mut self, out: &mut S, key: K, a: Action) -> bool {
        if self.n < self.keys.len() && !self.keys[..self.n].contains(&key) {
            self.keys[self.n] = key;
            self.n += 1;
            out.put(a)
        } else {
            out.put_once(a)
        }
    }
}

/// `fairy = "on-tile"`.
fn on_tile(g: &Game) -> bool {
    g.rules.options.get(FAIRY) != 0
}

/// The followers the fairy gives points to: the one it stands next to, or
/// under `on-tile` every follower on its tile.
fn fairy_followers(g: &Game) -> impl Iterator<Item = Deployed> + '_ {
    let s = g.ext.fairy;
    let on_tile = on_tile(g);
    g.followers().iter().copied().filter(move |f| {
        if !f.kind.is_follower() || s.at.is_none() {
            return false;
        }
        if on_tile {
            Some(g.features.nodes[f.node as usize].placed) == s.at
        } else {
            s.beside == Some((f.node, f.player, f.kind))
        }
    })
}

/// A small winged figure with a wand and a star.
const FAIRY_SVG: &str = concat!(
    r##"<g id="fairy"><path d="M-1 -3 C-9 -12 -13 -3 -7 1 C-12 5 -6 10 -1 3 Z M1 -3 C9 -12 13 -3 7 1 C12 5 6 10 1 3 Z" fill="#cde8ff" fill-opacity="0.9" stroke="#3d6d9e" stroke-width="0.8"/>"##,
    r##"<path d="M-2.4 -2 L2.4 -2 L3.6 9 L-3.6 9 Z" fill="#f4a6d7" stroke="#8a2f6b" stroke-width="0.8" stroke-linejoin="round"/>"##,
    r##"<circle cx="0" cy="-5.2" r="2.6" fill="#f6d7b8" stroke="#8a2f6b" stroke-width="0.7"/>"##,
    r##"<path d="M3 0 L8 -7" stroke="#8a5a2b" stroke-width="0.8"/>"##,
    r##"<path d="M8 -9.6 L8.7 -7.7 L10.6 -7.6 L9.1 -6.4 L9.6 -4.5 L8 -5.6 L6.4 -4.5 L6.9 -6.4 L5.4 -7.6 L7.3 -7.7 Z" fill="#ffd23f" stroke="#a67c00" stroke-width="0.4"/></g>"##
);
