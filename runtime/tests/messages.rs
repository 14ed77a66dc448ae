//! The Messages in scripted games through the action API
//! (004_e9353f116722cd5d.txt L36-L68; docs/rules/messages.md), and in
//! seeded bot games. Tests are named for the seed line they play. The
//! start tile D lies at (0, 0): its city faces north, its road runs
//! west-east, its field south. Every marker starts on space 0.
//!
//! The board most scenarios build (P0 places every tile): U at (-1, 0)
//! with P0's follower on the road through D, U at (-2, 0), the junction W
//! at (-3, 0); then W at (1, 0) completes the five-tile road: 5 points to
//! P0, whose score marker lands on dark space 5 (both markers stood on 0,
//! so which one moves changes nothing and nobody is asked).

use carcassonne_runtime::engine::{
    Action, Actor, Arg, Decision, Deploy, FollowerKind, Game, Reason, ScoreEvent, Spot,
};
use carcassonne_runtime::tables::{Kind, Mech, Ruleset};
use serde_json::json;

mod support;
use support::bot_games::{assert_replays, bot_game, bot_games, listed, MIXED, RANDOM};
use support::{asked, at, pending, place, scores_events_sum, spots, state};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_messages").unwrap()
}

/// `base` with The Messages played too: the interplay rows of sets that
/// combine with it in the everything rulesets.
fn with_messages(base: &'static Ruleset) -> &'static Ruleset {
    support::with_mechs(base, &[Mech::Messages])
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

fn on_d(players: u8) -> Game {
    support::on_d(rules(), players)
}

/// `messenger`: the messenger moves (`true`) or the score marker.
fn marker(messenger: bool) -> Action {
    Action::verb("messenger", Arg::Bool(messenger))
}

/// `message`: chance's message on top, by name.
fn message(name: &str) -> Action {
    let i = [
        "road", "city", "cloister", "pennants", "knights", "farmers", "tile", "follower",
    ]
    .iter()
    .position(|&n| n == name)
    .unwrap();
    Action::verb("message", Arg::Word(i as u8))
}

/// `dispatch`: perform the message or take 2 points.
fn dispatch(perform: bool) -> Action {
    Action::verb("dispatch", Arg::Bool(perform))
}

/// A deploy on segment `segment` of the tile just placed.
fn on_segment(segment: u8) -> Action {
    Action::Deploy(Deploy {
        segment,
        kind: FollowerKind::Normal,
    })
}

/// A deploy on the first segment of `kind` of tile `id`.
fn on(id: &str, kind: Kind) -> Action {
    support::figure(rules(), id, kind, FollowerKind::Normal)
}

/// Each player's messenger and score marker.
fn markers(g: &Game) -> (serde_json::Value, serde_json::Value) {
    let s = state(g);
    (s["messengers"].clone(), s["score_markers"].clone())
}

/// The points of `events` for message reasons.
fn message_points(events: &[ScoreEvent]) -> Vec<(u8, u32, Kind)> {
    events
        .iter()
        .filter(|e| e.reason == Reason::Message)
        .map(|e| (e.player, e.points, e.feature))
        .collect()
}

/// The road west of D, P0's follower on it: U at (-1, 0) and (-2, 0),
/// W at (-3, 0); `c` is P0's answer at the junction's figure step, `b` at
/// the second U's.
fn road_west(g: &mut Game, b: Action, c: Action) {
    place(g, 0, "U", at(-1, 0, 0));
    act(g, on("U", Kind::Road));
    place(g, 0, "U", at(-2, 0, 0));
    act(g, b);
    place(g, 0, "W", at(-3, 0, 0));
    act(g, c);
}

/// W at (1, 0) completes the road: 5 points to P0, whose score marker
/// lands on 5; `d` is P0's figure-step answer. Returns the events.
fn close_road(g: &mut Game, d: Action) -> Vec<ScoreEvent> {
    place(g, 0, "W", at(1, 0, 0));
    act(g, d)
}

/// L45-L47: the active player's marker lands on a dark space: a message is
/// drawn (chance's the first time: the deck is shuffled at setup, L43) and
/// the player performs it or takes 2 points. Both markers stood on 0, so
/// which one moves makes no difference and nobody is asked.
#[test]
fn a_marker_landing_on_a_dark_space_draws_a_message_l45_l47() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, Action::Pass);
    let ev = close_road(&mut g, Action::Pass);
    assert_eq!(
        ev.iter().map(|e| (e.player, e.points)).collect::<Vec<_>>(),
        vec![(0, 5)]
    );
    assert_eq!(pending(&g), (Actor::Chance, Decision::named("message")));
    assert_eq!(g.legal_actions().len(), 8, "any of the eight messages");
    act(&mut g, message("pennants"));
    asked(&g, 0, "dispatch");
    assert_eq!(g.legal_actions(), vec![dispatch(false), dispatch(true)]);
    assert_eq!(markers(&g), (json!([0, 0]), json!([5, 0])));
    assert_eq!(state(&g)["messages_known"], json!(["pennants"]));
}

/// L53: instead of the message, 2 points; the message goes to the bottom
/// (L55): the deck's next message is another.
#[test]
fn two_points_instead_of_the_message_l53_and_it_goes_to_the_bottom_l55() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, Action::Pass);
    close_road(&mut g, Action::Pass);
    act(&mut g, message("knights"));
    let ev = act(&mut g, dispatch(false));
    assert_eq!(message_points(&ev), vec![(0, 2, Kind::Field)]);
    assert_eq!(g.scores(), &[7, 0]);
    assert_eq!(state(&g)["messages_drawn"], json!(1));
    assert_eq!(state(&g)["last_message"], json!("knights"));
    // P1's turn now; the next draw is chance's again, among the seven left.
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// L45: the scorer picks the marker that moves, asked where it matters.
/// After message 1 (a one-tile road as at the end, L59) the score marker
/// stands on 6 and the messenger on 0. P0 then closes that road with a
/// second tile: 2 points, to 8 or to the messenger's 2, which leaves the
/// two markers on different spaces modulo 5: asked.
#[test]
fn the_scorer_chooses_which_marker_moves_l45() {
    let mut g = on_d(2);
    // P0's follower on the junction's south road (a one-tile road).
    road_west(&mut g, Action::Pass, on_segment(1));
    close_road(&mut g, Action::Pass);
    act(&mut g, message("road"));
    let ev = act(&mut g, dispatch(true));
    assert_eq!(
        message_points(&ev),
        vec![(0, 1, Kind::Road)],
        "the smallest road, as at the end (L59)"
    );
    // 5 and 0, then 6 and 0 or 5 and 1: the same spaces modulo 5, neither
    // dark: not asked, the score marker moves.
    assert_eq!(markers(&g), (json!([0, 0]), json!([6, 0])));
    assert_eq!(g.supply(0), 6, "the follower stays on its road (L59)");
    // P0 closes the junction's south road: W turned half round at (-3, 1).
    place(&mut g, 0, "W", at(-3, 1, 2));
    act(&mut g, Action::Pass);
    asked(&g, 0, "messenger");
    assert_eq!(g.legal_actions(), vec![marker(false), marker(true)]);
    act(&mut g, marker(true));
    assert_eq!(markers(&g), (json!([2, 0]), json!([6, 0])));
    assert_eq!(g.scores(), &[8, 0], "the score is the sum of both markers");
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// L59: the smallest road with a follower of the player, scored as at the
/// game's end for them alone; the follower stays. Two roads equally small:
/// the player picks.
#[test]
fn smallest_road_ties_the_player_picks_l59() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, on_segment(1));
    // The east junction's own east road: a second one-tile road.
    close_road(&mut g, on_segment(0));
    act(&mut g, message("road"));
    act(&mut g, dispatch(true));
    asked(&g, 0, "message-feature");
    let picks = spots(&g, "message-feature");
    assert_eq!(picks.len(), 2, "two one-tile roads");
    // Wrong answers are refused and change nothing: a spot that is no
    // follower of theirs, and another decision's answer.
    let before = g.clone();
    let wrong = Spot {
        player: 1,
        ..picks[0].0
    };
    let named = Action::verb("message-feature", Arg::Spot(wrong));
    assert!(g.apply_action(named, &mut Vec::new()).is_err());
    assert!(g.apply_action(dispatch(true), &mut Vec::new()).is_err());
    assert!(g == before, "a refused answer changes nothing");
    let ev = act(&mut g, picks[1].1);
    assert_eq!(message_points(&ev), vec![(0, 1, Kind::Road)]);
    assert_eq!(g.scores()[0], 6);
    assert_eq!(g.supply(0), 5, "both followers stay");
}

/// L60: the smallest city; F at (-1, -1) has a pennant: 1 tile + 1 pennant
/// as at the end = 2.
#[test]
fn smallest_city_scores_as_at_the_end_l60() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, Action::Pass);
    place(&mut g, 0, "F", at(-1, -1, 0));
    act(&mut g, on("F", Kind::City));
    close_road(&mut g, Action::Pass);
    act(&mut g, message("city"));
    let ev = act(&mut g, dispatch(true));
    assert_eq!(message_points(&ev), vec![(0, 2, Kind::City)]);
}

/// L61: the smallest cloister: B at (-1, 1) with U, D and the second U
/// around it: 4 as at the end.
#[test]
fn smallest_cloister_scores_as_at_the_end_l61() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, Action::Pass);
    place(&mut g, 0, "B", at(-1, 1, 0));
    act(&mut g, on("B", Kind::Cloister));
    close_road(&mut g, Action::Pass);
    act(&mut g, message("cloister"));
    let ev = act(&mut g, dispatch(true));
    assert_eq!(message_points(&ev), vec![(0, 4, Kind::Cloister)]);
    assert_eq!(g.supply(0), 6, "the monk stays");
}

/// L62: 2 points per pennant in cities with a follower of the player.
#[test]
fn two_points_per_pennant_l62() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, Action::Pass);
    place(&mut g, 0, "F", at(-1, -1, 0));
    act(&mut g, on("F", Kind::City));
    close_road(&mut g, Action::Pass);
    act(&mut g, message("pennants"));
    let ev = act(&mut g, dispatch(true));
    assert_eq!(message_points(&ev), vec![(0, 2, Kind::City)]);
}

/// L63-L64: 2 points per knight, 2 per farmer; they stay.
#[test]
fn two_points_per_knight_l63_and_per_farmer_l64() {
    for (name, points, kind) in [("knights", 2, Kind::City), ("farmers", 4, Kind::Field)] {
        let mut g = on_d(2);
        // A farmer on the second U, one on the junction's field.
        road_west(&mut g, on("U", Kind::Field), on_segment(4));
        place(&mut g, 0, "F", at(-1, -1, 0));
        act(&mut g, on("F", Kind::City));
        close_road(&mut g, Action::Pass);
        act(&mut g, message(name));
        let ev = act(&mut g, dispatch(true));
        assert_eq!(message_points(&ev), vec![(0, points, kind)], "{name}");
        assert_eq!(g.supply(0), 4, "{name}: they stay");
    }
}

/// L65: another tile, played as normal: the turn gets a second part, as
/// the builder's second tile.
#[test]
fn another_tile_l65() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, Action::Pass);
    close_road(&mut g, Action::Pass);
    act(&mut g, message("tile"));
    act(&mut g, dispatch(true));
    assert_eq!(pending(&g), (Actor::Player(0), Decision::Place));
    assert_eq!(g.part(), 2, "a second part of P0's turn");
    g.force_draw(support::tile(rules(), "U")).unwrap();
    act(&mut g, Action::Place(at(2, 0, 0)));
    act(&mut g, Action::Pass);
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// L66: a follower taken back; its feature scores as at the end when the
/// player has its majority.
#[test]
fn a_follower_taken_back_scores_its_feature_l66() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, on_segment(1));
    close_road(&mut g, Action::Pass);
    act(&mut g, message("follower"));
    // P0's one follower on the board: one answer, taken at once.
    let ev = act(&mut g, dispatch(true));
    assert_eq!(message_points(&ev), vec![(0, 1, Kind::Road)]);
    assert_eq!(g.supply(0), 7, "back in the supply");
    assert!(g.followers().is_empty());
}

/// L66: a farmer taken back scores its farm as at the end: with no
/// completed city beside it, nothing.
#[test]
fn a_farmer_taken_back_scores_its_farm_as_at_the_end_l66() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, Action::Pass);
    // P0's farmer on the east junction.
    close_road(&mut g, on("W", Kind::Field));
    let farm_spot = g.followers()[0];
    assert_eq!(pending(&g), (Actor::Chance, Decision::named("message")));
    act(&mut g, message("follower"));
    act(&mut g, dispatch(true));
    // P0's only follower is the farmer: one answer, taken at once.
    assert_eq!(g.supply(0), 7);
    assert!(!g.followers().contains(&farm_spot));
    assert_eq!(g.scores(), &[5, 0], "a farm with no completed city: 0");
}

/// rules_digest E.2 / expansion_turns item 7: a message's points are a gain
/// again; landing on a dark space draws the next message in the same turn.
/// B at (-1, 1) with E at (0, 1) beside it: the cloister is worth 5 as at
/// the end, so message 3 takes the score marker from 5 to 10.
#[test]
fn a_message_that_lands_again_draws_the_next_one_chain_l45_l55() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, Action::Pass);
    place(&mut g, 0, "B", at(-1, 1, 0));
    act(&mut g, on("B", Kind::Cloister));
    place(&mut g, 1, "E", at(0, 1, 2));
    act(&mut g, Action::Pass);
    close_road(&mut g, Action::Pass);
    act(&mut g, message("cloister"));
    let ev = act(&mut g, dispatch(true));
    assert_eq!(message_points(&ev), vec![(0, 5, Kind::Cloister)]);
    // Both markers moved by 5 give the same spaces modulo 5, and either
    // lands: not asked; the score marker stands on 10.
    assert_eq!(pending(&g), (Actor::Chance, Decision::named("message")));
    assert!(
        !g.legal_actions().contains(&message("cloister")),
        "the first message went to the bottom"
    );
    act(&mut g, message("farmers"));
    asked(&g, 0, "dispatch");
    act(&mut g, dispatch(false));
    assert_eq!(g.scores(), &[12, 0]);
    assert_eq!(state(&g)["messages_drawn"], json!(2));
    assert_eq!(state(&g)["messages_known"], json!(["cloister", "farmers"]));
}

/// L45: only the active player draws messages: P1 completing P0's road
/// gives P0 5 points and no message.
#[test]
fn only_the_active_player_draws_a_message_l45() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, Action::Pass);
    place(&mut g, 1, "W", at(1, 0, 0));
    act(&mut g, Action::Pass);
    assert_eq!(g.scores(), &[5, 0]);
    assert_eq!(pending(&g), (Actor::Player(0), Decision::Place));
    assert_eq!(state(&g)["messages_drawn"], json!(0));
}

/// Every point of the message events is in the score, which stays the sum
/// of the two markers; a bad answer is refused.
#[test]
fn scores_are_the_sum_of_both_markers_and_bad_answers_are_refused() {
    let mut g = on_d(2);
    road_west(&mut g, Action::Pass, on_segment(1));
    let mut all = close_road(&mut g, Action::Pass);
    assert!(g.apply_action(dispatch(true), &mut Vec::new()).is_err());
    all.extend(act(&mut g, message("road")));
    assert!(g.apply_action(message("city"), &mut Vec::new()).is_err());
    all.extend(act(&mut g, dispatch(true)));
    assert!(scores_events_sum(&g, &all));
    let (m, s) = markers(&g);
    assert_eq!(
        m[0].as_i64().unwrap() + s[0].as_i64().unwrap(),
        i64::from(g.scores()[0])
    );
}

/// Seeded bot games: messages drawn, performed and refused for 2 points,
/// markers chosen; each game replays to its recorded scores with its seed
/// and from its record alone.
#[test]
fn seeded_bot_games_use_messages_and_replay() {
    let mut games = bot_games(rules(), 0..6, 4, RANDOM, |_, _| {});
    games.extend(bot_games(rules(), 0..4, 4, MIXED, |_, _| {}));
    let count = |name: &str| games.iter().map(|b| listed(&b.record, name)).sum::<usize>();
    assert!(count("dispatch") > 0, "messages were drawn");
    assert!(count("messenger") > 0, "markers were chosen");
    // Greedy, random, greedy: seed 223 answers every decision of the
    // Messages, the pick among equally small features and the follower
    // taken back among several too (the fuzz corpus plays it).
    let b = bot_game(rules(), 3, 223, &["greedy", "random"], |_, _| {});
    assert_replays(&b);
    for verb in [
        "messenger",
        "message",
        "dispatch",
        "message-feature",
        "message-follower",
    ] {
        assert!(listed(&b.record, verb) > 0, "seed 223 answers `{verb}`");
    }
    games.push(b);
    for b in &games {
        let (m, s) = markers(&b.game);
        for p in 0..b.game.players() as usize {
            assert_eq!(
                m[p].as_i64().unwrap() + s[p].as_i64().unwrap(),
                i64::from(b.game.scores()[p]),
                "seed {}: the score is the sum of the markers",
                b.seed
            );
        }
    }
}

/// The Abbot (001_46b8449c567a6f1a.txt fn 28 L857): taking the abbot back
/// scores during the figure step, "a scoring round for Messages", before the
/// tile's own scoring. P0's abbot on the garden of E.G below D; with U west
/// and east of D and B at (1, 1) placed when it comes back, the garden has
/// four neighbours: 5 points, the score marker lands on 5 and the message
/// comes right after the figure step.
#[test]
fn the_abbots_return_is_a_scoring_round_for_the_messages_s1_fn28_l857() {
    let rules = with_messages(carcassonne_runtime::ruleset("base_c2").unwrap());
    let mut g = support::on_d(rules, 2);
    place(&mut g, 0, "E.G", at(0, 1, 2));
    act(
        &mut g,
        support::figure(rules, "E.G", Kind::Garden, FollowerKind::Abbot),
    );
    for x in [1, -1] {
        place(&mut g, 1, "U", at(x, 0, 0));
        act(&mut g, Action::Pass);
    }
    place(&mut g, 0, "B", at(1, 1, 0));
    let ev = act(&mut g, Action::verb("return-abbot", Arg::None));
    assert_eq!(
        ev.iter()
            .map(|e| (e.player, e.points, e.reason))
            .collect::<Vec<_>>(),
        vec![(0, 5, Reason::AbbotReturn)]
    );
    assert_eq!(pending(&g), (Actor::Chance, Decision::named("message")));
    act(&mut g, message("knights"));
    act(&mut g, dispatch(false));
    assert_eq!(g.scores(), &[7, 0]);
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// The Robbers (004_e9353f116722cd5d.txt L163) with the Messages: a robber
/// stands beside a player's score (the sum of their markers) and takes half
/// of their gain whichever marker moves; the robbery is a gain of its owner,
/// who moves a marker for it too.
#[test]
fn a_robber_takes_half_of_a_gain_whichever_marker_moves_l163() {
    let rules = with_messages(carcassonne_runtime::ruleset("base_robbers").unwrap());
    let mut g = support::on_d(rules, 2);
    place(&mut g, 0, "RB/BA/RFr.rb", at(1, 0, 0));
    act(&mut g, Action::Pass);
    act(&mut g, Action::verb("robber", Arg::Number(0)));
    // P1's robber: pass.
    act(&mut g, Action::Pass);
    // P1's road through D, closed at both ends: 4 tiles.
    place(&mut g, 1, "W", at(-1, 0, 0));
    act(
        &mut g,
        support::figure(rules, "W", Kind::Road, FollowerKind::Normal),
    );
    place(&mut g, 1, "W", at(2, 0, 0));
    let ev = act(&mut g, Action::Pass);
    assert_eq!(
        ev.iter()
            .map(|e| (e.player, e.points, e.reason))
            .collect::<Vec<_>>(),
        vec![(1, 4, Reason::Completed), (0, 2, Reason::Robbery)]
    );
    assert_eq!(g.scores(), &[2, 4]);
    let (m, s) = markers(&g);
    assert_eq!((m, s), (json!([0, 0]), json!([2, 4])));
}

/// Castles (000_9deb58b1a7d17d38.txt fn 30 L2632-L2637, its Messages
/// example): a tile completes a town, made a castle, and P0's road, whose
/// points land P0's score marker on a dark space; message 7's tile, in the
/// same turn, completes a structure in the castle's fief: "the Message is
/// dispatched on the very same turn but it creates a new round of
/// scoring", so the castle scores.
#[test]
fn a_dispatch_opens_a_new_scoring_round_for_castles_fn30_l2632_l2637() {
    let rules =
        with_messages(carcassonne_runtime::ruleset("base_bridges_castles_bazaars").unwrap());
    let r = rules;
    let mut g = support::on_d(rules, 2);
    const S: u8 = 2;
    const W: u8 = 3;
    // P0's follower on D's road, closed west by a cloister's road.
    place(&mut g, 0, "A", at(-1, 0, W));
    act(
        &mut g,
        support::figure(r, "A", Kind::Road, FollowerKind::Normal),
    );
    // P0's two-tile road south of it: 2 points, the score marker on 2.
    place(&mut g, 0, "W", at(-1, 1, 0));
    act(&mut g, on_segment(1));
    place(&mut g, 0, "W", at(-1, 2, S));
    act(&mut g, Action::Pass);
    assert_eq!(markers(&g), (json!([0, 0]), json!([2, 0])));
    // D's city grows north; P0's knight on a cap at (1, -1).
    place(&mut g, 1, "G", at(0, -1, 1));
    act(&mut g, Action::Pass);
    place(&mut g, 0, "E", at(1, -1, S));
    act(
        &mut g,
        support::figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    // L at (1, 0) closes the town and D's road (3 tiles).
    place(&mut g, 0, "L", at(1, 0, 0));
    act(&mut g, Action::Pass);
    asked(&g, 0, "castle");
    let ev = act(&mut g, Action::verb("castle", Arg::None));
    assert_eq!(
        ev.iter()
            .map(|e| (e.player, e.points, e.reason))
            .collect::<Vec<_>>(),
        vec![(0, 3, Reason::Completed)]
    );
    // 2 + 3 on the score marker lands on 5; on the messenger, 3.
    asked(&g, 0, "messenger");
    act(&mut g, marker(false));
    act(&mut g, message("tile"));
    act(&mut g, dispatch(true));
    assert_eq!(g.part(), 2);
    // The message's tile: a cloister's road ends L's south road, in the
    // castle's fief.
    g.force_draw(support::tile(rules, "A")).unwrap();
    act(&mut g, Action::Place(at(1, 1, S)));
    let ev = act(&mut g, Action::Pass);
    let castle = Reason::from_name("castle").unwrap();
    assert_eq!(
        ev.iter()
            .filter(|e| e.reason == castle)
            .map(|e| (e.player, e.points))
            .collect::<Vec<_>>(),
        vec![(0, 2)],
        "the castle scores in the message's part: {ev:?}"
    );
}

/// The Count (000_9deb58b1a7d17d38.txt fn 8 L2150): "only scoring caused by
/// placement of a tile can trigger placement of a follower in Carcassonne",
/// not a dispatch's. P0's fairy point at the turn's start lands P0's score
/// marker on 5; the message's 2 points come before the tile's scoring. The
/// tile then completes P1's road and nothing of P0's: P0 scored nothing from
/// the placement, so the Count's City opens to P0 all the same. (The Count,
/// the fairy and the Messages together, as in everything_c1 once the
/// Messages are there; the City of Carcassonne starts the game.)
#[test]
fn a_messages_points_do_not_count_for_the_count_fn8_l2150() {
    use carcassonne_runtime::engine::start_placements;
    let base = carcassonne_runtime::ruleset("base_count_king_robber").unwrap();
    let rules = support::with_mechs(base, &[Mech::Fairy, Mech::Messages]);
    let r = rules;
    let fig = |id: &str, kind: Kind| support::figure(r, id, kind, FollowerKind::Normal);
    let mut g = Game::new_scripted(rules, 2, &start_placements(rules)).unwrap();
    // P0's road south of the City's road CO/11: the City's tile, two U and
    // a cloister's road: 4 points to P0, whose monk stays on the cloister.
    place(&mut g, 0, "U", at(0, 2, 1));
    act(&mut g, fig("U", Kind::Road));
    place(&mut g, 1, "U", at(0, 3, 1));
    act(&mut g, Action::Pass);
    place(&mut g, 0, "A", at(0, 4, 2));
    act(&mut g, fig("A", Kind::Cloister));
    assert_eq!(g.scores(), &[4, 0]);
    assert_eq!(markers(&g), (json!([0, 0]), json!([4, 0])));
    // P1's follower on a junction's east road at (1, 3).
    place(&mut g, 1, "W", at(1, 3, 3));
    act(&mut g, on_segment(1));
    // P0 moves the fairy next to the monk.
    place(&mut g, 0, "B", at(-1, 3, 0));
    let to_monk = spots(&g, "fairy")
        .into_iter()
        .find(|(s, _)| support::cell(&g, *s) == (0, 4))
        .unwrap()
        .1;
    act(&mut g, to_monk);
    place(&mut g, 1, "B", at(-1, 4, 0));
    act(&mut g, Action::Pass);
    // P0's turn: the fairy's point (5), then the junction at (2, 3) closes
    // P1's road.
    place(&mut g, 0, "W", at(2, 3, 0));
    assert_eq!(g.scores(), &[5, 0], "the fairy's point at the turn's start");
    act(&mut g, Action::Pass);
    asked(&g, 0, "messenger");
    act(&mut g, marker(false));
    act(&mut g, message("knights"));
    let ev = act(&mut g, dispatch(false));
    assert_eq!(
        ev.iter()
            .map(|e| (e.player, e.points, e.reason))
            .collect::<Vec<_>>(),
        vec![(0, 2, Reason::Message), (1, 2, Reason::Completed)]
    );
    asked(&g, 0, "into-city");
}
