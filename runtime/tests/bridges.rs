//! The bridges of Bridges, Castles & Bazaars (000_9deb58b1a7d17d38.txt
//! L2465-L2483, fn 13-19 L2580-L2586) in scripted games through the action
//! API. Tests are named for the line they play.
//!
//! The board: D at (0, 0), its city north, its road west-east.

use carcassonne_runtime::bots::{BotKind, SimpleBot};
use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, ArgKind, Decision, Deploy, FollowerKind, Game, MoveError,
};
use carcassonne_runtime::record::{replay, Recorder};
use carcassonne_runtime::tables::{Kind, Ruleset};
use rand::{Rng, SeedableRng};

mod support;
use support::{at, figure, on_d, seg, tile};

fn bcb() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_bridges_castles_bazaars").unwrap()
}

/// Bridges with Traders & Builders: the builder's second tile through a
/// bridge (fn 7 L1002), the builder on a bridge (fn 17 L2584).
fn tbb() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_traders_builders_bridges").unwrap()
}

/// The words that name a bridge's site and axis (`bridge`'s argument).
fn words() -> &'static [&'static str] {
    match Action::verb_named("bridge").expect("a verb").2.arg {
        ArgKind::Word(w) => w,
        _ => unreachable!(),
    }
}

fn bridge(word: &str) -> Action {
    let words = words();
    let i = words
        .iter()
        .position(|w| *w == word)
        .expect("a bridge word");
    Action::verb("bridge", Arg::Word(i as u8))
}

/// The bridges offered now, as words.
fn bridges(g: &Game) -> Vec<&'static str> {
    let words = words();
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match (a.name(), a.arg()) {
            ("bridge", Arg::Word(w)) => Some(words[w as usize]),
            _ => None,
        })
        .collect()
}

/// `player` draws `id`; the placements then legal.
fn draw(g: &mut Game, player: u8, id: &str) {
    g.force_player(player).unwrap();
    g.force_draw(tile(g.rules(), id)).unwrap();
}

/// The active player draws `id` for their second part.
fn draw_part(g: &mut Game, id: &str) {
    g.force_draw(tile(g.rules(), id)).unwrap();
}

fn act(g: &mut Game, a: Action) -> Vec<carcassonne_runtime::engine::ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev).unwrap();
    ev
}

fn left(g: &Game, player: usize) -> u64 {
    let mut m = serde_json::Map::new();
    g.state_json(&mut m);
    m["bridges_left"][player].as_u64().unwrap()
}

/// L2394-L2397: three bridges each for two to four players, two for five
/// (the ruleset's most).
#[test]
fn l2394_bridges_by_player_count() {
    for (players, n) in [(2, 3), (3, 3), (4, 3), (5, 2)] {
        let g = on_d(bcb(), players);
        assert!((0..players as usize).all(|p| left(&g, p) == n), "{players}");
    }
}

/// L2476, L2478: a city tile without a road (H, cities north and south)
/// placed where D's road meets its field: legal only with the bridge that
/// carries the road over it; the bridge is then the only answer, and a
/// follower may stand on it (fn 17 L2584).
#[test]
fn l2478_a_placement_legal_only_through_its_bridge() {
    let mut g = on_d(bcb(), 2);
    draw(&mut g, 0, "H");
    let h = at(1, 0, 0);
    assert!(g.legal_actions().contains(&Action::Place(h)));
    // Elsewhere it fits by its edges alone: declining is not offered.
    assert!(!g.legal_actions().contains(&Action::Pass));
    act(&mut g, Action::Place(h));
    assert_eq!(g.legal_actions(), vec![bridge("EW")]);
    // Nothing else is taken before the bridge.
    let pass = g.apply_action(Action::Pass, &mut Vec::new());
    assert!(matches!(
        pass,
        Err(ActionError::Illegal(MoveError::Rule { .. }))
    ));
    act(&mut g, bridge("EW"));
    assert_eq!(left(&g, 0), 2);
    // fn 17 L2584: the follower onto the bridge of the tile just placed.
    let on_bridge = Action::Deploy(Deploy {
        segment: bcb().tiles[tile(bcb(), "H") as usize].segments.len() as u8,
        kind: FollowerKind::Normal,
    });
    assert!(g.legal_actions().contains(&on_bridge));
    // L2469: one bridge a turn.
    assert!(bridges(&g).is_empty());
    act(&mut g, on_bridge);
    assert_eq!(g.followers().len(), 1);
}

/// L2479: the road over the bridge scores like any road, the bridge's tile
/// 1 point: A (road's end), D, H with its bridge, A (road's end) is 4.
#[test]
fn l2479_the_road_over_a_bridge_scores_its_tile() {
    let r = bcb();
    let mut g = on_d(r, 2);
    draw(&mut g, 0, "A");
    act(&mut g, Action::Place(at(-1, 0, 3)));
    act(&mut g, figure(r, "A", Kind::Road, FollowerKind::Normal));
    draw(&mut g, 1, "H");
    act(&mut g, Action::Place(at(1, 0, 0)));
    act(&mut g, bridge("EW"));
    act(&mut g, Action::Pass);
    draw(&mut g, 1, "A");
    act(&mut g, Action::Place(at(2, 0, 1)));
    let ev = act(&mut g, Action::Pass);
    let road: Vec<_> = ev.iter().filter(|e| e.feature == Kind::Road).collect();
    assert_eq!(road.len(), 1);
    assert_eq!((road[0].player, road[0].points), (0, 4));
    assert_eq!(g.followers().len(), 0);
}

/// L2473, L2480: a road placed against a field is carried on by a bridge on
/// the neighbour; its other end faces an empty place (fn 15 L2582). No
/// follower goes onto a neighbour's bridge (L2476).
#[test]
fn l2480_a_bridge_on_a_neighbour() {
    let r = bcb();
    let mut g = on_d(r, 2);
    draw(&mut g, 0, "B");
    act(&mut g, Action::Place(at(0, 1, 0)));
    act(&mut g, Action::Pass);
    // A's road turned west, against B's field.
    draw(&mut g, 1, "A");
    let a = at(1, 1, 1);
    assert!(g.legal_actions().contains(&Action::Place(a)));
    act(&mut g, Action::Place(a));
    assert_eq!(g.legal_actions(), vec![bridge("W:EW")]);
    act(&mut g, bridge("W:EW"));
    let beyond = Action::Deploy(Deploy {
        segment: r.tiles[tile(r, "A") as usize].segments.len() as u8,
        kind: FollowerKind::Normal,
    });
    assert!(!g.legal_actions().contains(&beyond));
    act(&mut g, figure(r, "A", Kind::Road, FollowerKind::Normal));
    // The road now runs over B: a road end placed west of B closes it.
    draw(&mut g, 0, "A");
    act(&mut g, Action::Place(at(-1, 1, 3)));
    let ev = act(&mut g, Action::Pass);
    let road: Vec<_> = ev.iter().filter(|e| e.feature == Kind::Road).collect();
    assert_eq!(road.len(), 1);
    // A, B (the bridge), A.
    assert_eq!((road[0].player, road[0].points), (1, 3));
}

/// A target on a bridge's road (a castle scoring it, L2509) is named in
/// records and the protocol like any segment and reads back as itself:
/// properties seed 75 once replayed a `castle-pick` of a bridge's road
/// written without its `from`.
#[test]
fn l2509_a_castle_pick_of_a_bridges_road_reads_back() {
    use carcassonne_runtime::action_json::{from_json, to_json};
    use carcassonne_runtime::engine::Spot;
    let r = bcb();
    let mut g = on_d(r, 2);
    draw(&mut g, 0, "H");
    act(&mut g, Action::Place(at(1, 0, 0)));
    act(&mut g, bridge("EW"));
    let h = g.placed_index_at(1, 0).unwrap() as u16;
    let pick = Action::verb(
        "castle-pick",
        Arg::Spot(Spot {
            placed: h,
            segment: r.tiles[tile(r, "H") as usize].segments.len() as u8,
            kind: FollowerKind::Normal,
            player: 0,
        }),
    );
    let j = to_json(&g, pick);
    assert!(j.args.contains_key("from"), "{j:?}");
    let text = serde_json::to_string(&j).unwrap();
    let back = serde_json::from_str(&text).unwrap();
    assert_eq!(from_json(&g, &back), Ok(pick), "{text}");
}

/// L2474, L2482: no bridge end on a road or a city: the bridge across D's
/// road is never offered, nor one across H's cities.
#[test]
fn l2482_no_bridge_end_on_a_road_or_city() {
    let mut g = on_d(bcb(), 2);
    draw(&mut g, 0, "U");
    act(&mut g, Action::Place(at(1, 0, 0)));
    // U's own N-S bridge (fields north and south, both facing empty
    // places) is offered; nothing on D, whose N is a city and W-E a road.
    let offered = bridges(&g);
    assert!(offered.contains(&"NS"));
    assert!(!offered.contains(&"EW"));
    assert!(!offered.iter().any(|w| w.starts_with("W:")));
    let err = g.apply_action(bridge("W:NS"), &mut Vec::new());
    assert!(matches!(
        err,
        Err(ActionError::Illegal(MoveError::Rule { .. }))
    ));
}

/// fn 16 L2583: a road that runs along U's printed road and over the bridge
/// on the same U counts U once: D, U, three curves is 5.
#[test]
fn fn16_l2583_a_road_counted_once_with_its_bridge() {
    let r = bcb();
    let mut g = on_d(r, 2);
    draw(&mut g, 0, "U");
    act(&mut g, Action::Place(at(1, 0, 0)));
    act(&mut g, bridge("NS"));
    act(&mut g, figure(r, "U", Kind::Road, FollowerKind::Normal));
    for (x, y, rot) in [(2, 0, 1), (2, -1, 0), (1, -1, 3)] {
        draw(&mut g, 1, "V");
        act(&mut g, Action::Place(at(x, y, rot)));
        act(&mut g, Action::Pass);
    }
    let fin: Vec<_> = g
        .finish()
        .into_iter()
        .filter(|e| e.feature == Kind::Road)
        .collect();
    assert_eq!(fin.len(), 1);
    assert_eq!((fin[0].player, fin[0].points), (0, 5));
}

/// L2476: the farm under a bridge is not divided: B with its bridge west-
/// east keeps one field, so a farmer on it holds the farm north and south.
#[test]
fn l2476_the_field_under_a_bridge_is_one_farm() {
    let r = bcb();
    let mut g = on_d(r, 2);
    draw(&mut g, 0, "B");
    act(&mut g, Action::Place(at(1, 0, 0)));
    act(&mut g, bridge("EW"));
    act(&mut g, figure(r, "B", Kind::Field, FollowerKind::Normal));
    for y in [1, -1] {
        draw(&mut g, 1, "B");
        act(&mut g, Action::Place(at(1, y, 0)));
        let farmer = Action::Deploy(Deploy {
            segment: seg(r, "B", Kind::Field),
            kind: FollowerKind::Normal,
        });
        assert!(!g.legal_actions().contains(&farmer), "y {y}");
        let err = g.apply_action(farmer, &mut Vec::new());
        assert_eq!(err, Err(ActionError::Illegal(MoveError::Occupied)));
        act(&mut g, Action::Pass);
    }
}

/// L2394, L2469: with five players each has two; once both are built, a
/// placement only a bridge would make legal is refused, and none is offered.
#[test]
fn l2394_no_bridge_once_the_supply_is_empty() {
    let mut g = on_d(bcb(), 5);
    for y in [1, 2] {
        draw(&mut g, 0, "B");
        act(&mut g, Action::Place(at(0, y, 0)));
        act(&mut g, bridge("EW"));
        act(&mut g, Action::Pass);
    }
    assert_eq!(left(&g, 0), 0);
    draw(&mut g, 0, "H");
    assert!(!g.legal_actions().contains(&Action::Place(at(1, 0, 0))));
    let err = g.apply_action(Action::Place(at(1, 0, 0)), &mut Vec::new());
    assert!(matches!(
        err,
        Err(ActionError::Illegal(MoveError::DoesNotFit { .. }))
    ));
    act(&mut g, Action::Place(at(0, -1, 2)));
    assert!(bridges(&g).is_empty());
    // Another player still has theirs.
    act(&mut g, Action::Pass);
    draw(&mut g, 1, "B");
    act(&mut g, Action::Place(at(-1, 1, 0)));
    assert!(!bridges(&g).is_empty());
}

/// fn 15 L2582: a bridge's end facing an empty place takes only a road
/// there: U turned north-south (a field west) against it fits only with a
/// bridge of its own, U west-east fits by its edges.
#[test]
fn fn15_l2582_a_bridge_end_takes_a_road() {
    let mut g = on_d(bcb(), 2);
    draw(&mut g, 0, "B");
    act(&mut g, Action::Place(at(0, 1, 0)));
    act(&mut g, bridge("EW"));
    act(&mut g, Action::Pass);
    draw(&mut g, 1, "U");
    let mut across = g.clone();
    act(&mut across, Action::Place(at(1, 1, 0)));
    assert!(
        across.legal_actions().contains(&Action::Pass),
        "not compelled: it fits"
    );
    act(&mut g, Action::Place(at(1, 1, 1)));
    assert_eq!(g.legal_actions(), vec![bridge("EW")]);
}

/// fn 14 L2581: a tile that only a bridge would place may be declined
/// instead: B (all field) beside X (all roads) fits only with a bridge; the
/// player may pass, and the tile is discarded.
#[test]
fn fn14_l2581_a_tile_only_a_bridge_places_may_be_declined() {
    let r = bcb();
    let x = tile(r, "X");
    let mut g = Game::new_scripted(r, 2, &[(x, at(0, 0, 0))]).unwrap();
    draw(&mut g, 0, "B");
    let acts = g.legal_actions();
    assert!(acts.contains(&Action::Place(at(1, 0, 0))));
    assert!(acts.contains(&Action::Pass));
    let mut declined = g.clone();
    act(&mut declined, Action::Pass);
    assert_eq!(declined.discards().len(), 1);
    assert_eq!(declined.placed().len(), 1);
    assert_eq!(left(&declined, 0), 3);
    // Or placed with its bridge.
    act(&mut g, Action::Place(at(1, 0, 0)));
    act(&mut g, bridge("EW"));
    assert_eq!(left(&g, 0), 2);
}

/// Seeded bot games build bridges, never panic, and replay from their
/// records to the same scores.
#[test]
fn bot_games_build_bridges_and_replay() {
    let mut built = 0;
    for seed in 0..40u64 {
        let players = 2 + (seed % 4) as u8;
        let mut g = Game::new(bcb(), players, seed).unwrap();
        let mut rec = Recorder::new(&g, None);
        let mut bots: Vec<SimpleBot> = (0..players)
            .map(|p| {
                let kind = if (seed + u64::from(p)) % 2 == 0 {
                    BotKind::Random
                } else {
                    BotKind::Greedy
                };
                SimpleBot::new(kind, seed * 8 + u64::from(p))
            })
            .collect();
        let mut ev = Vec::new();
        while let Some(p) = g.pending() {
            let Actor::Player(who) = p.actor else {
                unreachable!()
            };
            let a = bots[who as usize].choose_action(&g.view(who)).unwrap();
            let before = g.clone();
            ev.clear();
            g.apply_action(a, &mut ev).unwrap();
            rec.note_action(&before, a, &ev, &g);
        }
        let mut m = serde_json::Map::new();
        g.state_json(&mut m);
        built += m["bridges"].as_array().unwrap().len();
        let back = replay(&rec.record, bcb(), false).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.game.scores(), g.scores(), "seed {seed}");
    }
    assert!(built > 0, "no bot built a bridge");
}

/// Uniformly random answers (bridges, followers on them, declined tiles)
/// in seeded games: no panic, and every record replays to its scores.
#[test]
fn random_answers_replay_from_their_records() {
    let mut on_bridges = 0;
    for seed in 0..60u64 {
        let mut g = Game::new(bcb(), 2 + (seed % 4) as u8, seed).unwrap();
        let mut rec = Recorder::new(&g, None);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut ev = Vec::new();
        while g.pending().is_some() {
            let acts = g.legal_actions();
            let a = acts[rng.random_range(0..acts.len())];
            if let (Action::Deploy(d), Some(q)) = (a, g.placed().last()) {
                let printed = bcb().tiles[q.tile as usize].segments.len();
                on_bridges += usize::from(d.segment as usize == printed);
            }
            let before = g.clone();
            ev.clear();
            g.apply_action(a, &mut ev).unwrap();
            rec.note_action(&before, a, &ev, &g);
        }
        let back = replay(&rec.record, bcb(), false).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.game.scores(), g.scores(), "seed {seed}");
    }
    assert!(on_bridges > 0, "no follower stood on a bridge");
}

/// The deploy of `kind` onto the bridge of tile `id` just placed: the
/// segment after its printed ones, as records name it.
fn on_bridge(r: &Ruleset, id: &str, kind: FollowerKind) -> Action {
    Action::Deploy(Deploy {
        segment: r.tiles[tile(r, id) as usize].segments.len() as u8,
        kind,
    })
}

/// P0's follower on U east of D, then P0's builder on the next U along the
/// road (L865: a road of the new tile holding the owner's follower); P1
/// plays B south of D between.
fn builder_on_road(g: &mut Game) {
    let r = g.rules();
    draw(g, 0, "U");
    act(g, Action::Place(at(1, 0, 0)));
    act(g, figure(r, "U", Kind::Road, FollowerKind::Normal));
    draw(g, 1, "B");
    act(g, Action::Place(at(0, 1, 0)));
    act(g, Action::Pass);
    draw(g, 0, "U");
    act(g, Action::Place(at(2, 0, 0)));
    act(g, figure(r, "U", Kind::Road, FollowerKind::Builder));
    draw(g, 1, "B");
    act(g, Action::Place(at(0, 2, 0)));
    act(g, Action::Pass);
}

/// A.7 fn 7 L1002, L872: H (cities north and south, no road) placed at the
/// builder's road's open end fits only with its bridge; the bridge carries
/// the road on, which "is sufficient to trigger the builder's double turn".
/// The tile alone did not extend the road: the bridge did, after the
/// placement.
#[test]
fn fn7_l1002_a_bridge_carrying_the_builders_road_gives_the_second_tile() {
    let mut g = on_d(tbb(), 2);
    builder_on_road(&mut g);
    draw(&mut g, 0, "H");
    act(&mut g, Action::Place(at(3, 0, 0)));
    act(&mut g, bridge("EW"));
    act(&mut g, Action::Pass);
    assert_eq!(
        g.pending().unwrap().decision,
        Decision::named("second-tile")
    );
    act(&mut g, Action::verb("second-tile", Arg::Bool(true)));
    assert_eq!((g.to_move(), g.part()), (0, 2));
    // L2469: one bridge a turn, its two parts one turn.
    draw_part(&mut g, "U");
    act(&mut g, Action::Place(at(4, 0, 0)));
    assert!(bridges(&g).is_empty());
    act(&mut g, Action::Pass);
    // L884: no third tile, though U extended the road again.
    assert_eq!((g.to_move(), g.part()), (1, 1));
}

/// fn 7 L1002 read the other way: a bridge that carries another road, even
/// on the builder's own tile, extends nothing of the builder's: A's road
/// north against U's field is carried over U by a bridge north-south, which
/// crosses the builder's road without joining it (L2476).
#[test]
fn fn7_l1002_a_bridge_beside_the_builders_road_gives_no_second_tile() {
    let mut g = on_d(tbb(), 2);
    builder_on_road(&mut g);
    draw(&mut g, 0, "A");
    act(&mut g, Action::Place(at(2, 1, 2)));
    assert_eq!(g.legal_actions(), vec![bridge("N:NS")]);
    act(&mut g, bridge("N:NS"));
    act(&mut g, Action::Pass);
    assert_eq!((g.to_move(), g.part()), (1, 1));
}

/// fn 17 L2584 with L865: the bridge on the tile just placed is a road of
/// that tile for every figure: P0's builder may go onto it where the road
/// it carries on holds P0's follower (and the follower may not: occupied),
/// but not where the road holds only another player's.
#[test]
fn fn17_l2584_the_builder_on_a_bridge_of_the_tile_placed() {
    let r = tbb();
    let mut g = on_d(r, 2);
    draw(&mut g, 0, "U");
    act(&mut g, Action::Place(at(1, 0, 0)));
    act(&mut g, figure(r, "U", Kind::Road, FollowerKind::Normal));
    let mut other = g.clone();
    draw(&mut g, 0, "H");
    act(&mut g, Action::Place(at(2, 0, 0)));
    act(&mut g, bridge("EW"));
    let builder = on_bridge(r, "H", FollowerKind::Builder);
    let acts = g.legal_actions();
    assert!(acts.contains(&builder));
    assert!(!acts.contains(&on_bridge(r, "H", FollowerKind::Normal)));
    // The pig stands on farms only (L899): never on a bridge.
    let pig = on_bridge(r, "H", FollowerKind::Pig);
    assert!(!acts.contains(&pig));
    assert!(matches!(
        g.apply_action(pig, &mut Vec::new()),
        Err(ActionError::Illegal(MoveError::WrongFeature { .. }))
    ));
    act(&mut g, builder);
    assert_eq!(g.figures(0, FollowerKind::Builder), 0);
    // P1: the road holds P0's follower, not theirs.
    draw(&mut other, 1, "H");
    act(&mut other, Action::Place(at(2, 0, 0)));
    act(&mut other, bridge("EW"));
    let theirs = on_bridge(r, "H", FollowerKind::Builder);
    assert!(!other.legal_actions().contains(&theirs));
    assert_eq!(
        other.apply_action(theirs, &mut Vec::new()),
        Err(ActionError::Illegal(MoveError::NeedsOwnFollower("builder")))
    );
}

/// fn 14 L2581 in a recorded game: a tile only a bridge would place is
/// declined and discarded, the game goes on (a road over a later bridge
/// scores), and the record replays to the same scores and discards.
#[test]
fn fn14_l2581_a_declined_tile_replays_from_the_record() {
    let r = bcb();
    let mut g = Game::new_scripted(r, 2, &[(tile(r, "X"), at(0, 0, 0))]).unwrap();
    let mut rec = Recorder::new(&g, None);
    let mut play = |g: &mut Game, a: Action| {
        let before = g.clone();
        let mut ev = Vec::new();
        g.apply_action(a, &mut ev).unwrap();
        rec.note_action(&before, a, &ev, g);
    };
    draw(&mut g, 0, "B");
    assert!(g.legal_actions().contains(&Action::Pass));
    play(&mut g, Action::Pass);
    assert_eq!(g.discards().len(), 1);
    draw(&mut g, 1, "U");
    play(&mut g, Action::Place(at(1, 0, 0)));
    play(&mut g, figure(r, "U", Kind::Road, FollowerKind::Normal));
    draw(&mut g, 0, "H");
    play(&mut g, Action::Place(at(2, 0, 0)));
    play(&mut g, bridge("EW"));
    play(&mut g, Action::Pass);
    draw(&mut g, 1, "A");
    play(&mut g, Action::Place(at(3, 0, 1)));
    play(&mut g, Action::Pass);
    // X's end, U, H's bridge, A's end.
    assert_eq!(g.scores()[1], 4);
    // A scenario's record: its own start, no seed, the declined tile named.
    assert_eq!(rec.record.seed, None);
    assert_eq!(rec.record.start[0].tile, "X");
    assert_eq!(rec.record.turns[0].discarded.as_deref(), Some("B"));
    let back = replay(&rec.record, r, false).unwrap();
    assert_eq!(back.game.scores(), g.scores());
    assert_eq!(back.game.discards(), g.discards());
    assert_eq!(back.game.placed().len(), g.placed().len());
}

/// fn 14 L2581 in seeded games: whenever a drawn tile fits only through a
/// bridge the player declines it; the records replay to the same scores
/// and discards.
#[test]
fn fn14_l2581_seeded_declines_replay_from_their_records() {
    let mut declined = 0;
    for seed in 0..80u64 {
        let mut g = Game::new(bcb(), 2 + (seed % 3) as u8, seed).unwrap();
        let mut rec = Recorder::new(&g, None);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut ev = Vec::new();
        while let Some(p) = g.pending() {
            let acts = g.legal_actions();
            let decline = p.decision == Decision::Place && acts.contains(&Action::Pass);
            let a = if decline {
                declined += 1;
                Action::Pass
            } else {
                acts[rng.random_range(0..acts.len())]
            };
            let before = g.clone();
            ev.clear();
            g.apply_action(a, &mut ev).unwrap();
            rec.note_action(&before, a, &ev, &g);
        }
        let back = replay(&rec.record, bcb(), false).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.game.scores(), g.scores(), "seed {seed}");
        assert_eq!(back.game.discards(), g.discards(), "seed {seed}");
    }
    assert!(declined > 0, "no tile fitted only through a bridge");
}

/// Uniformly random answers with Traders & Builders: bridges, builders and
/// second parts in seeded games never panic, and every record replays to
/// its scores; some figure other than the follower stands on a bridge.
#[test]
fn random_answers_with_traders_builders_replay() {
    let r = tbb();
    let (mut others_on_bridges, mut second_parts) = (0, 0);
    for seed in 0..60u64 {
        let mut g = Game::new(r, 2 + (seed % 4) as u8, seed).unwrap();
        let mut rec = Recorder::new(&g, None);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut ev = Vec::new();
        while g.pending().is_some() {
            let acts = g.legal_actions();
            let a = acts[rng.random_range(0..acts.len())];
            if let (Action::Deploy(d), Some(q)) = (a, g.placed().last()) {
                let printed = r.tiles[q.tile as usize].segments.len();
                others_on_bridges +=
                    usize::from(d.segment as usize == printed && d.kind != FollowerKind::Normal);
            }
            let part = g.part();
            let before = g.clone();
            ev.clear();
            g.apply_action(a, &mut ev).unwrap();
            rec.note_action(&before, a, &ev, &g);
            second_parts += usize::from(part == 1 && g.part() == 2);
        }
        let back = replay(&rec.record, r, false).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.game.scores(), g.scores(), "seed {seed}");
    }
    assert!(second_parts > 0, "no second part");
    assert!(others_on_bridges > 0, "only followers stood on bridges");
}
