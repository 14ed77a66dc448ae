//! A game resumed from its record: the record is played again into a
//! protocol session, answer by answer, so that undo, the log and the record go on as if the game had
//! been played here.
//!
//! A record lists turns, not answers (a tile drawn, a pass at the figure
//! step and some module answers leave no line of their own), so the
//! answers are found by search: from each state, the legal actions whose
//! record so far agrees with the saved one, depth first, until the record
//! written is the saved one. The recorder is deterministic, so the game
//! found is the game saved.

use carcassonne_runtime::action_json::{self, ActionJson};
use carcassonne_runtime::engine::{Action, Actor};
use carcassonne_runtime::record::{self, EventRec, Record, SourceRec, TurnRec};
use carcassonne_runtime::tables::Ruleset;

use crate::serve::protocol::{Code, Failure};
use crate::serve::session::Session;

use super::table::LogEntry;

/// How many answers the search may play before it gives up; a record the
/// engine wrote takes about one per answer.
const BUDGET: usize = 100_000;

/// The session `rec` was saved from, and its log. `answers`, where the
/// page wrote it beside the record, is how many answers the game had: a
/// few answers write nothing in a record (a draw; a pass at the figure
/// step where the entry's points are already written), so the same
/// record may stand for a game before or after them. Without it, the
/// game resumes before them.
pub fn session(
    rec: &Record,
    rules: &'static Ruleset,
    sources: Option<Vec<SourceRec>>,
    answers: Option<usize>,
) -> Result<(Session, Vec<LogEntry>), Failure> {
    let Some(seed) = rec.seed else {
        return Err(Failure::new(
            Code::BadSetup,
            "the record is a scenario without a seed; the page resumes seeded games (`carcassonne serve` plays scenarios)",
        ));
    };
    let start = Session::new(rules, sources, rec.players, Some(seed), None)?;
    let fresh = start.record();
    if rec.format != fresh.format {
        return Err(Failure::new(
            Code::BadField,
            format!(
                "the record's format is `{}`, not `{}`",
                rec.format, fresh.format
            ),
        ));
    }
    if rec
        .options
        .as_ref()
        .is_some_and(|o| Some(o) != fresh.options.as_ref())
    {
        return Err(Failure::new(
            Code::BadRuleset,
            format!(
                "the record was played with other options of ruleset {}",
                rules.id
            ),
        ));
    }
    if !rec.start.is_empty() && rec.start != fresh.start {
        return Err(Failure::new(
            Code::BadField,
            "the record's start tiles differ from the ruleset's",
        ));
    }
    search(start, rec, answers).map_err(|not_found| {
        // Why, in `replay`'s words where it finds the fault. A record saved
        // in the middle of a turn may be one `replay` does not take (a
        // module's decision still open) but the search does.
        match record::replay(rec, rules, false) {
            Err(e) => Failure::new(Code::BadField, format!("the record does not replay: {e}")),
            Ok(_) => not_found,
        }
    })
}

/// Depth first along the answers that agree with the record, in place:
/// an answer that leads nowhere is taken back (`Session::undo`, which
/// rebuilds the game; rare, since the answers that write something are
/// tried first and are checked against the record before they are played).
fn search(
    start: Session,
    want: &Record,
    answers: Option<usize>,
) -> Result<(Session, Vec<LogEntry>), Failure> {
    let done = |s: &Session| {
        let r = s.recorded();
        r.turns == want.turns && r.final_ == want.final_ && answers.is_none_or(|n| n == s.depth())
    };
    let mut s = start;
    let mut log: Vec<LogEntry> = Vec::new();
    // For each answer on the way, the answers to try in its state and how
    // many were tried.
    let mut stack: Vec<(Vec<Action>, usize)> = vec![(candidates(&s, want), 0)];
    let mut budget = BUDGET;
    let lost = || {
        Failure::new(
            Code::BadField,
            "the record's answers could not be followed (a record written by hand, or by another program?): resume takes a record written by `play`, `serve` or this page",
        )
    };
    while budget > 0 {
        if done(&s) {
            return Ok((s, log));
        }
        let Some((todo, tried)) = stack.last_mut() else {
            break;
        };
        let Some(&a) = todo.get(*tried) else {
            // Nothing here leads to the record: back one answer.
            stack.pop();
            if stack.is_empty() {
                break;
            }
            log.pop();
            s.undo(1)?;
            continue;
        };
        *tried += 1;
        budget -= 1;
        if answers.is_some_and(|n| s.depth() >= n) {
            continue;
        }
        let player = match s.game.pending().map(|p| p.actor) {
            Some(Actor::Player(p)) => p,
            _ => s.game.to_move(),
        };
        let decision = s.game.pending().map_or("", |p| p.decision.key());
        let action = action_json::to_json(&s.game, a);
        let Ok(events) = s.apply(None, a) else {
            continue;
        };
        if !agrees(s.recorded(), want) {
            s.undo(1)?;
            continue;
        }
        log.push(LogEntry {
            player,
            decision,
            action,
            events: events.iter().map(EventRec::from_event).collect(),
        });
        stack.push((candidates(&s, want), 0));
    }
    Err(lost())
}

/// The legal answers of `s` that may write what the record says next, in
/// the order to try them: those that write something first, then a pass
/// or a draw (which may write nothing).
fn candidates(s: &Session, want: &Record) -> Vec<Action> {
    let got = &s.recorded().turns;
    let (mut first, mut last) = (Vec::new(), Vec::new());
    // Answers on a tile drawn (the Plague) are written with its entry,
    // which opens later: they too may write nothing yet.
    let at_draw = s.game.asked_at_draw();
    for a in s.game.legal_actions() {
        match a {
            Action::Pass | Action::Draw => last.push(a),
            _ if at_draw => last.push(a),
            _ if may_write(got, &action_json::to_json(&s.game, a), want) => first.push(a),
            _ => {}
        }
    }
    first.append(&mut last);
    first
}

/// A quick look before playing an answer, at what it would write: a
/// placement (or a tile held, placed) opens the next entry, a figure goes
/// into the open entry, and another module answer is the open entry's next
/// action. Most answers of a state fail here, without a copy of the game.
fn may_write(got: &[TurnRec], a: &ActionJson, want: &Record) -> bool {
    let opens = |a: &ActionJson| {
        want.turns
            .get(got.len())
            .is_some_and(|w| w.tile == a.tile && (w.x, w.y, w.rotation) == (a.x, a.y, a.rotation))
    };
    // Tiles drawn and not placed, or turned up by a module (a bazaar's),
    // write entries of their own after the entry whose answers go on.
    let open = got.iter().rposition(|t| !t.is_unplayed_tile());
    let target = open.and_then(|i| Some((&got[i], want.turns.get(i)?)));
    match a.do_.as_str() {
        "place" => opens(a),
        "deploy" => target.is_some_and(|(_, w)| w.follower.is_some() && w.follower == a.follower),
        // A draw writes nothing; a pass may close the figure step, decline
        // a tile held (an entry of its own) or answer a module.
        "draw" | "pass" => true,
        _ if a.x.is_some() => opens(a),
        _ => target.is_some_and(|(g, w)| {
            let k = g.actions.as_ref().map_or(0, Vec::len);
            w.actions
                .as_ref()
                .and_then(|acts| acts.get(k))
                .is_some_and(|next| {
                    // Who answered is written only when not the entry's player.
                    next.do_ == a.do_ && next.args == a.args && next.tile == a.tile
                })
        }),
    }
}

/// The record written so far could grow into the one saved: every entry
/// is the saved one but the last that places a tile, which is the saved
/// one in part (its figure, answers and points not all written yet). The
/// tiles a module turned up while it is played (a bazaar's) already
/// follow it, whole.
fn agrees(got: &Record, want: &Record) -> bool {
    let n = got.turns.len();
    if n > want.turns.len() {
        return false;
    }
    if got.final_.is_some() {
        return got.turns == want.turns && got.final_ == want.final_;
    }
    let open = got
        .turns
        .iter()
        .rposition(|t| !t.is_unplayed_tile())
        .unwrap_or(n);
    let whole = |r: std::ops::Range<usize>| got.turns[r.clone()] == want.turns[r];
    whole(0..open.min(n))
        && (open == n || part_of(&got.turns[open], &want.turns[open]))
        && whole((open + 1).min(n)..n)
}

fn part_of(got: &TurnRec, want: &TurnRec) -> bool {
    got.player == want.player
        && got.part == want.part
        && got.tile == want.tile
        && (got.x, got.y, got.rotation) == (want.x, want.y, want.rotation)
        && got.discarded == want.discarded
        && got.set_aside == want.set_aside
        && got.revealed == want.revealed
        && (got.follower.is_none() || got.follower == want.follower)
        && prefix(got.actions.as_deref(), want.actions.as_deref())
        && prefix(got.events.as_deref(), want.events.as_deref())
}

fn prefix<T: PartialEq>(got: Option<&[T]>, want: Option<&[T]>) -> bool {
    let (got, want) = (got.unwrap_or(&[]), want.unwrap_or(&[]));
    want.starts_with(got)
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_runtime::bots::{BotKind, SimpleBot};

    /// Every ruleset: a game stopped at several points (mid-turn too) and
    /// at its end resumes to the same game, with one log entry per answer.
    #[test]
    fn games_of_every_ruleset_resume_where_they_stopped() {
        for rules in carcassonne_runtime::rulesets() {
            let players = rules.options.min_players.max(2);
            let mut s = Session::new(rules, None, players, Some(11), None).expect("sets up");
            let mut bot = SimpleBot::new(BotKind::Greedy, 11);
            let mut stops = 0;
            loop {
                let depth = s.depth();
                if depth % 67 == 7 || s.game.is_over() {
                    let rec = s.record();
                    let (back, log) = session(&rec, rules, None, Some(depth))
                        .unwrap_or_else(|e| panic!("{} at depth {depth}: {}", rules.id, e.message));
                    assert_eq!(back.record(), rec, "{} at depth {depth}", rules.id);
                    let same = back.game == s.game;
                    assert!(
                        same,
                        "{} at depth {depth}: another game: {:?} / {:?}, depth {} / {}",
                        rules.id,
                        back.game.pending(),
                        s.game.pending(),
                        back.depth(),
                        s.depth()
                    );
                    assert_eq!(log.len(), back.depth(), "{}", rules.id);
                    stops += 1;
                }
                let Some(a) = bot.choose_action(&s.game) else {
                    break;
                };
                s.apply(None, a).expect("a bot's action is legal");
            }
            assert!(stops > 2, "{}: {stops} stops", rules.id);
        }
    }
}
