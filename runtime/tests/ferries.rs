//! The Ferries in scripted games through the action API
//! (004_e9353f116722cd5d.txt L72-L91; docs/rules/ferries.md). Tests are
//! named for the seed lines they play. The start tile D lies at (0, 0): its
//! city faces north, its road runs west-east, its field south. The lake
//! tile FR/RRR unturned has its roads W, S and E (segments 0, 1, 2) and a
//! field north; A is a cloister whose road leaves it south (turned 1: west,
//! 2: north, 3: east); U is a straight road west-east.

use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, Decision, Deploy, FollowerKind, Game, Reason, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};
use serde_json::json;

mod support;
use support::bot_games::{bot_games, listed, MIXED, RANDOM};
use support::{at, figure, on_d, place, state};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_ferries").unwrap()
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

/// The pair words, as the verbs name them.
const PAIRS: [&str; 6] = ["N-E", "N-S", "N-W", "E-S", "E-W", "S-W"];

fn word(pair: &str) -> u8 {
    PAIRS.iter().position(|&p| p == pair).unwrap() as u8
}

/// `ferry`: the new lake's ferry joins `pair`.
fn ferry(pair: &str) -> Action {
    Action::verb("ferry", Arg::Word(word(pair)))
}

/// `ferry-move`: the ferry asked about moves to `pair`.
fn move_to(pair: &str) -> Action {
    Action::verb("ferry-move", Arg::Word(word(pair)))
}

/// A normal follower on road segment `n` of the lake tile just placed
/// (unturned: 0 W, 1 S, 2 E).
fn on_lake_road(n: u8) -> Action {
    Action::Deploy(Deploy {
        segment: n,
        kind: FollowerKind::Normal,
    })
}

fn road(id: &str) -> Action {
    figure(rules(), id, Kind::Road, FollowerKind::Normal)
}

fn pending(g: &Game) -> Option<(Actor, Decision)> {
    g.pending().map(|p| (p.actor, p.decision))
}

/// Each lake's cell and the road ends its ferry joins, as the protocol
/// shows them.
fn ferries(g: &Game) -> serde_json::Value {
    state(g)["ferries"].clone()
}

/// The tile marks the board shows (`render game`, the viewer): each
/// lake's ferry, named for the road ends it joins, and its cell.
fn marks(g: &Game) -> Vec<(&'static str, i16, i16)> {
    let mut shown = carcassonne_runtime::mechanics::Shown::default();
    carcassonne_runtime::mechanics::show(g, &mut shown);
    shown
        .marks
        .iter()
        .map(|m| {
            let q = g.placed()[m.placed as usize];
            (m.def.name, q.x, q.y)
        })
        .collect()
}

fn completed(events: &[ScoreEvent]) -> Vec<(u8, u32)> {
    let mut v: Vec<(u8, u32)> = events
        .iter()
        .filter(|e| e.reason == Reason::Completed)
        .map(|e| (e.player, e.points))
        .collect();
    v.sort();
    v
}

/// `player` places tile `id` at `p` and answers the figure step with
/// `wood`; the points scored.
fn turn(
    g: &mut Game,
    player: u8,
    id: &str,
    p: carcassonne_runtime::engine::Placement,
    wood: Action,
) -> Vec<ScoreEvent> {
    place(g, player, id, p);
    act(g, wood)
}

/// L83, L87-L89 (the seed's turn order; Wikicarpedia's example 2): after
/// the figure step of a lake tile its player must put a ferry joining two
/// of its road ends; the joined roads are one road (P0's and P1's
/// followers now share it and score it together), and the third end closes
/// its road at the lake (a cloister's road closes it at the other end: 2
/// tiles).
#[test]
fn a_new_lakes_ferry_joins_two_roads_and_the_third_end_closes_its_road_l83_l87_l89() {
    let mut g = on_d(rules(), 2);
    // P1 on D's road west, closed by the crossroads W at (-2, 0).
    turn(&mut g, 1, "U", at(-1, 0, 0), road("U"));
    turn(&mut g, 0, "W", at(-2, 0, 0), Action::Pass);
    place(&mut g, 0, "FR/RRR", at(1, 0, 0));
    // The figure step comes first (L87-L88): the lake's east road is free.
    assert!(
        g.apply_action(on_lake_road(0), &mut Vec::new()).is_err(),
        "the west road is P1's"
    );
    act(&mut g, on_lake_road(2));
    assert_eq!(
        pending(&g),
        Some((Actor::Player(0), Decision::named("ferry")))
    );
    let mut offered: Vec<Action> = g.legal_actions();
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut pairs = vec![ferry("E-S"), ferry("E-W"), ferry("S-W")];
    pairs.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, pairs, "the pairs of its three road ends, no pass");
    assert!(g.apply_action(Action::Pass, &mut Vec::new()).is_err());
    assert!(g.apply_action(ferry("N-S"), &mut Vec::new()).is_err());
    let ev = act(&mut g, ferry("E-W"));
    assert!(completed(&ev).is_empty());
    assert_eq!(ferries(&g), json!([{"x": 1, "y": 0, "joins": "E-W"}]));
    assert_eq!(marks(&g), vec![("ferry-E-W", 1, 0)], "the board shows it");
    // A cloister closes the road east: W, U, D, the lake, A are one road
    // of 5 tiles, and both followers score it.
    turn(&mut g, 1, "A", at(2, 0, 1), Action::Pass);
    assert_eq!(pending(&g).unwrap().1, Decision::named("ferry-move"));
    let ev = act(&mut g, Action::Pass);
    assert_eq!(completed(&ev), vec![(0, 5), (1, 5)]);
    // The south end was closed at the lake: a cloister's road closes the
    // rest, 2 tiles, P1's alone.
    let ev = turn(&mut g, 1, "A", at(1, 1, 2), road("A"));
    assert_eq!(completed(&ev), vec![(1, 2)]);
    assert_eq!(pending(&g).map(|p| p.1), Some(Decision::Place));
}

/// L83: roads a ferry joins count as one road: the follower on D's road
/// scores every tile of it through the lake, once it closes at both ends.
#[test]
fn the_road_through_a_ferry_scores_as_one_road_l83() {
    let mut g = on_d(rules(), 2);
    turn(&mut g, 0, "U", at(-1, 0, 0), road("U"));
    place(&mut g, 1, "FR/RRR", at(1, 0, 0));
    act(&mut g, Action::Pass);
    act(&mut g, ferry("S-W"));
    // South of the lake a straight road, then a cloister closes it: the
    // tile extends the ferry's road, so its player may move the ferry.
    turn(&mut g, 1, "U", at(1, 1, 1), Action::Pass);
    assert_eq!(pending(&g).unwrap().1, Decision::named("ferry-move"));
    act(&mut g, Action::Pass);
    turn(&mut g, 1, "A", at(1, 2, 2), Action::Pass);
    act(&mut g, Action::Pass);
    // West: a cloister closes it: A, U, D, lake, U, A = 6 tiles.
    let ev = turn(&mut g, 1, "A", at(-2, 0, 3), Action::Pass);
    assert_eq!(
        pending(&g).unwrap().1,
        Decision::named("ferry-move"),
        "the closing tile extends the ferry's road too"
    );
    assert!(completed(&ev).is_empty(), "scoring waits for the move");
    let ev = act(&mut g, Action::Pass);
    assert_eq!(completed(&ev), vec![(0, 6)]);
}

/// L83, L90: a tile extending a road with two ferries on it offers only
/// the ferry nearest to it along the road: from the east end the eastern
/// lake's, from the west end the western lake's.
#[test]
fn only_the_ferry_nearest_the_tile_along_the_road_may_move_l83() {
    let mut g = on_d(rules(), 2);
    place(&mut g, 0, "FR/RRR", at(1, 0, 0));
    act(&mut g, Action::Pass);
    act(&mut g, ferry("E-W"));
    turn(&mut g, 1, "U", at(2, 0, 0), Action::Pass);
    // The road from U reaches the lake's east end and its ferry.
    act(&mut g, Action::Pass);
    place(&mut g, 0, "FR/RRR", at(3, 0, 0));
    act(&mut g, Action::Pass);
    act(&mut g, ferry("E-W"));
    // The new lake extends the road: the nearest other ferry, (1, 0)'s.
    assert_eq!(pending(&g).unwrap().1, Decision::named("ferry-move"));
    act(&mut g, Action::Pass);
    // East of (3, 0): the nearest ferry is (3, 0)'s; (1, 0)'s is farther.
    turn(&mut g, 1, "U", at(4, 0, 0), Action::Pass);
    assert_eq!(
        pending(&g),
        Some((Actor::Player(1), Decision::named("ferry-move")))
    );
    let mut offered = g.legal_actions();
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut answers = vec![Action::Pass, move_to("E-S"), move_to("S-W")];
    answers.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, answers, "two other pairs, or stay");
    // Where it is already, another player's answer, a place's verb: refused.
    assert!(g.apply_action(move_to("E-W"), &mut Vec::new()).is_err());
    assert!(g.apply_action(ferry("S-W"), &mut Vec::new()).is_err());
    assert!(matches!(
        g.apply_action_by(0, move_to("S-W"), &mut Vec::new()),
        Err(ActionError::WrongPlayer { .. })
    ));
    act(&mut g, move_to("S-W"));
    assert_eq!(
        ferries(&g),
        json!([
            {"x": 1, "y": 0, "joins": "E-W"},
            {"x": 3, "y": 0, "joins": "S-W"}
        ])
    );
    assert_eq!(
        pending(&g).map(|p| p.1),
        Some(Decision::Place),
        "the farther ferry is not asked about"
    );
    // West of D: the nearest is (1, 0)'s.
    turn(&mut g, 0, "U", at(-1, 0, 0), Action::Pass);
    act(&mut g, move_to("E-S"));
    assert_eq!(
        ferries(&g),
        json!([
            {"x": 1, "y": 0, "joins": "E-S"},
            {"x": 3, "y": 0, "joins": "S-W"}
        ])
    );
    assert_eq!(pending(&g).map(|p| p.1), Some(Decision::Place));
    assert_eq!(state(&g)["ferry_moves"], json!([1, 1]));
}

/// L83: "A ferry can only be moved once per turn": a tile closing a ring
/// of road through one lake reaches its ferry both ways, and it is asked
/// about once.
#[test]
fn a_ferry_moves_at_most_once_a_turn_l83() {
    let mut g = on_d(rules(), 2);
    place(&mut g, 0, "FR/RRR", at(1, 0, 0));
    act(&mut g, Action::Pass);
    act(&mut g, ferry("S-W"));
    // The ring: lake south, (1, 1) north-west, (0, 1) west-east, (-1, 1)
    // north-east, (-1, 0) east-south back to D. V's road runs south-west.
    for (x, y, id, r) in [(1, 1, "V", 1), (0, 1, "U", 0), (-1, 1, "V", 2)] {
        turn(&mut g, 1, id, at(x, y, r), Action::Pass);
        assert_eq!(pending(&g).unwrap().1, Decision::named("ferry-move"));
        act(&mut g, Action::Pass);
    }
    turn(&mut g, 1, "V", at(-1, 0, 3), Action::Pass);
    assert_eq!(pending(&g).unwrap().1, Decision::named("ferry-move"));
    act(&mut g, move_to("E-W"));
    assert_eq!(
        pending(&g).map(|p| p.1),
        Some(Decision::Place),
        "asked once though the tile reaches it both ways"
    );
}

/// L83, L91: a move that leaves a road's end unjoined closes the road
/// there; a road it completes (the south one: a cloister's, P1's) scores in
/// the turn's scoring step, though the tile placed is not part of it.
#[test]
fn a_ferry_move_that_completes_a_road_scores_it_l83_l91() {
    let mut g = on_d(rules(), 2);
    place(&mut g, 0, "FR/RRR", at(1, 0, 0));
    act(&mut g, Action::Pass);
    act(&mut g, ferry("S-W"));
    turn(&mut g, 1, "A", at(1, 1, 2), road("A"));
    act(&mut g, Action::Pass);
    // West of D: the ferry moves to W-E, the south road is closed.
    turn(&mut g, 0, "U", at(-1, 0, 0), Action::Pass);
    let ev = act(&mut g, move_to("E-W"));
    assert_eq!(completed(&ev), vec![(1, 2)], "lake south + cloister");
    assert_eq!(g.supply(1), 7, "P1's follower came home");
}

/// L83, expansion_turns.md open point 9: a move that splits a road leaves
/// each follower on its own segment's road: P0's west of the lake, P1's on
/// the lake's south road, which then scores for P1 alone.
#[test]
fn a_ferry_move_splits_a_road_with_followers_on_both_parts_l83() {
    let mut g = on_d(rules(), 2);
    turn(&mut g, 0, "U", at(-1, 0, 0), road("U"));
    place(&mut g, 1, "FR/RRR", at(1, 0, 0));
    act(&mut g, on_lake_road(1));
    act(&mut g, ferry("S-W"));
    // One road now, both followers on it. The crossroads W closes it west,
    // and P0 moves the ferry.
    turn(&mut g, 0, "W", at(-2, 0, 0), Action::Pass);
    act(&mut g, move_to("E-W"));
    // P1's part, alone now: a cloister closes it.
    let ev = turn(&mut g, 1, "A", at(1, 1, 2), Action::Pass);
    assert_eq!(
        pending(&g).map(|p| p.1),
        Some(Decision::Place),
        "no ferry on it"
    );
    assert_eq!(completed(&ev), vec![(1, 2)]);
    // P0's part: W, U, D, the lake, open east: a cloister at (2, 0)
    // closes it.
    let ev = turn(&mut g, 1, "A", at(2, 0, 1), Action::Pass);
    assert_eq!(pending(&g).unwrap().1, Decision::named("ferry-move"));
    assert!(completed(&ev).is_empty());
    let ev = act(&mut g, Action::Pass);
    assert_eq!(completed(&ev), vec![(0, 5)]);
    assert_eq!((g.supply(0), g.supply(1)), (7, 7));
}

/// Seeded games of base_ferries with random and greedy bots: ferries are
/// put on every lake placed and moved, and each game replays from its
/// record, with its seed and from the record alone.
#[test]
fn seeded_bot_games_place_and_move_ferries_and_replay_l83_l91() {
    for kinds in [MIXED, RANDOM] {
        let games = bot_games(rules(), 0..24, 4, kinds, |_, _| {});
        let placed: usize = games.iter().map(|b| listed(&b.record, "ferry")).sum();
        let moved: usize = games.iter().map(|b| listed(&b.record, "ferry-move")).sum();
        for b in &games {
            let lakes = ferries(&b.game).as_array().unwrap().len();
            assert_eq!(
                listed(&b.record, "ferry"),
                lakes,
                "seed {}: a ferry on every lake placed",
                b.seed
            );
        }
        assert!(placed > 0 && moved > 0, "placed {placed}, moved {moved}");
    }
}

/// base_ferries with the builder (Traders & Builders) in play.
fn with_builder() -> &'static Ruleset {
    support::with_mechs(rules(), &[carcassonne_runtime::mechanics::Mech::Builder])
}

/// A split leaves the builder (000_9deb58b1a7d17d38.txt L888: it stands
/// beside its owner's follower) on a part without its owner's follower: it
/// goes home, as it would when that follower left (JCloisterZone does the
/// same).
#[test]
fn a_builder_left_without_its_owners_follower_by_a_split_goes_home_l83_l888() {
    let rules = with_builder();
    let mut g = on_d(rules, 2);
    turn(&mut g, 0, "U", at(-1, 0, 0), road("U"));
    place(&mut g, 1, "FR/RRR", at(1, 0, 0));
    act(&mut g, Action::Pass);
    act(&mut g, ferry("S-W"));
    // P0's builder south of the lake, on P0's road through the ferry.
    let builder = figure(rules, "U", Kind::Road, FollowerKind::Builder);
    turn(&mut g, 0, "U", at(1, 1, 1), builder);
    assert_eq!(g.figures(0, FollowerKind::Builder), 0);
    assert_eq!(pending(&g).unwrap().1, Decision::named("ferry-move"));
    act(&mut g, move_to("E-W"));
    assert_eq!(
        g.figures(0, FollowerKind::Builder),
        1,
        "its part, lake south and U, has no follower of P0"
    );
    assert_eq!(g.supply(0), 6, "P0's follower stays west");
}
