//! `carcassonne`: validate tile sets and rulesets, inspect what they compile
//! to, and play games. Errors go to stderr; exit 0 on success, 1 on errors in
//! the input, 2 on usage errors.

use std::path::PathBuf;
use std::process::ExitCode;

use carcassonne::{load, play};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "carcassonne",
    version,
    about = "Carcassonne tile-set compiler and game engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The main job: validate tiles/ and rulesets/, then play a seeded demo game.
    Demo {
        #[arg(long, default_value_t = 42)]
        seed: u64,
        /// The folder holding tiles/ and rulesets/ (default: the current folder).
        #[arg(long, value_name = "PATH")]
        dir: Option<PathBuf>,
    },
    /// Check tile sets and rulesets (files or folders); list every error.
    Validate {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Print a ruleset's compiled catalog.
    Catalog {
        /// A compiled-in ruleset id, or a path to a ruleset .toml file.
        #[arg(long)]
        ruleset: String,
        /// Print JSON (the catalog JSON: docs/reference/catalog.md).
        #[arg(long)]
        json: bool,
    },
    /// Print the Rust tables generated for a ruleset.
    Codegen {
        /// A ruleset id (looked up in ./rulesets) or a path to a ruleset .toml file.
        #[arg(long)]
        ruleset: String,
    },
    /// List the compiled-in rulesets, the mechanics each plays and the sets
    /// it takes for their tiles only.
    Rulesets,
    /// Draw a ruleset's tiles (an atlas) or a game's board as SVG.
    Render(carcassonne::render::RenderArgs),
    /// Write one self-contained HTML page that steps through a game record.
    View(carcassonne::render::ViewArgs),
    /// Play many seeded bot games in parallel and summarise them.
    Simulate(carcassonne::simulate::SimulateArgs),
    /// Rank bots: every pair plays the same two-player games, seats in
    /// turn; wins per bot and per pair with 95 % intervals.
    Tournament(carcassonne::tournament::TournamentArgs),
    /// Benchmark: N 2-player random games on one thread; prints games/s last.
    Bench {
        #[arg(long, default_value = "base")]
        ruleset: String,
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// `fast`: the fused move path where the ruleset allows it; `actions`: every decision through legal_actions and apply_action, as bots play (the same games where turns are moves); `legal`: the same games with the answers counted (legal_into), the chosen one read by its rank and applied as listed (apply_listed_action), as the Python VectorEnv does.
        #[arg(long, default_value = "fast")]
        path: String,
    },
    /// Play a seeded game with bots, print every turn and the scores.
    Play {
        #[arg(long, default_value = "base")]
        ruleset: String,
        #[arg(long, default_value_t = 2)]
        players: u8,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// One bot per player, comma-separated (random, greedy, mcts or mcts:iters=N; docs/reference/bots.md); one name serves all.
        #[arg(long, default_value = "random")]
        bots: String,
        /// Write the game record (JSON) here.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Print only the final scores.
        #[arg(long)]
        quiet: bool,
    },
    /// Speak the engine protocol on stdin/stdout: JSON requests in, one JSON
    /// reply per line out (docs/protocol.md).
    Serve,
    /// Play in the browser: a local web page where people play any
    /// ruleset against each other and the bots (docs/guide/web.md).
    Web(carcassonne::web::WebArgs),
    /// Re-run a game record, checking every move; print the scores.
    Replay {
        file: PathBuf,
        /// Score the game as if it ended after the last recorded turn.
        #[arg(long = "final")]
        final_scoring: bool,
        /// Print `{ "turn": N, "events": [...], "scores": [...] }`.
        #[arg(long)]
        json: bool,
        /// The ruleset (id or path); default: the record's ruleset id.
        #[arg(long)]
        ruleset: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(1)
        }
    }
}

fn run(cmd: Command) -> Result<(), String> {
    match cmd {
        Command::Demo { seed, dir } => {
            run(Command::Validate {
                paths: carcassonne::demo::inputs(dir.as_deref())?,
            })?;
            carcassonne::say!(
                "\ndemo: ruleset base, 3 players (random, greedy, greedy), seed {seed}"
            );
            run(Command::Play {
                ruleset: "base".to_string(),
                players: 3,
                seed,
                bots: "random,greedy,greedy".to_string(),
                record: None,
                quiet: false,
            })
        }
        Command::Validate { paths } => {
            let report = carcassonne_codegen::validate::validate_with(&paths, &load::lookup());
            for line in &report.ok {
                carcassonne::say!("{line}");
            }
            let text: Vec<String> = report.diagnostics().iter().map(|d| d.to_string()).collect();
            let listed = format!("{}\n{}", text.join("\n\n"), report.tally());
            if !report.errors.is_empty() {
                Err(listed)
            } else {
                // Warnings alone fail nothing.
                if !text.is_empty() {
                    eprintln!("{listed}");
                }
                Ok(())
            }
        }
        Command::Catalog { ruleset, json } => {
            let rs = load::ruleset(&ruleset).map_err(|e| e.to_string())?;
            let value = carcassonne_runtime::catalog::to_json(rs);
            if json {
                carcassonne::say!(
                    "{}",
                    serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?
                );
            } else {
                carcassonne::say!(
                    "{} ({}): {} tile types, {} tiles",
                    rs.id,
                    rs.name,
                    rs.tiles.len(),
                    rs.total
                );
                for t in rs.tiles {
                    let edges: Vec<&str> = t.edges.iter().map(|e| e.name()).collect();
                    carcassonne::say!("  {:>4} x{:<2} {}", t.id, t.count, edges.join(" "));
                }
            }
            Ok(())
        }
        Command::Codegen { ruleset } => {
            let model = load::source_of(&ruleset).map_err(|e| e.to_string())?;
            let code = carcassonne_codegen::emit::tables(&[model]);
            carcassonne::say!("{}", code.trim_end());
            Ok(())
        }
        Command::Play {
            ruleset,
            players,
            seed,
            bots,
            record,
            quiet,
        } => {
            let loaded = load::named(&ruleset).map_err(|e| e.to_string())?;
            let bots = play::parse_bots(&bots, players)?;
            let mut rec = play::play(loaded.rules, players, seed, &bots, quiet)?;
            rec.sources = loaded.sources;
            let scores = rec
                .final_
                .as_ref()
                .map(|f| f.scores.clone())
                .unwrap_or_default();
            carcassonne::say!("scores: {}", play::scores_line(&scores));
            if let Some(path) = record {
                let json = serde_json::to_string_pretty(&rec).map_err(|e| e.to_string())?;
                carcassonne::atomic::write(&path, json.as_bytes())
                    .map_err(|e| format!("{}: error: cannot write: {e}", path.display()))?;
            }
            Ok(())
        }
        Command::Replay {
            file,
            final_scoring,
            json,
            ruleset,
        } => {
            let rec = play::read_record(&file)?;
            let rs = load::for_record(&rec, &file, ruleset.as_deref())?;
            let out = carcassonne_runtime::record::replay(&rec, rs, final_scoring)
                .map_err(|e| format!("{}: error: {e}", file.display()))?;
            if json {
                let events: Vec<_> = out
                    .events
                    .iter()
                    .map(carcassonne_runtime::record::EventRec::from_event)
                    .collect();
                let v = serde_json::json!({ "turn": out.turns, "events": events, "scores": out.game.scores() });
                carcassonne::say!(
                    "{}",
                    serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
                );
            } else {
                let state = if out.game.is_over() {
                    "game over"
                } else {
                    "game not finished"
                };
                carcassonne::say!(
                    "replayed {} turns ({state}); scores: {}",
                    out.turns,
                    play::scores_line(out.game.scores())
                );
            }
            Ok(())
        }
        Command::Bench {
            ruleset,
            games,
            seed,
            path,
        } => {
            let path = carcassonne_runtime::bench::Path::named(&path).ok_or_else(|| {
                format!("bench: error: --path is `fast`, `actions` or `legal`, not `{path}`")
            })?;
            let rs = load::ruleset(&ruleset).map_err(|e| e.to_string())?;
            let r = carcassonne_runtime::bench::run_on(rs, games, seed, path);
            for line in r.lines(rs) {
                carcassonne::say!("{line}");
            }
            Ok(())
        }
        Command::Render(args) => carcassonne::render::run_render(args),
        Command::View(args) => carcassonne::render::run_view(args),
        Command::Simulate(args) => carcassonne::simulate::run(args),
        Command::Tournament(args) => carcassonne::tournament::run(args),
        Command::Serve => {
            carcassonne::serve::run(std::io::stdin().lock(), std::io::stdout().lock())
                .map_err(|e| format!("serve: error: {e}"))
        }
        Command::Web(args) => carcassonne::web::run(args),
        Command::Rulesets => {
            for rs in carcassonne_runtime::rulesets() {
                carcassonne::say!("{}", carcassonne::listing::describe(rs));
            }
            Ok(())
        }
    }
}
