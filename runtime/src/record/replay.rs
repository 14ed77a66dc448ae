//! Replaying a record with every move, event and score checked.

use super::recorder::{answers_free, answers_wood, by_chance};
use super::{
    fail, find_tile, follower_move, split_start, start_records, EventRec, Record, ReplayError,
    Replayed, TurnRec, FORMAT, MAX_START_COORD,
};
use crate::action_json::{self, ActionJson};
use crate::engine::{
    Action, ActionError, Actor, Decision, Game, Placed, Placement, ScoreEvent, When,
};
use crate::tables::Ruleset;

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

/// The events an entry lists: the points of its turn's start (`carry`,
/// scored with the previous answer), then its own during play; `carry`
/// becomes the points of the next turn's start.
fn entry_events(carry: &mut Vec<ScoreEvent>, got: &[ScoreEvent]) -> Vec<ScoreEvent> {
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

/// Discard entry `t` played up to the engine's `k`-th discard, and the
/// points that came (the next draw's step, `Hook::Drawn`). Decisions posed
/// on the tile drawn (the Plague) are answered from the entry's `actions`
/// first: a tile that fits nowhere goes only then. A tile the engine does
/// not discard itself was declined by the player (one only a module's
/// addition would place, a bridge, `Game::only_enabled`), and is declined
/// again here. In a scenario (`scripted`) the record picks the tiles: the
/// entry's player is told the named tile, and passes it.
fn play_discard(
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
fn carry_start(carry: &mut Vec<ScoreEvent>, got: &[ScoreEvent]) {
    carry.extend(got.iter().copied().filter(|e| e.when != When::End));
}

/// After the answers given on its draw, entry tile `tile` still waits to be
/// placed (had it fit nowhere, the record would list its discard). Asked
/// only where the draw posed decisions: a tile held (the abbey) is never
/// drawn.
fn still_drawn(g: &Game, tile: u16, turn: usize) -> Result<(), ReplayError> {
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
fn check_discard(g: &Game, t: &TurnRec, turn: usize, k: usize) -> Result<u16, ReplayError> {
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
fn revealed_after(
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
fn force_reveals(g: &mut Game, tiles: &[u16], turn: usize) -> Result<(), ReplayError> {
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
fn begin_entry(
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
fn drawn_discards(after: &[TurnRec], player: u8) -> &[TurnRec] {
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
fn decline_entry(g: &mut Game, t: &TurnRec, turn: usize) -> Result<Vec<ScoreEvent>, ReplayError> {
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

/// Play turn entry `t` (its tile `tile` drawn, or held, and the answers
/// given on its draw read: its `actions` from `from` are left): the
/// placement, then each decision in the order the engine asks: the figure
/// step from `follower` (else an alternative in `actions`, else none),
/// every other from `actions`, in order, up to the next draw (whose
/// decisions are the next entry's). All events.
fn play_entry(
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

/// The answer to `g`'s pending decision (neither a placement nor the
/// figure step), read from the entry's next action: an outcome a scripted
/// game waits for from chance, or a player's answer (naming no player: entry
/// player `entry`'s).
fn next_answer<'a>(
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
fn answer_at_draw(
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
fn check_dealt<'a>(
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
fn no_player(a: &ActionJson, turn: usize) -> Result<(), ReplayError> {
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
fn held_placement(g: &Game, p: Placement, turn: usize) -> Result<Action, ReplayError> {
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
fn read_answer(g: &Game, a: &ActionJson, entry: u8, turn: usize) -> Result<Action, ReplayError> {
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
fn answered_by(
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
fn unwrap_move_error(e: ActionError) -> String {
    match e {
        ActionError::Illegal(m) => m.to_string(),
        other => other.to_string(),
    }
}

/// What an entry of the game met of its face-down tiles, which its shadow
/// is told rather than draws: how many the rules counted once the entry's
/// tile was drawn, those a module turned up while it was played, and the
/// entries that follow it (where its draw discarded tiles, they list them).
struct FaceDown<'a> {
    left: usize,
    revealed: &'a [u16],
    after: &'a [TurnRec],
}

/// The replayed game once more, scripted over a ruleset with a spare tile so
/// that it never ends on its own: the engine scores the end inside the move
/// that exhausts the tiles, and an observer wants the board just before that
/// (followers standing). It is fed the moves `run` checked, nothing it reads
/// itself, and must score them as the game did.
struct Shadow {
    game: Game,
    /// Points of the next turn's start, carried into its entry as the
    /// replay's main loop does (`entry_events`).
    carry: Vec<ScoreEvent>,
    /// Entries (discards, tiles set aside) it was told with the entry
    /// before them (`begin_entry`), still to come.
    told_ahead: usize,
}

impl Shadow {
    fn new(
        rules: &'static Ruleset,
        players: u8,
        start: &[(u16, Placement)],
    ) -> Result<Shadow, ReplayError> {
        let mut game = Game::new_scripted(with_spare_tile(rules), players, start).map_err(|e| {
            ReplayError {
                turn: 0,
                reason: e.to_string(),
            }
        })?;
        // Its end, when the record's game ends (decisions before the final
        // scoring: the Count's rounds), stops before the final scoring.
        game.hold_final_scoring().map_err(|e| ReplayError {
            turn: 0,
            reason: e.to_string(),
        })?;
        Ok(Shadow {
            game,
            carry: Vec::new(),
            told_ahead: 0,
        })
    }

    fn drifted(turn: usize, what: impl std::fmt::Display) -> ReplayError {
        ReplayError {
            turn,
            reason: format!("the board kept for the final scoring drifted from the game: {what}"),
        }
    }

    fn follow(
        &mut self,
        turn: usize,
        entry: &TurnRec,
        tile: u16,
        seen: FaceDown<'_>,
        during: &[ScoreEvent],
        last: bool,
    ) -> Result<(), ReplayError> {
        let g = &mut self.game;
        if g.part() == 1 {
            g.force_player(entry.player)
                .map_err(|e| Self::drifted(turn, e))?;
        }
        let untold = g.untold_events().len();
        // The shadow follows discards only where a draw acts on the game
        // (`discard`).
        let after = match crate::mechanics::live(g, crate::mechanics::Hook::Drawn) {
            true => seen.after,
            false => &[],
        };
        let ahead = begin_entry(g, turn, tile, true, after).map_err(|e| Self::drifted(turn, e))?;
        self.told_ahead = ahead.len();
        for got in &ahead {
            carry_start(&mut self.carry, got);
        }
        self.carry
            .extend_from_slice(&g.untold_events()[untold.min(g.untold_events().len())..]);
        let (at_draw, from) = answer_at_draw(g, entry, turn).map_err(|e| Self::drifted(turn, e))?;
        carry_start(&mut self.carry, &at_draw);
        // The rules count the tiles face down that the game had (its
        // spare and the tiles the game discarded or set aside, which the
        // shadow is never told to draw, are not among them).
        if !g.count_face_down_as(seen.left) {
            return Err(Self::drifted(
                turn,
                format!("it has fewer than the game's {} tiles face down", seen.left),
            ));
        }
        force_reveals(g, seen.revealed, turn).map_err(|e| Self::drifted(turn, e.reason))?;
        let got = play_entry(g, entry, turn, tile, None, last, from)
            .map_err(|e| Self::drifted(turn, e))?;
        let got = entry_events(&mut self.carry, &got);
        if got != during {
            return Err(Self::drifted(turn, "it scored the turn differently"));
        }
        Ok(())
    }

    /// Discard entry `entry`, as the game had it: where a draw acts on the
    /// game (`Hook::Drawn`: the Wheel of Fortune's pig moves even for a
    /// tile then discarded), the shadow is told the discarded tile and
    /// passes it; elsewhere a discard leaves the board as it was, and the
    /// shadow draws only the tiles placed. Tiles set aside or turned up
    /// come back to it as the entries that place them.
    fn discard(&mut self, turn: usize, entry: &TurnRec) -> Result<(), ReplayError> {
        if self.told_ahead > 0 {
            // Told with the entry before it, set-aside tiles too.
            self.told_ahead -= 1;
            return Ok(());
        }
        let acts = crate::mechanics::live(&self.game, crate::mechanics::Hook::Drawn);
        if entry.discarded.is_none() || !acts {
            return Ok(());
        }
        let g = &mut self.game;
        let k = g.discards().len();
        let got = play_discard(g, entry, turn, k, true).map_err(|e| Self::drifted(turn, e))?;
        if g.discards().len() == k {
            return Err(Self::drifted(turn, "it could not discard the tile"));
        }
        carry_start(&mut self.carry, &got);
        Ok(())
    }

    /// The shadow, scored for the end, must give the game's final events
    /// and scores: it stands for the game's board before them.
    /// Its spare tile began one more turn than the game had: the points of
    /// that turn's start (`carry`) are the shadow's alone.
    fn check_end(&self, turn: usize, fin: &[ScoreEvent], g: &Game) -> Result<(), ReplayError> {
        let mut ended = self.game.clone();
        let got = ended.finish();
        let mut want = g.scores().to_vec();
        for e in &self.carry {
            want[e.player as usize] += e.signed() as i32;
        }
        if got != fin || ended.scores() != want {
            return Err(Self::drifted(turn, "it scores the end differently"));
        }
        Ok(())
    }
}

/// `rules` with one more copy of a land tile (a spare river tile would
/// change how the river's tiles are stacked), leaked like run-time rulesets
/// are: one per ruleset for the life of the process, however many replays.
fn with_spare_tile(rules: &'static Ruleset) -> &'static Ruleset {
    static MADE: std::sync::Mutex<Vec<(usize, &'static Ruleset)>> =
        std::sync::Mutex::new(Vec::new());
    let key = rules as *const Ruleset as usize;
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, spare)) = made.iter().find(|(k, _)| *k == key) {
        return spare;
    }
    let mut tiles = rules.tiles.to_vec();
    let spare = tiles
        .iter()
        .position(|t| !t.edges.contains(&crate::tables::Edge::River))
        .unwrap_or(0);
    if let Some(t) = tiles.get_mut(spare) {
        t.count += 1;
    }
    let spare: &'static Ruleset = Box::leak(Box::new(Ruleset {
        tiles: Box::leak(tiles.into_boxed_slice()),
        total: rules.total + 1,
        ..*rules
    }));
    made.push((key, spare));
    spare
}
