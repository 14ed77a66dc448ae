//! Every way cities can lie on a tile round enclosed fields, drawn: each
//! arrangement of city sides into cities (up to rotation; two cities that
//! cross as a bridge), fields from the edge on the other sides, and one or
//! two enclosed fields bordering each set of those cities. Every segment's
//! anchor must show that segment, and every enclosed field an area of its
//! own next to the cities it borders (where a flat picture can have one).

use std::fmt::Write as _;

use carcassonne::geom::{self, Geom, Layout};
use carcassonne_runtime::tables::{Kind, TileType};

mod support;

const SIDES: [&str; 4] = ["N", "E", "S", "W"];

/// Every partition of `items` into non-empty groups.
fn partitions(items: &[usize]) -> Vec<Vec<Vec<usize>>> {
    let Some((&first, rest)) = items.split_first() else {
        return vec![Vec::new()];
    };
    let mut out = Vec::new();
    for p in partitions(rest) {
        for i in 0..p.len() {
            let mut q = p.clone();
            q[i].insert(0, first);
            out.push(q);
        }
        let mut q = p;
        q.insert(0, vec![first]);
        out.push(q);
    }
    out
}

/// Do two cities' sides alternate round the tile (so one must bridge the other)?
fn cross(a: &[usize], b: &[usize]) -> bool {
    let seq: Vec<bool> = (0..4)
        .filter(|s| a.contains(s) || b.contains(s))
        .map(|s| a.contains(&s))
        .collect();
    (0..seq.len())
        .filter(|&i| seq[i] != seq[(i + seq.len() - 1) % seq.len()])
        .count()
        > 2
}

/// A city as a bit mask of its sides, turned `r` quarter turns.
fn turned(sides: &[usize], r: usize) -> u8 {
    sides.iter().fold(0, |m, &s| m | 1 << ((s + r) % 4))
}

/// Fields from the edge: one per run of sides without a city, bordering
/// the cities at its two ends (as indices into `cities`).
fn edge_fields(cities: &[Vec<usize>]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let city_of = |s: usize| cities.iter().position(|c| c.contains(&(s % 4)));
    let mut out = Vec::new();
    for s in (0..4).filter(|&s| city_of(s).is_none() && city_of(s + 3).is_some()) {
        let mut run = vec![s];
        while city_of(run[run.len() - 1] + 1).is_none() {
            run.push((run[run.len() - 1] + 1) % 4);
        }
        let mut ends: Vec<usize> = [s + 3, run[run.len() - 1] + 1]
            .iter()
            .filter_map(|&x| city_of(x))
            .collect();
        ends.sort_unstable();
        ends.dedup();
        out.push((run, ends));
    }
    out
}

/// The shape text: the cities (the first of two crossing ones a bridge),
/// the fields from the edge, and `count` enclosed fields bordering the
/// cities `bordered`.
fn shape(cities: &[Vec<usize>], bordered: &[usize], count: usize) -> String {
    let bridge =
        (0..cities.len()).find(|&i| (i + 1..cities.len()).any(|j| cross(&cities[i], &cities[j])));
    let names = |sides: &[usize]| -> String {
        sides
            .iter()
            .map(|&x| SIDES[x])
            .collect::<Vec<_>>()
            .join(" ")
    };
    let by = |ks: &[usize]| -> String {
        ks.iter()
            .map(|&k| SIDES[cities[k][0]])
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut s = String::new();
    for (k, c) in cities.iter().enumerate() {
        let mark = if bridge == Some(k) { " +bridge" } else { "" };
        let _ = writeln!(s, "city {}{mark}", names(c));
    }
    for (run, ends) in edge_fields(cities) {
        let _ = writeln!(s, "field {} > {}", names(&run), by(&ends));
    }
    for _ in 0..count {
        let _ = writeln!(s, "field enclosed > {}", by(bordered));
    }
    s
}

/// The shapes, one per arrangement up to rotation.
fn shapes() -> Vec<String> {
    let mut seen: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    let mut out = Vec::new();
    for mask in 1..16usize {
        let city_sides: Vec<usize> = (0..4).filter(|s| mask & (1 << s) != 0).collect();
        for cities in partitions(&city_sides) {
            for sub in 1..(1usize << cities.len()) {
                let bordered: Vec<usize> =
                    (0..cities.len()).filter(|k| sub & (1 << k) != 0).collect();
                for count in 1..=2 {
                    // The same tile turned is the same arrangement.
                    let key = (0..4)
                        .map(|r| {
                            let mut cs: Vec<u8> = cities.iter().map(|c| turned(c, r)).collect();
                            cs.sort_unstable();
                            let mut b: Vec<u8> =
                                bordered.iter().map(|&k| turned(&cities[k], r)).collect();
                            b.sort_unstable();
                            b.push(count as u8 + 100);
                            (cs, b)
                        })
                        .min()
                        .unwrap();
                    if !seen.contains(&key) {
                        seen.push(key);
                        out.push(shape(&cities, &bordered, count));
                    }
                }
            }
        }
    }
    out
}

fn compile(shapes: &[String]) -> &'static carcassonne_runtime::tables::Ruleset {
    let dir = std::env::temp_dir().join(format!("carcassonne-cities-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut set = format!(
        "[set]\nid = \"cities\"\nname = \"City arrangements\"\nexpect_total = {}\n\n[[tile]]\nid = \"start\"\ncount = 1\nstart = 1\nshape = '''\ncity N\nroad E W\nfield En Wn > N\nfield Es S Ws\n'''\n",
        shapes.len() + 1
    );
    for (i, s) in shapes.iter().enumerate() {
        let _ = write!(
            set,
            "\n[[tile]]\nid = \"c{i}\"\ncount = 1\nshape = '''\n{s}'''\n"
        );
    }
    std::fs::write(dir.join("cities.toml"), set).unwrap();
    let rules = dir.join("rules.toml");
    std::fs::write(
        &rules,
        "[ruleset]\nid = \"cities\"\nname = \"City arrangements\"\nsets = [\"cities\"]\ntiles = \".\"\n\n[options]\nstart_tile = \"start\"\n",
    )
    .unwrap();
    carcassonne::load::ruleset(rules.to_str().unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

fn next_to(lay: &Layout, f: usize, c: usize) -> bool {
    let own = |i: usize| lay.owner[i] == f as i32;
    match &lay.segs[f].geom {
        Geom::Field { court: Some(k), .. } => match &lay.segs[c].geom {
            Geom::Area { poly, .. } => (0..48).any(|j| {
                let t = j as f64 * std::f64::consts::TAU / 48.0;
                let p = geom::pt(
                    k.centre.x + (k.radius - 1.0) * t.cos(),
                    k.centre.y + (k.radius - 1.0) * t.sin(),
                );
                support::in_polygon(poly, p)
            }),
            _ => false,
        },
        _ => (0..50 * 50).filter(|&i| own(i)).any(|i| {
            let (x, y) = (i % 50, i / 50);
            [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ]
            .iter()
            .any(|&(nx, ny)| nx < 50 && ny < 50 && lay.owner[ny * 50 + nx] == c as i32)
        }),
    }
}

/// Arrangements no flat picture can give, where an enclosed field cannot
/// lie next to all its cities: two of them lie on either side of a third
/// city that runs across the tile (a band between two caps); or another
/// enclosed field borders three of the same cities (two fields and the
/// tile's edge each next to the same three cities cannot be drawn apart).
fn impossible(t: &TileType, f: usize) -> bool {
    let cities = |g: usize| -> Vec<usize> {
        (0..t.segments.len().min(16))
            .filter(|&c| t.segments[g].borders & (1 << c) != 0)
            .collect()
    };
    let sides = |c: usize| geom::sides_of(t.segments[c].ports);
    let mine = cities(f);
    // Going round from a side of `a` to a side of `b` either way meets `x`.
    let apart = |a: usize, b: usize, x: usize| {
        sides(a).iter().any(|&sa| {
            sides(b).iter().any(|&sb| {
                let way = |step: u8| {
                    let mut s = sa;
                    let mut hit = false;
                    while s != sb {
                        s = (s + step) % 4;
                        hit |= s != sb && sides(x).contains(&s);
                    }
                    hit
                };
                way(1) && way(3)
            })
        })
    };
    let bridge = |c: usize| {
        t.segments[c]
            .attrs
            .iter()
            .any(|a| carcassonne_runtime::generated::ATTRS[a.id as usize].name == "bridge")
    };
    let split = mine.iter().any(|&a| {
        mine.iter().any(|&b| {
            a < b
                && (0..t.segments.len())
                    .filter(|&x| x != a && x != b && t.segments[x].kind == Kind::City && !bridge(x))
                    .any(|x| apart(a, b, x))
        })
    });
    let crowded = (0..t.segments.len()).any(|g| {
        g != f
            && support::is_enclosed(t, g)
            && (t.segments[g].borders & t.segments[f].borders).count_ones() >= 3
    });
    split || crowded
}

#[test]
fn every_arrangement_of_cities_draws_each_enclosed_field_and_follower() {
    let shapes = shapes();
    assert_eq!(shapes.len(), 100, "arrangements up to rotation");
    let rs = compile(&shapes);
    let mut faults = Vec::new();
    for t in rs.tiles {
        let lay = geom::layout(t);
        faults.extend(support::anchor_faults(t, &lay));
        for f in (0..t.segments.len()).filter(|&f| support::is_enclosed(t, f)) {
            let n = lay.cells_of(f);
            if n < 20 {
                faults.push(format!("{}: enclosed field {f} has {n} cells", t.id));
            }
            for c in (0..16).filter(|c| t.segments[f].borders & (1 << c) != 0) {
                if !next_to(&lay, f, c) && !impossible(t, f) {
                    faults.push(format!(
                        "{}: enclosed field {f} is not next to city {c}",
                        t.id
                    ));
                }
            }
        }
    }
    let listing: Vec<String> = faults
        .iter()
        .map(|f| {
            let id = f.split(':').next().unwrap_or("");
            let i: usize = id.trim_start_matches('c').parse().unwrap_or(usize::MAX);
            format!(
                "{f}\n    {}",
                shapes
                    .get(i)
                    .map_or(String::new(), |s| s.replace('\n', "; "))
            )
        })
        .collect();
    assert!(faults.is_empty(), "{}", listing.join("\n"));
}
