//! The Robbers (004_e9353f116722cd5d.txt L152-L171, rules_digest.md E.6;
//! docs/rules/robbers.md says what plays and where each point comes from).
//! A robber is a figure on the score track, not on the board.
//!
//! - The track has fifty spaces and is lapped (000_9deb58b1a7d17d38.txt
//!   L222): a marker stands on its score modulo 50 (`space`).
//! - After placing a robber tile (`+robber`), the active player may put
//!   their robber on a space where another player's marker stands, or move
//!   it there if it is out already (L163); then other players may place
//!   theirs the same way (L163: "the player whose turn is next"; which
//!   players exactly is the `robbers_next` option). Posed after the figure
//!   step, before the tile's scoring (`Hook::AfterWood`; why not before the
//!   figure step: docs/rules/robbers.md).
//! - A marker that gains points (`Hook::Gained`) from a space where another
//!   player's robber stands is robbed: the robber's owner gains half of
//!   that gain, rounded up; the victim keeps all of it; the robber goes
//!   home (L163). Every robber on that space robs (L170), never its own
//!   owner's marker (L171), and takes the first gain it sees (L168): one
//!   feature's points, one gain. The shares are booked when the turn
//!   part's scoring is over (`Hook::AfterScore`; gains at the turn's end,
//!   at `Hook::TurnEnd`), so a robber that saw several markers gain in that
//!   turn lets its owner choose whose share it takes (L169). Gains of the
//!   final scoring are robbed too (a marker moving forward, the published
//!   rule); there the owner's choice is the largest share, the only one
//!   that matters once the game is over.
//! - A gain that is itself a robbery robs no one: the robbers on the
//!   robber's space move along with its marker, to rob it later (L167).

use serde_json::{json, Map, Value};

use super::{Ask, At, Figure, HeldFigure, Holding, Hook, Mech, Mechanic, Shown, Sink, Tally};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind};

pub(crate) struct Robbers;

/// The spaces of the score track (000_9deb58b1a7d17d38.txt L222).
pub const TRACK: i32 = 50;

/// `State::at` of a robber in its owner's supply.
pub const OFF: u8 = u8::MAX;

/// `robbers_next`: 0 `next-free`, 1 `next`, 2 `each`.
const NEXT_RULE: usize = option_index("robbers_next");

/// Verb codes.
const V_PLACE: u8 = 0;
const V_ROB: u8 = 1;

/// Decision codes.
const ASK_PLACE: u8 = 0;
const ASK_ROB: u8 = 1;

/// `robber`: put (or move) the robber on space `space`.
pub const fn place(space: u16) -> Action {
    Action::of(Mech::Robbers, V_PLACE, Arg::Number(space))
}

/// `robber-robs`: the robber takes its share of `victim`'s gain.
pub const fn rob(victim: u8) -> Action {
    Action::of(Mech::Robbers, V_ROB, Arg::Number(victim as u16))
}

/// The space of the track a score stands on.
pub fn space(score: i32) -> u8 {
    score.rem_euclid(TRACK) as u8
}

/// A robber's share of a gain of `points`: half, rounded up (L163).
pub const fn share(points: u32) -> u32 {
    points.div_ceil(2)
}

/// A gain a robber saw: its points and the feature they were for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    /// The victim's points.
    pub points: u32,
    /// The feature the victim scored.
    pub feature: Kind,
}

/// The robbers in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// Each player's robber: the space it stands on, or `OFF`.
    pub at: [u8; MAX_PLAYERS],
    /// `seen[r][v]`: the first gain of player `v`'s marker from the space
    /// of `r`'s robber, its share not yet booked.
    pub seen: [[Option<Seen>; MAX_PLAYERS]; MAX_PLAYERS],
    /// Each player's robberies.
    pub robberies: [u16; MAX_PLAYERS],
    /// Each player's points from robbing.
    pub stolen: [u32; MAX_PLAYERS],
}

impl Default for State {
    fn default() -> State {
        State {
            at: [OFF; MAX_PLAYERS],
            seen: [[None; MAX_PLAYERS]; MAX_PLAYERS],
            robberies: [0; MAX_PLAYERS],
            stolen: [0; MAX_PLAYERS],
        }
    }
}

impl State {
    /// Whether `r`'s robber has a share due.
    fn due(&self, r: usize) -> bool {
        self.seen[r].iter().any(Option::is_some)
    }
}

impl Mechanic for Robbers {
    const HOOKS: &'static [Hook] = &[
        Hook::Setup,
        Hook::AfterWood,
        Hook::AfterScore,
        Hook::TurnEnd,
        Hook::GameEnd,
        Hook::Gained,
    ];
    // Their points on the hooks where shares are booked come first, so a
    // robber sees them in the same turn.
    const AFTER: &'static [Mech] = &[
        Mech::Barn,
        Mech::Bazaars,
        Mech::Castles,
        Mech::Catapult,
        Mech::Goods,
        Mech::KingRobber,
        Mech::Tower,
    ];
    const FIGURES: &'static [FigureDef] = &[FigureDef {
        kind: FollowerKind::Robber,
        name: "robber",
        label: "robber",
        supply: 1,
        strength: 0,
        follower: false,
        occupies: false,
        on_tile: false,
        stands_on: 0,
        svg: Some(ROBBER_SVG),
    }];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "robber",
            answers: Answers::Ask,
            arg: ArgKind::Number {
                least: 0,
                most: (TRACK - 1) as u16,
            },
            field: "space",
            label: "puts their robber on score space",
        },
        VerbDef {
            name: "robber-robs",
            answers: Answers::Ask,
            arg: ArgKind::Number {
                least: 0,
                most: (MAX_PLAYERS - 1) as u16,
            },
            field: "victim",
            label: "robs the marker of player",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "robber",
            name: "put the robber on a score space where another player's marker stands, or move it there (or pass)",
        },
        DecisionDef {
            key: "robber-robs",
            name: "whose gain the robber takes its share of, when several markers on its space gained",
        },
    ];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::Robbery,
        name: "robbery",
        as_final: false,
        paid: false,
    }];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.robbers = State::default();
    }

    /// The figure step of a robber tile is over: the active player, then
    /// the others the option names, may place their robbers (L163), before
    /// the tile's scoring.
    fn after_wood(g: &mut Game, idx: usize, _events: &mut Vec<ScoreEvent>) {
        let t = g.placed()[idx].tile;
        if !g.rules().tiles[t as usize]
            .attrs
            .iter()
            .any(|a| a.id == attr::ROBBER)
        {
            return;
        }
        let me = g.to_move();
        let n = g.players();
        offer(g, me);
        let free = |g: &Game, p: u8| g.ext.robbers.at[p as usize] == OFF;
        match g.rules().options.get(NEXT_RULE) {
            0 => {
                if let Some(p) = (1..n).map(|k| (me + k) % n).find(|&p| free(g, p)) {
                    offer(g, p);
                }
            }
            1 => {
                let p = (me + 1) % n;
                if p != me && free(g, p) {
                    offer(g, p);
                }
            }
            _ => {
                for k in 1..n {
                    let p = (me + k) % n;
                    if free(g, p) {
                        offer(g, p);
                    }
                }
            }
        }
    }

    /// A robber stands on the score track, never on a tile (L163).
    fn check_figure(_g: &Game, _w: &super::WoodSpot, _d: Deploy) -> Result<(), MoveError> {
        Err(MoveError::rule(
            Mech::Robbers,
            "a robber goes on the score track after a robber tile, never on a tile (L163)",
        ))
    }

    fn after_score(g: &mut Game, _idx: usize, events: &mut Vec<ScoreEvent>) {
        settle(g, false, events);
    }

    fn turn_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
        settle(g, false, events);
    }

    fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
        settle(g, true, events);
    }

    /// A marker moved forward from space `space(before)`: the robbers of
    /// other players there see the gain (the first one each, L168), or,
    /// for a robbery's gain, move along with the marker (L167).
    fn gained(g: &mut Game, e: &ScoreEvent, before: i32, _events: &mut Vec<ScoreEvent>) {
        if e.points == 0 {
            return;
        }
        let v = e.player as usize;
        let from = space(before);
        let n = g.players() as usize;
        let to = space(g.scores()[v]);
        let s = &mut g.ext.robbers;
        for r in 0..n {
            if r == v || s.at[r] != from {
                continue;
            }
            if e.reason == Reason::Robbery {
                if !s.due(r) {
                    s.at[r] = to;
                }
            } else if s.seen[r][v].is_none() {
                s.seen[r][v] = Some(Seen {
                    points: e.points,
                    feature: e.feature,
                });
            }
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else { return };
        match ask.decision {
            ASK_PLACE => {
                let more = out.put(Action::Pass);
                if more {
                    spaces(g, ask.player, out);
                }
            }
            ASK_ROB => {
                let s = &g.ext.robbers;
                for v in 0..g.players() {
                    if s.seen[ask.player as usize][v as usize].is_some() && !out.put(rob(v)) {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        let At::Ask(ask) = at else {
            return Err(MoveError::Waiting("the robbers' decisions"));
        };
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(Mech::Robbers, why_not(ask)));
        }
        let p = ask.player;
        match (ask.decision, a.arg()) {
            (ASK_PLACE, _) if a == Action::Pass => {}
            (ASK_PLACE, Arg::Number(sp)) => {
                if g.ext.robbers.at[p as usize] == OFF {
                    g.hold(p, FollowerKind::Robber, Mech::Robbers, sp);
                }
                g.ext.robbers.at[p as usize] = sp as u8;
            }
            (ASK_ROB, Arg::Number(v)) => steal(g, p, v as u8, events),
            _ => return Err(MoveError::rule(Mech::Robbers, why_not(ask))),
        }
        Ok(())
    }

    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.robbers;
        let n = g.players();
        for r in 0..n {
            let sp = s.at[r as usize];
            if sp != OFF {
                out.holdings.push(Holding {
                    player: r,
                    key: "robber",
                    text: format!("robber on score space {sp}"),
                });
                // Drawn beside each marker it stands with.
                for v in (0..n).filter(|&v| v != r && space(g.scores()[v as usize]) == sp) {
                    out.held.push(HeldFigure {
                        holder: v,
                        key: "robbers",
                        figure: Figure {
                            player: r,
                            kind: FollowerKind::Robber,
                        },
                    });
                }
            }
            for (key, count) in [
                ("robberies", u32::from(s.robberies[r as usize])),
                ("robbed-points", s.stolen[r as usize]),
            ] {
                out.tallies.push(Tally {
                    player: r,
                    key,
                    count,
                });
            }
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.robbers;
        let n = g.players() as usize;
        let at: Vec<Value> = s.at[..n]
            .iter()
            .map(|&sp| if sp == OFF { Value::Null } else { json!(sp) })
            .collect();
        out.insert("robbers".into(), json!(at));
        let track: Vec<u8> = g.scores().iter().map(|&sc| space(sc)).collect();
        out.insert("score_spaces".into(), json!(track));
        out.insert("robberies".into(), json!(&s.robberies[..n]));
        out.insert("robbed_points".into(), json!(&s.stolen[..n]));
    }
}

/// Ask `p` where to put their robber, if there is anywhere.
fn offer(g: &mut Game, p: u8) {
    let mut any = super::FirstTwo::default();
    spaces(g, p, &mut any);
    if any.n > 0 {
        g.ask(Ask {
            mech: Mech::Robbers,
            player: p,
            decision: ASK_PLACE,
            data: 0,
        });
    }
}

/// The spaces `p`'s robber may go to: where another player's marker stands
/// (L163), in order, less the one it stands on. A robber whose share is
/// due stays for it.
fn spaces<S: Sink + ?Sized>(g: &Game, p: u8, out: &mut S) {
    let s = &g.ext.robbers;
    if s.due(p as usize) {
        return;
    }
    let mut taken = [false; TRACK as usize];
    for (v, &sc) in g.scores().iter().enumerate() {
        if v != p as usize {
            taken[space(sc) as usize] = true;
        }
    }
    for sp in 0..TRACK as u8 {
        if taken[sp as usize] && sp != s.at[p as usize] && !out.put(place(u16::from(sp))) {
            return;
        }
    }
}

/// Book the shares due: a robber that saw one gain takes its share; one
/// that saw several asks its owner whose (L169), or, once the game is
/// over, takes the largest.
fn settle(g: &mut Game, at_end: bool, events: &mut Vec<ScoreEvent>) {
    let n = g.players();
    let me = g.to_move();
    for k in 0..n {
        let r = (me + k) % n;
        let seen = g.ext.robbers.seen[r as usize];
        let mut victims = (0..n).filter(|&v| seen[v as usize].is_some());
        let Some(first) = victims.next() else {
            continue;
        };
        if victims.next().is_none() {
            steal(g, r, first, events);
        } else if at_end {
            let most = (0..n)
                .filter_map(|v| seen[v as usize].map(|s| (v, s.points)))
                .fold(
                    (first, 0),
                    |best, (v, p)| if p > best.1 { (v, p) } else { best },
                );
            steal(g, r, most.0, events);
        } else {
            g.ask(Ask {
                mech: Mech::Robbers,
                player: r,
                decision: ASK_ROB,
                data: 0,
            });
        }
    }
}

/// `r`'s robber takes its share of `v`'s gain and goes home (L163).
fn steal(g: &mut Game, r: u8, v: u8, events: &mut Vec<ScoreEvent>) {
    let s = &mut g.ext.robbers;
    let Some(seen) = s.seen[r as usize][v as usize] else {
        return;
    };
    let points = share(seen.points);
    s.seen[r as usize] = [None; MAX_PLAYERS];
    s.at[r as usize] = OFF;
    s.robberies[r as usize] = s.robberies[r as usize].saturating_add(1);
    s.stolen[r as usize] = s.stolen[r as usize].saturating_add(points);
    if let Some(i) = g
        .held()
        .iter()
        .position(|h| h.by == Mech::Robbers && h.player == r)
    {
        g.release(i);
    }
    g.add_points(
        events,
        ScoreEvent::new(r, points, seen.feature, Reason::Robbery),
    );
}

/// Why an answer to `ask` is refused.
fn why_not(ask: Ask) -> &'static str {
    match ask.decision {
        ASK_PLACE => "a robber goes on a score space where another player's marker stands, other than its own space (L163), or the player passes",
        _ => "the robber robs one of the markers on its space that gained (L169)",
    }
}

/// The robber, drawn in its owner's colour: a figure in a wide hat.
const ROBBER_SVG: &str = r##"<g id="robber"><path d="M-6 10 L-4 0 Q-5 -3 -2 -4 L2 -4 Q5 -3 4 0 L6 10 Z" stroke="#111" stroke-width="1.1"/><circle cx="0" cy="-6" r="3" stroke="#111" stroke-width="1"/><path d="M-7 -8 L7 -8 L3 -10 L-3 -10 Z" fill="#222"/><path d="M-3 -6.5 L3 -6.5" stroke="#111" stroke-width="1.4"/></g>"##;
