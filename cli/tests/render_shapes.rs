//! Drawing the unusual shapes of `cli/tests/data/shapes/`: every kind of
//! enclosed field (in a ring city, a city on four sides, between caps,
//! between crossing cities, beside a field from the edge), roads into city
//! gates. Each has a golden
//! picture (UPDATE_GOLDEN=1 rewrites them) and the geometric facts behind
//! it are asserted: an enclosed field has an area of its own, next to every
//! city it borders, and a follower on it stands in it, not on the city.

use carcassonne::geom::{self, pt, End, Geom, Layout, Pt};
use carcassonne::paint::{self, BoardFollower};
use carcassonne::svg::{self, Style};
use carcassonne_runtime::tables::{Kind, Ruleset, TileType};

mod support;
use support::{in_polygon, is_enclosed, shown_at};

fn tile(id: &str) -> (&'static TileType, Layout) {
    let rs = support::shapes();
    let t = &rs.tiles[rs.tile_index(id).unwrap_or_else(|| panic!("no tile {id}"))];
    (t, geom::layout(t))
}

fn seg(t: &TileType, kind: Kind, ports: &[&str]) -> usize {
    t.segments
        .iter()
        .position(|s| {
            let names = carcassonne_runtime::catalog::port_names(s);
            s.kind == kind && names.len() == ports.len() && ports.iter().all(|p| names.contains(p))
        })
        .unwrap_or_else(|| panic!("{} has no {kind:?} on {ports:?}", t.id))
}

fn enclosed(t: &TileType) -> Vec<usize> {
    (0..t.segments.len())
        .filter(|&i| is_enclosed(t, i))
        .collect()
}

fn poly(lay: &Layout, i: usize) -> &[Pt] {
    match &lay.segs[i].geom {
        Geom::Area { poly, .. } => poly,
        g => panic!("segment {i} is not a city: {g:?}"),
    }
}

fn court(lay: &Layout, i: usize) -> Option<geom::Court> {
    match &lay.segs[i].geom {
        Geom::Field { court, .. } => *court,
        g => panic!("segment {i} is not a field: {g:?}"),
    }
}

/// `n` points on a circle.
fn circle(c: Pt, r: f64, n: usize) -> impl Iterator<Item = Pt> {
    (0..n).map(move |k| {
        let t = k as f64 * std::f64::consts::TAU / n as f64;
        pt(c.x + r * t.cos(), c.y + r * t.sin())
    })
}

/// Cells of the raster (2 units a side) that show segment `i`.
fn cells(lay: &Layout, i: usize) -> Vec<(usize, usize)> {
    (0..50 * 50)
        .filter(|&c| lay.owner[c] == i as i32)
        .map(|c| (c % 50, c / 50))
        .collect()
}

/// Does field `f`'s area lie next to (or, for a courtyard, cut into) city
/// `c`? Some cell of the field has a neighbour cell of the city, or its
/// courtyard reaches inside the city's outline.
fn next_to(lay: &Layout, f: usize, c: usize) -> bool {
    if let Some(k) = court(lay, f) {
        return in_polygon(poly(lay, c), k.centre)
            || circle(k.centre, k.radius - 1.0, 48).any(|p| in_polygon(poly(lay, c), p));
    }
    cells(lay, f).iter().any(|&(x, y)| {
        [(0, -1), (1, 0), (0, 1), (-1, 0)].iter().any(|(dx, dy)| {
            let (nx, ny) = (x as isize + dx, y as isize + dy);
            (0..50).contains(&nx)
                && (0..50).contains(&ny)
                && lay.owner[ny as usize * 50 + nx as usize] == c as i32
        })
    })
}

/// The facts every enclosed field's drawing keeps, on every tile of every
/// ruleset and of the shapes: an area of some size that shows no other
/// segment, next to every city the field borders, away from the tile's
/// edge except where a city outline pinches it into a corner, and the
/// field's anchor in it, not on a city.
#[test]
fn every_enclosed_field_has_an_area_of_its_own_next_to_its_cities() {
    let mut all: Vec<&'static Ruleset> = carcassonne_runtime::rulesets().to_vec();
    all.push(support::shapes());
    let mut seen = 0;
    let mut done: Vec<&str> = Vec::new();
    for rs in all {
        for t in rs.tiles {
            if done.contains(&t.id) || enclosed(t).is_empty() {
                continue;
            }
            done.push(t.id);
            let lay = geom::layout(t);
            for f in enclosed(t) {
                seen += 1;
                let n = lay.cells_of(f);
                assert!(n >= 20, "{} field {f}: {n} cells", t.id);
                let a = lay.segs[f].anchor;
                assert_eq!(
                    shown_at(&lay, a),
                    Some(f),
                    "{} field {f}: anchor {a:?}",
                    t.id
                );
                for c in (0..16).filter(|c| t.segments[f].borders & (1 << c) != 0) {
                    assert!(
                        next_to(&lay, f, c),
                        "{} field {f} is not next to city {c}",
                        t.id
                    );
                }
                let (x, y) = ((a.x - 50.0).abs(), (a.y - 50.0).abs());
                assert!(
                    x.max(y) < 45.0,
                    "{} field {f}: anchor {a:?} on the edge",
                    t.id
                );
            }
        }
    }
    assert!(seen >= 20, "{seen} enclosed fields");
}

#[test]
fn a_ring_city_leaves_a_courtyard_and_its_road_stops_at_the_gate() {
    let (t, lay) = tile("ring");
    let city = seg(t, Kind::City, &["N", "E", "W"]);
    let road = seg(t, Kind::Road, &["S"]);
    let yard = enclosed(t)[0];
    let k = court(&lay, yard).expect("the ring leaves no free area: the field gets a courtyard");
    assert!(lay.cells_of(yard) >= 100, "{} cells", lay.cells_of(yard));
    // The courtyard lies wholly inside the city's outline and the city shows
    // all round it: a band with a hole.
    let outline = poly(&lay, city);
    assert!(circle(k.centre, k.radius, 64).all(|p| in_polygon(outline, p)));
    for p in circle(k.centre, k.radius + 4.0, 16) {
        assert_eq!(
            shown_at(&lay, p),
            Some(city),
            "round the courtyard at {p:?}"
        );
    }
    // The farmer stands in the courtyard, not on the city.
    let a = lay.segs[yard].anchor;
    assert!(support::dist(a, k.centre) < k.radius - 2.0, "{a:?} {k:?}");
    assert!(in_polygon(outline, a), "the courtyard is inside the city");
    assert_eq!(shown_at(&lay, a), Some(yard));
    assert_ne!(shown_at(&lay, a), Some(city));
    // The road from S runs under the city's gate and stays clear of the
    // courtyard; the fields either side of it differ.
    match &lay.segs[road].geom {
        Geom::Stroke {
            end: Some((e, End::Covered)),
            ..
        } => {
            assert!(in_polygon(outline, *e), "the road ends under the city");
            assert!(support::dist(*e, k.centre) > k.radius + geom::ROAD_WIDTH / 2.0);
        }
        g => panic!("the road should run into the gate: {g:?}"),
    }
    let (se, sw) = (seg(t, Kind::Field, &["Se"]), seg(t, Kind::Field, &["Sw"]));
    assert_eq!(shown_at(&lay, pt(70.0, 95.0)), Some(se));
    assert_eq!(shown_at(&lay, pt(30.0, 95.0)), Some(sw));
    assert_eq!(shown_at(&lay, pt(50.0, 95.0)), Some(road));
}

#[test]
fn courtyards_in_a_city_on_four_sides_are_apart_and_inside_it() {
    for id in ["donut", "donut2"] {
        let (t, lay) = tile(id);
        let city = seg(t, Kind::City, &["N", "E", "S", "W"]);
        let yards = enclosed(t);
        let courts: Vec<geom::Court> = yards.iter().map(|&f| court(&lay, f).unwrap()).collect();
        for (j, k) in courts.iter().enumerate() {
            assert!(k.radius >= 8.0, "{id}: {k:?}");
            // Clear of the tile's edge by a band of city.
            let (x, y) = (k.centre.x, k.centre.y);
            assert!(
                x.min(y).min(100.0 - x).min(100.0 - y) - k.radius >= 6.0,
                "{id}: {k:?}"
            );
            for o in &courts[..j] {
                assert!(
                    support::dist(k.centre, o.centre) > k.radius + o.radius + 2.0,
                    "{id}: {k:?} {o:?}"
                );
            }
        }
        for &f in &yards {
            assert_eq!(shown_at(&lay, lay.segs[f].anchor), Some(f));
        }
        assert_eq!(shown_at(&lay, lay.segs[city].anchor), Some(city));
    }
}

#[test]
fn a_field_between_city_caps_lies_between_them() {
    // Four caps: the field is the free middle, no courtyard needed.
    let (t, lay) = tile("caps4");
    let f = enclosed(t)[0];
    assert!(court(&lay, f).is_none());
    assert_eq!(shown_at(&lay, pt(50.0, 50.0)), Some(f));
    assert!(lay.cells_of(f) >= 200, "{}", lay.cells_of(f));
    for (s, side) in ["N", "E", "S", "W"].into_iter().enumerate() {
        let c = seg(t, Kind::City, &[side]);
        assert!(next_to(&lay, f, c), "not next to the cap on {side}");
        let by_side = geom::rot(pt(50.0, 4.0), s as u8);
        assert_eq!(shown_at(&lay, by_side), Some(c), "the cap on {side}");
    }
    // Two corner cities: the field is the lens between them, through the centre.
    let (t, lay) = tile("caps2");
    let f = enclosed(t)[0];
    let (nw, es) = (
        seg(t, Kind::City, &["N", "W"]),
        seg(t, Kind::City, &["E", "S"]),
    );
    assert_eq!(shown_at(&lay, pt(50.0, 50.0)), Some(f));
    assert_eq!(shown_at(&lay, pt(20.0, 20.0)), Some(nw));
    assert_eq!(shown_at(&lay, pt(80.0, 80.0)), Some(es));
    assert!(next_to(&lay, f, nw) && next_to(&lay, f, es));
    // Two caps, fields from the edge on E and W: the field between the caps
    // takes the middle from them, behind walls, and reaches both caps.
    let (t, lay) = tile("between");
    let f = enclosed(t)[0];
    let (n, s) = (seg(t, Kind::City, &["N"]), seg(t, Kind::City, &["S"]));
    let (e, w) = (
        seg(t, Kind::Field, &["En", "Es"]),
        seg(t, Kind::Field, &["Wn", "Ws"]),
    );
    assert!(
        court(&lay, f).is_none(),
        "ground between the caps, not a courtyard"
    );
    assert_eq!(shown_at(&lay, pt(50.0, 50.0)), Some(f));
    assert!(next_to(&lay, f, n) && next_to(&lay, f, s));
    assert_eq!(shown_at(&lay, pt(4.0, 50.0)), Some(w));
    assert_eq!(shown_at(&lay, pt(96.0, 50.0)), Some(e));
    for side in [e, w] {
        assert!(lay.cells_of(side) >= 100, "{} cells", lay.cells_of(side));
    }
    assert!(lay.walls.len() >= 2, "a wall on each side: {:?}", lay.walls);
    // A cap and a corner city that meet in a corner, the outer field
    // bordering only the cap: the field lies between the outer field and
    // the corner city, next to both cities, and the outer field keeps most
    // of its room.
    let (t, lay) = tile("inner");
    let f = enclosed(t)[0];
    let (n, es) = (seg(t, Kind::City, &["N"]), seg(t, Kind::City, &["E", "S"]));
    assert!(next_to(&lay, f, n) && next_to(&lay, f, es));
    let outer = seg(t, Kind::Field, &["Wn", "Ws"]);
    assert!(
        lay.cells_of(outer) > 3 * lay.cells_of(f),
        "the outer field keeps its room"
    );
    assert!(!lay.walls.is_empty(), "a wall between the two fields");
    // Crossing cities leave four corners for two fields: each gets its own.
    let (t, lay) = tile("cross");
    let fs = enclosed(t);
    assert_eq!(fs.len(), 2);
    assert_ne!(
        shown_at(&lay, lay.segs[fs[0]].anchor),
        shown_at(&lay, lay.segs[fs[1]].anchor)
    );
}

#[test]
fn a_road_into_a_city_cap_splits_the_field() {
    let (t, lay) = tile("gate");
    let city = seg(t, Kind::City, &["N"]);
    let road = seg(t, Kind::Road, &["S"]);
    match &lay.segs[road].geom {
        Geom::Stroke {
            end: Some((e, End::Covered)),
            ..
        } => assert!(in_polygon(poly(&lay, city), *e), "{e:?}"),
        g => panic!("the road should run under the city: {g:?}"),
    }
    let (w, e) = (
        seg(t, Kind::Field, &["Sw", "Wn", "Ws"]),
        seg(t, Kind::Field, &["Se", "En", "Es"]),
    );
    assert_eq!(shown_at(&lay, pt(20.0, 60.0)), Some(w));
    assert_eq!(shown_at(&lay, pt(80.0, 60.0)), Some(e));
    assert_eq!(
        shown_at(&lay, pt(50.0, 50.0)),
        Some(road),
        "the road runs on past the centre"
    );
    assert!(lay.walls.is_empty(), "the road alone splits the field");
}

/// A standalone picture of one tile: as the atlas draws it (each field
/// shaded, dotted lines to the cities it borders), and as a board draws it
/// with a follower on every segment (farmers lying down).
fn picture(t: &TileType, lay: &Layout) -> String {
    let mut followers = String::new();
    for (i, s) in lay.segs.iter().enumerate() {
        followers.push_str(&paint::follower_use(&BoardFollower {
            player: i as u8,
            at: pt(s.anchor.x + 120.0, s.anchor.y),
            farmer: s.kind == Kind::Field,
            big: false,
        }));
    }
    format!(
        concat!(
            r#"<?xml version="1.0" encoding="UTF-8"?>"#,
            "\n",
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 240 135" width="480" height="270">"#,
            "\n<title>{id}</title>\n<defs>{meeple}</defs>\n",
            r##"<rect x="-10" y="-10" width="240" height="135" fill="#fbf8f0"/>"##,
            "\n<g>{atlas}</g>\n",
            r#"<g transform="translate(120 0)">{board}</g>"#,
            "\n{followers}\n",
            r##"<text x="0" y="117" font-family="DejaVu Sans, Arial, sans-serif" font-size="9" fill="#2b2b2b">{id}</text>"##,
            "\n</svg>\n"
        ),
        id = paint::esc(t.id),
        meeple = paint::MEEPLE,
        atlas = svg::tile_body(t, lay, Style { detail: true }, 0),
        board = svg::tile_body(t, lay, Style { detail: false }, 0),
        followers = followers,
    )
}

#[test]
fn unusual_shapes_match_their_golden_pictures() {
    let mut stale = Vec::new();
    for id in [
        "ring", "between", "caps4", "caps2", "gate", "donut2", "inner", "cross", "islet",
    ] {
        let (t, lay) = tile(id);
        let got = picture(t, &lay);
        roxmltree::Document::parse(&got).unwrap_or_else(|e| panic!("{id}: {e}"));
        let rel = format!("cli/tests/golden/shapes/{id}.svg");
        if !support::matches_golden(&rel, &got) {
            stale.push(rel);
        }
    }
    assert!(
        stale.is_empty(),
        "these pictures differ from their golden files (look at both; UPDATE_GOLDEN=1 rewrites them): {stale:?}"
    );
}
