//! The shape of the tables the compiler generates (see `codegen/src/emit.rs`)
//! and the run-time loader fills in: everything the engine needs about tiles
//! and rules, pre-computed, with no pointers to chase in the hot loop.

/// 12 ports clockwise from the north-west corner:
/// `Nw N Ne En E Es Se S Sw Ws W Wn`; bit `p` is port `p`.
pub type PortMask = u16;

pub use crate::mechanics::{Hook, Hooks};
pub use carcassonne_vocab::mech::{option_index, Mech, MechSet, OptionSet, OPTIONS};
pub use carcassonne_vocab::ports::{rotate as rotate_port, rotate_mask, PORT_NAMES, SIDE_NAMES};
pub use carcassonne_vocab::{Edge, FarmScoring, Kind, RiverTurns, UnusedStart};

/// No segment at this port (the middle of a field side).
pub const NO_SEGMENT: u8 = u8::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttrValues {
    Flag,
    Count,
    OneOf(&'static [&'static str]),
}

/// An attribute's declaration: name, mechanic, kind of value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttrInfo {
    pub name: &'static str,
    pub mechanic: &'static str,
    pub values: AttrValues,
}

/// One attribute on a segment or tile: id (see `attr`) and value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attr {
    pub id: u8,
    pub value: i16,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    pub kind: Kind,
    /// Ports of the unrotated tile (a city side includes its halves).
    pub ports: PortMask,
    /// How many sides it reaches (holds the middle port of).
    pub sides: u8,
    /// Bit `i`: this field borders city segment `i` of the same tile.
    pub borders: u16,
    pub pennants: u8,
    /// Bit `attr id` for each attribute present.
    pub flags: u64,
    pub attrs: &'static [Attr],
    /// Bit `j`: this segment leads straight into segment `j` of the same
    /// tile (a road's end at a crossing, a city gate or a cloister; a
    /// cloister in a city): where a wagon may drive
    /// (000_9deb58b1a7d17d38.txt fn 31-35 L1864-L1869; `codegen/src/links.rs`).
    pub links: u16,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileType {
    pub id: &'static str,
    pub set: &'static str,
    pub count: u16,
    pub start: u16,
    /// N E S W of the unrotated tile.
    pub edges: [Edge; 4],
    /// For rotation `r` (clockwise quarter turns), the edge code on board side
    /// `s` sits in bits `4s..4s+4`.
    pub rot_edges: [u16; 4],
    /// Unrotated port -> segment index, or `NO_SEGMENT`.
    pub port_segment: [u8; 12],
    /// For rotation `r`, board port -> segment index (`port_segment`
    /// turned: the tile's port `i` shows at board port `i + 3r`, mod 12).
    pub rot_ports: [[u8; 12]; 4],
    /// A side matches anything and closes the road or city it meets (the
    /// abbey, `any` in the shape language).
    pub closes: bool,
    /// Bit `kind as u8` for each kind of segment the tile has
    /// (`has_kind`).
    pub kinds: u8,
    pub flags: u64,
    pub attrs: &'static [Attr],
    /// Attributes in the data that this ruleset ignores (sets taken tiles only).
    pub ignored: &'static [&'static str],
    /// Copies of the tile this ruleset leaves out of the game (not counted in
    /// `count`), and why; 0 and "" for most tiles.
    pub left_out: u16,
    pub left_out_reason: &'static str,
    pub segments: &'static [Segment],
}

impl TileType {
    /// Whether the tile has a segment of kind `k`.
    #[inline]
    pub fn has_kind(&self, k: Kind) -> bool {
        self.kinds & (1 << k as u8) != 0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartTile {
    pub tile: u16,
    pub x: i16,
    pub y: i16,
    pub rotation: u8,
}

/// A ruleset's rule options: every declared option's value
/// (`carcassonne_vocab::mech::OPTIONS`), the players and the followers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Indexed like `OPTIONS`: the word's index, or 0/1 for a boolean.
    pub values: OptionSet,
    pub min_players: u8,
    pub max_players: u8,
    pub followers: u8,
}

/// The index of each option the skeleton reads.
const FARMERS: usize = option_index("farmers");
const FARM_SCORING: usize = option_index("farm_scoring");
const RIVER_TURNS: usize = option_index("river_turns");
const UNUSED_START: usize = option_index("unused_start_tiles");

impl Options {
    /// Option `i`'s value (an index from `option_index`, which a module
    /// keeps in a constant).
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        self.values[i]
    }

    /// Option `i` as a boolean (a word option: whether it is not the first
    /// word).
    #[inline]
    pub fn flag(&self, i: usize) -> bool {
        self.values[i] != 0
    }

    /// Followers may stand on fields and farms score (`farmers`).
    #[inline]
    pub fn farmers(&self) -> bool {
        self.flag(FARMERS)
    }

    pub fn farm_scoring(&self) -> FarmScoring {
        FarmScoring::from_index(self.get(FARM_SCORING))
    }

    pub fn river_turns(&self) -> RiverTurns {
        RiverTurns::from_index(self.get(RIVER_TURNS))
    }

    /// What becomes of other sets' start tiles (those kept are in
    /// `Ruleset::with_river` or simply counted in).
    pub fn unused_start(&self) -> UnusedStart {
        UnusedStart::from_index(self.get(UNUSED_START))
    }

    /// Option `key`'s value as the catalog names it (a word or a boolean).
    pub fn word(&self, key: &str) -> Option<&'static str> {
        let (i, o) = carcassonne_vocab::mech::option(key)?;
        o.word(self.values[i])
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ruleset {
    pub id: &'static str,
    pub name: &'static str,
    pub edition: u8,
    pub sets: &'static [&'static str],
    pub mechanics: &'static [&'static str],
    pub options: Options,
    pub tiles: &'static [TileType],
    pub start: &'static [StartTile],
    /// Tiles (one entry per copy) drawn with the river: mixed into its stack
    /// or first after it (`options.unused_start`, 000_… fn 7, L612).
    pub with_river: &'static [u16],
    pub total: u16,
    /// The mechanics played by a module (bit `Mech as u8`).
    pub mechs: MechSet,
    /// Their hooks (`Hooks::of(mechs)`).
    pub hooks: Hooks,
}

impl Ruleset {
    pub fn has_mechanic(&self, name: &str) -> bool {
        self.mechanics.contains(&name)
    }

    /// Whether module `m` is played.
    #[inline]
    pub fn plays(&self, m: Mech) -> bool {
        self.mechs & m.bit() != 0
    }

    pub fn tile_index(&self, id: &str) -> Option<usize> {
        self.tiles.iter().position(|t| t.id == id)
    }
}
