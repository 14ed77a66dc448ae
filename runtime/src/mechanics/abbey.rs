//! Abbey & Mayor's abbey (000_9deb58b1a7d17d38.txt L1590-L1617, fn 5-17
//! L1838-L1850): each player holds one and may place it instead of drawing,
//! only into a hole bordered on all four sides, whatever those sides show
//! (L1600, fn 6 L1839). Its sides close the roads and cities they meet, which
//! then score (L1606-L1608): the skeleton does that for any tile whose sides
//! match anything. It bounds farms (fn 15 L1848), extends no builder's
//! feature (fn 13 L1846: it has no road or city to extend), and takes only a
//! monk (its one segment is a cloister, fn 11 L1844). When the last tile is
//! placed, whoever still holds one may place it, clockwise from the left of
//! the last placer, with deployment and scoring; then the game ends (L1602,
//! fn 8-9 L1841-L1842). With a builder, the abbey may be the second part
//! (fn 5 L1838): the source decision is offered to every part.

use super::{At, Hook, Mech, Mechanic, Sink};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::mechanics;
use crate::tables::Ruleset;

pub(crate) struct Abbey;

/// `abbey`: place the player's abbey at a placement instead of drawing.
pub fn abbey(p: Placement) -> Action {
    Action::of(Mech::Abbey, 0, Arg::Placement(p))
}

/// What the abbey module keeps: who has placed theirs, the abbey's tile,
/// the end-of-game round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// The players who have placed their abbey (bit `p`).
    pub used: u8,
    /// The abbey's index among the ruleset's tiles, found once at setup
    /// (asked before every draw).
    pub tile: Option<u16>,
    /// The end-of-game abbey round (000_9deb58b1a7d17d38.txt L1602).
    pub round: Round,
}

impl Mechanic for Abbey {
    const HOOKS: &'static [Hook] = &[Hook::Setup, Hook::Source, Hook::TilesOut];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "abbey",
        answers: Answers::Source,
        arg: ArgKind::Placement,
        field: "",
        label: "places the abbey",
    }];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.abbey.tile = tile(g.rules);
    }

    fn held_tile(g: &Game, player: u8) -> Option<u16> {
        if holds(g, player) {
            g.ext.abbey.tile
        } else {
            None
        }
    }

    /// The abbey's placements: every hole, unrotated (its sides are all
    /// alike to the rules, so one rotation each).
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        if at == At::Source && holds(g, g.to_move()) {
            holes(g, |p| !out.put(abbey(p)));
        }
    }

    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        match (at, a) {
            (
                At::Source,
                Action::Do(Verb {
                    arg: Arg::Placement(p),
                    ..
                }),
            ) => place(g, p).map(|_| ()),
            _ => Err(MoveError::Waiting("a tile held instead of drawing")),
        }
    }

    fn tiles_out(g: &mut Game) -> Option<u8> {
        next_in_round(g)
    }

    fn state_json(g: &Game, out: &mut serde_json::Map<String, serde_json::Value>) {
        let held: Vec<serde_json::Value> = (0..g.players())
            .map(|p| serde_json::json!(g.held_tile(p).map(|t| g.rules.tiles[t as usize].id)))
            .collect();
        out.insert("held".into(), serde_json::Value::Array(held));
    }
}

/// The end-of-game round's progress, kept in `Ext` (flat, `Copy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Round {
    pub started: bool,
    /// The first player asked: the left of the last placer.
    pub start: u8,
    /// Players already asked (bit `p`).
    pub offered: u8,
}

/// The abbey's index among the ruleset's tiles.
fn tile(rules: &Ruleset) -> Option<u16> {
    rules
        .tiles
        .iter()
        .position(|t| t.flags & (1 << attr::ABBEY) != 0)
        .map(|i| i as u16)
}

/// Whether `player` still holds an abbey.
fn holds(g: &Game, player: u8) -> bool {
    g.ext.abbey.used & (1 << player) == 0 && g.ext.abbey.tile.is_some()
}

/// Each open position bordered on all four sides (a hole, L1600) where the
/// abbey may go (the placement filters, e.g. the shrines', have their say,
/// fn 7 L1840), until `stop` says so.
fn holes(g: &Game, mut stop: impl FnMut(Placement) -> bool) -> bool {
    let Some(t) = g.ext.abbey.tile else {
        return false;
    };
    let open = &g.board.open;
    // Asked before every draw: most turns there is no hole at all, which
    // a search of the demands, eight at a time and without an early exit
    // inside a block (so it vectorises), says.
    let hole = |block: &[u16]| block.iter().fold(false, |h, &m| h | (m == 0xFFFF));
    if !open.mask[..open.len()].chunks(8).any(hole) {
        return false;
    }
    let abbey = &g.rules.tiles[t as usize];
    let filtered = mechanics::filters(g, abbey);
    (0..open.len()).any(|i| {
        let [x, y] = open.xy[i];
        let p = Placement { x, y, rotation: 0 };
        open.mask[i] == 0xFFFF
            && (!filtered || mechanics::placement_filter(g, abbey, p).is_ok())
            && stop(p)
    })
}

/// Place the player's abbey at `p` (checked; nothing changes on error).
fn place(g: &mut Game, p: Placement) -> Result<usize, MoveError> {
    let me = g.to_move();
    let t = g.ext.abbey.tile.ok_or(MoveError::NotPlayed("abbey"))?;
    if !holds(g, me) {
        return Err(MoveError::rule(
            Mech::Abbey,
            "the player has placed their abbey already",
        ));
    }
    if p.rotation != 0 {
        return Err(MoveError::rule(
            Mech::Abbey,
            "the abbey is placed unrotated (rotation 0)",
        ));
    }
    let hole = g
        .board
        .open_at(p.x as i32, p.y as i32)
        .is_some_and(|o| g.board.open.mask[o] == 0xFFFF);
    if !hole {
        return Err(MoveError::rule(
            Mech::Abbey,
            "the abbey goes only into a hole bordered by tiles on all four sides",
        ));
    }
    let abbey = &g.rules.tiles[t as usize];
    if mechanics::filters(g, abbey) {
        mechanics::placement_filter(g, abbey, p)?;
    }
    g.ext.abbey.used |= 1 << me;
    Ok(g.put(t, p))
}

/// The next player of the end-of-game round who still holds an abbey and
/// has a hole for it, from the left of the last placer, each asked once.
fn next_in_round(g: &mut Game) -> Option<u8> {
    let n = g.players();
    if !g.ext.abbey.round.started {
        g.ext.abbey.round = Round {
            started: true,
            start: (g.last_placer + 1) % n,
            offered: 0,
        };
    }
    let room = holes(g, |_| true);
    let used = g.ext.abbey.used;
    let r = &mut g.ext.abbey.round;
    for k in 0..n {
        let p = (r.start + k) % n;
        if r.offered & (1 << p) != 0 {
            continue;
        }
        r.offered |= 1 << p;
        if room && used & (1 << p) == 0 {
            return Some(p);
        }
    }
    None
}
