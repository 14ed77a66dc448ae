//! Room for the enclosed fields (fields with no ports), each next to every
//! city it borders and deep enough for a follower to stand in. In turn:
//!
//! 1. a free area the cities leave that no edge reaches (four caps, two
//!    corner cities, crossing cities), as the tile's art has it; fields
//!    that suit the same area share it, each around a seed between its
//!    cities;
//! 2. for a field between two or more cities that leave no such area (two
//!    caps with fields from the edge beside it, a cap meeting a corner
//!    city), the ground between those cities nearest a seed there, taken
//!    from the fields from the edge behind a wall;
//! 3. else a courtyard (`court`): a disc carved out of the cities, drawn
//!    over them with a city wall (a ring city round its field, a city on
//!    all four sides).

mod court;
mod share;

use std::cmp::Reverse;
use std::collections::VecDeque;

use carcassonne_runtime::tables::{Kind, Segment};

use super::{cell_centre, distances, distances_to, neighbours4, Court, Pt, CELL, GRID};

/// A free area shallower than this (units from its edge) is no room for a
/// follower: a chink where two city outlines meet, not a field.
const MIN_DEPTH: f64 = 4.0;
/// How far an enclosed field's ground taken from fields from the edge
/// reaches from its seed, and how much of such a field must be left: a
/// quarter, and room for a follower.
const R_SHARE: f64 = 24.0;
const KEEP: f64 = 0.25;
const KEEP_CELLS: usize = 40;
/// Seeds on ground taken from fields from the edge keep this far from the
/// tile's edge: an enclosed field touches none.
const EDGE_GAP: f64 = 10.0;

/// A connected free area that no field from the edge reached.
struct Region {
    cells: Vec<usize>,
    /// Bit `i`: city segment `i` lies next to the area.
    touches: u16,
    depth: f64,
    centroid: Pt,
}

/// What the placement reads: the segments, the painted raster (the segment
/// drawn on top, -1 where nothing is), and each city's distance map, worked
/// out when first asked for.
struct Tile<'a> {
    segs: &'a [Segment],
    owner: &'a [i32],
    reach: Vec<Option<Vec<f64>>>,
}

impl Tile<'_> {
    fn is_enclosed(&self, f: usize) -> bool {
        self.segs[f].kind == Kind::Field && self.segs[f].ports & 0x0fff == 0
    }

    /// The cities field `f` borders that show on the tile.
    fn cities(&self, f: usize) -> Vec<usize> {
        (0..self.segs.len().min(16))
            .filter(|&c| self.segs[f].borders & (1 << c) != 0)
            .filter(|&c| self.owner.contains(&(c as i32)))
            .collect()
    }

    /// For every cell, the distance to city `c` (0 on it).
    fn reach(&mut self, c: usize) -> &[f64] {
        if self.reach[c].is_none() {
            let outside: Vec<bool> = self.owner.iter().map(|&o| o != c as i32).collect();
            self.reach[c] = Some(distances_to(&outside, false));
        }
        self.reach[c].as_deref().unwrap_or(&[])
    }

    fn reaches(&mut self, cities: &[usize]) -> Vec<Vec<f64>> {
        cities.iter().map(|&c| self.reach(c).to_vec()).collect()
    }

    /// Is `cells` deep enough for a follower and next to every city field
    /// `f` borders?
    fn suits(&self, f: usize, cells: &[usize]) -> bool {
        let mut mask = vec![false; GRID * GRID];
        for &c in cells {
            mask[c] = true;
        }
        let d = distances(&mask);
        let deep = cells.iter().any(|&c| d[c] >= MIN_DEPTH);
        deep && self.cities(f).iter().all(|&k| {
            cells
                .iter()
                .any(|&c| neighbours4(c).any(|m| self.owner[m] == k as i32))
        })
    }
}

/// Where the enclosed fields of `segs` lie. `owner` is the painted raster;
/// `field_of` holds the fields flooded from the edge and receives the
/// ground given to enclosed fields. Returns the courtyards carved for the
/// others, by field.
pub(super) fn place(segs: &[Segment], owner: &[i32], field_of: &mut [i32]) -> Vec<(usize, Court)> {
    let mut tile = Tile {
        segs,
        owner,
        reach: vec![None; segs.len()],
    };
    let enclosed: Vec<usize> = (0..segs.len()).filter(|&f| tile.is_enclosed(f)).collect();
    if enclosed.is_empty() {
        return Vec::new();
    }
    let mut placed = free_areas(&mut tile, &enclosed, field_of);
    let needy: Vec<usize> = enclosed
        .iter()
        .copied()
        .filter(|f| !placed.contains(f))
        .collect();
    placed.extend(shares(&mut tile, &needy, field_of));
    let needy: Vec<usize> = needy.into_iter().filter(|f| !placed.contains(f)).collect();
    courtyards(&mut tile, &enclosed, &needy, field_of)
}

/// Step 1: the free areas no edge reaches. Returns the fields placed.
fn free_areas(tile: &mut Tile, enclosed: &[usize], field_of: &mut [i32]) -> Vec<usize> {
    let regions = regions(tile.segs, tile.owner, field_of);
    // Each field to the area that suits it best, an area of its own first.
    let mut homes: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for &f in enclosed {
        let want = tile.segs[f].borders;
        let best = (0..regions.len())
            .filter(|&r| fits(&regions[r], want))
            .min_by_key(|&r| {
                let extra = (regions[r].touches & !want).count_ones();
                (homes[r].len(), extra, Reverse(regions[r].cells.len()), r)
            });
        if let Some(r) = best {
            homes[r].push(f);
        }
    }
    let mut placed = Vec::new();
    for (r, fields) in homes.iter().enumerate() {
        let pieces = match fields.len() {
            0 => continue,
            1 => Some(vec![regions[r].cells.clone()]),
            _ => split(tile, &regions[r].cells, fields),
        };
        if let Some(pieces) =
            pieces.filter(|p| p.iter().zip(fields).all(|(p, &f)| tile.suits(f, p)))
        {
            for (p, &f) in pieces.iter().zip(fields) {
                for &c in p {
                    field_of[c] = f as i32;
                }
                placed.push(f);
            }
        } else {
            // The area does not split well: the first field takes it whole.
            for &c in &regions[r].cells {
                field_of[c] = fields[0] as i32;
            }
            placed.push(fields[0]);
        }
    }
    // Areas left over (two crossing cities leave four, for two fields): to
    // the nearest field they suit, so that no bare ground is drawn that
    // belongs to no field. A chink too thin for the raster to flood through
    // (where two city outlines meet in a corner) goes to the field beside it.
    for (r, region) in regions.iter().enumerate() {
        if !homes[r].is_empty() {
            continue;
        }
        let to = if region.depth < MIN_DEPTH {
            beside(&region.cells, field_of)
        } else {
            placed
                .iter()
                .copied()
                .filter(|&f| fits(region, tile.segs[f].borders))
                .min_by(|&a, &b| {
                    let da = centroid_of(field_of, a).dist(region.centroid);
                    let db = centroid_of(field_of, b).dist(region.centroid);
                    da.total_cmp(&db)
                })
                .map(|f| f as i32)
        };
        if let Some(f) = to {
            for &c in &region.cells {
                field_of[c] = f;
            }
        }
    }
    placed
}

/// Split a free area between `fields`: each takes the cells nearest its
/// seed, its seeds between the cities it borders; the first spread of seeds
/// that gives every field a piece it suits, one piece per field.
fn split(tile: &mut Tile, cells: &[usize], fields: &[usize]) -> Option<Vec<Vec<usize>>> {
    let mut space = vec![false; GRID * GRID];
    for &c in cells {
        space[c] = true;
    }
    share::SHIFTS.iter().find_map(|&shift| {
        let seeds = seed_fields(tile, &space, fields, 0.0, shift);
        if seeds.len() < fields.len() {
            return None;
        }
        let dist: Vec<Vec<f64>> = seeds.iter().map(|&s| share::along(&space, &[s])).collect();
        let mut pieces = vec![Vec::new(); fields.len()];
        for &c in cells {
            if let Some(j) = nearest(&dist, c) {
                pieces[j].push(c);
            }
        }
        pieces
            .iter()
            .zip(fields)
            .all(|(p, &f)| tile.suits(f, p))
            .then_some(pieces)
    })
}

/// A seed per field in `space`, fields that border the same cities spread
/// along the ground between them (`shift`: see `share::seeds`); none when
/// `space` has no room.
fn seed_fields(
    tile: &mut Tile,
    space: &[bool],
    fields: &[usize],
    edge_gap: f64,
    shift: f64,
) -> Vec<usize> {
    let mut out = vec![usize::MAX; fields.len()];
    let mut avoid = vec![false; GRID * GRID];
    for (i, &f) in fields.iter().enumerate() {
        if out[i] != usize::MAX {
            continue;
        }
        let group: Vec<usize> = (0..fields.len())
            .filter(|&j| tile.segs[fields[j]].borders == tile.segs[f].borders)
            .collect();
        let cities = tile.cities(f);
        let maps = tile.reaches(&cities);
        let refs: Vec<&[f64]> = maps.iter().map(Vec::as_slice).collect();
        let got = share::seeds(space, &refs, group.len(), edge_gap, &avoid, shift);
        if got.len() < group.len() {
            return Vec::new();
        }
        for (&j, &s) in group.iter().zip(&got) {
            out[j] = s;
            avoid[s] = true;
        }
    }
    out
}

/// Which of the distance maps is nearest at `c` (ties to the first).
fn nearest(dist: &[Vec<f64>], c: usize) -> Option<usize> {
    (0..dist.len())
        .filter(|&j| dist[j][c].is_finite())
        .min_by(|&a, &b| dist[a][c].total_cmp(&dist[b][c]))
}

/// Step 2: fields between two or more cities take the ground between them
/// from the fields from the edge: the cells nearer their seed than any
/// edge, reaching the cities, if each gets a piece next to all its cities
/// and every field from the edge keeps `KEEP` of its ground. Fields that
/// border the same cities share that ground, as many as it takes (two in
/// one corner cannot both reach both caps); the rest get courtyards.
/// Returns the fields placed.
fn shares(tile: &mut Tile, needy: &[usize], field_of: &mut [i32]) -> Vec<usize> {
    let from_port: Vec<bool> = (0..tile.segs.len())
        .map(|f| tile.segs[f].kind == Kind::Field && !tile.is_enclosed(f))
        .collect();
    let port = |f: i32| usize::try_from(f).is_ok_and(|f| from_port[f]);
    let bare: Vec<bool> = tile.owner.iter().map(|&o| o < 0).collect();
    let edge_cells: Vec<usize> = (0..GRID * GRID)
        .filter(|&c| {
            let (x, y) = (c % GRID, c / GRID);
            (x == 0 || y == 0 || x == GRID - 1 || y == GRID - 1) && port(field_of[c])
        })
        .collect();
    let ground = Bare {
        bare: &bare,
        from_edge: &share::along(&bare, &edge_cells),
    };
    let mut placed = Vec::new();
    let mut done: Vec<u16> = Vec::new();
    for &f in needy {
        let want = tile.segs[f].borders;
        if want.count_ones() < 2 || done.contains(&want) {
            continue;
        }
        done.push(want);
        let group: Vec<usize> = needy
            .iter()
            .copied()
            .filter(|&g| tile.segs[g].borders == want)
            .collect();
        let space: Vec<bool> = field_of.iter().map(|&g| port(g)).collect();
        let found = (1..=group.len()).rev().find_map(|n| {
            share::SHIFTS
                .iter()
                .find_map(|&shift| take(tile, &ground, &space, &group[..n], field_of, shift))
                .map(|pieces| (n, pieces))
        });
        if let Some((n, pieces)) = found {
            for (p, &g) in pieces.iter().zip(&group[..n]) {
                for &c in p {
                    field_of[c] = g as i32;
                }
                placed.push(g);
            }
        }
    }
    placed
}

/// The bare ground (no city, road, river or cloister drawn) and each of its
/// cells' distance from the fields' edges.
struct Bare<'a> {
    bare: &'a [bool],
    from_edge: &'a [f64],
}

/// The pieces of `space` that `group` (fields bordering the same cities)
/// would take with seeds spread by `shift`, if each suits its field and the
/// fields from the edge keep enough.
fn take(
    tile: &mut Tile,
    ground: &Bare,
    space: &[bool],
    group: &[usize],
    field_of: &[i32],
    shift: f64,
) -> Option<Vec<Vec<usize>>> {
    let seeds = seed_fields(tile, space, group, EDGE_GAP, shift);
    if seeds.len() < group.len() {
        return None;
    }
    let cities = tile.cities(group[0]);
    let maps = tile.reaches(&cities);
    let dist: Vec<Vec<f64>> = seeds
        .iter()
        .map(|&s| share::along(ground.bare, &[s]))
        .collect();
    // Each piece reaches at least as far as the cities from its seed.
    let radius: Vec<f64> = seeds
        .iter()
        .map(|&s| {
            maps.iter()
                .map(|m| m[s] + 2.0 * CELL)
                .fold(R_SHARE, f64::max)
        })
        .collect();
    let mut pieces = vec![Vec::new(); group.len()];
    for c in (0..GRID * GRID).filter(|&c| space[c]) {
        if let Some(j) = nearest(&dist, c) {
            if dist[j][c] < ground.from_edge[c] && dist[j][c] <= radius[j] {
                pieces[j].push(c);
            }
        }
    }
    let ok = fair(field_of, &pieces) && pieces.iter().zip(group).all(|(p, &g)| tile.suits(g, p));
    ok.then_some(pieces)
}

/// Does every field from the edge keep `KEEP` of its ground, and room,
/// when the `pieces` are taken from it?
fn fair(field_of: &[i32], pieces: &[Vec<usize>]) -> bool {
    let mut taken = vec![false; GRID * GRID];
    for &c in pieces.iter().flatten() {
        taken[c] = true;
    }
    let mut had: Vec<usize> = Vec::new();
    let mut lost: Vec<usize> = Vec::new();
    for (c, &g) in field_of.iter().enumerate() {
        if let Ok(g) = usize::try_from(g) {
            if had.len() <= g {
                had.resize(g + 1, 0);
                lost.resize(g + 1, 0);
            }
            had[g] += 1;
            if taken[c] {
                lost[g] += 1;
            }
        }
    }
    had.iter()
        .zip(&lost)
        .all(|(&h, &l)| l == 0 || ((h - l) as f64 >= KEEP * h as f64 && h - l >= KEEP_CELLS))
}

/// Step 3: courtyards for the fields still without ground; fields that
/// border the same cities sit side by side.
fn courtyards(
    tile: &mut Tile,
    enclosed: &[usize],
    needy: &[usize],
    field_of: &[i32],
) -> Vec<(usize, Court)> {
    let mut taken: Vec<bool> = field_of
        .iter()
        .map(|&g| usize::try_from(g).is_ok_and(|g| enclosed.contains(&g)))
        .collect();
    let mut courts = Vec::new();
    for &f in needy {
        let group: Vec<usize> = needy
            .iter()
            .copied()
            .filter(|&g| tile.segs[g].borders == tile.segs[f].borders)
            .collect();
        let m = group.len() as f64;
        let j = group.iter().position(|&g| g == f).unwrap_or(0) as f64;
        let cap = (court::R_PREF / m.sqrt()).max(8.0);
        let cities = tile.cities(f);
        let target = target_of(tile.owner, &cities).add(Pt {
            x: (j - (m - 1.0) / 2.0) * 2.4 * cap,
            y: 0.0,
        });
        let maps = tile.reaches(&cities);
        let refs: Vec<&[f64]> = maps.iter().map(Vec::as_slice).collect();
        let ground = court::Ground {
            owner: tile.owner,
            field_of,
            taken: &taken,
        };
        let found = court::Tries::ALL
            .iter()
            .find_map(|t| court::find(&ground, &cities, &refs, cap, target, t));
        if let Some(c) = found {
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

/// Can `r` be the area of a field bordering the cities `want`? It must be
/// deep enough for a follower and lie next to every one of them.
fn fits(r: &Region, want: u16) -> bool {
    r.depth >= MIN_DEPTH && want & !r.touches == 0
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

/// The centre of a set of raster cells.
fn mean(cells: &[usize]) -> Pt {
    let mut s = Pt { x: 0.0, y: 0.0 };
    for &c in cells {
        s = s.add(cell_centre(c));
    }
    s.scale(1.0 / cells.len().max(1) as f64)
}

fn centroid_of(field_of: &[i32], f: usize) -> Pt {
    let cells: Vec<usize> = (0..GRID * GRID)
        .filter(|&c| field_of[c] == f as i32)
        .collect();
    mean(&cells)
}

/// Where a courtyard would best go: the middle of `cities` as drawn, or the
/// tile's centre.
fn target_of(owner: &[i32], cities: &[usize]) -> Pt {
    let cells: Vec<usize> = (0..GRID * GRID)
        .filter(|&c| usize::try_from(owner[c]).is_ok_and(|o| cities.contains(&o)))
        .collect();
    if cells.is_empty() {
        Pt { x: 50.0, y: 50.0 }
    } else {
        mean(&cells)
    }
}
