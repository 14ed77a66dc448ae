//! The Mage and the Witch in scripted games through the action API
//! (004_e9353f116722cd5d.txt L127-L148; docs/rules/mage-witch.md). Tests
//! are named for the seed line they play. The start tile D lies at (0, 0):
//! its city faces north, its road runs west-east.

use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, Decision, Deploy, FollowerKind, Game, Reason, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};
use serde_json::json;

mod support;
use support::bot_games::{bot_games, MIXED};
use support::{at, cell, figure, kind_of, on_d, pending, place, spots, state};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_mage_witch").unwrap()
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

fn points(events: &[ScoreEvent], reason: Reason) -> Vec<(u8, u32)> {
    let mut v: Vec<(u8, u32)> = events
        .iter()
        .filter(|e| e.reason == reason)
        .map(|e| (e.player, e.points))
        .collect();
    v.sort();
    v
}

/// The answer that puts figure `who` (`mage` or `witch`) on the `kind`
/// feature of the tile at (x, y): the first such segment listed.
fn onto(g: &Game, who: &str, x: i16, y: i16, kind: Kind) -> Action {
    spots(g, who)
        .into_iter()
        .find(|&(s, _)| cell(g, s) == (x, y) && kind_of(g, s) == kind)
        .unwrap_or_else(|| panic!("no `{who}` onto the {kind:?} at ({x}, {y})"))
        .1
}

/// `onto`, answered.
fn put(g: &mut Game, who: &str, x: i16, y: i16, kind: Kind) {
    let a = onto(g, who, x, y, kind);
    act(g, a);
}

/// Where figure `who` stands: (x, y, feature), or `None` off the board.
fn stands(g: &Game, who: &str) -> Option<(i64, i64, String)> {
    let s = state(g);
    let v = &s[who];
    (!v.is_null()).then(|| {
        (
            v["x"].as_i64().unwrap(),
            v["y"].as_i64().unwrap(),
            v["feature"].as_str().unwrap().to_string(),
        )
    })
}

/// L139: after a mage-symbol tile is placed, the player must place the mage
/// or the witch before the figure step (no follower, no pass first), on an
/// incomplete road or city anywhere on the board. L145: a completed road
/// with the mage gives 1 point more per tile; L148: the mage then leaves.
#[test]
fn the_mage_on_a_road_adds_a_point_per_tile_then_leaves_l139_l145_l148() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 1, "U", at(-1, 0, 0));
    act(&mut g, figure(rules, "U", Kind::Road, FollowerKind::Normal));
    // The mage tile at (1, 0): its west road ends D's road at a crossing.
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    assert_eq!(
        pending(&g),
        (Actor::Player(0), Decision::named("mage-witch"))
    );
    let legal = g.legal_actions();
    assert!(!legal.contains(&Action::Pass), "the figure step waits");
    assert!(g.apply_action(Action::Pass, &mut Vec::new()).is_err());
    // Anywhere: D's city and road, the new tile's city and roads; never a
    // field, never a cloister.
    for who in ["mage", "witch"] {
        let kinds: Vec<Kind> = spots(&g, who)
            .iter()
            .map(|&(s, _)| kind_of(&g, s))
            .collect();
        assert!(kinds.iter().all(|k| matches!(k, Kind::Road | Kind::City)));
        assert!(spots(&g, who).iter().any(|&(s, _)| cell(&g, s) == (0, 0)));
    }
    // Another player may not answer for P0.
    let road = onto(&g, "mage", 0, 0, Kind::Road);
    assert!(matches!(
        g.apply_action_by(1, road, &mut Vec::new()),
        Err(ActionError::WrongPlayer { .. })
    ));
    act(&mut g, road);
    assert_eq!(stands(&g, "mage"), Some((0, 0, "road".into())));
    assert_eq!(stands(&g, "witch"), None);
    assert_eq!(pending(&g), (Actor::Player(0), Decision::Wood));
    act(&mut g, Action::Pass);
    // A (road east) at (-2, 0) closes the road: A, U, D and the mage tile,
    // 4 tiles: 4 points and 4 from the mage.
    place(&mut g, 1, "A", at(-2, 0, 3));
    let ev = act(&mut g, Action::Pass);
    assert_eq!(points(&ev, Reason::Completed), vec![(1, 8)]);
    assert_eq!(stands(&g, "mage"), None, "L148: it leaves after scoring");
    assert_eq!(state(&g)["mage_witch_scored"], json!([1, 0]));
}

/// L146: the witch halves the road's points, rounding up: 3 tiles, 2 points.
#[test]
fn the_witch_halves_an_odd_score_rounding_up_l146() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    put(&mut g, "witch", 0, 0, Kind::Road);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "A", at(-1, 0, 3));
    let ev = act(&mut g, figure(rules, "A", Kind::Road, FollowerKind::Normal));
    assert_eq!(points(&ev, Reason::Completed), vec![(1, 2)]);
    assert_eq!(stands(&g, "witch"), None, "L148");
    assert_eq!(state(&g)["mage_witch_scored"], json!([0, 1]));
}

/// L145 as published (docs/rules/mage-witch.md): the mage adds 1 per tile
/// of a completed city and nothing for its pennants; `mage_pennants =
/// "one"` adds 1 per pennant too (a reading of the garbled parenthesis).
#[test]
fn the_mage_in_a_city_adds_a_point_per_tile_not_per_pennant_l145() {
    for (option, expect) in [(0, 11), (1, 12)] {
        let rules = support::with_option(rules(), "mage_pennants", option);
        let mut g = on_d(rules, 2);
        place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
        put(&mut g, "mage", 0, 0, Kind::City);
        act(&mut g, Action::Pass);
        // F (a city with a pennant) turned north-south, then E closes it:
        // D, F and E, 3 tiles and a pennant, 8 points, and 3 from the mage.
        place(&mut g, 1, "F", at(0, -1, 1));
        act(&mut g, figure(rules, "F", Kind::City, FollowerKind::Normal));
        place(&mut g, 0, "E", at(0, -2, 2));
        let ev = act(&mut g, Action::Pass);
        assert_eq!(
            points(&ev, Reason::Completed),
            vec![(1, expect)],
            "mage_pennants = {option}"
        );
    }
}

/// The mage at D's city, the witch at the mage tile's city (1, 0): a tile
/// at (1, -1) joins and completes the two cities.
fn joined_by_a_tile() -> Game {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    put(&mut g, "mage", 0, 0, Kind::City);
    act(&mut g, Action::Pass);
    // The second mage symbol: two city caps east and west at (0, 1).
    place(&mut g, 1, "MW/CFC", at(0, 1, 1));
    // The mage may move, or the witch come: never onto the mage's city.
    assert!(!spots(&g, "witch")
        .iter()
        .any(|&(s, _)| cell(&g, s) == (0, 0) && kind_of(&g, s) == Kind::City));
    assert!(!spots(&g, "mage")
        .iter()
        .any(|&(s, _)| cell(&g, s) == (0, 0) && kind_of(&g, s) == Kind::City));
    put(&mut g, "witch", 1, 0, Kind::City);
    act(&mut g, Action::Pass);
    // N turned south-east at (0, -1) grows the mage's city: no question.
    place(&mut g, 0, "N", at(0, -1, 2));
    assert_eq!(pending(&g), (Actor::Player(0), Decision::Wood));
    act(&mut g, Action::Pass);
    // N turned west-south at (1, -1) joins both cities and closes them.
    place(&mut g, 1, "N", at(1, -1, 3));
    g
}

/// L141: a tile that joins the mage's feature with the witch's makes its
/// player move one of them (anywhere but that feature), even without a
/// mage symbol; the tile completes the city, so the move comes before the
/// scoring: moving the witch away leaves the mage's +4, moving the mage
/// away leaves the witch's halving.
#[test]
fn a_tile_joining_their_features_moves_one_before_scoring_l141() {
    let rules = rules();
    for (moved, expect) in [("witch", 12), ("mage", 4)] {
        let mut g = joined_by_a_tile();
        assert_eq!(
            pending(&g),
            (Actor::Player(1), Decision::named("mage-witch"))
        );
        for who in ["mage", "witch"] {
            assert!(
                !spots(&g, who)
                    .iter()
                    .any(|&(s, _)| cell(&g, s) == (0, 0) && kind_of(&g, s) == Kind::City),
                "{who}: never within the joined city"
            );
        }
        // To a cap of the tile at (0, 1).
        put(&mut g, moved, 0, 1, Kind::City);
        assert_eq!(stands(&g, moved), Some((0, 1, "city".into())));
        // The knight on the closing tile: D, N, N and the mage tile, 4
        // tiles, 8 points.
        let ev = act(&mut g, figure(rules, "N", Kind::City, FollowerKind::Normal));
        assert_eq!(
            points(&ev, Reason::Completed),
            vec![(1, expect)],
            "{moved} moved"
        );
        let stayed = if moved == "mage" { "witch" } else { "mage" };
        assert_eq!(stands(&g, stayed), None, "L148: {stayed} scored");
        assert_eq!(stands(&g, moved), Some((0, 1, "city".into())));
    }
}

/// From an empty table: P0's mage tile MW/CccR.1 at (0, 0) with the mage
/// on its city (open north, east and west); A closes its road, two
/// cloisters lead round to (2, 0).
fn a_city_alone() -> Game {
    let rules = rules();
    let mut g = Game::new_scripted(rules, 2, &[]).unwrap();
    place(&mut g, 0, "MW/CccR.1", at(0, 0, 0));
    put(&mut g, "mage", 0, 0, Kind::City);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "A", at(0, 1, 2));
    act(&mut g, Action::Pass);
    place(&mut g, 0, "B", at(1, 1, 0));
    act(&mut g, Action::Pass);
    place(&mut g, 1, "B", at(2, 1, 0));
    act(&mut g, Action::Pass);
    g
}

/// L141: "If this is impossible ... the figure is removed": the mage
/// stands on the only incomplete city and no road is open, so the witch
/// has nowhere to go and the mage nowhere to move; the mage leaves the
/// board without a question, and the figure step follows.
#[test]
fn the_figure_leaves_when_no_road_or_city_is_free_l141() {
    let mut g = a_city_alone();
    // A city cap at (2, 0) facing west.
    place(&mut g, 0, "E", at(2, 0, 3));
    act(&mut g, Action::Pass);
    // The caps tile between: its west cap joins the mage's city, its east
    // cap closes the cap at (2, 0). Only the mage's city is open.
    place(&mut g, 1, "MW/CFC", at(1, 0, 1));
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Wood));
    assert_eq!(stands(&g, "mage"), None);
    assert_eq!(state(&g)["mage_witch_nowhere"], json!([1, 0]));
}

/// L141 when both figures are on the board and a tile joins their cities
/// with nothing else open: one must go, the player's choice; the mage
/// stays and later adds its 1 per tile (5 tiles: 10 + 5).
#[test]
fn with_both_on_the_board_and_nowhere_to_go_the_player_takes_one_off_l141() {
    let rules = rules();
    let mut g = a_city_alone();
    // The caps tile at (2, 0): the witch on its west cap.
    place(&mut g, 0, "MW/CFC", at(2, 0, 1));
    // Its printed south cap (segment 1), turned to face west, towards (1, 0).
    let (_, west) = spots(&g, "witch")
        .into_iter()
        .find(|&(s, _)| cell(&g, s) == (2, 0) && s.segment == 1)
        .unwrap();
    act(&mut g, west);
    let west = state(&g)["witch"]["ports"].clone();
    assert!(west.to_string().contains('W'), "{west}");
    act(&mut g, Action::Pass);
    // E at (3, 0) closes its east cap.
    place(&mut g, 1, "E", at(3, 0, 3));
    act(&mut g, Action::Pass);
    // G, a city running west-east, joins the mage's city with the witch's.
    place(&mut g, 0, "G", at(1, 0, 0));
    assert_eq!(
        pending(&g),
        (Actor::Player(0), Decision::named("magic-off"))
    );
    let off = |f: u8| Action::verb("magic-off", Arg::Word(f));
    assert_eq!(g.legal_actions(), vec![off(0), off(1)]);
    act(&mut g, off(1));
    assert_eq!(stands(&g, "witch"), None);
    assert_eq!(stands(&g, "mage"), Some((0, 0, "city".into())));
    assert_eq!(state(&g)["mage_witch_nowhere"], json!([0, 1]));
    act(&mut g, Action::Pass);
    // Two caps close the city: MW/CccR.1, G, MW/CFC and the two E's.
    place(&mut g, 1, "E", at(0, -1, 2));
    act(&mut g, Action::Pass);
    place(&mut g, 0, "E", at(-1, 0, 1));
    let ev = act(&mut g, figure(rules, "E", Kind::City, FollowerKind::Normal));
    assert_eq!(points(&ev, Reason::Completed), vec![(0, 15)]);
}

/// L148: at the end the mage and the witch count as during the game: the
/// mage's incomplete road (3 tiles) scores 3 + 3, the witch's incomplete
/// city (2 tiles) 1.
#[test]
fn at_the_end_they_count_as_during_the_game_l148() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    put(&mut g, "mage", 0, 0, Kind::Road);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "U", at(-1, 0, 0));
    act(&mut g, figure(rules, "U", Kind::Road, FollowerKind::Normal));
    place(&mut g, 0, "MW/CFC", at(0, 1, 1));
    put(&mut g, "witch", 0, 0, Kind::City);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "N", at(0, -1, 2));
    act(&mut g, figure(rules, "N", Kind::City, FollowerKind::Normal));
    let ev = g.finish();
    assert_eq!(points(&ev, Reason::Final), vec![(1, 1), (1, 6)]);
}

/// L139: the answers are checked: a field, the other figure's feature, a
/// complete feature, or a figure off the list are refused and change
/// nothing; JSON answers name the target as a follower's would.
#[test]
fn bad_answers_are_refused_and_change_nothing_l139() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    put(&mut g, "mage", 0, 0, Kind::City);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "MW/CFC", at(0, 1, 1));
    let before = g.clone();
    let mage = spots(&g, "mage")[0].0;
    let mut field = mage;
    field.placed = 0;
    field.segment = support::seg(rules, "D", Kind::Field);
    let mut mages_city = field;
    mages_city.segment = support::seg(rules, "D", Kind::City);
    for bad in [
        Action::verb("witch", Arg::Spot(field)),
        Action::verb("witch", Arg::Spot(mages_city)),
        Action::verb("magic-off", Arg::Word(0)),
        Action::verb("magic-off", Arg::Word(7)),
        Action::Pass,
    ] {
        assert!(g.apply_action(bad, &mut Vec::new()).is_err(), "{bad:?}");
    }
    assert!(g == before);
    // The protocol's form of an answer, and back.
    let a = onto(&g, "witch", 1, 0, Kind::City);
    let j = carcassonne_runtime::action_json::to_json(&g, a);
    assert_eq!(j.do_, "witch");
    assert_eq!(
        carcassonne_runtime::action_json::from_json(&g, &j).unwrap(),
        a
    );
}

/// Seeded games of `rules` with random and greedy bots, each replayed from
/// its record and from the record alone (no seed): the sums of the
/// module's tallies over the games, by key.
fn seeded_games(rules: &'static Ruleset, seeds: std::ops::Range<u64>) -> serde_json::Value {
    let keys = [
        "mage_witch_moves",
        "mage_witch_scored",
        "mage_witch_nowhere",
        "mage_witch_eaten",
    ];
    let mut answers = 0u64;
    let games = bot_games(rules, seeds, 4, MIXED, |_, a| {
        answers += u64::from(matches!(a.name(), "mage" | "witch"))
    });
    let mut sums = [0u64; 4];
    for b in &games {
        for (k, key) in keys.iter().enumerate() {
            sums[k] += state(&b.game)[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_u64().unwrap())
                .sum::<u64>();
        }
    }
    assert_eq!(answers, sums[0], "every placement or move is an answer");
    json!({
        "moves": sums[0],
        "scored": sums[1],
        "nowhere": sums[2],
        "eaten": sums[3],
    })
}

/// Seeded games of base_mage_witch: the mage and the witch are placed and
/// moved and change scores (L139-L148), and each game replays from its
/// record, and from the record alone.
#[test]
fn seeded_bot_games_place_the_mage_and_witch_and_replay_from_the_record_alone_l139_l148() {
    let t = seeded_games(rules(), 0..24);
    eprintln!("base_mage_witch, 24 games: {t}");
    assert!(
        t["moves"].as_u64() > Some(0) && t["scored"].as_u64() > Some(0),
        "{t}"
    );
}

/// Seeded games with inns, cathedrals and the dragon: the dragon eats the
/// mage or the witch in some (000_… L1125), and they replay.
#[test]
fn seeded_bot_games_with_the_dragon_eat_the_mage_or_witch_and_replay_l1125() {
    let t = seeded_games(mix(), 0..24);
    eprintln!("base_mage_witch_inns_dragon, 24 games: {t}");
    assert!(t["scored"].as_u64() > Some(0), "{t}");
    assert!(t["eaten"].as_u64() > Some(0), "{t}");
}

/// The mage with Inns & Cathedrals and The Princess & the Dragon.
fn mix() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_mage_witch_inns_dragon").unwrap()
}

/// The published order (docs/rules/mage-witch.md): the inn doubles the
/// road first, then the witch halves it: 3 tiles, 6, then 3 (halving
/// first would give 4).
#[test]
fn the_witch_halves_a_road_after_its_inn_doubles_it() {
    let rules = mix();
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    put(&mut g, "witch", 0, 0, Kind::Road);
    act(&mut g, Action::Pass);
    // The inn's road ends at (-1, 0) and closes D's road.
    place(&mut g, 1, "IC/RRR.i", at(-1, 0, 0));
    let ev = act(&mut g, Action::Pass);
    assert!(points(&ev, Reason::Completed).is_empty(), "nobody on it");
    assert_eq!(stands(&g, "witch"), None, "it leaves, nobody scoring");
    // Again with P1's follower on the inn's road.
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    put(&mut g, "witch", 0, 0, Kind::Road);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "IC/RRR.i", at(-1, 0, 0));
    let ev = act(
        &mut g,
        figure(rules, "IC/RRR.i", Kind::Road, FollowerKind::Normal),
    );
    assert_eq!(points(&ev, Reason::Completed), vec![(1, 3)]);
}

/// L148 with an inn: an unfinished road with an inn is worth nothing at
/// the end (000_… L712), and the mage still gives its 1 per tile (the
/// published rule).
#[test]
fn the_mage_gives_its_point_per_tile_to_an_unfinished_inn_road_at_the_end_l148() {
    let rules = mix();
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    put(&mut g, "mage", 0, 0, Kind::Road);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "IC/RFr.i", at(-1, 0, 0));
    act(
        &mut g,
        figure(rules, "IC/RFr.i", Kind::Road, FollowerKind::Normal),
    );
    let ev = g.finish();
    assert_eq!(points(&ev, Reason::Final), vec![(1, 3)]);
}

/// 000_… L1125: the dragon's meal plan lists the mage and the witch: the
/// dragon entering the mage's tile eats it, and it waits off the board;
/// before March 2015 (fn 14 L1356, `mage_witch_dragon = "spared"`) it
/// stays. The witch, elsewhere, stays.
#[test]
fn the_dragon_eats_the_mage_l1125_fn14_l1356() {
    let step = |d: u8| Action::verb("dragon", Arg::Dir(d));
    for (option, eaten) in [(0, true), (1, false)] {
        let rules = support::with_option(mix(), "mage_witch_dragon", option);
        let mut g = on_d(rules, 2);
        place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
        put(&mut g, "mage", 0, 0, Kind::Road);
        act(&mut g, Action::Pass);
        // The volcano south of D: the dragon lands there.
        place(&mut g, 1, "DG/F.v", at(0, 1, 0));
        act(&mut g, Action::Pass);
        // A mage symbol beside the volcano: the witch onto one of its caps.
        place(&mut g, 0, "MW/CFC", at(-1, 1, 0));
        put(&mut g, "witch", -1, 1, Kind::City);
        act(&mut g, Action::Pass);
        // A dragon tile: the dragon moves, the first step north onto D.
        place(&mut g, 1, "DG/C.d", at(0, -1, 2));
        act(&mut g, Action::Pass);
        act(&mut g, step(support::N));
        assert_eq!(
            stands(&g, "mage").is_none(),
            eaten,
            "mage_witch_dragon = {option}"
        );
        assert_eq!(state(&g)["mage_witch_eaten"], json!([u16::from(eaten), 0]));
        assert!(stands(&g, "witch").is_some(), "not on the dragon's way");
    }
}

/// base_mage_witch with more modules of the everything rulesets.
fn with_mechs(more: &[carcassonne_runtime::mechanics::Mech]) -> &'static Ruleset {
    support::with_mechs(rules(), more)
}

/// L141 with a bridge (000_9deb58b1a7d17d38.txt L2473, L2478): the mage on
/// D's road west and the witch on the road east both lead to (0, 1); B
/// placed there only through its own bridge joins and completes them, so
/// after the figure step its player moves one of them, before the
/// scoring: P1's follower on the bridge scores the 6 tiles with the mage
/// (+6) once the witch has moved away.
#[test]
fn a_bridge_joining_their_roads_moves_one_before_scoring_l141_l2478() {
    use carcassonne_runtime::mechanics::Mech;
    let rules = with_mechs(&[Mech::Bridges]);
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    put(&mut g, "mage", 0, 0, Kind::Road);
    act(&mut g, Action::Pass);
    for (p, x, y, rotation) in [(1, 1, 1, 1), (0, -1, 0, 3), (1, -1, 1, 2)] {
        place(&mut g, p, "V", at(x, y, rotation));
        act(&mut g, Action::Pass);
    }
    // The witch onto the road east, from a mage tile closing D's city.
    place(&mut g, 0, "MW/CFC", at(0, -1, 0));
    put(&mut g, "witch", 1, 1, Kind::Road);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "B", at(0, 1, 0));
    let bridge: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| a.name() == "bridge")
        .collect();
    assert_eq!(bridge.len(), 1, "the bridge across B");
    act(&mut g, bridge[0]);
    let on_bridge = Action::Deploy(Deploy {
        segment: rules.tiles[support::tile(rules, "B") as usize]
            .segments
            .len() as u8,
        kind: FollowerKind::Normal,
    });
    let ev = act(&mut g, on_bridge);
    assert!(ev.is_empty(), "nothing scores before the move");
    assert_eq!(
        pending(&g),
        (Actor::Player(1), Decision::named("mage-witch"))
    );
    let away = onto(&g, "witch", 0, -1, Kind::City);
    let ev = act(&mut g, away);
    // MW's stub, D, V, V, B's bridge, V: 6 tiles, and the mage's 6.
    assert_eq!(points(&ev, Reason::Completed), vec![(1, 12)]);
    let scored = state(&g)["mage_witch_scored"].clone();
    assert_eq!(scored, json!([1, 0]), "the mage's road scored");
    assert_eq!(stands(&g, "mage"), None, "L148");
    assert_eq!(stands(&g, "witch"), Some((0, -1, "city".into())));
}

/// A town its occupier turns into a castle (000_9deb58b1a7d17d38.txt
/// L2489) is no city any more (fn 21 L2164): the mage on it leaves.
#[test]
fn the_mage_leaves_a_town_turned_into_a_castle_l2489() {
    use carcassonne_runtime::mechanics::Mech;
    let rules = with_mechs(&[Mech::Castles]);
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "MW/CRRR.3", at(1, 0, 0));
    put(&mut g, "mage", 0, 0, Kind::City);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "E", at(0, -1, 2));
    let ev = act(&mut g, figure(rules, "E", Kind::City, FollowerKind::Normal));
    assert!(ev.is_empty());
    assert_eq!(pending(&g), (Actor::Player(1), Decision::named("castle")));
    assert_eq!(stands(&g, "mage"), Some((0, 0, "city".into())));
    let ev = act(&mut g, Action::verb("castle", Arg::None));
    assert!(ev.is_empty(), "a castle scores nothing when built");
    assert_eq!(stands(&g, "mage"), None);
}
