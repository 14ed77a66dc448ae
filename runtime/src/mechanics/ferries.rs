//! The Ferries (004_e9353f116722cd5d.txt L72-L91, rules_digest.md E.3;
//! docs/rules/ferries.md says what plays and where each point comes from).
//!
//! - A lake tile (`+ferry`) ends each of its 3 or 4 roads at the lake
//!   (`+ends=house`). After the figure step of a lake tile its player must
//!   put a ferry on the lake joining 2 of its road ends (L83, L87-L89): a
//!   decision among the pairs of road ends, named by the board sides the
//!   roads leave the tile by (`N-S`). Joined ends make one road; an unjoined
//!   end closes its road there (L83). The join is a union of the two road
//!   nodes, and the module lists it (`Hook::Links`) so that a rebuild of
//!   the features keeps it.
//! - Then, for the roads the tile extends, the player may move ferries on
//!   other lakes (L83, L90): the nearest ferry of each road, measured
//!   along the road: walking the road from the tile, in each direction it
//!   leaves the tile, the first ferry met (`nearest`; docs/rules/ferries.md
//!   cites the published wording). Each such ferry is a decision: another
//!   pair of its lake's road ends, or `pass` (L83: it need not move; it
//!   always joins 2 ends; it may stop joining the road just extended). A
//!   ferry moves at most once a turn (L83). The ferries that may move are
//!   found after the new lake's ferry is down, and again after each move
//!   (it changes the roads), one at a time.
//! - A move may split a road: the union-find cannot split, so the lake's
//!   roads are built afresh (`Game::rebuild_features`) from their tiles'
//!   sides and the ferries' joins. Followers stay on their segment's new
//!   road (expansion_turns.md open point 9).
//! - A road a move completes scores in the turn's scoring step (L91), with
//!   the tile's own (`Mechanic::closed`).
//! - The steps come after the figure step and before scoring
//!   (`Hook::AfterWood`; expansion_turns.md: after a tower's capture and
//!   the flier, before the dragon).

use serde_json::{json, Map, Value};
use smallvec::SmallVec;

use super::{Ask, At, Hook, Mech, Mechanic, NeutralDef, Shown, Sink, Tally, TileMark, Why};
use crate::engine::game::{facing, Game};
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::Kind;

pub(crate) struct Ferries;

/// The most lakes a game keeps (the set has 8 lake tiles, L79).
pub const MAX_LAKES: usize = 16;

/// The pairs of board sides a ferry may join, as the verbs' words.
pub const PAIR_WORDS: [&str; 6] = ["N-E", "N-S", "N-W", "E-S", "E-W", "S-W"];
/// Each pair's two board sides (0-3 = N, E, S, W).
pub const PAIRS: [(u8, u8); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// Verb codes.
const V_PLACE: u8 = 0;
const V_MOVE: u8 = 1;

/// Decision codes.
const ASK_PLACE: u8 = 0;
const ASK_MOVE: u8 = 1;

/// `ferry`: the new lake's ferry joins the road ends of pair `k`.
pub const fn place(k: u8) -> Action {
    Action::of(Mech::Ferries, V_PLACE, Arg::Word(k))
}

/// `ferry-move`: the ferry asked about moves to the road ends of pair `k`.
pub const fn move_to(k: u8) -> Action {
    Action::of(Mech::Ferries, V_MOVE, Arg::Word(k))
}

/// A lake with its ferry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lake {
    /// The lake tile, an index into `Game::placed`.
    pub placed: u16,
    /// The pair of board sides its ferry joins (`PAIRS` index).
    pub pair: u8,
    /// `Game::turn() + 1` of the turn its ferry last moved; 0 if never.
    pub moved_on: u32,
}

/// The ferries' state in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// The lakes with a ferry, in the order they were placed.
    pub lakes: [Lake; MAX_LAKES],
    pub n_lakes: u8,
    /// Bit `l`: the ferry of `lakes[l]` was asked about in this part.
    pub asked: u16,
    /// The lakes whose ferries moved in this part (`lakes` indices): their
    /// roads may have closed (`closed`).
    pub moved: [u8; MAX_LAKES],
    pub n_moved: u8,
    /// `idx + 1` of the tile whose part `moved` belongs to.
    pub part_of: u16,
    /// Each player's ferry moves.
    pub moves: [u16; MAX_PLAYERS],
}

impl Mechanic for Ferries {
    const HOOKS: &'static [Hook] = &[Hook::Setup, Hook::AfterWood, Hook::Links];
    // A tower's capture and the flier come first (expansion_turns.md,
    // after_wood).
    const AFTER: &'static [Mech] = &[Mech::Tower, Mech::Flier];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "ferry",
            answers: Answers::Ask,
            arg: ArgKind::Word(&PAIR_WORDS),
            field: "joins",
            label: "puts the new lake's ferry joining the road ends",
        },
        VerbDef {
            name: "ferry-move",
            answers: Answers::Ask,
            arg: ArgKind::Word(&PAIR_WORDS),
            field: "joins",
            label: "moves the ferry to join the road ends",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "ferry",
            name: "which two road ends of the new lake its ferry joins",
        },
        DecisionDef {
            key: "ferry-move",
            name: "the nearest ferry of a road the tile extended: which two road ends of its lake it joins now (or pass)",
        },
    ];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.ferries = State::default();
    }

    fn after_wood(g: &mut Game, idx: usize, _events: &mut Vec<ScoreEvent>) {
        let s = &mut g.ext.ferries;
        s.asked = 0;
        s.n_moved = 0;
        s.part_of = idx as u16 + 1;
        if is_lake(g, idx) && lake_of(g, idx).is_none() {
            // L87-L89: the new lake's ferry first.
            g.ask(Ask {
                mech: Mech::Ferries,
                player: g.to_move(),
                decision: ASK_PLACE,
                data: idx as u16,
            });
        } else {
            ask_next(g);
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else { return };
        match ask.decision {
            ASK_PLACE => {
                for k in pairs(g, ask.data as usize) {
                    if !out.put(place(k)) {
                        return;
                    }
                }
            }
            ASK_MOVE => {
                let Some(lake) = g.ext.ferries.lakes.get(ask.data as usize) else {
                    return;
                };
                if !out.put(Action::Pass) {
                    return;
                }
                for k in pairs(g, lake.placed as usize) {
                    if k != lake.pair && !out.put(move_to(k)) {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(Mech::Ferries, why_not(at)));
        }
        let At::Ask(ask) = at else {
            return Err(MoveError::rule(Mech::Ferries, why_not(at)));
        };
        if a == Action::Pass {
            ask_next(g);
            return Ok(());
        }
        match (ask.decision, a.arg()) {
            (ASK_PLACE, Arg::Word(k)) => {
                let idx = ask.data as usize;
                let s = &mut g.ext.ferries;
                if usize::from(s.n_lakes) >= MAX_LAKES {
                    return Err(MoveError::rule(Mech::Ferries, "no ferry left"));
                }
                s.lakes[usize::from(s.n_lakes)] = Lake {
                    placed: ask.data,
                    pair: k,
                    moved_on: 0,
                };
                s.n_lakes += 1;
                let (a, b) = ends(g, idx, k);
                g.features.union(a, b);
                ask_next(g);
            }
            (ASK_MOVE, Arg::Word(k)) => {
                let l = ask.data as usize;
                let turn = g.turn() + 1;
                let lake = &mut g.ext.ferries.lakes[l];
                lake.pair = k;
                lake.moved_on = turn;
                let placed = lake.placed as usize;
                let p = usize::from(g.to_move());
                if let Some(m) = g.ext.ferries.moves.get_mut(p) {
                    *m = m.saturating_add(1);
                }
                let s = &mut g.ext.ferries;
                if usize::from(s.n_moved) < MAX_LAKES {
                    s.moved[usize::from(s.n_moved)] = l as u8;
                    s.n_moved += 1;
                }
                let roads: Vec<u16> = road_ends(g, placed).map(|(_, n)| n).collect();
                g.rebuild_features(&roads);
                send_alone_home(g, &roads, events);
                ask_next(g);
            }
            _ => return Err(MoveError::rule(Mech::Ferries, why_not(at))),
        }
        Ok(())
    }

    fn links(g: &Game, join: &mut dyn FnMut(u16, u16)) {
        let s = &g.ext.ferries;
        for lake in &s.lakes[..usize::from(s.n_lakes)] {
            let (a, b) = ends(g, lake.placed as usize, lake.pair);
            join(a, b);
        }
    }

    fn closed(g: &Game, idx: usize, found: &mut dyn FnMut(u16)) {
        let s = &g.ext.ferries;
        if usize::from(s.part_of) != idx + 1 {
            return;
        }
        for &l in &s.moved[..usize::from(s.n_moved)] {
            for (_, n) in road_ends(g, s.lakes[usize::from(l)].placed as usize) {
                found(n);
            }
        }
    }

    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.ferries;
        for lake in &s.lakes[..usize::from(s.n_lakes)] {
            out.marks.push(TileMark {
                def: FERRY_MARKS[usize::from(lake.pair) % 6],
                placed: lake.placed,
            });
        }
        for p in 0..g.players() {
            out.tallies.push(Tally {
                player: p,
                key: "ferry-moves",
                count: u32::from(s.moves[p as usize]),
            });
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.ferries;
        let lakes: Vec<Value> = s.lakes[..usize::from(s.n_lakes)]
            .iter()
            .map(|l| {
                let q = g.placed()[l.placed as usize];
                json!({
                    "x": q.x,
                    "y": q.y,
                    "joins": PAIR_WORDS[usize::from(l.pair) % 6],
                })
            })
            .collect();
        out.insert("ferries".into(), json!(lakes));
        out.insert(
            "ferry_moves".into(),
            json!(&s.moves[..g.players() as usize]),
        );
    }
}

/// Why an answer at `at` is refused.
fn why_not(at: At) -> &'static str {
    match at {
        At::Ask(a) if a.decision == ASK_PLACE => {
            "the new lake's ferry joins two of its road ends (L83)"
        }
        At::Ask(_) => {
            "the ferry moves to join two other road ends of its lake, or stays (pass) (L83)"
        }
        _ => "the ferries answer only their own decisions",
    }
}

/// After a split of the roads of `ends`: a figure that stands only beside
/// its owner's follower (the builder, 000_9deb58b1a7d17d38.txt L888) goes
/// home if its part of the road has none of its owner's followers left
/// (JCloisterZone's `ChangeFerry` does the same).
fn send_alone_home(g: &mut Game, ends: &[u16], events: &mut Vec<ScoreEvent>) {
    let roots: Vec<u16> = ends.iter().map(|&n| g.root_of(n)).collect();
    while let Some(i) = g.followers.iter().position(|f| {
        let root = g.root_of(f.node);
        !f.kind.is_follower() && roots.contains(&root) && !g.has_follower_on(f.player, root)
    }) {
        g.remove(i, Why::Alone, events);
    }
}

/// Whether placed tile `idx` has a lake (`+ferry`).
fn is_lake(g: &Game, idx: usize) -> bool {
    let Some(q) = g.placed().get(idx) else {
        return false;
    };
    g.rules().tiles[q.tile as usize]
        .attrs
        .iter()
        .any(|a| a.id == attr::FERRY)
}

/// The lake (`lakes` index) on placed tile `idx`, if its ferry is down.
fn lake_of(g: &Game, idx: usize) -> Option<usize> {
    let s = &g.ext.ferries;
    s.lakes[..usize::from(s.n_lakes)]
        .iter()
        .position(|l| usize::from(l.placed) == idx)
}

/// The road ends of lake tile `idx`: each board side (0-3) a road of the
/// tile leaves it by, with the road's node.
fn road_ends(g: &Game, idx: usize) -> impl Iterator<Item = (u8, u16)> + '_ {
    (0..4u8).filter_map(move |side| {
        let n = g.node_at(idx, 3 * side + 1)?;
        (g.kind_of(n) == Kind::Road).then_some((side, n))
    })
}

/// The pairs (`PAIRS` indices) of lake tile `idx`'s road ends.
fn pairs(g: &Game, idx: usize) -> impl Iterator<Item = u8> + '_ {
    let mut sides = 0u8;
    if is_lake(g, idx) {
        for (side, _) in road_ends(g, idx) {
            sides |= 1 << side;
        }
    }
    (0..6u8).filter(move |&k| {
        let (a, b) = PAIRS[usize::from(k)];
        sides & (1 << a) != 0 && sides & (1 << b) != 0
    })
}

/// The nodes of the two road ends pair `k` of lake tile `idx` joins.
fn ends(g: &Game, idx: usize, k: u8) -> (u16, u16) {
    let (a, b) = PAIRS[usize::from(k) % 6];
    let node = |side: u8| g.placed()[idx].port_node(usize::from(3 * side + 1));
    (node(a), node(b))
}

/// Ask about the next ferry that may move now, if any: the nearest ferries
/// of the roads of the part's tile (and of its lake's ferry, once down),
/// found afresh after each move (a move changes the roads, as
/// JCloisterZone's `ChangeFerriesPhase` finds them again), less those
/// asked about in this part and those moved this turn (L83).
fn ask_next(g: &mut Game) {
    let s = &g.ext.ferries;
    let Some(idx) = usize::from(s.part_of).checked_sub(1) else {
        return;
    };
    let turn = g.turn() + 1;
    let free = |l: u8| s.asked & (1 << l) == 0 && s.lakes[usize::from(l)].moved_on != turn;
    // The walk along the roads only where some ferry may still move.
    if !(0..s.n_lakes).any(free) {
        return;
    }
    let Some(l) = nearest(g, idx, free) else {
        return;
    };
    g.ext.ferries.asked |= 1 << l;
    g.ask(Ask {
        mech: Mech::Ferries,
        player: g.to_move(),
        decision: ASK_MOVE,
        data: u16::from(l),
    });
}

/// The nearest ferry of the roads tile `idx` is part of that `wanted`
/// accepts (a `lakes` index): a walk along each road from the tile's road
/// segments, one tile side or one ferry at a time, that stops at the first
/// ferry it meets on another lake (the ferry on the tile itself, just
/// placed, carries the walk on). A road the tile joins in its middle is
/// walked both ways, so each direction has its first ferry (docs/rules/
/// ferries.md: "the first ferry … in each direction"). The ferries are met
/// nearest first, so the walk ends at the first one wanted: the caller
/// asks about one ferry at a time (`ask_next`), after every tile.
pub(crate) fn nearest(g: &Game, idx: usize, wanted: impl Fn(u8) -> bool) -> Option<u8> {
    let s = &g.ext.ferries;
    let lakes = &s.lakes[..usize::from(s.n_lakes)];
    let q = g.placed()[idx];
    // The nodes reached, in the order reached: the walk's queue too (the
    // ones from `head` on are still to walk from).
    let mut seen = Reached::new();
    for seg in 0..g.segments_of(idx) {
        let n = q.node_base + u16::from(seg);
        if g.kind_of(n) == Kind::Road {
            seen.push(n);
        }
    }
    let mut head = 0;
    while let Some(&n) = seen.get(head) {
        head += 1;
        let node = g.features.nodes[n as usize];
        let at = node.placed as usize;
        let p = g.placed()[at];
        let mut next: [u16; 5] = [u16::MAX; 5];
        for side in 0..4usize {
            let mid = 3 * side + 1;
            if p.ports[mid] != node.segment {
                continue;
            }
            // Across the side, to the road it meets.
            let (x, y) = (
                i32::from(p.x) + crate::engine::board::DX[side],
                i32::from(p.y) + crate::engine::board::DY[side],
            );
            if let Some(o) = g.board.placed_at(x, y) {
                if let Some(b) = g.node_at(o, facing(mid as u8)) {
                    if g.kind_of(b) == Kind::Road {
                        next[side] = b;
                    }
                }
            }
            // Over the lake, by its ferry.
            if let Some(l) = lakes.iter().position(|l| usize::from(l.placed) == at) {
                let (a, b) = PAIRS[usize::from(lakes[l].pair) % 6];
                let other = if usize::from(a) == side {
                    Some(b)
                } else if usize::from(b) == side {
                    Some(a)
                } else {
                    None
                };
                if let Some(o) = other {
                    if at == idx {
                        next[4] = p.port_node(usize::from(3 * o + 1));
                    } else if wanted(l as u8) {
                        return Some(l as u8);
                    }
                }
            }
        }
        for b in next {
            if b != u16::MAX && !seen.contains(&b) {
                seen.push(b);
            }
        }
    }
    None
}

/// The road nodes `nearest` reached: most walks reach a few dozen, kept on
/// the stack (the walk runs after every tile, and a list allocated per
/// walk cost more than the walk); a longer road goes on in a list.
type Reached = SmallVec<[u16; 64]>;

/// A lake with its ferry joining two board sides: a bar from one road end
/// to the other, drawn small as a tile mark.
macro_rules! ferry_def {
    ($name:literal, $d:literal) => {
        NeutralDef {
            name: $name,
            svg: concat!(
                r##"<g id=""##,
                $name,
                r##""><circle r="18" fill="#8fbfe0" stroke="#3b4a6b" stroke-width="1"/><path d=""##,
                $d,
                r##"" fill="none" stroke="#3b2a1a" stroke-width="7" stroke-linecap="round"/><path d=""##,
                $d,
                r##"" fill="none" stroke="#f4f1e6" stroke-width="4" stroke-linecap="round"/></g>"##
            ),
        }
    };
}

/// The ferry drawn for each pair (`PAIRS` order).
const FERRY_MARKS: [NeutralDef; 6] = [
    ferry_def!("ferry-N-E", "M0 -16 Q0 0 16 0"),
    ferry_def!("ferry-N-S", "M0 -16 L0 16"),
    ferry_def!("ferry-N-W", "M0 -16 Q0 0 -16 0"),
    ferry_def!("ferry-E-S", "M16 0 Q0 0 0 16"),
    ferry_def!("ferry-E-W", "M16 0 L-16 0"),
    ferry_def!("ferry-S-W", "M0 16 Q0 0 -16 0"),
];

#[cfg(test)]
mod tests {
    use crate::engine::game::Game;

    /// The features as `rebuild_features` builds every one of them afresh
    /// from the tiles' sides and the ferries' joins: each node's root and
    /// each root's tallies.
    fn afresh(g: &Game) -> Vec<(u16, i16, u16, u8, u8)> {
        let mut h = g.clone();
        // (A town turned into a castle is out of play: no rebuild.)
        let all: Vec<u16> = (0..h.features.nodes.len() as u16)
            .filter(|&n| !h.is_withdrawn(h.features.find(n)))
            .collect();
        h.rebuild_features(&all);
        tallies(&h)
    }

    fn tallies(g: &Game) -> Vec<(u16, i16, u16, u8, u8)> {
        (0..g.features.nodes.len() as u16)
            .map(|n| {
                let r = g.features.find(n);
                let t = g.features.nodes[r as usize];
                (r, t.open, t.pennants, t.occupants, t.marks)
            })
            .collect()
    }

    /// Seeded bot games of base_ferries (and of the ferries with inns and
    /// farms): after every action the features the game grew (joined tile
    /// by tile, split by ferry moves) are those a rebuild of all of them
    /// finds, roots and tallies alike.
    #[test]
    fn the_features_grown_and_split_match_a_rebuild_of_all() {
        let rules = crate::ruleset("base_ferries").unwrap();
        let mut moves = 0;
        for seed in 0..12u64 {
            let players = 2 + (seed % 3) as u8;
            let seats: Vec<&str> = (0..players)
                .map(|i| ["random", "greedy"][usize::from(i % 2)])
                .collect();
            crate::bots::play_recorded(rules, players, seed, &seats, |_, a, _, after| {
                moves += usize::from(a.name() == "ferry-move");
                assert_eq!(tallies(after), afresh(after), "seed {seed} after {a:?}");
            })
            .unwrap();
        }
        assert!(moves > 0, "some ferry moved");
    }

    /// The general mechanism among every 1st-edition set (`everything_c1`:
    /// abbeys closing what they meet, bridges added to placed tiles, inns'
    /// and cathedrals' marks, figures of every kind; castles' towns, out of
    /// play, left out): rebuilding every feature afresh gives the features
    /// the game grew, after every action of seeded bot games.
    #[test]
    fn a_rebuild_of_all_matches_the_grown_features_among_every_set() {
        let rules = crate::ruleset("everything_c1").unwrap();
        for seed in 0..4u64 {
            crate::bots::play_recorded(
                rules,
                3,
                seed,
                &["random", "greedy", "random"],
                |_, a, _, after| {
                    assert_eq!(tallies(after), afresh(after), "seed {seed} after {a:?}");
                },
            )
            .unwrap();
        }
    }
}
