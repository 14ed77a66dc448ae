//! The Catapult in scripted games through the action API
//! (000_9deb58b1a7d17d38.txt L2210-L2342; docs/rules/catapult.md). Tests
//! are named for the seed line they play.

use carcassonne_runtime::engine::{Action, Deploy, FollowerKind, Game, Reason, ScoreEvent};
use carcassonne_runtime::tables::{Kind, Ruleset};

mod support;
use support::{at, on_d, place, seg, with_option};

fn catapult() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_catapult").unwrap()
}

/// `catapult_rule = "fair-bonus"` (L2298).
fn house_rule() -> &'static Ruleset {
    with_option(catapult(), "catapult_rule", 1)
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

fn points(events: &[ScoreEvent], reason: Reason) -> Vec<(u8, u32)> {
    events
        .iter()
        .filter(|e| e.reason == reason)
        .map(|e| (e.player, e.points))
        .collect()
}

/// A normal follower on the first `kind` segment of tile `id`.
fn on(rules: &Ruleset, id: &str, kind: Kind) -> Action {
    Action::Deploy(Deploy {
        segment: seg(rules, id, kind),
        kind: FollowerKind::Normal,
    })
}

/// The modules' state as the protocol shows it.
fn state(g: &Game) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    g.state_json(&mut m);
    m
}

/// L2298, the house rule: P1 draws the fair tile CA.C and puts a follower
/// on its city, which closes D's: 5 for the fair at once, then the city's
/// 4. A follower elsewhere, or none, earns nothing; under the catapult
/// rules (the default) the bonus is not paid.
#[test]
fn a_follower_on_a_fair_tile_scores_five_under_the_house_rule_l2298() {
    let rules = house_rule();
    let mut g = on_d(rules, 2);
    place(&mut g, 1, "CA.C", at(0, -1, 2));
    let ev = act(&mut g, on(rules, "CA.C", Kind::City));
    assert_eq!(points(&ev, Reason::Fair), vec![(1, 5)]);
    assert_eq!(points(&ev, Reason::Completed), vec![(1, 4)]);
    assert_eq!(g.scores()[1], 9);
    assert_eq!(state(&g)["fair_bonuses"], serde_json::json!([0, 1]));
    // A fair tile with no follower on it: nothing.
    place(&mut g, 0, "CA.F", at(1, -1, 0));
    let ev = act(&mut g, Action::Pass);
    assert!(points(&ev, Reason::Fair).is_empty());
    // A follower on a tile without a fair: nothing.
    place(&mut g, 0, "E", at(0, 1, 2));
    let ev = act(&mut g, on(rules, "E", Kind::Field));
    assert!(points(&ev, Reason::Fair).is_empty());
    // The catapult rules: no bonus.
    let mut g = on_d(catapult(), 2);
    place(&mut g, 1, "CA.C", at(0, -1, 2));
    let ev = act(&mut g, on(catapult(), "CA.C", Kind::City));
    assert!(points(&ev, Reason::Fair).is_empty());
}
