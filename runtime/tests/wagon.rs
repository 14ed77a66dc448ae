//! Abbey & Mayor's wagon (000_9deb58b1a7d17d38.txt L1648-L1747, fn 29-38
//! L1862-L1872) through the action API: after its feature is completed and
//! scored, its owner (not always the player whose turn it is) moves it to an
//! adjacent incomplete, unoccupied road, city or cloister, onto any tile of
//! it, or takes it back. The seed's examples are boards built here with the
//! features each bullet names; each test asserts the exact list of moves.

use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, Decision, Deploy, FollowerKind, Game, MoveError, Placement,
    Reason, ScoreEvent, Spot, Verb, When,
};
use carcassonne_runtime::tables::option_index;
use carcassonne_runtime::tables::Mech;
use carcassonne_runtime::tables::{Kind, Ruleset, NO_SEGMENT};

const BLUE: u8 = 0;
const RED: u8 = 1;
const GREEN: u8 = 2;

fn abbey_mayor() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_abbey_mayor").unwrap()
}

/// Every set of the 1st edition: the tiles with a cloister in a city and a
/// road into a city's gate that the base game lacks.
fn everything() -> &'static Ruleset {
    carcassonne_runtime::ruleset("everything_c1").unwrap()
}

fn tile(g: &Game, id: &str) -> u16 {
    g.rules()
        .tile_index(id)
        .unwrap_or_else(|| panic!("no tile {id}")) as u16
}

fn at(x: i16, y: i16, rotation: u8) -> Placement {
    Placement { x, y, rotation }
}

/// The index of the tile at (x, y) among the placed tiles.
fn placed(g: &Game, x: i16, y: i16) -> u16 {
    g.placed()
        .iter()
        .position(|p| p.x == x && p.y == y)
        .unwrap_or_else(|| panic!("no tile at ({x}, {y})")) as u16
}

/// The segment of the tile at (x, y) on board side `side` (N E S W), or
/// its segment of `kind` lying inside (a cloister).
fn seg_at(g: &Game, x: i16, y: i16, side: &str) -> u8 {
    let q = g.placed()[placed(g, x, y) as usize];
    let t = &g.rules().tiles[q.tile as usize];
    if side == "cloister" {
        return t
            .segments
            .iter()
            .position(|s| s.kind == Kind::Cloister)
            .unwrap() as u8;
    }
    let board = ["N", "E", "S", "W"]
        .iter()
        .position(|s| *s == side)
        .unwrap() as u8;
    let port = (3 * board + 1 + 12 - 3 * q.rotation) % 12;
    let s = t.port_segment[port as usize];
    assert_ne!(s, NO_SEGMENT, "nothing on side {side} of ({x}, {y})");
    s
}

/// A figure onto the segment on `side` of the tile about to be placed at
/// `p` (rotated as it will be).
fn on(g: &Game, id: &str, p: Placement, side: &str, kind: FollowerKind) -> Action {
    let t = &g.rules().tiles[tile(g, id) as usize];
    let segment = if side == "cloister" {
        t.segments
            .iter()
            .position(|s| s.kind == Kind::Cloister)
            .unwrap() as u8
    } else if side == "city" {
        t.segments
            .iter()
            .position(|s| s.kind == Kind::City)
            .unwrap() as u8
    } else {
        let board = ["N", "E", "S", "W"]
            .iter()
            .position(|s| *s == side)
            .unwrap() as u8;
        t.port_segment[((3 * board + 1 + 12 - 3 * p.rotation) % 12) as usize]
    };
    Action::Deploy(Deploy { segment, kind })
}

fn wagon(g: &Game, id: &str, p: Placement, side: &str) -> Action {
    on(g, id, p, side, FollowerKind::Wagon)
}

fn knight(g: &Game, id: &str, p: Placement, side: &str) -> Action {
    on(g, id, p, side, FollowerKind::Normal)
}

/// `player` draws and places `id` at `p` and answers the wood decision with
/// `wood`; the points scored.
fn play(g: &mut Game, player: u8, id: &str, p: Placement, wood: Action) -> Vec<ScoreEvent> {
    g.force_player(player).unwrap();
    if g.pending().unwrap().decision == Decision::Source {
        g.apply_action(Action::Draw, &mut Vec::new()).unwrap();
    }
    g.force_draw(tile(g, id)).unwrap();
    let mut events = Vec::new();
    g.apply_action(Action::Place(p), &mut events).unwrap();
    g.apply_action(wood, &mut events).unwrap();
    events
}

/// Moving the wagon the game asks about onto `segment` of placed tile
/// `placed`.
fn wagon_to(g: &Game, placed: u16, segment: u8) -> Action {
    let player = match g.pending().map(|p| p.actor) {
        Some(Actor::Player(p)) => p,
        _ => g.to_move(),
    };
    Action::verb(
        "move-wagon",
        Arg::Spot(Spot {
            placed,
            segment,
            kind: FollowerKind::Wagon,
            player,
        }),
    )
}

/// The wagon's moves the game offers now, as (x, y, segment), sorted; and
/// whether taking it back (`Pass`) is offered.
fn moves(g: &Game) -> (Vec<(i16, i16, u8)>, bool) {
    let legal = g.legal_actions();
    let mut out: Vec<(i16, i16, u8)> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Do(Verb {
                arg: Arg::Spot(s), ..
            }) => {
                let q = g.placed()[s.placed as usize];
                Some((q.x, q.y, s.segment))
            }
            _ => None,
        })
        .collect();
    out.sort();
    assert!(
        legal
            .iter()
            .all(|a| a.name() == "move-wagon" || *a == Action::Pass),
        "{legal:?}"
    );
    (out, legal.contains(&Action::Pass))
}

fn sorted(mut v: Vec<(i16, i16, u8)>) -> Vec<(i16, i16, u8)> {
    v.sort();
    v
}

fn asked(g: &Game) -> Option<u8> {
    match g.pending() {
        Some(p) if p.decision == Decision::named("move-wagon") => match p.actor {
            Actor::Player(p) => Some(p),
            Actor::Chance => None,
        },
        _ => None,
    }
}

fn completed(player: u8, points: u32, feature: Kind) -> ScoreEvent {
    ScoreEvent {
        player,
        points,
        feature,
        reason: Reason::Completed,
        when: When::Play,
    }
}

/// L1670: a road of four tiles from a cloister to a crossing.
fn road_to_a_crossing() -> Game {
    let rules = abbey_mayor();
    let a = rules.tile_index("A").unwrap() as u16;
    // A turned so that its road leaves east; the crossing W at (3, 0).
    let mut g = Game::new_scripted(rules, 2, &[(a, at(0, 0, 3))]).unwrap();
    let w = wagon(&g, "U", at(1, 0, 0), "E");
    play(&mut g, BLUE, "U", at(1, 0, 0), w);
    play(&mut g, RED, "B", at(0, 1, 0), Action::Pass);
    play(&mut g, BLUE, "B", at(1, 1, 0), Action::Pass);
    play(&mut g, RED, "B", at(2, 1, 0), Action::Pass);
    play(&mut g, BLUE, "U", at(3, 1, 1), Action::Pass);
    let k = knight(&g, "W", at(3, 0, 0), "E");
    play(&mut g, RED, "W", at(3, 0, 0), k);
    g
}

/// "BLUE scores 4 points for the road and may immediately move the wagon to
/// the cloister or road segment at the bottom. It may not be moved to the
/// road segment occupied by RED, and naturally not to the farm" (L1670).
#[test]
fn from_a_road_to_its_cloister_or_the_free_road_at_the_crossing_l1670() {
    let mut g = road_to_a_crossing();
    let events = play(&mut g, BLUE, "U", at(2, 0, 0), Action::Pass);
    assert_eq!(events, vec![completed(BLUE, 4, Kind::Road)]);
    assert_eq!(asked(&g), Some(BLUE));
    // Neither on the board nor in the supply while BLUE decides.
    assert_eq!(g.figures(BLUE, FollowerKind::Wagon), 0);
    assert_eq!(g.in_transit(BLUE, FollowerKind::Wagon), 1);
    let (m, pass) = moves(&g);
    assert!(pass);
    // The cloister the road ends at; the bottom road, on both its tiles
    // (fn 36); not RED's road east of the crossing, not a field.
    let bottom = (3, 0, seg_at(&g, 3, 0, "S"));
    assert_eq!(
        m,
        sorted(vec![
            (0, 0, seg_at(&g, 0, 0, "cloister")),
            bottom,
            (3, 1, seg_at(&g, 3, 1, "N")),
        ])
    );
    // Onto the road's lower tile.
    let to = wagon_to(&g, placed(&g, 3, 1), seg_at(&g, 3, 1, "N"));
    g.apply_action(to, &mut Vec::new()).unwrap();
    assert_eq!(asked(&g), None);
    assert_eq!(g.in_transit(BLUE, FollowerKind::Wagon), 0);
    let w: Vec<_> = g
        .followers()
        .iter()
        .filter(|f| f.kind == FollowerKind::Wagon)
        .collect();
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].player, BLUE);
    let q = g.placed()[placed(&g, 3, 1) as usize];
    assert_eq!(w[0].node, q.node_base + seg_at(&g, 3, 1, "N") as u16);
    // The feature is occupied now: no follower may join it.
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}

/// Refused answers change nothing: a field, RED's road, a tile that is not
/// there, another player's answer; taking the wagon back is always open.
#[test]
fn a_wagon_goes_nowhere_else_and_only_its_owner_answers() {
    let mut g = road_to_a_crossing();
    play(&mut g, BLUE, "U", at(2, 0, 0), Action::Pass);
    let before = g.clone();
    let field = g.rules().tiles[tile(&g, "W") as usize]
        .segments
        .iter()
        .position(|s| s.kind == Kind::Field)
        .unwrap() as u8;
    for (placed, segment) in [
        (placed(&g, 3, 0), field),
        (placed(&g, 3, 0), seg_at(&g, 3, 0, "E")),
        (placed(&g, 1, 0), seg_at(&g, 1, 0, "E")),
        (999, 0),
        (0, 40),
    ] {
        let e = g
            .apply_action(wagon_to(&g, placed, segment), &mut Vec::new())
            .unwrap_err();
        assert!(
            matches!(
                e,
                ActionError::Illegal(MoveError::Rule {
                    mech: Mech::Wagon,
                    ..
                })
            ),
            "{e}"
        );
        assert_eq!(g, before);
    }
    let e = g.apply_action(Action::Draw, &mut Vec::new()).unwrap_err();
    assert!(matches!(e, ActionError::Illegal(_)), "{e:?}");
    assert_eq!(g, before);
    let e = g
        .apply_action_by(RED, Action::Pass, &mut Vec::new())
        .unwrap_err();
    assert_eq!(
        e,
        ActionError::WrongPlayer {
            player: RED,
            asked: BLUE
        }
    );
    assert_eq!(g, before);
    // Taken back: into the supply.
    g.apply_action_by(BLUE, Action::Pass, &mut Vec::new())
        .unwrap();
    assert_eq!(g.figures(BLUE, FollowerKind::Wagon), 1);
    assert!(g.followers().iter().all(|f| f.kind != FollowerKind::Wagon));
}

/// "BLUE scores 14 points for the city and may immediately move the wagon
/// to the road segment on the right. The wagon may not be moved to the
/// completed road segment" (L1671): a city of six tiles and a pennant, a
/// road through one gate still open, the road through the other gate done
/// (and the cloister behind it is not adjacent, L1735).
#[test]
fn from_a_city_to_the_open_road_at_its_gate_not_the_completed_one_l1671() {
    let rules = abbey_mayor();
    let s = rules.tile_index("S").unwrap() as u16;
    let mut g = Game::new_scripted(rules, 2, &[(s, at(0, 0, 0))]).unwrap();
    let w = wagon(&g, "T", at(0, -1, 2), "city");
    play(&mut g, BLUE, "T", at(0, -1, 2), w);
    play(&mut g, RED, "A", at(0, -2, 0), Action::Pass);
    play(&mut g, BLUE, "E", at(1, 0, 3), Action::Pass);
    play(&mut g, RED, "E", at(-1, 0, 1), Action::Pass);
    play(&mut g, BLUE, "E", at(1, -1, 3), Action::Pass);
    let events = play(&mut g, RED, "E", at(-1, -1, 1), Action::Pass);
    assert_eq!(events, vec![completed(BLUE, 14, Kind::City)]);
    // RED placed the tile; BLUE decides.
    assert_eq!(g.to_move(), RED);
    assert_eq!(asked(&g), Some(BLUE));
    let (m, pass) = moves(&g);
    assert!(pass);
    assert_eq!(m, vec![(0, 0, seg_at(&g, 0, 0, "S"))]);
}

/// "BLUE scores 2 points for the road and may immediately move the wagon
/// into the incomplete city. The wagon may not be moved to the road segment
/// occupied by RED, nor to the completed road segment" (L1676). Deployed,
/// scored and moved in one turn (fn 38 L1872).
#[test]
fn from_a_road_into_the_city_at_its_gate_l1676_fn38() {
    let rules = abbey_mayor();
    let b = rules.tile_index("B").unwrap() as u16;
    let mut g = Game::new_scripted(rules, 2, &[(b, at(0, 2, 0))]).unwrap();
    play(&mut g, BLUE, "B", at(-1, 2, 0), Action::Pass);
    play(&mut g, RED, "B", at(1, 2, 0), Action::Pass);
    let k = knight(&g, "U", at(-1, 1, 0), "E");
    play(&mut g, RED, "U", at(-1, 1, 0), k);
    play(&mut g, BLUE, "A", at(1, 1, 1), Action::Pass);
    play(&mut g, RED, "E", at(1, 0, 3), Action::Pass);
    play(&mut g, BLUE, "S", at(0, 0, 0), Action::Pass);
    let w = wagon(&g, "W", at(0, 1, 2), "N");
    let events = play(&mut g, BLUE, "W", at(0, 1, 2), w);
    // The road east of the crossing closes too, at the cloister, with
    // nobody on it.
    assert_eq!(events, vec![completed(BLUE, 2, Kind::Road)]);
    assert_eq!(asked(&g), Some(BLUE));
    let (m, _) = moves(&g);
    assert_eq!(
        m,
        sorted(vec![
            (0, 0, seg_at(&g, 0, 0, "N")),
            (1, 0, seg_at(&g, 1, 0, "W")),
        ])
    );
}

/// "Cities that have walls touching at a single point are not considered
/// to be connected" (L1677, fn 31 L1864): I's two cities meet at a corner.
/// With nowhere to go the wagon goes home by itself (L1674): nobody is
/// asked.
#[test]
fn cities_touching_at_a_corner_do_not_connect_and_the_wagon_goes_home_l1677_l1674() {
    let rules = abbey_mayor();
    let i = rules.tile_index("I").unwrap() as u16;
    let mut g = Game::new_scripted(rules, 2, &[(i, at(0, 0, 0))]).unwrap();
    let w = wagon(&g, "E", at(0, -1, 2), "city");
    let events = play(&mut g, BLUE, "E", at(0, -1, 2), w);
    assert_eq!(events, vec![completed(BLUE, 4, Kind::City)]);
    // I's west city is open and empty, yet no destination.
    assert_eq!(asked(&g), None);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    assert_eq!(g.figures(BLUE, FollowerKind::Wagon), 1);
    assert_eq!(g.in_transit(BLUE, FollowerKind::Wagon), 0);
}

/// "The wagon cannot move to the new city segment or either road segment on
/// that tile, as it would have to pass through the crossing ... A wagon can
/// never be moved to or from a city through a crossing" (L1678, fn 32
/// L1865): L's city closes the wagon's city; its three roads meet at a
/// crossing, open and empty, and none is a destination.
#[test]
fn never_from_a_city_through_a_crossing_l1678_fn32() {
    let rules = abbey_mayor();
    let e = rules.tile_index("E").unwrap() as u16;
    let mut g = Game::new_scripted(rules, 2, &[(e, at(0, -1, 2))]).unwrap();
    let w = wagon(&g, "L", at(0, 0, 0), "N");
    let events = play(&mut g, BLUE, "L", at(0, 0, 0), w);
    assert_eq!(events, vec![completed(BLUE, 4, Kind::City)]);
    assert_eq!(asked(&g), None);
    assert_eq!(g.figures(BLUE, FollowerKind::Wagon), 1);
}

/// Example 1 (L1690-L1717), on the 1st-edition mix: a city closed by its
/// walls and an abbey. "The wagon can move to: the incomplete road (any of
/// its tiles); the incomplete abbey; the incomplete cloister within the
/// city" (L1694-L1698, fn 34-35). Not to: the farms; a road passing the
/// city (K's); "the short road connected to the city or any roads connected
/// to it at the junction" (L1704, L1713); "the incomplete road connected to
/// the abbey" (L1705, L1715); "the cloister with the completed road
/// connected to the abbey" (L1706, L1717).
#[test]
fn example_1_from_a_city_closed_by_an_abbey_l1690() {
    let rules = everything();
    let t = rules.tile_index("T").unwrap() as u16;
    let mut g = Game::new_scripted(rules, 2, &[(t, at(0, -1, 2))]).unwrap();
    // The short road from T's gate to the junction W.
    play(&mut g, RED, "W", at(0, -2, 0), Action::Pass);
    // East: a gate with a road going on north (TB/CR); BLUE's wagon.
    let w = wagon(&g, "TB/CR", at(1, -1, 3), "W");
    play(&mut g, BLUE, "TB/CR", at(1, -1, 3), w);
    // West: the cloister inside a city (DG/LCcc.d, fn 35), capped by K
    // (whose road runs past the city into the junction) and E.
    play(&mut g, RED, "DG/LCcc.d", at(-1, -1, 1), Action::Pass);
    play(&mut g, BLUE, "K", at(-1, -2, 2), Action::Pass);
    play(&mut g, RED, "E", at(-1, 0, 0), Action::Pass);
    // East of the hole: a road ending at it; south: a cloister whose road
    // ends at it.
    play(&mut g, BLUE, "U", at(1, 0, 0), Action::Pass);
    play(&mut g, RED, "B", at(-1, 1, 0), Action::Pass);
    play(&mut g, RED, "A", at(0, 1, 2), Action::Pass);
    // BLUE places the abbey into the hole: the city is complete.
    g.force_player(BLUE).unwrap();
    assert_eq!(g.pending().unwrap().decision, Decision::Source);
    let mut events = Vec::new();
    g.apply_action(
        Action::verb("abbey", Arg::Placement(at(0, 0, 0))),
        &mut events,
    )
    .unwrap();
    g.apply_action(Action::Pass, &mut events).unwrap();
    assert_eq!(events, vec![completed(BLUE, 10, Kind::City)]);
    assert_eq!(asked(&g), Some(BLUE));
    let (m, _) = moves(&g);
    assert_eq!(
        m,
        sorted(vec![
            (1, -1, seg_at(&g, 1, -1, "N")),
            (0, 0, seg_at(&g, 0, 0, "cloister")),
            (-1, -1, seg_at(&g, -1, -1, "cloister")),
        ])
    );
    // Into the abbey: from there, the roads and cities its sides close
    // are adjacent (fn 34), the city just scored excepted.
    let abbey = wagon_to(&g, placed(&g, 0, 0), seg_at(&g, 0, 0, "cloister"));
    g.apply_action(abbey, &mut Vec::new()).unwrap();
    assert!(g
        .followers()
        .iter()
        .any(|f| f.kind == FollowerKind::Wagon && f.player == BLUE));
}

/// Example 2 (L1718-L1736): "the wagon can only move to the incomplete
/// road at the top ... It can be placed on any of its tiles" (L1722,
/// L1730); not to a road with "a farm between this road and the completed
/// city" (L1733, D's road), nor to a cloister "surrounded by a farm"
/// (L1736, B). RED completes the city; BLUE, not the active player, is
/// asked.
#[test]
fn example_2_any_tile_of_the_gate_road_not_past_a_farm_l1718() {
    let rules = abbey_mayor();
    let t = rules.tile_index("T").unwrap() as u16;
    let mut g = Game::new_scripted(rules, 2, &[(t, at(0, 0, 0))]).unwrap();
    let w = wagon(&g, "E", at(0, -1, 2), "city");
    play(&mut g, BLUE, "E", at(0, -1, 2), w);
    play(&mut g, RED, "U", at(0, 1, 1), Action::Pass);
    play(&mut g, BLUE, "U", at(0, 2, 1), Action::Pass);
    play(&mut g, RED, "D", at(-1, 0, 1), Action::Pass);
    play(&mut g, BLUE, "B", at(1, -1, 0), Action::Pass);
    let events = play(&mut g, RED, "E", at(1, 0, 3), Action::Pass);
    assert_eq!(events, vec![completed(BLUE, 8, Kind::City)]);
    assert_eq!(g.to_move(), RED);
    assert_eq!(asked(&g), Some(BLUE));
    let (m, _) = moves(&g);
    let gate_road = sorted(vec![
        (0, 0, seg_at(&g, 0, 0, "S")),
        (0, 1, seg_at(&g, 0, 1, "N")),
        (0, 2, seg_at(&g, 0, 2, "N")),
    ]);
    assert_eq!(m, gate_road);
    // RED cannot answer for BLUE.
    let e = g
        .clone()
        .apply_action_by(RED, Action::Pass, &mut Vec::new())
        .unwrap_err();
    assert_eq!(
        e,
        ActionError::WrongPlayer {
            player: RED,
            asked: BLUE
        }
    );
}

/// The same board under `wagon_move = "nearby"` (the later rule): any
/// incomplete, unoccupied road, city or cloister on the wagon's tile or the
/// eight around it, onto those tiles only: D's road and the cloister B come
/// in, the gate road's far tile (0, 2) drops out.
#[test]
fn nearby_takes_the_features_around_the_wagons_tile() {
    let base = abbey_mayor();
    let mut options = base.options;
    options.values[option_index("wagon_move")] = 0;
    let nearby: &'static Ruleset = Box::leak(Box::new(Ruleset { options, ..*base }));
    let t = nearby.tile_index("T").unwrap() as u16;
    let mut g = Game::new_scripted(nearby, 2, &[(t, at(0, 0, 0))]).unwrap();
    let w = wagon(&g, "E", at(0, -1, 2), "city");
    play(&mut g, BLUE, "E", at(0, -1, 2), w);
    play(&mut g, RED, "U", at(0, 1, 1), Action::Pass);
    play(&mut g, BLUE, "U", at(0, 2, 1), Action::Pass);
    play(&mut g, RED, "D", at(-1, 0, 1), Action::Pass);
    play(&mut g, BLUE, "B", at(1, -1, 0), Action::Pass);
    play(&mut g, RED, "E", at(1, 0, 3), Action::Pass);
    // The wagon stood on E at (0, -1): tiles x -1..1, y -2..0.
    let (m, _) = moves(&g);
    assert_eq!(
        m,
        sorted(vec![
            (0, 0, seg_at(&g, 0, 0, "S")),
            (-1, 0, seg_at(&g, -1, 0, "N")),
            (1, -1, seg_at(&g, 1, -1, "cloister")),
        ])
    );
}

/// Example 3 (L1737-L1746): from a completed road "on any of the road's
/// ends": any tile of the roads at the crossing, "uncompleted and
/// unoccupied", and "any of the tiles in the city because it is directly
/// adjacent to the completed road (the city closes its left end)".
#[test]
fn example_3_from_a_road_to_both_its_ends_l1737() {
    let rules = abbey_mayor();
    let t = rules.tile_index("T").unwrap() as u16;
    let mut g = Game::new_scripted(rules, 2, &[(t, at(0, 0, 0))]).unwrap();
    play(&mut g, RED, "G", at(0, -1, 1), Action::Pass);
    play(&mut g, BLUE, "E", at(1, 0, 3), Action::Pass);
    play(&mut g, RED, "U", at(1, 1, 0), Action::Pass);
    let w = wagon(&g, "W", at(0, 1, 2), "N");
    let events = play(&mut g, BLUE, "W", at(0, 1, 2), w);
    assert_eq!(events, vec![completed(BLUE, 2, Kind::Road)]);
    let (m, _) = moves(&g);
    assert_eq!(
        m,
        sorted(vec![
            // The roads at the crossing, each on all of its tiles.
            (0, 1, seg_at(&g, 0, 1, "W")),
            (0, 1, seg_at(&g, 0, 1, "E")),
            (1, 1, seg_at(&g, 1, 1, "E")),
            // The city at the road's other end, all three tiles.
            (0, 0, seg_at(&g, 0, 0, "N")),
            (0, -1, seg_at(&g, 0, -1, "N")),
            (1, 0, seg_at(&g, 1, 0, "W")),
        ])
    );
}

/// "If several wagons are involved in scoring, then each player decides
/// whether to retrieve or move his or her wagon, beginning with the player
/// whose turn it is and continuing clockwise" (L1674): X closes RED's and
/// GREEN's roads; whoever answers first may take the spot the other wanted.
#[test]
fn several_wagons_decide_from_the_active_player_clockwise_l1674() {
    for (active, order) in [(GREEN, [GREEN, RED]), (BLUE, [RED, GREEN])] {
        let rules = abbey_mayor();
        let b = rules.tile_index("B").unwrap() as u16;
        let mut g = Game::new_scripted(rules, 3, &[(b, at(1, -1, 0))]).unwrap();
        let w = wagon(&g, "A", at(0, -1, 0), "S");
        play(&mut g, RED, "A", at(0, -1, 0), w);
        let w = wagon(&g, "A", at(1, 0, 1), "W");
        play(&mut g, GREEN, "A", at(1, 0, 1), w);
        let events = play(&mut g, active, "X", at(0, 0, 0), Action::Pass);
        let mut want = vec![
            completed(RED, 2, Kind::Road),
            completed(GREEN, 2, Kind::Road),
        ];
        let mut got = events.clone();
        want.sort_by_key(|e| e.player);
        got.sort_by_key(|e| e.player);
        assert_eq!(got, want);
        let south = (0, 0, seg_at(&g, 0, 0, "S"));
        let west = (0, 0, seg_at(&g, 0, 0, "W"));
        let first = order[0];
        assert_eq!(asked(&g), Some(first));
        let own = |p: u8| if p == RED { (0, -1) } else { (1, 0) };
        let cloister = |g: &Game, p: u8| {
            let (x, y) = own(p);
            (x, y, seg_at(g, x, y, "cloister"))
        };
        assert_eq!(moves(&g).0, sorted(vec![cloister(&g, first), south, west]));
        let to = wagon_to(&g, placed(&g, 0, 0), south.2);
        g.apply_action(to, &mut Vec::new()).unwrap();
        let second = order[1];
        assert_eq!(asked(&g), Some(second));
        // The south road is occupied now.
        assert_eq!(moves(&g).0, sorted(vec![cloister(&g, second), west]));
        g.apply_action(Action::Pass, &mut Vec::new()).unwrap();
        assert_eq!(asked(&g), None);
        assert_eq!(g.figures(second, FollowerKind::Wagon), 1);
        assert_eq!(g.figures(first, FollowerKind::Wagon), 0);
    }
}

/// Only completion moves a wagon: at the end of the game it scores where it
/// stands and goes home like any follower; and the wagon is never a farmer
/// (L1662).
#[test]
fn final_scoring_returns_the_wagon_and_it_never_farms_l1662() {
    let rules = abbey_mayor();
    let d = rules.tile_index("D").unwrap() as u16;
    let mut g = Game::new_scripted(rules, 2, &[(d, at(0, 0, 0))]).unwrap();
    g.force_player(BLUE).unwrap();
    g.force_draw(tile(&g, "A")).unwrap();
    g.apply_action(Action::Place(at(1, 0, 1)), &mut Vec::new())
        .unwrap();
    let legal = g.legal_actions();
    let kinds = |k: Kind| {
        legal
            .iter()
            .filter(|a| {
                matches!(a, Action::Deploy(d) if d.kind == FollowerKind::Wagon
                    && g.rules().tiles[tile(&g, "A") as usize].segments[d.segment as usize].kind == k)
            })
            .count()
    };
    assert_eq!(
        (kinds(Kind::Cloister), kinds(Kind::Road), kinds(Kind::Field)),
        (1, 1, 0)
    );
    let field = Deploy {
        segment: g.rules().tiles[tile(&g, "A") as usize]
            .segments
            .iter()
            .position(|s| s.kind == Kind::Field)
            .unwrap() as u8,
        kind: FollowerKind::Wagon,
    };
    let e = g
        .clone()
        .apply_action(Action::Deploy(field), &mut Vec::new())
        .unwrap_err();
    assert_eq!(
        e,
        ActionError::Illegal(MoveError::WrongFeature {
            figure: "wagon",
            feature: "field"
        })
    );
    let w = on(&g, "A", at(1, 0, 1), "cloister", FollowerKind::Wagon);
    g.apply_action(w, &mut Vec::new()).unwrap();
    let events = g.finish();
    // A cloister with its two tiles: 2 points, and no question.
    assert!(events.contains(&ScoreEvent {
        player: BLUE,
        points: 2,
        feature: Kind::Cloister,
        reason: Reason::Final,
        when: When::End,
    }));
    assert!(g.is_over());
    assert_eq!(g.figures(BLUE, FollowerKind::Wagon), 1);
}

/// Bots' games of the 1st-edition Abbey & Mayor mix move wagons, take them
/// back and deploy mayors, and their records (with `move-wagon` answers by
/// players other than the one whose turn it is) replay to the same game.
#[test]
fn bot_games_move_wagons_and_their_records_replay() {
    use carcassonne_runtime::bots::{BotKind, SimpleBot};
    use carcassonne_runtime::record::{replay, Recorder};
    let rules = abbey_mayor();
    let (mut moved, mut taken_back, mut by_other, mut mayors) = (0, 0, 0, 0);
    for seed in 0..40 {
        let mut g = Game::new(rules, 3, seed).unwrap();
        let mut bots: Vec<SimpleBot> = (0..3)
            .map(|i| {
                let kind = if i == 0 {
                    BotKind::Greedy
                } else {
                    BotKind::Random
                };
                SimpleBot::new(kind, seed * 3 + i)
            })
            .collect();
        let mut rec = Recorder::new(&g, None);
        while let Some(p) = g.pending() {
            let Actor::Player(who) = p.actor else {
                unreachable!()
            };
            let a = bots[who as usize].choose_action(&g.view(who)).unwrap();
            if p.decision == Decision::named("move-wagon") {
                match a {
                    a if a.name() == "move-wagon" => moved += 1,
                    _ => taken_back += 1,
                }
                by_other += usize::from(who != g.to_move());
            }
            if matches!(a, Action::Deploy(d) if d.kind == FollowerKind::Mayor) {
                mayors += 1;
            }
            let before = g.clone();
            let mut events = Vec::new();
            g.apply_action(a, &mut events).unwrap();
            rec.note_action(&before, a, &events, &g);
        }
        let json = serde_json::to_string(&rec.record).unwrap();
        let back = serde_json::from_str(&json).unwrap();
        let out = replay(&back, rules, false).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(out.game == g, "seed {seed}: the replay differs");
    }
    assert!(
        moved > 10 && taken_back > 0 && by_other > 5 && mayors > 20,
        "moved {moved}, taken back {taken_back}, asked of another {by_other}, mayors {mayors}"
    );
}

/// A shrine is placed and scored like a cloister (L2068), so a wagon may
/// stand on one; a wagon on the feature that loses a challenge is removed
/// without scoring and cannot move on (fn 61 L2207): RED's monk completes
/// first, BLUE's wagon on the neighbouring shrine goes home, nobody is
/// asked where it goes.
#[test]
fn a_wagon_on_a_shrine_that_loses_its_challenge_goes_home_fn61() {
    let r = everything();
    let d = r.tile_index("D").unwrap() as u16;
    let mut g = Game::new_scripted(r, 2, &[(d, at(0, 0, 0))]).unwrap();
    let monk = on(&g, "B", at(0, 1, 0), "cloister", FollowerKind::Normal);
    play(&mut g, RED, "B", at(0, 1, 0), monk);
    // The shrine's own segment: the wagon is offered there.
    let cu = &r.tiles[tile(&g, "CU/S") as usize];
    let shrine = cu
        .segments
        .iter()
        .position(|s| s.kind == Kind::Shrine)
        .unwrap() as u8;
    let on_shrine = Action::Deploy(Deploy {
        segment: shrine,
        kind: FollowerKind::Wagon,
    });
    g.force_player(BLUE).unwrap();
    if g.pending().unwrap().decision == Decision::Source {
        g.apply_action(Action::Draw, &mut Vec::new()).unwrap();
    }
    g.force_draw(tile(&g, "CU/S")).unwrap();
    g.apply_action(Action::Place(at(1, 1, 0)), &mut Vec::new())
        .unwrap();
    assert!(g.legal_actions().contains(&on_shrine));
    g.apply_action(on_shrine, &mut Vec::new()).unwrap();
    assert_eq!(g.figures(BLUE, FollowerKind::Wagon), 0);
    // The cloister's other neighbours; the last completes it.
    play(&mut g, BLUE, "D", at(1, 0, 0), Action::Pass);
    play(&mut g, RED, "D", at(-1, 0, 0), Action::Pass);
    play(&mut g, BLUE, "E", at(-1, 1, 3), Action::Pass);
    play(&mut g, RED, "E", at(-1, 2, 2), Action::Pass);
    play(&mut g, BLUE, "E", at(0, 2, 2), Action::Pass);
    let events = play(&mut g, RED, "E", at(1, 2, 2), Action::Pass);
    assert!(
        events.contains(&completed(RED, 9, Kind::Cloister)),
        "{events:?}"
    );
    assert!(events.iter().all(|e| e.player != BLUE), "{events:?}");
    assert_ne!(g.pending().unwrap().decision, Decision::named("move-wagon"));
    assert_eq!(g.figures(BLUE, FollowerKind::Wagon), 1);
    assert!(g.followers().iter().all(|f| f.kind != FollowerKind::Wagon));
}

/// The other way round: a wagon is a follower in a challenge (fn 61 L2207),
/// so when BLUE's wagon completes its cloister first it scores 9 and RED's
/// heretic beside it goes home with nothing (L2084), before the wagon
/// leaves. (An engine that let the wagon leave first found no winner and
/// left the heretic to score later.)
#[test]
fn a_wagon_that_wins_a_challenge_sends_the_heretic_home_l2084_fn61() {
    let r = everything();
    let d = r.tile_index("D").unwrap() as u16;
    let mut g = Game::new_scripted(r, 2, &[(d, at(0, 0, 0))]).unwrap();
    let w = wagon(&g, "B", at(0, 1, 0), "cloister");
    play(&mut g, BLUE, "B", at(0, 1, 0), w);
    let cu = &r.tiles[tile(&g, "CU/S") as usize];
    let heretic = Action::Deploy(Deploy {
        segment: cu
            .segments
            .iter()
            .position(|s| s.kind == Kind::Shrine)
            .unwrap() as u8,
        kind: FollowerKind::Normal,
    });
    play(&mut g, RED, "CU/S", at(1, 1, 0), heretic);
    let red_at_start = g.supply(RED);
    // The cloister's other neighbours; BLUE's last tile completes it while
    // the shrine still lacks its east side.
    play(&mut g, RED, "D", at(1, 0, 0), Action::Pass);
    play(&mut g, BLUE, "D", at(-1, 0, 0), Action::Pass);
    play(&mut g, RED, "E", at(-1, 1, 3), Action::Pass);
    play(&mut g, BLUE, "E", at(-1, 2, 2), Action::Pass);
    play(&mut g, RED, "E", at(0, 2, 2), Action::Pass);
    let events = play(&mut g, BLUE, "E", at(1, 2, 2), Action::Pass);
    assert!(
        events.contains(&completed(BLUE, 9, Kind::Cloister)),
        "{events:?}"
    );
    assert!(events.iter().all(|e| e.player != RED), "{events:?}");
    assert!(
        g.followers().iter().all(|f| f.player != RED),
        "the heretic lost and went home"
    );
    assert_eq!(g.supply(RED), red_at_start + 1);
    // The shrine completed later scores nothing: nobody stands on it.
    let mut later = Vec::new();
    for (id, x, y, r, p) in [
        ("U", 2, 0, 0, RED),
        ("V", 2, 1, 3, BLUE),
        ("V", 2, 2, 2, RED),
    ] {
        later.extend(play(&mut g, p, id, at(x, y, r), Action::Pass));
    }
    assert!(later.iter().all(|e| e.feature != Kind::Shrine), "{later:?}");
    assert!(g
        .finish()
        .iter()
        .all(|e| !(e.player == RED && e.feature == Kind::Shrine)));
}

/// "If none of the neighboring features are incomplete and unoccupied, the
/// player must return the wagon" (L1674), judged when its owner's turn to
/// decide comes, clockwise from the active player: BLUE's abbey (with a
/// monk) closes RED's and GREEN's roads, which meet one open road at a
/// crossing; RED, asked first, takes it, and GREEN's wagon, with nowhere
/// left to go, goes home without a question.
#[test]
fn a_wagon_with_nowhere_left_to_go_goes_home_unasked_l1674() {
    let rules = abbey_mayor();
    let w = rules.tile_index("W").unwrap() as u16;
    // The crossing, its arms north, east and west.
    let mut g = Game::new_scripted(rules, 3, &[(w, at(0, 0, 2))]).unwrap();
    let red = wagon(&g, "V", at(0, -1, 3), "S");
    play(&mut g, RED, "V", at(0, -1, 3), red);
    let green = wagon(&g, "V", at(1, 0, 1), "W");
    play(&mut g, GREEN, "V", at(1, 0, 1), green);
    for (x, y) in [(0, -2), (1, -2), (2, 0), (2, -1)] {
        play(&mut g, BLUE, "B", at(x, y, 0), Action::Pass);
    }
    // BLUE places the abbey into the hole at (1, -1), a monk on it.
    g.force_player(BLUE).unwrap();
    assert_eq!(g.pending().unwrap().decision, Decision::Source);
    let mut events = Vec::new();
    g.apply_action(
        Action::verb("abbey", Arg::Placement(at(1, -1, 0))),
        &mut events,
    )
    .unwrap();
    let abbey = &g.rules().tiles[g.placed().last().unwrap().tile as usize];
    let monk = Action::Deploy(Deploy {
        segment: abbey
            .segments
            .iter()
            .position(|s| s.kind == Kind::Cloister)
            .unwrap() as u8,
        kind: FollowerKind::Normal,
    });
    g.apply_action(monk, &mut events).unwrap();
    let mut got = events.clone();
    got.sort_by_key(|e| e.player);
    assert_eq!(
        got,
        vec![
            completed(RED, 2, Kind::Road),
            completed(GREEN, 2, Kind::Road)
        ]
    );
    // RED (after BLUE, clockwise) is asked first: the open arm west of the
    // crossing, or home.
    assert_eq!(asked(&g), Some(RED));
    let west = (0, 0, seg_at(&g, 0, 0, "W"));
    assert_eq!(moves(&g), (vec![west], true));
    g.apply_action(wagon_to(&g, placed(&g, 0, 0), west.2), &mut Vec::new())
        .unwrap();
    // GREEN's only answer would be to take it back: it is not asked.
    assert_eq!(asked(&g), None);
    assert_eq!(g.figures(GREEN, FollowerKind::Wagon), 1);
    assert_eq!(g.in_transit(GREEN, FollowerKind::Wagon), 0);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
}
