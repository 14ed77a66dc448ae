//! The Wheel of Fortune with The Princess & the Dragon and The Catapult
//! (ruleset `wheel_princess_dragon_catapult`; 000_9deb58b1a7d17d38.txt
//! L2664-L2908 with L1015-L1376 and L2210-L2342): where the sets meet, each
//! test named for the seed line it plays. The Wheel is the start block at
//! x 0..3, y 0..3 (its centre cells (1..2, 1..2) are all board, no land);
//! its city at (0, 0) opens north, its road at (0, 1) leaves west.

mod support;

use carcassonne_runtime::engine::{
    start_placements, Action, Actor, Arg, Decision, FollowerKind, Game, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};
use support::bot_games::*;
use support::wheel::*;
use support::*;

fn rules() -> &'static Ruleset {
    carcassonne_runtime::ruleset("wheel_princess_dragon_catapult").unwrap()
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

/// `player` draws the road tile with a wheel icon of `n` (the pig moves,
/// the event happens) and lays it on the road west of the portal tile, at
/// (-2-k, 1); the points the draw brought, per player.
fn spin(g: &mut Game, player: u8, n: u8, k: i16) -> Vec<i32> {
    g.force_player(player).unwrap();
    let before = g.scores().to_vec();
    g.force_draw(tile(g.rules(), &format!("WF:BA/RFr.w{n}")))
        .unwrap();
    let gained = g.scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    // The Plague's answers come before the tile is placed.
    while g.pending().unwrap().decision != Decision::Place {
        let a = g.legal_actions()[0];
        act(g, a);
    }
    act(g, Action::Place(at(-2 - k, 1, 0)));
    act(g, Action::Pass);
    gained
}

/// The cell the dragon stands on, as the game shows it.
fn dragon(g: &Game) -> Option<(i16, i16)> {
    g.shown()
        .neutral
        .iter()
        .find(|n| n.def.name == "dragon")
        .map(|n| (n.x, n.y))
}

/// The directions the dragon may take now (0-3: N, E, S, W).
fn ways(g: &Game) -> Vec<u8> {
    g.legal_actions()
        .iter()
        .filter_map(|a| match (a.name(), a.arg()) {
            ("dragon", Arg::Dir(d)) => Some(d),
            _ => None,
        })
        .collect()
}

/// Where `player`'s followers stand on the board: (x, y, feature).
fn standing(g: &Game, player: u8) -> Vec<(i16, i16, Kind)> {
    g.followers()
        .iter()
        .filter(|f| f.player == player)
        .map(|f| {
            let s = g.spot_of(f);
            let (x, y) = cell(g, s);
            (x, y, kind_of(g, s))
        })
        .collect()
}

/// The portal's answers now: (x, y, feature) of each target.
fn portal_targets(g: &Game) -> Vec<(i16, i16, Kind)> {
    spots(g, "portal")
        .into_iter()
        .map(|(s, _)| {
            let (x, y) = cell(g, s);
            (x, y, kind_of(g, s))
        })
        .collect()
}

/// The portal's answer sending a normal follower into `feature` at (x, y).
fn through(g: &Game, x: i16, y: i16, feature: Kind) -> Action {
    spots(g, "portal")
        .into_iter()
        .find(|&(s, _)| {
            cell(g, s) == (x, y) && kind_of(g, s) == feature && s.kind == FollowerKind::Normal
        })
        .unwrap_or_else(|| panic!("no portal answer to ({x}, {y}) {feature:?}"))
        .1
}

const CENTRE: [(i16, i16); 4] = [(1, 1), (2, 1), (1, 2), (2, 2)];

/// A scripted game of the mix on the Wheel: P0 places the volcano DG/F.v
/// north of the Wheel at (1, -1) (the dragon comes into play there) and
/// puts a follower on Fortune's crown space; P1 places the portal tile
/// DG/RrRr.g on the Wheel's western road at (-1, 1) and sends a follower
/// through it onto that road on the Wheel's cell (0, 1) (fn 2 L2900).
fn by_the_wheel(players: u8) -> Game {
    let r = rules();
    let mut g = Game::new_scripted(r, players, &start_placements(r)).unwrap();
    place(&mut g, 0, "DG/F.v", at(1, -1, 0));
    assert_eq!(dragon(&g), Some((1, -1)));
    act(&mut g, crown("fortune"));
    place(&mut g, 1, "DG/RrRr.g", at(-1, 1, 0));
    let road = through(&g, 0, 1, Kind::Road);
    act(&mut g, road);
    assert_eq!(standing(&g, 1), [(0, 1, Kind::Road)]);
    assert_eq!(crowns(&g, "fortune"), [Some(0)]);
    g
}

/// The mix starts on the Wheel (L2696-L2698) with every set's tiles and
/// every set's mechanics.
#[test]
fn the_mix_starts_on_the_wheel_with_the_three_sets_l2696() {
    let r = rules();
    assert_eq!(r.start.len(), 16, "the Wheel's 16 cells");
    for id in ["WF:BA/RFr.w1", "DG/F.v", "DG/C.d", "DG/RrRr.g", "CA.C"] {
        assert!(r.tile_index(id).is_some(), "{id}");
    }
    let g = Game::new_scripted(r, 2, &start_placements(r)).unwrap();
    assert_eq!(pig(&g), "fortune");
    assert_eq!(dragon(&g), None, "beside the board until a volcano");
}

/// Fn 1 L2899: the dragon flies round the outside of the Wheel, treating
/// its land as normal tiles and eating the followers there; never across
/// the Wheel itself (its all-board centre cells); followers on the Wheel
/// (crown spaces) are unaffected. L2747 with L1114: the follower it ate is
/// back in its owner's supply, so the Storm counts it.
#[test]
fn the_dragon_flies_round_the_wheel_and_eats_on_its_land_fn1_l2899() {
    let mut g = by_the_wheel(2);
    // P0's dragon tile north of the Wheel's city: the journey starts at
    // the volcano (1, -1).
    place(&mut g, 0, "DG/C.d", at(0, -1, 2));
    act(&mut g, Action::Pass);
    // Step 1 (P0): south onto the Wheel's cell (1, 0).
    assert_eq!(ways(&g), [S, W]);
    act(&mut g, Action::verb("dragon", Arg::Dir(S)));
    assert_eq!(dragon(&g), Some((1, 0)));
    // Not on into the Wheel's centre (1, 1): round its rim only.
    assert_eq!(ways(&g), [E, W], "no way south into the Wheel");
    act(&mut g, Action::verb("dragon", Arg::Dir(W)));
    assert_eq!(dragon(&g), Some((0, 0)));
    // South onto (0, 1): P1's follower on the Wheel's road is eaten.
    assert!(ways(&g).contains(&S));
    act(&mut g, Action::verb("dragon", Arg::Dir(S)));
    assert_eq!(dragon(&g), Some((0, 1)));
    assert!(standing(&g, 1).is_empty(), "eaten on the Wheel's land");
    assert!(!ways(&g).contains(&E), "no way east into the Wheel");
    while g.pending().unwrap().decision == Decision::named("dragon") {
        let d = ways(&g)[0];
        act(&mut g, Action::verb("dragon", Arg::Dir(d)));
    }
    let trail = &g.shown().trails[0].cells;
    assert_eq!(trail.len(), 7, "six steps: {trail:?}");
    assert!(
        trail.iter().all(|c| !CENTRE.contains(&(c[0], c[1]))),
        "never inside the Wheel: {trail:?}"
    );
    assert_eq!(
        crowns(&g, "fortune"),
        [Some(0)],
        "the crown space is on the Wheel"
    );
    assert_eq!(g.supply(1), 7, "P1's follower is home");
    // Storm (Fortune + 3): P0 has 6 in supply (one on a crown space), P1 7.
    let gained = spin(&mut g, 1, 3, 0);
    assert_eq!(pig(&g), "storm");
    assert_eq!(gained, [6, 7]);
}

/// Fn 2 L2900: a follower goes through a magic portal onto a feature of a
/// Wheel tile outside the Wheel (the road of (0, 1) in `by_the_wheel`);
/// the Wheel's centre has no feature to go to. The portal never reaches a
/// crown space (*reading*: L2706 puts a follower there only as the
/// alternative to one on a land tile, which the portal's is), but the
/// crown spaces stay offered beside the portal's targets, as L2706 says.
#[test]
fn a_portal_reaches_the_wheel_tiles_outer_land_not_a_crown_space_fn2_l2900() {
    let r = rules();
    let mut g = Game::new_scripted(r, 2, &start_placements(r)).unwrap();
    place(&mut g, 0, "DG/RrRr.g", at(-1, 1, 0));
    let targets = portal_targets(&g);
    for want in [(0, 1, Kind::Road), (0, 0, Kind::City), (3, 2, Kind::City)] {
        assert!(targets.contains(&want), "{want:?} in {targets:?}");
    }
    assert!(
        targets.iter().all(|&(x, y, _)| !CENTRE.contains(&(x, y))),
        "nothing inside the Wheel"
    );
    let crowns_offered = g
        .legal_actions()
        .iter()
        .filter(|a| a.name() == "crown")
        .count();
    assert_eq!(crowns_offered, 6, "a free space in each sector");
    let city = through(&g, 3, 2, Kind::City);
    act(&mut g, city);
    assert_eq!(standing(&g, 0), [(3, 2, Kind::City)]);
    assert!(SECTORS
        .iter()
        .all(|s| crowns(&g, s).iter().all(Option::is_none)));
    assert_eq!(g.to_move(), 1, "one follower a turn: the turn is over");
}

/// 000_9deb58b1a7d17d38.txt fn 4 L2327: "followers on the tiles
/// corresponding to ... Wheel of Fortune can be hit and removed" (L2271:
/// knock-out sends them home): those on the Wheel's land, and those on a
/// crown space, reached on the cells that hold it (`+crown=SECTOR`).
#[test]
fn a_catapult_token_knocks_out_followers_on_the_wheels_land_and_crown_spaces_fn4_l2327() {
    let mut g = by_the_wheel(2);
    // P0's fair tile CA.C north of the Wheel's city, its city closing it;
    // P0 puts a second follower on the Taxes crown space.
    place(&mut g, 0, "CA.C", at(0, -1, 2));
    act(&mut g, crown("taxes"));
    assert_eq!(
        g.pending().unwrap().decision,
        Decision::named("catapult-token")
    );
    act(&mut g, Action::verb("catapult-token", Arg::Word(0))); // knock-out
    let lands = |at: &str| {
        let cells = [
            "N2W2", "N2W1", "N2", "N2E1", "N2E2", "N1W2", "N1W1", "N1", "N1E1", "N1E2", "W2", "W1",
            "fair", "E1", "E2", "S1W2", "S1W1", "S1", "S1E1", "S1E2", "S2W2", "S2W1", "S2", "S2E1",
            "S2E2",
        ];
        let i = cells.iter().position(|&c| c == at).unwrap();
        Action::verb("catapult-lands", Arg::Word(i as u8))
    };
    assert_eq!(g.pending().unwrap().actor, Actor::Chance);
    // P0's token lands two cells south of the fair: the Wheel's (0, 1).
    act(&mut g, lands("S2"));
    assert!(standing(&g, 1).is_empty(), "knocked out on the Wheel");
    assert_eq!(g.supply(1), 7);
    // P1's lands on the Wheel's (1, 0), a cell of Fortune's crown space:
    // P0's follower there goes home (fn 4 L2327), Taxes' (on (3, 0) and
    // (3, 1)) stays.
    let supply = g.supply(0);
    act(&mut g, lands("S1E1"));
    assert_eq!(crowns(&g, "fortune"), [None]);
    assert_eq!(crowns(&g, "taxes"), [Some(0), None]);
    assert_eq!(g.supply(0), supply + 1);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    assert_eq!(g.to_move(), 1);
}

/// Fn 3 L2901 (a community reading, played): the Plague may take a
/// follower standing on the Wheel tiles' outer land, which is a land tile;
/// L2753: never one on a crown space; neutral figures (the dragon) stay.
#[test]
fn the_plague_takes_a_follower_on_the_wheels_outer_land_fn3_l2901() {
    let mut g = by_the_wheel(2);
    spin(&mut g, 0, 3, 0);
    assert_eq!(pig(&g), "storm");
    spin(&mut g, 1, 2, 1);
    assert_eq!(pig(&g), "plague");
    assert!(standing(&g, 1).is_empty(), "P1's one follower, on (0, 1)");
    assert_eq!(g.supply(1), 7);
    assert_eq!(
        crowns(&g, "fortune"),
        [Some(0)],
        "P0 has no follower on land: not asked"
    );
    assert_eq!(dragon(&g), Some((1, -1)), "the dragon is no follower");
}

/// L2704-L2708 with L1088: the fairy goes next to a follower on the board;
/// one on a crown space is on the Wheel, not on a tile, so a player whose
/// only follower is there has nowhere to move it; a follower on the
/// Wheel's outer land has the fairy like any other.
#[test]
fn the_fairy_never_stands_by_a_follower_on_a_crown_space_l1088() {
    let mut g = by_the_wheel(2);
    let fairy = |g: &Game| {
        g.legal_actions()
            .iter()
            .filter(|a| a.name() == "fairy")
            .count()
    };
    place(&mut g, 0, "WF:BA/L", at(4, 0, 0));
    assert_eq!(fairy(&g), 0, "P0's one follower is on a crown space");
    act(&mut g, Action::Pass);
    place(&mut g, 1, "WF:BA/L", at(4, 1, 0));
    assert!(fairy(&g) > 0, "P1's follower on the Wheel's road");
}

/// L2714 with L1102 and L2259: seeded bot games of the mix (2 to 5
/// players) move the pig, the dragon and the catapult's tokens, and replay
/// from their records alone: with the seed, observed, and without it.
#[test]
fn bot_games_of_the_mix_replay_from_their_record_l2714() {
    let (mut wheel_events, mut eaten, mut rounds) = (0u64, 0u64, 0u64);
    for b in bot_games(rules(), 0..8, 5, MIXED, |_, _| {}) {
        let g = &b.game;
        assert!(
            scores_events_sum(g, &b.events),
            "seed {}: every point in an event",
            b.seed
        );
        let s = state(g);
        wheel_events += SECTORS
            .iter()
            .map(|n| s["wheel"]["events"][n].as_u64().unwrap())
            .sum::<u64>();
        rounds += s["catapult_rounds"].as_u64().unwrap();
        eaten += g
            .shown()
            .tallies
            .iter()
            .filter(|t| t.key == "eaten")
            .map(|t| u64::from(t.count))
            .sum::<u64>();
    }
    assert!(wheel_events > 0, "the pig moved");
    assert!(rounds > 0, "catapult rounds were played");
    assert!(eaten > 0, "the dragon ate");
}
