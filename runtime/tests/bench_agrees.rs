//! `carcassonne bench` plays its games through shortcuts: one game's buffers
//! restarted for every game (`Game::restart`), the tile placed before the
//! follower options are read, and no re-check of what the engine itself
//! listed. This plays the same policy through the checked public API only
//! (`Game::new` per game, `apply_into` / `apply_action`) and requires the
//! same totals in every ruleset: the shortcuts change the speed, not the
//! games.

use carcassonne_runtime::bench::{
    bot_action, random_move_counted, run, run_on, Buffers, GameStats, Path,
};
use carcassonne_runtime::engine::{Action, Decision, Game, Legal, Placement};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The policy's stream for a game seed (as `bench` seeds it).
fn policy_rng(seed: u64) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(seed ^ 0x005e_ed0f_9a3e)
}

/// One game of the benchmark policy, every answer checked by the engine.
fn checked_game(rules: &'static carcassonne_runtime::Ruleset, seed: u64) -> GameStats {
    let mut g = Game::new(rules, 2, seed).unwrap();
    let mut rng = policy_rng(seed);
    let mut buf = Buffers::new();
    let mut stats = GameStats::default();
    let mut events = Vec::new();
    if g.moves_suffice() {
        while let Some((mv, n)) = random_move_counted(&g, &mut rng, &mut buf) {
            stats.moves += 1;
            stats.placements += n as u64;
            g.apply_into(mv, &mut events).unwrap();
        }
    } else {
        while let Some(pending) = g.pending() {
            let a = if pending.decision == Decision::Place {
                // The full, checked listing (the bench picks from a scan).
                let all = g.placements();
                let (p, n) = (all[rng.random_range(0..all.len())], all.len());
                stats.moves += 1;
                stats.placements += n as u64;
                Action::Place(p)
            } else {
                let legal = g.legal_actions();
                legal[rng.random_range(0..legal.len())]
            };
            g.apply_action(a, &mut events).unwrap();
        }
    }
    stats.score_total = g.scores().iter().map(|&s| i64::from(s)).sum();
    stats
}

#[test]
fn bench_shortcuts_play_the_checked_games() {
    for rules in carcassonne_runtime::rulesets() {
        let games = if rules.total > 150 { 3 } else { 12 };
        let seed = 5;
        let mut want = GameStats::default();
        for i in 0..games {
            let s = checked_game(rules, seed + i);
            want.moves += s.moves;
            want.placements += s.placements;
            want.score_total += s.score_total;
        }
        assert_eq!(run(rules, games, seed).total, want, "{}", rules.id);
    }
}

/// `bench --path actions` lists every legal action (placements in the
/// scan's order) and answers through the checked `apply_action`: where a
/// ruleset's turns are moves it picks what the fused path picks, so the two
/// paths play the same games and their costs compare (docs/speed.md). Every
/// ruleset's action path finishes its games with no refused answer.
#[test]
fn the_bots_path_plays_the_fused_games() {
    for rules in carcassonne_runtime::rulesets() {
        let games = if rules.total > 150 { 2 } else { 10 };
        let actions = run_on(rules, games, 9, Path::Actions).total;
        let over = {
            let mut g = Game::new(rules, 2, 9).unwrap();
            let mut rng = policy_rng(9);
            let mut buf = Buffers::new();
            while bot_action(&mut g, &mut rng, &mut buf).is_some() {}
            g.is_over()
        };
        assert!(over, "{}: a listed action was refused", rules.id);
        assert!(actions.moves > 0, "{}", rules.id);
        if Game::new(rules, 2, 9).unwrap().moves_suffice() {
            assert_eq!(
                run_on(rules, games, 9, Path::Fast).total,
                actions,
                "{}",
                rules.id
            );
        }
    }
}

/// `Game::legal_into` counts what `legal_actions` lists and `Legal::get`
/// reads it by rank, in the same order, at every decision of every ruleset
/// (the draw's kept scan, a filtered or module-added scan, a pass, any
/// other decision); `bench --path legal` therefore plays the action path's
/// games. A count is of its state only: once the game moves on, its
/// placements read as `None` rather than another board's.
#[test]
fn counted_answers_are_the_listed_ones() {
    let mut legal = Legal::default();
    for rules in carcassonne_runtime::rulesets() {
        let games = if rules.total > 150 { 1 } else { 3 };
        for seed in 0..games {
            let mut g = Game::new(rules, 2, 40 + seed).unwrap();
            let mut rng = policy_rng(40 + seed);
            let mut events = Vec::new();
            loop {
                let list = g.legal_actions();
                let n = g.legal_into(&mut legal);
                assert_eq!(n, list.len(), "{}: the count", rules.id);
                assert_eq!(legal.len(), n);
                let read: Vec<Action> = (0..n).map(|k| legal.get(&g, k).unwrap()).collect();
                assert_eq!(read, list, "{}: by rank", rules.id);
                let mut each = Vec::new();
                legal.each(&g, |a| each.push(a));
                assert_eq!(each, list, "{}: each", rules.id);
                let mut by_position = Vec::new();
                legal.each_position(&g, |x, y, rotations| {
                    assert!(rotations != 0 && rotations < 16, "{}", rules.id);
                    for rotation in (0..4).filter(|r| rotations & (1 << r) != 0) {
                        by_position.push(Action::Place(Placement { x, y, rotation }));
                    }
                });
                assert_eq!(
                    by_position,
                    list[..legal.placements()],
                    "{}: by position",
                    rules.id
                );
                assert_eq!(legal.get(&g, n), None, "{}: past the last", rules.id);
                let places = list
                    .iter()
                    .take_while(|a| matches!(a, Action::Place(_)))
                    .count();
                assert_eq!(legal.placements(), places, "{}", rules.id);
                if n == 0 {
                    break;
                }
                let a = list[rng.random_range(0..n)];
                g.apply_action(a, &mut events).unwrap();
                if places > 0 && matches!(a, Action::Place(_)) {
                    assert_eq!(legal.get(&g, 0), None, "{}: a stale count", rules.id);
                }
            }
            assert!(g.is_over(), "{}", rules.id);
        }
        let games = if rules.total > 150 { 2 } else { 10 };
        assert_eq!(
            run_on(rules, games, 9, Path::Legal).total,
            run_on(rules, games, 9, Path::Actions).total,
            "{}",
            rules.id
        );
    }
}
