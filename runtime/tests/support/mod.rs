//! What the scripted rule scenarios share: naming tiles and segments of a
//! ruleset, and playing a chosen tile for a chosen player through the action
//! API (`Game::new_scripted`, `force_player`, `force_draw`).

#![allow(dead_code)] // each test file uses its own share

use carcassonne_runtime::engine::{
    Action, Actor, Arg, Decision, Deploy, FollowerKind, Game, Placement, ScoreEvent, Spot,
};
use carcassonne_runtime::tables::{Kind, Ruleset};

pub mod bot_games;
pub mod wheel;

/// Who is asked what now (the game must be waiting for an answer).
pub fn pending(g: &Game) -> (Actor, Decision) {
    let p = g.pending().unwrap();
    (p.actor, p.decision)
}

/// Player `player` is asked the module decision `key` now.
pub fn asked(g: &Game, player: u8, key: &str) {
    assert_eq!(
        pending(g),
        (Actor::Player(player), Decision::named(key)),
        "P{player} is asked {key}"
    );
}

pub fn at(x: i16, y: i16, rotation: u8) -> Placement {
    Placement { x, y, rotation }
}

/// The index of tile `id` in `rules`.
pub fn tile(rules: &Ruleset, id: &str) -> u16 {
    rules
        .tile_index(id)
        .unwrap_or_else(|| panic!("no tile {id} in {}", rules.id)) as u16
}

/// The first segment of tile `id` of kind `kind`.
pub fn seg(rules: &Ruleset, id: &str, kind: Kind) -> u8 {
    let t = &rules.tiles[tile(rules, id) as usize];
    t.segments
        .iter()
        .position(|s| s.kind == kind)
        .unwrap_or_else(|| panic!("tile {id} has no {}", kind.name())) as u8
}

/// `figure` onto the first `kind` segment of tile `id` (just placed).
pub fn figure(rules: &Ruleset, id: &str, kind: Kind, figure: FollowerKind) -> Action {
    Action::Deploy(Deploy {
        segment: seg(rules, id, kind),
        kind: figure,
    })
}

/// `player` draws `id` (drawing rather than placing an abbey when asked)
/// and places it at `p`; the game then waits for the wood decision.
pub fn place(g: &mut Game, player: u8, id: &str, p: Placement) {
    g.force_player(player).unwrap();
    if g.pending().unwrap().decision == Decision::Source {
        g.apply_action(Action::Draw, &mut Vec::new()).unwrap();
    }
    g.force_draw(tile(g.rules(), id)).unwrap();
    g.apply_action(Action::Place(p), &mut Vec::new()).unwrap();
}

/// `place`, then answer the wood decision with `wood`; the points scored.
pub fn play(g: &mut Game, player: u8, id: &str, p: Placement, wood: Action) -> Vec<ScoreEvent> {
    place(g, player, id, p);
    let mut events = Vec::new();
    g.apply_action(wood, &mut events).unwrap();
    events
}

/// Sides as directions (a step of the dragon, a rotation's facing).
pub const N: u8 = 0;
pub const E: u8 = 1;
pub const S: u8 = 2;
pub const W: u8 = 3;

/// The base game with The Princess & the Dragon.
pub fn pd() -> &'static Ruleset {
    carcassonne_runtime::ruleset("base_princess_dragon").unwrap()
}

/// Every 1st-edition set in one game.
pub fn everything() -> &'static Ruleset {
    carcassonne_runtime::ruleset("everything_c1").unwrap()
}

/// `base` with rule option `key` set to `value` (a word's index, or 0/1).
pub fn with_option(base: &'static Ruleset, key: &str, value: u8) -> &'static Ruleset {
    let mut options = base.options;
    options.values[carcassonne_runtime::tables::option_index(key)] = value;
    Box::leak(Box::new(Ruleset { options, ..*base }))
}

/// `base` with the mechanics `more` played too (their modules, hooks and
/// names): the interplay of sets the everything rulesets combine.
pub fn with_mechs(
    base: &'static Ruleset,
    more: &[carcassonne_runtime::mechanics::Mech],
) -> &'static Ruleset {
    let mechs = more.iter().fold(base.mechs, |m, x| m | x.bit());
    let mut names = base.mechanics.to_vec();
    for m in more {
        if !names.contains(&m.name()) {
            names.push(m.name());
        }
    }
    Box::leak(Box::new(Ruleset {
        mechs,
        hooks: carcassonne_runtime::tables::Hooks::of(mechs),
        mechanics: Box::leak(names.into_boxed_slice()),
        ..*base
    }))
}

/// `base` without the mechanics `less` (a scenario of other sets' rules
/// in a ruleset that also plays them, whose questions it does not answer).
pub fn without_mechs(
    base: &'static Ruleset,
    less: &[carcassonne_runtime::mechanics::Mech],
) -> &'static Ruleset {
    let mechs = less.iter().fold(base.mechs, |m, x| m & !x.bit());
    let names: Vec<&'static str> = base
        .mechanics
        .iter()
        .copied()
        .filter(|n| !less.iter().any(|m| m.name() == *n))
        .collect();
    Box::leak(Box::new(Ruleset {
        mechs,
        hooks: carcassonne_runtime::tables::Hooks::of(mechs),
        mechanics: Box::leak(names.into_boxed_slice()),
        ..*base
    }))
}

/// A scripted game of `rules` started on D at (0, 0): its city faces north
/// (towards (0, -1)), its road runs west-east.
pub fn on_d(rules: &'static Ruleset, players: u8) -> Game {
    let d = tile(rules, "D");
    Game::new_scripted(rules, players, &[(d, at(0, 0, 0))]).unwrap()
}

/// The legal answers of module verb `verb` that name a spot, with it.
pub fn spots(g: &Game, verb: &str) -> Vec<(Spot, Action)> {
    g.legal_actions()
        .into_iter()
        .filter(|a| a.name() == verb)
        .filter_map(|a| match a.arg() {
            Arg::Spot(s) => Some((s, a)),
            _ => None,
        })
        .collect()
}

/// The cell of spot `s`'s tile.
pub fn cell(g: &Game, s: Spot) -> (i16, i16) {
    let q = g.placed()[s.placed as usize];
    (q.x, q.y)
}

/// The feature kind of spot `s`.
pub fn kind_of(g: &Game, s: Spot) -> Kind {
    let q = g.placed()[s.placed as usize];
    g.rules().tiles[q.tile as usize].segments[s.segment as usize].kind
}

/// The game's public state (the `serve` protocol's), as JSON.
pub fn state(g: &Game) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    g.state_json(&mut m);
    serde_json::Value::Object(m)
}

/// Whether every point of `g`'s scores is in `events` (a payment counted
/// against its payer).
pub fn scores_events_sum(g: &Game, events: &[ScoreEvent]) -> bool {
    let mut sum = vec![0i32; g.players() as usize];
    for e in events {
        let sign = if e.reason.def().paid { -1 } else { 1 };
        sum[e.player as usize] += sign * e.points as i32;
    }
    sum == g.scores()
}
