//! `carcassonne web` in a real browser: the test starts the server, and
//! `browser/web.mjs` plays whole games on its page in headless Chromium
//! (Debian's `chromium`, driven by playwright-core) as a person against
//! `greedy`: it clicks the highlighted cells, turns tiles by click and key,
//! clicks figure spots, answers other decisions from the page's choices,
//! takes a move back, plays a second tab's game, saves the record with the
//! page's link and resumes it. Here the saved record is checked with
//! `carcassonne replay` (the scores the page showed) and opened with
//! `carcassonne view`; then the server is stopped with Ctrl-C.
//!
//! Two games: a base game, and an Abbey & Mayor game in which the person
//! must have answered a decision that is neither a placement nor a figure
//! (a barn's corner, a wagon's move). Seeds fix both games (the person's
//! clicks follow a generator seeded alike).
//!
//! Needs what the viewer's browser test needs (`support::browser`): when a
//! piece is missing the test is reported `ignored` with the install
//! command, never `ok`; under CI (CI=true) it runs, and fails without them.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod support;

use support::web::Web;

crate::browser_test! {
    fn people_play_whole_games_on_the_page_in_headless_chromium() {
        let (browser_dir, chromium) = support::browser::ready();
        let dir: PathBuf = std::env::temp_dir().join(format!("carcassonne-web-{}", std::process::id()));
        let web = Web::start(&[]);
        for (name, ruleset, seed, mode) in [
            ("base", "base", "7", ""),
            ("abbey_mayor", "base_abbey_mayor", "2", "module"),
        ] {
            let out = dir.join(name);
            std::fs::create_dir_all(&out).unwrap();
            let o = Command::new("node")
                .arg(browser_dir.join("web.mjs"))
                .arg(web.url())
                .arg(&out)
                .args([ruleset, seed, "greedy", mode])
                .env("CHROMIUM", &chromium)
                .output()
                .expect("run node");
            let text = String::from_utf8_lossy(&o.stdout);
            println!("{name}:\n{text}");
            assert!(
                o.status.success(),
                "the page's {name} game failed:\n{text}\n{}",
                String::from_utf8_lossy(&o.stderr)
            );
            check_record(&out);
            for shot in ["web-middle.png", "web-end.png"] {
                let len = std::fs::metadata(out.join(shot)).map_or(0, |m| m.len());
                assert!(len > 10_000, "{name}: {shot}: {len} bytes");
            }
        }
        let (status, said) = web.interrupt();
        assert!(status.success(), "after Ctrl-C: {status}; {said}");
        assert!(said.contains("stopped"), "{said}");
        println!("screenshots and records in {}", dir.display());
    }
}

/// The record the page saved replays to the scores the page showed, and
/// the viewer opens it.
fn check_record(out: &Path) {
    let page: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("page.json")).unwrap()).unwrap();
    let shown: Vec<u64> = page["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    let record = out.join("record.json");
    let bin = env!("CARGO_BIN_EXE_carcassonne");
    let o = Command::new(bin)
        .args(["replay", "--json"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let replayed: Value = serde_json::from_slice(&o.stdout).unwrap();
    let scores: Vec<u64> = replayed["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(scores, shown, "replay's scores against the page's");
    let o = Command::new(bin)
        .arg("replay")
        .arg(&record)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("(game over)"), "{said}");
    let html = out.join("game.html");
    let o = Command::new(bin)
        .arg("view")
        .arg(&record)
        .arg("-o")
        .arg(&html)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::metadata(&html).unwrap().len() > 10_000);
}
