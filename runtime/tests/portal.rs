//! The magic portal (The Princess & the Dragon, 000_9deb58b1a7d17d38.txt
//! L1151-L1163, L1261-L1275, fn 23-24 L1365-L1366) in scripted games
//! through the action API. Tests are named for the line they play.

use carcassonne_runtime::engine::{Action, Deploy, FollowerKind, Game, Reason};
use carcassonne_runtime::tables::Kind;

mod support;
use support::{at, cell, everything, figure, kind_of, on_d, pd, place, play, seg, spots, tile};

/// The portal's answers now: (x, y, feature, figure).
fn targets(g: &Game) -> Vec<(i16, i16, Kind, FollowerKind)> {
    let mut v: Vec<_> = spots(g, "portal")
        .into_iter()
        .map(|(s, _)| {
            let (x, y) = cell(g, s);
            (x, y, kind_of(g, s), s.kind)
        })
        .collect();
    v.sort_by_key(|t| format!("{t:?}"));
    v
}

/// The portal's answer sending `who` into the `feature` of the tile at
/// (x, y).
fn through(g: &Game, x: i16, y: i16, feature: Kind, who: FollowerKind) -> Action {
    spots(g, "portal")
        .into_iter()
        .find(|&(s, _)| cell(g, s) == (x, y) && kind_of(g, s) == feature && s.kind == who)
        .unwrap_or_else(|| panic!("no portal answer to ({x}, {y}) {feature:?} {who:?}"))
        .1
}

/// Where `player`'s followers stand: (x, y, feature, figure).
fn standing(g: &Game, player: u8) -> Vec<(i16, i16, Kind, FollowerKind)> {
    g.followers()
        .iter()
        .filter(|f| f.player == player)
        .map(|f| {
            let s = g.spot_of(f);
            let (x, y) = cell(g, s);
            (x, y, kind_of(g, s), f.kind)
        })
        .collect()
}

/// The seed's example (L1159): RED places the portal tile and puts his
/// follower into the unoccupied city of a tile already in play.
#[test]
fn the_portal_sends_a_follower_to_a_tile_in_play_example_l1159() {
    let r = pd();
    let mut g = on_d(r, 2);
    // The portal's west road continues D's road.
    place(&mut g, 0, "DG/RrRr.g", at(1, 0, 0));
    let t = targets(&g);
    assert!(
        t.contains(&(0, 0, Kind::City, FollowerKind::Normal)),
        "{t:?}"
    );
    assert!(t.contains(&(0, 0, Kind::Field, FollowerKind::Normal)));
    assert!(
        t.iter().all(|&(x, y, ..)| (x, y) != (1, 0)),
        "the portal tile's own features are deployed onto as usual"
    );
    let before = g.supply(0);
    g.apply_action(
        through(&g, 0, 0, Kind::City, FollowerKind::Normal),
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(standing(&g, 0), [(0, 0, Kind::City, FollowerKind::Normal)]);
    assert_eq!(g.supply(0), before - 1);
    assert_eq!(g.to_move(), 1, "the portal is the turn's figure step");
}

/// "The follower may not be deployed to an already occupied or completed
/// feature" (L1157, fn 23: scored or not).
#[test]
fn not_into_an_occupied_or_completed_feature_l1157_fn23() {
    let r = pd();
    let mut g = on_d(r, 2);
    // P1's knight in D's city, continued north by G.
    let knight = figure(r, "G", Kind::City, FollowerKind::Normal);
    play(&mut g, 1, "G", at(0, -1, 1), knight);
    // A road closed at both ends: a crossroads west of D, then P0's portal
    // crossroads east of it (L1157: the portal tile completes it first).
    play(&mut g, 1, "X", at(-1, 0, 0), Action::Pass);
    place(&mut g, 0, "DG/RRR.g", at(1, 0, 0));
    let t = targets(&g);
    assert!(!t
        .iter()
        .any(|&(x, y, k, _)| (x, y) == (0, 0) && k == Kind::City));
    assert!(!t
        .iter()
        .any(|&(x, y, k, _)| (x, y) == (0, -1) && k == Kind::City));
    assert!(
        !t.iter()
            .any(|&(x, y, k, _)| (x, y) == (0, 0) && k == Kind::Road),
        "the road the portal tile completes is no target"
    );
    assert!(
        t.contains(&(-1, 0, Kind::Road, FollowerKind::Normal)),
        "{t:?}"
    );
    // On the portal tile itself, its completed road takes a follower as
    // anywhere else (the usual rules).
    let own = Action::Deploy(Deploy {
        segment: seg(r, "DG/RRR.g", Kind::Road) + 2,
        kind: FollowerKind::Normal,
    });
    assert!(g.legal_actions().contains(&own));
    // A city completed earlier, scored and empty, is no target either.
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    play(&mut g, 0, "E", at(0, -2, 2), Action::Pass);
    assert!(
        g.followers().is_empty(),
        "the knight went home with its city"
    );
    place(&mut g, 0, "DG/RrRr.g", at(1, 1, 0));
    let t = targets(&g);
    assert!(!t.iter().any(|&(_, _, k, _)| k == Kind::City), "{t:?}");
}

/// "Since farms are never completed, you can use other mechanics to place
/// a follower in a farm": even a farm closed all round (L1161-L1163).
#[test]
fn a_closed_farm_is_a_target_l1163() {
    let r = pd();
    let mut g = on_d(r, 2);
    // DG/CCc+.p's inner field touches no side: a farm closed from the start.
    play(&mut g, 0, "DG/CCc+.p", at(0, -1, 2), Action::Pass);
    place(&mut g, 1, "DG/RrRr.g", at(1, 0, 0));
    let (_, closed) = spots(&g, "portal")
        .into_iter()
        .find(|&(s, _)| {
            let q = g.placed()[s.placed as usize];
            cell(&g, s) == (0, -1)
                && kind_of(&g, s) == Kind::Field
                && r.tiles[q.tile as usize].segments[s.segment as usize].ports == 0
        })
        .expect("a portal answer into the closed farm");
    g.apply_action(closed, &mut Vec::new()).unwrap();
    assert_eq!(
        standing(&g, 1),
        [(0, -1, Kind::Field, FollowerKind::Normal)]
    );
}

/// Nothing goes onto the dragon's tile (L1102): not through a portal either.
#[test]
fn not_onto_the_dragons_tile_l1102() {
    let r = pd();
    let v = tile(r, "DG/F.v");
    let mut g = Game::new_scripted(r, 2, &[(v, at(0, 0, 0))]).unwrap();
    play(&mut g, 0, "B", at(0, 1, 0), Action::Pass);
    // The portal's field side (north) turned west, towards the volcano.
    place(&mut g, 1, "DG/RRR.g", at(1, 0, 3));
    let t = targets(&g);
    assert!(t.iter().any(|&(x, y, ..)| (x, y) == (0, 1)), "{t:?}");
    assert!(t.iter().all(|&(x, y, ..)| (x, y) != (0, 0)), "{t:?}");
}

/// Any follower may go through: the big follower, the mayor into a free
/// city (A&M fn 22 L1855), the wagon (fn 23 L1856); no builder or pig (no
/// followers) and no barn (fn 39 L1873).
#[test]
fn every_follower_and_no_other_figure_goes_through_fn22_fn23_fn39() {
    let r = everything();
    let mut g = on_d(r, 2);
    play(&mut g, 1, "B", at(0, 1, 0), Action::Pass);
    place(&mut g, 0, "DG/RrRr.g", at(1, 0, 0));
    let t = targets(&g);
    let kinds = |k: FollowerKind| t.iter().filter(|x| x.3 == k).collect::<Vec<_>>();
    for k in [
        FollowerKind::Normal,
        FollowerKind::Big,
        FollowerKind::Mayor,
        FollowerKind::Wagon,
    ] {
        assert!(!kinds(k).is_empty(), "{k:?} goes through");
    }
    for k in [FollowerKind::Builder, FollowerKind::Pig, FollowerKind::Barn] {
        assert!(kinds(k).is_empty(), "{k:?} does not");
    }
    assert!(kinds(FollowerKind::Mayor).iter().all(|x| x.2 == Kind::City));
    assert!(kinds(FollowerKind::Wagon)
        .iter()
        .all(|x| x.2 != Kind::Field));
    g.apply_action(
        through(&g, 0, 0, Kind::City, FollowerKind::Mayor),
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(standing(&g, 0), [(0, 0, Kind::City, FollowerKind::Mayor)]);
    assert_eq!(g.figures(0, FollowerKind::Mayor), 0);
}

/// The abbot through a portal onto a free cloister (001_46b8449c567a6f1a.txt
/// fn 23 L852).
#[test]
fn the_abbot_goes_through_onto_a_free_cloister_abbot_fn23() {
    let r = carcassonne_runtime::ruleset("everything_c2").unwrap();
    let mut g = on_d(r, 2);
    play(&mut g, 1, "B", at(0, 1, 0), Action::Pass);
    place(&mut g, 0, "DG/RrRr.g", at(1, 0, 0));
    let t = targets(&g);
    let abbot: Vec<_> = t.iter().filter(|x| x.3 == FollowerKind::Abbot).collect();
    assert_eq!(abbot, [&(0, 1, Kind::Cloister, FollowerKind::Abbot)]);
    g.apply_action(
        through(&g, 0, 1, Kind::Cloister, FollowerKind::Abbot),
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(
        standing(&g, 0),
        [(0, 1, Kind::Cloister, FollowerKind::Abbot)]
    );
}

/// A monk sent through a portal into a cloister beside a heretic's shrine
/// starts a challenge (fn 52 L2198): the cloister completed first, the
/// heretic goes home with nothing (L2084).
#[test]
fn a_monk_through_a_portal_challenges_a_heretic_fn52() {
    let r = everything();
    let mut g = Game::new_scripted(r, 2, &[]).unwrap();
    let heretic = figure(r, "CU/S", Kind::Shrine, FollowerKind::Normal);
    play(&mut g, 0, "CU/S", at(0, 0, 0), heretic);
    play(&mut g, 1, "B", at(1, 0, 0), Action::Pass);
    // P1's portal west of the shrine, its field side (north) turned east.
    place(&mut g, 1, "DG/RRR.g", at(-1, 0, 1));
    g.apply_action(
        through(&g, 1, 0, Kind::Cloister, FollowerKind::Normal),
        &mut Vec::new(),
    )
    .unwrap();
    // The cloister's ring, P0 placing without followers.
    let ring: &[(&str, i16, i16, u8)] = &[
        ("U", 0, -1, 0),
        ("U", 1, -1, 0),
        ("V", 2, -1, 0),
        ("U", 2, 0, 1),
        ("V", 2, 1, 1),
        ("U", 1, 1, 0),
        ("U", 0, 1, 0),
    ];
    let mut ev = Vec::new();
    for &(id, x, y, rot) in ring {
        ev.extend(play(&mut g, 0, id, at(x, y, rot), Action::Pass));
    }
    let monastic: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e.feature, Kind::Cloister | Kind::Shrine))
        .map(|e| (e.player, e.points, e.reason))
        .collect();
    assert_eq!(monastic, [(1, 9, Reason::Completed)]);
    assert!(
        g.followers().iter().all(|f| f.player != 0),
        "the heretic lost the challenge"
    );
}
