//! Where a wagon may drive on each tile (Abbey & Mayor,
//! 000_9deb58b1a7d17d38.txt L1668, fn 31-35 L1864-L1869): the segment
//! links the compiler derives from the shapes and the tiles' `+ends=` and
//! `+in-city` (`codegen/src/links.rs`), for every tile of every set with a
//! road that ends on it or a cloister beside a city, against a table taken
//! from JCloisterZone's tile definitions (their `wagon-move` groups, in the
//! reference topology's orientation, which is theirs) where those have the
//! tile, and read from the tiles' art notes otherwise.

use std::collections::BTreeSet;

use carcassonne_codegen::links::{road_ends, Spans, Why};
use carcassonne_codegen::model::{Kind, Segment};
use carcassonne_codegen::ports::{is_middle, side_of, SIDE_NAMES};
use carcassonne_tests::repo_root;

/// Tile id and its linked segment pairs, each as "kind SIDES - kind SIDES"
/// (sorted). Tiles without a road end and without a cloister beside a
/// city need no row; every tile with one needs a row.
const EXPECTED: &[(&str, &[&str])] = &[
    // abbey_mayor
    ("AM/CCRR", &["city N - road E", "city W - road S"]),
    (
        "AM/LRRRR",
        &[
            "cloister - road E",
            "cloister - road N",
            "cloister - road S",
            "cloister - road W",
        ],
    ),
    ("AM/RC", &["city N - road W"]),
    // "The road ends at the house" (L1576).
    ("AM/R", &[]),
    ("AM/RG", &[]),
    // "The road does not end, but instead continues in all three
    // directions" (L1578): the well's road ends nowhere.
    ("AM/Rrr", &[]),
    // "A road running through a city via a tunnel is not connected to the
    // city" (fn 31 L1864).
    ("AM/CRcr+", &[]),
    // base
    ("A", &["cloister - road S"]),
    (
        "L",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    ("S", &["city NEW - road S"]),
    ("T", &["city NEW - road S"]),
    (
        "W",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    (
        "X",
        &[
            "road E - road N",
            "road E - road S",
            "road E - road W",
            "road N - road S",
            "road N - road W",
            "road S - road W",
        ],
    ),
    // bridges_castles_bazaars
    ("BB/CCCR", &["city E - road S"]),
    ("BB/CFR!", &["city W - road E"]),
    ("BB/CFR!G", &["city W - road E"]),
    ("BB/CFR.b", &[]),
    ("BB/LCFc", &["city EW - cloister"]),
    ("BB/R.bi", &[]),
    ("BB/RFR.b", &[]),
    ("BB/RFR.bi", &[]),
    // catapult: the fairs stop the roads (not in the JCloisterZone files at hand)
    ("CA.RFR", &[]),
    ("CA.RR", &[]),
    ("CA.RrR.1", &[]),
    ("CA.RRr.2", &[]),
    // count
    ("CO/1", &[]),
    ("CO/4", &[]),
    ("CO/11", &[]),
    // crop_circles1
    ("CC.1/CR", &[]),
    ("CC.1/RRR", &[]),
    // crop_circles2
    ("CC.2/RRr", &[]),
    ("CC.2/RRRr", &[]),
    ("CC.2/CFR", &[]),
    ("CC.2/RCR", &[]),
    // ferries
    ("FR/CRRR", &[]),
    ("FR/RRR", &[]),
    ("FR/RRRR", &[]),
    // gold_mines
    ("GO/LCc", &[]),
    ("GO/LCcRr", &[]),
    // heretics_shrines: JCloisterZone joins each road to the shrine (placed
    // and scored like a cloister, 000_9deb58b1a7d17d38.txt L2068)
    ("CU/SR", &["road S - shrine"]),
    ("CU/SCFR", &["road S - shrine"]),
    ("CU/SRFR", &["road N - shrine", "road S - shrine"]),
    // hills_sheep
    ("HS/CFR.h", &["city N - road S"]),
    ("HS/LCRr", &[]),
    ("HS/LRrR", &["cloister - road S"]),
    ("HS/RCC.v", &["city N - road S"]),
    ("HS/RFR.h", &["road N - road S"]),
    ("HS/RR.h", &["road S - road W"]),
    ("HS/RR.hG", &["road S - road W"]),
    ("HS/RRr.v", &[]),
    // inns_cathedrals
    ("IC/LRFR", &["cloister - road E", "cloister - road W"]),
    ("IC/CRCR", &["road E - road W"]),
    ("IC/CFR", &["city N - road S"]),
    ("IC/CcR", &["city NW - road E"]),
    ("IC/CRcR+", &["city EW - road N", "city EW - road S"]),
    ("IC/RCc.i", &["city NW - road S"]),
    (
        "IC/RRR.i",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    // king_robber
    ("KR/LC", &[]),
    ("KR/RC", &["city N - road W"]),
    ("KR/RCG", &["city N - road W"]),
    ("KR/CRrR", &["city N - road W"]),
    ("KR/CcRR!", &["city NW - road E", "city NW - road S"]),
    // mage_witch
    (
        "MW/CRRR.3",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    ("MW/CCCR.3", &["city E - road S"]),
    ("MW/CRcR", &["city EW - road N", "city EW - road S"]),
    ("MW/CccR.1", &["city NEW - road S"]),
    ("MW/CRRr.2", &["city N - road E"]),
    // princess_dragon
    ("DG/R.v", &[]),
    (
        "DG/LRRR.d",
        &[
            "cloister - road E",
            "cloister - road S",
            "cloister - road W",
        ],
    ),
    (
        "DG/RRR.d",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    (
        "DG/RRR.g",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    (
        "DG/CRRR.p",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    ("DG/LCcc.d", &["city NEW - cloister"]),
    // river1
    ("RI.1/CIRI", &["city N - road S"]),
    ("RI.1/LIRI", &["cloister - road S"]),
    // river2
    ("RI.2/CIRI", &["city N - road S"]),
    // river3: River I's layout (000_9deb58b1a7d17d38.txt L445)
    ("RI.3/CIRI", &["city N - road S"]),
    ("RI.3/LIRI", &["cloister - road S"]),
    // gq11: the source's road ends at a cottage (L454)
    ("GQ/RFI", &[]),
    // robbers: the base game's W with a robber symbol
    (
        "RB/BA/RRR.rb",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    // tower
    ("TO/RR", &[]),
    ("TO/RRG", &[]),
    ("TO/RRR", &[]),
    ("TO/RRRR.1", &[]),
    ("TO/CFR", &[]),
    ("TO/CcR!", &["city NW - road E"]),
    ("TO/CccR", &["city NEW - road S"]),
    // traders_builders
    ("TB/CcRR!.c", &["city NW - road E", "city NW - road S"]),
    ("TB/CcRR.w", &["city NW - road E", "city NW - road S"]),
    ("TB/CcRR.wG", &["city NW - road E", "city NW - road S"]),
    ("TB/CcRC.c", &["city NW - road E"]),
    ("TB/CcRC.g", &["city NW - road E"]),
    ("TB/CcR.c", &["city NW - road E"]),
    ("TB/CcR.cG", &["city NW - road E"]),
    ("TB/CcR!.w", &["city NW - road E"]),
    ("TB/CccR.w", &["city NEW - road S"]),
    ("TB/CR", &["city N - road E"]),
    ("TB/CRc.g", &["city EW - road S"]),
    ("TB/CRc.w", &["city EW - road S"]),
    ("TB/CRcR.w", &["city EW - road N", "city EW - road S"]),
    (
        "TB/LRRR",
        &[
            "cloister - road E",
            "cloister - road S",
            "cloister - road W",
        ],
    ),
    ("TB/RCc.g", &["city NW - road S"]),
    ("TB/RCc!.g", &["city NW - road S"]),
    ("TB/RRC", &["city N - road S"]),
    // wheel_of_fortune: the Wheel's cells: roads end at the Wheel
    ("WF:BA/LR", &["cloister - road S"]),
    (
        "WF:BA/CRRR",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    ("WF:BA/CccR+", &["city NEW - road S"]),
    ("WF:BA/CccR", &["city NEW - road S"]),
    (
        "WF:BA/RRR",
        &["road E - road S", "road E - road W", "road S - road W"],
    ),
    (
        "WF:BA/RRRR.w1",
        &[
            "road E - road N",
            "road E - road S",
            "road E - road W",
            "road N - road S",
            "road N - road W",
            "road S - road W",
        ],
    ),
    ("WF:IC/CFR", &["city N - road S"]),
    ("WF:IC/CcR", &["city NW - road E"]),
    ("WF:IC/LRFR", &["cloister - road E", "cloister - road W"]),
    ("WF:IC/RCc", &["city NW - road S"]),
    ("WF:KR/CRrR", &["city N - road W"]),
    ("WF:KR/RC", &["city N - road W"]),
    ("WF:TB/CR", &["city N - road E"]),
    ("WF:WHEEL/r0c2", &[]),
    ("WF:WHEEL/r1c0", &[]),
    ("WF:WHEEL/r3c3", &[]),
];

fn name(seg: &Segment) -> String {
    let sides: String = seg
        .ports
        .iter()
        .filter(|&&p| is_middle(p))
        .map(|&p| SIDE_NAMES[side_of(p) as usize])
        .collect();
    if sides.is_empty() {
        seg.kind.name().to_string()
    } else {
        format!("{} {sides}", seg.kind.name())
    }
}

fn pairs(segments: &[Segment]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, a) in segments.iter().enumerate() {
        for (j, b) in segments.iter().enumerate().skip(i + 1) {
            if a.links & (1 << j) != 0 {
                let mut two = [name(a), name(b)];
                two.sort();
                out.insert(two.join(" - "));
            }
            // Links go both ways.
            assert_eq!(
                a.links & (1 << j) != 0,
                b.links & (1 << i) != 0,
                "{} and {}",
                name(a),
                name(b)
            );
        }
    }
    out
}

struct NoErrors;
impl carcassonne_codegen::shape::Sink for NoErrors {
    fn error(&mut self, _: std::ops::Range<usize>, message: String) {
        panic!("{message}");
    }
}

/// Every tile of every shipped set.
fn tiles() -> Vec<(String, carcassonne_codegen::model::Tile)> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(repo_root().join("tiles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let set = carcassonne_codegen::tileset::load(&path)
            .unwrap_or_else(|d| panic!("{}: {d:?}", path.display()));
        out.extend(set.tiles.into_iter().map(|t| (set.id.clone(), t)));
    }
    out
}

fn needs_row(t: &carcassonne_codegen::model::Tile) -> bool {
    let has = |k| t.segments.iter().any(|s| s.kind == k);
    let road_end = t
        .segments
        .iter()
        .any(|s| s.kind == Kind::Road && s.ports.len() == 1);
    road_end || (has(Kind::Cloister) && has(Kind::City))
}

#[test]
fn every_tile_leads_where_the_table_says() {
    let tiles = tiles();
    let mut failures = Vec::new();
    for (set, t) in &tiles {
        let row = EXPECTED.iter().find(|(id, _)| *id == t.id);
        match row {
            None if needs_row(t) => failures.push(format!("{set} {}: no row in the table", t.id)),
            None => {}
            Some((_, want)) => {
                let want: BTreeSet<String> = want.iter().map(|s| s.to_string()).collect();
                let have = pairs(&t.segments);
                if want != have {
                    failures.push(format!("{set} {}: links {have:?}, expected {want:?}", t.id));
                }
            }
        }
    }
    for (id, _) in EXPECTED {
        if !tiles.iter().any(|(_, t)| t.id == *id) {
            failures.push(format!("table row {id}: no such tile"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The shipped tiles leave no road end to the default: each is decided by
/// a rule of the shape or said by the tile.
#[test]
fn no_shipped_road_end_is_left_to_the_default() {
    let mut unsure = Vec::new();
    for (set, t) in tiles() {
        let line = vec![0..0; t.segments.len()];
        let attr = vec![None; t.segments.len()];
        let spans = Spans {
            attr: &attr,
            line: &line,
        };
        for e in road_ends(&t.segments, &spans, &mut NoErrors) {
            // Road ends no rule decides and the tile does not say: none.
            if e.why == Why::Unsure {
                unsure.push(format!("{set} {} segment {}", t.id, e.segment));
            }
        }
    }
    assert!(
        unsure.is_empty(),
        "say where these roads end (`+ends=`): {unsure:?}"
    );
}
