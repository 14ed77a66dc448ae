//! `validate`'s river check (`codegen/src/river.rs`) against the engine: a
//! counterexample it reports is a real line of play (the engine accepts every
//! placement, then has no place for the stuck tile), and a river that cannot
//! go wrong is reported as always completable.

use carcassonne_codegen::river::{self, Outcome};
use carcassonne_runtime::engine::{Game, Move, Placement};
use carcassonne_tests::{compile_ruleset, repo_root, temp_dir, write};

/// A river set: `header` (its `[set]` table), a spring that starts the
/// game flowing east, `straights` straight river tiles, then `rest`.
fn river_set(header: &str, straights: u32, rest: &str) -> String {
    format!(
        "{header}\n[[tile]]\nid = \"S\"\ncount = 1\nstart = 1\nshape = '''\nriver E\nfield N E S W\ntile +spring\n'''\n\n[[tile]]\nid = \"I\"\ncount = {straights}\nshape = '''\nriver W E\nfield N En Wn\nfield Es S Ws\n'''\n\n{rest}"
    )
}

/// Replay a counterexample in a scripted engine game of the compiled-in
/// ruleset `id`.
fn replay_counterexample(id: &str) {
    let path = repo_root().join("rulesets").join(format!("{id}.toml"));
    let model = carcassonne_codegen::ruleset::load(&path)
        .unwrap_or_else(|d| panic!("{}", carcassonne_codegen::Diagnostics::sorted(d)));
    let Some(Outcome::Stuck { played, stuck }) = river::check(&model) else {
        panic!("{id}: expected a counterexample");
    };
    let rules = carcassonne_runtime::ruleset(id).expect("compiled in");
    let start = carcassonne_runtime::engine::start_placements(rules);
    let mut game = Game::new_scripted(rules, 2, &start).expect("scripted game");
    let index = |tile: &str| rules.tile_index(tile).expect("tile of the ruleset") as u16;
    for (tile, x, y, rotation) in &played {
        game.force_draw(index(tile)).expect("a copy left");
        let placement = Placement {
            x: *x as i16,
            y: *y as i16,
            rotation: *rotation,
        };
        assert!(
            game.placements().contains(&placement),
            "{id}: the engine does not allow {tile} at ({x}, {y}) turned {rotation}"
        );
        game.apply(Move {
            placement,
            deploy: None,
        })
        .expect("legal move");
    }
    game.force_draw(index(&stuck))
        .expect("a copy of the stuck tile left");
    assert!(
        game.placements().is_empty(),
        "{id}: the engine can place {stuck}: {:?}",
        game.placements()
    );
}

#[test]
fn reported_dead_ends_are_dead_ends_for_the_engine() {
    for id in [
        "base_river1",
        "base_river2",
        "everything_c1",
        "everything_c2",
    ] {
        replay_counterexample(id);
    }
}

#[test]
fn a_short_straight_river_is_always_completable() {
    let dir = temp_dir("river_check");
    write(
        &dir.join("tiles/brook.toml"),
        river_set(
            r#"[set]
id = "brook"
expect_total = 5"#,
            3,
            r#"
[[tile]]
id = "L"
count = 1
shape = '''
river W
field N E S W
tile +lake
'''
"#,
        ),
    );
    write(
        &dir.join("rulesets/brook.toml"),
        r#"[ruleset]
id = "brook"
sets = ["brook"]
mechanics = ["river"]
"#,
    );
    let model = carcassonne_codegen::ruleset::load(&dir.join("rulesets/brook.toml"))
        .unwrap_or_else(|d| panic!("{}", carcassonne_codegen::Diagnostics::sorted(d)));
    let outcome = river::check(&model).expect("a river");
    assert_eq!(
        outcome,
        Outcome::Always {
            orders: 1,
            exhaustive: true
        }
    );
    assert_eq!(
        outcome.describe(),
        "river: always completable (1 draw orders checked, every placement explored)"
    );
    // No river, no report.
    let base =
        carcassonne_codegen::ruleset::load(&repo_root().join("rulesets/base.toml")).expect("base");
    assert_eq!(river::check(&base), None);
    std::fs::remove_dir_all(dir).ok();
}

/// A river that bends right three times with straight river between
/// (east, south, west, north): the 2nd edition's FAQ forbids the third bend
/// ("Turning river the same way three times should also be considered
/// prohibited", 001_46b8449c567a6f1a.txt L599); the 1st edition's
/// clarification forbids immediate U-turns only (000_9deb58b1a7d17d38.txt
/// fn 17, L622), and `river_turns` chooses either in any edition.
#[test]
fn c2_faq_l599_a_third_bend_the_same_way() {
    use carcassonne_runtime::engine::MoveError;
    let dir = temp_dir("river_turns");
    write(
        &dir.join("tiles/meander.toml"),
        river_set(
            r#"[set]
id = "meander"
editions = [1, 2]
expect_total = 6"#,
            2,
            r#"
[[tile]]
id = "B"
count = 3
shape = '''
river W S
field N E Se Wn
field Sw Ws
'''
"#,
        ),
    );
    let play = |edition: u8, option: &str| -> Result<(), MoveError> {
        let name = format!("meander{edition}{}", option.len());
        let path = dir.join(format!("rulesets/{name}.toml"));
        write(
            &path,
            format!(
                "[ruleset]\nid = \"{name}\"\nsets = [\"meander\"]\nedition = {edition}\nmechanics = [\"river\"]\n{option}"
            ),
        );
        let rules = compile_ruleset(&path);
        let start = carcassonne_runtime::engine::start_placements(rules);
        let mut g = Game::new_scripted(rules, 2, &start).expect("a scripted start");
        let tile = |id: &str| rules.tile_index(id).expect("tile") as u16;
        // (tile, x, y, rotation): right bends at (1,0), (1,2), (-1,2).
        let moves = [
            ("B", 1, 0, 0),
            ("I", 1, 1, 1),
            ("B", 1, 2, 1),
            ("I", 0, 2, 0),
            ("B", -1, 2, 2),
        ];
        for (i, (id, x, y, rotation)) in moves.into_iter().enumerate() {
            g.force_draw(tile(id)).expect("in the draw");
            let mv = Move {
                placement: Placement { x, y, rotation },
                deploy: None,
            };
            let before = g.clone();
            if let Err(e) = g.apply(mv) {
                assert_eq!(
                    i,
                    moves.len() - 1,
                    "only the third bend may be refused: {e}"
                );
                assert_eq!(g, before);
                return Err(e);
            }
        }
        Ok(())
    };
    let refused = play(2, "").expect_err("the 2nd edition refuses the third right bend");
    assert_eq!(
        refused.to_string(),
        "river rule: the river may not bend the same way three times, even with straight river between"
    );
    assert_eq!(play(1, ""), Ok(()), "the 1st edition allows it");
    assert_eq!(
        play(2, "[options]\nriver_turns = \"no-u-turn\"\n"),
        Ok(()),
        "chosen in the ruleset"
    );
    assert!(play(1, "[options]\nriver_turns = \"no-three-same-way\"\n").is_err());
    std::fs::remove_dir_all(dir).ok();
}
