//! The River (000_9deb58b1a7d17d38.txt L458-L492; 001_46b8449c567a6f1a.txt
//! L548-L828): river tiles are drawn first, the fork right after the spring,
//! lakes last; each river tile continues the river, the river never turns the
//! same way twice in a row (nor, in the 2nd edition, three times with straight
//! river between), and branches never meet.

use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

use super::{Hook, Mech, Mechanic, PlacedBan};
use crate::engine::board::{DX, DY};
use crate::engine::game::Game;
use crate::engine::hidden::Deal;
use crate::engine::types::{MoveError, Placement};
use crate::generated::attr;
use crate::tables::{option_index, Edge, Ruleset, TileType, UnusedStart};
use carcassonne_vocab::river::{Bends, Course};

pub(crate) struct River;

/// `river_volcano`: word 0 is `second-tile`.
const RIVER_VOLCANO: usize = option_index("river_volcano");

impl Mechanic for River {
    const HOOKS: &'static [Hook] = &[
        Hook::TileSource,
        Hook::PlacementFilter,
        Hook::AfterPlace,
        Hook::Ban,
        Hook::PartEnd,
    ];
    type State = Ends;

    fn deal(
        rules: &Ruleset,
        all: &mut Vec<u16>,
        rng: &mut Pcg64Mcg,
        deal: &mut Deal,
    ) -> Option<Vec<u16>> {
        Some(stack(rules, std::mem::take(all), rng, deal))
    }

    fn filters(_g: &Game, t: &TileType) -> bool {
        is_river(t)
    }

    /// The river's verdict depends on how the tile is turned.
    fn filters_by_position(_rules: &Ruleset, t: &TileType) -> bool {
        !is_river(t)
    }

    /// The river may refuse a river tile anywhere.
    fn refusals_near(_g: &Game, t: &TileType, _cell: &mut dyn FnMut(i32, i32)) -> bool {
        !is_river(t)
    }

    fn accepted_near(g: &Game, t: &TileType, cell: &mut dyn FnMut(i32, i32)) -> bool {
        accepted_near(g, t, cell)
    }

    fn check_placement(g: &Game, t: &TileType, p: Placement) -> Result<(), MoveError> {
        if is_river(t) {
            course(g, t, p)?;
        }
        Ok(())
    }

    fn after_place(g: &mut Game, idx: usize) {
        after_place(g, idx)
    }

    /// "If you place the last river tile (the lake with the volcano), you
    /// cannot place a meeple on that tile" (001_46b8449c567a6f1a.txt L606;
    /// 002_… L795).
    /// At its own figure step only.
    fn ban(g: &Game, t: &TileType, placed: Option<u16>) -> Option<&'static str> {
        if !volcano_lake(g, t) {
            return None;
        }
        let placing = match placed {
            Some(idx) => g.wood_placed() == Some(idx as usize),
            None => true,
        };
        placing.then_some("River II's volcano lake takes no figure")
    }

    /// Of the placed tiles, the one at its figure step, if a volcano lake.
    fn placed_ban(g: &Game) -> PlacedBan {
        let w = g.wood_placed().filter(|&i| {
            let t = &g.rules.tiles[g.placed[i].tile as usize];
            volcano_lake(g, t)
        });
        PlacedBan::AtMost(w.map(|i| i as u16))
    }

    fn part_end(g: &mut Game) -> super::NextPart {
        part_end(g)
    }
}

/// A river tile: one that shows river on a side. Asked per tile copy when
/// the stack is dealt and at every draw and placement of the game, so it
/// tests the four packed edges at once: a nibble equal to the river's code
/// is a zero nibble of `edges ^ 0xRRRR` (the classic has-zero test, exact
/// for "any"; test `is_river_reads_the_edges`).
#[inline]
pub(crate) fn is_river(t: &TileType) -> bool {
    let v = t.rot_edges[0] ^ (RIVER * 0x1111);
    v.wrapping_sub(0x1111) & !v & 0x8888 != 0
}

fn has(t: &TileType, a: u8) -> bool {
    t.flags & (1 << a) != 0
}

/// The draw stack of a game with the river, from every tile to draw (`all`):
/// the river tiles in their order, then the land tiles shuffled. Other sets' start tiles kept for the
/// river (`Ruleset::with_river`, 000_… fn 7, L612) are mixed into the river
/// or drawn first after it; one that is itself a river tile (another
/// river's spring) stays in the river's part either way. The runs dealt
/// apart go onto `deal`: forks, the river's middle, lakes (each shuffled),
/// the start tiles drawn after it (in the ruleset's order), the land.
pub(crate) fn stack(
    rules: &Ruleset,
    mut all: Vec<u16>,
    rng: &mut Pcg64Mcg,
    deal: &mut Deal,
) -> Vec<u16> {
    // Worked in place on `all`, which stays sorted by tile (the land keeps
    // the order a partition would give it, so the same seed deals the same
    // game); only the short river and start-tile runs are copied out.
    let mut river: Vec<u16> = all
        .iter()
        .copied()
        .filter(|&t| is_river(&rules.tiles[t as usize]))
        .collect();
    all.retain(|&t| !is_river(&rules.tiles[t as usize]));
    let mut with_river = Vec::new();
    for &t in rules.with_river {
        // Copies of a tile are alike: any one found will do.
        if let Ok(k) = all.binary_search(&t) {
            with_river.push(all.remove(k));
        }
    }
    if rules.options.unused_start() == UnusedStart::River {
        river.append(&mut with_river);
    }
    order(rules, &mut river, rng, deal);
    all.shuffle(rng);
    deal.push(with_river.len(), false);
    deal.push(all.len(), true);
    river.append(&mut with_river);
    all.splice(0..0, river);
    all
}

/// The river's draw order, in place: forks first, lakes last, the rest
/// shuffled (000_… L460-L464: "set the lake aside"; "the first player
/// places the fork").
fn order(rules: &Ruleset, river: &mut [u16], rng: &mut Pcg64Mcg, deal: &mut Deal) {
    let tile = |t: u16| &rules.tiles[t as usize];
    let rank = |&t: &u16| {
        if has(tile(t), attr::FORK) {
            0
        } else if has(tile(t), attr::LAKE) {
            2
        } else {
            1
        }
    };
    // Stable: each run keeps the order the shuffle starts from.
    river.sort_by_key(rank);
    let forks = river.iter().take_while(|t| rank(t) == 0).count();
    let middle = river[forks..].iter().take_while(|t| rank(t) == 1).count();
    let (f, rest) = river.split_at_mut(forks);
    let (m, l) = rest.split_at_mut(middle);
    for run in [f, m, l] {
        run.shuffle(rng);
        deal.push(run.len(), true);
    }
}

/// The rotated edge on board side `side`.
fn edge(t: &TileType, rotation: u8, side: usize) -> u16 {
    (t.rot_edges[rotation as usize] >> (4 * side)) & 0xF
}

const RIVER: u16 = Edge::River as u16;

/// The side through which a river tile at `p` joins the placed river, and
/// how many river sides touch placed tiles.
fn joins(g: &Game, t: &TileType, p: Placement) -> (Option<usize>, usize) {
    let mut first = None;
    let mut n = 0;
    for side in 0..4 {
        if edge(t, p.rotation, side) == RIVER
            && g.board
                .placed_at(p.x as i32 + DX[side], p.y as i32 + DY[side])
                .is_some()
        {
            first.get_or_insert(side);
            n += 1;
        }
    }
    (first, n)
}

/// The board sides of `t` turned `rotation` that show river, as bits.
fn river_sides(t: &TileType, rotation: u8) -> u8 {
    (0..4)
        .filter(|&s| edge(t, rotation, s) == RIVER)
        .fold(0, |m, s| m | 1 << s)
}

/// How the river runs through river tile `t` at `p` (edges already
/// match): what the tile remembers, or why the river rules refuse it.
fn course(g: &Game, t: &TileType, p: Placement) -> Result<Course, MoveError> {
    let (inlet, n) = joins(g, t, p);
    let Some(inlet) = inlet else {
        return Err(MoveError::rule(
            Mech::River,
            "a river tile must continue the river",
        ));
    };
    if n > 1 {
        return Err(MoveError::rule(
            Mech::River,
            "the river's branches must not meet",
        ));
    }
    // The river flows in with the bends of the neighbour's outlet facing
    // this tile; a fork's branches each carry their own bend. No U-turn
    // (000_… L478, fn 17); under the 2nd edition's FAQ no third bend the
    // same way either (001_46b8449c567a6f1a.txt L599).
    let upstream = g
        .board
        .placed_at(p.x as i32 + DX[inlet], p.y as i32 + DY[inlet])
        .map_or(Bends::NONE, |q| g.placed[q].river.out((inlet + 2) % 4));
    Course::enter(
        upstream,
        inlet,
        river_sides(t, p.rotation),
        g.rules.options.river_turns(),
    )
    .map_err(|why| MoveError::rule(Mech::River, why))
}

/// The river's open ends: the cells beside placed river sides that no tile
/// fills yet, where the next river tile must go. Kept as tiles are placed,
/// so that the river's filter, asked at every draw and scan of the river
/// phase, need not walk the placed tiles. Past `MAX_ENDS` of them (a fork
/// makes three) the placed tiles are walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Ends {
    at: [[i16; 2]; MAX_ENDS],
    n: u8,
    overflow: bool,
}

const MAX_ENDS: usize = 8;

impl Ends {
    fn add(&mut self, xy: [i16; 2]) {
        if self.at[..usize::from(self.n)].contains(&xy) {
            return;
        }
        match self.at.get_mut(usize::from(self.n)) {
            Some(slot) => {
                *slot = xy;
                self.n += 1;
            }
            None => self.overflow = true,
        }
    }

    fn fill(&mut self, xy: [i16; 2]) {
        let n = usize::from(self.n);
        if let Some(k) = self.at[..n].iter().position(|&c| c == xy) {
            self.at.copy_within(k + 1..n, k);
            self.n -= 1;
        }
    }
}

/// Tile `idx` is down: it fills a river end, if it lies on one, and a river
/// tile remembers the river's bends (a tile the river does not flow into,
/// a start tile, starts the river) and opens ends on its free river sides.
fn after_place(g: &mut Game, idx: usize) {
    let q = g.placed[idx];
    g.ext.river.fill([q.x, q.y]);
    let t = &g.rules.tiles[q.tile as usize];
    if !is_river(t) {
        return;
    }
    for side in 0..4 {
        let (x, y) = (i32::from(q.x) + DX[side], i32::from(q.y) + DY[side]);
        if edge(t, q.rotation, side) == RIVER && g.board.placed_at(x, y).is_none() {
            g.ext.river.add([x as i16, y as i16]);
        }
    }
    let p = Placement {
        x: q.x,
        y: q.y,
        rotation: q.rotation,
    };
    g.placed[idx].river = course(g, t, p).unwrap_or(Course::SOURCE);
}

/// Calls `cell` with every cell where river tile `t` may go, and returns
/// true (false for other tiles): it must continue the river (`course`),
/// so a river side of it touches a placed tile, whose side there shows
/// river too (edges match). The cells are those beside placed river sides.
fn accepted_near(g: &Game, t: &TileType, cell: &mut dyn FnMut(i32, i32)) -> bool {
    if !is_river(t) {
        return false;
    }
    let ends = &g.ext.river;
    if !ends.overflow {
        for &[x, y] in &ends.at[..usize::from(ends.n)] {
            cell(i32::from(x), i32::from(y));
        }
        return true;
    }
    for q in &g.placed {
        let placed = &g.rules.tiles[q.tile as usize];
        if !is_river(placed) {
            continue;
        }
        for side in 0..4 {
            if edge(placed, q.rotation, side) == RIVER {
                cell(i32::from(q.x) + DX[side], i32::from(q.y) + DY[side]);
            }
        }
    }
    true
}

/// River II's volcano lake under `river_volcano = "second-tile"`.
fn volcano_lake(g: &Game, t: &TileType) -> bool {
    g.rules.options.get(RIVER_VOLCANO) == 0 && has(t, attr::VOLCANO) && is_river(t)
}

/// "Immediately after placing it, take another turn by drawing a normal
/// tile" (001_… L606; 000_… L472, 002_… L796): a second part of this turn.
/// Also where the river retires: once no river tile is left to draw (the
/// one just placed has had its turn), none of its rules can apply again,
/// and the game stops asking its hooks. The river's run comes first in the
/// stack, so while it lasts the test stops at the next tile.
fn part_end(g: &mut Game) -> super::NextPart {
    let placed = g.placed.last().map(|q| &g.rules.tiles[q.tile as usize]);
    let next = if placed.is_some_and(|t| volcano_lake(g, t)) {
        super::NextPart::Take
    } else {
        super::NextPart::None
    };
    let river_left = g.stack[g.next..]
        .iter()
        .any(|&t| is_river(&g.rules.tiles[t as usize]));
    if !river_left {
        super::retire(g, Mech::River);
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_river` agrees with the tile's edges in every compiled-in ruleset
    /// and for every edge code on every side.
    #[test]
    fn is_river_reads_the_edges() {
        for rules in crate::rulesets() {
            for t in rules.tiles {
                assert_eq!(
                    is_river(t),
                    t.edges.contains(&Edge::River),
                    "{} tile {}",
                    rules.id,
                    t.id
                );
            }
        }
        let field = Edge::Field as u16;
        let mut t = crate::rulesets()[0].tiles[0];
        for code in 0..16u16 {
            for side in 0..4 {
                let edges = ((0x1111 * field) & !(0xF << (4 * side))) | (code << (4 * side));
                t.rot_edges = [edges; 4];
                assert_eq!(is_river(&t), code == RIVER, "code {code} on side {side}");
            }
        }
    }

    /// The river retires once its tiles are drawn: its hooks are skipped
    /// for the rest of the game, and not before (a river tile still to draw
    /// keeps them).
    #[test]
    fn the_river_retires_when_its_tiles_are_down() {
        use crate::bench::{random_action, Buffers};
        use crate::tables::{Hook, Mech};
        use rand::SeedableRng;
        for id in ["base_river1", "base_river2", "everything_c1"] {
            let rules = crate::ruleset(id).expect("a river ruleset");
            let only_river = rules.hooks.on(Hook::PlacementFilter).eq([Mech::River]);
            for seed in 0..20 {
                let mut g = Game::new(rules, 2, seed).expect("a game");
                let mut rng = Pcg64Mcg::seed_from_u64(seed);
                let mut buf = Buffers::new();
                let mut retired_at = None;
                while random_action(&mut g, &mut rng, &mut buf).is_some() {
                    let left = g.stack[g.next..]
                        .iter()
                        .chain(g.current.as_ref())
                        .any(|&t| is_river(&rules.tiles[t as usize]));
                    let retired = super::super::retired(&g, Mech::River);
                    assert!(
                        !(retired && left),
                        "{id} seed {seed}: retired with river tiles left"
                    );
                    if retired && retired_at.is_none() {
                        retired_at = Some(g.placed.len());
                        assert_eq!(
                            super::super::live(&g, Hook::PlacementFilter),
                            !only_river,
                            "{id}: the filter hook is skipped once no module is left on it"
                        );
                    }
                }
                assert!(
                    retired_at.is_some(),
                    "{id} seed {seed}: the river never retired: {:?} discards {:?}",
                    g.ext.river,
                    g.discards
                );
            }
        }
    }
}
