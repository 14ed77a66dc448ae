//! Castles (Bridges, Castles & Bazaars, 000_9deb58b1a7d17d38.txt
//! L2484-L2517, fn 20-42 L2587-L2650; rules_digest.md A.10).
//!
//! - Each player has three castle tokens with two to four players, two with
//!   five or six (L2394-L2397); one each with seven or eight, the box
//!   holding twelve (L2542-L2543).
//! - A completed town of exactly two semicircular city segments (L2489),
//!   never one with a segment marked `no-castle` (fn 20 L2587-L2611;
//!   `castle_towns = "city-ends"` for the ZMG rule, fn 21 L2612, that takes
//!   any two city ends), may become a castle instead of scoring its 4
//!   points: after the move-wood step, before the scoring (fn 25 L2626;
//!   `Hook::BeforeScore`, so after the dragon's move and the Count's round),
//!   each player with the most strength there who has a token left is asked
//!   (a player with the follower from the first half or the one just
//!   deployed, L2512; several where they share the majority, each deciding
//!   for themselves, fn 23 L2614-L2622). A follower the Count's round sent
//!   from the City of Carcassonne onto the town came for its scoring only
//!   (fn 23 L2620, `Deployed::to_score`): it gives its owner no say and
//!   never goes into the castle. A player who
//!   converts puts a token on it and their followers go into the castle:
//!   held off the board (`Game::hold`), so no dragon, tower or plague
//!   reaches them (L2514, fn 34 L2641; 000 L1253, fn 7 L1502), no fairy
//!   stands beside them (fn 35 L2642, the official ruling) and no portal or
//!   follower from the City of Carcassonne goes there (fn 21 L2164). When
//!   nobody is left on the town it is withdrawn from play
//!   (`Game::withdraw`): "considered to be incomplete" (L2489), no city
//!   for the King (fn 37 L2180) nor for a farm, which counts the castle
//!   instead. Where one of those with the majority scored it (fn 23
//!   L2616-L2618), it scores for the followers left on it as usual; where
//!   none did, those left (sent from the City) go home unscored.
//! - The castle scores once (L2509), in a later scoring round than the one
//!   it was built in (L2491, fn 28 L2629, fn 30 L2632: a builder's second
//!   part is one), when the first structure with a segment on one of its
//!   six fief tiles is completed (L2491, L2500): the two tiles it lies on
//!   and the two on either side across the line they make. A cloister
//!   counts when it lies on a fief tile itself (L2506); so do gardens and
//!   shrines, scored like it. Occupied or not, the structure's full score
//!   (L2508, fn 31 L2638: after its multipliers) goes to the castle's
//!   occupiers by their strength, a mayor's being 0 for want of pennants
//!   (L2515, fn 28 L1861). Several completed at once: its occupier picks one
//!   (L2509, `castle-pick`). A castle that scores is a completed structure
//!   for every castle whose fief holds one of its tiles, at the same points
//!   (L2510); a castle waits for such a neighbour when both have a
//!   structure, and the first in building order goes first where each waits
//!   for the other. Then its followers go home; the token stays (L2500).
//! - At the end a castle that has not scored scores nothing and its
//!   followers leave (L2511). A farm counts a castle it borders as a city
//!   worth one point more: 4, 5 with a pig or for a barn at the end, 4 when
//!   a barn is placed, 2 when joined to a barn (L2517, L1785-L1803; the pig
//!   and the pig herd add their point per castle as per city, fn 38 L2646),
//!   through `Hook::CityPlaces`.
//! - The Count's round comes before the castle's question (both fall
//!   between the move-wood step and the scoring, fn 25 L2626), so a
//!   follower may be sent onto a town its occupier then converts, where
//!   fn 23 L2620 allows sends only onto a town someone scores: it goes
//!   home unscored, as if never sent, but to its owner's supply.
//! - Not played: the New Edition's fairy beside a follower in a castle
//!   (fn 35 L2643; this set is played in its first edition, where the
//!   official ruling keeps the fairy out); the Wheel of Fortune's famine
//!   (fn 40).

use serde_json::{json, Map, Value};

use super::{Ask, At, Holding, Hook, Mech, Mechanic, Neutral, NeutralDef, Shown, Sink};
use super::{Figure, Tally, Why};
use crate::engine::game::{Game, NO_NODE};
use crate::engine::scoring;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind};

pub(crate) struct Castles;

/// `castle_towns`: word 0 is `semicircular`.
const CASTLE_TOWNS: usize = option_index("castle_towns");

/// Castles a game keeps: every token of the box (L2542-L2543).
pub const MAX_CASTLES: usize = 12;
/// Towns one tile may complete (a tile has four sides).
const MAX_TOWNS: usize = 4;
/// Structures completed in one scoring round that a castle may take.
const MAX_DONE: usize = 24;

/// Verb codes.
const BUILD: u8 = 0;
const PICK: u8 = 1;

/// Decision codes.
const ASK_BUILD: u8 = 0;
const ASK_PICK: u8 = 1;

/// `castle`: the town becomes a castle (`pass`: it scores).
pub fn build() -> Action {
    Action::of(Mech::Castles, BUILD, Arg::None)
}

/// `castle-pick`: `player`'s castle scores the structure of segment
/// `segment` of placed tile `placed` (a castle is named by one of its
/// town's segments).
pub fn pick(player: u8, placed: u16, segment: u8) -> Action {
    Action::of(
        Mech::Castles,
        PICK,
        Arg::Spot(Spot {
            placed,
            segment,
            kind: FollowerKind::Normal,
            player,
        }),
    )
}

/// Castle tokens per player by the number of players (L2394-L2397).
pub fn tokens_for(players: u8) -> u8 {
    match players {
        0..=4 => 3,
        5 | 6 => 2,
        _ => 1,
    }
}

/// One castle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Castle {
    /// The nodes of its town's two segments, the feature's root first.
    pub nodes: [u16; 2],
    /// The scoring round it was built in (`State::round`).
    pub round: u16,
    /// Bit `p`: player `p` put a token on it.
    pub tokens: u8,
    /// It has scored (`points`).
    pub scored: bool,
    pub points: u16,
}

/// A town being decided: its root, who is still to answer, its castle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Town {
    pub root: u16,
    /// Bit `p`: player `p` has the most strength there (fn 23 L2614).
    pub deciders: u8,
    /// Bit `p`: player `p` is still to answer.
    pub asked: u8,
    /// Bit `p`: player `p` turned it into a castle.
    pub converted: u8,
    /// Its castle, once a player converted it.
    pub castle: Option<u8>,
}

/// A structure completed in this round (or a castle that scored in it):
/// the node that names it, its points, the castle it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Done {
    pub node: u16,
    pub points: u16,
    pub castle: Option<u8>,
}

/// The castles, the tokens left, and this round's towns and structures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    pub castles: [Castle; MAX_CASTLES],
    pub n: u8,
    /// Each player's castle tokens left.
    pub tokens: [u8; MAX_PLAYERS],
    /// Scoring rounds so far: one per turn part (`Hook::BeforeScore`).
    pub round: u16,
    pub towns: [Town; MAX_TOWNS],
    pub n_towns: u8,
    pub done: [Done; MAX_DONE],
    pub n_done: u8,
    /// The castle whose occupier is asked which structure it scores.
    pub picking: Option<u8>,
}

impl Mechanic for Castles {
    const HOOKS: &'static [Hook] = &[
        Hook::Setup,
        Hook::BeforeScore,
        Hook::Scoring,
        Hook::CityPlaces,
        Hook::GameEnd,
    ];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "castle",
            answers: Answers::Ask,
            arg: ArgKind::None,
            field: "",
            label: "turns the town into a castle",
        },
        VerbDef {
            name: "castle-pick",
            answers: Answers::Ask,
            arg: ArgKind::Target(Some(FollowerKind::Normal)),
            field: "from",
            label: "scores the castle for the structure",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "castle",
            name: "turn the completed town into a castle, or score it",
        },
        DecisionDef {
            key: "castle-pick",
            name: "choose which structure completed in its fief the castle scores",
        },
    ];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::Castle,
        name: "castle",
        as_final: false,
        paid: false,
    }];
    const NEUTRALS: &'static [NeutralDef] = &[NeutralDef {
        name: "castle",
        svg: CASTLE_SVG,
    }];
    type State = State;

    fn setup(g: &mut Game) {
        let n = tokens_for(g.players());
        g.ext.castles = State {
            tokens: [n; MAX_PLAYERS],
            ..State::default()
        };
    }

    /// A new scoring round; the towns the tile completed are offered to
    /// their occupiers (L2489).
    fn before_score(g: &mut Game, idx: usize, _events: &mut Vec<ScoreEvent>) {
        let s = &mut g.ext.castles;
        s.round = s.round.saturating_add(1);
        s.n_towns = 0;
        s.n_done = 0;
        s.picking = None;
        let pl = g.placed[idx];
        for seg in 0..g.segments_of(idx) {
            let root = g.root_of(pl.node_base + u16::from(seg));
            let s = &g.ext.castles;
            if usize::from(s.n_towns) == MAX_TOWNS
                || s.towns[..s.n_towns as usize].iter().any(|t| t.root == root)
                || !is_town(g, root)
            {
                continue;
            }
            let deciders = occupiers(g, root);
            let asked = deciders & with_tokens(g);
            if asked == 0 {
                continue;
            }
            let s = &mut g.ext.castles;
            let t = s.n_towns;
            s.towns[t as usize] = Town {
                root,
                deciders,
                asked,
                converted: 0,
                castle: None,
            };
            s.n_towns += 1;
            for p in 0..g.players() {
                if asked & (1 << p) != 0 {
                    g.ask(Ask {
                        mech: Mech::Castles,
                        player: p,
                        decision: ASK_BUILD,
                        data: u16::from(t),
                    });
                }
            }
        }
    }

    /// The structures this tile completed, and the castles they score.
    fn scoring(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
        let s = &g.ext.castles;
        if !(0..s.n as usize).any(|c| waiting(g, c)) {
            return;
        }
        let mut found = [0u16; MAX_DONE];
        let mut n = 0;
        g.completed_by(idx, &mut |r| {
            if n < MAX_DONE && !found[..n].contains(&r) {
                found[n] = r;
                n += 1;
            }
        });
        for &r in &found[..n] {
            let points = scoring::value(g, r, Reason::Completed);
            push_done(
                g,
                Done {
                    node: r,
                    points: u16::try_from(points).unwrap_or(u16::MAX),
                    castle: None,
                },
            );
        }
        resolve(g, events);
    }

    /// A farm counts each castle it borders as a city worth a point more
    /// (L2517); the King does not count castles (fn 37 L2180).
    fn city_places(g: &Game, farm: Option<u16>, place: &mut dyn FnMut(u16, u32)) {
        let Some(farm) = farm else { return };
        let s = &g.ext.castles;
        for (k, c) in s.castles[..s.n as usize].iter().enumerate() {
            if g.is_withdrawn(g.root_of(c.nodes[0])) && borders(g, c, farm) {
                place(k as u16, 1);
            }
        }
    }

    /// Castles that have not scored score nothing; their followers leave
    /// (L2511).
    fn game_end(g: &mut Game, _events: &mut Vec<ScoreEvent>) {
        while let Some(i) = g.held.iter().position(|h| h.by == Mech::Castles) {
            g.release(i);
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else { return };
        match ask.decision {
            ASK_BUILD => {
                if !out.put(Action::Pass) {
                    return;
                }
                if may_build(g, ask).is_ok() {
                    out.put(build());
                }
            }
            ASK_PICK => {
                let c = ask.data as usize;
                for d in candidates(g, c) {
                    let n = g.features.nodes[d.node as usize];
                    if !out.put(pick(ask.player, n.placed, n.segment)) {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        let At::Ask(ask) = at else {
            return Err(MoveError::Waiting("the castles' decisions"));
        };
        match (ask.decision, a) {
            (ASK_BUILD, Action::Pass) => {}
            (ASK_BUILD, a) if a == build() => {
                may_build(g, ask).map_err(|why| MoveError::rule(Mech::Castles, why))?;
                convert(g, ask, events);
            }
            (ASK_BUILD, _) => return Err(MoveError::rule(Mech::Castles, BUILD_OR_PASS)),
            (ASK_PICK, a) => {
                if !super::listed(g, a, |c| Self::answers(g, at, c)) {
                    return Err(MoveError::rule(Mech::Castles, NOT_IN_FIEF));
                }
                let Arg::Spot(s) = a.arg() else {
                    return Err(MoveError::rule(Mech::Castles, NOT_IN_FIEF));
                };
                let node = g.node_of(s.placed as usize, s.segment);
                let c = ask.data as usize;
                let Some(d) = candidates(g, c).find(|d| d.node == node) else {
                    return Err(MoveError::rule(Mech::Castles, NOT_IN_FIEF));
                };
                g.ext.castles.picking = None;
                score_castle(g, c, d.points, events);
                resolve(g, events);
                return Ok(());
            }
            _ => return Err(MoveError::Waiting("the castles' decisions")),
        }
        answered(g, ask, events);
        Ok(())
    }

    fn moves_suffice(_rules: &crate::tables::Ruleset) -> bool {
        false
    }

    /// A castle waiting for its fief is worth, to the bots, the least that
    /// a structure open on its fief would pay completed now (the first to
    /// complete is what it scores, L2507).
    fn outlook(g: &Game, player: u8) -> u32 {
        let s = &g.ext.castles;
        let mut points = 0;
        for c in 0..s.n as usize {
            if s.castles[c].scored || !g.held.iter().any(|h| is_in(h, c) && h.player == player) {
                continue;
            }
            let mut least: Option<u32> = None;
            for (x, y) in fief(g, &s.castles[c]) {
                let Some(k) = g.board.placed_at(x, y) else {
                    continue;
                };
                for seg in 0..g.segments_of(k) {
                    let r = g.root_of(g.node_of(k, seg));
                    let kind = g.kind_of(r);
                    let v = if kind.around() && g.is_open(r) {
                        9
                    } else if matches!(kind, Kind::City | Kind::Road) && g.is_open(r) {
                        scoring::value(g, r, Reason::Completed)
                    } else {
                        continue;
                    };
                    least = Some(least.map_or(v, |l| l.min(v)));
                }
            }
            points += least.unwrap_or(0);
        }
        points
    }

    /// Each castle beside the segment of its first tile, a line on it, and
    /// what each player has left and in castles.
    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.castles;
        for (k, c) in s.castles[..s.n as usize].iter().enumerate() {
            let n = g.features.nodes[c.nodes[0] as usize];
            let q = g.placed[n.placed as usize];
            out.neutral.push(Neutral {
                def: Self::NEUTRALS[0],
                x: q.x,
                y: q.y,
                beside: Some(Spot {
                    placed: n.placed,
                    segment: n.segment,
                    kind: FollowerKind::Normal,
                    player: 0,
                }),
                label: None,
                // The follower in the castle stands on it until its fief scores.
                top: g.held.iter().find(|h| is_in(h, k)).map(|h| Figure {
                    player: h.player,
                    kind: h.kind,
                }),
                section: None,
            });
            let [(ax, ay), (bx, by)] = tiles_of(g, c);
            let status = if c.scored {
                format!("scored {}", c.points)
            } else {
                let who: Vec<String> = g
                    .held
                    .iter()
                    .filter(|h| is_in(h, k))
                    .map(|h| format!("P{}'s {}", h.player, h.kind.def().label))
                    .collect();
                if who.is_empty() {
                    "not scored".to_string()
                } else {
                    format!("{} waiting", who.join(", "))
                }
            };
            out.notes
                .push(format!("castle at ({ax}, {ay})-({bx}, {by}): {status}"));
        }
        for p in 0..g.players() {
            let inside = g
                .held
                .iter()
                .filter(|h| h.by == Mech::Castles && h.player == p)
                .count();
            let mut text = format!("castles {}", s.tokens[p as usize]);
            if inside > 0 {
                text.push_str(&format!(" · {inside} in castles"));
            }
            out.holdings.push(Holding {
                player: p,
                key: "castles",
                text,
            });
            out.tallies.push(Tally {
                player: p,
                key: "castles-built",
                count: s.castles[..s.n as usize]
                    .iter()
                    .filter(|c| c.tokens & (1 << p) != 0)
                    .count() as u32,
            });
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.castles;
        let castles: Vec<Value> = s.castles[..s.n as usize]
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let [(ax, ay), (bx, by)] = tiles_of(g, c);
                let inside: Vec<Value> = g
                    .held
                    .iter()
                    .filter(|h| is_in(h, k))
                    .map(|h| json!({ "player": h.player, "kind": h.kind.name() }))
                    .collect();
                let owners: Vec<u8> = (0..g.players())
                    .filter(|p| c.tokens & (1 << p) != 0)
                    .collect();
                json!({
                    "tiles": [[ax, ay], [bx, by]],
                    "owners": owners,
                    "occupants": inside,
                    "scored": c.scored.then_some(c.points),
                })
            })
            .collect();
        out.insert("castles".into(), Value::Array(castles));
        out.insert(
            "castle_tokens".into(),
            json!(&s.tokens[..g.players() as usize]),
        );
    }
}

const BUILD_OR_PASS: &str =
    "the occupier turns the completed town into a castle (`castle`) or scores it (`pass`) (L2489)";
const NO_TOKEN: &str = "the player has no castle token left (L2394-L2397)";
const NOT_THERE: &str = "the player has no follower with the most strength on that town (L2489)";
const NOT_IN_FIEF: &str = "a castle scores one structure completed in this scoring round with a segment on one of its six fief tiles, or a castle there that scored in it (L2491, L2500-L2510)";

/// Whether held figure `h` is in castle `c`.
fn is_in(h: &crate::engine::game::Held, c: usize) -> bool {
    h.by == Mech::Castles && usize::from(h.data) == c
}

/// Whether the feature rooted at `root` is a completed town that may
/// become a castle: two semicircular city segments, each of one side
/// (L2489), none marked `no-castle` unless the option takes any city ends
/// (fn 20 L2587, fn 21 L2612).
fn is_town(g: &Game, root: u16) -> bool {
    let n = g.features.nodes[root as usize];
    if n.kind != Kind::City || n.open != 0 {
        return false;
    }
    let any_end = g.rules.options.get(CASTLE_TOWNS) == 1;
    let mut members = 0;
    for seg in g.member_segments(root) {
        members += 1;
        if members > 2 || seg.sides != 1 || (!any_end && seg.flags & (1 << attr::NO_CASTLE) != 0) {
            return false;
        }
    }
    members == 2
}

/// The players who decide about the town rooted at `root` (bit each): those
/// with the most strength there (fn 23 L2614-L2618), or, where that is 0
/// (mayors in a town without pennants), those with a follower there.
fn occupiers(g: &Game, root: u16) -> u8 {
    let pennants = g.features.nodes[root as usize].pennants;
    let mut strength = [0u32; MAX_PLAYERS];
    let mut any = 0u8;
    for f in g.followers() {
        // A follower sent from the City for the scoring has no say (fn 23
        // L2620).
        if f.kind.is_follower() && !f.to_score && g.root_of(f.node) == root {
            strength[f.player as usize] += f.kind.strength(pennants);
            any |= 1 << f.player;
        }
    }
    let best = strength.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return any;
    }
    (0..g.players())
        .filter(|&p| strength[p as usize] == best)
        .fold(0, |m, p| m | 1 << p)
}

/// The players with a castle token left (bit each).
fn with_tokens(g: &Game) -> u8 {
    (0..g.players())
        .filter(|&p| g.ext.castles.tokens[p as usize] > 0)
        .fold(0, |m, p| m | 1 << p)
}

/// Whether `ask.player` may turn the town of `ask` into a castle now.
fn may_build(g: &Game, ask: Ask) -> Result<(), &'static str> {
    let s = &g.ext.castles;
    let town = s
        .towns
        .get(ask.data as usize)
        .filter(|_| ask.data < u16::from(s.n_towns))
        .ok_or(NOT_THERE)?;
    if s.tokens[ask.player as usize] == 0 {
        return Err(NO_TOKEN);
    }
    if town.asked & (1 << ask.player) == 0 || !g.has_follower_on(ask.player, town.root) {
        return Err(NOT_THERE);
    }
    if town.castle.is_none() && usize::from(s.n) >= MAX_CASTLES {
        return Err(NO_TOKEN);
    }
    Ok(())
}

/// `ask.player` puts a token on the town of `ask`, and their followers
/// there go into the castle (L2489).
fn convert(g: &mut Game, ask: Ask, events: &mut Vec<ScoreEvent>) {
    let p = ask.player;
    let t = ask.data as usize;
    let town = g.ext.castles.towns[t];
    let c = match town.castle {
        Some(c) => c,
        None => {
            let mut nodes = [town.root; 2];
            if let Some(other) = g.features.members(town.root).find(|&m| m != town.root) {
                nodes[1] = other;
            }
            let s = &mut g.ext.castles;
            let c = s.n;
            s.castles[c as usize] = Castle {
                nodes,
                round: s.round,
                ..Castle::default()
            };
            s.n += 1;
            s.towns[t].castle = Some(c);
            c
        }
    };
    let s = &mut g.ext.castles;
    s.tokens[p as usize] -= 1;
    s.castles[c as usize].tokens |= 1 << p;
    s.towns[t].converted |= 1 << p;
    while let Some(i) = g.followers.iter().position(|f| {
        f.player == p && f.kind.is_follower() && !f.to_score && g.root_of(f.node) == town.root
    }) {
        let f = g.remove(i, Why::By(Mech::Castles), events);
        g.hold(p, f.kind, Mech::Castles, u16::from(c));
    }
}

/// `ask.player` has answered about their town. Once all have, a town that
/// became a castle scores only where one of those with the most strength
/// there chose to score it (fn 23 L2616-L2618); otherwise the followers
/// left on it (sent from the City of Carcassonne for the scoring, fn 23
/// L2620) go home unscored, and the town is withdrawn (L2489).
fn answered(g: &mut Game, ask: Ask, events: &mut Vec<ScoreEvent>) {
    let t = ask.data as usize;
    let s = &mut g.ext.castles;
    let Some(town) = s.towns.get_mut(t) else {
        return;
    };
    town.asked &= !(1 << ask.player);
    let town = *town;
    if town.asked != 0 || town.castle.is_none() {
        return;
    }
    if town.deciders & !town.converted == 0 {
        while let Some(i) = g
            .followers
            .iter()
            .position(|f| g.root_of(f.node) == town.root)
        {
            g.remove(i, Why::By(Mech::Castles), events);
        }
    }
    if g.features.nodes[town.root as usize].occupants == 0 {
        g.withdraw(town.root);
    }
}

/// The cells of castle `c`'s two tiles.
fn tiles_of(g: &Game, c: &Castle) -> [(i16, i16); 2] {
    c.nodes.map(|n| {
        let q = g.placed[g.features.nodes[n as usize].placed as usize];
        (q.x, q.y)
    })
}

/// The six fief tiles' cells of castle `c` (L2491): its two tiles and
/// the two beside them on either side across the line they make.
fn fief(g: &Game, c: &Castle) -> [(i32, i32); 6] {
    let [(ax, ay), (bx, by)] = tiles_of(g, c).map(|(x, y)| (i32::from(x), i32::from(y)));
    let (px, py) = if ax == bx { (1, 0) } else { (0, 1) };
    [
        (ax, ay),
        (bx, by),
        (ax - px, ay - py),
        (bx - px, by - py),
        (ax + px, ay + py),
        (bx + px, by + py),
    ]
}

fn in_fief(f: &[(i32, i32); 6], g: &Game, placed: u16) -> bool {
    let q = g.placed[placed as usize];
    f.contains(&(i32::from(q.x), i32::from(q.y)))
}

/// Whether castle `c` waits to score: not scored, built in an earlier
/// round (fn 28 L2629, fn 30 L2632), someone in it.
fn waiting(g: &Game, c: usize) -> bool {
    let s = &g.ext.castles;
    let castle = &s.castles[c];
    !castle.scored && castle.round < s.round && g.held.iter().any(|h| is_in(h, c))
}

fn push_done(g: &mut Game, d: Done) {
    let s = &mut g.ext.castles;
    if usize::from(s.n_done) < MAX_DONE {
        s.done[s.n_done as usize] = d;
        s.n_done += 1;
    }
}

/// The structures of this round castle `c` may score: those with a segment
/// on a fief tile (a cloister's own tile, L2506), and the castles that
/// scored with a tile there (L2510).
fn candidates(g: &Game, c: usize) -> impl Iterator<Item = Done> + '_ {
    let s = &g.ext.castles;
    let f = fief(g, &s.castles[c]);
    s.done[..s.n_done as usize]
        .iter()
        .copied()
        .filter(move |d| match d.castle {
            Some(o) => {
                usize::from(o) != c
                    && s.castles[o as usize]
                        .nodes
                        .iter()
                        .any(|&n| in_fief(&f, g, g.features.nodes[n as usize].placed))
            }
            None => g
                .features
                .members(d.node)
                .any(|m| in_fief(&f, g, g.features.nodes[m as usize].placed)),
        })
}

/// Scores the waiting castles this round's structures reach, asking an
/// occupier to pick where there are several; returns while one is asked.
fn resolve(g: &mut Game, events: &mut Vec<ScoreEvent>) {
    while g.ext.castles.picking.is_none() {
        let n = g.ext.castles.n as usize;
        let ready = |c: usize| waiting(g, c) && candidates(g, c).next().is_some();
        let neighbour = |c: usize, d: usize| {
            let s = &g.ext.castles;
            let f = fief(g, &s.castles[c]);
            s.castles[d]
                .nodes
                .iter()
                .any(|&x| in_fief(&f, g, g.features.nodes[x as usize].placed))
        };
        let mut first = None;
        let mut next = None;
        for c in (0..n).filter(|&c| ready(c)) {
            first.get_or_insert(c);
            // A neighbour that scores now is a structure for this one too.
            if !(0..n).any(|d| d != c && ready(d) && neighbour(c, d)) {
                next = Some(c);
                break;
            }
        }
        let Some(c) = next.or(first) else { return };
        let (one, more) = {
            let mut two = candidates(g, c);
            (two.next(), two.next().is_some())
        };
        let (Some(one), false) = (one, more) else {
            let player = g
                .held
                .iter()
                .find(|h| is_in(h, c))
                .map_or(g.to_move(), |h| h.player);
            g.ext.castles.picking = Some(c as u8);
            g.ask(Ask {
                mech: Mech::Castles,
                player,
                decision: ASK_PICK,
                data: c as u16,
            });
            return;
        };
        score_castle(g, c, one.points, events);
    }
}

/// Castle `c` scores `points` for its occupiers by their strength (no
/// pennants: a mayor's is 0, L2515), who go home; it counts as a completed
/// structure for its neighbours at the same points (L2510).
fn score_castle(g: &mut Game, c: usize, points: u16, events: &mut Vec<ScoreEvent>) {
    let mut strength = [0u32; MAX_PLAYERS];
    for h in g.held.iter().filter(|h| is_in(h, c)) {
        strength[h.player as usize] += h.kind.strength(0);
    }
    // No feature stands for the castle, so no hill breaks its ties.
    scoring::award(
        g,
        NO_NODE,
        &strength,
        u32::from(points),
        Kind::City,
        Reason::Castle,
        events,
        None,
    );
    let castle = &mut g.ext.castles.castles[c];
    castle.scored = true;
    castle.points = points;
    let node = castle.nodes[1];
    while let Some(i) = g.held.iter().position(|h| is_in(h, c)) {
        g.release(i);
    }
    push_done(
        g,
        Done {
            node,
            points,
            castle: Some(c as u8),
        },
    );
}

/// Whether castle `c`'s town borders the farm rooted at `farm`: a field of
/// one of its tiles touching its segment there.
fn borders(g: &Game, c: &Castle, farm: u16) -> bool {
    c.nodes.iter().any(|&node| {
        let n = g.features.nodes[node as usize];
        let k = n.placed as usize;
        (0..g.segments_of(k)).any(|s| {
            let f = g.node_of(k, s);
            let fnode = g.features.nodes[f as usize];
            fnode.kind == Kind::Field
                && fnode.borders & (1 << n.segment) != 0
                && g.root_of(f) == farm
        })
    })
}

/// A small grey keep with battlements and a dark gate.
const CASTLE_SVG: &str = concat!(
    r##"<g id="castle"><path d="M-9 8 V-3 H-9 V-8 H-6 V-5 H-3 V-8 H0 V-5 H3 V-8 H6 V-5 H9 V-8 V8 Z" fill="#b8b2a6" stroke="#222" stroke-width="1" stroke-linejoin="round"/>"##,
    r##"<path d="M-2.5 8 V2.5 A2.5 2.5 0 0 1 2.5 2.5 V8 Z" fill="#333"/></g>"##
);
