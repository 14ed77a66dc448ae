//! The viewer in a real browser: `view` writes game.html, and
//! `browser/check.mjs` opens it in headless Chromium (Debian's `chromium`,
//! driven by playwright-core), steps forward and back with the buttons, the
//! arrow keys and the slider, checks the turn and the scores shown against the
//! record, and saves screenshots to a temporary folder. It does so for a base
//! game, a Traders & Builders game (a second tile as part 2, builders, pigs,
//! goods), an Abbot game (abbots), a King & Robber Baron game (who holds
//! the cards) and a Princess & Dragon game (the dragon, its path, the
//! fairy).
//!
//! Needs node, /usr/bin/chromium (or $CHROMIUM) and `npm ci` in
//! cli/tests/browser (done here when npm is there). The build script
//! (`cli/build/browser_test.rs`) looks for them: when one is missing the test
//! is reported `ignored` with the command that installs it, never `ok`. Under
//! CI (CI=true) it is never ignored, and a missing piece fails it.

use std::path::{Path, PathBuf};
use std::process::Command;

mod support;

crate::browser_test! {
    fn the_viewer_steps_through_a_game_in_headless_chromium() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let (browser_dir, chromium) = support::browser::ready();
        let dir: PathBuf =
            std::env::temp_dir().join(format!("carcassonne-view-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let record = dir.join("game.json");
        let bin = env!("CARGO_BIN_EXE_carcassonne");
        let o = Command::new(bin)
            .current_dir(&root)
            .args([
                "play",
                "--ruleset",
                "base",
                "--players",
                "3",
                "--seed",
                "42",
            ])
            .args(["--bots", "random,greedy,greedy", "--quiet", "--record"])
            .arg(&record)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        check(&root, &browser_dir, &chromium, &dir, &record);
        for (name, (_, rec)) in [
            ("traders_builders", support::records::traders_builders()),
            ("abbot", support::records::abbot()),
            ("king_robber", support::records::king_robber()),
            ("princess_dragon", support::records::princess_dragon()),
        ] {
            let sub = dir.join(name);
            std::fs::create_dir_all(&sub).unwrap();
            let record = sub.join("game.json");
            std::fs::write(&record, serde_json::to_vec(&rec).unwrap()).unwrap();
            check(&root, &browser_dir, &chromium, &sub, &record);
        }
    }
}

/// `view` the record, then step through the page with check.mjs; the
/// screenshots go to `dir`.
fn check(root: &Path, browser_dir: &Path, chromium: &str, dir: &Path, record: &Path) {
    let html = dir.join("game.html");
    let o = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .current_dir(root)
        .arg("view")
        .arg(record)
        .arg("-o")
        .arg(&html)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = Command::new("node")
        .arg(browser_dir.join("check.mjs"))
        .arg(&html)
        .arg(record)
        .arg(dir)
        .env("CHROMIUM", chromium)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    println!("{out}");
    assert!(
        o.status.success(),
        "the browser check of {} failed:\n{out}\n{err}",
        record.display()
    );
    for shot in ["viewer-middle.png", "viewer-end.png"] {
        let len = std::fs::metadata(dir.join(shot)).map_or(0, |m| m.len());
        assert!(len > 10_000, "{shot}: {len} bytes");
    }
    println!("screenshots in {}", dir.display());
}
