//! Where each segment of a tile type lies in a 100 × 100 square, worked out
//! from the compiled segments (ports, kinds, attributes), never from per-tile
//! pictures, so a new tile set draws with no code.
//!
//! Cities hug their sides (a cap on one side, a polygon through the inside
//! joining several); roads and rivers run from the middle of their sides to
//! the centre (two ports: a curve through the centre; one port: until they
//! meet a junction, a cloister, a city, a river or another road); a cloister
//! sits in the largest free area its roads lead to. Fields are what is left:
//! a coarse raster of the square is painted in drawing order and the free
//! cells are flooded from each field's half-edges, which gives every field
//! that touches an edge its area. An enclosed field takes a free area no edge
//! reaches, or else a courtyard carved out of its cities (`enclosed`). A
//! garden is laid over the roomiest part of a field, as near the centre as
//! it fits, once the fields are known (it cuts no field in two). Every
//! segment gets an anchor inside its visible area (where a follower stands)
//! and a second point for its symbols.

mod enclosed;
mod paths;
mod raster;
mod walls;

use paths::{obstacles, one_port_path, through};
use raster::{
    cell_centre, cell_of, cells_path, centroid, deepest, distances, distances_to, half_edge_cells,
    neighbours4,
};

use std::collections::VecDeque;

use carcassonne_runtime::generated::ATTRS;
use carcassonne_runtime::tables::{Kind, Segment, TileType};

/// A tile is `SIZE` × `SIZE` units; (0, 0) is its north-west corner.
pub const SIZE: f64 = 100.0;
/// Raster cells per side (each `SIZE / GRID` units).
const GRID: usize = 50;
const CELL: f64 = SIZE / GRID as f64;

pub const ROAD_WIDTH: f64 = 11.0;
pub const RIVER_WIDTH: f64 = 13.0;
/// Half the side of a cloister's footprint.
pub const CLOISTER_HALF: f64 = 13.0;
/// Half the side of a garden's footprint: smaller than a cloister, so that
/// it fits the narrower fields gardens lie in (beside roads, under cities).
pub const GARDEN_HALF: f64 = 10.0;
/// The least half side a garden shrinks to where its field is narrow.
const GARDEN_MIN_HALF: f64 = 5.0;
/// The field room a garden wants round its footprint, so that the field
/// still shows beside it (a farmer's place).
const GARDEN_ROOM: f64 = GARDEN_HALF + 6.0;
/// How far a garden's rounded corner reaches, per unit of its half side
/// (√2 less the rounding of a corner of radius 0.2 half sides): a garden
/// whose field is narrower than that shrinks rather than cover its edge.
const GARDEN_REACH: f64 = 1.25;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

pub const fn pt(x: f64, y: f64) -> Pt {
    Pt { x, y }
}

const CENTRE: Pt = pt(50.0, 50.0);

impl Pt {
    fn add(self, o: Pt) -> Pt {
        pt(self.x + o.x, self.y + o.y)
    }
    fn sub(self, o: Pt) -> Pt {
        pt(self.x - o.x, self.y - o.y)
    }
    fn scale(self, k: f64) -> Pt {
        pt(self.x * k, self.y * k)
    }
    fn len(self) -> f64 {
        self.x.hypot(self.y)
    }
    fn dist(self, o: Pt) -> f64 {
        self.sub(o).len()
    }
}

/// `p` turned `r` clockwise quarter turns about the tile's centre.
pub fn rot(p: Pt, r: u8) -> Pt {
    let mut q = p;
    for _ in 0..r % 4 {
        q = pt(SIZE - q.y, q.x);
    }
    q
}

/// The middle of side `s` (0 N, 1 E, 2 S, 3 W).
pub fn side_mid(s: u8) -> Pt {
    rot(pt(50.0, 0.0), s)
}

/// The corner where side `s` starts, going clockwise.
fn corner_start(s: u8) -> Pt {
    rot(pt(0.0, 0.0), s)
}

/// The corner where side `s` ends, going clockwise.
fn corner_end(s: u8) -> Pt {
    rot(pt(SIZE, 0.0), s)
}

/// The sides (0 N .. 3 W) whose middle port is in `ports`.
pub fn sides_of(ports: u16) -> Vec<u8> {
    (0..4u8)
        .filter(|s| ports & (1 << (3 * s + 1)) != 0)
        .collect()
}

/// A number for SVG: at most two decimals, no trailing zeros, no `-0`.
pub fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    let mut s = format!("{r:.2}");
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    if s == "-0" {
        s = "0".into();
    }
    s
}

fn p2(p: Pt) -> String {
    format!("{} {}", num(p.x), num(p.y))
}

/// How a road or river that leaves by one port ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// At the centre, where several such roads meet (or a dead end): a dot.
    Junction,
    /// Under a city, a cloister or another road or river.
    Covered,
    /// A river's spring or lake: a pond.
    Pond,
    /// At the far edge of the tile (nothing on the way).
    Edge,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Geom {
    /// A city: an SVG path and the polygon it flattens to.
    Area { d: String, poly: Vec<Pt> },
    /// A road or river: an SVG path, the polylines it follows, and for a
    /// one-port segment where it ends.
    Stroke {
        d: String,
        lines: Vec<Vec<Pt>>,
        width: f64,
        end: Option<(Pt, End)>,
    },
    /// A cloister standing at `at`; a shrine too (placed like a cloister,
    /// 000_9deb58b1a7d17d38.txt L2068: the drawing tells them apart).
    Cloister { at: Pt },
    /// A garden lying at `at`, over part of a field: a square of half side
    /// `half` (less than `GARDEN_HALF` in a narrow field).
    Garden { at: Pt, half: f64 },
    /// A field: the raster cells it covers, as an SVG path (possibly empty),
    /// and for an enclosed field the cities leave no room for, the courtyard
    /// carved out of them (drawn over the cities).
    Field { d: String, court: Option<Court> },
}

/// A round courtyard: where an enclosed field lies when the cities around it
/// leave no free area (a ring city, a city on all four sides).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Court {
    pub centre: Pt,
    pub radius: f64,
}

impl Court {
    pub fn covers(&self, p: Pt) -> bool {
        p.dist(self.centre) <= self.radius
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SegGeom {
    pub kind: Kind,
    pub geom: Geom,
    /// Drawing order: lower first.
    pub layer: u8,
    pub bridge: bool,
    /// Where a follower stands (inside the segment's visible area).
    pub anchor: Pt,
    /// Where the segment's attribute symbols go.
    pub symbol: Pt,
}

/// A tile-wide attribute (`tile +spring`) and where its symbol goes.
#[derive(Debug, Clone, PartialEq)]
pub struct TileMark {
    pub attr: u8,
    pub value: i16,
    pub at: Pt,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub segs: Vec<SegGeom>,
    /// The segments in drawing order.
    pub order: Vec<usize>,
    pub junction: Option<Pt>,
    pub marks: Vec<TileMark>,
    /// The raster: for each cell, the segment drawn there on top (-1: none).
    pub owner: Vec<i32>,
    /// Where two different fields meet with nothing drawn between them (a
    /// wall or hedge on the real tile): a line along each stretch.
    pub walls: Vec<Vec<Pt>>,
}

impl Layout {
    /// The segment drawn on top at `p` (fields included), if any.
    pub fn segment_at(&self, p: Pt) -> Option<usize> {
        if !(0.0..SIZE).contains(&p.x) || !(0.0..SIZE).contains(&p.y) {
            return None;
        }
        usize::try_from(self.owner[cell_of(p)]).ok()
    }

    /// How many raster cells segment `i` shows in.
    pub fn cells_of(&self, i: usize) -> usize {
        self.owner.iter().filter(|&&o| o == i as i32).count()
    }
}

fn is_bridge(seg: &Segment) -> bool {
    seg.attrs
        .iter()
        .any(|a| ATTRS[a.id as usize].name == "bridge")
}

/// The layer of a field with a courtyard: over every city, bridges included.
const COURT_LAYER: u8 = 15;
/// The layer of a garden: over the field it lies in, courtyards included.
const GARDEN_LAYER: u8 = 16;

fn layer_of(kind: Kind, bridge: bool) -> u8 {
    let base = match kind {
        Kind::Field => 0,
        Kind::River => 1,
        Kind::Road => 2,
        Kind::City => 3,
        Kind::Cloister | Kind::Shrine => 4,
        Kind::Garden => return GARDEN_LAYER,
    };
    if bridge && kind != Kind::Field {
        10 + base
    } else {
        base
    }
}

// ----- cities -------------------------------------------------------------

/// The curve from the end of city side `a` to the start of the next city
/// side, `k` non-city sides further on (1..=3): control points, in the
/// orientation where `a` is N, then turned into place. `tight` keeps the
/// city closer to its own sides, leaving room for another city on one of
/// the sides in between (and for a field enclosed between them).
fn gap_controls(a: u8, k: u8, tight: bool) -> (Pt, Pt) {
    let (c1, c2) = match (k, tight) {
        (3, false) => (pt(82.0, 42.0), pt(18.0, 42.0)),
        (3, true) => (pt(84.0, 32.0), pt(16.0, 32.0)),
        (2, false) => (pt(80.0, 40.0), pt(40.0, 80.0)),
        (2, true) => (pt(60.0, 22.0), pt(22.0, 60.0)),
        (_, false) => (pt(67.0, 25.0), pt(67.0, 75.0)),
        (_, true) => (pt(44.0, 25.0), pt(44.0, 75.0)),
    };
    (rot(c1, a), rot(c2, a))
}

fn cubic(p0: Pt, c1: Pt, c2: Pt, p3: Pt, t: f64) -> Pt {
    let u = 1.0 - t;
    p0.scale(u * u * u)
        .add(c1.scale(3.0 * u * u * t))
        .add(c2.scale(3.0 * u * t * t))
        .add(p3.scale(t * t * t))
}

fn quad(p0: Pt, c: Pt, p2: Pt, t: f64) -> Pt {
    let u = 1.0 - t;
    p0.scale(u * u)
        .add(c.scale(2.0 * u * t))
        .add(p2.scale(t * t))
}

/// A city on `sides` (non-empty): its outline path and polygon. `taken`
/// are the sides of the tile's other cities.
fn city_outline(sides: &[u8], taken: &[u8]) -> (String, Vec<Pt>) {
    let has = |s: u8| sides.contains(&(s % 4));
    if sides.len() >= 4 {
        let poly = vec![pt(0.0, 0.0), pt(SIZE, 0.0), pt(SIZE, SIZE), pt(0.0, SIZE)];
        return ("M0 0 H100 V100 H0 Z".to_string(), poly);
    }
    // Runs of consecutive city sides, clockwise, each as (first, last).
    let starts: Vec<u8> = (0..4u8).filter(|&s| has(s) && !has(s + 3)).collect();
    let runs: Vec<(u8, u8)> = starts
        .iter()
        .map(|&s| {
            let mut e = s;
            while has(e + 1) {
                e = (e + 1) % 4;
            }
            (s, e)
        })
        .collect();
    let mut d = String::new();
    let mut poly = Vec::new();
    for (i, &(first, last)) in runs.iter().enumerate() {
        let start = corner_start(first);
        if i == 0 {
            d.push_str(&format!("M{}", p2(start)));
            poly.push(start);
        }
        let mut s = first;
        loop {
            let c = corner_end(s);
            d.push_str(&format!(" L{}", p2(c)));
            poly.push(c);
            if s == last {
                break;
            }
            s = (s + 1) % 4;
        }
        let next = runs[(i + 1) % runs.len()].0;
        // Non-city sides between the runs: 1 to 3, as runs are maximal.
        let k = (next + 3 - last) % 4;
        let tight = (1..=k).any(|j| taken.contains(&((last + j) % 4)));
        let (c1, c2) = gap_controls(last, k, tight);
        let p0 = corner_end(last);
        let p3 = corner_start(next);
        d.push_str(&format!(" C{} {} {}", p2(c1), p2(c2), p2(p3)));
        for j in 1..=24 {
            poly.push(cubic(p0, c1, c2, p3, j as f64 / 24.0));
        }
    }
    d.push_str(" Z");
    (d, poly)
}

fn inside(poly: &[Pt], q: Pt) -> bool {
    let mut c = false;
    let n = poly.len();
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if (a.y > q.y) != (b.y > q.y) && q.x < (b.x - a.x) * (q.y - a.y) / (b.y - a.y) + a.x {
            c = !c;
        }
        j = i;
    }
    c
}

fn dist_to_segment(q: Pt, a: Pt, b: Pt) -> f64 {
    let ab = b.sub(a);
    let l2 = ab.x * ab.x + ab.y * ab.y;
    if l2 == 0.0 {
        return q.dist(a);
    }
    let t = (((q.x - a.x) * ab.x + (q.y - a.y) * ab.y) / l2).clamp(0.0, 1.0);
    q.dist(a.add(ab.scale(t)))
}

fn dist_to_lines(q: Pt, lines: &[Vec<Pt>]) -> f64 {
    let mut best = f64::INFINITY;
    for l in lines {
        for w in l.windows(2) {
            best = best.min(dist_to_segment(q, w[0], w[1]));
        }
    }
    best
}

// ----- the layout ----------------------------------------------------------

/// Work out where everything on `tile` lies.
pub fn layout(tile: &TileType) -> Layout {
    let segs = tile.segments;
    let n = segs.len();
    let mut geoms: Vec<Option<Geom>> = vec![None; n];

    // Cities, then roads and rivers through two or more sides.
    for (i, seg) in segs.iter().enumerate() {
        let sides = sides_of(seg.ports);
        match seg.kind {
            Kind::City if !sides.is_empty() => {
                let taken: Vec<u8> = segs
                    .iter()
                    .enumerate()
                    .filter(|&(j, o)| j != i && o.kind == Kind::City)
                    .flat_map(|(_, o)| sides_of(o.ports))
                    .collect();
                let (d, poly) = city_outline(&sides, &taken);
                geoms[i] = Some(Geom::Area { d, poly });
            }
            Kind::Road | Kind::River if sides.len() >= 2 => {
                let (d, lines) = through(&sides);
                let width = if seg.kind == Kind::Road {
                    ROAD_WIDTH
                } else {
                    RIVER_WIDTH
                };
                geoms[i] = Some(Geom::Stroke {
                    d,
                    lines,
                    width,
                    end: None,
                });
            }
            _ => {}
        }
    }
    let others = |geoms: &[Option<Geom>], skip: usize| -> Vec<Geom> {
        geoms
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != skip)
            .filter_map(|(_, g)| g.clone())
            .collect()
    };
    // Rivers from one side: to a spring or lake in the centre, or on until
    // they meet a city or road when the fields on their two sides differ.
    let single_rivers: Vec<(usize, u8)> = segs
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == Kind::River)
        .filter_map(|(i, s)| {
            let sides = sides_of(s.ports);
            (sides.len() == 1).then(|| (i, sides[0]))
        })
        .collect();
    let pond_tile = tile
        .attrs
        .iter()
        .any(|a| matches!(ATTRS[a.id as usize].name, "spring" | "lake"));
    for &(i, s) in &single_rivers {
        let gs = others(&geoms, i);
        let same = same_field(tile, s);
        let stop = pond_tile || same || single_rivers.len() >= 2;
        let obs = obstacles(&gs, None);
        let (via, end, how) = one_port_path(tile, s, CENTRE, stop, RIVER_WIDTH / 2.0, &obs);
        let how = if how == End::Junction && (pond_tile || same) {
            End::Pond
        } else {
            how
        };
        geoms[i] = Some(one_port_stroke(s, via, end, how, RIVER_WIDTH));
    }
    // The cloister: in the largest free area its one-port roads lead to.
    let single_roads: Vec<(usize, u8)> = segs
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == Kind::Road)
        .filter_map(|(i, s)| {
            let sides = sides_of(s.ports);
            (sides.len() == 1).then(|| (i, sides[0]))
        })
        .collect();
    // (A shrine stands where a cloister would: its roads lead to it.)
    let cloisters: Vec<usize> = (0..n)
        .filter(|&i| matches!(segs[i].kind, Kind::Cloister | Kind::Shrine))
        .collect();
    let mut cloister_at = None;
    if !cloisters.is_empty() {
        let gs: Vec<Geom> = geoms.iter().flatten().cloned().collect();
        let obs = obstacles(&gs, None);
        let free: Vec<bool> = (0..GRID * GRID)
            .map(|c| !obs.hit(cell_centre(c), 0.0))
            .collect();
        let mut mask = free.clone();
        if !single_roads.is_empty() {
            // Only the free area reachable from those roads' sides.
            let mut seen = vec![false; GRID * GRID];
            let mut queue = VecDeque::new();
            for &(_, s) in &single_roads {
                let c = cell_of(side_mid(s).add(CENTRE.sub(side_mid(s)).scale(0.04)));
                if free[c] && !seen[c] {
                    seen[c] = true;
                    queue.push_back(c);
                }
            }
            while let Some(c) = queue.pop_front() {
                for m in neighbours4(c) {
                    if free[m] && !seen[m] {
                        seen[m] = true;
                        queue.push_back(m);
                    }
                }
            }
            if seen.iter().any(|&s| s) {
                mask = seen;
            }
        }
        let mut at = deepest(&mask, 17.0, CENTRE).map_or(CENTRE, |(p, _)| p);
        // Each of those roads must show before it reaches the cloister: in a
        // ring city the free area its road leads to is a strip by the edge,
        // and the cloister there would hide the road; then it stands aside.
        let hidden = |at: Pt| {
            single_roads
                .iter()
                .any(|&(_, s)| stub(side_mid(s), at) < 6.0)
        };
        if hidden(at) {
            let clear: Vec<bool> = (0..GRID * GRID)
                .map(|c| mask[c] && !hidden(cell_centre(c)))
                .collect();
            if let Some((p, _)) = deepest(&clear, 17.0, CENTRE) {
                at = p;
            }
        }
        cloister_at = Some(at);
        for (k, &i) in cloisters.iter().enumerate() {
            // Several cloisters on one tile: side by side.
            let dx = (k as f64 - (cloisters.len() - 1) as f64 / 2.0) * 2.0 * CLOISTER_HALF;
            geoms[i] = Some(Geom::Cloister {
                at: pt(at.x + dx, at.y),
            });
        }
    }
    // Roads from one side: to the cloister, to a junction with other such
    // roads, or on until they meet a city, a river or another road (a road
    // whose two sides hold different fields must separate them).
    let mut junction = None;
    for &(i, s) in &single_roads {
        let gs = others(&geoms, i);
        let gs: Vec<Geom> = gs
            .into_iter()
            .filter(
                |g| !matches!(g, Geom::Stroke { end: Some(_), width, .. } if *width == ROAD_WIDTH),
            )
            .collect();
        let obs = obstacles(&gs, cloister_at);
        let same_field = same_field(tile, s);
        let (target, stop) = match cloister_at {
            Some(c) => (c, true),
            None => (CENTRE, single_roads.len() >= 2 || same_field),
        };
        let (via, end, how) = one_port_path(tile, s, target, stop, ROAD_WIDTH / 2.0, &obs);
        if how == End::Junction && cloister_at.is_none() {
            junction = Some(end);
        }
        geoms[i] = Some(one_port_stroke(s, via, end, how, ROAD_WIDTH));
    }
    for (i, seg) in segs.iter().enumerate() {
        if geoms[i].is_none() {
            geoms[i] = Some(match seg.kind {
                Kind::Cloister | Kind::Shrine => Geom::Cloister { at: CENTRE },
                // Placed once the fields are known, below.
                Kind::Garden => Geom::Garden {
                    at: CENTRE,
                    half: GARDEN_HALF,
                },
                _ => Geom::Field {
                    d: String::new(),
                    court: None,
                },
            });
        }
    }
    let mut geoms: Vec<Geom> = geoms.into_iter().map(|g| g.expect("set above")).collect();

    // Paint the raster in drawing order; then flood the fields.
    let bridges: Vec<bool> = segs.iter().map(is_bridge).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (layer_of(segs[i].kind, bridges[i]), i));
    let mut owner: Vec<i32> = vec![-1; GRID * GRID];
    for &i in &order {
        for (c, o) in owner.iter_mut().enumerate() {
            let q = cell_centre(c);
            let covers = match &geoms[i] {
                Geom::Area { poly, .. } => inside(poly, q),
                Geom::Stroke { lines, width, .. } => dist_to_lines(q, lines) <= width / 2.0,
                Geom::Cloister { at } => {
                    (q.x - at.x).abs() <= CLOISTER_HALF && (q.y - at.y).abs() <= CLOISTER_HALF
                }
                Geom::Garden { .. } | Geom::Field { .. } => false,
            };
            if covers {
                *o = i as i32;
            }
        }
    }
    let free: Vec<bool> = owner.iter().map(|&o| o < 0).collect();
    let mut field_of: Vec<i32> = vec![-1; GRID * GRID];
    let mut queue = VecDeque::new();
    for (i, seg) in segs.iter().enumerate() {
        if seg.kind != Kind::Field {
            continue;
        }
        for p in (0..12u8).filter(|p| p % 3 != 1 && seg.ports & (1 << p) != 0) {
            for c in half_edge_cells(p) {
                if free[c] && field_of[c] < 0 {
                    field_of[c] = i as i32;
                    queue.push_back(c);
                }
            }
        }
    }
    flood(&free, &mut field_of, &mut queue);
    // The enclosed fields (no ports): a free area no edge reaches, or a
    // courtyard carved out of their cities.
    let courts = enclosed::place(segs, &owner, &mut field_of);
    for (c, f) in field_of.iter().enumerate() {
        if *f >= 0 {
            owner[c] = *f;
        }
    }
    for &(f, court) in &courts {
        for (c, o) in owner.iter_mut().enumerate() {
            if court.covers(cell_centre(c)) {
                *o = f as i32;
            }
        }
        geoms[f] = Geom::Field {
            d: String::new(),
            court: Some(court),
        };
    }
    let walls = walls::walls(&field_of);
    for i in (0..n).filter(|&i| segs[i].kind == Kind::Garden) {
        let (at, room) = garden_spot(segs, &owner);
        let half = ((room - CELL / 2.0) / GARDEN_REACH).clamp(GARDEN_MIN_HALF, GARDEN_HALF);
        for (c, o) in owner.iter_mut().enumerate() {
            let q = cell_centre(c);
            if (q.x - at.x).abs() <= half && (q.y - at.y).abs() <= half {
                *o = i as i32;
            }
        }
        geoms[i] = Geom::Garden { at, half };
    }

    // Anchors and symbol points.
    let mut out = Vec::with_capacity(n);
    for (i, seg) in segs.iter().enumerate() {
        let mask: Vec<bool> = owner.iter().map(|&o| o == i as i32).collect();
        let cells: Vec<usize> = (0..GRID * GRID).filter(|&c| mask[c]).collect();
        if let Geom::Field { d, .. } = &mut geoms[i] {
            // A garden lies over its field: the field's shade runs on under
            // it, so no square of another green shows round the garden.
            let garden_at =
                |c: usize| usize::try_from(owner[c]).is_ok_and(|o| segs[o].kind == Kind::Garden);
            let shaded: Vec<bool> = (0..GRID * GRID)
                .map(|c| mask[c] || (field_of[c] == i as i32 && garden_at(c)))
                .collect();
            *d = cells_path(&shaded);
        }
        let cap = match seg.kind {
            Kind::Road | Kind::River => f64::INFINITY,
            _ => 12.0,
        };
        let fallback = fallback_anchor(seg);
        let (anchor, depth) = match &geoms[i] {
            Geom::Cloister { at } => (*at, CLOISTER_HALF),
            Geom::Garden { at, half } => (*at, *half),
            _ => deepest(&mask, cap, centroid(&cells)).unwrap_or((fallback, 0.0)),
        };
        let symbol = match &geoms[i] {
            Geom::Cloister { at } => pt(at.x + 8.0, at.y - 8.0),
            Geom::Garden { at, half } => pt(at.x + 0.6 * half, at.y - 0.6 * half),
            _ => second_point(&mask, anchor, depth),
        };
        out.push(SegGeom {
            kind: seg.kind,
            geom: geoms[i].clone(),
            layer: match &geoms[i] {
                Geom::Field { court: Some(_), .. } => COURT_LAYER,
                _ => layer_of(seg.kind, bridges[i]),
            },
            bridge: bridges[i],
            anchor,
            symbol,
        });
    }
    // Symbols beside roads (an inn) go into a field next to the road.
    for (i, seg) in segs.iter().enumerate() {
        if seg.kind == Kind::Road
            && seg
                .attrs
                .iter()
                .any(|a| ATTRS[a.id as usize].name != "bridge")
        {
            let fields: Vec<bool> = owner
                .iter()
                .map(|&o| o >= 0 && segs[o as usize].kind == Kind::Field)
                .collect();
            if let Some((p, _)) = deepest(&fields, 6.0, out[i].anchor) {
                out[i].symbol = p;
            }
        }
    }
    // Tile-wide marks: a spring or lake where a river ends; the others in the
    // largest free part of the fields, away from each other.
    let mut used: Vec<Pt> = out
        .iter()
        .filter(|s| s.kind.around())
        .map(|s| s.anchor)
        .collect();
    let mut marks = Vec::new();
    for a in tile.attrs {
        let name = ATTRS[a.id as usize].name;
        let pond = out.iter().find_map(|s| match &s.geom {
            Geom::Stroke {
                end: Some((p, End::Pond)),
                ..
            } => Some(*p),
            _ => None,
        });
        let at = match (name, pond) {
            ("spring" | "lake", Some(p)) => p,
            _ => {
                let mask: Vec<bool> = (0..GRID * GRID)
                    .map(|c| {
                        owner[c] >= 0
                            && segs[owner[c] as usize].kind == Kind::Field
                            && used.iter().all(|u| cell_centre(c).dist(*u) > 22.0)
                    })
                    .collect();
                let p = deepest(&mask, 13.0, CENTRE).map_or(CENTRE, |(p, _)| p);
                used.push(p);
                p
            }
        };
        marks.push(TileMark {
            attr: a.id,
            value: a.value,
            at,
        });
    }
    // Courtyards are drawn over the cities they are carved out of.
    order.sort_by_key(|&i| (out[i].layer, i));
    Layout {
        segs: out,
        order,
        junction,
        marks,
        owner,
        walls,
    }
}

/// Where a garden lies: in the field with the most room for it (each field
/// on its own, so that it never straddles a hedge between two fields), as
/// near the centre as that room allows; the centre on a tile with no field
/// showing; and the room there (the distance to the field's border, at
/// most `GARDEN_ROOM`). Gardens already placed own their cells, so a second
/// one lies beside the first.
fn garden_spot(segs: &[Segment], owner: &[i32]) -> (Pt, f64) {
    let mut best: Option<(Pt, f64)> = None;
    for f in (0..segs.len()).filter(|&f| segs[f].kind == Kind::Field) {
        let mask: Vec<bool> = owner.iter().map(|&o| o == f as i32).collect();
        let Some((p, depth)) = deepest(&mask, GARDEN_ROOM, CENTRE) else {
            continue;
        };
        let better = best.is_none_or(|(bp, bd)| {
            depth > bd + 1e-9 || ((depth - bd).abs() <= 1e-9 && p.dist(CENTRE) < bp.dist(CENTRE))
        });
        if better {
            best = Some((p, depth));
        }
    }
    best.unwrap_or((CENTRE, GARDEN_ROOM))
}

/// Do the two halves of side `s` belong to one segment (a field going round
/// the end of a road or river)?
fn same_field(tile: &TileType, s: u8) -> bool {
    tile.port_segment[3 * s as usize] == tile.port_segment[3 * s as usize + 2]
}

fn flood(free: &[bool], field_of: &mut [i32], queue: &mut VecDeque<usize>) {
    while let Some(c) = queue.pop_front() {
        for m in neighbours4(c) {
            if free[m] && field_of[m] < 0 {
                field_of[m] = field_of[c];
                queue.push_back(m);
            }
        }
    }
}

fn one_port_stroke(s: u8, via: Option<Pt>, end: Pt, how: End, width: f64) -> Geom {
    let m = side_mid(s);
    let (d, line) = match via {
        Some(v) => (
            format!("M{} L{} L{}", p2(m), p2(v), p2(end)),
            vec![m, v, end],
        ),
        None => (format!("M{} L{}", p2(m), p2(end)), vec![m, end]),
    };
    Geom::Stroke {
        d,
        lines: vec![line],
        width,
        end: Some((end, how)),
    }
}

/// How much of a road from `from` to a cloister standing at `at` shows
/// before it reaches the cloister's square.
fn stub(from: Pt, at: Pt) -> f64 {
    let d = at.sub(from);
    let cheb = d.x.abs().max(d.y.abs());
    if cheb <= CLOISTER_HALF {
        return 0.0;
    }
    d.len() * (1.0 - CLOISTER_HALF / cheb)
}

/// Where a segment with no visible cells stands: between its sides and the
/// centre, or the centre.
fn fallback_anchor(seg: &Segment) -> Pt {
    let sides = sides_of(seg.ports);
    if sides.is_empty() {
        return CENTRE;
    }
    let mut s = pt(0.0, 0.0);
    for &side in &sides {
        s = s.add(side_mid(side));
    }
    let avg = s.scale(1.0 / sides.len() as f64);
    avg.add(CENTRE.sub(avg).scale(0.4))
}

/// A second point inside `mask`, about 16 units from `anchor` where there is
/// room, for symbols that should not sit under a follower.
fn second_point(mask: &[bool], anchor: Pt, depth: f64) -> Pt {
    let d = distances(mask);
    let need = depth.min(6.0);
    let mut best: Option<(usize, f64, f64)> = None;
    for i in 0..GRID * GRID {
        if !mask[i] || d[i] + 1e-9 < need {
            continue;
        }
        let away = cell_centre(i).dist(anchor).min(16.0);
        let better = match best {
            None => true,
            Some((_, ba, bd)) => {
                away > ba + 1e-9 || ((away - ba).abs() <= 1e-9 && d[i] > bd + 1e-9)
            }
        };
        if better {
            best = Some((i, away, d[i]));
        }
    }
    best.map_or(anchor, |(i, _, _)| cell_centre(i))
}

/// The layouts of every tile type of a ruleset, in table order.
pub fn layouts(tiles: &[TileType]) -> Vec<Layout> {
    tiles.iter().map(layout).collect()
}
