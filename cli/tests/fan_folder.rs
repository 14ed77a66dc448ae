//! A tile-set author's own folder, outside the repository, as the book
//! tells them to write it: only their set and a ruleset that mixes it with
//! the built-in base game by id. Everything works there with no file copied
//! or linked, and the record it writes replays anywhere on its own.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn carcassonne(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run carcassonne")
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let o = carcassonne(dir, args);
    assert!(
        o.status.success(),
        "carcassonne {args:?} in {} failed:\n{}",
        dir.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn fails(dir: &Path, args: &[&str]) -> String {
    let o = carcassonne(dir, args);
    assert_eq!(o.status.code(), Some(1), "carcassonne {args:?} should fail");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `play` a quiet two-player game in `dir`, writing `record`.
fn play(dir: &Path, ruleset: &str, seed: &str, bots: &str, record: &str) -> String {
    ok(
        dir,
        &[
            "play",
            "--ruleset",
            ruleset,
            "--players",
            "2",
            "--seed",
            seed,
            "--bots",
            bots,
            "--record",
            record,
            "--quiet",
        ],
    )
}

/// A fresh folder of its own under the system's temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcassonne-fan-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const FAN_SET: &str = r#"[set]
id = "fan"
name = "A fan set"
expect_total = 3

[[tile]]
id = "FAN/ring"
count = 2
shape = '''
city N E W
field enclosed > N
road S
field Sw Se > N
'''

[[tile]]
id = "FAN/caps"
count = 1
shape = '''
city N
city S
field E W > N S
'''
"#;

const FAN_RULESET: &str = r#"[ruleset]
id = "base_fan"
name = "The base game with a fan set"
sets = ["base", "fan"]
"#;

/// `~/fanset/tiles/fan.toml` and `~/fanset/rulesets/base_fan.toml`.
fn fan_folder(name: &str) -> PathBuf {
    let dir = folder(name);
    std::fs::create_dir_all(dir.join("tiles")).unwrap();
    std::fs::create_dir_all(dir.join("rulesets")).unwrap();
    std::fs::write(dir.join("tiles/fan.toml"), FAN_SET).unwrap();
    std::fs::write(dir.join("rulesets/base_fan.toml"), FAN_RULESET).unwrap();
    dir
}

#[test]
fn a_fan_folder_mixes_its_set_with_the_built_in_base_game() {
    let dir = fan_folder("mix");
    let v = ok(&dir, &["validate", "tiles", "rulesets"]);
    assert!(v.contains("ok tiles/fan.toml"), "{v}");
    assert!(
        v.contains(
            "ok rulesets/base_fan.toml: ruleset base_fan, sets base+fan, 26 tile types, 75 tiles"
        ),
        "{v}"
    );
    let rs = "rulesets/base_fan.toml";
    let catalog = ok(&dir, &["catalog", "--ruleset", rs, "--json"]);
    let catalog: serde_json::Value = serde_json::from_str(&catalog).unwrap();
    assert_eq!(catalog["total"], 75);
    ok(
        &dir,
        &["render", "tiles", "--ruleset", rs, "-o", "atlas.svg"],
    );
    assert!(std::fs::read_to_string(dir.join("atlas.svg"))
        .unwrap()
        .contains("FAN/ring"));
    let sim = ok(
        &dir,
        &[
            "simulate",
            "--ruleset",
            rs,
            "--games",
            "10",
            "--bots",
            "random,greedy",
        ],
    );
    assert!(sim.contains("10 games") || sim.contains("greedy"), "{sim}");
    let played = play(&dir, rs, "5", "random,greedy", "game.json");
    let scores = played
        .lines()
        .last()
        .unwrap()
        .trim_start_matches("scores: ")
        .to_string();

    // The record alone, in a folder with nothing else, after the fan folder
    // is gone: replay, render and view rebuild the ruleset from its copies.
    let away = folder("away");
    std::fs::copy(dir.join("game.json"), away.join("game.json")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let replayed = ok(&away, &["replay", "game.json"]);
    assert!(replayed.contains(&scores), "{replayed} vs {scores}");
    ok(&away, &["render", "game", "game.json", "-o", "board.svg"]);
    ok(&away, &["view", "game.json", "-o", "game.html"]);
    assert!(std::fs::read_to_string(away.join("game.html"))
        .unwrap()
        .contains("base_fan"));
    let _ = std::fs::remove_dir_all(&away);
}

#[test]
fn a_record_carries_copies_of_its_ruleset_and_sets() {
    let dir = fan_folder("copies");
    play(
        &dir,
        "rulesets/base_fan.toml",
        "1",
        "random,random",
        "game.json",
    );
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("game.json")).unwrap()).unwrap();
    let sources = rec["sources"].as_array().expect("sources");
    assert_eq!(sources.len(), 3);
    assert_eq!(sources[0]["path"], "rulesets/base_fan.toml");
    assert_eq!(sources[0]["text"], FAN_RULESET);
    assert!(sources[0].get("set").is_none());
    assert_eq!(sources[1]["set"], "base");
    assert_eq!(sources[1]["path"], "<built-in>/tiles/base.toml");
    assert_eq!(sources[2]["set"], "fan");
    assert_eq!(sources[2]["path"], "tiles/fan.toml");
    assert_eq!(sources[2]["text"], FAN_SET);

    // A compiled-in ruleset's record carries none (and stays as it was).
    play(&dir, "base", "1", "random,random", "base.json");
    let base = std::fs::read_to_string(dir.join("base.json")).unwrap();
    assert!(!base.contains("\"sources\""));

    // Without its copies, replay names the flag to give.
    let mut stripped = rec.clone();
    stripped.as_object_mut().unwrap().remove("sources");
    std::fs::write(dir.join("stripped.json"), stripped.to_string()).unwrap();
    let err = fails(&dir, &["replay", "stripped.json"]);
    assert!(
        err.contains("unknown ruleset `base_fan`: the record names it, it is not compiled in")
            && err.contains("--ruleset PATH"),
        "{err}"
    );
    let with_flag = ok(
        &dir,
        &[
            "replay",
            "stripped.json",
            "--ruleset",
            "rulesets/base_fan.toml",
        ],
    );
    assert!(with_flag.contains("game over"), "{with_flag}");

    // The ruleset file changed since: replay with it says so.
    std::fs::write(
        dir.join("rulesets/base_fan.toml"),
        FAN_RULESET.replace("The base game", "Base"),
    )
    .unwrap();
    let o = carcassonne(
        &dir,
        &["replay", "game.json", "--ruleset", "rulesets/base_fan.toml"],
    );
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("differ from the copies in game.json"));

    // A corrupted copy is a located error, not a panic.
    let mut bad = rec.clone();
    bad["sources"][2]["text"] = serde_json::Value::from("[set]\nid = \"fan\"\n[[tile]]\nid = 3\n");
    std::fs::write(dir.join("bad.json"), bad.to_string()).unwrap();
    let err = fails(&dir, &["replay", "bad.json"]);
    assert!(
        err.contains("does not compile") && err.contains("tiles/fan.toml:"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sets_are_found_by_path_then_folder_then_built_in() {
    let dir = fan_folder("order");
    // A path relative to the ruleset file.
    std::fs::create_dir_all(dir.join("elsewhere")).unwrap();
    std::fs::rename(dir.join("tiles/fan.toml"), dir.join("elsewhere/fan.toml")).unwrap();
    std::fs::write(
        dir.join("rulesets/by_path.toml"),
        "[ruleset]\nid = \"by_path\"\nsets = [\"base\", \"../elsewhere/fan.toml\"]\n",
    )
    .unwrap();
    let v = ok(&dir, &["validate", "rulesets/by_path.toml"]);
    assert!(v.contains("sets base+fan, 26 tile types"), "{v}");

    // The ruleset's own folder comes before the built-in set of that id.
    let base =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../tiles/base.toml"))
            .unwrap();
    let own = base
        .replacen("expect_total = 72", "expect_total = 73", 1)
        .replacen("count = 4\nstart = 1 ", "count = 5\nstart = 1 ", 1);
    assert_ne!(own, base, "the test's edit of base.toml took");
    std::fs::write(dir.join("tiles/base.toml"), own).unwrap();
    let v = ok(&dir, &["validate", "rulesets/by_path.toml"]);
    assert!(v.contains("sets base+fan, 26 tile types, 76 tiles"), "{v}");

    // Neither: the message says where it looked, in order.
    std::fs::write(
        dir.join("rulesets/missing.toml"),
        "[ruleset]\nid = \"missing\"\nsets = [\"base\", \"fann\"]\n",
    )
    .unwrap();
    let err = fails(&dir, &["validate", "rulesets/missing.toml"]);
    assert!(
        err.contains("rulesets/missing.toml:3:17: error: unknown tile set `fann`"),
        "{err}"
    );
    assert!(
        err.contains("there is no tiles/fann.toml and no built-in set `fann`"),
        "{err}"
    );
    let err = fails(
        &dir,
        &["validate", "rulesets/by_path.toml", "rulesets/missing.toml"],
    );
    assert!(err.contains("1 error"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
