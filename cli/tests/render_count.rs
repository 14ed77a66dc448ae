//! The City of Carcassonne on boards, in the viewer and in `play`'s words:
//! bot games of `base_count_king_robber` and `everything_c1` in which
//! figures go into the City's quarters and come out (found by
//! `support::records::count`), checked at every step against the modules'
//! public state (`state_json`: the Count's quarter and each player's
//! figures per quarter), and at the end of every turn of the first game
//! against the engine replaying the record cut there. The drawing code
//! names neither the City nor the Count: it draws `Shown::areas`.

use std::process::Command;

use carcassonne::geom;
use carcassonne::paint;
use carcassonne::svg;
use carcassonne::timeline::Timeline;
use roxmltree::{Document, Node};
use serde_json::Value;
use support::records::viewer_data;
use support::translate;

mod support;

/// The quarters in the seed's order (000_9deb58b1a7d17d38.txt L1929-L1935).
const QUARTERS: [&str; 4] = ["castle", "market", "blacksmith", "cathedral"];
const CITY: &str = "City of Carcassonne";

/// The box of the first `rect` under `n`: x, y, width, height.
fn first_rect(n: Node) -> [f64; 4] {
    let r = n
        .children()
        .find(|c| c.tag_name().name() == "rect")
        .unwrap();
    ["x", "y", "width", "height"].map(|a| r.attribute(a).unwrap().parse().unwrap())
}

fn inside(b: [f64; 4], (x, y): (f64, f64)) -> bool {
    x >= b[0] && x <= b[0] + b[2] && y >= b[1] && y <= b[1] + b[3]
}

/// A section as a board draws it: its name, box, and its figures' owners
/// and points.
struct Drawn {
    name: String,
    rect: [f64; 4],
    figures: Vec<(u8, (f64, f64))>,
}

/// The City's block on a board (its box) and its sections, in order.
fn city(svg_text: &str) -> ([f64; 4], Vec<Drawn>) {
    let doc = Document::parse(svg_text).unwrap();
    let blocks: Vec<Node> = doc
        .descendants()
        .filter(|n| n.attribute("data-area").is_some())
        .collect();
    assert_eq!(blocks.len(), 1, "one block on the board");
    assert_eq!(blocks[0].attribute("data-area"), Some(CITY));
    let sections = blocks[0]
        .children()
        .filter(|n| n.attribute("data-section").is_some())
        .map(|s| Drawn {
            name: s.attribute("data-section").unwrap().to_string(),
            rect: first_rect(s),
            figures: s
                .children()
                .filter(|f| f.attribute("data-player").is_some())
                .map(|f| {
                    let u = f.children().find(|u| u.tag_name().name() == "use").unwrap();
                    (
                        f.attribute("data-player").unwrap().parse().unwrap(),
                        translate(u.attribute("transform").unwrap()),
                    )
                })
                .collect(),
        })
        .collect();
    (first_rect(blocks[0]), sections)
}

/// Where the board draws the Count.
fn counts(svg_text: &str) -> Vec<(f64, f64)> {
    let doc = Document::parse(svg_text).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("data-neutral") == Some("count"))
        .map(|n| translate(n.attribute("transform").unwrap()))
        .collect()
}

/// `state_json`'s figures of player `p` in quarter `q`.
fn in_quarter(state: &serde_json::Map<String, Value>, p: usize, q: &str) -> usize {
    state["city"][p][q].as_u64().unwrap() as usize
}

/// Every step's board and viewer step agree with the step's state; returns
/// how many steps had a figure in the City.
fn check_game(ruleset: &str) -> (u64, usize) {
    let (seed, rec) = support::records::count(ruleset);
    let rules = carcassonne_runtime::ruleset(ruleset).unwrap();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    let data = viewer_data(&carcassonne::view::html(&tl));
    let steps = data["steps"].as_array().unwrap();
    // The City's tiles: its set's, the start block.
    let cells: Vec<(i16, i16)> = tl
        .start
        .iter()
        .filter(|t| rules.tiles[t.tile as usize].id.starts_with("CO/"))
        .map(|t| (t.x, t.y))
        .collect();
    assert_eq!(cells.len(), 12);
    let (x0, y0) = cells
        .iter()
        .fold((i16::MAX, i16::MAX), |(a, b), &(x, y)| (a.min(x), b.min(y)));
    let (x1, y1) = cells
        .iter()
        .fold((i16::MIN, i16::MIN), |(a, b), &(x, y)| (a.max(x), b.max(y)));
    let mut occupied = 0;
    for (k, step) in tl.steps.iter().enumerate() {
        let v = tl.board_view(k, &lays);
        let board = svg::board(rules, &lays, &v);
        let (block, sections) = city(&board);
        let names: Vec<&str> = sections.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, QUARTERS, "step {k}");
        // Inside the City's tiles, leaving their rim (the outer landscape,
        // played as normal tiles, L1943-L1951) and every figure there in
        // sight.
        let (bx0, by0) = (f64::from(x0) * 100.0, f64::from(y0) * 100.0);
        let (bx1, by1) = (f64::from(x1 + 1) * 100.0, f64::from(y1 + 1) * 100.0);
        assert!(
            block[0] > bx0 + 40.0
                && block[1] > by0 + 40.0
                && block[0] + block[2] < bx1 - 40.0
                && block[1] + block[3] < by1 - 40.0,
            "step {k}: block {block:?} in {bx0} {by0} {bx1} {by1}"
        );
        for f in &v.followers {
            let p = (f.follower.at.x, f.follower.at.y);
            let grown = [
                block[0] - 8.0,
                block[1] - 8.0,
                block[2] + 16.0,
                block[3] + 16.0,
            ];
            assert!(
                !inside(grown, p),
                "step {k}: a figure at {p:?} is under the City"
            );
        }
        // The figures in each quarter are the state's, in their owners'
        // colours, inside their quarter.
        let state = &step.state;
        for s in &sections {
            for p in 0..rec.players as usize {
                let drawn = s.figures.iter().filter(|f| usize::from(f.0) == p).count();
                assert_eq!(
                    drawn,
                    in_quarter(state, p, &s.name),
                    "ruleset {ruleset} seed {seed} step {k}: P{p} in the {}",
                    s.name
                );
                occupied += drawn;
            }
            for f in &s.figures {
                assert!(
                    inside(s.rect, f.1),
                    "step {k}: {} figure at {:?}",
                    s.name,
                    f.1
                );
            }
        }
        let doc = Document::parse(&board).unwrap();
        for f in doc.descendants().filter(|n| {
            n.attribute("data-player").is_some()
                && n.parent()
                    .is_some_and(|p| p.attribute("data-section").is_some())
        }) {
            let u = f.first_child().unwrap();
            let p: usize = f.attribute("data-player").unwrap().parse().unwrap();
            assert_eq!(u.attribute("fill"), Some(paint::colour(p as u8)));
        }
        // The Count stands in its quarter (from the start, on the castle,
        // L1937), once.
        let quarter = state["count"].as_str().unwrap();
        if k == 0 {
            assert_eq!(quarter, "castle");
        }
        let at = counts(&board);
        assert_eq!(at.len(), 1, "step {k}");
        let q = sections.iter().find(|s| s.name == quarter).unwrap();
        assert!(
            inside(q.rect, at[0]),
            "step {k}: the Count at {:?} not in the {quarter}",
            at[0]
        );
        // The viewer's step: the same block, sections, figures and Count.
        let d = &steps[k];
        let areas = d["areas"].as_array().unwrap();
        assert_eq!(areas.len(), 1);
        assert_eq!(areas[0]["name"], CITY);
        let b = |v: &Value| -> [f64; 4] {
            let a = v.as_array().unwrap();
            [0, 1, 2, 3].map(|i| a[i].as_f64().unwrap())
        };
        assert_eq!(b(&areas[0]["box"]), block, "step {k}");
        for (s, ds) in sections
            .iter()
            .zip(areas[0]["sections"].as_array().unwrap())
        {
            assert_eq!(ds["name"], s.name.as_str());
            assert_eq!(b(&ds["box"]), s.rect);
            let owners: Vec<u8> = ds["figures"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f[0].as_u64().unwrap() as u8)
                .collect();
            assert_eq!(owners, s.figures.iter().map(|f| f.0).collect::<Vec<_>>());
        }
        let count = d["neutral"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n[0] == "count")
            .unwrap();
        let c = (count[1].as_f64().unwrap(), count[2].as_f64().unwrap());
        assert_eq!(c, at[0]);
    }
    (seed, occupied)
}

#[test]
fn the_city_is_drawn_with_its_quarters_the_count_and_the_figures_in_them() {
    let (seed, occupied) = check_game("base_count_king_robber");
    assert!(
        occupied > 0,
        "seed {seed}: some step has a figure in the City"
    );
}

/// With every set: the City beside the towers, the river and the rest.
#[test]
fn the_city_is_drawn_in_everything_c1_too() {
    let (seed, occupied) = check_game("everything_c1");
    assert!(
        occupied > 0,
        "seed {seed}: some step has a figure in the City"
    );
}

/// The viewer's steps show the game the engine has at the end of each
/// turn, replaying the record cut there: the Count's quarter and each
/// player's figures per quarter.
#[test]
fn each_turn_shows_the_city_the_engine_has() {
    let (seed, rec) = support::records::count("base_count_king_robber");
    let rules = carcassonne_runtime::ruleset("base_count_king_robber").unwrap();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    for turn in 0..tl.placements {
        let k = tl.step_after_turn(turn).unwrap();
        let g = support::records::after(&rec, rules, turn);
        let mut state = serde_json::Map::new();
        g.state_json(&mut state);
        for key in ["count", "city"] {
            assert_eq!(
                tl.steps[k].state[key], state[key],
                "seed {seed} turn {turn}: {key}"
            );
        }
    }
}

/// `play` says in words what the board draws: the Count's quarter and each
/// player's figures in the City (`P1 holds in the City: cathedral 1`), as
/// the final state has them.
#[test]
fn play_says_where_the_count_is_and_who_is_in_the_city() {
    let (seed, rec) = support::records::count("base_count_king_robber");
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args([
            "play",
            "--ruleset",
            "base_count_king_robber",
            "--players",
            "3",
        ])
        .args(["--bots", "greedy", "--seed", &seed.to_string()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let rules = carcassonne_runtime::ruleset("base_count_king_robber").unwrap();
    let tl = Timeline::new(rec, rules).unwrap();
    let state = &tl.steps.last().unwrap().state;
    let quarter = state["count"].as_str().unwrap();
    assert!(
        text.contains(&format!("The Count is in the {quarter}\n")),
        "{text}"
    );
    for p in 0..3 {
        let parts: Vec<String> = QUARTERS
            .iter()
            .filter(|q| in_quarter(state, p, q) > 0)
            .map(|q| format!("{q} {}", in_quarter(state, p, q)))
            .collect();
        let line = format!("P{p} holds in the City: {}", parts.join(" · "));
        assert_eq!(text.contains(&line), !parts.is_empty(), "P{p}: {text}");
    }
}
