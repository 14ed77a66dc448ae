//! `simulate`: the same summary whatever the thread count, a game of the
//! simulation is the game `play` plays with its seed, and clear errors.

use carcassonne::simulate::{self, game_seed};
use carcassonne_runtime::bots::BotKind;

mod support;

use support::{run, text, tmp};

#[test]
fn the_summary_is_the_same_with_one_or_two_threads() {
    let mut outs = Vec::new();
    for threads in ["1", "2"] {
        let json = tmp(&format!("sim-{threads}.json"));
        let o = run(&[
            "simulate",
            "--ruleset",
            "base",
            "--games",
            "200",
            "--bots",
            "random,greedy",
            "--seed",
            "7",
            "--threads",
            threads,
            "--json",
            json.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        outs.push((std::fs::read(&json).unwrap(), o.stdout));
    }
    assert_eq!(
        outs[0].0, outs[1].0,
        "JSON summaries differ between 1 and 2 threads"
    );
    assert_eq!(
        outs[0].1, outs[1].1,
        "tables differ between 1 and 2 threads"
    );
    let v: serde_json::Value = serde_json::from_slice(&outs[0].0).unwrap();
    assert_eq!(v["games"], 200);
    assert_eq!(v["players"], 2);
    let seats = v["seats"].as_array().unwrap();
    let wins: f64 = seats.iter().map(|s| s["win_rate"].as_f64().unwrap()).sum();
    assert!(
        (wins - 1.0).abs() < 1e-3,
        "win rates add up to 1 (ties split): {wins}"
    );
    for s in seats {
        let by_kind: f64 = s["points_by_feature"]
            .as_object()
            .unwrap()
            .values()
            .map(|x| x.as_f64().unwrap())
            .sum();
        assert!((by_kind - s["mean"].as_f64().unwrap()).abs() < 1e-2, "{s}");
        assert!(s["sd"].as_f64().unwrap() > 0.0);
    }
    let turns = v["mean_turns"].as_f64().unwrap();
    let discarded = v["mean_discarded"].as_f64().unwrap();
    assert!(
        (turns + discarded - 71.0).abs() < 1e-6,
        "71 tiles are placed or discarded"
    );
    let table = text(&outs[0].1);
    assert!(
        table.contains("greedy") && table.contains("mean game length"),
        "{table}"
    );
}

#[test]
fn a_simulated_game_is_the_game_play_plays_with_its_seed() {
    let rules = carcassonne_runtime::ruleset("base_river_inns_cathedrals").unwrap();
    let bots = [BotKind::Greedy, BotKind::Random, BotKind::Greedy];
    for i in 0..3 {
        let seed = game_seed(11, i);
        let r = simulate::play_one(rules, &bots, seed).unwrap();
        let rec = carcassonne::play::play(rules, 3, seed, &bots, true).unwrap();
        assert_eq!(Some(&r.scores), rec.final_.as_ref().map(|f| &f.scores));
        let placed = rec.turns.iter().filter(|t| t.discarded.is_none()).count();
        assert_eq!(r.turns as usize, placed);
        assert_eq!(r.discards as usize, rec.turns.len() - placed);
    }
    // Different games get different seeds.
    let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| game_seed(1, i)).collect();
    assert_eq!(seeds.len(), 1000);
}

#[test]
fn bad_simulations_are_clear_errors() {
    for (args, needle) in [
        (vec!["--ruleset", "nope"], "unknown ruleset `nope`"),
        (vec!["--bots", "random,clever"], "unknown bot `clever`"),
        (vec!["--bots", "random"], "one bot per player"),
        (vec!["--threads", "0"], "--threads must be at least 1"),
        (vec!["--games", "0"], "--games must be at least 1"),
    ] {
        let mut a = vec!["simulate"];
        if !args.contains(&"--games") {
            a.extend(["--games", "2"]);
        }
        a.extend(args);
        let o = run(&a);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{a:?}: {err}");
        assert!(err.contains(needle), "{a:?}: {err}");
    }
}

/// `--rotate` seats bot `b` in seat `(b + i) mod players` in game `i`: each
/// game is the one `play_game` plays with that seating, every bot sits in
/// every seat equally often, and the per-bot rows add up its results
/// wherever it sat (greedy beats random from every seat).
#[test]
fn rotated_seats_give_each_bot_its_results_wherever_it_sat() {
    let json = tmp("sim-rotate.json");
    let o = run(&[
        "simulate",
        "--ruleset",
        "base",
        "--games",
        "30",
        "--bots",
        "greedy,random,random",
        "--rotate",
        "--threads",
        "2",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("B0    greedy"),
        "{}",
        text(&o.stdout)
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(v["rotated"], true);
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    let bots = ["greedy", "random", "random"];
    let mut sums = [0i64; 3];
    let mut seats_of_greedy = [0u32; 3];
    for i in 0..30u64 {
        let r = simulate::play_game(rules, &bots, 1, i, true).unwrap();
        let greedy_seat = (i % 3) as usize;
        assert_eq!(r.seating[greedy_seat], 0, "game {i}: {:?}", r.seating);
        seats_of_greedy[greedy_seat] += 1;
        for (seat, &b) in r.seating.iter().enumerate() {
            sums[b as usize] += i64::from(r.scores[seat]);
        }
        let best = *r.scores.iter().max().unwrap();
        assert_eq!(
            r.scores[greedy_seat], best,
            "game {i}: greedy lost to random"
        );
    }
    assert_eq!(seats_of_greedy, [10, 10, 10]);
    for (b, row) in v["by_bot"].as_array().unwrap().iter().enumerate() {
        assert_eq!(row["bot"], bots[b]);
        let mean = row["mean"].as_f64().unwrap();
        assert!(
            (mean - sums[b] as f64 / 30.0).abs() < 1e-3,
            "bot {b}: {mean}"
        );
    }
    assert_eq!(v["by_bot"][0]["win_rate"], 1.0);
    // Without --rotate the seats keep the bots given.
    let r = simulate::play_game(rules, &bots, 1, 4, false).unwrap();
    assert_eq!(r.seating, [0, 1, 2]);
}

/// `--cost` adds each bot's cost: its decisions, CPU time per decision,
/// and for the search its iterations (the budget times the decisions it
/// searched) and CPU time per iteration.
#[test]
fn the_cost_report_counts_the_search() {
    let json = tmp("sim-cost.json");
    let o = run(&[
        "simulate",
        "--games",
        "2",
        "--bots",
        "random,mcts:iters=5:reuse=yes",
        "--rotate",
        "--cost",
        "--threads",
        "1",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("CPU µs/dec") && out.contains("iters/srch"),
        "{out}"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let cost = v["cost"].as_array().unwrap();
    assert_eq!(cost[0]["bot"], "random");
    assert!(cost[0].get("iterations").is_none());
    assert_eq!(cost[1]["bot"], "mcts:iters=5:reuse=yes");
    let searched = cost[1]["searched"].as_u64().unwrap();
    assert!(searched > 50 && searched <= cost[1]["decisions"].as_u64().unwrap());
    // The iterations are the budget's, less the visits kept from the
    // search before (two thirds of the budget at most).
    let iterations = cost[1]["iterations"].as_u64().unwrap();
    assert!(iterations <= 5 * searched && iterations >= 2 * searched);
    assert!(cost[1]["cpu_us_per_iteration"].as_f64().unwrap() > 0.0);
    // Without `--cost`, no times (the summary stays the same run to run).
    let plain = run(&["simulate", "--games", "1", "--bots", "random,greedy"]);
    assert!(!text(&plain.stdout).contains("CPU"));
}
