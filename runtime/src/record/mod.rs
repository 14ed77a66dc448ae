//! Game records (docs/reference/records.md): the format (here), writing
//! them while a game is played (`recorder`), and replaying them with every
//! move checked (`replay`).

use serde::{Deserialize, Serialize};

use crate::action_json::ActionJson;
use crate::engine::{Game, ScoreEvent, When};
use crate::tables::Ruleset;

pub(crate) mod error;
pub(crate) mod names;
mod recorder;
mod replay;

pub(crate) use error::fail;
pub use error::ReplayError;
pub use names::{
    follower_move, follower_rec, follower_rec_on, rotated_port_names, FollowerRec, SpotRec,
};
pub use recorder::Recorder;
pub use replay::{replay, replay_observed, Step};

/// The `format` of the records this engine writes and reads.
pub const FORMAT: &str = "carcassonne-record/1";

/// How far from (0, 0) a record's start tiles may lie: the compiler's range
/// for a ruleset's start. The board's grid spans every cell between its
/// tiles, so a record must not place a start far away (the engine's own
/// limit for scripted starts is ±16384).
pub const MAX_START_COORD: u16 = 100;

/// A game record: the ruleset, the players, the seed and every turn,
/// enough to replay the game and check every move (docs/reference/records.md).
/// It is serialised as JSON by serde.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// The ruleset's id (for a ruleset file, `sources` holds its copy).
    pub ruleset: String,
    /// The seed that fixes the draw order. Without one, each turn's `tile`
    /// says which tile is drawn (hand-written scenarios).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// How many players.
    pub players: u8,
    /// The bots that played each seat, when bots played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bots: Option<Vec<String>>,
    /// The rule options in force when the game was played (the catalog's
    /// `options`); `replay` refuses a ruleset whose options differ. Older
    /// records have none and are not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<serde_json::Map<String, serde_json::Value>>,
    /// The start tiles, as placed before the first turn.
    #[serde(default)]
    pub start: Vec<StartRec>,
    /// One entry per turn part, in order.
    #[serde(default)]
    pub turns: Vec<TurnRec>,
    /// The final scoring, once the game is over.
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
    /// The file's text.
    pub text: String,
}

/// A start tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartRec {
    /// The tile's id.
    pub tile: String,
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// Clockwise quarter turns.
    pub rotation: u8,
}

/// One turn part: the tile drawn and placed, the figure deployed, the
/// answers to other decisions, the points scored.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnRec {
    /// Whose turn it is.
    pub player: u8,
    /// The part of the turn this entry plays: absent for the first, 2 for a
    /// builder's second tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<u8>,
    /// The tile placed (absent when none was left to place).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// Where it went: column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<i16>,
    /// Row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<i16>,
    /// Clockwise quarter turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u8>,
    /// The figure deployed on the tile, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follower: Option<FollowerRec>,
    /// The points scored in this part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EventRec>>,
    /// A tile drawn that fit nowhere and was removed: an entry of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarded: Option<String>,
    /// A tile drawn and set aside face up by a module, to come back later
    /// (a dragon tile before the dragon is in play): an entry of its own,
    /// like `discarded`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_aside: Option<String>,
    /// A tile a module turned face up from the face-down tiles for itself
    /// (a bazaar's, 000_9deb58b1a7d17d38.txt L2411), while the entry before
    /// it was played: an entry of its own, like `discarded`. A game without
    /// a seed turns up these tiles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed: Option<String>,
    /// Answers to decisions beyond the tile and the figure on it, in the
    /// order the engine asked them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<ActionJson>>,
}

impl TurnRec {
    /// Whether the entry is a tile drawn or turned up and not placed
    /// (`discarded`, `set_aside`, `revealed`) rather than a turn part.
    pub fn is_unplayed_tile(&self) -> bool {
        self.discarded.is_some() || self.set_aside.is_some() || self.revealed.is_some()
    }
}

pub use crate::mechanics::barn::CORNER_NAMES;

/// Points scored, as a record writes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRec {
    /// Who scored.
    pub player: u8,
    /// Negative for points paid (the Tower's ransom, `ReasonDef::paid`):
    /// a record's events sum to its scores.
    pub points: i64,
    /// The kind of feature scored.
    pub feature: String,
    /// Why (`completed`, `final`, `fairy`, …).
    pub reason: String,
}

/// The final scoring.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalRec {
    /// Its points, event by event.
    pub events: Vec<EventRec>,
    /// The final scores, by seat.
    pub scores: Vec<i32>,
}

impl EventRec {
    /// The record's form of an engine score event.
    pub fn from_event(e: &ScoreEvent) -> EventRec {
        EventRec {
            player: e.player,
            points: e.signed(),
            feature: e.feature.name().to_string(),
            reason: e.reason.name().to_string(),
        }
    }
}

/// A ruleset's start placements as a record lists them.
pub(crate) fn start_records(rules: &Ruleset) -> Vec<StartRec> {
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

/// The result of a replay.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The game after the last entry replayed.
    pub game: Game,
    /// Turn entries replayed.
    pub turns: usize,
    /// Every event so far, final ones included.
    pub events: Vec<ScoreEvent>,
}

pub(crate) fn find_tile(rules: &Ruleset, id: &str, turn: usize) -> Result<u16, ReplayError> {
    match rules.tile_index(id) {
        Some(i) => Ok(i as u16),
        None => fail(
            turn,
            format!("unknown tile `{id}` for ruleset {}", rules.id),
        ),
    }
}

/// The events of a turn entry: those of its part, and those of the start
/// of the turn it begins (the fairy's point), which the engine scores as
/// the previous answer's consequence.
pub(crate) fn split_start(events: &[ScoreEvent]) -> (Vec<ScoreEvent>, Vec<ScoreEvent>) {
    events.iter().partition(|e| e.when != When::TurnStart)
}
