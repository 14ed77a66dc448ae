//! Points: features completed during the game and the final scoring.
//!
//! Base values: 000_9deb58b1a7d17d38.txt L138-L200 (during play) and
//! L232-L272 (final); inns and cathedrals L706-L726.

use super::board::{DX, DY};
use super::game::{facing, Deployed, Game, NO_NODE};
use super::types::*;
use crate::mechanics::{self, Hook, Why};
use crate::tables::{FarmScoring, Kind};

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

/// Everyone with the most strength on the feature rooted at `root` scores
/// in full (L175-L186), unless a module breaks their tie (`Hook::Majority`:
/// a follower on a hill; `root` is `NO_NODE` for strengths summed over
/// several features, which no module looks into); for a farm (`farm`: its
/// root and completed cities) each winner may add a module's bonus (the
/// pig).
#[allow(clippy::too_many_arguments)]
pub(crate) fn award(
    g: &mut Game,
    root: u16,
    s: &[u32; MAX_PLAYERS],
    points: u32,
    feature: Kind,
    reason: Reason,
    events: &mut Vec<ScoreEvent>,
    farm: Option<(u16, u32)>,
) {
    if points == 0 {
        return;
    }
    let won = majority(g, root, s);
    for p in 0..g.players {
        if won & (1 << p) != 0 {
            let points = match farm {
                Some((root, cities)) if mechanics::live(g, Hook::Value) => {
                    points + mechanics::farm_bonus(g, root, p, cities)
                }
                _ => points,
            };
            g.add_points(events, ScoreEvent::new(p, points, feature, reason));
        }
    }
}

/// The players (bit per player) who win the majority of the feature rooted
/// at `root` as it stands, as `award` gives its points (a module's
/// tie-break included): for a module that hands the majority something
/// besides points (gold bars). 0 when no follower stands on it.
pub(crate) fn winners(g: &mut Game, root: u16) -> u8 {
    let s = strengths(g, root);
    majority(g, root, &s)
}

/// The players (bit per player) with the most strength in `s` who win the
/// feature rooted at `root` (`NO_NODE`: strengths summed over several
/// features, which no module looks into): all of them, unless a module
/// breaks their tie (`Hook::Majority`). 0 when nobody has strength.
#[inline]
fn majority(g: &Game, root: u16, s: &[u32; MAX_PLAYERS]) -> u8 {
    let best = *s.iter().max().unwrap_or(&0);
    if best == 0 {
        return 0;
    }
    let tied = if root != NO_NODE && mechanics::live(g, Hook::Majority) {
        tie_break(g, root, s, best)
    } else {
        u8::MAX
    };
    (0..g.players)
        .filter(|&p| s[p as usize] == best && tied & (1 << p) != 0)
        .fold(0, |won, p| won | 1 << p)
}

/// The players with strength `best` in `s` (bit per player) who win the
/// feature rooted at `root`: all of them, unless they are several and a
/// module breaks their tie (`Hook::Majority`).
#[cold]
fn tie_break(g: &Game, root: u16, s: &[u32; MAX_PLAYERS], best: u32) -> u8 {
    let mut tied = 0u8;
    for p in 0..g.players {
        tied |= u8::from(s[p as usize] == best) << p;
    }
    if tied.count_ones() > 1 {
        mechanics::break_tie(g, root, tied)
    } else {
        tied
    }
}

/// Points a road, city, cloister, garden or shrine is worth now: the base game's
/// values (L138-L200, L232-L272), then the modules' (inns, cathedrals), then
/// what stands on it (`Mechanic::worth`).
pub(crate) fn value(g: &Game, root: u16, reason: Reason) -> u32 {
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
        let v = mechanics::value(g.rules, &node, reason, units, v)
            + mechanics::feature_bonus(g, root, reason);
        mechanics::worth(g, root, reason, v)
    } else {
        v
    }
}

/// Score a road, city, cloister, garden or shrine and return its followers
/// (L196). The modules have their say on the scored feature (its figures
/// still standing) before any figure leaves it.
pub(crate) fn score_feature(g: &mut Game, root: u16, reason: Reason, events: &mut Vec<ScoreEvent>) {
    // One pass over the followers finds both the strengths and which
    // followers go home.
    let (s, on) = strengths_on(g, root);
    let points = value(g, root, reason);
    let kind = g.features.nodes[root as usize].kind;
    award(g, root, &s, points, kind, reason, events, None);
    let on = if mechanics::live(g, Hook::OnScored) {
        let standing = g.followers.len();
        scored(g, root, reason, events);
        // A module may have taken figures of other features away (a
        // challenge's losers), which moves the indices `on` holds; it
        // never adds one.
        if g.followers.len() == standing {
            on
        } else {
            strengths_on(g, root).1
        }
    } else {
        on
    };
    return_scored(g, root, on, reason, events);
}

/// The figures on feature `root` (bit `i` for `followers[i]`) go home
/// after its scoring for `reason`, each seen by the modules leave. (A
/// module does not take other figures off the board when one leaves with
/// its scored feature: the bits stay right.)
fn return_scored(
    g: &mut Game,
    root: u16,
    mut on: u64,
    reason: Reason,
    events: &mut Vec<ScoreEvent>,
) {
    if g.followers.len() > 64 {
        // More than `on` has bits for.
        g.remove_where(root, Why::Scored(reason), |_| true, events);
        return;
    }
    let seen = mechanics::live(g, Hook::OnRemoved);
    // Highest index first, so the lower ones stay where they are.
    while on != 0 {
        let i = 63 - on.leading_zeros() as usize;
        on &= !(1 << i);
        let f = g.followers.remove(i);
        g.around -= u16::from(f.around);
        g.supply[f.player as usize][f.kind as usize] += 1;
        if seen {
            let n = g.followers.len();
            mechanics::on_removed(g, f, Why::Scored(reason), events);
            debug_assert_eq!(
                n,
                g.followers.len(),
                "a module took a figure away with a scored one"
            );
        }
    }
    g.features.nodes[root as usize].occupants = 0;
}

/// The modules' say on feature `root`, scored for `reason` (goods, the
/// King, a challenge, the fairy's points), its figures still standing.
pub(crate) fn scored(g: &mut Game, root: u16, reason: Reason, events: &mut Vec<ScoreEvent>) {
    if mechanics::live(g, Hook::OnScored) {
        g.scoring = root;
        mechanics::on_scored(g, root, reason, events);
        g.scoring = NO_NODE;
    }
}

/// A small set of feature roots kept on the stack (a farm borders a handful
/// of cities, a game has at most a few dozen farms), spilling to the heap
/// only past its inline room.
pub(crate) struct Roots {
    inline: [u16; 64],
    len: usize,
    spill: Vec<u16>,
    /// What the places among them add beyond a city's worth to a farm
    /// scoring (`farm_cities`).
    pub(crate) extra: u32,
}

impl Roots {
    fn new() -> Self {
        Roots {
            inline: [0; 64],
            len: 0,
            spill: Vec::new(),
            extra: 0,
        }
    }

    /// Add `r`; whether it is new.
    fn insert(&mut self, r: u16) -> bool {
        if self.inline[..self.len].contains(&r) || self.spill.contains(&r) {
            return false;
        }
        if self.len < self.inline.len() {
            self.inline[self.len] = r;
            self.len += 1;
        } else {
            self.spill.push(r);
        }
        true
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

/// Completed cities bordering the farm rooted at `farm`, with what the
/// modules' places among them (a castle) add to a farm scoring beyond the
/// cities' rate (`Roots::extra`): a farm scores `rate * count() + extra`.
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
    // Places off the board that count as completed cities (the City of
    // Carcassonne for the farms beside it, 000_9deb58b1a7d17d38.txt fn 1; a
    // castle, 4 instead of 3, L2517).
    if mechanics::live(g, Hook::CityPlaces) {
        mechanics::city_places(g, Some(farm), &mut |id, extra| {
            if cities.insert(id) {
                cities.extra += extra;
            }
        });
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
    if !g.rules.options.farmers() {
        return;
    }
    // Farms: farmers stay where they are (L212).
    let mut farms = Roots::new();
    for i in 0..g.followers.len() {
        let root = g.features.find(g.followers[i].node);
        farms.insert(root);
    }
    match g.rules.options.farm_scoring() {
        FarmScoring::PerFarm => {
            // 3 per completed city bordering the farm, to its owners (L247);
            // a castle 4 (L2517).
            for i in 0..farms.count() {
                let farm = farms.get(i);
                let s = strengths(g, farm);
                let bordering = farm_cities(g, farm);
                let cities = bordering.count() as u32;
                award(
                    g,
                    farm,
                    &s,
                    3 * cities + bordering.extra,
                    Kind::Field,
                    Reason::Final,
                    events,
                    Some((farm, cities)),
                );
                scored(g, farm, Reason::Final, events);
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
                award(g, NO_NODE, &s, 4, Kind::Field, Reason::Final, events, None);
            }
        }
    }
}

/// The features a part completed that score, each once, in the order
/// found: room on the stack for what a tile closes in practice, and beyond
/// it (a tile's segments, a bridge, the road ends of every ferry moved, an
/// abbey's sides) a list, so that none is ever left out.
struct Done {
    first: [u16; 16],
    n: usize,
    more: Vec<u16>,
}

impl Done {
    fn new() -> Done {
        Done {
            first: [u16::MAX; 16],
            n: 0,
            more: Vec::new(),
        }
    }

    /// Add the feature of `node` if it is complete and scores (occupied,
    /// or `all`: a module acts on every completed feature).
    #[inline(always)]
    fn note(&mut self, g: &Game, node: u16, all: bool) {
        let root = g.features.find(node);
        let r = g.features.nodes[root as usize];
        if r.open != 0
            || !(r.occupants > 0 || all)
            || self.first[..self.n].contains(&root)
            || self.more.contains(&root)
        {
            return;
        }
        match self.first.get_mut(self.n) {
            Some(slot) => {
                *slot = root;
                self.n += 1;
            }
            None => self.more.push(root),
        }
    }
}

impl Game {
    pub(crate) fn score_completed(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        let pl = self.placed[idx];
        let tile = &self.rules.tiles[pl.tile as usize];
        // Roads and cities this tile belongs to that are now closed.
        let mut done = Done::new();
        // Modules that act on every completed feature (goods go to whoever
        // completes a city, knights or not) need the unoccupied ones too.
        let all = mechanics::live(self, Hook::OnScored);
        for (s, seg) in tile.segments.iter().enumerate() {
            if matches!(seg.kind, Kind::City | Kind::Road) {
                done.note(self, pl.node_base + s as u16, all);
            }
        }
        if mechanics::live(self, Hook::Segments) && self.added != NO_NODE {
            // A segment a module added this part (a bridge) may have closed
            // a feature the tile's own segments are not part of.
            let added = std::mem::replace(&mut self.added, NO_NODE);
            if matches!(
                self.features.nodes[added as usize].kind,
                Kind::City | Kind::Road
            ) {
                done.note(self, added, all);
            }
        }
        if mechanics::live(self, Hook::Links) {
            // A module's move this part (a ferry moved) may have closed a
            // feature the tile's segments are not part of.
            mechanics::closed(self, idx, &mut |node| {
                if matches!(
                    self.features.nodes[node as usize].kind,
                    Kind::City | Kind::Road
                ) {
                    done.note(self, node, all);
                }
            });
        }
        if tile.closes {
            // A tile whose sides close what they meet completes its
            // neighbours' features, not its own (the abbey).
            for side in 0..4 {
                let (x, y) = (pl.x as i32 + DX[side], pl.y as i32 + DY[side]);
                let Some(q) = self.board.placed_at(x, y) else {
                    continue;
                };
                let Some(b) = self.node_at(q, facing((3 * side + 1) as u8)) else {
                    continue;
                };
                if matches!(
                    self.features.nodes[b as usize].kind,
                    Kind::City | Kind::Road
                ) {
                    done.note(self, b, all);
                }
            }
        }
        for &root in done.first[..done.n].iter().chain(&done.more) {
            score_feature(self, root, Reason::Completed, events);
        }
        // Occupied cloisters and gardens on this tile and the eight around it
        // (only an occupied one can score, so look at the followers, if
        // any stands on one).
        debug_assert_eq!(
            usize::from(self.around),
            self.followers.iter().filter(|f| f.around).count()
        );
        if self.around == 0 {
            return;
        }
        let (px, py) = (i32::from(pl.x), i32::from(pl.y));
        let complete = |g: &Game, f: &Deployed| {
            let node = g.features.nodes[f.node as usize];
            let q = g.placed[node.placed as usize];
            let (x, y) = (i32::from(q.x), i32::from(q.y));
            (x - px).abs() <= 1 && (y - py).abs() <= 1 && g.board.neighbours8(x, y) == 8
        };
        // The first complete one, looking no further than the last of the
        // `around` followers standing on such features.
        let first_complete = |g: &Game| {
            let mut left = g.around;
            for f in &g.followers {
                if left == 0 {
                    break;
                }
                if f.around {
                    left -= 1;
                    if complete(g, f) {
                        return Some(*f);
                    }
                }
            }
            None
        };
        while let Some(f) = first_complete(self) {
            // Scoring removes its followers, maybe some before this one (a
            // challenge's loser, `mechanics::heretics`): look again from the
            // start (those before were not complete and still are not).
            score_feature(self, f.node, Reason::Completed, events);
        }
    }
}
