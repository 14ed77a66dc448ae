//! Castles (Bridges, Castles & Bazaars, 000_9deb58b1a7d17d38.txt
//! L2484-L2517, fn 20-42 L2587-L2650) in scripted games through the action
//! API. Tests that play a seed example or rule are named for its line.
//!
//! The board: D at (0, 0) (city cap north, road west-east); E (a city cap)
//! at (0, -1) turned south closes a town of two caps. A castle there lies
//! across (0, -1) and (0, 0); its fief is x -1..1, y -1..0.

use carcassonne_runtime::engine::{
    Action, ActionError, Arg, Decision, FollowerKind, Game, Reason, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};
use serde_json::Value;

mod support;
use support::{at, everything, figure, on_d, place, play, spots, with_option, E, N, S, W};

fn bcb() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_bridges_castles_bazaars").unwrap()
}

/// The key of the module decision pending, if one is.
fn key(g: &Game) -> Option<&'static str> {
    match g.pending()?.decision {
        d @ Decision::Module { .. } => Some(d.key()),
        _ => None,
    }
}

fn asked(g: &Game) -> u8 {
    match g.pending().unwrap().actor {
        carcassonne_runtime::engine::Actor::Player(p) => p,
        carcassonne_runtime::engine::Actor::Chance => panic!("chance"),
    }
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut events = Vec::new();
    g.apply_action(a, &mut events).unwrap();
    events
}

fn castle() -> Action {
    Action::verb("castle", Arg::None)
}

fn state(g: &Game) -> Value {
    let mut m = serde_json::Map::new();
    g.state_json(&mut m);
    Value::Object(m)
}

/// Points `player` scored for `reason` among `events`.
fn points(events: &[ScoreEvent], player: u8, reason: Reason) -> u32 {
    events
        .iter()
        .filter(|e| e.player == player && e.reason == reason)
        .map(|e| e.points)
        .sum()
}

/// Every legal answer reads back as itself from its JSON (records, the
/// protocol).
fn json_round_trip(g: &Game) {
    use carcassonne_runtime::action_json::{from_json, to_json};
    for a in g.legal_actions() {
        let text = serde_json::to_string(&to_json(g, a)).unwrap();
        let back = serde_json::from_str(&text).unwrap();
        assert_eq!(from_json(g, &back), Ok(a), "{text}");
    }
}

/// The game ends (every tile out): `player`'s farm points in the final
/// scoring, and its events.
fn farm_points_at_the_end(g: &mut Game, player: u8) -> (u32, Vec<ScoreEvent>) {
    let mut events = Vec::new();
    g.force_tiles_out(&mut events).unwrap();
    let farm = events
        .iter()
        .filter(|e| e.player == player && e.feature == Kind::Field)
        .map(|e| e.points)
        .sum();
    (farm, events)
}

fn castle_reason() -> Reason {
    Reason::from_name("castle").unwrap()
}

/// `player` closes D's city cap with E at (0, -1), a knight on it: the
/// town of two caps waits for its occupier's answer.
fn town(g: &mut Game, player: u8) -> Vec<ScoreEvent> {
    let r = g.rules();
    play(
        g,
        player,
        "E",
        at(0, -1, S),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    )
}

/// `player` builds a castle across (0, -1) and (0, 0).
fn build_castle(g: &mut Game, player: u8) {
    let events = town(g, player);
    assert!(events.is_empty());
    assert_eq!(key(g), Some("castle"));
    assert_eq!(asked(g), player);
    assert!(
        act(g, castle()).is_empty(),
        "building scores nothing (L2491)"
    );
}

/// Castle `k` as `state_json` shows it.
fn castle_state(g: &Game, k: usize) -> Value {
    state(g)["castles"][k].clone()
}

/// D's road (0, 0) closed west by a cloister's road at (-1, 0) (A).
fn close_road_west(g: &mut Game, player: u8) -> Vec<ScoreEvent> {
    play(g, player, "A", at(-1, 0, W), Action::Pass)
}

/// "With two to four players, each receives ... three castles; with five
/// or six players ... two" (L2394-L2397).
#[test]
fn castle_tokens_by_the_number_of_players_l2394_l2397() {
    for (players, each) in [(2, 3), (3, 3), (4, 3), (5, 2), (6, 2)] {
        // A sixth player comes with Inns & Cathedrals (L659-L668).
        let rules = if players < 6 { bcb() } else { everything() };
        let g = Game::new(rules, players, 1).unwrap();
        let tokens: Vec<u64> = state(&g)["castle_tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_u64().unwrap())
            .collect();
        assert_eq!(tokens, vec![each; players as usize], "{players} players");
    }
}

/// "When a player creates a town – which consists of only two
/// semi-circular city segments – the occupier may choose to complete and
/// score it in the usual way (for 4 points), or to convert it into a
/// castle ... moves the follower occupying it into the castle" (L2489);
/// "No points are scored on building a castle" (L2491).
#[test]
fn a_town_of_two_caps_becomes_a_castle_l2489_l2491() {
    let mut g = on_d(bcb(), 2);
    town(&mut g, 0);
    assert_eq!(key(&g), Some("castle"));
    assert_eq!(g.legal_actions(), vec![Action::Pass, castle()]);
    json_round_trip(&g);
    let supply = g.supply(0);
    let events = act(&mut g, castle());
    assert!(events.is_empty());
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    // The follower is in the castle: off the board, not in the supply.
    assert_eq!(g.supply(0), supply);
    assert_eq!(g.in_transit(0, FollowerKind::Normal), 1);
    assert!(g.followers().is_empty());
    let c = castle_state(&g, 0);
    assert_eq!(c["tiles"], serde_json::json!([[0, 0], [0, -1]]));
    assert_eq!(c["occupants"][0]["player"], 0);
    assert_eq!(c["scored"], Value::Null);
    assert_eq!(state(&g)["castle_tokens"], serde_json::json!([2, 3]));
    // Shown: the castle token and a line about it.
    let shown = g.shown();
    assert!(shown.neutral.iter().any(|n| n.def.name == "castle"));
    assert!(shown.notes.iter().any(|n| n.contains("waiting")));
}

/// "... or score it in the usual way (for 4 points)" (L2489).
#[test]
fn scoring_the_town_instead_pays_4_l2489() {
    let mut g = on_d(bcb(), 2);
    town(&mut g, 0);
    let events = act(&mut g, Action::Pass);
    assert_eq!(points(&events, 0, Reason::Completed), 4);
    assert_eq!(g.supply(0), 7);
    assert_eq!(state(&g)["castles"], serde_json::json!([]));
}

/// "It does not matter whether the small city was already occupied by a
/// follower in the first half of the city, or by the active player
/// deploying a follower to the second half" (L2512); the occupier decides,
/// who need not be the active player (fn 25 L2626).
#[test]
fn the_occupier_of_the_first_half_decides_l2512_fn25() {
    let mut g = on_d(bcb(), 2);
    let r = g.rules();
    // P1's knight on a cap south of D (its field side to D's field).
    play(
        &mut g,
        1,
        "E",
        at(0, 1, S),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    // P0 closes it with a cap facing north.
    play(&mut g, 0, "E", at(0, 2, N), Action::Pass);
    assert_eq!(key(&g), Some("castle"));
    assert_eq!(asked(&g), 1, "the occupier, not the active player");
    act(&mut g, castle());
    assert_eq!(g.in_transit(1, FollowerKind::Normal), 1);
    assert_eq!(state(&g)["castle_tokens"], serde_json::json!([3, 2]));
}

/// "The castle is only considered to have been completed when a structure
/// ... which lies on at least one of the six adjacent tiles is completed.
/// The occupier of the structure and the occupier of the castle both
/// receive the full score for the structure. Then the follower from the
/// castle is returned to the player's supply; the castle token remains
/// where it is" (L2500; the example L2502: both score 20 for BLUE's city).
#[test]
fn the_structure_s_occupier_and_the_castle_s_both_score_l2500_l2502() {
    let mut g = on_d(bcb(), 2);
    let r = g.rules();
    build_castle(&mut g, 0);
    // P1 on D's road, which lies on the fief tile (0, 0), ended east by
    // L's crossing.
    let road_w = r.tiles[support::tile(r, "L") as usize]
        .segments
        .iter()
        .position(|s| s.kind == Kind::Road && s.ports & (1 << 10) != 0)
        .unwrap() as u8;
    play(
        &mut g,
        1,
        "L",
        at(1, 0, 0),
        Action::Deploy(carcassonne_runtime::engine::Deploy {
            segment: road_w,
            kind: FollowerKind::Normal,
        }),
    );
    let events = close_road_west(&mut g, 0);
    assert_eq!(points(&events, 1, Reason::Completed), 3);
    assert_eq!(points(&events, 0, castle_reason()), 3);
    assert_eq!(g.supply(0), 7, "the castle's follower went home");
    assert_eq!(g.in_transit(0, FollowerKind::Normal), 0);
    let c = castle_state(&g, 0);
    assert_eq!(c["scored"], 3, "the token stays");
    assert_eq!(c["occupants"], serde_json::json!([]));
    // A castle scores once (L2509): the next structure there, the town of
    // L's cap, pays it nothing.
    let events = play(&mut g, 1, "E", at(1, -1, S), Action::Pass);
    assert_eq!(points(&events, 0, castle_reason()), 0);
    assert!(events.is_empty(), "{events:?}");
}

/// "It does not matter whether the structure completed actually scores
/// any points. The castle still receives points for a completed structure
/// which is not occupied by a follower" (L2508).
#[test]
fn an_empty_structure_scores_the_castle_l2508() {
    let mut g = on_d(bcb(), 2);
    build_castle(&mut g, 0);
    play(&mut g, 1, "A", at(1, 0, E), Action::Pass);
    let events = close_road_west(&mut g, 1);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(points(&events, 0, castle_reason()), 3);
}

/// "No points are scored on building a castle. The player receives points
/// only when the first structure ... in its vicinity is completed during a
/// subsequent turn" (L2491, fn 28 L2629; fn 30 L2632: a later round of
/// scoring): a road the castle's own tile completes pays it nothing.
#[test]
fn not_for_a_structure_completed_as_it_is_built_l2491_fn28_fn30() {
    let mut g = on_d(bcb(), 2);
    let r = g.rules();
    close_road_west(&mut g, 1);
    // D's city grows north through G, so that (1, -1) touches a tile.
    play(&mut g, 1, "G", at(0, -1, E), Action::Pass);
    // P0's knight on a cap at (1, -1) facing south.
    play(
        &mut g,
        0,
        "E",
        at(1, -1, S),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    // L at (1, 0): its cap closes the town, its west road ends D's road.
    place(&mut g, 0, "L", at(1, 0, 0));
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    assert_eq!(key(&g), Some("castle"));
    let events = act(&mut g, castle());
    assert!(events.is_empty(), "{events:?}");
    let c = castle_state(&g, 0);
    assert_eq!(c["scored"], Value::Null);
    assert_eq!(c["occupants"][0]["player"], 0);
    // The next structure in its fief, later, pays it: L's south road ended
    // by a cloister's road at (1, 1).
    let events = play(&mut g, 1, "A", at(1, 1, S), Action::Pass);
    assert_eq!(points(&events, 0, castle_reason()), 2);
}

/// "A cloister is only considered to be adjacent when the cloister itself
/// lies on one of the six tiles ... it is not sufficient for one of the
/// eight tiles surrounding the cloister to be adjacent" (L2506).
#[test]
fn a_cloister_counts_only_on_a_fief_tile_l2506() {
    let mut g = on_d(bcb(), 2);
    build_castle(&mut g, 0);
    // A cloister at (1, 1), off the fief, surrounded: its neighbours
    // (0, 0) and (1, 0) lie in the fief.
    let r = g.rules();
    play(&mut g, 1, "A", at(1, 0, E), Action::Pass);
    play(
        &mut g,
        1,
        "B",
        at(1, 1, 0),
        figure(r, "B", Kind::Cloister, FollowerKind::Normal),
    );
    for (id, x, y, rot) in [
        ("E", 2, 0, N),
        ("E", 0, 1, W),
        ("E", 2, 1, E),
        ("E", 0, 2, S),
        ("B", 1, 2, 0),
    ] {
        let e = play(&mut g, 1, id, at(x, y, rot), Action::Pass);
        assert!(e.is_empty(), "{id} at ({x}, {y}): {e:?}");
    }
    let events = play(&mut g, 1, "B", at(2, 2, 0), Action::Pass);
    assert_eq!(points(&events, 1, Reason::Completed), 9, "the monk scores");
    assert_eq!(points(&events, 0, castle_reason()), 0, "{events:?}");
    assert_eq!(castle_state(&g, 0)["scored"], Value::Null);
    // The cloister on (1, 0), in the fief, completed with a town off the
    // fief (H's cap on E's at (2, 0)): the cloister alone pays, 9.
    play(&mut g, 1, "B", at(1, -1, 0), Action::Pass);
    let events = play(&mut g, 1, "H", at(2, -1, 0), Action::Pass);
    assert_eq!(points(&events, 0, castle_reason()), 9, "{events:?}");
}

/// "Should the placement of a tile simultaneously complete more than one
/// structure adjacent to the castle, the occupier of the castle may decide
/// which of them to receive points for. A castle receives points for only
/// one completed structure" (L2509).
#[test]
fn the_occupier_picks_among_structures_completed_at_once_l2509() {
    let mut g = on_d(bcb(), 3);
    build_castle(&mut g, 0);
    close_road_west(&mut g, 1);
    play(&mut g, 2, "E", at(1, -1, S), Action::Pass);
    // L at (1, 0) ends D's road (3) and closes the empty town of (1, -1)
    // and (1, 0) (4): both on fief tiles.
    place(&mut g, 1, "L", at(1, 0, 0));
    let events = act(&mut g, Action::Pass);
    assert!(events.is_empty(), "{events:?}");
    assert_eq!(key(&g), Some("castle-pick"));
    assert_eq!(asked(&g), 0);
    let picks = spots(&g, "castle-pick");
    assert_eq!(picks.len(), 2, "{picks:?}");
    json_round_trip(&g);
    let city = picks
        .iter()
        .find(|(s, _)| support::kind_of(&g, *s) == Kind::City)
        .unwrap()
        .1;
    // Nothing else is a structure of this round: D's field is refused.
    let d = g.placed_index_at(0, 0).unwrap() as u16;
    let field = support::seg(g.rules(), "D", Kind::Field);
    let bad = Action::verb(
        "castle-pick",
        Arg::Spot(carcassonne_runtime::engine::Spot {
            placed: d,
            segment: field,
            kind: FollowerKind::Normal,
            player: 0,
        }),
    );
    let before = g.clone();
    let err = g.apply_action(bad, &mut Vec::new()).unwrap_err();
    assert!(err.to_string().contains("fief"), "{err}");
    assert_eq!(g, before, "nothing changes on a refusal");
    let events = act(&mut g, city);
    assert_eq!(points(&events, 0, castle_reason()), 4);
    assert_eq!(castle_state(&g, 0)["scored"], 4);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

/// "It is possible for two occupied castles to be located next to each
/// other. In this case, when one of the castles score points, it counts as
/// a completed structure for the other, and both receive the same points"
/// (L2510).
#[test]
fn castles_side_by_side_score_together_l2510() {
    let mut g = on_d(bcb(), 2);
    let r = g.rules();
    build_castle(&mut g, 0);
    // P1's castle across (1, -1) and (1, -2): (0, -1) lies in its fief,
    // D's road at (0, 0) does not.
    play(
        &mut g,
        1,
        "E",
        at(1, -1, N),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    play(&mut g, 1, "E", at(1, -2, S), Action::Pass);
    assert_eq!(key(&g), Some("castle"));
    act(&mut g, castle());
    play(&mut g, 1, "A", at(1, 0, E), Action::Pass);
    let events = close_road_west(&mut g, 1);
    assert_eq!(points(&events, 0, castle_reason()), 3);
    assert_eq!(points(&events, 1, castle_reason()), 3);
    assert_eq!(castle_state(&g, 1)["scored"], 3);
    assert_eq!(g.supply(0), 7);
    assert_eq!(g.supply(1), 7);
}

/// "At game end, all uncompleted castles score no points and their
/// followers are removed from the board" (L2511).
#[test]
fn an_unfinished_castle_scores_nothing_at_the_end_l2511() {
    let mut g = on_d(bcb(), 2);
    build_castle(&mut g, 0);
    let mut events = Vec::new();
    g.force_tiles_out(&mut events).unwrap();
    assert!(g.is_over());
    assert_eq!(points(&events, 0, castle_reason()), 0);
    assert!(
        events.iter().all(|e| e.feature != Kind::City),
        "the town is no incomplete city either: {events:?}"
    );
    assert_eq!(g.in_transit(0, FollowerKind::Normal), 0);
    assert_eq!(g.supply(0), 7);
}

/// "When scoring farmers at game end, a castle on a farm scores 4 points
/// (instead of the 3 usual for a city)" (L2517); "A castle gets no points
/// from farms in its vicinity" (L2511).
#[test]
fn a_farm_counts_a_castle_4_l2517() {
    for convert in [true, false] {
        let mut g = on_d(bcb(), 2);
        let r = g.rules();
        town(&mut g, 0);
        act(&mut g, if convert { castle() } else { Action::Pass });
        // P1's farmer on a cloister's field north of the town.
        play(
            &mut g,
            1,
            "B",
            at(0, -2, 0),
            figure(r, "B", Kind::Field, FollowerKind::Normal),
        );
        let (farm, events) = farm_points_at_the_end(&mut g, 1);
        assert_eq!(farm, if convert { 4 } else { 3 }, "castle: {convert}");
        assert_eq!(points(&events, 0, castle_reason()), 0);
    }
}

/// Fn 20 (L2587-L2611): towns not of two semicircular segments, marked
/// `no-castle` (the witch-hat segment of BB/CFR!), are scored as usual;
/// `castle_towns = "city-ends"` plays the ZMG rule (fn 21 L2612), which
/// takes any two city ends.
#[test]
fn a_marked_city_is_no_castle_town_fn20_fn21() {
    let mut g = on_d(bcb(), 2);
    let r = g.rules();
    let events = play(
        &mut g,
        0,
        "BB/CFR!",
        at(0, -1, W),
        figure(r, "BB/CFR!", Kind::City, FollowerKind::Normal),
    );
    assert_eq!(points(&events, 0, Reason::Completed), 4);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);

    let zmg = with_option(bcb(), "castle_towns", 1);
    let mut g = on_d(zmg, 2);
    let events = play(
        &mut g,
        0,
        "BB/CFR!",
        at(0, -1, W),
        figure(zmg, "BB/CFR!", Kind::City, FollowerKind::Normal),
    );
    assert!(events.is_empty());
    assert_eq!(key(&g), Some("castle"));
}

/// A city of two caps and more is no town (L2489): three tiles close no
/// castle question.
#[test]
fn a_larger_city_is_no_town_l2489() {
    let mut g = on_d(bcb(), 2);
    let r = g.rules();
    // G (city west-east) north of D: the city now has three open sides.
    play(
        &mut g,
        0,
        "H",
        at(0, -1, 0),
        figure(r, "H", Kind::City, FollowerKind::Normal),
    );
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

/// Wrong answers are refused with the rule, and nothing changes: a castle
/// answer at the figure step, another player answering, a pick where a
/// town is asked about.
#[test]
fn wrong_castle_answers_are_refused() {
    let mut g = on_d(bcb(), 2);
    let r = g.rules();
    place(&mut g, 0, "E", at(0, -1, S));
    let before = g.clone();
    let e = g.apply_action(castle(), &mut Vec::new()).unwrap_err();
    assert!(
        matches!(
            e,
            ActionError::NotNow {
                action: "castle",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(g, before);
    g.apply_action(
        figure(r, "E", Kind::City, FollowerKind::Normal),
        &mut Vec::new(),
    )
    .unwrap();
    let before = g.clone();
    let e = g.apply_action_by(1, castle(), &mut Vec::new()).unwrap_err();
    assert!(
        matches!(
            e,
            ActionError::WrongPlayer {
                player: 1,
                asked: 0
            }
        ),
        "{e}"
    );
    let pick = Action::verb(
        "castle-pick",
        Arg::Spot(carcassonne_runtime::engine::Spot {
            placed: 0,
            segment: 0,
            kind: FollowerKind::Normal,
            player: 0,
        }),
    );
    let e = g.apply_action(pick, &mut Vec::new()).unwrap_err();
    assert!(e.to_string().contains("castle"), "{e}");
    assert_eq!(g, before);
}

/// A player with no castle token left is not asked: the town scores
/// (L2394-L2397, fn 23 L2622).
#[test]
fn no_token_no_castle_l2397() {
    let mut g = on_d(bcb(), 5);
    let r = g.rules();
    // Two castles use P0's two tokens (five players: two each).
    build_castle(&mut g, 0);
    play(
        &mut g,
        0,
        "E",
        at(0, 1, S),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    play(&mut g, 1, "E", at(0, 2, N), Action::Pass);
    act(&mut g, castle());
    assert_eq!(state(&g)["castle_tokens"][0], 0);
    play(
        &mut g,
        0,
        "E",
        at(1, -1, N),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    let events = play(&mut g, 1, "E", at(1, -2, S), Action::Pass);
    assert_eq!(points(&events, 0, Reason::Completed), 4);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

// ----- with the other sets (everything_c1) --------------------------------

/// "A player can use the wagon to build a castle. If a mayor is on the
/// castle, it does not earn points for the castle, because there is never
/// a pennant there" (L2515; fn 28 L1861).
#[test]
fn a_wagon_or_a_mayor_builds_a_castle_and_the_mayor_scores_nothing_l2515() {
    for (kind, paid) in [(FollowerKind::Wagon, 3), (FollowerKind::Mayor, 0)] {
        let r = everything();
        let mut g = on_d(r, 2);
        play(
            &mut g,
            0,
            "E",
            at(0, -1, S),
            figure(r, "E", Kind::City, kind),
        );
        assert_eq!(key(&g), Some("castle"), "{kind:?}");
        act(&mut g, castle());
        assert_eq!(g.in_transit(0, kind), 1);
        play(&mut g, 1, "A", at(1, 0, E), Action::Pass);
        let events = close_road_west(&mut g, 1);
        assert_eq!(points(&events, 0, castle_reason()), paid, "{kind:?}");
        assert_eq!(g.figures(0, kind), 1, "{kind:?} home");
    }
}

/// "A knight on a castle cannot be attacked by the dragon" (L2514, fn 34
/// L2641; the dragon's rules, L1253): the dragon walks over both of the
/// castle's tiles and the follower stays in it.
#[test]
fn the_dragon_does_not_eat_a_follower_in_a_castle_l2514_l1253() {
    let r = everything();
    let v = support::tile(r, "DG/F.v");
    let mut g = Game::new_scripted(r, 2, &[(v, at(0, 0, 0))]).unwrap();
    // The castle across (1, 0) and (1, -1), east of the volcano.
    play(
        &mut g,
        0,
        "E",
        at(1, 0, N),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    play(&mut g, 1, "E", at(1, -1, S), Action::Pass);
    assert_eq!(key(&g), Some("castle"));
    act(&mut g, castle());
    // A dragon tile south of the volcano: the dragon goes east, then north.
    play(&mut g, 1, "DG/C.d", at(0, 1, S), Action::Pass);
    let step = |d: u8| Action::verb("dragon", Arg::Dir(d));
    act(&mut g, step(E));
    if key(&g) == Some("dragon") {
        act(&mut g, step(N));
    }
    while key(&g) == Some("dragon") {
        let a = g.legal_actions()[0];
        act(&mut g, a);
    }
    let eaten: u32 = g
        .shown()
        .tallies
        .iter()
        .filter(|t| t.key == "eaten")
        .map(|t| t.count)
        .sum();
    assert_eq!(eaten, 0);
    let trail = &g.shown().trails[0].cells;
    assert!(
        trail.contains(&[1, 0]) && trail.contains(&[1, -1]),
        "the dragon crossed both castle tiles: {trail:?}"
    );
    assert_eq!(g.in_transit(0, FollowerKind::Normal), 1);
    assert_eq!(castle_state(&g, 0)["occupants"][0]["player"], 0);
}

/// "Followers in castles are safe from towers" (fn 34 L2641; the Tower's
/// fn 7 L1502): a tower beside the castle may take the follower near it,
/// never the one in the castle.
#[test]
fn a_tower_cannot_capture_a_follower_in_a_castle_fn7_l1502() {
    let r = everything();
    let mut g = on_d(r, 2);
    build_castle(&mut g, 0);
    // A foundation south of D, a knight below it.
    play(&mut g, 1, "TO/F", at(0, 1, 0), Action::Pass);
    play(
        &mut g,
        0,
        "E",
        at(0, 2, S),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    place(&mut g, 1, "B", at(1, 1, 0));
    let t = g.placed_index_at(0, 1).unwrap() as u16;
    act(&mut g, Action::verb("tower-piece", Arg::Tile(t)));
    assert_eq!(key(&g), Some("capture"));
    let captures: Vec<(i16, i16)> = spots(&g, "capture")
        .into_iter()
        .map(|(s, _)| support::cell(&g, s))
        .collect();
    assert_eq!(
        captures,
        vec![(0, 2)],
        "the castle's follower is out of reach"
    );
}

/// "Castles do not count as cities for the purposes of scoring for the
/// King" (fn 37 L2180, fn 40 L2648): building a castle gives no King.
#[test]
fn a_castle_is_no_city_for_the_king_fn37() {
    let r = everything();
    let mut g = on_d(r, 2);
    build_castle(&mut g, 0);
    assert_eq!(g.king(), None);
    assert_eq!(g.completed_cities_roads().0, 0);
    let mut h = on_d(r, 2);
    town(&mut h, 0);
    act(&mut h, Action::Pass);
    assert_eq!(h.king(), Some((0, 2)));
}

/// Through a magic portal a follower goes onto any unoccupied, incomplete
/// feature (L1151-L1163): never into a castle, which lies on no tile (fn 34
/// L2641, fn 35 L2642).
#[test]
fn no_portal_leads_into_a_castle_fn34() {
    let r = everything();
    let mut g = on_d(r, 2);
    build_castle(&mut g, 0);
    place(&mut g, 1, "DG/RrRr.g", at(1, 0, 0));
    let castle_tiles = [(0, 0), (0, -1)];
    let into_castle = spots(&g, "portal").into_iter().any(|(s, _)| {
        castle_tiles.contains(&support::cell(&g, s)) && support::kind_of(&g, s) == Kind::City
    });
    assert!(!into_castle);
    assert!(
        !spots(&g, "portal").is_empty(),
        "the portal leads elsewhere"
    );
}

/// A barn scores 5 for a castle at the end (L1803) and 4 when placed on a
/// farm with farmers (L1785); a farmer with a pig 5 (L2517).
#[test]
fn barns_and_pigs_count_a_castle_one_more_l1785_l1803_l2517() {
    let r = everything();
    // A pig beside the farmer north of the castle: 4 + 1.
    let mut g = on_d(r, 2);
    build_castle(&mut g, 0);
    play(
        &mut g,
        1,
        "B",
        at(0, -2, 0),
        figure(r, "B", Kind::Field, FollowerKind::Normal),
    );
    play(
        &mut g,
        1,
        "B",
        at(1, -2, 0),
        figure(r, "B", Kind::Field, FollowerKind::Pig),
    );
    let (farm, events) = farm_points_at_the_end(&mut g, 1);
    assert_eq!(farm, 5, "{events:?}");

    // A barn where (0, -2), (1, -2), (0, -1)'s field and (1, -1) meet: the
    // farmer there scores 4 at once, the barn 5 at the end.
    let mut g = on_d(r, 2);
    build_castle(&mut g, 0);
    play(
        &mut g,
        1,
        "B",
        at(0, -2, 0),
        figure(r, "B", Kind::Field, FollowerKind::Normal),
    );
    play(&mut g, 0, "B", at(1, -1, 0), Action::Pass);
    place(&mut g, 0, "B", at(1, -2, 0));
    let corner = g
        .legal_actions()
        .into_iter()
        .find(|a| a.name() == "barn" && a.arg() == Arg::Corner(3))
        .expect("the barn on the south-west corner");
    let events = act(&mut g, corner);
    assert_eq!(
        events
            .iter()
            .filter(|e| e.player == 1)
            .map(|e| e.points)
            .sum::<u32>(),
        4,
        "{events:?}"
    );
    let (barn, events) = farm_points_at_the_end(&mut g, 0);
    assert_eq!(barn, 5, "{events:?}");
}

/// A builder's double turn: "you would be able to create a castle in the
/// first part of your turn and score it as soon as the second part of the
/// same turn" (fn 30 L2632-L2634).
#[test]
fn a_castle_built_in_a_first_part_scores_in_the_second_fn30() {
    let r = everything();
    let mut g = on_d(r, 2);
    let knight = |id: &str| figure(r, id, Kind::City, FollowerKind::Normal);
    // D's city grows north through G; P0's knight on a cap at (1, -1)
    // facing south; P0's follower and builder on D's road, west of it.
    play(&mut g, 1, "G", at(0, -1, E), Action::Pass);
    play(&mut g, 0, "E", at(1, -1, S), knight("E"));
    play(
        &mut g,
        0,
        "U",
        at(-1, 0, 0),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    play(
        &mut g,
        0,
        "U",
        at(-2, 0, 0),
        figure(r, "U", Kind::Road, FollowerKind::Builder),
    );
    // L at (1, 0) closes the town and extends the builder's road.
    place(&mut g, 0, "L", at(1, 0, 0));
    act(&mut g, Action::Pass);
    assert_eq!(key(&g), Some("castle"));
    act(&mut g, castle());
    assert_eq!(key(&g), Some("second-tile"));
    act(&mut g, Action::verb("second-tile", Arg::Bool(true)));
    assert_eq!(g.part(), 2);
    // The second part closes the road west: a structure on the fief tiles
    // (0, 0) and (1, 0), completed in a later scoring round.
    let events = play(&mut g, 0, "A", at(-3, 0, W), Action::Pass);
    assert_eq!(points(&events, 0, Reason::Completed), 5, "{events:?}");
    assert_eq!(points(&events, 0, castle_reason()), 5, "{events:?}");
}

/// A scripted everything_c1 game on the City of Carcassonne (its city
/// CO/12 ends in a cap east at (1, 1)), P0 with a follower in the City's
/// castle quarter and the Count moved to the market (L1956-L1964, L1987).
fn city_with_p0_in_the_castle_quarter() -> Game {
    let r = everything();
    let mut g =
        Game::new_scripted(r, 2, &carcassonne_runtime::engine::start_placements(r)).unwrap();
    // P0 closes P1's road south of the City: P1 scores, P0 does not.
    play(
        &mut g,
        1,
        "U",
        at(0, 2, E),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    play(&mut g, 0, "A", at(0, 3, S), Action::Pass);
    assert_eq!(key(&g), Some("into-city"));
    act(&mut g, Action::verb("to-castle", Arg::Word(0)));
    assert_eq!(key(&g), Some("move-count"));
    act(&mut g, Action::verb("move-count", Arg::Word(1)));
    g
}

/// `city_with_p0_in_the_castle_quarter`, then P1 closes CO/12's cap with a
/// knight on E: the Count's round asks P0 first whether to send a
/// follower onto the town.
fn town_beside_the_city() -> Game {
    let r = everything();
    let mut g = city_with_p0_in_the_castle_quarter();
    play(
        &mut g,
        1,
        "E",
        at(2, 1, W),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    assert_eq!(key(&g), Some("from-city"));
    assert_eq!(asked(&g), 0);
    g
}

/// "Followers from the City of Carcassonne (the castle quarter) cannot move
/// to a castle ... as a castle is not a city" (fn 21 L2164; the Count's
/// rounds, L1966, fn 27 L2166): at the end the castle quarter's follower
/// may go to an open city, never into the castle.
#[test]
fn no_follower_from_the_city_goes_into_a_castle_fn21_l2164() {
    // The Count's round first offers P0 the town (a city still, L1966),
    // who passes; then P1 makes it a castle.
    let mut g = town_beside_the_city();
    act(&mut g, Action::Pass);
    while key(&g) == Some("from-city") {
        act(&mut g, Action::Pass);
    }
    assert_eq!(key(&g), Some("castle"));
    act(&mut g, castle());
    // The end: P0's follower leaves the castle quarter for an open city
    // (CO/9's cap), not for the castle.
    g.force_player(1).unwrap();
    g.hold_final_scoring().unwrap();
    g.force_tiles_out(&mut Vec::new()).unwrap();
    // The abbey round first (L1602): nobody places theirs.
    while g.pending().map(|p| p.decision) == Some(Decision::Source) {
        act(&mut g, Action::Pass);
    }
    // The one open city takes it at once (a decision with one answer is
    // not asked): CO/9's cap, not the castle.
    let p0: Vec<(i16, i16)> = g
        .followers()
        .iter()
        .filter(|f| f.player == 0)
        .map(|f| support::cell(&g, g.spot_of(f)))
        .collect();
    assert_eq!(p0, vec![(-2, 1)]);
    assert_eq!(state(&g)["city"][0]["castle"], 0);
}

/// Fn 23 (L2614-L2620): a follower sent from the City onto a town in the
/// Count's round takes part in its scoring only. Its owner has no say on
/// the castle; where the town's occupier converts it, nobody scores it and
/// the sent follower goes home unscored; where the occupier scores it,
/// both score.
#[test]
fn a_follower_sent_from_the_city_only_scores_the_town_fn23_l2620() {
    for convert in [true, false] {
        let mut g = town_beside_the_city();
        let send = spots(&g, "from-city")[0].1;
        act(&mut g, send);
        while key(&g) == Some("from-city") {
            act(&mut g, Action::Pass);
        }
        // P1's knight decides alone: the one P0 sent has no say.
        assert_eq!(key(&g), Some("castle"));
        assert_eq!(asked(&g), 1);
        let on_board = |g: &Game, p: u8| g.followers().iter().filter(|f| f.player == p).count();
        assert_eq!(on_board(&g, 0), 1);
        if convert {
            let events = act(&mut g, castle());
            assert_ne!(key(&g), Some("castle"), "P0 is not asked");
            assert_eq!(points(&events, 0, Reason::Completed), 0, "{events:?}");
            assert_eq!(points(&events, 1, Reason::Completed), 0, "{events:?}");
            assert_eq!(on_board(&g, 0), 0, "the sent follower went home");
            assert_eq!(state(&g)["city"][0]["castle"], 0);
            assert_eq!(g.in_transit(1, FollowerKind::Normal), 1);
            assert_eq!(castle_state(&g, 0)["owners"], serde_json::json!([1]));
        } else {
            let events = act(&mut g, Action::Pass);
            assert_eq!(points(&events, 0, Reason::Completed), 4, "{events:?}");
            assert_eq!(points(&events, 1, Reason::Completed), 4, "{events:?}");
            assert_eq!(on_board(&g, 0), 0);
        }
    }
}

/// The greedy bot turns a town into a castle when its fief holds a
/// structure worth more than the town's 4 (an open cloister: 9), and
/// scores the town when the fief holds nothing.
#[test]
fn the_greedy_bot_builds_a_castle_when_it_pays() {
    use carcassonne_runtime::bots::{BotKind, SimpleBot};
    for cloister in [true, false] {
        let r = bcb();
        let b = support::tile(r, "B");
        let mut g = Game::new_scripted(r, 2, &[(b, at(0, 0, 0))]).unwrap();
        play(
            &mut g,
            0,
            "E",
            at(0, -1, N),
            figure(r, "E", Kind::City, FollowerKind::Normal),
        );
        if cloister {
            play(&mut g, 1, "B", at(1, -1, 0), Action::Pass);
        }
        play(&mut g, 1, "E", at(0, -2, S), Action::Pass);
        assert_eq!(key(&g), Some("castle"));
        let mut bot = SimpleBot::new(BotKind::Greedy, 1);
        let a = bot.choose_action(&g).unwrap();
        let want = if cloister { castle() } else { Action::Pass };
        assert_eq!(a, want, "a cloister in the fief: {cloister}");
    }
}

/// "The fairy cannot be placed in a castle, as it should only be placed on
/// features on a discrete tile" (fn 35 L2642, the official ruling): with
/// its only follower in a castle, a player has nowhere to move the fairy.
#[test]
fn the_fairy_does_not_go_into_a_castle_fn35() {
    let r = everything();
    let mut g = on_d(r, 2);
    build_castle(&mut g, 0);
    place(&mut g, 0, "B", at(0, 1, 0));
    assert!(spots(&g, "fairy").is_empty(), "{:?}", g.legal_actions());
    // With a follower on the board the fairy may go there.
    let mut h = on_d(r, 2);
    town(&mut h, 0);
    act(&mut h, Action::Pass);
    play(
        &mut h,
        0,
        "B",
        at(0, 1, 0),
        figure(r, "B", Kind::Cloister, FollowerKind::Normal),
    );
    place(&mut h, 0, "B", at(1, 1, 0));
    assert!(!spots(&h, "fairy").is_empty());
}
