//! Whether the tests in headless Chromium (`tests/view_browser.rs`, the
//! viewer's, and `tests/web_browser.rs`, the web page's) can run here. They
//! need Chromium, node, and playwright-core (installed by npm). A test cannot
//! mark itself ignored while it runs, so the decision is made at build time:
//! when a piece is missing,
//! the cfg `browser_missing = "<piece>"` makes the test `ignored` with the
//! install command as its reason, and `cargo test` says so instead of `ok`.
//!
//! Under CI (CI=true) nothing is ever ignored: the test runs and a missing
//! piece fails it.
//!
//! Rerunning: a `rerun-if-changed` on a path that does not exist reruns the
//! script, and so rebuilds this crate, on every cargo invocation. So only
//! paths that exist are watched: a program that was found, or else the
//! folders it would appear in (a folder changes when a file is added to it),
//! which lets `apt-get install chromium` re-enable the test by itself. PATH
//! itself is not watched: editors and shells that differ in PATH would
//! otherwise take turns rebuilding the crate.

use std::path::{Path, PathBuf};

const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";

pub fn configure() {
    println!(
        "cargo::rustc-check-cfg=cfg(browser_missing, values(\"chromium\", \"node\", \"playwright\"))"
    );
    println!("cargo:rerun-if-env-changed=CI");
    println!("cargo:rerun-if-env-changed=CHROMIUM");
    if under_ci() {
        return;
    }
    if let Some(piece) = first_missing() {
        println!("cargo:rustc-cfg=browser_missing=\"{piece}\"");
    }
}

/// The same reading of CI as the test's.
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

fn first_missing() -> Option<&'static str> {
    let chromium = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_CHROMIUM));
    if !present(&chromium) {
        return Some("chromium");
    }
    if find_on_path("node").is_none() {
        return Some("node");
    }
    // The test runs `npm ci` itself when playwright-core is not installed yet.
    let browser = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    if browser
        .join("node_modules/playwright-core/package.json")
        .is_file()
    {
        // Not the installed files: every `npm ci` (.ci/run runs one each
        // time) rewrites them, which would rebuild this crate each time.
        // The lock file says what is installed and changes only with it.
        watch(&browser.join("package-lock.json"));
    } else {
        // `npm ci` creates node_modules here.
        watch(&browser);
        if find_on_path("npm").is_none() {
            return Some("playwright");
        }
    }
    None
}

/// Whether the file exists; watches it if so, else its folder if that exists.
/// Cargo scans a watched folder to its depths at every build, so the root
/// (`CHROMIUM=/chromium`) is never watched: it would scan the whole machine.
fn present(path: &Path) -> bool {
    if path.is_file() {
        watch(path);
        return true;
    }
    let folder = path
        .parent()
        .filter(|d| d.is_dir() && d.parent().is_some_and(|p| !p.as_os_str().is_empty()));
    if let Some(dir) = folder {
        watch(dir);
    }
    false
}

/// A program on PATH; watches it if found, else every folder of PATH.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    let exe = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    if let Some(found) = dirs.iter().map(|d| d.join(&exe)).find(|p| p.is_file()) {
        watch(&found);
        return Some(found);
    }
    let mut seen: Vec<&PathBuf> = Vec::new();
    for dir in &dirs {
        // A relative entry would be watched relative to this crate, not
        // where cargo runs; a missing folder would rerun every build.
        if dir.is_absolute() && dir.is_dir() && !seen.contains(&dir) {
            watch(dir);
            seen.push(dir);
        }
    }
    None
}

fn watch(path: &Path) {
    println!("cargo:rerun-if-changed={}", path.display());
}
