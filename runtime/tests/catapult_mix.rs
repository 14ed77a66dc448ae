//! The Catapult with the other 1st-edition sets (`everything_c1`;
//! docs/rules/catapult.md, "With other sets"): what a knock-out token
//! reaches of the figures other modules hold. Tests are named for the seed
//! line they play, or say `reading` where the engine reads the rules.

use carcassonne_runtime::engine::{
    start_placements, Action, Actor, Arg, Decision, FollowerKind, Game, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};

mod support;
use support::{at, everything, figure, pending, place, play, state};

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

const TOKENS: [&str; 4] = ["knock-out", "seduction", "target", "catch"];
const LANDINGS: [&str; 25] = [
    "N2W2", "N2W1", "N2", "N2E1", "N2E2", //
    "N1W2", "N1W1", "N1", "N1E1", "N1E2", //
    "W2", "W1", "fair", "E1", "E2", //
    "S1W2", "S1W1", "S1", "S1E1", "S1E2", //
    "S2W2", "S2W1", "S2", "S2E1", "S2E2",
];

fn word(list: &[&str], w: &str) -> u8 {
    list.iter().position(|x| *x == w).unwrap() as u8
}

fn pick(t: &str) -> Action {
    Action::verb("catapult-token", Arg::Word(word(&TOKENS, t)))
}

fn lands(at: &str) -> Action {
    Action::verb("catapult-lands", Arg::Word(word(&LANDINGS, at)))
}

fn rules() -> &'static Ruleset {
    everything()
}

/// A scripted game of every 1st-edition set, on the City of Carcassonne
/// (x -2..1, y -1..1; its quarters' tile CO/7 at (0, 0); its road CO/11
/// leaves south from (0, 1)).
fn city_game(players: u8) -> Game {
    let r = rules();
    Game::new_scripted(r, players, &start_placements(r)).unwrap()
}

fn tile_at(g: &Game, x: i32, y: i32) -> u16 {
    g.placed_index_at(x, y).expect("a tile there") as u16
}

/// `everything_c1` plays the catapult: a fair tile holds a round (L2259).
#[test]
fn everything_c1_holds_catapult_rounds_l2259() {
    let mut g = city_game(3);
    play(&mut g, 0, "CA.F", at(1, 2, 0), Action::Pass);
    assert_eq!(
        pending(&g),
        (Actor::Player(0), Decision::named("catapult-token"))
    );
}

/// The City of Carcassonne and the Count (fn 4 L2327, fn 7 L2331): "the
/// playing field includes the normal tiles and starting tiles ...
/// followers on the tiles of the City of Carcassonne can be hit and
/// removed. The special characters such as the Count stay in their area."
/// P1 puts a follower into the blacksmith's quarter (L1956); P2's fair
/// tile at (1, 2) holds a knock-out round. A token on CO/12 (a City tile
/// without the quarters) leaves the City's followers alone (reading: the
/// quarters lie on the model's quarters tile, CO/7); one on CO/7 sends the
/// blacksmith's follower home, and the Count stays in the market.
#[test]
fn knock_out_reaches_the_followers_in_the_city_not_the_count_fn4_l2327() {
    let r = rules();
    let mut g = city_game(3);
    play(
        &mut g,
        0,
        "U",
        at(0, 2, 1),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    // P1 closes P0's road and scores nothing: into the City (L1956).
    play(&mut g, 1, "A", at(0, 3, 2), Action::Pass);
    assert_eq!(g.pending().unwrap().decision.key(), "into-city");
    act(&mut g, Action::verb("to-blacksmith", Arg::Word(0)));
    act(&mut g, Action::verb("move-count", Arg::Word(1)));
    assert_eq!(state(&g)["city"][1]["blacksmith"], 1);
    assert_eq!(state(&g)["count"], "market");
    let p1 = g.supply(1);
    play(&mut g, 2, "CA.F", at(1, 2, 0), Action::Pass);
    act(&mut g, pick("knock-out"));
    // P2's token on CO/12 at (1, 1): no quarter there.
    act(&mut g, lands("N1"));
    assert_eq!(state(&g)["city"][1]["blacksmith"], 1);
    // P0's token on CO/7 at (0, 0), the quarters' tile.
    act(&mut g, lands("N2W1"));
    assert_eq!(state(&g)["city"][1]["blacksmith"], 0, "knocked out");
    assert_eq!(g.supply(1), p1 + 1, "home to its owner (L2271)");
    assert_eq!(g.in_transit(1, FollowerKind::Normal), 0);
    assert_eq!(state(&g)["count"], "market", "the Count stays (fn 4)");
    assert_eq!(state(&g)["knocked_out"], serde_json::json!([0, 1, 0]));
    act(&mut g, lands("S2"));
    assert_eq!(pending(&g), (Actor::Player(0), Decision::Place));
}

/// The Tower: "the follower remains on top of the tower until the end of
/// the game and is not removed or returned to the player unless eaten by
/// the dragon or captured by another tower" (L1469; fn 17 L1515 lists what
/// else reaches it: the fairy, the dragon, the plague, the festival), so a
/// knock-out token on the tower's tile leaves it there (reading: L1469 over
/// L2271). A prisoner is held in front of its captor (L1463), not on the
/// playing field (fn 4 L2327): no token touches it. The tower pieces are no
/// followers (L2269) and stay.
#[test]
fn knock_out_leaves_a_tower_top_and_prisoners_reading_l1469_l1463() {
    let r = rules();
    let mut g = city_game(3);
    // The foundation south of CO/12.
    play(&mut g, 0, "TO/F", at(1, 2, 0), Action::Pass);
    play(
        &mut g,
        1,
        "B",
        at(1, 3, 0),
        figure(r, "B", Kind::Cloister, FollowerKind::Normal),
    );
    // P2 builds the tower and takes P1's monk prisoner (L1452).
    place(&mut g, 2, "B", at(2, 2, 0));
    let tower = tile_at(&g, 1, 2);
    act(&mut g, Action::verb("tower-piece", Arg::Tile(tower)));
    let capture = g
        .legal_actions()
        .into_iter()
        .find(|a| a.name() == "capture")
        .expect("P1's monk within reach");
    act(&mut g, capture);
    assert_eq!(state(&g)["prisoners"][2].as_array().unwrap().len(), 1);
    // P0 finishes the tower with a follower on top (L1469).
    place(&mut g, 0, "B", at(2, 3, 0));
    act(&mut g, Action::verb("tower-top", Arg::Tile(tower)));
    assert_eq!(state(&g)["towers"][0]["top"]["player"], 0);
    let p0 = g.supply(0);
    // P1's fair tile west of the monk's cloister; knock-out.
    play(&mut g, 1, "CA.F", at(0, 3, 0), Action::Pass);
    act(&mut g, pick("knock-out"));
    act(&mut g, lands("N1E1"));
    let tower = &state(&g)["towers"][0];
    assert_eq!(tower["top"]["player"], 0, "stays on top (L1469)");
    assert_eq!(tower["height"], 1, "the tower pieces stay");
    assert_eq!(g.supply(0), p0);
    assert_eq!(
        state(&g)["prisoners"][2].as_array().unwrap().len(),
        1,
        "the prisoner is nowhere on the field"
    );
    assert_eq!(g.in_transit(1, FollowerKind::Normal), 1);
    act(&mut g, lands("N1E1"));
    act(&mut g, lands("S2W2"));
    assert_eq!(g.in_transit(1, FollowerKind::Normal), 1);
    assert_eq!(state(&g)["knocked_out"], serde_json::json!([0, 0, 0]));
    assert_eq!(pending(&g), (Actor::Player(2), Decision::Place));
}

/// Traders & Builders: the builder is no follower (L2271 hits followers),
/// so a token on its tile leaves it; when the token sends home its owner's
/// last follower on the road, the builder goes with it (L888).
#[test]
fn knock_out_leaves_the_builder_which_follows_its_last_follower_l2271_l888() {
    let r = rules();
    let mut g = city_game(3);
    play(
        &mut g,
        0,
        "U",
        at(0, 2, 1),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    play(&mut g, 1, "B", at(1, 2, 0), Action::Pass);
    play(&mut g, 2, "U", at(0, 3, 1), Action::Pass);
    play(
        &mut g,
        0,
        "U",
        at(0, 4, 1),
        figure(r, "U", Kind::Road, FollowerKind::Builder),
    );
    let builders = |g: &Game| {
        g.followers()
            .iter()
            .filter(|f| f.kind == FollowerKind::Builder)
            .count()
    };
    assert_eq!(builders(&g), 1);
    // P1's fair tile east of the builder's tile.
    play(&mut g, 1, "CA.F", at(1, 4, 0), Action::Pass);
    act(&mut g, pick("knock-out"));
    // P1's token on the builder's tile: it stays.
    act(&mut g, lands("W1"));
    assert_eq!(builders(&g), 1, "no follower");
    // P2's on P0's follower: it goes home, and the builder with it.
    act(&mut g, lands("N2W1"));
    assert_eq!(builders(&g), 0, "its owner's last follower left (L888)");
    assert!(g.followers().is_empty());
    assert_eq!(state(&g)["knocked_out"], serde_json::json!([1, 0, 0]));
}
