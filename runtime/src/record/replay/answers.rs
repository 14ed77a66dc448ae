//! An entry's answers read against the decisions the engine poses: who
//! answers, chance outcomes dealt or stated, and refused moves named.

use crate::action_json::{self, ActionJson};
use crate::engine::{Action, ActionError, Actor, Decision, Game, Placement, ScoreEvent};
use crate::record::recorder::by_chance;
use crate::record::{fail, ReplayError, TurnRec};

/// The answer to `g`'s pending decision (neither a placement nor the
/// figure step), read from the entry's next action: an outcome a scripted
/// game waits for from chance, or a player's answer (naming no player: entry
/// player `entry`'s).
pub(super) fn next_answer<'a>(
    g: &Game,
    actions: &mut impl Iterator<Item = &'a ActionJson>,
    entry: u8,
    turn: usize,
) -> Result<Action, ReplayError> {
    let Some(pd) = g.pending() else {
        return fail(turn, "the engine asks nothing here");
    };
    let Actor::Player(who) = pd.actor else {
        // A scripted game waits for chance: the entry says what came.
        let Some(a) = actions.next() else {
            return fail(
                turn,
                format!(
                    "the engine asks chance to {}; the entry's `actions` do not say what came",
                    pd.decision.name()
                ),
            );
        };
        if !by_chance(a) {
            return fail(
                turn,
                format!(
                    "the engine asks chance to {}; the record's `{}` is not chance's",
                    pd.decision.name(),
                    a.do_
                ),
            );
        }
        no_player(a, turn)?;
        return action_json::from_json(g, a).map_err(|e| ReplayError {
            turn,
            reason: format!(
                "the engine asks chance to {}; the record's `{}`: {e}",
                pd.decision.name(),
                a.do_
            ),
        });
    };
    let Some(a) = actions.next() else {
        return fail(
            turn,
            format!(
                "the engine asks player {who} to {}; the entry's `actions` do not answer",
                pd.decision.name()
            ),
        );
    };
    read_answer(g, a, entry, turn)
}

/// The decisions posed on the tile drawn for entry `t` (`Game::asked_at_draw`:
/// the Wheel of Fortune's Plague), answered from the front of its `actions`
/// before the tile is placed (or, fitting nowhere, discarded): the points
/// they score, which are the entry's turn's start's, and how many actions
/// were read.
pub(super) fn answer_at_draw(
    g: &mut Game,
    t: &TurnRec,
    turn: usize,
) -> Result<(Vec<ScoreEvent>, usize), ReplayError> {
    let all = t.actions.as_deref().unwrap_or(&[]);
    let mut actions = all.iter().peekable();
    let mut got = Vec::new();
    let mut dealt = g.dealt().len();
    while g.asked_at_draw() {
        let action = next_answer(g, &mut actions, t.player, turn)?;
        g.apply_action(action, &mut got).map_err(|e| ReplayError {
            turn,
            reason: format!("illegal move: {}", unwrap_move_error(e)),
        })?;
        check_dealt(g, &mut actions, &mut dealt, turn)?;
    }
    let read = all.len() - actions.count();
    Ok((got, read))
}

/// The chance outcomes `g` gave by itself since the `seen`-th (dealt from
/// the seed, or certain), each against the entry's next answer, which must
/// be that outcome; those stated from the record were read already.
pub(super) fn check_dealt<'a>(
    g: &Game,
    actions: &mut std::iter::Peekable<impl Iterator<Item = &'a ActionJson>>,
    seen: &mut usize,
    turn: usize,
) -> Result<(), ReplayError> {
    for d in &g.dealt()[*seen..] {
        if d.stated {
            continue;
        }
        let gave = action_json::text(g, d.action);
        let asked = d.ask.decision().name();
        let verb = d.action.name();
        let Some(a) = actions.next_if(|a| by_chance(a)) else {
            return fail(
                turn,
                format!(
                    "the engine asks chance to {asked} and `{verb}` gives: {gave}; the entry's `actions` do not list it"
                ),
            );
        };
        no_player(a, turn)?;
        let named = action_json::from_json(g, a).map_err(|e| ReplayError {
            turn,
            reason: format!(
                "the engine asks chance to {asked}; the record's `{}`: {e}",
                a.do_
            ),
        })?;
        if named != d.action {
            return fail(
                turn,
                format!(
                    "the engine asks chance to {asked}: the record's `{verb}` says {}; the engine's `{verb}` gives (from its seed, or as the only outcome): {gave}",
                    action_json::text(g, named)
                ),
            );
        }
    }
    *seen = g.dealt().len();
    Ok(())
}

/// A chance outcome names no player: no one answered it.
pub(super) fn no_player(a: &ActionJson, turn: usize) -> Result<(), ReplayError> {
    match a.player {
        Some(p) => fail(
            turn,
            format!(
                "the record's `{}` names player {p}, but chance's outcomes are no player's",
                a.do_
            ),
        ),
        None => Ok(()),
    }
}

/// The placement of the tile the player holds, as the action of the module
/// that lets them hold it (its legality is `apply_action`'s to say).
pub(super) fn held_placement(g: &Game, p: Placement, turn: usize) -> Result<Action, ReplayError> {
    let rules = g.rules();
    crate::mechanics::Mech::ALL
        .into_iter()
        .filter(|&m| rules.hooks.plays(m))
        .find_map(|mech| {
            let verbs = crate::mechanics::verbs(mech);
            let code = verbs
                .iter()
                .position(|v| v.arg == crate::engine::ArgKind::Placement)?;
            Some(Action::Do(crate::engine::Verb {
                mech,
                code: code as u8,
                arg: crate::engine::Arg::Placement(p),
            }))
        })
        .map_or_else(|| fail(turn, "no tile is held in this ruleset"), Ok)
}

/// The answer `a` names to the pending decision, by whom it is asked; an
/// answer naming no player is entry player `entry`'s.
pub(super) fn read_answer(
    g: &Game,
    a: &ActionJson,
    entry: u8,
    turn: usize,
) -> Result<Action, ReplayError> {
    let decision = g.pending().map_or(Decision::Place, |p| p.decision);
    answered_by(g, a, entry, decision, turn)?;
    let who = match g.pending().map(|p| p.actor) {
        Some(Actor::Player(q)) => q,
        _ => g.to_move(),
    };
    let json = ActionJson {
        player: None,
        ..a.clone()
    };
    action_json::from_json(g, &json).map_err(|e| ReplayError {
        turn,
        reason: format!(
            "the engine asks player {who} to {}; the record answers `{}`: {e}",
            decision.name(),
            a.do_
        ),
    })
}

/// An answer that names its player must name the one the engine asks; one
/// that names none is the entry's player's, which must be the one asked.
pub(super) fn answered_by(
    g: &Game,
    a: &ActionJson,
    entry: u8,
    decision: Decision,
    turn: usize,
) -> Result<(), ReplayError> {
    let asked = match g.pending().map(|p| p.actor) {
        Some(Actor::Player(q)) => q,
        _ => g.to_move(),
    };
    let by = a.player.unwrap_or(entry);
    if by != asked {
        return fail(
            turn,
            format!(
                "the engine asks player {asked} to {}; the record's `{}` is player {by}'s",
                decision.name(),
                a.do_
            ),
        );
    }
    Ok(())
}

/// A refused action as the move error replay messages have always named.
pub(super) fn unwrap_move_error(e: ActionError) -> String {
    match e {
        ActionError::Illegal(m) => m.to_string(),
        other => other.to_string(),
    }
}
