//! The Tower (000_9deb58b1a7d17d38.txt L1378-L1529, fn 2-30 L1490-L1529)
//! in scripted games through the action API. Tests are named for the line
//! they play.
//!
//! The board: D at (0, 0) (city north, road west-east); TO/F, a field with a
//! tower foundation, at (0, 1); cloisters (B, all field) around it.

use carcassonne_runtime::engine::{
    Action, ActionError, Arg, Decision, FollowerKind, Game, MoveError, Reason,
};
use carcassonne_runtime::tables::{Kind, Ruleset};

mod support;
use support::{at, figure, on_d, place, play, with_option};

fn tw() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_tower").unwrap()
}

fn idx(g: &Game, x: i32, y: i32) -> u16 {
    g.placed_index_at(x, y).expect("a tile there") as u16
}

fn piece(g: &Game, x: i32, y: i32) -> Action {
    Action::verb("tower-piece", Arg::Tile(idx(g, x, y)))
}

fn top(g: &Game, x: i32, y: i32) -> Action {
    Action::verb("tower-top", Arg::Tile(idx(g, x, y)))
}

fn monk(r: &Ruleset) -> Action {
    figure(r, "B", Kind::Cloister, FollowerKind::Normal)
}

/// The captures offered now: the cell and owner of each figure.
fn captures(g: &Game) -> Vec<(i16, i16, u8)> {
    let mut v: Vec<_> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match (a.name(), a.arg()) {
            ("capture", Arg::Spot(s)) => {
                let q = g.placed()[s.placed as usize];
                Some((q.x, q.y, s.player))
            }
            ("capture-top", Arg::Tile(t)) => {
                let q = g.placed()[t as usize];
                Some((q.x, q.y, 9))
            }
            _ => None,
        })
        .collect();
    v.sort();
    v
}

/// The capture of the figure at (x, y).
fn capture_at(g: &Game, x: i16, y: i16) -> Action {
    g.legal_actions()
        .into_iter()
        .find(|a| match (a.name(), a.arg()) {
            ("capture", Arg::Spot(s)) => {
                let q = g.placed()[s.placed as usize];
                (q.x, q.y) == (x, y)
            }
            ("capture-top", Arg::Tile(t)) => {
                let q = g.placed()[t as usize];
                (q.x, q.y) == (x, y)
            }
            _ => false,
        })
        .expect("a capture there")
}

fn prisoners_of(g: &Game, jailer: u8) -> usize {
    g.held()
        .iter()
        .filter(|h| h.tile == u16::MAX && h.data == u16::from(jailer))
        .count()
}

fn act(g: &mut Game, a: Action) -> Vec<carcassonne_runtime::engine::ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev).unwrap();
    ev
}

/// D, then TO/F (the foundation) at (0, 1), placed by P0 without a figure.
fn foundation(r: &'static Ruleset, players: u8) -> Game {
    let mut g = on_d(r, players);
    play(&mut g, 0, "TO/F", at(0, 1, 0), Action::Pass);
    g
}

/// "Number of players: 2 ×10, 3 ×9, 4 ×7, 5 ×6, 6 ×5" (L1427-L1437).
#[test]
fn tower_pieces_by_the_number_of_players_l1427() {
    for (players, each) in [(2, 10), (3, 9), (4, 7), (5, 6)] {
        let g = Game::new(tw(), players, 1).unwrap();
        let mut m = serde_json::Map::new();
        carcassonne_runtime::mechanics::state_json(&g, &mut m);
        assert_eq!(
            m["tower_pieces"],
            serde_json::json!(vec![each; players as usize]),
            "{players} players"
        );
    }
}

/// The seed's first picture (L1460): RED puts a tower piece on a
/// foundation and takes the BLUE follower next to it prisoner; instead of
/// deploying (L1450), on any foundation in play, not only the new tile's.
#[test]
fn red_places_a_piece_and_takes_blue_prisoner_l1460() {
    let r = tw();
    let mut g = foundation(r, 2);
    play(&mut g, 1, "B", at(0, 2, 0), monk(r));
    place(&mut g, 0, "B", at(-1, 1, 0));
    assert!(
        g.legal_actions().contains(&piece(&g, 0, 1)),
        "any foundation (L1450)"
    );
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    assert_eq!(
        g.pending().unwrap().decision,
        Decision::named("capture"),
        "the capture is asked of the piece's player"
    );
    assert_eq!(captures(&g), [(0, 2, 1)]);
    let blue = g.supply(1);
    let a = capture_at(&g, 0, 2);
    act(&mut g, a);
    assert_eq!(g.supply(1), blue, "not back in BLUE's supply");
    assert_eq!(g.in_transit(1, FollowerKind::Normal), 1);
    assert_eq!(prisoners_of(&g, 0), 1, "RED holds it (L1463)");
    assert!(g.followers().iter().all(|f| f.player != 1));
    assert_eq!(g.to_move(), 1, "the piece was the turn's figure step");
}

/// The second picture (L1461, L1458, fn 10 L1504): at two pieces the tower
/// reaches two tiles in each of the four directions, across holes (fn 11
/// L1505), never diagonally; and taking no one is allowed ("may", L1454).
#[test]
fn a_second_piece_reaches_two_tiles_in_line_l1461() {
    let r = tw();
    let mut g = foundation(r, 3);
    // E's city faces cells left empty (rotation 3: west, 0: north).
    play(&mut g, 1, "E", at(0, 2, 3), Action::Pass);
    play(&mut g, 1, "B", at(0, 3, 0), monk(r)); // 2 south
    play(&mut g, 2, "B", at(1, 1, 0), monk(r)); // 1 east
    play(&mut g, 2, "E", at(2, 1, 0), Action::Pass);
    play(&mut g, 2, "B", at(3, 1, 0), monk(r)); // 3 east: out of reach
    play(&mut g, 1, "B", at(1, 2, 0), monk(r)); // diagonal
    place(&mut g, 0, "E", at(-1, 1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    assert_eq!(captures(&g), [(1, 1, 2)], "one tile each way at height 1");
    act(&mut g, Action::Pass);
    place(&mut g, 0, "E", at(-2, 1, 3));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    assert_eq!(
        captures(&g),
        [(0, 3, 1), (1, 1, 2)],
        "two tiles each way at height 2, not (3, 1), not diagonal (1, 2)"
    );
    act(&mut g, Action::Pass);
    assert_eq!(prisoners_of(&g, 0), 0);
}

/// "If the player takes one of his or her own followers prisoner, it should
/// be returned to the supply" (L1463, fn 5 L1500); `capture_own = false`
/// plays the original rule: only an opponent's.
#[test]
fn ones_own_capture_goes_home_l1463_fn5() {
    let r = tw();
    let mut g = foundation(r, 2);
    play(&mut g, 0, "B", at(0, 2, 0), monk(r));
    place(&mut g, 0, "B", at(-1, 1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    assert_eq!(captures(&g), [(0, 2, 0)]);
    let mine = g.supply(0);
    let a = capture_at(&g, 0, 2);
    act(&mut g, a);
    assert_eq!(g.supply(0), mine + 1, "back in the supply");
    assert_eq!(prisoners_of(&g, 0), 0);

    let r = with_option(tw(), "capture_own", 0);
    let mut g = foundation(r, 2);
    play(&mut g, 0, "B", at(0, 2, 0), monk(r));
    place(&mut g, 0, "B", at(-1, 1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    assert_eq!(
        g.pending().unwrap().decision,
        Decision::Place,
        "no one to take"
    );
}

/// A follower on top finishes the tower (L1469): no piece goes on it any
/// more (fn 18 L1516), and a bare foundation takes no follower (fn 3
/// L1492).
#[test]
fn a_follower_on_top_finishes_the_tower_l1469_fn3() {
    let r = tw();
    let mut g = foundation(r, 2);
    place(&mut g, 1, "B", at(0, 2, 0));
    assert!(
        !g.legal_actions().contains(&top(&g, 0, 1)),
        "not on a bare foundation (fn 3)"
    );
    let a = top(&g, 0, 1);
    let e = g.apply_action(a, &mut Vec::new()).unwrap_err();
    assert!(
        matches!(e, ActionError::Illegal(MoveError::Rule { .. })),
        "{e}"
    );
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    place(&mut g, 0, "B", at(-1, 1, 0));
    let before = g.supply(0);
    let a = top(&g, 0, 1);
    act(&mut g, a);
    assert_eq!(g.supply(0), before - 1);
    assert_eq!(
        g.in_transit(0, FollowerKind::Normal),
        1,
        "held on the tower"
    );
    place(&mut g, 1, "B", at(1, 1, 0));
    assert!(!g.legal_actions().contains(&piece(&g, 0, 1)), "finished");
    let a = piece(&g, 0, 1);
    let e = g.apply_action(a, &mut Vec::new()).unwrap_err();
    assert!(e.to_string().contains("tower rule"), "{e}");
}

/// The follower on top "is not removed ... unless ... captured by another
/// tower" (L1469, fn 22 L1521), and then the tower grows again (fn 18
/// L1516); `tower_top_capture = false` plays the ZMG rule.
#[test]
fn another_tower_captures_the_top_and_the_tower_reopens_l1469_fn18_fn22() {
    for capturable in [true, false] {
        let r = with_option(tw(), "tower_top_capture", u8::from(capturable));
        let mut g = foundation(r, 2);
        place(&mut g, 1, "B", at(0, 2, 0));
        let a = piece(&g, 0, 1);
        act(&mut g, a);
        let a = top(&g, 0, 1);
        play(&mut g, 0, "E", at(-1, 1, 0), a);
        // A second foundation two tiles south of the first.
        play(&mut g, 1, "TO/L", at(0, 3, 0), Action::Pass);
        place(&mut g, 1, "B", at(1, 1, 0));
        let a = piece(&g, 0, 3);
        act(&mut g, a);
        assert_eq!(
            g.pending().unwrap().decision,
            Decision::Place,
            "out of reach at 1"
        );
        place(&mut g, 1, "B", at(1, 2, 0));
        let a = piece(&g, 0, 3);
        act(&mut g, a);
        if !capturable {
            assert_eq!(g.pending().unwrap().decision, Decision::Place, "safe (ZMG)");
            continue;
        }
        assert_eq!(
            captures(&g),
            [(0, 1, 9)],
            "the top of the tower two tiles away"
        );
        let a = capture_at(&g, 0, 1);
        act(&mut g, a);
        assert_eq!(prisoners_of(&g, 1), 1, "P1 holds P0's follower");
        place(&mut g, 0, "E", at(-1, 2, 3));
        assert!(
            g.legal_actions().contains(&piece(&g, 0, 1)),
            "it grows again"
        );
    }
}

/// "Whenever two players have captured one of each other's followers, they
/// are immediately exchanged" (L1475): with one prisoner each, both come
/// back without asking.
#[test]
fn prisoners_are_exchanged_at_once_l1475() {
    let r = tw();
    let mut g = foundation(r, 2);
    play(&mut g, 1, "B", at(0, 2, 0), monk(r));
    play(&mut g, 0, "B", at(-1, 1, 0), monk(r));
    place(&mut g, 0, "B", at(1, 1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    let a = capture_at(&g, 0, 2);
    act(&mut g, a);
    assert_eq!(prisoners_of(&g, 0), 1);
    let (s0, s1) = (g.supply(0), g.supply(1));
    place(&mut g, 1, "B", at(1, 2, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    let a = capture_at(&g, -1, 1);
    act(&mut g, a);
    assert_eq!((prisoners_of(&g, 0), prisoners_of(&g, 1)), (0, 0));
    assert_eq!(
        (g.supply(0), g.supply(1)),
        (s0 + 1, s1 + 1),
        "each has theirs back"
    );
}

/// Ransom (L1477): once a turn (fn 29 L1528), 3 points to the captor, and
/// not with fewer than 3 points (fn 30 L1529); the follower may be used at
/// once, in the same figure step.
#[test]
fn ransom_three_points_once_a_turn_at_the_figure_step_or_after_scoring_l1477_fn29_fn30() {
    let r = tw();
    let mut g = foundation(r, 2);
    play(&mut g, 1, "B", at(0, 2, 0), monk(r));
    play(&mut g, 1, "B", at(0, 3, 0), monk(r));
    place(&mut g, 0, "E", at(-1, 1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    let a = capture_at(&g, 0, 2);
    act(&mut g, a);
    place(&mut g, 0, "B", at(1, 1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    let a = capture_at(&g, 0, 3);
    act(&mut g, a);
    assert_eq!(prisoners_of(&g, 0), 2);
    let ransom = Action::verb(
        "ransom",
        Arg::Held {
            player: 0,
            kind: FollowerKind::Normal,
        },
    );
    place(&mut g, 1, "B", at(-1, 2, 0));
    assert_eq!(g.scores()[1], 0);
    assert!(
        !g.legal_actions().contains(&ransom),
        "fewer than 3 points (fn 30)"
    );
    let e = g.apply_action(ransom, &mut Vec::new()).unwrap_err();
    assert!(e.to_string().contains("ransom"), "{e}");
    act(&mut g, Action::Pass);

    // Give P1 points: a city of two tiles (D's and E's, 4 points).
    play(
        &mut g,
        1,
        "E",
        at(0, -1, 2),
        figure(r, "E", Kind::City, FollowerKind::Normal),
    );
    assert_eq!(g.scores()[1], 4);
    // "During their turn" (L1477): after the turn's scoring too, now that
    // P1 has the 3 points.
    let after = Action::verb(
        "ransom-after-scoring",
        Arg::Held {
            player: 0,
            kind: FollowerKind::Normal,
        },
    );
    assert_eq!(g.pending().unwrap().decision, Decision::named("ransom"));
    assert_eq!(g.legal_actions(), [Action::Pass, after]);
    let mut paid_now = g.clone();
    let ev = act(&mut paid_now, after);
    assert_eq!(paid_now.scores(), [3, 1]);
    assert!(ev
        .iter()
        .any(|e| e.reason == Reason::RansomPaid && e.player == 1 && e.points == 3));
    assert_eq!(prisoners_of(&paid_now, 0), 1);
    assert_eq!(paid_now.pending().unwrap().decision, Decision::Place);
    act(&mut g, Action::Pass);
    place(&mut g, 1, "U", at(1, 0, 0));
    assert!(g.legal_actions().contains(&ransom));
    let ev = act(&mut g, ransom);
    assert_eq!(g.scores(), [3, 1]);
    assert!(ev
        .iter()
        .any(|e| e.reason == Reason::RansomPaid && e.player == 1 && e.points == 3));
    assert!(ev
        .iter()
        .any(|e| e.reason == Reason::Ransom && e.player == 0 && e.points == 3));
    assert_eq!(prisoners_of(&g, 0), 1);
    assert_eq!(
        g.pending().unwrap().decision,
        Decision::Wood,
        "the step goes on"
    );
    assert!(!g.legal_actions().contains(&ransom), "once a turn (fn 29)");
    // Used at once: the follower bought back goes onto the new cloister;
    // nothing more is asked after the scoring (once a turn).
    act(&mut g, monk(r));
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

/// fn 30 L1529: "This limitation is not present in the initial German
/// rules": under `ransom_needs_points = false` a player with fewer than 3
/// points may buy a prisoner back, paying what they have.
#[test]
fn ransom_without_three_points_under_the_german_rules_fn30() {
    let r = with_option(tw(), "ransom_needs_points", 0);
    let mut g = foundation(r, 2);
    play(&mut g, 1, "B", at(0, 2, 0), monk(r));
    place(&mut g, 0, "B", at(-1, 1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    let a = capture_at(&g, 0, 2);
    act(&mut g, a);
    place(&mut g, 1, "B", at(1, 1, 0));
    let ransom = Action::verb(
        "ransom",
        Arg::Held {
            player: 0,
            kind: FollowerKind::Normal,
        },
    );
    assert!(g.legal_actions().contains(&ransom));
    act(&mut g, ransom);
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(prisoners_of(&g, 0), 0);
}

/// The pieces run out: with none left no piece is offered
/// (L1427-L1437), and the refusal says why.
#[test]
fn no_piece_without_pieces_left_l1427() {
    let r = tw();
    // Five players have six pieces each (the base game takes five).
    let mut g = foundation(r, 5);
    for k in 0..6 {
        place(&mut g, 0, "U", at(1 + k, 0, 0));
        let a = piece(&g, 0, 1);
        act(&mut g, a);
        if g.pending().unwrap().decision != Decision::Place {
            act(&mut g, Action::Pass);
        }
    }
    place(&mut g, 0, "U", at(7, 0, 0));
    assert!(!g.legal_actions().contains(&piece(&g, 0, 1)));
    let a = piece(&g, 0, 1);
    let e = g.apply_action(a, &mut Vec::new()).unwrap_err();
    assert!(e.to_string().contains("no tower piece left"), "{e}");
}

/// "If one of the players has several prisoners belonging to the other
/// player, the owner may decide which prisoner should be returned" (L1475,
/// fn 27 L1526): with a follower and the big follower held (fn 4 L1499:
/// big followers are taken like any), the owner is asked; the other side,
/// with one prisoner, is exchanged without asking.
#[test]
fn the_owner_chooses_which_prisoner_comes_back_l1475_fn27() {
    let r = carcassonne_runtime::ruleset("base_inns_cathedrals_tower").unwrap();
    let mut g = foundation(r, 2);
    play(&mut g, 1, "B", at(0, 2, 0), monk(r));
    play(
        &mut g,
        1,
        "B",
        at(1, 1, 0),
        figure(r, "B", Kind::Cloister, FollowerKind::Big),
    );
    place(&mut g, 0, "E", at(-1, 1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    let a = capture_at(&g, 0, 2);
    act(&mut g, a);
    place(&mut g, 0, "E", at(-2, 1, 3));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    let a = capture_at(&g, 1, 1);
    act(&mut g, a);
    assert_eq!(prisoners_of(&g, 0), 2);
    play(&mut g, 0, "B", at(0, 3, 0), monk(r));
    place(&mut g, 1, "U", at(1, 0, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    let a = capture_at(&g, 0, 3);
    act(&mut g, a);
    let p = g.pending().unwrap();
    assert_eq!(p.decision, Decision::named("exchange"));
    assert_eq!(p.actor, carcassonne_runtime::engine::Actor::Player(1));
    let big = Action::verb(
        "exchange",
        Arg::Held {
            player: 0,
            kind: FollowerKind::Big,
        },
    );
    assert!(g.legal_actions().contains(&big));
    assert_eq!(g.legal_actions().len(), 2);
    act(&mut g, big);
    assert_eq!(
        g.figures(1, FollowerKind::Big),
        1,
        "the big follower is back"
    );
    assert_eq!((prisoners_of(&g, 0), prisoners_of(&g, 1)), (1, 0));
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

/// The Tower with The Princess & the Dragon, started on the volcano
/// DG/F.v (fields all round) at (0, 0): the dragon is there from the
/// start; TO/F, a foundation, at (0, 1), placed by P0 without a figure.
fn dragon_and_foundation(players: u8) -> Game {
    let r = carcassonne_runtime::ruleset("base_princess_dragon_tower").unwrap();
    let v = support::tile(r, "DG/F.v");
    let mut g = Game::new_scripted(r, players, &[(v, at(0, 0, 0))]).unwrap();
    play(&mut g, 0, "TO/F", at(0, 1, 0), Action::Pass);
    g
}

/// `dragon_and_foundation(2)`, then P1 builds the tower on the foundation
/// (placing B at (1, 1)) and P0 puts a follower on its top (placing B at
/// (-1, 1)).
fn dragon_and_p0_on_the_tower() -> Game {
    let mut g = dragon_and_foundation(2);
    place(&mut g, 1, "B", at(1, 1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    place(&mut g, 0, "B", at(-1, 1, 0));
    let a = top(&g, 0, 1);
    act(&mut g, a);
    g
}

/// The decision the game waits for, by name.
fn pending_name(g: &Game) -> String {
    let d = g.pending().unwrap().decision;
    ["capture", "dragon", "exchange", "place", "wood", "source"]
        .into_iter()
        .find(|n| Decision::named(n) == d)
        .unwrap_or("other")
        .to_string()
}

/// "Prisoners are taken first; placing a tower piece is an alternative to
/// deploying a follower, so occurs before dragon movement" (fn 6 L1501).
#[test]
fn the_prisoner_is_taken_before_the_dragon_moves_fn6_l1501() {
    let mut g = dragon_and_foundation(2);
    let r = g.rules();
    play(&mut g, 1, "B", at(1, 1, 0), monk(r));
    // P0 places a dragon tile north of the volcano and builds the tower.
    place(&mut g, 0, "DG/C.d", at(0, -1, 0));
    let a = piece(&g, 0, 1);
    act(&mut g, a);
    assert_eq!(pending_name(&g), "capture", "the capture comes first");
    assert_eq!(captures(&g), [(1, 1, 1)]);
    let a = capture_at(&g, 1, 1);
    act(&mut g, a);
    assert_eq!(prisoners_of(&g, 0), 1);
    assert_eq!(pending_name(&g), "dragon", "then the dragon moves");
}

/// "The dragon eats all followers on a tile, even if one is in a tower"
/// (fn 20 L1520); the tower may then grow again (fn 18 L1516).
#[test]
fn the_dragon_eats_the_follower_on_a_tower_fn20_l1520_fn18() {
    // The tower on the foundation, then P0's follower on top.
    let mut g = dragon_and_p0_on_the_tower();
    let supply = g.supply(0);
    assert_eq!(g.in_transit(0, FollowerKind::Normal), 1, "on the tower");
    // P1 places a dragon tile: P1 steers the dragon from the volcano south
    // onto the tower's tile.
    place(&mut g, 1, "DG/C.d", at(0, -1, 0));
    act(&mut g, Action::Pass);
    assert_eq!(pending_name(&g), "dragon");
    act(&mut g, Action::verb("dragon", Arg::Dir(support::S)));
    assert_eq!(g.in_transit(0, FollowerKind::Normal), 0, "eaten");
    assert_eq!(g.supply(0), supply + 1, "back to its owner");
    while g
        .pending()
        .is_some_and(|p| p.decision == Decision::named("dragon"))
    {
        let a = g.legal_actions()[0];
        act(&mut g, a);
    }
    place(&mut g, 0, "B", at(-1, 2, 0));
    assert!(
        g.legal_actions().contains(&piece(&g, 0, 1)),
        "the tower grows again"
    );
}

/// "The fairy can be moved to a tile when the only follower on the tile is
/// on a tower" (fn 19 L1517): it stands by the tower, its owner scores the
/// point at the start of each turn (L1093), and the dragon keeps off that
/// tile (L1092).
#[test]
fn the_fairy_stands_by_a_follower_on_a_tower_fn19_l1517() {
    let mut g = dragon_and_p0_on_the_tower();
    let fairy = Action::verb("fairy-by-tile-figure", Arg::Tile(idx(&g, 0, 1)));
    place(&mut g, 1, "B", at(1, 2, 0));
    assert!(
        !g.legal_actions().contains(&fairy),
        "P1 has no figure on the tower"
    );
    act(&mut g, Action::Pass);
    place(&mut g, 0, "B", at(-1, 2, 0));
    assert!(g.legal_actions().contains(&fairy));
    act(&mut g, fairy);
    assert!(
        !g.legal_actions().contains(&fairy) || g.pending().unwrap().decision != Decision::Wood,
        "the step is answered"
    );
    let mut m = serde_json::Map::new();
    carcassonne_runtime::mechanics::state_json(&g, &mut m);
    assert_eq!(m["fairy"]["by_tile_figure"]["player"], 0, "{m:?}");
    // P1 places a dragon tile: the dragon's one way is north (the fairy's
    // tile is closed to it), taken without asking; P1's turn ends and P0's
    // begins with its point.
    place(&mut g, 1, "DG/C.d", at(0, -1, 0));
    let before = g.scores()[0];
    let events = act(&mut g, Action::Pass);
    let dragon = g
        .shown()
        .neutral
        .iter()
        .find(|n| n.def.name == "dragon")
        .map(|n| (n.x, n.y));
    assert_eq!(dragon, Some((0, -1)), "never onto the tower's tile");
    assert_eq!(g.in_transit(0, FollowerKind::Normal), 1, "still on top");
    assert!(
        events
            .iter()
            .any(|e| e.player == 0 && e.points == 1 && e.reason == Reason::Fairy),
        "the turn's point: {events:?}"
    );
    assert_eq!(g.scores()[0], before + 1);
    assert_eq!(g.to_move(), 0);
}
