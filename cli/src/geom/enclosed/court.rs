//! Courtyards: a disc carved out of the cities an enclosed field borders,
//! for when they leave it no ground (a ring city round its field, a city on
//! all four sides).

use super::super::{cell_centre, distances, Court, Pt, CELL, GRID};

/// A courtyard's radius when there is room, and at least.
pub(super) const R_PREF: f64 = 17.0;
const R_MIN: f64 = 6.0;
/// Room kept between a courtyard and what it may not cover, so that a ring
/// city stays a visible band and a road stays clear of the courtyard.
const GAP: f64 = 8.0;
/// How far a courtyard reaches into each city it borders.
const TOUCH: f64 = 3.0;
/// A courtyard may cover at most this share of a field from the edge.
const MAX_BITE: f64 = 0.4;

/// How demanding a search is: first as a courtyard should look, then
/// anything that still reaches every city, then anything at all (for shapes
/// no drawing can honour, such as a field bordering two caps a band city
/// lies between).
pub(super) struct Tries {
    gap: f64,
    touch: f64,
    r_min: f64,
    reach_all: bool,
}

impl Tries {
    pub(super) const ALL: [Tries; 3] = [
        Tries {
            gap: GAP,
            touch: TOUCH,
            r_min: R_MIN,
            reach_all: true,
        },
        Tries {
            gap: 2.0,
            touch: 0.0,
            r_min: 3.0,
            reach_all: true,
        },
        Tries {
            gap: 2.0,
            touch: 0.0,
            r_min: 3.0,
            reach_all: false,
        },
    ];
}

/// What a courtyard search needs to know about the tile.
pub(super) struct Ground<'a> {
    /// The painted raster: the segment drawn on top, -1 where nothing is.
    pub owner: &'a [i32],
    /// The field each bare cell belongs to, -1 for none.
    pub field_of: &'a [i32],
    /// Cells a courtyard may not cover (other enclosed fields' ground).
    pub taken: &'a [bool],
}

/// A disc inside the `cities` (segment indices) or on bare ground (fields
/// from the edge only at a cost, and only a bite of each), clear of
/// everything else by the try's gap, reaching into each city; of radius
/// `cap`, or more when the cities lie further apart. Among the roomiest the
/// one nearest `target`.
pub(super) fn find(
    g: &Ground,
    cities: &[usize],
    reach: &[&[f64]],
    cap: f64,
    target: Pt,
    t: &Tries,
) -> Option<Court> {
    let allowed: Vec<bool> = (0..GRID * GRID)
        .map(|c| {
            !g.taken[c]
                && match usize::try_from(g.owner[c]) {
                    Ok(o) => cities.contains(&o),
                    Err(_) => true,
                }
        })
        .collect();
    let room = distances(&allowed);
    // Each field's cells, by segment.
    let mut size: Vec<usize> = Vec::new();
    for &f in g.field_of {
        if let Ok(f) = usize::try_from(f) {
            if size.len() <= f {
                size.resize(f + 1, 0);
            }
            size[f] += 1;
        }
    }
    let mut best: Option<(Court, f64, f64)> = None; // court, score, distance to target
    for c in 0..GRID * GRID {
        if !allowed[c] {
            continue;
        }
        let need = if t.reach_all {
            reach.iter().map(|d| d[c] + t.touch).fold(t.r_min, f64::max)
        } else {
            t.r_min
        };
        let r = need.max(cap).min(room[c] - t.gap);
        if r < need {
            continue;
        }
        let centre = cell_centre(c);
        let Some(bare) = bite(g.field_of, &size, centre, r) else {
            continue;
        };
        // Fields from the edge cost room, but a field that borders no city
        // may only have them: then the roomiest still wins.
        let score = r.min(cap) * (1.0 - 0.9 * bare);
        let near = centre.dist(target);
        let better = match &best {
            None => true,
            Some((_, bs, bn)) => {
                score > bs + 1e-9 || ((score - bs).abs() <= 1e-9 && near < bn - 1e-9)
            }
        };
        if better {
            best = Some((Court { centre, radius: r }, score, near));
        }
    }
    best.map(|(c, _, _)| c)
}

/// The share of a disc's cells that lie in fields, or `None` if it would
/// take too much of one field (`size`: each field's cells).
fn bite(field_of: &[i32], size: &[usize], centre: Pt, r: f64) -> Option<f64> {
    let mut inside = 0usize;
    let mut bitten: Vec<(usize, usize)> = Vec::new();
    let span = (r / CELL).ceil() as isize + 1;
    let c = super::super::cell_of(centre);
    let (cx, cy) = ((c % GRID) as isize, (c / GRID) as isize);
    for y in (cy - span).max(0)..=(cy + span).min(GRID as isize - 1) {
        for x in (cx - span).max(0)..=(cx + span).min(GRID as isize - 1) {
            let i = y as usize * GRID + x as usize;
            if cell_centre(i).dist(centre) > r {
                continue;
            }
            inside += 1;
            if let Ok(f) = usize::try_from(field_of[i]) {
                match bitten.iter_mut().find(|(h, _)| *h == f) {
                    Some((_, n)) => *n += 1,
                    None => bitten.push((f, 1)),
                }
            }
        }
    }
    if bitten
        .iter()
        .any(|&(f, n)| n as f64 > MAX_BITE * size.get(f).copied().unwrap_or(0) as f64)
    {
        return None;
    }
    let bare: usize = bitten.iter().map(|&(_, n)| n).sum();
    Some(bare as f64 / inside.max(1) as f64)
}
