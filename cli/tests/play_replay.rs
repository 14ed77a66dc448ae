//! The command line end to end: play writes a record, replay checks it; a
//! ruleset loaded from its TOML path plays the same game as the compiled-in
//! one; corrupt and illegal records fail with the turn and reason, exit 1.

use std::path::{Path, PathBuf};
use std::process::Output;

mod support;

use support::{run, text, tmp};

fn play(ruleset: &str, seed: &str, out: &Path) -> Output {
    run(&[
        "play",
        "--ruleset",
        ruleset,
        "--players",
        "3",
        "--seed",
        seed,
        "--bots",
        "random,greedy,greedy",
        "--record",
        out.to_str().unwrap(),
    ])
}

#[test]
fn play_then_replay_gives_the_same_scores() {
    let rec = tmp("game.json");
    let o = play("base", "42", &rec);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let played = text(&o.stdout);
    let scores = played.lines().last().unwrap().to_string();
    assert!(scores.starts_with("scores: P0 "), "{scores}");
    let r = run(&["replay", rec.to_str().unwrap()]);
    assert!(r.status.success(), "{}", text(&r.stderr));
    assert!(
        text(&r.stdout).contains(scores.trim_start_matches("scores: ")),
        "{}",
        text(&r.stdout)
    );
}

#[test]
fn a_ruleset_path_plays_the_same_game_as_the_compiled_in_ruleset() {
    for id in ["base", "base_river2", "base_inns_cathedrals"] {
        let a = tmp(&format!("{id}-compiled.json"));
        let b = tmp(&format!("{id}-path.json"));
        assert!(play(id, "7", &a).status.success());
        let path = format!("rulesets/{id}.toml");
        let o = play(&path, "7", &b);
        assert!(o.status.success(), "{}", text(&o.stderr));
        // The same game; the file's record also carries copies of its
        // sources (docs/reference/records.md).
        let read = |p: &Path| -> serde_json::Value {
            serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
        };
        let (a, mut b) = (read(&a), read(&b));
        let sources = b
            .as_object_mut()
            .unwrap()
            .remove("sources")
            .expect("sources");
        assert_eq!(sources[0]["path"], path.as_str());
        assert_eq!(a, b, "{id}");
    }
}

fn record_with(f: impl FnOnce(&mut serde_json::Value)) -> PathBuf {
    let src = tmp("source.json");
    assert!(play("base", "5", &src).status.success());
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&src).unwrap()).unwrap();
    f(&mut v);
    let out = tmp(&format!("edited-{}.json", rand_name()));
    std::fs::write(&out, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    out
}

fn rand_name() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

fn replay_fails(path: &Path, needle: &str) {
    let o = run(&["replay", path.to_str().unwrap()]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains(needle), "expected {needle:?} in {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn corrupt_and_illegal_records_fail_with_turn_and_reason() {
    // An illegal move: the third turn's tile moved far away from the board.
    let moved = record_with(|v| v["turns"][2]["x"] = serde_json::json!(40));
    replay_fails(&moved, "turn 3: illegal move");
    // Out of turn.
    let wrong_player = record_with(|v| v["turns"][1]["player"] = serde_json::json!(2));
    replay_fails(&wrong_player, "turn 2: it is player 1's turn");
    // A different tile than the seed draws.
    let wrong_tile = record_with(|v| {
        let t = v["turns"][0]["tile"].as_str().unwrap().to_string();
        v["turns"][0]["tile"] = serde_json::json!(if t == "X" { "C" } else { "X" });
    });
    replay_fails(&wrong_tile, "turn 1: the record places");
    // Edited points.
    let points = record_with(|v| v["final"]["scores"][0] = serde_json::json!(999));
    replay_fails(&points, "final scores differ");
    // Another ruleset's record.
    let other = record_with(|v| v["ruleset"] = serde_json::json!("base_river1"));
    let o = run(&["replay", other.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    // A truncated file is an error with a position, never a shorter game.
    let full = std::fs::read(record_with(|_| {})).unwrap();
    let cut = tmp("cut.json");
    std::fs::write(&cut, &full[..full.len() / 2]).unwrap();
    replay_fails(&cut, "not a valid game record");
    // Not JSON at all, and not UTF-8.
    let junk = tmp("junk.json");
    std::fs::write(&junk, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    replay_fails(&junk, "not a valid game record");
    replay_fails(&tmp("missing.json"), "cannot read file");
}

#[test]
fn a_partial_record_replays_and_scores_as_if_ended() {
    let partial = record_with(|v| {
        let turns = v["turns"].as_array_mut().unwrap();
        turns.truncate(20);
        v.as_object_mut().unwrap().remove("final");
    });
    let o = run(&["replay", partial.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("replayed 20 turns (game not finished)"));
    let o = run(&["replay", "--final", "--json", partial.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["turn"], 20);
    let sum: u64 = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["points"].as_u64().unwrap())
        .sum();
    let scores: u64 = v["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .sum();
    assert_eq!(sum, scores, "every point is in one event");
    assert!(v["events"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["reason"] == "final"));
}

#[test]
fn unknown_ruleset_and_bad_usage() {
    let o = run(&["play", "--ruleset", "nope"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("unknown ruleset `nope`"));
    let o = run(&["play", "--players", "9"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("2 to 5 players"),
        "{}",
        text(&o.stderr)
    );
    let o = run(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn rulesets_lists_what_each_plays_and_the_tile_marks_it_ignores() {
    let o = run(&["rulesets"]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    let entry = |id: &str| -> String {
        let mut lines = out
            .lines()
            .skip_while(|l| !l.starts_with(&format!("{id} ")));
        let head = lines
            .next()
            .unwrap_or_else(|| panic!("{id} listed in {out}"));
        format!("{head}\n{}", lines.next().unwrap_or(""))
    };
    assert!(
        entry("base").ends_with("\n    plays: base"),
        "{}",
        entry("base")
    );
    assert!(entry("base_river1").ends_with("plays: base, river"));
    assert!(
        entry("base_river2")
            .ends_with("plays: base, river; tile marks ignored: river2 (inns, pig-herd: off here)"),
        "{}",
        entry("base_river2")
    );
    assert_eq!(
        out.lines().filter(|l| !l.starts_with(' ')).count(),
        carcassonne_runtime::rulesets().len()
    );
}

/// The benchmark ruleset in tools/bench (everything_c1's tiles with only the
/// river played) loads from its path and plays: `tools/per_tile.sh` and the
/// speed page (docs/speed.md) rely on it.
#[test]
fn the_benchmark_ruleset_in_tools_plays() {
    let out = run(&[
        "bench",
        "--ruleset",
        "tools/bench/everything_c1_tiles.toml",
        "--games",
        "3",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let moves: f64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("mean_moves="))
        .expect("mean_moves line")
        .parse()
        .expect("a number");
    // Nearly all of the ruleset's tiles are placed (a few river tiles may
    // fit nowhere and be discarded).
    assert!(moves > 280.0, "{stdout}");
}

/// `bench --path actions` and `--path legal` play the fused path's games
/// through the bots' API, listed and counted (the same statistics), and an
/// unknown path is refused by name.
#[test]
fn bench_paths_play_the_same_games_and_refuse_unknown_ones() {
    let stats = |path: &str| {
        let out = run(&["bench", "--games", "20", "--path", path]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(stdout.contains(&format!("path={path}")), "{stdout}");
        stdout
            .lines()
            .filter(|l| l.starts_with("mean_"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let fast = stats("fast");
    assert_eq!(fast.len(), 3);
    assert_eq!(fast, stats("actions"));
    assert_eq!(fast, stats("legal"));
    let out = run(&["bench", "--games", "1", "--path", "sideways"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--path is `fast`, `actions` or `legal`, not `sideways`"),
        "{}",
        text(&out.stderr)
    );
}
