//! Traders & Builders (000_9deb58b1a7d17d38.txt L779-L1013) played through
//! the action API in scripted games: the tiles are forced, the players'
//! answers are the test's. Each test names the seed line it checks.

use carcassonne_runtime::engine::{
    Action, ActionError, Arg, Decision, Deploy, FollowerKind, Game, MoveError, Placement, Reason,
    ScoreEvent,
};
use carcassonne_runtime::tables::{option_index, Kind, Ruleset};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_traders_builders").unwrap()
}

fn tile(rules: &Ruleset, id: &str) -> u16 {
    rules
        .tile_index(id)
        .unwrap_or_else(|| panic!("no tile {id}")) as u16
}

/// The first segment of `kind` on tile `id`.
fn seg(rules: &Ruleset, id: &str, kind: Kind) -> u8 {
    let t = &rules.tiles[tile(rules, id) as usize];
    t.segments.iter().position(|s| s.kind == kind).unwrap() as u8
}

fn at(x: i16, y: i16, rotation: u8) -> Placement {
    Placement { x, y, rotation }
}

/// A two-player scripted game from the base start tile D at (0, 0).
fn game(rules: &'static Ruleset) -> Game {
    Game::new_scripted(rules, 2, &[(tile(rules, "D"), at(0, 0, 0))]).unwrap()
}

/// One part: `player` draws `id`, places it at `p`, then answers `wood`.
fn part(g: &mut Game, player: u8, id: &str, p: Placement, wood: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    if g.part() == 1 {
        g.force_player(player).unwrap();
    }
    g.force_draw(tile(g.rules(), id)).unwrap();
    g.apply_action(Action::Place(p), &mut ev).unwrap();
    assert_eq!(g.pending().unwrap().decision, Decision::Wood);
    g.apply_action(wood, &mut ev).unwrap();
    ev
}

fn deploy(rules: &Ruleset, id: &str, kind: Kind, figure: FollowerKind) -> Action {
    Action::Deploy(Deploy {
        segment: seg(rules, id, kind),
        kind: figure,
    })
}

/// P0's thief on the road of U east of the start, then the builder on the
/// next U along it: the road now holds both.
fn builder_on_road(g: &mut Game) {
    let r = g.rules();
    part(
        g,
        0,
        "U",
        at(1, 0, 0),
        deploy(r, "U", Kind::Road, FollowerKind::Normal),
    );
    part(g, 1, "B", at(0, 1, 0), Action::Pass);
    part(
        g,
        0,
        "U",
        at(2, 0, 0),
        deploy(r, "U", Kind::Road, FollowerKind::Builder),
    );
    part(g, 1, "B", at(0, 2, 0), Action::Pass);
}

#[test]
fn builder_extension_gives_a_second_part_l872() {
    let r = rules();
    let mut g = game(r);
    builder_on_road(&mut g);
    assert_eq!(g.figures(0, FollowerKind::Builder), 0);
    // Extending the builder's road: "they may take a double turn" (L872, fn 8).
    part(&mut g, 0, "U", at(3, 0, 0), Action::Pass);
    let p = g.pending().unwrap();
    assert_eq!(p.decision, Decision::named("second-tile"));
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::verb("second-tile", Arg::Bool(true)),
            Action::verb("second-tile", Arg::Bool(false))
        ]
    );
    g.apply_action(
        Action::verb("second-tile", Arg::Bool(true)),
        &mut Vec::new(),
    )
    .unwrap();
    // Part 2: the same player draws and places again.
    assert_eq!((g.to_move(), g.part()), (0, 2));
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    // It extends the road again: no third tile (L884 "no chain reaction").
    part(&mut g, 0, "U", at(-1, 0, 0), Action::Pass);
    assert_eq!((g.to_move(), g.part()), (1, 1));
    assert_eq!(g.turn(), 5);
}

#[test]
fn second_part_may_be_declined_fn8_l1003() {
    let r = rules();
    let mut g = game(r);
    builder_on_road(&mut g);
    part(&mut g, 0, "U", at(3, 0, 0), Action::Pass);
    g.apply_action(
        Action::verb("second-tile", Arg::Bool(false)),
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!((g.to_move(), g.part()), (1, 1));
}

#[test]
fn second_part_is_automatic_when_the_option_says_always() {
    let base = rules();
    let mut options = base.options;
    options.values[option_index("builder_second_tile")] = 1;
    let always: &'static Ruleset = Box::leak(Box::new(Ruleset { options, ..*base }));
    let mut g = game(always);
    builder_on_road(&mut g);
    part(&mut g, 0, "U", at(3, 0, 0), Action::Pass);
    assert_eq!((g.to_move(), g.part()), (0, 2));
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

#[test]
fn builder_left_during_part_one_still_gives_part_two_fn9_l1004() {
    let r = rules();
    let mut g = game(r);
    builder_on_road(&mut g);
    // A curve closes the road's east end... the road runs on west through D,
    // so close it at both ends: a cloister-road end (A) east, then west.
    part(&mut g, 0, "A", at(3, 0, 1), Action::Pass);
    // The road is open to the west still: no score yet, and part 2 is offered.
    g.apply_action(
        Action::verb("second-tile", Arg::Bool(true)),
        &mut Vec::new(),
    )
    .unwrap();
    let ev = part(&mut g, 0, "A", at(-1, 0, 3), Action::Pass);
    // Part 2 completed the road: thief and builder go home, 5 tiles for P0
    // (the builder counts 0 for majority, L887, and scores nothing itself).
    let road: Vec<&ScoreEvent> = ev.iter().filter(|e| e.feature == Kind::Road).collect();
    assert_eq!(road.len(), 1, "{ev:?}");
    assert_eq!((road[0].player, road[0].points), (0, 5));
    assert_eq!(g.figures(0, FollowerKind::Builder), 1);
    assert_eq!(g.figures(0, FollowerKind::Normal), 7);
    assert_eq!((g.to_move(), g.part()), (1, 1));
}

#[test]
fn builder_needs_own_follower_on_the_feature_l865() {
    let r = rules();
    let mut g = game(r);
    g.force_player(0).unwrap();
    g.force_draw(tile(r, "U")).unwrap();
    g.apply_action(Action::Place(at(1, 0, 0)), &mut Vec::new())
        .unwrap();
    let before = g.clone();
    let e = g
        .apply_action(
            deploy(r, "U", Kind::Road, FollowerKind::Builder),
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(
        e,
        ActionError::Illegal(MoveError::NeedsOwnFollower("builder"))
    );
    assert_eq!(g, before);
    // Never on a farm (L870).
    let e = g
        .apply_action(
            deploy(r, "U", Kind::Field, FollowerKind::Builder),
            &mut Vec::new(),
        )
        .unwrap_err();
    assert!(
        matches!(e, ActionError::Illegal(MoveError::WrongFeature { .. })),
        "{e}"
    );
    assert_eq!(g, before);
}

#[test]
fn goods_go_to_whoever_completes_the_city_l913_and_score_10_at_the_end_l926() {
    let r = rules();
    let mut g = game(r);
    // P0 extends D's city with a grain city (N W turned to S E), no knight.
    part(&mut g, 0, "TB/Cc.g", at(0, -1, 2), Action::Pass);
    // P1 closes it with E turned to face west: P1 completes, takes the grain,
    // "irrelevant whether this player had a knight in the city" (L913).
    let ev = part(&mut g, 1, "E", at(1, -1, 3), Action::Pass);
    assert!(
        ev.iter().all(|e| e.feature != Kind::City),
        "no knight, no points: {ev:?}"
    );
    assert_eq!(g.goods(1), [0, 1, 0]);
    assert_eq!(g.goods(0), [0, 0, 0]);
    let fin = g.finish();
    let goods: Vec<&ScoreEvent> = fin.iter().filter(|e| e.reason == Reason::Goods).collect();
    assert_eq!(goods.len(), 1);
    assert_eq!((goods[0].player, goods[0].points), (1, 10));
}

#[test]
fn pig_adds_one_per_city_to_its_owner_farm_l905() {
    let r = rules();
    let mut g = game(r);
    // P0 closes D's city with E (turned to face south) and puts a farmer on
    // E's field, which borders that city.
    part(
        &mut g,
        0,
        "E",
        at(0, -1, 2),
        deploy(r, "E", Kind::Field, FollowerKind::Normal),
    );
    part(&mut g, 1, "B", at(0, 1, 0), Action::Pass);
    // A cloister west of E extends the farm: P0's pig on it.
    part(
        &mut g,
        0,
        "B",
        at(-1, -1, 0),
        deploy(r, "B", Kind::Field, FollowerKind::Pig),
    );
    let fin = g.finish();
    let farm: Vec<&ScoreEvent> = fin.iter().filter(|e| e.feature == Kind::Field).collect();
    assert_eq!(farm.len(), 1, "{fin:?}");
    // One completed city: 3 + 1 for the pig (L905).
    assert_eq!((farm[0].player, farm[0].points), (0, 4));
}

/// The seed's example (L915-L920): RED completes BLUE's city holding one
/// wine and two grain symbols; "BLUE scores 10 points. RED receives" one
/// wine and two grain tokens. The city: D, TB/CRc.g, TB/CFc.w, TB/Cc.g and
/// a cap, five tiles without pennants.
#[test]
fn goods_example_l915() {
    let r = rules();
    let mut g = game(r);
    let knight = deploy(r, "TB/CRc.g", Kind::City, FollowerKind::Normal);
    part(&mut g, 0, "TB/CRc.g", at(0, -1, 1), knight);
    part(&mut g, 1, "TB/CFc.w", at(0, -2, 1), Action::Pass);
    part(&mut g, 0, "TB/Cc.g", at(0, -3, 2), Action::Pass);
    let ev = part(&mut g, 1, "E", at(1, -3, 3), Action::Pass);
    let city: Vec<(u8, u32)> = ev
        .iter()
        .filter(|e| e.feature == Kind::City)
        .map(|e| (e.player, e.points))
        .collect();
    assert_eq!(city, vec![(0, 10)]);
    // Wine, grain, cloth.
    assert_eq!(g.goods(1), [1, 2, 0]);
    assert_eq!(g.goods(0), [0, 0, 0]);
}

/// The seed's pig example (L936-L941): BLUE holds the farm and has a pig on
/// it: 4 per completed city, 8 for two; RED has a pig there too but not the
/// majority: 0. (BLUE's majority here is a big follower against RED's one
/// farmer, on `everything_c1`, which plays T&B and the big follower.)
#[test]
fn pig_example_l936() {
    let r = carcassonne_runtime::ruleset("everything_c1").unwrap();
    let mut g = game(r);
    let big = deploy(r, "E", Kind::Field, FollowerKind::Big);
    part(&mut g, 0, "E", at(0, -1, 2), big);
    let farmer = deploy(r, "U", Kind::Field, FollowerKind::Normal);
    part(&mut g, 1, "U", at(1, 0, 0), farmer);
    // Joins BLUE's and RED's fields; BLUE's pig on the farm.
    let pig = deploy(r, "E", Kind::Field, FollowerKind::Pig);
    part(&mut g, 0, "E", at(1, -1, 1), pig);
    part(&mut g, 1, "E", at(2, -1, 3), Action::Pass);
    part(&mut g, 0, "B", at(0, 1, 0), Action::Pass);
    let red_pig = deploy(r, "B", Kind::Field, FollowerKind::Pig);
    part(&mut g, 1, "B", at(1, -2, 0), red_pig);
    let fin = g.finish();
    let farm: Vec<(u8, u32)> = fin
        .iter()
        .filter(|e| e.feature == Kind::Field)
        .map(|e| (e.player, e.points))
        .collect();
    assert_eq!(farm, vec![(0, 8)], "{fin:?}");
}
