//! Heretics & Shrines (000_9deb58b1a7d17d38.txt L2060-L2093, fn 42-62
//! L2188-L2208; 002_7f8d72b3eaff567f.txt L846-L864; 003_f0943165331a7fee.txt
//! L172-L206) on `base_heretics_shrines`, in scripted games through the
//! action API. Each test names the seed line it checks.
//!
//! The boards are built on an empty table (the first tile at (0, 0)): the
//! shrine CU/S and the cloister B show fields all round, and the tiles
//! around them are U (a straight road) and V (a curve), laid so that only
//! fields face the shrine and the cloister and roads run from one filler to
//! the next.

use carcassonne_runtime::engine::{
    Action, ActionError, Deploy, FollowerKind, Game, Move, MoveError, Placement, Reason,
    ScoreEvent, When,
};
use carcassonne_runtime::tables::{option_index, Kind, Mech, Ruleset};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_heretics_shrines").unwrap()
}

/// The ruleset with the printed booklet's rule: only another player's monk
/// is challenged (`challenge_own_monk = false`, 002_… L852-L855).
fn rules_others_only() -> &'static Ruleset {
    let r = rules();
    let mut options = r.options;
    options.values[option_index("challenge_own_monk")] = 0;
    Box::leak(Box::new(Ruleset { options, ..*r }))
}

fn tile(r: &Ruleset, id: &str) -> u16 {
    r.tile_index(id).unwrap_or_else(|| panic!("no tile {id}")) as u16
}

fn seg(r: &Ruleset, id: &str, kind: Kind) -> u8 {
    let t = &r.tiles[tile(r, id) as usize];
    t.segments.iter().position(|s| s.kind == kind).unwrap() as u8
}

fn at(x: i16, y: i16, rotation: u8) -> Placement {
    Placement { x, y, rotation }
}

fn game(r: &'static Ruleset) -> Game {
    Game::new_scripted(r, 2, &[]).unwrap()
}

/// `player` places `id` at `p` and puts a follower on its segment of kind
/// `on` (or passes); the turn's score events.
fn turn(g: &mut Game, player: u8, id: &str, p: Placement, on: Option<Kind>) -> Vec<ScoreEvent> {
    let r = g.rules();
    g.force_player(player).unwrap();
    g.force_draw(tile(r, id)).unwrap();
    let mut ev = Vec::new();
    g.apply_action(Action::Place(p), &mut ev).unwrap();
    let wood = match on {
        Some(k) => Action::Deploy(Deploy {
            segment: seg(r, id, k),
            kind: FollowerKind::Normal,
        }),
        None => Action::Pass,
    };
    g.apply_action(wood, &mut ev).unwrap();
    ev
}

/// Filler tiles, placed by `player` with no follower: each is (tile, x, y,
/// rotation). U turned 0 runs east-west, turned 1 north-south; V turned 0
/// joins west and south, 1 north and west, 2 north and east, 3 east and south.
fn fill(g: &mut Game, player: u8, tiles: &[(&str, i16, i16, u8)]) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    for &(id, x, y, r) in tiles {
        ev.extend(turn(g, player, id, at(x, y, r), None));
    }
    ev
}

/// Points for cloisters and shrines only (the fillers' roads score too).
fn monastic(ev: &[ScoreEvent]) -> Vec<ScoreEvent> {
    ev.iter()
        .copied()
        .filter(|e| matches!(e.feature, Kind::Cloister | Kind::Shrine))
        .collect()
}

fn completed(player: u8, feature: Kind) -> ScoreEvent {
    ScoreEvent {
        player,
        points: 9,
        feature,
        reason: Reason::Completed,
        when: When::Play,
    }
}

fn on_board(g: &Game, player: u8) -> usize {
    g.followers().iter().filter(|f| f.player == player).count()
}

/// The shrine's ring when the cloister stands east of it at (1, 0): every
/// cell around (0, 0) but (1, 0), a road from (1, -1) round the west side to
/// (1, 1).
const AROUND_SHRINE: &[(&str, i16, i16, u8)] = &[
    ("U", 0, -1, 0),
    ("U", 1, -1, 0),
    ("V", -1, -1, 3),
    ("U", -1, 0, 1),
    ("V", -1, 1, 2),
    ("U", 0, 1, 0),
    ("U", 1, 1, 0),
];

/// The cloister's ring at (1, 0) beside the shrine at (0, 0): every cell
/// around (1, 0) but (0, 0), a road from (0, -1) round the east side to
/// (0, 1).
const AROUND_CLOISTER: &[(&str, i16, i16, u8)] = &[
    ("U", 0, -1, 0),
    ("U", 1, -1, 0),
    ("V", 2, -1, 0),
    ("U", 2, 0, 1),
    ("V", 2, 1, 1),
    ("U", 1, 1, 0),
    ("U", 0, 1, 0),
];

/// P0's heretic on the shrine at (0, 0), then `monk`'s monk on the cloister
/// east of it at (1, 0): a challenge (L2072).
fn challenge(r: &'static Ruleset, monk: u8) -> Game {
    let mut g = game(r);
    turn(&mut g, 0, "CU/S", at(0, 0, 0), Some(Kind::Shrine));
    turn(&mut g, monk, "B", at(1, 0, 0), Some(Kind::Cloister));
    g
}

#[test]
fn a_follower_on_a_shrine_is_a_heretic_l2072_or_goes_elsewhere_l2074() {
    let r = rules();
    let mut g = game(r);
    g.force_draw(tile(r, "CU/SR")).unwrap();
    g.apply_action(Action::Place(at(0, 0, 0)), &mut Vec::new())
        .unwrap();
    let legal = g.legal_actions();
    for kind in [Kind::Shrine, Kind::Road, Kind::Field] {
        let d = Action::Deploy(Deploy {
            segment: seg(r, "CU/SR", kind),
            kind: FollowerKind::Normal,
        });
        assert!(legal.contains(&d), "{kind:?}: {legal:?}");
    }
    // "he need not place a follower on the cult place ... he may choose to
    // place no follower at all" (002_… L863-L864).
    assert!(legal.contains(&Action::Pass));
}

#[test]
fn a_shrine_surrounded_scores_9_like_a_cloister_l2068() {
    let r = rules();
    let mut g = game(r);
    turn(&mut g, 0, "CU/S", at(0, 0, 0), Some(Kind::Shrine));
    let ring = [
        ("U", 0, -1, 0),
        ("V", 1, -1, 0),
        ("U", 1, 0, 1),
        ("V", 1, 1, 1),
        ("U", 0, 1, 0),
        ("V", -1, 1, 2),
        ("U", -1, 0, 1),
    ];
    let ev = fill(&mut g, 1, &ring);
    assert!(monastic(&ev).is_empty(), "{ev:?}");
    let ev = fill(&mut g, 1, &[("V", -1, -1, 3)]);
    assert_eq!(monastic(&ev), [completed(0, Kind::Shrine)]);
    assert_eq!(g.scores()[0], 9);
    assert_eq!(g.supply(0), 7, "the heretic is back");
}

/// "The player who finishes his or her feature first scores 9 points, while
/// the other player scores nothing ... Both followers are then returned"
/// (L2084); the 2nd edition's example: "You (Red player) place your tile and
/// complete your shrine. You gain 9 points, and Blue will gain 0 points for
/// the monastery when it is completed" (003_… L194).
#[test]
fn the_shrine_completed_first_scores_9_and_the_monk_goes_home_with_nothing_l2084_example_s3_l194() {
    let mut g = challenge(rules(), 1);
    let (last, ring) = AROUND_SHRINE.split_last().unwrap();
    assert!(monastic(&fill(&mut g, 1, ring)).is_empty());
    assert_eq!(on_board(&g, 1), 1, "the monk still stands");
    // Red (P0) completes the shrine.
    let ev = fill(&mut g, 0, &[*last]);
    assert_eq!(monastic(&ev), [completed(0, Kind::Shrine)]);
    assert_eq!(
        (g.supply(0), g.supply(1)),
        (7, 7),
        "both followers returned"
    );
    assert_eq!(g.scores(), [9, 0]);
    // Blue's monastery completed later: 0 points.
    let ev = fill(
        &mut g,
        1,
        &[("V", 2, -1, 1), ("E", 2, 0, 1), ("V", 2, 1, 0)],
    );
    assert!(monastic(&ev).is_empty(), "{ev:?}");
    assert_eq!(g.scores(), [9, 0]);
    // Nor at the end.
    assert!(monastic(&g.finish()).is_empty());
}

/// "Say I have a heretic engaged in a challenge with another player's monk,
/// and I place the tile which completes the monk's cloister, so that the monk
/// scores 9 points and I score 0" (fn 59 L2205; 003_… L196).
#[test]
fn completing_the_monks_cloister_first_leaves_the_heretic_nothing_fn59_l2205() {
    let mut g = challenge(rules(), 1);
    let (last, ring) = AROUND_CLOISTER.split_last().unwrap();
    assert!(monastic(&fill(&mut g, 1, ring)).is_empty());
    // The heretic's owner places the tile that completes the cloister.
    let ev = fill(&mut g, 0, &[*last]);
    assert_eq!(monastic(&ev), [completed(1, Kind::Cloister)]);
    assert_eq!(g.scores(), [0, 9]);
    assert_eq!((on_board(&g, 0), on_board(&g, 1)), (0, 0));
    assert_eq!((g.supply(0), g.supply(1)), (7, 7));
    // The shrine completed later scores nothing: nobody stands on it.
    let ev = fill(
        &mut g,
        0,
        &[("V", -1, -1, 3), ("U", -1, 0, 1), ("V", -1, 1, 2)],
    );
    assert!(monastic(&ev).is_empty(), "{ev:?}");
}

/// "If the tile placed completes both the shrine and the cloister, no one
/// completed the building first, and both receive the points" (fn 55 L2201;
/// 003_… L192: "both are worth 9 points").
#[test]
fn one_tile_completing_both_scores_both_fn55_l2201() {
    let mut g = challenge(rules(), 1);
    let ring = [
        ("U", 0, -1, 0),
        ("U", 1, -1, 0),
        ("V", 2, -1, 0),
        ("U", 2, 0, 1),
        ("V", 2, 1, 1),
        ("V", -1, -1, 3),
        ("U", -1, 0, 1),
        ("V", -1, 1, 2),
        ("U", 0, 1, 0),
    ];
    assert!(monastic(&fill(&mut g, 0, &ring)).is_empty());
    // (1, 1) is next to both.
    let mut ev = monastic(&fill(&mut g, 0, &[("U", 1, 1, 0)]));
    ev.sort_by_key(|e| e.player);
    assert_eq!(
        ev,
        [completed(0, Kind::Shrine), completed(1, Kind::Cloister)]
    );
    assert_eq!(g.scores(), [9, 9]);
    assert_eq!((g.supply(0), g.supply(1)), (7, 7));
}

/// "If a challenge has not been resolved by the end of the game, both players
/// receive the usual points awarded for incomplete cloisters" (L2088;
/// 002_… L861-L862).
#[test]
fn an_unresolved_challenge_scores_both_as_incomplete_cloisters_l2088() {
    let mut g = challenge(rules(), 1);
    // Two more neighbours for the shrine, one of them the cloister's too.
    fill(&mut g, 0, &[("U", -1, 0, 1), ("U", 0, 1, 0)]);
    let mut ev = monastic(&g.finish());
    ev.sort_by_key(|e| e.player);
    // Shrine: itself + cloister, (-1, 0), (0, 1) = 4; cloister: itself +
    // shrine, (0, 1) = 3.
    let incomplete = |player, points, feature| ScoreEvent {
        player,
        points,
        feature,
        reason: Reason::Final,
        when: When::End,
    };
    assert_eq!(
        ev,
        [
            incomplete(0, 4, Kind::Shrine),
            incomplete(1, 3, Kind::Cloister)
        ]
    );
}

/// "Challenging your own monk or heretic is also possible" (L2072; 003_…
/// L186): the default, `challenge_own_monk = true`.
#[test]
fn a_heretic_challenges_its_owners_own_monk_by_default_l2072() {
    let mut g = challenge(rules(), 0);
    let ev = fill(&mut g, 1, AROUND_SHRINE);
    assert_eq!(monastic(&ev), [completed(0, Kind::Shrine)]);
    assert_eq!(on_board(&g, 0), 0, "the own monk lost the challenge");
    assert_eq!(g.supply(0), 7);
    let ev = fill(
        &mut g,
        1,
        &[("V", 2, -1, 1), ("E", 2, 0, 1), ("V", 2, 1, 0)],
    );
    assert!(monastic(&ev).is_empty(), "{ev:?}");
    assert_eq!(g.scores()[0], 9);
}

/// The printed booklet challenges only "a cloister occupied by a monk of
/// another player" (002_… L852-L855; fn 48 L2194, fn 51 L2197):
/// `challenge_own_monk = false` leaves a player's own pair alone, and still
/// challenges another player's monk.
#[test]
fn with_challenge_own_monk_off_only_another_players_monk_is_challenged_s2_l852() {
    let r = rules_others_only();
    assert_eq!(r.options.word("challenge_own_monk"), Some("false"));
    let mut g = challenge(r, 0);
    let ev = fill(&mut g, 1, AROUND_SHRINE);
    assert_eq!(monastic(&ev), [completed(0, Kind::Shrine)]);
    assert_eq!(on_board(&g, 0), 1, "the own monk stays");
    let ev = fill(
        &mut g,
        1,
        &[("V", 2, -1, 1), ("E", 2, 0, 1), ("V", 2, 1, 0)],
    );
    assert_eq!(monastic(&ev), [completed(0, Kind::Cloister)]);
    assert_eq!(g.scores()[0], 18);

    let mut g = challenge(r, 1);
    let ev = fill(&mut g, 1, AROUND_SHRINE);
    assert_eq!(monastic(&ev), [completed(0, Kind::Shrine)]);
    assert_eq!(on_board(&g, 1), 0, "another player's monk is challenged");
}

/// A placement the shrine rule refuses (`p`, whose edges match) is not
/// among the legal actions in any rotation, and trying it anyway, as an
/// action or as a move, is refused with the game unchanged.
fn refused(g: &mut Game, id: &str, p: Placement, why: &'static str) {
    let r = g.rules();
    g.force_draw(tile(r, id)).unwrap();
    let legal = g.legal_actions();
    for rotation in 0..4 {
        let turned = Action::Place(at(p.x, p.y, rotation));
        assert!(!legal.contains(&turned), "{id} at {p:?} listed");
    }
    let before = g.clone();
    let e = g
        .apply_action(Action::Place(p), &mut Vec::new())
        .unwrap_err();
    assert_eq!(
        e,
        ActionError::Illegal(MoveError::rule(Mech::Heretics, why))
    );
    assert_eq!(*g, before);
    let mv = Move {
        placement: p,
        deploy: None,
    };
    assert_eq!(g.check(mv), Err(MoveError::rule(Mech::Heretics, why)));
    assert_eq!(g.apply(mv), Err(MoveError::rule(Mech::Heretics, why)));
    assert_eq!(*g, before);
}

fn listed(g: &Game, p: Placement) -> bool {
    g.legal_actions().contains(&Action::Place(p))
}

/// "a shrine may not be placed in such a way that it adjoins several
/// cloisters" (L2068; fn 43 L2189).
#[test]
fn a_shrine_may_not_adjoin_two_cloisters_l2068() {
    let mut g = game(rules());
    fill(&mut g, 0, &[("B", 0, 0, 0), ("B", 0, 1, 0)]);
    refused(
        &mut g,
        "CU/S",
        at(1, 0, 0),
        "a shrine may not adjoin several cloisters",
    );
    // Beside one of them only, it may.
    assert!(listed(&g, at(0, -1, 0)));
    assert!(listed(&g, at(0, 2, 0)));
}

/// "Similarly, a cloister may not be placed so that it neighbors several
/// shrines" (L2068; 002_… L850-L851).
#[test]
fn a_cloister_may_not_neighbour_two_shrines_l2068() {
    let mut g = game(rules());
    fill(&mut g, 0, &[("CU/S", 0, 0, 0), ("CU/SR", 0, 1, 0)]);
    refused(
        &mut g,
        "B",
        at(1, 1, 0),
        "a cloister may not neighbour several shrines",
    );
    assert!(!listed(&g, at(1, 0, 0)), "beside both as well");
    assert!(listed(&g, at(0, -1, 0)));
}

/// "Can I place a shrine in such a way that it forces a cloister to neighbor
/// several shrines? ... no" (fn 44 L2190), and the same for a cloister that
/// would give a shrine a second cloister (fn 43 L2189: "and vice versa").
#[test]
fn no_placement_may_give_a_neighbour_a_second_rival_fn44_l2190() {
    let mut g = game(rules());
    fill(&mut g, 0, &[("CU/S", 0, 0, 0), ("B", 1, 0, 0)]);
    // A second shrine next to the cloister: the cloister would neighbour
    // two shrines, though the new shrine adjoins one cloister only.
    refused(
        &mut g,
        "CU/SR",
        at(2, 0, 0),
        "a cloister next to it would neighbour several shrines",
    );

    let mut g = game(rules());
    fill(&mut g, 0, &[("B", 0, 0, 0), ("CU/S", 1, 0, 0)]);
    refused(
        &mut g,
        "B",
        at(2, 0, 0),
        "a shrine next to it would adjoin several cloisters",
    );
    // Two cloisters side by side, away from the shrine, are fine.
    assert!(listed(&g, at(-1, 0, 0)));
}

/// A tile with neither a cloister nor a shrine is never refused by the rule.
#[test]
fn other_tiles_are_not_concerned() {
    let mut g = game(rules());
    fill(&mut g, 0, &[("B", 0, 0, 0), ("CU/S", 1, 0, 0)]);
    g.force_draw(tile(rules(), "U")).unwrap();
    assert!(listed(&g, at(0, 1, 0)));
    assert!(listed(&g, at(2, 0, 1)));
}

/// A lost challenge takes a figure off the board while the tile's completed
/// features are still being scored: the monk on a second cloister completed
/// by the same tile still scores (L2084 for the loser, L186 for the
/// cloisters).
#[test]
fn a_lost_challenge_hides_no_other_completion_l2084() {
    let mut g = challenge(rules(), 1);
    turn(&mut g, 0, "B", at(2, 0, 0), Some(Kind::Cloister));
    let ring = [
        ("U", 0, -1, 0),
        ("U", 1, -1, 0),
        ("U", 2, -1, 0),
        ("V", 3, -1, 0),
        ("U", 3, 0, 1),
        ("V", 3, 1, 1),
        ("U", 2, 1, 0),
        ("U", 0, 1, 0),
    ];
    assert!(monastic(&fill(&mut g, 1, &ring)).is_empty());
    // (1, 1) completes both cloisters; the heretic loses to the monk at (1, 0).
    let mut ev = monastic(&fill(&mut g, 1, &[("U", 1, 1, 0)]));
    ev.sort_by_key(|e| e.player);
    assert_eq!(
        ev,
        [completed(0, Kind::Cloister), completed(1, Kind::Cloister)]
    );
    assert!(g.followers().is_empty(), "{:?}", g.followers());
    assert_eq!((g.supply(0), g.supply(1)), (7, 7));
}
