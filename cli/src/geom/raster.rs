//! The coarse raster of a tile's square: cells, distances, the deepest
//! point of an area and an area's outline.

use super::{num, pt, rot, Pt, CELL, CENTRE, GRID};

pub(super) fn cell_centre(i: usize) -> Pt {
    let (cx, cy) = (i % GRID, i / GRID);
    pt((cx as f64 + 0.5) * CELL, (cy as f64 + 0.5) * CELL)
}

pub(super) fn cell_of(p: Pt) -> usize {
    let cx = ((p.x / CELL).floor() as isize).clamp(0, GRID as isize - 1) as usize;
    let cy = ((p.y / CELL).floor() as isize).clamp(0, GRID as isize - 1) as usize;
    cy * GRID + cx
}

pub(super) fn neighbours4(i: usize) -> impl Iterator<Item = usize> {
    let (x, y) = ((i % GRID) as isize, (i / GRID) as isize);
    [(0, -1), (1, 0), (0, 1), (-1, 0)]
        .into_iter()
        .filter_map(move |(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            if nx >= 0 && ny >= 0 && nx < GRID as isize && ny < GRID as isize {
                Some(ny as usize * GRID + nx as usize)
            } else {
                None
            }
        })
}

/// For each cell of `mask`, the distance (in units) to the nearest cell
/// outside it or to the tile's edge; 0 outside the mask.
pub(super) fn distances(mask: &[bool]) -> Vec<f64> {
    distances_to(mask, true)
}

/// For each cell of `mask`, the distance (in units) to the nearest cell
/// outside it, and to the tile's edge too when `edge`; 0 outside the mask.
pub(super) fn distances_to(mask: &[bool], edge: bool) -> Vec<f64> {
    let mut d: Vec<f64> = (0..GRID * GRID)
        .map(|i| {
            if !mask[i] {
                return 0.0;
            }
            if !edge {
                return f64::INFINITY;
            }
            let (x, y) = ((i % GRID) as f64, (i / GRID) as f64);
            (x + 0.5)
                .min(y + 0.5)
                .min(GRID as f64 - x - 0.5)
                .min(GRID as f64 - y - 0.5)
        })
        .collect();
    let g = GRID as isize;
    let at = |x: isize, y: isize| (y * g + x) as usize;
    let s2 = std::f64::consts::SQRT_2;
    for y in 0..g {
        for x in 0..g {
            if !mask[at(x, y)] {
                continue;
            }
            let mut v = d[at(x, y)];
            for (dx, dy, w) in [(-1, 0, 1.0), (0, -1, 1.0), (-1, -1, s2), (1, -1, s2)] {
                let (nx, ny) = (x + dx, y + dy);
                if nx >= 0 && ny >= 0 && nx < g {
                    v = v.min(d[at(nx, ny)] + w);
                }
            }
            d[at(x, y)] = v;
        }
    }
    for y in (0..g).rev() {
        for x in (0..g).rev() {
            if !mask[at(x, y)] {
                continue;
            }
            let mut v = d[at(x, y)];
            for (dx, dy, w) in [(1, 0, 1.0), (0, 1, 1.0), (1, 1, s2), (-1, 1, s2)] {
                let (nx, ny) = (x + dx, y + dy);
                if nx >= 0 && nx < g && ny < g {
                    v = v.min(d[at(nx, ny)] + w);
                }
            }
            d[at(x, y)] = v;
        }
    }
    d.iter().map(|v| v * CELL).collect()
}

pub(super) fn centroid(cells: &[usize]) -> Pt {
    if cells.is_empty() {
        return CENTRE;
    }
    let mut s = pt(0.0, 0.0);
    for &c in cells {
        s = s.add(cell_centre(c));
    }
    s.scale(1.0 / cells.len() as f64)
}

/// The cell of `mask` deepest inside it (depth capped at `cap`, so that among
/// deep enough cells the one nearest `towards` wins).
pub(super) fn deepest(mask: &[bool], cap: f64, towards: Pt) -> Option<(Pt, f64)> {
    let d = distances(mask);
    let mut best: Option<(usize, f64, f64)> = None;
    for i in 0..GRID * GRID {
        if !mask[i] {
            continue;
        }
        let depth = d[i].min(cap);
        let near = cell_centre(i).dist(towards);
        let better = match best {
            None => true,
            Some((_, bd, bn)) => {
                depth > bd + 1e-9 || ((depth - bd).abs() <= 1e-9 && near < bn - 1e-9)
            }
        };
        if better {
            best = Some((i, depth, near));
        }
    }
    best.map(|(i, depth, _)| (cell_centre(i), depth))
}

/// A region of cells as an SVG path: runs of cells per row, with runs of the
/// same extent in consecutive rows merged.
pub(super) fn cells_path(mask: &[bool]) -> String {
    let mut rects: Vec<(usize, usize, usize, usize)> = Vec::new(); // x0, x1, y0, y1 (exclusive)
    let mut open: Vec<usize> = Vec::new(); // indices into rects ending at the previous row
    for y in 0..GRID {
        let mut runs = Vec::new();
        let mut x = 0;
        while x < GRID {
            if mask[y * GRID + x] {
                let x0 = x;
                while x < GRID && mask[y * GRID + x] {
                    x += 1;
                }
                runs.push((x0, x));
            } else {
                x += 1;
            }
        }
        let mut still = Vec::new();
        for (x0, x1) in runs {
            if let Some(&r) = open.iter().find(|&&r| rects[r].0 == x0 && rects[r].1 == x1) {
                rects[r].3 = y + 1;
                still.push(r);
            } else {
                rects.push((x0, x1, y, y + 1));
                still.push(rects.len() - 1);
            }
        }
        open = still;
    }
    let mut d = String::new();
    for (x0, x1, y0, y1) in rects {
        if !d.is_empty() {
            d.push(' ');
        }
        d.push_str(&format!(
            "M{} {}h{}v{}h-{}z",
            num(x0 as f64 * CELL),
            num(y0 as f64 * CELL),
            num((x1 - x0) as f64 * CELL),
            num((y1 - y0) as f64 * CELL),
            num((x1 - x0) as f64 * CELL)
        ));
    }
    d
}

/// Cells along half-edge port `p` (`p % 3` is 0 or 2).
pub(super) fn half_edge_cells(p: u8) -> Vec<usize> {
    let side = p / 3;
    let range = if p % 3 == 0 {
        0..GRID / 2
    } else {
        GRID / 2..GRID
    };
    range
        .map(|i| cell_of(rot(pt((i as f64 + 0.5) * CELL, 0.5 * CELL), side)))
        .collect()
}
