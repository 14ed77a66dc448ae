//! The barn (Abbey & Mayor, 000_9deb58b1a7d17d38.txt L1748-L1803, fn 39-55
//! L1873-L1889) in scripted games through the action API, and in random
//! games against a rule check written apart from the engine. Tests that
//! play a seed example are named for its line.

use carcassonne_runtime::bots::{BotKind, SimpleBot};
use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, Decision, FollowerKind, Game, MoveError, Reason, ScoreEvent,
    When,
};
use carcassonne_runtime::tables::{Kind, Mech, Ruleset, NO_SEGMENT};

mod support;
use support::{at, figure, place, play as part, tile};

fn ruleset(id: &str) -> &'static Ruleset {
    carcassonne_runtime::ruleset(id).unwrap()
}

fn farmer(r: &Ruleset, id: &str) -> Action {
    figure(r, id, Kind::Field, FollowerKind::Normal)
}

fn pig(r: &Ruleset, id: &str) -> Action {
    figure(r, id, Kind::Field, FollowerKind::Pig)
}

/// `a` is refused with `want`, is not among the legal actions, and leaves
/// the game as it was.
fn refused(g: &mut Game, a: Action, want: MoveError) {
    assert!(!g.legal_actions().contains(&a), "{a:?} is listed");
    let before = g.clone();
    let e = g.apply_action(a, &mut Vec::new()).unwrap_err();
    assert_eq!(e, ActionError::Illegal(want));
    assert!(*g == before, "a refused {a:?} changed the game");
}

fn barn_error(g: &mut Game, a: Action, why: &str) {
    assert!(!g.legal_actions().contains(&a), "{a:?} is listed");
    let before = g.clone();
    match g.apply_action(a, &mut Vec::new()) {
        Err(ActionError::Illegal(MoveError::Rule {
            mech: Mech::Barn,
            why: m,
        })) => {
            assert!(m.contains(why), "{a:?}: `{m}` does not say `{why}`")
        }
        other => panic!("{a:?}: {other:?}"),
    }
    assert!(*g == before, "a refused {a:?} changed the game");
}

/// The barns on the board as (placed tile, corner, player), as the game
/// shows them.
fn barns_on(g: &Game) -> Vec<(usize, u8, u8)> {
    g.shown()
        .corners
        .iter()
        .map(|c| (c.placed as usize, c.corner, c.player))
        .collect()
}

const NW: u8 = 0;
const SW: u8 = 3;

fn barn_event(player: u8, points: u32) -> ScoreEvent {
    ScoreEvent {
        player,
        points,
        feature: Kind::Field,
        reason: Reason::Barn,
        when: When::Play,
    }
}

/// Two completed cities (E turned to face E) north of a farm of two E
/// tiles: the farm of row 0 borders both cities, and so does the farm of
/// row -1 above them. `farmer_at_1_0` is P1's answer on the second E of
/// row 0. Then two cloisters B south of row 0, the second of which (P0's)
/// waits for its wood decision: corner NW of (1, 1) is where (0, 0),
/// (1, 0), (0, 1) and (1, 1) meet, all field.
fn two_city_farm(r: &'static Ruleset, farmer_at_1_0: Action) -> Game {
    let mut g = Game::new_scripted(r, 2, &[(tile(r, "E"), at(0, 0, 0))]).unwrap();
    part(&mut g, 0, "E", at(0, -1, 2), Action::Pass);
    part(&mut g, 1, "E", at(1, 0, 0), farmer_at_1_0);
    part(&mut g, 0, "E", at(1, -1, 2), Action::Pass);
    part(&mut g, 1, "B", at(0, 1, 0), Action::Pass);
    place(&mut g, 0, "B", at(1, 1, 0));
    g
}

/// The points of the final scoring for farms (farmers and barns).
fn final_farm_points(g: &mut Game) -> Vec<(u8, u32)> {
    g.finish()
        .iter()
        .filter(|e| e.feature == Kind::Field && e.reason == Reason::Final)
        .map(|e| (e.player, e.points))
        .collect()
}

#[test]
fn placing_the_barn_scores_the_farmers_3_per_city_example_l1779() {
    let r = ruleset("base_abbey_mayor");
    let mut g = two_city_farm(r, farmer(r, "E"));
    // Only the corner where four tiles meet is offered.
    let barns: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| a.name() == "barn")
        .collect();
    assert_eq!(barns, vec![Action::verb("barn", Arg::Corner(NW))]);
    let mut ev = Vec::new();
    g.apply_action(Action::verb("barn", Arg::Corner(NW)), &mut ev)
        .unwrap();
    // "The BLUE barn is placed; YELLOW scores 6 points for the two
    // completed cities and returns the farmer to the supply."
    assert_eq!(ev, vec![barn_event(1, 6)]);
    assert_eq!(g.figures(1, FollowerKind::Normal), 7);
    assert!(g.followers().iter().all(|f| f.kind == FollowerKind::Barn));
    // "The barn, however, remains" (L1777), on the corner it was put on.
    let b = g.placed().len() - 1;
    assert_eq!(barns_on(&g), vec![(b, NW, 0)]);
    assert_eq!(g.figures(0, FollowerKind::Barn), 0);
    assert_eq!(
        g.to_move(),
        1,
        "the barn was P0's answer to the wood decision"
    );
    // At the end: 4 per completed city to the barn's owner (L1803).
    assert_eq!(final_farm_points(&mut g), vec![(0, 8)]);
}

#[test]
fn the_barn_scores_farmers_whoever_owns_it_l1777_fn48() {
    let r = ruleset("base_abbey_mayor");
    // P0's own farmer on the farm: P0 scores it, as anyone's (L1777).
    let mut g = Game::new_scripted(r, 2, &[(tile(r, "E"), at(0, 0, 0))]).unwrap();
    part(&mut g, 0, "E", at(0, -1, 2), Action::Pass);
    part(&mut g, 0, "E", at(1, 0, 0), farmer(r, "E"));
    part(&mut g, 1, "E", at(1, -1, 2), farmer(r, "E"));
    part(&mut g, 1, "B", at(0, 1, 0), Action::Pass);
    place(&mut g, 0, "B", at(1, 1, 0));
    let mut ev = Vec::new();
    g.apply_action(Action::verb("barn", Arg::Corner(NW)), &mut ev)
        .unwrap();
    assert_eq!(ev, vec![barn_event(0, 6)]);
    // P1's farmer on the farm of row -1 is elsewhere and stays.
    assert_eq!(g.followers().len(), 2);
    assert_eq!(g.figures(0, FollowerKind::Normal), 7);
}

/// The barn farm of `two_city_farm` without farmers, P1's farmer on the
/// farm of row -1 east of it; P0 then places B at (2, 0), joining them.
fn red_farmer_beside_a_barn(r: &'static Ruleset) -> Game {
    let mut g = two_city_farm(r, Action::Pass);
    g.apply_action(Action::verb("barn", Arg::Corner(NW)), &mut Vec::new())
        .unwrap();
    part(&mut g, 1, "B", at(2, -1, 0), farmer(r, "B"));
    g
}

#[test]
fn joining_farmers_to_a_barn_scores_1_per_city_example_l1792() {
    let r = ruleset("base_abbey_mayor");
    let mut g = red_farmer_beside_a_barn(r);
    place(&mut g, 0, "B", at(2, 0, 0));
    // "No farmer may be deployed to a farm with a barn" (L1790): the joined
    // farm has one.
    refused(&mut g, farmer(r, "B"), MoveError::Occupied);
    let mut ev = Vec::new();
    g.apply_action(Action::Pass, &mut ev).unwrap();
    // "RED scores 2 points for the two completed cities and retrieves the
    // farmer."
    assert_eq!(ev, vec![barn_event(1, 2)]);
    assert_eq!(g.figures(1, FollowerKind::Normal), 7);
    assert_eq!(g.followers().len(), 1, "the barn alone stays");
    assert_eq!(final_farm_points(&mut g), vec![(0, 8)]);
}

#[test]
fn no_farmer_goes_onto_a_barns_farm_l1790() {
    let r = ruleset("base_abbey_mayor");
    let mut g = two_city_farm(r, Action::Pass);
    // Not on the barn's own tile: the barn is the answer to its wood.
    g.apply_action(Action::verb("barn", Arg::Corner(NW)), &mut Vec::new())
        .unwrap();
    // A tile that extends the barn's farm.
    place(&mut g, 1, "B", at(1, 2, 0));
    refused(&mut g, farmer(r, "B"), MoveError::Occupied);
    // Its cloister is no farm.
    let monk = figure(r, "B", Kind::Cloister, FollowerKind::Normal);
    assert!(g.legal_actions().contains(&monk));
    g.apply_action(monk, &mut Vec::new()).unwrap();
}

#[test]
fn a_barn_goes_only_onto_four_all_field_tiles_l1762_l1765() {
    let r = ruleset("base_abbey_mayor");
    let mut g = Game::new_scripted(r, 2, &[(tile(r, "E"), at(0, 0, 0))]).unwrap();
    part(&mut g, 0, "E", at(0, -1, 2), Action::Pass);
    // Two tiles meet at (1, 0)'s west corners: too few.
    place(&mut g, 1, "E", at(1, 0, 0));
    barn_error(
        &mut g,
        Action::verb("barn", Arg::Corner(NW)),
        "four placed tiles meet",
    );
    barn_error(
        &mut g,
        Action::verb("barn", Arg::Corner(SW)),
        "four placed tiles meet",
    );
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    // Four tiles meet at (1, -1)'s south-west corner, but the cities of
    // (0, 0) and (1, -1) lie on it ("The city at the bottom lies on the
    // intersection point", L1765).
    place(&mut g, 0, "E", at(1, -1, 2));
    barn_error(
        &mut g,
        Action::verb("barn", Arg::Corner(SW)),
        "nothing but one field",
    );
    assert!(!g.legal_actions().iter().any(|a| a.name() == "barn"));
    // Corners are 0-3; a barn is no figure for a segment.
    barn_error(
        &mut g,
        Action::verb("barn", Arg::Corner(4)),
        "corner is 0-3",
    );
    let on_segment = figure(r, "E", Kind::Field, FollowerKind::Barn);
    barn_error(&mut g, on_segment, "tile corner");
}

#[test]
fn one_barn_per_farm_and_per_player_l1754_l1767() {
    let r = ruleset("base_abbey_mayor");
    let mut g = two_city_farm(r, Action::Pass);
    g.apply_action(Action::verb("barn", Arg::Corner(NW)), &mut Vec::new())
        .unwrap();
    // P1 still has a barn, but (1, 2)'s north-west corner lies on the
    // farm of P0's barn (A: a cloister with a road south, field all round).
    part(&mut g, 1, "A", at(0, 2, 0), Action::Pass);
    place(&mut g, 1, "A", at(1, 2, 0));
    assert_eq!(g.figures(1, FollowerKind::Barn), 1);
    barn_error(
        &mut g,
        Action::verb("barn", Arg::Corner(NW)),
        "has a barn already",
    );
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    // Above row -1, another farm: P0 has no barn left for it, P1 may.
    part(&mut g, 1, "B", at(0, -2, 0), Action::Pass);
    place(&mut g, 0, "B", at(1, -2, 0));
    barn_error(
        &mut g,
        Action::verb("barn", Arg::Corner(SW)),
        "on the board already",
    );
    g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
    // A barn is never an answer outside the wood decision.
    g.force_player(1).unwrap();
    let e = g
        .apply_action(Action::verb("barn", Arg::Corner(SW)), &mut Vec::new())
        .unwrap_err();
    assert!(matches!(e, ActionError::NotNow { .. }), "{e}");
}

#[test]
fn two_barns_on_one_farm_each_score_in_full_at_the_end_l1803() {
    let r = ruleset("base_abbey_mayor");
    let mut g = two_city_farm(r, Action::Pass);
    g.apply_action(Action::verb("barn", Arg::Corner(NW)), &mut Vec::new())
        .unwrap();
    // P1's barn on the farm of rows -1 and -2: another farm, so legal.
    part(&mut g, 0, "B", at(0, -2, 0), Action::Pass);
    let ev = part(
        &mut g,
        1,
        "B",
        at(1, -2, 0),
        Action::verb("barn", Arg::Corner(SW)),
    );
    assert!(ev.is_empty(), "no farmers, no points: {ev:?}");
    // Joining the two barns' farms is legal ("connecting two farms, each
    // with a barn, is quite legal", 002_7f8d72b3eaff567f.txt L709-L710):
    // E's field west and south of its city, then A's all round its road.
    part(&mut g, 0, "E", at(2, -1, 0), Action::Pass);
    let ev = part(&mut g, 1, "A", at(2, 0, 0), Action::Pass);
    assert!(ev.is_empty(), "{ev:?}");
    let mut barns: Vec<(u8, u8)> = barns_on(&g).into_iter().map(|(_, c, p)| (p, c)).collect();
    barns.sort();
    assert_eq!(barns, vec![(0, NW), (1, SW)]);
    // Both border the two cities: 4 each per city, in full.
    assert_eq!(final_farm_points(&mut g), vec![(0, 8), (1, 8)]);
}

#[test]
fn a_barn_without_completed_cities_scores_nothing_at_the_end() {
    let r = ruleset("base_abbey_mayor");
    // Four cloisters: a farm bordering no city.
    let mut g = Game::new_scripted(r, 2, &[(tile(r, "B"), at(0, 0, 0))]).unwrap();
    part(&mut g, 0, "B", at(1, 0, 0), farmer(r, "B"));
    part(&mut g, 1, "B", at(0, 1, 0), Action::Pass);
    let ev = part(
        &mut g,
        1,
        "B",
        at(1, 1, 0),
        Action::verb("barn", Arg::Corner(NW)),
    );
    // The farmer scores 0 but goes home all the same (L1777).
    assert!(ev.is_empty(), "{ev:?}");
    assert_eq!(g.figures(0, FollowerKind::Normal), 7);
    assert_eq!(final_farm_points(&mut g), vec![]);
}

#[test]
fn a_pig_adds_1_per_city_when_the_barn_is_placed_l1777_l1786() {
    let r = ruleset("everything_c1");
    let mut g = Game::new_scripted(r, 2, &[(tile(r, "E"), at(0, 0, 0))]).unwrap();
    part(&mut g, 0, "E", at(0, -1, 2), Action::Pass);
    part(&mut g, 1, "E", at(1, 0, 0), farmer(r, "E"));
    part(&mut g, 0, "E", at(1, -1, 2), Action::Pass);
    part(&mut g, 1, "B", at(0, 1, 0), pig(r, "B"));
    let ev = part(
        &mut g,
        0,
        "B",
        at(1, 1, 0),
        Action::verb("barn", Arg::Corner(NW)),
    );
    // "a player with a pig scores 4 points per city instead of 3"; the pig
    // goes home with the farmer.
    assert_eq!(ev, vec![barn_event(1, 8)]);
    assert_eq!(g.figures(1, FollowerKind::Pig), 1);
    assert_eq!(g.figures(1, FollowerKind::Normal), 7);
}

#[test]
fn a_pig_on_the_joining_tile_adds_1_per_city_l1799_fn52() {
    let r = ruleset("everything_c1");
    let mut g = red_farmer_beside_a_barn(r);
    // "the pig may be placed in already occupied features": on the tile
    // that joins RED's farmer to the barn, before the scoring (fn 52 L1886).
    place(&mut g, 1, "B", at(2, 0, 0));
    assert!(g.legal_actions().contains(&pig(r, "B")));
    let mut ev = Vec::new();
    g.apply_action(pig(r, "B"), &mut ev).unwrap();
    // 1 per city, 2 with a pig (L1797-L1799).
    assert_eq!(ev, vec![barn_event(1, 4)]);
    assert_eq!(g.figures(1, FollowerKind::Pig), 1);
    assert_eq!(g.figures(1, FollowerKind::Normal), 7);
}

#[test]
fn a_barn_is_no_follower_for_a_pig_fn1_l1834() {
    let r = ruleset("everything_c1");
    let mut g = two_city_farm(r, Action::Pass);
    g.apply_action(Action::verb("barn", Arg::Corner(NW)), &mut Vec::new())
        .unwrap();
    // P0's own barn is on the farm, no farmer of P0's: no pig (L899).
    place(&mut g, 0, "B", at(1, 2, 0));
    refused(&mut g, pig(r, "B"), MoveError::NeedsOwnFollower("pig"));
}

/// The pig herd of River II: on a barn's placement it adds 1 per city to
/// the farmers' points (L1787), never to the barn's at the end (L1803, fn 54
/// L1888).
#[test]
fn the_pig_herd_adds_to_farmers_not_to_the_barn_l1787_l1803() {
    let r = ruleset("everything_c1");
    let start = [(tile(r, "RI.2/II+"), at(0, 0, 0))];
    let mut g = Game::new_scripted(r, 2, &start).unwrap();
    // P0's farmer on the herd's farm beside a city P1 completes.
    part(&mut g, 0, "E", at(0, 1, 2), farmer(r, "E"));
    part(&mut g, 1, "E", at(0, 2, 0), Action::Pass);
    part(&mut g, 1, "B", at(1, 0, 0), Action::Pass);
    let ev = part(
        &mut g,
        1,
        "B",
        at(1, 1, 0),
        Action::verb("barn", Arg::Corner(NW)),
    );
    assert_eq!(ev, vec![barn_event(0, 4)], "3 per city and the herd's 1");
    assert_eq!(final_farm_points(&mut g), vec![(1, 4)], "4 per city only");
}

#[test]
fn barn_rulesets_ask_for_actions_and_the_base_game_has_no_barn() {
    for id in ["base_abbey_mayor", "everything_c1", "everything_c2"] {
        let g = Game::new(ruleset(id), 2, 0).unwrap();
        assert!(ruleset(id).has_mechanic("barn"), "{id}");
        assert!(!g.moves_suffice(), "{id}: the barn is no Move");
        assert_eq!(g.figures(1, FollowerKind::Barn), 1, "{id}: one each");
    }
    let r = ruleset("base");
    let mut g = Game::new_scripted(r, 2, &[(tile(r, "B"), at(0, 0, 0))]).unwrap();
    assert_eq!(g.figures(0, FollowerKind::Barn), 0);
    place(&mut g, 0, "B", at(1, 0, 0));
    let before = g.clone();
    let e = g
        .apply_action(Action::verb("barn", Arg::Corner(NW)), &mut Vec::new())
        .unwrap_err();
    assert!(matches!(e, ActionError::NotNow { .. }), "{e}");
    assert!(g == before);
}

// ----- random games against a rule check of the test's own ---------------

const DX: [i32; 4] = [0, 1, 0, -1];
const DY: [i32; 4] = [-1, 0, 1, 0];

/// The segment at board port `port` of the tile at (x, y).
fn segment_at(g: &Game, x: i32, y: i32, port: u8) -> Option<usize> {
    let p = g.tile_at(x, y)?;
    let t = &g.rules().tiles[p.tile as usize];
    let s = t.port_segment[((port + 12 - 3 * p.rotation) % 12) as usize];
    (s != NO_SEGMENT).then_some(s as usize)
}

fn kind_at(g: &Game, x: i32, y: i32, s: usize) -> Kind {
    let p = g.tile_at(x, y).unwrap();
    g.rules().tiles[p.tile as usize].segments[s].kind
}

/// The field a tile shows at a board point: the point (px, py) is the
/// north-west corner of cell (px, py); a cell touches it with its corner
/// `c` through ports `3c - 1` and `3c`.
fn field_at_corner(g: &Game, x: i32, y: i32, c: u8) -> Option<usize> {
    let a = segment_at(g, x, y, (3 * c + 11) % 12)?;
    let b = segment_at(g, x, y, 3 * c)?;
    (a == b && kind_at(g, x, y, a) == Kind::Field).then_some(a)
}

/// Every field (x, y, segment) joined to the given one, by walking ports.
fn farm(g: &Game, start: (i32, i32, usize)) -> Vec<(i32, i32, usize)> {
    let mut seen = vec![start];
    let mut todo = vec![start];
    while let Some((x, y, s)) = todo.pop() {
        let p = g.tile_at(x, y).unwrap();
        let ports = carcassonne_runtime::tables::rotate_mask(
            g.rules().tiles[p.tile as usize].segments[s].ports,
            p.rotation,
        );
        for port in (0..12u8).filter(|&k| ports & (1 << k) != 0) {
            let side = (port / 3) as usize;
            let facing = ((side as u8 + 2) % 4) * 3 + (2 - port % 3);
            let (nx, ny) = (x + DX[side], y + DY[side]);
            if let Some(n) = segment_at(g, nx, ny, facing) {
                let next = (nx, ny, n);
                if kind_at(g, nx, ny, n) == Kind::Field && !seen.contains(&next) {
                    seen.push(next);
                    todo.push(next);
                }
            }
        }
    }
    seen
}

/// Whether the active player may put a barn on corner `c` of the tile just
/// placed, worked out from the board alone.
fn barn_legal(g: &Game, c: u8) -> bool {
    if c >= 4 || g.figures(g.to_move(), FollowerKind::Barn) == 0 {
        return false;
    }
    let q = *g.placed().last().unwrap();
    let (x, y) = (q.x as i32, q.y as i32);
    // The board point and the four cells around it.
    let px = x + i32::from(c == 1 || c == 2);
    let py = y + i32::from(c >= 2);
    let cells = [
        (px - 1, py - 1, 2),
        (px, py - 1, 3),
        (px, py, 0),
        (px - 1, py, 1),
    ];
    let mut fields = Vec::new();
    for (cx, cy, corner) in cells {
        match field_at_corner(g, cx, cy, corner) {
            Some(s) => fields.push((cx, cy, s)),
            None => return false,
        }
    }
    let farm = farm(g, fields[0]);
    !barns_on(g).into_iter().any(|(placed, bc, _)| {
        let b = g.placed()[placed];
        let s = field_at_corner(g, b.x as i32, b.y as i32, bc).unwrap();
        farm.contains(&(b.x as i32, b.y as i32, s))
    })
}

/// In seeded random games, at every wood decision: each corner the rules
/// allow is listed and accepted, every other is refused with nothing
/// changed; barns never leave the board.
#[test]
fn legal_actions_are_the_one_authority_on_barns() {
    let mut barns_placed = 0;
    for (id, games) in [("base_abbey_mayor", 40), ("everything_c1", 6)] {
        let r = ruleset(id);
        for seed in 0..games {
            let mut g = Game::new(r, 2 + (seed % 3) as u8, seed).unwrap();
            let mut bots: Vec<SimpleBot> = (0..5)
                .map(|i| SimpleBot::new(BotKind::Random, seed * 8 + i))
                .collect();
            let mut standing = 0;
            while let Some(p) = g.pending() {
                let Actor::Player(who) = p.actor else {
                    panic!("no chance decisions")
                };
                if p.decision == Decision::Wood {
                    let legal = g.legal_actions();
                    // A tile that fits only with its bridge takes the bridge
                    // first (000_9deb58b1a7d17d38.txt L2478): no barn yet.
                    if legal.iter().all(|a| a.name() == "bridge") {
                        let a = bots[who as usize].choose_action(&g.view(who)).unwrap();
                        g.apply_action(a, &mut Vec::new()).unwrap();
                        continue;
                    }
                    for c in 0..6 {
                        let want = barn_legal(&g, c);
                        assert_eq!(
                            legal.contains(&Action::verb("barn", Arg::Corner(c))),
                            want,
                            "{id} seed {seed} turn {}: corner {c}",
                            g.turn()
                        );
                        let mut h = g.clone();
                        let mut ev = Vec::new();
                        match h.apply_action(Action::verb("barn", Arg::Corner(c)), &mut ev) {
                            Ok(()) => assert!(want, "{id} seed {seed}: corner {c} accepted"),
                            Err(e) => {
                                assert!(!want, "{id} seed {seed}: corner {c}: {e}");
                                assert!(h == g, "a refused barn changed the game");
                            }
                        }
                    }
                }
                let a = bots[who as usize].choose_action(&g.view(who)).unwrap();
                g.apply_action(a, &mut Vec::new()).unwrap();
                if a.name() == "barn" {
                    barns_placed += 1;
                }
                let now = barns_on(&g).len();
                assert!(now >= standing, "a barn left the board");
                standing = now;
                assert_eq!(
                    now,
                    g.followers()
                        .iter()
                        .filter(|f| f.kind == FollowerKind::Barn)
                        .count()
                );
            }
        }
    }
    assert!(
        barns_placed > 10,
        "random games place barns: {barns_placed}"
    );
}
