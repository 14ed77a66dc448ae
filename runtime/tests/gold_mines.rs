//! The Goldmines in scripted games through the action API
//! (004_e9353f116722cd5d.txt L95-L123; docs/rules/gold_mines.md). Tests are
//! named for the seed line they play. The start tile D lies at (0, 0): its
//! city faces north, its road runs west-east, its field south.

use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, Decision, FollowerKind, Game, Reason, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};
use serde_json::json;

mod support;
use support::bot_games::{bot_games, MIXED};
use support::{at, figure, on_d, pending, place, state};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_gold_mines").unwrap()
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

/// The placed tile at (x, y), as the `gold-bar` verb names it.
fn tile_at(g: &Game, x: i16, y: i16) -> u16 {
    g.placed()
        .iter()
        .position(|q| (q.x, q.y) == (x, y))
        .unwrap_or_else(|| panic!("no tile at ({x}, {y})")) as u16
}

/// `gold-bar`: the second bar on the tile at (x, y).
fn bar(g: &Game, x: i16, y: i16) -> Action {
    Action::verb("gold-bar", Arg::Tile(tile_at(g, x, y)))
}

/// The active player puts the second bar on the tile at (x, y).
fn put_bar(g: &mut Game, x: i16, y: i16) {
    let a = bar(g, x, y);
    act(g, a);
}

/// The cells the `gold-bar` decision offers.
fn offered(g: &Game) -> Vec<(i16, i16)> {
    g.legal_actions()
        .into_iter()
        .filter(|a| a.name() == "gold-bar")
        .map(|a| match a.arg() {
            Arg::Tile(p) => {
                let q = g.placed()[p as usize];
                (q.x, q.y)
            }
            other => panic!("{other:?}"),
        })
        .collect()
}

/// The bars on each tile, as the protocol shows them: (x, y, bars).
fn on_tiles(g: &Game) -> Vec<(i64, i64, u64)> {
    let mut v: Vec<(i64, i64, u64)> = state(g)["gold_on_tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["x"].as_i64().unwrap(),
                t["y"].as_i64().unwrap(),
                t["bars"].as_u64().unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

fn held(g: &Game) -> serde_json::Value {
    state(g)["gold_held"].clone()
}

fn gold_points(events: &[ScoreEvent]) -> Vec<(u8, u32)> {
    events
        .iter()
        .filter(|e| e.reason == Reason::Gold)
        .map(|e| (e.player, e.points))
        .collect()
}

/// L107, L110-L112: a gold mine with a single neighbour puts its second bar
/// there without a question (as the dragon's only open way is taken); a
/// city then completed gives the bar on one of its tiles to its majority
/// (L108), while a bar on a tile outside the city stays.
#[test]
fn the_majority_of_a_completed_city_takes_the_gold_on_its_tiles_l107_l108() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    // The crossroads mine east of D: D is its only neighbour.
    place(&mut g, 0, "GO/RRrr.X", at(1, 0, 0));
    assert_eq!(
        pending(&g),
        (Actor::Player(0), Decision::Wood),
        "no question: one neighbour"
    );
    assert_eq!(on_tiles(&g), vec![(0, 0, 1), (1, 0, 1)]);
    act(&mut g, Action::Pass);
    // P1 closes D's city with a knight: 4 points and the bar on D.
    place(&mut g, 1, "E", at(0, -1, 2));
    let ev = act(&mut g, figure(rules, "E", Kind::City, FollowerKind::Normal));
    assert!(ev
        .iter()
        .any(|e| e.player == 1 && e.points == 4 && e.reason == Reason::Completed));
    assert_eq!(held(&g), json!([0, 1]));
    assert_eq!(on_tiles(&g), vec![(1, 0, 1)], "the mine's own bar stays");
    assert_eq!(state(&g)["gold_in_box"], json!(14));
    // The end: the bar left on the board is removed (gold_final =
    // "removed"); P1's one bar is worth 1 (L120).
    let fin = g.finish();
    assert_eq!(gold_points(&fin), vec![(1, 1)]);
    assert_eq!(state(&g)["gold_removed"], json!(1));
    assert!(on_tiles(&g).is_empty());
}

/// L107: with several neighbours the active player chooses the tile of the
/// second bar among all eight around the mine, diagonals included; bars
/// stack (L107). Nobody else may choose, and a tile not next to the mine
/// is refused.
#[test]
fn the_active_player_puts_the_second_bar_on_any_neighbour_diagonals_included_l107() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "U", at(-1, 0, 0));
    act(&mut g, Action::Pass);
    // A curve east of D, its road turning south; a road south of D.
    place(&mut g, 0, "V", at(1, 0, 0));
    act(&mut g, Action::Pass);
    place(&mut g, 1, "U", at(0, 1, 0));
    act(&mut g, Action::Pass);
    // No bar is asked for at a plain tile's figure step.
    place(&mut g, 0, "U", at(-2, 0, 0));
    assert!(g
        .apply_action(Action::verb("gold-bar", Arg::Tile(0)), &mut Vec::new())
        .is_err());
    act(&mut g, Action::Pass);
    // The mine joining them at (1, 1): D is a diagonal neighbour.
    place(&mut g, 0, "GO/RrRr", at(1, 1, 0));
    assert!(
        g.apply_action(Action::verb("gold-bar", Arg::Tile(999)), &mut Vec::new())
            .is_err(),
        "no such tile: refused, no panic"
    );
    assert!(g
        .apply_action(Action::verb("gold-bar", Arg::Number(1)), &mut Vec::new())
        .is_err());
    assert_eq!(pending(&g), (Actor::Player(0), Decision::named("gold-bar")));
    assert_eq!(offered(&g), vec![(1, 0), (0, 1), (0, 0)]);
    assert!(matches!(
        g.apply_action_by(1, bar(&g, 0, 0), &mut Vec::new()),
        Err(ActionError::WrongPlayer { .. })
    ));
    assert!(
        g.apply_action(bar(&g, -1, 0), &mut Vec::new()).is_err(),
        "(-1, 0) is not next to the mine"
    );
    put_bar(&mut g, 0, 0);
    assert_eq!(pending(&g), (Actor::Player(0), Decision::Wood));
    act(&mut g, Action::Pass);
    // Another mine north of the curve: D again, a second bar there.
    place(&mut g, 1, "GO/LCc", at(1, -1, 0));
    assert_eq!(offered(&g), vec![(1, 0), (0, 0)]);
    put_bar(&mut g, 0, 0);
    assert_eq!(on_tiles(&g), vec![(0, 0, 2), (1, -1, 1), (1, 1, 1)]);
    assert_eq!(held(&g), json!([0, 0]));
    assert_eq!(state(&g)["gold_in_box"], json!(12));
}

/// L116: P0 and P2 tie on a completed road holding three bars, and P1, the
/// active player, completes it: the bars go one at a time clockwise from
/// P1 among the tied players: P2, P0, P2. At the end each bar is worth 1
/// (L120).
#[test]
fn tied_players_take_the_bars_one_at_a_time_clockwise_from_the_active_player_l116() {
    let rules = rules();
    let mut g = on_d(rules, 3);
    // P0 on the curve east of D, P2 on a road south of D: two roads.
    place(&mut g, 0, "V", at(1, 0, 0));
    act(&mut g, figure(rules, "V", Kind::Road, FollowerKind::Normal));
    place(&mut g, 2, "U", at(0, 1, 0));
    act(&mut g, figure(rules, "U", Kind::Road, FollowerKind::Normal));
    // A mine north of the curve: its own bar off the road, the other on D.
    place(&mut g, 0, "GO/LCc", at(1, -1, 0));
    put_bar(&mut g, 0, 0);
    act(&mut g, Action::Pass);
    // The mine joining the roads at (1, 1): its bar and D's second.
    place(&mut g, 1, "GO/RrRr", at(1, 1, 0));
    put_bar(&mut g, 0, 0);
    act(&mut g, Action::Pass);
    place(&mut g, 0, "A", at(-1, 0, 3));
    act(&mut g, Action::Pass);
    // P1 closes the road: 6 tiles, 6 points each to P0 and P2.
    place(&mut g, 1, "A", at(-1, 1, 3));
    let ev = act(&mut g, Action::Pass);
    let mut completed: Vec<(u8, u32)> = ev
        .iter()
        .filter(|e| e.reason == Reason::Completed)
        .map(|e| (e.player, e.points))
        .collect();
    completed.sort();
    assert_eq!(completed, vec![(0, 6), (2, 6)]);
    assert_eq!(held(&g), json!([1, 0, 2]), "P2, P0, P2");
    assert_eq!(on_tiles(&g), vec![(1, -1, 1)]);
    let fin = g.finish();
    assert_eq!(gold_points(&fin), vec![(0, 1), (2, 2)]);
}

/// L115 and the publisher's rule sheet (docs/rules/gold-mines.md): P1's
/// tile at (1, 0) completes P0's road through D and P1's cloister south of
/// D, whose 3x3 holds D too. D's two bars are dealt together
/// (`gold_together = "together"`, the default), one at a time from P1, the
/// active player: one each. Under `"first-scored"` the feature scored
/// first takes both.
#[test]
fn gold_on_a_tile_two_features_completed_together_share_is_dealt_from_the_active_player_l115() {
    for (option, together) in [(0, true), (1, false)] {
        let rules = support::with_option(rules(), "gold_together", option);
        let mut g = on_d(rules, 2);
        place(&mut g, 1, "B", at(0, 1, 0));
        act(
            &mut g,
            figure(rules, "B", Kind::Cloister, FollowerKind::Normal),
        );
        // P0's road: closed west of D by A's cloister.
        place(&mut g, 0, "A", at(-1, 0, 3));
        act(&mut g, figure(rules, "A", Kind::Road, FollowerKind::Normal));
        // Two mines north of the road, each putting its second bar on D.
        place(&mut g, 0, "GO/LCc", at(0, -1, 2));
        put_bar(&mut g, 0, 0);
        act(&mut g, Action::Pass);
        place(&mut g, 0, "GO/LRr", at(-1, -1, 2));
        put_bar(&mut g, 0, 0);
        act(&mut g, Action::Pass);
        // The rest of the cloister's 3x3 but (1, 0).
        for (id, x, y, rotation) in [
            ("E", -1, 1, 3),
            ("E", 1, 1, 1),
            ("E", -1, 2, 2),
            ("B", 0, 2, 0),
            ("B", 1, 2, 0),
        ] {
            place(&mut g, 0, id, at(x, y, rotation));
            act(&mut g, Action::Pass);
        }
        assert_eq!(on_tiles(&g), vec![(-1, -1, 1), (0, -1, 1), (0, 0, 2)]);
        // P1 closes the road and the 3x3 at once.
        place(&mut g, 1, "A", at(1, 0, 1));
        let ev = act(&mut g, Action::Pass);
        let mut completed: Vec<(u8, u32)> = ev
            .iter()
            .filter(|e| e.reason == Reason::Completed)
            .map(|e| (e.player, e.points))
            .collect();
        completed.sort();
        assert_eq!(completed, vec![(0, 3), (1, 9)], "{option}");
        let held: Vec<u64> = state(&g)["gold_held"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        if together {
            assert_eq!(held, [1, 1], "P1 then P0");
        } else {
            assert!(held == [2, 0] || held == [0, 2], "{option}: {held:?}");
        }
        assert_eq!(on_tiles(&g), vec![(-1, -1, 1), (0, -1, 1)], "{option}");
    }
}

/// L108: a completed cloister gives its majority the gold on its own tile
/// and the eight around it; a bar one tile further stays. The mine that
/// completes it puts its bars down before the scoring (L110-L115), so they
/// are taken at once.
#[test]
fn a_completed_cloister_gives_the_gold_of_its_three_by_three_l108() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 1, "B", at(0, 1, 0));
    act(
        &mut g,
        figure(rules, "B", Kind::Cloister, FollowerKind::Normal),
    );
    for x in [1, -1] {
        place(&mut g, 0, "U", at(x, 0, 0));
        act(&mut g, Action::Pass);
    }
    // Its only neighbour is (1, 0): bars on (2, 0), outside the 3x3, and
    // on (1, 0), inside.
    place(&mut g, 0, "GO/RRrr.X", at(2, 0, 0));
    assert_eq!(pending(&g), (Actor::Player(0), Decision::Wood));
    act(&mut g, Action::Pass);
    // Field sides towards the cloister: E's city turned outwards, and B.
    for (id, x, y, rotation) in [
        ("E", -1, 1, 3),
        ("E", 1, 1, 1),
        ("E", -1, 2, 2),
        ("B", 0, 2, 0),
    ] {
        place(&mut g, 0, id, at(x, y, rotation));
        act(&mut g, Action::Pass);
    }
    // The cloister mine at (1, 2) completes the 3x3; its second bar goes
    // on the cloister itself (a diagonal neighbour).
    place(&mut g, 0, "GO/LRr", at(1, 2, 0));
    assert_eq!(offered(&g), vec![(1, 1), (0, 2), (0, 1)]);
    put_bar(&mut g, 0, 1);
    let ev = act(&mut g, Action::Pass);
    assert!(ev
        .iter()
        .any(|e| e.player == 1 && e.points == 9 && e.reason == Reason::Completed));
    assert_eq!(held(&g), json!([0, 3]));
    assert_eq!(on_tiles(&g), vec![(2, 0, 1)]);
}

/// L108 (a feature completed with nobody on it) and L117 (farmers earn no
/// gold): the gold stays on the board, and at the end it is removed
/// (`gold_final = "removed"`, the default) or handed out by the final
/// scoring of the incomplete road, never by the farm (`shared`).
#[test]
fn unclaimed_gold_stays_and_the_end_removes_or_shares_it_by_option_l117() {
    // (option word, a follower on the road, gold held at the end, removed)
    for (option, on_road, want_held, removed) in [
        (0, true, json!([0, 0]), 2),
        (1, true, json!([0, 2]), 0),
        (1, false, json!([0, 0]), 2),
    ] {
        let rules = support::with_option(rules(), "gold_final", option);
        let mut g = on_d(rules, 2);
        // The crossroads mine east of D: bars on it and on D. P0's farmer
        // on its north-west field, the farm of D's north field.
        place(&mut g, 0, "GO/RRrr.X", at(1, 0, 0));
        act(
            &mut g,
            figure(rules, "GO/RRrr.X", Kind::Field, FollowerKind::Normal),
        );
        // P1 closes D's city with nobody in it: the bar on D stays.
        place(&mut g, 1, "E", at(0, -1, 2));
        act(&mut g, Action::Pass);
        assert_eq!(held(&g), json!([0, 0]));
        assert_eq!(on_tiles(&g), vec![(0, 0, 1), (1, 0, 1)]);
        // P1 on the road through D (open at both ends), or not.
        place(&mut g, 1, "U", at(-1, 0, 0));
        if on_road {
            act(&mut g, figure(rules, "U", Kind::Road, FollowerKind::Normal));
        } else {
            act(&mut g, Action::Pass);
        }
        let fin = g.finish();
        let case = format!("option {option}, road {on_road}");
        assert!(
            fin.iter()
                .any(|e| e.player == 0 && e.points == 3 && e.reason == Reason::Final),
            "{case}: the farm scored"
        );
        assert_eq!(held(&g), want_held, "{case}");
        assert_eq!(state(&g)["gold_removed"], json!(removed), "{case}");
        let want_points = if want_held == json!([0, 2]) {
            vec![(1, 2)]
        } else {
            vec![]
        };
        assert_eq!(gold_points(&fin), want_points, "{case}");
        assert!(on_tiles(&g).is_empty(), "{case}");
    }
}

/// L119-L123: the end bonus per bar. P0's road takes 2 bars from one mine
/// (2 x 1 point, the 1-3 bracket) or 4 from two (4 x 2 points, the 4-6
/// bracket); the rule's module test checks every bracket's edges.
#[test]
fn the_end_bonus_per_bar_follows_the_brackets_l119_l123() {
    let rules = rules();
    for (mines, bars, bonus) in [(1usize, 2, 2u32), (2, 4, 8)] {
        let mut g = on_d(rules, 2);
        place(&mut g, 0, "U", at(1, 0, 0));
        act(&mut g, figure(rules, "U", Kind::Road, FollowerKind::Normal));
        // Straight mines east along the road, each with a single neighbour
        // (the tile west of it): both bars on the road.
        let straight = [("GO/RRrr.X", 0), ("GO/CRcr", 1)];
        for &(id, rotation) in &straight[..mines] {
            let x = g.placed().iter().map(|q| q.x).max().unwrap() + 1;
            place(&mut g, 1, id, at(x, 0, rotation));
            act(&mut g, Action::Pass);
        }
        let x = g.placed().iter().map(|q| q.x).max().unwrap() + 1;
        place(&mut g, 1, "A", at(x, 0, 1));
        act(&mut g, Action::Pass);
        place(&mut g, 1, "A", at(-1, 0, 3));
        act(&mut g, Action::Pass);
        assert_eq!(held(&g), json!([bars, 0]), "{mines} mines");
        let fin = g.finish();
        assert_eq!(gold_points(&fin), vec![(0, bonus)], "{mines} mines");
    }
}

/// Seeded games of base_gold_mines with random and greedy bots: bars go
/// down (some by their player's choice) and are shared out, every bar is
/// accounted for, and each game replays from its record, and from the
/// record alone (no seed).
#[test]
fn seeded_bot_games_share_out_gold_and_replay_from_the_record_alone_l107_l116() {
    let mut chosen = 0;
    let games = bot_games(rules(), 0..32, 4, MIXED, |_, a| {
        chosen += usize::from(a.name() == "gold-bar")
    });
    let (mut taken, mut bonus) = (0u64, 0u32);
    for b in &games {
        let (seed, st) = (b.seed, state(&b.game));
        let held: u64 = st["gold_held"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .sum();
        let out = 16 - st["gold_in_box"].as_u64().unwrap();
        assert_eq!(
            held + st["gold_removed"].as_u64().unwrap(),
            out,
            "seed {seed}: every bar taken out is held or removed"
        );
        assert!(on_tiles(&b.game).is_empty(), "seed {seed}");
        taken += held;
        bonus += gold_points(&b.events).iter().map(|&(_, p)| p).sum::<u32>();
    }
    assert!(
        taken > 0 && bonus > 0,
        "gold shared out: {taken} bars, {bonus} points"
    );
    assert!(chosen > 0, "some second bar was the player's choice");
}

/// The move API (a placement and a figure in one): a mine with several
/// neighbours is no move, since its second bar is asked between the
/// placement and the figure (L107, L110-L112); `check` and `apply` refuse
/// it alike and change nothing. With one neighbour it is a move.
#[test]
fn a_mine_whose_second_bar_is_asked_is_played_with_actions_not_moves_l107() {
    use carcassonne_runtime::engine::{Move, MoveError, Placement};
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "U", at(1, 0, 0));
    act(&mut g, Action::Pass);
    place(&mut g, 0, "B", at(1, 1, 0));
    act(&mut g, Action::Pass);
    g.force_player(1).unwrap();
    g.force_draw(support::tile(rules, "GO/RRrr.X")).unwrap();
    let moves = g.legal_moves();
    let places = |p: Placement| moves.iter().any(|m| m.placement == p);
    // West of D: D alone touches it, a move.
    assert!(places(at(-1, 0, 0)));
    // East of (1, 0): (1, 0) and (1, 1) touch it, so its second bar is
    // asked.
    let asked = at(2, 0, 0);
    assert!(!places(asked));
    assert!(g.legal_actions().contains(&Action::Place(asked)));
    let mv = Move {
        placement: asked,
        deploy: None,
    };
    assert!(matches!(g.check(mv), Err(MoveError::Waiting(_))));
    let before = g.clone();
    assert!(matches!(g.apply(mv), Err(MoveError::Waiting(_))));
    assert!(g == before);
    act(&mut g, Action::Place(asked));
    assert_eq!(pending(&g), (Actor::Player(1), Decision::named("gold-bar")));
    assert_eq!(offered(&g), vec![(1, 1), (1, 0)]);
}
