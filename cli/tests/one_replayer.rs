//! `view` and `render game` step through a record with the replay that
//! `replay` runs (`record::replay_observed`), so they cannot drift apart: a
//! record `replay` rejects at turn N they reject with the same message and
//! exit code, writing nothing; a record it accepts they show with its scores,
//! whether its ruleset is compiled in or carried as copies in the record.

use std::path::{Path, PathBuf};

use carcassonne::play;
use carcassonne::timeline::Timeline;
use carcassonne_runtime::bots::BotKind;
use carcassonne_runtime::record::{self, Record};
use serde_json::{json, Value};

mod support;

use support::{run_in, text};

/// A fresh folder of its own under the system's temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcassonne-one-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn played(ruleset: &str, seed: u64) -> Record {
    let rs = carcassonne_runtime::ruleset(ruleset).unwrap();
    let bots = [BotKind::Random, BotKind::Greedy, BotKind::Random];
    play::play(rs, 3, seed, &bots, true).unwrap()
}

fn scenario(name: &str) -> Record {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/scenarios")
        .join(name);
    serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap()
}

/// What the viewer says of `rec` against what `replay` says: the same error,
/// or both accept it with the same final scores.
fn agree(rec: &Record, what: &str) -> Option<String> {
    let rs = carcassonne_runtime::ruleset(&rec.ruleset).unwrap();
    let replayed = record::replay(rec, rs, false).map_err(|e| e.to_string());
    let shown = Timeline::new(rec.clone(), rs);
    match (replayed, shown) {
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "{what}");
            Some(a)
        }
        (Ok(r), Ok(tl)) => {
            assert_eq!(tl.finished, r.game.is_over(), "{what}");
            let last = tl.steps.last().unwrap();
            assert_eq!(last.scores, r.game.scores(), "{what}");
            None
        }
        (a, b) => panic!(
            "{what}: replay says {:?}, the viewer {:?}",
            a.err(),
            b.err()
        ),
    }
}

#[test]
fn the_viewer_fails_at_every_turn_where_replay_fails_and_says_the_same() {
    let records = [
        ("base 5", played("base", 5)),
        ("base_river1 2 (with discards)", played("base_river1", 2)),
        ("scenario", scenario("base-farm-L249.json")),
    ];
    let mut rejected = 0;
    for (name, rec) in &records {
        assert_eq!(agree(rec, name), None, "{name} as played is accepted");
        for k in 0..rec.turns.len() {
            let t = &rec.turns[k];
            let mut moved = rec.clone();
            if t.discarded.is_some() {
                moved.turns[k].discarded = Some("X".to_string());
            } else {
                moved.turns[k].x = t.x.map(|x| x + 50);
            }
            let mut other = rec.clone();
            other.turns[k].player = (t.player + 1) % rec.players;
            let mut scored = rec.clone();
            if let Some(e) = scored.turns[k].events.as_mut().and_then(|e| e.first_mut()) {
                e.points += 1;
            }
            for (what, bad) in [
                ("moved", moved),
                ("other player", other),
                ("points", scored),
            ] {
                let what = format!("{name}, turn {}: {what}", k + 1);
                if let Some(err) = agree(&bad, &what) {
                    assert!(
                        err.starts_with(&format!("turn {}: ", k + 1)),
                        "{what}: {err}"
                    );
                    rejected += 1;
                }
            }
        }
        // Past the end and at the end.
        let mut longer = rec.clone();
        longer.turns.push(rec.turns.last().unwrap().clone());
        let mut fin = rec.clone();
        if let Some(f) = fin.final_.as_mut() {
            f.scores[0] += 1;
        }
        for (what, bad) in [("one turn more", longer), ("final scores", fin)] {
            if agree(&bad, &format!("{name}: {what}")).is_some() {
                rejected += 1;
            }
        }
    }
    assert!(
        rejected > 300,
        "only {rejected} corrupt records were rejected"
    );
}

/// `replay`, `view` and `render game` on `file` in `dir`: all fail alike.
fn all_fail_alike(dir: &Path, file: &str, turn: &str) {
    let replayed = run_in(dir, &["replay", file]);
    let err = text(&replayed.stderr);
    assert_eq!(replayed.status.code(), Some(1), "{err}");
    assert!(err.starts_with(&format!("{file}: error: {turn}")), "{err}");
    for args in [
        &["view", file, "-o", "out.html"][..],
        &["render", "game", file, "-o", "out.svg"],
    ] {
        let o = run_in(dir, args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(text(&o.stderr), err, "{args:?}");
    }
    assert!(!dir.join("out.html").exists() && !dir.join("out.svg").exists());
}

/// A corruption of a record's JSON.
type Edit = Box<dyn Fn(&mut Value)>;

#[test]
fn the_commands_reject_a_bad_record_with_replays_words() {
    let dir = folder("bad");
    let rec = serde_json::to_value(played("base_river1", 2)).unwrap();
    let discard = rec["turns"]
        .as_array()
        .unwrap()
        .iter()
        .position(|t| t.get("discarded").is_some())
        .expect("seed 2 discards a river tile");
    let scored = rec["turns"]
        .as_array()
        .unwrap()
        .iter()
        .position(|t| t["events"].as_array().is_some_and(|e| !e.is_empty()))
        .expect("some turn scores");
    let n = rec["turns"].as_array().unwrap().len();
    let cases: Vec<(String, Edit)> = vec![
        (
            "turn 4: illegal move".into(),
            Box::new(|v| v["turns"][3]["x"] = json!(40)),
        ),
        (
            // The river tiles drawn after it move up one entry.
            format!("turn {}: the record discards", discard + 1),
            Box::new(move |v| {
                v["turns"].as_array_mut().unwrap().remove(discard);
            }),
        ),
        (
            format!("turn {}: events differ", scored + 1),
            Box::new(move |v| v["turns"][scored]["events"][0]["points"] = json!(99)),
        ),
        (
            "turn 6: unknown tile `ZZ`".into(),
            Box::new(|v| v["turns"][5]["tile"] = json!("ZZ")),
        ),
        (
            format!("turn {n}: final scores differ"),
            Box::new(|v| v["final"]["scores"][1] = json!(999)),
        ),
        (
            "turn 0: format is".into(),
            Box::new(|v| v["format"] = json!("carcassonne-record/0")),
        ),
    ];
    for (k, (turn, edit)) in cases.iter().enumerate() {
        let mut v = rec.clone();
        edit(&mut v);
        let file = format!("bad{k}.json");
        std::fs::write(dir.join(&file), v.to_string()).unwrap();
        all_fail_alike(&dir, &file, turn);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The final scores in the data `view` embeds.
fn viewed_scores(html: &str) -> Value {
    let a = html
        .find(r#"<script type="application/json" id="game-data">"#)
        .unwrap();
    let body = &html[a..];
    let data = &body[body.find('>').unwrap() + 1..body.find("</script>").unwrap()];
    let d: Value = serde_json::from_str(data).unwrap();
    d["steps"].as_array().unwrap().last().unwrap()["scores"].clone()
}

#[test]
fn a_record_carrying_its_sources_views_and_fails_as_it_replays() {
    // A ruleset no binary has compiled in: only the record's copies of its
    // files can give it once its folder is gone.
    let home = folder("sources-home");
    std::fs::create_dir_all(home.join("rulesets")).unwrap();
    let own = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulesets/base_river1.toml"),
    )
    .unwrap()
    .replace(r#"id = "base_river1""#, r#"id = "my_river""#);
    std::fs::write(home.join("rulesets/my_river.toml"), own).unwrap();
    let o = run_in(
        &home,
        &[
            "play",
            "--ruleset",
            "rulesets/my_river.toml",
            "--players",
            "2",
            "--seed",
            "4",
            "--bots",
            "greedy,random",
            "--record",
            "game.json",
            "--quiet",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let dir = folder("sources-away");
    std::fs::copy(home.join("game.json"), dir.join("game.json")).unwrap();
    std::fs::remove_dir_all(&home).unwrap();
    let rec: Value =
        serde_json::from_slice(&std::fs::read(dir.join("game.json")).unwrap()).unwrap();
    assert_eq!(rec["ruleset"], "my_river");
    assert!(rec["sources"].as_array().is_some_and(|s| !s.is_empty()));

    let o = run_in(&dir, &["replay", "--json", "game.json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let replayed: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(replayed["scores"], rec["final"]["scores"]);
    let o = run_in(&dir, &["view", "game.json", "-o", "game.html"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let html = std::fs::read_to_string(dir.join("game.html")).unwrap();
    assert_eq!(viewed_scores(&html), replayed["scores"]);
    let o = run_in(&dir, &["render", "game", "game.json", "-o", "board.svg"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let svg = std::fs::read_to_string(dir.join("board.svg")).unwrap();
    assert!(svg.contains("ruleset my_river") && svg.contains("final scores"));

    let mut bad = rec.clone();
    bad["turns"][7]["rotation"] = json!((rec["turns"][7]["rotation"].as_u64().unwrap() + 1) % 4);
    std::fs::write(dir.join("bad.json"), bad.to_string()).unwrap();
    all_fail_alike(&dir, "bad.json", "turn 8: ");
    let _ = std::fs::remove_dir_all(&dir);
}
