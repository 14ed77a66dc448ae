//! Invariants over many seeded random games in every compiled-in ruleset:
//! followers are conserved, scores never decrease, every placed tile matches
//! its neighbours, no follower joins an occupied feature (checked by a flood
//! fill independent of the engine's union-find), no shrine or cloister has
//! two rivals around it where heretics are played, no figure shares the
//! dragon's tile (every figure eaten is back in its owner's supply), castle
//! tokens and the followers in castles are accounted for, no shepherd joins
//! another's field and every sheep token is in the bag or a flock whose
//! shepherd stands, and replaying each game's record reproduces every event
//! and score.
//!
//! `CARCASSONNE_PROPERTY_GAMES` sets the games per ruleset (default 10,000).

use carcassonne_runtime::bots::{BotKind, SimpleBot};
use carcassonne_runtime::engine::{
    Action, Actor, Arg, Decision, FollowerKind, Game, Move, Reason, ScoreEvent, Spot, Verb,
};
use carcassonne_runtime::record::{replay, Recorder};
use carcassonne_runtime::tables::{rotate_mask, Edge, Kind, Ruleset, NO_SEGMENT};

const DX: [i32; 4] = [0, 1, 0, -1];
const DY: [i32; 4] = [-1, 0, 1, 0];

fn games() -> u64 {
    std::env::var("CARCASSONNE_PROPERTY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// The segment at board port `port` of the tile at (x, y).
/// (A segment a module added to the tile, a bridge, counts: the tile's
/// `ports` name it.)
fn segment_at(g: &Game, x: i32, y: i32, port: u8) -> Option<(i32, i32, usize)> {
    let p = g.tile_at(x, y)?;
    let s = p.ports[port as usize];
    (s != NO_SEGMENT).then_some((x, y, s as usize))
}

/// The segments of the tile at (x, y), with one a module added.
fn segs(g: &Game, x: i32, y: i32) -> Vec<carcassonne_runtime::tables::Segment> {
    g.segments_at(g.placed_index_at(x, y).unwrap()).into_owned()
}

/// Every (x, y, segment) connected to the given one, found by walking ports.
fn flood(g: &Game, start: (i32, i32, usize)) -> Vec<(i32, i32, usize)> {
    // The Ferries (004_e9353f116722cd5d.txt L83): a lake's ferry joins the
    // roads at two of its sides, as the protocol's state shows them.
    let mut state = serde_json::Map::new();
    g.state_json(&mut state);
    let side = |c: char| "NESW".find(c).unwrap();
    let ferries: Vec<(i32, i32, usize, usize)> = state
        .get("ferries")
        .and_then(|v| v.as_array())
        .into_iter()
        .flatten()
        .map(|l| {
            let j: Vec<char> = l["joins"].as_str().unwrap().chars().collect();
            (
                l["x"].as_i64().unwrap() as i32,
                l["y"].as_i64().unwrap() as i32,
                side(j[0]),
                side(j[2]),
            )
        })
        .collect();
    let mut seen = vec![start];
    let mut todo = vec![start];
    while let Some((x, y, s)) = todo.pop() {
        let p = g.tile_at(x, y).unwrap();
        let seg = segs(g, x, y)[s];
        if seg.kind == Kind::Cloister {
            continue;
        }
        let ports = rotate_mask(seg.ports, p.rotation);
        for &(fx, fy, a, b) in &ferries {
            if (fx, fy) != (x, y) || seg.kind != Kind::Road {
                continue;
            }
            for (from, to) in [(a, b), (b, a)] {
                if ports & (1 << (3 * from + 1)) == 0 {
                    continue;
                }
                let other = (0..segs(g, x, y).len()).find(|&o| {
                    let q = segs(g, x, y)[o];
                    q.kind == Kind::Road
                        && rotate_mask(q.ports, p.rotation) & (1 << (3 * to + 1)) != 0
                });
                if let Some(o) = other {
                    if !seen.contains(&(x, y, o)) {
                        seen.push((x, y, o));
                        todo.push((x, y, o));
                    }
                }
            }
        }
        for port in 0..12u8 {
            if ports & (1 << port) == 0 {
                continue;
            }
            let side = (port / 3) as usize;
            let facing = ((side as u8 + 2) % 4) * 3 + (2 - port % 3);
            if let Some(n) = segment_at(g, x + DX[side], y + DY[side], facing) {
                if segs(g, n.0, n.1)[n.2].kind == seg.kind && !seen.contains(&n) {
                    seen.push(n);
                    todo.push(n);
                }
            }
        }
    }
    seen
}

fn check_matches(g: &Game) {
    for p in g.placed() {
        let t = &g.rules().tiles[p.tile as usize];
        for side in 0..4 {
            let Some(q) = g.tile_at(p.x as i32 + DX[side], p.y as i32 + DY[side]) else {
                continue;
            };
            let qt = &g.rules().tiles[q.tile as usize];
            // A bridge's end (a segment past the printed ones at a side's
            // middle) shows a road.
            let shows = |p: &carcassonne_runtime::engine::Placed,
                         t: &carcassonne_runtime::tables::TileType,
                         side: usize| {
                let s = p.ports[3 * side + 1];
                if s != NO_SEGMENT && s as usize >= t.segments.len() {
                    Edge::Road as u16
                } else {
                    (t.rot_edges[p.rotation as usize] >> (4 * side)) & 0xF
                }
            };
            let mine = shows(p, t, side);
            let theirs = shows(q, qt, (side + 2) % 4);
            // A side that matches anything (the abbey's) meets any edge.
            let any = Edge::Any as u16;
            if mine == any || theirs == any {
                continue;
            }
            assert_eq!(
                mine, theirs,
                "tile {} at ({}, {}) does not match side {side}",
                t.id, p.x, p.y
            );
        }
    }
}

/// Heretics & Shrines: no shrine adjoins two cloisters and no cloister two
/// shrines (000_9deb58b1a7d17d38.txt L2068), counted on the final board.
fn check_shrines(g: &Game) {
    let count = |x: i32, y: i32, kind: Kind| {
        g.tile_at(x, y).map_or(0, |p| {
            g.rules().tiles[p.tile as usize]
                .segments
                .iter()
                .filter(|s| s.kind == kind)
                .count()
        })
    };
    for p in g.placed() {
        let (x, y) = (p.x as i32, p.y as i32);
        for (kind, rival) in [
            (Kind::Shrine, Kind::Cloister),
            (Kind::Cloister, Kind::Shrine),
        ] {
            if count(x, y, kind) == 0 {
                continue;
            }
            let around: usize = (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
                .filter(|&d| d != (0, 0))
                .map(|(dx, dy)| count(x + dx, y + dy, rival))
                .sum();
            assert!(
                around <= 1,
                "{}: the {} at ({x}, {y}) has {around} {}s around it",
                g.rules().id,
                kind.name(),
                rival.name()
            );
        }
    }
}

/// What a game's optional mechanics did: enough seeded games of a ruleset
/// must use each of them, or the invariants were checked on nothing.
#[derive(Default)]
struct Used {
    eaten: u32,
    fairy_points: u32,
    portal: u32,
    princess: u32,
    tower_pieces: u32,
    tower_tops: u32,
    captures: u32,
    exchanges: u32,
    ransoms: u32,
    castles: u32,
    castle_points: u32,
    castle_picks: u32,
    shepherds: u32,
    grown: u32,
    herded: u32,
    wolves: u32,
    buried: u32,
}

/// Hills & Sheep: the 18 tokens are in the bag or in flocks (four of 1
/// sheep, five of 2, five of 3, two of 4, two wolves, which never leave the
/// bag: docs/rules/hills-sheep.md §Bag), and a player has a flock only while
/// their shepherd stands.
fn check_sheep(g: &Game, seed: u64) {
    let mut m = serde_json::Map::new();
    carcassonne_runtime::mechanics::state_json(g, &mut m);
    let names = ["sheep1", "sheep2", "sheep3", "sheep4"];
    let start = [4, 5, 5, 2];
    for (k, name) in names.iter().enumerate() {
        let in_bag = m["sheep_bag"][name].as_u64().unwrap();
        let in_flocks: u64 = m["flocks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["tokens"][name].as_u64().unwrap())
            .sum();
        assert_eq!(
            in_bag + in_flocks,
            start[k],
            "{} seed {seed}: {name} tokens not conserved",
            g.rules().id
        );
    }
    assert_eq!(
        m["sheep_bag"]["wolf"], 2,
        "seed {seed}: a wolf left the bag"
    );
    for (p, f) in m["flocks"].as_array().unwrap().iter().enumerate() {
        let shepherd = g
            .followers()
            .iter()
            .any(|d| d.player == p as u8 && d.kind.name() == "shepherd");
        assert!(
            shepherd || f["sheep"] == 0,
            "{} seed {seed}: P{p} keeps a flock without a shepherd",
            g.rules().id
        );
    }
}

/// The Tower: every tower piece is in a player's supply or in a tower
/// (000_9deb58b1a7d17d38.txt L1427-L1437), each follower on a tower's top
/// stands on a tower of one piece or more (fn 3 L1492), and no prisoner is
/// held by its own owner (L1461).
fn check_tower(g: &Game, seed: u64) {
    let mut m = serde_json::Map::new();
    carcassonne_runtime::mechanics::state_json(g, &mut m);
    let towers = m["towers"].as_array().unwrap();
    let built: u64 = towers.iter().map(|t| t["height"].as_u64().unwrap()).sum();
    let left: u64 = m["tower_pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .sum();
    let each = match g.players() {
        2 => 10,
        3 => 9,
        4 => 7,
        5 => 6,
        6 => 5,
        7 => 4,
        _ => 3,
    };
    assert_eq!(
        built + left,
        each * u64::from(g.players()),
        "{} seed {seed}: tower pieces not conserved",
        g.rules().id
    );
    for t in towers {
        if !t["top"].is_null() {
            assert!(
                t["height"].as_u64().unwrap() > 0,
                "seed {seed}: a follower on a foundation"
            );
        }
    }
    for (jailer, held) in m["prisoners"].as_array().unwrap().iter().enumerate() {
        for p in held.as_array().unwrap() {
            assert_ne!(
                p["player"].as_u64().unwrap(),
                jailer as u64,
                "seed {seed}: one's own prisoner"
            );
        }
    }
}

/// Bridges, Castles & Bazaars: every bridge is in a player's supply or
/// built (000_9deb58b1a7d17d38.txt L2394-L2397), at most one a tile (fn 18
/// L2585).
fn check_bridges(g: &Game, seed: u64) {
    let mut m = serde_json::Map::new();
    carcassonne_runtime::mechanics::state_json(g, &mut m);
    let built = m["bridges"].as_array().unwrap();
    let left: u64 = m["bridges_left"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .sum();
    let each = match g.players() {
        2..=4 => 3,
        5 | 6 => 2,
        _ => 1,
    };
    assert_eq!(
        built.len() as u64 + left,
        each * u64::from(g.players()),
        "{} seed {seed}: bridges not conserved",
        g.rules().id
    );
    let mut cells: Vec<(i64, i64)> = built
        .iter()
        .map(|b| (b["x"].as_i64().unwrap(), b["y"].as_i64().unwrap()))
        .collect();
    let n = cells.len();
    cells.sort_unstable();
    cells.dedup();
    assert_eq!(cells.len(), n, "seed {seed}: two bridges on a tile");
}

/// Castles (000_9deb58b1a7d17d38.txt L2394-L2397, L2489-L2511): every
/// castle token is in its player's supply or on a castle, a castle that has
/// scored holds no follower any more (L2500), and every follower in a
/// castle is its owner's who put a token on it.
fn check_castles(g: &Game, seed: u64) {
    let mut m = serde_json::Map::new();
    carcassonne_runtime::mechanics::state_json(g, &mut m);
    let players = u64::from(g.players());
    let each = match players {
        0..=4 => 3,
        5 | 6 => 2,
        _ => 1,
    };
    let castles = m["castles"].as_array().unwrap();
    for (p, left) in m["castle_tokens"].as_array().unwrap().iter().enumerate() {
        let placed = castles
            .iter()
            .filter(|c| c["owners"].as_array().unwrap().contains(&p.into()))
            .count() as u64;
        assert_eq!(
            left.as_u64().unwrap() + placed,
            each,
            "{} seed {seed}: P{p}'s castle tokens not conserved",
            g.rules().id
        );
    }
    for c in castles {
        let inside = c["occupants"].as_array().unwrap();
        if !c["scored"].is_null() {
            assert!(inside.is_empty(), "seed {seed}: a scored castle holds {c}");
        }
        for o in inside {
            assert!(
                c["owners"].as_array().unwrap().contains(&o["player"]),
                "seed {seed}: a follower in another's castle: {c}"
            );
        }
    }
    let held = g
        .held()
        .iter()
        .filter(|h| h.by == carcassonne_runtime::mechanics::Mech::Castles)
        .count();
    let listed: usize = castles
        .iter()
        .map(|c| c["occupants"].as_array().unwrap().len())
        .sum();
    assert_eq!(held, listed, "seed {seed}: followers in castles");
}

/// No figure but a barn (between four tiles, 000_9deb58b1a7d17d38.txt
/// fn 18 L1350) stands on the tile the dragon stands on (L1102, L1114).
fn check_dragon(g: &Game, seed: u64) {
    let shown = g.shown();
    let Some(d) = shown.neutral.iter().find(|n| n.def.name == "dragon") else {
        return;
    };
    for f in g
        .followers()
        .iter()
        .filter(|f| f.kind != FollowerKind::Barn)
    {
        let q = g.placed()[g.spot_of(f).placed as usize];
        assert!(
            (q.x, q.y) != (d.x, d.y),
            "{} seed {seed} turn {}: a {} stands with the dragon",
            g.rules().id,
            g.turn(),
            f.kind.name()
        );
    }
}

fn play_and_check(rules: &'static Ruleset, seed: u64, players: u8) -> Used {
    let mut used = Used::default();
    let mut g = Game::new(rules, players, seed).unwrap();
    let mut bots: Vec<SimpleBot> = (0..players)
        .map(|i| SimpleBot::new(BotKind::Random, seed * 8 + i as u64))
        .collect();
    let mut rec = Recorder::new(&g, None);
    let mut events: Vec<ScoreEvent> = Vec::new();
    let initial: Vec<u8> = FollowerKind::ALL.iter().map(|&k| g.figures(0, k)).collect();
    while let Some(pending) = g.pending() {
        let before = g.clone();
        let Actor::Player(who) = pending.actor else {
            panic!("a seeded game deals chance itself")
        };
        // Each answer is listed once (mechanics/mod.rs `Sink`): a module
        // that names a figure's spot, which two like followers may share,
        // lists it with `put_once`. Placements come off the draw's scan,
        // one per cell and rotation, so only the other decisions are
        // sorted here (sorting every placement list doubled this test).
        if pending.decision != Decision::Place {
            let mut legal = g.legal_actions();
            let listed = legal.len();
            legal.sort_unstable();
            legal.dedup();
            assert_eq!(
                legal.len(),
                listed,
                "{} seed {seed} turn {}: an answer is listed twice at {pending:?}",
                rules.id,
                g.turn(),
            );
        }
        let a = bots[who as usize].choose_action(&g.view(who)).unwrap();
        events.clear();
        g.apply_action(a, &mut events).unwrap();
        if let Action::Deploy(d) = a {
            // A follower joins no occupied feature, a builder or pig only
            // one holding its owner's follower: flood the feature on the
            // board before the figure, independently of the union-find.
            let q = *before.placed().last().unwrap();
            let members = flood(&before, (q.x as i32, q.y as i32, d.segment as usize));
            let mut occupied = false;
            let mut own = false;
            for f in before.followers().iter().filter(|f| f.kind.occupies()) {
                let owner = before
                    .placed()
                    .iter()
                    .find(|p| {
                        let n = segs(&before, p.x as i32, p.y as i32).len() as u16;
                        f.node >= p.node_base && f.node < p.node_base + n
                    })
                    .unwrap();
                let here = (
                    owner.x as i32,
                    owner.y as i32,
                    (f.node - owner.node_base) as usize,
                );
                if members.contains(&here) {
                    occupied = true;
                    // A barn occupies its farm but is no follower for a pig
                    // (000_9deb58b1a7d17d38.txt fn 1 L1834).
                    own |= f.player == who && f.kind.is_follower();
                }
            }
            if d.kind.occupies() {
                assert!(
                    !occupied,
                    "{} seed {seed} turn {}: a follower was deployed on an occupied feature: {d:?}",
                    rules.id,
                    before.turn(),
                );
            } else if d.kind.name() == "shepherd" {
                // No shepherd where another stands (Hills & Sheep, §Shepherd).
                let other = before.followers().iter().any(|f| {
                    f.kind == d.kind && {
                        let s = before.spot_of(f);
                        let p = before.placed()[s.placed as usize];
                        members.contains(&(p.x as i32, p.y as i32, s.segment as usize))
                    }
                });
                assert!(
                    !other,
                    "{} seed {seed}: a shepherd joined another's field",
                    rules.id
                );
                used.shepherds += 1;
            } else {
                assert!(
                    own,
                    "{} seed {seed}: a {} beside no own follower",
                    rules.id,
                    d.kind.name()
                );
            }
        }
        if let (
            "move-wagon",
            Action::Do(Verb {
                arg: Arg::Spot(Spot {
                    placed, segment, ..
                }),
                ..
            }),
        ) = (a.name(), a)
        {
            // A wagon moves only into a feature without followers: flood
            // it on the board before the move.
            let q = before.placed()[placed as usize];
            let members = flood(&before, (q.x as i32, q.y as i32, segment as usize));
            let occupied = before.followers().iter().any(|f| {
                f.kind.occupies()
                    && before.placed().iter().any(|p| {
                        let n = before.rules().tiles[p.tile as usize].segments.len() as u16;
                        f.node >= p.node_base
                            && f.node < p.node_base + n
                            && members.contains(&(
                                p.x as i32,
                                p.y as i32,
                                (f.node - p.node_base) as usize,
                            ))
                    })
            });
            assert!(
                !occupied,
                "{} seed {seed}: a wagon moved into an occupied feature",
                rules.id
            );
        }
        for p in 0..players {
            // Only a payment lowers a score (the Tower's ransom, L1477).
            let paid: i32 = events
                .iter()
                .filter(|e| e.player == p && e.reason.def().paid)
                .map(|e| e.points as i32)
                .sum();
            assert!(
                g.scores()[p as usize] + paid >= before.scores()[p as usize],
                "seed {seed}: a score decreased"
            );
            // Every figure is in its owner's supply or on the board, or is
            // held by a module: a wagon whose feature scored waits for its
            // owner's answer, a prisoner in a tower's captor's hands, a
            // follower on top of a tower, a follower in a quarter of the City
            // of Carcassonne (000_9deb58b1a7d17d38.txt L1956-L1983).
            for (k, &kind) in FollowerKind::ALL.iter().enumerate() {
                let on_board = g
                    .followers()
                    .iter()
                    .filter(|f| f.player == p && f.kind == kind)
                    .count() as u32;
                assert_eq!(
                    on_board + g.figures(p, kind) as u32 + g.in_transit(p, kind) as u32,
                    initial[k] as u32,
                    "{} seed {seed}: {} figures not conserved",
                    rules.id,
                    kind.name()
                );
            }
        }
        let sum: i64 = events.iter().map(|e| e.signed()).sum();
        let gained: i64 = (0..players as usize)
            .map(|p| i64::from(g.scores()[p]) - i64::from(before.scores()[p]))
            .sum();
        assert_eq!(
            sum, gained,
            "seed {seed}: every point is in exactly one event"
        );
        rec.note_action(&before, a, &events, &g);
        if rules.has_mechanic("dragon") {
            check_dragon(&g, seed);
        }
        if rules.has_mechanic("tower") {
            check_tower(&g, seed);
        }
        if rules.has_mechanic("bridges") {
            check_bridges(&g, seed);
        }
        if rules.has_mechanic("castles") {
            check_castles(&g, seed);
        }
        if rules.has_mechanic("hills-sheep") {
            check_sheep(&g, seed);
        }
        match a.name() {
            "portal" => used.portal += 1,
            "princess" => used.princess += 1,
            "tower-piece" => used.tower_pieces += 1,
            "tower-top" | "tower-top-big" => used.tower_tops += 1,
            "capture" | "capture-top" => used.captures += 1,
            "ransom" => used.ransoms += 1,
            "castle" => used.castles += 1,
            "castle-pick" => used.castle_picks += 1,
            "grow-flock" => used.grown += 1,
            _ => {}
        }
        used.castle_points += events
            .iter()
            .filter(|e| e.reason.name() == "castle")
            .map(|e| e.points)
            .sum::<u32>();
        used.herded += events.iter().filter(|e| e.reason.name() == "flock").count() as u32;
        if rules.has_mechanic("tower") {
            // An exchange: figures come back from two captors in one answer.
            let back = |g: &Game| {
                g.held()
                    .iter()
                    .filter(|h| h.by == carcassonne_runtime::mechanics::Mech::Tower)
                    .filter(|h| h.tile == u16::MAX)
                    .count()
            };
            if a.name() != "ransom" && back(&g) < back(&before) {
                used.exchanges += 1;
            }
        }
        used.fairy_points += events
            .iter()
            .filter(|e| e.reason == Reason::Fairy)
            .map(|e| e.points)
            .sum::<u32>();
    }
    used.eaten = g
        .shown()
        .tallies
        .iter()
        .filter(|t| t.key == "eaten")
        .map(|t| t.count)
        .sum();
    for t in g.shown().tallies {
        if t.key == "wolves" {
            used.wolves += t.count;
        }
    }
    used.buried = g.buried() as u32;
    check_matches(&g);
    // Tiles held by the players (the abbeys) come on top of the stack's, and
    // each is either still held or on the board.
    let held_placed = g
        .placed()
        .iter()
        .filter(|q| rules.tiles[q.tile as usize].edges.contains(&Edge::Any))
        .count();
    if rules.has_mechanic("abbey") {
        let held = (0..players).filter(|&p| g.held_tile(p).is_some()).count();
        assert_eq!(
            held + held_placed,
            players as usize,
            "{} seed {seed}: abbeys",
            rules.id
        );
    }
    if rules.has_mechanic("heretics") {
        check_shrines(&g);
    }
    // Every tile is placed, out of the game, still set aside (a tile set
    // aside and shuffled back is logged when set aside, then played), or
    // face down under a hill.
    let out = g.removed().count();
    assert_eq!(
        g.placed().len() - held_placed + out + g.set_aside().len() + g.buried(),
        rules.total as usize,
        "{} seed {seed}: placed {} (held {held_placed}), out {out}, aside {}",
        rules.id,
        g.placed().len(),
        g.set_aside().len()
    );
    // The record replays to the same game.
    let json = serde_json::to_string(&rec.record).unwrap();
    let back = serde_json::from_str(&json).unwrap();
    let out = replay(&back, rules, false).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    assert_eq!(
        out.game.scores(),
        g.scores(),
        "seed {seed}: replay scores differ"
    );
    // Every tile and follower where it was, not just the same points (two
    // enclosed fields of one tile score alike but are different features).
    assert!(
        out.game == g,
        "{} seed {seed}: the replayed game differs from the played one",
        rules.id
    );
    used
}

#[test]
fn invariants_hold_in_every_ruleset() {
    for rules in carcassonne_runtime::rulesets() {
        // The mixes of every set (200 tiles and more) cost some 50 times a
        // base game each here: a tenth of the games keeps the suite within
        // CI's time and still checks them over a thousand games.
        let n = if rules.total > 200 {
            (games() / 10).max(1)
        } else {
            games()
        };
        let mut used = Used::default();
        for seed in 0..n {
            let players = rules.options.min_players
                + (seed % (rules.options.max_players - rules.options.min_players + 1) as u64) as u8;
            let u = play_and_check(rules, seed, players);
            used.eaten += u.eaten;
            used.fairy_points += u.fairy_points;
            used.portal += u.portal;
            used.princess += u.princess;
            used.tower_pieces += u.tower_pieces;
            used.tower_tops += u.tower_tops;
            used.captures += u.captures;
            used.exchanges += u.exchanges;
            used.ransoms += u.ransoms;
            used.castles += u.castles;
            used.castle_points += u.castle_points;
            used.castle_picks += u.castle_picks;
            used.shepherds += u.shepherds;
            used.grown += u.grown;
            used.herded += u.herded;
            used.wolves += u.wolves;
            used.buried += u.buried;
        }
        if rules.has_mechanic("castles") && n >= 50 {
            let id = rules.id;
            assert!(used.castles > 0, "{id}: no castle was built");
            assert!(used.castle_points > 0, "{id}: no castle scored");
            if n >= 2_000 {
                assert!(used.castle_picks > 0, "{id}: no castle picked");
            }
        }
        if rules.has_mechanic("hills-sheep") && n >= 50 {
            let id = rules.id;
            assert!(used.shepherds > 0, "{id}: no shepherd was placed");
            assert!(used.grown > 0, "{id}: no flock grew");
            assert!(used.herded > 0, "{id}: no flock was herded");
            assert!(used.wolves > 0, "{id}: no wolf came");
            assert!(used.buried > 0, "{id}: no tile went under a hill");
        }
        if rules.has_mechanic("tower") && n >= 50 {
            let id = rules.id;
            assert!(used.tower_pieces > 0, "{id}: no tower piece was placed");
            assert!(used.tower_tops > 0, "{id}: no follower went on a tower");
            assert!(used.captures > 0, "{id}: no tower captured");
            assert!(used.exchanges > 0, "{id}: no prisoners were exchanged");
            assert!(used.ransoms > 0, "{id}: no ransom was paid");
        }
        if rules.has_mechanic("dragon") && n >= 50 {
            let id = rules.id;
            assert!(used.eaten > 0, "{id}: the dragon ate nothing");
            assert!(used.fairy_points > 0, "{id}: the fairy scored nothing");
            assert!(used.portal > 0, "{id}: no portal was used");
            assert!(used.princess > 0, "{id}: no princess sent a knight home");
        }
    }
}

/// `apply(Move)` (the fused path) and `apply_action` (place, then the
/// figure) play the same seeded games to identical states, events and
/// scores, in every ruleset whose turns are moves.
#[test]
fn fused_and_action_paths_agree() {
    let n = (games() / 10).max(1_000);
    for rules in carcassonne_runtime::rulesets() {
        let probe = Game::new(rules, 2, 0).unwrap();
        if !probe.moves_suffice() {
            continue;
        }
        for seed in 0..n {
            let mut fused = Game::new(rules, 2, seed).unwrap();
            let mut acted = fused.clone();
            // Greedy bots weigh every move on clones: a few games suffice.
            let second = if seed < 20 {
                BotKind::Greedy
            } else {
                BotKind::Random
            };
            let mut bots_f = [
                SimpleBot::new(BotKind::Random, seed),
                SimpleBot::new(second, seed + 1),
            ];
            let mut bots_a = bots_f.clone();
            let (mut ev_f, mut ev_a) = (Vec::new(), Vec::new());
            while !fused.is_over() {
                let p = fused.to_move() as usize;
                let mv: Move = bots_f[p].choose(&fused.view(p as u8)).unwrap();
                fused.apply_into(mv, &mut ev_f).unwrap();
                let q = acted.to_move() as usize;
                while acted.to_move() as usize == q && !acted.is_over() {
                    let a = bots_a[q].choose_action(&acted.view(q as u8)).unwrap();
                    acted.apply_action(a, &mut ev_a).unwrap();
                    if !matches!(a, Action::Place(_)) {
                        break;
                    }
                }
                assert!(
                    fused == acted,
                    "{} seed {seed}: the paths differ after {mv:?}",
                    rules.id
                );
            }
            assert_eq!(ev_f, ev_a, "{} seed {seed}", rules.id);
        }
    }
}
