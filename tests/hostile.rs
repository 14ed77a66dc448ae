//! Hostile inputs through the real `carcassonne` binary: each one ends quickly
//! with a clear error naming the file, exit code 1, and no panic (docs/robustness.md). Tile sets and rulesets go through `validate` (and
//! `catalog --ruleset PATH` where a ruleset is compiled on the spot), records
//! through `replay`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use carcassonne_tests::{play_base, repo_root, run_cli_in, temp_dir, write, Rendered};

/// Debug builds are slow; anything near this is a hang, not a result.
const QUICK: Duration = Duration::from_secs(20);

/// Run the binary in `dir`; it must fail with exit 1, quickly, without a
/// panic, and print every `needles` on stderr (which stays short).
fn fails(dir: &Path, args: &[&str], needles: &[&str]) -> Rendered {
    let t = Instant::now();
    let out = run_cli_in(dir, args);
    let took = t.elapsed();
    assert!(
        took < QUICK,
        "{args:?} took {took:?}\nstderr: {}",
        head(&out.stderr)
    );
    assert!(
        !out.stderr.contains("panicked"),
        "{args:?} panicked:\n{}",
        out.stderr
    );
    assert_eq!(
        out.code,
        1,
        "{args:?}: exit {}\nstdout: {}\nstderr: {}",
        out.code,
        head(&out.stdout),
        head(&out.stderr)
    );
    for n in needles {
        assert!(
            out.stderr.contains(n),
            "{args:?}: stderr lacks {n:?}:\n{}",
            head(&out.stderr)
        );
    }
    assert!(
        out.stderr.len() < 64 << 10,
        "{args:?}: {} bytes of stderr",
        out.stderr.len()
    );
    out
}

fn head(s: &str) -> &str {
    &s[..s.char_indices().nth(3000).map_or(s.len(), |(i, _)| i)]
}

fn base_set() -> String {
    std::fs::read_to_string(repo_root().join("tiles/base.toml")).expect("tiles/base.toml")
}

/// A folder with `tiles/base.toml` (the real one) and `rulesets/`.
fn tree(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    write(&dir.join("tiles/base.toml"), base_set());
    std::fs::create_dir_all(dir.join("rulesets")).expect("rulesets folder");
    dir
}

/// A small valid set: one start tile and enough tiles to play.
fn small_set(id: &str, extra: &str) -> String {
    format!(
        r#"[set]
id = "{id}"
expect_total = 3
{extra}
[[tile]]
id = "{id}-D"
count = 3
start = 1
shape = '''
city N
road E W
field En Wn > N
field Es S Ws
'''
"#
    )
}

#[test]
fn a_count_of_a_billion_copies() {
    let dir = tree("billion");
    write(
        &dir.join("tiles/huge.toml"),
        base_set()
            .replacen("id = \"base\"", "id = \"huge\"", 1)
            .replacen("count = 4", "count = 1000000000", 1),
    );
    fails(
        &dir,
        &["validate", "tiles/huge.toml"],
        &[
            "tiles/huge.toml:",
            "`count` must be an integer from 0 to 10000",
        ],
    );
    // Per edition, in expect_total, and past i64.
    write(
        &dir.join("tiles/per_edition.toml"),
        small_set("per_edition", "editions = [1, 2]")
            .replace("count = 3", "count = { 1 = 3, 2 = 1000000000 }"),
    );
    fails(
        &dir,
        &["validate", "tiles/per_edition.toml"],
        &["the count for edition 2 must be an integer from 0 to 10000"],
    );
    write(
        &dir.join("tiles/total.toml"),
        small_set("total", "")
            .replace("expect_total = 3", "expect_total = 99999999999999999999999"),
    );
    fails(
        &dir,
        &["validate", "tiles/total.toml"],
        &["`expect_total` must be an integer from 0 to 10000000"],
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_hundred_thousand_tile_types() {
    let dir = tree("types");
    // 80 000 tile tables in a small file: the cap answers before any is read.
    let mut text = String::from("tile = [");
    text.push_str(&"{},".repeat(80_000));
    text.push_str("]\n\n[set]\nid = \"many\"\nexpect_total = 100000\n");
    write(&dir.join("tiles/many.toml"), &text);
    fails(
        &dir,
        &["validate", "tiles/many.toml"],
        &["a tile set has at most 1000 tile types; this one has 80000"],
    );
    // 10^5 tiles make a file over the size limit.
    let mut text = String::from("[set]\nid = \"big\"\nexpect_total = 100000\n");
    for i in 0..100_000 {
        text.push_str(&format!(
            "[[tile]]\nid = \"T{i}\"\ncount = 1\nshape = \"cloister\\nfield N E S W\"\n"
        ));
    }
    write(&dir.join("tiles/big.toml"), &text);
    fails(
        &dir,
        &["validate", "tiles/big.toml"],
        &["file is too large", "at most 262144 bytes"],
    );
    // At the cap: 1000 tile types of one shape. The duplicate-shape check
    // groups tiles by shape, and the report stops after 100 errors.
    let mut text = String::from("[set]\nid = \"same\"\nexpect_total = 1000\n");
    for i in 0..1000 {
        text.push_str(&format!(
            "[[tile]]\nid = \"T{i}\"\ncount = 1\nshape = \"cloister\\nfield N E S W\"\n"
        ));
    }
    write(&dir.join("tiles/same.toml"), &text);
    let t = Instant::now();
    let out = fails(
        &dir,
        &["validate", "tiles/same.toml"],
        &[
            "tile `T1` has the same shape as tile `T0`",
            "more than 100 errors in this file; the rest are not shown",
        ],
    );
    assert!(
        out.stderr.ends_with("101 errors\n"),
        "{}",
        head(&out.stderr)
    );
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    // A set of more tiles than a game can hold: no ruleset could take it,
    // so the set itself is wrong, at the count that passes the cap.
    write(
        &dir.join("tiles/heap.toml"),
        small_set("heap", "")
            .replace("expect_total = 3", "expect_total = 5000")
            .replace("count = 3", "count = 5000"),
    );
    fails(
        &dir,
        &["validate", "tiles/heap.toml"],
        &["tiles/heap.toml:7:9: error: no ruleset can take this set: it has 5000 tiles, and a ruleset holds at most 2000 tiles"],
    );
    // Two sets that fit alone but not together: the ruleset is wrong.
    for half in ["heap1", "heap2"] {
        write(
            &dir.join(format!("tiles/{half}.toml")),
            small_set(half, "")
                .replace("expect_total = 3", "expect_total = 1500")
                .replace("count = 3", "count = 1500"),
        );
    }
    write(
        &dir.join("rulesets/heap.toml"),
        "[ruleset]\nid = \"heap\"\nsets = [\"heap1\", \"heap2\"]\n[options]\nstart_tile = \"heap1-D\"\n",
    );
    fails(
        &dir,
        &["validate", "rulesets/heap.toml"],
        &["a ruleset has at most 2000 tile types and 2000 tiles; this one has 2 tile types and 3000 tiles"],
    );
    fails(
        &dir,
        &["play", "--ruleset", "rulesets/heap.toml"],
        &["a ruleset has at most 2000"],
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn long_lines_big_files_and_deep_nesting() {
    let dir = tree("long");
    // A 200 KB tile id on one line: the message quotes its start, the shown
    // line is a window around the caret.
    let id = "x".repeat(200_000);
    write(
        &dir.join("tiles/long.toml"),
        small_set("long", "").replace("id = \"long-D\"", &format!("id = \"{id}\"")),
    );
    let out = fails(
        &dir,
        &["validate", "tiles/long.toml"],
        &[
            "a tile id has at most 100 characters; `xxxx",
            "(200000 characters)`",
            "…",
        ],
    );
    assert!(out.stderr.len() < 4096, "{}", head(&out.stderr));
    // 200 KB of `=`: one syntax error, not one per byte.
    write(
        &dir.join("tiles/equals.toml"),
        format!("[set]\nid = \"equals\"\nx {}\n", "=".repeat(200_000)),
    );
    let out = fails(&dir, &["validate", "tiles/equals.toml"], &["TOML syntax"]);
    assert!(out.stderr.ends_with("1 error\n"), "{}", head(&out.stderr));
    // Nesting 50 000 deep, arrays and inline tables.
    for (name, open, close) in [("arrays", "[", "]"), ("tables", "{a=", "}")] {
        let file = format!("tiles/{name}.toml");
        write(
            &dir.join(&file),
            format!(
                "[set]\nid = \"{name}\"\nk = {}1{}\n",
                open.repeat(50_000),
                close.repeat(50_000)
            ),
        );
        fails(&dir, &["validate", &file], &["TOML syntax"]);
    }
    // Over the size limit, even when valid TOML.
    write(
        &dir.join("tiles/padded.toml"),
        format!("{}\n# {}\n", small_set("padded", ""), "p".repeat(2 << 20)),
    );
    fails(
        &dir,
        &["validate", "tiles/padded.toml"],
        &[
            "tiles/padded.toml: error: file is too large (2097",
            "at most 262144 bytes",
        ],
    );
    // A shape of 5 KB, and one of 40 segments (which once crashed the
    // lowering of a ruleset taking the set).
    write(
        &dir.join("tiles/shape.toml"),
        small_set("shape", "").replace(
            "city N\n",
            &format!("city N\n{}", "# comment\n".repeat(500)),
        ),
    );
    fails(
        &dir,
        &["validate", "tiles/shape.toml"],
        &["a shape has at most 4096 bytes; this one has"],
    );
    write(
        &dir.join("tiles/segs.toml"),
        small_set("segs", "").replace("city N\n", &format!("city N\n{}", "cloister\n".repeat(40))),
    );
    fails(
        &dir,
        &["validate", "tiles/segs.toml"],
        &["a tile has at most 16 segments; this shape has 44"],
    );
    write(
        &dir.join("rulesets/segs.toml"),
        "[ruleset]\nid = \"segs\"\nsets = [\"segs\"]\n",
    );
    fails(
        &dir,
        &["catalog", "--ruleset", "rulesets/segs.toml"],
        &[
            "tile set `segs` has errors",
            "a tile has at most 16 segments",
        ],
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn not_utf8_empty_and_not_regular_files() {
    let dir = tree("bytes");
    let mut bytes = small_set("bad", "").into_bytes();
    bytes.extend_from_slice(&[0xff, 0xfe, b'\n']);
    write(&dir.join("tiles/bad.toml"), &bytes);
    fails(
        &dir,
        &["validate", "tiles/bad.toml"],
        &["tiles/bad.toml:", "error: file is not valid UTF-8"],
    );
    write(&dir.join("tiles/empty.toml"), "");
    fails(
        &dir,
        &["validate", "tiles/empty.toml"],
        &["tiles/empty.toml: error: neither a tile set (`[set]`, `[[tile]]`) nor a ruleset (`[ruleset]`)"],
    );
    // A ruleset naming the empty and the broken set.
    write(
        &dir.join("rulesets/r.toml"),
        "[ruleset]\nid = \"r\"\nsets = [\"empty\", \"bad\"]\n",
    );
    fails(
        &dir,
        &["validate", "rulesets/r.toml"],
        &[
            "tile set `empty` has errors",
            "missing `[set]` table",
            "tile set `bad` has errors (1 in",
            "file is not valid UTF-8",
        ],
    );
    // A set that is a folder is not read (pipes and devices: below).
    std::fs::create_dir_all(dir.join("tiles/folder.toml")).expect("folder");
    write(
        &dir.join("rulesets/f.toml"),
        "[ruleset]\nid = \"f\"\nsets = [\"base\", \"folder\"]\n",
    );
    fails(
        &dir,
        &["validate", "rulesets/f.toml"],
        &["tile set `folder`: tiles/folder.toml is not a regular file"],
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A pipe and a device as inputs: neither is read (a pipe would block, a
/// device never end). `mkfifo` is part of every Unix; without it this fails
/// rather than pass without checking the pipe.
#[cfg(unix)]
#[test]
fn pipes_and_devices_are_not_read() {
    let dir = tree("pipes");
    let fifo = dir.join("tiles/pipe.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        made,
        "mkfifo {} failed (it comes with coreutils)",
        fifo.display()
    );
    fails(
        &dir,
        &["validate", "tiles/pipe.toml"],
        &["tiles/pipe.toml: error: cannot read file: not a regular file (a device, pipe or socket)"],
    );
    // Walking the folder reports it too, and reads the others.
    let out = fails(
        &dir,
        &["validate", "tiles"],
        &["tiles/pipe.toml: error: cannot read file: not a regular file"],
    );
    assert!(out.stdout.contains("ok tiles/base.toml"), "{}", out.stdout);
    fails(
        &dir,
        &["validate", "/dev/zero"],
        &["/dev/zero: error: cannot read file: not a regular file (a device, pipe or socket)"],
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn symlink_loops_inside_a_tiles_folder() {
    use std::os::unix::fs::symlink;
    let dir = tree("links");
    // A link to its own folder and a chain of folders deeper than the walk
    // goes: validation walks `tiles/` once, follows no folder link, stops at
    // depth 16.
    symlink(".", dir.join("tiles/loop")).expect("symlink");
    symlink("..", dir.join("tiles/up")).expect("symlink");
    let mut deep = dir.join("tiles");
    for i in 0..20 {
        deep = deep.join(format!("d{i}"));
    }
    std::fs::create_dir_all(&deep).expect("deep folders");
    let t = Instant::now();
    let out = run_cli_in(&dir, &["validate", "tiles"]);
    assert!(t.elapsed() < QUICK);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(
        out.stdout.matches("ok tiles/base.toml").count(),
        1,
        "{}",
        out.stdout
    );
    assert!(
        out.stderr
            .contains("folders nested deeper than 16 are not read"),
        "{}",
        out.stderr
    );
    std::fs::remove_dir_all(dir.join("tiles/d0")).expect("remove deep folders");
    let out = run_cli_in(&dir, &["validate", "tiles"]);
    assert_eq!(
        (out.code, out.stdout.matches("ok ").count()),
        (0, 1),
        "{out:?}"
    );
    // A `.toml` link that loops is reported, with the others still checked.
    symlink("self.toml", dir.join("tiles/self.toml")).expect("symlink");
    symlink("missing.toml", dir.join("tiles/dangling.toml")).expect("symlink");
    let out = fails(
        &dir,
        &["validate", "tiles"],
        &[
            "tiles/self.toml: error: cannot read file:",
            "tiles/dangling.toml: error: cannot read file:",
        ],
    );
    assert!(out.stdout.contains("ok tiles/base.toml"), "{}", out.stdout);
    // A ruleset whose set is such a link.
    write(
        &dir.join("rulesets/r.toml"),
        "[ruleset]\nid = \"r\"\nsets = [\"base\", \"self\"]\n",
    );
    fails(
        &dir,
        &["validate", "rulesets/r.toml"],
        &["tile set `self`: cannot read", "symbolic links"],
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn rulesets_pointing_at_themselves_or_nowhere() {
    let dir = tree("pointers");
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "itself",
            "[ruleset]\nid = \"itself\"\nsets = [\"itself\"]\ntiles = \".\"\n",
            &["tile set `itself`:", "rulesets/itself.toml is this ruleset file itself, not a tile set (check `tiles`)"],
        ),
        (
            "other",
            "[ruleset]\nid = \"other\"\nsets = [\"itself\"]\ntiles = \"../rulesets\"\n",
            &["tile set `itself`:", "is a ruleset file, not a tile set (check `tiles`)"],
        ),
        (
            "nowhere",
            "[ruleset]\nid = \"nowhere\"\nsets = [\"base\"]\ntiles = \"../missing\"\n",
            &["rulesets/nowhere.toml:4:9: error: the tiles folder `rulesets/../missing` does not exist"],
        ),
        (
            "a_file",
            "[ruleset]\nid = \"a_file\"\nsets = [\"base\"]\ntiles = \"../tiles/base.toml\"\n",
            &["the tiles folder `tiles/base.toml` is not a folder"],
        ),
        (
            "missing_set",
            "[ruleset]\nid = \"missing_set\"\nsets = [\"base\", \"nope\"]\n",
            &["unknown tile set `nope`: there is no tiles/nope.toml"],
        ),
        (
            "escape",
            "[ruleset]\nid = \"escape\"\nsets = [\"../tiles/base\", \"\"]\n",
            &[
                // A path is relative to the ruleset file (docs/reference/rulesets.md).
                "tile set `../tiles/base`: there is no rulesets/../tiles/base (a path is relative to the ruleset file)",
                "`` is not a tile set id",
            ],
        ),
        (
            "twice",
            "[ruleset]\nid = \"twice\"\nsets = [\"base\", \"base\"]\n",
            &["tile set `base` is named twice"],
        ),
        (
            "fn",
            "[ruleset]\nid = \"fn\"\nsets = [\"base\"]\n",
            &["ruleset id `fn` is a Rust keyword"],
        ),
        (
            "many_sets",
            &format!("[ruleset]\nid = \"many_sets\"\nsets = [{}]\n", "\"base\",".repeat(30_000)),
            &["a ruleset names at most 64 tile sets; this one names 30000"],
        ),
    ];
    for (name, text, needles) in cases {
        let file = format!("rulesets/{name}.toml");
        write(&dir.join(&file), text);
        fails(&dir, &["validate", &file], needles);
        fails(&dir, &["catalog", "--ruleset", &file], needles);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A recorded base game, as `play --record` writes it.
fn recorded(dir: &Path) -> serde_json::Value {
    let out = play_base(dir, 5, "game.json");
    assert_eq!(out.code, 0, "{}", out.stderr);
    serde_json::from_slice(&std::fs::read(dir.join("game.json")).expect("record written"))
        .expect("record is JSON")
}

#[test]
fn hostile_records() {
    let dir = temp_dir("records");
    let good = recorded(&dir);
    let cases: Vec<(&str, serde_json::Value, &str)> = {
        let edit = |f: &dyn Fn(&mut serde_json::Value)| {
            let mut v = good.clone();
            f(&mut v);
            v
        };
        vec![
            (
                "off_board",
                edit(&|v| {
                    v["turns"][0]["x"] = 100.into();
                    v["turns"][0]["y"] = (-100).into();
                }),
                "turn 1: illegal move: (100, -100) is not an empty position next to a placed tile",
            ),
            (
                "out_of_turn",
                edit(&|v| v["turns"][0]["player"] = 1.into()),
                "turn 1: it is player 0's turn, not player 1's",
            ),
            (
                "no_such_player",
                edit(&|v| v["turns"][3]["player"] = 7.into()),
                "turn 4: it is player 1's turn, not player 7's",
            ),
            (
                "other_ruleset",
                edit(&|v| v["ruleset"] = "base_river1".into()),
                "turn 0: the start tiles differ from the ruleset's",
            ),
            (
                "unknown_ruleset",
                edit(&|v| v["ruleset"] = "nope".into()),
                "unknown ruleset `nope`",
            ),
            (
                "two_hundred_players",
                edit(&|v| v["players"] = 200.into()),
                "turn 0: ruleset base is for 2 to 5 players, not 200",
            ),
            (
                "no_players",
                edit(&|v| v["players"] = 0.into()),
                "ruleset base is for 2 to 5 players, not 0",
            ),
            (
                "players_past_u8",
                edit(&|v| v["players"] = 300.into()),
                "not a valid game record: invalid value: integer `300`, expected u8",
            ),
            (
                "negative_x",
                edit(&|v| v["turns"][0]["x"] = (-40000).into()),
                "not a valid game record: invalid value: integer `-40000`, expected i16",
            ),
            (
                "negative_seed",
                edit(&|v| v["seed"] = (-1).into()),
                "not a valid game record: invalid value: integer `-1`, expected u64",
            ),
            (
                "huge_rotation",
                edit(&|v| v["turns"][0]["rotation"] = 200.into()),
                "turn 1: illegal move: rotation 200 is not 0-3",
            ),
            (
                "points_past_u32",
                edit(&|v| v["final"]["scores"][0] = 1e12.into()),
                "not a valid game record: invalid type: floating point",
            ),
            (
                "after_the_end",
                edit(&|v| {
                    let last = v["turns"].as_array().unwrap().last().unwrap().clone();
                    v["turns"].as_array_mut().unwrap().push(last);
                }),
                "the game is already over",
            ),
            (
                // A hand-written start far away is refused: the board's grid
                // would grow to gigabytes to reach it.
                "far_start",
                serde_json::json!({
                    "format": "carcassonne-record/1", "ruleset": "base", "players": 2,
                    "start": [{ "tile": "D", "x": 30000, "y": 30000, "rotation": 0 }],
                    "turns": [] }),
                "turn 0: start tile D at (30000, 30000) lies outside -100..100",
            ),
            (
                "start_of_every_tile",
                serde_json::json!({
                    "format": "carcassonne-record/1", "ruleset": "base", "players": 2,
                    "start": vec![serde_json::json!({ "tile": "D", "x": 0, "y": 0, "rotation": 0 }); 5000],
                    "turns": [] }),
                "turn 0: the record lists 5000 start tiles; ruleset base has 72 tiles in all",
            ),
        ]
    };
    for (name, value, needle) in &cases {
        let file = format!("{name}.json");
        write(&dir.join(&file), serde_json::to_vec_pretty(value).unwrap());
        let out = fails(&dir, &["replay", &file], &[needle]);
        assert!(
            out.stderr.contains(&file) || *name == "unknown_ruleset",
            "{name}: the message names no file: {}",
            out.stderr
        );
    }
    // For the wrong ruleset, asked for on the command line.
    write(&dir.join("good.json"), serde_json::to_vec(&good).unwrap());
    fails(
        &dir,
        &["replay", "good.json", "--ruleset", "base_river1"],
        &["good.json: error: turn 0: the record is for ruleset `base`, not `base_river1`"],
    );
    // Duplicate keys and deep nesting, as text.
    let text = serde_json::to_string_pretty(&good).unwrap();
    write(
        &dir.join("dup.json"),
        text.replacen("\"players\": 2,", "\"players\": 2,\n  \"players\": 3,", 1),
    );
    fails(
        &dir,
        &["replay", "dup.json"],
        &[
            "dup.json:",
            "not a valid game record: duplicate field `players`",
        ],
    );
    write(
        &dir.join("deep.json"),
        format!(
            "{{\"extra\": {}{}}}",
            "[".repeat(100_000),
            "]".repeat(100_000)
        ),
    );
    fails(
        &dir,
        &["replay", "deep.json"],
        &[
            "deep.json:1:",
            "not a valid game record: missing field `format`",
        ],
    );
    write(
        &dir.join("deeper.json"),
        text.replacen(
            "\"turns\": [",
            &format!(
                "\"turns\": [{}{}, ",
                "[".repeat(100_000),
                "]".repeat(100_000)
            ),
            1,
        ),
    );
    fails(
        &dir,
        &["replay", "deeper.json"],
        &[
            "deeper.json:",
            "not a valid game record: invalid type: sequence",
        ],
    );
    // Truncated anywhere, a record is an error, never a shorter game (the
    // command line case is `cli/tests/play_replay.rs`; here every cut point
    // through the library).
    let bytes = text.as_bytes();
    for cut in (0..bytes.len()).step_by(53) {
        assert!(
            serde_json::from_slice::<carcassonne_runtime::record::Record>(&bytes[..cut]).is_err(),
            "a record cut at byte {cut} of {} parsed",
            bytes.len()
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
