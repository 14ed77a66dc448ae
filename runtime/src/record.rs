//! Game records (README "Game record contract"): writing them while a game is
//! played, and replaying them with every move checked.

use serde::{Deserialize, Serialize};

use crate::catalog::port_names;
use crate::engine::{
    Action, ActionError, Actor, Decision, Deploy, FollowerKind, Game, Move, Placed, Placement,
    Reason, ScoreEvent,
};
use crate::tables::{Ruleset, Segment, TileType};

pub const FORMAT: &str = "carcassonne-record/1";

/// How far from (0, 0) a record's start tiles may lie: the compiler's range
/// for a ruleset's start. (The engine takes scripted starts up to ±16384;
/// before it did, a hand-written start at (30000, 30000) cost gigabytes.)
pub const MAX_START_COORD: u16 = 100;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub format: String,
    pub ruleset: String,
    /// The seed that fixes the draw order. Without one, each turn's `tile`
    /// says which tile is drawn (hand-written scenarios).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub players: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bots: Option<Vec<String>>,
    /// The rule options in force when the game was played (the catalog's
    /// `options`); `replay` refuses a ruleset whose options differ. Older
    /// records have none and are not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<serde_json::Map<String, serde_json::Value>>,
    #[serde(default)]
    pub start: Vec<StartRec>,
    #[serde(default)]
    pub turns: Vec<TurnRec>,
    #[serde(rename = "final", default, skip_serializing_if = "Option::is_none")]
    pub final_: Option<FinalRec>,
    /// For a ruleset given as a file: copies of the files it was compiled
    /// from (the ruleset first, then its sets), so that the record replays
    /// on its own wherever it goes. Compiled-in rulesets need none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<Vec<SourceRec>>,
}

/// A copy of a file a ruleset was compiled from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceRec {
    /// The ruleset's `sets` entry that found it; absent for the ruleset file.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub set: String,
    /// Where it was read (`<built-in>/tiles/base.toml` for a set the program
    /// carries).
    pub path: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartRec {
    pub tile: String,
    pub x: i16,
    pub y: i16,
    pub rotation: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnRec {
    pub player: u8,
    /// The part of the turn this entry plays: absent for the first, 2 for a
    /// builder's second tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<i16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<i16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follower: Option<FollowerRec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EventRec>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarded: Option<String>,
    /// Answers to decisions beyond the tile and the figure on it, in the
    /// order the engine asked them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<ActionRec>>,
}

/// One answer in a turn entry's `actions`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ActionRec {
    /// Who answered, when not the entry's player (a wagon's owner).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<u8>,
    /// `return-abbot`, `second-tile` (with `take`), `barn` (with `corner`),
    /// `move-wagon` (with `at`), or `pass` (a wagon taken back; an abbey
    /// not placed in the end-of-game round).
    #[serde(rename = "do")]
    pub do_: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take: Option<bool>,
    /// The barn's corner of the tile just placed: `NW`, `NE`, `SE`, `SW`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner: Option<String>,
    /// Where a wagon moves: a placed tile and one of its segments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<SpotRec>,
}

/// A segment of a placed tile, named as `follower` names one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpotRec {
    pub x: i16,
    pub y: i16,
    pub feature: String,
    pub ports: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub segment: Option<u8>,
}

/// The barn's corners in `Action::Barn` order.
pub const CORNER_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FollowerRec {
    pub kind: String,
    pub feature: String,
    pub ports: Vec<String>,
    /// The segment's index in the tile's shape, written only when the
    /// feature and ports name more than one segment (a tile with two
    /// enclosed fields, two cloisters: their ports are all `[]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub segment: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRec {
    pub player: u8,
    pub points: u32,
    pub feature: String,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalRec {
    pub events: Vec<EventRec>,
    pub scores: Vec<u32>,
}

impl EventRec {
    pub fn from_event(e: &ScoreEvent) -> EventRec {
        EventRec {
            player: e.player,
            points: e.points,
            feature: e.feature.name().to_string(),
            reason: e.reason.name().to_string(),
        }
    }
}

/// A segment's ports after the tile is turned `rotation` times.
pub fn rotated_port_names(seg: &Segment, rotation: u8) -> Vec<String> {
    let turned = Segment {
        ports: crate::tables::rotate_mask(seg.ports, rotation),
        ..*seg
    };
    port_names(&turned).into_iter().map(String::from).collect()
}

/// A ruleset's start placements as a record lists them.
fn start_records(rules: &Ruleset) -> Vec<StartRec> {
    rules
        .start
        .iter()
        .map(|s| StartRec {
            tile: rules.tiles[s.tile as usize].id.to_string(),
            x: s.x,
            y: s.y,
            rotation: s.rotation,
        })
        .collect()
}

/// Builds a record while a game is played.
#[derive(Debug, Clone)]
pub struct Recorder {
    pub record: Record,
    discards_seen: usize,
}

impl Recorder {
    pub fn new(g: &Game, bots: Option<Vec<String>>) -> Recorder {
        let rules = g.rules();
        let mut r = Recorder {
            record: Record {
                format: FORMAT.to_string(),
                ruleset: rules.id.to_string(),
                seed: Some(g.seed()),
                players: g.players(),
                bots,
                options: Some(crate::catalog::options_json(rules)),
                start: start_records(rules),
                turns: Vec::new(),
                final_: None,
                sources: None,
            },
            discards_seen: 0,
        };
        r.note_discards(g);
        if g.is_over() {
            // Every tile was discarded at setup: no move will be noted.
            r.record.final_ = Some(FinalRec {
                events: Vec::new(),
                scores: g.scores().to_vec(),
            });
        }
        r
    }

    fn note_discards(&mut self, g: &Game) {
        for d in &g.discards()[self.discards_seen..] {
            self.record.turns.push(TurnRec {
                player: d.player,
                discarded: Some(g.rules().tiles[d.tile as usize].id.to_string()),
                ..TurnRec::default()
            });
        }
        self.discards_seen = g.discards().len();
    }

    /// Note a move: `before` is the state it was played in, `after` the result.
    pub fn note(&mut self, before: &Game, mv: Move, events: &[ScoreEvent], after: &Game) {
        let tile = before
            .current_tile()
            .expect("a placement, so a tile was drawn");
        self.open_entry(before, tile, mv.placement);
        self.note_end(events, after, |t| {
            t.follower = mv
                .deploy
                .map(|d| follower_rec(tile, mv.placement.rotation, d));
        });
    }

    /// Note an action: `before` is the state it answered, `after` the result.
    /// A placement opens a turn entry; the figure and any other answers join it.
    pub fn note_action(&mut self, before: &Game, a: Action, events: &[ScoreEvent], after: &Game) {
        let decision = before.pending().map(|p| p.decision);
        // Who answered, for decisions posed to a player other than the one
        // whose turn it is.
        let asked = match before.pending() {
            Some(p) if p.decision == Decision::MoveWagon => match p.actor {
                Actor::Player(q) => Some(q),
                Actor::Chance => None,
            },
            _ => None,
        };
        let rec = |a: Action| ActionRec {
            player: asked,
            do_: a.name().to_string(),
            ..ActionRec::default()
        };
        match a {
            Action::Place(p) => {
                // Nothing scores at placement; the entry's events come with
                // the figure's answer.
                let tile = before
                    .current_tile()
                    .expect("a placement, so a tile was drawn");
                self.open_entry(before, tile, p);
            }
            Action::Abbey(p) => {
                let t = before
                    .held_tile(before.to_move())
                    .expect("an abbey placed, so one was held");
                self.open_entry(before, &before.rules().tiles[t as usize], p);
            }
            // The entry's tile says what was drawn.
            Action::Draw => {}
            Action::Deploy(d) => {
                let (tile, rotation) = last_placed(before);
                self.note_end(events, after, |t| {
                    t.follower = Some(follower_rec(tile, rotation, d))
                });
            }
            Action::Pass if decision == Some(Decision::Source) => {
                // An abbey left unplayed in the end-of-game round: an entry
                // of its own, without a tile.
                self.record.turns.push(TurnRec {
                    player: before.to_move(),
                    actions: Some(vec![rec(a)]),
                    ..TurnRec::default()
                });
                self.note_end(events, after, |_| {});
            }
            Action::Pass if decision == Some(Decision::MoveWagon) => {
                self.note_end(events, after, |t| {
                    t.actions.get_or_insert_with(Vec::new).push(rec(a))
                });
            }
            Action::Pass => self.note_end(events, after, |_| {}),
            Action::MoveWagon { placed, segment } => {
                let q = before.placed()[placed as usize];
                let tile = &before.rules().tiles[q.tile as usize];
                let f = follower_rec(
                    tile,
                    q.rotation,
                    Deploy {
                        segment,
                        kind: FollowerKind::Wagon,
                    },
                );
                let spot = SpotRec {
                    x: q.x,
                    y: q.y,
                    feature: f.feature,
                    ports: f.ports,
                    segment: f.segment,
                };
                self.note_end(events, after, |t| {
                    t.actions.get_or_insert_with(Vec::new).push(ActionRec {
                        at: Some(spot),
                        ..rec(a)
                    })
                });
            }
            Action::ReturnAbbot | Action::SecondTile(_) | Action::Barn(_) => {
                let rec = ActionRec {
                    take: match a {
                        Action::SecondTile(take) => Some(take),
                        _ => None,
                    },
                    corner: match a {
                        Action::Barn(c) => CORNER_NAMES.get(c as usize).map(|c| c.to_string()),
                        _ => None,
                    },
                    ..rec(a)
                };
                self.note_end(events, after, |t| {
                    t.actions.get_or_insert_with(Vec::new).push(rec);
                });
            }
        }
    }

    /// A new entry for `tile` placed at `p` in `before`.
    fn open_entry(&mut self, before: &Game, tile: &'static TileType, p: Placement) {
        self.record.turns.push(TurnRec {
            player: before.to_move(),
            part: (before.part() > 1).then_some(before.part()),
            tile: Some(tile.id.to_string()),
            x: Some(p.x),
            y: Some(p.y),
            rotation: Some(p.rotation),
            ..TurnRec::default()
        });
    }

    /// The entry of the part being played (opened by its placement, or an
    /// abbey declined).
    fn last_entry(&mut self) -> &mut TurnRec {
        let i = self
            .record
            .turns
            .iter()
            .rposition(|t| t.discarded.is_none())
            .expect("an action after a placement");
        &mut self.record.turns[i]
    }

    /// The part's entry gets `fill`, its events during play, and the game's
    /// end once it comes.
    fn note_end(&mut self, events: &[ScoreEvent], after: &Game, fill: impl FnOnce(&mut TurnRec)) {
        let (during, fin): (Vec<&ScoreEvent>, Vec<&ScoreEvent>) = events
            .iter()
            .partition(|e| !e.reason.as_final() || e.reason == Reason::AbbotReturn);
        let t = self.last_entry();
        fill(t);
        t.events
            .get_or_insert_with(Vec::new)
            .extend(during.into_iter().map(EventRec::from_event));
        self.note_discards(after);
        if after.is_over() {
            self.record.final_ = Some(FinalRec {
                events: fin.into_iter().map(EventRec::from_event).collect(),
                scores: after.scores().to_vec(),
            });
        }
    }
}

/// The tile placed last and its rotation.
fn last_placed(g: &Game) -> (&'static TileType, u8) {
    let q = g.placed().last().expect("a placed tile");
    (&g.rules().tiles[q.tile as usize], q.rotation)
}

/// How a record names a figure on segment `d.segment` of `tile` turned `rotation`.
pub fn follower_rec(tile: &TileType, rotation: u8, d: Deploy) -> FollowerRec {
    let seg = &tile.segments[d.segment as usize];
    // Segments with ports never share them; port-less ones of one kind need
    // their index to be told apart.
    let twin = seg.ports == 0
        && tile
            .segments
            .iter()
            .filter(|o| o.kind == seg.kind && o.ports == 0)
            .count()
            > 1;
    FollowerRec {
        kind: d.kind.name().to_string(),
        feature: seg.kind.name().to_string(),
        ports: rotated_port_names(seg, rotation),
        segment: twin.then_some(d.segment),
    }
}

/// Why a record does not replay. `turn` counts entries of `turns` from 1
/// (0: the record's header).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("turn {turn}: {reason}")]
pub struct ReplayError {
    pub turn: usize,
    pub reason: String,
}

fn fail<T>(turn: usize, reason: impl Into<String>) -> Result<T, ReplayError> {
    Err(ReplayError {
        turn,
        reason: reason.into(),
    })
}

/// The result of a replay.
#[derive(Debug, Clone)]
pub struct Replayed {
    pub game: Game,
    /// Turn entries replayed.
    pub turns: usize,
    /// Every event so far, final ones included.
    pub events: Vec<ScoreEvent>,
}

fn find_tile(rules: &Ruleset, id: &str, turn: usize) -> Result<u16, ReplayError> {
    match rules.tile_index(id) {
        Some(i) => Ok(i as u16),
        None => fail(
            turn,
            format!("unknown tile `{id}` for ruleset {}", rules.id),
        ),
    }
}

/// The follower a record names (kind, feature, ports of the turned tile) as
/// a `Deploy` on one of the tile's segments.
pub fn follower_move(
    tile_id: &str,
    segs: &[Segment],
    rotation: u8,
    f: &FollowerRec,
    turn: usize,
) -> Result<Deploy, ReplayError> {
    let Some(kind) = FollowerKind::from_name(&f.kind) else {
        let names: Vec<&str> = FollowerKind::ALL.iter().map(|k| k.name()).collect();
        return fail(
            turn,
            format!("unknown follower kind `{}` ({})", f.kind, names.join(", ")),
        );
    };
    let mut want: Vec<&str> = f.ports.iter().map(String::as_str).collect();
    want.sort_unstable();
    let matching: Vec<u8> = segs
        .iter()
        .enumerate()
        .filter(|(_, seg)| seg.kind.name() == f.feature)
        .filter(|(_, seg)| {
            let names = rotated_port_names(seg, rotation);
            let mut have: Vec<&str> = names.iter().map(String::as_str).collect();
            have.sort_unstable();
            have == want
        })
        .map(|(s, _)| s as u8)
        .collect();
    let segment = match (f.segment, matching.as_slice()) {
        (Some(s), m) if m.contains(&s) => s,
        (Some(s), _) => {
            return fail(
                turn,
                format!(
                    "tile {tile_id} turned {rotation}: segment {s} is not a {} with ports {:?}",
                    f.feature, f.ports
                ),
            )
        }
        (None, [s]) => *s,
        (None, []) => {
            return fail(
                turn,
                format!(
                    "tile {tile_id} turned {rotation} has no {} with ports {:?}",
                    f.feature, f.ports
                ),
            )
        }
        (None, m) => {
            return fail(
                turn,
                format!(
                    "tile {tile_id} has {} {}s with ports {:?}: the follower must give its `segment` (one of {m:?})",
                    m.len(),
                    f.feature,
                    f.ports
                ),
            )
        }
    };
    Ok(Deploy { segment, kind })
}

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
    Start { game: &'a Game },
    /// Entry `turn` (from 1) of `turns` removed a drawn tile that fits
    /// nowhere (checked against the engine's discard).
    Discarded {
        turn: usize,
        entry: &'a TurnRec,
        tile: u16,
    },
    /// Entry `turn` played, every part of it: `placed` are the tiles it put
    /// down (one for a base turn), `events` the points it scored, `game`
    /// the state after it. On the turn that ends the game, `game` is the
    /// board just before the final scoring, which `Final` reports.
    Played {
        turn: usize,
        entry: &'a TurnRec,
        placed: &'a [Placed],
        events: &'a [ScoreEvent],
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
        standing: &'a Game,
        events: &'a [ScoreEvent],
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
    for (i, t) in rec.turns.iter().enumerate() {
        let turn = i + 1;
        // A discard is checked against the engine's list, where it may have
        // landed before the game ended (every tile discarded at setup).
        if let Some(d) = &t.discarded {
            let Some(actual) = g.discards().get(discards_seen) else {
                return fail(
                    turn,
                    format!("the record discards {d}, but the drawn tile can be placed"),
                );
            };
            let actual_id = rules.tiles[actual.tile as usize].id;
            if actual_id != d || actual.player != t.player {
                return fail(
                    turn,
                    format!(
                        "the record discards {d} for player {}, the engine discarded {actual_id} for player {}",
                        t.player, actual.player
                    ),
                );
            }
            discards_seen += 1;
            if let Some(observe) = &mut observe {
                observe(Step::Discarded {
                    turn,
                    entry: t,
                    tile: actual.tile,
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
                    "the engine discarded {} here, which the record does not list",
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
            if let Some(observe) = &mut observe {
                let during: Vec<ScoreEvent> = got
                    .iter()
                    .copied()
                    .filter(|e| during_play(e.reason))
                    .collect();
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
                    game: now,
                    asked: &[],
                });
            }
            events.extend(got);
            continue;
        }
        let (Some(tile_id), Some(_), Some(_), Some(_)) = (&t.tile, t.x, t.y, t.rotation) else {
            return fail(turn, "a turn needs tile, x, y and rotation (or discarded)");
        };
        let tile = find_tile(rules, tile_id, turn)?;
        begin_entry(&mut g, turn, tile, rec.seed.is_none())?;
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
        let mut asked = Vec::new();
        let got = play_entry(
            &mut g,
            t,
            turn,
            tile,
            observe.is_some().then_some(&mut asked),
        )?;
        let during: Vec<ScoreEvent> = got
            .iter()
            .copied()
            .filter(|e| during_play(e.reason))
            .collect();
        if let Some(want) = &t.events {
            compare_events(turn, "events", &during, want)?;
        }
        if let (Some(observe), Some(shadow)) = (&mut observe, &mut shadow) {
            shadow.follow(turn, t, tile, &during)?;
            // The same board either way; only the shadow has not been
            // scored for the end yet.
            let now = if g.is_over() { &shadow.game } else { &g };
            observe(Step::Played {
                turn,
                entry: t,
                placed: &now.placed()[placed_before..],
                events: &during,
                game: now,
                asked: &asked,
            });
        }
        events.extend(got);
    }
    let n = rec.turns.len();
    if g.is_over() {
        let fin: Vec<ScoreEvent> = events
            .iter()
            .copied()
            .filter(|e| !during_play(e.reason))
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

/// Events of the game's course (in a turn entry), as opposed to the end's.
fn during_play(r: Reason) -> bool {
    matches!(r, Reason::Completed | Reason::AbbotReturn | Reason::Barn)
}

/// Bring `g` to the placement of entry tile `tile`: a tile held (the abbey)
/// is placed instead of drawing; otherwise the tile is drawn (in a scripted
/// game, the one the entry names) and must be the entry's.
fn begin_entry(g: &mut Game, turn: usize, tile: u16, scripted: bool) -> Result<(), ReplayError> {
    let rules = g.rules();
    if g.pending().is_some_and(|p| p.decision == Decision::Source) {
        if g.held_tile(g.to_move()) == Some(tile) {
            return Ok(());
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
    Ok(())
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

/// Play turn entry `t` (its tile `tile` drawn, or held): the placement, the
/// answer to the wood decision (`follower`, else a `return-abbot` or `barn`
/// action, else none), then every further decision from `actions`, in
/// order. All events.
fn play_entry(
    g: &mut Game,
    t: &TurnRec,
    turn: usize,
    tile: u16,
    mut asked: Option<&mut Vec<Game>>,
) -> Result<Vec<ScoreEvent>, ReplayError> {
    let (Some(x), Some(y), Some(rotation)) = (t.x, t.y, t.rotation) else {
        return fail(turn, "a turn needs tile, x, y and rotation (or discarded)");
    };
    let tt = &g.rules().tiles[tile as usize];
    let mut actions = t.actions.as_deref().unwrap_or(&[]).iter().peekable();
    let wood = match &t.follower {
        Some(f) => Action::Deploy(follower_move(tt.id, tt.segments, rotation, f, turn)?),
        None => match actions.peek().map(|a| a.do_.as_str()) {
            Some("return-abbot") => {
                let a = actions.next().expect("peeked");
                answered_by(g, a, Decision::Wood, turn)?;
                if a.take.is_some() {
                    return fail(turn, "`return-abbot` takes no `take`");
                }
                Action::ReturnAbbot
            }
            Some("barn") => {
                let a = actions.next().expect("peeked");
                answered_by(g, a, Decision::Wood, turn)?;
                let corner = a.corner.as_deref().unwrap_or("");
                match CORNER_NAMES.iter().position(|&c| c == corner) {
                    Some(c) => Action::Barn(c as u8),
                    None => {
                        return fail(
                            turn,
                            format!(
                                "`barn` needs a `corner` (one of {CORNER_NAMES:?}), not `{corner}`"
                            ),
                        )
                    }
                }
            }
            _ => Action::Pass,
        },
    };
    let mut got = Vec::new();
    let illegal = |e: ActionError| ReplayError {
        turn,
        reason: format!("illegal move: {}", unwrap_move_error(e)),
    };
    let p = Placement { x, y, rotation };
    let place = if g.pending().is_some_and(|p| p.decision == Decision::Source) {
        Action::Abbey(p)
    } else {
        Action::Place(p)
    };
    g.apply_action(place, &mut got).map_err(illegal)?;
    g.apply_action(wood, &mut got).map_err(illegal)?;
    // The decisions that follow within this entry (the builder's second
    // tile and the wagons' moves are asked after the part's scoring).
    while let Some(p) = g.pending() {
        if matches!(p.decision, Decision::Place | Decision::Source) {
            break;
        }
        let who = match p.actor {
            Actor::Player(q) => q,
            Actor::Chance => g.to_move(),
        };
        let Some(a) = actions.next() else {
            return fail(
                turn,
                format!(
                    "the engine asks player {who} to {}; the entry's `actions` do not answer",
                    p.decision.name()
                ),
            );
        };
        answered_by(g, a, p.decision, turn)?;
        let action = match (p.decision, a.do_.as_str(), a.take) {
            (Decision::SecondTile, "second-tile", Some(take)) => Action::SecondTile(take),
            (Decision::MoveWagon, "pass", None) => Action::Pass,
            (Decision::MoveWagon, "move-wagon", None) if a.at.is_some() => {
                wagon_target(g, a.at.as_ref().expect("checked"), turn)?
            }
            (_, what, take) => {
                let missing = match what {
                    "second-tile" if take.is_none() => " without `take`",
                    "move-wagon" if a.at.is_none() => " without `at`",
                    _ => "",
                };
                return fail(
                    turn,
                    format!(
                        "the engine asks player {who} to {}; the record answers `{what}`{missing}",
                        p.decision.name(),
                    ),
                );
            }
        };
        if let Some(states) = asked
            .as_deref_mut()
            .filter(|_| p.decision.posed_after_scoring())
        {
            states.push(g.clone());
        }
        g.apply_action(action, &mut got).map_err(illegal)?;
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

/// The wagon's destination a record names, as an action.
pub(crate) fn wagon_target(g: &Game, at: &SpotRec, turn: usize) -> Result<Action, ReplayError> {
    let Some(placed) = g.placed().iter().position(|q| q.x == at.x && q.y == at.y) else {
        return fail(
            turn,
            format!(
                "the wagon moves to ({}, {}), where no tile lies",
                at.x, at.y
            ),
        );
    };
    let q = g.placed()[placed];
    let tile = &g.rules().tiles[q.tile as usize];
    let named = FollowerRec {
        kind: FollowerKind::Wagon.name().to_string(),
        feature: at.feature.clone(),
        ports: at.ports.clone(),
        segment: at.segment,
    };
    let d = follower_move(tile.id, tile.segments, q.rotation, &named, turn)?;
    Ok(Action::MoveWagon {
        placed: placed as u16,
        segment: d.segment,
    })
}

/// An answer that names its player must name the one the engine asks; one
/// that names none is the entry's player's, which must be the one asked.
fn answered_by(
    g: &Game,
    a: &ActionRec,
    decision: Decision,
    turn: usize,
) -> Result<(), ReplayError> {
    let asked = match g.pending().map(|p| p.actor) {
        Some(Actor::Player(q)) => q,
        _ => g.to_move(),
    };
    let by = a.player.unwrap_or(g.to_move());
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

/// The replayed game once more, scripted over a ruleset with a spare tile so
/// that it never ends on its own: the engine scores the end inside the move
/// that exhausts the tiles, and an observer wants the board just before that
/// (followers standing). It is fed the moves `run` checked, nothing it reads
/// itself, and must score them as the game did.
struct Shadow {
    game: Game,
}

impl Shadow {
    fn new(
        rules: &'static Ruleset,
        players: u8,
        start: &[(u16, Placement)],
    ) -> Result<Shadow, ReplayError> {
        let game = Game::new_scripted(with_spare_tile(rules), players, start).map_err(|e| {
            ReplayError {
                turn: 0,
                reason: e.to_string(),
            }
        })?;
        Ok(Shadow { game })
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
        during: &[ScoreEvent],
    ) -> Result<(), ReplayError> {
        let g = &mut self.game;
        if g.part() == 1 {
            g.force_player(entry.player)
                .map_err(|e| Self::drifted(turn, e))?;
        }
        begin_entry(g, turn, tile, true).map_err(|e| Self::drifted(turn, e))?;
        let got = play_entry(g, entry, turn, tile, None).map_err(|e| Self::drifted(turn, e))?;
        if got != during {
            return Err(Self::drifted(turn, "it scored the turn differently"));
        }
        Ok(())
    }

    /// The shadow, scored for the end, must give the game's final events
    /// and scores: it stands for the game's board before them.
    fn check_end(&self, turn: usize, fin: &[ScoreEvent], g: &Game) -> Result<(), ReplayError> {
        let mut ended = self.game.clone();
        let got = ended.finish();
        if got != fin || ended.scores() != g.scores() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{BotKind, SimpleBot};
    use crate::engine::Deployed;

    /// A random game, its record, and the live game after each move.
    fn played(id: &str, seed: u64) -> (Record, Vec<Game>, &'static Ruleset) {
        let rules = crate::ruleset(id).expect("compiled in");
        let mut g = Game::new(rules, 2, seed).expect("2 players");
        let mut rec = Recorder::new(&g, None);
        let mut bot = SimpleBot::new(BotKind::Random, seed);
        let mut after = Vec::new();
        let asked = |g: &Game| match g.pending()?.actor {
            Actor::Player(p) => Some(p),
            Actor::Chance => None,
        };
        while let Some(a) = asked(&g).and_then(|p| bot.choose_action(&g.view(p))) {
            let before = g.clone();
            let mut events = Vec::new();
            g.apply_action(a, &mut events)
                .expect("a bot's action is legal");
            rec.note_action(&before, a, &events, &g);
            // One state per entry: after the answer that ends a part (the
            // next decision starts a part, or there is none).
            let opens = matches!(a, Action::Place(_) | Action::Abbey(_) | Action::Draw);
            let ends = match g.pending() {
                None => true,
                Some(p) => matches!(p.decision, Decision::Place | Decision::Source),
            };
            if !opens && ends {
                after.push(g.clone());
            }
        }
        (rec.record, after, rules)
    }

    #[derive(Debug, Default)]
    struct Seen {
        start: usize,
        discarded: Vec<u16>,
        played: Vec<Game>,
        events: Vec<ScoreEvent>,
        /// standing, final events, after.
        fin: Option<(Game, Vec<ScoreEvent>, Game)>,
    }

    fn observe(rec: &Record, rules: &'static Ruleset, final_scoring: bool) -> (Replayed, Seen) {
        let mut seen = Seen::default();
        let out = replay_observed(rec, rules, final_scoring, &mut |s| match s {
            Step::Start { game } => {
                seen.start += 1;
                assert_eq!(game.placed().len(), rules.start.len());
            }
            Step::Discarded { entry, tile, .. } => {
                assert_eq!(
                    entry.discarded.as_deref(),
                    Some(rules.tiles[tile as usize].id)
                );
                seen.discarded.push(tile);
            }
            Step::Played {
                placed,
                events,
                game,
                ..
            } => {
                // One tile, or none for an abbey declined at the end.
                assert!(placed.len() <= 1);
                if !placed.is_empty() {
                    assert_eq!(placed.last(), game.placed().last());
                }
                seen.events.extend_from_slice(events);
                seen.played.push(game.clone());
            }
            Step::Final {
                standing,
                events,
                game,
            } => seen.fin = Some((standing.clone(), events.to_vec(), game.clone())),
        })
        .expect("the record replays");
        (out, seen)
    }

    #[test]
    fn an_observed_replay_is_the_replay_and_shows_the_board_before_the_end() {
        let mut returned = 0;
        for (id, seed) in [("base", 1), ("base_river1", 2), ("everything_c1", 1)] {
            let (rec, live, rules) = played(id, seed);
            let plain = replay(&rec, rules, false).expect("the record replays");
            let (out, seen) = observe(&rec, rules, false);
            assert!(out.game == plain.game, "{id}: the same game");
            assert_eq!(out.events, plain.events);
            assert_eq!(seen.start, 1);
            let discards = rec.turns.iter().filter(|t| t.discarded.is_some()).count();
            assert_eq!(seen.discarded.len(), discards);
            assert_eq!(seen.played.len(), live.len(), "{id}: one step per move");
            // Every move but the last: the very game that was played.
            let n = live.len();
            for (k, (shown, was)) in seen.played.iter().zip(&live).take(n - 1).enumerate() {
                assert!(shown == was, "{id}: move {} shown as played", k + 1);
            }
            // The last: that board, its followers not yet scored for the end.
            let (standing, fin, end) = seen.fin.expect("a finished game is scored");
            let last = &seen.played[n - 1];
            assert!(!last.is_over());
            assert_eq!(last.placed(), end.placed());
            assert_eq!(last.followers(), standing.followers());
            assert!(end == live[n - 1] && end == out.game);
            // Final scoring returns every follower but the farmers.
            let farmers: Vec<Deployed> = standing
                .followers()
                .iter()
                .filter(|f| on_field(&standing, f))
                .copied()
                .collect();
            assert_eq!(end.followers(), farmers.as_slice(), "{id}");
            returned += standing.followers().len() - farmers.len();
            let total = |g: &Game| g.scores().iter().sum::<u32>();
            let points: u32 = fin.iter().map(|e| e.points).sum();
            assert_eq!(total(&standing) + points, total(&end), "{id}");
            assert!(fin.iter().all(|e| e.reason.as_final()));
            let mut all = seen.events.clone();
            all.extend(fin);
            assert_eq!(all, out.events, "{id}: every event reported once");
        }
        assert!(returned > 0, "some game ended with followers to return");
    }

    #[test]
    fn a_partial_record_scored_at_the_end_shows_the_board_where_it_stops() {
        let (mut rec, live, rules) = played("base_river1", 2);
        rec.turns.truncate(20);
        rec.final_ = None;
        let moves = rec.turns.iter().filter(|t| t.discarded.is_none()).count();
        let (_, seen) = observe(&rec, rules, false);
        assert!(seen.fin.is_none(), "not over, not scored");
        assert_eq!(seen.played.len(), moves);
        let (out, seen) = observe(&rec, rules, true);
        let (standing, fin, end) = seen.fin.expect("scored as if it ended");
        assert!(standing == live[moves - 1] && standing == seen.played[moves - 1]);
        assert!(end == out.game && end.is_over());
        assert!(out.events.ends_with(&fin));
    }

    fn on_field(g: &Game, f: &Deployed) -> bool {
        let p = g
            .placed()
            .iter()
            .rfind(|p| p.node_base <= f.node)
            .expect("on a tile");
        let seg = g.rules().tiles[p.tile as usize].segments[(f.node - p.node_base) as usize];
        seg.kind == crate::tables::Kind::Field
    }

    /// The header pins the options in force: the same ruleset with another
    /// option value refuses the record at its header (turn 0).
    #[test]
    fn a_record_pins_its_rule_options() {
        let (rec, _, rules) = played("base_traders_builders", 1);
        let pinned = rec.options.as_ref().expect("options written");
        assert_eq!(pinned["builder_second_tile"], "optional");
        assert!(replay(&rec, rules, false).is_ok());
        let always: &'static Ruleset = Box::leak(Box::new(Ruleset {
            options: crate::tables::Options {
                builder_optional: false,
                ..rules.options
            },
            ..*rules
        }));
        let e = replay(&rec, always, false).unwrap_err();
        assert_eq!(e.turn, 0);
        assert!(e.reason.contains("builder_second_tile"), "{e}");
        // A record without options (older) is not checked.
        let old = Record {
            options: None,
            ..rec.clone()
        };
        assert!(replay(&old, rules, false).is_ok());
    }
}
