//! `carcassonne web` over HTTP, without a browser: games set up and played
//! to the end through its JSON routes (a person's answers by index, the
//! bots' moves, undo), their records replayed and resumed, every kind of
//! bad request refused with a clear error and the game unchanged, games
//! independent of each other, nothing told of the order of the tiles face
//! down, no file read but the ruleset file given, and a clean stop on
//! Ctrl-C.

use std::process::Command;

use serde_json::{json, Value};

mod support;

use support::web::{Reply, Web};

fn ok(r: &Reply) -> &Value {
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json["ok"], json!(true), "{}", r.text);
    &r.json
}

fn refused(r: &Reply, status: u16, code: &str) {
    assert_eq!(r.status, status, "{}", r.text);
    assert_eq!(r.json["ok"], json!(false), "{}", r.text);
    assert_eq!(r.code(), code, "{}", r.text);
    let message = r.json["error"]["message"].as_str().unwrap_or("");
    assert!(message.len() > 10, "a message that says why: {}", r.text);
}

fn new_game(web: &Web, ruleset: &str, seats: &[&str], seed: Option<u64>) -> Value {
    let mut body = json!({ "ruleset": ruleset, "seats": seats });
    if let Some(s) = seed {
        body["seed"] = json!(s);
    }
    ok(&web.post("/api/games", &body)).clone()
}

fn path(v: &Value) -> String {
    format!("/api/games/{}", v["game"])
}

/// Answer the pending decision: a person takes the `pick`-th legal answer
/// the page lists (a placement option or a choice), a bot moves.
fn step(web: &Web, v: &Value, pick: usize) -> Value {
    let p = path(v);
    let depth = v["depth"].clone();
    if v["pending"]["person"] == json!(true) {
        let mut indices: Vec<u64> = v["placements"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["options"].as_array().unwrap().iter())
            .map(|o| o["index"].as_u64().unwrap())
            .collect();
        indices.extend(
            v["choices"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["index"].as_u64().unwrap()),
        );
        assert!(
            !indices.is_empty(),
            "a person is asked but offered nothing: {v}"
        );
        let index = indices[pick % indices.len()];
        ok(&web.post(
            &p,
            &json!({ "cmd": "apply", "index": index, "depth": depth }),
        ))
        .clone()
    } else {
        ok(&web.post(&p, &json!({ "cmd": "bot", "depth": depth }))).clone()
    }
}

fn play_out(web: &Web, mut v: Value) -> Value {
    let mut k = 0;
    while v["over"] == json!(false) {
        k += 1;
        v = step(web, &v, k * 7);
        assert!(k < 5000, "the game does not end");
    }
    v
}

/// The scores `carcassonne replay` gives a record.
fn replayed(record: &str) -> Vec<u64> {
    let dir = std::env::temp_dir().join(format!("carcassonne-web-http-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("record.json");
    std::fs::write(&file, record).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["replay", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    v["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect()
}

/// A game resumed from a record's text as the page sends it (the record
/// as it was saved, unparsed).
fn resume_text(web: &Web, record: &str) -> Value {
    let body = format!("{{\"record\": {record}}}");
    ok(&web.raw("POST", "/api/resume", body.as_bytes())).clone()
}

fn scores(v: &Value) -> Vec<u64> {
    v["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect()
}

#[test]
fn the_page_and_its_setup_are_served() {
    let web = Web::start(&[]);
    let page = web.get("/");
    assert_eq!(page.status, 200);
    assert!(
        page.text.contains("<script src=\"/app.js\">"),
        "{}",
        page.text
    );
    assert!(web.get("/app.js").text.contains("legal"));
    assert!(web.get("/style.css").text.contains("#board"));
    let setup = web.get("/api/setup");
    let s = ok(&setup);
    let ids: Vec<&str> = s["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    for rules in carcassonne_runtime::rulesets() {
        assert!(ids.contains(&rules.id), "{} offered", rules.id);
    }
    assert_eq!(s["default"], json!("base"));
    assert!(s["bots"].as_array().unwrap().contains(&json!("greedy")));
}

/// A person against greedy to the end: the record replays to the scores
/// shown, and resumes to the same game; the log has one line per answer.
#[test]
fn a_game_played_over_http_replays_and_resumes() {
    let web = Web::start(&[]);
    let v = new_game(&web, "base", &["person", "greedy"], Some(5));
    assert_eq!(v["seed"], json!("5"), "a seed the people chose is shown");
    assert!(v["board"]["svg"].as_str().unwrap().starts_with("<svg"));
    let end = play_out(&web, v);
    assert_eq!(
        end["log"].as_array().unwrap().len() as u64,
        end["depth"].as_u64().unwrap()
    );
    assert!(end["final"]["winners"]
        .as_array()
        .is_some_and(|w| !w.is_empty()));
    let rec = web.get(&format!("{}/record", path(&end)));
    assert_eq!(rec.status, 200);
    assert!(
        rec.headers
            .to_ascii_lowercase()
            .contains("content-disposition: attachment"),
        "{}",
        rec.headers
    );
    assert_eq!(rec.json["bots"], json!(["person", "greedy"]));
    assert_eq!(replayed(&rec.text), scores(&end));
    let back = resume_text(&web, &rec.text);
    assert_ne!(back["game"], end["game"]);
    for key in ["scores", "depth", "over", "log", "seats", "final", "board"] {
        assert_eq!(back[key], end[key], "{key}");
    }
}

/// A game saved in the middle (a figure to place, a bot to move) resumes
/// exactly there and plays on; undo takes back to the person's last
/// decision.
#[test]
fn a_game_saved_in_the_middle_resumes_there_and_undo_goes_back_to_the_person() {
    let web = Web::start(&[]);
    let mut v = new_game(
        &web,
        "base_abbey_mayor",
        &["person", "greedy", "random"],
        Some(9),
    );
    for k in 0..40 {
        v = step(&web, &v, k);
    }
    let rec = web.get(&format!("{}/record", path(&v)));
    let back = resume_text(&web, &rec.text);
    for key in [
        "scores",
        "depth",
        "pending",
        "placements",
        "choices",
        "log",
        "tiles_left",
    ] {
        assert_eq!(back[key], v[key], "{key}");
    }
    // Undo: back to the person's decision, whoever moved since.
    while v["pending"]["person"] == json!(true) {
        v = step(&web, &v, 3);
    }
    let before = v["depth"].as_u64().unwrap();
    let u = ok(&web.post(&path(&v), &json!({ "cmd": "undo" }))).clone();
    assert!(u["depth"].as_u64().unwrap() < before);
    assert_eq!(u["pending"]["person"], json!(true), "{}", u["pending"]);
    let log = u["log"].as_array().unwrap();
    assert_eq!(log.len() as u64, u["depth"].as_u64().unwrap());
    let played = play_out(&web, u);
    assert_eq!(played["over"], json!(true));
}

/// Every refused request says why, with the protocol's code, and changes
/// nothing; none stops the server.
#[test]
fn bad_requests_are_refused_and_change_nothing() {
    let web = Web::start(&[]);
    let v = new_game(&web, "base", &["person", "greedy"], Some(3));
    let p = path(&v);
    let view = || ok(&web.get(&p)).clone();
    let same = view();
    // Setting a game up.
    refused(
        &web.raw("POST", "/api/games", b"{not json"),
        400,
        "parse_error",
    );
    refused(
        &web.raw("POST", "/api/games", b"[1, 2]"),
        400,
        "bad_request",
    );
    refused(
        &web.raw("POST", "/api/games", &[0xff, 0xfe, b'{']),
        400,
        "parse_error",
    );
    refused(
        &web.post("/api/games", &json!({ "seats": ["person", "greedy"] })),
        400,
        "missing_field",
    );
    refused(
        &web.post(
            "/api/games",
            &json!({ "ruleset": "base", "seats": ["person", "greedy"], "colour": 1 }),
        ),
        400,
        "unknown_field",
    );
    refused(
        &web.post(
            "/api/games",
            &json!({ "ruleset": "nope", "seats": ["person", "greedy"] }),
        ),
        400,
        "bad_ruleset",
    );
    // A path names no ruleset here: nothing is read.
    for name in [
        "rulesets/base.toml",
        "/etc/passwd",
        "../rulesets/base.toml",
        "@file",
    ] {
        refused(
            &web.post(
                "/api/games",
                &json!({ "ruleset": name, "seats": ["person", "greedy"] }),
            ),
            400,
            "bad_ruleset",
        );
    }
    refused(
        &web.post(
            "/api/games",
            &json!({ "ruleset": "base", "seats": ["person"] }),
        ),
        400,
        "bad_setup",
    );
    refused(
        &web.post(
            "/api/games",
            &json!({ "ruleset": "base", "seats": vec!["person"; 7] }),
        ),
        400,
        "bad_setup",
    );
    refused(
        &web.post(
            "/api/games",
            &json!({ "ruleset": "base", "seats": ["person", "deep-blue"] }),
        ),
        400,
        "unknown_bot",
    );
    refused(
        &web.post(
            "/api/games",
            &json!({ "ruleset": "base", "seats": ["person", "mcts:iters=x"] }),
        ),
        400,
        "unknown_bot",
    );
    refused(
        &web.post(
            "/api/games",
            &json!({ "ruleset": "base", "seats": ["person", "greedy"], "seed": "x" }),
        ),
        400,
        "bad_field",
    );
    refused(
        &web.post(
            "/api/games",
            &json!({ "ruleset": "base", "seats": ["person", "greedy"], "seed": -1 }),
        ),
        400,
        "bad_field",
    );
    // Answers.
    refused(&web.raw("POST", &p, b"nonsense"), 400, "parse_error");
    refused(&web.post(&p, &json!({ "index": 0 })), 400, "missing_field");
    refused(&web.post(&p, &json!({ "cmd": 5 })), 400, "bad_request");
    refused(
        &web.post(&p, &json!({ "cmd": "quit" })),
        404,
        "unknown_command",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "new", "ruleset": "base" })),
        404,
        "unknown_command",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "apply", "index": 100000 })),
        400,
        "bad_index",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "apply", "index": -1 })),
        400,
        "bad_field",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "apply" })),
        400,
        "missing_field",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "apply", "index": 0, "game": 2 })),
        400,
        "unknown_field",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "apply", "index": 0, "player": 1 })),
        400,
        "wrong_player",
    );
    refused(&web.post(&p, &json!({ "cmd": "apply", "action": { "do": "place", "x": 40, "y": 40, "rotation": 0 } })), 400, "illegal_action");
    refused(
        &web.post(
            &p,
            &json!({ "cmd": "apply", "action": { "do": "levitate" } }),
        ),
        400,
        "illegal_action",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "apply", "index": 0, "depth": 5 })),
        400,
        "bad_field",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "apply", "index": 0, "depth": "x" })),
        400,
        "bad_field",
    );
    refused(&web.post(&p, &json!({ "cmd": "bot" })), 400, "wrong_player");
    refused(
        &web.post(&p, &json!({ "cmd": "bot", "name": "random" })),
        400,
        "unknown_field",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "undo" })),
        400,
        "nothing_to_undo",
    );
    refused(
        &web.post(&p, &json!({ "cmd": "undo", "steps": 3 })),
        400,
        "unknown_field",
    );
    // Games and pages that are not there.
    refused(&web.get("/api/games/999"), 404, "no_game");
    refused(&web.get("/api/games/x"), 404, "no_game");
    refused(&web.get("/api/games/-1/record"), 404, "no_game");
    refused(&web.raw("DELETE", "/api/games/999", b""), 404, "no_game");
    refused(&web.get("/api/nothing"), 404, "unknown_command");
    refused(&web.get("/../../etc/passwd"), 404, "unknown_command");
    refused(&web.get("/cli/src/web.rs"), 404, "unknown_command");
    // Resuming: a record of a few turns, played in another game.
    refused(
        &web.post("/api/resume", &json!({ "record": 5 })),
        400,
        "bad_field",
    );
    refused(
        &web.post("/api/resume", &json!({ "record": {}, "extra": 1 })),
        400,
        "unknown_field",
    );
    let mut w = new_game(&web, "base", &["person", "greedy"], Some(3));
    for k in 0..6 {
        w = step(&web, &w, k);
    }
    let rec = web.get(&format!("{}/record", path(&w))).json;
    let mut other = rec.clone();
    other["ruleset"] = json!("base_river1");
    refused(
        &web.post("/api/resume", &json!({ "record": other })),
        400,
        "bad_field",
    );
    let mut scenario = rec.clone();
    scenario.as_object_mut().unwrap().remove("seed");
    refused(
        &web.post("/api/resume", &json!({ "record": scenario })),
        400,
        "bad_setup",
    );
    let mut filed = rec.clone();
    filed["sources"] = json!([{ "path": "/etc/passwd", "text": "id = \"base\"" }]);
    refused(
        &web.post("/api/resume", &json!({ "record": filed })),
        400,
        "bad_ruleset",
    );
    refused(
        &web.post(
            "/api/resume",
            &json!({ "record": rec, "seats": ["person", "hal"] }),
        ),
        400,
        "unknown_bot",
    );
    // A body past the limit is refused before it is read.
    let big = vec![b' '; 17 << 20];
    let r = web.raw("POST", "/api/resume", &big);
    assert_eq!(r.status, 413, "{}", r.headers);
    // Nothing changed, and the server still answers.
    assert_eq!(view(), same);
    let moved = step(&web, &same, 0);
    assert_eq!(moved["depth"], json!(1));
}

/// A finished game's record, tampered with, is refused with `replay`'s
/// reason; the same record untouched resumes.
#[test]
fn a_tampered_record_is_refused_with_the_reason() {
    let web = Web::start(&[]);
    let end = play_out(&web, new_game(&web, "base", &["greedy", "random"], Some(8)));
    let rec = web.get(&format!("{}/record", path(&end))).json;
    let mut bad = rec.clone();
    bad["turns"][4]["x"] = json!(30);
    let r = web.post("/api/resume", &json!({ "record": bad }));
    refused(&r, 400, "bad_field");
    assert!(r.text.contains("does not replay"), "{}", r.text);
    let mut bad = rec.clone();
    bad["final"]["scores"][0] = json!(1000);
    refused(
        &web.post("/api/resume", &json!({ "record": bad })),
        400,
        "bad_field",
    );
    let back = ok(&web.post("/api/resume", &json!({ "record": rec }))).clone();
    assert_eq!(back["scores"], end["scores"]);
    assert_eq!(back["seats"], end["seats"], "the bots play on");
}

/// Games in several tabs do not touch each other, even with the same
/// seed; a game can be closed.
#[test]
fn games_are_independent() {
    let web = Web::start(&[]);
    let a = new_game(&web, "base", &["person", "greedy"], Some(4));
    let b = new_game(&web, "base", &["person", "greedy"], Some(4));
    assert_ne!(a["game"], b["game"]);
    let mut a2 = a.clone();
    for k in 0..6 {
        a2 = step(&web, &a2, k);
    }
    let b_now = ok(&web.get(&path(&b))).clone();
    assert_eq!(b_now, b, "game b is as it was");
    let b2 = step(&web, &b_now, 1);
    assert_eq!(ok(&web.get(&path(&a2))).clone(), a2, "game a is as it was");
    assert_eq!(b2["depth"], json!(1));
    ok(&web.raw("DELETE", &path(&a), b""));
    refused(&web.get(&path(&a)), 404, "no_game");
    ok(&web.get(&path(&b)));
}

/// A seed the server drew is not in the page's view until the game is
/// over; what is face down is a count only.
#[test]
fn the_order_of_the_tiles_face_down_is_not_shown() {
    let web = Web::start(&[]);
    let mut v = new_game(&web, "base_river1", &["person", "greedy"], None);
    let mut seen = Vec::new();
    while v["over"] == json!(false) {
        assert_eq!(v["seed"], Value::Null);
        assert!(v["tiles_left"].is_u64());
        seen.push(v.to_string());
        let n = seen.len();
        v = step(&web, &v, n);
    }
    let seed = v["seed"].as_str().expect("shown at the end").to_string();
    assert!(seed.len() > 3);
    for text in &seen {
        assert!(!text.contains(&seed), "the seed shows before the end");
    }
}

/// The ruleset file named when the server starts is offered (first); its
/// games' records carry its sources and replay on their own.
#[test]
fn a_ruleset_file_is_offered_and_its_records_replay() {
    let file = support::root().join("rulesets/base_c2.toml");
    let web = Web::start(&["--ruleset", file.to_str().unwrap()]);
    let setup = web.get("/api/setup").json;
    assert_eq!(setup["default"], json!("@file"));
    assert_eq!(setup["rulesets"][0]["key"], json!("@file"));
    assert_eq!(setup["rulesets"][0]["id"], json!("base_c2"));
    let end = play_out(
        &web,
        new_game(&web, "@file", &["person", "greedy"], Some(2)),
    );
    let rec = web.get(&format!("{}/record", path(&end)));
    assert!(rec.json["sources"]
        .as_array()
        .is_some_and(|s| !s.is_empty()));
    assert_eq!(replayed(&rec.text), scores(&end));
    let back = resume_text(&web, &rec.text);
    assert_eq!(back["ruleset"]["key"], json!("@file"));
    assert_eq!(back["scores"], end["scores"]);
    // The built-in ruleset of the same id is another ruleset.
    let mut built_in = rec.json.clone();
    built_in.as_object_mut().unwrap().remove("sources");
    let b = ok(&web.post("/api/resume", &json!({ "record": built_in }))).clone();
    assert_eq!(b["ruleset"]["key"], json!("base_c2"));
}

#[test]
fn a_bad_ruleset_file_is_said_at_the_start() {
    let o = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["web", "--ruleset", "no/such/file.toml"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&o.stderr).is_empty());
}

#[test]
fn ctrl_c_stops_the_server_cleanly() {
    let web = Web::start(&[]);
    let v = new_game(&web, "base", &["person", "greedy"], Some(1));
    step(&web, &v, 0);
    let (status, said) = web.interrupt();
    assert!(status.success(), "{status}");
    assert!(said.contains("stopped"), "{said}");
}
