//! Drawing: tile geometry worked out from the segments, the atlas (well-formed,
//! deterministic, golden for the base game), boards from game records, the
//! viewer page, and clear errors on bad input.

use carcassonne::geom::{self, pt, End, Geom, Pt};
use carcassonne::timeline::Timeline;
use carcassonne::{paint, play, svg};
use carcassonne_runtime::bots::BotKind;
use carcassonne_runtime::generated::ATTRS;
use carcassonne_runtime::tables::{Kind, Ruleset};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

mod support;

use support::{root, run, text, tmp};

/// Parse as XML (panics with the parser's message if it is not well-formed).
fn xml(s: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(s).unwrap_or_else(|e| panic!("not well-formed XML: {e}"))
}

/// The layouts of a compiled-in ruleset's tiles, worked out once per test run.
fn layouts(rs: &'static Ruleset) -> &'static [geom::Layout] {
    static CACHE: OnceLock<Mutex<HashMap<&'static str, &'static [geom::Layout]>>> = OnceLock::new();
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    cache
        .entry(rs.id)
        .or_insert_with(|| Box::leak(geom::layouts(rs.tiles).into_boxed_slice()))
}

fn layout_of(
    ruleset: &str,
    tile: &str,
) -> (geom::Layout, &'static carcassonne_runtime::tables::TileType) {
    let rs = carcassonne_runtime::ruleset(ruleset).unwrap();
    let t = &rs.tiles[rs.tile_index(tile).unwrap()];
    (geom::layout(t), t)
}

fn seg_of(t: &carcassonne_runtime::tables::TileType, kind: Kind, ports: &[&str]) -> usize {
    t.segments
        .iter()
        .position(|s| {
            s.kind == kind && {
                let names = carcassonne_runtime::catalog::port_names(s);
                names.len() == ports.len() && ports.iter().all(|p| names.contains(p))
            }
        })
        .unwrap_or_else(|| panic!("{} has no {kind:?} on {ports:?}", t.id))
}

#[test]
fn tile_d_city_cap_on_n_road_w_to_e_field_strip_between() {
    let (lay, t) = layout_of("base", "D");
    let city = seg_of(t, Kind::City, &["N"]);
    let road = seg_of(t, Kind::Road, &["E", "W"]);
    let strip = seg_of(t, Kind::Field, &["En", "Wn"]);
    let south = seg_of(t, Kind::Field, &["Es", "Se", "Sw", "Ws"]);
    assert_eq!(lay.segment_at(pt(50.0, 8.0)), Some(city), "the cap hugs N");
    assert_eq!(lay.segment_at(pt(50.0, 50.0)), Some(road));
    assert_eq!(
        lay.segment_at(pt(2.0, 50.0)),
        Some(road),
        "the road reaches W"
    );
    assert_eq!(
        lay.segment_at(pt(98.0, 50.0)),
        Some(road),
        "the road reaches E"
    );
    assert_eq!(
        lay.segment_at(pt(50.0, 40.0)),
        Some(strip),
        "a field between cap and road"
    );
    assert_eq!(lay.segment_at(pt(50.0, 80.0)), Some(south));
    assert!(lay.junction.is_none());
}

#[test]
fn tile_k_city_n_road_curving_s_to_w() {
    let (lay, t) = layout_of("base", "K");
    let city = seg_of(t, Kind::City, &["N"]);
    let road = seg_of(t, Kind::Road, &["S", "W"]);
    let corner = seg_of(t, Kind::Field, &["Sw", "Ws"]);
    assert_eq!(lay.segment_at(pt(50.0, 8.0)), Some(city));
    assert_eq!(lay.segment_at(pt(50.0, 97.0)), Some(road), "from S");
    assert_eq!(lay.segment_at(pt(3.0, 50.0)), Some(road), "to W");
    assert_eq!(
        lay.segment_at(pt(37.5, 62.5)),
        Some(road),
        "curving through the SW quarter"
    );
    assert_eq!(
        lay.segment_at(pt(12.0, 88.0)),
        Some(corner),
        "the field in the bend"
    );
    assert_ne!(lay.segment_at(pt(75.0, 75.0)), Some(corner));
}

#[test]
fn tile_x_crossroads_with_a_centre_junction() {
    let (lay, t) = layout_of("base", "X");
    let j = lay.junction.expect("four roads meet in a junction");
    assert!(
        (j.x - 50.0).abs() < 1.0 && (j.y - 50.0).abs() < 1.0,
        "{j:?}"
    );
    for side in ["N", "E", "S", "W"] {
        let r = seg_of(t, Kind::Road, &[side]);
        match &lay.segs[r].geom {
            Geom::Stroke {
                end: Some((_, End::Junction)),
                ..
            } => {}
            g => panic!("road {side} should end at the junction: {g:?}"),
        }
    }
    // Four separate fields, one per quarter.
    let quarters = [
        pt(20.0, 20.0),
        pt(80.0, 20.0),
        pt(80.0, 80.0),
        pt(20.0, 80.0),
    ];
    let fields: Vec<Option<usize>> = quarters.iter().map(|&p| lay.segment_at(p)).collect();
    for (i, f) in fields.iter().enumerate() {
        assert!(f.is_some());
        for g in &fields[..i] {
            assert_ne!(f, g);
        }
    }
}

#[test]
fn one_port_roads_reach_the_city_that_splits_their_fields() {
    // Tile S: a three-sided city and a road from S into it; Se and Sw are
    // different fields, so the road must run into the city.
    let (lay, t) = layout_of("base", "S");
    let road = seg_of(t, Kind::Road, &["S"]);
    match &lay.segs[road].geom {
        Geom::Stroke {
            end: Some((_, End::Covered)),
            ..
        } => {}
        g => panic!("road S should run under the city: {g:?}"),
    }
    // Tile A: the road ends at the cloister.
    let (lay, t) = layout_of("base", "A");
    let road = seg_of(t, Kind::Road, &["S"]);
    let cloister = t
        .segments
        .iter()
        .position(|s| s.kind == Kind::Cloister)
        .unwrap();
    assert_eq!(lay.segment_at(pt(50.0, 50.0)), Some(cloister));
    assert_eq!(lay.segment_at(pt(50.0, 95.0)), Some(road));
}

/// A follower stands where its segment's own drawing shows, clear of its
/// border and of everything drawn over it (a farmer on a ring city's
/// courtyard, not on the city round it), on every tile of every ruleset and
/// of the unusual shapes.
#[test]
fn every_segment_of_every_tile_is_visible_and_its_anchor_lies_on_it() {
    let mut faults = Vec::new();
    let mut all: Vec<&'static Ruleset> = carcassonne_runtime::rulesets().to_vec();
    all.push(support::shapes());
    for rs in all {
        for (t, lay) in rs.tiles.iter().zip(layouts(rs)) {
            for f in support::anchor_faults(t, lay) {
                faults.push(format!("{} {f}", rs.id));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// A garden lies over a field of its tile (the roomiest, as near the centre
/// as it fits) and covers nothing else: every other segment of a garden
/// variant shows as much as on its plain tile (the garden is its last
/// segment, so the others keep their indices). It is drawn as a garden
/// (hedge and trees), not as a cloister.
#[test]
fn a_garden_lies_over_a_field_and_is_drawn_as_a_garden() {
    let pairs = [
        ("E.G", "E"),
        ("R.G", "R"),
        ("U.G", "U"),
        ("V.G", "V"),
        ("IC/CCCCG", "IC/CCCC"),
        ("RI.1/IIG", "RI.1/II"),
        ("TO/RRG", "TO/RR"),
    ];
    for (garden_id, plain_id) in pairs {
        let (lay, t) = layout_of("everything_c2", garden_id);
        // The plain tile as the 1st edition has it (the 2nd swaps some).
        let (plain, _) = layout_of("everything_c1", plain_id);
        let g = t
            .segments
            .iter()
            .position(|s| s.kind == Kind::Garden)
            .unwrap_or_else(|| panic!("{garden_id} has no garden"));
        let Geom::Garden { at, half } = lay.segs[g].geom else {
            panic!("{garden_id}: the garden is drawn as {:?}", lay.segs[g].geom)
        };
        assert!((5.0..=geom::GARDEN_HALF).contains(&half), "{garden_id}");
        assert_eq!(lay.segs[g].anchor, at, "{garden_id}");
        for j in (0..t.segments.len()).filter(|&j| j != g) {
            if t.segments[j].kind == Kind::Field {
                assert!(lay.cells_of(j) > 0, "{garden_id}: field {j} is hidden");
            } else {
                assert_eq!(
                    lay.cells_of(j),
                    plain.cells_of(j),
                    "{garden_id}: the garden covers part of segment {j}"
                );
            }
        }
        // Under the garden: a field of the plain tile.
        let under = plain.segment_at(at).map(|j| t.segments[j].kind);
        assert_eq!(under, Some(Kind::Field), "{garden_id} at {at:?}");
    }
    // E.G's field is wide open: the garden lies at the centre, full size.
    let (lay, t) = layout_of("everything_c2", "E.G");
    let g = t
        .segments
        .iter()
        .position(|s| s.kind == Kind::Garden)
        .unwrap();
    let Geom::Garden { at, half } = lay.segs[g].geom else {
        unreachable!("checked above")
    };
    assert!(support::dist(at, pt(50.0, 50.0)) < 2.0, "E.G: {at:?}");
    assert_eq!(half, geom::GARDEN_HALF);
    let body = svg::tile_body(t, &lay, svg::Style { detail: true }, 1);
    xml(&format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>"#
    ));
    assert!(body.contains("#3f7a2a"), "no hedge: {body}");
    assert!(!body.contains("#efe4cc"), "a cloister is drawn: {body}");
    // The atlas names it in its legend where a tile has one, only there.
    assert!(
        svg::atlas(carcassonne_runtime::ruleset("everything_c2").unwrap())
            .contains(">garden (only the abbot may occupy it)</text>")
    );
    assert!(!svg::atlas(carcassonne_runtime::ruleset("base").unwrap()).contains(">garden"));
}

/// A shrine stands where a cloister would (its road leads to it: CU/SR's
/// shrine is where A's cloister is) but is drawn as a shrine, never as a
/// cloister; the atlas names it where a tile has one.
#[test]
fn a_shrine_stands_like_a_cloister_and_is_drawn_as_a_shrine() {
    let shrine_of = |t: &carcassonne_runtime::tables::TileType| {
        t.segments
            .iter()
            .position(|s| s.kind == Kind::Shrine)
            .expect("a shrine")
    };
    for id in ["CU/S", "CU/SC", "CU/SR", "CU/SCFR", "CU/SRFR"] {
        let (lay, t) = layout_of("base_heretics_shrines", id);
        let s = shrine_of(t);
        assert!(
            matches!(lay.segs[s].geom, Geom::Cloister { .. }),
            "{id}: {:?}",
            lay.segs[s].geom
        );
        for r in 0..4 {
            let body = svg::tile_body(t, &lay, svg::Style { detail: true }, r);
            xml(&format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>"#
            ));
            assert!(body.contains("#4b4560"), "{id}: no shrine drawn");
            assert!(!body.contains("#efe4cc"), "{id}: a cloister is drawn");
        }
    }
    let (shrine, t) = layout_of("base_heretics_shrines", "CU/SR");
    let (cloister, a) = layout_of("base", "A");
    let c = a
        .segments
        .iter()
        .position(|s| s.kind == Kind::Cloister)
        .unwrap();
    assert_eq!(shrine.segs[shrine_of(t)].anchor, cloister.segs[c].anchor);
    let atlas = svg::atlas(carcassonne_runtime::ruleset("base_heretics_shrines").unwrap());
    assert!(atlas.contains(">shrine (a follower on it is a heretic)</text>"));
    assert!(!svg::atlas(carcassonne_runtime::ruleset("base").unwrap()).contains(">shrine"));
}

#[test]
fn enclosed_fields_are_drawn_inside_their_cities() {
    let (lay, t) = layout_of("base_inns_cathedrals", "IC/CCCC");
    let enclosed = t
        .segments
        .iter()
        .position(|s| s.kind == Kind::Field && s.ports == 0)
        .unwrap();
    assert_eq!(lay.segment_at(pt(50.0, 50.0)), Some(enclosed));
    assert!(lay.cells_of(enclosed) > 50);
}

#[test]
fn atlases_are_well_formed_deterministic_and_show_every_tile() {
    for id in ["base", "base_river2", "base_inns_cathedrals"] {
        let rs = carcassonne_runtime::ruleset(id).unwrap();
        assert_eq!(
            svg::atlas(rs),
            svg::atlas(rs),
            "{id}: the atlas is not deterministic"
        );
    }
    for rs in carcassonne_runtime::rulesets() {
        let a = svg::atlas_with(rs, layouts(rs));
        let doc = xml(&a);
        let tiles: Vec<&str> = doc
            .descendants()
            .filter_map(|n| n.attribute("data-tile"))
            .collect();
        let want: Vec<&str> = rs.tiles.iter().map(|t| t.id).collect();
        assert_eq!(tiles, want, "{}", rs.id);
        for t in rs.tiles {
            assert!(
                a.contains(&format!(">{}</tspan> ×{}", paint::esc(t.id), t.count)),
                "{} {}",
                rs.id,
                t.id
            );
        }
    }
}

/// The base atlas is golden twice: the test's copy and the book's picture (docs/atlas-base.svg).
#[test]
fn base_atlas_matches_the_golden_file() {
    let got = svg::atlas(carcassonne_runtime::ruleset("base").unwrap());
    for rel in ["cli/tests/golden/atlas-base.svg", "docs/atlas-base.svg"] {
        assert!(
            support::matches_golden(rel, &got),
            "the base atlas differs from {rel} (look at both; UPDATE_GOLDEN=1 rewrites it)"
        );
    }
}

/// Boards of rulesets whose modules show no blocks, labels, tops or held
/// figures are drawn byte for byte as they were before those were drawn:
/// the goldens in `cli/tests/golden/boards/` were written by the drawing
/// code before them, from the records in `cli/tests/data/boards/` (neutral
/// figures and a path, figures of their own shapes and goods, the cards'
/// notes and a final scoring). `UPDATE_GOLDEN=1` rewrites them.
#[test]
fn boards_without_blocks_or_held_figures_match_their_golden_files() {
    let mut stale = Vec::new();
    for (ruleset, turn) in [
        ("base_princess_dragon", Some(40)),
        ("base_traders_builders", Some(40)),
        ("base_king_robber", None),
    ] {
        let file = support::root().join(format!("cli/tests/data/boards/{ruleset}.json"));
        let tl = Timeline::load(&file, None).unwrap();
        let lays = geom::layouts(tl.rules.tiles);
        let k = match turn {
            Some(n) => tl.step_after_turn(n).unwrap(),
            None => tl.steps.len() - 1,
        };
        let view = tl.board_view(k, &lays);
        assert!(view.areas.is_empty() && view.held.is_empty());
        let got = svg::board(tl.rules, &lays, &view);
        let at = turn.map_or("end".to_string(), |n| format!("t{n}"));
        let rel = format!("cli/tests/golden/boards/{ruleset}-{at}.svg");
        if !support::matches_golden(&rel, &got) {
            stale.push(rel);
        }
    }
    assert!(
        stale.is_empty(),
        "these boards differ from their golden files (look at both; UPDATE_GOLDEN=1 rewrites them): {stale:?}"
    );
}

#[test]
fn every_attribute_has_a_symbol_and_unknown_ones_a_labelled_badge() {
    for a in ATTRS {
        let s = svg::symbol(a.name, 2, Pt { x: 50.0, y: 50.0 }, 1);
        xml(&format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg">{s}</svg>"#
        ));
    }
    let s = svg::symbol("wind-rose", 1, Pt { x: 10.0, y: 10.0 }, 0);
    let wrapped = format!(r#"<svg xmlns="http://www.w3.org/2000/svg">{s}</svg>"#);
    let doc = xml(&wrapped);
    assert!(
        doc.descendants().any(|n| n.text() == Some("wind-rose")),
        "{s}"
    );
}

#[test]
fn the_render_tiles_command_writes_the_atlas() {
    let out = tmp("atlas.svg");
    let o = run(&[
        "render",
        "tiles",
        "--ruleset",
        "base",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        svg,
        svg::atlas(carcassonne_runtime::ruleset("base").unwrap())
    );
    // A ruleset given by path draws the same tiles.
    let by_path = tmp("atlas-path.svg");
    let o = run(&[
        "render",
        "tiles",
        "--ruleset",
        "rulesets/base.toml",
        "-o",
        by_path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(&by_path).unwrap(), svg);
    let o = run(&[
        "render",
        "tiles",
        "--ruleset",
        "nope",
        "-o",
        tmp("x.svg").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("unknown ruleset `nope`"));
    assert!(!tmp("x.svg").exists());
}

fn record(ruleset: &str, seed: u64, bots: &[BotKind]) -> carcassonne_runtime::record::Record {
    let rs = carcassonne_runtime::ruleset(ruleset).unwrap();
    play::play(rs, bots.len() as u8, seed, bots, true).unwrap()
}

#[test]
fn stepping_through_records_matches_the_engine_for_every_ruleset() {
    let bots = [BotKind::Random, BotKind::Greedy, BotKind::Random];
    for rs in carcassonne_runtime::rulesets() {
        let lays = layouts(rs);
        // Every figure of the three players, of every kind the ruleset hands out.
        let g0 = carcassonne_runtime::engine::Game::new(rs, 3, 0).unwrap();
        let figures: usize = carcassonne_runtime::engine::FollowerKind::ALL
            .iter()
            .map(|&k| g0.figures(0, k) as usize)
            .sum::<usize>()
            * 3;
        for seed in 0..4 {
            let rec = record(rs.id, seed, &bots);
            let tl =
                Timeline::new(rec.clone(), rs).unwrap_or_else(|e| panic!("{} {seed}: {e}", rs.id));
            // Tiles discarded or set aside are shown with the next step.
            let entries = rec
                .turns
                .iter()
                .filter(|t| t.discarded.is_none() && t.set_aside.is_none())
                .count();
            let placed = rec.turns.iter().filter(|t| t.tile.is_some()).count();
            assert_eq!(tl.placements, placed);
            assert!(tl.finished);
            // Every answer beyond the tiles and figures is shown once, in
            // the record's order: with its entry's step, or, posed after
            // the scoring (a wagon's move, a dragon's step, a second tile
            // taken), as a step of its own.
            let recorded: Vec<_> = rec
                .turns
                .iter()
                .flat_map(|t| t.actions.iter().flatten())
                .collect();
            let shown: Vec<_> = tl.steps.iter().flat_map(|s| &s.actions).collect();
            assert_eq!(shown, recorded, "{} {seed}", rs.id);
            let own = tl.steps.len() - 2 - entries;
            assert!(
                tl.steps.len() >= entries + 2 && own <= recorded.len(),
                "start, one per entry (a tile or an abbey declined), one per answer after the scoring, final scoring"
            );
            assert!(tl.steps[1..tl.steps.len() - 1]
                .iter()
                .filter(|s| s.placed.is_none())
                .all(|s| s.actions.len() == 1));
            let last = tl.steps.last().unwrap();
            assert!(last.is_final);
            assert_eq!(Some(&last.scores), rec.final_.as_ref().map(|f| &f.scores));
            // Each step's events add up to the change (a ransom paid is
            // negative).
            for (k, w) in tl.steps.windows(2).enumerate() {
                let gained: i64 = w[1].events.iter().map(|e| e.points).sum();
                let before: i64 = w[0].scores.iter().map(|&x| i64::from(x)).sum();
                let after: i64 = w[1].scores.iter().map(|&x| i64::from(x)).sum();
                assert_eq!(
                    before + gained,
                    after,
                    "{} {seed} step {}: {}",
                    rs.id,
                    k + 1,
                    tl.describe(k + 1)
                );
            }
            // Followers stand on their segments, on the board.
            for k in 0..tl.steps.len() {
                let tiles = tl.tiles_at(k);
                for f in &tl.steps[k].followers {
                    assert!(tiles.contains(&f.on));
                    let lay = &lays[f.on.tile as usize];
                    let fault = support::anchor_fault(lay, f.segment as usize);
                    assert!(fault.is_none(), "{} {seed}: {fault:?}", rs.id);
                }
                assert!(tl.steps[k].followers.len() <= figures);
            }
        }
    }
}

#[test]
fn boards_are_well_formed_and_show_followers_and_scores() {
    let rec = record(
        "base",
        42,
        &[BotKind::Random, BotKind::Greedy, BotKind::Greedy],
    );
    let file = tmp("game42.json");
    std::fs::write(&file, serde_json::to_vec_pretty(&rec).unwrap()).unwrap();
    let f = file.to_str().unwrap();
    let end = tmp("end.svg");
    let o = run(&["render", "game", f, "-o", end.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let s = std::fs::read_to_string(&end).unwrap();
    let doc = xml(&s);
    let scores = &rec.final_.as_ref().unwrap().scores;
    for (p, sc) in scores.iter().enumerate() {
        let g = doc
            .descendants()
            .find(|n| n.attribute("data-player") == Some(&p.to_string()))
            .unwrap();
        let shown: String = g.descendants().filter_map(|n| n.text()).collect();
        assert!(shown.contains(&format!(": {sc}")), "P{p}: {shown}");
    }
    assert!(s.contains("final scores"));
    // After 30 tiles: 31 tiles on the board, the last highlighted, the
    // followers that were standing then.
    let mid = tmp("mid.svg");
    let o = run(&[
        "render",
        "game",
        f,
        "--turn",
        "30",
        "-o",
        mid.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let s = std::fs::read_to_string(&mid).unwrap();
    let doc = xml(&s);
    let uses = |prefix: &str| {
        doc.descendants()
            .filter(|n| n.tag_name().name() == "use")
            .filter(|n| n.attribute("href").is_some_and(|h| h.starts_with(prefix)))
            .count()
    };
    assert_eq!(uses("#t"), 31);
    let tl = Timeline::new(rec.clone(), carcassonne_runtime::ruleset("base").unwrap()).unwrap();
    assert_eq!(uses("#meeple"), tl.steps[30].followers.len());
    assert!(s.contains("turn 30 of"));
    assert!(
        s.contains(r##"stroke="#ffe14d""##),
        "the tile just placed is highlighted"
    );
    // Deterministic.
    let again = tmp("mid2.svg");
    assert!(run(&[
        "render",
        "game",
        f,
        "--turn",
        "30",
        "-o",
        again.to_str().unwrap()
    ])
    .status
    .success());
    assert_eq!(std::fs::read(&mid).unwrap(), std::fs::read(&again).unwrap());
    // The start position.
    let start = tmp("start.svg");
    assert!(run(&[
        "render",
        "game",
        f,
        "--turn",
        "0",
        "-o",
        start.to_str().unwrap()
    ])
    .status
    .success());
}

fn fails(args: &[&str], needle: &str) {
    let o = run(args);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert!(
        err.contains(needle),
        "{args:?}: expected {needle:?} in {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn bad_records_and_turns_are_clear_errors() {
    let rec = record("base", 5, &[BotKind::Random, BotKind::Random]);
    let file = tmp("game5.json");
    std::fs::write(&file, serde_json::to_vec_pretty(&rec).unwrap()).unwrap();
    let f = file.to_str().unwrap();
    let out = tmp("never.svg");
    let o = out.to_str().unwrap();
    let placed = rec.turns.iter().filter(|t| t.discarded.is_none()).count();
    fails(
        &["render", "game", f, "--turn", "500", "-o", o],
        "--turn 500 is past the end",
    );
    fails(
        &[
            "render",
            "game",
            f,
            "--turn",
            &format!("{}", placed + 1),
            "-o",
            o,
        ],
        "past the end",
    );
    let o2 = run(&["render", "game", f, "--turn", "-3", "-o", o]);
    assert_eq!(
        o2.status.code(),
        Some(2),
        "a negative turn is a usage error"
    );
    // Corrupt: cut in half, an illegal move, not JSON, missing, another ruleset.
    let full = std::fs::read(&file).unwrap();
    let cut = tmp("cut.json");
    std::fs::write(&cut, &full[..full.len() / 2]).unwrap();
    fails(
        &["render", "game", cut.to_str().unwrap(), "-o", o],
        "not a valid game record",
    );
    fails(
        &["view", cut.to_str().unwrap(), "-o", o],
        "not a valid game record",
    );
    let mut v: serde_json::Value = serde_json::from_slice(&full).unwrap();
    v["turns"][3]["x"] = serde_json::json!(40);
    let moved = tmp("moved.json");
    std::fs::write(&moved, serde_json::to_vec(&v).unwrap()).unwrap();
    fails(
        &["render", "game", moved.to_str().unwrap(), "-o", o],
        "turn 4: illegal move",
    );
    fails(
        &["view", moved.to_str().unwrap(), "-o", o],
        "turn 4: illegal move",
    );
    let junk = tmp("junk.json");
    std::fs::write(&junk, [0xff, 0x00, 0x41]).unwrap();
    fails(
        &["view", junk.to_str().unwrap(), "-o", o],
        "not a valid game record",
    );
    fails(
        &["view", tmp("missing.json").to_str().unwrap(), "-o", o],
        "cannot read file",
    );
    let mut v: serde_json::Value = serde_json::from_slice(&full).unwrap();
    v["ruleset"] = serde_json::json!("no_such_ruleset");
    let other = tmp("other.json");
    std::fs::write(&other, serde_json::to_vec(&v).unwrap()).unwrap();
    fails(
        &["render", "game", other.to_str().unwrap(), "-o", o],
        "unknown ruleset `no_such_ruleset`",
    );
    assert!(!out.exists(), "nothing is written on an error");
}

#[test]
fn a_partial_record_and_a_scenario_render_and_view() {
    let rec = record("base_river1", 3, &[BotKind::Greedy, BotKind::Random]);
    let mut v = serde_json::to_value(&rec).unwrap();
    v["turns"].as_array_mut().unwrap().truncate(15);
    v.as_object_mut().unwrap().remove("final");
    let file = tmp("partial.json");
    std::fs::write(&file, serde_json::to_vec(&v).unwrap()).unwrap();
    let out = tmp("partial.svg");
    let o = run(&[
        "render",
        "game",
        file.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let s = std::fs::read_to_string(&out).unwrap();
    xml(&s);
    assert!(s.contains("the record stops here"));
    let html = tmp("partial.html");
    let o = run(&["view", file.to_str().unwrap(), "-o", html.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // Every hand-written scenario (no seed, scripted draws) of the scenario tests.
    let mut n = 0;
    let mut cache: std::collections::HashMap<&str, Vec<geom::Layout>> = Default::default();
    for e in std::fs::read_dir(root().join("tests/scenarios")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let tl = Timeline::load(&p, None).unwrap_or_else(|e| panic!("{e}"));
        let lays = cache
            .entry(tl.rules.id)
            .or_insert_with(|| geom::layouts(tl.rules.tiles));
        for k in 0..tl.steps.len() {
            xml(&svg::board(tl.rules, lays, &tl.board_view(k, lays)));
        }
        n += 1;
    }
    assert!(n >= 10, "{n} scenarios");
}

#[test]
fn the_viewer_is_one_self_contained_file() {
    let rec = record(
        "base_inns_cathedrals",
        9,
        &[BotKind::Greedy, BotKind::Random, BotKind::Greedy],
    );
    let file = tmp("ic.json");
    std::fs::write(&file, serde_json::to_vec(&rec).unwrap()).unwrap();
    let out = tmp("ic.html");
    let o = run(&["view", file.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    for id in [
        "turn", "scores", "events", "board", "next", "prev", "first", "last", "slider",
    ] {
        assert!(html.contains(&format!(r#"id="{id}""#)), "#{id}");
    }
    // No external assets: the only URL is the SVG namespace.
    let urls = html.matches("http").count();
    assert_eq!(urls, html.matches("http://www.w3.org/2000/svg").count());
    assert!(!html.contains(" src="));
    assert!(!html.contains("<link"));
    // The inline SVG is well-formed.
    let start = html.find("<svg id=\"board\"").unwrap();
    let end = html[start..].find("</svg>").unwrap() + start + 6;
    xml(&html[start..end]);
    // The embedded data: one step per tile plus the start and the final scoring.
    let a = html
        .find(r#"<script type="application/json" id="game-data">"#)
        .unwrap();
    let body = &html[a..];
    let json = &body[body.find('>').unwrap() + 1..body.find("</script>").unwrap()];
    let d: serde_json::Value = serde_json::from_str(json).unwrap();
    let placed = rec.turns.iter().filter(|t| t.discarded.is_none()).count();
    assert_eq!(d["steps"].as_array().unwrap().len(), placed + 2);
    assert_eq!(
        d["steps"].as_array().unwrap().last().unwrap()["scores"],
        serde_json::json!(rec.final_.as_ref().unwrap().scores)
    );
}
