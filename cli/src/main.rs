//! `carcassonne`: validate tile sets and rulesets, inspect what they compile
//! to, and play games. Errors go to stderr; exit 0 on success, 1 on errors in
//! the input, 2 on usage errors.

use std::path::PathBuf;
use std::process::ExitCode;

use carcassonne::load;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "carcassonne", version, about = "Carcassonne tile-set compiler and game engine")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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
        /// Print JSON (the catalog contract in the README).
        #[arg(long)]
        json: bool,
    },
    /// Print the Rust tables generated for a ruleset.
    Codegen {
        /// A ruleset id (looked up in ./rulesets) or a path to a ruleset .toml file.
        #[arg(long)]
        ruleset: String,
    },
    /// List the compiled-in rulesets.
    Rulesets,
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
        Command::Validate { paths } => {
            let report = carcassonne_codegen::validate::validate(&paths);
            for line in &report.ok {
                println!("{line}");
            }
            if report.errors.is_empty() {
                Ok(())
            } else {
                let n = report.errors.len();
                let text: Vec<String> = report.errors.iter().map(|d| d.to_string()).collect();
                Err(format!(
                    "{}\n{n} error{}",
                    text.join("\n\n"),
                    if n == 1 { "" } else { "s" }
                ))
            }
        }
        Command::Catalog { ruleset, json } => {
            let rs = load::ruleset(&ruleset).map_err(|e| e.to_string())?;
            let value = carcassonne_runtime::catalog::to_json(rs);
            if json {
                println!("{}", serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?);
            } else {
                println!("{} ({}): {} tile types, {} tiles", rs.id, rs.name, rs.tiles.len(), rs.total);
                for t in rs.tiles {
                    let edges: Vec<&str> = t.edges.iter().map(|e| e.name()).collect();
                    println!("  {:>4} x{:<2} {}", t.id, t.count, edges.join(" "));
                }
            }
            Ok(())
        }
        Command::Codegen { ruleset } => {
            let path = if ruleset.ends_with(".toml") || ruleset.contains('/') {
                PathBuf::from(&ruleset)
            } else {
                PathBuf::from("rulesets").join(format!("{ruleset}.toml"))
            };
            if !path.is_file() {
                return Err(format!(
                    "no ruleset file {} (run from the repository root, or give a path)",
                    path.display()
                ));
            }
            let model = load::compile(&path).map_err(|e| e.to_string())?;
            print!("{}", carcassonne_codegen::emit::tables(&[model]));
            Ok(())
        }
        Command::Rulesets => {
            for rs in carcassonne_runtime::rulesets() {
                println!("{:<28} {} ({} tiles)", rs.id, rs.name, rs.total);
            }
            Ok(())
        }
    }
}
