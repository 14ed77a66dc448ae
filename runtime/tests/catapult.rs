//! The Catapult in scripted games through the action API
//! (000_9deb58b1a7d17d38.txt L2210-L2342; docs/rules/catapult.md). Tests
//! are named for the seed line they play.

use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, Decision, Deploy, FollowerKind, Game, Reason, ScoreEvent, Spot,
};
use carcassonne_runtime::tables::{Kind, Ruleset};

mod support;
use support::bot_games::{bot_games, MIXED};
use support::{at, on_d, pending, place, seg, with_option};

fn catapult() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_catapult").unwrap()
}

/// `catapult_rule = "fair-bonus"` (L2298).
fn house_rule() -> &'static Ruleset {
    with_option(catapult(), "catapult_rule", 1)
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

fn points(events: &[ScoreEvent], reason: Reason) -> Vec<(u8, u32)> {
    events
        .iter()
        .filter(|e| e.reason == reason)
        .map(|e| (e.player, e.points))
        .collect()
}

/// A normal follower on the first `kind` segment of tile `id`.
fn on(rules: &Ruleset, id: &str, kind: Kind) -> Action {
    Action::Deploy(Deploy {
        segment: seg(rules, id, kind),
        kind: FollowerKind::Normal,
    })
}

/// The modules' state as the protocol shows it.
fn state(g: &Game) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    g.state_json(&mut m);
    m
}

/// L2298, the house rule: P1 draws the fair tile CA.C and puts a follower
/// on its city, which closes D's: 5 for the fair at once, then the city's
/// 4. A follower elsewhere, or none, earns nothing; under the catapult
/// rules (the default) the bonus is not paid.
#[test]
fn a_follower_on_a_fair_tile_scores_five_under_the_house_rule_l2298() {
    let rules = house_rule();
    let mut g = on_d(rules, 2);
    place(&mut g, 1, "CA.C", at(0, -1, 2));
    let ev = act(&mut g, on(rules, "CA.C", Kind::City));
    assert_eq!(points(&ev, Reason::Fair), vec![(1, 5)]);
    assert_eq!(points(&ev, Reason::Completed), vec![(1, 4)]);
    assert_eq!(g.scores()[1], 9);
    assert_eq!(state(&g)["fair_bonuses"], serde_json::json!([0, 1]));
    // A fair tile with no follower on it: nothing.
    place(&mut g, 0, "CA.F", at(1, -1, 0));
    let ev = act(&mut g, Action::Pass);
    assert!(points(&ev, Reason::Fair).is_empty());
    // A follower on a tile without a fair: nothing.
    place(&mut g, 0, "E", at(0, 1, 2));
    let ev = act(&mut g, on(rules, "E", Kind::Field));
    assert!(points(&ev, Reason::Fair).is_empty());
    // The catapult rules: no bonus.
    let mut g = on_d(catapult(), 2);
    place(&mut g, 1, "CA.C", at(0, -1, 2));
    let ev = act(&mut g, on(catapult(), "CA.C", Kind::City));
    assert!(points(&ev, Reason::Fair).is_empty());
}

const TOKENS: [&str; 4] = ["knock-out", "seduction", "target", "catch"];
const LANDINGS: [&str; 25] = [
    "N2W2", "N2W1", "N2", "N2E1", "N2E2", //
    "N1W2", "N1W1", "N1", "N1E1", "N1E2", //
    "W2", "W1", "fair", "E1", "E2", //
    "S1W2", "S1W1", "S1", "S1E1", "S1E2", //
    "S2W2", "S2W1", "S2", "S2E1", "S2E2",
];
const CATCHES: [&str; 4] = ["caught", "far-enough", "short", "touched"];

fn word(list: &[&str], w: &str) -> u8 {
    list.iter().position(|x| *x == w).unwrap() as u8
}

/// `catapult-token`: the round's token.
fn pick(t: &str) -> Action {
    Action::verb("catapult-token", Arg::Word(word(&TOKENS, t)))
}

/// `catapult-lands`: chance's landing, as an offset from the fair tile.
fn lands(at: &str) -> Action {
    Action::verb("catapult-lands", Arg::Word(word(&LANDINGS, at)))
}

fn catch(case: &str) -> Action {
    Action::verb("catapult-catch", Arg::Word(word(&CATCHES, case)))
}

/// The spot of `player`'s follower on the tile at (x, y).
fn follower_on(g: &Game, player: u8, x: i16, y: i16) -> Option<Spot> {
    g.followers().iter().map(|f| g.spot_of(f)).find(|s| {
        let q = g.placed()[s.placed as usize];
        s.player == player && (q.x, q.y) == (x, y)
    })
}

/// Three players on D (0, 0): P1's knight on the city of E at (0, 1),
/// facing south; then P0 draws the fair tile CA.C, puts it at (0, -1)
/// (its city closes D's, unclaimed) and a farmer on its field. The round
/// follows: P0 is asked for the token.
fn fair_with_three(rules: &'static Ruleset) -> Game {
    let mut g = on_d(rules, 3);
    place(&mut g, 1, "E", at(0, 1, 2));
    act(&mut g, on(rules, "E", Kind::City));
    place(&mut g, 0, "CA.C", at(0, -1, 2));
    act(&mut g, on(rules, "CA.C", Kind::Field));
    g
}

/// L2259, L2265: once the fair tile's turn is complete (its city scored,
/// the follower home), its player picks the token and hurls first, then
/// the others clockwise, each once; chance says where each lands. Then the
/// tokens return and the next player plays. L2281: target hurling pays 5
/// to the token closest to the fair tile.
#[test]
fn after_the_fair_tiles_turn_every_player_hurls_once_clockwise_l2259_l2265() {
    let rules = catapult();
    let mut g = on_d(rules, 3);
    place(&mut g, 1, "CA.C", at(0, -1, 2));
    let ev = act(&mut g, on(rules, "CA.C", Kind::City));
    assert_eq!(
        points(&ev, Reason::Completed),
        vec![(1, 4)],
        "the turn first"
    );
    assert!(g.followers().is_empty());
    assert_eq!(
        pending(&g),
        (Actor::Player(1), Decision::named("catapult-token"))
    );
    assert_eq!(g.legal_actions().len(), 4, "four token types");
    act(&mut g, pick("target"));
    let mut odds = Vec::new();
    for hurler in [1, 2, 0] {
        assert_eq!(
            pending(&g),
            (Actor::Chance, Decision::named("catapult-lands")),
            "P{hurler}'s hurl"
        );
        g.chance_odds(&mut odds);
        assert_eq!(odds.len(), 25, "the 5 x 5 cells around the fair");
        assert!(odds.iter().all(|&(_, w)| w == 1), "each as likely");
        let tokens = &state(&g)["catapult_tokens"][hurler as usize];
        assert_eq!(tokens["target"], 0, "P{hurler}'s token is out");
        let at = ["S2E2", "N1", "E2"][hurler as usize];
        let ev = act(&mut g, lands(at));
        if hurler != 0 {
            assert!(
                points(&ev, Reason::TargetHurling).is_empty(),
                "not before all hurled"
            );
        } else {
            assert_eq!(points(&ev, Reason::TargetHurling), vec![(1, 5)]);
        }
    }
    assert_eq!(g.scores(), &[0, 9, 0]);
    assert_eq!(pending(&g), (Actor::Player(2), Decision::Place));
    assert_eq!(
        state(&g)["catapult_tokens"][1]["target"],
        1,
        "the tokens are back"
    );
    assert_eq!(state(&g)["catapult_round"]["active"], false);
}

/// L2281: target hurling, ties all: two tokens one cell from the fair
/// tile, one further: 5 each to the two.
#[test]
fn target_hurling_pays_every_tied_player_l2281() {
    let rules = catapult();
    let mut g = fair_with_three(rules);
    act(&mut g, pick("target"));
    act(&mut g, lands("N1"));
    act(&mut g, lands("S2E2"));
    let ev = act(&mut g, lands("W1"));
    let mut got = points(&ev, Reason::TargetHurling);
    got.sort();
    assert_eq!(got, vec![(0, 5), (2, 5)]);
}

/// L2271: every follower touched goes home, the hurler's own too; a token
/// on an empty cell touches nothing.
#[test]
fn knock_out_sends_home_the_followers_touched_the_hurlers_too_l2271() {
    let rules = catapult();
    let mut g = fair_with_three(rules);
    assert_eq!(g.followers().len(), 2);
    act(&mut g, pick("knock-out"));
    // P0 hits its own farmer on the fair tile.
    act(&mut g, lands("fair"));
    assert!(follower_on(&g, 0, 0, -1).is_none());
    assert_eq!(g.figures(0, FollowerKind::Normal), 7);
    // P1 lands two cells west of the fair tile: nothing there.
    act(&mut g, lands("W2"));
    assert!(follower_on(&g, 1, 0, 1).is_some());
    // P2 hits P1's knight on E, two cells south.
    act(&mut g, lands("S2"));
    assert!(g.followers().is_empty());
    assert_eq!(g.figures(1, FollowerKind::Normal), 7);
    assert_eq!(state(&g)["knocked_out"], serde_json::json!([1, 1, 0]));
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// L2276, fn 9 L2334: the follower closest to the token, whoever owns it,
/// may be swapped for one of the hurler's, from the supply or from the
/// board; the swapped-out follower goes home. Off the map (an empty cell):
/// no effect.
#[test]
fn seduction_swaps_the_closest_follower_for_one_of_the_hurlers_l2276() {
    let rules = catapult();
    let mut g = fair_with_three(rules);
    act(&mut g, pick("seduction"));
    // P0's token lands on E: P1's knight is the closest, at once.
    act(&mut g, lands("S2"));
    assert_eq!(
        pending(&g),
        (Actor::Player(0), Decision::named("seduction"))
    );
    let legal = g.legal_actions();
    let farmer = follower_on(&g, 0, 0, -1).unwrap();
    assert!(legal.contains(&Action::Pass));
    assert!(legal.contains(&Action::verb("seduce-from-supply", Arg::Word(0))));
    assert!(legal.contains(&Action::verb("seduce-from-board", Arg::Spot(farmer))));
    assert_eq!(legal.len(), 3);
    // From the board: P0's farmer moves onto E's city.
    act(&mut g, Action::verb("seduce-from-board", Arg::Spot(farmer)));
    assert!(follower_on(&g, 0, 0, -1).is_none(), "the farmer left");
    assert_eq!(kind_on(&g, 0, 0, 1), Some(Kind::City));
    assert!(follower_on(&g, 1, 0, 1).is_none(), "P1's knight went home");
    assert_eq!(g.figures(0, FollowerKind::Normal), 6, "one out, as before");
    assert_eq!(g.figures(1, FollowerKind::Normal), 7, "all home");
    // P1's lands off the map (N2W2 of the fair): no effect, no question.
    act(&mut g, lands("N2W2"));
    assert_eq!(
        pending(&g),
        (Actor::Chance, Decision::named("catapult-lands"))
    );
    // P2's lands on E again: P0's knight now, swapped from P2's supply.
    act(&mut g, lands("S2"));
    act(&mut g, Action::verb("seduce-from-supply", Arg::Word(0)));
    assert!(follower_on(&g, 2, 0, 1).is_some());
    assert_eq!(g.figures(0, FollowerKind::Normal), 7);
    assert_eq!(state(&g)["seductions"], serde_json::json!([1, 0, 1]));
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// The feature kind under `player`'s follower on the tile at (x, y).
fn kind_on(g: &Game, player: u8, x: i16, y: i16) -> Option<Kind> {
    let s = follower_on(g, player, x, y)?;
    let q = g.placed()[s.placed as usize];
    Some(g.rules().tiles[q.tile as usize].segments[s.segment as usize].kind)
}

/// L2276 ("in cases which are unclear the ruler should be used"): two
/// followers as close to the token, one cell either side of D: chance says
/// which (the table's ruler), each as likely; the hurler may pass.
#[test]
fn a_tie_for_closest_is_chances_to_settle_l2276() {
    let rules = catapult();
    let mut g = fair_with_three(rules);
    act(&mut g, pick("seduction"));
    act(&mut g, lands("S1"));
    assert_eq!(
        pending(&g),
        (Actor::Chance, Decision::named("catapult-closest"))
    );
    let mut odds = Vec::new();
    g.chance_odds(&mut odds);
    let knight = follower_on(&g, 1, 0, 1).unwrap();
    let farmer = follower_on(&g, 0, 0, -1).unwrap();
    let mut want = vec![
        (Action::verb("catapult-closest", Arg::Spot(knight)), 1),
        (Action::verb("catapult-closest", Arg::Spot(farmer)), 1),
    ];
    want.sort();
    odds.sort();
    assert_eq!(odds, want);
    act(&mut g, Action::verb("catapult-closest", Arg::Spot(knight)));
    act(&mut g, Action::Pass);
    assert!(follower_on(&g, 1, 0, 1).is_some(), "passing swaps nothing");
    assert_eq!(
        pending(&g),
        (Actor::Chance, Decision::named("catapult-lands"))
    );
}

/// fn 8 L2333 (RGG), `seduction = "closest-opponent"`: the hurler's own
/// follower on the landing cell is passed over for the closest opponent's.
#[test]
fn the_rgg_rule_designates_the_closest_opponent_fn8_l2333() {
    let rules = with_option(catapult(), "seduction", 1);
    let mut g = fair_with_three(rules);
    act(&mut g, pick("seduction"));
    act(&mut g, lands("fair"));
    assert_eq!(
        pending(&g),
        (Actor::Player(0), Decision::named("seduction"))
    );
    act(&mut g, Action::verb("seduce-from-supply", Arg::Word(0)));
    assert!(
        follower_on(&g, 1, 0, 1).is_none(),
        "P1's knight, 2 cells off"
    );
    assert!(follower_on(&g, 0, 0, 1).is_some());
    assert!(follower_on(&g, 0, 0, -1).is_some(), "P0's farmer stays");
    // The default (HiG fn 9 L2334): P0's own farmer is the closest.
    let mut g = fair_with_three(catapult());
    act(&mut g, pick("seduction"));
    act(&mut g, lands("fair"));
    // P0 could only swap it for another of the same from the supply:
    // passing is the one answer, taken at once.
    assert_eq!(
        pending(&g),
        (Actor::Chance, Decision::named("catapult-lands"))
    );
    assert!(follower_on(&g, 0, 0, -1).is_some());
}

/// L2286-L2294: each player hurls to the one on their left, who catches;
/// caught or short: the catcher scores 5; far enough or touched: the
/// hurler (L2289-L2292).
#[test]
fn the_catch_pays_the_catcher_or_the_hurler_by_its_four_cases_l2289_l2292() {
    let rules = catapult();
    let mut g = on_d(rules, 4);
    place(&mut g, 0, "CA.F", at(0, 1, 0));
    act(&mut g, Action::Pass);
    act(&mut g, pick("catch"));
    let mut all = Vec::new();
    for case in ["caught", "far-enough", "short", "touched"] {
        assert_eq!(pending(&g).1, Decision::named("catapult-catch"));
        let mut odds = Vec::new();
        g.chance_odds(&mut odds);
        assert_eq!(
            odds.iter().map(|&(_, w)| w).collect::<Vec<_>>(),
            [1, 1, 1, 1]
        );
        all.extend(points(&act(&mut g, catch(case)), Reason::Catch));
    }
    // P0 to P1 caught: P1; P1 to P2 far enough: P1; P2 to P3 short: P3;
    // P3 to P0 touched: P3.
    assert_eq!(all, vec![(1, 5), (1, 5), (3, 5), (3, 5)]);
    assert_eq!(g.scores(), &[0, 10, 0, 10]);
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// What is refused, and changes nothing: a player answering chance, a
/// landing beyond the model's reach, the wrong player picking the token;
/// under the house rule a fair tile holds no round.
#[test]
fn misplaced_answers_are_refused_and_the_house_rule_has_no_round() {
    let rules = catapult();
    let mut g = fair_with_three(rules);
    let before = g.clone();
    assert!(matches!(
        g.apply_action_by(1, pick("target"), &mut Vec::new()),
        Err(ActionError::WrongPlayer { .. }) | Err(ActionError::NotNow { .. })
    ));
    assert!(g == before);
    act(&mut g, pick("target"));
    let before = g.clone();
    assert_eq!(
        g.apply_action_by(0, lands("fair"), &mut Vec::new()),
        Err(ActionError::ChanceDecides { player: 0 })
    );
    assert!(g
        .apply_action(
            Action::verb("catapult-lands", Arg::Word(25)),
            &mut Vec::new()
        )
        .is_err());
    assert!(g.apply_action(catch("caught"), &mut Vec::new()).is_err());
    assert!(g == before);
    // The house rule: the fair tile's turn ends as any other.
    let rules = house_rule();
    let mut g = on_d(rules, 3);
    place(&mut g, 1, "CA.C", at(0, -1, 2));
    act(&mut g, Action::Pass);
    assert_eq!(pending(&g), (Actor::Player(2), Decision::Place));
}

/// Seeded games with random and greedy bots: the seed deals every hurl (L2259), the record
/// lists every outcome, and the game replays to its scores from the record
/// alone (no seed: the tiles and outcomes read from it); over the seeds,
/// rounds with every token type are played.
#[test]
fn seeded_bot_games_hurl_every_token_and_replay_from_the_record_alone() {
    let mut tokens_seen = std::collections::BTreeSet::new();
    let games = bot_games(catapult(), 0..12, 4, MIXED, |g, a| {
        if g.pending().unwrap().decision == Decision::named("catapult-token") {
            if let Arg::Word(k) = a.arg() {
                tokens_seen.insert(k);
            }
        }
    });
    let mut rounds = 0;
    for b in &games {
        rounds += state(&b.game)["catapult_rounds"].as_u64().unwrap();
        let chance = b
            .record
            .turns
            .iter()
            .flat_map(|t| t.actions.iter().flatten())
            .filter(|a| a.do_.starts_with("catapult-") && a.do_ != "catapult-token")
            .count();
        assert_eq!(
            chance,
            b.game.dealt().len(),
            "seed {}: every outcome listed",
            b.seed
        );
    }
    assert!(rounds >= 12, "fair tiles make rounds: {rounds}");
    assert_eq!(
        tokens_seen.len(),
        4,
        "every token type hurled: {tokens_seen:?}"
    );
}
