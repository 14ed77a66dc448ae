//! The Abbot (001_46b8449c567a6f1a.txt L387-L546) on the 2nd-edition base
//! game (`base_c2`), in scripted games through the action API.

use carcassonne_runtime::engine::{
    Action, ActionError, Arg, Decision, Deploy, FollowerKind, Game, MoveError, Placement, Reason,
    ScoreEvent, When,
};
use carcassonne_runtime::tables::Mech;
use carcassonne_runtime::tables::{Kind, Ruleset};

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_c2").unwrap()
}

fn tile(id: &str) -> u16 {
    rules()
        .tile_index(id)
        .unwrap_or_else(|| panic!("no tile {id}")) as u16
}

fn seg(id: &str, kind: Kind) -> u8 {
    let t = &rules().tiles[tile(id) as usize];
    t.segments.iter().position(|s| s.kind == kind).unwrap() as u8
}

fn at(x: i16, y: i16, rotation: u8) -> Placement {
    Placement { x, y, rotation }
}

fn game() -> Game {
    Game::new_scripted(rules(), 2, &[(tile("D"), at(0, 0, 0))]).unwrap()
}

fn place(g: &mut Game, player: u8, id: &str, p: Placement) {
    g.force_player(player).unwrap();
    g.force_draw(tile(id)).unwrap();
    g.apply_action(Action::Place(p), &mut Vec::new()).unwrap();
    assert_eq!(g.pending().unwrap().decision, Decision::Wood);
}

fn abbot(id: &str, kind: Kind) -> Action {
    Action::Deploy(Deploy {
        segment: seg(id, kind),
        kind: FollowerKind::Abbot,
    })
}

/// P0's abbot on the garden of E.G below the start, then four tiles around
/// it (five neighbours with the start tile).
fn abbot_with_five_neighbours(g: &mut Game) {
    place(g, 0, "E.G", at(0, 1, 2));
    g.apply_action(abbot("E.G", Kind::Garden), &mut Vec::new())
        .unwrap();
    for (p, id, xy) in [(1, "U", (1, 0)), (0, "U", (-1, 0)), (1, "B", (1, 1))] {
        place(g, p, id, at(xy.0, xy.1, 0));
        g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    }
    place(g, 0, "B", at(-1, 1, 0));
}

#[test]
fn abbot_goes_on_a_garden_or_cloister_only_l425() {
    let mut g = game();
    place(&mut g, 0, "E.G", at(0, 1, 2));
    let legal = g.legal_actions();
    assert!(legal.contains(&abbot("E.G", Kind::Garden)));
    // "You may not place a regular meeple onto the garden" (L425).
    let normal_on_garden = Action::Deploy(Deploy {
        segment: seg("E.G", Kind::Garden),
        kind: FollowerKind::Normal,
    });
    assert!(!legal.contains(&normal_on_garden));
    let before = g.clone();
    let e = g
        .apply_action(normal_on_garden, &mut Vec::new())
        .unwrap_err();
    assert_eq!(e, ActionError::Illegal(MoveError::NotClaimable("garden")));
    // Not on a city.
    let e = g
        .apply_action(abbot("E.G", Kind::City), &mut Vec::new())
        .unwrap_err();
    assert!(
        matches!(
            e,
            ActionError::Illegal(MoveError::WrongFeature {
                figure: "abbot",
                ..
            })
        ),
        "{e}"
    );
    assert_eq!(g, before);
}

#[test]
fn returning_the_abbot_scores_its_garden_as_at_the_end_l432_example_l434() {
    let mut g = game();
    abbot_with_five_neighbours(&mut g);
    assert!(g
        .legal_actions()
        .contains(&Action::verb("return-abbot", Arg::None)));
    let mut ev = Vec::new();
    g.apply_action(Action::verb("return-abbot", Arg::None), &mut ev)
        .unwrap();
    // "You score 6 points (1 for the garden, and 5 for the tiles surrounding it)."
    assert_eq!(
        ev,
        vec![ScoreEvent {
            player: 0,
            points: 6,
            feature: Kind::Garden,
            reason: Reason::AbbotReturn,
            when: When::Play,
        }]
    );
    assert_eq!(g.figures(0, FollowerKind::Abbot), 1);
    assert_eq!(g.to_move(), 1);
}

#[test]
fn no_second_return_and_no_return_without_an_abbot_out() {
    let mut g = game();
    place(&mut g, 0, "U", at(1, 0, 0));
    assert!(!g
        .legal_actions()
        .contains(&Action::verb("return-abbot", Arg::None)));
    let before = g.clone();
    let e = g
        .apply_action(Action::verb("return-abbot", Arg::None), &mut Vec::new())
        .unwrap_err();
    assert_eq!(
        e,
        ActionError::Illegal(MoveError::rule(
            Mech::Abbot,
            "the player has no abbot on the board to take back"
        ))
    );
    assert_eq!(g, before);
}

#[test]
fn the_return_is_instead_of_deploying_fn27_l856() {
    let mut g = game();
    abbot_with_five_neighbours(&mut g);
    // One answer to the wood decision: the return, or a figure, not both.
    g.apply_action(Action::verb("return-abbot", Arg::None), &mut Vec::new())
        .unwrap();
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    assert_eq!(g.to_move(), 1);
}

#[test]
fn an_abbot_left_out_scores_its_garden_at_the_end_l438() {
    let mut g = game();
    abbot_with_five_neighbours(&mut g);
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    let fin = g.finish();
    let garden: Vec<&ScoreEvent> = fin.iter().filter(|e| e.feature == Kind::Garden).collect();
    assert_eq!(garden.len(), 1, "{fin:?}");
    assert_eq!((garden[0].points, garden[0].reason), (6, Reason::Final));
}
