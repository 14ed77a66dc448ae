//! Shared by the drawing tests: which segment a picture shows at a point,
//! worked out from each segment's own drawn shape (a city's outline, a road's
//! stroke, a courtyard's disc) and the drawing order, so that a follower's
//! place is checked against what is actually drawn, not only the raster.

#![allow(dead_code)] // each test crate uses its own part

pub mod browser;
pub mod records;
pub mod web;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use carcassonne::geom::{self, Geom, Layout, Pt, ROAD_WIDTH};
use carcassonne_runtime::tables::{Kind, Ruleset, TileType};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The built `carcassonne` run from the repository root.
pub fn run(args: &[&str]) -> Output {
    run_in(&root(), args)
}

/// The built `carcassonne` run from folder `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run carcassonne")
}

/// A path for `name` in a temporary folder of this test binary's own (named
/// for the test file and the process, so parallel runs never share one).
pub fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "carcassonne-{}-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A command's output as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The `(x, y)` of a `translate(x y)` that starts a transform.
pub fn translate(t: &str) -> (f64, f64) {
    let inner = t
        .strip_prefix("translate(")
        .unwrap()
        .split(')')
        .next()
        .unwrap();
    let mut xy = inner.split(' ').map(|v| v.parse::<f64>().unwrap());
    (xy.next().unwrap(), xy.next().unwrap())
}

/// Whether `got` equals the golden file `rel` (from the repository root);
/// with `UPDATE_GOLDEN` set, (re)write it instead and say yes.
pub fn matches_golden(rel: &str, got: &str) -> bool {
    let path = root().join(rel);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
        return true;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    got == want
}

/// The unusual shapes of `cli/tests/data/shapes/` (ring cities, courtyards,
/// fields between caps, roads into gates), compiled now.
pub fn shapes() -> &'static Ruleset {
    let path = root().join("cli/tests/data/shapes/rules.toml");
    carcassonne::load::ruleset(path.to_str().unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// How far round an anchor the segment must still show: a follower stands
/// on it, not on its border.
pub const CLEAR: f64 = 2.0;

/// Even-odd point in polygon (written apart from geom's own test).
pub fn in_polygon(poly: &[Pt], p: Pt) -> bool {
    let mut inside = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[j]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if p.x < x {
                inside = !inside;
            }
        }
        j = i;
    }
    inside
}

pub fn dist(a: Pt, b: Pt) -> f64 {
    (a.x - b.x).hypot(a.y - b.y)
}

fn near_polyline(line: &[Pt], p: Pt, r: f64) -> bool {
    line.windows(2).any(|w| {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let l2 = dx * dx + dy * dy;
        let t = if l2 == 0.0 {
            0.0
        } else {
            (((p.x - a.x) * dx + (p.y - a.y) * dy) / l2).clamp(0.0, 1.0)
        };
        (p.x - a.x - t * dx).hypot(p.y - a.y - t * dy) <= r
    })
}

/// Does segment `i`'s own drawing cover `p`? A city by its outline, a road
/// or river by its stroke, a cloister or a garden by its square, a field by its
/// courtyard or else by the raster cells it was flooded into.
pub fn own_area(lay: &Layout, i: usize, p: Pt) -> bool {
    match &lay.segs[i].geom {
        Geom::Area { poly, .. } => in_polygon(poly, p),
        Geom::Stroke { lines, width, .. } => lines.iter().any(|l| near_polyline(l, p, width / 2.0)),
        Geom::Cloister { at } => (p.x - at.x).abs() <= 12.0 && (p.y - at.y).abs() <= 12.0,
        Geom::Garden { at, half } => (p.x - at.x).abs() <= *half && (p.y - at.y).abs() <= *half,
        Geom::Field { court: Some(c), .. } => dist(p, c.centre) <= c.radius,
        Geom::Field { court: None, .. } => lay.segment_at(p) == Some(i),
    }
}

/// The segment the picture shows at `p`: the last one drawn that covers it;
/// `None` on a junction dot (where several roads end) or bare ground.
pub fn shown_at(lay: &Layout, p: Pt) -> Option<usize> {
    if lay
        .junction
        .is_some_and(|j| dist(p, j) <= ROAD_WIDTH / 2.0 + 2.0)
    {
        return None;
    }
    lay.order
        .iter()
        .rev()
        .copied()
        .find(|&j| {
            // A field without a courtyard lies under everything else.
            !matches!(lay.segs[j].geom, Geom::Field { court: None, .. }) && own_area(lay, j, p)
        })
        .or_else(|| lay.segment_at(p).filter(|&j| own_area(lay, j, p)))
}

/// Why segment `i`'s anchor is not a place to stand, if it is not: the
/// segment must show at the anchor and all round it within `CLEAR`, in the
/// drawing and in the raster.
pub fn anchor_fault(lay: &Layout, i: usize) -> Option<String> {
    if lay.cells_of(i) == 0 {
        return Some("the segment is not visible".into());
    }
    let a = lay.segs[i].anchor;
    let ring = (0..8).map(|k| {
        let t = k as f64 * std::f64::consts::FRAC_PI_4;
        geom::pt(a.x + CLEAR * t.cos(), a.y + CLEAR * t.sin())
    });
    for p in std::iter::once(a).chain(ring) {
        let shown = shown_at(lay, p);
        if shown != Some(i) {
            return Some(format!(
                "at {p:?}, by the anchor {a:?}, the picture shows {shown:?}"
            ));
        }
        if lay.segment_at(p) != Some(i) {
            return Some(format!(
                "at {p:?}, by the anchor {a:?}, the raster holds {:?}",
                lay.segment_at(p)
            ));
        }
    }
    None
}

/// Every fault of every segment's anchor on `tile`, one line each.
pub fn anchor_faults(tile: &TileType, lay: &Layout) -> Vec<String> {
    (0..tile.segments.len())
        .filter_map(|i| {
            anchor_fault(lay, i).map(|e| {
                format!(
                    "{}: segment {i} ({:?}{}): {e}",
                    tile.id,
                    tile.segments[i].kind,
                    if is_enclosed(tile, i) {
                        ", enclosed"
                    } else {
                        ""
                    }
                )
            })
        })
        .collect()
}

pub fn is_enclosed(tile: &TileType, i: usize) -> bool {
    let s = &tile.segments[i];
    s.kind == Kind::Field && s.ports & 0x0fff == 0
}
