//! A game record as a sequence of board states, one per tile placed, for
//! `render game` and `view`.
//!
//! The states are collected while `record::replay_observed` replays the
//! record: the same run, checks and messages as `carcassonne replay`, so the
//! viewer cannot accept a record `replay` rejects, nor show another game. A
//! finished game's last tile is shown with the followers still standing,
//! before the final scoring returns them, which is its own last step.

use std::path::Path;

use carcassonne_runtime::engine::{FollowerKind, Game, Placed, ScoreEvent, FIGURE_KINDS};
use carcassonne_runtime::action_json::ActionJson;
use carcassonne_runtime::record::{self, EventRec, Record, Step as ReplayStep};
use carcassonne_runtime::tables::{Kind, Mech, Ruleset};

use crate::cards::Cards;
use crate::figures::{self, BoardFigure};
use crate::geom::{Layout, Pt, SIZE};
use crate::goods::{self, GOODS};
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
    /// A barn's corner of `on` (0-3 clockwise from north-west): it stands
    /// where four tiles meet, not on the segment's anchor.
    pub corner: Option<u8>,
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
    /// One line per event, as `event_line` words it (the goods named).
    pub event_lines: Vec<String>,
    /// Scores after this step.
    pub scores: Vec<u32>,
    /// Tiles drawn for this turn that fit nowhere and were removed.
    pub discarded: Vec<String>,
    /// The final scoring (the last step of a finished game).
    pub is_final: bool,
    /// The part of the turn this step played: 1, or 2 for a builder's
    /// second tile.
    pub part: u8,
    /// The figure put on the tile: its kind and the feature it stands on.
    pub deployed: Option<(FollowerKind, String)>,
    /// The entry's other answers (`return-abbot`, `second-tile`), in order.
    pub actions: Vec<ActionJson>,
    /// Per player, trade-goods tokens after this step (wine, grain, cloth).
    pub goods: Vec<[u8; GOODS]>,
    /// Per player, figures in supply after this step, by `FollowerKind`.
    pub supply: Vec<[u8; FIGURE_KINDS]>,
    /// Who holds the King and the Robber Baron after this step.
    pub cards: Cards,
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
    /// The ruleset plays trade goods.
    pub goods: bool,
    /// The ruleset plays the King and the Robber Baron.
    pub king_robber: bool,
}

/// Whether `rules` plays mechanic `m` (on any hook).
pub fn plays(rules: &Ruleset, m: Mech) -> bool {
    rules.hooks.plays(m)
}

fn goods_of(g: &Game) -> Vec<[u8; GOODS]> {
    (0..g.players()).map(|p| g.goods(p)).collect()
}

fn supply_of(g: &Game) -> Vec<[u8; FIGURE_KINDS]> {
    (0..g.players())
        .map(|p| FollowerKind::ALL.map(|k| g.figures(p, k)))
        .collect()
}

/// The lines for `events`; goods events name the good: a player scores 10
/// per good of which they hold the most, so their goods events are, in the
/// order of the goods, the goods they lead in (all worth the same, so the
/// engine's order of events does not matter).
fn event_lines(events: &[ScoreEvent], goods: &[[u8; GOODS]]) -> Vec<String> {
    let leads = |p: usize| goods::leads(goods, p);
    let mut nth = vec![0usize; goods.len()];
    events
        .iter()
        .map(|e| {
            let rec = EventRec::from_event(e);
            if rec.reason != "goods" {
                return event_line(&rec);
            }
            let p = e.player as usize;
            let good = leads(p).get(nth.get(p).copied().unwrap_or(0)).copied();
            if let Some(n) = nth.get_mut(p) {
                *n += 1;
            }
            match good {
                Some(good) => format!("P{} +{} for the most {good}", e.player, e.points),
                None => event_line(&rec),
            }
        })
        .collect()
}

/// A step with nothing placed or scored yet: the fields every step shares.
fn blank(turn: usize, game: &Game) -> Step {
    Step {
        turn,
        placed: None,
        player: None,
        followers: Vec::new(),
        events: Vec::new(),
        event_lines: Vec::new(),
        scores: game.scores().to_vec(),
        discarded: Vec::new(),
        is_final: false,
        part: 1,
        deployed: None,
        actions: Vec::new(),
        goods: goods_of(game),
        supply: supply_of(game),
        cards: Cards::of(game),
    }
}

fn followers_of(g: &Game) -> Vec<FollowerAt> {
    let placed = g.placed();
    let rules = g.rules();
    let corners = g.shown().corners;
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
            let corner = corners
                .iter()
                .find(|c| c.kind == f.kind && c.placed as usize + 1 == q && c.player == f.player)
                .map(|c| c.corner);
            Some(FollowerAt {
                player: f.player,
                kind: f.kind,
                farmer: kind == Kind::Field,
                on: board_tile(p),
                segment,
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

/// What `Timeline::new` gathers from the replay's steps.
struct Steps {
    rules: &'static Ruleset,
    start: Vec<BoardTile>,
    steps: Vec<Step>,
    placements: usize,
    /// Tiles removed since the last step, shown with the next one.
    pending: Vec<String>,
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
            ReplayStep::Discarded { tile, .. } => {
                let id = self.rules.tiles[tile as usize].id;
                self.pending.push(id.to_string());
            }
            ReplayStep::Played {
                entry,
                placed,
                events,
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
                let goods = goods_of(first);
                self.steps.push(Step {
                    placed: placed.last().map(board_tile),
                    player: Some(entry.player),
                    followers: followers_of(first),
                    events: events.iter().map(EventRec::from_event).collect(),
                    event_lines: event_lines(events, &goods),
                    discarded: std::mem::take(&mut self.pending),
                    part: entry.part.unwrap_or(1),
                    deployed: entry
                        .follower
                        .as_ref()
                        .and_then(|f| Some((FollowerKind::from_name(&f.kind)?, f.feature.clone()))),
                    actions: before.to_vec(),
                    ..blank(self.placements, first)
                });
                for (i, a) in after.iter().enumerate() {
                    let now = asked.get(i + 1).unwrap_or(game);
                    self.steps.push(Step {
                        player: a.player.or(Some(entry.player)),
                        followers: followers_of(now),
                        part: entry.part.unwrap_or(1),
                        actions: vec![a.clone()],
                        ..blank(self.placements, now)
                    });
                }
            }
            ReplayStep::Final {
                standing,
                events,
                game,
            } => {
                // Figures still standing, as in the picture; goods do not
                // change at the end.
                let goods = goods_of(standing);
                self.steps.push(Step {
                    followers: followers_of(standing),
                    events: events.iter().map(EventRec::from_event).collect(),
                    event_lines: event_lines(events, &goods),
                    discarded: std::mem::take(&mut self.pending),
                    is_final: true,
                    supply: supply_of(standing),
                    ..blank(self.placements, game)
                })
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
            kinds,
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
            figure_kinds: kinds,
            goods: plays(rules, Mech::Goods),
            king_robber: plays(rules, Mech::KingRobber),
        })
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
        // Followers go unmentioned as before; the figures that are not
        // followers of the usual kind are named.
        if let Some((kind, feature)) = &s.deployed {
            if figures::shape_id(*kind).is_some() {
                d.push_str(&format!(", its {} on a {feature}", kind.name()));
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
                    big: f.kind == FollowerKind::Big,
                };
                let kind = f.kind;
                ((f.on, f.segment, f.corner), BoardFigure { kind, follower })
            })
            .collect();
        figures::spread(&mut placed);
        let followers = placed.into_iter().map(|(_, f)| f).collect();
        let mut events = s.event_lines.clone();
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
            holdings: (0..self.players.len())
                .map(|p| {
                    let texts = [self.goods_text(k, p), self.cards_text(k, p)];
                    let held: Vec<String> = texts.into_iter().filter(|t| !t.is_empty()).collect();
                    held.join(" · ")
                })
                .collect(),
            events,
        }
    }

    /// Player `p`'s goods at step `k` ("wine 2 · grain 0 · cloth 1"), or ""
    /// when the ruleset plays no goods.
    pub fn goods_text(&self, k: usize, p: usize) -> String {
        match self.steps[k].goods.get(p) {
            Some(&g) if self.goods => goods::text(g),
            _ => String::new(),
        }
    }

    /// The cards player `p` holds at step `k` ("King (city of 5 tiles)"), or
    /// "" for none or when the ruleset plays no King & Robber.
    pub fn cards_text(&self, k: usize, p: usize) -> String {
        match u8::try_from(p) {
            Ok(p) if self.king_robber => self.steps[k].cards.held_by(p),
            _ => String::new(),
        }
    }

    /// Player `p`'s figures in supply at step `k` by kind ("6 followers ·
    /// 1 builder · 0 pigs"), or "" when the ruleset has only normal
    /// followers.
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
                let name = match kind {
                    FollowerKind::Normal => "follower",
                    FollowerKind::Big => "big follower",
                    k => k.name(),
                };
                format!("{c} {name}{}", if c == 1 { "" } else { "s" })
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }
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
/// declared label and its argument.
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
        Some(serde_json::Value::Bool(b)) => format!(": {}", if *b { "yes" } else { "no" }),
        Some(serde_json::Value::String(w)) => format!(" {w}"),
        Some(serde_json::Value::Object(at)) => {
            let num = |k: &str| at.get(k).and_then(|v| v.as_i64()).unwrap_or(0);
            let feature = at.get("feature").and_then(|v| v.as_str()).unwrap_or("?");
            format!(" to the {feature} at ({}, {})", num("x"), num("y"))
        }
        _ => String::new(),
    };
    format!("{who}{}{arg}", def.label)
}

/// An event in words. Goods events name the good where the timeline knows
/// it (`Step::event_lines`); here they only say what they are.
pub fn event_line(e: &EventRec) -> String {
    let (p, n) = (e.player, e.points);
    match e.reason.as_str() {
        "final" => format!("P{p} +{n} for a {} (at the end)", e.feature),
        "abbot-return" => format!("P{p} +{n} for a {} (abbot taken back)", e.feature),
        "goods" => format!("P{p} +{n} for the most of a trade good"),
        "king" => format!("P{p} +{n} for the King (1 per completed city)"),
        "robber-baron" => format!("P{p} +{n} for the Robber Baron (1 per completed road)"),
        "completed" => format!("P{p} +{n} for a {} (completed)", e.feature),
        other => format!("P{p} +{n} for a {} ({other})", e.feature),
    }
}
