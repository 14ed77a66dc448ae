//! Walls: where two fields touch with nothing drawn between them (a wall or
//! hedge on the real tile), the line they meet along. It follows the
//! boundary between their raster cells, straightened, so that a field cut
//! out of another (an enclosed field between two caps) shows its true shape.

use super::{Pt, CELL, GRID};

/// A corner of the raster's cells, in cells.
type Vertex = (usize, usize);
/// A side of a cell, between two corners.
type Edge = (Vertex, Vertex);

/// Boundary shorter than this (in cell sides) is two fields touching at a
/// corner, not a wall.
const MIN_EDGES: usize = 3;
/// How far a straightened wall may leave the cells' staircase (units).
const TOLERANCE: f64 = 2.5;

/// One polyline per stretch of boundary between two different fields.
pub(super) fn walls(field_of: &[i32]) -> Vec<Vec<Pt>> {
    let mut pairs: Vec<((i32, i32), Vec<Edge>)> = Vec::new();
    let mut add = |a: i32, b: i32, e: Edge| {
        if a < 0 || b < 0 || a == b {
            return;
        }
        let key = (a.min(b), a.max(b));
        match pairs.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(e),
            None => pairs.push((key, vec![e])),
        }
    };
    for c in 0..GRID * GRID {
        let (x, y) = (c % GRID, c / GRID);
        if x + 1 < GRID {
            add(field_of[c], field_of[c + 1], ((x + 1, y), (x + 1, y + 1)));
        }
        if y + 1 < GRID {
            add(
                field_of[c],
                field_of[c + GRID],
                ((x, y + 1), (x + 1, y + 1)),
            );
        }
    }
    let mut out = Vec::new();
    for (_, edges) in pairs {
        for chain in chains(&edges) {
            if chain.len() > MIN_EDGES {
                let pts: Vec<Pt> = chain
                    .iter()
                    .map(|&(x, y)| Pt {
                        x: x as f64 * CELL,
                        y: y as f64 * CELL,
                    })
                    .collect();
                out.push(simplify(&pts));
            }
        }
    }
    out
}

/// The edges joined end to end into paths (vertices in order), starting
/// from the ends of open stretches.
fn chains(edges: &[Edge]) -> Vec<Vec<Vertex>> {
    let mut used = vec![false; edges.len()];
    let next = |v: Vertex, used: &[bool]| {
        (0..edges.len()).find(|&i| !used[i] && (edges[i].0 == v || edges[i].1 == v))
    };
    let degree = |v: Vertex| edges.iter().filter(|&&(a, b)| a == v || b == v).count();
    // Open stretches from an end first, then closed loops from anywhere.
    let mut starts: Vec<Vertex> = edges
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .filter(|&v| degree(v) % 2 == 1)
        .collect();
    starts.extend(edges.iter().map(|&(a, _)| a));
    let mut out = Vec::new();
    for s in starts {
        let mut path = vec![s];
        let mut v = s;
        while let Some(i) = next(v, &used) {
            used[i] = true;
            v = if edges[i].0 == v {
                edges[i].1
            } else {
                edges[i].0
            };
            path.push(v);
        }
        if path.len() > 1 {
            out.push(path);
        }
    }
    out
}

/// Douglas–Peucker: drop the points within `TOLERANCE` of the line between
/// the ones kept.
fn simplify(pts: &[Pt]) -> Vec<Pt> {
    if pts.len() < 3 {
        return pts.to_vec();
    }
    let (a, b) = (pts[0], pts[pts.len() - 1]);
    let (far, d) = (1..pts.len() - 1)
        .map(|i| (i, off_line(pts[i], a, b)))
        .fold((0, 0.0), |best, x| if x.1 > best.1 { x } else { best });
    if d <= TOLERANCE {
        return vec![a, b];
    }
    let mut left = simplify(&pts[..=far]);
    left.pop();
    left.extend(simplify(&pts[far..]));
    left
}

/// Distance from `p` to the line through `a` and `b` (to `a` if they meet).
fn off_line(p: Pt, a: Pt, b: Pt) -> f64 {
    let ab = b.sub(a);
    let l = ab.len();
    if l == 0.0 {
        return p.dist(a);
    }
    (ab.x * (p.y - a.y) - ab.y * (p.x - a.x)).abs() / l
}
