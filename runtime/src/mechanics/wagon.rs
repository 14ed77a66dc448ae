//! The wagon (Abbey & Mayor, 000_9deb58b1a7d17d38.txt L1648-L1747, fn 29-38
//! L1862-L1872): one per player, deployed instead of a follower on a road,
//! city or cloister of the new tile that holds no follower, never on a field
//! (L1662, fn 29 L1862); it counts as a follower of strength 1 (L1664).
//!
//! After a feature it stands on is completed and scored, its owner moves it
//! to a directly adjacent road, city or cloister (an abbey too, fn 34) that
//! is incomplete and unoccupied, onto any tile of it (fn 36 L1870), or takes
//! it back; with nowhere to go it goes back by itself (L1668, L1674). Deploy,
//! score and move can all happen in one turn (fn 38 L1872). Several wagons
//! are decided from the active player clockwise (L1674): each is a question
//! to its owner (`MOVE_WAGON`) that the skeleton poses in that order after
//! the scoring step, the wagon held meanwhile. Only completion moves a
//! wagon: at the end of the game, or sent home otherwise (the dragon, the
//! princess, a lost challenge), it returns like any follower.
//!
//! Adjacent (fn 31-35 L1864-L1869, examples L1680-L1746): what a segment of
//! the feature leads straight into on its own tile (`Segment::links`, from
//! the compiler: roads meeting at a crossing, a road and the city whose gate
//! it enters or the cloister it ends at, a cloister in a city), and across a
//! side that matches anything (the abbey): the abbey's cloister and the road
//! or city its side closes. Features across tiles are one feature already.
//! The rule of where the wagon stood does not matter (L1684, L1724).
//!
//! `wagon_move = "nearby"` plays the later rule instead (no seed; JCloisterZone
//! calls it C2): any incomplete, unoccupied road, city or cloister on the
//! wagon's tile or the eight around it, onto one of those tiles.

use super::{At, Hook, Mech, Mechanic, Sink, Why, WoodSpot};
use crate::engine::board::{DX, DY};
use crate::engine::game::{facing, Deployed, Game, NO_NODE};
use crate::engine::types::*;
use crate::tables::{option_index, Edge, Kind, TileType};

pub(crate) struct Wagon;

/// `wagon_move`: word 0 is `nearby`.
const WAGON_MOVE: usize = option_index("wagon_move");

/// The decision where a wagon goes.
pub const MOVE_WAGON: Decision = Decision::Module {
    mech: Mech::Wagon,
    code: 0,
};

/// `move-wagon`: the wagon onto segment `segment` of placed tile `placed`.
pub fn move_wagon(player: u8, placed: u16, segment: u8) -> Action {
    Action::Do(Verb {
        mech: Mech::Wagon,
        code: 0,
        arg: Arg::Spot(Spot {
            placed,
            segment,
            kind: FollowerKind::Wagon,
            player,
        }),
    })
}

impl Mechanic for Wagon {
    const HOOKS: &'static [Hook] = &[Hook::WoodOptions, Hook::OnRemoved];
    const FIGURES: &'static [FigureDef] = &[FigureDef {
        kind: FollowerKind::Wagon,
        name: "wagon",
        label: "wagon",
        supply: 1,
        // "A road, city, or cloister" (L1662), a shrine being placed and
        // scored like a cloister (L2068; a wagon stands on a challenged
        // one, fn 61 L2207): never a field (nor a garden, which only the
        // abbot may take, 001_46b8449c567a6f1a.txt L425).
        stands_on: kinds(&[Kind::Road, Kind::City, Kind::Cloister, Kind::Shrine]),
        svg: Some(WAGON_SVG),
        ..FollowerKind::NORMAL_DEF
    }];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "move-wagon",
        answers: Answers::Ask,
        arg: ArgKind::Target(Some(FollowerKind::Wagon)),
        field: "at",
        label: "moves the wagon",
    }];
    const DECISIONS: &'static [DecisionDef] = &[DecisionDef {
        key: "move-wagon",
        name: "move the wagon or take it back",
    }];
    type State = ();

    fn wood_options<S: Sink + ?Sized>(g: &Game, w: &WoodSpot, out: &mut S) {
        super::free_spots(g, w, FollowerKind::Wagon, out);
    }

    fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
        super::check_free_spot(g, w, d)
    }

    /// A wagon whose feature was completed and scored leaves the board, and
    /// its owner is asked where it goes (after the scoring step), unless
    /// it has nowhere to go: then it stays home (L1674).
    fn on_removed(g: &mut Game, f: Deployed, why: Why, _events: &mut Vec<ScoreEvent>) {
        if f.kind != FollowerKind::Wagon || why != Why::Scored(Reason::Completed) {
            return;
        }
        if destinations(g, f.node, |_, _| true) {
            g.hold(f.player, FollowerKind::Wagon, Mech::Wagon, f.node);
            g.ask(super::Ask {
                mech: Mech::Wagon,
                player: f.player,
                decision: 0,
                data: f.node,
            });
        }
    }

    /// Take it back, or any destination (every segment of every tile of
    /// each feature it may go to). With no destination left when it is
    /// asked (an earlier wagon took the one there was), taking it back is
    /// the only answer, and the game gives it without asking.
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else { return };
        if !out.put(Action::Pass) {
            return;
        }
        destinations(g, ask.data, |placed, segment| {
            !out.put(move_wagon(ask.player, placed, segment))
        });
    }

    /// Carry out the owner's answer (checked; nothing changes on error).
    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        let At::Ask(ask) = at else {
            return Err(MoveError::Waiting("the wagon moves after scoring"));
        };
        let Some(held) = g
            .held()
            .iter()
            .position(|h| h.by == Mech::Wagon && h.player == ask.player && h.data == ask.data)
        else {
            return Err(MoveError::Waiting(MOVE_WAGON.name()));
        };
        match a {
            Action::Pass => {
                g.release(held);
                Ok(())
            }
            Action::Do(Verb {
                mech: Mech::Wagon,
                arg: Arg::Spot(s),
                ..
            }) if s.kind == FollowerKind::Wagon => {
                let (placed, segment) = (s.placed, s.segment);
                if !destinations(g, ask.data, |q, seg| q == placed && seg == segment) {
                    return Err(MoveError::rule(Mech::Wagon, CANNOT_GO));
                }
                g.release(held);
                let node = g.node_of(placed as usize, segment);
                g.put_figure(ask.player, FollowerKind::Wagon, node);
                Ok(())
            }
            _ => Err(MoveError::Waiting(MOVE_WAGON.name())),
        }
    }

    fn state_json(g: &Game, out: &mut serde_json::Map<String, serde_json::Value>) {
        let moving: Vec<u8> = (0..g.players())
            .map(|p| g.in_transit(p, FollowerKind::Wagon))
            .collect();
        out.insert("wagons_in_transit".into(), serde_json::json!(moving));
    }
}

const CANNOT_GO: &str = "the wagon goes only onto an incomplete, unoccupied road, city or cloister next to the feature it left";

/// A two-wheeled cart seen from the side: the wagon, which moves on to a
/// neighbouring feature after its own scores.
const WAGON_SVG: &str = concat!(
    r##"<g id="wagon"><path d="M-10 -5.6 h17 l2.6 -3.4 h2 l-2.6 3.4 v7 h-19 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/>"##,
    r##"<path d="M-10 -2 h19" stroke="#111" stroke-width="0.8"/>"##,
    r##"<circle cx="-5.6" cy="4.4" r="3.6" fill="#7a4a1c" stroke="#111" stroke-width="1"/>"##,
    r##"<circle cx="4.8" cy="4.4" r="3.6" fill="#7a4a1c" stroke="#111" stroke-width="1"/>"##,
    r##"<circle cx="-5.6" cy="4.4" r="0.9" fill="#111"/><circle cx="4.8" cy="4.4" r="0.9" fill="#111"/></g>"##
);

/// Calls `each(placed, segment)` with every spot the wagon that stood on
/// `from` (a node of the feature just scored) may move to, until it returns
/// true; whether it did.
fn destinations(g: &Game, from: u16, mut each: impl FnMut(u16, u8) -> bool) -> bool {
    // Never onto a tile no figure may be put on (the dragon's).
    let mut each =
        move |placed: u16, segment: u8| !g.banned(placed as usize) && each(placed, segment);
    let from_root = g.root_of(from);
    if g.rules().options.get(WAGON_MOVE) == 0 {
        return nearby(g, from, from_root, each);
    }
    let mut seen: Vec<u16> = Vec::new();
    let mut found = |r: u16| {
        if r != from_root && !seen.contains(&r) && open_for_wagon(g, r) {
            seen.push(r);
        }
    };
    for m in g.features.members(from_root) {
        adjacent_roots(g, m, &mut found);
    }
    for r in seen {
        for m in g.features.members(r) {
            let n = g.features.nodes[m as usize];
            if each(n.placed, n.segment) {
                return true;
            }
        }
    }
    false
}

/// The roots of the features segment node `m` leads straight into: its
/// links on its tile, and across a side that matches anything (the abbey).
fn adjacent_roots(g: &Game, m: u16, found: &mut impl FnMut(u16)) {
    let n = g.features.nodes[m as usize];
    let q = g.placed[n.placed as usize];
    let tile = &g.rules().tiles[q.tile as usize];
    // A segment a module added (a bridge) leads only along its road.
    let Some(seg) = tile.segments.get(n.segment as usize) else {
        return;
    };
    let mut links = seg.links;
    while links != 0 {
        let j = links.trailing_zeros() as u8;
        links &= links - 1;
        found(g.root_of(q.node_base + j as u16));
    }
    for board_side in 0..4u8 {
        let Some(k) = g.board.placed_at(
            q.x as i32 + DX[board_side as usize],
            q.y as i32 + DY[board_side as usize],
        ) else {
            continue;
        };
        let nq = g.placed[k];
        let ntile = &g.rules().tiles[nq.tile as usize];
        let own_side = (board_side + 4 - q.rotation % 4) % 4;
        let their_side = (board_side + 6 - nq.rotation % 4) % 4;
        let mid = 3 * own_side + 1;
        if matches!(seg.kind, Kind::Road | Kind::City)
            && seg.ports & (1 << mid) != 0
            && ntile.edges[their_side as usize] == Edge::Any
        {
            // This road or city ends at an abbey: into the abbey (fn 34).
            for_cloisters(g, k, ntile, found);
        }
        if seg.kind == Kind::Cloister && tile.edges[own_side as usize] == Edge::Any {
            // From the abbey to the road or city its side closes (fn 34).
            let port = facing(3 * board_side + 1);
            let node = nq.port_node(port as usize);
            if node != NO_NODE && matches!(g.kind_of(node), Kind::Road | Kind::City) {
                found(g.root_of(node));
            }
        }
    }
}

fn for_cloisters(g: &Game, k: usize, tile: &TileType, found: &mut impl FnMut(u16)) {
    for (s, seg) in tile.segments.iter().enumerate() {
        if seg.kind == Kind::Cloister {
            found(g.root_of(g.node_of(k, s as u8)));
        }
    }
}

/// Whether a wagon may go into the feature rooted at `r`: a road, city or
/// cloister that is incomplete and unoccupied (L1674).
fn open_for_wagon(g: &Game, r: u16) -> bool {
    let n = g.features.nodes[r as usize];
    if n.occupants > 0 {
        return false;
    }
    match n.kind {
        Kind::Road | Kind::City => n.open > 0,
        Kind::Cloister | Kind::Shrine => {
            let p = g.placed[n.placed as usize];
            g.board.neighbours8(p.x as i32, p.y as i32) < 8
        }
        _ => false,
    }
}

/// `wagon_move = "nearby"`: the segments of the wagon's tile and the eight
/// around it whose features it may go into.
fn nearby(g: &Game, from: u16, from_root: u16, mut each: impl FnMut(u16, u8) -> bool) -> bool {
    let at = g.placed[g.features.nodes[from as usize].placed as usize];
    for dy in -1..=1 {
        for dx in -1..=1 {
            let Some(k) = g.board.placed_at(at.x as i32 + dx, at.y as i32 + dy) else {
                continue;
            };
            for s in 0..g.segments_of(k) {
                let r = g.root_of(g.node_of(k, s));
                if r != from_root && open_for_wagon(g, r) && each(k as u16, s) {
                    return true;
                }
            }
        }
    }
    false
}
