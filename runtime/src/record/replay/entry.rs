//! One turn entry played: the placement of its tile, then each decision
//! in the order the engine asks it, and the events the entry lists.

use super::answers::{check_dealt, held_placement, next_answer, read_answer, unwrap_move_error};
use crate::engine::{Action, ActionError, Actor, Decision, Game, Placement, ScoreEvent, When};
use crate::record::recorder::{answers_free, answers_wood};
use crate::record::{fail, follower_move, split_start, ReplayError, TurnRec};

/// The events an entry lists: the points of its turn's start (`carry`,
/// scored with the previous answer), then its own during play; `carry`
/// becomes the points of the next turn's start.
pub(super) fn entry_events(carry: &mut Vec<ScoreEvent>, got: &[ScoreEvent]) -> Vec<ScoreEvent> {
    let playing: Vec<ScoreEvent> = got
        .iter()
        .copied()
        .filter(|e| e.when != When::End)
        .collect();
    let (own, starting) = split_start(&playing);
    let mut during = std::mem::replace(carry, starting);
    during.extend(own);
    during
}

/// Play turn entry `t` (its tile `tile` drawn, or held, and the answers
/// given on its draw read: its `actions` from `from` are left): the
/// placement, then each decision in the order the engine asks: the figure
/// step from `follower` (else an alternative in `actions`, else none),
/// every other from `actions`, in order, up to the next draw (whose
/// decisions are the next entry's). All events.
pub(super) fn play_entry(
    g: &mut Game,
    t: &TurnRec,
    turn: usize,
    tile: u16,
    mut asked: Option<&mut Vec<Game>>,
    last: bool,
    from: usize,
) -> Result<Vec<ScoreEvent>, ReplayError> {
    let (Some(x), Some(y), Some(rotation)) = (t.x, t.y, t.rotation) else {
        return fail(turn, "a turn needs tile, x, y and rotation (or discarded)");
    };
    let tt = &g.rules().tiles[tile as usize];
    let all = t.actions.as_deref().unwrap_or(&[]);
    let mut actions = all.get(from..).unwrap_or(&[]).iter().peekable();
    let mut got = Vec::new();
    let illegal = |e: ActionError| ReplayError {
        turn,
        reason: format!("illegal move: {}", unwrap_move_error(e)),
    };
    let p = Placement { x, y, rotation };
    let place = match g.pending() {
        // A tile held (the abbey), placed instead of drawing.
        Some(pd) if pd.decision == Decision::Source => held_placement(g, p, turn)?,
        _ => Action::Place(p),
    };
    // Chance outcomes the engine gives by itself are checked against the
    // entry's as they come; those it waits for are read from it.
    let mut dealt = g.dealt().len();
    g.apply_action(place, &mut got).map_err(illegal)?;
    check_dealt(g, &mut actions, &mut dealt, turn)?;
    let mut wood_asked = false;
    while let Some(pd) = g.pending() {
        // The next tile's draw posed decisions (the Plague): its entry's.
        if matches!(pd.decision, Decision::Place | Decision::Source) || g.asked_at_draw() {
            // The shadow of the game's last entry (its spare tile drawn):
            // the tiles run out here as they did in the game, and the
            // entry's answers before the final scoring follow.
            if last && pd.decision == Decision::Place && actions.peek().is_some() {
                g.force_tiles_out(&mut got).map_err(|e| ReplayError {
                    turn,
                    reason: e.to_string(),
                })?;
                if g.pending().is_some_and(|p| p.decision != Decision::Place) {
                    continue;
                }
            }
            break;
        }
        let action = if let Some(a) =
            actions.next_if(|a| pd.decision == Decision::Wood && answers_free(a))
        {
            // An extra taken before the figure step's answer (the ransom).
            read_answer(g, a, t.player, turn)?
        } else if pd.decision == Decision::Wood {
            wood_asked = true;
            match &t.follower {
                Some(f) => {
                    let segs = g.segments_at(g.placed().len() - 1);
                    Action::Deploy(follower_move(tt.id, &segs, rotation, f, turn)?)
                }
                None => match actions.next_if(|a| answers_wood(a)) {
                    Some(a) => read_answer(g, a, t.player, turn)?,
                    None => Action::Pass,
                },
            }
        } else {
            if pd.actor != Actor::Chance {
                if let Some(states) = asked.as_deref_mut() {
                    states.push(g.clone());
                }
            }
            next_answer(g, &mut actions, t.player, turn)?
        };
        g.apply_action(action, &mut got).map_err(illegal)?;
        check_dealt(g, &mut actions, &mut dealt, turn)?;
    }
    if t.follower.is_some() && !wood_asked {
        return fail(
            turn,
            "the entry deploys a figure, but the engine asked for none",
        );
    }
    if let Some(a) = actions.next() {
        return fail(
            turn,
            format!(
                "the record answers `{}`, which the engine did not ask",
                a.do_
            ),
        );
    }
    Ok(got)
}
