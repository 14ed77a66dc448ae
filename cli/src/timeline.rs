//! A game record as a sequence of board states, one per tile placed, for
//! `render game` and `view`.
//!
//! The states are collected while `record::replay_observed` replays the
//! record: the same run, checks and messages as `carcassonne replay`, so the
//! viewer cannot accept a record `replay` rejects, nor show another game. A
//! finished game's last tile is shown with the followers still standing,
//! before the final scoring returns them, which is its own last step.

use std::path::Path;

use carcassonne_runtime::action_json::ActionJson;
use carcassonne_runtime::engine::{ArgKind, FollowerKind, Game, Placed, FIGURE_KINDS};
use carcassonne_runtime::mechanics::{Area, Figure, HeldFigure, Holding, NeutralDef, Tally, Trail};
use carcassonne_runtime::record::{self, EventRec, Record, Step as ReplayStep};
use carcassonne_runtime::tables::{Kind, Ruleset};
use serde_json::{Map, Value};

use crate::areas::{self, BoardArea};
use crate::figures::{self, BoardFigure, BoardNeutral};
use crate::geom::{Layout, Pt, SIZE};
use crate::paint::{self, BoardFollower};
use crate::svg::{follower_point, BoardTile, BoardTrail, BoardView};
use crate::{load, play};

/// A follower on the board: the tile it stands on and the segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FollowerAt {
    pub player: u8,
    pub kind: FollowerKind,
    pub farmer: bool,
    pub on: BoardTile,
    pub segment: u8,
    /// The corner of `on` (0-3 clockwise from north-west) a figure stands
    /// on where four tiles meet (`Shown::corners`: the barn), not on the
    /// segment's anchor.
    pub corner: Option<u8>,
}

/// A neutral figure (`Shown::neutral`): the tile it is on, the figure it
/// stands beside (its tile and segment), if any, the word on it, the
/// figure on its top and the section of an area it stands in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NeutralAt {
    pub def: NeutralDef,
    pub x: i16,
    pub y: i16,
    pub beside: Option<(BoardTile, u8)>,
    pub label: Option<String>,
    pub top: Option<Figure>,
    pub section: Option<&'static str>,
}

#[derive(Debug, Clone, PartialEq)]
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
    /// One line per event, as `event_line` words it.
    pub event_lines: Vec<String>,
    /// Scores after this step.
    pub scores: Vec<i32>,
    /// Tiles drawn for this turn that fit nowhere and were removed.
    pub discarded: Vec<String>,
    /// Tiles drawn for this turn that a module set aside face up, to come
    /// back later (a dragon tile before the dragon is in play).
    pub set_aside: Vec<String>,
    /// Tiles a module turned face up after this step's placement (a
    /// bazaar's, for its auction).
    pub revealed: Vec<String>,
    /// The final scoring (the last step of a finished game).
    pub is_final: bool,
    /// The part of the turn this step played: 1, or 2 for a second tile.
    pub part: u8,
    /// The figure put on the tile: its kind and the feature it stands on.
    pub deployed: Option<(FollowerKind, String)>,
    /// The entry's other answers, in order, as the record writes them.
    pub actions: Vec<ActionJson>,
    /// Per player, figures in supply after this step, by `FollowerKind`.
    pub supply: Vec<[u8; FIGURE_KINDS]>,
    /// What the modules show after this step (`Game::shown`): neutral
    /// figures, what players hold, paths taken in this step, notes and
    /// tallies.
    pub neutral: Vec<NeutralAt>,
    /// Symbols on placed tiles (`Shown::marks`: a hill, a vineyard), by
    /// the cell they are on.
    pub marks: Vec<(NeutralDef, i16, i16)>,
    pub holdings: Vec<Holding>,
    pub trails: Vec<Trail>,
    pub notes: Vec<String>,
    pub tallies: Vec<Tally>,
    /// Blocks of the board with the figures in their sections
    /// (`Shown::areas`), and figures players hold (`Shown::held`).
    pub areas: Vec<Area>,
    pub held: Vec<HeldFigure>,
    /// The modules' public state after this step (`Game::state_json`).
    pub state: Map<String, Value>,
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
    /// The kinds of figure the players hold at the start (normal first).
    pub figure_kinds: Vec<FollowerKind>,
    /// The neutral figures that appear in some step, in order of
    /// appearance.
    pub neutrals: Vec<NeutralDef>,
    /// The keys of what players hold (`Holding::key`) in some step, in
    /// order of appearance.
    pub held_keys: Vec<&'static str>,
    /// The keys of figures players hold (`HeldFigure::key`) in some step,
    /// in order of appearance.
    pub held_figure_keys: Vec<&'static str>,
}

fn supply_of(g: &Game) -> Vec<[u8; FIGURE_KINDS]> {
    (0..g.players())
        .map(|p| FollowerKind::ALL.map(|k| g.figures(p, k)))
        .collect()
}

/// A step with nothing placed or scored yet, showing `game`: the fields
/// every step shares.
fn blank(turn: usize, game: &Game) -> Step {
    let shown = game.shown();
    let mut state = Map::new();
    game.state_json(&mut state);
    Step {
        turn,
        placed: None,
        player: None,
        followers: followers_of(game),
        events: Vec::new(),
        event_lines: Vec::new(),
        scores: game.scores().to_vec(),
        discarded: Vec::new(),
        set_aside: Vec::new(),
        revealed: Vec::new(),
        is_final: false,
        part: 1,
        deployed: None,
        actions: Vec::new(),
        supply: supply_of(game),
        neutral: shown
            .neutral
            .iter()
            .map(|n| NeutralAt {
                def: n.def,
                x: n.x,
                y: n.y,
                beside: n.beside.and_then(|s| {
                    let p = game.placed().get(s.placed as usize)?;
                    Some((board_tile(p), s.segment))
                }),
                label: n.label.clone(),
                top: n.top,
                section: n.section,
            })
            .collect(),
        marks: shown
            .marks
            .iter()
            .filter_map(|m| {
                let p = game.placed().get(m.placed as usize)?;
                Some((m.def, p.x, p.y))
            })
            .collect(),
        holdings: shown.holdings,
        trails: shown.trails,
        notes: shown.notes,
        tallies: shown.tallies,
        areas: shown.areas,
        held: shown.held,
        state,
    }
}

/// Points in words, one line each.
fn lines(events: &[EventRec]) -> Vec<String> {
    events.iter().map(event_line).collect()
}

fn followers_of(g: &Game) -> Vec<FollowerAt> {
    let placed = g.placed();
    let rules = g.rules();
    let corners = g.shown().corners;
    g.followers()
        .iter()
        .filter_map(|f| {
            let spot = g.spot_of(f);
            let p = placed.get(spot.placed as usize)?;
            let kind = rules.tiles[p.tile as usize]
                .segments
                .get(spot.segment as usize)?
                .kind;
            let corner = corners
                .iter()
                .find(|c| c.kind == f.kind && c.placed == spot.placed && c.player == f.player)
                .map(|c| c.corner);
            Some(FollowerAt {
                player: f.player,
                kind: f.kind,
                farmer: kind == Kind::Field,
                on: board_tile(p),
                segment: spot.segment,
                corner,
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

/// The neutral figures, the keys of what players hold and the keys of
/// figures players hold that appear in some of `steps`, each in order of
/// appearance.
fn shown_keys(steps: &[Step]) -> (Vec<NeutralDef>, Vec<&'static str>, Vec<&'static str>) {
    let mut neutrals: Vec<NeutralDef> = Vec::new();
    let mut held_keys: Vec<&'static str> = Vec::new();
    let mut held_figure_keys: Vec<&'static str> = Vec::new();
    for s in steps {
        for h in &s.held {
            if !held_figure_keys.contains(&h.key) {
                held_figure_keys.push(h.key);
            }
        }
        for def in s
            .neutral
            .iter()
            .map(|n| n.def)
            .chain(s.marks.iter().map(|m| m.0))
        {
            if !neutrals.iter().any(|d| d.name == def.name) {
                neutrals.push(def);
            }
        }
        for h in &s.holdings {
            if !held_keys.contains(&h.key) {
                held_keys.push(h.key);
            }
        }
    }
    (neutrals, held_keys, held_figure_keys)
}

/// What `Timeline::new` gathers from the replay's steps.
struct Steps {
    rules: &'static Ruleset,
    start: Vec<BoardTile>,
    steps: Vec<Step>,
    placements: usize,
    /// Tiles removed since the last step, shown with the next one.
    pending: Vec<String>,
    /// Tiles set aside since the last step, shown with the next one.
    aside: Vec<String>,
    /// The step of the last entry's placement: tiles turned up while the
    /// entry was played are shown with it.
    entry_step: usize,
    /// Kinds of figure in some player's supply at the start.
    kinds: Vec<FollowerKind>,
}

impl Steps {
    fn see(&mut self, s: ReplayStep<'_>) {
        match s {
            ReplayStep::Start { game } => {
                self.start = game.placed().iter().map(board_tile).collect();
                self.kinds = FollowerKind::ALL
                    .into_iter()
                    .filter(|&k| (0..game.players()).any(|p| game.figures(p, k) > 0))
                    .collect();
                self.steps.push(blank(0, game));
            }
            ReplayStep::Discarded { tile, entry, .. } => {
                let id = self.rules.tiles[tile as usize].id.to_string();
                if entry.revealed.is_some() {
                    if let Some(s) = self.steps.get_mut(self.entry_step) {
                        s.revealed.push(id);
                    }
                } else if entry.set_aside.is_some() {
                    self.aside.push(id);
                } else {
                    self.pending.push(id);
                }
            }
            ReplayStep::Played {
                entry,
                placed,
                events,
                earlier,
                game,
                asked,
                ..
            } => {
                // An entry without a tile (an abbey declined) is a step of
                // its own but places nothing.
                self.placements += usize::from(!placed.is_empty());
                let actions = entry.actions.clone().unwrap_or_default();
                // Answers posed after the scoring (wagon moves) are steps of
                // their own: the entry's step shows the board before the
                // first, each answer the board after it.
                let (before, after) = actions.split_at(actions.len() - asked.len());
                let first = asked.first().unwrap_or(game);
                // The points of this turn's start (the fairy's) are this
                // entry's, but the engine scored them with the answer that
                // ended the turn before: the step showing that answer's game
                // shows the scores before them. (Those of answers given on
                // this entry's draw came after that game.)
                if let Some(last) = self.steps.last_mut() {
                    for e in &events[..earlier] {
                        if let Some(s) = last.scores.get_mut(e.player as usize) {
                            *s -= e.signed() as i32;
                        }
                    }
                }
                // The games the entry's steps show, and its points split
                // among them in the order scored: each step takes the
                // points that bring the scores to those it shows (a
                // dragon's steps may come before the scoring, a wagon's
                // after it; a payment lowers one score and raises another).
                let shown: Vec<&Game> = std::iter::once(first)
                    .chain((0..after.len()).map(|i| asked.get(i + 1).unwrap_or(game)))
                    .collect();
                let mut parts: Vec<Vec<EventRec>> = vec![Vec::new(); shown.len()];
                let mut running: Vec<i64> = self.steps.last().map_or(Vec::new(), |s| {
                    s.scores.iter().map(|&x| i64::from(x)).collect()
                });
                let mut left = events.iter().peekable();
                for (j, now) in shown.iter().enumerate() {
                    let target: Vec<i64> = now.scores().iter().map(|&x| i64::from(x)).collect();
                    let last = j + 1 == shown.len();
                    while running != target || last {
                        let Some(e) = left.next() else { break };
                        if let Some(s) = running.get_mut(e.player as usize) {
                            *s += e.signed();
                        }
                        parts[j].push(EventRec::from_event(e));
                    }
                }
                let mut parts = parts.into_iter();
                let events = parts.next().unwrap_or_default();
                self.entry_step = self.steps.len();
                self.steps.push(Step {
                    placed: placed.last().map(board_tile),
                    player: Some(entry.player),
                    event_lines: lines(&events),
                    events,
                    discarded: std::mem::take(&mut self.pending),
                    set_aside: std::mem::take(&mut self.aside),
                    part: entry.part.unwrap_or(1),
                    deployed: entry
                        .follower
                        .as_ref()
                        .and_then(|f| Some((FollowerKind::from_name(&f.kind)?, f.feature.clone()))),
                    actions: before.to_vec(),
                    ..blank(self.placements, first)
                });
                for ((a, now), events) in after.iter().zip(&shown[1..]).zip(parts) {
                    self.steps.push(Step {
                        player: a.player.or(Some(entry.player)),
                        part: entry.part.unwrap_or(1),
                        actions: vec![a.clone()],
                        event_lines: lines(&events),
                        events,
                        ..blank(self.placements, now)
                    });
                }
            }
            ReplayStep::Final {
                standing,
                events,
                game,
            } => {
                // Figures still standing, as in the picture; what players
                // hold and the notes as the end leaves them. The final
                // scoring moves no figure, so no path is shown.
                // The last turn's board is the replay's copy that plays on
                // (`standing`), which may have started a turn the game
                // never had: its scores are the game's before the final
                // scoring.
                let mut scores = game.scores().to_vec();
                for e in events.iter() {
                    if let Some(s) = scores.get_mut(e.player as usize) {
                        *s -= e.signed() as i32;
                    }
                }
                if let Some(last) = self.steps.last_mut() {
                    last.scores = scores;
                }
                let events: Vec<EventRec> = events.iter().map(EventRec::from_event).collect();
                let mut step = Step {
                    event_lines: lines(&events),
                    events,
                    discarded: std::mem::take(&mut self.pending),
                    set_aside: std::mem::take(&mut self.aside),
                    is_final: true,
                    ..blank(self.placements, game)
                };
                let before = blank(self.placements, standing);
                step.followers = before.followers;
                step.supply = before.supply;
                step.neutral = before.neutral;
                step.areas = before.areas;
                step.held = before.held;
                step.trails.clear();
                self.steps.push(step);
            }
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
            aside: Vec::new(),
            entry_step: 0,
            kinds: Vec::new(),
        };
        let replayed = record::replay_observed(&rec, rules, false, &mut |s| steps.see(s))
            .map_err(|e| e.to_string())?;
        let Steps {
            start,
            rules: _,
            mut steps,
            placements,
            mut pending,
            mut aside,
            kinds,
            ..
        } = steps;
        // Tiles removed or set aside after the last one placed, in a record
        // that stops there, belong to the last state shown.
        if let Some(last) = steps.last_mut() {
            last.discarded.append(&mut pending);
            last.set_aside.append(&mut aside);
        }
        let players = match &rec.bots {
            Some(b) if b.len() == rec.players as usize => b.clone(),
            _ => vec!["player".to_string(); rec.players as usize],
        };
        let (neutrals, held_keys, held_figure_keys) = shown_keys(&steps);
        Ok(Timeline {
            rules,
            finished: replayed.game.is_over(),
            record: rec,
            players,
            start,
            steps,
            placements,
            figure_kinds: kinds,
            neutrals,
            held_keys,
            held_figure_keys,
        })
    }

    /// A game in play as a timeline of one step showing `game` as it stands
    /// (`web` draws its live board with `board_view(0, …)`): every tile
    /// on the board is in `start`, and the last one placed since the start
    /// is highlighted. `rec` is the game's record so far, `players` the
    /// seats' names, `kinds` the kinds of figure the players started with.
    pub fn live(
        rec: Record,
        game: &Game,
        players: Vec<String>,
        kinds: Vec<FollowerKind>,
    ) -> Timeline {
        let mut step = blank(game.placed().len(), game);
        let placed_since_start = game.placed().len() > rec.start.len();
        step.placed = game
            .placed()
            .last()
            .filter(|_| placed_since_start)
            .map(board_tile);
        let (neutrals, held_keys, held_figure_keys) = shown_keys(std::slice::from_ref(&step));
        Timeline {
            rules: game.rules(),
            record: rec,
            players,
            start: game.placed().iter().map(board_tile).collect(),
            steps: vec![step],
            placements: game.placed().len(),
            finished: game.is_over(),
            figure_kinds: kinds,
            neutrals,
            held_keys,
            held_figure_keys,
        }
    }

    /// The step showing the board after `turn` tiles were placed (and every
    /// answer that followed the last of them).
    pub fn step_after_turn(&self, turn: usize) -> Option<usize> {
        self.steps
            .iter()
            .rposition(|s| s.turn == turn && !s.is_final)
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
        let Some(p) = s.player else {
            return "the start".to_string();
        };
        let Some(t) = s.placed else {
            // A step without a tile: an answer after the scoring (a wagon's
            // move), or an abbey declined at the end.
            let what: Vec<String> = s
                .actions
                .iter()
                .map(|a| match a.player {
                    Some(_) => action_text(a),
                    None => format!("P{p} {}", action_text(a)),
                })
                .collect();
            return format!("after turn {}: {}", s.turn, what.join("; "));
        };
        let part = if s.part > 1 {
            format!(" (part {})", s.part)
        } else {
            String::new()
        };
        let mut d = format!(
            "turn {} of {}{part}: P{p} placed {} at ({}, {}) turned {}",
            s.turn, self.placements, self.rules.tiles[t.tile as usize].id, t.x, t.y, t.rotation
        );
        // A meeple goes unmentioned, as on the board; a figure with a shape
        // of its own is named.
        if let Some((kind, feature)) = &s.deployed {
            if figures::shape_id(*kind).is_some() {
                d.push_str(&format!(", its {} on a {feature}", kind.def().label));
            }
        }
        for a in &s.actions {
            d.push_str("; ");
            d.push_str(&action_text(a));
        }
        d
    }

    /// Everything `svg::board` needs for step `k`.
    pub fn board_view(&self, k: usize, lays: &[Layout]) -> BoardView {
        let s = &self.steps[k];
        let mut placed: Vec<(Spot, BoardFigure)> = s
            .followers
            .iter()
            .map(|f| {
                let at = match f.corner {
                    Some(c) => corner_point(f.on.x, f.on.y, c),
                    None => follower_point(
                        &lays[f.on.tile as usize],
                        f.segment as usize,
                        f.on.x,
                        f.on.y,
                        f.on.rotation,
                    ),
                };
                let follower = BoardFollower {
                    player: f.player,
                    at,
                    farmer: f.farmer,
                    // A meeple stronger than a follower is drawn larger
                    // (the big follower).
                    big: paint::is_big(f.kind),
                };
                let kind = f.kind;
                ((f.on, f.segment, f.corner), BoardFigure { kind, follower })
            })
            .collect();
        figures::spread(&mut placed);
        let areas: Vec<BoardArea> = s.areas.iter().filter_map(areas::layout).collect();
        // Tile marks first, under the figures, small in their tile's
        // north-west corner.
        let neutral = s
            .marks
            .iter()
            .map(|&(def, x, y)| {
                let c = cell_centre(x, y);
                BoardNeutral {
                    def,
                    at: Pt {
                        x: c.x - MARK_OFFSET,
                        y: c.y - MARK_OFFSET,
                    },
                    scale: 1.0,
                    label: None,
                    top: None,
                }
            })
            .chain(s.neutral.iter().map(|n| neutral_point(n, lays, &areas)))
            .collect();
        let trails = s
            .trails
            .iter()
            .map(|t| BoardTrail {
                name: t.name,
                points: t.cells.iter().map(|&[x, y]| cell_centre(x, y)).collect(),
            })
            .collect();
        let followers = placed.into_iter().map(|(_, f)| f).collect();
        let mut events = s.event_lines.clone();
        for d in &s.discarded {
            events.push(format!("{d} was drawn and removed: it fits nowhere"));
        }
        for d in &s.set_aside {
            events.push(format!("{d} was drawn and set aside, to come back later"));
        }
        for d in &s.revealed {
            events.push(format!("{d} was turned face up"));
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
            neutral,
            trails,
            players: self.players.clone(),
            scores: s.scores.clone(),
            holdings: (0..self.players.len())
                .map(|p| self.held_text(k, p))
                .collect(),
            events,
            notes: s.notes.clone(),
            areas,
            held: s.held.clone(),
        }
    }

    /// What player `p` holds at step `k` under key `key` (`wine 2 · grain
    /// 0 · cloth 1`, `King (city of 5 tiles)`), or "" for nothing.
    pub fn holding(&self, k: usize, p: usize, key: &str) -> String {
        self.steps[k]
            .holdings
            .iter()
            .filter(|h| usize::from(h.player) == p && h.key == key)
            .map(|h| h.text.as_str())
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// Everything player `p` holds at step `k`, in the modules' order,
    /// joined by ` · `; "" for nothing.
    pub fn held_text(&self, k: usize, p: usize) -> String {
        self.steps[k]
            .holdings
            .iter()
            .filter(|h| usize::from(h.player) == p && !h.text.is_empty())
            .map(|h| h.text.as_str())
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// Player `p`'s figures in supply at step `k` by kind ("6 followers ·
    /// 1 builder · 0 pigs", each by its declared label), or "" when the
    /// ruleset has only normal followers.
    pub fn supply_text(&self, k: usize, p: usize) -> String {
        let Some(n) = self.steps[k].supply.get(p) else {
            return String::new();
        };
        if self.figure_kinds.len() < 2 {
            return String::new();
        }
        self.figure_kinds
            .iter()
            .map(|&kind| {
                let c = n[kind as usize];
                let label = kind.def().label;
                format!("{c} {label}{}", if c == 1 { "" } else { "s" })
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }
}

/// The centre of cell (x, y), in board units.
pub fn cell_centre(x: i16, y: i16) -> Pt {
    Pt {
        x: (f64::from(x) + 0.5) * SIZE,
        y: (f64::from(y) + 0.5) * SIZE,
    }
}

/// How far a neutral figure standing beside a figure is drawn from that
/// figure's point: up and to the right, clear of a meeple's outline.
const BESIDE: Pt = Pt { x: 12.0, y: -10.0 };

/// How much larger than declared a neutral figure alone on its tile is
/// drawn: it stands for the whole tile (nothing may stand on the dragon's).
const ON_TILE_SCALE: f64 = 1.6;

/// How far a tile mark sits from its tile's centre, up and left.
const MARK_OFFSET: f64 = 32.0;

/// Where and how large neutral figure `n` is drawn: in the section of an
/// area it stands in, beside the figure it stands next to, else in the
/// middle of its tile; with its label and the figure on its top.
fn neutral_point(n: &NeutralAt, lays: &[Layout], areas: &[BoardArea]) -> BoardNeutral {
    let in_section = n.section.and_then(|name| {
        areas
            .iter()
            .filter(|a| a.cells.contains(&[n.x, n.y]))
            .flat_map(|a| &a.sections)
            .find(|s| s.name == name)
    });
    let (at, scale) = match (in_section, n.beside) {
        (Some(s), _) => (s.neutral, areas::IN_SECTION_SCALE),
        (None, Some((on, segment))) => {
            let p = follower_point(
                &lays[on.tile as usize],
                segment as usize,
                on.x,
                on.y,
                on.rotation,
            );
            (
                Pt {
                    x: p.x + BESIDE.x,
                    y: p.y + BESIDE.y,
                },
                1.0,
            )
        }
        (None, None) => (cell_centre(n.x, n.y), ON_TILE_SCALE),
    };
    let mut b = BoardNeutral {
        def: n.def,
        at,
        scale,
        label: n.label.clone(),
        top: None,
    };
    b.top = n.top.map(|f| {
        let big = paint::is_big(f.kind);
        BoardFigure {
            kind: f.kind,
            follower: BoardFollower {
                player: f.player,
                at: b.top_point(big),
                farmer: false,
                big,
            },
        }
    });
    b
}

/// Where a figure stands: its tile, its segment, and a barn's corner.
type Spot = (BoardTile, u8, Option<u8>);

/// Corner `c` (0-3 clockwise from north-west) of the tile at (x, y), in
/// board units relative to tile (0, 0).
pub fn corner_point(x: i16, y: i16, c: u8) -> Pt {
    let right = matches!(c, 1 | 2);
    let down = matches!(c, 2 | 3);
    Pt {
        x: (f64::from(x) + f64::from(u8::from(right))) * SIZE,
        y: (f64::from(y) + f64::from(u8::from(down))) * SIZE,
    }
}

/// An entry's answer beyond its tile and figure, in words: the action's
/// declared label and its argument (a figure named with its owner).
pub fn action_text(a: &ActionJson) -> String {
    let who = a.player.map_or(String::new(), |p| format!("P{p} "));
    let Some((_, _, def)) = carcassonne_runtime::engine::Action::verb_named(&a.do_) else {
        return match a.do_.as_str() {
            // Taking a wagon back names its player; the end-of-game round's
            // pass does not.
            "pass" if a.player.is_some() => format!("{who}passed"),
            "pass" => "kept the tile held (not placed at the end)".to_string(),
            other => format!("{who}{other}"),
        };
    };
    let arg = match a.args.get(def.field) {
        Some(Value::Bool(b)) => format!(": {}", if *b { "yes" } else { "no" }),
        // A placed tile (a tower), or a figure held off the board (a
        // prisoner, by its holder).
        Some(Value::Object(at)) if def.arg == ArgKind::Tile => {
            let num = |k: &str| at.get(k).and_then(Value::as_i64).unwrap_or(0);
            format!(" at ({}, {})", num("x"), num("y"))
        }
        Some(Value::Object(at)) if def.arg == ArgKind::Held => {
            let holder = at.get("player").and_then(Value::as_u64).unwrap_or(0);
            let kind = at.get("kind").and_then(Value::as_str).unwrap_or("?");
            format!(" a {kind} held by P{holder}")
        }
        Some(Value::String(w)) => format!(" {w}"),
        // A number (points bid, which of the tiles face up).
        Some(Value::Number(n)) => format!(" {n}"),
        Some(Value::Object(at)) => {
            let num = |k: &str| at.get(k).and_then(Value::as_i64).unwrap_or(0);
            let feature = at.get("feature").and_then(Value::as_str).unwrap_or("?");
            let kind = at
                .get("kind")
                .and_then(Value::as_str)
                .and_then(FollowerKind::from_name);
            let place = format!("the {feature} at ({}, {})", num("x"), num("y"));
            match (at.get("player").and_then(Value::as_u64), kind) {
                (Some(owner), Some(kind)) => {
                    format!(" P{owner}'s {} on {place}", kind.def().label)
                }
                (_, Some(kind)) if kind != FollowerKind::Normal => {
                    format!(" a {} to {place}", kind.def().label)
                }
                _ => format!(" to {place}"),
            }
        }
        _ => String::new(),
    };
    format!("{who}{}{arg}", def.label)
}

/// An event in words: the points, the feature they are for, and why (the
/// reason's declared name; the skeleton's two in words).
pub fn event_line(e: &EventRec) -> String {
    let (p, n) = (e.player, e.points);
    let why = match e.reason.as_str() {
        "completed" => "completed",
        "final" => "at the end",
        other => other,
    };
    // A payment (the ransom) lowers the score.
    if n < 0 {
        return format!("P{p} {n} ({why})");
    }
    format!("P{p} +{n} for a {} ({why})", e.feature)
}
