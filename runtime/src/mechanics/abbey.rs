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

use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::mechanics;
use crate::tables::Ruleset;

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
pub(crate) fn tile(rules: &Ruleset) -> Option<u16> {
    rules
        .tiles
        .iter()
        .position(|t| t.flags & (1 << attr::ABBEY) != 0)
        .map(|i| i as u16)
}

/// Whether `player` still holds an abbey.
pub(crate) fn holds(g: &Game, player: u8) -> bool {
    g.ext.abbeys_used & (1 << player) == 0 && g.ext.abbey_tile.is_some()
}

/// Each open position bordered on all four sides (a hole, L1600) where the
/// abbey may go (the placement filters, e.g. the shrines', have their say,
/// fn 7 L1840), until `stop` says so.
fn holes(g: &Game, mut stop: impl FnMut(Placement) -> bool) -> bool {
    let Some(t) = g.ext.abbey_tile else {
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

/// Whether the player to move may place an abbey now.
pub(crate) fn can_place(g: &Game) -> bool {
    holds(g, g.to_move()) && holes(g, |_| true)
}

/// The abbey's placements: every hole, unrotated (its sides are all alike
/// to the rules, so one rotation each).
pub(crate) fn actions(g: &Game, out: &mut Vec<Action>) {
    if holds(g, g.to_move()) {
        holes(g, |p| {
            out.push(Action::Abbey(p));
            false
        });
    }
}

/// Place the player's abbey at `p` (checked; nothing changes on error).
pub(crate) fn place(g: &mut Game, p: Placement) -> Result<usize, MoveError> {
    let me = g.to_move();
    let t = g.ext.abbey_tile.ok_or(MoveError::NotPlayed("abbey"))?;
    if !holds(g, me) {
        return Err(MoveError::NoAbbeyLeft(me));
    }
    if p.rotation != 0 {
        return Err(MoveError::AbbeyRotation(p.rotation));
    }
    let hole = g
        .board
        .open_at(p.x as i32, p.y as i32)
        .is_some_and(|o| g.board.open.mask[o] == 0xFFFF);
    if !hole {
        return Err(MoveError::NotAHole { x: p.x, y: p.y });
    }
    let abbey = &g.rules.tiles[t as usize];
    if mechanics::filters(g, abbey) {
        mechanics::placement_filter(g, abbey, p)?;
    }
    g.ext.abbeys_used |= 1 << me;
    Ok(g.put(t, p))
}

/// The next player of the end-of-game round who still holds an abbey and
/// has a hole for it, from the left of the last placer, each asked once.
pub(crate) fn next_in_round(g: &mut Game) -> Option<u8> {
    let n = g.players();
    if !g.ext.abbey_round.started {
        g.ext.abbey_round = Round {
            started: true,
            start: (g.last_placer + 1) % n,
            offered: 0,
        };
    }
    let room = holes(g, |_| true);
    let r = &mut g.ext.abbey_round;
    for k in 0..n {
        let p = (r.start + k) % n;
        if r.offered & (1 << p) != 0 {
            continue;
        }
        r.offered |= 1 << p;
        if room && g.ext.abbeys_used & (1 << p) == 0 {
            return Some(p);
        }
    }
    None
}
