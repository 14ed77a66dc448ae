//! The King and the Robber Baron on boards, in the viewer, in `play`'s output
//! and in `simulate`'s columns: a bot game of `base_king_robber` in which the
//! King changes hands (found by `support::records::first_game`), checked step
//! by step against the engine replaying the record cut at that step.

use std::process::Command;

use carcassonne::geom;
use carcassonne::svg;
use carcassonne::timeline::Timeline;
use carcassonne_runtime::bots::BotKind;
use carcassonne_runtime::engine::Game;
use carcassonne_runtime::record::{self, Record};
use support::records::viewer_data;

mod support;

fn rules() -> &'static carcassonne_runtime::Ruleset {
    carcassonne_runtime::ruleset("base_king_robber").unwrap()
}

/// The game after the record's first `placed` tiles.
fn after(rec: &Record, placed: usize) -> Game {
    support::records::after(rec, rules(), placed)
}

/// Holders of the King over a whole record, one per tile placed.
fn kings(rec: &Record) -> Vec<Option<u8>> {
    let placed = rec.turns.iter().filter(|t| t.tile.is_some()).count();
    (0..=placed)
        .map(|k| after(rec, k).king().map(|c| c.0))
        .collect()
}

/// A game in which the King goes to one player and later to the other.
fn game() -> (u64, Record) {
    support::records::first_game(
        "base_king_robber",
        &[BotKind::Random, BotKind::Greedy],
        "the King changing hands",
        |rec| {
            let holders: Vec<u8> = kings(rec).into_iter().flatten().collect();
            holders.windows(2).any(|w| w[0] != w[1])
        },
    )
}

/// The text after player `p`'s score on a board (`data-holdings`), or "".
fn holdings(svg_text: &str, p: usize) -> String {
    let doc = roxmltree::Document::parse(svg_text).unwrap();
    doc.descendants()
        .find(|n| n.attribute("data-holdings") == Some(p.to_string().as_str()))
        .and_then(|n| n.text())
        .unwrap_or("")
        .to_string()
}

#[test]
fn boards_and_viewer_show_who_holds_the_king_and_the_robber_baron() {
    let (seed, rec) = game();
    let rules = rules();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    let data = viewer_data(&carcassonne::view::html(&tl));
    let shown = data["steps"].as_array().unwrap();
    assert_eq!(shown.len(), tl.steps.len());
    let mut handed = 0;
    let mut last: Option<u8> = None;
    for (k, (step, view)) in tl.steps.iter().zip(shown).enumerate() {
        let g = after(&rec, step.turn);
        let (king, robber) = (g.king(), g.robber_baron());
        // The module's state and what it shows, as the engine has them.
        let mut state = serde_json::Map::new();
        g.state_json(&mut state);
        if !step.is_final {
            assert_eq!(step.state, state, "seed {seed} step {k}");
        }
        if king.map(|c| c.0) != last && last.is_some() {
            handed += 1;
        }
        last = king.map(|c| c.0);
        let board = svg::board(rules, &lays, &tl.board_view(k, &lays));
        for p in 0..2u8 {
            let text = holdings(&board, p as usize);
            let viewer = view["held"][p as usize]["cards"].as_str().unwrap();
            assert_eq!(viewer, tl.holding(k, p as usize, "cards"));
            match king {
                Some((h, size)) if h == p => {
                    let want = format!("King (city of {size} tiles)");
                    assert!(text.contains(&want), "step {k} P{p}: {text:?}");
                    assert!(viewer.contains(&want), "step {k} P{p}: {viewer:?}");
                }
                _ => {
                    assert!(!text.contains("King"), "step {k} P{p}: {text:?}");
                    assert!(!viewer.contains("King"), "step {k} P{p}: {viewer:?}");
                }
            }
            match robber {
                Some((h, size)) if h == p => {
                    let want = format!("Robber Baron (road of {size} tiles)");
                    assert!(text.contains(&want), "step {k} P{p}: {text:?}");
                    assert!(viewer.contains(&want), "step {k} P{p}: {viewer:?}");
                }
                _ => assert!(!viewer.contains("Robber"), "step {k} P{p}: {viewer:?}"),
            }
        }
        let json_king = &view["state"]["king"];
        match king {
            Some((p, size)) => {
                assert_eq!(json_king, &serde_json::json!({ "player": p, "size": size }))
            }
            None => assert!(json_king.is_null(), "step {k}"),
        }
    }
    assert!(handed > 0, "seed {seed}: the King never changed hands");
    // The final scoring names the cards' points: the holder's 1 per city.
    let end = tl.steps.last().unwrap();
    assert!(end.is_final);
    let g = after(&rec, tl.placements);
    let (cities, _) = g.completed_cities_roads();
    let (holder, _) = g.king().unwrap();
    let line = format!("P{holder} +{cities} for a city (king)");
    assert!(end.event_lines.contains(&line), "{:?}", end.event_lines);
}

#[test]
fn the_viewer_has_a_cards_line_per_seat_only_where_king_and_robber_is_played() {
    let (_, rec) = game();
    let html = carcassonne::view::html(&Timeline::new(rec, rules()).unwrap());
    for p in 0..2 {
        // Empty at the start: nobody holds a card yet.
        assert!(
            html.contains(&format!(r#"<div class="held" id="held-cards-{p}"></div>"#)),
            "seat {p}"
        );
    }
    let data = viewer_data(&html);
    assert_eq!(data["held_keys"], serde_json::json!(["cards"]));
    // Who holds the cards and what they pay, under the events.
    assert!(html.contains(r#"<div id="notes"></div>"#));
    let notes = data["steps"][0]["notes"].as_array().unwrap();
    assert_eq!(
        notes,
        &[serde_json::json!(
            "King: nobody (0 cities completed) · Robber Baron: nobody (0 roads completed)"
        )]
    );
    let base = carcassonne_runtime::ruleset("base").unwrap();
    let rec = carcassonne::play::play(base, 2, 1, &[BotKind::Random; 2], true).unwrap();
    let html = carcassonne::view::html(&Timeline::new(rec, base).unwrap());
    assert!(!html.contains(r#"id="held-"#));
    let data = viewer_data(&html);
    for key in ["held", "notes", "state"] {
        assert!(data["steps"][1].get(key).is_none(), "{key}");
    }
}

#[test]
fn play_prints_the_holders_at_the_end() {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .current_dir(support::root())
        .args([
            "play",
            "--ruleset",
            "base_king_robber",
            "--players",
            "2",
            "--seed",
            "3",
            "--bots",
            "greedy,random",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let rec =
        carcassonne::play::play(rules(), 2, 3, &[BotKind::Greedy, BotKind::Random], true).unwrap();
    let g = record::replay(&rec, rules(), false).unwrap().game;
    let line = g.shown().notes[0].clone();
    assert!(text.lines().any(|l| l == line), "{line:?} not in\n{text}");
    let (p, size) = g.king().expect("the greedy bot completes cities");
    let (cities, _) = g.completed_cities_roads();
    assert!(line.starts_with(&format!(
        "King: P{p} (city of {size} tiles; {cities} cities completed)"
    )));
    // The final scoring line names the cards' points.
    let fin = text
        .lines()
        .find(|l| l.starts_with("final scoring:"))
        .unwrap();
    assert!(fin.contains(&format!("P{p} +{cities} king")), "{fin}");
    // The base game prints no such line.
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .current_dir(support::root())
        .args(["play", "--ruleset", "base", "--players", "2", "--seed", "3"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains("King:"));
}

#[test]
fn simulate_lists_the_cards_points_apart() {
    let rules = rules();
    let bots = [BotKind::Greedy, BotKind::Random];
    let results: Vec<_> = (0..20)
        .map(|i| carcassonne::simulate::play_one(rules, &bots, i).unwrap())
        .collect();
    let s = carcassonne::simulate::summary(rules, &bots, 1, &results);
    let by = &s["points_by_feature"];
    assert!(by["king"].as_f64().unwrap() > 0.0, "{by}");
    assert!(by.get("robber-baron").is_some(), "{by}");
    // The cards' points are not counted again as city or road points: each
    // seat's columns add up to its mean score.
    for seat in s["seats"].as_array().unwrap() {
        let sum: f64 = seat["points_by_feature"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_f64().unwrap())
            .sum();
        assert!(
            (sum - seat["mean"].as_f64().unwrap()).abs() < 0.01,
            "{seat}"
        );
    }
    let base = carcassonne_runtime::ruleset("base").unwrap();
    let r: Vec<_> = (0..3)
        .map(|i| carcassonne::simulate::play_one(base, &bots, i).unwrap())
        .collect();
    let s = carcassonne::simulate::summary(base, &bots, 1, &r);
    assert!(s["points_by_feature"].get("king").is_none());
}
