//! `tournament`: every pair of bots plays the same games with seats in
//! turn, the ranking adds up each bot's games, and bad input is a clear
//! error.

mod support;

use support::{run, text, tmp};

#[test]
fn greedy_ranks_above_random_and_the_pair_is_simulate_rotated() {
    let json = tmp("tour.json");
    let o = run(&[
        "tournament",
        "--ruleset",
        "base",
        "--bots",
        "random,greedy",
        "--games",
        "6",
        "--seed",
        "3",
        "--threads",
        "2",
        "--json",
        json.to_str().unwrap(),
    ]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    // Greedy wins every game of these against random, from either seat.
    let ranking = v["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 2);
    assert_eq!(ranking[0]["bot"], "greedy");
    assert_eq!(ranking[0]["rank"], 1);
    assert_eq!(ranking[0]["games"], 6);
    assert_eq!(ranking[0]["wins"], 6.0);
    assert_eq!(ranking[0]["win_rate_ci95"], serde_json::json!([1.0, 1.0]));
    assert_eq!(ranking[1]["bot"], "random");
    assert_eq!(ranking[1]["wins"], 0.0);
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 1);
    assert_eq!(pairs[0]["bots"], serde_json::json!(["random", "greedy"]));
    // The pair's games are `simulate --rotate`'s, seed for seed.
    let sim = tmp("sim.json");
    let s = run(&[
        "simulate",
        "--ruleset",
        "base",
        "--bots",
        "random,greedy",
        "--games",
        "6",
        "--seed",
        "3",
        "--rotate",
        "--threads",
        "1",
        "--json",
        sim.to_str().unwrap(),
    ]);
    assert!(s.status.success(), "{}", text(&s.stderr));
    let sv: serde_json::Value = serde_json::from_slice(&std::fs::read(&sim).unwrap()).unwrap();
    for (side, b) in [("first", 0), ("second", 1)] {
        assert_eq!(pairs[0][side]["mean"], sv["by_bot"][b]["mean"], "{side}");
        assert_eq!(
            pairs[0][side]["win_rate"], sv["by_bot"][b]["win_rate"],
            "{side}"
        );
    }
    // The table says the same.
    assert!(
        out.contains("tournament of base: 6 games per pair"),
        "{out}"
    );
    let first = out
        .lines()
        .find(|l| l.starts_with("1 "))
        .unwrap_or_else(|| panic!("no rank 1 in {out}"));
    assert!(
        first.contains("greedy") && first.contains("100.00"),
        "{first}"
    );
    assert!(
        out.contains("random") && out.contains(" vs greedy"),
        "{out}"
    );
}

#[test]
fn bad_tournaments_are_clear_errors() {
    for (args, needle) in [
        (vec!["--bots", "greedy"], "at least two bots"),
        (vec!["--bots", "random,clever"], "unknown bot `clever`"),
        (vec!["--bots", "greedy,greedy"], "given twice"),
        (
            vec!["--bots", "random,greedy", "--games", "0"],
            "--games must be at least 1",
        ),
        (
            vec!["--bots", "random,greedy", "--threads", "0"],
            "--threads must be at least 1",
        ),
        (
            vec!["--ruleset", "nope", "--bots", "random,greedy"],
            "unknown ruleset `nope`",
        ),
    ] {
        let mut a = vec!["tournament"];
        if !args.contains(&"--games") {
            a.extend(["--games", "2"]);
        }
        a.extend(args);
        let o = run(&a);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{a:?}: {err}");
        assert!(err.contains(needle), "{a:?}: {err}");
        assert!(!err.contains("panicked"), "{a:?}: {err}");
    }
}
