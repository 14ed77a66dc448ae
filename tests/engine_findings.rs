//! Engine bugs found by the robustness work (issue 7), fixed in the engine
//! (commit "A game whose setup draws nothing is over; the board grid centres
//! on the first tile; scripted starts stay within ±16384"): these tests keep
//! them fixed. The compiler and the record loader also keep such input away
//! from the engine (`nothing is left to draw`, record starts within ±100).

use carcassonne_codegen::ruleset;
use carcassonne_runtime::engine::Game;
use carcassonne_tests::{temp_dir, write};

/// A ruleset the compiler accepts whose every drawn tile fits nowhere next to
/// the start: the start shows fields on all sides, the only other tile (two
/// copies, so it has a partner to match) shows cities on all sides.
fn nothing_fits_the_start() -> &'static carcassonne_runtime::Ruleset {
    let dir = temp_dir("engine-findings");
    write(
        &dir.join("tiles/walls.toml"),
        r#"[set]
id = "walls"
expect_total = 3

[[tile]]
id = "F"
count = 1
start = 1
shape = "field N E S W"

[[tile]]
id = "C"
count = 2
shape = "city N E S W"
"#,
    );
    write(
        &dir.join("rulesets/walls.toml"),
        "[ruleset]\nid = \"walls\"\nsets = [\"walls\"]\n",
    );
    let model = ruleset::load(&dir.join("rulesets/walls.toml")).expect("the compiler accepts it");
    std::fs::remove_dir_all(&dir).ok();
    carcassonne::load::leak(&carcassonne_codegen::lower::ruleset(&model))
}

/// Found by the fuzzer (a ruleset whose start used every tile, now rejected by
/// the compiler: "nothing is left to draw"); this variant compiles. Setup
/// discards every tile (none fits); the game was then neither over nor
/// playable (`is_over()` false, no current tile, no legal move), so a bot
/// loop (`carcassonne play`) failed with "the bot found no legal move" and a
/// caller waiting for `is_over()` waited forever. It ends (final scoring) when
/// setup draws nothing, as `apply` ends it when a turn draws nothing.
#[test]
fn a_game_whose_setup_draws_no_tile_is_over() {
    let rules = nothing_fits_the_start();
    let g = Game::new(rules, 2, 1).expect("a valid setup");
    assert_eq!(g.discards().len(), 2, "both C tiles are discarded at setup");
    assert!(g.current_tile().is_none());
    assert!(g.legal_moves().is_empty());
    assert!(
        g.is_over(),
        "no tile to place and no tile left, yet the game is not over"
    );
}

/// The same ruleset through the command line's bot loop; its record (the
/// setup's discards and final scores, found missing by the fuzzer: the
/// replay said "turn 1: the game is already over" at the first discard)
/// replays.
#[test]
fn play_finishes_a_game_whose_setup_draws_no_tile() {
    let rules = nothing_fits_the_start();
    let bots = [carcassonne_runtime::bots::BotKind::Random; 2];
    let rec = carcassonne::play::play(rules, 2, 1, &bots, true).expect("the game is played");
    assert_eq!(rec.turns.len(), 2, "two discards: {:?}", rec.turns);
    assert!(rec.turns.iter().all(|t| t.discarded.is_some()));
    let fin = rec.final_.as_ref().expect("final scores are recorded");
    assert_eq!(fin.scores, vec![0, 0]);
    let r = carcassonne_runtime::record::replay(&rec, rules, true).expect("the record replays");
    assert!(r.game.is_over());
    assert_eq!(r.game.scores(), fin.scores.as_slice());
}

/// A scripted game (a record without a seed) chose its start anywhere, and
/// the board grid grew to hold it: a square of about 8·x² bytes, so a start
/// at (16000, 16000) took 2 GB and one at (30000, 30000) overflowed the
/// grid's `i32` size. Now the grid centres on the first tile and a start
/// lies within ±16384 (`record::replay` keeps records within ±100).
#[test]
fn a_far_scripted_start_is_refused_or_cheap() {
    use carcassonne_runtime::engine::Placement;
    let rules = carcassonne_runtime::ruleset("base").expect("base");
    let d = rules.tile_index("D").expect("tile D") as u16;
    let at = |x: i16| {
        [(
            d,
            Placement {
                x,
                y: x,
                rotation: 0,
            },
        )]
    };
    let g = Game::new_scripted(rules, 2, &at(3000)).expect("a start at (3000, 3000)");
    assert!(
        g.board_size() <= 64,
        "one start tile made a board grid of {0} x {0} cells",
        g.board_size()
    );
    let e = Game::new_scripted(rules, 2, &at(30000)).expect_err("a start at (30000, 30000)");
    assert!(e.to_string().contains("must lie within"), "{e}");
}
