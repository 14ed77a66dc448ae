//! `tournament`: every pair of the bots given plays the same two-player
//! games (`simulate --rotate` for each pair: the same game seeds for every
//! pair, seats taken in turn), and the bots are ranked by their share of
//! wins over all their games, each with its 95 % interval, and each pair's
//! match shown apart.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use serde_json::{json, Value};

use crate::game_result::GameResult;
use crate::load;
use crate::simulate::{self, interval95, mean, r4, win_share};

#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// A compiled-in ruleset id, or a path to a ruleset .toml file (it must
    /// allow two players).
    #[arg(long, default_value = "base")]
    pub ruleset: String,
    /// The bots, comma-separated, at least two and each once (random,
    /// greedy, mcts or mcts:iters=N; docs/reference/bots.md).
    #[arg(long, default_value = "random,greedy,mcts")]
    pub bots: String,
    /// Games each pair plays (seats alternate: half with each bot first
    /// when even).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The seed every game's seed is derived from, the same for every pair.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Also write the ranking as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
}

/// One pair's games: bot `a` was given first (`seating` says where each
/// sat).
struct Match {
    a: usize,
    b: usize,
    results: Vec<GameResult>,
}

impl Match {
    /// The seat of bot `a` (`first`) or `b` in game `r`.
    fn seat(r: &GameResult, first: bool) -> usize {
        let wanted = if first { 0 } else { 1 };
        r.seating.iter().position(|&x| x == wanted).unwrap_or(0)
    }

    /// Bot `a`'s (`first`) or `b`'s win shares and scores, game by game.
    fn of(&self, first: bool) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.results.iter().map(move |r| {
            let seat = Match::seat(r, first);
            (win_share(r, seat), f64::from(r.scores[seat]))
        })
    }
}

/// The bots of `spec`: known, at least two, none twice.
fn parse_bots(spec: &str) -> Result<Vec<String>, String> {
    let mut bots: Vec<String> = Vec::new();
    for n in spec.split(',').map(str::trim) {
        carcassonne_runtime::bots::make(n, 0)?;
        if bots.iter().any(|b| b == n) {
            return Err(format!(
                "bot `{n}` is given twice (each bot plays every other once)"
            ));
        }
        bots.push(n.to_string());
    }
    if bots.len() < 2 {
        return Err(format!(
            "a tournament needs at least two bots, and {} was given",
            bots.len()
        ));
    }
    Ok(bots)
}

/// A bot's or a side's row: games, wins (ties shared), share with its
/// 95 % interval, mean score.
fn record(bot: &str, games: &[(f64, f64)]) -> Value {
    let n = games.len();
    let wins: f64 = games.iter().map(|(w, _)| w).sum();
    let share = if n > 0 { wins / n as f64 } else { 0.0 };
    let (low, high) = interval95(share, n);
    let (m, _, _) = mean(games.iter().map(|(_, s)| *s));
    json!({
        "bot": bot,
        "games": n,
        "wins": r4(wins),
        "win_rate": r4(share),
        "win_rate_ci95": [r4(low), r4(high)],
        "mean": r4(m),
    })
}

/// The ranking of `matches` as JSON: each bot over all its games, best
/// share first, then every pair.
fn summary(rules_id: &str, bots: &[String], games: u64, seed: u64, matches: &[Match]) -> Value {
    let mut ranking: Vec<Value> = (0..bots.len())
        .map(|b| {
            let all = matches.iter().flat_map(|m| {
                let side = if m.a == b {
                    Some(true)
                } else if m.b == b {
                    Some(false)
                } else {
                    None
                };
                side.into_iter().flat_map(move |first| m.of(first))
            });
            let all: Vec<(f64, f64)> = all.collect();
            record(&bots[b], &all)
        })
        .collect();
    // Best share first; a tie keeps the order given (a stable sort).
    ranking.sort_by(|x, y| {
        let w = |v: &Value| v["win_rate"].as_f64().unwrap_or(0.0);
        w(y).total_cmp(&w(x))
    });
    for (i, row) in ranking.iter_mut().enumerate() {
        row["rank"] = json!(i + 1);
    }
    let pairs: Vec<Value> = matches
        .iter()
        .map(|m| {
            let ties = m
                .results
                .iter()
                .filter(|r| {
                    let best = r.scores.iter().copied().max().unwrap_or(0);
                    r.scores.iter().filter(|&&s| s == best).count() > 1
                })
                .count();
            json!({
                "bots": [bots[m.a], bots[m.b]],
                "games": m.results.len(),
                "ties": ties,
                "first": record(&bots[m.a], &m.of(true).collect::<Vec<_>>()),
                "second": record(&bots[m.b], &m.of(false).collect::<Vec<_>>()),
            })
        })
        .collect();
    json!({
        "ruleset": rules_id,
        "bots": bots,
        "games_per_pair": games,
        "seed": seed,
        "ranking": ranking,
        "pairs": pairs,
    })
}

/// The ranking as tables.
pub fn table(s: &Value) -> String {
    let width = s["bots"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::len)
        .max()
        .unwrap_or(0)
        .max(6);
    let pct = |v: &Value| 100.0 * v.as_f64().unwrap_or(0.0);
    let ci = |row: &Value| {
        format!(
            "{:.1}-{:.1}",
            pct(&row["win_rate_ci95"][0]),
            pct(&row["win_rate_ci95"][1])
        )
    };
    let mut out = format!(
        "tournament of {}: {} games per pair, seats in turn, seed {}\n\n",
        s["ruleset"].as_str().unwrap_or("?"),
        s["games_per_pair"].as_u64().unwrap_or(0),
        s["seed"].as_u64().unwrap_or(0)
    );
    out.push_str(&format!(
        "{:<4} {:<width$} {:>6} {:>8} {:>7} {:>13} {:>8}\n",
        "rank", "bot", "games", "wins", "wins%", "95% interval", "mean"
    ));
    for row in s["ranking"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "{:<4} {:<width$} {:>6} {:>8.1} {:>7.2} {:>13} {:>8.2}\n",
            row["rank"].as_u64().unwrap_or(0),
            row["bot"].as_str().unwrap_or("?"),
            row["games"].as_u64().unwrap_or(0),
            row["wins"].as_f64().unwrap_or(0.0),
            pct(&row["win_rate"]),
            ci(row),
            row["mean"].as_f64().unwrap_or(0.0),
        ));
    }
    out.push_str(&format!(
        "\n{:<width$}    {:<width$} {:>6} {:>7} {:>13} {:>8} {:>8}\n",
        "pair", "", "games", "wins%", "95% interval", "mean", "against"
    ));
    for p in s["pairs"].as_array().into_iter().flatten() {
        let (a, b) = (&p["first"], &p["second"]);
        out.push_str(&format!(
            "{:<width$} vs {:<width$} {:>6} {:>7.2} {:>13} {:>8.2} {:>8.2}\n",
            a["bot"].as_str().unwrap_or("?"),
            b["bot"].as_str().unwrap_or("?"),
            p["games"].as_u64().unwrap_or(0),
            pct(&a["win_rate"]),
            ci(a),
            a["mean"].as_f64().unwrap_or(0.0),
            b["mean"].as_f64().unwrap_or(0.0),
        ));
    }
    out.push_str(
        "(wins: a tie for first is shared; the interval is the 95 % one for the share of wins; a pair's row is its first bot's share and both mean scores)\n",
    );
    out
}

pub fn run(args: TournamentArgs) -> Result<(), String> {
    let rules = load::ruleset(&args.ruleset).map_err(|e| e.to_string())?;
    let bots = parse_bots(&args.bots)?;
    let o = &rules.options;
    if !(o.min_players..=o.max_players).contains(&2) {
        return Err(format!(
            "ruleset {} is for {} to {} players; a tournament plays two-player games",
            rules.id, o.min_players, o.max_players
        ));
    }
    let threads = simulate::threads(args.threads)?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    let pairs: Vec<(usize, usize)> = (0..bots.len())
        .flat_map(|a| (a + 1..bots.len()).map(move |b| (a, b)))
        .collect();
    let pb = simulate::progress(args.games * pairs.len() as u64);
    let t0 = Instant::now();
    let mut matches = Vec::new();
    for &(a, b) in &pairs {
        let two = [bots[a].as_str(), bots[b].as_str()];
        let results = simulate::run_games(rules, &two, args.games, args.seed, true, threads, &pb);
        match results {
            Ok(results) => matches.push(Match { a, b, results }),
            Err(e) => {
                pb.finish_and_clear();
                return Err(e);
            }
        }
    }
    pb.finish_and_clear();
    let s = summary(rules.id, &bots, args.games, args.seed, &matches);
    crate::say!("{}", table(&s).trim_end());
    let games = (args.games * pairs.len() as u64) as usize;
    simulate::finish(games, t0.elapsed(), threads, &s, args.json.as_deref())
}
