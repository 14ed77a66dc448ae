//! Heretics & Shrines (000_9deb58b1a7d17d38.txt L2060-L2093, fn 42-62
//! L2188-L2208; 002_7f8d72b3eaff567f.txt L846-L864; the 2nd edition's
//! Cultists, 003_f0943165331a7fee.txt L172-L206).
//!
//! A shrine is a segment kind of its own (`Kind::Shrine`), placed and scored
//! like a cloister by the skeleton (L2068); a follower on it is a heretic
//! (L2072). This module adds the two rules that set shrines apart:
//!
//! - where they may lie: a shrine adjoins at most one cloister and a cloister
//!   at most one shrine (L2068, fn 43-44 L2189-L2190; 002_… L850-L851); an
//!   abbey is a cloister here (fn 45 L2191), so a `Kind::Cloister` segment of
//!   any tile counts;
//! - the challenge: a heretic and a monk within one tile of each other
//!   (diagonals too, L2072) race to complete; the first to complete scores
//!   9 as usual and the other's figures go home with nothing (L2084), unless
//!   one tile completed both, when both score (fn 55 L2201). Unresolved at the
//!   end, both score as incomplete cloisters (L2088): nothing to do here.
//!
//! The challenge is read off the board when a cloister or shrine completes:
//! who stands on which neighbour now. A figure can only join a cloister or
//! shrine on the tile just placed, so that is exactly the pair the rules
//! declare at deployment (L2072); and a monk or heretic taken off the board
//! before (the dragon, fn 60 L2206: "the challenge ends") is simply no longer
//! there to lose, which holds by construction.

use super::{Hook, Mech, Mechanic, Why};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::tables::{option_index, Kind, Ruleset, TileType};

pub(crate) struct Heretics;

const CHALLENGE_OWN_MONK: usize = option_index("challenge_own_monk");

impl Mechanic for Heretics {
    const HOOKS: &'static [Hook] = &[Hook::PlacementFilter, Hook::AfterPlace, Hook::OnScored];
    type State = Monastic;

    fn filters(g: &Game, t: &TileType) -> bool {
        filters(g, t)
    }

    fn filters_by_position(_rules: &Ruleset, _t: &TileType) -> bool {
        true
    }

    fn refusals_near(g: &Game, t: &TileType, cell: &mut dyn FnMut(i32, i32)) -> bool {
        refusals_near(g, t, cell)
    }

    fn check_placement(g: &Game, t: &TileType, p: Placement) -> Result<(), MoveError> {
        check(g, t, p)
    }

    fn after_place(g: &mut Game, idx: usize) {
        after_place(g, idx)
    }

    fn on_scored(g: &mut Game, root: u16, reason: Reason, events: &mut Vec<ScoreEvent>) {
        on_scored(g, root, reason, events)
    }
}

/// How many segments of `kind` tile `t` has.
#[inline]
fn count(t: &TileType, kind: Kind) -> u32 {
    t.segments.iter().filter(|s| s.kind == kind).count() as u32
}

/// Whether the placement rule looks at tile `t` now: it has a shrine, or a
/// cloister while a shrine is on the board (`check` passes a cloister
/// with no shrine anywhere; `mechanics::filters`: other tiles keep the
/// vectorised count).
#[inline]
fn filters(g: &Game, t: &TileType) -> bool {
    t.has_kind(Kind::Shrine) || (t.has_kind(Kind::Cloister) && g.ext.heretics.shrines.placed > 0)
}

/// The other kind of a challenge: a shrine's rival is a cloister and back.
fn rival(kind: Kind) -> Option<Kind> {
    match kind {
        Kind::Cloister => Some(Kind::Shrine),
        Kind::Shrine => Some(Kind::Cloister),
        _ => None,
    }
}

/// Where the shrines and the cloisters placed so far lie (`Ext::monastic`),
/// so that the placement rule, run for every candidate placement of a
/// cloister or shrine tile, looks at a few positions instead of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Monastic {
    shrines: Kept<8>,
    /// Room for every cloister of the largest shipped ruleset (everything_c1
    /// has 24, and 6 abbeys).
    cloisters: Kept<32>,
}

/// The positions of the first `N` segments of one kind placed (a tile with
/// two, twice) and how many were placed; past `N` the board is searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Kept<const N: usize> {
    at: [[i16; 2]; N],
    placed: u8,
}

impl<const N: usize> Default for Kept<N> {
    fn default() -> Self {
        Kept {
            at: [[0; 2]; N],
            placed: 0,
        }
    }
}

impl<const N: usize> Kept<N> {
    fn push(&mut self, x: i16, y: i16) {
        if (self.placed as usize) < N {
            self.at[self.placed as usize] = [x, y];
        }
        self.placed = self.placed.saturating_add(1);
    }

    /// The kept positions, or `None` once some were not kept.
    fn all(&self) -> Option<&[[i16; 2]]> {
        self.at.get(..self.placed as usize)
    }
}

impl Monastic {
    fn of(&self, kind: Kind) -> Option<&[[i16; 2]]> {
        match kind {
            Kind::Shrine => self.shrines.all(),
            _ => self.cloisters.all(),
        }
    }
}

/// Tile `idx` is down: its shrines and cloisters are remembered.
fn after_place(g: &mut Game, idx: usize) {
    let q = g.placed[idx];
    let t = &g.rules.tiles[q.tile as usize];
    if !t.has_kind(Kind::Shrine) && !t.has_kind(Kind::Cloister) {
        return;
    }
    for seg in t.segments {
        match seg.kind {
            Kind::Shrine => g.ext.heretics.shrines.push(q.x, q.y),
            Kind::Cloister => g.ext.heretics.cloisters.push(q.x, q.y),
            _ => {}
        }
    }
}

/// Calls `f` with the position of each segment of `kind` on the eight tiles
/// around (x, y) (a tile with two such segments, twice).
fn each_around(g: &Game, x: i32, y: i32, kind: Kind, mut f: impl FnMut(i32, i32)) {
    if let Some(kept) = g.ext.heretics.of(kind) {
        for &[qx, qy] in kept {
            let (qx, qy) = (qx as i32, qy as i32);
            if (qx - x).abs() <= 1 && (qy - y).abs() <= 1 && (qx, qy) != (x, y) {
                f(qx, qy);
            }
        }
        return;
    }
    for dy in -1..=1 {
        for dx in -1..=1 {
            if (dx, dy) == (0, 0) {
                continue;
            }
            if let Some(q) = g.board.placed_at(x + dx, y + dy) {
                for _ in 0..count(&g.rules.tiles[g.placed[q].tile as usize], kind) {
                    f(x + dx, y + dy);
                }
            }
        }
    }
}

/// Segments of `kind` on the tiles among the eight around (x, y).
fn around(g: &Game, x: i32, y: i32, kind: Kind) -> u32 {
    let mut n = 0;
    each_around(g, x, y, kind, |_, _| n += 1);
    n
}

/// The placement rule for tile `t` at `p` (edges already match), for the new
/// tile and for the cloister or shrine already placed around it: fn 44
/// (L2190) forbids a shrine that would leave a neighbouring cloister beside
/// several shrines. (Run for every candidate placement of a cloister or
/// shrine tile, so the common case, no shrine near, is a few compares.)
fn check(g: &Game, t: &TileType, p: Placement) -> Result<(), MoveError> {
    let (mut shrines, mut cloisters) = (0, 0);
    for s in t.segments {
        shrines += u32::from(s.kind == Kind::Shrine);
        cloisters += u32::from(s.kind == Kind::Cloister);
    }
    let (x, y) = (p.x as i32, p.y as i32);
    if shrines > 0 {
        rule(g, x, y, Kind::Shrine, shrines)?;
    }
    if cloisters > 0 && g.ext.heretics.shrines.placed > 0 {
        rule(g, x, y, Kind::Cloister, cloisters)?;
    }
    Ok(())
}

/// Calls `cell` with every cell where `check` could refuse tile `t`, and
/// returns true; false when it cannot say (more shrines or cloisters placed
/// than are kept). Both refusals need a rival right beside the new tile
/// (`rule`), so the cells are the neighbours of the rivals placed.
fn refusals_near(g: &Game, t: &TileType, cell: &mut dyn FnMut(i32, i32)) -> bool {
    let shrines_down = g.ext.heretics.shrines.placed > 0;
    let rivals = [
        (t.has_kind(Kind::Shrine), Kind::Cloister),
        (t.has_kind(Kind::Cloister) && shrines_down, Kind::Shrine),
    ];
    for (asked, rival) in rivals {
        if !asked {
            continue;
        }
        let Some(kept) = g.ext.heretics.of(rival) else {
            return false;
        };
        for &[qx, qy] in kept {
            for (dx, dy) in AROUND {
                cell(i32::from(qx) + dx, i32::from(qy) + dy);
            }
        }
    }
    true
}

/// The eight cells around one, as offsets.
const AROUND: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The rule for `mine` segments of `kind` (shrine or cloister) at (x, y).
fn rule(g: &Game, x: i32, y: i32, kind: Kind, mine: u32) -> Result<(), MoveError> {
    let other = rival(kind).expect("shrine or cloister");
    // "a shrine may not be placed in such a way that it adjoins several
    // cloisters" / "a cloister may not be placed so that it neighbors
    // several shrines" (L2068).
    let mut first = None;
    let mut n = 0;
    each_around(g, x, y, other, |qx, qy| {
        first.get_or_insert((qx, qy));
        n += 1;
    });
    if n > 1 {
        return Err(MoveError::rule(
            Mech::Heretics,
            match kind {
                Kind::Shrine => "a shrine may not adjoin several cloisters",
                _ => "a cloister may not neighbour several shrines",
            },
        ));
    }
    // The one rival around, if it already has one of this tile's kind
    // beside it, would have two (fn 44 L2190, fn 45 L2191).
    if let Some((qx, qy)) = first {
        if around(g, qx, qy, kind) + mine > 1 {
            return Err(MoveError::rule(
                Mech::Heretics,
                match kind {
                    Kind::Shrine => "a cloister next to it would neighbour several shrines",
                    _ => "a shrine next to it would adjoin several cloisters",
                },
            ));
        }
    }
    Ok(())
}

/// Players with an occupying figure on the feature rooted at `root`, as bits.
fn holders(g: &Game, root: u16) -> u8 {
    g.followers
        .iter()
        .filter(|f| f.kind.occupies() && g.features.find(f.node) == root)
        .fold(0, |m, f| m | 1 << f.player)
}

/// A cloister or shrine completed and scored (its figures still stand):
/// the occupied rivals around it lose the challenge, their figures going
/// home with no points (L2084, fn 61-62 L2207-L2208: a wagon there too),
/// unless this tile completed them as well (fn 55 L2201), or, under
/// `challenge_own_monk = false` (the printed rules: only "a monk of another
/// player", 002_… L852-L853, fn 48 L2194, fn 51 L2197), both are one
/// player's.
fn on_scored(g: &mut Game, root: u16, reason: Reason, events: &mut Vec<ScoreEvent>) {
    if reason != Reason::Completed {
        return;
    }
    let node = g.features.nodes[root as usize];
    let Some(other) = rival(node.kind) else {
        return;
    };
    let at = g.placed[node.placed as usize];
    let (x, y) = (at.x as i32, at.y as i32);
    let winners = holders(g, root);
    if winners == 0 {
        return;
    }
    let mut i = 0;
    while i < g.followers.len() {
        let f = g.followers[i];
        i += 1;
        let n = g.features.nodes[f.node as usize];
        if n.kind != other || !f.kind.occupies() {
            continue;
        }
        let q = g.placed[n.placed as usize];
        let (qx, qy) = (q.x as i32, q.y as i32);
        if (qx - x).abs() > 1 || (qy - y).abs() > 1 {
            continue;
        }
        // Completed by the same tile: it scores in its own turn (fn 55).
        if g.board.neighbours8(qx, qy) == 8 {
            continue;
        }
        let losers_root = g.features.find(f.node);
        let losers = holders(g, losers_root);
        let one_player = (winners | losers).count_ones() == 1;
        if one_player && !g.rules.options.flag(CHALLENGE_OWN_MONK) {
            continue;
        }
        g.remove_where(losers_root, Why::By(Mech::Heretics), |_| true, events);
        // Figures before `i` may have gone: look again from the start.
        i = 0;
    }
}
