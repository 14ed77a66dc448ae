//! Points: features completed during the game and the final scoring.
//!
//! Base values: 000_9deb58b1a7d17d38.txt L138-L200 (during play) and
//! L232-L272 (final); inns and cathedrals L706-L726.

use super::game::Game;
use super::types::*;
use crate::mechanics;
use crate::tables::{FarmScoring, Hook, Kind};

/// Distinct placed tiles among a feature's members: a tile whose two segments
/// are in one city counts once (000_9deb58b1a7d17d38.txt L181). Also the
/// King's and the Robber Baron's measure (`mechanics::king_robber`).
pub(crate) fn tiles_in(g: &Game, root: u16) -> u32 {
    let mut seen = [0u64; 64];
    let mut extra: Vec<u16> = Vec::new();
    let mut n = 0;
    for m in g.features.members(root) {
        let p = g.features.nodes[m as usize].placed as usize;
        if p < seen.len() * 64 {
            let (w, b) = (p / 64, p % 64);
            if seen[w] & (1 << b) == 0 {
                seen[w] |= 1 << b;
                n += 1;
            }
        } else if !extra.contains(&(p as u16)) {
            extra.push(p as u16);
            n += 1;
        }
    }
    n
}

/// Each player's follower strength on the feature rooted at `root`.
pub(crate) fn strengths(g: &mut Game, root: u16) -> [u32; MAX_PLAYERS] {
    strengths_on(g, root).0
}

/// `strengths`, and which followers stand on the feature: bit `i` for
/// `followers[i]` (the first 64 only).
fn strengths_on(g: &mut Game, root: u16) -> ([u32; MAX_PLAYERS], u64) {
    let mut s = [0u32; MAX_PLAYERS];
    let mut on = 0u64;
    let pennants = g.features.nodes[root as usize].pennants;
    for i in 0..g.followers.len() {
        let f = g.followers[i];
        if g.features.find(f.node) == root {
            s[f.player as usize] += f.kind.strength(pennants);
            on |= 1u64.checked_shl(i as u32).unwrap_or(0);
        }
    }
    (s, on)
}

/// Everyone with the most strength scores in full (L175-L186); for a farm
/// (`farm`: its root and completed cities) each winner may add a module's
/// bonus (the pig).
pub(crate) fn award(
    g: &mut Game,
    s: &[u32; MAX_PLAYERS],
    points: u32,
    feature: Kind,
    reason: Reason,
    events: &mut Vec<ScoreEvent>,
    farm: Option<(u16, u32)>,
) {
    let best = *s.iter().max().unwrap_or(&0);
    if best == 0 || points == 0 {
        return;
    }
    for p in 0..g.players {
        if s[p as usize] == best {
            let points = match farm {
                Some((root, cities)) if mechanics::live(g, Hook::Value) => {
                    points + mechanics::farm_bonus(g, root, p, cities)
                }
                _ => points,
            };
            g.add_points(
                events,
                ScoreEvent {
                    player: p,
                    points,
                    feature,
                    reason,
                },
            );
        }
    }
}

/// Points a road, city, cloister, garden or shrine is worth now: the base game's
/// values (L138-L200, L232-L272), then the modules' (inns, cathedrals).
fn value(g: &Game, root: u16, reason: Reason) -> u32 {
    let node = g.features.nodes[root as usize];
    let complete = !reason.as_final();
    let (units, v) = match node.kind {
        // A cloister (or garden, 001_46b8449c567a6f1a.txt L430, L438, or
        // shrine, 000_9deb58b1a7d17d38.txt L2068): itself and its neighbours.
        k if k.around() => {
            let p = g.placed[node.placed as usize];
            let n = 1 + g.board.neighbours8(p.x as i32, p.y as i32);
            (n, n)
        }
        Kind::Road => {
            let tiles = tiles_in(g, root);
            (tiles, tiles)
        }
        Kind::City => {
            let units = tiles_in(g, root) + node.pennants as u32;
            (units, if complete { 2 * units } else { units })
        }
        _ => (0, 0),
    };
    if mechanics::live(g, Hook::Value) {
        mechanics::value(g.rules, &node, reason, units, v)
    } else {
        v
    }
}

/// Score a road, city, cloister, garden or shrine and return its followers
/// (L196).
pub(crate) fn score_feature(g: &mut Game, root: u16, reason: Reason, events: &mut Vec<ScoreEvent>) {
    // One pass over the followers finds both the strengths and which
    // followers go home.
    let (s, mut on) = strengths_on(g, root);
    let points = value(g, root, reason);
    let kind = g.features.nodes[root as usize].kind;
    award(g, &s, points, kind, reason, events, None);
    if mechanics::live(g, Hook::OnScored) {
        // A module may move figures when a feature scores (the wagon):
        // look again.
        mechanics::on_scored(g, root, reason);
        return_figures(g, root);
        return;
    }
    if g.followers.len() > 64 {
        // More than `on` has bits for.
        return_figures(g, root);
        return;
    }
    // Highest index first, so the lower ones stay where they are.
    while on != 0 {
        let i = 63 - on.leading_zeros() as usize;
        on &= !(1 << i);
        let f = g.followers.remove(i);
        g.supply[f.player as usize][f.kind as usize] += 1;
    }
    g.features.nodes[root as usize].occupants = 0;
}

/// Every figure on the feature rooted at `root` back to its owner's supply,
/// with no points (after scoring; a challenge's loser,
/// 000_9deb58b1a7d17d38.txt L2084), leaving the feature unoccupied.
pub(crate) fn return_figures(g: &mut Game, root: u16) {
    return_figures_if(g, root, |_| true);
    g.features.nodes[root as usize].occupants = 0;
}

/// The figures on the feature rooted at `root` whose kind `returns` picks
/// back to their owners' supplies, the feature's occupants counted down
/// for each follower among them (the others stay: a barn on its farm).
pub(crate) fn return_figures_if(g: &mut Game, root: u16, returns: impl Fn(FollowerKind) -> bool) {
    let mut i = 0;
    while i < g.followers.len() {
        let f = g.followers[i];
        if returns(f.kind) && g.features.find(f.node) == root {
            g.supply[f.player as usize][f.kind as usize] += 1;
            if f.kind.occupies() {
                g.features.nodes[root as usize].occupants -= 1;
            }
            g.followers.remove(i);
        } else {
            i += 1;
        }
    }
}

/// A small set of feature roots kept on the stack (a farm borders a handful
/// of cities, a game has at most a few dozen farms), spilling to the heap
/// only past its inline room.
pub(crate) struct Roots {
    inline: [u16; 64],
    len: usize,
    spill: Vec<u16>,
}

impl Roots {
    fn new() -> Self {
        Roots {
            inline: [0; 64],
            len: 0,
            spill: Vec::new(),
        }
    }

    fn insert(&mut self, r: u16) {
        if self.inline[..self.len].contains(&r) || self.spill.contains(&r) {
            return;
        }
        if self.len < self.inline.len() {
            self.inline[self.len] = r;
            self.len += 1;
        } else {
            self.spill.push(r);
        }
    }

    pub(crate) fn count(&self) -> usize {
        self.len + self.spill.len()
    }

    fn get(&self, i: usize) -> u16 {
        if i < self.len {
            self.inline[i]
        } else {
            self.spill[i - self.len]
        }
    }
}

/// Completed cities bordering the farm rooted at `farm`.
pub(crate) fn farm_cities(g: &Game, farm: u16) -> Roots {
    let mut cities = Roots::new();
    for m in g.features.members(farm) {
        let node = g.features.nodes[m as usize];
        let first = m - u16::from(node.segment);
        let mut borders = node.borders;
        while borders != 0 {
            let i = borders.trailing_zeros() as u16;
            borders &= borders - 1;
            let city = g.features.find(first + i);
            if g.features.nodes[city as usize].open == 0 {
                cities.insert(city);
            }
        }
    }
    cities
}

pub(crate) fn final_scoring(g: &mut Game, events: &mut Vec<ScoreEvent>) {
    // Incomplete roads, cities and cloisters, in the order their followers
    // were deployed; each feature once.
    while let Some(f) = g
        .followers
        .iter()
        .copied()
        .find(|f| g.features.nodes[f.node as usize].kind != Kind::Field)
    {
        let root = g.features.find(f.node);
        score_feature(g, root, Reason::Final, events);
    }
    if !g.rules.options.farmers {
        return;
    }
    // Farms: farmers stay where they are (L212).
    let mut farms = Roots::new();
    for i in 0..g.followers.len() {
        let root = g.features.find(g.followers[i].node);
        farms.insert(root);
    }
    match g.rules.options.farm_scoring {
        FarmScoring::PerFarm => {
            // 3 per completed city bordering the farm, to its owners (L247).
            for i in 0..farms.count() {
                let farm = farms.get(i);
                let s = strengths(g, farm);
                let cities = farm_cities(g, farm).count() as u32;
                let farm = Some((farm, cities));
                award(g, &s, 3 * cities, Kind::Field, Reason::Final, events, farm);
            }
        }
        FarmScoring::Legacy2000 => {
            // Per city, 4 to the majority of the farmers supplying it, from
            // whichever farm (footnote 15, L381).
            let mut supplied: Vec<(u16, [u32; MAX_PLAYERS])> = Vec::new();
            for i in 0..farms.count() {
                let farm = farms.get(i);
                let s = strengths(g, farm);
                let cities = farm_cities(g, farm);
                for c in 0..cities.count() {
                    let city = cities.get(c);
                    match supplied.iter_mut().find(|(x, _)| *x == city) {
                        Some((_, total)) => {
                            for p in 0..MAX_PLAYERS {
                                total[p] += s[p];
                            }
                        }
                        None => supplied.push((city, s)),
                    }
                }
            }
            for (_, s) in supplied {
                award(g, &s, 4, Kind::Field, Reason::Final, events, None);
            }
        }
    }
}
