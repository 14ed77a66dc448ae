//! Sharing ground between fields: seeds placed between the cities a field
//! borders, and the cells nearest each seed along the ground (not through
//! cities or roads), so that two fields in one free area, or an enclosed
//! field between fields from the edge, each get a piece next to their
//! cities.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::super::{cell_centre, distances, Pt, CELL, GRID, SIZE};
use super::mean;

/// Distances along the cells of `passable` (8 neighbours, diagonals √2) from
/// the `sources`, in units; infinite where they do not reach.
pub(super) fn along(passable: &[bool], sources: &[usize]) -> Vec<f64> {
    // Whole tenths of a cell, so the queue orders integers.
    let mut best = vec![u32::MAX; GRID * GRID];
    let mut queue = BinaryHeap::new();
    for &s in sources {
        if passable[s] && best[s] > 0 {
            best[s] = 0;
            queue.push(Reverse((0u32, s)));
        }
    }
    let g = GRID as isize;
    while let Some(Reverse((d, c))) = queue.pop() {
        if d > best[c] {
            continue;
        }
        let (x, y) = ((c % GRID) as isize, (c / GRID) as isize);
        for (dx, dy) in [
            (-1, 0),
            (1, 0),
            (0, -1),
            (0, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
            (1, 1),
        ] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= g || ny >= g {
                continue;
            }
            let m = (ny * g + nx) as usize;
            let step = if dx != 0 && dy != 0 { 14 } else { 10 };
            if passable[m] && d + step < best[m] {
                best[m] = d + step;
                queue.push(Reverse((d + step, m)));
            }
        }
    }
    best.iter()
        .map(|&d| {
            if d == u32::MAX {
                f64::INFINITY
            } else {
                d as f64 / 10.0 * CELL
            }
        })
        .collect()
}

/// Spreads of several seeds along a ridge to try in turn: even, then pushed
/// towards one end or the other (where the ground is thin at one end, as in
/// a corner, the pieces there come out too shallow).
pub(super) const SHIFTS: [f64; 5] = [0.0, 0.5, -0.5, 0.8, -0.8];

/// `k` seeds in `space` for fields bordering the cities whose distance maps
/// are `reach`: on the ridge of cells nearest all of them at once, at least
/// `edge_gap` from the tile's edge and not in `avoid`; one seed in the
/// deepest part of the ridge, several spread along it, evenly or, by
/// `shift`, crowded towards one end.
pub(super) fn seeds(
    space: &[bool],
    reach: &[&[f64]],
    k: usize,
    edge_gap: f64,
    avoid: &[bool],
    shift: f64,
) -> Vec<usize> {
    let edge = |c: usize| {
        let p = cell_centre(c);
        p.x.min(p.y).min(SIZE - p.x).min(SIZE - p.y)
    };
    let far = |c: usize| reach.iter().map(|d| d[c]).fold(0.0, f64::max);
    let near = |c: usize| reach.iter().map(|d| d[c]).fold(f64::INFINITY, f64::min);
    let cand: Vec<usize> = (0..GRID * GRID)
        .filter(|&c| space[c] && !avoid[c] && edge(c) >= edge_gap)
        .collect();
    let Some(low) = cand.iter().map(|&c| far(c)).min_by(f64::total_cmp) else {
        return Vec::new();
    };
    // One seed: among the cells nearest all the cities at once. Several:
    // along the line as far from each city as from the others, so that
    // pieces cut across it each reach them all.
    let ridge: Vec<usize> = cand
        .iter()
        .copied()
        .filter(|&c| {
            if k <= 1 {
                far(c) <= low + 2.0 * CELL
            } else {
                reach.len() < 2 || far(c) - near(c) <= 2.0 * CELL
            }
        })
        .collect();
    if ridge.is_empty() {
        return Vec::new();
    }
    let depth = distances(space);
    let middle = mean(&ridge);
    if k <= 1 {
        let best = ridge.iter().copied().max_by(|&a, &b| {
            depth[a].total_cmp(&depth[b]).then_with(|| {
                cell_centre(b)
                    .dist(middle)
                    .total_cmp(&cell_centre(a).dist(middle))
            })
        });
        return best.into_iter().collect();
    }
    // Along the ridge's longest direction, at the middles of k equal parts.
    let axis = main_axis(&ridge, middle);
    let mut along: Vec<(f64, usize)> = ridge
        .iter()
        .map(|&c| {
            let d = cell_centre(c).sub(middle);
            (d.x * axis.x + d.y * axis.y, c)
        })
        .collect();
    along.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut out: Vec<usize> = Vec::new();
    let squeeze = 1.0 - shift.abs() / 2.0;
    let start = if shift > 0.0 { 1.0 - squeeze } else { 0.0 };
    for j in 0..k {
        let q = start + squeeze * (j as f64 + 0.5) / k as f64;
        let at = along[((q * along.len() as f64) as usize).min(along.len() - 1)].0;
        // Across the ridge there, the cell nearest the cities.
        let c = along
            .iter()
            .filter(|(t, _)| (t - at).abs() <= CELL)
            .map(|&(_, c)| c)
            .min_by(|&a, &b| far(a).total_cmp(&far(b)).then(a.cmp(&b)));
        if let Some(c) = c.filter(|c| !out.contains(c)) {
            out.push(c);
        }
    }
    out
}

/// The unit direction in which `cells` spread most about `middle`.
fn main_axis(cells: &[usize], middle: Pt) -> Pt {
    let (mut xx, mut xy, mut yy) = (0.0, 0.0, 0.0);
    for &c in cells {
        let d = cell_centre(c).sub(middle);
        xx += d.x * d.x;
        xy += d.x * d.y;
        yy += d.y * d.y;
    }
    // The larger eigenvector of [[xx, xy], [xy, yy]].
    let angle = 0.5 * (2.0 * xy).atan2(xx - yy);
    Pt {
        x: angle.cos(),
        y: angle.sin(),
    }
}
