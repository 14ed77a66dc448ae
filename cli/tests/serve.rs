//! `carcassonne serve` end to end, through pipes to the real binary: whole
//! games played by choosing among the legal actions (base, expansions with
//! decisions beyond placing and deploying, a ruleset given as a file),
//! scripted games answered at their chance nodes, undo, every kind of bad
//! request refused with the game unchanged, and records that `replay`
//! accepts with the same scores.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{json, Value};

mod support;

use support::{root, tmp};

/// A running `carcassonne serve`.
struct Serve {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Serve {
    fn start() -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .arg("serve")
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start carcassonne serve");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Serve {
            child,
            stdin,
            stdout,
        }
    }

    /// Send raw bytes as one line; the reply.
    fn bytes(&mut self, line: &[u8]) -> Value {
        self.stdin.write_all(line).expect("write");
        self.stdin.write_all(b"\n").expect("write");
        self.stdin.flush().expect("flush");
        let mut reply = String::new();
        let n = self.stdout.read_line(&mut reply).expect("read a reply");
        assert!(
            n > 0,
            "serve exited after {}",
            String::from_utf8_lossy(line)
        );
        serde_json::from_str(&reply).unwrap_or_else(|e| panic!("reply is not JSON: {e}: {reply}"))
    }

    fn raw(&mut self, line: &str) -> Value {
        self.bytes(line.as_bytes())
    }

    fn ask(&mut self, req: Value) -> Value {
        self.raw(&req.to_string())
    }

    /// A request that must succeed.
    fn ok(&mut self, req: Value) -> Value {
        let r = self.ask(req.clone());
        assert_eq!(r["ok"], true, "{req} -> {r}");
        r
    }

    fn quit(mut self) {
        let r = self.ok(json!({"cmd": "quit"}));
        assert_eq!(r["bye"], true);
        let status = self.child.wait().expect("serve exits");
        assert!(status.success(), "serve exits 0 after quit");
    }
}

/// A small deterministic choice, so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// An action as listed by `legal`, without its index: what a client sends.
fn unindexed(a: &Value) -> Value {
    let mut a = a.clone();
    a.as_object_mut().expect("an object").remove("index");
    a
}

struct Played {
    decisions: BTreeSet<String>,
    /// Decisions asked of a player other than the one whose turn it is.
    out_of_turn: BTreeSet<String>,
    actions: BTreeSet<String>,
    scores: Vec<i64>,
    /// Each player's points summed from the events of every reply.
    points: Vec<i64>,
    record: Value,
}

/// Play game `game` to its end: seat 0 picks among the legal actions
/// (by index or by the action itself, sometimes naming itself as the
/// player), the other seats ask the `bot` named and apply its index.
/// Chance nodes (scripted games) get a tile chosen from the list.
fn play_out(s: &mut Serve, game: u64, players: usize, bot: &str, seed: u64) -> Played {
    let mut rng = Lcg(seed);
    let mut p = Played {
        decisions: BTreeSet::new(),
        out_of_turn: BTreeSet::new(),
        actions: BTreeSet::new(),
        scores: Vec::new(),
        points: vec![0; players],
        record: Value::Null,
    };
    for step in 0.. {
        assert!(step < 5000, "the game ends");
        let legal = s.ok(json!({"cmd": "legal", "game": game}));
        let pending = &legal["pending"];
        if pending.is_null() {
            break;
        }
        p.decisions
            .insert(pending["decision"].as_str().unwrap().to_string());
        if pending["actor"] == "chance" {
            let tiles = legal["tiles"].as_array().unwrap();
            assert!(!tiles.is_empty(), "some tile fits: {legal}");
            let i = rng.below(tiles.len());
            let r = if i % 2 == 0 {
                s.ok(json!({"cmd": "chance", "game": game, "index": i}))
            } else {
                s.ok(json!({"cmd": "chance", "game": game, "tile": tiles[i]["tile"]}))
            };
            assert_eq!(r["tile"], tiles[i]["tile"]);
            // A draw scores too (the Wheel of Fortune's pig).
            for e in r["events"].as_array().unwrap() {
                p.points[e["player"].as_u64().unwrap() as usize] += e["points"].as_i64().unwrap();
            }
            continue;
        }
        let actions = legal["actions"].as_array().unwrap();
        assert!(!actions.is_empty(), "a player's decision has answers");
        for a in actions {
            p.actions.insert(a["do"].as_str().unwrap().to_string());
        }
        let player = pending["player"].as_u64().unwrap();
        if pending["to_move"] != player {
            p.out_of_turn
                .insert(pending["decision"].as_str().unwrap().to_string());
        }
        let r = if player == 0 {
            // Half the time, an expansion's figure or answer when one is
            // offered, so that the decisions they lead to come up.
            let unusual: Vec<usize> = (0..actions.len())
                .filter(|&i| {
                    let a = &actions[i];
                    !(a["do"] == "place" || a["do"] == "pass" || a["follower"]["kind"] == "normal")
                })
                .collect();
            let i = match (unusual.is_empty(), rng.below(2)) {
                (false, 0) => unusual[rng.below(unusual.len())],
                _ => rng.below(actions.len()),
            };
            assert_eq!(actions[i]["index"], i);
            match step % 3 {
                0 => s.ok(json!({"cmd": "apply", "game": game, "index": i})),
                1 => s.ok(json!({"cmd": "apply", "game": game, "action": unindexed(&actions[i])})),
                _ => s.ok(json!({"cmd": "apply", "game": game, "index": i, "player": player})),
            }
        } else {
            let b = s.ok(json!({"cmd": "bot", "game": game, "name": bot}));
            assert_eq!(b["applied"], false);
            let i = b["index"].as_u64().unwrap() as usize;
            assert_eq!(
                unindexed(&actions[i]),
                b["action"],
                "the bot's index names its action"
            );
            s.ok(json!({"cmd": "apply", "game": game, "index": i, "player": player}))
        };
        for e in r["events"].as_array().unwrap() {
            p.points[e["player"].as_u64().unwrap() as usize] += e["points"].as_i64().unwrap();
        }
    }
    let st = s.ok(json!({"cmd": "state", "game": game}));
    assert_eq!(st["over"], true);
    assert_eq!(st["unseen_total"], 0);
    assert!(st["current_tile"].is_null());
    p.scores = st["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    p.record = s.ok(json!({"cmd": "record", "game": game}))["record"].clone();
    p
}

/// `carcassonne replay` of `record` prints these scores.
fn replays_to(record: &Value, scores: &[i64], name: &str) {
    let path = tmp(name);
    std::fs::write(&path, serde_json::to_string_pretty(record).unwrap()).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["replay", path.to_str().unwrap()])
        .current_dir(root())
        .output()
        .expect("run replay");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{name}: replay refused the record: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let line: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("P{i} {s}"))
        .collect();
    assert!(out.contains("game over"), "{out}");
    assert!(out.contains(&line.join(", ")), "{name}: {out} vs {line:?}");
}

#[test]
fn hello_names_the_protocol_rulesets_and_bots() {
    let mut s = Serve::start();
    let h = s.ok(json!({"id": "h1", "cmd": "hello"}));
    assert_eq!(h["id"], "h1");
    assert_eq!(h["protocol"], "carcassonne-serve");
    assert_eq!(h["version"], 1);
    let ids: Vec<&str> = h["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"base") && ids.contains(&"base_abbey_mayor"),
        "{ids:?}"
    );
    let bots = h["bots"].as_array().unwrap();
    assert!(bots.contains(&json!("random")) && bots.contains(&json!("greedy")));
    s.quit();
}

#[test]
fn full_games_on_base_and_expansions_replay_to_the_same_scores() {
    let mut s = Serve::start();
    let mut all_decisions = BTreeSet::new();
    let mut all_actions = BTreeSet::new();
    for (ruleset, seed) in [
        ("base", 11),
        ("base_abbey_mayor", 3),
        ("base_abbey_mayor", 4),
        ("base_traders_builders", 5),
        ("base_c2", 6),
    ] {
        let g = s.ok(json!({"cmd": "new", "ruleset": ruleset, "players": 3, "seed": seed}));
        let game = g["game"].as_u64().unwrap();
        let p = play_out(&mut s, game, 3, "greedy", seed);
        assert_eq!(
            p.points, p.scores,
            "{ruleset}: the events add up to the scores"
        );
        assert!(p.scores.iter().sum::<i64>() > 0);
        assert_eq!(p.record["ruleset"], ruleset);
        assert_eq!(p.record["seed"], seed);
        assert_eq!(p.record["final"]["scores"], json!(p.scores));
        replays_to(&p.record, &p.scores, &format!("{ruleset}-{seed}.json"));
        all_decisions.extend(p.decisions);
        all_actions.extend(p.actions);
    }
    // Decisions beyond placing a tile and deploying a figure were asked and
    // answered through the protocol.
    for d in ["place", "wood", "source", "second-tile"] {
        assert!(
            all_decisions.contains(d),
            "no `{d}` decision: {all_decisions:?}"
        );
    }
    for a in ["abbey", "barn", "draw", "second-tile", "return-abbot"] {
        assert!(all_actions.contains(a), "no `{a}` offered: {all_actions:?}");
    }
    let games = s.ok(json!({"cmd": "games"}));
    assert_eq!(
        games["games"].as_array().unwrap().len(),
        5,
        "several games open at once"
    );
    s.quit();
}

/// Play game `game` by the bots until a dragon's step is asked of a player
/// other than the one whose turn it is; that player's legal answers, or
/// `None` if the game ended first.
fn to_a_dragon_step_out_of_turn(s: &mut Serve, game: u64) -> Option<Value> {
    loop {
        let legal = s.ok(json!({"cmd": "legal", "game": game}));
        let pending = &legal["pending"];
        if pending.is_null() {
            return None;
        }
        if pending["decision"] == "dragon" && pending["player"] != pending["to_move"] {
            return Some(legal);
        }
        s.ok(json!({"cmd": "bot", "game": game, "name": "greedy", "apply": true}));
    }
}

/// The 2012 minis through the protocol (004_e9353f116722cd5d.txt): seeded
/// games of each ruleset, bots and a client choosing among the answers,
/// ask the mini's decisions, their events add up to the scores and their
/// records replay.
#[test]
fn the_2012_minis_play_through_the_protocol() {
    let mut s = Serve::start();
    for (ruleset, wanted) in [
        ("base_flier", "fly"),
        ("base_messages", "dispatch"),
        ("base_ferries", "ferry"),
        ("base_gold_mines", "gold-bar"),
        ("base_mage_witch", "mage"),
        ("base_robbers", "robber"),
        ("base_crop_circles", "crop-circle"),
    ] {
        let mut offered = BTreeSet::new();
        for seed in 1..=2 {
            let g = s.ok(json!({"cmd": "new", "ruleset": ruleset, "players": 3, "seed": seed}));
            let game = g["game"].as_u64().unwrap();
            let p = play_out(&mut s, game, 3, "greedy", seed);
            assert_eq!(
                p.points, p.scores,
                "{ruleset}: the events add up to the scores"
            );
            replays_to(&p.record, &p.scores, &format!("{ruleset}-{seed}.json"));
            offered.extend(p.actions);
        }
        assert!(
            offered.contains(wanted),
            "{ruleset}: `{wanted}` offered: {offered:?}"
        );
    }
    s.quit();
}

#[test]
fn the_princess_and_the_dragon_play_through_the_protocol() {
    let mut s = Serve::start();
    // A game stopped where the dragon's step is another player's to choose.
    let (game, legal) = (1..20)
        .find_map(|seed| {
            let g = s.ok(json!({"cmd": "new", "ruleset": "base_princess_dragon",
                                "players": 3, "seed": seed}));
            let game = g["game"].as_u64().unwrap();
            to_a_dragon_step_out_of_turn(&mut s, game).map(|legal| (game, legal))
        })
        .expect("some game asks a dragon's step out of turn");
    let pending = &legal["pending"];
    assert_eq!(pending["text"], "move the dragon one tile");
    let (asked, to_move) = (pending["player"].clone(), pending["to_move"].clone());
    let st = s.ok(json!({"cmd": "state", "game": game}));
    assert_eq!(st["to_move"], to_move);
    let at = st["dragon"].clone();
    assert!(
        at["x"].is_i64() && at["y"].is_i64(),
        "the dragon is on the board: {st}"
    );
    for key in ["fairy", "eaten_by_dragon", "set_aside"] {
        assert!(st.get(key).is_some(), "no `{key}` in {st}");
    }
    let actions = legal["actions"].as_array().unwrap();
    assert!(actions.iter().all(|a| a["do"] == "dragon"), "{legal}");
    // The player whose turn it is may not answer for the one asked.
    let step = unindexed(&actions[0]);
    refused(
        &mut s,
        game,
        json!({"cmd": "apply", "game": game, "action": step, "player": to_move})
            .to_string()
            .as_bytes(),
        "wrong_player",
    );
    refused(
        &mut s,
        game,
        json!({"cmd": "apply", "game": game, "action": {"do": "dragon", "to": "up"}})
            .to_string()
            .as_bytes(),
        "illegal_action",
    );
    let r = s.ok(json!({"cmd": "apply", "game": game, "action": step, "player": asked}));
    assert_eq!(r["action"], step);
    let (dx, dy) = match step["to"].as_str().unwrap() {
        "N" => (0, -1),
        "E" => (1, 0),
        "S" => (0, 1),
        _ => (-1, 0),
    };
    let moved = s.ok(json!({"cmd": "state", "game": game}))["dragon"].clone();
    assert_eq!(
        moved,
        json!({"x": at["x"].as_i64().unwrap() + dx, "y": at["y"].as_i64().unwrap() + dy}),
        "the dragon stepped {}",
        step["to"]
    );
    // On to the end: the record replays to the same scores.
    let p = play_out(&mut s, game, 3, "greedy", 5);
    let end = s.ok(json!({"cmd": "state", "game": game}));
    assert_eq!(
        p.scores,
        end["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect::<Vec<_>>()
    );
    replays_to(&p.record, &p.scores, "princess-dragon-out-of-turn.json");

    // Whole games through the protocol: every decision and answer of the
    // set comes up, the dragon's steps asked out of turn, and the points of
    // every reply's events (the fairy's at a turn's start too) add up to
    // the scores.
    let mut decisions = BTreeSet::new();
    let mut actions = BTreeSet::new();
    let mut out_of_turn = BTreeSet::new();
    for seed in [1, 2, 3] {
        let g = s.ok(
            json!({"cmd": "new", "ruleset": "base_princess_dragon", "players": 3, "seed": seed}),
        );
        let p = play_out(&mut s, g["game"].as_u64().unwrap(), 3, "greedy", seed);
        assert_eq!(
            p.points, p.scores,
            "seed {seed}: the events add up to the scores"
        );
        replays_to(
            &p.record,
            &p.scores,
            &format!("princess-dragon-{seed}.json"),
        );
        decisions.extend(p.decisions);
        actions.extend(p.actions);
        out_of_turn.extend(p.out_of_turn);
    }
    for d in ["place", "wood", "dragon"] {
        assert!(decisions.contains(d), "no `{d}` decision: {decisions:?}");
    }
    for a in ["dragon", "fairy", "portal", "princess"] {
        assert!(actions.contains(a), "no `{a}` offered: {actions:?}");
    }
    assert!(out_of_turn.contains("dragon"), "{out_of_turn:?}");
    s.quit();
}

/// Bridges, Castles & Bazaars through the protocol: the auction's
/// decisions are asked of every player in turn, the state shows the tiles
/// face up, payments are events (negative for the payer), and the records
/// replay to the same scores, below 0 as they may be.
#[test]
fn the_bazaar_plays_through_the_protocol() {
    let mut s = Serve::start();
    let (mut decisions, mut out_of_turn) = (BTreeSet::new(), BTreeSet::new());
    let mut shown = false;
    for seed in [1, 2] {
        let g = s.ok(
            json!({"cmd": "new", "ruleset": "base_bridges_castles_bazaars", "players": 3, "seed": seed}),
        );
        let game = g["game"].as_u64().unwrap();
        // Up to the first auction: the state shows the tiles face up.
        loop {
            let legal = s.ok(json!({"cmd": "legal", "game": game}));
            if legal["pending"]["decision"] == "bazaar-choose" {
                let st = s.ok(json!({"cmd": "state", "game": game}));
                let tiles = st["bazaar"]["tiles"].as_array().expect("tiles face up");
                assert_eq!(tiles.len(), 3, "{st}");
                shown = true;
                break;
            }
            let b = s.ok(json!({"cmd": "bot", "game": game, "name": "greedy"}));
            let i = b["index"].as_u64().unwrap();
            let who = legal["pending"]["player"].clone();
            s.ok(json!({"cmd": "apply", "game": game, "index": i, "player": who}));
        }
        let p = play_out(&mut s, game, 3, "greedy", seed);
        assert_eq!(p.points, p.scores, "seed {seed}: the events add up");
        replays_to(&p.record, &p.scores, &format!("bazaar-{seed}.json"));
        decisions.extend(p.decisions);
        out_of_turn.extend(p.out_of_turn);
    }
    assert!(shown);
    // A scripted game: the client draws every tile but those given with a
    // buyer's turn (no chance node follows an auction), and its record
    // replays.
    let g = s.ok(json!({"cmd": "new", "ruleset": "base_bridges_castles_bazaars", "players": 3, "scripted": true}));
    let game = g["game"].as_u64().unwrap();
    let (mut last, mut given) = (String::new(), 0);
    for step in 0.. {
        assert!(step < 5000, "the game ends");
        let legal = s.ok(json!({"cmd": "legal", "game": game}));
        let pending = &legal["pending"];
        if pending.is_null() {
            break;
        }
        if pending["actor"] == "chance" {
            assert!(
                !last.starts_with("bazaar"),
                "the tile bought is given, not drawn: {legal}"
            );
            // Any tile left: near the end fewer than three kinds are (how
            // many depends on the mix the ruleset plays, castles included).
            let kinds = legal["tiles"].as_array().map_or(1, Vec::len).max(1);
            s.ok(json!({"cmd": "chance", "game": game, "index": step % kinds}));
            last = "chance".into();
            continue;
        }
        given += usize::from(pending["decision"] == "place" && last.starts_with("bazaar"));
        last = pending["decision"].as_str().unwrap().to_string();
        let b = s.ok(json!({"cmd": "bot", "game": game, "name": "greedy"}));
        let who = pending["player"].clone();
        s.ok(json!({"cmd": "apply", "game": game, "index": b["index"], "player": who}));
    }
    assert!(given > 0, "no buyer's turn came");
    let st = s.ok(json!({"cmd": "state", "game": game}));
    let scores: Vec<i64> = st["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    let record = s.ok(json!({"cmd": "record", "game": game}))["record"].clone();
    replays_to(&record, &scores, "bazaar-scripted.json");
    for d in [
        "bazaar-choose",
        "bazaar-open",
        "bazaar-raise",
        "bazaar-deal",
    ] {
        assert!(decisions.contains(d), "no `{d}`: {decisions:?}");
        assert!(
            out_of_turn.contains(d),
            "`{d}` out of turn: {out_of_turn:?}"
        );
    }
    s.quit();
}

#[test]
fn a_ruleset_file_plays_and_its_record_carries_its_sources() {
    let mut s = Serve::start();
    let g = s.ok(
        json!({"cmd": "new", "ruleset": "rulesets/base_traders_builders.toml",
                        "players": 2, "seed": 8}),
    );
    let game = g["game"].as_u64().unwrap();
    let p = play_out(&mut s, game, 2, "random", 8);
    let sources = p.record["sources"].as_array().expect("sources for a file");
    assert!(sources[0]["path"]
        .as_str()
        .unwrap()
        .ends_with("base_traders_builders.toml"));
    replays_to(&p.record, &p.scores, "file-ruleset.json");
    // The same seed on the compiled-in ruleset plays the same game.
    let g2 =
        s.ok(json!({"cmd": "new", "ruleset": "base_traders_builders", "players": 2, "seed": 8}));
    let q = play_out(&mut s, g2["game"].as_u64().unwrap(), 2, "random", 8);
    assert_eq!(p.scores, q.scores);
    assert_eq!(p.record["turns"], q.record["turns"]);
    s.quit();
}

#[test]
fn scripted_games_draw_the_tiles_the_client_chooses() {
    let mut s = Serve::start();
    for (ruleset, seed) in [
        ("base", 21),
        ("base_abbey_mayor", 22),
        ("base_princess_dragon", 23),
        // Draws that score (the pig's sectors) and decisions on the tile
        // drawn (the Plague, 000_9deb58b1a7d17d38.txt L2753).
        ("wheel_of_fortune", 24),
    ] {
        let g = s.ok(json!({"cmd": "new", "ruleset": ruleset, "players": 3, "scripted": true}));
        let game = g["game"].as_u64().unwrap();
        assert_eq!(g["pending"]["actor"], "chance");
        // Nothing is drawn before the chance answer.
        let st = s.ok(json!({"cmd": "state", "game": game}));
        assert!(st["current_tile"].is_null());
        let before = st["unseen_total"].as_u64().unwrap();
        // A seat other than the engine's rotation takes the first turn.
        let r = s.ok(json!({"cmd": "chance", "game": game, "player": 2}));
        assert_eq!(r["to_move"], 2);
        let legal = s.ok(json!({"cmd": "legal", "game": game}));
        let first = legal["tiles"][0]["tile"].clone();
        s.ok(json!({"cmd": "chance", "game": game, "tile": first}));
        let st = s.ok(json!({"cmd": "state", "game": game}));
        assert_eq!(st["current_tile"], first);
        assert_eq!(st["pending"]["player"], 2);
        assert_eq!(st["unseen_total"].as_u64().unwrap(), before - 1);
        let p = play_out(&mut s, game, 3, "greedy", seed);
        assert!(p.decisions.contains("draw"), "chance nodes were answered");
        assert_eq!(p.points, p.scores);
        assert!(p.record.get("seed").is_none(), "a scenario has no seed");
        assert_eq!(p.record["turns"][0]["player"], 2);
        assert_eq!(p.record["turns"][0]["tile"], first);
        replays_to(&p.record, &p.scores, &format!("scripted-{ruleset}.json"));
    }
    s.quit();
}

/// Everything a client can see of a game.
fn snapshot(s: &mut Serve, game: u64) -> Value {
    json!([
        s.ok(json!({"cmd": "state", "game": game})),
        s.ok(json!({"cmd": "legal", "game": game})),
        s.ok(json!({"cmd": "record", "game": game})),
    ])
}

#[test]
fn undo_restores_exactly_the_state_before() {
    let mut s = Serve::start();
    for new in [
        json!({"cmd": "new", "ruleset": "base_abbey_mayor", "players": 3, "seed": 9}),
        json!({"cmd": "new", "ruleset": "base_traders_builders", "players": 2, "scripted": true}),
        json!({"cmd": "new", "ruleset": "base_princess_dragon", "players": 3, "seed": 9}),
    ] {
        let game = s.ok(new)["game"].as_u64().unwrap();
        let start = snapshot(&mut s, game);
        let mut rng = Lcg(9);
        let mut steps = 0;
        loop {
            let legal = s.ok(json!({"cmd": "legal", "game": game}));
            if legal["pending"].is_null() {
                break;
            }
            let before = snapshot(&mut s, game);
            let req = if legal["pending"]["actor"] == "chance" {
                let n = legal["tiles"].as_array().unwrap().len();
                json!({"cmd": "chance", "game": game, "index": rng.below(n)})
            } else {
                let n = legal["actions"].as_array().unwrap().len();
                json!({"cmd": "apply", "game": game, "index": rng.below(n)})
            };
            s.ok(req.clone());
            if steps % 5 == 0 {
                let after = snapshot(&mut s, game);
                let u = s.ok(json!({"cmd": "undo", "game": game}));
                assert_eq!(u["depth"], steps);
                assert_eq!(snapshot(&mut s, game), before, "undo after {req}");
                s.ok(req);
                assert_eq!(snapshot(&mut s, game), after, "the same again");
            }
            steps += 1;
        }
        // Undo out of the finished game, several steps at once.
        let end = snapshot(&mut s, game);
        s.ok(json!({"cmd": "undo", "game": game, "steps": 3}));
        assert_ne!(snapshot(&mut s, game), end);
        s.ok(json!({"cmd": "undo", "game": game, "steps": steps - 3}));
        assert_eq!(snapshot(&mut s, game), start, "back to the setup");
        let r = s.ask(json!({"cmd": "undo", "game": game}));
        assert_eq!(r["error"]["code"], "nothing_to_undo");
    }
    s.quit();
}

/// Send `req`; it must fail with `code` (echoing its id, if any) and leave
/// game `game` as it was.
fn refused(s: &mut Serve, game: u64, line: &[u8], code: &str) {
    let before = snapshot(s, game);
    let open = s.ok(json!({"cmd": "games"}));
    let r = s.bytes(line);
    let shown = String::from_utf8_lossy(line);
    assert_eq!(r["ok"], false, "{shown} -> {r}");
    assert_eq!(r["error"]["code"], code, "{shown} -> {r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{r}"
    );
    if let Ok(Value::Object(req)) = serde_json::from_slice::<Value>(line) {
        assert_eq!(r.get("id"), req.get("id"), "the id is echoed: {r}");
    }
    assert_eq!(snapshot(s, game), before, "{shown} changed the game");
    assert_eq!(
        s.ok(json!({"cmd": "games"})),
        open,
        "{shown} changed the games"
    );
}

#[test]
fn bad_requests_are_refused_and_change_nothing() {
    let mut s = Serve::start();
    let game = s.ok(json!({"cmd": "new", "ruleset": "base_abbey_mayor", "players": 2, "seed": 4}))
        ["game"]
        .as_u64()
        .unwrap();
    // Into the game, up to a placement.
    s.ok(json!({"cmd": "apply", "game": game, "index": 1}));
    let legal = loop {
        let legal = s.ok(json!({"cmd": "apply", "game": game, "index": 0}));
        if legal["pending"]["decision"] == "place" {
            break s.ok(json!({"cmd": "legal", "game": game}));
        }
    };
    assert_eq!(legal["pending"]["decision"], "place");
    let asked = legal["pending"]["player"].as_u64().unwrap();
    let other = 1 - asked;
    let deploy = json!({"do": "deploy", "follower": {"kind": "normal", "feature": "road", "ports": ["E", "W"]}});
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let cases: Vec<(String, &str)> = vec![
        ("this is not json".into(), "parse_error"),
        ("{\"cmd\": \"hello\"".into(), "parse_error"),
        (deep, "parse_error"),
        ("[1, 2]".into(), "bad_request"),
        ("\"hello\"".into(), "bad_request"),
        (r#"{"id": 1, "cmd": 5}"#.into(), "bad_request"),
        (r#"{"id": 7}"#.into(), "missing_field"),
        (r#"{"id": "x", "cmd": "fly"}"#.into(), "unknown_command"),
        (r#"{"id": [1], "cmd": "hello", "extra": 1}"#.into(), "unknown_field"),
        (r#"{"cmd": "apply"}"#.into(), "missing_field"),
        (r#"{"cmd": "apply", "index": 0, "action": {"do": "pass"}}"#.into(), "bad_field"),
        (r#"{"cmd": "apply", "index": -1}"#.into(), "bad_field"),
        (r#"{"cmd": "apply", "index": "first"}"#.into(), "bad_field"),
        (r#"{"cmd": "apply", "index": 100000}"#.into(), "bad_index"),
        (r#"{"cmd": "apply", "action": {"do": "place", "x": 40, "y": 40, "rotation": 0}}"#.into(), "illegal_action"),
        (r#"{"cmd": "apply", "action": {"do": "place", "x": 1, "y": 0, "rotation": 9}}"#.into(), "illegal_action"),
        (r#"{"cmd": "apply", "action": {"do": "place", "x": 1, "y": 0}}"#.into(), "missing_field"),
        (r#"{"cmd": "apply", "action": {"do": "barn"}}"#.into(), "missing_field"),
        (r#"{"cmd": "apply", "action": {"do": "place", "tile": "NOPE", "x": 1, "y": 0, "rotation": 0}}"#.into(), "illegal_action"),
        (r#"{"cmd": "apply", "action": {"do": "jump"}}"#.into(), "illegal_action"),
        (r#"{"cmd": "apply", "action": {"do": "pass"}}"#.into(), "illegal_action"),
        (r#"{"cmd": "apply", "action": {"do": "second-tile", "take": true}}"#.into(), "illegal_action"),
        (r#"{"cmd": "apply", "action": {"do": "barn", "corner": "NW"}}"#.into(), "illegal_action"),
        (json!({"cmd": "apply", "action": deploy}).to_string(), "illegal_action"),
        (r#"{"cmd": "apply", "action": {"do": "pass", "colour": "red"}}"#.into(), "unknown_field"),
        (r#"{"cmd": "apply", "action": "pass"}"#.into(), "bad_field"),
        (json!({"cmd": "apply", "index": 0, "player": other}).to_string(), "wrong_player"),
        (r#"{"cmd": "apply", "index": 0, "player": 5}"#.into(), "bad_field"),
        (r#"{"cmd": "apply", "index": 0, "game": 99}"#.into(), "no_game"),
        (r#"{"cmd": "legal", "game": "one"}"#.into(), "bad_field"),
        (r#"{"cmd": "state", "player": 7}"#.into(), "bad_field"),
        (r#"{"cmd": "chance", "tile": "A"}"#.into(), "not_scripted"),
        (r#"{"cmd": "undo", "steps": 1000}"#.into(), "nothing_to_undo"),
        (r#"{"cmd": "undo", "steps": 0}"#.into(), "nothing_to_undo"),
        (r#"{"cmd": "bot", "name": "deep-blue"}"#.into(), "unknown_bot"),
        (r#"{"cmd": "bot"}"#.into(), "missing_field"),
        (r#"{"cmd": "new", "ruleset": "nope", "players": 2, "seed": 1}"#.into(), "bad_ruleset"),
        (r#"{"cmd": "new", "ruleset": "nowhere/x.toml", "players": 2, "seed": 1}"#.into(), "bad_ruleset"),
        (r#"{"cmd": "new", "ruleset": "tests/data/err/field_wrong_border.toml", "players": 2, "seed": 1}"#.into(), "bad_ruleset"),
        (r#"{"cmd": "new", "ruleset": "base", "players": 9, "seed": 1}"#.into(), "bad_setup"),
        (r#"{"cmd": "new", "ruleset": "base", "players": 300, "seed": 1}"#.into(), "bad_field"),
        (r#"{"cmd": "new", "ruleset": "base", "players": 2}"#.into(), "missing_field"),
        (r#"{"cmd": "new", "ruleset": "base", "players": 2, "seed": 1, "scripted": true}"#.into(), "bad_field"),
        (r#"{"cmd": "new", "ruleset": "base", "players": 2, "seed": 1, "start": []}"#.into(), "bad_field"),
        (r#"{"cmd": "new", "ruleset": "base", "players": 2, "scripted": true, "start": [{"tile": "ZZ", "x": 0, "y": 0, "rotation": 0}]}"#.into(), "bad_setup"),
        (r#"{"cmd": "new", "ruleset": "base", "players": 2, "scripted": true, "start": [{"tile": "C", "x": 0, "y": 0, "rotation": 0}, {"tile": "C", "x": 5, "y": 5, "rotation": 0}]}"#.into(), "bad_setup"),
        (r#"{"cmd": "close", "game": 42}"#.into(), "no_game"),
    ];
    for (line, code) in &cases {
        refused(&mut s, game, line.as_bytes(), code);
    }
    // Not UTF-8.
    refused(&mut s, game, b"{\"cmd\": \"hel\xFF\xFElo\"}", "parse_error");
    // A blank line is no request: the next reply is the next request's.
    s.stdin.write_all(b"\n   \n").unwrap();
    assert_eq!(s.ok(json!({"id": 5, "cmd": "hello"}))["id"], 5);

    // A scripted game: no player answers before the tile is drawn, and a
    // tile must be one left that fits.
    let sg = s.ok(json!({"cmd": "new", "ruleset": "base", "players": 2, "scripted": true}))["game"]
        .as_u64()
        .unwrap();
    let scripted: Vec<(Value, &str)> = vec![
        (
            json!({"cmd": "apply", "game": sg, "index": 0}),
            "chance_pending",
        ),
        (
            json!({"cmd": "bot", "game": sg, "name": "random"}),
            "chance_pending",
        ),
        (json!({"cmd": "chance", "game": sg}), "missing_field"),
        (
            json!({"cmd": "chance", "game": sg, "tile": "NOPE"}),
            "bad_field",
        ),
        (
            json!({"cmd": "chance", "game": sg, "index": 500}),
            "bad_index",
        ),
        (
            json!({"cmd": "chance", "game": sg, "tile": "A", "index": 0}),
            "bad_field",
        ),
        (
            json!({"cmd": "chance", "game": sg, "player": 2}),
            "bad_field",
        ),
    ];
    for (req, code) in &scripted {
        refused(&mut s, sg, req.to_string().as_bytes(), code);
    }
    s.ok(json!({"cmd": "chance", "game": sg, "tile": "C"}));
    for (req, code) in [
        // Only one C in the base game, and it is drawn.
        (
            json!({"cmd": "chance", "game": sg, "tile": "C"}),
            "not_chance",
        ),
        (
            json!({"cmd": "chance", "game": sg, "player": 1}),
            "not_chance",
        ),
    ] {
        refused(&mut s, sg, req.to_string().as_bytes(), code);
    }
    s.ok(json!({"cmd": "apply", "game": sg, "index": 0}));
    refused(
        &mut s,
        sg,
        json!({"cmd": "chance", "game": sg, "player": 0})
            .to_string()
            .as_bytes(),
        "not_chance",
    );

    // A finished game refuses moves and bots alike.
    let done = s.ok(json!({"cmd": "new", "ruleset": "base", "players": 2, "seed": 2}))["game"]
        .as_u64()
        .unwrap();
    loop {
        let b = s.ok(json!({"cmd": "bot", "game": done, "name": "random", "apply": true}));
        if b["over"] == true {
            break;
        }
    }
    for (req, code) in [
        (
            json!({"cmd": "apply", "game": done, "action": {"do": "pass"}}),
            "game_over",
        ),
        (
            json!({"cmd": "apply", "game": done, "index": 0}),
            "bad_index",
        ),
        (
            json!({"cmd": "bot", "game": done, "name": "greedy"}),
            "game_over",
        ),
    ] {
        refused(&mut s, done, req.to_string().as_bytes(), code);
    }
    // Closing a game: requests without `game` go to the newest open one.
    s.ok(json!({"cmd": "close", "game": done}));
    assert_eq!(s.ok(json!({"cmd": "state"}))["game"], sg);
    s.quit();
}

#[test]
fn end_of_input_ends_the_server_quietly() {
    let mut s = Serve::start();
    s.ok(json!({"cmd": "hello"}));
    let Serve {
        mut child, stdin, ..
    } = s;
    drop(stdin);
    assert!(child.wait().expect("exits").success());
}

#[test]
fn the_python_example_client_plays_through_serve() {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|o| o.status.success()) {
        eprintln!("SKIPPED: python3 is not installed; the example client tools/serve_client.py was not run");
        return;
    }
    for (ruleset, seed) in [
        ("base", "7"),
        ("base_abbey_mayor", "8"),
        ("base_princess_dragon", "9"),
    ] {
        let record = tmp(&format!("python-{ruleset}.json"));
        let o = Command::new("python3")
            .args([
                "tools/serve_client.py",
                "--binary",
                env!("CARGO_BIN_EXE_carcassonne"),
                "--ruleset",
                ruleset,
                "--seed",
                seed,
                "--record",
                record.to_str().unwrap(),
            ])
            .current_dir(root())
            .output()
            .expect("run python3");
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{ruleset}: {out}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let rec: Value = serde_json::from_slice(&std::fs::read(&record).unwrap()).unwrap();
        let scores: Vec<i64> = rec["final"]["scores"]
            .as_array()
            .expect("a finished game")
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        assert_eq!(scores.len(), 3);
        let line: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(i, s)| format!("P{i} {s}"))
            .collect();
        assert!(
            out.contains(&format!("final scores: {}", line.join(", "))),
            "{out}"
        );
        replays_to(&rec, &scores, &format!("python-replayed-{ruleset}.json"));
    }
}

/// Requests mangled at random (cut short, characters swapped, fields given
/// odd values) each get one reply, and the server lives on.
#[test]
fn mangled_requests_always_get_a_reply() {
    let mut s = Serve::start();
    s.ok(json!({"cmd": "new", "ruleset": "base_abbey_mayor", "players": 3, "seed": 1}));
    s.ok(json!({"cmd": "new", "ruleset": "base", "players": 2, "scripted": true}));
    let valid = [
        json!({"cmd": "apply", "index": 0}),
        json!({"cmd": "apply", "action": {"do": "place", "x": 1, "y": 0, "rotation": 1}}),
        json!({"cmd": "apply", "action": {"do": "move-wagon", "at": {"x": 0, "y": 0, "feature": "road", "ports": ["E"]}}}),
        json!({"cmd": "chance", "tile": "A", "player": 1}),
        json!({"cmd": "new", "ruleset": "base", "players": 2, "scripted": true,
               "start": [{"tile": "D", "x": 0, "y": 0, "rotation": 0}]}),
        json!({"cmd": "bot", "name": "random", "apply": true}),
        json!({"cmd": "undo", "steps": 2}),
        json!({"cmd": "state", "player": 1, "game": 1}),
        json!({"cmd": "legal", "game": 2}),
    ];
    let odd = [
        json!(null),
        json!(-1),
        json!(1e300),
        json!(18446744073709551615u64),
        json!("x"),
        json!([]),
        json!({}),
        json!(true),
        json!(65536),
    ];
    let mut rng = Lcg(77);
    for k in 0..600 {
        let base = valid[rng.below(valid.len())].clone();
        let line = match k % 3 {
            0 => {
                // Some field replaced by an odd value.
                let mut v = base;
                let obj = v.as_object_mut().unwrap();
                let keys: Vec<String> = obj.keys().cloned().collect();
                let key = &keys[rng.below(keys.len())];
                obj.insert(key.clone(), odd[rng.below(odd.len())].clone());
                v.to_string()
            }
            1 => {
                let text = base.to_string();
                text[..rng.below(text.len())].to_string()
            }
            _ => {
                let mut b = base.to_string().into_bytes();
                let (i, j) = (rng.below(b.len()), rng.below(b.len()));
                b.swap(i, j);
                String::from_utf8_lossy(&b).into_owned()
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let r = s.raw(&line);
        assert!(r["ok"].is_boolean(), "{line} -> {r}");
        if r["ok"] == false {
            assert!(r["error"]["code"].is_string(), "{line} -> {r}");
        }
    }
    s.ok(json!({"cmd": "hello"}));
    s.quit();
}
