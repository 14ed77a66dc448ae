//! How often a bot beats another in 2-player games, seats alternated:
//! `cargo run --release -p carcassonne-runtime --example mcts_vs_greedy --
//! [GAMES] [BOT] [OPPONENT] [RULESET] [THREADS]` (defaults: 200, `mcts`,
//! `greedy`, `base`, 1). Game `i` uses seed `i`; `BOT` sits first in even
//! games and second in odd ones. Bots are given views (`Game::view_into`).
//! Prints BOT's win rate (a tie counts half), both mean scores and the time.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use carcassonne_runtime::bots;
use carcassonne_runtime::engine::{Actor, Game};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let games: usize = arg(0, "200").parse().expect("GAMES is a number");
    let (bot, other) = (arg(1, "mcts"), arg(2, "greedy"));
    let ruleset = arg(3, "base");
    let threads: usize = arg(4, "1").parse().expect("THREADS is a number");
    let rules = carcassonne_runtime::ruleset(&ruleset).expect("a compiled-in ruleset");
    for spec in [&bot, &other] {
        if let Err(e) = bots::make(spec, 0) {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    // (game, bot's score, other's score)
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let seed = i as u64;
                let seat = (i % 2) as u8;
                let mut seats = [
                    bots::make(&other, seed * 2 + 1).unwrap(),
                    bots::make(&other, seed * 2 + 1).unwrap(),
                ];
                seats[seat as usize] = bots::make(&bot, seed * 2).unwrap();
                let mut g = Game::new(rules, 2, seed).unwrap();
                let mut view = g.view(0);
                let mut events = Vec::new();
                while let Some(p) = g.pending() {
                    let Actor::Player(who) = p.actor else {
                        unreachable!("draws are the engine's")
                    };
                    g.view_into(who, &mut view);
                    let a = seats[who as usize]
                        .choose_action(&view)
                        .expect("a decision is pending");
                    g.apply_action_by(who, a, &mut events)
                        .expect("bots play legal actions");
                }
                let sc = g.scores();
                let (mine, theirs) = (sc[seat as usize], sc[1 - seat as usize]);
                results.lock().unwrap().push((i, mine, theirs));
                eprintln!("game {i}: {bot} {mine} - {theirs} {other}");
            });
        }
    });
    let results = results.into_inner().unwrap();
    let n = results.len() as f64;
    let wins: f64 = results
        .iter()
        .map(|&(_, a, b)| match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        })
        .sum();
    let mean =
        |f: fn(&(usize, i32, i32)) -> i32| results.iter().map(|r| f(r) as f64).sum::<f64>() / n;
    println!(
        "{bot} vs {other} on {ruleset}: {games} games, {bot} wins {:.1}% (ties half), mean score {:.1} vs {:.1}, {:.1} s",
        100.0 * wins / n,
        mean(|r| r.1),
        mean(|r| r.2),
        started.elapsed().as_secs_f64()
    );
}
