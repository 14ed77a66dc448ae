//! The validated model: what a tile set and a ruleset mean once parsed and
//! checked. Both the emitter (static tables) and the run-time loader read it.

use crate::attrs::{Values, ATTRIBUTES};
use crate::ports::{Port, PORT_NAMES};

pub use carcassonne_vocab::mech::{option_index, OptionSet};
pub use carcassonne_vocab::{Edge, FarmScoring, Kind, RiverTurns, UnusedStart};

/// An attribute on a segment or a tile: an index into `attrs::ATTRIBUTES`
/// and its value (1 for a flag, the count, or the index of the word).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttrValue {
    pub id: usize,
    pub value: i64,
}

impl AttrValue {
    pub fn name(&self) -> &'static str {
        ATTRIBUTES[self.id].name
    }

    pub fn json(&self) -> serde_json::Value {
        match ATTRIBUTES[self.id].values {
            Values::Flag => serde_json::Value::Bool(true),
            Values::Count { .. } => serde_json::Value::from(self.value),
            Values::OneOf(words) => serde_json::Value::from(words[self.value as usize]),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Segment {
    pub kind: Kind,
    /// Ports in index order (fields: half-edges; others: side middles).
    pub ports: Vec<Port>,
    /// Indices of the city segments of the same tile this field borders.
    pub borders: Vec<usize>,
    pub attrs: Vec<AttrValue>,
    /// Bit `j`: this segment leads straight into segment `j` of the same
    /// tile (a road's end at a crossing, a city gate or a cloister; a
    /// cloister in a city): where a wagon may drive (`links.rs`).
    pub links: u16,
}

impl Segment {
    pub fn port_names(&self) -> Vec<&'static str> {
        self.ports
            .iter()
            .map(|&p| {
                let name = PORT_NAMES[p as usize];
                // Side middles are named by the side alone.
                if crate::ports::is_middle(p) {
                    crate::ports::SIDE_NAMES[crate::ports::side_of(p) as usize]
                } else {
                    name
                }
            })
            .collect()
    }

    pub fn mask(&self) -> u16 {
        self.ports.iter().fold(0, |m, &p| m | 1 << p)
    }

    pub fn attr(&self, name: &str) -> Option<i64> {
        self.attrs
            .iter()
            .find(|a| a.name() == name)
            .map(|a| a.value)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tile {
    pub id: String,
    pub set: String,
    /// Copies in the game (in a set: in its first edition; see `edition_counts`).
    pub count: u32,
    /// How many of `count` are start tiles.
    pub start: u32,
    /// Only in this edition of the set (`None`: every edition).
    pub edition: Option<u8>,
    /// Copies per edition when they differ (`count = { 1 = 5, 2 = 4 }`);
    /// empty when `count` holds for every edition.
    pub edition_counts: Vec<(u8, u32)>,
    /// Each player holds one copy instead of it being shuffled into the draw
    /// (the abbey); `count` is the copies in the box.
    pub per_player: bool,
    /// Copies a ruleset leaves out of the game (not in `count`), and why.
    pub left_out: u32,
    pub left_out_reason: String,
    /// N E S W of the unrotated tile.
    pub edges: [Edge; 4],
    pub segments: Vec<Segment>,
    /// Tile-wide markers.
    pub attrs: Vec<AttrValue>,
    /// Attributes present in the data but ignored by this ruleset (tiles only).
    pub ignored: Vec<String>,
    /// Where the tile is defined (`path:line:col`), for messages.
    pub origin: String,
    /// A tile of another set (set id, tile id) this one is declared the same
    /// as: a ruleset mixing both sets does not warn about the pair.
    pub duplicate_of: Option<(String, String)>,
}

impl Tile {
    /// The edge on board side `side` of this tile turned `rotation` times.
    pub fn rotated_edge(&self, rotation: u8, side: usize) -> Edge {
        self.edges[(side + 4 - rotation as usize) % 4]
    }

    /// One copy of a tile with just this geometry, in no set (unit tests).
    #[cfg(test)]
    pub(crate) fn bare(
        id: &str,
        edges: [Edge; 4],
        segments: Vec<Segment>,
        attrs: Vec<AttrValue>,
    ) -> Tile {
        Tile {
            id: id.to_string(),
            set: String::new(),
            count: 1,
            start: 0,
            edition: None,
            edition_counts: vec![],
            per_player: false,
            left_out: 0,
            left_out_reason: String::new(),
            edges,
            segments,
            attrs,
            ignored: vec![],
            origin: String::new(),
            duplicate_of: None,
        }
    }

    /// Copies of this tile in an edition of its set (0 when it is not in it).
    pub fn count_in(&self, edition: u8) -> u32 {
        if self.edition.is_some_and(|e| e != edition) {
            return 0;
        }
        self.edition_counts
            .iter()
            .find(|(e, _)| *e == edition)
            .map_or(self.count, |(_, c)| *c)
    }

    /// Whether some side is an inner seam of a start block.
    pub fn has_seam(&self) -> bool {
        self.edges.contains(&Edge::Seam)
    }
}

/// One tile of a start block, at a position relative to the block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockCell {
    /// Index into the set's (or the ruleset's) tiles.
    pub tile: usize,
    pub x: i32,
    pub y: i32,
    pub rotation: u8,
}

/// Several tiles laid out together as the start of the game (the City of
/// Carcassonne's 4×3 tiles, the Wheel of Fortune's 4×4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartBlock {
    pub name: String,
    pub cells: Vec<BlockCell>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileSet {
    pub id: String,
    pub name: String,
    pub editions: Vec<u8>,
    /// Editions of the box the set does not hold, each with the reason
    /// (`missing_editions`), told to a ruleset that asks for one.
    pub missing_editions: Vec<(u8, String)>,
    /// The declared total per edition (`None`: not declared).
    pub expect_total: Option<u32>,
    pub tiles: Vec<Tile>,
    /// The set's start block, if it starts the game with several tiles.
    pub start_block: Option<StartBlock>,
}

/// A ruleset's rule options: the declared ones (`vocab::mech::OPTIONS`) as
/// values, and the players and followers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Indexed like `OPTIONS`: the word's index, or 0/1 for a boolean.
    pub values: OptionSet,
    pub min_players: u8,
    pub max_players: u8,
    pub followers: u8,
}

impl Options {
    /// The value of option `key` (a declared key; a typo is a panic in the
    /// compiler's own code, never in a user's input).
    pub fn get(&self, key: &str) -> u8 {
        self.values[option_index(key)]
    }

    pub fn set(&mut self, key: &str, v: u8) {
        self.values[option_index(key)] = v;
    }

    pub fn farmers(&self) -> bool {
        self.get("farmers") != 0
    }

    pub fn farm_scoring(&self) -> FarmScoring {
        FarmScoring::from_index(self.get("farm_scoring"))
    }

    pub fn river_turns(&self) -> RiverTurns {
        RiverTurns::from_index(self.get("river_turns"))
    }

    /// What becomes of the start tiles of sets other than the chosen start.
    pub fn unused_start(&self) -> UnusedStart {
        UnusedStart::from_index(self.get("unused_start_tiles"))
    }
}

/// A start tile placed before the first turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartPlacement {
    /// Index into `Ruleset::tiles`.
    pub tile: usize,
    pub x: i32,
    pub y: i32,
    pub rotation: u8,
}

/// The most tile types and tiles a ruleset may have (`everything_c1`: 311
/// tiles). The engine numbers placed tiles, open positions and the segments
/// of placed tiles in 16 bits; this keeps every game well inside that.
pub const MAX_RULESET_TILES: u32 = 2_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruleset {
    pub id: String,
    pub name: String,
    pub edition: u8,
    pub sets: Vec<String>,
    pub mechanics: Vec<String>,
    pub options: Options,
    pub tiles: Vec<Tile>,
    pub start: Vec<StartPlacement>,
    /// How the start reads: `start tile D`, `the City of Carcassonne start
    /// block and RI/s`.
    pub start_name: String,
    /// Tiles (indices into `tiles`, one per copy) that go with the river:
    /// unused start tiles under `unused_start_tiles = "river"` or
    /// `"after-river"`.
    pub with_river: Vec<usize>,
    /// Files the ruleset was compiled from (for rebuild tracking).
    pub inputs: Vec<std::path::PathBuf>,
    /// What validation found doubtful but not wrong (tiles of two sets that
    /// are the same); printed by `validate`, failing nothing.
    pub warnings: Vec<crate::diag::Diagnostic>,
    /// What it was compiled from: the ruleset file first, then each set as
    /// the ruleset names it. A game record carries them, so that replaying
    /// it needs no files.
    pub sources: Vec<SourceCopy>,
}

/// A copy of a file a ruleset was compiled from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceCopy {
    /// The `sets` entry that found it; empty for the ruleset file itself.
    pub name: String,
    /// Where it was read, for messages (`<built-in>/tiles/base.toml` for a
    /// set the program carries).
    pub path: String,
    pub text: String,
}

impl Ruleset {
    pub fn total(&self) -> u32 {
        self.tiles.iter().map(|t| t.count).sum()
    }
}
