//! Invariants over many seeded random games in every compiled-in ruleset:
//! followers are conserved, scores never decrease, every placed tile matches
//! its neighbours, no follower joins an occupied feature (checked by a flood
//! fill independent of the engine's union-find), and replaying each game's
//! record reproduces every event and score.
//!
//! `CARCASSONNE_PROPERTY_GAMES` sets the games per ruleset (default 10,000).

use carcassonne_runtime::bots::{Bot, BotKind};
use carcassonne_runtime::engine::{FollowerKind, Game, Move, ScoreEvent};
use carcassonne_runtime::record::{replay, Recorder};
use carcassonne_runtime::tables::{rotate_mask, Kind, Ruleset, NO_SEGMENT};

const DX: [i32; 4] = [0, 1, 0, -1];
const DY: [i32; 4] = [-1, 0, 1, 0];

fn games() -> u64 {
    std::env::var("CARCASSONNE_PROPERTY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// The segment at board port `port` of the tile at (x, y).
fn segment_at(g: &Game, x: i32, y: i32, port: u8) -> Option<(i32, i32, usize)> {
    let p = g.tile_at(x, y)?;
    let t = &g.rules().tiles[p.tile as usize];
    let local = (port + 12 - 3 * p.rotation) % 12;
    let s = t.port_segment[local as usize];
    (s != NO_SEGMENT).then_some((x, y, s as usize))
}

/// Every (x, y, segment) connected to the given one, found by walking ports.
fn flood(g: &Game, start: (i32, i32, usize)) -> Vec<(i32, i32, usize)> {
    let mut seen = vec![start];
    let mut todo = vec![start];
    while let Some((x, y, s)) = todo.pop() {
        let p = g.tile_at(x, y).unwrap();
        let t = &g.rules().tiles[p.tile as usize];
        let seg = &t.segments[s];
        if seg.kind == Kind::Cloister {
            continue;
        }
        let ports = rotate_mask(seg.ports, p.rotation);
        for port in 0..12u8 {
            if ports & (1 << port) == 0 {
                continue;
            }
            let side = (port / 3) as usize;
            let facing = ((side as u8 + 2) % 4) * 3 + (2 - port % 3);
            if let Some(n) = segment_at(g, x + DX[side], y + DY[side], facing) {
                let nt = &g.rules().tiles[g.tile_at(n.0, n.1).unwrap().tile as usize];
                if nt.segments[n.2].kind == seg.kind && !seen.contains(&n) {
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
            let mine = (t.rot_edges[p.rotation as usize] >> (4 * side)) & 0xF;
            let theirs = (qt.rot_edges[q.rotation as usize] >> (4 * ((side + 2) % 4))) & 0xF;
            assert_eq!(
                mine, theirs,
                "tile {} at ({}, {}) does not match side {side}",
                t.id, p.x, p.y
            );
        }
    }
}

fn play_and_check(rules: &'static Ruleset, seed: u64, players: u8) {
    let mut g = Game::new(rules, players, seed).unwrap();
    let mut bots: Vec<Bot> = (0..players)
        .map(|i| Bot::new(BotKind::Random, seed * 8 + i as u64))
        .collect();
    let mut rec = Recorder::new(&g, None);
    let mut events: Vec<ScoreEvent> = Vec::new();
    let initial = rules.options.followers as u32;
    while !g.is_over() {
        let before = g.clone();
        let mv: Move = bots[g.to_move() as usize].choose(&g).unwrap();
        events.clear();
        g.apply_into(mv, &mut events).unwrap();
        // No follower joins an occupied feature: flood the feature on a copy
        // where the tile is placed without the follower.
        if let Some(d) = mv.deploy {
            let mut bare = before.clone();
            bare.apply(Move { deploy: None, ..mv }).unwrap();
            let members = flood(
                &bare,
                (
                    mv.placement.x as i32,
                    mv.placement.y as i32,
                    d.segment as usize,
                ),
            );
            for f in bare.followers() {
                let owner = bare
                    .placed()
                    .iter()
                    .find(|p| {
                        f.node >= p.node_base
                            && f.node
                                < p.node_base
                                    + bare.rules().tiles[p.tile as usize].segments.len() as u16
                    })
                    .unwrap();
                let here = (
                    owner.x as i32,
                    owner.y as i32,
                    (f.node - owner.node_base) as usize,
                );
                assert!(
                    !members.contains(&here),
                    "{} seed {seed} turn {}: a follower was deployed on an occupied feature: {mv:?} {:?} joins {here:?} (members {members:?})",
                    rules.id,
                    before.turn(),
                    before.current_tile().unwrap().id
                );
            }
        }
        for p in 0..players as usize {
            assert!(
                g.scores()[p] >= before.scores()[p],
                "seed {seed}: a score decreased"
            );
            let on_board = g.followers().iter().filter(|f| f.player as usize == p);
            let normal = on_board
                .clone()
                .filter(|f| f.kind == FollowerKind::Normal)
                .count() as u32;
            let big = on_board.filter(|f| f.kind == FollowerKind::Big).count() as u32;
            assert_eq!(
                normal + g.supply(p as u8) as u32,
                initial,
                "seed {seed}: followers not conserved"
            );
            assert_eq!(
                big + g.big_supply(p as u8) as u32,
                u32::from(rules.has_mechanic("big-follower"))
            );
        }
        let sum: u32 = events.iter().map(|e| e.points).sum();
        let gained: u32 = (0..players as usize)
            .map(|p| g.scores()[p] - before.scores()[p])
            .sum();
        assert_eq!(
            sum, gained,
            "seed {seed}: every point is in exactly one event"
        );
        rec.note(&before, mv, &events, &g);
    }
    check_matches(&g);
    assert_eq!(g.placed().len() + g.discards().len(), rules.total as usize);
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
}

#[test]
fn invariants_hold_in_every_ruleset() {
    let n = games();
    for rules in carcassonne_runtime::rulesets() {
        for seed in 0..n {
            let players = rules.options.min_players
                + (seed % (rules.options.max_players - rules.options.min_players + 1) as u64) as u8;
            play_and_check(rules, seed, players);
        }
    }
}
