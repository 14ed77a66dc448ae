//! The fuzzer in CI: the saved corpus (`fuzz/corpus/`) and the seeds replay
//! without a failure, and a bounded run of mutated inputs finds none.
//!
//! `CARCASSONNE_FUZZ_ITERATIONS` (default 8000) and `CARCASSONNE_FUZZ_SEED`
//! change the smoke run; `cargo run --release -p carcassonne-fuzz -- --seconds 600`
//! is the long run (docs/robustness.md).

use std::path::PathBuf;
use std::time::Duration;

use carcassonne_fuzz::target::Target;
use carcassonne_fuzz::{check_inputs, corpus, run, Config};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("fuzz/ has a parent")
        .to_path_buf()
}

fn config() -> Config {
    let mut cfg = Config::new(&repo());
    // Test builds are not optimised: allow more time per input than the
    // release fuzzer's 2 s before calling it a hang.
    if cfg!(debug_assertions) {
        cfg.slow = Duration::from_secs(20);
    }
    cfg.artifacts =
        std::env::temp_dir().join(format!("carcassonne-fuzz-smoke-{}", std::process::id()));
    cfg
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn saved_corpus_and_seeds_replay_cleanly() {
    let cfg = config();
    let saved = corpus::saved(&cfg.corpus);
    for t in Target::ALL {
        assert!(
            saved.iter().any(|i| i.target == t),
            "no saved {} inputs in {}",
            t.name(),
            cfg.corpus.display()
        );
    }
    let total: usize = saved.iter().map(|i| i.bytes.len()).sum();
    assert!(
        total < 512 << 10,
        "the saved corpus has grown to {total} bytes"
    );
    let mut inputs = corpus::seeds(&repo());
    let seeds = inputs.len();
    inputs.extend(saved);
    let failures = check_inputs(&cfg, &inputs);
    assert!(
        failures.is_empty(),
        "{} of {} inputs ({seeds} seeds) failed:\n{}",
        failures.len(),
        inputs.len(),
        failures
            .iter()
            .map(|(name, kind, key, detail)| format!("{name}: {kind:?} {key}\n  {detail}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn a_bounded_run_finds_nothing() {
    let mut cfg = config();
    cfg.seed = env_u64("CARCASSONNE_FUZZ_SEED", 2025);
    cfg.iterations = Some(env_u64("CARCASSONNE_FUZZ_ITERATIONS", 8000));
    // A guard for slow machines: stop early rather than take minutes.
    cfg.seconds = Some(60.0);
    cfg.run_initial = false;
    let stats = run(&cfg);
    eprintln!("{}", stats.summary());
    let _ = std::fs::remove_dir_all(&cfg.artifacts);
    assert!(
        stats.failures.is_empty(),
        "the fuzzer found failures:\n{}",
        stats.summary()
    );
    assert!(stats.total() >= 200, "only {} inputs ran", stats.total());
    for t in Target::ALL {
        assert!(
            stats.iterations.get(&t).copied().unwrap_or(0) > 0,
            "no {} inputs",
            t.name()
        );
    }
}
