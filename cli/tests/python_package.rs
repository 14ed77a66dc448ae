//! The Python package's tests (python/tests, pytest) as part of `cargo test`:
//! `python/test.sh` makes a virtual environment (python/.venv) with the
//! pinned tools of python/requirements-test.txt and Ray, builds the package
//! from this checkout with maturin (dev profile, in this target folder),
//! installs it, and runs pytest; the records it writes are checked against
//! this crate's binary. The first run downloads those tools (about 400 MB
//! with Ray) and builds the package: several minutes.
//!
//! Without `python3` the test is reported `ignored` (cli/build/python_test.rs),
//! never `ok`; under CI it always runs.

use std::path::Path;
use std::process::Command;

#[test]
#[cfg_attr(
    python_missing,
    ignore = "needs python3 (with venv): apt-get install python3 python3-venv"
)]
fn python_package_tests_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut cmd = Command::new("bash");
    cmd.arg(root.join("python/test.sh"))
        .env("PROFILE", "dev")
        .env("WITH_RAY", "1")
        .env("CARCASSONNE_BIN", env!("CARGO_BIN_EXE_carcassonne"));
    if std::env::var_os("CARCASSONNE_VENV").is_none() {
        cmd.env("CARCASSONNE_VENV", root.join("python/.venv"));
    }
    let status = cmd.status().expect("run python/test.sh (bash is needed)");
    assert!(
        status.success(),
        "python/test.sh failed ({status}): see pytest's report above"
    );
}
