//! What the scripted rule scenarios share: naming tiles and segments of a
//! ruleset, and playing a chosen tile for a chosen player through the action
//! API (`Game::new_scripted`, `force_player`, `force_draw`).

#![allow(dead_code)] // each test file uses its own share

use carcassonne_runtime::engine::{
    Action, Decision, Deploy, FollowerKind, Game, Placement, ScoreEvent,
};
use carcassonne_runtime::tables::{Kind, Ruleset};

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
