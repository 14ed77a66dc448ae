//! The expansion figures, goods and turn parts on boards, in the viewer and
//! in the simulation summary: a Traders & Builders game with a builder, a
//! pig, a second tile and goods, and an Abbot game with an abbot taken back
//! (bot games found by `support::records`).

use std::path::PathBuf;

use carcassonne::geom;
use carcassonne::paint::colour;
use carcassonne::svg;
use carcassonne::timeline::Timeline;
use carcassonne_runtime::engine::FollowerKind;
use carcassonne_runtime::record::{self, Record};
use carcassonne_runtime::tables::{Kind, Ruleset};
use serde_json::Value;

mod support;

use support::{run, text, tmp};

fn write_record(name: &str, rec: &Record) -> PathBuf {
    let f = tmp(name);
    std::fs::write(&f, serde_json::to_vec(rec).unwrap()).unwrap();
    f
}

/// `<use>` elements of a board drawing `#shape`, as (fill, count).
fn uses_of(svg_text: &str, shape: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg_text).unwrap();
    doc.descendants()
        .filter(|n| n.tag_name().name() == "use")
        .filter(|n| n.attribute("href") == Some(&format!("#{shape}")))
        .map(|n| n.attribute("fill").unwrap_or("").to_string())
        .collect()
}

/// The fills of `kind`'s figures standing at step `k`, sorted.
fn fills(tl: &Timeline, k: usize, kind: FollowerKind) -> Vec<String> {
    let mut v: Vec<String> = tl.steps[k]
        .followers
        .iter()
        .filter(|f| f.kind == kind)
        .map(|f| colour(f.player).to_string())
        .collect();
    v.sort();
    v
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The board at step `k` as `render game` draws it.
fn board(tl: &Timeline, lays: &[geom::Layout], k: usize) -> String {
    svg::board(tl.rules, lays, &tl.board_view(k, lays))
}

fn segment_kind(rules: &Ruleset, tile: u16, segment: u8) -> Kind {
    rules.tiles[tile as usize].segments[segment as usize].kind
}

#[test]
fn builders_and_pigs_are_drawn_in_their_players_colours_beside_followers() {
    let (seed, rec) = support::records::traders_builders();
    let rules = carcassonne_runtime::ruleset("base_traders_builders").unwrap();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    let mut seen = [false; 2];
    for k in 0..tl.steps.len() {
        let step = &tl.steps[k];
        let builders = fills(&tl, k, FollowerKind::Builder);
        let pigs = fills(&tl, k, FollowerKind::Pig);
        let s = board(&tl, &lays, k);
        // Each figure by its own shape, in its owner's colour; followers
        // stay meeples.
        assert_eq!(
            sorted(uses_of(&s, "builder")),
            builders,
            "seed {seed} step {k}"
        );
        assert_eq!(sorted(uses_of(&s, "pig")), pigs, "seed {seed} step {k}");
        let meeples = step
            .followers
            .iter()
            .filter(|f| matches!(f.kind, FollowerKind::Normal | FollowerKind::Big))
            .count();
        assert_eq!(uses_of(&s, "meeple").len(), meeples, "step {k}");
        assert_eq!(s.contains(r#"<g id="builder">"#), !builders.is_empty());
        assert_eq!(s.contains(r#"<g id="pig">"#), !pigs.is_empty());
        seen[0] |= !builders.is_empty();
        seen[1] |= !pigs.is_empty();
        // A builder stands on a road or city, a pig on a field, each in a
        // feature that holds a follower of its owner.
        for f in &step.followers {
            let want = match f.kind {
                FollowerKind::Builder => &[Kind::Road, Kind::City][..],
                FollowerKind::Pig => &[Kind::Field][..],
                _ => continue,
            };
            let kind = segment_kind(rules, f.on.tile, f.segment);
            assert!(
                want.contains(&kind),
                "step {k}: a {:?} on a {kind:?}",
                f.kind
            );
        }
    }
    assert_eq!(seen, [true, true], "seed {seed}: a builder and a pig stand");
    // Two figures on one spot are moved apart; alone they stand on the
    // segment's own anchor.
    let v = tl.board_view(tl.steps.len() - 1, &lays);
    for (i, a) in v.followers.iter().enumerate() {
        for b in &v.followers[..i] {
            let (p, q) = (a.follower.at, b.follower.at);
            assert!(
                (p.x - q.x).abs() + (p.y - q.y).abs() > 1.0,
                "two figures drawn on one point {p:?}"
            );
        }
    }
}

#[test]
fn a_second_tile_shows_as_part_2_and_goods_are_counted_and_named() {
    let (seed, rec) = support::records::traders_builders();
    let rules = carcassonne_runtime::ruleset("base_traders_builders").unwrap();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    // The second tile taken, a step of its own after the turn's scoring,
    // then its part 2 with the same player.
    let k2 = tl
        .steps
        .iter()
        .position(|s| s.part == 2 && s.placed.is_some())
        .unwrap();
    let two = tl.steps[k2].turn;
    let taken = &tl.steps[k2 - 1];
    assert_eq!(
        tl.describe(k2 - 1),
        format!(
            "after turn {}: P{} second tile: yes",
            two - 1,
            taken.player.unwrap()
        ),
        "seed {seed}"
    );
    assert_eq!(tl.steps[k2].player, taken.player);
    let d = tl.describe(k2);
    assert!(
        d.starts_with(&format!("turn {two} of {} (part 2): P", tl.placements)),
        "{d}"
    );
    assert!(board(&tl, &lays, k2).contains(&d));
    // Other steps are part 1, and say so nowhere.
    let mut parts = [0, 0];
    for (k, s) in tl.steps.iter().enumerate() {
        parts[usize::from(s.part == 2)] += 1;
        if s.part == 1 {
            assert!(!tl.describe(k).contains("part"), "{}", tl.describe(k));
        }
    }
    let seconds = rec.turns.iter().filter(|t| t.part == Some(2)).count();
    assert_eq!(parts[1], seconds);
    // Goods: what the module shows each player holding is the engine's,
    // shown after the score.
    let done = record::replay(&rec, rules, false).unwrap().game;
    let last = tl.steps.len() - 1;
    let s = board(&tl, &lays, last);
    let shown = done.shown();
    for p in 0..rec.players {
        let h = shown
            .holdings
            .iter()
            .find(|h| h.player == p && h.key == "goods")
            .unwrap();
        assert!(h.text.starts_with("wine "), "{}", h.text);
        assert_eq!(tl.holding(last, p as usize, "goods"), h.text);
        assert!(
            s.contains(&format!(r#"data-holdings="{p}">· {}"#, h.text)),
            "P{p}: {}",
            h.text
        );
    }
    // Each player scores 10 for each good of which they hold the most
    // (000_9deb58b1a7d17d38.txt L926): as many goods events as goods led,
    // by the tokens the engine's state shows.
    let mut state = serde_json::Map::new();
    done.state_json(&mut state);
    let tokens: Vec<Vec<u64>> = state["goods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            ["wine", "grain", "cloth"]
                .map(|n| g[n].as_u64().unwrap())
                .to_vec()
        })
        .collect();
    assert!(tokens.iter().flatten().any(|&n| n > 0));
    let mut named = 0;
    for p in 0..rec.players {
        let leads = (0..3)
            .filter(|&k| {
                let most = tokens.iter().map(|t| t[k]).max().unwrap();
                most > 0 && tokens[p as usize][k] == most
            })
            .count();
        let lines: Vec<&String> = tl.steps[last]
            .events
            .iter()
            .zip(&tl.steps[last].event_lines)
            .filter(|(e, _)| e.reason == "goods" && e.player == p)
            .map(|(_, l)| l)
            .collect();
        assert_eq!(lines.len(), leads, "P{p}: {lines:?}");
        for l in lines {
            assert_eq!(l, &format!("P{p} +10 for a city (goods)"));
            named += 1;
        }
    }
    assert!(named > 0);
    // The same through `render game`: the part 2 board and the end.
    let f = write_record("tb.json", &rec);
    let out = tmp("tb-part2.svg");
    let o = run(&[
        "render",
        "game",
        f.to_str().unwrap(),
        "--turn",
        &two.to_string(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        board(&tl, &lays, k2)
    );
}

#[test]
fn the_viewer_shows_goods_supply_figures_and_part_2() {
    let (seed, rec) = support::records::traders_builders();
    let rules = carcassonne_runtime::ruleset("base_traders_builders").unwrap();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let f = write_record("tb-view.json", &rec);
    let out = tmp("tb.html");
    let o = run(&["view", f.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    for id in ["builder", "pig", "meeple"] {
        assert!(
            html.contains(&format!(r#"<g id="{id}">"#)),
            "the {id} shape"
        );
    }
    assert!(!html.contains(r#"<g id="abbot">"#), "no abbot in this game");
    assert!(html.contains(r#"id="figures""#), "a legend of the figures");
    // The scoreboard starts with the start's holdings.
    for p in 0..rec.players {
        assert!(html.contains(&format!(
            r#"<div class="held" id="held-goods-{p}">wine 0 · grain 0 · cloth 0</div>"#
        )));
        assert!(html.contains(&format!(
            r#"<div class="held" id="supply-{p}">in supply: 7 followers · 1 builder · 1 pig</div>"#
        )));
    }
    let d = support::records::viewer_data(&html);
    let steps = d["steps"].as_array().unwrap();
    assert_eq!(steps.len(), tl.steps.len());
    let done = record::replay(&rec, rules, false).unwrap().game;
    let last = steps.last().unwrap();
    let mut state = serde_json::Map::new();
    done.state_json(&mut state);
    assert_eq!(last["state"]["goods"], state["goods"]);
    assert_eq!(d["held_keys"], serde_json::json!(["goods"]));
    for p in 0..rec.players {
        let g = &state["goods"][p as usize];
        assert_eq!(
            last["held"][p as usize]["goods"],
            format!(
                "wine {} · grain {} · cloth {}",
                g["wine"], g["grain"], g["cloth"]
            )
        );
    }
    let mut parts = 0;
    let mut figures = [0; 2];
    for (k, s) in steps.iter().enumerate() {
        let step = &tl.steps[k];
        if step.part == 2 {
            parts += 1;
            assert_eq!(s["part"], 2);
            assert!(s["desc"].as_str().unwrap().contains("(part 2)"));
        } else {
            assert!(s.get("part").is_none());
        }
        // Supply by kind, as the engine counts it, and the figures by shape
        // with their owners.
        for (p, n) in step.supply.iter().enumerate() {
            assert_eq!(s["supply"][p], serde_json::json!(n));
        }
        for (i, fig) in step.followers.iter().enumerate() {
            let shape = match fig.kind {
                FollowerKind::Builder => Some("builder"),
                FollowerKind::Pig => Some("pig"),
                _ => None,
            };
            let got = &s["followers"][i];
            assert_eq!(got[0], fig.player);
            assert_eq!(
                got.get(5).and_then(Value::as_str),
                shape,
                "seed {seed} step {k}"
            );
            if let Some(sh) = shape {
                figures[usize::from(sh == "pig")] += 1;
            }
        }
        // The supply: 7 followers, a builder and a pig each, less what
        // stands on the board.
        for p in 0..rec.players {
            let standing = |kind| {
                step.followers
                    .iter()
                    .filter(|f| f.player == p && f.kind == kind)
                    .count() as u8
            };
            let n = step.supply[p as usize];
            assert_eq!(
                n[FollowerKind::Normal as usize] + standing(FollowerKind::Normal),
                7
            );
            assert_eq!(
                n[FollowerKind::Builder as usize] + standing(FollowerKind::Builder),
                1
            );
            assert_eq!(
                n[FollowerKind::Pig as usize] + standing(FollowerKind::Pig),
                1
            );
        }
    }
    assert!(parts > 0 && figures[0] > 0 && figures[1] > 0);
}

#[test]
fn the_abbot_is_drawn_on_its_cloister_or_garden_and_its_return_scores() {
    let (seed, rec) = support::records::abbot();
    let rules = carcassonne_runtime::ruleset("base_c2").unwrap();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    let placed: Vec<&record::TurnRec> =
        rec.turns.iter().filter(|t| t.discarded.is_none()).collect();
    let mut drawn = 0;
    for k in 0..tl.steps.len() {
        let abbots = fills(&tl, k, FollowerKind::Abbot);
        let s = board(&tl, &lays, k);
        assert_eq!(sorted(uses_of(&s, "abbot")), abbots, "seed {seed} step {k}");
        assert!(!s.contains("data-holdings"), "no goods in this game");
        drawn += abbots.len();
        for f in tl.steps[k]
            .followers
            .iter()
            .filter(|f| f.kind == FollowerKind::Abbot)
        {
            let kind = segment_kind(rules, f.on.tile, f.segment);
            assert!(matches!(kind, Kind::Cloister | Kind::Garden), "{kind:?}");
        }
        // A return: the step says so, scores its feature, and the player's
        // abbot leaves the board.
        let Some(entry) = k.checked_sub(1).and_then(|i| placed.get(i)) else {
            continue;
        };
        if entry
            .actions
            .iter()
            .flatten()
            .any(|a| a.do_ == "return-abbot")
        {
            assert!(
                tl.describe(k).contains("; takes the abbot back"),
                "{}",
                tl.describe(k)
            );
            let lines = &tl.steps[k].event_lines;
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(&format!("P{} ", entry.player))
                        && l.ends_with("(abbot-return)")),
                "{lines:?}"
            );
            let had = fills(&tl, k - 1, FollowerKind::Abbot);
            let has = fills(&tl, k, FollowerKind::Abbot);
            let mine = colour(entry.player).to_string();
            assert_eq!(
                had.iter().filter(|c| **c == mine).count(),
                has.iter().filter(|c| **c == mine).count() + 1
            );
        }
    }
    assert!(drawn > 0, "seed {seed}: an abbot is drawn");
    // The viewer: the abbot's shape and its supply.
    let f = write_record("c2.json", &rec);
    let out = tmp("c2.html");
    let o = run(&["view", f.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.contains(r#"<g id="abbot">"#));
    assert!(html.contains("in supply: 7 followers · 1 abbot"));
    assert!(!html.contains(r#"id="held-"#), "nothing held in this game");
}

#[test]
fn base_boards_and_viewers_have_none_of_it() {
    let rules = carcassonne_runtime::ruleset("base_inns_cathedrals").unwrap();
    let bots = [
        carcassonne_runtime::bots::BotKind::Random,
        carcassonne_runtime::bots::BotKind::Greedy,
    ];
    let rec = carcassonne::play::play(rules, 2, 3, &bots, true).unwrap();
    let tl = Timeline::new(rec, rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    for k in [0, tl.steps.len() / 2, tl.steps.len() - 1] {
        let s = board(&tl, &lays, k);
        for absent in ["data-figure", "data-holdings", "(part", r#"id="builder""#] {
            assert!(!s.contains(absent), "{absent}");
        }
    }
    // Inns & Cathedrals has big followers: the viewer lists the supply by
    // kind, but no goods and no figure legend.
    let html = carcassonne::view::html(&tl);
    assert!(html.contains("in supply: 7 followers · 1 big follower"));
    assert!(!html.contains(r#"id="held-"#));
    assert!(!html.contains(r#"id="figures""#));
}

#[test]
fn simulate_lists_gardens_goods_and_second_tiles() {
    // Gardens where the abbot may stand on them; each module's reason for
    // points a column of its own, after the features.
    for (ruleset, extra, absent) in [
        ("base_traders_builders", "goods", "garden"),
        ("base_c2", "abbot-return", "goods"),
    ] {
        let json = tmp(&format!("{ruleset}.json"));
        let o = run(&[
            "simulate",
            "--ruleset",
            ruleset,
            "--games",
            "40",
            "--bots",
            "random,greedy",
            "--json",
            json.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let table = text(&o.stdout);
        let head = table.lines().find(|l| l.starts_with("seat")).unwrap();
        assert!(head.ends_with(extra), "{head}");
        assert!(!head.contains(absent), "{head}");
        assert_eq!(head.contains("garden"), ruleset == "base_c2", "{head}");
        let v: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        let mut extra_points = 0.0;
        for s in v["seats"].as_array().unwrap() {
            let k = s["points_by_feature"].as_object().unwrap();
            let sum: f64 = k.values().map(|x| x.as_f64().unwrap()).sum();
            assert!((sum - s["mean"].as_f64().unwrap()).abs() < 1e-2, "{s}");
            extra_points += k[extra].as_f64().unwrap();
        }
        assert!(extra_points > 0.0, "{ruleset}: some {extra} points");
        // Every tile is placed in a turn, in a second part, or discarded.
        let rules = carcassonne_runtime::ruleset(ruleset).unwrap();
        let to_place = rules.total as f64 - rules.start.len() as f64;
        let second = v["mean_second_tiles"].as_f64().unwrap_or(0.0);
        assert_eq!(
            v.get("mean_second_tiles").is_some(),
            ruleset == "base_traders_builders"
        );
        let all =
            v["mean_turns"].as_f64().unwrap() + second + v["mean_discarded"].as_f64().unwrap();
        assert!(
            (all - to_place).abs() < 1e-3,
            "{ruleset}: {all} of {to_place}"
        );
    }
}

/// Where the `<use>`s of `#shape` stand, as their `translate(x y)`.
fn points_of(svg_text: &str, shape: &str) -> Vec<(f64, f64)> {
    let doc = roxmltree::Document::parse(svg_text).unwrap();
    doc.descendants()
        .filter(|n| n.tag_name().name() == "use")
        .filter(|n| n.attribute("href") == Some(&format!("#{shape}")))
        .map(|n| support::translate(n.attribute("transform").unwrap()))
        .collect()
}

#[test]
fn the_barn_is_drawn_on_the_corner_it_stands_on() {
    // The seed's example (000_9deb58b1a7d17d38.txt L1779): BLUE (P0) puts
    // the barn on the north-west corner of the cloister at (1, 1), the
    // board point (100, 100).
    let path = support::root().join("tests/scenarios/am-barn-L1779.json");
    let tl = Timeline::load(&path, None).unwrap();
    let lays = geom::layouts(tl.rules.tiles);
    let k = tl.placements;
    assert!(
        tl.describe(k).ends_with("; barn on the corner NW"),
        "{}",
        tl.describe(k)
    );
    let s = board(&tl, &lays, k);
    assert!(s.contains(r#"<g id="barn">"#));
    assert_eq!(points_of(&s, "barn"), vec![(100.0, 100.0)]);
    assert_eq!(uses_of(&s, "barn"), vec![colour(0).to_string()]);
    assert!(s.contains(r#"data-figure="barn""#));
    // YELLOW's farmer went home with the barn's scoring; before it, no
    // barn and no shape for one.
    assert!(uses_of(&s, "meeple").is_empty());
    assert!(!board(&tl, &lays, k - 1).contains(r#"<g id="barn">"#));
    assert!(tl.steps[k]
        .event_lines
        .iter()
        .any(|l| l.starts_with("P1 +6 for a field")));

    // A bot game: every barn the engine has is drawn, in its owner's
    // colour, on a corner of the tile it stands on.
    let (seed, rec) = support::records::barn();
    let rules = carcassonne_runtime::ruleset("base_abbey_mayor").unwrap();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let lays = geom::layouts(rules.tiles);
    let mut drawn = 0;
    for k in 0..tl.steps.len() {
        let s = board(&tl, &lays, k);
        assert_eq!(
            sorted(uses_of(&s, "barn")),
            fills(&tl, k, FollowerKind::Barn),
            "seed {seed} step {k}"
        );
        let points = points_of(&s, "barn");
        for f in tl.steps[k]
            .followers
            .iter()
            .filter(|f| f.kind == FollowerKind::Barn)
        {
            let c = f.corner.expect("a barn knows its corner");
            let (x, y) = (f64::from(f.on.x) * 100.0, f64::from(f.on.y) * 100.0);
            let want = (
                x + if c == 1 || c == 2 { 100.0 } else { 0.0 },
                y + if c >= 2 { 100.0 } else { 0.0 },
            );
            assert!(
                points.contains(&want),
                "step {k}: {want:?} not in {points:?}"
            );
            drawn += 1;
        }
    }
    assert!(drawn > 0, "seed {seed}: a barn is drawn");
    // Barns stay to the end and stand in the final picture.
    let last = tl.steps.last().unwrap();
    assert!(last.is_final && last.followers.iter().any(|f| f.kind == FollowerKind::Barn));
    // The viewer: the barn's shape, its legend entry and its supply.
    let f = write_record("barn.json", &rec);
    let out = tmp("barn.html");
    let o = run(&["view", f.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.contains(r#"<g id="barn">"#));
    assert!(html.contains(r##"<use href="#barn" fill="#8a8a8a"/></svg>barn</span>"##));
    assert!(html.contains("in supply: 7 followers · 1 mayor · 1 wagon · 1 barn"));
    let d = support::records::viewer_data(&html);
    let shapes = d["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["followers"].as_array().unwrap().clone())
        .filter(|f| f.get(5).and_then(Value::as_str) == Some("barn"))
        .count();
    assert_eq!(shapes, drawn);
}

/// The bazaar's auction as steps (Bridges, Castles & Bazaars,
/// 000_9deb58b1a7d17d38.txt L2413-L2424): the host's placement lists the
/// tiles turned face up, each answer of the auction is a step of its own
/// with its payments, the notes show the tiles face up and the bid, and the
/// buyers' tiles to place are holdings; the viewer writes them all.
#[test]
fn the_bazaar_auction_is_shown_step_by_step() {
    let rules = carcassonne_runtime::ruleset("base_bridges_castles_bazaars").unwrap();
    let rec =
        carcassonne_runtime::bots::play_recorded(rules, 3, 1, &["greedy"; 3], |_, _, _, _| {})
            .unwrap();
    let tl = Timeline::new(rec.clone(), rules).unwrap();
    let turned: Vec<usize> = (0..tl.steps.len())
        .filter(|&k| !tl.steps[k].revealed.is_empty())
        .collect();
    assert!(!turned.is_empty(), "no tiles turned up");
    let k = turned[0];
    assert_eq!(tl.steps[k].revealed.len(), 3, "one per player");
    assert!(tl.steps[k].placed.is_some(), "with the host's placement");
    // The answers after the placement are steps of their own.
    let answers: Vec<&str> = tl.steps[k + 1..]
        .iter()
        .take_while(|s| s.placed.is_none())
        .flat_map(|s| s.actions.iter().map(|a| a.do_.as_str()))
        .collect();
    assert!(answers.starts_with(&["bazaar-choose"]), "{answers:?}");
    assert!(answers
        .iter()
        .all(|a| a.starts_with("bazaar") || *a == "pass"));
    // A deal's payment is shown with the deal: two events that sum to 0.
    let deal = tl
        .steps
        .iter()
        .find(|s| s.actions.iter().any(|a| a.do_ == "bazaar-deal") && !s.events.is_empty());
    let deal = deal.expect("a deal with a payment");
    assert_eq!(deal.events.len(), 2, "{:?}", deal.events);
    assert_eq!(deal.events.iter().map(|e| e.points).sum::<i64>(), 0);
    assert!(
        tl.steps
            .iter()
            .any(|s| s.notes.iter().any(|n| n.starts_with("bazaar of P"))),
        "the tiles face up are noted"
    );
    assert!(
        tl.steps
            .iter()
            .any(|s| s.holdings.iter().any(|h| h.key == "bazaar")),
        "the buyers' tiles to place are held"
    );
    // The viewer's page carries the same.
    let f = write_record("bazaar.json", &rec);
    let html = tmp("bazaar.html");
    let o = run(&["view", f.to_str().unwrap(), "-o", html.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("\"revealed\"") && page.contains("at the bazaar, chooses to"));
}
