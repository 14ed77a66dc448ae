//! The fairy (The Princess & the Dragon, 000_9deb58b1a7d17d38.txt
//! L1082-L1096, L1185-L1234, fn 2-7 L1335-L1340) in scripted games through
//! the action API. Tests are named for the line they play.

use carcassonne_runtime::engine::{Action, Arg, FollowerKind, Game, Reason, ScoreEvent, When};
use carcassonne_runtime::tables::{Kind, Ruleset};

mod support;
use support::{
    at, cell, figure, kind_of, on_d, pd, place, play, spots, tile, with_option, E, N, S, W,
};

/// `base` with the RGG/ZMG fairy: on a tile, not next to one follower.
fn on_tile(base: &'static Ruleset) -> &'static Ruleset {
    with_option(base, "fairy", 1)
}

/// The fairy's moves the game offers now, as the cells of the followers.
fn fairy_moves(g: &Game) -> Vec<(i16, i16, FollowerKind)> {
    let mut v: Vec<_> = spots(g, "fairy")
        .into_iter()
        .map(|(s, _)| {
            let (x, y) = cell(g, s);
            (x, y, s.kind)
        })
        .collect();
    v.sort();
    v
}

/// Moving the fairy next to the follower on the tile at (x, y).
fn fairy_to(g: &Game, x: i16, y: i16) -> Action {
    spots(g, "fairy")
        .into_iter()
        .find(|&(s, _)| cell(g, s) == (x, y))
        .unwrap_or_else(|| panic!("no fairy move to ({x}, {y})"))
        .1
}

/// Where the fairy is, as the game shows it.
fn fairy(g: &Game) -> Option<(i16, i16, bool)> {
    g.shown()
        .neutral
        .iter()
        .find(|n| n.def.name == "fairy")
        .map(|n| (n.x, n.y, n.beside.is_some()))
}

fn fairy_points(ev: &[ScoreEvent]) -> Vec<(u8, u32, When)> {
    ev.iter()
        .filter(|e| e.reason == Reason::Fairy)
        .map(|e| (e.player, e.points, e.when))
        .collect()
}

/// Instead of deploying, the player may move the fairy next to one of
/// their own followers (L1088, fn 2), and only then (fn 4: with none on the
/// board there is nowhere to move it); moving it excludes deploying.
#[test]
fn the_fairy_moves_next_to_an_own_follower_instead_of_deploying_l1088_fn4() {
    let r = pd();
    let mut g = on_d(r, 2);
    place(&mut g, 0, "E", at(0, 1, S));
    assert!(
        fairy_moves(&g).is_empty(),
        "no follower on the board (fn 4)"
    );
    let knight = figure(r, "E", Kind::City, FollowerKind::Normal);
    g.apply_action(knight, &mut Vec::new()).unwrap();
    let thief = figure(r, "U", Kind::Road, FollowerKind::Normal);
    play(&mut g, 1, "U", at(1, 0, 0), thief);
    place(&mut g, 0, "U", at(-1, 0, 0));
    // P0's own knight only, not P1's thief.
    assert_eq!(fairy_moves(&g), vec![(0, 1, FollowerKind::Normal)]);
    g.apply_action(fairy_to(&g, 0, 1), &mut Vec::new()).unwrap();
    assert_eq!(fairy(&g), Some((0, 1, true)));
    // Nothing was deployed with it.
    assert_eq!(g.followers().len(), 2);
}

/// Not next to a builder, a pig or a barn: no followers (L1218, A&M fn 41
/// L1875).
#[test]
fn the_fairy_goes_next_to_followers_only_not_the_builder_l1218() {
    let r = carcassonne_runtime::ruleset("everything_c1").unwrap();
    let mut g = on_d(r, 2);
    let thief = figure(r, "U", Kind::Road, FollowerKind::Normal);
    play(&mut g, 0, "U", at(1, 0, 0), thief);
    let builder = figure(r, "U", Kind::Road, FollowerKind::Builder);
    play(&mut g, 0, "U", at(2, 0, 0), builder);
    place(&mut g, 0, "B", at(1, -1, 0));
    assert_eq!(fairy_moves(&g), vec![(1, 0, FollowerKind::Normal)]);
}

/// "At the start of a player's turn, if the fairy is next to one of the
/// player's followers, he or she scores 1 point" (L1093): scored as the
/// start of that turn, not of the turn that moved it.
#[test]
fn one_point_at_the_start_of_the_turn_l1093() {
    let r = pd();
    let mut g = on_d(r, 2);
    let knight = figure(r, "E", Kind::City, FollowerKind::Normal);
    play(&mut g, 0, "E", at(0, 1, S), knight);
    play(&mut g, 1, "U", at(1, 0, 0), Action::Pass);
    place(&mut g, 0, "U", at(-1, 0, 0));
    let mut ev = Vec::new();
    g.apply_action(fairy_to(&g, 0, 1), &mut ev).unwrap();
    assert!(fairy_points(&ev).is_empty(), "{ev:?}");
    // P1's turn: nothing; P0's next turn starts with its point.
    place(&mut g, 1, "U", at(2, 0, 0));
    let mut ev = Vec::new();
    g.apply_action(Action::Pass, &mut ev).unwrap();
    assert_eq!(fairy_points(&ev), vec![(0, 1, When::TurnStart)]);
    assert_eq!(g.scores(), [1, 0]);
}

/// "If a player uses his builder to generate a double turn, this bonus is
/// still only scored once" (L1093, fn 6 L1339): the start of a turn, not of
/// its second part.
#[test]
fn one_point_once_in_a_builders_double_turn_fn6() {
    let r = carcassonne_runtime::ruleset("everything_c1").unwrap();
    let mut g = on_d(r, 2);
    // P0's thief and builder on the road east of D.
    let thief = figure(r, "U", Kind::Road, FollowerKind::Normal);
    play(&mut g, 0, "U", at(1, 0, 0), thief);
    play(&mut g, 1, "B", at(1, -1, 0), Action::Pass);
    let builder = figure(r, "U", Kind::Road, FollowerKind::Builder);
    play(&mut g, 0, "U", at(2, 0, 0), builder);
    play(&mut g, 1, "B", at(2, -1, 0), Action::Pass);
    // P0 extends the road west of D and moves the fairy next to its thief.
    place(&mut g, 0, "U", at(-1, 0, 0));
    let mut ev = Vec::new();
    g.apply_action(fairy_to(&g, 1, 0), &mut ev).unwrap();
    // The builder's second tile is offered; take it.
    g.apply_action(Action::verb("second-tile", Arg::Bool(true)), &mut ev)
        .unwrap();
    assert_eq!(g.part(), 2);
    assert!(fairy_points(&ev).is_empty(), "{ev:?}");
    play(&mut g, 0, "B", at(3, -1, 0), Action::Pass);
    // P1's turn, then P0's: one point, at the start of P0's turn only.
    let ev = play(&mut g, 1, "B", at(0, 1, 0), Action::Pass);
    assert_eq!(fairy_points(&ev), vec![(0, 1, When::TurnStart)]);
    assert_eq!(g.scores()[0], 1);
}

/// "If the fairy is standing next to a follower in a feature that is being
/// scored, the owner of that follower receives 3 points, independent of
/// how much (if anything) the player otherwise receives" (L1094-L1095):
/// P1 wins the road with two thieves, P0's thief beside the fairy scores 3.
#[test]
fn three_points_when_its_followers_feature_scores_without_the_majority_l1095() {
    let r = pd();
    let mut g = on_d(r, 2);
    let thief = figure(r, "U", Kind::Road, FollowerKind::Normal);
    play(&mut g, 0, "U", at(1, 0, 0), thief);
    for x in 1..=4 {
        play(&mut g, 0, "B", at(x, -1, 0), Action::Pass);
    }
    play(&mut g, 1, "U", at(3, 0, 0), thief);
    play(&mut g, 0, "E", at(5, -1, N), Action::Pass);
    play(&mut g, 1, "U", at(5, 0, 0), thief);
    // The road's ends: cloisters west and east.
    place(&mut g, 0, "A", at(-1, 0, 3));
    g.apply_action(fairy_to(&g, 1, 0), &mut Vec::new()).unwrap();
    play(&mut g, 1, "A", at(6, 0, 1), Action::Pass);
    play(&mut g, 0, "U", at(2, 0, 0), Action::Pass);
    let ev = play(&mut g, 1, "U", at(4, 0, 0), Action::Pass);
    let mut got: Vec<(u8, u32, Reason)> =
        ev.iter().map(|e| (e.player, e.points, e.reason)).collect();
    got.sort_by_key(|e| e.0);
    assert_eq!(got, vec![(0, 3, Reason::Fairy), (1, 8, Reason::Completed)]);
    // The follower went home; the fairy stays, next to no one (L1095).
    assert_eq!(fairy(&g), Some((1, 0, false)));
    // So P0's next turn starts without a point.
    let ev = play(&mut g, 0, "E", at(7, 0, E), Action::Pass);
    assert!(fairy_points(&ev).is_empty());
}

/// "If a player completes a city and does not deploy a follower, he or she
/// can move the fairy to a follower in the city and earn the three bonus
/// points" (L1096).
#[test]
fn completing_a_city_the_fairy_moves_there_first_and_scores_l1096() {
    let r = pd();
    let mut g = on_d(r, 2);
    let knight = figure(r, "E", Kind::City, FollowerKind::Normal);
    play(&mut g, 0, "E", at(0, -1, S), knight);
    play(&mut g, 1, "U", at(1, 0, 0), Action::Pass);
    // P0 completes nothing yet; the city of D and E is complete: it scored.
    assert_eq!(g.scores()[0], 4);
    let knight = figure(r, "E", Kind::City, FollowerKind::Normal);
    play(&mut g, 0, "E", at(1, 1, S), knight);
    play(&mut g, 1, "U", at(2, 0, 0), Action::Pass);
    // P0's E below closes the city at (1, 1): the fairy moves to the
    // knight there first.
    place(&mut g, 0, "E", at(1, 2, N));
    let mut ev = Vec::new();
    g.apply_action(fairy_to(&g, 1, 1), &mut ev).unwrap();
    let mut got: Vec<(u8, u32, Reason)> =
        ev.iter().map(|e| (e.player, e.points, e.reason)).collect();
    got.sort_by_key(|e| e.2);
    assert_eq!(got, vec![(0, 4, Reason::Completed), (0, 3, Reason::Fairy)]);
}

/// "Farm" is among the features scored (L1094): the final scoring of a farm
/// worth nothing still pays the farmer beside the fairy 3.
#[test]
fn a_farm_scored_at_the_end_pays_the_fairy_even_when_worth_nothing_l1094() {
    let r = pd();
    let mut g = on_d(r, 2);
    let farmer = figure(r, "B", Kind::Field, FollowerKind::Normal);
    play(&mut g, 0, "B", at(0, 1, 0), farmer);
    play(&mut g, 1, "U", at(1, 0, 0), Action::Pass);
    place(&mut g, 0, "U", at(-1, 0, 0));
    g.apply_action(fairy_to(&g, 0, 1), &mut Vec::new()).unwrap();
    let ev = g.finish();
    assert!(
        ev.contains(&ScoreEvent::at_end(0, 3, Kind::Field, Reason::Fairy)),
        "{ev:?}"
    );
}

/// The dragon cannot enter the fairy's tile (L1092, L1112).
#[test]
fn the_dragon_does_not_enter_the_fairys_tile_l1092() {
    let r = pd();
    let v = tile(r, "DG/F.v");
    let mut g = Game::new_scripted(r, 2, &[(v, at(0, 0, 0))]).unwrap();
    let monk = figure(r, "B", Kind::Cloister, FollowerKind::Normal);
    play(&mut g, 1, "B", at(1, 0, 0), monk);
    play(&mut g, 0, "B", at(-1, 0, 0), Action::Pass);
    // P1 moves the fairy next to its monk east of the volcano.
    place(&mut g, 1, "B", at(0, -1, 0));
    g.apply_action(fairy_to(&g, 1, 0), &mut Vec::new()).unwrap();
    // P0's dragon tile south: the ways are west and south, not east.
    place(&mut g, 0, "DG/C.d", at(0, 1, S));
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    let mut ways: Vec<u8> = g
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Do(v) => match v.arg {
                Arg::Dir(d) => Some(d),
                _ => None,
            },
            _ => None,
        })
        .collect();
    ways.sort();
    assert_eq!(ways, vec![N, S, W]);
    let _ = E;
}

/// The fairy's points are not for an abbot taken back (L1231).
#[test]
fn no_three_points_for_an_abbot_taken_back_l1231() {
    let r = carcassonne_runtime::ruleset("everything_c2").unwrap();
    let d = tile(r, "D");
    let mut g = Game::new_scripted(r, 2, &[(d, at(0, 0, 0))]).unwrap();
    let abbot = figure(r, "B", Kind::Cloister, FollowerKind::Abbot);
    play(&mut g, 0, "B", at(0, 1, 0), abbot);
    play(&mut g, 1, "U", at(1, 0, 0), Action::Pass);
    place(&mut g, 0, "U", at(-1, 0, 0));
    g.apply_action(fairy_to(&g, 0, 1), &mut Vec::new()).unwrap();
    place(&mut g, 1, "U", at(2, 0, 0));
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    // P0's turn began with the fairy's point; P0 takes the abbot back.
    assert_eq!(g.scores()[0], 1);
    place(&mut g, 0, "U", at(-2, 0, 0));
    let mut ev = Vec::new();
    g.apply_action(Action::verb("return-abbot", Arg::None), &mut ev)
        .unwrap();
    assert_eq!(
        ev.iter().map(|e| e.reason).collect::<Vec<_>>(),
        vec![Reason::AbbotReturn]
    );
}

/// The loser of a challenge is not scored, so the fairy beside it pays
/// nothing (L1222-L1226): the monk's side completes first, the heretic
/// beside the fairy goes home with nothing. (everything_c1 without the
/// Messages, whose marker questions after each gain this script does not
/// answer.)
#[test]
fn no_three_points_for_the_loser_of_a_challenge_l1222() {
    let r = support::without_mechs(
        carcassonne_runtime::ruleset("everything_c1").unwrap(),
        &[carcassonne_runtime::mechanics::Mech::Messages],
    );
    let mut g = on_d(r, 2);
    let monk = figure(r, "B", Kind::Cloister, FollowerKind::Normal);
    play(&mut g, 1, "B", at(0, 1, 0), monk);
    let heretic = figure(r, "CU/S", Kind::Shrine, FollowerKind::Normal);
    play(&mut g, 0, "CU/S", at(1, 1, 0), heretic);
    place(&mut g, 0, "D", at(1, 0, 0));
    g.apply_action(fairy_to(&g, 1, 1), &mut Vec::new()).unwrap();
    let mut ev = Vec::new();
    for (p, id, x, y, rot) in [
        (1, "D", -1, 0, 0),
        (0, "E", -1, 1, W),
        (1, "E", -1, 2, S),
        (0, "E", 0, 2, S),
        (1, "E", 1, 2, S),
    ] {
        ev.extend(play(&mut g, p, id, at(x, y, rot), Action::Pass));
    }
    assert!(ev.contains(&ScoreEvent::new(1, 9, Kind::Cloister, Reason::Completed)));
    assert!(
        ev.iter()
            .all(|e| e.reason != Reason::Fairy || e.when == When::TurnStart),
        "{ev:?}"
    );
    assert!(
        g.followers().iter().all(|f| f.player != 0),
        "the heretic lost"
    );
}

/// RGG and ZMG put the fairy on a tile, and every follower there earns its
/// points (fn 3, 5, 7 L1336-L1340; option `fairy = "on-tile"`): P1's farmer
/// sent through a portal onto the tile of P0's knight shares the fairy.
#[test]
fn on_a_tile_every_follower_there_earns_the_fairys_point_fn5() {
    let r = on_tile(pd());
    let mut g = on_d(r, 2);
    let knight = figure(r, "E", Kind::City, FollowerKind::Normal);
    play(&mut g, 0, "E", at(0, 1, S), knight);
    // P1's portal tile: a farmer onto the field of E at (0, 1).
    place(&mut g, 1, "DG/RrRr.g", at(1, 0, 0));
    let (_, farm) = spots(&g, "portal")
        .into_iter()
        .find(|&(s, _)| {
            cell(&g, s) == (0, 1) && kind_of(&g, s) == Kind::Field && s.kind == FollowerKind::Normal
        })
        .expect("a portal farmer onto E");
    g.apply_action(farm, &mut Vec::new()).unwrap();
    // P0 moves the fairy onto that tile (one answer for the tile).
    place(&mut g, 0, "U", at(-1, 0, 0));
    assert_eq!(fairy_moves(&g).len(), 1);
    // The move ends P0's turn, and P1's turn starts with a point for the
    // farmer standing with the fairy.
    let mut ev = Vec::new();
    g.apply_action(fairy_to(&g, 0, 1), &mut ev).unwrap();
    assert_eq!(fairy_points(&ev), vec![(1, 1, When::TurnStart)]);
    // P1's turn ends and P0's starts with a point for the knight.
    let ev = play(&mut g, 1, "U", at(-2, 0, 0), Action::Pass);
    assert_eq!(fairy_points(&ev), vec![(0, 1, When::TurnStart)]);
    assert_eq!(g.scores(), &[1, 1][..]);
}

/// A turn's start points are the first events of that turn's entry, and
/// a replay with an observer (the viewer's, `render game`'s) keeps them
/// there on the board it keeps for the final scoring too.
#[test]
fn turn_start_points_replay_with_an_observer() {
    use carcassonne_runtime::record::{replay, replay_observed};
    let r = pd();
    for seed in 0..3 {
        let rec = carcassonne_runtime::bots::play_recorded(
            r,
            3,
            seed,
            &["greedy", "greedy", "random"],
            |_, _, _, _| {},
        )
        .unwrap();
        let starts = rec
            .turns
            .iter()
            .flat_map(|t| t.events.iter().flatten())
            .filter(|e| e.reason == "fairy")
            .count();
        assert!(starts > 0, "seed {seed}: no fairy points to carry");
        let plain = replay(&rec, r, true).unwrap();
        let mut steps = 0;
        let seen = replay_observed(&rec, r, true, &mut |_| steps += 1)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(seen.game.scores(), plain.game.scores());
        assert!(steps > rec.turns.len());
    }
}
