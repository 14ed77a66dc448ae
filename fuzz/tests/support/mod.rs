//! What the fuzzer's record tests share: the repository, a scratch
//! workspace, and running a record through the fuzzer's record target.

use std::path::PathBuf;

use carcassonne_fuzz::target::{Target, Workspace};
use carcassonne_fuzz::{execute, judge, Config, Run};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("fuzz/ has a parent")
        .to_path_buf()
}

/// Run `bytes` through the fuzzer's record target: no failure, and its
/// message templates.
pub fn through_target(ws: &mut Workspace, name: &str, bytes: &[u8]) -> Vec<String> {
    let cfg = Config::new(&repo());
    let run = execute(ws, Target::Record, bytes);
    if let Some((kind, key, detail)) = judge(&run, &cfg) {
        panic!("{name}: the record target fails: {kind:?} {key}: {detail}");
    }
    match run {
        Run::Done(outcome, _, _) => outcome.templates,
        Run::Panicked { .. } => unreachable!("judged"),
    }
}

/// A scratch workspace for test `test`'s case `what`, and its folder.
pub fn workspace(test: &str, what: &str) -> (Workspace, PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "carcassonne-fuzz-{test}-{what}-{}",
        std::process::id()
    ));
    let ws = Workspace::new(&repo(), dir.clone()).expect("workspace");
    (ws, dir)
}
