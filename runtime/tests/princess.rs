//! The princess (The Princess & the Dragon, 000_9deb58b1a7d17d38.txt
//! L1165-L1201, L1277-L1287, fn 25-30 L1367-L1372) in scripted games
//! through the action API. Tests are named for the line they play.

use carcassonne_runtime::engine::{Action, FollowerKind, Game, Reason};
use carcassonne_runtime::tables::{Kind, Ruleset};

mod support;
use support::{at, everything, figure, on_d, pd, place, play, spots, with_option};

/// `base` with the RGG/ZMG princess, who must send a knight home.
fn must(base: &'static Ruleset) -> &'static Ruleset {
    with_option(base, "princess", 1)
}

/// The princess's answers now: the owner and figure of each knight offered.
fn knights(g: &Game) -> Vec<(u8, FollowerKind)> {
    let mut v: Vec<_> = spots(g, "princess")
        .into_iter()
        .map(|(s, _)| (s.player, s.kind))
        .collect();
    v.sort_by_key(|k| format!("{k:?}"));
    v
}

/// The princess's answer sending `player`'s knight home.
fn send_home(g: &Game, player: u8) -> Action {
    spots(g, "princess")
        .into_iter()
        .find(|&(s, _)| s.player == player)
        .expect("a princess answer for that player's knight")
        .1
}

fn on_board(g: &Game, player: u8) -> usize {
    g.followers().iter().filter(|f| f.player == player).count()
}

fn knight(r: &Ruleset, id: &str) -> Action {
    figure(r, id, Kind::City, FollowerKind::Normal)
}

/// P1's knight in D's city, which G (turned north-south) continues to
/// (0, -1).
fn blue_knight(r: &'static Ruleset, players: u8) -> Game {
    let mut g = on_d(r, players);
    play(&mut g, 1, "G", at(0, -1, 1), knight(r, "G"));
    g
}

/// The seed's example (L1173): RED places the princess tile, sends the
/// BLUE knight home, and then places no follower or other figure (L1172).
#[test]
fn red_sends_the_blue_knight_home_and_deploys_nothing_example_l1173() {
    let r = pd();
    let mut g = blue_knight(r, 2);
    // DG/Ccc.p turned so its three-sided city opens south onto G's.
    place(&mut g, 0, "DG/Ccc.p", at(0, -2, 2));
    assert_eq!(knights(&g), [(1, FollowerKind::Normal)]);
    assert!(g.legal_actions().contains(&Action::Pass), "may (L1169)");
    let blue = g.supply(1);
    let mut ev = Vec::new();
    g.apply_action(send_home(&g, 1), &mut ev).unwrap();
    assert!(ev.is_empty(), "a knight sent home scores nothing: {ev:?}");
    assert_eq!(g.supply(1), blue + 1);
    assert_eq!(on_board(&g, 1), 0);
    assert_eq!(on_board(&g, 0), 0, "RED deployed nothing");
    assert_eq!(g.to_move(), 1, "the princess is the turn's figure step");
}

/// "If there are knights of several players in the city, the player placing
/// the tile may freely choose which knight is to be removed" (L1171),
/// their own included (L1169, fn 29).
#[test]
fn any_knight_of_the_city_their_own_too_l1171_fn29() {
    let r = pd();
    let mut g = blue_knight(r, 3);
    // P0's and P2's knights in two cities the princess tile will join: east
    // and west of (0, -2), beside cloisters that fill the corners.
    play(&mut g, 2, "B", at(-1, -1, 0), Action::Pass);
    play(&mut g, 2, "B", at(1, -1, 0), Action::Pass);
    play(&mut g, 0, "E", at(-1, -2, 1), knight(r, "E"));
    play(&mut g, 2, "E", at(1, -2, 3), knight(r, "E"));
    place(&mut g, 0, "DG/Ccc.p", at(0, -2, 2));
    assert_eq!(
        knights(&g),
        [
            (0, FollowerKind::Normal),
            (1, FollowerKind::Normal),
            (2, FollowerKind::Normal)
        ]
    );
    // The tile closes the city: its two knights left score it, the one
    // sent home nothing.
    let mut ev = Vec::new();
    g.apply_action(send_home(&g, 0), &mut ev).unwrap();
    let mut city: Vec<_> = ev
        .iter()
        .filter(|e| e.feature == Kind::City)
        .map(|e| (e.player, e.reason))
        .collect();
    city.sort_by_key(|c| c.0);
    assert_eq!(city, [(1, Reason::Completed), (2, Reason::Completed)]);
    assert_eq!(g.followers().len(), 0);
}

/// "Any follower in a city is a knight": the big follower, the mayor and the
/// wagon (fn 26-28 L1368-L1370); the builder is no follower (L1281).
#[test]
fn the_big_follower_mayor_and_wagon_are_knights_the_builder_is_not_fn26_fn28_l1281() {
    let r = everything();
    let mut g = on_d(r, 3);
    play(
        &mut g,
        1,
        "G",
        at(0, -1, 1),
        figure(r, "G", Kind::City, FollowerKind::Mayor),
    );
    play(
        &mut g,
        1,
        "F",
        at(0, -2, 1),
        figure(r, "F", Kind::City, FollowerKind::Builder),
    );
    play(&mut g, 0, "B", at(-1, -2, 0), Action::Pass);
    play(&mut g, 0, "B", at(1, -2, 0), Action::Pass);
    play(
        &mut g,
        2,
        "E",
        at(1, -3, 3),
        figure(r, "E", Kind::City, FollowerKind::Wagon),
    );
    play(
        &mut g,
        0,
        "E",
        at(-1, -3, 1),
        figure(r, "E", Kind::City, FollowerKind::Big),
    );
    place(&mut g, 0, "DG/Ccc.p", at(0, -3, 2));
    assert_eq!(
        knights(&g),
        [
            (0, FollowerKind::Big),
            (1, FollowerKind::Mayor),
            (2, FollowerKind::Wagon)
        ]
    );
    // The wagon sent home goes home: it does not move on (it moves only
    // when its feature scores, L1674).
    g.apply_action(send_home(&g, 2), &mut Vec::new()).unwrap();
    assert_eq!(g.figures(2, FollowerKind::Wagon), 1);
    assert_eq!(on_board(&g, 2), 0);
}

/// "If the princess removes a player's last knight in a city where the
/// player's builder is present, the builder is automatically returned"
/// (L1280).
#[test]
fn the_builder_goes_home_with_its_owners_last_knight_l1280() {
    let r = everything();
    let mut g = on_d(r, 2);
    play(&mut g, 1, "G", at(0, -1, 1), knight(r, "G"));
    play(
        &mut g,
        1,
        "F",
        at(0, -2, 1),
        figure(r, "F", Kind::City, FollowerKind::Builder),
    );
    assert_eq!(g.figures(1, FollowerKind::Builder), 0);
    place(&mut g, 0, "DG/Ccc.p", at(0, -3, 2));
    g.apply_action(send_home(&g, 1), &mut Vec::new()).unwrap();
    assert_eq!(g.figures(1, FollowerKind::Builder), 1);
    assert_eq!(on_board(&g, 1), 0);
}

/// A princess tile that joins a city without knights, or starts one, is an
/// ordinary tile: the player deploys as usual (L1169, fn 30 L1372).
#[test]
fn a_city_without_knights_offers_no_princess_fn30() {
    let r = pd();
    let mut g = on_d(r, 2);
    place(&mut g, 0, "DG/Ccc.p", at(0, -1, 2));
    assert!(knights(&g).is_empty());
    let deploy = knight(r, "DG/Ccc.p");
    assert!(g.legal_actions().contains(&deploy));
    g.apply_action(deploy, &mut Vec::new()).unwrap();
    assert_eq!(on_board(&g, 0), 1);
}

/// The RGG and ZMG rule (fn 25 L1367, `princess = "must"`): with a knight
/// in the city, sending one home is the only answer; a pass or a deployment
/// is refused and changes nothing.
#[test]
fn under_must_the_princess_must_send_a_knight_home_fn25() {
    let r = must(pd());
    assert_eq!(r.options.word("princess"), Some("must"));
    let mut g = blue_knight(r, 2);
    place(&mut g, 0, "DG/Ccc.p", at(0, -2, 2));
    let legal = g.legal_actions();
    assert_eq!(legal, [send_home(&g, 1)], "{legal:?}");
    let before = g.clone();
    for a in [Action::Pass, knight(r, "DG/Ccc.p")] {
        let e = g.apply_action(a, &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("princess"), "{e}");
        assert!(g == before, "a refused answer changed the game");
    }
    // Without a knight in the city the tile is ordinary under "must" too.
    let mut g = on_d(r, 2);
    place(&mut g, 0, "DG/Ccc.p", at(0, -1, 2));
    assert!(g.legal_actions().contains(&Action::Pass));
}

/// The fairy next to a knight gives it no protection from the princess
/// (L1185); the knight sent home scores nothing for the city the princess
/// tile completes, nor the fairy's 3 points (L1191-L1195), and the fairy
/// earns nothing at its owner's next turn start.
#[test]
fn no_fairy_protection_no_points_for_the_knight_sent_home_l1185_l1191() {
    let r = pd();
    let mut g = blue_knight(r, 2);
    // P0 passes; P1 moves the fairy next to the knight.
    play(&mut g, 0, "U", at(1, 0, 0), Action::Pass);
    place(&mut g, 1, "U", at(2, 0, 0));
    let fairy = *g
        .legal_actions()
        .iter()
        .find(|a| a.name() == "fairy")
        .expect("the fairy may move next to the knight");
    g.apply_action(fairy, &mut Vec::new()).unwrap();
    // P0's princess tile closes the city (its one city side south).
    place(&mut g, 0, "DG/CRRR.p", at(0, -2, 2));
    let score = g.scores()[1];
    let mut ev = Vec::new();
    g.apply_action(send_home(&g, 1), &mut ev).unwrap();
    assert!(ev.iter().all(|e| e.player != 1), "{ev:?}");
    assert!(ev.iter().all(|e| e.reason != Reason::Fairy));
    assert_eq!(g.scores()[1], score);
    assert_eq!(on_board(&g, 1), 0);
}

/// "When placing a princess tile, the fairy can be moved if no knight is
/// removed and no follower is placed on the tile" (L1197-L1201): the three
/// answers are offered side by side, and each excludes the others.
#[test]
fn the_fairy_moves_only_if_no_knight_is_sent_home_l1197() {
    let r = pd();
    let mut g = blue_knight(r, 2);
    play(
        &mut g,
        0,
        "U",
        at(1, 0, 0),
        figure(r, "U", Kind::Road, FollowerKind::Normal),
    );
    place(&mut g, 0, "DG/Ccc.p", at(0, -2, 2));
    let legal = g.legal_actions();
    assert!(legal.iter().any(|a| a.name() == "fairy"));
    assert!(legal.iter().any(|a| a.name() == "princess"));
    assert!(legal.contains(&figure(r, "DG/Ccc.p", Kind::Field, FollowerKind::Normal)));
    g.apply_action(send_home(&g, 1), &mut Vec::new()).unwrap();
    assert_eq!(g.to_move(), 1, "nothing more this turn");
    assert_eq!(on_board(&g, 0), 1);
}
