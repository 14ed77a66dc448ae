//! Hills & Sheep in scripted games through the action API. The seeds hold
//! only the set's meeting with others (000_9deb58b1a7d17d38.txt L518-L528,
//! L1125, L1254; 003_f0943165331a7fee.txt L388); its own rules are the
//! published ones, docs/rules/hills-sheep.md. Tests are named for the seed
//! line they play or the section of that page (§Hills, §Vineyards,
//! §Shepherd, §Bag, §Grow, §Herd, §Closed field, §End, §Chance).

use carcassonne_runtime::engine::{
    Action, ActionError, Actor, Arg, Decision, Deploy, FollowerKind, Game, MoveError, Placement,
    Reason, ScoreEvent,
};
use carcassonne_runtime::record::{replay, rotated_port_names, Recorder};
use carcassonne_runtime::tables::{Kind, Ruleset};

mod support;
use support::{at, everything, on_d, tile, with_option, E};

fn hs() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_hills_sheep").unwrap()
}

const SHEEP1: u8 = 0;
const SHEEP2: u8 = 1;
const SHEEP3: u8 = 2;
const SHEEP4: u8 = 3;
const WOLF: u8 = 4;

fn token(k: u8) -> Action {
    Action::verb("sheep-bag", Arg::Word(k))
}

fn grow() -> Action {
    Action::verb("grow-flock", Arg::None)
}

fn herd() -> Action {
    Action::verb("herd-flock", Arg::None)
}

fn act(g: &mut Game, a: Action) -> Vec<ScoreEvent> {
    let mut ev = Vec::new();
    g.apply_action(a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

/// `player` draws `id` and places it at (x, y) turned `rotation`; the game
/// waits for the figure.
fn put(g: &mut Game, player: u8, id: &str, p: Placement) {
    g.force_player(player).unwrap();
    g.force_draw(tile(g.rules(), id)).unwrap();
    g.apply_action(Action::Place(p), &mut Vec::new())
        .unwrap_or_else(|e| panic!("{id} at {p:?}: {e}"));
}

/// `put` at the first rotation that fits at (x, y); the rotation.
fn put_fit(g: &mut Game, player: u8, id: &str, x: i16, y: i16) -> u8 {
    g.force_player(player).unwrap();
    g.force_draw(tile(g.rules(), id)).unwrap();
    let r = (0..4)
        .find(|&r| g.legal_actions().contains(&Action::Place(at(x, y, r))))
        .unwrap_or_else(|| panic!("{id} fits nowhere at ({x}, {y})"));
    act(g, Action::Place(at(x, y, r)));
    r
}

/// The segment of the tile just placed of `kind` reaching board port
/// `port` (`Nw`, `E`, …).
fn seg_at(g: &Game, kind: Kind, port: &str) -> u8 {
    let q = *g.placed().last().unwrap();
    let t = &g.rules().tiles[q.tile as usize];
    t.segments
        .iter()
        .position(|s| s.kind == kind && rotated_port_names(s, q.rotation).iter().any(|p| p == port))
        .unwrap_or_else(|| panic!("{} has no {} at {port}", t.id, kind.name())) as u8
}

fn shepherd_at(g: &Game, port: &str) -> Action {
    Action::Deploy(Deploy {
        segment: seg_at(g, Kind::Field, port),
        kind: FollowerKind::Shepherd,
    })
}

/// A follower on the tile just placed's first segment of `kind` (a
/// cloister, a shrine).
fn on_kind(g: &Game, kind: Kind) -> Action {
    let q = *g.placed().last().unwrap();
    let t = &g.rules().tiles[q.tile as usize];
    let segment = t.segments.iter().position(|s| s.kind == kind).unwrap() as u8;
    Action::Deploy(Deploy {
        segment,
        kind: FollowerKind::Normal,
    })
}

fn follower_at(g: &Game, kind: Kind, port: &str) -> Action {
    Action::Deploy(Deploy {
        segment: seg_at(g, kind, port),
        kind: FollowerKind::Normal,
    })
}

/// The modules' state as the protocol shows it.
fn state(g: &Game) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    g.state_json(&mut m);
    m
}

fn bag(g: &Game) -> [u64; 5] {
    let m = state(g);
    ["sheep1", "sheep2", "sheep3", "sheep4", "wolf"].map(|k| m["sheep_bag"][k].as_u64().unwrap())
}

fn flock(g: &Game, p: usize) -> u64 {
    state(g)["flocks"][p]["sheep"].as_u64().unwrap()
}

fn shepherds_out(g: &Game, p: u8) -> usize {
    g.followers()
        .iter()
        .filter(|f| f.player == p && f.kind == FollowerKind::Shepherd)
        .count()
}

fn flock_points(events: &[ScoreEvent]) -> Vec<(u8, u32)> {
    events
        .iter()
        .filter(|e| e.reason == Reason::Flock)
        .map(|e| (e.player, e.points))
        .collect()
}

/// P0's shepherd on the south field of D (0, 0), placed with U at (0, 1)
/// (a road W-E between two fields: its north field joins D's), its draw
/// stated as `first`.
fn shepherd_south_of_d(first: u8) -> Game {
    let mut g = on_d(hs(), 2);
    put(&mut g, 0, "U", at(0, 1, 0));
    let a = shepherd_at(&g, "Nw");
    act(&mut g, a);
    act(&mut g, token(first));
    g
}

/// §Bag: eighteen tokens, four of 1 sheep, five of 2, five of 3, two of 4
/// and two wolves.
#[test]
fn the_bag_holds_eighteen_tokens_bag() {
    let g = Game::new(hs(), 3, 1).unwrap();
    assert_eq!(bag(&g), [4, 5, 5, 2, 2]);
    assert_eq!(g.figures(0, FollowerKind::Shepherd), 1, "one shepherd each");
}

/// §Shepherd: placed instead of a follower, on a field of the tile just
/// placed only; then a token is drawn at once, chance's answer: in a
/// scripted game it waits for it (§Chance), weighed by the bag.
#[test]
fn a_shepherd_goes_onto_a_field_and_draws_at_once_shepherd() {
    let mut g = on_d(hs(), 2);
    put(&mut g, 0, "U", at(0, 1, 0));
    let legal = g.legal_actions();
    let shepherds: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Deploy(d) if d.kind == FollowerKind::Shepherd))
        .collect();
    assert_eq!(shepherds.len(), 2, "each of U's two fields: {legal:?}");
    let road = Action::Deploy(Deploy {
        segment: seg_at(&g, Kind::Road, "W"),
        kind: FollowerKind::Shepherd,
    });
    assert!(matches!(
        g.clone().apply_action(road, &mut Vec::new()),
        Err(ActionError::Illegal(MoveError::WrongFeature { .. }))
    ));
    let a = shepherd_at(&g, "Nw");
    act(&mut g, a);
    let p = g.pending().unwrap();
    assert_eq!(p.actor, Actor::Chance);
    assert_eq!(p.decision, Decision::named("sheep-bag"));
    let mut odds = Vec::new();
    g.chance_odds(&mut odds);
    assert_eq!(
        odds,
        vec![
            (token(0), 4),
            (token(1), 5),
            (token(2), 5),
            (token(3), 2),
            (token(4), 2)
        ]
    );
    act(&mut g, token(SHEEP3));
    assert_eq!(flock(&g, 0), 3);
    assert_eq!(bag(&g), [4, 5, 4, 2, 2]);
    assert_eq!(
        g.pending().unwrap().decision,
        Decision::Place,
        "the turn goes on"
    );
}

/// §Shepherd, §Bag: a wolf drawn as the shepherd is placed sends it home,
/// and the wolf goes back into the bag.
#[test]
fn a_wolf_at_once_sends_the_shepherd_home_bag() {
    let g = shepherd_south_of_d(WOLF);
    assert_eq!(shepherds_out(&g, 0), 0);
    assert_eq!(g.figures(0, FollowerKind::Shepherd), 1);
    assert_eq!(bag(&g), [4, 5, 5, 2, 2]);
}

/// §Shepherd: no shepherd goes where another stands; a farmer may join a
/// shepherd's field, and a shepherd a farmer's.
#[test]
fn no_shepherd_joins_another_but_farmers_may_shepherd() {
    let mut g = shepherd_south_of_d(SHEEP2);
    // P1 extends the shepherd's field with U at (1, 1): its north field
    // joins it, its south field is a field of its own.
    put(&mut g, 1, "U", at(1, 1, 0));
    let legal = g.legal_actions();
    let on = |port: &str| {
        Action::Deploy(Deploy {
            segment: seg_at(&g, Kind::Field, port),
            kind: FollowerKind::Shepherd,
        })
    };
    assert!(!legal.contains(&on("Nw")), "the north field has a shepherd");
    assert!(legal.contains(&on("Sw")), "the south field has none");
    let mut other = g.clone();
    assert!(matches!(
        other.apply_action(on("Nw"), &mut Vec::new()),
        Err(ActionError::Illegal(MoveError::Rule { .. }))
    ));
    assert!(other == g, "the refusal changed nothing");
    let farmer = follower_at(&g, Kind::Field, "Nw");
    assert!(legal.contains(&farmer), "a farmer may join a shepherd");
    act(&mut g, farmer);
    // A shepherd may join a farmer's field.
    let mut h = on_d(hs(), 2);
    put(&mut h, 0, "U", at(0, 1, 0));
    let a = follower_at(&h, Kind::Field, "Nw");
    act(&mut h, a);
    put(&mut h, 1, "U", at(1, 1, 0));
    let s = shepherd_at(&h, "Nw");
    assert!(h.legal_actions().contains(&s), "beside a farmer");
}

/// §Grow, §Herd: a tile that extends its player's own shepherd's field
/// asks them to grow or herd; herding scores a point per sheep, the
/// shepherd goes home, the tokens back into the bag.
#[test]
fn extending_ones_field_asks_grow_or_herd_herd() {
    let mut g = shepherd_south_of_d(SHEEP3);
    put(&mut g, 0, "U", at(1, 1, 0));
    act(&mut g, Action::Pass);
    let p = g.pending().unwrap();
    assert_eq!(p.actor, Actor::Player(0));
    assert_eq!(p.decision, Decision::named("flock"));
    assert_eq!(g.legal_actions(), vec![grow(), herd()]);
    let ev = act(&mut g, herd());
    assert_eq!(flock_points(&ev), vec![(0, 3)]);
    assert_eq!(shepherds_out(&g, 0), 0);
    assert_eq!(bag(&g), [4, 5, 5, 2, 2]);
    assert_eq!(flock(&g, 0), 0);
}

/// §Grow: another player's tile asks nothing of a shepherd's owner; a tile
/// that does not touch the field asks nothing either.
#[test]
fn another_players_tile_asks_nothing_grow() {
    let mut g = shepherd_south_of_d(SHEEP1);
    put(&mut g, 1, "U", at(1, 1, 0));
    act(&mut g, Action::Pass);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    // D's north side: a city tile does not touch the south field.
    put(&mut g, 0, "E", at(0, -1, 2));
    act(&mut g, Action::Pass);
    assert_eq!(g.pending().unwrap().decision, Decision::Place);
    assert_eq!(flock(&g, 0), 1);
}

/// §Grow, §Bag: growing draws a token; a sheep joins the flock, a wolf
/// sends the shepherd home and its sheep back into the bag.
#[test]
fn growing_draws_and_a_wolf_scatters_the_flock_grow() {
    let mut g = shepherd_south_of_d(SHEEP2);
    put(&mut g, 0, "U", at(1, 1, 0));
    act(&mut g, Action::Pass);
    act(&mut g, grow());
    assert_eq!(g.pending().unwrap().actor, Actor::Chance);
    act(&mut g, token(SHEEP4));
    assert_eq!(flock(&g, 0), 6);
    assert_eq!(bag(&g), [4, 4, 5, 1, 2]);
    put(&mut g, 0, "U", at(2, 1, 0));
    act(&mut g, Action::Pass);
    act(&mut g, grow());
    let ev = act(&mut g, token(WOLF));
    assert!(ev.is_empty());
    assert_eq!(shepherds_out(&g, 0), 0, "the shepherd went home");
    assert_eq!(g.figures(0, FollowerKind::Shepherd), 1);
    assert_eq!(flock(&g, 0), 0);
    assert_eq!(bag(&g), [4, 5, 5, 2, 2], "its sheep are back");
}

/// §Herd: every shepherd in the field scores the field's sheep, all flocks
/// together, and goes home; §Bag: a wolf there scatters them all.
#[test]
fn herding_pays_every_shepherd_of_the_field_herd() {
    // P0's shepherd on U's south field at (0, 1); P1's on the south field of
    // U at (0, 2), whose north field is P0's.
    let mut g = on_d(hs(), 2);
    put(&mut g, 0, "U", at(0, 1, 0));
    let a = shepherd_at(&g, "Sw");
    act(&mut g, a);
    act(&mut g, token(SHEEP2));
    put(&mut g, 1, "U", at(0, 2, 0));
    let a = shepherd_at(&g, "Sw");
    act(&mut g, a);
    act(&mut g, token(SHEEP3));
    let mut wolf = g.clone();
    // P0 joins the two with A at (1, 2) (a road to a cloister, one field
    // all round): one field with two shepherds; P0 herds.
    put(&mut g, 0, "A", at(1, 2, 1));
    act(&mut g, Action::Pass);
    assert_eq!(g.pending().unwrap().decision, Decision::named("flock"));
    let ev = act(&mut g, herd());
    let mut paid = flock_points(&ev);
    paid.sort();
    assert_eq!(
        paid,
        vec![(0, 5), (1, 5)],
        "each scores the field's 5 sheep"
    );
    assert_eq!(shepherds_out(&g, 0) + shepherds_out(&g, 1), 0);
    assert_eq!(bag(&g), [4, 5, 5, 2, 2]);
    // The same join, growing into a wolf: both flocks are lost.
    put(&mut wolf, 0, "A", at(1, 2, 1));
    act(&mut wolf, Action::Pass);
    act(&mut wolf, grow());
    let ev = act(&mut wolf, token(WOLF));
    assert!(flock_points(&ev).is_empty());
    assert_eq!(shepherds_out(&wolf, 0) + shepherds_out(&wolf, 1), 0);
    assert_eq!(bag(&wolf), [4, 5, 5, 2, 2]);
}

/// A scripted game whose start tile V at (0, 0) begins a loop of road
/// curves: V turned 3 (roads S and E, the inner corner SE), 0 at (1, 0),
/// 2 at (0, 1), 1 at (1, 1); the inner corners make one small field, closed
/// once the four are down.
fn loop_start() -> Game {
    let v = tile(hs(), "V");
    Game::new_scripted(hs(), 2, &[(v, at(0, 0, 3))]).unwrap()
}

/// §Closed field: a shepherd placed into a field no tile can extend draws
/// its token, then the flock is herded at once (the inner field).
#[test]
fn a_shepherd_in_a_closed_field_is_herded_at_once_closed_field() {
    let mut g = loop_start();
    put(&mut g, 0, "V", at(1, 0, 0));
    act(&mut g, Action::Pass);
    put(&mut g, 1, "V", at(0, 1, 2));
    act(&mut g, Action::Pass);
    put(&mut g, 0, "V", at(1, 1, 1));
    let inner = shepherd_at(&g, "Nw");
    act(&mut g, inner);
    let ev = act(&mut g, token(SHEEP4));
    assert_eq!(flock_points(&ev), vec![(0, 4)]);
    assert_eq!(shepherds_out(&g, 0), 0);
    assert_eq!(bag(&g), [4, 5, 5, 2, 2]);
}

/// §Closed field: a field closed by another player's tile is herded for
/// its shepherds at once; closed by its shepherd's own player, after their
/// grow-or-herd.
#[test]
fn a_field_closed_by_any_tile_is_herded_closed_field() {
    let mut g = loop_start();
    put(&mut g, 0, "V", at(1, 0, 0));
    let a = shepherd_at(&g, "Sw");
    act(&mut g, a);
    act(&mut g, token(SHEEP2));
    put(&mut g, 1, "V", at(0, 1, 2));
    act(&mut g, Action::Pass);
    let mut own = g.clone();
    // P1 closes P0's field: P0's flock is herded, P1 is asked nothing.
    put(&mut g, 1, "V", at(1, 1, 1));
    let ev = act(&mut g, Action::Pass);
    assert_eq!(flock_points(&ev), vec![(0, 2)]);
    assert_eq!(shepherds_out(&g, 0), 0);
    // P0 closes it: grows first (a sheep of 3), then it is herded.
    put(&mut own, 0, "V", at(1, 1, 1));
    act(&mut own, Action::Pass);
    assert_eq!(own.pending().unwrap().decision, Decision::named("flock"));
    act(&mut own, grow());
    let ev = act(&mut own, token(SHEEP3));
    assert_eq!(flock_points(&ev), vec![(0, 5)]);
    assert_eq!(shepherds_out(&own, 0), 0);
}

/// §End: shepherds and their flocks still out at the end score nothing.
#[test]
fn flocks_score_nothing_at_the_end_end() {
    let mut g = shepherd_south_of_d(SHEEP4);
    let ev = g.finish();
    assert!(flock_points(&ev).is_empty(), "{ev:?}");
    assert!(ev.iter().all(|e| e.reason != Reason::Flock));
}

/// §Hills: a hill tile goes onto a tile taken face down from the supply:
/// two tiles fewer to draw after it, one of them buried for good.
#[test]
fn a_hill_takes_a_tile_beneath_it_hills() {
    let mut g = on_d(hs(), 2);
    g.force_draw(tile(hs(), "HS/CFR.h")).unwrap();
    let before = g.remaining();
    act(&mut g, Action::Place(at(1, 0, 1)));
    act(&mut g, Action::Pass);
    assert_eq!(g.buried(), 1);
    assert_eq!(
        g.remaining(),
        before - 2,
        "the next tile drawn and one buried"
    );
    assert_eq!(state(&g)["under_hills"], 1);
    // Seeded games alike, and every tile is accounted for at the end.
    let mut s = Game::new(hs(), 2, 5).unwrap();
    let mut bot =
        carcassonne_runtime::bots::SimpleBot::new(carcassonne_runtime::bots::BotKind::Random, 5);
    while let Some(a) = bot.choose_action(&s) {
        act(&mut s, a);
    }
    let hills = s
        .placed()
        .iter()
        .filter(|q| hs().tiles[q.tile as usize].id.contains(".h"))
        .count();
    // Each hill buried a tile, but one placed last, with none left.
    assert!(
        s.buried() == hills || s.buried() + 1 == hills,
        "{} hills, {} buried",
        hills,
        s.buried()
    );
    assert_eq!(
        s.placed().len() + s.removed().count() + s.buried(),
        hs().total as usize
    );
}

/// The road D-(0, 0) to HS/CFR.h at (1, 0), with P0's follower on the
/// hill, and W at (0, 1) with P1's follower on its west road; two curves
/// join them into one road, completed, a follower each.
fn tied_road(rules: &'static Ruleset) -> (Game, Vec<ScoreEvent>) {
    let mut g = on_d(rules, 2);
    put(&mut g, 0, "HS/CFR.h", at(1, 0, 1));
    let a = follower_at(&g, Kind::Road, "W");
    act(&mut g, a);
    put(&mut g, 1, "W", at(0, 1, 0));
    let a = follower_at(&g, Kind::Road, "W");
    act(&mut g, a);
    put(&mut g, 0, "V", at(-1, 0, 3));
    act(&mut g, Action::Pass);
    put(&mut g, 1, "V", at(-1, 1, 2));
    let ev = act(&mut g, Action::Pass);
    (g, ev)
}

/// §Hills: players tied for a feature's majority: the one with a follower
/// on a hill tile of it scores, the other nothing.
#[test]
fn a_follower_on_a_hill_wins_the_tie_hills() {
    let (_, ev) = tied_road(hs());
    let roads: Vec<(u8, u32)> = ev
        .iter()
        .filter(|e| e.feature == Kind::Road)
        .map(|e| (e.player, e.points))
        .collect();
    assert_eq!(roads, vec![(0, 5)], "P0 on the hill takes the 5-tile road");
    // The `count` variant agrees when one side has a hill and the other none.
    let (_, ev) = tied_road(with_option(hs(), "hill_tiebreak", 1));
    assert_eq!(
        ev.iter()
            .filter(|e| e.feature == Kind::Road)
            .map(|e| e.player)
            .collect::<Vec<_>>(),
        vec![0]
    );
}

/// Without Hills & Sheep's rules (the set tiles only), the same tie pays
/// both players.
#[test]
fn without_the_set_the_tie_pays_both_hills() {
    // base_hills_sheep with its mechanic switched off: the tie is a tie.
    let off: &'static Ruleset = Box::leak(Box::new(Ruleset {
        hooks: carcassonne_runtime::tables::Hooks::of(0),
        mechs: 0,
        ..*hs()
    }));
    let (_, ev) = tied_road(off);
    let mut roads: Vec<u8> = ev
        .iter()
        .filter(|e| e.feature == Kind::Road)
        .map(|e| e.player)
        .collect();
    roads.sort();
    assert_eq!(roads, vec![0, 1]);
}

/// The eight tiles around B at (0, 1) below D, three of them vineyards
/// (HS/C!.v twice, HS/RRr.v), the last placed by P1; their events.
fn ring_of_vineyards(g: &mut Game) -> Vec<ScoreEvent> {
    let around = [
        ("U", at(-1, 0, 0)),
        ("U", at(1, 0, 0)),
        ("HS/C!.v", at(-1, 1, 3)),
        ("HS/C!.v", at(1, 1, 1)),
        ("HS/RRr.v", at(0, 2, 0)),
        ("U", at(-1, 2, 0)),
    ];
    for (i, (id, p)) in around.into_iter().enumerate() {
        put(g, (i % 2) as u8, id, p);
        act(g, Action::Pass);
    }
    put(g, 1, "U", at(1, 2, 0));
    act(g, Action::Pass)
}

/// §Vineyards: a completed cloister scores 3 more for each vineyard among
/// the eight tiles around it (Wikicarpedia's example: three vineyards,
/// 9 + 3 + 3 + 3 = 18).
#[test]
fn three_vineyards_make_a_cloister_worth_eighteen_vineyards() {
    let mut g = on_d(hs(), 2);
    put(&mut g, 0, "B", at(0, 1, 0));
    let monk = on_kind(&g, Kind::Cloister);
    act(&mut g, monk);
    let ev = ring_of_vineyards(&mut g);
    let cloister: Vec<(u8, u32)> = ev
        .iter()
        .filter(|e| e.feature == Kind::Cloister && e.reason == Reason::Completed)
        .map(|e| (e.player, e.points))
        .collect();
    assert_eq!(cloister, vec![(0, 18)]);
}

/// §Vineyards: an incomplete cloister at the end scores its tiles only.
#[test]
fn no_vineyard_points_at_the_end_vineyards() {
    let mut g = on_d(hs(), 2);
    put(&mut g, 0, "B", at(0, 1, 0));
    let monk = on_kind(&g, Kind::Cloister);
    act(&mut g, monk);
    put_fit(&mut g, 1, "HS/C!.v", -1, 1);
    act(&mut g, Action::Pass);
    let ev = g.finish();
    let cloister: Vec<u32> = ev
        .iter()
        .filter(|e| e.feature == Kind::Cloister)
        .map(|e| e.points)
        .collect();
    assert_eq!(cloister, vec![3], "B, D and the vineyard tile: no bonus");
}

/// 003_f0943165331a7fee.txt L388: vineyards count for shrines as for
/// cloisters (everything_c1, where both sets are played).
#[test]
fn vineyards_count_for_shrines_too_l388() {
    let rules = everything();
    let d = tile(rules, "D");
    let mut g = Game::new_scripted(rules, 2, &[(d, at(0, 0, 0))]).unwrap();
    // The shrine CU/S (a shrine in a field, like B) at (0, 1).
    put(&mut g, 0, "CU/S", at(0, 1, 0));
    let a = on_kind(&g, Kind::Shrine);
    act(&mut g, a);
    let ev = ring_of_vineyards(&mut g);
    let shrine: Vec<(u8, u32)> = ev
        .iter()
        .filter(|e| e.feature == Kind::Shrine && e.reason == Reason::Completed)
        .map(|e| (e.player, e.points))
        .collect();
    assert_eq!(shrine, vec![(0, 18)]);
}

/// 000_9deb58b1a7d17d38.txt L520: the sheep printed on River III's fields
/// are counted with the tokens each time a flock there is herded.
#[test]
fn printed_sheep_count_when_herded_l520() {
    let rules = carcassonne_runtime::ruleset("base_river3_hills_sheep").unwrap();
    let spring = tile(rules, "RI.3/s");
    let mut g = Game::new_scripted(rules, 2, &[(spring, at(0, 0, 0))]).unwrap();
    // A straight river tile with a sheep on its north field, east of the
    // spring.
    put(&mut g, 0, "RI.3/IFI.s", at(1, 0, 0));
    let a = shepherd_at(&g, "Nw");
    act(&mut g, a);
    act(&mut g, token(SHEEP2));
    assert_eq!(flock(&g, 0), 2, "the flock is its tokens");
    // E north of it extends the field: P0 herds 2 + 1 printed.
    put(&mut g, 0, "E", at(1, -1, 0));
    act(&mut g, Action::Pass);
    let ev = act(&mut g, herd());
    assert_eq!(flock_points(&ev), vec![(0, 3)], "2 in the flock, 1 printed");
    // P1's shepherd in the same field herds the printed sheep again.
    put(&mut g, 1, "B", at(2, -1, 0));
    let a = shepherd_at(&g, "Nw");
    act(&mut g, a);
    act(&mut g, token(SHEEP1));
    put(&mut g, 1, "B", at(3, -1, 0));
    act(&mut g, Action::Pass);
    let ev = act(&mut g, herd());
    assert_eq!(flock_points(&ev), vec![(1, 2)], "1 in the flock, 1 printed");
}

/// 000_9deb58b1a7d17d38.txt L1254: a dragon tile that extends the active
/// player's shepherd's field: the shepherd's action comes before the dragon
/// moves; L1125: the dragon eats shepherds, their tokens back into the bag.
#[test]
fn the_shepherd_acts_before_the_dragon_and_is_eaten_l1254_l1125() {
    let rules = everything();
    let v = tile(rules, "DG/F.v");
    let mut g = Game::new_scripted(rules, 2, &[(v, at(0, 0, 0))]).unwrap();
    // P0's shepherd on U east of the volcano (whose field is all round).
    put(&mut g, 0, "U", at(1, 0, 1));
    let a = shepherd_at(&g, "Nw");
    act(&mut g, a);
    act(&mut g, token(SHEEP3));
    let mut eaten = g.clone();
    // P0 places a dragon tile in the same field, south of the volcano.
    put_fit(&mut g, 0, "DG/Rr.d", 0, 1);
    act(&mut g, Action::Pass);
    assert_eq!(
        g.pending().unwrap().decision,
        Decision::named("flock"),
        "the shepherd first"
    );
    let ev = act(&mut g, herd());
    assert_eq!(flock_points(&ev), vec![(0, 3)]);
    assert_eq!(g.pending().unwrap().decision, Decision::named("dragon"));
    // P1 places the dragon tile: the dragon steps E onto P0's shepherd.
    put_fit(&mut eaten, 1, "DG/Rr.d", 0, 1);
    act(&mut eaten, Action::Pass);
    assert_eq!(eaten.pending().unwrap().decision, Decision::named("dragon"));
    act(&mut eaten, Action::verb("dragon", Arg::Dir(E)));
    assert_eq!(shepherds_out(&eaten, 0), 0, "eaten");
    assert_eq!(
        eaten.figures(0, FollowerKind::Shepherd),
        1,
        "back in supply"
    );
    assert_eq!(bag(&eaten), [4, 5, 5, 2, 2], "its sheep back in the bag");
}

/// §Chance: what is refused, and changes nothing: a player answering
/// chance, a token the bag no longer holds, an answer to a decision not
/// posed, a second shepherd.
#[test]
fn illegal_answers_and_impossible_outcomes_are_refused_chance() {
    let mut g = on_d(hs(), 2);
    put(&mut g, 0, "U", at(0, 1, 0));
    let a = shepherd_at(&g, "Nw");
    act(&mut g, a);
    // Chance decides: no player may.
    let before = g.clone();
    assert_eq!(
        g.apply_action_by(0, token(SHEEP1), &mut Vec::new()),
        Err(ActionError::ChanceDecides { player: 0 })
    );
    assert!(matches!(
        g.apply_action(grow(), &mut Vec::new()),
        Err(ActionError::Illegal(_))
    ));
    assert!(matches!(
        g.apply_action(token(9), &mut Vec::new()),
        Err(ActionError::Illegal(_))
    ));
    assert!(g == before);
    // Both 4-sheep tokens out: a third is impossible.
    act(&mut g, token(SHEEP4));
    put(&mut g, 0, "U", at(1, 1, 0));
    act(&mut g, Action::Pass);
    act(&mut g, grow());
    act(&mut g, token(SHEEP4));
    assert_eq!(bag(&g)[SHEEP4 as usize], 0);
    put(&mut g, 0, "U", at(-1, 1, 0));
    act(&mut g, Action::Pass);
    act(&mut g, grow());
    let before = g.clone();
    let e = g.apply_action(token(SHEEP4), &mut Vec::new()).unwrap_err();
    assert!(
        e.to_string().contains("no such token is in the sheep bag"),
        "{e}"
    );
    assert!(g == before);
    assert!(!g.legal_actions().contains(&token(SHEEP4)));
    act(&mut g, token(SHEEP1));
    // Not asked: growing now is refused.
    put(&mut g, 1, "U", at(0, 2, 0));
    assert!(matches!(
        g.apply_action(grow(), &mut Vec::new()),
        Err(ActionError::NotNow { .. })
    ));
    act(&mut g, Action::Pass);
    // A second shepherd: P0's is out.
    put(&mut g, 0, "U", at(2, 1, 0));
    let second = Action::Deploy(Deploy {
        segment: seg_at(&g, Kind::Field, "Sw"),
        kind: FollowerKind::Shepherd,
    });
    assert!(matches!(
        g.apply_action(second, &mut Vec::new()),
        Err(ActionError::Illegal(MoveError::NoFollowerLeft(0)))
    ));
}

/// §Chance: a seeded game deals the bag itself, the same way for the same
/// seed; its record lists every outcome and replays with the seed or
/// without it (the outcomes then read from the record), and an outcome the
/// seed does not deal is refused.
#[test]
fn seeded_games_deal_record_and_replay_the_bag_chance() {
    let rules = hs();
    let mut dealt_any = false;
    for seed in 0..6 {
        let play = || {
            let mut g = Game::new(rules, 3, seed).unwrap();
            let mut rec = Recorder::new(&g, None);
            let mut bots: Vec<_> = (0..3)
                .map(|i| {
                    carcassonne_runtime::bots::SimpleBot::new(
                        carcassonne_runtime::bots::BotKind::Random,
                        seed * 3 + i,
                    )
                })
                .collect();
            while let Some(p) = g.pending() {
                let Actor::Player(who) = p.actor else {
                    panic!("a seeded game deals chance itself")
                };
                let a = bots[who as usize].choose_action(&g.view(who)).unwrap();
                let before = g.clone();
                let mut ev = Vec::new();
                g.apply_action(a, &mut ev).unwrap();
                rec.note_action(&before, a, &ev, &g);
            }
            (g, rec.record)
        };
        let (g, rec) = play();
        let (again, _) = play();
        assert!(g == again, "seed {seed}: the same game");
        dealt_any |= !g.dealt().is_empty();
        let chance: usize = rec
            .turns
            .iter()
            .flat_map(|t| t.actions.iter().flatten())
            .filter(|a| a.do_ == "sheep-bag")
            .count();
        assert_eq!(chance, g.dealt().len(), "seed {seed}: every outcome listed");
        let back = replay(&rec, rules, false).unwrap();
        assert!(back.game == g, "seed {seed}: replays");
        // Without its seed, as a scenario: the tiles and the outcomes come
        // from the record (no tile was discarded in these games).
        if rec.turns.iter().all(|t| t.discarded.is_none()) {
            let mut scripted = rec.clone();
            scripted.seed = None;
            let back = replay(&scripted, rules, false).unwrap();
            assert_eq!(back.game.scores(), g.scores(), "seed {seed}: scenario");
        }
        // A tampered outcome: the seed deals another.
        let mut bad = rec.clone();
        let first = bad
            .turns
            .iter_mut()
            .flat_map(|t| t.actions.iter_mut().flatten())
            .find(|a| a.do_ == "sheep-bag");
        if let Some(a) = first {
            let was = a.args["token"].clone();
            a.args.insert(
                "token".into(),
                serde_json::json!(if was == "wolf" { "sheep1" } else { "wolf" }),
            );
            let e = replay(&bad, rules, false).unwrap_err();
            assert!(e.reason.contains("chance"), "{e}");
        }
    }
    assert!(dealt_any, "some game drew from the bag");
}

/// §Chance: a game told to wait for chance (`state_chance`) asks chance
/// instead of dealing, as a scripted game does.
#[test]
fn a_seeded_game_may_wait_for_chance_chance() {
    let mut g = Game::new(hs(), 2, 3).unwrap();
    g.state_chance(true);
    let mut bot =
        carcassonne_runtime::bots::SimpleBot::new(carcassonne_runtime::bots::BotKind::Random, 3);
    let mut asked = 0;
    while let Some(p) = g.pending() {
        let a = match p.actor {
            Actor::Chance => {
                asked += 1;
                let mut odds = Vec::new();
                g.chance_odds(&mut odds);
                assert!(!odds.is_empty() && odds.iter().all(|&(_, w)| w > 0));
                odds[0].0
            }
            Actor::Player(_) => bot.choose_action(&g).unwrap(),
        };
        act(&mut g, a);
    }
    assert!(asked > 0, "chance was asked");
    assert!(g
        .dealt()
        .iter()
        .all(|d| d.stated || d.ask.player == u8::MAX));
}
