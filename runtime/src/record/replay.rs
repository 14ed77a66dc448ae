//! Replaying a record with every move, event and score checked.

mod answers;
mod draws;
mod entry;
mod observer;

use super::{
    fail, find_tile, start_records, EventRec, Record, ReplayError, Replayed, TurnRec, FORMAT,
    MAX_START_COORD,
};
use crate::engine::{Game, Placed, Placement, ScoreEvent, When};
use crate::tables::Ruleset;
use answers::answer_at_draw;
use draws::{
    begin_entry, carry_start, check_discard, decline_entry, force_reveals, play_discard,
    revealed_after, still_drawn,
};
use entry::{entry_events, play_entry};
use observer::{FaceDown, Shadow};

fn compare_events(
    turn: usize,
    what: &str,
    got: &[ScoreEvent],
    want: &[EventRec],
) -> Result<(), ReplayError> {
    let got: Vec<EventRec> = got.iter().map(EventRec::from_event).collect();
    if got != want {
        return fail(
            turn,
            format!(
                "{what} differ: the record says {}, the engine scores {}",
                serde_json::to_string(want).unwrap_or_default(),
                serde_json::to_string(&got).unwrap_or_default()
            ),
        );
    }
    Ok(())
}

/// What a replay reports as it goes, in record order, to an observer (the
/// viewer's timeline). Each step borrows the replay's own state, so whoever
/// draws a record sees the game `replay` checked, not a second reading of it.
#[derive(Debug, Clone, Copy)]
pub enum Step<'a> {
    /// The game as set up: the start tiles placed, before entry 1.
    Start {
        /// The game before the first turn.
        game: &'a Game,
    },
    /// Entry `turn` (from 1) of `turns` removed a drawn tile that fits
    /// nowhere (checked against the engine's discard).
    Discarded {
        /// The entry, from 1.
        turn: usize,
        /// The entry itself.
        entry: &'a TurnRec,
        /// The tile removed.
        tile: u16,
    },
    /// Entry `turn` played, every part of it: `placed` are the tiles it put
    /// down (one for a base turn), `events` the points it scored, `game`
    /// the state after it. On the turn that ends the game, `game` is the
    /// board just before the final scoring, which `Final` reports.
    Played {
        /// The entry, from 1.
        turn: usize,
        /// The entry itself.
        entry: &'a TurnRec,
        /// The tiles it put down.
        placed: &'a [Placed],
        /// The points it scored.
        events: &'a [ScoreEvent],
        /// How many of `events`, from the first, the game had scored
        /// already when the entry before was reported (the points of this
        /// turn's start, scored with the answer that ended that one); those
        /// after came since (answers given on this entry's draw).
        earlier: usize,
        /// The game after it.
        game: &'a Game,
        /// The game just before each answer to a decision posed after the
        /// part's scoring (a wagon's move), in order: the entry step by
        /// step. Empty for most entries.
        asked: &'a [Game],
    },
    /// The final scoring (a finished game, or any with `final_scoring`):
    /// `standing` is the board before it, followers not yet returned;
    /// `game` the state after it.
    Final {
        /// The board before the final scoring.
        standing: &'a Game,
        /// The final scoring's points.
        events: &'a [ScoreEvent],
        /// The game after it.
        game: &'a Game,
    },
}

/// Replay `rec` under `rules`, checking every move and every recorded event.
/// With `final_scoring`, a record that stops before the end is scored as if
/// the game ended there.
pub fn replay(
    rec: &Record,
    rules: &'static Ruleset,
    final_scoring: bool,
) -> Result<Replayed, ReplayError> {
    run(rec, rules, final_scoring, None)
}

/// `replay`, telling `observe` each step. The checks, errors and result are
/// `replay`'s: this is the same run with a listener.
pub fn replay_observed(
    rec: &Record,
    rules: &'static Ruleset,
    final_scoring: bool,
    observe: &mut dyn FnMut(Step<'_>),
) -> Result<Replayed, ReplayError> {
    run(rec, rules, final_scoring, Some(observe))
}

/// The one replay loop behind `replay` and `replay_observed`.
fn run(
    rec: &Record,
    rules: &'static Ruleset,
    final_scoring: bool,
    mut observe: Option<&mut dyn FnMut(Step<'_>)>,
) -> Result<Replayed, ReplayError> {
    if rec.format != FORMAT {
        return fail(
            0,
            format!("format is `{}`, expected `{FORMAT}`", rec.format),
        );
    }
    if rec.ruleset != rules.id {
        return fail(
            0,
            format!(
                "the record is for ruleset `{}`, not `{}`",
                rec.ruleset, rules.id
            ),
        );
    }
    if let Some(pinned) = &rec.options {
        let now = crate::catalog::options_json(rules);
        for (k, v) in pinned {
            match now.get(k) {
                Some(have) if have == v => {}
                have => {
                    return fail(
                        0,
                        format!(
                            "the record was played with option {k} = {v}; ruleset {} has {}",
                            rules.id,
                            have.map_or("no such option".to_string(), |h| format!("{k} = {h}"))
                        ),
                    )
                }
            }
        }
    }
    if rec.seed.is_some() {
        let expected = start_records(rules);
        if !rec.start.is_empty() && rec.start != expected {
            return fail(0, "the start tiles differ from the ruleset's");
        }
    }
    if rec.start.len() > rules.total as usize {
        return fail(
            0,
            format!(
                "the record lists {} start tiles; ruleset {} has {} tiles in all",
                rec.start.len(),
                rules.id,
                rules.total
            ),
        );
    }
    let mut start = Vec::new();
    for s in &rec.start {
        let tile = find_tile(rules, &s.tile, 0)?;
        if s.x.unsigned_abs() > MAX_START_COORD || s.y.unsigned_abs() > MAX_START_COORD {
            return fail(
                0,
                format!(
                    "start tile {} at ({}, {}) lies outside -{MAX_START_COORD}..{MAX_START_COORD}",
                    s.tile, s.x, s.y
                ),
            );
        }
        if s.rotation > 3 {
            return fail(
                0,
                format!("start tile {} has rotation {} (0-3)", s.tile, s.rotation),
            );
        }
        start.push((
            tile,
            Placement {
                x: s.x,
                y: s.y,
                rotation: s.rotation,
            },
        ));
    }
    let mut g = match rec.seed {
        Some(seed) => Game::new(rules, rec.players, seed),
        None => Game::new_scripted(rules, rec.players, &start),
    }
    .map_err(|e| ReplayError {
        turn: 0,
        reason: e.to_string(),
    })?;
    // Only an observer needs the board before the final scoring.
    let mut shadow = match &mut observe {
        Some(observe) => {
            observe(Step::Start { game: &g });
            let start = match rec.seed {
                Some(_) => crate::engine::start_placements(rules),
                None => start,
            };
            Some(Shadow::new(rules, rec.players, &start)?)
        }
        None => None,
    };
    let mut events = Vec::new();
    let mut discards_seen = 0;
    // Discards a scripted game was told with the entry before them
    // (`begin_entry`): the points of each, in order.
    let mut told_ahead = std::collections::VecDeque::new();
    // Points scored at the start of the turn to come (the fairy's): the
    // next entry's; the setup's (its first draw's) are the first entry's.
    let mut carry = g.untold_events().to_vec();
    events.extend_from_slice(&carry);
    // A scripted game scores a module's step on a drawn tile when told the
    // tile (`Game::untold_events`): those points are the entry's.
    let mut untold_seen = carry.len();
    // How many of `carry` the game had scored when the last entry (or the
    // start) was reported (`Step::Played::earlier`).
    let mut earlier = carry.len();
    for (i, t) in rec.turns.iter().enumerate() {
        let turn = i + 1;
        // A discard (or a tile set aside) is checked against the engine's
        // list, where it may have landed before the game ended (every tile
        // discarded at setup).
        if t.is_unplayed_tile() {
            // Told with the entry before it (`begin_entry`), or now.
            let got = match told_ahead.pop_front() {
                Some(got) => got,
                None => play_discard(&mut g, t, turn, discards_seen, rec.seed.is_none())?,
            };
            let tile = check_discard(&g, t, turn, discards_seen)?;
            discards_seen += 1;
            if let Some(shadow) = &mut shadow {
                shadow.discard(turn, t)?;
            }
            carry_start(&mut carry, &got);
            events.extend(got);
            if let Some(observe) = &mut observe {
                observe(Step::Discarded {
                    turn,
                    entry: t,
                    tile,
                });
            }
            continue;
        }
        if g.is_over() {
            return fail(turn, "the game is already over");
        }
        if rec.seed.is_some() && discards_seen < g.discards().len() {
            let d = &g.discards()[discards_seen];
            return fail(
                turn,
                format!(
                    "the engine {} {} here, which the record does not list",
                    if d.aside.is_some() {
                        "set aside"
                    } else {
                        "discarded"
                    },
                    rules.tiles[d.tile as usize].id
                ),
            );
        }
        // A scenario names who takes each turn; a second part belongs to
        // the turn's player, whoever the entry names.
        if rec.seed.is_none() && g.part() == 1 {
            g.force_player(t.player).map_err(|r| ReplayError {
                turn,
                reason: r.to_string(),
            })?;
        }
        if t.player != g.to_move() {
            return fail(
                turn,
                format!(
                    "it is player {}'s turn, not player {}'s",
                    g.to_move(),
                    t.player
                ),
            );
        }
        if t.tile.is_none() {
            // An abbey left unplayed in the end-of-game round.
            let got = decline_entry(&mut g, t, turn)?;
            let during = entry_events(&mut carry, &got);
            if let Some(observe) = &mut observe {
                // The shadow plays on: nothing of the board changed.
                let now = match &shadow {
                    Some(sh) if g.is_over() => &sh.game,
                    _ => &g,
                };
                observe(Step::Played {
                    turn,
                    entry: t,
                    placed: &[],
                    events: &during,
                    earlier: earlier.min(during.len()),
                    game: now,
                    asked: &[],
                });
            }
            earlier = carry.len();
            events.extend(got);
            continue;
        }
        let (Some(tile_id), Some(_), Some(_), Some(_)) = (&t.tile, t.x, t.y, t.rotation) else {
            return fail(turn, "a turn needs tile, x, y and rotation (or discarded)");
        };
        let tile = find_tile(rules, tile_id, turn)?;
        // The tiles a module turns up while this entry is played (a
        // bazaar's) are listed after it: a scripted game is told them.
        let revealed = revealed_after(rules, &rec.turns[i + 1..], turn, rec.seed.is_none())?;
        told_ahead =
            begin_entry(&mut g, turn, tile, rec.seed.is_none(), &rec.turns[i + 1..])?.into();
        let told = &g.untold_events()[untold_seen..];
        carry.extend_from_slice(told);
        events.extend_from_slice(told);
        untold_seen = g.untold_events().len();
        let (at_draw, from) = answer_at_draw(&mut g, t, turn)?;
        if from > 0 {
            still_drawn(&g, tile, turn)?;
        }
        carry_start(&mut carry, &at_draw);
        events.extend(at_draw);
        force_reveals(&mut g, &revealed, turn)?;
        let face_down = g.remaining();
        if t.part.unwrap_or(1) != g.part() {
            return fail(
                turn,
                format!(
                    "the engine plays part {} of player {}'s turn here, the record part {}",
                    g.part(),
                    g.to_move(),
                    t.part.unwrap_or(1)
                ),
            );
        }
        let placed_before = g.placed().len();
        let discards_before = g.discards().len();
        let mut asked = Vec::new();
        let got = play_entry(
            &mut g,
            t,
            turn,
            tile,
            observe.is_some().then_some(&mut asked),
            false,
            from,
        )?;
        let during = entry_events(&mut carry, &got);
        if let Some(want) = &t.events {
            compare_events(turn, "events", &during, want)?;
        }
        if let (Some(observe), Some(shadow)) = (&mut observe, &mut shadow) {
            // The shadow turns up what the game did (the record's list was
            // checked against it, or forced on it).
            let turned: Vec<u16> = g.discards()[discards_before..]
                .iter()
                .filter(|d| d.revealed)
                .map(|d| d.tile)
                .collect();
            let seen = FaceDown {
                left: face_down,
                revealed: &turned,
                after: &rec.turns[i + 1..],
            };
            shadow.follow(turn, t, tile, seen, &during, g.is_over())?;
            // The same board either way; only the shadow has not been
            // scored for the end yet.
            let now = if g.is_over() { &shadow.game } else { &g };
            observe(Step::Played {
                turn,
                entry: t,
                placed: &now.placed()[placed_before..],
                events: &during,
                earlier: earlier.min(during.len()),
                game: now,
                asked: &asked,
            });
        }
        earlier = carry.len();
        events.extend(got);
    }
    let n = rec.turns.len();
    if g.is_over() {
        let fin: Vec<ScoreEvent> = events
            .iter()
            .copied()
            .filter(|e| e.when == When::End)
            .collect();
        if let Some(f) = &rec.final_ {
            compare_events(n, "final events", &fin, &f.events)?;
            if f.scores != g.scores() {
                return fail(
                    n,
                    format!(
                        "final scores differ: record {:?}, engine {:?}",
                        f.scores,
                        g.scores()
                    ),
                );
            }
        }
        if let (Some(observe), Some(shadow)) = (&mut observe, &shadow) {
            shadow.check_end(n, &fin, &g)?;
            observe(Step::Final {
                standing: &shadow.game,
                events: &fin,
                game: &g,
            });
        }
    } else if final_scoring {
        let standing = observe.is_some().then(|| g.clone());
        let fin = g.finish();
        if let (Some(observe), Some(standing)) = (&mut observe, &standing) {
            observe(Step::Final {
                standing,
                events: &fin,
                game: &g,
            });
        }
        events.extend(fin);
    }
    Ok(Replayed {
        game: g,
        turns: n,
        events,
    })
}
