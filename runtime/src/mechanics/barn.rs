//! The barn (Abbey & Mayor, 000_9deb58b1a7d17d38.txt L1748-L1803, fn 39-55
//! L1873-L1889): one per player (L1754), placed instead of a follower on the
//! point where four tiles meet, one of them the tile just placed, all four
//! showing only field there (L1762), on a farm without a barn (L1767); it
//! stays to the end (L1769). It is no follower (fn 1 L1834) but keeps
//! farmers off its farm for good (L1790), so it stands in the followers as
//! a figure that occupies its feature and counts 0 for majority. It stands
//! on a corner, not on the tile: a tile that takes no figure (River II's
//! volcano lake) does not ban it, as a volcano does not (fn 40 L1874).
//!
//! Editions: fn 43 (L1877) says the RGG edition drops "not on a farm with
//! another barn", but the RGG booklet itself says "There may only be one
//! barn on each farm" (fn 50 L1884; 002_7f8d72b3eaff567f.txt L708-L709):
//! every source keeps the rule, so it is no option.
//!
//! Scoring (the `Scoring` hook, after the part's completed features, fn 45
//! L1879): placing the barn scores its farm's farmers as at the end, 3 per
//! completed city (L1777, example L1779); a tile that joins a farm with
//! farmers to a barn's farm scores them 1 per city (L1790-L1792); the
//! farm bonuses (the pig, +1 per city, L1777 and L1790; the pig herd,
//! L1787 and L1800) come from `mechanics::farm_bonus` as at the end. Then
//! the farmers and pigs go home; the barn stays. At the end each barn scores
//! 4 per completed city of its farm, several barns on one farm each in full,
//! and the pig herd adds nothing (L1803, fn 54 L1888). A castle of
//! Bridges, Castles & Bazaars counts a point more than a city in each of
//! these: 4 on placing, 2 on joining, 5 at the end (L1785, L1798, L1803;
//! `scoring::farm_cities`).

use super::{At, CornerFigure, Hook, Mech, Mechanic, Shown, Sink, Why};
use crate::engine::game::{Game, NO_NODE};
use crate::engine::scoring;
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) struct Barn;

/// The corner names, in `Arg::Corner` order (NW, NE, SE, SW on the board).
pub const CORNER_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];

/// `barn`: the player's barn onto corner `c` of the tile just placed.
pub fn barn(c: u8) -> Action {
    Action::of(Mech::Barn, 0, Arg::Corner(c))
}

impl Mechanic for Barn {
    const HOOKS: &'static [Hook] = &[Hook::WoodAnswers, Hook::Scoring, Hook::GameEnd];
    const FIGURES: &'static [FigureDef] = &[FigureDef {
        kind: FollowerKind::Barn,
        name: "barn",
        label: "barn",
        supply: 1,
        strength: 0,
        follower: false,
        occupies: true,
        on_tile: false,
        stands_on: 0,
        svg: Some(BARN_SVG),
    }];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "barn",
        answers: Answers::Wood,
        arg: ArgKind::Corner,
        field: "corner",
        label: "barn on the corner",
    }];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::Barn,
        name: "barn",
        as_final: false,
        paid: false,
    }];
    /// Per player, the placed tile and the corner of it where the barn
    /// stands (one barn each, L1754).
    type State = [Option<(u16, u8)>; MAX_PLAYERS];

    /// It goes onto a corner, never a segment (the `barn` action).
    fn check_figure(_g: &Game, _w: &super::WoodSpot, _d: Deploy) -> Result<(), MoveError> {
        Err(MoveError::rule(Mech::Barn, NOT_A_SEGMENT))
    }

    /// The corners of the new tile the active player's barn may go onto.
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Wood(idx) = at else { return };
        if g.figures(g.to_move, FollowerKind::Barn) == 0 {
            return;
        }
        let idx = idx as usize;
        for c in 0..4 {
            // Most corners of a new tile fail before `spot`'s checks with
            // their errors: its own corner is not a field (read without the
            // board), or one of the three tiles a barn needs around it
            // (L1762) is missing.
            if corner_field(g, idx, c).is_none() || corner_tiles(g, idx, c).is_none() {
                continue;
            }
            if spot(g, idx, c).is_ok() {
                out.put(barn(c));
            }
        }
    }

    /// Put the active player's barn on a corner of the new tile (checked;
    /// nothing changes on error). It scores in the scoring step.
    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        let (At::Wood(idx), Arg::Corner(c)) = (at, a.arg()) else {
            return Err(MoveError::Waiting("place a tile"));
        };
        let idx = idx as usize;
        let node = spot(g, idx, c)?;
        g.put_figure(g.to_move, FollowerKind::Barn, node);
        g.ext.barn[g.to_move as usize] = Some((idx as u16, c));
        Ok(())
    }

    fn scoring(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
        scoring(g, idx, events)
    }

    fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
        game_end(g, events)
    }

    /// The farm of a barn placed now (even without farmers yet: placing
    /// the barn is the farm's scoring, fn 26 L2169), and a barn's farm that
    /// tile `idx` joined to farmers (as `scoring` finds them).
    fn scores_in_part(g: &Game, idx: usize, found: &mut dyn FnMut(u16)) {
        for b in g.ext.barn[..g.players as usize].iter().flatten().copied() {
            let farm = g.features.find(barn_node(g, b));
            let barns = g.ext.barn[..g.players as usize]
                .iter()
                .flatten()
                .filter(|&&o| g.features.find(barn_node(g, o)) == farm)
                .count();
            let farmers = g.features.nodes[farm as usize].occupants as usize > barns;
            let joined = (0..g.segments_of(idx)).any(|s| {
                let node = g.node_of(idx, s);
                g.kind_of(node) == Kind::Field && g.features.find(node) == farm
            });
            if b.0 as usize == idx || (joined && farmers) {
                found(farm);
            }
        }
    }

    fn show(g: &Game, out: &mut Shown) {
        for (p, b) in g.ext.barn[..g.players as usize].iter().enumerate() {
            if let Some((placed, corner)) = *b {
                out.corners.push(CornerFigure {
                    player: p as u8,
                    kind: FollowerKind::Barn,
                    placed,
                    corner,
                });
            }
        }
    }

    fn state_json(g: &Game, out: &mut serde_json::Map<String, serde_json::Value>) {
        let barns: Vec<serde_json::Value> = g.ext.barn[..g.players as usize]
            .iter()
            .enumerate()
            .filter_map(|(p, b)| {
                let (placed, corner) = (*b)?;
                let q = g.placed().get(placed as usize)?;
                Some(serde_json::json!({
                    "player": p, "x": q.x, "y": q.y,
                    "corner": CORNER_NAMES[corner as usize & 3],
                }))
            })
            .collect();
        out.insert("barns".into(), serde_json::Value::Array(barns));
    }
}

// The refusals, as `MoveError::Rule` says them.
pub(crate) const BAD_CORNER: &str =
    "a corner is 0-3: north-west, north-east, south-east, south-west";
pub(crate) const NONE_LEFT: &str = "the player's barn is on the board already";
pub(crate) const FOUR_TILES: &str = "a barn goes only where four placed tiles meet (L1762)";
pub(crate) const FIELDS_ONLY: &str =
    "a barn goes only where all four tiles show nothing but one field (L1762, L1765)";
pub(crate) const ONE_PER_FARM: &str = "that farm has a barn already (L1767, L1790)";
pub(crate) const NOT_A_SEGMENT: &str =
    "the barn goes onto a tile corner (the `barn` action), not onto a segment";

/// Points per completed city: placing the barn (L1784), joining a farm
/// with farmers to a barn's (L1797), and the barn at the end (L1803).
const ON_PLACING: u32 = 3;
const ON_JOINING: u32 = 1;
const AT_THE_END: u32 = 4;

/// The two board ports of a tile that touch its corner `c` (0 = NW,
/// clockwise): the half-sides on either side of it (NW: Wn and Nw).
#[inline]
fn corner_ports(c: u8) -> [usize; 2] {
    [(3 * c as usize + 11) % 12, 3 * c as usize]
}

/// A cell and one of its corners.
type Corner = (i32, i32, u8);

/// The four tiles' cells around corner `c` of the cell (x, y), each with its
/// own corner at that point: the cell itself, its neighbour east or west,
/// north or south, and diagonally.
fn around(x: i32, y: i32, c: u8) -> [Corner; 4] {
    let dx = if c == 0 || c == 3 { -1 } else { 1 };
    let dy = if c < 2 { -1 } else { 1 };
    [
        (x, y, c),
        (x + dx, y, c ^ 1),
        (x, y + dy, 3 - c),
        (x + dx, y + dy, (c + 2) % 4),
    ]
}

/// The field node of placed tile `q` at its corner `c`, when both
/// half-sides there are one field ("only consist of fields at this
/// intersection point", L1762; a tile that splits them, like a mist bank,
/// does not count, fn 42 L1876).
fn corner_field(g: &Game, q: usize, c: u8) -> Option<u16> {
    let [a, b] = corner_ports(c);
    let pl = &g.placed[q];
    let (a, b) = (pl.port_node(a), pl.port_node(b));
    (a != NO_NODE && a == b && g.kind_of(a) == Kind::Field).then_some(a)
}

/// The four tiles around corner `c` of placed tile `idx` (`idx` first) and
/// their cells with the corner of each at that point (`around`), when all
/// four are on the board (L1762).
fn corner_tiles(g: &Game, idx: usize, c: u8) -> Option<([usize; 4], [Corner; 4])> {
    let q = g.placed[idx];
    let cells = around(q.x as i32, q.y as i32, c);
    // `cells[0]` is the tile's own cell.
    let mut tiles = [idx; 4];
    for k in 1..4 {
        let (x, y, _) = cells[k];
        tiles[k] = g.board.placed_at(x, y)?;
    }
    Some((tiles, cells))
}

/// The node of tile `idx` where the active player's barn would stand at its
/// corner `c`, or why it may not.
fn spot(g: &Game, idx: usize, c: u8) -> Result<u16, MoveError> {
    if c >= 4 {
        return Err(MoveError::rule(Mech::Barn, BAD_CORNER));
    }
    if g.figures(g.to_move, FollowerKind::Barn) == 0 {
        return Err(MoveError::rule(Mech::Barn, NONE_LEFT));
    }
    let (tiles, cells) = corner_tiles(g, idx, c).ok_or(MoveError::rule(Mech::Barn, FOUR_TILES))?;
    let node = corner_field(g, idx, c).ok_or(MoveError::rule(Mech::Barn, FIELDS_ONLY))?;
    for k in 1..4 {
        corner_field(g, tiles[k], cells[k].2).ok_or(MoveError::rule(Mech::Barn, FIELDS_ONLY))?;
    }
    if has_barn(g, g.root_of(node)) {
        return Err(MoveError::rule(Mech::Barn, ONE_PER_FARM));
    }
    Ok(node)
}

/// The barns on the board, as kept in `Ext` (at most one per player, so
/// looking there is cheaper than through all the followers).
fn standing(g: &Game) -> impl Iterator<Item = (u16, u8)> + '_ {
    g.ext.barn[..g.players as usize].iter().flatten().copied()
}

fn has_barn(g: &Game, farm: u16) -> bool {
    standing(g).any(|b| g.root_of(barn_node(g, b)) == farm)
}

/// The feature node a barn kept in `Ext` stands on.
fn barn_node(g: &Game, (placed, c): (u16, u8)) -> u16 {
    g.placed[placed as usize].port_node(corner_ports(c)[0])
}

/// The farm's farmers score `per_city` per completed city, with the farm
/// bonuses, and go home with their pigs.
fn score_farmers(g: &mut Game, farm: u16, per_city: u32, events: &mut Vec<ScoreEvent>) {
    let s = scoring::strengths(g, farm);
    let bordering = scoring::farm_cities(g, farm);
    let cities = bordering.count() as u32;
    let bonus = Some((farm, cities));
    // A castle counts a point more than a city: 4 on placing, 2 on joining
    // (L1785, L1798).
    scoring::award(
        g,
        farm,
        &s,
        per_city * cities + bordering.extra,
        Kind::Field,
        Reason::Barn,
        events,
        bonus,
    );
    scoring::scored(g, farm, Reason::Barn, events);
    // The farmers and pigs go home; the barn "remains" (L1769, L1787).
    g.remove_where(
        farm,
        Why::Scored(Reason::Barn),
        |f| f.kind != FollowerKind::Barn,
        events,
    );
}

/// The scoring step after tile `idx`'s completed features: the barn placed
/// on it this part scores its farm's farmers; then any farm of the tile
/// that holds a barn and farmers was just joined to a barn's farm (farmers
/// never go onto one, L1790), and its farmers score 1 per city.
fn scoring(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
    // The barns' farms, found once: scoring farmers joins nothing.
    let mut farms = [NO_NODE; MAX_PLAYERS];
    let mut n = 0;
    let mut placed_now = None;
    for b in g.ext.barn[..g.players as usize].iter().flatten().copied() {
        farms[n] = g.features.find(barn_node(g, b));
        if b.0 as usize == idx {
            placed_now = Some(farms[n]);
        }
        n += 1;
    }
    if n == 0 {
        return;
    }
    // A farm whose occupants are all barns has no farmers (and so no pig)
    // to score: most tiles that grow a barn's farm stop here.
    let farmers = |g: &Game, farm: u16| {
        let barns = farms[..n].iter().filter(|&&f| f == farm).count();
        g.features.nodes[farm as usize].occupants as usize > barns
    };
    if let Some(farm) = placed_now.filter(|&f| farmers(g, f)) {
        score_farmers(g, farm, ON_PLACING, events);
    }
    for s in 0..g.segments_of(idx) {
        let node = g.node_of(idx, s);
        if g.kind_of(node) != Kind::Field {
            continue;
        }
        let farm = g.features.find(node);
        if farms[..n].contains(&farm) && farmers(g, farm) {
            score_farmers(g, farm, ON_JOINING, events);
        }
    }
}

/// Final scoring: each barn scores 4 per completed city bordering its farm
/// and 5 per castle (L1803), whoever else has a barn there; no pig-herd
/// bonus (fn 54 L1888).
fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
    for player in 0..g.players {
        let Some(b) = g.ext.barn[player as usize] else {
            continue;
        };
        // Each barn in full, even beside another on its farm (L1803).
        let farm = g.features.find(barn_node(g, b));
        let bordering = scoring::farm_cities(g, farm);
        // 5 per castle (L1803).
        let points = AT_THE_END * bordering.count() as u32 + bordering.extra;
        if points > 0 {
            g.add_points(
                events,
                ScoreEvent::new(player, points, Kind::Field, Reason::Final),
            );
        }
    }
}

/// A barn with a pitched roof and a white cross-braced door: a building, not
/// a figure, centred on the corner where four tiles meet.
const BARN_SVG: &str = concat!(
    r##"<g id="barn"><path d="M-9.5 -2 L0 -10.5 L9.5 -2 L9.5 9.5 L-9.5 9.5 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/>"##,
    r##"<path d="M-4.2 9.5 V1.2 H4.2 V9.5 M-4.2 1.2 L4.2 9.5 M4.2 1.2 L-4.2 9.5" fill="none" stroke="#fff" stroke-width="1.3"/>"##,
    r##"<path d="M-11.5 -0.6 L0 -12 L11.5 -0.6" fill="none" stroke="#111" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></g>"##
);

#[cfg(test)]
mod tests {
    use super::*;

    /// The corner's two ports are the half-sides meeting there, and the
    /// four cells' corners all name the same point of the board.
    #[test]
    fn corners_meet_at_one_point() {
        let names = [
            "Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn",
        ];
        let ports: Vec<[&str; 2]> = (0..4).map(|c| corner_ports(c).map(|p| names[p])).collect();
        assert_eq!(
            ports,
            [["Wn", "Nw"], ["Ne", "En"], ["Es", "Se"], ["Sw", "Ws"]]
        );
        // Corner c of cell (x, y) is the board point (x + right, y + down).
        let point =
            |x: i32, y: i32, c: u8| (x + i32::from(c == 1 || c == 2), y + i32::from(c >= 2));
        for c in 0..4 {
            let cells = around(5, 7, c);
            let p = point(5, 7, c);
            for (x, y, k) in cells {
                assert_eq!(point(x, y, k), p, "corner {c}: cell ({x}, {y}) corner {k}");
            }
            let mut xy: Vec<(i32, i32)> = cells.iter().map(|&(x, y, _)| (x, y)).collect();
            xy.sort();
            xy.dedup();
            assert_eq!(xy.len(), 4, "four different cells");
        }
    }
}
