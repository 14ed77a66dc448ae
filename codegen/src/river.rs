//! Can the river always be completed? A search over river draw orders and
//! placements, with the engine's river rules (000_9deb58b1a7d17d38.txt
//! L458-L478, footnote 17): river tiles come first, forks first and lakes
//! last (the rest shuffled); each must continue the river, the branches may
//! never meet, the river may not bend the same way twice in a row (nor, as
//! the ruleset's `river_turns` says, three times with straight river
//! between; 001_46b8449c567a6f1a.txt L599), and every side must match its
//! neighbours. A river tile that fits nowhere is
//! discarded (L100), and the river stays unfinished.
//!
//! For each sampled draw order a depth-first search follows every legal
//! placement until a river tile fits nowhere (a counterexample: players can
//! leave the river unfinished) or every line of play completes the river.
//! The search is bounded: the report says whether it was exhaustive.

use std::collections::HashMap;

use carcassonne_vocab::river::{Bends, Course};

use crate::model::{Edge, RiverTurns, Ruleset, Tile};

/// Draw orders sampled per ruleset.
const ORDERS: usize = 40;
/// Placements tried per draw order; a search cut short says so.
const PER_ORDER: usize = 5_000;

const DX: [i32; 4] = [0, 1, 0, -1];
const DY: [i32; 4] = [-1, 0, 1, 0];

/// The outcome of the search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// No sampled draw order, played in any way, strands a river tile.
    Always { orders: usize, exhaustive: bool },
    /// Some line of play leaves a river tile that fits nowhere.
    Stuck {
        /// (tile id, x, y, rotation) in the order placed.
        played: Vec<(String, i32, i32, u8)>,
        /// The river tile that then fits nowhere.
        stuck: String,
    },
}

impl Outcome {
    /// One line for `validate`.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Always {
                orders,
                exhaustive: true,
            } => format!(
                "river: always completable ({orders} draw orders checked, every placement explored)"
            ),
            Outcome::Always {
                orders,
                exhaustive: false,
            } => format!(
                "river: no dead end found ({orders} draw orders checked; the search was cut short, so this is not a proof)"
            ),
            Outcome::Stuck { played, stuck } => {
                let steps: Vec<String> = played
                    .iter()
                    .map(|(id, x, y, r)| format!("{id} at ({x}, {y}) turned {r}"))
                    .collect();
                format!(
                    "river: can be left unfinished: after {}, {stuck} fits nowhere and is discarded",
                    if steps.is_empty() {
                        "the start".to_string()
                    } else {
                        steps.join(", ")
                    }
                )
            }
        }
    }
}

fn is_river(t: &Tile) -> bool {
    t.edges.contains(&Edge::River)
}

fn has(t: &Tile, name: &str) -> bool {
    t.attrs.iter().any(|a| a.name() == name)
}

#[derive(Clone, Copy)]
struct Placed {
    tile: usize,
    rotation: u8,
    x: i32,
    y: i32,
    /// The river's bends flowing in (as the engine keeps them).
    course: Course,
}

struct Search<'a> {
    tiles: &'a [Tile],
    rule: RiverTurns,
    board: Vec<Placed>,
    /// Where each placed tile is, as an index into `board`.
    cells: HashMap<(i32, i32), usize>,
    nodes: usize,
    budget: usize,
    cut: bool,
}

impl Search<'_> {
    fn at(&self, x: i32, y: i32) -> Option<&Placed> {
        self.cells.get(&(x, y)).map(|&i| &self.board[i])
    }

    fn push(&mut self, p: Placed) {
        self.cells.insert((p.x, p.y), self.board.len());
        self.board.push(p);
    }

    fn pop(&mut self) {
        if let Some(p) = self.board.pop() {
            self.cells.remove(&(p.x, p.y));
        }
    }

    fn reset(&mut self, board: &[Placed]) {
        self.board.clear();
        self.cells.clear();
        for p in board {
            self.push(*p);
        }
    }

    /// The legal placements of tile `t`, with the river's course. A
    /// river tile must continue the river, so only the free cells a placed
    /// river side points at are candidates.
    fn placements(&self, t: usize) -> Vec<Placed> {
        let tile = &self.tiles[t];
        let mut cells: Vec<(i32, i32)> = Vec::new();
        for p in &self.board {
            for s in 0..4 {
                if self.tiles[p.tile].rotated_edge(p.rotation, s) != Edge::River {
                    continue;
                }
                let c = (p.x + DX[s], p.y + DY[s]);
                if self.at(c.0, c.1).is_none() && !cells.contains(&c) {
                    cells.push(c);
                }
            }
        }
        let mut out = Vec::new();
        for (x, y) in cells {
            'rot: for rotation in 0..4u8 {
                let mut inlet = None;
                let mut joined = 0;
                for side in 0..4 {
                    let Some(q) = self.at(x + DX[side], y + DY[side]) else {
                        continue;
                    };
                    let mine = tile.rotated_edge(rotation, side);
                    let theirs = self.tiles[q.tile].rotated_edge(q.rotation, (side + 2) % 4);
                    if mine != theirs {
                        continue 'rot;
                    }
                    if mine == Edge::River {
                        inlet.get_or_insert(side);
                        joined += 1;
                    }
                }
                // Continue the river, and never join two branches.
                let Some(inlet) = inlet else { continue };
                if joined > 1 {
                    continue;
                }
                let rivers = (0..4)
                    .filter(|&s| tile.rotated_edge(rotation, s) == Edge::River)
                    .fold(0u8, |m, s| m | 1 << s);
                // The river flows in with the bends of the neighbour's
                // outlet facing this cell (a fork's branches differ).
                let upstream = self
                    .at(x + DX[inlet], y + DY[inlet])
                    .map_or(Bends::NONE, |q| q.course.out((inlet + 2) % 4));
                let Ok(course) = Course::enter(upstream, inlet, rivers, self.rule) else {
                    continue;
                };
                out.push(Placed {
                    tile: t,
                    rotation,
                    x,
                    y,
                    course,
                });
            }
        }
        out
    }

    /// Follow every line of play of `order[step..]`; `Some` is a dead end:
    /// the placements made and the tile that then fits nowhere.
    fn dead_end(&mut self, order: &[usize], step: usize) -> Option<usize> {
        if step == order.len() {
            return None;
        }
        if self.nodes >= self.budget {
            self.cut = true;
            return None;
        }
        self.nodes += 1;
        let options = self.placements(order[step]);
        if options.is_empty() {
            return Some(order[step]);
        }
        for p in options {
            self.push(p);
            if let Some(t) = self.dead_end(order, step + 1) {
                return Some(t);
            }
            self.pop();
        }
        None
    }
}

/// A small deterministic generator for draw orders (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn shuffle(&mut self, v: &mut [usize]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// Search a ruleset's river; `None` when it plays no river.
pub fn check(rs: &Ruleset) -> Option<Outcome> {
    if !rs.mechanics.iter().any(|m| m == "river") {
        return None;
    }
    let tiles = &rs.tiles;
    let mut forks = Vec::new();
    let mut lakes = Vec::new();
    let mut middle = Vec::new();
    for (i, t) in tiles.iter().enumerate() {
        if !is_river(t) {
            continue;
        }
        let started = rs.start.iter().filter(|p| p.tile == i).count() as u32;
        for _ in 0..t.count.saturating_sub(started) {
            if has(t, "fork") {
                forks.push(i);
            } else if has(t, "lake") {
                lakes.push(i);
            } else {
                middle.push(i);
            }
        }
    }
    if forks.is_empty() && lakes.is_empty() && middle.is_empty() {
        return None;
    }
    let board: Vec<Placed> = rs
        .start
        .iter()
        .map(|p| Placed {
            tile: p.tile,
            rotation: p.rotation,
            x: p.x,
            y: p.y,
            course: Course::SOURCE,
        })
        .collect();
    let mut rng = Rng(0x5eed_0f71_7e57_0001);
    let mut search = Search {
        tiles,
        rule: rs.options.river_turns(),
        board: Vec::new(),
        cells: HashMap::new(),
        nodes: 0,
        budget: 0,
        cut: false,
    };
    let mut seen: Vec<Vec<usize>> = Vec::new();
    let mut orders = 0;
    for _ in 0..ORDERS * 4 {
        if orders == ORDERS {
            break;
        }
        let (mut f, mut m, mut l) = (forks.clone(), middle.clone(), lakes.clone());
        rng.shuffle(&mut f);
        rng.shuffle(&mut m);
        rng.shuffle(&mut l);
        let order: Vec<usize> = f.into_iter().chain(m).chain(l).collect();
        if seen.contains(&order) {
            continue;
        }
        seen.push(order.clone());
        orders += 1;
        search.reset(&board);
        search.budget = search.nodes + PER_ORDER;
        if let Some(stuck) = search.dead_end(&order, 0) {
            let played = search.board[board.len()..]
                .iter()
                .map(|p| (tiles[p.tile].id.clone(), p.x, p.y, p.rotation))
                .collect();
            return Some(Outcome::Stuck {
                played,
                stuck: tiles[stuck].id.clone(),
            });
        }
    }
    Some(Outcome::Always {
        orders,
        exhaustive: !search.cut,
    })
}
