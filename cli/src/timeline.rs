//! A game record as a sequence of board states, one per tile placed, for
//! `render game` and `view`.
//!
//! The states are collected while `record::replay_observed` replays the
//! record: the same run, checks and messages as `carcassonne replay`, so the
//! viewer cannot accept a record `replay` rejects, nor show another game. A
//! finished game's last tile is shown with the followers still standing,
//! before the final scoring returns them, which is its own last step.

use std::path::Path;

use carcassonne_runtime::engine::{FollowerKind, Game, Placed};
use carcassonne_runtime::record::{self, EventRec, Record, Step as ReplayStep};
use carcassonne_runtime::tables::{Kind, Ruleset};

use crate::geom::Layout;
use crate::svg::{follower_point, BoardFollower, BoardTile, BoardView};
use crate::{load, play};

/// A follower on the board: the tile it stands on and the segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FollowerAt {
    pub player: u8,
    pub kind: FollowerKind,
    pub farmer: bool,
    pub on: BoardTile,
    pub segment: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Tiles placed so far (0: the start position).
    pub turn: usize,
    /// The tile placed in this step and who placed it.
    pub placed: Option<BoardTile>,
    pub player: Option<u8>,
    /// Followers on the board after this step.
    pub followers: Vec<FollowerAt>,
    /// Points scored in this step.
    pub events: Vec<EventRec>,
    /// Scores after this step.
    pub scores: Vec<u32>,
    /// Tiles drawn for this turn that fit nowhere and were removed.
    pub discarded: Vec<String>,
    /// The final scoring (the last step of a finished game).
    pub is_final: bool,
}

#[derive(Debug, Clone)]
pub struct Timeline {
    pub rules: &'static Ruleset,
    pub record: Record,
    /// One name per seat (the record's bots, or "player").
    pub players: Vec<String>,
    pub start: Vec<BoardTile>,
    /// `steps[0]` is the start; `steps[k]` follows the k-th tile placed;
    /// a finished game ends with the final scoring.
    pub steps: Vec<Step>,
    /// Tiles placed in the record.
    pub placements: usize,
    pub finished: bool,
}

fn followers_of(g: &Game) -> Vec<FollowerAt> {
    let placed = g.placed();
    let rules = g.rules();
    g.followers()
        .iter()
        .filter_map(|f| {
            let q = placed.partition_point(|p| p.node_base <= f.node);
            let p = placed.get(q.checked_sub(1)?)?;
            let segment = (f.node - p.node_base) as u8;
            let kind = rules.tiles[p.tile as usize]
                .segments
                .get(segment as usize)?
                .kind;
            Some(FollowerAt {
                player: f.player,
                kind: f.kind,
                farmer: kind == Kind::Field,
                on: board_tile(p),
                segment,
            })
        })
        .collect()
}

fn board_tile(p: &Placed) -> BoardTile {
    BoardTile {
        tile: p.tile,
        x: p.x,
        y: p.y,
        rotation: p.rotation,
    }
}

/// What `Timeline::new` gathers from the replay's steps.
struct Steps {
    rules: &'static Ruleset,
    start: Vec<BoardTile>,
    steps: Vec<Step>,
    placements: usize,
    /// Tiles removed since the last step, shown with the next one.
    pending: Vec<String>,
}

impl Steps {
    fn see(&mut self, s: ReplayStep<'_>) {
        match s {
            ReplayStep::Start { game } => {
                self.start = game.placed().iter().map(board_tile).collect();
                self.steps.push(Step {
                    turn: 0,
                    placed: None,
                    player: None,
                    followers: Vec::new(),
                    events: Vec::new(),
                    scores: game.scores().to_vec(),
                    discarded: Vec::new(),
                    is_final: false,
                });
            }
            ReplayStep::Discarded { tile, .. } => {
                let id = self.rules.tiles[tile as usize].id;
                self.pending.push(id.to_string());
            }
            ReplayStep::Played {
                entry,
                placed,
                events,
                game,
                ..
            } => {
                self.placements += 1;
                self.steps.push(Step {
                    turn: self.placements,
                    placed: placed.last().map(board_tile),
                    player: Some(entry.player),
                    followers: followers_of(game),
                    events: events.iter().map(EventRec::from_event).collect(),
                    scores: game.scores().to_vec(),
                    discarded: std::mem::take(&mut self.pending),
                    is_final: false,
                });
            }
            ReplayStep::Final {
                standing,
                events,
                game,
            } => self.steps.push(Step {
                turn: self.placements,
                placed: None,
                player: None,
                followers: followers_of(standing),
                events: events.iter().map(EventRec::from_event).collect(),
                scores: game.scores().to_vec(),
                discarded: std::mem::take(&mut self.pending),
                is_final: true,
            }),
        }
    }
}

impl Timeline {
    /// Read, check and step through a record file.
    pub fn load(file: &Path, ruleset: Option<&str>) -> Result<Timeline, String> {
        let rec = play::read_record(file)?;
        let rules = load::for_record(&rec, file, ruleset)?;
        Timeline::new(rec, rules).map_err(|e| format!("{}: error: {e}", file.display()))
    }

    /// Check `rec` under `rules` and step through it.
    pub fn new(rec: Record, rules: &'static Ruleset) -> Result<Timeline, String> {
        let mut steps = Steps {
            rules,
            start: Vec::new(),
            steps: Vec::new(),
            placements: 0,
            pending: Vec::new(),
        };
        let replayed = record::replay_observed(&rec, rules, false, &mut |s| steps.see(s))
            .map_err(|e| e.to_string())?;
        let Steps {
            start,
            rules: _,
            mut steps,
            placements,
            mut pending,
        } = steps;
        // Tiles removed after the last one placed, in a record that stops
        // there, belong to the last state shown.
        if let Some(last) = steps.last_mut() {
            last.discarded.append(&mut pending);
        }
        let players = match &rec.bots {
            Some(b) if b.len() == rec.players as usize => b.clone(),
            _ => vec!["player".to_string(); rec.players as usize],
        };
        Ok(Timeline {
            rules,
            finished: replayed.game.is_over(),
            record: rec,
            players,
            start,
            steps,
            placements,
        })
    }

    /// The step showing the board after `turn` tiles were placed.
    pub fn step_after_turn(&self, turn: usize) -> Option<usize> {
        (turn <= self.placements).then_some(turn)
    }

    /// The tiles on the board at step `k`.
    pub fn tiles_at(&self, k: usize) -> Vec<BoardTile> {
        let mut v = self.start.clone();
        v.extend(
            self.steps[1..=k.min(self.steps.len() - 1)]
                .iter()
                .filter_map(|s| s.placed),
        );
        v
    }

    /// A one-line description of step `k`.
    pub fn describe(&self, k: usize) -> String {
        let s = &self.steps[k];
        if s.is_final {
            return format!("final scoring after {} tiles", self.placements);
        }
        match (s.placed, s.player) {
            (Some(t), Some(p)) => format!(
                "turn {} of {}: P{p} placed {} at ({}, {}) turned {}",
                s.turn, self.placements, self.rules.tiles[t.tile as usize].id, t.x, t.y, t.rotation
            ),
            _ => "the start".to_string(),
        }
    }

    /// Everything `svg::board` needs for step `k`.
    pub fn board_view(&self, k: usize, lays: &[Layout]) -> BoardView {
        let s = &self.steps[k];
        let followers = s
            .followers
            .iter()
            .map(|f| BoardFollower {
                player: f.player,
                at: follower_point(
                    &lays[f.on.tile as usize],
                    f.segment as usize,
                    f.on.x,
                    f.on.y,
                    f.on.rotation,
                ),
                farmer: f.farmer,
                big: f.kind == FollowerKind::Big,
            })
            .collect();
        let mut events: Vec<String> = s.events.iter().map(event_line).collect();
        for d in &s.discarded {
            events.push(format!("{d} was drawn and removed: it fits nowhere"));
        }
        let seed = self
            .record
            .seed
            .map_or("scenario".to_string(), |s| format!("seed {s}"));
        let state = if s.is_final {
            "final scores".to_string()
        } else if k + 1 == self.steps.len() && !self.finished {
            format!("{} (the record stops here)", self.describe(k))
        } else {
            self.describe(k)
        };
        BoardView {
            title: self.rules.name.to_string(),
            subtitle: format!(
                "ruleset {} · {seed} · {} players · {state}",
                self.rules.id, self.record.players
            ),
            tiles: self.tiles_at(k),
            highlight: s.placed,
            followers,
            players: self.players.clone(),
            scores: s.scores.clone(),
            events,
        }
    }
}

pub fn event_line(e: &EventRec) -> String {
    let when = if e.reason == "final" {
        "at the end"
    } else {
        "completed"
    };
    format!("P{} +{} for a {} ({when})", e.player, e.points, e.feature)
}
