//! The garden as a segment of its own (The Abbot, 001_46b8449c567a6f1a.txt
//! L387-L546): it compiles in any ruleset, the tables and the catalog carry
//! it, and until the abbot is played no follower may stand on it (L425: "You
//! may not place a regular meeple onto the garden") and it scores nothing.

use carcassonne_runtime::engine::{Deploy, FollowerKind, Game, Move, MoveError};
use carcassonne_runtime::tables::Kind;
use carcassonne_tests::{compile_ruleset, temp_dir, write};

/// A ruleset without the abbot and without `tiles_only`: a start tile of
/// fields and three garden tiles (fields all round, a garden inside).
fn gardens() -> &'static carcassonne_runtime::Ruleset {
    let dir = temp_dir("garden");
    write(
        &dir.join("tiles/gardens.toml"),
        r#"[set]
id = "gardens"
expect_total = 4

[[tile]]
id = "F"
count = 1
start = 1
shape = "field N E S W"

[[tile]]
id = "F.G"
count = 3
shape = "field N E S W\ngarden"
"#,
    );
    write(
        &dir.join("rulesets/gardens.toml"),
        "[ruleset]\nid = \"gardens\"\nsets = [\"gardens\"]\n",
    );
    let rules = compile_ruleset(&dir.join("rulesets/gardens.toml"));
    std::fs::remove_dir_all(&dir).ok();
    rules
}

fn garden_segment(rules: &carcassonne_runtime::Ruleset) -> u8 {
    let t = rules.tiles.iter().find(|t| t.id == "F.G").expect("F.G");
    let i = t
        .segments
        .iter()
        .position(|s| s.kind == Kind::Garden)
        .expect("F.G has a garden segment");
    assert_eq!(t.segments[i].ports, 0, "a garden touches no port");
    assert!(
        t.attrs.is_empty(),
        "the garden is no tile attribute any more"
    );
    assert!(t.ignored.is_empty(), "nothing is ignored: {:?}", t.ignored);
    i as u8
}

#[test]
fn a_garden_compiles_without_the_abbot_and_shows_in_the_catalog() {
    let rules = gardens();
    garden_segment(rules);
    let catalog = carcassonne_runtime::catalog::to_json(rules);
    let tile = catalog["tiles"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["id"] == "F.G"))
        .expect("F.G in the catalog");
    assert_eq!(
        tile["segments"][1],
        serde_json::json!({ "kind": "garden", "ports": [], "attrs": {} })
    );
    assert_eq!(tile["attrs"], serde_json::json!({}));
}

#[test]
fn no_follower_stands_on_a_garden_and_it_scores_nothing() {
    let rules = gardens();
    let garden = garden_segment(rules);
    let mut g = Game::new(rules, 2, 7).expect("setup");
    let mut turns = 0;
    while !g.is_over() {
        assert_eq!(g.current_tile().map(|t| t.id), Some("F.G"));
        let moves = g.legal_moves();
        assert!(
            moves
                .iter()
                .all(|m| m.deploy.is_none_or(|d| d.segment != garden)),
            "a legal move deploys on the garden: {moves:?}"
        );
        // A farmer may still go on the field round the garden.
        assert!(moves.iter().any(|m| m.deploy.is_some()));
        let onto_garden = Move {
            placement: moves[0].placement,
            deploy: Some(Deploy {
                segment: garden,
                kind: FollowerKind::Normal,
            }),
        };
        let before = (g.turn(), g.supply(g.to_move()), g.placed().len());
        assert_eq!(g.apply(onto_garden), Err(MoveError::NotClaimable("garden")));
        assert_eq!(
            (g.turn(), g.supply(g.to_move()), g.placed().len()),
            before,
            "a refused move changed the game"
        );
        // Leave the fields empty: the only thing left to score would be
        // the gardens.
        let events = g
            .apply(Move {
                placement: moves[0].placement,
                deploy: None,
            })
            .expect("a legal move");
        assert!(events.iter().all(|e| e.feature != Kind::Garden));
        turns += 1;
    }
    assert_eq!(turns, 3);
    assert_eq!(g.scores(), &[0, 0]);
}

/// The 2nd edition's garden variants compile into the shipped tables as
/// garden segments, in a ruleset that takes their sets whole.
#[test]
fn the_shipped_garden_variants_have_a_garden_segment() {
    let rs = carcassonne_runtime::ruleset("everything_c2").expect("everything_c2");
    for id in [
        "E.G", "H.G", "I.G", "M.G", "N.G", "R.G", "U.G", "V.G", "RI.1/IIG",
    ] {
        let t = rs
            .tiles
            .iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("{id} in everything_c2"));
        let gardens = t.segments.iter().filter(|s| s.kind == Kind::Garden).count();
        assert_eq!(gardens, 1, "{id}");
        assert!(t.ignored.is_empty(), "{id} ignores {:?}", t.ignored);
    }
    // And their 1st-edition letters have none.
    let base = carcassonne_runtime::ruleset("base").expect("base");
    assert!(base
        .tiles
        .iter()
        .all(|t| t.segments.iter().all(|s| s.kind != Kind::Garden)));
}
