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
//! to its owner (`Decision::MoveWagon`) that the skeleton poses in that order
//! after the scoring step. Only completion moves a wagon: at the end of the
//! game, or scored otherwise, it returns like any follower.
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

use super::{Ask, WoodSpot};
use crate::engine::board::{DX, DY};
use crate::engine::game::{facing, Deployed, Game, NO_NODE};
use crate::engine::types::*;
use crate::tables::{Edge, Kind, Mech, TileType};

pub(crate) const SETUP: (FollowerKind, u8) = (FollowerKind::Wagon, 1);

/// "A road, city, or cloister" (L1662), a shrine being placed and scored
/// like a cloister (L2068; a wagon stands on a challenged one, fn 61
/// L2207): never a field (nor a garden, which only the abbot may take,
/// 001_46b8449c567a6f1a.txt L425).
#[inline]
fn may_stand(k: Kind) -> bool {
    matches!(k, Kind::Road | Kind::City | Kind::Cloister | Kind::Shrine)
}

pub(crate) fn options(g: &Game, w: &WoodSpot, out: &mut impl super::Deploys) {
    if g.figures(w.player, FollowerKind::Wagon) == 0 {
        return;
    }
    for (s, seg) in w.tile.segments.iter().enumerate() {
        if may_stand(seg.kind) && w.occupied & (1 << s) == 0 {
            out.put(Deploy {
                segment: s as u8,
                kind: FollowerKind::Wagon,
            });
        }
    }
}

pub(crate) fn check(_g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
    let kind = w.tile.segments[d.segment as usize].kind;
    if !may_stand(kind) {
        return Err(MoveError::WrongFeature {
            figure: "wagon",
            feature: kind.name(),
        });
    }
    if w.occupied & (1 << d.segment) != 0 {
        return Err(MoveError::Occupied);
    }
    Ok(())
}

/// Feature `root` was completed and scored: each wagon on it leaves the
/// board before the skeleton returns the feature's figures, and its owner is
/// asked where it goes, unless it has nowhere to go (then it goes home).
/// Kept out of line: scoring is on every ruleset's hot path.
#[inline(never)]
pub(crate) fn on_scored(g: &mut Game, root: u16, reason: Reason) {
    if reason != Reason::Completed {
        return;
    }
    let mut i = 0;
    while i < g.followers.len() {
        let f = g.followers[i];
        if f.kind != FollowerKind::Wagon || g.root_of(f.node) != root {
            i += 1;
            continue;
        }
        g.followers.remove(i);
        if destinations(g, f.node, |_, _| true) {
            g.ask(Ask {
                mech: Mech::Wagon,
                player: f.player,
                decision: Decision::MoveWagon,
                data: f.node,
            });
        } else {
            // "If none of the neighboring features are incomplete and
            // unoccupied, the player must return the wagon" (L1674).
            g.supply[f.player as usize][FollowerKind::Wagon as usize] += 1;
        }
    }
}

/// The answers to a wagon's question: take it back, or any destination
/// (every segment of every tile of each feature it may go to).
pub(crate) fn ask_actions(g: &Game, ask: Ask, out: &mut Vec<Action>) {
    out.push(Action::Pass);
    destinations(g, ask.data, |placed, segment| {
        out.push(Action::MoveWagon { placed, segment });
        false
    });
}

/// Carry out the owner's answer (checked; nothing changes on error).
pub(crate) fn answer(g: &mut Game, ask: Ask, a: Action) -> Result<(), MoveError> {
    match a {
        Action::Pass => {
            g.supply[ask.player as usize][FollowerKind::Wagon as usize] += 1;
            Ok(())
        }
        Action::MoveWagon { placed, segment } => {
            if !destinations(g, ask.data, |q, s| q == placed && s == segment) {
                return Err(MoveError::WagonCannotGo { placed, segment });
            }
            let node = g.node_of(placed as usize, segment);
            let root = g.features.find(node);
            g.features.nodes[root as usize].occupants += 1;
            g.followers.push(Deployed {
                player: ask.player,
                node,
                kind: FollowerKind::Wagon,
                around: g.kind_of(node).around(),
            });
            Ok(())
        }
        _ => Err(MoveError::Waiting(ask.decision.name())),
    }
}

/// Wagons of `player` that left their feature and wait for their owner's
/// answer (neither on the board nor in the supply meanwhile).
pub(crate) fn in_transit(g: &Game, player: u8) -> u8 {
    g.asks
        .iter()
        .filter(|a| a.mech == Mech::Wagon && a.player == player)
        .count() as u8
}

/// Calls `each(placed, segment)` with every spot the wagon that stood on
/// `from` (a node of the feature just scored) may move to, until it returns
/// true; whether it did.
pub(crate) fn destinations(g: &Game, from: u16, mut each: impl FnMut(u16, u8) -> bool) -> bool {
    let from_root = g.root_of(from);
    if g.rules().options.wagon_nearby {
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
    let seg = &tile.segments[n.segment as usize];
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
