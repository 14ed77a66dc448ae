//! `simulate`: many seeded bot games in parallel and a summary of them.
//!
//! Game `i` is played with seed `game_seed(S, i)` and its bots seeded the way
//! `play` seeds them, so any one game can be watched again with
//! `carcassonne play --seed <that seed>`. Workers take game indices from a
//! shared counter; the results are put back in game order before anything is
//! summed, so the summary is the same for any number of threads.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use carcassonne_runtime::engine::{FollowerKind, Game, Reason, ScoreEvent};
use carcassonne_runtime::mechanics::{reasons, Mech};
use carcassonne_runtime::tables::{Kind, Ruleset};
use clap::Args;
use serde_json::{json, Value};

use crate::cost::thread_cpu_ns;
use crate::game_result::{GameResult, SeatCost};
use crate::load;

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// A compiled-in ruleset id, or a path to a ruleset .toml file.
    #[arg(long, default_value = "base")]
    pub ruleset: String,
    /// How many games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// One bot per seat, comma-separated (random, greedy, mcts or mcts:iters=N; docs/reference/bots.md): the number of bots is the number of players.
    #[arg(long, default_value = "random,greedy")]
    pub bots: String,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The seed every game's seed is derived from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also write the summary as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Seat the bots in turn: game i moves every bot i seats on (the first
    /// bot sits in seat i mod players), so each plays every seat equally
    /// often; the summary adds each bot's share of wins (a match between
    /// bots, with the first player's edge shared out).
    #[arg(long)]
    pub rotate: bool,
    /// Also report what each bot costs: CPU time per decision and, for a
    /// searching bot, iterations per decision and CPU time per iteration
    /// (the thread's CPU time, so it varies from run to run).
    #[arg(long)]
    pub cost: bool,
}

/// The seed of game `i` of a simulation seeded with `seed` (splitmix64).
pub fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Where points come from: the kind of feature scored, or a reason a
/// module scores for (the trade goods' 10 points are events on a city, but
/// they reward tokens, not a city; the King's, the fairy's, an abbot's
/// return: each a column of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Feature(Kind),
    Reason(Reason),
}

impl Source {
    /// Its column's name: the feature's, or the reason's declared name.
    pub fn name(self) -> &'static str {
        match self {
            Source::Feature(k) => k.name(),
            Source::Reason(r) => r.name(),
        }
    }
}

/// The features every summary lists, in the order it always has.
const BASE_FEATURES: [Kind; 4] = [Kind::City, Kind::Road, Kind::Cloister, Kind::Field];

/// Every source in the order the summary lists them: the base game's
/// features, the other features, then the reasons in their declared order
/// (`GameResult::by_source` is indexed by position here).
pub fn sources() -> Vec<Source> {
    let mut v: Vec<Source> = BASE_FEATURES.into_iter().map(Source::Feature).collect();
    v.extend(
        Kind::ALL
            .into_iter()
            .filter(|k| !BASE_FEATURES.contains(k))
            .map(Source::Feature),
    );
    v.extend(
        Reason::ALL
            .into_iter()
            .filter(|&r| !counts_as_feature(r))
            .map(Source::Reason),
    );
    v
}

/// Points a feature is worth when it is completed or at the end: the
/// skeleton's reasons. A module's reason (an abbot taken back, the goods,
/// the fairy) has a column of its own, so what the module brings shows.
fn counts_as_feature(r: Reason) -> bool {
    matches!(r, Reason::Completed | Reason::Final)
}

/// The source an event's points go to.
fn source_of(e: &ScoreEvent) -> Source {
    if counts_as_feature(e.reason) {
        Source::Feature(e.feature)
    } else {
        Source::Reason(e.reason)
    }
}

/// The columns of `sources()` the summary lists for `rules`: the base
/// game's features; another feature where the ruleset's tiles have it and
/// a figure the players hold may stand on it (a garden where the abbot is
/// played, shrines where heretics are); every reason for points a module
/// of the ruleset declares (the goods, the King and the Robber Baron, the
/// fairy, the barn), scored or not; and any other source that scored.
fn columns(rules: &'static Ruleset, players: u8, results: &[GameResult]) -> Vec<usize> {
    let declared = |r: Reason| {
        Mech::ALL
            .into_iter()
            .any(|m| rules.plays(m) && reasons(m).iter().any(|d| d.reason == r))
    };
    let all = sources();
    // Figures in the supply at the start, and the kinds they stand on.
    let mut stands_on = 0u8;
    if let Ok(g) = Game::new(rules, players, 0) {
        for k in FollowerKind::ALL {
            if (0..players).any(|p| g.figures(p, k) > 0) {
                stands_on |= k.def().stands_on;
            }
        }
    }
    let on_tiles = |kind: Kind| {
        rules
            .tiles
            .iter()
            .any(|t| t.segments.iter().any(|s| s.kind == kind))
    };
    (0..all.len())
        .filter(|&i| match all[i] {
            Source::Feature(k) if BASE_FEATURES.contains(&k) => true,
            Source::Feature(k) if stands_on & (1 << k as u8) != 0 && on_tiles(k) => true,
            Source::Reason(r) if declared(r) => true,
            _ => results.iter().any(|r| r.by_source.iter().any(|s| s[i] > 0)),
        })
        .collect()
}

/// Each tally key of `g` with its count per seat, keys in the order shown.
fn tallies_of(g: &Game) -> Vec<(&'static str, Vec<u32>)> {
    let mut out: Vec<(&'static str, Vec<u32>)> = Vec::new();
    for t in g.shown().tallies {
        let i = match out.iter().position(|(k, _)| *k == t.key) {
            Some(i) => i,
            None => {
                out.push((t.key, vec![0; g.players() as usize]));
                out.len() - 1
            }
        };
        if let Some(c) = out[i].1.get_mut(t.player as usize) {
            *c += t.count;
        }
    }
    out
}

/// Play one game; bots are seeded as `play` seeds them.
pub fn play_one(
    rules: &'static Ruleset,
    bots: &[impl AsRef<str>],
    seed: u64,
) -> Result<GameResult, String> {
    let players = bots.len() as u8;
    let mut g = Game::new(rules, players, seed).map_err(|e| e.to_string())?;
    let mut seats = crate::play::seats(bots, seed)?;
    let mut view = None;
    let all = sources();
    let mut by_source = vec![vec![0u32; all.len()]; bots.len()];
    let start_tiles = g.placed().len();
    let mut events = Vec::with_capacity(16);
    let mut cost = vec![SeatCost::default(); bots.len()];
    while let Some(pending) = g.pending() {
        let p = crate::play::decider(pending);
        let started = thread_cpu_ns();
        let a = crate::play::ask(seats[p as usize].as_mut(), &g, p, &mut view);
        let c = &mut cost[p as usize];
        c.cpu_ns += thread_cpu_ns().saturating_sub(started);
        c.decisions += 1;
        let a = a.ok_or_else(|| format!("game seed {seed}: the bot found no legal move"))?;
        events.clear();
        g.apply_action(a, &mut events)
            .map_err(|e| format!("game seed {seed}: the bot chose an illegal action: {e}"))?;
        for e in &events {
            let src = source_of(e);
            if let Some(i) = all.iter().position(|&s| s == src) {
                by_source[e.player as usize][i] += e.points;
            }
        }
    }
    Ok(GameResult {
        seed,
        scores: g.scores().to_vec(),
        by_source,
        tallies: tallies_of(&g),
        turns: g.turn(),
        // Every turn places one tile in its first part; the rest are
        // second parts.
        second_tiles: (g.placed().len() - start_tiles).saturating_sub(g.turn() as usize) as u32,
        // Tiles set aside come back (or wait for what brings them back):
        // only those removed count.
        discards: g.removed().count() as u32,
        seating: (0..players).collect(),
        cost: cost
            .into_iter()
            .zip(&seats)
            .map(|(c, bot)| SeatCost {
                effort: bot.effort(),
                ..c
            })
            .collect(),
    })
}

/// Game `i` with the bots seated in turn when `rotate` (bot `b` in seat
/// `(b + i) mod players`), else in the order given; its seed is
/// `game_seed(seed, i)`.
pub fn play_game(
    rules: &'static Ruleset,
    bots: &[impl AsRef<str>],
    seed: u64,
    i: u64,
    rotate: bool,
) -> Result<GameResult, String> {
    let n = bots.len();
    let shift = if rotate { (i % n as u64) as usize } else { 0 };
    // Seat p holds the bot that the rotation moved there.
    let seating: Vec<u8> = (0..n).map(|p| ((p + n - shift) % n) as u8).collect();
    let seated: Vec<&str> = seating.iter().map(|&b| bots[b as usize].as_ref()).collect();
    let mut r = play_one(rules, &seated, game_seed(seed, i))?;
    r.seating = seating;
    Ok(r)
}

/// Play games `0..games` on `threads` threads; results in game order.
pub fn run_games(
    rules: &'static Ruleset,
    bots: &[impl AsRef<str> + Sync],
    games: u64,
    seed: u64,
    rotate: bool,
    threads: usize,
    progress: &indicatif::ProgressBar,
) -> Result<Vec<GameResult>, String> {
    let n = games as usize;
    let next = AtomicUsize::new(0);
    let failed: Mutex<Option<String>> = Mutex::new(None);
    const CHUNK: usize = 8;
    let mut parts: Vec<Vec<(usize, GameResult)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if from >= n {
                            break;
                        }
                        for i in from..(from + CHUNK).min(n) {
                            match play_game(rules, bots, seed, i as u64, rotate) {
                                Ok(r) => mine.push((i, r)),
                                Err(e) => {
                                    let mut f = failed.lock().unwrap_or_else(|p| p.into_inner());
                                    f.get_or_insert(e);
                                    next.store(n, Ordering::Relaxed);
                                    return mine;
                                }
                            }
                        }
                        progress.inc(((from + CHUNK).min(n) - from) as u64);
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let mut all: Vec<(usize, GameResult)> = parts.drain(..).flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    if all.len() != n {
        return Err(format!("only {} of {n} games finished", all.len()));
    }
    Ok(all.into_iter().map(|(_, r)| r).collect())
}

pub fn mean(xs: impl Iterator<Item = f64>) -> (f64, f64, usize) {
    // Welford's method, in game order: the same numbers give the same result.
    let (mut n, mut m, mut s2) = (0usize, 0.0f64, 0.0f64);
    for x in xs {
        n += 1;
        let d = x - m;
        m += d / n as f64;
        s2 += d * (x - m);
    }
    let sd = if n > 1 {
        (s2 / (n - 1) as f64).sqrt()
    } else {
        0.0
    };
    (m, sd, n)
}

/// A 95 % interval for a seat's share of wins `p` over `n` games (the
/// normal approximation, p ± 1.96 √(p(1-p)/n), clamped to 0..1; ties count
/// as shared wins, so it is approximate where ties are common): a seat
/// whose interval leaves out the fair share 1/players wins more or less
/// often than its bot alone explains.
pub fn interval95(p: f64, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let half = 1.96 * (p * (1.0 - p) / n as f64).sqrt();
    ((p - half).max(0.0), (p + half).min(1.0))
}

pub fn r4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The tally keys of `results`, in order of first appearance.
fn tally_keys(results: &[GameResult]) -> Vec<&'static str> {
    let mut keys = Vec::new();
    for r in results {
        for (k, _) in &r.tallies {
            if !keys.contains(k) {
                keys.push(*k);
            }
        }
    }
    keys
}

/// Game `r`'s count under `key` for seat `p`, or for all seats together.
fn tally(r: &GameResult, key: &str, p: Option<usize>) -> f64 {
    let Some((_, counts)) = r.tallies.iter().find(|(k, _)| *k == key) else {
        return 0.0;
    };
    match p {
        Some(p) => counts.get(p).copied().unwrap_or(0) as f64,
        None => counts.iter().map(|&c| c as f64).sum(),
    }
}

/// Seat `seat`'s share of the win in game `r`: 1, shared among those tied
/// for first, or 0.
pub fn win_share(r: &GameResult, seat: usize) -> f64 {
    let best = r.scores.iter().copied().max().unwrap_or(0);
    let tied = r.scores.iter().filter(|&&x| x == best).count() as f64;
    if r.scores[seat] == best {
        1.0 / tied
    } else {
        0.0
    }
}

/// The summary of a simulation as JSON (the same whatever the thread count).
pub fn summary(
    rules: &'static Ruleset,
    bots: &[impl AsRef<str>],
    seed: u64,
    results: &[GameResult],
) -> Value {
    let players = bots.len();
    let games = results.len();
    let mut wins = vec![0.0f64; players];
    let mut ties = 0u64;
    for r in results {
        let best = r.scores.iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..players).filter(|&p| r.scores[p] == best).collect();
        if winners.len() > 1 {
            ties += 1;
        }
        for &w in &winners {
            wins[w] += 1.0 / winners.len() as f64;
        }
    }
    let all = sources();
    let cols = columns(rules, players as u8, results);
    let keys = tally_keys(results);
    let rotated = results
        .iter()
        .any(|r| r.seating.iter().enumerate().any(|(p, &b)| p != b as usize));
    let seats: Vec<Value> = (0..players)
        .map(|p| {
            let (m, sd, _) = mean(results.iter().map(|r| r.scores[p] as f64));
            let min = results.iter().map(|r| r.scores[p]).min().unwrap_or(0);
            let max = results.iter().map(|r| r.scores[p]).max().unwrap_or(0);
            let share = if games > 0 {
                wins[p] / games as f64
            } else {
                0.0
            };
            let (low, high) = interval95(share, games);
            let mut kinds = serde_json::Map::new();
            for &k in &cols {
                let (km, _, _) = mean(results.iter().map(|r| r.by_source[p][k] as f64));
                kinds.insert(all[k].name().to_string(), json!(r4(km)));
            }
            let mut seat = json!({
                "seat": p,
                "bot": if rotated { "(in turn)" } else { bots[p].as_ref() },
                "mean": r4(m),
                "sd": r4(sd),
                "min": min,
                "max": max,
                "win_rate": r4(share),
                "win_rate_ci95": [r4(low), r4(high)],
                "points_by_feature": kinds,
            });
            if !keys.is_empty() {
                let mut t = serde_json::Map::new();
                for key in &keys {
                    let (km, _, _) = mean(results.iter().map(|r| tally(r, key, Some(p))));
                    t.insert(key.to_string(), json!(r4(km)));
                }
                seat["tallies"] = Value::Object(t);
            }
            seat
        })
        .collect();
    // Each bot's results wherever it sat (the seats' rows then mix bots).
    let by_bot: Vec<Value> = (0..players)
        .map(|b| {
            let seat_of =
                |r: &GameResult| r.seating.iter().position(|&x| x as usize == b).unwrap_or(b);
            let (m, sd, _) = mean(results.iter().map(|r| r.scores[seat_of(r)] as f64));
            let won: f64 = results.iter().map(|r| win_share(r, seat_of(r))).sum();
            let share = if games > 0 { won / games as f64 } else { 0.0 };
            let (low, high) = interval95(share, games);
            json!({
                "bot": bots[b].as_ref(),
                "mean": r4(m),
                "sd": r4(sd),
                "win_rate": r4(share),
                "win_rate_ci95": [r4(low), r4(high)],
            })
        })
        .collect();
    let (turns, turns_sd, _) = mean(results.iter().map(|r| r.turns as f64));
    let (discards, _, _) = mean(results.iter().map(|r| r.discards as f64));
    let mut kinds = serde_json::Map::new();
    for &k in &cols {
        let (km, _, _) = mean(
            results
                .iter()
                .map(|r| r.by_source.iter().map(|s| s[k] as f64).sum::<f64>()),
        );
        kinds.insert(all[k].name().to_string(), json!(r4(km)));
    }
    let mut v = json!({
        "ruleset": rules.id,
        "games": games,
        "seed": seed,
        "players": players,
        "bots": bots.iter().map(|b| b.as_ref()).collect::<Vec<_>>(),
        "seats": seats,
        "ties": ties,
        "mean_turns": r4(turns),
        "sd_turns": r4(turns_sd),
        "mean_discarded": r4(discards),
        "points_by_feature": kinds,
    });
    if !keys.is_empty() {
        let mut t = serde_json::Map::new();
        for key in &keys {
            let (km, _, _) = mean(results.iter().map(|r| tally(r, key, None)));
            t.insert(key.to_string(), json!(r4(km)));
        }
        v["tallies"] = Value::Object(t);
    }
    if rotated {
        v["rotated"] = json!(true);
        v["by_bot"] = json!(by_bot);
    }
    // Second parts (the builder's, River II's volcano tile), where a game
    // had one.
    if results.iter().any(|r| r.second_tiles > 0) {
        let (second, _, _) = mean(results.iter().map(|r| r.second_tiles as f64));
        v["mean_second_tiles"] = json!(r4(second));
    }
    v
}

/// The summary as a table.
pub fn table(s: &Value) -> String {
    let mut out = String::new();
    let bots: Vec<&str> = s["bots"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    out.push_str(&format!(
        "{} games of {} ({} players: {}), seed {}\n\n",
        s["games"],
        s["ruleset"].as_str().unwrap_or("?"),
        s["players"],
        bots.join(", "),
        s["seed"]
    ));
    // The point columns the summary has, in its order, then the tallies
    // after a bar; each at least 7 wide, as wide as its name.
    let keys = |field: &str| -> Vec<&str> {
        s[field]
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default()
    };
    let cols = keys("points_by_feature");
    let tallies = keys("tallies");
    let width = |c: &str| c.len().max(7);
    let bot_width = bots.iter().map(|b| b.len()).max().unwrap_or(0).max(8);
    let mut head = format!(
        "{:<5} {:<bot_width$} {:>8} {:>7} {:>5} {:>5} {:>7} {:>13}  ",
        "seat", "bot", "mean", "sd", "min", "max", "wins%", "95% interval"
    );
    for c in &cols {
        head.push_str(&format!(" {c:>w$}", w = width(c)));
    }
    if !tallies.is_empty() {
        head.push_str("  |");
    }
    for c in &tallies {
        head.push_str(&format!(" {c:>w$}", w = width(c)));
    }
    out.push_str(&head);
    out.push('\n');
    for seat in s["seats"].as_array().into_iter().flatten() {
        let k = &seat["points_by_feature"];
        let ci = |i: usize| 100.0 * seat["win_rate_ci95"][i].as_f64().unwrap_or(0.0);
        let mut line = format!(
            "{:<5} {:<bot_width$} {:>8.2} {:>7.2} {:>5} {:>5} {:>7.2} {:>13}  ",
            format!("P{}", seat["seat"]),
            seat["bot"].as_str().unwrap_or("?"),
            seat["mean"].as_f64().unwrap_or(0.0),
            seat["sd"].as_f64().unwrap_or(0.0),
            seat["min"].as_i64().unwrap_or(0),
            seat["max"].as_i64().unwrap_or(0),
            100.0 * seat["win_rate"].as_f64().unwrap_or(0.0),
            format!("{:.1}-{:.1}", ci(0), ci(1)),
        );
        for c in &cols {
            line.push_str(&format!(
                " {:>w$.2}",
                k[*c].as_f64().unwrap_or(0.0),
                w = width(c)
            ));
        }
        if !tallies.is_empty() {
            line.push_str("  |");
        }
        for c in &tallies {
            line.push_str(&format!(
                " {:>w$.2}",
                seat["tallies"][*c].as_f64().unwrap_or(0.0),
                w = width(c)
            ));
        }
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(by_bot) = s["by_bot"].as_array() {
        out.push_str(&format!(
            "\n{:<5} {:<bot_width$} {:>8} {:>7} {:>7} {:>13}\n",
            "bot", "", "mean", "sd", "wins%", "95% interval"
        ));
        for (b, row) in by_bot.iter().enumerate() {
            let ci = |i: usize| 100.0 * row["win_rate_ci95"][i].as_f64().unwrap_or(0.0);
            out.push_str(&format!(
                "{:<5} {:<bot_width$} {:>8.2} {:>7.2} {:>7.2} {:>13}\n",
                format!("B{b}"),
                row["bot"].as_str().unwrap_or("?"),
                row["mean"].as_f64().unwrap_or(0.0),
                row["sd"].as_f64().unwrap_or(0.0),
                100.0 * row["win_rate"].as_f64().unwrap_or(0.0),
                format!("{:.1}-{:.1}", ci(0), ci(1)),
            ));
        }
    }
    let second = match s["mean_second_tiles"].as_f64() {
        Some(x) => format!(" and {x:.2} second tiles"),
        None => String::new(),
    };
    out.push_str(&format!(
        "\nmean game length {:.2} turns (sd {:.2}){second}; {:.3} tiles discarded per game; {} tied for first\n",
        s["mean_turns"].as_f64().unwrap_or(0.0),
        s["sd_turns"].as_f64().unwrap_or(0.0),
        s["mean_discarded"].as_f64().unwrap_or(0.0),
        match s["ties"].as_u64().unwrap_or(0) {
            1 => "1 game".to_string(),
            n => format!("{n} games"),
        }
    ));
    // Columns beyond the features are named after the reason they score.
    let reasons: Vec<&str> = cols
        .iter()
        .copied()
        .filter(|c| !Kind::ALL.iter().any(|k| k.name() == *c))
        .collect();
    let reasons = if reasons.is_empty() {
        String::new()
    } else {
        format!(
            "; a column named after a reason for points ({}) holds what was scored for it, kept apart from the features",
            reasons.join(", ")
        )
    };
    let tallies = if tallies.is_empty() {
        String::new()
    } else {
        format!(
            "; after the bar, counts the modules keep per player ({}), means per game",
            tallies.join(", ")
        )
    };
    let rotated = if s["by_bot"].is_array() {
        "; the bots took the seats in turn (B0 first in game 0, then one seat on per game), and the B rows are each bot's results wherever it sat"
    } else {
        ""
    };
    out.push_str(&format!(
        "(wins: a tie for first is shared, and the interval is the 95 % one for a seat's share of wins{rotated}; points by feature are means per game{reasons}{tallies})\n"
    ));
    out
}

/// The worker threads `--threads` asks for (default: every core).
pub fn threads(asked: Option<usize>) -> Result<usize, String> {
    match asked {
        Some(0) => Err("--threads must be at least 1".to_string()),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// A progress bar of `games` games on stderr.
pub fn progress(games: u64) -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::with_draw_target(
        Some(games),
        indicatif::ProgressDrawTarget::stderr(),
    );
    pb.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {elapsed} elapsed, eta {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    pb
}

pub fn run(args: SimulateArgs) -> Result<(), String> {
    let rules = load::ruleset(&args.ruleset).map_err(|e| e.to_string())?;
    let mut bots = Vec::new();
    for n in args.bots.split(',').map(str::trim) {
        carcassonne_runtime::bots::make(n, 0)?;
        bots.push(n.to_string());
    }
    let players = bots.len() as u8;
    let o = &rules.options;
    if players < o.min_players || players > o.max_players {
        return Err(format!(
            "ruleset {} is for {} to {} players, and {} bots were given (one bot per player)",
            rules.id, o.min_players, o.max_players, players
        ));
    }
    let threads = threads(args.threads)?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    let pb = progress(args.games);
    let t0 = Instant::now();
    let results = run_games(
        rules,
        &bots,
        args.games,
        args.seed,
        args.rotate,
        threads,
        &pb,
    );
    pb.finish_and_clear();
    let results = results?;
    let elapsed = t0.elapsed();
    let mut s = summary(rules, &bots, args.seed, &results);
    crate::say!("{}", table(&s).trim_end());
    if args.cost {
        s["cost"] = crate::cost::summary(&bots, &results);
        crate::say!("\n{}", crate::cost::table(&s["cost"]).trim_end());
    }
    finish(results.len(), elapsed, threads, &s, args.json.as_deref())
}

/// How long the games took (on stderr), then the summary `s` written to
/// `json` if asked, atomically: the end of `simulate` and `tournament`.
pub fn finish(
    games: usize,
    elapsed: std::time::Duration,
    threads: usize,
    s: &Value,
    json: Option<&std::path::Path>,
) -> Result<(), String> {
    eprintln!(
        "{games} games in {:.2} s on {threads} thread{}",
        elapsed.as_secs_f64(),
        if threads == 1 { "" } else { "s" }
    );
    if let Some(path) = json {
        let text = serde_json::to_string_pretty(s).map_err(|e| e.to_string())? + "\n";
        crate::atomic::write(path, text.as_bytes())
            .map_err(|e| format!("{}: error: cannot write: {e}", path.display()))?;
    }
    Ok(())
}
