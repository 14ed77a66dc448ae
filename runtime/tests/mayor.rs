//! Abbey & Mayor's mayor (000_9deb58b1a7d17d38.txt L1619-L1646, fn 18-28
//! L1851-L1861) on `base_abbey_mayor`, through the action API: only into a
//! city without a follower, strength the city's pennants.

use carcassonne_runtime::engine::{
    Action, ActionError, Deploy, FollowerKind, Game, MoveError, Reason, ScoreEvent, When,
};
use carcassonne_runtime::tables::{Kind, Ruleset};

mod support;
use support::{at, place, play};

const BLUE: u8 = 0;
const RED: u8 = 1;

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_abbey_mayor").unwrap()
}

fn tile(id: &str) -> u16 {
    support::tile(rules(), id)
}

fn seg(id: &str, kind: Kind) -> u8 {
    support::seg(rules(), id, kind)
}

fn figure(id: &str, kind: Kind, figure: FollowerKind) -> Action {
    support::figure(rules(), id, kind, figure)
}

/// "The mayor has a strength of three (for the three pennants). As such,
/// BLUE scores 18 points for the city" (L1646): a city of six tiles and
/// three pennants (2 × 9), BLUE's mayor in one arm against two RED knights
/// in the others; the mayor's 3 beats RED's 2, and the city's value is what
/// it would be without the mayor (L1644).
#[test]
fn a_mayor_with_three_pennants_scores_18_l1646() {
    // The centre (0, 0) is left for last: Q (city N E W, a pennant) joins
    // three arms. West: AM/C!+ (a pennant); north: G and a cap; east: F (a
    // pennant) and a cap. Plain cloister tiles B hold the arms in place.
    let mut g = Game::new_scripted(rules(), 2, &[(tile("B"), at(0, 1, 0))]).unwrap();
    play(&mut g, BLUE, "B", at(1, 1, 0), Action::Pass);
    play(&mut g, RED, "B", at(-1, 1, 0), Action::Pass);
    let mayor = figure("AM/C!+", Kind::City, FollowerKind::Mayor);
    play(&mut g, BLUE, "AM/C!+", at(-1, 0, 2), mayor);
    let knight = figure("F", Kind::City, FollowerKind::Normal);
    play(&mut g, RED, "F", at(1, 0, 0), knight);
    play(&mut g, BLUE, "E", at(2, 0, 3), Action::Pass);
    play(&mut g, RED, "B", at(1, -1, 0), Action::Pass);
    let knight = figure("G", Kind::City, FollowerKind::Normal);
    play(&mut g, RED, "G", at(0, -1, 1), knight);
    play(&mut g, BLUE, "E", at(0, -2, 2), Action::Pass);
    assert_eq!(g.figures(BLUE, FollowerKind::Mayor), 0);
    let events = play(&mut g, BLUE, "Q", at(0, 0, 0), Action::Pass);
    assert_eq!(
        events,
        vec![ScoreEvent {
            player: BLUE,
            points: 18,
            feature: Kind::City,
            reason: Reason::Completed,
            when: When::Play,
        }]
    );
    assert_eq!(g.scores(), &[18, 0]);
    // "After scoring, the mayor is returned to the player's supply" (L1644).
    assert_eq!(g.figures(BLUE, FollowerKind::Mayor), 1);
    assert_eq!(g.supply(RED), 7);
}

/// "If the city has no pennants, then the mayor has a strength of zero and
/// scores no points for the city" (L1644), yet "The city is occupied"
/// (fn 27 L1860): no follower may join it, and its completion pays nobody.
#[test]
fn a_mayor_without_pennants_occupies_the_city_and_scores_nothing_fn27() {
    let mut g = Game::new_scripted(rules(), 2, &[(tile("D"), at(0, 0, 0))]).unwrap();
    let mayor = figure("G", Kind::City, FollowerKind::Mayor);
    play(&mut g, BLUE, "G", at(0, -1, 1), mayor);
    // RED extends the city: occupied by the mayor.
    place(&mut g, RED, "N", at(0, -2, 2));
    let city = Deploy {
        segment: seg("N", Kind::City),
        kind: FollowerKind::Normal,
    };
    let legal = g.legal_actions();
    assert!(!legal.contains(&Action::Deploy(city)), "{legal:?}");
    let before = g.clone();
    let e = g
        .apply_action(Action::Deploy(city), &mut Vec::new())
        .unwrap_err();
    assert_eq!(e, ActionError::Illegal(MoveError::Occupied));
    assert_eq!(g, before);
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    // BLUE closes it: four tiles, no pennant, 8 points to nobody.
    let events = play(&mut g, BLUE, "E", at(1, -2, 3), Action::Pass);
    assert_eq!(events, vec![]);
    assert_eq!(g.scores(), &[0, 0]);
    assert_eq!(g.figures(BLUE, FollowerKind::Mayor), 1);
    assert!(g.followers().is_empty());
}

/// "It may only be deployed to a city in which there is currently no
/// knight" (L1633); a wagon is a follower too (fn 20 L1853); and only a
/// city takes it.
#[test]
fn the_mayor_goes_only_into_a_city_without_followers_l1633_fn20() {
    let mut g = Game::new_scripted(rules(), 2, &[(tile("D"), at(0, 0, 0))]).unwrap();
    let wagon = figure("G", Kind::City, FollowerKind::Wagon);
    play(&mut g, BLUE, "G", at(0, -1, 1), wagon);
    place(&mut g, RED, "N", at(0, -2, 2));
    let mayor = Deploy {
        segment: seg("N", Kind::City),
        kind: FollowerKind::Mayor,
    };
    assert!(!g.legal_actions().contains(&Action::Deploy(mayor)));
    let before = g.clone();
    let e = g
        .apply_action(Action::Deploy(mayor), &mut Vec::new())
        .unwrap_err();
    assert_eq!(e, ActionError::Illegal(MoveError::Occupied));
    assert_eq!(g, before);
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    // On a road or a field: refused; the offer lists cities only.
    place(&mut g, BLUE, "U", at(1, 0, 0));
    let legal = g.legal_actions();
    let mayors: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Deploy(d) if d.kind == FollowerKind::Mayor))
        .collect();
    assert!(mayors.is_empty(), "U has no city: {mayors:?}");
    let on_road = Deploy {
        segment: seg("U", Kind::Road),
        kind: FollowerKind::Mayor,
    };
    let e = g
        .apply_action(Action::Deploy(on_road), &mut Vec::new())
        .unwrap_err();
    assert_eq!(
        e,
        ActionError::Illegal(MoveError::WrongFeature {
            figure: "mayor",
            feature: "road"
        })
    );
}

/// One mayor each (L1584, L1625), and only where the ruleset plays it.
#[test]
fn each_player_has_one_mayor_and_other_rulesets_none() {
    let g = Game::new(rules(), 3, 1).unwrap();
    for p in 0..3 {
        assert_eq!(g.figures(p, FollowerKind::Mayor), 1);
        assert_eq!(g.figures(p, FollowerKind::Wagon), 1);
    }
    let base = carcassonne_runtime::ruleset("base").unwrap();
    let g = Game::new(base, 2, 1).unwrap();
    assert_eq!(g.figures(0, FollowerKind::Mayor), 0);
}
