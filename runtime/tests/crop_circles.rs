//! Crop Circles I and II in scripted games through the action API
//! (004_e9353f116722cd5d.txt L175-L211; docs/rules/crop-circles.md). Tests
//! are named for the seed line they play. The start tile D lies at (0, 0):
//! its city faces north, its road runs west-east, its field south.

use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, Decision, FollowerKind, Game, ScoreEvent, Spot,
};
use carcassonne_runtime::tables::{Kind, Ruleset};
use serde_json::json;

mod support;
use support::bot_games::{bot_games_each, listed, MIXED};
use support::{at, cell, figure, kind_of, on_d, pending, place, spots, state};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_crop_circles").unwrap()
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

/// `crop-circle`: add (A) or remove (B).
fn add() -> Action {
    Action::verb("crop-circle", Arg::Word(0))
}
fn remove() -> Action {
    Action::verb("crop-circle", Arg::Word(1))
}

fn choosing(p: u8) -> (Actor, Decision) {
    (Actor::Player(p), Decision::named("crop-circle"))
}

fn acting(p: u8) -> (Actor, Decision) {
    (Actor::Player(p), Decision::named("crop-act"))
}

/// The followers on the tile at (x, y): (owner, feature kind), sorted.
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

/// Where the legal `crop-add` answers put a follower: (cell, segment).
fn additions(g: &Game) -> Vec<((i16, i16), u8)> {
    spots(g, "crop-add")
        .into_iter()
        .map(|(s, _)| (cell(g, s), s.segment))
        .collect()
}

/// The `crop-add` answer onto the segment of (x, y) of kind `kind`.
fn add_at(g: &Game, x: i16, y: i16, kind: Kind) -> Action {
    spots(g, "crop-add")
        .into_iter()
        .find(|&(s, _)| cell(g, s) == (x, y) && kind_of(g, s) == kind)
        .unwrap_or_else(|| panic!("no addition at ({x}, {y}) {kind:?}"))
        .1
}

/// The first legal deploy of a farmer on tile `id` just placed.
fn free_field(g: &Game, id: &str) -> Action {
    let t = &g.rules().tiles[support::tile(g.rules(), id) as usize];
    g.legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Deploy(d) if t.segments[d.segment as usize].kind == Kind::Field))
        .unwrap()
}

fn segment_of(g: &Game, x: i16, y: i16, kind: Kind, nth: usize) -> u8 {
    let idx = g
        .placed()
        .iter()
        .position(|q| (q.x, q.y) == (x, y))
        .unwrap();
    let t = &g.rules().tiles[g.placed()[idx].tile as usize];
    t.segments
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == kind)
        .nth(nth)
        .unwrap()
        .0 as u8
}

/// Example A (L201-L206), three players, Red P0, Green P1 on Red's left,
/// then Blue P2. Red places a shield crop circle (two city parts) and
/// deploys a knight on it, then chooses A. Green adds a knight beside his
/// own; Blue has no knight and is passed over; Red, last, may add one
/// beside his knight on that city part of the tile just placed, not on the
/// tile's other city part (L204), or on the tile two places to the left,
/// where he has a knight. Nothing scores.
#[test]
fn example_a_knights_join_knights_on_the_same_city_part_l201_l206() {
    let rules = rules();
    let mut g = on_d(rules, 3);
    // Green's knight in the city of D and G (G turned: its city N-S).
    place(&mut g, 1, "G", at(0, -1, 1));
    act(&mut g, figure(rules, "G", Kind::City, FollowerKind::Normal));
    // Red's knight two tiles left of where the circle goes: E at (-1, -1).
    place(&mut g, 0, "E", at(-1, -1, 0));
    act(&mut g, figure(rules, "E", Kind::City, FollowerKind::Normal));
    // L201: Red places the shield tile and a knight on its north city.
    place(&mut g, 0, "CC.1/CC.2", at(1, -1, 0));
    let ev = act(
        &mut g,
        figure(rules, "CC.1/CC.2", Kind::City, FollowerKind::Normal),
    );
    assert!(ev.is_empty());
    assert_eq!(pending(&g), choosing(0), "L192: the active player chooses");
    assert_eq!(g.legal_actions(), vec![add(), remove()]);
    assert_eq!(state(&g)["crop_circle"]["symbol"], json!("shield"));
    assert_eq!(state(&g)["crop_circle"]["followers"], json!("knights"));
    act(&mut g, add());
    // L202: Green, on Red's left, first: beside his knight, or a pass.
    assert_eq!(pending(&g), acting(1), "L183: from the left");
    assert!(g.legal_actions().contains(&Action::Pass), "L195: may");
    assert_eq!(
        additions(&g),
        vec![((0, -1), segment_of(&g, 0, -1, Kind::City, 0))]
    );
    let green = add_at(&g, 0, -1, Kind::City);
    let ev = act(&mut g, green);
    assert!(ev.is_empty(), "L186: adding scores nothing");
    assert_eq!(on_cell(&g, 0, -1), vec![(1, Kind::City), (1, Kind::City)]);
    // L203: Blue has no knight: passed over; L205: Red acts last.
    assert_eq!(pending(&g), acting(0), "L197, L199");
    let north = segment_of(&g, 1, -1, Kind::City, 0);
    let east = segment_of(&g, 1, -1, Kind::City, 1);
    let mut got = additions(&g);
    got.sort();
    assert_eq!(
        got,
        vec![
            ((-1, -1), segment_of(&g, -1, -1, Kind::City, 0)),
            ((1, -1), north)
        ],
        "L204: not the other city part ({east}) of that tile; the tile two to the left"
    );
    // Another player may not answer for Red.
    let red = add_at(&g, 1, -1, Kind::City);
    assert!(matches!(
        g.apply_action_by(1, red, &mut Vec::new()),
        Err(ActionError::WrongPlayer { .. })
    ));
    // Nor may Red add on the other city part.
    let Arg::Spot(s) = red.arg() else { panic!() };
    let other = Action::verb("crop-add", Arg::Spot(Spot { segment: east, ..s }));
    let before = g.clone();
    assert!(g.apply_action(other, &mut Vec::new()).is_err());
    assert!(g == before);
    let ev = act(&mut g, red);
    assert!(ev.is_empty());
    assert_eq!(on_cell(&g, 1, -1), vec![(0, Kind::City), (0, Kind::City)]);
    assert_eq!(g.supply(0), 4);
    assert_eq!(g.supply(1), 5);
    assert_eq!(g.supply(2), 7);
    assert_eq!(g.scores(), &[0, 0, 0]);
    // Then the next player's turn as usual (L199).
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
    assert_eq!(state(&g)["crop_added"], json!([1, 1, 0]));
    assert_eq!(state(&g)["crop_circle"]["choice"], json!("add"));
    assert_eq!(state(&g)["crop_circle"]["acting"], json!(null));
}

/// Example B (L208-L211), three players, Green P0, Blue P1 on his left,
/// then Red P2. Green places a pitchfork crop circle closing a city of
/// three tiles with his knight on it: 6 points, the knight home. He
/// chooses B: Blue and Red each must remove their farmer (one each: no
/// choice to ask); Green has no farmer and removes none. Removing scores
/// nothing.
#[test]
fn example_b_each_player_must_remove_a_farmer_l208_l211() {
    let rules = rules();
    let mut g = on_d(rules, 3);
    // Blue's farmer south of D's road (E turned: its city south).
    place(&mut g, 1, "E", at(0, 1, 2));
    act(
        &mut g,
        figure(rules, "E", Kind::Field, FollowerKind::Normal),
    );
    // Red's farmer north of the road, on U west of D.
    place(&mut g, 2, "U", at(-1, 0, 0));
    act(
        &mut g,
        figure(rules, "U", Kind::Field, FollowerKind::Normal),
    );
    // G north of D: the city runs on north.
    place(&mut g, 0, "G", at(0, -1, 1));
    act(&mut g, Action::Pass);
    // L208: the pitchfork tile closes it with Green's knight: D, G and the
    // circle, 3 tiles, 6 points.
    place(&mut g, 0, "CC.2/CFR", at(0, -2, 2));
    let ev = act(
        &mut g,
        figure(rules, "CC.2/CFR", Kind::City, FollowerKind::Normal),
    );
    let points: Vec<(u8, u32)> = ev.iter().map(|e| (e.player, e.points)).collect();
    assert_eq!(points, vec![(0, 6)]);
    assert_eq!(g.supply(0), 7, "the knight came home");
    assert_eq!(pending(&g), choosing(0));
    assert_eq!(state(&g)["crop_circle"]["followers"], json!("farmers"));
    let ev = act(&mut g, remove());
    assert!(ev.is_empty(), "removing scores nothing");
    // L209-L211: Blue's and Red's farmers are gone; Green had none.
    assert!(g.followers().is_empty());
    assert_eq!(g.supply(1), 7);
    assert_eq!(g.supply(2), 7);
    assert_eq!(g.scores(), &[6, 0, 0]);
    assert_eq!(state(&g)["crop_removed"], json!([0, 1, 1]));
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// L183, L197, L199: four players, P2 active. Each player with followers
/// of the type acts in turn from the active player's left (P3, P0, ...),
/// the active player last; P1, with no knight, is passed over. With two
/// knights to choose from, B asks which one goes (L189), and it must be
/// one of the type: never a farmer, never a pass.
#[test]
fn players_act_from_the_left_the_active_player_last_l183_l197_l199() {
    let rules = rules();
    let mut g = on_d(rules, 4);
    // Knights: P3 in E at (-1, -1) and in E at (1, 1) (its city south),
    // P0 in G's city north of D, P2 in E at (-2, -1); P2 also a farmer.
    place(&mut g, 0, "G", at(0, -1, 1));
    act(&mut g, figure(rules, "G", Kind::City, FollowerKind::Normal));
    place(&mut g, 3, "E", at(-1, -1, 0));
    act(&mut g, figure(rules, "E", Kind::City, FollowerKind::Normal));
    place(&mut g, 2, "E", at(-2, -1, 0));
    act(&mut g, figure(rules, "E", Kind::City, FollowerKind::Normal));
    place(&mut g, 2, "U", at(-1, 0, 0));
    act(
        &mut g,
        figure(rules, "U", Kind::Field, FollowerKind::Normal),
    );
    place(&mut g, 3, "E", at(0, 1, 2));
    act(&mut g, figure(rules, "E", Kind::City, FollowerKind::Normal));
    // P1's farmer: no knight for P1.
    place(&mut g, 1, "U", at(1, 0, 0));
    let farmer = free_field(&g, "U");
    act(&mut g, farmer);
    // P2 places a shield circle with nothing on it.
    place(&mut g, 2, "CC.2/CFC", at(-3, -1, 0));
    act(&mut g, Action::Pass);
    assert_eq!(pending(&g), choosing(2));
    act(&mut g, remove());
    // P3 first, with two knights: the choice is P3's.
    assert_eq!(pending(&g), acting(3));
    let legal = g.legal_actions();
    assert_eq!(legal.len(), 2, "{legal:?}");
    assert!(!legal.contains(&Action::Pass), "L208: must remove");
    assert!(legal.iter().all(|a| a.name() == "crop-remove"));
    let (s, south) = spots(&g, "crop-remove")
        .into_iter()
        .find(|&(s, _)| cell(&g, s) == (0, 1))
        .unwrap();
    assert_eq!((s.player, kind_of(&g, s)), (3, Kind::City));
    act(&mut g, south);
    assert_eq!(on_cell(&g, 0, 1), vec![]);
    assert_eq!(on_cell(&g, -1, -1), vec![(3, Kind::City)]);
    // P0 had one knight (taken without asking), P1 none: P2 last, whose
    // only knight goes and whose farmer stays. The next turn is P3's.
    assert_eq!(on_cell(&g, 0, -1), vec![]);
    assert_eq!(on_cell(&g, -2, -1), vec![]);
    assert_eq!(on_cell(&g, -1, 0), vec![(2, Kind::Field)]);
    assert_eq!(on_cell(&g, 1, 0), vec![(1, Kind::Field)]);
    assert_eq!(state(&g)["crop_removed"], json!([1, 0, 1, 1]));
    assert_eq!(pending(&g), (Actor::Player(3), Decision::Place));

    // The same board, A: P3, P0 asked in order (P1 passed over), P2 last.
    let mut order = Vec::new();
    let mut g2 = on_d(rules, 4);
    for (p, id, x, y, r, k) in [
        (0, "G", 0, -1, 1, Kind::City),
        (3, "E", -1, -1, 0, Kind::City),
        (2, "E", -2, -1, 0, Kind::City),
        (1, "U", 1, 0, 0, Kind::Field),
    ] {
        place(&mut g2, p, id, at(x, y, r));
        act(&mut g2, figure(rules, id, k, FollowerKind::Normal));
    }
    place(&mut g2, 2, "CC.2/CFC", at(-3, -1, 0));
    act(&mut g2, Action::Pass);
    act(&mut g2, add());
    while let Some(p) = g2.pending() {
        if p.decision != Decision::named("crop-act") {
            break;
        }
        let Actor::Player(who) = p.actor else {
            panic!()
        };
        order.push(who);
        act(&mut g2, Action::Pass);
    }
    assert_eq!(order, vec![3, 0, 2]);
    assert_eq!(state(&g2)["crop_added"], json!([0, 0, 0, 0]));
}

/// L197: when no player has a follower of the circle's type, nothing can
/// happen, and the active player is not asked; the circle is shown as
/// passed. Other types of follower do not count (a knight for a club).
#[test]
fn no_follower_of_the_type_nothing_is_asked_l197() {
    let rules = rules();
    let mut g = on_d(rules, 2);
    place(&mut g, 1, "G", at(0, -1, 1));
    act(&mut g, figure(rules, "G", Kind::City, FollowerKind::Normal));
    // A club circle (thieves) west of D, its road joined to D's.
    place(&mut g, 0, "CC.1/Rr", at(-1, 0, 3));
    act(&mut g, Action::Pass);
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
    assert_eq!(state(&g)["crop_circle"]["symbol"], json!("club"));
    assert_eq!(state(&g)["crop_circle"]["choice"], json!(null));
    assert_eq!(state(&g)["crop_circles"], json!([0, 0]));
    assert!(g
        .shown()
        .notes
        .iter()
        .any(|n| n.contains("no one has thieves")));
}

/// Seeded games of base_crop_circles with random and greedy bots: circles
/// add and remove followers, and each game replays from its record, and
/// from the record alone (no seed): the choices are players' decisions the
/// record lists.
#[test]
fn seeded_bot_games_add_and_remove_and_replay_from_the_record_alone_l183_l189() {
    let games = bot_games_each(rules(), 0..32, 4, MIXED, |_, a, ev, after| {
        if a.name().starts_with("crop-") && !after.is_over() {
            assert!(ev.is_empty(), "{a:?} scored");
        }
    });
    let (mut added, mut removed, mut chosen) = (0u64, 0u64, 0u64);
    for b in &games {
        let sum = |key: &str| -> u64 {
            state(&b.game)[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_u64().unwrap())
                .sum()
        };
        added += sum("crop_added");
        removed += sum("crop_removed");
        chosen += sum("crop_circles");
        assert_eq!(
            listed(&b.record, "crop-circle") as u64,
            sum("crop_circles"),
            "seed {}: every choice listed",
            b.seed
        );
    }
    assert!(
        added > 0 && removed > 0,
        "added {added}, removed {removed}, choices {chosen}"
    );
}

/// base_crop_circles with the big follower and the mayor in play.
fn with_figures() -> &'static Ruleset {
    use carcassonne_runtime::mechanics::Mech;
    support::with_mechs(rules(), &[Mech::BigFollower, Mech::Mayor])
}

/// L194 and the publisher's clarification (docs/rules/crop-circles.md):
/// any follower in a city is a knight, so a mayor there makes its owner a
/// player the shield concerns, and any follower from the supply that may
/// stand in the city may join it (the normal, the big follower, the mayor).
#[test]
fn any_follower_in_a_city_is_a_knight_l194() {
    let rules = with_figures();
    let mut g = on_d(rules, 2);
    place(&mut g, 1, "G", at(0, -1, 1));
    act(&mut g, figure(rules, "G", Kind::City, FollowerKind::Mayor));
    place(&mut g, 0, "CC.1/CC.2", at(1, -1, 0));
    act(&mut g, Action::Pass);
    act(&mut g, add());
    assert_eq!(pending(&g), acting(1));
    let kinds: Vec<FollowerKind> = spots(&g, "crop-add")
        .into_iter()
        .map(|(s, _)| s.kind)
        .collect();
    assert_eq!(kinds, vec![FollowerKind::Normal, FollowerKind::Big]);
    let (_, big) = spots(&g, "crop-add")[1];
    act(&mut g, big);
    assert_eq!(g.figures(1, FollowerKind::Big), 0);
    // P0 has no knight: P1's was the round.
    assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
}

/// base_crop_circles with the builder, and `crop_circle_timing` set to
/// word `timing` (`part`, `turn`).
fn with_builder(timing: u8) -> &'static Ruleset {
    let base = support::with_option(rules(), "crop_circle_timing", timing);
    support::with_mechs(base, &[carcassonne_runtime::mechanics::Mech::Builder])
}

/// The publisher's clarification (docs/rules/crop-circles.md) and L183: a
/// club circle that extends the road of P0's builder. With `part` (the
/// default) the circle's round comes before the builder's second part;
/// with `turn`, after it, once the turn is over.
#[test]
fn the_round_comes_before_a_builders_second_part_or_after_the_turn_l183() {
    for timing in [0, 1] {
        let rules = with_builder(timing);
        let mut g = on_d(rules, 2);
        // P0's thief on the road east of D, then the builder beside it.
        place(&mut g, 0, "U", at(1, 0, 0));
        act(&mut g, figure(rules, "U", Kind::Road, FollowerKind::Normal));
        place(&mut g, 0, "U", at(2, 0, 0));
        act(
            &mut g,
            figure(rules, "U", Kind::Road, FollowerKind::Builder),
        );
        // The club circle extends that road: the builder's second part.
        place(&mut g, 0, "CC.1/Rr", at(3, 0, 0));
        act(&mut g, Action::Pass);
        if g.pending().unwrap().decision == Decision::named("second-tile") {
            act(&mut g, Action::verb("second-tile", Arg::Bool(true)));
        }
        if timing == 0 {
            assert_eq!(pending(&g), choosing(0), "before the second part");
            act(&mut g, add());
            assert_eq!(pending(&g), acting(0));
            let beside = spots(&g, "crop-add")[0].1;
            act(&mut g, beside);
            assert_eq!(pending(&g), (Actor::Player(0), Decision::Place));
            place(&mut g, 0, "E", at(0, -1, 2));
            act(&mut g, Action::Pass);
        } else {
            assert_eq!(
                pending(&g),
                (Actor::Player(0), Decision::Place),
                "the second part first"
            );
            place(&mut g, 0, "E", at(0, -1, 2));
            act(&mut g, Action::Pass);
            assert_eq!(pending(&g), choosing(0), "after the turn");
            act(&mut g, add());
            let beside = spots(&g, "crop-add")[0].1;
            act(&mut g, beside);
        }
        assert_eq!(on_cell(&g, 1, 0), vec![(0, Kind::Road), (0, Kind::Road)]);
        assert_eq!(pending(&g), (Actor::Player(1), Decision::Place));
    }
}

/// L189 with Traders & Builders (000_… L888): a thief removed by the
/// circle takes the builder beside it home, its owner's last follower on
/// that road having left.
#[test]
fn a_removed_thief_takes_its_builder_home_l189_l888() {
    let rules = with_builder(0);
    let mut g = on_d(rules, 2);
    place(&mut g, 0, "U", at(1, 0, 0));
    act(&mut g, figure(rules, "U", Kind::Road, FollowerKind::Normal));
    place(&mut g, 0, "U", at(2, 0, 0));
    act(
        &mut g,
        figure(rules, "U", Kind::Road, FollowerKind::Builder),
    );
    place(&mut g, 0, "CC.1/Rr", at(3, 0, 0));
    act(&mut g, Action::Pass);
    if g.pending().unwrap().decision == Decision::named("second-tile") {
        act(&mut g, Action::verb("second-tile", Arg::Bool(true)));
    }
    assert_eq!(g.figures(0, FollowerKind::Builder), 0);
    let ev = act(&mut g, remove());
    assert!(ev.is_empty());
    assert!(g.followers().is_empty(), "{:?}", g.followers());
    assert_eq!(g.figures(0, FollowerKind::Builder), 1);
    assert_eq!(g.supply(0), 7);
}
