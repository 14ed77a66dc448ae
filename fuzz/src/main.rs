//! `carcassonne-fuzz [--seconds S | --iterations N] [--seed S] [--jobs J]
//! [--save-corpus] [--target tileset|ruleset|record]... [--focus WORD]...`:
//! run the fuzzer and print what it found; exit 1 if anything failed.
//! `carcassonne-fuzz --prune-corpus` deletes the saved inputs that show
//! nothing the seeds and the other saved inputs do not. Run from anywhere:
//! the repository root is found from this crate's folder.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use carcassonne_fuzz::target::Target;
use carcassonne_fuzz::Config;

const USAGE: &str = "usage: carcassonne-fuzz [--seconds S] [--iterations N (per job)] [--seed S] [--jobs J] [--save-corpus] [--target tileset|ruleset|record]... [--focus WORD]... [--slow SECONDS] [--artifacts DIR] [--corpus DIR]\n       carcassonne-fuzz --prune-corpus [--corpus DIR]";

fn main() -> ExitCode {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("fuzz/ has a parent")
        .to_path_buf();
    let mut cfg = Config::new(&repo);
    cfg.progress = Some(Duration::from_secs(10));
    cfg.jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut prune = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next().unwrap_or_else(|| {
                eprintln!("{name} needs a value\n{USAGE}");
                std::process::exit(2)
            })
        };
        let bad = |name: &str| -> ! {
            eprintln!("bad value for {name}\n{USAGE}");
            std::process::exit(2)
        };
        match a.as_str() {
            "--seconds" => cfg.seconds = Some(value(&a).parse().unwrap_or_else(|_| bad(&a))),
            "--iterations" => cfg.iterations = Some(value(&a).parse().unwrap_or_else(|_| bad(&a))),
            "--seed" => cfg.seed = value(&a).parse().unwrap_or_else(|_| bad(&a)),
            "--jobs" => cfg.jobs = value(&a).parse().unwrap_or_else(|_| bad(&a)),
            "--slow" => {
                cfg.slow = Duration::from_secs_f64(value(&a).parse().unwrap_or_else(|_| bad(&a)))
            }
            "--save-corpus" => cfg.save_corpus = true,
            "--prune-corpus" => prune = true,
            "--focus" => cfg.focus.push(value(&a)),
            "--artifacts" => cfg.artifacts = PathBuf::from(value(&a)),
            "--corpus" => cfg.corpus = PathBuf::from(value(&a)),
            "--target" => {
                let v = value(&a);
                cfg.targets
                    .push(Target::from_name(&v).unwrap_or_else(|| bad(&a)));
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => {
                eprintln!("unknown argument `{a}`\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if prune {
        let p = carcassonne_fuzz::prune_corpus(&cfg);
        for path in &p.removed {
            println!("removed {}", path.display());
        }
        for (name, kind, key, detail) in &p.failing {
            println!("fails: {name}: {kind:?} {key}\n  {detail}");
        }
        println!(
            "{} saved inputs kept, {} removed; the seeds and the kept inputs show {} messages",
            p.kept,
            p.removed.len(),
            p.templates
        );
        return if p.failing.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        };
    }
    if cfg.seconds.is_none() && cfg.iterations.is_none() {
        cfg.seconds = Some(60.0);
    }
    eprintln!(
        "carcassonne-fuzz: seed {}, {} job(s), {}",
        cfg.seed,
        cfg.jobs,
        match (cfg.seconds, cfg.iterations) {
            (Some(s), _) => format!("{s} s"),
            (None, Some(n)) => format!("{n} inputs per job"),
            _ => unreachable!(),
        }
    );
    let stats = carcassonne_fuzz::run(&cfg);
    println!("{}", stats.summary());
    if stats.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
