//! The Tower on boards, in the viewer and in `play`'s words: a bot game of
//! `base_tower` with followers on towers' tops, one taken from a top,
//! prisoners and a ransom (found by `support::records::tower`), checked at
//! every step against the module's public state (`state_json`: each
//! tower's height and top, each player's prisoners), and at the end of every
//! turn against the engine replaying the record cut there. The drawing code
//! names no tower: it draws `Shown::neutral`'s labels and tops and
//! `Shown::held`.

use std::process::Command;

use carcassonne::geom;
use carcassonne::paint;
use carcassonne::svg;
use carcassonne::timeline::{cell_centre, Timeline};
use roxmltree::{Document, Node};
use serde_json::{Map, Value};
use support::records::viewer_data;
use support::translate;

mod support;

fn rules() -> &'static carcassonne_runtime::Ruleset {
    carcassonne_runtime::ruleset("base_tower").unwrap()
}

/// A tower as a board draws it: its point, the number on its badge (and
/// in `data-label`), and the owner, kind and point of the figure on top.
#[derive(Debug, PartialEq)]
struct Drawn {
    at: (f64, f64),
    label: String,
    badge: String,
    top: Option<(u8, String, (f64, f64))>,
}

/// A figure marked with its owner and kind (`data-player`, `data-kind`).
fn marked(n: Node) -> (u8, String, (f64, f64)) {
    let u = n.children().find(|u| u.tag_name().name() == "use").unwrap();
    (
        n.attribute("data-player").unwrap().parse().unwrap(),
        n.attribute("data-kind").unwrap().to_string(),
        translate(u.attribute("transform").unwrap()),
    )
}

/// The towers a board draws, in order: each `use` is followed by its badge
/// and, when there is one, by the figure on its top.
fn towers(svg_text: &str) -> Vec<Drawn> {
    let doc = Document::parse(svg_text).unwrap();
    let mut out: Vec<Drawn> = Vec::new();
    for n in doc.descendants() {
        if n.attribute("data-neutral") == Some("tower") {
            out.push(Drawn {
                at: translate(n.attribute("transform").unwrap()),
                label: n.attribute("data-label").unwrap_or("").to_string(),
                badge: String::new(),
                top: None,
            });
        } else if n.attribute("data-label-of") == Some("tower") {
            let t = n
                .children()
                .find(|c| c.tag_name().name() == "text")
                .and_then(|t| t.text())
                .unwrap();
            out.last_mut().unwrap().badge = t.to_string();
        } else if n.attribute("data-top-of") == Some("tower") {
            let f = n
                .children()
                .find(|c| c.attribute("data-player").is_some())
                .unwrap();
            out.last_mut().unwrap().top = Some(marked(f));
        }
    }
    out
}

/// Each holder's figures drawn after their score: (owner, kind).
fn held(svg_text: &str, players: usize) -> Vec<Vec<(u8, String)>> {
    let doc = Document::parse(svg_text).unwrap();
    (0..players)
        .map(|p| {
            doc.descendants()
                .filter(|n| n.attribute("data-held") == Some(p.to_string().as_str()))
                .inspect(|g| assert_eq!(g.attribute("data-key"), Some("prisoners")))
                .flat_map(|g| {
                    g.children()
                        .filter(|c| c.attribute("data-player").is_some())
                })
                .map(|f| {
                    let (o, k, _) = marked(f);
                    (o, k)
                })
                .collect()
        })
        .collect()
}

/// The state's prisoners: per holder, (owner, kind), in the state's order.
fn prisoners(state: &Map<String, Value>) -> Vec<Vec<(u8, String)>> {
    state["prisoners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            l.as_array()
                .unwrap()
                .iter()
                .map(|f| {
                    (
                        f["player"].as_u64().unwrap() as u8,
                        f["kind"].as_str().unwrap().to_string(),
                    )
                })
                .collect()
        })
        .collect()
}

#[test]
fn towers_heights_tops_and_prisoners_are_drawn_as_the_state_has_them() {
    let (seed, rec) = support::records::tower();
    let rules = rules();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    let data = viewer_data(&carcassonne::view::html(&tl));
    let steps = data["steps"].as_array().unwrap();
    let players = rec.players as usize;
    let (mut tops, mut held_seen, mut tall) = (0, 0, 0);
    for (k, step) in tl.steps.iter().enumerate() {
        let board = svg::board(rules, &lays, &tl.board_view(k, &lays));
        let state = &step.state;
        // Every tower of a piece or more, in the middle of its tile, with
        // its height on its badge and its top's follower standing above it.
        let want: Vec<&Value> = state["towers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["height"].as_u64().unwrap() > 0)
            .collect();
        let drawn = towers(&board);
        assert_eq!(drawn.len(), want.len(), "seed {seed} step {k}");
        for (d, t) in drawn.iter().zip(&want) {
            let c = cell_centre(
                t["x"].as_i64().unwrap() as i16,
                t["y"].as_i64().unwrap() as i16,
            );
            assert_eq!(d.at, (c.x, c.y), "step {k}");
            let h = t["height"].to_string();
            assert_eq!(
                (&d.label, &d.badge),
                (&h, &h),
                "step {k}: tower at {:?}",
                d.at
            );
            tall += usize::from(t["height"].as_u64().unwrap() > 1);
            match (&d.top, t["top"].as_object()) {
                (None, None) => {}
                (Some((p, kind, at)), Some(top)) => {
                    assert_eq!(u64::from(*p), top["player"].as_u64().unwrap(), "step {k}");
                    assert_eq!(kind, top["kind"].as_str().unwrap(), "step {k}");
                    assert_eq!(at.0, c.x);
                    assert!(
                        at.1 < c.y - 16.0,
                        "step {k}: the top's follower stands on the tower"
                    );
                    tops += 1;
                }
                other => panic!("step {k}: top drawn {:?}, state {:?}", other.0, other.1),
            }
        }
        // Each player's prisoners beside their captor's score, in their
        // owners' colours.
        let got = held(&board, players);
        assert_eq!(got, prisoners(state), "seed {seed} step {k}");
        held_seen += got.iter().map(Vec::len).sum::<usize>();
        let doc = Document::parse(&board).unwrap();
        for g in doc
            .descendants()
            .filter(|n| n.attribute("data-held").is_some())
        {
            let (_, y) = translate(g.attribute("transform").unwrap());
            let p: f64 = g.attribute("data-held").unwrap().parse().unwrap();
            // The score line's baseline is at 72 + 20 p.
            assert!(
                (y - (72.0 + 20.0 * p)).abs() < 10.0,
                "step {k}: held at y {y}"
            );
            for f in g
                .children()
                .filter(|c| c.attribute("data-player").is_some())
            {
                let owner: u8 = f.attribute("data-player").unwrap().parse().unwrap();
                let u = f.first_child().unwrap();
                assert_eq!(u.attribute("fill"), Some(paint::colour(owner)));
            }
        }
        // The viewer's step: labels, tops and prisoners alike.
        let d = &steps[k];
        let neutral: Vec<&Value> = d["neutral"]
            .as_array()
            .map(|a| a.iter().filter(|n| n[0] == "tower").collect())
            .unwrap_or_default();
        assert_eq!(neutral.len(), drawn.len(), "step {k}");
        for (n, t) in neutral.iter().zip(&drawn) {
            assert_eq!(n[4][0].as_str().unwrap(), t.label);
            assert_eq!(n[5].is_null(), t.top.is_none());
            if let Some((p, _, at)) = &t.top {
                assert_eq!(n[5][0].as_u64().unwrap(), u64::from(*p));
                assert_eq!((n[5][1].as_f64().unwrap(), n[5][2].as_f64().unwrap()), *at);
            }
        }
        let held_json: Vec<Vec<u8>> = d["held_figures"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                l.as_array()
                    .unwrap()
                    .iter()
                    .map(|h| {
                        assert_eq!(h[0], "prisoners");
                        h[1].as_u64().unwrap() as u8
                    })
                    .collect()
            })
            .collect();
        let owners: Vec<Vec<u8>> = got
            .iter()
            .map(|l| l.iter().map(|f| f.0).collect())
            .collect();
        assert_eq!(held_json, owners, "step {k}");
    }
    assert!(
        tops > 0 && held_seen > 0 && tall > 0,
        "seed {seed}: {tops} tops, {held_seen} prisoners, {tall} tall towers"
    );
}

/// At the end of every turn the viewer's state is the engine's, replaying
/// the record cut there: the towers and prisoners drawn are the game's.
#[test]
fn each_turn_shows_the_towers_and_prisoners_the_engine_has() {
    let (seed, rec) = support::records::tower();
    let rules = rules();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    for turn in 0..tl.placements {
        let k = tl.step_after_turn(turn).unwrap();
        let g = support::records::after(&rec, rules, turn);
        let mut state = Map::new();
        g.state_json(&mut state);
        for key in ["towers", "prisoners", "tower_pieces"] {
            assert_eq!(
                tl.steps[k].state[key], state[key],
                "seed {seed} turn {turn}: {key}"
            );
        }
    }
}

/// `play` says in words what the board draws: each tower's height and top,
/// each captor's prisoners.
#[test]
fn play_says_the_towers_and_prisoners() {
    let (seed, rec) = support::records::tower();
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["play", "--ruleset", "base_tower", "--players", "3"])
        .args(["--bots", "random", "--seed", &seed.to_string()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let tl = Timeline::new(rec, rules()).unwrap();
    let state = &tl.steps.last().unwrap().state;
    for t in state["towers"].as_array().unwrap() {
        let h = t["height"].as_u64().unwrap();
        if h == 0 {
            continue;
        }
        let line = format!(
            "tower at ({}, {}): {h} piece{}",
            t["x"],
            t["y"],
            if h == 1 { "" } else { "s" }
        );
        assert!(text.contains(&line), "{line}: {text}");
    }
    for (p, held) in prisoners(state).iter().enumerate() {
        let words: Vec<String> = held
            .iter()
            .map(|(o, k)| {
                let label = carcassonne_runtime::engine::FollowerKind::from_name(k)
                    .unwrap()
                    .def()
                    .label;
                format!("P{o}'s {label}")
            })
            .collect();
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("P{p} holds tower pieces")))
            .unwrap_or_else(|| panic!("P{p}: {text}"));
        if held.is_empty() {
            assert!(!line.contains("prisoners"), "{line}");
        } else {
            assert!(
                line.ends_with(&format!(" · prisoners {}", words.join(", "))),
                "{line}"
            );
        }
    }
}
