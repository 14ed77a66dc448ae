//! The wooden bridges of Bridges, Castles & Bazaars
//! (000_9deb58b1a7d17d38.txt L2465-L2483, fn 13-19 L2580-L2586;
//! rules_digest.md A.10).
//!
//! - Each player has 3 bridges with two to four players, 2 with five or six
//!   (L2394-L2397); the box holds 12 (L2385), so 1 each with seven or eight.
//! - During a turn, besides the tile and the figure, a player may build one
//!   bridge (L2469; a turn of two parts is one turn): on the tile just
//!   placed or on a tile touching it on a side (L2473), from the middle of
//!   one side to the middle of the opposite one, both ends on field sides
//!   (L2474), each end continuing a road (or bridge) in play or facing an
//!   empty place (fn 15 L2582). One tile takes one bridge (fn 18 L2585).
//!   It is built at the figure step, before its answer (fn 17 L2584: a
//!   figure may then stand on a bridge on the tile just placed), as
//!   `bridge` with the site and the axis as a word (`BRIDGE_WORDS`).
//! - A tile may be placed where its road ends at a field, or a field meets
//!   a road, when a bridge then continues the road (L2476, fn 13 L2580):
//!   such placements are legal (`Hook::Enables`) and the bridge that makes
//!   the tile fit is then the only answer of the figure step until it is
//!   built (`compels`). The player may also decline such a tile, which is
//!   then discarded (fn 14 L2581: never mandatory).
//! - The bridge is a road segment of its tile (L2469): it joins the roads
//!   at its ends into one, a tile with a printed road and a bridge of the
//!   same road counts once (fn 16 L2583, `scoring::tiles_in`), and what is
//!   under it is not divided (L2476: its tile's segments are untouched). A
//!   bridge over a cloister is allowed, occupied or not (L2481). At the
//!   figure step a bridge on the tile just placed is one of its roads for
//!   every figure (fn 17 L2584, `WoodSpot::segments`); one that carries a
//!   builder's road on gives its second tile (A.7 fn 7 L1002, the builder's
//!   `Hook::SegmentAdded`).

use serde_json::{json, Map, Value};

use super::{At, Hook, Mech, Mechanic, Neutral, NeutralDef, Shown, Sink};
use crate::engine::board::BLOCK;
use crate::engine::board::{DX, DY};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::tables::{Edge, Kind, TileType, NO_SEGMENT};

pub(crate) struct Bridges;

/// Bridges a game can hold: every player's.
const MAX_BRIDGES: usize = 24;

/// The bridge's site and axis, relative to the tile just placed: the tile
/// itself, or its neighbour to the N, E, S or W; `NS` runs from the north
/// side's middle to the south side's, `EW` from east to west. Word `i` is
/// site `i / 2` (0: the tile placed, 1-4: N E S W) and axis `i % 2`.
pub const BRIDGE_WORDS: &[&str] = &[
    "NS", "EW", "N:NS", "N:EW", "E:NS", "E:EW", "S:NS", "S:EW", "W:NS", "W:EW",
];

const BUILD: u8 = 0;

/// Each player's bridges (L2394-L2397; L2385 for seven or eight).
pub fn bridges_for(players: u8) -> u8 {
    match players {
        0..=4 => 3,
        5 | 6 => 2,
        _ => 1,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct State {
    /// Bridges in each player's supply.
    left: [u8; MAX_PLAYERS],
    /// The placed tiles with a bridge, in the order built.
    on: [u16; MAX_BRIDGES],
    /// Who built each.
    by: [u8; MAX_BRIDGES],
    n: u8,
    /// A bridge was built this turn (one a turn, L2469).
    built: bool,
    /// The tile placed this part fits only once its bridge is built.
    owed: bool,
}

impl Default for State {
    fn default() -> Self {
        State {
            left: [0; MAX_PLAYERS],
            on: [0; MAX_BRIDGES],
            by: [0; MAX_BRIDGES],
            n: 0,
            built: false,
            owed: false,
        }
    }
}

const BRIDGE_SVG: &str = r##"<g id="bridge"><path d="M-10 3 Q0 -7 10 3" fill="none" stroke="#6d4c2f" stroke-width="3"/><path d="M-10 5 H10" stroke="#6d4c2f" stroke-width="1.5"/></g>"##;

/// The edge code tile `idx` shows on board side `side`: its printed one,
/// or a road where a bridge ends, built or (`extra`: tile and axis) about
/// to be.
fn shows(g: &Game, idx: usize, side: usize, extra: Option<(usize, u8)>) -> u16 {
    let q = g.placed[idx];
    if extra == Some((idx, (side % 2) as u8)) {
        return Edge::Road as u16;
    }
    // The port test first: it rules out most tiles without the node lookup.
    if q.ports[3 * side + 1] == g.segments_of(idx) && g.added_segment(idx).is_some() {
        return Edge::Road as u16;
    }
    let t = &g.rules.tiles[q.tile as usize];
    (t.rot_edges[usize::from(q.rotation & 3)] >> (4 * side)) & 0xF
}

/// The placed tile beside tile `idx` on side `side`.
fn beside(g: &Game, idx: usize, side: usize) -> Option<usize> {
    let q = g.placed[idx];
    g.board
        .placed_at(q.x as i32 + DX[side], q.y as i32 + DY[side])
}

/// Whether a bridge may be built on placed tile `idx` along `axis` (0:
/// N-S, 1: E-W): none there yet (fn 18 L2585), both ends on field sides
/// (L2474), each continuing a road or facing an empty place (fn 15 L2582).
fn may_build(g: &Game, idx: usize, axis: u8) -> bool {
    fields_free(g, idx, axis)
        && [axis, axis + 2]
            .into_iter()
            .all(|side| end_continues(g, idx, usize::from(side)))
}

/// `may_build` on a tile whose side `empty` (on `axis`) faces an empty
/// cell: only the other end's neighbour is looked at.
fn may_build_facing_empty(g: &Game, idx: usize, axis: u8, empty: usize) -> bool {
    debug_assert_eq!(empty % 2, usize::from(axis));
    fields_free(g, idx, axis) && end_continues(g, idx, (empty + 2) % 4)
}

/// Whether placed tile `idx` has field sides at both ends of `axis`, with
/// no road port there, and no bridge yet (`may_build`'s own-tile part).
fn fields_free(g: &Game, idx: usize, axis: u8) -> bool {
    let q = g.placed[idx];
    let t = &g.rules.tiles[q.tile as usize];
    let edges = t.rot_edges[usize::from(q.rotation & 3)];
    // The tile's own edges first: they rule out most tiles without a
    // lookup of the features.
    [axis as usize, axis as usize + 2].into_iter().all(|side| {
        (edges >> (4 * side)) & 0xF == Edge::Field as u16 && q.ports[3 * side + 1] == NO_SEGMENT
    }) && g.added_segment(idx).is_none()
}

/// Whether a bridge end on side `side` of placed tile `idx` continues a
/// road or faces an empty place (fn 15 L2582).
fn end_continues(g: &Game, idx: usize, side: usize) -> bool {
    beside(g, idx, side).is_none_or(|o| shows(g, o, (side + 2) % 4, None) == Edge::Road as u16)
}

/// One bit per side (bit `4s`): the low bit of each nibble.
const ONES: u16 = 0x1111;

/// Bit `4s` set where nibble `s` of `x` is not zero.
#[inline(always)]
const fn nonzero(x: u16) -> u16 {
    (x | x >> 1 | x >> 2 | x >> 3) & ONES
}

/// Whether a bridge could mend every side where a tile with rotated edges
/// `edges` fails the demands `req` (`mask`) of an open position: a bridge
/// only turns field sides into road ones, so each such side is the tile's
/// field where the neighbour demands a road (a bridge on the tile) or the
/// tile's road where the neighbour shows a field (a bridge on the
/// neighbour: `may_build` wants its printed field there, and an open
/// position demands a neighbour's printed edge until a segment is added
/// to it, which rules out a bridge on it too). A necessary condition
/// only, cheap enough (all four sides at once) to rule out nearly every
/// placement before `bridge_making_fit` looks at anything else.
#[inline(always)]
fn mendable(edges: u16, req: u16, mask: u16) -> bool {
    let diff = (edges ^ req) & mask;
    let road = !nonzero(edges ^ (Edge::Road as u16 * ONES)) & ONES;
    let field = !nonzero(edges ^ (Edge::Field as u16 * ONES)) & ONES;
    // A field side and a road one differ by exactly `Road ^ Field`.
    let swapped = !nonzero(diff ^ ((Edge::Road as u16 ^ Edge::Field as u16) * ONES)) & ONES;
    nonzero(diff) & !(swapped & (road | field)) == 0
}

/// Bit `4s` for each side of `edges` that shows `edge`.
#[inline(always)]
const fn sides_showing(edges: u16, edge: Edge) -> u16 {
    !nonzero(edges ^ (edge as u16 * ONES)) & ONES
}

/// The sides of an axis (bit `4s` each): N and S, E and W.
const AXIS_SIDES: [u16; 2] = [0x0101, 0x1010];

/// What `near_misses` knows of one rotation of a tile: its edges, the same
/// with road and field sides swapped, its road sides (bit `4s`) and the
/// axes along which both ends are fields (a bridge on it may run there).
#[derive(Clone, Copy)]
struct Rotated {
    edges: u16,
    swapped: u16,
    roads: u16,
    axes: [bool; 2],
}

impl Rotated {
    fn new(edges: u16) -> Rotated {
        let roads = sides_showing(edges, Edge::Road);
        let fields = sides_showing(edges, Edge::Field);
        Rotated {
            edges,
            // A side where these meet a demand and `edges` do not is a
            // road where a field is demanded or the reverse (`mendable`).
            swapped: edges ^ ((roads | fields) * (Edge::Road as u16 ^ Edge::Field as u16)),
            roads,
            axes: AXIS_SIDES.map(|a| fields & a == a),
        }
    }
}

/// For a block of eight open positions, byte `j`: the rotations that miss
/// position `j`'s demands and that a bridge mends by `bridge_making_fit`'s
/// two ways, as far as the tile and the demands tell. Bit `r`: rotation `r`
/// fits with a bridge on the tile itself (its field ends on an axis meet
/// roads on exactly the sides it misses); nothing else decides that, so
/// these are placements the bridge makes legal. Bit `4 + r` (where bit `r`
/// is clear): it misses one side alone, where its road meets a field, and
/// fits if the neighbour there may take a bridge (`may_build`), the one
/// thing left to look at. Every placement is tested when a bridge may be
/// built, eight positions at once; only the second kind is looked at
/// further, one by one.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn near_misses(rot: &[Rotated; 4], req: &[u16; BLOCK], mask: &[u16; BLOCK]) -> u64 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of every x86-64; both loads read exactly the 16
    // bytes of an `[u16; 8]` (unaligned loads need no alignment).
    unsafe {
        let q = _mm_loadu_si128(req.as_ptr().cast());
        let m = _mm_loadu_si128(mask.as_ptr().cast());
        let zero = _mm_setzero_si128();
        let ones = _mm_set1_epi16(ONES as i16);
        let nonzero = |x: __m128i| {
            let x = _mm_or_si128(
                _mm_or_si128(x, _mm_srli_epi16::<1>(x)),
                _mm_or_si128(_mm_srli_epi16::<2>(x), _mm_srli_epi16::<3>(x)),
            );
            _mm_and_si128(x, ones)
        };
        let is_zero = |x: __m128i| _mm_cmpeq_epi16(x, zero);
        // The sides with a neighbour, bit `4s` each.
        let sides = _mm_and_si128(m, ones);
        let mut near = zero;
        for (r, t) in rot.iter().enumerate() {
            let miss = nonzero(_mm_and_si128(
                _mm_xor_si128(_mm_set1_epi16(t.edges as i16), q),
                m,
            ));
            let still = nonzero(_mm_and_si128(
                _mm_xor_si128(_mm_set1_epi16(t.swapped as i16), q),
                m,
            ));
            // Each side missed is one a bridge may mend...
            let mendable = _mm_andnot_si128(is_zero(miss), is_zero(_mm_and_si128(miss, still)));
            // ...the neighboured ends of an axis of field ends...
            let mut on_tile = zero;
            for (axis, &a) in AXIS_SIDES.iter().enumerate() {
                if t.axes[axis] {
                    let ends = _mm_and_si128(sides, _mm_set1_epi16(a as i16));
                    on_tile = _mm_or_si128(on_tile, _mm_cmpeq_epi16(miss, ends));
                }
            }
            // ...or one road side alone (a bridge on its neighbour).
            let one = is_zero(_mm_and_si128(miss, _mm_sub_epi16(miss, _mm_set1_epi16(1))));
            let road = is_zero(_mm_andnot_si128(_mm_set1_epi16(t.roads as i16), miss));
            let on_neighbour = _mm_andnot_si128(on_tile, _mm_and_si128(one, road));
            let bits = _mm_or_si128(
                _mm_and_si128(on_tile, _mm_set1_epi16(1 << r)),
                _mm_and_si128(on_neighbour, _mm_set1_epi16(0x10 << r)),
            );
            near = _mm_or_si128(near, _mm_and_si128(mendable, bits));
        }
        _mm_cvtsi128_si64(_mm_packus_epi16(near, zero)) as u64
    }
}

/// `near_misses` one position at a time.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn near_misses(rot: &[Rotated; 4], req: &[u16; BLOCK], mask: &[u16; BLOCK]) -> u64 {
    let mut near = [0u8; BLOCK];
    for j in 0..BLOCK {
        for (r, t) in rot.iter().enumerate() {
            let miss = nonzero((t.edges ^ req[j]) & mask[j]);
            let still = nonzero((t.swapped ^ req[j]) & mask[j]);
            let mendable = miss != 0 && miss & still == 0;
            let on_tile = (0..2).any(|a| t.axes[a] && miss == mask[j] & ONES & AXIS_SIDES[a]);
            let on_neighbour = miss & miss.wrapping_sub(1) == 0 && miss & !t.roads == 0;
            if mendable && on_tile {
                near[j] |= 1 << r;
            } else if mendable && on_neighbour {
                near[j] |= 0x10 << r;
            }
        }
    }
    u64::from_le_bytes(near)
}

/// Whether tile `idx` matches every neighbour, with bridge `extra` built.
fn fits_all(g: &Game, idx: usize, extra: Option<(usize, u8)>) -> bool {
    (0..4).all(|side| {
        beside(g, idx, side).is_none_or(|o| {
            let (a, b) = (
                shows(g, idx, side, extra),
                shows(g, o, (side + 2) % 4, extra),
            );
            a == b || a == Edge::Any as u16 || b == Edge::Any as u16
        })
    })
}

/// The tile a word's site names, seen from placed tile `placed`.
fn site(g: &Game, placed: usize, word: u8) -> Option<usize> {
    match word / 2 {
        0 => Some(placed),
        s => beside(g, placed, usize::from(s - 1)),
    }
}

/// The bridge that makes `t` placed at `p` (open position `o`) fit, as
/// its word: on the tile itself, or on its neighbour on the side where the
/// tile's road meets that neighbour's field.
fn bridge_making_fit(g: &Game, t: &TileType, o: usize, p: Placement) -> Option<u8> {
    let open = &g.board.open;
    let edges = t.rot_edges[usize::from(p.rotation & 3)];
    let (req, mask) = (open.req[o], open.mask[o]);
    if !mendable(edges, req, mask) {
        return None;
    }
    // The sides that do not match (bit each): a bridge changes one tile's
    // edges on its own axis only, so it mends these only where they all
    // lie on that axis (on the tile) or on the one side it faces (on a
    // neighbour). Most placements are ruled out here, before any lookup.
    let nz = nonzero((edges ^ req) & mask);
    let bad = (nz | nz >> 3 | nz >> 6 | nz >> 9) as u8 & 0xF;
    // On the tile placed: both ends on field sides, turned into roads.
    for axis in 0..2u8 {
        if bad & !(0b101 << axis) != 0 {
            continue;
        }
        let sides = [axis as usize, axis as usize + 2];
        if sides
            .iter()
            .all(|&s| (edges >> (4 * s)) & 0xF == Edge::Field as u16)
        {
            let mut e = edges;
            for s in sides {
                e = e & !(0xF << (4 * s)) | (Edge::Road as u16) << (4 * s);
            }
            if (e ^ req) & mask == 0 {
                return Some(axis);
            }
        }
    }
    // On a neighbour: the side it shows the tile turns from field to road.
    for d in 0..4usize {
        if bad & !(1 << d) != 0 {
            continue;
        }
        // The edges first: the board and the neighbour are looked at only
        // for a placement the bridge would mend.
        let r = req & !(0xF << (4 * d)) | (Edge::Road as u16) << (4 * d);
        if (edges ^ r) & mask != 0 {
            continue;
        }
        if neighbour_takes_bridge(g, p, d, &mut None) {
            return Some(2 * (d as u8 + 1) + (d % 2) as u8);
        }
    }
    None
}

/// Whether the placed tile on side `d` of `p`'s open cell may take a
/// bridge along that side's axis, kept in `memo` once known.
fn neighbour_takes_bridge(g: &Game, p: Placement, d: usize, memo: &mut Option<bool>) -> bool {
    *memo.get_or_insert_with(|| {
        let (x, y) = (p.x as i32 + DX[d], p.y as i32 + DY[d]);
        // Its side facing the open cell is empty until the tile is down.
        g.board
            .placed_at(x, y)
            .is_some_and(|n| may_build_facing_empty(g, n, (d % 2) as u8, (d + 2) % 4))
    })
}

/// Whether the player to move may build a bridge now.
fn may_bridge(g: &Game) -> bool {
    let s = &g.ext.bridges;
    !s.built && s.left[g.to_move() as usize] > 0
}

impl Mechanic for Bridges {
    const HOOKS: &'static [Hook] = &[
        Hook::Setup,
        Hook::Enables,
        Hook::Segments,
        Hook::AfterPlace,
        Hook::WoodAnswers,
        Hook::TurnEnd,
    ];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "bridge",
        answers: Answers::Free,
        arg: ArgKind::Word(BRIDGE_WORDS),
        field: "bridge",
        label: "builds a bridge",
    }];
    const NEUTRALS: &'static [NeutralDef] = &[NeutralDef {
        name: "bridge",
        svg: BRIDGE_SVG,
    }];
    type State = State;

    fn setup(g: &mut Game) {
        let n = bridges_for(g.players());
        g.ext.bridges = State {
            left: [n; MAX_PLAYERS],
            ..State::default()
        };
    }

    fn enabling(g: &Game) -> bool {
        may_bridge(g)
    }

    fn enabled(g: &Game, t: &TileType, found: &mut dyn FnMut(Placement)) {
        let open = &g.board.open;
        let rot = t.rot_edges.map(Rotated::new);
        for (b, (req, mask)) in open.blocks().enumerate() {
            let near = near_misses(&rot, req, mask);
            if near == 0 {
                continue;
            }
            for (j, rotations) in near.to_le_bytes().into_iter().enumerate() {
                if rotations == 0 {
                    continue;
                }
                let o = b * BLOCK + j;
                let Some([x, y]) = open.xy(o) else { break };
                // Whether the neighbour on each side may take a bridge: the
                // same for every rotation.
                let mut memo = [None; 4];
                for rotation in 0..4u8 {
                    let p = Placement { x, y, rotation };
                    let fits = rotations & (1 << rotation) != 0
                        || (rotations & (0x10 << rotation) != 0 && {
                            // The one side missed, where the neighbour's
                            // field meets the tile's road.
                            let edges = t.rot_edges[usize::from(rotation)];
                            let d =
                                nonzero((edges ^ req[j]) & mask[j]).trailing_zeros() as usize / 4;
                            neighbour_takes_bridge(g, p, d, &mut memo[d])
                        });
                    debug_assert!(
                        open.fits(o, t.rot_edges[usize::from(rotation)])
                            || fits == bridge_making_fit(g, t, o, p).is_some(),
                        "near_misses and bridge_making_fit disagree on {p:?}"
                    );
                    if fits {
                        found(p);
                    }
                }
            }
        }
    }

    fn enables(g: &Game, t: &TileType, p: Placement) -> bool {
        g.board
            .open_at(p.x.into(), p.y.into())
            .and_then(|o| bridge_making_fit(g, t, o, p))
            .is_some()
    }

    /// A tile that does not match its neighbours was placed through a
    /// bridge still to be built (L2476).
    /// Only while a bridge may be built can a placement have needed one
    /// (`enabling`), so the neighbours are looked at only then.
    fn after_place(g: &mut Game, idx: usize) {
        g.ext.bridges.owed = may_bridge(g) && !fits_all(g, idx, None);
    }

    fn compels(g: &Game, _idx: u16) -> Option<&'static str> {
        g.ext
            .bridges
            .owed
            .then_some("the tile fits only with its bridge: build it first (L2476)")
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Wood(placed) = at else { return };
        if !may_bridge(g) {
            return;
        }
        let owed = g.ext.bridges.owed;
        // Each site once, for both of its axes.
        let placed = placed as usize;
        let sites: [Option<usize>; 5] = std::array::from_fn(|s| {
            if s == 0 {
                Some(placed)
            } else {
                beside(g, placed, s - 1)
            }
        });
        for word in 0..BRIDGE_WORDS.len() as u8 {
            let Some(idx) = sites[usize::from(word / 2)] else {
                continue;
            };
            debug_assert_eq!(Some(idx), site(g, placed, word));
            let axis = word % 2;
            if !may_build(g, idx, axis) {
                continue;
            }
            if owed && !fits_all(g, placed, Some((idx, axis))) {
                continue;
            }
            if !out.put(Action::of(Mech::Bridges, BUILD, Arg::Word(word))) {
                return;
            }
        }
    }

    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        let (At::Wood(placed), Arg::Word(word)) = (at, a.arg()) else {
            return Err(MoveError::rule(
                Mech::Bridges,
                "a bridge is built at the figure step",
            ));
        };
        if !may_bridge(g) {
            return Err(MoveError::rule(
                Mech::Bridges,
                "one bridge a turn, from the player's supply (L2469, L2394)",
            ));
        }
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(
                Mech::Bridges,
                "a bridge goes on the tile placed or a neighbour, both ends on field sides, each continuing a road or facing an empty place (L2473-L2474, fn 15, fn 18)",
            ));
        }
        let idx = site(g, placed as usize, word).expect("listed");
        let axis = word % 2;
        let ports = (1u16 << (3 * axis + 1)) | (1u16 << (3 * (axis + 2) + 1));
        g.add_segment(idx, Kind::Road, ports, Edge::Road);
        let me = g.to_move();
        let s = &mut g.ext.bridges;
        s.left[me as usize] -= 1;
        s.built = true;
        s.owed = false;
        if usize::from(s.n) < MAX_BRIDGES {
            s.on[s.n as usize] = idx as u16;
            s.by[s.n as usize] = me;
            s.n += 1;
        }
        Ok(())
    }

    fn turn_end(g: &mut Game, _events: &mut Vec<ScoreEvent>) {
        g.ext.bridges.built = false;
    }

    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.bridges;
        for &idx in &s.on[..s.n as usize] {
            let q = g.placed[idx as usize];
            let ns = q.ports[1] == g.segments_of(idx as usize);
            out.neutral.push(Neutral {
                label: Some(if ns { "N-S" } else { "E-W" }.to_string()),
                ..Neutral::on_cell(Self::NEUTRALS[0], q.x, q.y)
            });
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.bridges;
        let built: Vec<Value> = (0..s.n as usize)
            .map(|i| {
                let idx = s.on[i] as usize;
                let q = g.placed[idx];
                let ns = q.ports[1] == g.segments_of(idx);
                json!({ "x": q.x, "y": q.y, "axis": if ns { "NS" } else { "EW" }, "by": s.by[i] })
            })
            .collect();
        out.insert("bridges".into(), Value::Array(built));
        out.insert(
            "bridges_left".into(),
            json!(s.left[..usize::from(g.players())].to_vec()),
        );
        out.insert("bridge_built".into(), json!(s.built));
    }
}
