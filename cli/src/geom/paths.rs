//! Roads and rivers on a tile: through the centre when they join sides, or
//! from one side until they meet something.

use carcassonne_runtime::tables::{Kind, TileType};

use super::{
    dist_to_lines, inside, p2, pt, quad, side_mid, sides_of, End, Geom, Pt, CENTRE, CLOISTER_HALF,
    SIZE,
};

/// A road or river through two or more sides: a curve through the centre
/// for two, spokes meeting in the centre for more.
pub(super) fn through(sides: &[u8]) -> (String, Vec<Vec<Pt>>) {
    if sides.len() == 2 {
        let (a, b) = (side_mid(sides[0]), side_mid(sides[1]));
        let d = format!("M{} Q{} {}", p2(a), p2(CENTRE), p2(b));
        let line = (0..=20)
            .map(|i| quad(a, CENTRE, b, i as f64 / 20.0))
            .collect();
        return (d, vec![line]);
    }
    let mut d = String::new();
    let mut lines = Vec::new();
    for (i, &s) in sides.iter().enumerate() {
        let m = side_mid(s);
        if i == 1 {
            d.push_str(&format!(" L{}", p2(m)));
        } else {
            d.push_str(&format!(
                "{}M{} L{}",
                if i == 0 { "" } else { " " },
                p2(m),
                p2(CENTRE)
            ));
        }
        lines.push(vec![m, CENTRE]);
    }
    (d, lines)
}

/// What a one-port road or river runs into.
pub(super) struct Obstacles<'a> {
    cities: Vec<&'a [Pt]>,
    strokes: Vec<(&'a [Vec<Pt>], f64)>,
    cloister: Option<Pt>,
}

impl Obstacles<'_> {
    pub(super) fn hit(&self, q: Pt, half: f64) -> bool {
        self.cities.iter().any(|p| inside(p, q))
            || self
                .strokes
                .iter()
                .any(|(l, w)| dist_to_lines(q, l) < w / 2.0 + half * 0.3)
            || self.cloister.is_some_and(|c| {
                (q.x - c.x).abs() < CLOISTER_HALF && (q.y - c.y).abs() < CLOISTER_HALF
            })
    }
}

pub(super) fn obstacles(gs: &[Geom], cloister: Option<Pt>) -> Obstacles<'_> {
    let mut o = Obstacles {
        cities: Vec::new(),
        strokes: Vec::new(),
        cloister,
    };
    for g in gs {
        match g {
            Geom::Area { poly, .. } => o.cities.push(poly),
            Geom::Stroke { lines, width, .. } => o.strokes.push((lines, *width)),
            _ => {}
        }
    }
    o
}

/// March from `from` towards `target` (starting `skip` units in); stop at
/// the first obstacle, or at the target when `stop_at_target`, or at the edge.
pub(super) fn march(
    from: Pt,
    target: Pt,
    skip: f64,
    stop_at_target: bool,
    half: f64,
    obs: &Obstacles,
) -> (Pt, End) {
    let to = target.sub(from);
    let dir = to.scale(1.0 / to.len());
    let reach = to.len();
    let mut t = skip;
    loop {
        let q = from.add(dir.scale(t));
        if obs.hit(q, half) {
            // Tuck the end under whatever it runs into.
            return (from.add(dir.scale(t + 3.0)), End::Covered);
        }
        if stop_at_target && t >= reach {
            return (target, End::Junction);
        }
        let next = from.add(dir.scale(t + 1.0));
        if !(0.0..=SIZE).contains(&next.x) || !(0.0..=SIZE).contains(&next.y) {
            return (next, End::Edge);
        }
        t += 1.0;
    }
}

/// The path of a road or river leaving by side `s` only: towards `target`;
/// there it stops when `stop`, else it goes on to separate the different
/// fields on its two sides: into the city both fields border (or any city),
/// else straight on. Returns the bend (if any), the end and how it ends.
pub(super) fn one_port_path(
    tile: &TileType,
    s: u8,
    target: Pt,
    stop: bool,
    half: f64,
    obs: &Obstacles,
) -> (Option<Pt>, Pt, End) {
    let m = side_mid(s);
    let (end, how) = march(m, target, 3.0, true, half, obs);
    if how == End::Covered || stop {
        return (None, end, how);
    }
    let segs = tile.segments;
    let border_of = |port: usize| {
        segs.get(tile.port_segment[port] as usize)
            .map_or(0, |f| f.borders)
    };
    let both = border_of(3 * s as usize) & border_of(3 * s as usize + 2);
    let cities: Vec<usize> = (0..segs.len())
        .filter(|&i| segs[i].kind == Kind::City && !sides_of(segs[i].ports).is_empty())
        .collect();
    let city = cities
        .iter()
        .copied()
        .find(|&i| i < 16 && both & (1 << i) != 0)
        .or_else(|| cities.first().copied());
    if let Some(c) = city {
        let sides = sides_of(segs[c].ports);
        let mut sum = pt(0.0, 0.0);
        for &side in &sides {
            sum = sum.add(side_mid(side));
        }
        let aim = sum.scale(1.0 / sides.len() as f64);
        if aim.dist(target) > 1.0 {
            let (e, h) = march(target, aim, 1.0, false, half, obs);
            return (Some(target), e, h);
        }
    }
    let ahead = target.add(target.sub(m));
    let (e, h) = march(m, ahead, 3.0, false, half, obs);
    (None, e, h)
}
