//! The Count of Carcassonne (Count, King & Robber,
//! 000_9deb58b1a7d17d38.txt L1923-L2002, fn 1-34 L2142-L2175;
//! 003_f0943165331a7fee.txt L67-L134), each test named for the seed line it
//! plays. The City of Carcassonne starts the game (x -2..1, y -1..1; its
//! road CO/11 leaves south from (0, 1), its road CO/1 west from (-2, -1),
//! its city CO/12 east from (1, 1)).

mod support;

use carcassonne_runtime::engine::{
    start_placements, Action, Arg, Decision, FollowerKind, Game, Reason, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};
use support::*;

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_count_king_robber").unwrap()
}

/// A scripted game of `players` on the City of Carcassonne.
fn city_game(rules: &'static Ruleset, players: u8) -> Game {
    Game::new_scripted(rules, players, &start_placements(rules)).unwrap()
}

fn decision_key(g: &Game) -> Option<&'static str> {
    match g.pending()?.decision {
        Decision::Module { .. } => Some(g.pending().unwrap().decision.key()),
        _ => None,
    }
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut events = Vec::new();
    g.apply_action(a, &mut events).unwrap();
    events
}

/// `to-<quarter>` with a follower, or `count-<quarter>` (the Count moved).
fn verb(name: &str) -> Action {
    let quarters = ["castle", "market", "blacksmith", "cathedral"];
    if let Some(q) = name.strip_prefix("count-") {
        let i = quarters.iter().position(|&x| x == q).unwrap();
        return Action::verb("move-count", Arg::Word(i as u8));
    }
    let (quarter, figure) = match name.strip_prefix("to-").unwrap().split_once('-') {
        Some((q, f)) => (q, f),
        None => (name.strip_prefix("to-").unwrap(), "normal"),
    };
    let words: &[&str] = match quarter {
        "castle" => &["normal", "big", "mayor", "wagon"],
        "market" => &["normal", "big"],
        "blacksmith" => &["normal", "big", "wagon"],
        _ => &["normal", "big", "wagon", "abbot"],
    };
    let w = words
        .iter()
        .position(|&x| x == figure)
        .unwrap_or(words.len());
    Action::verb(&format!("to-{quarter}"), Arg::Word(w as u8))
}

/// `player`'s figures in the City (`state_json`), by quarter.
fn city(g: &Game, player: u8, quarter: &str) -> u64 {
    state(g)["city"][player as usize][quarter].as_u64().unwrap()
}

fn count_at(g: &Game) -> String {
    state(g)["count"].as_str().unwrap().to_string()
}

/// P1 builds a road south of the City's road CO/11 and stands on it; P0
/// closes it with a cloister's road: P1 scores 3, P0 nothing.
fn p0_completes_p1s_road(g: &mut Game) -> Vec<ScoreEvent> {
    let r = g.rules();
    play(
        g,
        1,
        "U",
        at(0, 2, 1),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    play(g, 0, "A", at(0, 3, 2), Action::Pass)
}

/// "Whenever a player places a tile that causes at least one player to
/// score points, but the player placing the tile does not, this player may
/// deploy one follower from his or her supply to a city quarter" (L1956),
/// and then move the Count (L1987).
#[test]
fn a_placer_who_scores_nothing_puts_a_follower_in_l1956_l1987() {
    let mut g = city_game(rules(), 3);
    let events = p0_completes_p1s_road(&mut g);
    assert!(events.iter().any(|e| e.player == 1 && e.points == 3));
    assert_eq!(decision_key(&g), Some("into-city"));
    assert_eq!(
        g.pending().unwrap().actor,
        carcassonne_runtime::engine::Actor::Player(0)
    );
    let supply = g.supply(0);
    act(&mut g, verb("to-blacksmith"));
    assert_eq!(city(&g, 0, "blacksmith"), 1);
    assert_eq!(g.supply(0), supply - 1);
    assert_eq!(decision_key(&g), Some("move-count"));
    act(&mut g, verb("count-market"));
    assert_eq!(count_at(&g), "market");
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

/// The placer who scores gets nothing (L1956): P1 closes their own road.
#[test]
fn a_placer_who_scores_puts_nothing_in_l1956() {
    let mut g = city_game(rules(), 2);
    let r = g.rules();
    play(
        &mut g,
        1,
        "U",
        at(0, 2, 1),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    play(&mut g, 1, "A", at(0, 3, 2), Action::Pass);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

/// Nobody scoring gives nothing either (L1956): an empty road closed.
#[test]
fn nobody_scoring_puts_nothing_in_l1956() {
    let mut g = city_game(rules(), 2);
    play(&mut g, 1, "U", at(0, 2, 1), Action::Pass);
    play(&mut g, 0, "A", at(0, 3, 2), Action::Pass);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

/// The mayor only to the castle, the wagon not to the market, the abbot
/// only to the cathedral, no barn (L1962, fn 9 L2150, fn 17 L2157; 003
/// L98): the answers offered name only those.
#[test]
fn which_figure_goes_to_which_quarter_l1962_fn9_fn17() {
    let mut g = city_game(rules(), 3);
    p0_completes_p1s_road(&mut g);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Pass));
    for q in ["to-castle", "to-market", "to-blacksmith", "to-cathedral"] {
        assert!(legal.contains(&verb(q)), "{q} in {legal:?}");
    }
    // This ruleset has no big follower, mayor, wagon or abbot.
    assert_eq!(legal.len(), 5, "{legal:?}");
    let words = |name: &str| match Action::verb_named(name).unwrap().2.arg {
        carcassonne_runtime::engine::ArgKind::Word(w) => w.to_vec(),
        _ => vec![],
    };
    assert_eq!(words("to-castle"), ["normal", "big", "mayor", "wagon"]);
    assert_eq!(words("to-market"), ["normal", "big"]);
    assert_eq!(words("to-blacksmith"), ["normal", "big", "wagon"]);
    assert_eq!(words("to-cathedral"), ["normal", "big", "wagon", "abbot"]);
}

/// Put P0's follower in the blacksmith's quarter (the Count left in the
/// castle) through `p0_completes_p1s_road`.
fn p0_in_blacksmith(g: &mut Game) {
    p0_completes_p1s_road(g);
    act(g, verb("to-blacksmith"));
    act(g, verb("count-castle"));
}

/// "If a feature is completed during the subsequent course of play, then
/// before scoring takes place, all players may redeploy their followers
/// from the appropriate city quarter to the feature being scored ... In
/// this way, followers may thus be deployed to already occupied features"
/// (L1966-L1972): from the blacksmith to a road, which P0 then shares.
#[test]
fn followers_leave_the_quarter_before_scoring_l1966_l1970() {
    let mut g = city_game(rules(), 3);
    p0_in_blacksmith(&mut g);
    // P2 builds on the City's west road (CO/1 at (-2, -1), road W) and P1
    // closes it: the round starts left of P1 (P2), then P0, then P1 (L1977).
    let r = g.rules();
    play(
        &mut g,
        2,
        "U",
        at(-3, -1, 0),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    place(&mut g, 1, "A", at(-4, -1, 3));
    let events = act(&mut g, Action::Pass);
    assert!(events.is_empty(), "{events:?}");
    // P2 has nobody in the City: answered at once; P0 is asked.
    assert_eq!(decision_key(&g), Some("from-city"));
    assert_eq!(
        g.pending().unwrap().actor,
        carcassonne_runtime::engine::Actor::Player(0)
    );
    let send = spots(&g, "from-city");
    assert_eq!(send.len(), 1);
    let events = act(&mut g, send[0].1);
    // P0 may send more; has none left: answered at once, then P1, then
    // the scoring: P0 and P2 tie on the road of 3 tiles.
    let mut points: Vec<(u8, u32)> = events.iter().map(|e| (e.player, e.points)).collect();
    points.sort();
    assert_eq!(points, vec![(0, 3), (2, 3)]);
    assert_eq!(city(&g, 0, "blacksmith"), 0);
    assert_eq!(g.supply(0), 7, "the follower came home after scoring");
}

/// A player may leave their followers in the City (L1979).
#[test]
fn a_player_may_keep_followers_in_the_city_l1979() {
    let mut g = city_game(rules(), 3);
    p0_in_blacksmith(&mut g);
    let r = g.rules();
    play(
        &mut g,
        2,
        "U",
        at(-3, -1, 0),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    place(&mut g, 1, "A", at(-4, -1, 3));
    act(&mut g, Action::Pass);
    let events = act(&mut g, Action::Pass);
    assert_eq!(
        events
            .iter()
            .map(|e| (e.player, e.points))
            .collect::<Vec<_>>(),
        vec![(2, 3)]
    );
    assert_eq!(city(&g, 0, "blacksmith"), 1);
}

/// "From the quarter in which the Count is currently residing, no
/// followers may be redeployed" (L1987).
#[test]
fn the_counts_quarter_keeps_its_followers_l1987() {
    let mut g = city_game(rules(), 3);
    p0_completes_p1s_road(&mut g);
    act(&mut g, verb("to-blacksmith"));
    act(&mut g, verb("count-blacksmith"));
    let r = g.rules();
    play(
        &mut g,
        2,
        "U",
        at(-3, -1, 0),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    place(&mut g, 1, "A", at(-4, -1, 3));
    let events = act(&mut g, Action::Pass);
    // Nobody could move: no question, the road scored at once.
    assert_eq!(
        events
            .iter()
            .map(|e| (e.player, e.points))
            .collect::<Vec<_>>(),
        vec![(2, 3)]
    );
    assert_eq!(city(&g, 0, "blacksmith"), 1);
}

/// Only from the matching quarter (L1969-L1972): a follower in the
/// blacksmith's quarter does not go to a city.
#[test]
fn a_quarter_sends_only_to_its_feature_l1969() {
    let mut g = city_game(rules(), 3);
    p0_in_blacksmith(&mut g);
    // P1 closes the City's east city (CO/12 at (1, 1), city E) with E.
    let r = g.rules();
    play(
        &mut g,
        1,
        "E",
        at(2, 1, 3),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    assert_eq!(city(&g, 0, "blacksmith"), 1);
}

/// "The official variants": the Count moves clockwise to the next quarter,
/// or to the quarter the follower entered (L1993-L1998).
#[test]
fn the_official_variants_move_the_count_l1993_l1998() {
    let clockwise = with_option(rules(), "count_move", 1);
    let mut g = city_game(clockwise, 3);
    p0_completes_p1s_road(&mut g);
    act(&mut g, verb("to-cathedral"));
    assert_eq!(count_at(&g), "market");
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    let follows = with_option(rules(), "count_move", 2);
    let mut g = city_game(follows, 3);
    p0_completes_p1s_road(&mut g);
    act(&mut g, verb("to-cathedral"));
    assert_eq!(count_at(&g), "cathedral");
}

/// Under the RGG's "to or from" (fn 34 L2175) nobody enters the Count's
/// quarter.
#[test]
fn rgg_blocks_entering_the_counts_quarter_fn34() {
    let rgg = with_option(rules(), "count_blocks", 1);
    let mut g = city_game(rgg, 3);
    p0_completes_p1s_road(&mut g);
    assert!(!g.legal_actions().contains(&verb("to-castle")));
    let err = g.apply_action(verb("to-castle"), &mut Vec::new());
    assert!(err.is_err());
}

/// Followers in the City are not scored (fn 29 L2169), and at the end,
/// from the last placer's left, each player moves one follower from a
/// quarter other than the Count's onto a suitable feature, complete or not,
/// until none can (fn 27 L2166).
#[test]
fn the_end_rounds_move_followers_out_fn27_fn29() {
    let mut g = city_game(rules(), 3);
    p0_in_blacksmith(&mut g);
    // An open road for P0 to go to: U west of the City's west road.
    play(&mut g, 2, "U", at(-3, -1, 0), Action::Pass);
    // The tiles run out: the end round asks P0 (left of P2, who placed
    // last) to move its follower.
    g.force_player(2).unwrap();
    let mut events = Vec::new();
    g.force_tiles_out(&mut events).unwrap();
    assert_eq!(decision_key(&g), Some("city-final"));
    let names: Vec<&str> = g.legal_actions().iter().map(|a| a.name()).collect();
    assert!(
        !names.contains(&"pass"),
        "the move is compulsory: {names:?}"
    );
    let mut copy = g.clone();
    let e = copy
        .apply_action(Action::Pass, &mut Vec::new())
        .unwrap_err();
    assert!(e.to_string().contains("must move"), "{e}");
    assert_eq!(copy, g);
    let send = spots(&g, "from-city");
    assert!(!send.is_empty());
    let events = act(&mut g, send[0].1);
    assert!(g.is_over());
    assert_eq!(city(&g, 0, "blacksmith"), 0);
    assert!(events
        .iter()
        .any(|e| e.player == 0 && e.reason == Reason::Final && e.feature == Kind::Road));
}

/// The City counts as a completed city for farms (fn 1 L2142): a farmer on
/// the City's outer ring scores 3 for it.
#[test]
fn the_city_counts_for_farms_fn1() {
    let mut g = city_game(rules(), 2);
    let r = g.rules();
    // A farmer on the field beside the City's west road (CO/1's north
    // field reaches (-3, -1)'s north half).
    play(
        &mut g,
        0,
        "U",
        at(-3, -1, 0),
        figure(r, "U", Kind::Field, FollowerKind::Normal),
    );
    let events = g.finish();
    assert!(
        events
            .iter()
            .any(|e| e.player == 0 && e.feature == Kind::Field && e.points == 3),
        "{events:?}"
    );
}

/// The City counts for the King (fn 38 L2179) but never takes it (003
/// L147): the King's holder scores one more city.
#[test]
fn the_city_counts_for_the_king_fn38() {
    let mut g = city_game(rules(), 2);
    let r = g.rules();
    play(
        &mut g,
        1,
        "E",
        at(2, 1, 3),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    assert_eq!(g.king(), Some((1, 2)));
    let events = g.finish();
    let king: Vec<(u8, u32)> = events
        .iter()
        .filter(|e| e.reason == Reason::King)
        .map(|e| (e.player, e.points))
        .collect();
    assert_eq!(king, vec![(1, 2)], "the city of 2 tiles and the City");
}

/// Seeded games of random bots put followers into the City and take them
/// out before and at the end of scoring, and replay to their scores.
#[test]
fn seeded_games_move_followers_through_the_city() {
    let (mut into, mut out_before, mut out_end) = (0, 0, 0);
    for seed in 0..20 {
        let rec = carcassonne_runtime::bots::play_recorded(
            rules(),
            3,
            seed,
            &["random", "random", "random"],
            |before, a, _, _| match (before.pending().unwrap().decision.key(), a.name()) {
                ("into-city", n) if n != "pass" => into += 1,
                ("from-city", "from-city") => out_before += 1,
                ("city-final", "from-city") => out_end += 1,
                _ => {}
            },
        )
        .unwrap();
        let r = carcassonne_runtime::record::replay(&rec, rules(), false).unwrap();
        assert_eq!(
            r.game.scores(),
            &rec.final_.as_ref().unwrap().scores[..],
            "seed {seed}"
        );
    }
    eprintln!("into {into}, out before scoring {out_before}, out at the end {out_end}");
    assert!(into > 0 && out_before > 0 && out_end > 0);
}

/// The end rounds are answered inside the last placer's entry, whoever
/// answers (fn 27 L2166: from the last placer's left): an answer by another
/// player names them, and replay reads an answer naming no one as the entry
/// player's (the record contract), so such a record replays only if it
/// names them.
#[test]
fn end_round_answers_name_their_player_fn27() {
    let mut named = 0;
    for seed in 0..60 {
        let rec = carcassonne_runtime::bots::play_recorded(
            rules(),
            4,
            seed,
            &["random", "random", "random", "random"],
            |_, _, _, _| {},
        )
        .unwrap();
        let last = rec.turns.last().unwrap();
        for a in last.actions.iter().flatten() {
            if a.do_ == "from-city" {
                assert!(
                    a.player.is_none_or(|p| p != last.player),
                    "seed {seed}: the entry's own player is named"
                );
                named += usize::from(a.player.is_some());
            }
        }
        carcassonne_runtime::record::replay(&rec, rules(), false)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    assert!(named > 0, "some end round answered by another player");
}

/// Bad answers are refused with a clear error and change nothing: a figure
/// the player lacks or that may not go to that quarter (L1962, fn 9, fn
/// 17), the Count moved unasked, a follower sent to a feature its quarter
/// does not serve (L1969-L1972), a pass where the end rounds compel a move
/// (fn 27).
#[test]
fn misuse_is_refused_and_changes_nothing_l1962_l1969_fn27() {
    let refused = |g: &Game, a: Action| {
        let mut copy = g.clone();
        let e = copy.apply_action(a, &mut Vec::new()).unwrap_err();
        assert_eq!(&copy, g, "{a:?} changed the game");
        e.to_string()
    };
    let mut g = city_game(rules(), 3);
    p0_completes_p1s_road(&mut g);
    let e = refused(&g, verb("to-castle-mayor"));
    assert!(e.contains("mayor only to the castle"), "{e}");
    let e = refused(&g, verb("to-market-wagon"));
    assert!(e.contains("wagon not to the market"), "{e}");
    assert!(refused(&g, verb("count-market")).contains("City"));
    act(&mut g, verb("to-blacksmith"));
    act(&mut g, verb("count-castle"));
    // Outside any question of the City: not now.
    assert!(!refused(&g, verb("to-market")).is_empty());
    // P1 closes a road of P2's: P0 is asked, and may not send its
    // blacksmith follower to the City's east city, nor a figure it lacks.
    let r = g.rules();
    play(
        &mut g,
        2,
        "U",
        at(-3, -1, 0),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    place(&mut g, 1, "A", at(-4, -1, 3));
    act(&mut g, Action::Pass);
    let (s, _) = spots(&g, "from-city")[0];
    let wrong = carcassonne_runtime::engine::Spot {
        segment: s.segment + 1,
        ..s
    };
    let e = refused(&g, Action::verb("from-city", Arg::Spot(wrong)));
    assert!(e.contains("matching the feature"), "{e}");
    let big = carcassonne_runtime::engine::Spot {
        kind: FollowerKind::Big,
        ..s
    };
    refused(&g, Action::verb("from-city", Arg::Spot(big)));
    act(&mut g, Action::Pass);
    // P1 made P2 score and scored nothing: P1 may put one in, and does not.
    assert_eq!(decision_key(&g), Some("into-city"));
    act(&mut g, Action::Pass);
    // The end round: P0 must move its follower, to the one open road
    // (CO/4's): a move with one answer is made at once.
    g.force_tiles_out(&mut Vec::new()).unwrap();
    assert!(g.is_over());
    assert_eq!(city(&g, 0, "blacksmith"), 0);
}

/// 003_f0943165331a7fee.txt L94, Example 1: "You (Red player) complete
/// this city. Blue scores 4 points and you score none. You decide to place
/// a meeple in the cathedral in Carcassonne."
#[test]
fn example_1_red_completes_blues_city_s3_l94() {
    let mut g = city_game(rules(), 2);
    let r = g.rules();
    // Blue (P1): a city below the City's CO/10, a knight on it.
    play(
        &mut g,
        1,
        "E",
        at(-1, 2, 2),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    // Red (P0) closes it.
    let events = play(&mut g, 0, "E", at(-1, 3, 0), Action::Pass);
    assert_eq!(
        events
            .iter()
            .map(|e| (e.player, e.points))
            .collect::<Vec<_>>(),
        vec![(1, 4)]
    );
    assert_eq!(decision_key(&g), Some("into-city"));
    act(&mut g, verb("to-cathedral"));
    assert_eq!(city(&g, 0, "cathedral"), 1);
    act(&mut g, verb("count-castle"));
}

/// 003_f0943165331a7fee.txt L114, Example 2: "You complete the road. Blue
/// decides not to remove any meeples from the blacksmith. You remove 2
/// meeples and place them on the road, giving you control. You gain 3
/// points and Blue gains none." (Each player may send "all, any, or none"
/// of their followers, L1979.)
#[test]
fn example_2_two_followers_from_the_blacksmith_take_the_road_s3_l114() {
    let mut g = city_game(rules(), 2);
    // Red (P0) puts a follower in the blacksmith's quarter twice, each time
    // closing a road of Blue's (P1) and scoring nothing.
    p0_in_blacksmith(&mut g);
    let r = g.rules();
    play(
        &mut g,
        1,
        "U",
        at(-3, -1, 0),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    place(&mut g, 0, "A", at(-4, -1, 3));
    act(&mut g, Action::Pass); // no monk
    assert_eq!(decision_key(&g), Some("from-city"));
    act(&mut g, Action::Pass); // Red keeps its follower in the City
    assert_eq!(decision_key(&g), Some("into-city"));
    act(&mut g, verb("to-blacksmith"));
    act(&mut g, verb("count-castle"));
    assert_eq!(city(&g, 0, "blacksmith"), 2);
    // Blue's road north of the City's CO/4; Red closes it.
    play(
        &mut g,
        1,
        "U",
        at(1, -2, 1),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    place(&mut g, 0, "W", at(1, -3, 0));
    act(&mut g, Action::Pass);
    // Blue has nobody in the City (answered at once); Red sends two.
    assert_eq!(decision_key(&g), Some("from-city"));
    let first = spots(&g, "from-city")[0].1;
    act(&mut g, first);
    let second = spots(&g, "from-city")[0].1;
    act(&mut g, second);
    // None left: the round ends without asking, and the road scores.
    assert_eq!(city(&g, 0, "blacksmith"), 0);
    assert!(g.is_over() || g.pending().unwrap().decision == Decision::Place);
    let scores = g.scores().to_vec();
    assert_eq!(
        scores[0], 3,
        "Red: 2 followers against 1 on a road of 3 tiles"
    );
    assert_eq!(scores[1], 6, "Blue: only the two earlier roads");
}

/// The original rules ask for a completed road, city or cloister (fn 7
/// L2148, `count_trigger = "completion"`): closing another's road still
/// lets the placer put a follower in.
#[test]
fn the_original_trigger_is_a_completion_fn7() {
    let original = with_option(rules(), "count_trigger", 1);
    let mut g = city_game(original, 3);
    p0_completes_p1s_road(&mut g);
    assert_eq!(decision_key(&g), Some("into-city"));
}

/// "A follower can be moved from Carcassonne to a farm with a barn. The
/// farmer will be scored immediately" (fn 25 L2168); "Placing of a barn,
/// and the subsequent scoring of the farm, does count as an opportunity
/// ... immediately after the placement of the barn, and before the farmers
/// are scored" (fn 26 L2169). With every 1st-edition set: P0 puts a
/// follower into the market, then places a barn north of the City; P0's
/// market follower goes onto the barn's farm and scores 3 for the City (a
/// completed city for farms, fn 1 L2142), then goes home.
#[test]
fn a_market_follower_goes_to_a_farm_a_barn_scores_fn25_fn26_l2168() {
    let r = everything();
    let mut g = city_game(r, 2);
    p0_completes_p1s_road(&mut g);
    assert_eq!(decision_key(&g), Some("into-city"));
    act(&mut g, verb("to-market"));
    act(&mut g, verb("count-blacksmith"));
    assert_eq!(city(&g, 0, "market"), 1);
    // Fields all round north of the City's CO/2 and CO/3.
    play(&mut g, 1, "B", at(-1, -2, 0), Action::Pass);
    place(&mut g, 0, "B", at(0, -2, 0));
    let supply = g.supply(0);
    // The barn on the south-west corner, where B, B, CO/2 and CO/3 meet.
    act(&mut g, Action::verb("barn", Arg::Corner(3)));
    assert_eq!(
        decision_key(&g),
        Some("from-city"),
        "before the farm scores"
    );
    // P1 has nothing in the City: only P0 is asked, and may send the
    // market's follower onto the barn's farm.
    assert_eq!(
        g.pending().unwrap().actor,
        carcassonne_runtime::engine::Actor::Player(0)
    );
    let send = spots(&g, "from-city");
    assert_eq!(send.len(), 1, "{send:?}");
    assert_eq!(kind_of(&g, send[0].0), Kind::Field);
    let events = act(&mut g, send[0].1);
    let barn: Vec<_> = events
        .iter()
        .filter(|e| e.reason == Reason::Barn)
        .map(|e| (e.player, e.points))
        .collect();
    assert_eq!(
        barn,
        [(0, 3)],
        "3 per completed city on placing the barn (L1784): {events:?}"
    );
    assert_eq!(city(&g, 0, "market"), 0);
    assert_eq!(
        g.supply(0),
        supply + 1,
        "out of the City, scored, then home (fn 25)"
    );
}

/// With the dragon: a dragon tile that completes a road. The dragon's move
/// comes at once after the figure step, six steps in a row, each by the
/// next player (The Princess & the Dragon, L1110-L1112); the sends out of
/// the City come "before scoring", one round from the placer's left
/// (L1966, L1977): every dragon step is asked before the first send.
#[test]
fn the_dragon_moves_in_full_before_the_sends_out_of_the_city_l1977_l1110() {
    let r = everything();
    let mut g = city_game(r, 2);
    p0_completes_p1s_road(&mut g);
    act(&mut g, verb("to-blacksmith"));
    act(&mut g, verb("count-market"));
    // The volcano north of CO/2: the dragon comes into play there.
    play(&mut g, 1, "DG/F.v", at(-1, -2, 0), Action::Pass);
    // A dragon tile north of CO/4 closes its road with a junction.
    place(&mut g, 1, "DG/RRR.d", at(1, -2, 0));
    act(&mut g, Action::Pass);
    let mut asked = Vec::new();
    while let Some(key) = decision_key(&g) {
        asked.push(key);
        let a = if key == "from-city" {
            spots(&g, "from-city")[0].1
        } else {
            g.legal_actions()[0]
        };
        act(&mut g, a);
    }
    let first_send = asked.iter().position(|&k| k == "from-city");
    let last_step = asked.iter().rposition(|&k| k == "dragon");
    assert!(first_send.is_some() && last_step.is_some(), "{asked:?}");
    assert!(
        last_step < first_send,
        "a send came amid the dragon's move: {asked:?}"
    );
}
