//! The Flier in scripted games through the action API
//! (004_e9353f116722cd5d.txt L11-L32; docs/rules/flier.md). Tests are
//! named for the seed line they play. The start tile D lies at (0, 0): its
//! city faces north, its road runs west-east, its field south.

use carcassonne_runtime::action_json::{from_json, ActionJson};
use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, Decision, FollowerKind, Game, Reason, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};
use serde_json::json;

mod support;
use support::bot_games::{bot_games, listed, MIXED, RANDOM};
use support::{at, cell, figure, kind_of, on_d, pending, place, spots};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_flier").unwrap()
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

/// `fly`: a normal follower flies.
fn fly() -> Action {
    Action::verb("fly", Arg::Word(0))
}

/// `flier-die`: chance's roll, stated.
fn die(n: u16) -> Action {
    Action::verb("flier-die", Arg::Number(n))
}

/// The flier's state as the protocol shows it.
fn flight(g: &Game) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    g.state_json(&mut m);
    m["flight"].clone()
}

fn tally(g: &Game, key: &str) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    g.state_json(&mut m);
    m[key].clone()
}

/// The followers standing on the tile at (x, y): (owner, feature kind).
fn on_cell(g: &Game, x: i16, y: i16) -> Vec<(u8, Kind)> {
    let mut v: Vec<(u8, Kind)> = g
        .followers()
        .iter()
        .map(|f| g.spot_of(f))
        .filter(|&s| cell(g, s) == (x, y))
        .map(|s| (s.player, kind_of(g, s)))
        .collect();
    v.sort_by_key(|&(p, k)| (p, k as u8));
    v
}

fn points(events: &[ScoreEvent]) -> Vec<(u8, u32)> {
    events
        .iter()
        .filter(|e| e.reason == Reason::Completed)
        .map(|e| (e.player, e.points))
        .collect()
}

/// L22: at the figure step of a flier tile, flying is offered beside
/// deploying and passing; a tile without an arrow offers no flight. The
/// flier does not stay on its tile, and its owner is asked no more at this
/// figure step.
#[test]
fn a_flier_tile_offers_a_flight_instead_of_a_deployment_l22() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 1, "FL/F.o", at(0, 1, 0));
    let legal = g.legal_actions();
    assert!(legal.contains(&fly()), "{legal:?}");
    assert!(legal.contains(&Action::Pass));
    assert!(legal.contains(&figure(rules, "FL/F.o", Kind::Field, FollowerKind::Normal)));
    // Only followers the game has: no big follower in base_flier.
    assert!(!legal.contains(&Action::verb("fly", Arg::Word(1))));
    act(&mut g, fly());
    assert_eq!(
        pending(&g),
        (Actor::Chance, Decision::named("flier-die")),
        "the die comes next"
    );
    // L24 and the published die (docs/rules/flier.md): it shows 1 to 3; a
    // stated roll outside is refused when read, with the die's range.
    for (distance, ok) in [(0, false), (1, true), (3, true), (4, false)] {
        let j: ActionJson =
            serde_json::from_value(json!({"do": "flier-die", "distance": distance})).unwrap();
        match from_json(&g, &j) {
            Ok(a) => assert!(ok && a == die(distance), "{distance}: {a:?}"),
            Err(e) => {
                assert!(!ok, "{distance}: {e}");
                assert!(e.to_string().contains("from 1 to 3"), "{e}");
            }
        }
    }
    act(&mut g, die(1));
    // West of (0, 1): no tile, a crash; nothing stands on the flier tile.
    assert!(on_cell(&g, 0, 1).is_empty());
    assert_eq!(pending(&g), (Actor::Player(0), Decision::Place));
    // A tile with no arrow: no flight.
    place(&mut g, 0, "E", at(0, -1, 2));
    assert!(!g.legal_actions().iter().any(|a| a.name() == "fly"));
    assert!(g.apply_action(fly(), &mut Vec::new()).is_err());
}

/// L24, L27-L28: the flier flies the die's number of tiles along the arrow
/// and may land in a city already occupied, and in an occupied cloister
/// (the seed's example), beside the other player's follower.
#[test]
fn a_flier_lands_in_an_occupied_city_or_cloister_l27_l28() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    // P1's knight in the city of G at (0, -1) (city N-S, open to the north).
    place(&mut g, 1, "G", at(0, -1, 1));
    act(&mut g, figure(rules, "G", Kind::City, FollowerKind::Normal));
    // P0's flier tile east of it, the arrow west: one tile to G.
    place(&mut g, 0, "FL/F.o", at(1, -1, 0));
    act(&mut g, fly());
    act(&mut g, die(1));
    assert_eq!(flight(&g)["to"], json!([0, -1]));
    assert_eq!(flight(&g)["outcome"], json!("landed"));
    assert_eq!(on_cell(&g, 0, -1), vec![(0, Kind::City), (1, Kind::City)]);
    assert_eq!(g.supply(0), 6);
    // The cloister: P1's monk on B at (0, 1); P0's flier from (1, 1),
    // arrow west.
    place(&mut g, 1, "B", at(0, 1, 0));
    act(
        &mut g,
        figure(rules, "B", Kind::Cloister, FollowerKind::Normal),
    );
    place(&mut g, 0, "FL/RFr.NS.o", at(1, 1, 0));
    act(&mut g, fly());
    act(&mut g, die(1));
    assert_eq!(
        on_cell(&g, 0, 1),
        vec![(0, Kind::Cloister), (1, Kind::Cloister)]
    );
    assert_eq!(tally(&g, "flier_landed"), json!([2, 0]));
}

/// L24: "the active player may choose which feature the follower will
/// occupy": D's city and road are both unfinished, so P0 is asked.
#[test]
fn the_active_player_chooses_the_feature_it_lands_on_l24() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    // The arrow W turned a quarter clockwise points north, at D.
    place(&mut g, 0, "FL/F.o", at(0, 1, 1));
    act(&mut g, fly());
    act(&mut g, die(1));
    assert_eq!(
        pending(&g),
        (Actor::Player(0), Decision::named("flier-lands"))
    );
    let choices = spots(&g, "flier-lands");
    let kinds: Vec<Kind> = choices.iter().map(|&(s, _)| kind_of(&g, s)).collect();
    assert_eq!(
        kinds,
        vec![Kind::City, Kind::Road],
        "never D's fields (L29)"
    );
    assert!(choices.iter().all(|&(s, _)| cell(&g, s) == (0, 0)));
    // Another player may not choose for P0.
    let (_, road) = choices[1];
    assert!(matches!(
        g.apply_action_by(1, road, &mut Vec::new()),
        Err(ActionError::WrongPlayer { .. })
    ));
    act(&mut g, road);
    assert_eq!(on_cell(&g, 0, 0), vec![(0, Kind::Road)]);
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// L26, S1 fn 14 L843: a feature is complete from the moment its tile is
/// placed, so a flier never lands on the road its own tile closed; there
/// the city is the only landing. One tile further, the cloister.
#[test]
fn a_flier_never_lands_on_a_feature_its_own_tile_completed_l26() {
    let rules = rules();
    for (distance, to, lands) in [(1, (0, 0), Kind::City), (2, (-1, 0), Kind::Cloister)] {
        let mut g = on_d(rules, 2);
        place(&mut g, 1, "B", at(0, 1, 0));
        act(&mut g, Action::Pass);
        // A's road faces north at (1, 1), east at (-1, 0): D's road runs
        // from a cloister...
        place(&mut g, 1, "A", at(1, 1, 2));
        act(&mut g, Action::Pass);
        place(&mut g, 1, "A", at(-1, 0, 3));
        act(&mut g, Action::Pass);
        // ...and the flier curve (W-S) at (1, 0) closes it into the other.
        place(&mut g, 0, "FL/Rr.SW.o", at(1, 0, 0));
        act(&mut g, fly());
        let ev = act(&mut g, die(distance));
        assert!(points(&ev).is_empty(), "the road had no follower");
        assert_eq!(flight(&g)["to"], json!([to.0, to.1]));
        assert_eq!(
            on_cell(&g, to.0, to.1),
            vec![(0, lands)],
            "distance {distance}"
        );
    }
}

/// L29-L32: a tile with fields only (even free ones) is no landing, and
/// neither is an empty cell: the flier crashes back to its owner's supply
/// and the turn goes on.
#[test]
fn a_flier_crashes_onto_fields_or_where_no_tile_is_l29_l30_l32() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 1, "FL/F.d", at(0, 1, 0));
    act(&mut g, Action::Pass);
    place(&mut g, 0, "FL/F.o", at(1, 1, 0));
    act(&mut g, fly());
    act(&mut g, die(1));
    assert_eq!(flight(&g)["outcome"], json!("crashed"), "fields only (L29)");
    assert!(g.followers().is_empty());
    assert_eq!(g.supply(0), 7);
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
    // Three tiles west of (1, 1) there is no tile (L30).
    place(&mut g, 0, "FL/RFr.WE.o", at(1, 2, 0));
    act(&mut g, fly());
    act(&mut g, die(3));
    assert_eq!(flight(&g)["to"], json!([-2, 2]));
    assert_eq!(flight(&g)["outcome"], json!("crashed"));
    assert!(g.followers().is_empty());
    assert_eq!(tally(&g, "flier_crashed"), json!([2, 0]));
    assert_eq!(tally(&g, "flights"), json!([2, 0]));
}

/// L24: the arrow is printed on the tile and turns with it, a quarter turn
/// clockwise per rotation, straight (FL/F.o, printed W) or diagonal
/// (FL/F.d, printed NW).
#[test]
fn the_arrow_turns_with_its_tile_in_every_rotation_l24() {
    let rules = rules();
    for (id, ways) in [
        (
            "FL/F.o",
            [("W", (-1, 1)), ("N", (0, 0)), ("E", (1, 1)), ("S", (0, 2))],
        ),
        (
            "FL/F.d",
            [
                ("NW", (-1, 0)),
                ("NE", (1, 0)),
                ("SE", (1, 2)),
                ("SW", (-1, 2)),
            ],
        ),
    ] {
        for (r, (word, to)) in ways.into_iter().enumerate() {
            let mut g = on_d(rules, 2);
            place(&mut g, 0, id, at(0, 1, r as u8));
            act(&mut g, fly());
            assert_eq!(flight(&g)["arrow"], json!(word), "{id} rotation {r}");
            act(&mut g, die(1));
            assert_eq!(flight(&g)["to"], json!([to.0, to.1]), "{id} rotation {r}");
            // Only D, north, is a tile.
            let expect = if to == (0, 0) { "landed" } else { "crashed" };
            if to == (0, 0) {
                let (_, city) = spots(&g, "flier-lands")[0];
                act(&mut g, city);
            }
            assert_eq!(flight(&g)["outcome"], json!(expect), "{id} rotation {r}");
        }
    }
}

/// L24: in a scripted game the die is stated: 1, 2 or 3 (the published
/// die, docs/rules/flier.md); any other number, or a player answering for
/// chance, is refused and changes nothing; the stated roll is kept for the
/// record.
#[test]
fn the_die_is_stated_in_a_scripted_game_and_refused_when_impossible_l24() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "FL/F.o", at(0, 1, 1));
    act(&mut g, fly());
    assert_eq!(g.legal_actions(), vec![die(1), die(2), die(3)]);
    let before = g.clone();
    for n in [0, 4, 6] {
        assert!(g.apply_action(die(n), &mut Vec::new()).is_err(), "{n}");
    }
    assert_eq!(
        g.apply_action_by(0, die(1), &mut Vec::new()),
        Err(ActionError::ChanceDecides { player: 0 })
    );
    assert!(g.apply_action(fly(), &mut Vec::new()).is_err());
    assert!(g == before);
    act(&mut g, die(2));
    let last = g.dealt().last().unwrap();
    assert_eq!((last.action, last.stated), (die(2), true));
    // Two tiles north of (0, 1): no tile.
    assert_eq!(flight(&g)["outcome"], json!("crashed"));
}

/// L27, L24: a follower that landed in another player's city shares it
/// when a later tile completes it: both score the city in full.
#[test]
fn a_flier_shares_the_city_it_landed_in_when_it_completes_l27() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 1, "G", at(0, -1, 1));
    act(&mut g, figure(rules, "G", Kind::City, FollowerKind::Normal));
    place(&mut g, 0, "FL/F.o", at(1, -1, 0));
    act(&mut g, fly());
    let ev = act(&mut g, die(1));
    assert!(points(&ev).is_empty(), "landing scores nothing by itself");
    // E closes the city at (0, -2): D, G and E, 3 tiles, 6 points each.
    place(&mut g, 1, "E", at(0, -2, 2));
    let ev = act(&mut g, Action::Pass);
    let mut got = points(&ev);
    got.sort();
    assert_eq!(got, vec![(0, 6), (1, 6)]);
    assert_eq!(g.supply(0), 7);
    assert_eq!(g.supply(1), 7);
}

/// Seeded games of base_flier with random and greedy bots: the seed deals
/// every roll, fliers land (some by their player's choice) and crash, and
/// each game replays from its record, and from the record alone (no seed).
#[test]
fn seeded_bot_games_fly_land_and_crash_and_replay_from_the_record_alone_l24_l32() {
    let (landed, crashed, chosen) = flights_of(rules(), 0..48, MIXED);
    assert!(
        landed > 0 && crashed > 0,
        "landed {landed}, crashed {crashed}"
    );
    assert!(
        chosen > 0,
        "some landing was the player's choice: landed {landed}, crashed {crashed}"
    );
}

/// Plays `seeds` of `rules` with bots (each replaying from its record, with
/// and without its seed), checks that every flight ends and every roll is
/// listed, and returns the landings, the crashes and the landings chosen.
fn flights_of(
    rules: &'static Ruleset,
    seeds: std::ops::Range<u64>,
    bots: &[&str],
) -> (u64, u64, usize) {
    let mut chosen = 0;
    let games = bot_games(rules, seeds, 4, bots, |_, a| {
        chosen += usize::from(a.name() == "flier-lands")
    });
    let (mut landed, mut crashed) = (0, 0);
    for b in &games {
        let sum = |key: &str| -> u64 {
            tally(&b.game, key)
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_u64().unwrap())
                .sum()
        };
        landed += sum("flier_landed");
        crashed += sum("flier_crashed");
        assert_eq!(
            sum("flights"),
            sum("flier_landed") + sum("flier_crashed"),
            "seed {}: every flight ends",
            b.seed
        );
        assert_eq!(
            listed(&b.record, "flier-die") as u64,
            sum("flights"),
            "seed {}: every roll listed",
            b.seed
        );
    }
    (landed, crashed, chosen)
}

/// The Flier among every set of each edition (`everything_c1`,
/// `everything_c2`, docs/rules/flier.md "With other sets"): seeded games of
/// random bots (a greedy bot seldom flies) fly and land, and replay from
/// their record.
#[test]
fn fliers_fly_among_every_set_of_each_edition_l22() {
    for id in ["everything_c1", "everything_c2"] {
        let rules = carcassonne_runtime::ruleset(id).unwrap();
        let (landed, crashed, _) = flights_of(rules, 0..40, RANDOM);
        assert!(landed + crashed > 0, "{id}: fliers flew");
        assert!(landed > 0, "{id}: fliers landed ({crashed} crashed)");
    }
}

/// base_flier with the big follower, the abbot and the mayor in play, and
/// the abbot's option set to word `abbot` of `flier_abbot`.
fn with_figures(abbot: u8) -> &'static Ruleset {
    use carcassonne_runtime::mechanics::Mech;
    let base = support::with_option(rules(), "flier_abbot", abbot);
    support::with_mechs(base, &[Mech::BigFollower, Mech::Abbot, Mech::Mayor])
}

/// 000_… fn 21 L1854, 001_… fn 23-24 L852-L853 (docs/rules/flier.md): any
/// follower may fly, but lands only where it may stand: the mayor in an
/// unfinished city, the abbot on a monastery or garden (else it crashes),
/// the big follower anywhere a follower may; `flier_abbot = "grounded"`
/// keeps the abbot from flying.
#[test]
fn any_follower_flies_but_lands_only_where_it_may_stand_fn21_l1854_fn23_l852() {
    let figures = ["normal", "big", "abbot", "mayor"];
    let flies = |g: &Game| -> Vec<&str> {
        g.legal_actions()
            .into_iter()
            .filter(|a| a.name() == "fly")
            .map(|a| match a.arg() {
                Arg::Word(k) => figures[k as usize],
                _ => unreachable!(),
            })
            .collect()
    };
    let rules = with_figures(0);
    // FL/F.o turned once at (0, 1): the arrow points north, at D.
    let start = || {
        let mut g = on_d(rules, 2);
        place(&mut g, 0, "FL/F.o", at(0, 1, 1));
        g
    };
    assert_eq!(flies(&start()), figures);
    // The mayor: D's city only, no choice.
    let mut g = start();
    act(&mut g, Action::verb("fly", Arg::Word(3)));
    act(&mut g, die(1));
    let on_d_tile: Vec<(FollowerKind, Kind)> = g
        .followers()
        .iter()
        .map(|f| (f.kind, kind_of(&g, g.spot_of(f))))
        .collect();
    assert_eq!(on_d_tile, vec![(FollowerKind::Mayor, Kind::City)]);
    // The abbot: no monastery on D, a crash.
    let mut g = start();
    act(&mut g, Action::verb("fly", Arg::Word(2)));
    act(&mut g, die(1));
    assert_eq!(flight(&g)["outcome"], json!("crashed"));
    assert_eq!(g.figures(0, FollowerKind::Abbot), 1);
    // The big follower: city or road, the player's choice.
    let mut g = start();
    act(&mut g, Action::verb("fly", Arg::Word(1)));
    act(&mut g, die(1));
    let choices = spots(&g, "flier-lands");
    assert_eq!(choices.len(), 2);
    assert!(choices.iter().all(|(s, _)| s.kind == FollowerKind::Big));
    act(&mut g, choices[1].1);
    assert_eq!(g.figures(0, FollowerKind::Big), 0);
    // Grounded: the abbot is not offered, and refused.
    let rules = with_figures(1);
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "FL/F.o", at(0, 1, 1));
    assert_eq!(flies(&g), ["normal", "big", "mayor"]);
    assert!(g
        .apply_action(Action::verb("fly", Arg::Word(2)), &mut Vec::new())
        .is_err());
}
