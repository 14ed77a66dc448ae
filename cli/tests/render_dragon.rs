//! The Princess & the Dragon on boards, in the viewer, in `play` and in
//! `simulate`: a bot game of `base_princess_dragon` with a tile set aside,
//! the dragon moving, the fairy and the princess (found by
//! `support::records::princess_dragon`), checked step by step against the
//! engine replaying the record cut at that step. Nothing here names the
//! modules' code: what is drawn comes from what they show (`Game::shown`).

use carcassonne::geom;
use carcassonne::svg;
use carcassonne::timeline::{cell_centre, Timeline};
use carcassonne_runtime::bots::BotKind;
use carcassonne_runtime::record;
use serde_json::Value;

mod support;

use support::{run, text, tmp};

use support::translate;

fn rules() -> &'static carcassonne_runtime::Ruleset {
    carcassonne_runtime::ruleset("base_princess_dragon").unwrap()
}

/// Where the board draws neutral figure `name`.
fn neutral_points(svg_text: &str, name: &str) -> Vec<(f64, f64)> {
    let doc = roxmltree::Document::parse(svg_text).unwrap();
    doc.descendants()
        .filter(|n| n.tag_name().name() == "use")
        .filter(|n| n.attribute("data-neutral") == Some(name))
        .map(|n| {
            assert_eq!(n.attribute("href"), Some(format!("#{name}").as_str()));
            translate(n.attribute("transform").unwrap())
        })
        .collect()
}

/// The points of trail `name`'s line on a board, in order.
fn trail_points(svg_text: &str, name: &str) -> Option<Vec<(f64, f64)>> {
    let doc = roxmltree::Document::parse(svg_text).unwrap();
    let g = doc
        .descendants()
        .find(|n| n.attribute("data-trail") == Some(name))?;
    let d = g
        .children()
        .find(|n| n.tag_name().name() == "path")
        .and_then(|n| n.attribute("d"))
        .unwrap();
    let nums: Vec<f64> = d
        .split(['M', 'L', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    Some(nums.chunks(2).map(|c| (c[0], c[1])).collect())
}

/// Whether step `k` answers a dragon's step itself.
fn moves_dragon(tl: &Timeline, k: usize) -> bool {
    tl.steps[k].actions.iter().any(|a| a.do_ == "dragon")
}

#[test]
fn the_dragon_its_path_and_the_fairy_are_drawn_where_the_engine_has_them() {
    let (seed, rec) = support::records::princess_dragon();
    let rules = rules();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    let boards: Vec<String> = (0..tl.steps.len())
        .map(|k| svg::board(rules, &lays, &tl.board_view(k, &lays)))
        .collect();
    let (mut dragons, mut paths, mut fairies) = (0, 0, 0);
    for k in 0..tl.steps.len() - 1 {
        let step = &tl.steps[k];
        let board = &boards[k];
        let dragon = neutral_points(board, "dragon");
        assert!(dragon.len() <= 1, "step {k}: {dragon:?}");
        assert_eq!(board.contains(r#"<g id="dragon">"#), !dragon.is_empty());
        // The last step of a turn (its answers after the scoring are steps
        // of their own) shows the game as the engine has it after that
        // turn: the dragon, once in play, in the middle of its tile. (The
        // last turn's shows the figures before the final scoring.)
        if tl.step_after_turn(step.turn) == Some(k) && step.turn < tl.placements {
            let g = support::records::after(&rec, rules, step.turn);
            let mut state = serde_json::Map::new();
            g.state_json(&mut state);
            match state["dragon"].as_object() {
                Some(at) => {
                    let (x, y) = (at["x"].as_i64().unwrap(), at["y"].as_i64().unwrap());
                    let c = cell_centre(x as i16, y as i16);
                    assert_eq!(dragon, vec![(c.x, c.y)], "seed {seed} step {k}");
                    dragons += 1;
                }
                None => assert!(dragon.is_empty(), "step {k}"),
            }
            // The fairy: beside the follower it stands next to (a little
            // past its tile, maybe), else in the middle of its tile.
            let fairy = neutral_points(board, "fairy");
            match state["fairy"].as_object() {
                Some(at) => {
                    assert_eq!(fairy.len(), 1, "step {k}");
                    let (x, y) = (at["x"].as_f64().unwrap(), at["y"].as_f64().unwrap());
                    let (fx, fy) = fairy[0];
                    assert!(
                        (x * 100.0 - 20.0..x * 100.0 + 120.0).contains(&fx)
                            && (y * 100.0 - 20.0..y * 100.0 + 120.0).contains(&fy),
                        "step {k}: fairy drawn at {fairy:?}, on tile ({x}, {y})"
                    );
                    if at["beside"].is_null() {
                        let c = cell_centre(x as i16, y as i16);
                        assert_eq!((fx, fy), (c.x, c.y), "step {k}");
                    }
                    fairies += 1;
                }
                None => assert!(fairy.is_empty(), "step {k}"),
            }
        }
        // Its path, in a step it moved in: from where it stood after the
        // turn before (a ring), a tile at a time, to where it stands. One
        // way open is taken at once, unasked, so a path may come without
        // an answer.
        match trail_points(board, "dragon") {
            Some(points) => {
                assert_eq!(points.last(), dragon.first(), "step {k}");
                for w in points.windows(2) {
                    let d = (w[0].0 - w[1].0).abs() + (w[0].1 - w[1].1).abs();
                    assert_eq!(d, 100.0, "step {k}: {points:?}");
                }
                let before = tl.step_after_turn(step.turn - 1).unwrap();
                assert_eq!(
                    neutral_points(&boards[before], "dragon").first(),
                    points.first(),
                    "step {k}"
                );
                assert!(board.contains("<circle"), "the start is marked");
                paths += 1;
            }
            None => assert!(!moves_dragon(&tl, k), "step {k}: the dragon moved, no path"),
        }
    }
    assert!(dragons > 0 && paths > 0 && fairies > 0, "seed {seed}");
    // The final scoring moves nothing: no path.
    let end = tl.board_view(tl.steps.len() - 1, &lays);
    assert!(end.trails.is_empty());
}

#[test]
fn set_aside_tiles_the_princess_and_the_dragons_meals_are_told() {
    let (seed, rec) = support::records::princess_dragon();
    let rules = rules();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    // A tile set aside is told with the next step, like a discard.
    let aside: Vec<&str> = rec
        .turns
        .iter()
        .filter_map(|t| t.set_aside.as_deref())
        .collect();
    let told: Vec<&str> = tl
        .steps
        .iter()
        .flat_map(|s| s.set_aside.iter().map(String::as_str))
        .collect();
    assert_eq!(told, aside, "seed {seed}");
    let k = tl
        .steps
        .iter()
        .position(|s| !s.set_aside.is_empty())
        .unwrap();
    let v = tl.board_view(k, &lays);
    assert!(
        v.events
            .iter()
            .any(|e| e == &format!("{} was drawn and set aside, to come back later", aside[0])),
        "{:?}",
        v.events
    );
    // The princess: the step says whose follower went home, and it is no
    // longer on the board.
    let i = tl
        .steps
        .iter()
        .position(|s| s.actions.iter().any(|a| a.do_ == "princess"))
        .unwrap()
        - 1;
    let a = tl.steps[i + 1]
        .actions
        .iter()
        .find(|a| a.do_ == "princess")
        .unwrap();
    let f = a.args["figure"].as_object().unwrap();
    let (x, y) = (f["x"].as_i64().unwrap(), f["y"].as_i64().unwrap());
    let owner = f["player"].as_u64().unwrap();
    let d = tl.describe(i + 1);
    let said =
        format!("; sends home with the princess P{owner}'s follower on the city at ({x}, {y})");
    assert!(d.contains(&said), "{d}");
    let on = |s: usize| {
        tl.steps[s]
            .followers
            .iter()
            .filter(|g| {
                u64::from(g.player) == owner && (i64::from(g.on.x), i64::from(g.on.y)) == (x, y)
            })
            .count()
    };
    assert_eq!(on(i + 1) + 1, on(i), "step {}", i + 1);
    // What the dragon ate, per player, as the engine counts it.
    let end = tl.steps.last().unwrap();
    let g = record::replay(&rec, rules, false).unwrap().game;
    assert_eq!(end.tallies, g.shown().tallies);
    assert!(end.tallies.iter().all(|t| t.key == "eaten"));
    assert_eq!(end.tallies.len(), rec.players as usize);
    // Nobody holds anything in this ruleset.
    assert!(tl.held_keys.is_empty());
}

#[test]
fn render_game_and_the_viewer_draw_the_same_dragon() {
    let (_, rec) = support::records::princess_dragon();
    let rules = rules();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    let f = tmp("pd.json");
    std::fs::write(&f, serde_json::to_vec(&rec).unwrap()).unwrap();
    // The first step with a path, through `render game`.
    let k = (0..tl.steps.len())
        .find(|&k| !tl.steps[k].trails.is_empty())
        .unwrap();
    let turn = tl.steps[k].turn;
    let out = tmp("pd.svg");
    let o = run(&[
        "render",
        "game",
        f.to_str().unwrap(),
        "--turn",
        &turn.to_string(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let s = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        s,
        svg::board(
            rules,
            &lays,
            &tl.board_view(tl.step_after_turn(turn).unwrap(), &lays)
        )
    );
    assert!(s.contains(r#"data-trail="dragon""#) && s.contains(r#"data-neutral="dragon""#));
    // The viewer: the shapes once, a legend entry each, and per step the
    // neutral figures and paths the board draws.
    let out = tmp("pd.html");
    let o = run(&["view", f.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    for name in ["dragon", "fairy"] {
        assert_eq!(html.matches(&format!(r#"<g id="{name}">"#)).count(), 1);
        assert!(html.contains(&format!(
            r##"<use href="#{name}" fill="#8a8a8a"/></svg>{name}</span>"##
        )));
    }
    assert!(html.contains(r#"<g id="trails"></g>"#) && html.contains(r#"<g id="neutral"></g>"#));
    let data = support::records::viewer_data(&html);
    let steps = data["steps"].as_array().unwrap();
    assert_eq!(steps.len(), tl.steps.len());
    for (k, s) in steps.iter().enumerate() {
        let v = tl.board_view(k, &lays);
        let names: Vec<&str> = s["neutral"]
            .as_array()
            .map(|a| a.iter().map(|n| n[0].as_str().unwrap()).collect())
            .unwrap_or_default();
        let want: Vec<&str> = v.neutral.iter().map(|n| n.def.name).collect();
        assert_eq!(names, want, "step {k}");
        let points = s["trails"][0]["points"].as_array().map_or(0, Vec::len);
        assert_eq!(
            points,
            v.trails.first().map_or(0, |t| t.points.len()),
            "step {k}"
        );
    }
}

#[test]
fn play_prints_what_the_dragon_ate() {
    let o = run(&[
        "play",
        "--ruleset",
        "base_princess_dragon",
        "--players",
        "3",
        "--seed",
        "1",
        "--bots",
        "random,greedy,random",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let rec = carcassonne::play::play(
        rules(),
        3,
        1,
        &[BotKind::Random, BotKind::Greedy, BotKind::Random],
        true,
    )
    .unwrap();
    let g = record::replay(&rec, rules(), false).unwrap().game;
    let want = carcassonne::play::tally_lines(&g.shown().tallies);
    assert_eq!(want.len(), 1);
    assert!(want[0].starts_with("eaten: P0 "), "{want:?}");
    assert!(out.lines().any(|l| l == want[0]), "{want:?} not in\n{out}");
    assert!(out.contains(" moves the dragon "), "{out}");
}

#[test]
fn simulate_lists_the_fairys_points_and_the_dragons_meals() {
    let json = tmp("pd-sim.json");
    let o = run(&[
        "simulate",
        "--ruleset",
        "base_princess_dragon",
        "--games",
        "12",
        "--bots",
        "random,greedy,random",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let table = text(&o.stdout);
    let head = table.lines().find(|l| l.starts_with("seat")).unwrap();
    assert!(
        head.contains(" fairy  | ") && head.ends_with(" eaten"),
        "{head}"
    );
    assert!(
        table.contains("counts the modules keep per player (eaten)"),
        "{table}"
    );
    let v: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert!(
        v["points_by_feature"]["fairy"].as_f64().unwrap() > 0.0,
        "{v}"
    );
    let eaten = v["tallies"]["eaten"].as_f64().unwrap();
    let mut per_seat = 0.0;
    for s in v["seats"].as_array().unwrap() {
        // Points still add up to the mean: the fairy's are not counted again
        // on the features.
        let sum: f64 = s["points_by_feature"]
            .as_object()
            .unwrap()
            .values()
            .map(|x| x.as_f64().unwrap())
            .sum();
        assert!((sum - s["mean"].as_f64().unwrap()).abs() < 1e-2, "{s}");
        per_seat += s["tallies"]["eaten"].as_f64().unwrap();
    }
    assert!(eaten > 0.0 && (eaten - per_seat).abs() < 1e-3, "{v}");
    // The base game has neither.
    let base = carcassonne_runtime::ruleset("base").unwrap();
    let bots = [BotKind::Random, BotKind::Greedy];
    let r: Vec<_> = (0..3)
        .map(|i| carcassonne::simulate::play_one(base, &bots, i).unwrap())
        .collect();
    let s = carcassonne::simulate::summary(base, &bots, 1, &r);
    assert!(s["points_by_feature"].get("fairy").is_none());
    assert!(s.get("tallies").is_none());
}
