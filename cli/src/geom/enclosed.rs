//! Room for the enclosed fields (fields with no ports).
//!
//! Where the cities leave a free area between them that no edge reaches (four
//! caps, two corner cities, a cap under a three-sided city), the field takes
//! that area, as the tile's art does. Where they leave none (a ring city
//! around its courtyard, a city on all four sides, a field squeezed between a
//! cap and a corner city) the field gets a courtyard: a disc carved out of
//! the cities it borders, reaching into each of them, kept clear of roads,
//! rivers, cloisters, other cities and the tile's edge, and drawn over the
//! cities with a city wall round it. Either way the field has an area of its
//! own deep enough for a follower to stand in.

use std::collections::VecDeque;

use carcassonne_runtime::tables::{Kind, Segment};

use super::{cell_centre, distances, distances_to, neighbours4, Court, Pt, CELL, GRID};

/// A free area shallower than this (units from its edge) is no room for a
/// follower: a chink where two city outlines meet, not a field.
const MIN_DEPTH: f64 = 4.0;
/// A courtyard's radius when there is room, and at least.
const R_PREF: f64 = 17.0;
const R_MIN: f64 = 6.0;
/// Room kept between a courtyard and what it may not cover, so that a ring
/// city stays a visible band and a road stays clear of the courtyard.
const GAP: f64 = 8.0;
/// How far a courtyard reaches into each city it borders.
const TOUCH: f64 = 3.0;
/// A courtyard may cover at most this share of a port field's cells.
const MAX_BITE: f64 = 0.4;

/// A connected free area that no field from the edge reached.
struct Region {
    cells: Vec<usize>,
    /// Bit `i`: city segment `i` lies next to the area.
    touches: u16,
    depth: f64,
    centroid: Pt,
}

/// Where the enclosed fields of `segs` lie. `owner` is the painted raster
/// (-1 where nothing is drawn); `field_of` holds the fields flooded from the
/// edge and receives the free areas given to enclosed fields. Returns the
/// courtyards carved for the others, by field.
pub(super) fn place(segs: &[Segment], owner: &[i32], field_of: &mut [i32]) -> Vec<(usize, Court)> {
    let enclosed: Vec<usize> = (0..segs.len())
        .filter(|&i| segs[i].kind == Kind::Field && segs[i].ports & 0x0fff == 0)
        .collect();
    if enclosed.is_empty() {
        return Vec::new();
    }
    let regions = regions(segs, owner, field_of);
    let mut used = vec![false; regions.len()];
    let mut got: Vec<(usize, usize)> = Vec::new(); // (field, region)
    for &f in &enclosed {
        let want = segs[f].borders;
        let best = (0..regions.len())
            .filter(|&r| !used[r] && fits(&regions[r], want))
            .min_by_key(|&r| {
                let extra = (regions[r].touches & !want).count_ones();
                (extra, std::cmp::Reverse(regions[r].cells.len()), r)
            });
        if let Some(r) = best {
            used[r] = true;
            got.push((f, r));
        }
    }
    // Areas left over (two crossing cities leave four, for two fields): to
    // the nearest field they suit, so no bare ground is drawn that belongs
    // to no field. A chink too thin for the raster to flood through (where
    // two city outlines meet in a corner) goes to the field beside it.
    for r in 0..regions.len() {
        if used[r] {
            continue;
        }
        if regions[r].depth < MIN_DEPTH {
            if let Some(f) = beside(&regions[r].cells, field_of) {
                for &c in &regions[r].cells {
                    field_of[c] = f;
                }
            }
            continue;
        }
        let near = got
            .iter()
            .filter(|&&(f, _)| fits(&regions[r], segs[f].borders))
            .min_by(|a, b| {
                let da = regions[a.1].centroid.dist(regions[r].centroid);
                let db = regions[b.1].centroid.dist(regions[r].centroid);
                da.total_cmp(&db)
            })
            .map(|&(f, _)| f);
        if let Some(f) = near {
            for &c in &regions[r].cells {
                field_of[c] = f as i32;
            }
        }
    }
    for &(f, r) in &got {
        for &c in &regions[r].cells {
            field_of[c] = f as i32;
        }
    }
    // The others get courtyards; fields that border the same cities share
    // the room, side by side.
    let needy: Vec<usize> = enclosed
        .iter()
        .copied()
        .filter(|f| got.iter().all(|(g, _)| g != f))
        .collect();
    let mut taken: Vec<bool> = field_of
        .iter()
        .map(|&fo| usize::try_from(fo).is_ok_and(|g| enclosed.contains(&g)))
        .collect();
    let mut courts = Vec::new();
    for (k, &f) in needy.iter().enumerate() {
        let group: Vec<usize> = needy
            .iter()
            .copied()
            .filter(|&g| segs[g].borders == segs[f].borders)
            .collect();
        let m = group.len() as f64;
        let j = group.iter().position(|&g| g == f).unwrap_or(k) as f64;
        let cap = (R_PREF / m.sqrt()).max(R_MIN + 2.0);
        let target = target_of(segs, f, owner).add(Pt {
            x: (j - (m - 1.0) / 2.0) * 2.4 * cap,
            y: 0.0,
        });
        let court = [Tries::STRICT, Tries::LOOSE]
            .iter()
            .find_map(|t| courtyard(segs, f, owner, field_of, &taken, cap, target, t));
        if let Some(c) = court {
            for (i, t) in taken.iter_mut().enumerate() {
                if c.covers(cell_centre(i)) {
                    *t = true;
                }
            }
            courts.push((f, c));
        }
    }
    courts
}

/// The field flooded from the edge that lies nearest `cells`, within two
/// cells.
fn beside(cells: &[usize], field_of: &[i32]) -> Option<i32> {
    let mut best: Option<(i32, isize)> = None;
    for &c in cells {
        let (cx, cy) = ((c % GRID) as isize, (c / GRID) as isize);
        for y in (cy - 2).max(0)..=(cy + 2).min(GRID as isize - 1) {
            for x in (cx - 2).max(0)..=(cx + 2).min(GRID as isize - 1) {
                let g = field_of[y as usize * GRID + x as usize];
                let d = (x - cx).abs().max((y - cy).abs());
                if g >= 0 && best.is_none_or(|(_, bd)| d < bd) {
                    best = Some((g, d));
                }
            }
        }
    }
    best.map(|(g, _)| g)
}

/// Can `r` be the area of a field bordering the cities `want`? It must be
/// deep enough for a follower and lie next to every one of them.
fn fits(r: &Region, want: u16) -> bool {
    r.depth >= MIN_DEPTH && want & !r.touches == 0
}

/// The free areas no field from the edge reached.
fn regions(segs: &[Segment], owner: &[i32], field_of: &[i32]) -> Vec<Region> {
    let open = |c: usize| owner[c] < 0 && field_of[c] < 0;
    let mut seen = vec![false; GRID * GRID];
    let mut out = Vec::new();
    for start in 0..GRID * GRID {
        if seen[start] || !open(start) {
            continue;
        }
        seen[start] = true;
        let mut cells = vec![start];
        let mut queue = VecDeque::from([start]);
        let mut touches = 0u16;
        while let Some(c) = queue.pop_front() {
            for m in neighbours4(c) {
                if open(m) {
                    if !seen[m] {
                        seen[m] = true;
                        cells.push(m);
                        queue.push_back(m);
                    }
                } else if let Ok(o) = usize::try_from(owner[m]) {
                    if o < 16 && segs[o].kind == Kind::City {
                        touches |= 1 << o;
                    }
                }
            }
        }
        let mut mask = vec![false; GRID * GRID];
        for &c in &cells {
            mask[c] = true;
        }
        let d = distances(&mask);
        let depth = cells.iter().map(|&c| d[c]).fold(0.0, f64::max);
        let centroid = mean(&cells);
        out.push(Region {
            cells,
            touches,
            depth,
            centroid,
        });
    }
    out
}

fn mean(cells: &[usize]) -> Pt {
    let mut s = Pt { x: 0.0, y: 0.0 };
    for &c in cells {
        s = s.add(cell_centre(c));
    }
    s.scale(1.0 / cells.len().max(1) as f64)
}

/// Where a courtyard for field `f` would best go: the middle of the cities
/// it borders as drawn, or the tile's centre.
fn target_of(segs: &[Segment], f: usize, owner: &[i32]) -> Pt {
    let cells: Vec<usize> = (0..GRID * GRID)
        .filter(|&c| {
            usize::try_from(owner[c]).is_ok_and(|o| o < 16 && segs[f].borders & (1 << o) != 0)
        })
        .collect();
    if cells.is_empty() {
        Pt { x: 50.0, y: 50.0 }
    } else {
        mean(&cells)
    }
}

/// How demanding a courtyard search is: first as it should look, then
/// anything that gives the field room.
struct Tries {
    gap: f64,
    touch: f64,
    r_min: f64,
}

impl Tries {
    const STRICT: Tries = Tries {
        gap: GAP,
        touch: TOUCH,
        r_min: R_MIN,
    };
    const LOOSE: Tries = Tries {
        gap: 2.0,
        touch: 0.0,
        r_min: 3.0,
    };
}

/// A disc for field `f`: inside the cities it borders or free ground (port
/// fields only at a cost), clear of everything else by `gap`, reaching into
/// each city it borders by `touch`. Among the roomiest the one nearest
/// `target`.
#[allow(clippy::too_many_arguments)]
fn courtyard(
    segs: &[Segment],
    f: usize,
    owner: &[i32],
    field_of: &[i32],
    taken: &[bool],
    cap: f64,
    target: Pt,
    t: &Tries,
) -> Option<Court> {
    let want = segs[f].borders;
    let cities: Vec<usize> = (0..segs.len().min(16))
        .filter(|&c| want & (1 << c) != 0 && owner.contains(&(c as i32)))
        .collect();
    let allowed: Vec<bool> = (0..GRID * GRID)
        .map(|c| {
            !taken[c]
                && match usize::try_from(owner[c]) {
                    Ok(o) => cities.contains(&o),
                    Err(_) => true,
                }
        })
        .collect();
    let room = distances(&allowed);
    // Distance from each cell to each bordered city (0 inside it).
    let reach: Vec<Vec<f64>> = cities
        .iter()
        .map(|&k| {
            let outside: Vec<bool> = owner.iter().map(|&o| o != k as i32).collect();
            distances_to(&outside, false)
        })
        .collect();
    let mut size = vec![0usize; segs.len()];
    for &g in field_of {
        if let Ok(g) = usize::try_from(g) {
            size[g] += 1;
        }
    }
    let mut best: Option<(Court, f64, f64)> = None; // court, score, distance to target
    for c in 0..GRID * GRID {
        if !allowed[c] {
            continue;
        }
        let r = cap.min(room[c] - t.gap);
        let need = reach.iter().map(|d| d[c] + t.touch).fold(t.r_min, f64::max);
        if r < need {
            continue;
        }
        let centre = cell_centre(c);
        // How much of the port fields the disc would cover.
        let mut inside = 0usize;
        let mut bitten: Vec<(i32, usize)> = Vec::new();
        let span = (r / CELL).ceil() as isize + 1;
        let (cx, cy) = ((c % GRID) as isize, (c / GRID) as isize);
        for y in (cy - span).max(0)..=(cy + span).min(GRID as isize - 1) {
            for x in (cx - span).max(0)..=(cx + span).min(GRID as isize - 1) {
                let i = y as usize * GRID + x as usize;
                if cell_centre(i).dist(centre) > r {
                    continue;
                }
                inside += 1;
                let g = field_of[i];
                if g >= 0 {
                    match bitten.iter_mut().find(|(h, _)| *h == g) {
                        Some((_, n)) => *n += 1,
                        None => bitten.push((g, 1)),
                    }
                }
            }
        }
        if bitten
            .iter()
            .any(|&(g, n)| n as f64 > MAX_BITE * size[g as usize] as f64)
        {
            continue;
        }
        let soft: usize = bitten.iter().map(|&(_, n)| n).sum();
        // Port fields cost room, but a field that borders no city may only
        // have them: then the roomiest still wins.
        let score = r * (1.0 - 0.9 * soft as f64 / inside.max(1) as f64);
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
