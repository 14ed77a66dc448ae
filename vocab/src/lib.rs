//! The words the compiler (`codegen`) and the engine (`runtime`) share, so a
//! feature kind, an edge or a port means one thing on both sides of the
//! generated tables. No dependencies: the runtime stays thin.

pub mod mech;
pub mod ports;
pub mod river;

/// What a segment of a tile is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    City,
    Road,
    Field,
    River,
    Cloister,
    /// A garden (The Abbot, 2nd edition): lies inside the tile like a
    /// cloister; only the abbot may occupy it (001_46b8449c567a6f1a.txt
    /// L387-L546).
    Garden,
    /// A shrine (Heretics & Shrines): placed and scored like a cloister
    /// (000_9deb58b1a7d17d38.txt L2066, fn 42); a follower on it is a
    /// heretic (L2070).
    Shrine,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::City,
        Kind::Road,
        Kind::Field,
        Kind::River,
        Kind::Cloister,
        Kind::Garden,
        Kind::Shrine,
    ];

    #[inline]
    pub fn name(self) -> &'static str {
        match self {
            Kind::City => "city",
            Kind::Road => "road",
            Kind::Field => "field",
            Kind::River => "river",
            Kind::Cloister => "cloister",
            Kind::Garden => "garden",
            Kind::Shrine => "shrine",
        }
    }

    /// A cloister, a garden or a shrine: scored by the tiles around it. (They
    /// are the last kinds, so this is one compare in the engine's hot loop.)
    #[inline]
    pub fn around(self) -> bool {
        self as u8 >= Kind::Cloister as u8
    }

    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// What a side of a tile shows to its neighbour; the discriminant is the
/// 4-bit code the engine packs into its placement masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Edge {
    Field = 0,
    Road = 1,
    City = 2,
    River = 3,
    /// An inner side of a start block (the City of Carcassonne, the Wheel of
    /// Fortune): it only ever faces another tile of the same block.
    Seam = 4,
    /// A side that matches anything and closes what it meets (the abbey);
    /// such tiles are never in the draw yet.
    Any = 5,
}

impl Edge {
    #[inline]
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

    /// The packed code of this edge.
    #[inline]
    pub const fn code(self) -> u16 {
        self as u16
    }
}

/// Which bends the river may not make (000_9deb58b1a7d17d38.txt L476-L478
/// and fn 17, L622; 001_46b8449c567a6f1a.txt L591, FAQ L597-L599).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RiverTurns {
    /// No immediate U-turn: two bends the same way on consecutive tiles
    /// ("Only immediate U-turns are explicitly forbidden", 000_… fn 17).
    NoUTurn,
    /// Also no third bend the same way with only straight river between
    /// ("Turning river the same way three times should also be considered
    /// prohibited", 001_… L599).
    NoThreeSameWay,
}

impl RiverTurns {
    pub fn name(self) -> &'static str {
        match self {
            RiverTurns::NoUTurn => "no-u-turn",
            RiverTurns::NoThreeSameWay => "no-three-same-way",
        }
    }

    /// The value of option `river_turns` (the index of its word).
    #[inline]
    pub const fn from_index(v: u8) -> RiverTurns {
        match v {
            0 => RiverTurns::NoUTurn,
            _ => RiverTurns::NoThreeSameWay,
        }
    }
}

/// What becomes of a start tile the game does not start with (another set's,
/// such as the base game's D when the River's spring starts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnusedStart {
    /// Left out: "The original starting tile is not used" (000_9deb58b1a7d17d38.txt L460).
    Remove,
    /// Shuffled into the land tiles (a house rule for drawing from a bag, fn 8, L613).
    Shuffle,
    /// "Mixed into the stack of river tiles" (fn 7, L612), and played as a
    /// normal tile when drawn.
    River,
    /// "Placed as soon as the river has been completed, and is treated like
    /// a normal tile" (fn 7, L612): the first tile drawn after the river.
    AfterRiver,
}

impl UnusedStart {
    pub fn name(self) -> &'static str {
        match self {
            UnusedStart::Remove => "remove",
            UnusedStart::Shuffle => "shuffle",
            UnusedStart::River => "river",
            UnusedStart::AfterRiver => "after-river",
        }
    }

    /// The value of option `unused_start_tiles` (the index of its word).
    #[inline]
    pub const fn from_index(v: u8) -> UnusedStart {
        match v {
            0 => UnusedStart::Remove,
            1 => UnusedStart::Shuffle,
            2 => UnusedStart::River,
            _ => UnusedStart::AfterRiver,
        }
    }
}

/// How farms score at the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarmScoring {
    /// 3 points per completed city bordering each farm (000_9deb58b1a7d17d38.txt L244-L258).
    PerFarm,
    /// Per city, 4 points to the majority of adjacent farmers; each city once
    /// (000_9deb58b1a7d17d38.txt footnote 15).
    Legacy2000,
}

impl FarmScoring {
    #[inline]
    pub fn name(self) -> &'static str {
        match self {
            FarmScoring::PerFarm => "per-farm",
            FarmScoring::Legacy2000 => "legacy-2000",
        }
    }

    /// The value of option `farm_scoring` (the index of its word).
    #[inline]
    pub const fn from_index(v: u8) -> FarmScoring {
        match v {
            0 => FarmScoring::PerFarm,
            _ => FarmScoring::Legacy2000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Kind::around` relies on the cloister, the garden and the shrine
    /// coming last.
    #[test]
    fn around_kinds_are_last() {
        let around: Vec<Kind> = Kind::ALL.into_iter().filter(|k| k.around()).collect();
        assert_eq!(around, [Kind::Cloister, Kind::Garden, Kind::Shrine]);
    }
}
