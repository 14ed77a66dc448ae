//! The `mcts` bot (information-set MCTS): its spec, and short games on the
//! base game and on rulesets with every kind of decision, where each of its
//! answers must be legal and the games must end. Its strength is measured
//! with `carcassonne simulate --bots mcts,greedy --rotate` (docs/reference/bots.md, "MCTS
//! against greedy"), not here.

use std::time::{Duration, Instant};

use carcassonne_runtime::bots::{self, Bot, Budget, Eval, Ismcts, Policy, Reward, Settings};
use carcassonne_runtime::engine::{Actor, Decision, Game};

/// Play one game with `specs` seated in order (bots given views); every
/// decision kind met, and the final scores.
fn play(ruleset: &str, specs: &[&str], seed: u64) -> (Vec<Decision>, Vec<i32>) {
    let rules = carcassonne_runtime::ruleset(ruleset).unwrap();
    let mut g = Game::new(rules, specs.len() as u8, seed).unwrap();
    let mut seats: Vec<Box<dyn Bot>> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| bots::make(s, seed * 10 + i as u64).unwrap())
        .collect();
    let mut kinds = Vec::new();
    let mut view = g.view(0);
    let mut events = Vec::new();
    let mut decisions = 0;
    while let Some(p) = g.pending() {
        let Actor::Player(who) = p.actor else {
            unreachable!("draws are the engine's")
        };
        if !kinds.contains(&p.decision) {
            kinds.push(p.decision);
        }
        g.view_into(who, &mut view);
        let a = seats[who as usize].choose_action(&view).unwrap();
        assert!(
            g.legal_actions().contains(&a),
            "{ruleset}: {a:?} is not legal"
        );
        g.apply_action_by(who, a, &mut events).unwrap();
        decisions += 1;
        assert!(decisions < 10_000, "{ruleset}: the game does not end");
    }
    (kinds, g.scores().to_vec())
}

#[test]
fn mcts_plays_legal_games_to_the_end() {
    let (kinds, _) = play("base", &["mcts:iters=30", "greedy"], 1);
    assert!(kinds.contains(&Decision::Place) && kinds.contains(&Decision::Wood));
    // Abbey & Mayor asks for the abbey, the barn, the wagon; three players.
    // The abbey is asked for only where a hole lies open, which not every
    // game has: the first of a few seeds that asks it.
    let asked = (2..8).any(|seed| {
        let (kinds, _) = play(
            "base_abbey_mayor",
            &["mcts:iters=20", "random", "mcts:iters=20:reward=win"],
            seed,
        );
        kinds.contains(&Decision::Source)
    });
    assert!(asked, "no game asked for the abbey");
    // A short playout scores the board where it stops.
    play(
        "base_traders_builders",
        &["mcts:iters=20:playout=4", "greedy"],
        5,
    );
    // The first search: random playouts to the end, the board's scores,
    // no prior.
    play(
        "base_abbey_mayor",
        &[
            "mcts:iters=20:policy=random:playout=end:eval=board:prior=0:c=0.7",
            "greedy",
        ],
        6,
    );
    // Everything at once: the river, builders (a second tile), pigs, ...
    play("everything_c1", &["mcts:iters=10", "mcts:iters=10"], 3);
}

#[test]
fn an_iteration_budget_is_deterministic() {
    let a = play("base_river1", &["mcts:iters=20", "random"], 4);
    let b = play("base_river1", &["mcts:iters=20", "random"], 4);
    assert_eq!(a, b);
}

#[test]
fn a_time_budget_stops_in_time() {
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    let g = Game::new(rules, 2, 5).unwrap();
    let mut bot = Ismcts::new(Settings::parse("mcts:ms=50").unwrap().unwrap(), 1);
    let started = Instant::now();
    let a = bot.choose(&g.view(0)).unwrap();
    let took = started.elapsed();
    assert!(g.legal_actions().contains(&a));
    assert!(bot.last_iterations() >= 1);
    // 50 ms, and the iterations between two looks at the clock.
    assert!(took < Duration::from_millis(1_000), "{took:?}");
}

#[test]
fn specs_parse_and_bad_ones_are_refused() {
    let s = Settings::parse("mcts").unwrap().unwrap();
    assert_eq!(s, Settings::default());
    assert_eq!(s.budget, Budget::Iterations(400));
    assert_eq!(s.reward, Reward::Margin);
    assert_eq!(
        (s.playout, s.policy, s.eval),
        (Some(2), Policy::Greedy, Eval::Greedy)
    );
    assert_eq!((s.c, s.lead, s.prior), (0.35, 50.0, 20));
    let s = Settings::parse("mcts:ms=200:c=1.5:reward=win")
        .unwrap()
        .unwrap();
    assert_eq!(s.budget, Budget::Time(Duration::from_millis(200)));
    assert_eq!((s.c, s.reward), (1.5, Reward::Win));
    // A bot's name reads back as the same bot.
    assert_eq!(Settings::parse(&s.spec()).unwrap().unwrap(), s);
    assert_eq!(
        bots::make("mcts:iters=7", 0).unwrap().name(),
        "mcts:iters=7:c=0.35:reward=margin:playout=2:eval=greedy:lead=50:prior=20:policy=greedy:reuse=no"
    );
    let s = Settings::parse("mcts:policy=random:eval=board:lead=12.5:prior=0:playout=end")
        .unwrap()
        .unwrap();
    assert_eq!((s.policy, s.eval), (Policy::Random, Eval::Board));
    assert_eq!((s.lead, s.prior, s.playout), (12.5, 0, None));
    assert_eq!(Settings::parse(&s.spec()).unwrap().unwrap(), s);
    let s = Settings::parse("mcts:reuse=yes").unwrap().unwrap();
    assert!(s.reuse && !Settings::default().reuse);
    assert_eq!(Settings::parse(&s.spec()).unwrap().unwrap(), s);
    let s = Settings::parse("mcts:playout=10").unwrap().unwrap();
    assert_eq!(s.playout, Some(10));
    assert_eq!(Settings::parse(&s.spec()).unwrap().unwrap(), s);
    assert!(Settings::parse("greedy").is_none());
    for bad in [
        "mcts:iters=0",
        "mcts:iters=many",
        "mcts:ms=-3",
        "mcts:c=-1",
        "mcts:c=NaN",
        "mcts:reward=points",
        "mcts:depth=3",
        "mcts:playout=-1",
        "mcts:playout=soon",
        "mcts:eval=playout",
        "mcts:policy=smart",
        "mcts:lead=0",
        "mcts:lead=inf",
        "mcts:prior=-1",
        "mcts:reuse=maybe",
        "mcts:iters",
        "mcts:",
    ] {
        let e = bots::make(bad, 0)
            .err()
            .unwrap_or_else(|| panic!("{bad} accepted"));
        assert!(e.contains(bad), "{e}");
    }
    assert!(bots::make("mctss", 0).err().unwrap().contains("mcts"));
}

#[test]
fn a_finished_game_gets_no_answer() {
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    let mut g = Game::new(rules, 2, 6).unwrap();
    g.finish();
    let mut bot = Ismcts::new(Settings::default(), 0);
    assert_eq!(bot.choose(&g), None);
}

/// Play a base game seeded `seed` between `bot` (seat 0) and greedy, each
/// given views; `bot`'s root visits kept from earlier searches, per
/// decision it searched, and the final scores.
fn game_with(bot: &mut Ismcts, seed: u64) -> (Vec<u32>, Vec<i32>) {
    let rules = carcassonne_runtime::ruleset("base").unwrap();
    let mut g = Game::new(rules, 2, seed).unwrap();
    let mut greedy = bots::make("greedy", seed).unwrap();
    let mut view = g.view(0);
    let mut events = Vec::new();
    let mut reused = Vec::new();
    while let Some(p) = g.pending() {
        let Actor::Player(who) = p.actor else {
            unreachable!("draws are the engine's")
        };
        g.view_into(who, &mut view);
        let a = if who == 0 {
            let a = bot.choose(&view).unwrap();
            if bot.last_iterations() > 0 {
                reused.push(bot.last_reused());
            }
            a
        } else {
            greedy.choose_action(&view).unwrap()
        };
        assert!(g.legal_actions().contains(&a), "{a:?} is not legal");
        g.apply_action_by(who, a, &mut events).unwrap();
    }
    (reused, g.scores().to_vec())
}

#[test]
fn the_tree_is_kept_between_decisions_of_a_game() {
    let spec = "mcts:iters=40:reuse=yes";
    let mut bot = Ismcts::new(Settings::parse(spec).unwrap().unwrap(), 3);
    let (reused, scores) = game_with(&mut bot, 7);
    // The first search starts afresh; the figure decision after the bot's
    // own placement always finds its node (no tile drawn between), and
    // most of them start from many visits.
    assert_eq!(reused[0], 0);
    let kept = reused.iter().filter(|&&r| r > 0).count();
    assert!(kept * 3 >= reused.len(), "{kept} of {}", reused.len());
    let effort = bot.effort().unwrap();
    assert_eq!(effort.searched, reused.len() as u64);
    // A kept root's visits count toward the budget, up to two thirds of it.
    let budget: u64 = reused.iter().map(|&r| 40 - u64::from(r.min(26))).sum();
    assert_eq!(effort.iterations, budget);
    assert!(budget < 40 * reused.len() as u64);
    assert_eq!(
        effort.reused,
        reused.iter().map(|&r| u64::from(r)).sum::<u64>()
    );
    // Without reuse: the same bot otherwise, every search afresh.
    let mut fresh = Ismcts::new(
        Settings::parse("mcts:iters=40:reuse=no").unwrap().unwrap(),
        3,
    );
    let (none, _) = game_with(&mut fresh, 7);
    assert!(none.iter().all(|&r| r == 0));
    // The same seed plays the same game.
    let mut again = Ismcts::new(Settings::parse(spec).unwrap().unwrap(), 3);
    assert_eq!(game_with(&mut again, 7), (reused, scores));
}

#[test]
fn a_bot_kept_for_a_second_game_starts_it_afresh() {
    // A bot that played one game plays the next legally (checked in
    // `game_with`), its first search without a kept tree, and the same
    // way each time (its random source has moved on, so not as a new bot
    // would).
    let second = || {
        let mut bot = Ismcts::new(
            Settings::parse("mcts:iters=30:reuse=yes").unwrap().unwrap(),
            5,
        );
        game_with(&mut bot, 11);
        game_with(&mut bot, 12)
    };
    let (reused, scores) = second();
    assert_eq!(reused[0], 0);
    assert!(reused.iter().any(|&r| r > 0));
    assert_eq!(second(), (reused, scores));
}
