//! A game record as a sequence of board states, one per tile placed, for
//! `render game` and `view`.
//!
//! The record is first checked by `record::replay` (every move, every event,
//! the final scores). It is then stepped through again as a scripted game
//! over a copy of the ruleset with one spare tile, so the game never ends on
//! its own: that shows the board after the last tile with the followers still
//! standing, before the final scoring returns them, which is scored last as
//! its own step. Every turn's events are compared with the record's.

use std::path::Path;

use carcassonne_runtime::engine::{Deploy, FollowerKind, Game, Move, Placement, Reason};
use carcassonne_runtime::record::{self, EventRec, Record, TurnRec};
use carcassonne_runtime::tables::{Edge, Kind, Ruleset};

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

/// The ruleset with one more copy of a non-river tile, leaked like run-time
/// rulesets are: a scripted game over it never runs out of tiles.
fn with_spare_tile(rules: &'static Ruleset) -> &'static Ruleset {
    let mut tiles = rules.tiles.to_vec();
    let spare = tiles
        .iter()
        .position(|t| !t.edges.contains(&Edge::River))
        .unwrap_or(0);
    if let Some(t) = tiles.get_mut(spare) {
        t.count += 1;
    }
    Box::leak(Box::new(Ruleset {
        tiles: Box::leak(tiles.into_boxed_slice()),
        total: rules.total + 1,
        ..*rules
    }))
}

fn deploy_for(
    rules: &Ruleset,
    tile: u16,
    rotation: u8,
    t: &TurnRec,
    turn: usize,
) -> Result<Option<Deploy>, String> {
    let Some(f) = &t.follower else {
        return Ok(None);
    };
    let tt = &rules.tiles[tile as usize];
    record::follower_move(tt.id, tt.segments, rotation, f, turn)
        .map(Some)
        .map_err(|e| e.to_string())
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
                on: BoardTile {
                    tile: p.tile,
                    x: p.x,
                    y: p.y,
                    rotation: p.rotation,
                },
                segment,
            })
        })
        .collect()
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
        let replayed = record::replay(&rec, rules, false).map_err(|e| e.to_string())?;
        let finished = replayed.game.is_over();
        let spare = with_spare_tile(rules);
        let start: Vec<(u16, Placement)> = if rec.seed.is_some() {
            carcassonne_runtime::engine::start_placements(rules)
        } else {
            rec.start
                .iter()
                .map(|s| {
                    let t = rules.tile_index(&s.tile).unwrap_or(0) as u16;
                    (
                        t,
                        Placement {
                            x: s.x,
                            y: s.y,
                            rotation: s.rotation,
                        },
                    )
                })
                .collect()
        };
        let mut g = Game::new_scripted(spare, rec.players, &start).map_err(|e| e.to_string())?;
        let start_tiles: Vec<BoardTile> = start
            .iter()
            .map(|(t, p)| BoardTile {
                tile: *t,
                x: p.x,
                y: p.y,
                rotation: p.rotation,
            })
            .collect();
        let mut steps = vec![Step {
            turn: 0,
            placed: None,
            player: None,
            followers: Vec::new(),
            events: Vec::new(),
            scores: g.scores().to_vec(),
            discarded: Vec::new(),
            is_final: false,
        }];
        let mut pending = Vec::new();
        let mut placements = 0;
        let mut events = Vec::new();
        for (i, t) in rec.turns.iter().enumerate() {
            let turn = i + 1;
            if let Some(d) = &t.discarded {
                pending.push(d.clone());
                continue;
            }
            let (Some(id), Some(x), Some(y), Some(rotation)) = (&t.tile, t.x, t.y, t.rotation)
            else {
                return Err(format!("turn {turn}: incomplete turn"));
            };
            let tile = rules
                .tile_index(id)
                .ok_or_else(|| format!("turn {turn}: unknown tile {id}"))?
                as u16;
            g.force_player(t.player).map_err(|e| e.to_string())?;
            g.force_draw(tile).map_err(|e| e.to_string())?;
            let deploy = deploy_for(rules, tile, rotation, t, turn)?;
            events.clear();
            g.apply_into(
                Move {
                    placement: Placement { x, y, rotation },
                    deploy,
                },
                &mut events,
            )
            .map_err(|e| format!("turn {turn}: illegal move: {e}"))?;
            let evs: Vec<EventRec> = events.iter().map(EventRec::from_event).collect();
            if let Some(want) = &t.events {
                if *want != evs {
                    return Err(format!(
                        "turn {turn}: the record's events differ from the engine's"
                    ));
                }
            }
            placements += 1;
            steps.push(Step {
                turn: placements,
                placed: Some(BoardTile {
                    tile,
                    x,
                    y,
                    rotation,
                }),
                player: Some(t.player),
                followers: followers_of(&g),
                events: evs,
                scores: g.scores().to_vec(),
                discarded: std::mem::take(&mut pending),
                is_final: false,
            });
        }
        if finished {
            let standing = followers_of(&g);
            let fin: Vec<EventRec> = g
                .finish()
                .iter()
                .filter(|e| e.reason == Reason::Final)
                .map(EventRec::from_event)
                .collect();
            if g.scores() != replayed.game.scores() {
                return Err(format!(
                    "the final scores differ: the engine says {:?}, stepping gives {:?}",
                    replayed.game.scores(),
                    g.scores()
                ));
            }
            steps.push(Step {
                turn: placements,
                placed: None,
                player: None,
                followers: standing,
                events: fin,
                scores: g.scores().to_vec(),
                discarded: std::mem::take(&mut pending),
                is_final: true,
            });
        } else if !pending.is_empty() {
            if let Some(last) = steps.last_mut() {
                last.discarded.append(&mut pending);
            }
        }
        let players = match &rec.bots {
            Some(b) if b.len() == rec.players as usize => b.clone(),
            _ => vec!["player".to_string(); rec.players as usize],
        };
        Ok(Timeline {
            rules,
            record: rec,
            players,
            start: start_tiles,
            steps,
            placements,
            finished,
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
