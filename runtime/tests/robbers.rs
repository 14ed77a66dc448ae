//! The Robbers in scripted games through the action API
//! (004_e9353f116722cd5d.txt L152-L171; docs/rules/robbers.md). Tests are
//! named for the seed line they play. The start tile D lies at (0, 0): its
//! city faces north, its road runs west-east, its field south. Every
//! marker starts on space 0 of the score track.

use carcassonne_runtime::engine::{
    Action, Actor, Arg, Decision, FollowerKind, Game, Reason, ScoreEvent, When,
};
use carcassonne_runtime::tables::{Kind, Ruleset};
use serde_json::json;

mod support;
use support::bot_games::{assert_replays, bot_game, bot_games, listed, MIXED, RANDOM};
use support::{asked, at, figure, on_d, pending, place, scores_events_sum, state, with_option};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_robbers").unwrap()
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

/// `robber`: put the robber on space `n`.
fn robber(n: u16) -> Action {
    Action::verb("robber", Arg::Number(n))
}

/// `robber-robs`: take the share of player `v`'s gain.
fn robs(v: u16) -> Action {
    Action::verb("robber-robs", Arg::Number(v))
}

/// Each player's robber: its space, or null in the supply.
fn robbers(g: &Game) -> serde_json::Value {
    state(g)["robbers"].clone()
}

/// The points of `events`, as (player, points, reason).
fn points(events: &[ScoreEvent]) -> Vec<(u8, u32, Reason)> {
    events
        .iter()
        .map(|e| (e.player, e.points, e.reason))
        .collect()
}

/// P0 places the robber tile with three roads west of D, its east road
/// joining D's, and a follower on that road; the robbers' asks follow the
/// figure step.
fn three_roads_west(g: &mut Game) {
    place(g, 0, "RB/BA/RRR.rb", at(-1, 0, 0));
    let a = figure(g.rules(), "RB/BA/RRR.rb", Kind::Road, FollowerKind::Normal);
    act(g, a);
}

/// Whether the game asks no one about a robber now.
fn no_robber_asked(g: &Game) -> bool {
    g.pending()
        .is_none_or(|p| p.decision != Decision::named("robber"))
}

/// P1 places the junction W east of D: D's road, with P0's follower on
/// it, is complete over three tiles (3 points).
fn close_road_east(g: &mut Game, player: u8) -> Vec<ScoreEvent> {
    place(g, player, "W", at(1, 0, 0));
    act(g, Action::Pass)
}

/// L163: after placing a robber tile the active player may put their
/// robber on a space where another player's marker stands (here space 0,
/// and no other); then the next player whose robber is in their supply
/// (`robbers_next = "next-free"`, the published rule) may place theirs.
/// The asks follow the figure step.
#[test]
fn a_robber_goes_beside_another_players_marker_then_the_next_player_may_place_l163() {
    let mut g = on_d(rules(), 3);
    place(&mut g, 0, "RB/BA/RFr.rb", at(1, 0, 0));
    assert_eq!(pending(&g), (Actor::Player(0), Decision::Wood));
    act(&mut g, Action::Pass);
    asked(&g, 0, "robber");
    assert_eq!(g.legal_actions(), vec![Action::Pass, robber(0)]);
    assert!(
        g.apply_action(robber(5), &mut Vec::new()).is_err(),
        "no marker on space 5"
    );
    act(&mut g, robber(0));
    assert_eq!(g.figures(0, FollowerKind::Robber), 0, "out of the supply");
    asked(&g, 1, "robber");
    act(&mut g, Action::Pass);
    assert!(no_robber_asked(&g));
    assert_eq!(robbers(&g), json!([0, null, null]));
    // A tile without the symbol: no robber.
    place(&mut g, 1, "U", at(2, 0, 0));
    act(&mut g, Action::Pass);
    assert!(no_robber_asked(&g));
    // P2's robber tile: after P2, P0's robber is out, so P1 is asked.
    place(&mut g, 2, "RB/BA/RFr.rb", at(3, 0, 0));
    act(&mut g, Action::Pass);
    asked(&g, 2, "robber");
    act(&mut g, Action::Pass);
    asked(&g, 1, "robber");
    act(&mut g, Action::Pass);
    assert!(no_robber_asked(&g));

    // `next`: only the very next player, whose robber (P0's) is out.
    let mut g = on_d(with_option(rules(), "robbers_next", 1), 3);
    place(&mut g, 0, "RB/BA/RFr.rb", at(1, 0, 0));
    act(&mut g, Action::Pass);
    act(&mut g, robber(0));
    act(&mut g, Action::Pass);
    place(&mut g, 2, "RB/BA/RFr.rb", at(2, 0, 0));
    act(&mut g, Action::Pass);
    asked(&g, 2, "robber");
    act(&mut g, Action::Pass);
    assert!(no_robber_asked(&g));
}

/// L163, L171: P1's robber, beside P0's marker, takes half of P0's 3
/// points rounded up (2); P0 keeps all 3; P1's robber goes home. P0's own
/// robber on the same space takes nothing from P0.
#[test]
fn the_robber_takes_half_rounded_up_and_goes_home_not_from_its_owner_l163_l171() {
    let mut g = on_d(rules(), 2);
    three_roads_west(&mut g);
    act(&mut g, robber(0));
    asked(&g, 1, "robber");
    act(&mut g, robber(0));
    let ev = close_road_east(&mut g, 1);
    assert_eq!(
        points(&ev),
        vec![(0, 3, Reason::Completed), (1, 2, Reason::Robbery)]
    );
    assert_eq!(g.scores(), &[3, 2]);
    assert_eq!(g.figures(1, FollowerKind::Robber), 1, "home");
    // P0's robber stayed: P1's marker moved by robbing (L167) and took it
    // along to space 2.
    assert_eq!(robbers(&g), json!([2, null]));
    assert_eq!(state(&g)["robberies"], json!([0, 1]));
    assert_eq!(state(&g)["robbed_points"], json!([0, 2]));
    assert_eq!(state(&g)["score_spaces"], json!([3, 2]));
}

/// L168: the robber takes the first gain, however small: P0's 3 points
/// are robbed, P0's 4 of the next turn are not; no answer lets it wait.
#[test]
fn the_robber_takes_the_first_opportunity_l168() {
    let mut g = on_d(rules(), 2);
    three_roads_west(&mut g);
    act(&mut g, Action::Pass);
    act(&mut g, robber(0));
    assert_eq!(
        points(&close_road_east(&mut g, 1)),
        vec![(0, 3, Reason::Completed), (1, 2, Reason::Robbery)]
    );
    place(&mut g, 0, "E", at(0, -1, 2));
    let ev = act(
        &mut g,
        figure(rules(), "E", Kind::City, FollowerKind::Normal),
    );
    assert_eq!(points(&ev), vec![(0, 4, Reason::Completed)]);
    assert_eq!(g.scores(), &[7, 2]);
}

/// L167, L163 (the published answer: a robber may go beside a marker the
/// tile is about to score): P0 completes a city with a robber tile and
/// both robbers go on space 0 before it scores. P1's robber robs P0's 4;
/// P1's marker moves by robbing, so P0's robber on its space moves along
/// with it (honour among thieves). L163: an active player whose robber is
/// out may move it.
#[test]
fn a_robbery_moves_the_robbers_beside_the_robber_and_robs_no_one_l167() {
    let rules = rules();
    let mut g = on_d(rules, 3);
    place(&mut g, 0, "RB/BA/C.rb", at(0, -1, 2));
    act(
        &mut g,
        figure(rules, "RB/BA/C.rb", Kind::City, FollowerKind::Normal),
    );
    act(&mut g, robber(0));
    let ev = act(&mut g, robber(0));
    assert_eq!(
        points(&ev),
        vec![(0, 4, Reason::Completed), (1, 2, Reason::Robbery)]
    );
    assert_eq!(robbers(&g), json!([2, null, null]));
    // P0 moves the robber already out: P1's space is its own, P2 stands
    // on 0; then P1, whose robber is home, may place beside P0 or P2.
    place(&mut g, 0, "RB/BA/RFr.rb", at(1, 0, 0));
    act(&mut g, Action::Pass);
    assert_eq!(g.legal_actions(), vec![Action::Pass, robber(0)]);
    act(&mut g, robber(0));
    asked(&g, 1, "robber");
    assert_eq!(g.legal_actions(), vec![Action::Pass, robber(0), robber(4)]);
    act(&mut g, Action::Pass);
    assert_eq!(robbers(&g), json!([0, null, null]));
    assert_eq!(g.figures(0, FollowerKind::Robber), 0);
}

/// L167: the robber that moved with the robbing marker robs that marker's
/// next gain (not a robbery).
#[test]
fn the_robber_that_moved_along_robs_the_next_gain_l167() {
    let rules = rules();
    let mut g = on_d(rules, 3);
    three_roads_west(&mut g);
    act(&mut g, robber(0));
    act(&mut g, robber(0));
    close_road_east(&mut g, 1);
    assert_eq!(g.scores(), &[3, 2, 0]);
    assert_eq!(robbers(&g), json!([2, null, null]));
    place(&mut g, 1, "E", at(0, -1, 2));
    let ev = act(&mut g, figure(rules, "E", Kind::City, FollowerKind::Normal));
    assert_eq!(
        points(&ev),
        vec![(1, 4, Reason::Completed), (0, 2, Reason::Robbery)]
    );
    assert_eq!(g.scores(), &[5, 6, 0]);
    assert_eq!(robbers(&g), json!([null, null, null]));
}

/// L169: P0 and P2 share a completed road of five tiles (5 each) and both
/// stood on P1's robber's space: P1 chooses whose share it takes.
#[test]
fn the_robbers_owner_chooses_among_several_markers_that_gained_l169() {
    let rules = rules();
    let mut g = on_d(rules, 3);
    three_roads_west(&mut g);
    act(&mut g, Action::Pass);
    asked(&g, 1, "robber");
    act(&mut g, robber(0));
    // P2: a cloister south of D (no monk), then a road south-east whose
    // north end a curve will join to D's.
    place(&mut g, 2, "B", at(0, 1, 0));
    act(&mut g, Action::Pass);
    place(&mut g, 2, "U", at(1, 1, 1));
    act(&mut g, figure(rules, "U", Kind::Road, FollowerKind::Normal));
    place(&mut g, 0, "V", at(1, 0, 0));
    act(&mut g, Action::Pass);
    // The road's south end: RRR, D, V, U, A.
    place(&mut g, 0, "A", at(1, 2, 2));
    let ev = act(&mut g, Action::Pass);
    assert_eq!(
        points(&ev),
        vec![(0, 5, Reason::Completed), (2, 5, Reason::Completed)]
    );
    asked(&g, 1, "robber-robs");
    assert_eq!(g.legal_actions(), vec![robs(0), robs(2)]);
    assert!(g.apply_action(robs(1), &mut Vec::new()).is_err());
    let ev = act(&mut g, robs(2));
    assert_eq!(points(&ev), vec![(1, 3, Reason::Robbery)]);
    assert_eq!(g.scores(), &[5, 3, 5]);
    assert_eq!(robbers(&g), json!([null, null, null]));
}

/// L170: P1's and P2's robbers on P0's space both take half of P0's
/// gain (`robbers_next = "each"`, Z-Man's rule, lets both place).
#[test]
fn every_robber_on_the_space_gains_l170() {
    let mut g = on_d(with_option(rules(), "robbers_next", 2), 3);
    three_roads_west(&mut g);
    act(&mut g, Action::Pass);
    asked(&g, 1, "robber");
    act(&mut g, robber(0));
    asked(&g, 2, "robber");
    act(&mut g, robber(0));
    let ev = close_road_east(&mut g, 1);
    assert_eq!(
        points(&ev),
        vec![
            (0, 3, Reason::Completed),
            (1, 2, Reason::Robbery),
            (2, 2, Reason::Robbery)
        ]
    );
    assert_eq!(g.scores(), &[3, 2, 2]);
}

/// The final scoring moves markers forward too (the published rule: "when
/// a counting figure moves forward"): P0's unfinished road of two tiles
/// gives 2, and P1's robber takes 1.
#[test]
fn the_final_scoring_is_robbed_l163() {
    let mut g = on_d(rules(), 2);
    three_roads_west(&mut g);
    act(&mut g, Action::Pass);
    act(&mut g, robber(0));
    let ev = g.finish();
    let robbery: Vec<_> = ev.iter().filter(|e| e.reason == Reason::Robbery).collect();
    assert_eq!(robbery.len(), 1);
    assert_eq!((robbery[0].player, robbery[0].points), (1, 1));
    assert_eq!(robbery[0].when, When::End);
    assert_eq!(g.scores(), &[2, 1]);
}

/// Seeded games of base_robbers with random and greedy bots: robbers are
/// placed and steal, every point is in the events, and each game replays
/// from its record, and from the record alone (no seed).
#[test]
fn seeded_bot_games_rob_and_replay_from_the_record_alone_l163_l171() {
    let (mut placed, mut choices) = (0, 0);
    let games = bot_games(rules(), 0..24, 4, MIXED, |_, a| {
        placed += usize::from(a.name() == "robber");
        choices += usize::from(a.name() == "robber-robs");
    });
    let mut robberies = 0;
    for b in &games {
        robberies += b
            .events
            .iter()
            .filter(|e| e.reason == Reason::Robbery)
            .count();
        assert!(
            scores_events_sum(&b.game, &b.events),
            "seed {}: every point",
            b.seed
        );
    }
    assert!(
        placed > 0 && robberies > 0,
        "placed {placed}, robberies {robberies}"
    );
    eprintln!("robbers placed {placed}, robberies {robberies}, choices {choices}");
}

/// L169 in a seeded game: seed 15 of three random bots has a robber that
/// saw two markers gain in one turn and its owner's choice; the game
/// replays from its record alone, the choice read from it.
#[test]
fn a_seeded_game_with_the_owners_choice_replays_from_the_record_alone_l169() {
    let b = bot_game(rules(), 3, 15, RANDOM, |_, _| {});
    assert!(listed(&b.record, "robber") > 0);
    assert_eq!(listed(&b.record, "robber-robs"), 1);
    assert_replays(&b);
}
