//! The compiled-in base ruleset against the reference topology
//! (`shared/reference/tile_topology.tsv`, cross-checked with JCloisterZone):
//! for every base-game tile of the 1st edition, count, edges, segments,
//! pennants, cloister and fields (half-edges and bordering cities) agree.
//!
//! `compare` checks one TSV row against one catalog tile (catalog JSON) and
//! knows nothing about the base game, so other sets can reuse it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;

fn tsv_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/tile_topology.tsv")
}

/// One row of the TSV, by column name.
type Row = BTreeMap<String, String>;

fn read_tsv() -> Vec<Row> {
    let path = tsv_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the reference topology {} is needed by this test and cannot be read: {e}",
            path.display()
        )
    });
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("a header line").split('\t').collect();
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            assert_eq!(cells.len(), header.len(), "bad TSV line: {line:?}");
            header
                .iter()
                .zip(cells)
                .map(|(h, c)| (h.to_string(), c.trim().to_string()))
                .collect()
        })
        .collect()
}

fn edge_name(letter: &str) -> &str {
    match letter {
        "C" => "city",
        "R" => "road",
        "F" => "field",
        "W" => "river",
        other => other,
    }
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn split_plus(s: &str) -> Vec<String> {
    sorted(s.split('+').map(str::to_string).collect())
}

/// An attribute value as the TSV writes it (`true` flags have no value).
fn attr_matches(have: Option<&Value>, want: Option<&str>) -> bool {
    match (have, want) {
        (None, _) => false,
        (Some(_), None) => true,
        (Some(Value::Number(n)), Some(w)) => n.to_string() == w,
        (Some(Value::String(s)), Some(w)) => s == w,
        (Some(Value::Bool(true)), Some(w)) => w == "1",
        _ => false,
    }
}

/// Differences between one TSV row and one catalog tile (`catalog::to_json`'s
/// `tiles[i]`); empty when they agree.
fn compare(row: &Row, tile: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let segs: Vec<&Value> = tile["segments"]
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let kind = |s: &Value| s["kind"].as_str().unwrap_or("").to_string();

    // Count.
    let count = row["count"].parse::<u64>().ok();
    if count != tile["count"].as_u64() {
        out.push(format!(
            "count: reference {}, catalog {}",
            row["count"], tile["count"]
        ));
    }

    // Edges N E S W.
    let want: Vec<String> = ["N", "E", "S", "W"]
        .iter()
        .map(|s| edge_name(&row[*s]).to_string())
        .collect();
    let have = strs(&tile["edges"]);
    if want != have {
        out.push(format!("edges: reference {want:?}, catalog {have:?}"));
    }

    // Segments other than fields and cloisters: kind and sides.
    let mut want: Vec<(String, Vec<String>)> = if row["segments"] == "-" {
        Vec::new()
    } else {
        row["segments"]
            .split_whitespace()
            .map(|s| {
                let (k, sides) = s.split_once(':').unwrap_or((s, ""));
                (k.to_string(), split_plus(sides))
            })
            .collect()
    };
    let mut have: Vec<(String, Vec<String>)> = segs
        .iter()
        .filter(|s| !matches!(kind(s).as_str(), "field" | "cloister"))
        .map(|s| (kind(s), sorted(strs(&s["ports"]))))
        .collect();
    want.sort();
    have.sort();
    if want != have {
        out.push(format!("segments: reference {want:?}, catalog {have:?}"));
    }
    // The segment of a tile touching exactly these sides.
    let by_sides = |sides: &[String]| {
        segs.iter().position(|s| {
            !matches!(kind(s).as_str(), "field" | "cloister") && sorted(strs(&s["ports"])) == sides
        })
    };

    // Features: cloister, pennants, attributes on a segment (`x@SIDES`) or
    // on the tile; every catalog attribute must be explained by one.
    let features: Vec<&str> = if row["features"] == "-" {
        Vec::new()
    } else {
        row["features"].split_whitespace().collect()
    };
    let mut pennants = 0;
    let mut cloister = false;
    let mut explained_seg: Vec<(usize, String)> = Vec::new();
    let mut explained_tile: Vec<String> = Vec::new();
    for f in &features {
        let (body, at) = match f.split_once('@') {
            Some((b, a)) => (b, Some(a)),
            None => (*f, None),
        };
        let (name, value) = match body.split_once(':') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        match (name, at) {
            ("cloister", None) => cloister = true,
            ("pennant", None) => pennants += value.and_then(|v| v.parse::<i64>().ok()).unwrap_or(1),
            (_, Some(sides)) => match by_sides(&split_plus(sides)) {
                Some(i) if attr_matches(segs[i]["attrs"].get(name), value) => {
                    explained_seg.push((i, name.to_string()))
                }
                Some(i) => out.push(format!(
                    "feature {f}: segment {i} has attributes {}",
                    segs[i]["attrs"]
                )),
                None => out.push(format!("feature {f}: no segment on sides {sides}")),
            },
            (_, None) => {
                if attr_matches(tile["attrs"].get(name), value) {
                    explained_tile.push(name.to_string());
                } else {
                    out.push(format!(
                        "feature {f}: tile attributes are {}",
                        tile["attrs"]
                    ));
                }
            }
        }
    }
    let have_pennants: i64 = segs
        .iter()
        .filter(|s| kind(s) == "city")
        .filter_map(|s| s["attrs"].get("pennant").and_then(Value::as_i64))
        .sum();
    if pennants != have_pennants {
        out.push(format!(
            "pennants: reference {pennants}, catalog {have_pennants}"
        ));
    }
    let have_cloister = segs.iter().any(|s| kind(s) == "cloister");
    if cloister != have_cloister {
        out.push(format!(
            "cloister: reference {cloister}, catalog {have_cloister}"
        ));
    }
    for (i, s) in segs.iter().enumerate() {
        for name in s["attrs"].as_object().into_iter().flat_map(|m| m.keys()) {
            let known = (name == "pennant" && kind(s) == "city")
                || explained_seg.iter().any(|(j, n)| *j == i && n == name);
            if !known {
                out.push(format!(
                    "segment {i} has attribute {name}, not in the reference"
                ));
            }
        }
    }
    for name in tile["attrs"].as_object().into_iter().flat_map(|m| m.keys()) {
        if !explained_tile.contains(name) {
            out.push(format!("tile attribute {name} is not in the reference"));
        }
    }

    // Fields: half-edges (none for the enclosed `I`, `II`) and the cities they
    // border, resolved to catalog segment indices by side.
    let mut want: Vec<(Vec<String>, Vec<usize>)> = Vec::new();
    if row["fields"] != "-" {
        for f in row["fields"].split_whitespace() {
            let (ports, cities) = match f.split_once("|c=") {
                Some((p, c)) => (p, split_plus(c)),
                None => (f, Vec::new()),
            };
            let ports = if ports == "I" || ports == "II" {
                Vec::new()
            } else {
                split_plus(ports)
            };
            let mut borders = Vec::new();
            for side in &cities {
                let city = segs
                    .iter()
                    .position(|s| kind(s) == "city" && strs(&s["ports"]).contains(side));
                match city {
                    Some(i) => borders.push(i),
                    None => out.push(format!("field {f}: no city on side {side}")),
                }
            }
            borders.sort_unstable();
            borders.dedup();
            want.push((ports, borders));
        }
    }
    let mut have: Vec<(Vec<String>, Vec<usize>)> = segs
        .iter()
        .filter(|s| kind(s) == "field")
        .map(|s| {
            let mut b: Vec<usize> = s["borders"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_u64())
                        .map(|x| x as usize)
                        .collect()
                })
                .unwrap_or_default();
            b.sort_unstable();
            (sorted(strs(&s["ports"])), b)
        })
        .collect();
    want.sort();
    have.sort();
    if want != have {
        out.push(format!(
            "fields (half-edges, bordered city segments): reference {want:?}, catalog {have:?}"
        ));
    }
    out
}

#[test]
fn base_ruleset_matches_the_reference_topology() {
    let rows: Vec<Row> = read_tsv()
        .into_iter()
        .filter(|r| r["set"] == "base" && r["edition"] == "1")
        .collect();
    assert_eq!(rows.len(), 24, "base edition-1 rows in the reference");

    let rs = carcassonne_runtime::ruleset("base").expect("compiled-in ruleset `base`");
    let catalog = carcassonne_runtime::catalog::to_json(rs);
    let tiles = catalog["tiles"].as_array().expect("tiles");
    assert_eq!(tiles.len(), 24, "tile types");
    assert_eq!(catalog["total"], 72, "tiles");
    let starts: Vec<(&str, u64)> = tiles
        .iter()
        .filter(|t| t["start"].as_u64() != Some(0))
        .map(|t| {
            (
                t["id"].as_str().unwrap_or(""),
                t["start"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(starts, [("D", 1)], "exactly one start tile, a D");
    assert_eq!(catalog["start_placement"][0]["tile"], "D");
    assert_eq!(catalog["start_placement"].as_array().map(Vec::len), Some(1));

    let mut failures = Vec::new();
    let mut matched = Vec::new();
    for row in &rows {
        let letter = &row["base_letter"];
        let found: Vec<&Value> = tiles
            .iter()
            .filter(|t| t["id"] == letter.as_str())
            .collect();
        match found.as_slice() {
            [tile] => {
                matched.push(letter.clone());
                for m in compare(row, tile) {
                    failures.push(format!("{letter} ({}): {m}", row["ref_id"]));
                }
            }
            _ => failures.push(format!(
                "{letter} ({}): {} catalog tiles with this id",
                row["ref_id"],
                found.len()
            )),
        }
    }
    for t in tiles {
        let id = t["id"].as_str().unwrap_or("");
        if !matched.iter().any(|m| m == id) {
            failures.push(format!("catalog tile {id} is not in the reference"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} difference(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The comparison itself notices a difference in each thing it checks.
#[test]
fn comparison_detects_differences() {
    let rows = read_tsv();
    let row = rows
        .iter()
        .find(|r| r["set"] == "base" && r["edition"] == "1" && r["base_letter"] == "D")
        .expect("row D");
    let rs = carcassonne_runtime::ruleset("base").expect("base");
    let catalog = carcassonne_runtime::catalog::to_json(rs);
    let d = catalog["tiles"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["id"] == "D"))
        .expect("tile D")
        .clone();
    assert_eq!(compare(row, &d), Vec::<String>::new());

    let mut changed: Vec<(&str, Value)> = Vec::new();
    let mut t = d.clone();
    t["count"] = 3.into();
    changed.push(("count", t));
    let mut t = d.clone();
    t["edges"][2] = "road".into();
    changed.push(("edges", t));
    let mut t = d.clone();
    t["segments"][1]["ports"] = serde_json::json!(["E"]);
    changed.push(("segments", t));
    let mut t = d.clone();
    t["segments"][0]["attrs"] = serde_json::json!({ "pennant": 1 });
    changed.push(("pennants", t));
    let mut t = d.clone();
    t["segments"][2]["borders"] = serde_json::json!([]);
    changed.push(("fields", t));
    let mut t = d.clone();
    t["attrs"] = serde_json::json!({ "garden": true });
    changed.push(("tile attribute", t));
    for (what, tile) in changed {
        let diffs = compare(row, &tile);
        assert!(
            diffs.iter().any(|m| m.starts_with(what)),
            "a changed {what} went unnoticed: {diffs:?}"
        );
    }
}
