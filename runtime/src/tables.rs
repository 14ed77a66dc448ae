//! The shape of the tables the compiler generates (see `codegen/src/emit.rs`)
//! and the run-time loader fills in: everything the engine needs about tiles
//! and rules, pre-computed, with no pointers to chase in the hot loop.

/// 12 ports clockwise from the north-west corner:
/// `Nw N Ne En E Es Se S Sw Ws W Wn`; bit `p` is port `p`.
pub type PortMask = u16;

pub const PORT_NAMES: [&str; 12] = [
    "Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn",
];
pub const SIDE_NAMES: [&str; 4] = ["N", "E", "S", "W"];

/// No segment at this port (the middle of a field side).
pub const NO_SEGMENT: u8 = u8::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    City,
    Road,
    Field,
    River,
    Cloister,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::City => "city",
            Kind::Road => "road",
            Kind::Field => "field",
            Kind::River => "river",
            Kind::Cloister => "cloister",
        }
    }
}

/// What a side shows its neighbour; the discriminant is the packed code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Edge {
    Field = 0,
    Road = 1,
    City = 2,
    River = 3,
    /// An inner side of a start block: it only faces the block's own tiles.
    Seam = 4,
    /// Matches anything (the abbey); such tiles are never in the draw yet.
    Any = 5,
}

impl Edge {
    pub fn name(self) -> &'static str {
        match self {
            Edge::Field => "field",
            Edge::Road => "road",
            Edge::City => "city",
            Edge::River => "river",
            Edge::Seam => "seam",
            Edge::Any => "any",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarmScoring {
    /// 3 per completed city bordering each farm (000_9deb58b1a7d17d38.txt L244-L258).
    PerFarm,
    /// Per city, 4 to the majority of its adjacent farmers (000_… footnote 15).
    Legacy2000,
}

impl FarmScoring {
    pub fn name(self) -> &'static str {
        match self {
            FarmScoring::PerFarm => "per-farm",
            FarmScoring::Legacy2000 => "legacy-2000",
        }
    }
}

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
    /// Bit `i`: this field borders city segment `i` of the same tile.
    pub borders: u16,
    pub pennants: u8,
    /// Bit `attr id` for each attribute present.
    pub flags: u64,
    pub attrs: &'static [Attr],
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartTile {
    pub tile: u16,
    pub x: i16,
    pub y: i16,
    pub rotation: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub farmers: bool,
    pub farm_scoring: FarmScoring,
    pub min_players: u8,
    pub max_players: u8,
    pub followers: u8,
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
    pub total: u16,
}

impl Ruleset {
    pub fn has_mechanic(&self, name: &str) -> bool {
        self.mechanics.contains(&name)
    }

    pub fn tile_index(&self, id: &str) -> Option<usize> {
        self.tiles.iter().position(|t| t.id == id)
    }
}

/// Rotate a port mask by `r` clockwise quarter turns.
#[inline]
pub const fn rotate_mask(mask: PortMask, r: u8) -> PortMask {
    let k = 3 * (r % 4) as u32;
    ((mask << k) | (mask >> ((12 - k) % 12))) & 0x0fff
}

/// The port `port` moves to under `r` clockwise quarter turns.
#[inline]
pub const fn rotate_port(port: u8, r: u8) -> u8 {
    (port + 3 * (r % 4)) % 12
}
