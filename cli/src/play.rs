//! `play` and `replay`: running games from the command line.

use std::fmt::Write as _;
use std::path::Path;

use carcassonne_runtime::action_json;
use carcassonne_runtime::bots;
use carcassonne_runtime::engine::{Action, Actor, Game, Move, Pending, Reason, ScoreEvent, When};
use carcassonne_runtime::mechanics::Tally;
use carcassonne_runtime::record::{self, Record};
use carcassonne_runtime::tables::Ruleset;

/// Parse `random,greedy,...`: one bot spec per player (a single one serves
/// all); each must be a bot `bots::make` knows, options included
/// (`mcts:iters=200`).
pub fn parse_bots(spec: &str, players: u8) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for n in spec.split(',').map(str::trim) {
        bots::make(n, 0)?;
        out.push(n.to_string());
    }
    match out.len() {
        1 => Ok(vec![out[0].clone(); players as usize]),
        n if n == players as usize => Ok(out),
        n => Err(format!("{n} bots given for {players} players")),
    }
}

/// The player who answers `pending` (every decision so far is a player's).
pub fn decider(pending: Pending) -> u8 {
    match pending.actor {
        Actor::Player(p) => p,
        Actor::Chance => 0,
    }
}

fn describe(g: &Game, mv: Move) -> String {
    let tile = g.current_tile().expect("a tile to place");
    let p = mv.placement;
    let mut s = format!("{} at ({}, {}) r{}", tile.id, p.x, p.y, p.rotation);
    if let Some(d) = mv.deploy {
        let seg = &tile.segments[d.segment as usize];
        let ports = record::rotated_port_names(seg, p.rotation);
        let figure = d.kind.def().label;
        let _ = write!(s, ", {figure} on {} [{}]", seg.kind.name(), ports.join(" "));
    }
    s
}

pub fn events_text(events: &[ScoreEvent]) -> String {
    events
        .iter()
        .map(|e| {
            // Points for something other than one feature (the cards, the
            // fairy's turn) are named by their reason.
            let what = match e.reason {
                Reason::Completed | Reason::Final => e.feature.name(),
                r => r.name(),
            };
            // A payment (the ransom) lowers the score.
            let sign = if e.reason.def().paid { '-' } else { '+' };
            format!("P{} {sign}{} {what}", e.player, e.points)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub use carcassonne_runtime::bots::{ask, seats};

/// Play one game with bots; returns the record. Unless `quiet`, each part
/// is printed as it is played, then the final scoring and what the
/// ruleset's modules note about the game's end.
pub fn play(
    rules: &'static Ruleset,
    players: u8,
    seed: u64,
    bots: &[impl AsRef<str>],
    quiet: bool,
) -> Result<Record, String> {
    // The state before this part's placement, and the placement.
    let mut placing: Option<(Game, Move)> = None;
    let mut last: Option<Game> = None;
    let mut fin = Vec::new();
    let rec = bots::play_recorded(rules, players, seed, bots, |before, a, events, after| {
        if quiet {
            return;
        }
        fin.extend(events.iter().copied().filter(|e| e.when == When::End));
        say_action(rules, before, a, events, after, &mut placing);
        if after.is_over() {
            last = Some(after.clone());
        }
    })?;
    if !quiet {
        crate::say!("final scoring: {}", events_text(&fin));
        if let Some(g) = &last {
            let shown = g.shown();
            for note in &shown.notes {
                crate::say!("{note}");
            }
            for h in &shown.holdings {
                crate::say!("P{} holds {}", h.player, h.text);
            }
            for line in tally_lines(&shown.tallies) {
                crate::say!("{line}");
            }
        }
    }
    Ok(rec)
}

/// The modules' tallies, a line per key: `eaten: P0 2, P1 0`.
pub fn tally_lines(tallies: &[Tally]) -> Vec<String> {
    let mut keys: Vec<&str> = Vec::new();
    for t in tallies {
        if !keys.contains(&t.key) {
            keys.push(t.key);
        }
    }
    keys.iter()
        .map(|&key| {
            let counts: Vec<String> = tallies
                .iter()
                .filter(|t| t.key == key)
                .map(|t| format!("P{} {}", t.player, t.count))
                .collect();
            format!("{key}: {}", counts.join(", "))
        })
        .collect()
}

/// Print what answer `a` did: a part's placement and figure on one line
/// with its points, any other answer on a line of its own.
fn say_action(
    rules: &Ruleset,
    before: &Game,
    a: Action,
    events: &[ScoreEvent],
    after: &Game,
    placing: &mut Option<(Game, Move)>,
) {
    let player = before.pending().map_or(0, decider);
    // Points of the start of the turn that begins (the fairy's) get a line
    // of their own, after this answer's.
    let starting: Vec<ScoreEvent> = events
        .iter()
        .copied()
        .filter(|e| e.when == When::TurnStart)
        .collect();
    let events: Vec<ScoreEvent> = events
        .iter()
        .copied()
        .filter(|e| e.when != When::TurnStart)
        .collect();
    let events = events.as_slice();
    say_answer(rules, before, a, events, after, placing, player);
    // What chance dealt on the way (a token from the sheep bag).
    for d in after.dealt().iter().skip(before.dealt().len()) {
        crate::say!("           chance {}", action_json::text(after, d.action));
    }
    if !starting.is_empty() {
        crate::say!("           turn start: {}", events_text(&starting));
    }
}

/// `say_action` for the answer's own points.
fn say_answer(
    rules: &Ruleset,
    before: &Game,
    a: Action,
    events: &[ScoreEvent],
    after: &Game,
    placing: &mut Option<(Game, Move)>,
    player: u8,
) {
    let (start, mut mv) = match (a, placing.take()) {
        (Action::Place(p), _) => {
            let mv = Move {
                placement: p,
                deploy: None,
            };
            *placing = Some((before.clone(), mv));
            return;
        }
        (_, Some(x)) => x,
        (_, None) => {
            let scored = scored_during(events);
            crate::say!(
                "           P{player} {}{scored}",
                action_json::text(before, a)
            );
            return;
        }
    };
    if let Action::Deploy(d) = a {
        mv.deploy = Some(d);
    }
    let scored = scored_during(events);
    let part = if start.part() > 1 {
        format!(" (part {})", start.part())
    } else {
        String::new()
    };
    let extra = match a {
        Action::Deploy(_) | Action::Pass => String::new(),
        other => format!(", {}", action_json::text(before, other)),
    };
    crate::say!(
        "turn {:>3}{part}: P{player} {}{extra}{scored}",
        start.turn() + 1,
        describe(&start, mv)
    );
    for d in &after.discards()[start.discards().len()..] {
        let (why, how) = match (d.aside, d.revealed) {
            (None, _) => ("discarded", " (fits nowhere)".to_string()),
            (Some(m), true) => ("turned up", format!(" ({})", m.name())),
            (Some(_), false) => ("set aside", " (for later)".to_string()),
        };
        crate::say!("           {why} {}{how}", rules.tiles[d.tile as usize].id);
    }
}

pub fn scores_line(scores: &[i32]) -> String {
    scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("P{i} {s}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Read a record file; a malformed one is an error naming line and column.
pub fn read_record(path: &Path) -> Result<Record, String> {
    let text = std::fs::read(path)
        .map_err(|e| format!("{}: error: cannot read file: {e}", path.display()))?;
    serde_json::from_slice::<Record>(&text).map_err(|e| {
        format!(
            "{}:{}:{}: error: not a valid game record: {e}",
            path.display(),
            e.line(),
            e.column()
        )
    })
}

/// The points of `events` scored during play (not the final scoring), as
/// `  [P0 +4 road, …]`, or nothing.
fn scored_during(events: &[ScoreEvent]) -> String {
    let during: Vec<ScoreEvent> = events
        .iter()
        .copied()
        .filter(|e| e.when != When::End)
        .collect();
    if during.is_empty() {
        String::new()
    } else {
        format!("  [{}]", events_text(&during))
    }
}
