//! The shrine as a segment of its own (Heretics & Shrines,
//! 000_9deb58b1a7d17d38.txt L2060-L2093): a `shrine` line lies inside the
//! tile like a cloister, the tables and the catalog carry it, a follower may
//! stand on it (a heretic, L2072) and it scores like a cloister (L2068).
//! Without the `heretics` mechanic it plays as a cloister would: no
//! placement limit and no challenge. The heretics' own rules are
//! `runtime/tests/heretics.rs`.

use carcassonne_runtime::engine::{
    Action, Deploy, FollowerKind, Game, Placement, ScoreEvent, When,
};
use carcassonne_runtime::tables::Kind;
use carcassonne_tests::{compile_ruleset, repo_root, temp_dir, write};

/// A ruleset without `heretics`: fields all round (F, the start), cloisters
/// (C) and shrines (S).
fn shrines() -> &'static carcassonne_runtime::Ruleset {
    let dir = temp_dir("shrine");
    write(
        &dir.join("tiles/shrines.toml"),
        r#"[set]
id = "shrines"
expect_total = 16

[[tile]]
id = "F"
count = 12
start = 1
shape = "field N E S W"

[[tile]]
id = "C"
count = 2
shape = "field N E S W\ncloister"

[[tile]]
id = "S"
count = 2
shape = "field N E S W\nshrine"
"#,
    );
    write(
        &dir.join("rulesets/shrines.toml"),
        "[ruleset]\nid = \"shrines\"\nsets = [\"shrines\"]\n",
    );
    let rules = compile_ruleset(&dir.join("rulesets/shrines.toml"));
    std::fs::remove_dir_all(&dir).ok();
    rules
}

fn tile(rules: &carcassonne_runtime::Ruleset, id: &str) -> u16 {
    rules.tile_index(id).expect("tile") as u16
}

#[test]
fn a_shrine_compiles_as_a_segment_and_shows_in_the_catalog() {
    let rules = shrines();
    let s = &rules.tiles[tile(rules, "S") as usize];
    assert_eq!(s.segments[1].kind, Kind::Shrine);
    assert_eq!(s.segments[1].ports, 0, "a shrine touches no port");
    assert!(s.attrs.is_empty() && s.ignored.is_empty());
    let catalog = carcassonne_runtime::catalog::to_json(rules);
    let tile = catalog["tiles"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["id"] == "S"))
        .expect("S in the catalog");
    assert_eq!(
        tile["segments"][1],
        serde_json::json!({ "kind": "shrine", "ports": [], "attrs": {} })
    );
    assert_eq!(
        tile["edges"],
        serde_json::json!(["field", "field", "field", "field"])
    );
}

/// Without `heretics`: a second cloister beside a shrine is allowed, a
/// heretic completing its shrine scores 9, and the monk beside it stays.
#[test]
fn without_the_heretics_a_shrine_plays_as_a_cloister() {
    let rules = shrines();
    let mut g = Game::new_scripted(rules, 2, &[(tile(rules, "F"), at(0, 0))]).unwrap();
    let play = |g: &mut Game, player: u8, id: &str, x: i16, y: i16, on: Option<Kind>| {
        g.force_player(player).unwrap();
        g.force_draw(tile(rules, id)).unwrap();
        let mut ev: Vec<ScoreEvent> = Vec::new();
        g.apply_action(Action::Place(at(x, y)), &mut ev).unwrap();
        let wood = on.map_or(Action::Pass, |k| {
            Action::Deploy(Deploy {
                segment: rules.tiles[tile(rules, id) as usize]
                    .segments
                    .iter()
                    .position(|s| s.kind == k)
                    .unwrap() as u8,
                kind: FollowerKind::Normal,
            })
        });
        assert!(g.legal_actions().contains(&wood), "{wood:?}");
        g.apply_action(wood, &mut ev).unwrap();
        ev
    };
    play(&mut g, 0, "S", 1, 0, Some(Kind::Shrine));
    play(&mut g, 1, "C", 1, 1, Some(Kind::Cloister));
    play(&mut g, 0, "C", 1, -1, None);
    let mut ev = Vec::new();
    for (x, y) in [(0, -1), (2, -1), (2, 0), (0, 1), (2, 1)] {
        ev.extend(play(&mut g, 1, "F", x, y, None));
    }
    assert_eq!(
        ev,
        [ScoreEvent {
            player: 0,
            points: 9,
            feature: Kind::Shrine,
            reason: carcassonne_runtime::engine::Reason::Completed,
            when: When::Play,
        }]
    );
    assert_eq!(g.supply(0), 7);
    assert_eq!(g.followers().len(), 1, "the monk stays: no challenge");
}

fn at(x: i16, y: i16) -> Placement {
    Placement { x, y, rotation: 0 }
}

/// The five shrine tiles of the set compile with one shrine segment each,
/// and the rulesets that take the set play the heretics.
#[test]
fn the_shipped_shrines_are_segments_and_their_rulesets_play_heretics() {
    let rs = carcassonne_runtime::ruleset("base_heretics_shrines").unwrap();
    for id in ["CU/S", "CU/SC", "CU/SR", "CU/SCFR", "CU/SRFR"] {
        let t = &rs.tiles[tile(rs, id) as usize];
        let shrines = t.segments.iter().filter(|s| s.kind == Kind::Shrine).count();
        assert_eq!(shrines, 1, "{id}");
        assert_eq!(t.segments.last().unwrap().kind, Kind::Shrine, "{id}");
        assert!(t.attrs.is_empty() && t.ignored.is_empty(), "{id}");
    }
    for id in [
        "base_heretics_shrines",
        "base_count_king_robber",
        "everything_c1",
    ] {
        let rs = carcassonne_runtime::ruleset(id).unwrap();
        assert!(rs.has_mechanic("heretics"), "{id}");
        assert!(rs.tile_index("CU/S").is_some(), "{id}");
    }
    let base = carcassonne_runtime::ruleset("base").unwrap();
    assert!(base
        .tiles
        .iter()
        .all(|t| t.segments.iter().all(|s| s.kind != Kind::Shrine)));
}

/// `challenge_own_monk`: true by default (000_… L2072), false as the printed
/// booklet has it (002_7f8d72b3eaff567f.txt L852); both compiled in and
/// listed by the catalog.
#[test]
fn challenge_own_monk_is_read_and_listed() {
    let rs = carcassonne_runtime::ruleset("base_heretics_shrines").unwrap();
    assert!(rs.options.word("challenge_own_monk") == Some("true"));
    let json = carcassonne_runtime::catalog::options_json(rs);
    assert_eq!(json["challenge_own_monk"], true);

    let dir = temp_dir("challenge-own-monk");
    let path = dir.join("rulesets/others_only.toml");
    write(
        &path,
        format!(
            "[ruleset]\nid = \"others_only\"\nsets = [\"base\", \"heretics_shrines\"]\nmechanics = [\"heretics\"]\ntiles = {:?}\n\n[options]\nchallenge_own_monk = false\n",
            repo_root().join("tiles").display().to_string()
        ),
    );
    let rs = compile_ruleset(&path);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(rs.options.word("challenge_own_monk"), Some("false"));
    let json = carcassonne_runtime::catalog::options_json(rs);
    assert_eq!(json["challenge_own_monk"], false);
}

/// A ruleset with mechanic heretics whose set holds `cloisters` cloister
/// tiles and `shrines` shrine tiles besides the start.
fn many(cloisters: u32, shrines: u32) -> &'static carcassonne_runtime::Ruleset {
    let dir = temp_dir("many-shrines");
    write(
        &dir.join("tiles/many.toml"),
        format!(
            "[set]\nid = \"many\"\nexpect_total = {}\n\n[[tile]]\nid = \"F\"\ncount = 1\nstart = 1\nshape = \"field N E S W\"\n\n[[tile]]\nid = \"C\"\ncount = {cloisters}\nshape = \"field N E S W\\ncloister\"\n\n[[tile]]\nid = \"S\"\ncount = {shrines}\nshape = \"field N E S W\\nshrine\"\n",
            1 + cloisters + shrines
        ),
    );
    write(
        &dir.join("rulesets/many.toml"),
        "[ruleset]\nid = \"many\"\nsets = [\"many\"]\nmechanics = [\"heretics\"]\n",
    );
    let rules = compile_ruleset(&dir.join("rulesets/many.toml"));
    std::fs::remove_dir_all(&dir).ok();
    rules
}

/// Places `id` at (x, y) (then passes) if the rule allows it; whether it
/// did, checking that `legal_actions` lists exactly what is accepted.
fn try_place(g: &mut Game, id: &str, x: i16, y: i16) -> bool {
    let rules = g.rules();
    g.force_draw(tile(rules, id)).unwrap();
    let legal = g.legal_actions().contains(&Action::Place(at(x, y)));
    let done = g.apply_action(Action::Place(at(x, y)), &mut Vec::new());
    assert_eq!(legal, done.is_ok(), "{id} at ({x}, {y}): {done:?}");
    if done.is_ok() {
        g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    }
    done.is_ok()
}

/// The engine keeps the first eight shrines' positions for the placement
/// rule (L2068) and searches the board past them: with nine shrines in a
/// row the rule still refuses a cloister beside two shrines, and one that
/// would give a shrine a second cloister (fn 43 L2189).
#[test]
fn the_placement_rule_holds_past_eight_shrines() {
    let rules = many(5, 10);
    let mut g = Game::new_scripted(rules, 2, &[(tile(rules, "F"), at(0, 0))]).unwrap();
    for x in 1..=9 {
        assert!(
            try_place(&mut g, "S", x, 0),
            "shrines side by side are allowed"
        );
    }
    assert!(!try_place(&mut g, "C", 5, 1), "beside three shrines");
    assert!(!try_place(&mut g, "C", 9, 1), "beside two shrines");
    assert!(try_place(&mut g, "C", 10, 0), "beside one shrine");
    assert!(
        !try_place(&mut g, "C", 10, -1),
        "a second cloister for (9, 0)"
    );
    assert!(try_place(&mut g, "C", 11, 0), "beside no shrine");
}

/// The same past the 32 cloisters the engine keeps: 33 in a row.
#[test]
fn the_placement_rule_holds_past_32_cloisters() {
    let rules = many(34, 3);
    let mut g = Game::new_scripted(rules, 2, &[(tile(rules, "F"), at(0, 0))]).unwrap();
    for x in 1..=33 {
        assert!(try_place(&mut g, "C", x, 0), "cloisters side by side");
    }
    assert!(!try_place(&mut g, "S", 5, 1), "beside three cloisters");
    assert!(!try_place(&mut g, "S", 33, 1), "beside two cloisters");
    assert!(try_place(&mut g, "S", 34, 0), "beside one cloister");
    assert!(
        !try_place(&mut g, "S", 34, 1),
        "a second shrine for (33, 0)"
    );
    assert!(try_place(&mut g, "S", 35, 0), "beside no cloister");
}
