//! Inputs that reach the engine directly, bypassing the compiler's and the
//! record loader's checks: a game whose setup leaves nothing to draw is over
//! at once, the board's grid centres on the first tile, and scripted starts
//! stay within ±16384. The compiler and the record loader keep such input
//! away from the engine too (`nothing is left to draw`, record starts within
//! ±100); these tests require the engine to be safe without them.

use carcassonne_runtime::engine::Game;
use carcassonne_tests::{compile_ruleset, temp_dir, write};

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
    let rules = compile_ruleset(&dir.join("rulesets/walls.toml"));
    std::fs::remove_dir_all(&dir).ok();
    rules
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

/// A record named a follower by its feature and ports, and a tile with two
/// enclosed fields (King & Robber Baron's KR/CCcc) has two fields with ports
/// `[]`: replay put a farmer on the first of them whichever the player chose,
/// and the final scores (or a later follower's legality) differed. Found by
/// the fuzzer. Such a follower now carries its `segment` index.
#[test]
fn a_follower_on_one_of_two_enclosed_fields_replays_on_that_field() {
    use carcassonne_runtime::record::{replay, Record};
    let rules = carcassonne_runtime::ruleset("base_count_king_robber").expect("compiled in");
    let text = |follower: &str| {
        format!(
            r#"{{ "format": "carcassonne-record/1", "ruleset": "base_count_king_robber", "players": 2,
                 "start": [ {{ "tile": "D", "x": 0, "y": 0, "rotation": 0 }} ],
                 "turns": [ {{ "player": 0, "tile": "KR/CCcc", "x": 0, "y": -1, "rotation": 0,
                              "follower": {follower} }} ] }}"#
        )
    };
    let read = |follower: &str| -> Record {
        serde_json::from_str(&text(follower)).expect("a well-formed record")
    };
    let second = read(r#"{ "kind": "normal", "feature": "field", "ports": [], "segment": 3 }"#);
    let r = replay(&second, rules, false).expect("replays");
    let tile = r.game.placed()[1];
    assert_eq!(r.game.followers().len(), 1);
    assert_eq!(
        r.game.followers()[0].node,
        tile.node_base + 3,
        "the farmer stands on segment 3"
    );
    let vague = read(r#"{ "kind": "normal", "feature": "field", "ports": [] }"#);
    let e = replay(&vague, rules, false).expect_err("two fields have ports []");
    assert!(e.to_string().contains("must give its `segment`"), "{e}");
    let wrong = read(r#"{ "kind": "normal", "feature": "field", "ports": [], "segment": 0 }"#);
    let e = replay(&wrong, rules, false).expect_err("segment 0 is a city");
    assert!(e.to_string().contains("segment 0 is not a field"), "{e}");
}

/// The writer side: bot games of the ruleset with KR/CCcc give records whose
/// farmers on its enclosed fields carry `segment`, and every record replays
/// to the same scores.
#[test]
fn recorded_games_with_enclosed_fields_replay() {
    let rules = carcassonne_runtime::ruleset("base_count_king_robber").expect("compiled in");
    let bots = [carcassonne_runtime::bots::BotKind::Random; 2];
    let mut with_segment = 0;
    for seed in 0..400 {
        let rec = carcassonne::play::play(rules, 2, seed, &bots, true).expect("played");
        let text = serde_json::to_string(&rec).expect("serialised");
        with_segment += usize::from(text.contains("\"segment\""));
        let back: carcassonne_runtime::record::Record =
            serde_json::from_str(&text).expect("reads back");
        let r = carcassonne_runtime::record::replay(&back, rules, false)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let want = rec.final_.expect("finished").scores;
        assert_eq!(r.game.scores(), want.as_slice(), "seed {seed}");
    }
    assert!(
        with_segment > 0,
        "no game put a farmer on an enclosed field"
    );
    eprintln!("{with_segment} of 400 records name a segment");
}
