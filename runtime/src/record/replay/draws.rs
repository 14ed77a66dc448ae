//! What an entry's draw brought besides its tile: tiles discarded or set
//! aside, tiles turned face up, and the abbey declined at the end.

use super::answers::{answer_at_draw, unwrap_move_error};
use crate::record::{fail, find_tile, ReplayError, TurnRec};

use crate::engine::{Action, Decision, Game, ScoreEvent, When};
use crate::tables::Ruleset;

/// Discard entry `t` played up to the engine's `k`-th discard, and the
/// points that came (the next draw's step, `Hook::Drawn`). Decisions posed
/// on the tile drawn (the Plague) are answered from the entry's `actions`
/// first: a tile that fits nowhere goes only then. A tile the engine does
/// not discard itself was declined by the player (one only a module's
/// addition would place, a bridge, `Game::only_enabled`), and is declined
/// again here. In a scenario (`scripted`) the record picks the tiles: the
/// entry's player is told the named tile, and passes it.
pub(super) fn play_discard(
    g: &mut Game,
    t: &TurnRec,
    turn: usize,
    k: usize,
    scripted: bool,
) -> Result<Vec<ScoreEvent>, ReplayError> {
    let mut got = Vec::new();
    let place = |g: &Game| g.pending().map(|p| p.decision) == Some(Decision::Place);
    // A scripted game is told the tile discarded (`force_draw`, then
    // passed), or set aside (`force_set_aside`, which draws on).
    let named = t
        .discarded
        .as_deref()
        .or(t.set_aside.as_deref())
        .and_then(|id| g.rules().tile_index(id));
    let mut read = 0;
    // Not discarded yet (a discard checked against an earlier one has no
    // answers either).
    if g.discards().len() == k {
        if let Some(tile) = named.filter(|_| scripted && place(g) && !g.asked_at_draw()) {
            let tell = match t.set_aside.is_some() {
                true => Game::force_set_aside,
                false => Game::force_draw,
            };
            let told =
                (g.part() > 1 || g.force_player(t.player).is_ok()) && tell(g, tile as u16).is_ok();
            if !told {
                return Ok(got);
            }
        }
        let (at_draw, n) = answer_at_draw(g, t, turn)?;
        got.extend(at_draw);
        read = n;
    }
    if let Some(a) = t.actions.as_deref().unwrap_or(&[]).get(read) {
        return fail(
            turn,
            format!(
                "the record answers `{}`, which the engine did not ask",
                a.do_
            ),
        );
    }
    let current = g.current_tile().map(|c| c.id);
    if g.discards().len() == k
        && place(g)
        && current.is_some()
        && current == t.discarded.as_deref()
        && g.legal_actions().contains(&Action::Pass)
    {
        g.apply_action(Action::Pass, &mut got)
            .map_err(|e| ReplayError {
                turn,
                reason: format!("illegal move: {}", unwrap_move_error(e)),
            })?;
    }
    Ok(got)
}

/// The points among `got` that are the next entry's (all but the final
/// scoring's), carried to it.
pub(super) fn carry_start(carry: &mut Vec<ScoreEvent>, got: &[ScoreEvent]) {
    carry.extend(got.iter().copied().filter(|e| e.when != When::End));
}

/// After the answers given on its draw, entry tile `tile` still waits to be
/// placed (had it fit nowhere, the record would list its discard). Asked
/// only where the draw posed decisions: a tile held (the abbey) is never
/// drawn.
pub(super) fn still_drawn(g: &Game, tile: u16, turn: usize) -> Result<(), ReplayError> {
    match g.current_tile_index() {
        Some(c) if c == tile => Ok(()),
        _ => fail(
            turn,
            format!(
                "after the answers on its draw, the engine no longer holds {} to place (it fits nowhere: the record should discard it)",
                g.rules().tiles[tile as usize].id
            ),
        ),
    }
}

/// Entry `t`, a tile drawn and discarded or set aside, checked against the
/// engine's `k`-th such tile; the tile.
pub(super) fn check_discard(
    g: &Game,
    t: &TurnRec,
    turn: usize,
    k: usize,
) -> Result<u16, ReplayError> {
    let (named, aside, revealed) = match (&t.discarded, &t.set_aside, &t.revealed) {
        (Some(d), None, None) => (d, false, false),
        (None, Some(d), None) => (d, true, false),
        (None, None, Some(d)) => (d, true, true),
        _ => {
            return fail(
                turn,
                "an entry discards a tile, sets one aside or turns one up, one of these",
            )
        }
    };
    let verb = match (aside, revealed) {
        (_, true) => "turns up",
        (true, _) => "sets aside",
        _ => "discards",
    };
    let Some(actual) = g.discards().get(k) else {
        return fail(
            turn,
            match revealed {
                true => format!("the record {verb} {named}, but no tile was turned up"),
                false => format!("the record {verb} {named}, but the drawn tile can be placed"),
            },
        );
    };
    let actual_id = g.rules().tiles[actual.tile as usize].id;
    if actual_id != named
        || actual.player != t.player
        || actual.aside.is_some() != aside
        || actual.revealed != revealed
    {
        let did = match (actual.aside, actual.revealed) {
            (Some(_), true) => "turned up",
            (Some(_), false) => "set aside",
            (None, _) => "discarded",
        };
        return fail(
            turn,
            format!(
                "the record {verb} {named} for player {}, the engine {did} {actual_id} for player {}",
                t.player, actual.player
            ),
        );
    }
    Ok(actual.tile)
}

/// The tiles of the `revealed` entries at the start of `rest` (those after
/// an entry, before the next one that places a tile): tiles turned face up
/// while that entry was played, with the `set_aside` ones among them.
pub(super) fn revealed_after(
    rules: &Ruleset,
    rest: &[TurnRec],
    turn: usize,
    scripted: bool,
) -> Result<Vec<u16>, ReplayError> {
    let run = rest.iter().take_while(|t| t.is_unplayed_tile()).count();
    // A reveal sets aside what a draw would (a dragon tile) before the tile
    // it turns up: a scripted game is told those too, a seeded one sets
    // them aside itself. Set-aside entries after the last tile turned up
    // are the next draw's.
    let turned = rest[..run]
        .iter()
        .rposition(|t| t.revealed.is_some())
        .map_or(0, |k| k + 1);
    rest[..turned]
        .iter()
        .filter_map(|t| match scripted {
            true => t.revealed.as_deref().or(t.set_aside.as_deref()),
            false => t.revealed.as_deref(),
        })
        .map(|id| find_tile(rules, id, turn))
        .collect()
}

/// A scripted game turns up `tiles` with the next tiles a module turns face
/// up (none listed: it is told nothing, and any it turns up were drawn in
/// the record's order); a seeded game turns up its own, which must be face
/// down now (checked alike, so a replay with an observer, whose board for
/// the final scoring is scripted, fails where one without does).
pub(super) fn force_reveals(g: &mut Game, tiles: &[u16], turn: usize) -> Result<(), ReplayError> {
    if tiles.is_empty() {
        return Ok(());
    }
    let done = match g.scripted {
        true => g.force_reveal(tiles),
        false => g.may_reveal(tiles),
    };
    done.map_err(|e| ReplayError {
        turn,
        reason: format!("the record turns up tiles the game cannot: {e}"),
    })
}

/// Bring `g` to the placement of entry tile `tile`: a tile held (the abbey)
/// is placed instead of drawing; otherwise the tile is drawn (in a scripted
/// game, the one the entry names) and must be the entry's.
///
/// The tiles discarded on a draw that followed a `Source` decision are
/// listed after the entry that drew (records.md): a scripted game is told
/// them before the entry's tile, from `after` (the entries that follow; see
/// `drawn_discards`). Returns the points of each discard told so (a draw's
/// step, `Hook::Drawn`), in order, for the caller to read when it reaches
/// those entries.
pub(super) fn begin_entry(
    g: &mut Game,
    turn: usize,
    tile: u16,
    scripted: bool,
    after: &[TurnRec],
) -> Result<Vec<Vec<ScoreEvent>>, ReplayError> {
    let rules = g.rules();
    let mut ahead = Vec::new();
    if g.pending().is_some_and(|p| p.decision == Decision::Source) {
        if g.held_tile(g.to_move()) == Some(tile) {
            return Ok(ahead);
        }
        g.apply_action(Action::Draw, &mut Vec::new())
            .map_err(|_| ReplayError {
                turn,
                reason: format!(
                    "the engine asks player {} to place the abbey or pass; the record places {}",
                    g.to_move(),
                    rules.tiles[tile as usize].id
                ),
            })?;
        if scripted {
            for (k, t) in drawn_discards(after, g.to_move()).iter().enumerate() {
                let (at, n) = (turn + 1 + k, g.discards().len());
                ahead.push(play_discard(g, t, at, n, true)?);
                if g.discards().len() == n {
                    return fail(
                        at,
                        "the engine could not discard the tile the record discards",
                    );
                }
            }
        }
    }
    if scripted {
        g.force_draw(tile).map_err(|r| ReplayError {
            turn,
            reason: r.to_string(),
        })?;
    }
    let current = g.current_tile_index();
    if current != Some(tile) {
        let drawn = current.map_or("nothing", |c| rules.tiles[c as usize].id);
        return fail(
            turn,
            format!(
                "the record places {}, but the tile drawn is {drawn}",
                rules.tiles[tile as usize].id
            ),
        );
    }
    Ok(ahead)
}

/// The discard and set-aside entries right after an entry whose tile
/// `player` drew after a `Source` decision: those of the same player (the
/// record lists that draw's there, records.md). Where a module turned tiles
/// up while the entry was played (a bazaar), the tiles set aside on the way
/// are listed there too (`revealed_after`): then only the discards are the
/// draw's.
pub(super) fn drawn_discards(after: &[TurnRec], player: u8) -> &[TurnRec] {
    let run = &after[..after.iter().take_while(|t| t.is_unplayed_tile()).count()];
    let revealed = run.iter().any(|t| t.revealed.is_some());
    let n = run
        .iter()
        .take_while(|t| {
            t.player == player && (t.discarded.is_some() || !revealed && t.set_aside.is_some())
        })
        .count();
    &after[..n]
}

/// Entry `t` without a tile: the player declines to place their abbey in
/// the end-of-game round (`actions` is one `pass`).
pub(super) fn decline_entry(
    g: &mut Game,
    t: &TurnRec,
    turn: usize,
) -> Result<Vec<ScoreEvent>, ReplayError> {
    let pass = matches!(t.actions.as_deref(), Some([a]) if a.do_ == "pass" && a.player.is_none());
    if !pass || t.follower.is_some() || t.x.is_some() || t.y.is_some() || t.rotation.is_some() {
        return fail(
            turn,
            "a turn needs tile, x, y and rotation (or discarded, or one `pass` action declining the abbey)",
        );
    }
    let mut got = Vec::new();
    let asked = g.pending().map(|p| p.decision);
    g.apply_action(Action::Pass, &mut got)
        .map_err(|e| ReplayError {
            turn,
            reason: match asked {
                Some(d) => format!(
                    "the record declines the abbey, but the engine asks player {} to {} ({})",
                    g.to_move(),
                    d.name(),
                    unwrap_move_error(e)
                ),
                None => unwrap_move_error(e),
            },
        })?;
    Ok(got)
}
