//! `play` and `replay`: running games from the command line.

use std::fmt::Write as _;
use std::path::Path;

use carcassonne_runtime::bots::{self, Bot};
use carcassonne_runtime::engine::{Action, Actor, Game, Move, Pending, Reason, ScoreEvent};
use carcassonne_runtime::record::{self, Record, Recorder};
use carcassonne_runtime::tables::{Mech, Ruleset};

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
        let figure = match d.kind {
            carcassonne_runtime::engine::FollowerKind::Normal => "follower".to_string(),
            carcassonne_runtime::engine::FollowerKind::Big => "big follower".to_string(),
            k => k.name().to_string(),
        };
        let _ = write!(s, ", {figure} on {} [{}]", seg.kind.name(), ports.join(" "));
    }
    s
}

fn events_text(events: &[ScoreEvent]) -> String {
    events
        .iter()
        .map(|e| {
            // The cards' end points are for the card, not for one city or road.
            let what = match e.reason {
                Reason::King => "king",
                Reason::RobberBaron => "robber-baron",
                _ => e.feature.name(),
            };
            format!("P{} +{} {what}", e.player, e.points)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The bots of a game seeded `seed`, one per seat, each with its own seed
/// derived from the game's (so `play` and `simulate` play the same games).
pub fn seats(bots: &[impl AsRef<str>], seed: u64) -> Result<Vec<Box<dyn Bot>>, String> {
    bots.iter()
        .enumerate()
        .map(|(i, spec)| {
            bots::make(
                spec.as_ref(),
                seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .wrapping_add(i as u64 + 1),
            )
        })
        .collect()
}

/// `player`'s answer to the pending decision of `g`, from the bot in that
/// seat, which is shown `player`'s view of the game (`Game::view`: never the
/// order of the face-down tiles). `view` is a game kept to refill.
pub fn ask(seat: &mut dyn Bot, g: &Game, player: u8, view: &mut Option<Game>) -> Option<Action> {
    let v = match view {
        Some(v) => {
            g.view_into(player, v);
            v
        }
        None => view.insert(g.view(player)),
    };
    seat.choose_action(v)
}

/// Play one game with bots; returns the record.
pub fn play(
    rules: &'static Ruleset,
    players: u8,
    seed: u64,
    bots: &[impl AsRef<str>],
    quiet: bool,
) -> Result<Record, String> {
    let mut g = Game::new(rules, players, seed).map_err(|e| e.to_string())?;
    let mut seats = seats(bots, seed)?;
    let mut rec = Recorder::new(&g, Some(seats.iter().map(|b| b.name()).collect()));
    let mut view = None;
    let mut events = Vec::new();
    // The state before this part's placement, and the placement.
    let mut placing: Option<(Game, Move)> = None;
    while let Some(pending) = g.pending() {
        let player = decider(pending);
        let a = ask(seats[player as usize].as_mut(), &g, player, &mut view)
            .ok_or("the bot found no legal move (the drawn tile should always be placeable)")?;
        let before = g.clone();
        events.clear();
        g.apply_action(a, &mut events)
            .map_err(|e| format!("bot chose an illegal action: {e}"))?;
        rec.note_action(&before, a, &events, &g);
        if quiet {
            continue;
        }
        let (start, mut mv) = match (a, placing.take()) {
            (Action::Place(p), _) => {
                let mv = Move {
                    placement: p,
                    deploy: None,
                };
                placing = Some((before, mv));
                continue;
            }
            (_, Some(x)) => x,
            (_, None) => {
                crate::say!("           P{player} {}", a.name());
                continue;
            }
        };
        if let Action::Deploy(d) = a {
            mv.deploy = Some(d);
        }
        let during: Vec<ScoreEvent> = events
            .iter()
            .copied()
            .filter(|e| !e.reason.as_final() || e.reason == Reason::AbbotReturn)
            .collect();
        let scored = if during.is_empty() {
            String::new()
        } else {
            format!("  [{}]", events_text(&during))
        };
        let part = if start.part() > 1 {
            format!(" (part {})", start.part())
        } else {
            String::new()
        };
        let extra = match a {
            Action::Deploy(_) | Action::Pass => String::new(),
            Action::Barn(c) => format!(
                ", barn on the {} corner",
                carcassonne_runtime::record::CORNER_NAMES
                    .get(c as usize)
                    .unwrap_or(&"?")
            ),
            other => format!(", {}", other.name()),
        };
        crate::say!(
            "turn {:>3}{part}: P{player} {}{extra}{scored}",
            start.turn() + 1,
            describe(&start, mv)
        );
        for d in &g.discards()[start.discards().len()..] {
            crate::say!(
                "           discarded {} (fits nowhere)",
                rules.tiles[d.tile as usize].id
            );
        }
    }
    if !quiet {
        // Every end-of-game event (an abbot's return scores during play).
        let fin: Vec<ScoreEvent> = events
            .iter()
            .copied()
            .filter(|e| e.reason.as_final() && e.reason != Reason::AbbotReturn)
            .collect();
        crate::say!("final scoring: {}", events_text(&fin));
        if crate::timeline::plays(rules, Mech::KingRobber) {
            crate::say!("{}", crate::cards::line(&g));
        }
    }
    Ok(rec.record)
}

pub fn scores_line(scores: &[u32]) -> String {
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
