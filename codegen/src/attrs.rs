//! The one place where attributes and mechanics are declared.
//!
//! Every attribute a tile may carry is listed here with what it sits on, what
//! values it takes, and the mechanic that gives it meaning. A ruleset enables
//! mechanics; an attribute whose mechanic is off is an error unless the ruleset
//! takes that set "tiles only", in which case it is ignored (and the catalog
//! says so).

use crate::model::Kind;

/// What an attribute is attached to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A segment of one of these kinds.
    Segment(&'static [Kind]),
    /// The tile as a whole (a marker).
    Tile,
}

/// The values an attribute takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Values {
    /// Present or not: `+inn`.
    Flag,
    /// A count from 1 to `max`; `+pennant` means 1, `+pennant=2` means 2.
    Count { max: i64 },
    /// One of a fixed list of words: `+goods=wine`.
    OneOf(&'static [&'static str]),
}

#[derive(Debug, Clone, Copy)]
pub struct AttrDef {
    pub name: &'static str,
    pub target: Target,
    pub values: Values,
    /// The mechanic that gives the attribute meaning.
    pub mechanic: &'static str,
    pub meaning: &'static str,
}

const CITY: &[Kind] = &[Kind::City];
const ROAD: &[Kind] = &[Kind::Road];
const FIELD: &[Kind] = &[Kind::Field];

pub const ATTRIBUTES: &[AttrDef] = &[
    AttrDef {
        name: "pennant",
        target: Target::Segment(CITY),
        values: Values::Count { max: 4 },
        mechanic: "base",
        meaning: "pennants (coats of arms) in this city segment: +2 each when the city completes, +1 at the end (000_9deb58b1a7d17d38.txt L172-L180)",
    },
    AttrDef {
        name: "inn",
        target: Target::Segment(ROAD),
        values: Values::Flag,
        mechanic: "inns",
        meaning: "an inn on a lake beside this road: the road scores 2 per tile when complete, 0 at the end (000_9deb58b1a7d17d38.txt L706-L716)",
    },
    AttrDef {
        name: "cathedral",
        target: Target::Segment(CITY),
        values: Values::Flag,
        mechanic: "cathedrals",
        meaning: "a cathedral in this city: 3 per tile and pennant when complete, 0 at the end (000_9deb58b1a7d17d38.txt L717-L726)",
    },
    AttrDef {
        name: "garden",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "abbot",
        meaning: "a garden the abbot may occupy (001_46b8449c567a6f1a.txt L387-L546)",
    },
    AttrDef {
        name: "pig-herd",
        target: Target::Segment(FIELD),
        values: Values::Flag,
        mechanic: "pig-herd",
        meaning: "a neutral pig herd in this field: +1 per city for the farm's owners (000_9deb58b1a7d17d38.txt L492)",
    },
    AttrDef {
        name: "volcano",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "dragon",
        meaning: "a volcano: the dragon moves here; no follower may be deployed (000_9deb58b1a7d17d38.txt L1098-L1104)",
    },
    AttrDef {
        name: "spring",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "river",
        meaning: "the river's source: placed first (000_9deb58b1a7d17d38.txt L458-L464)",
    },
    AttrDef {
        name: "lake",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "river",
        meaning: "a river's end: placed last (000_9deb58b1a7d17d38.txt L458-L478)",
    },
    AttrDef {
        name: "fork",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "river",
        meaning: "River II's fork: placed right after the spring (000_9deb58b1a7d17d38.txt L462-L464)",
    },
    AttrDef {
        name: "no-castle",
        target: Target::Segment(CITY),
        values: Values::Flag,
        mechanic: "castles",
        meaning: "this city can never be turned into a castle (Bridges, Castles & Bazaars; 000_9deb58b1a7d17d38.txt L2344-L2656)",
    },
    AttrDef {
        name: "bridge",
        target: Target::Segment(&[Kind::City, Kind::Road, Kind::Field]),
        values: Values::Flag,
        mechanic: "base",
        meaning: "this segment crosses another feature on a bridge or through a tunnel, so the crossing is allowed",
    },
];

/// A mechanic: a rule module of the engine that a ruleset switches on.
#[derive(Debug, Clone, Copy)]
pub struct MechanicDef {
    pub name: &'static str,
    /// Whether the engine plays this mechanic yet; a ruleset asking for one
    /// that it does not is rejected.
    pub implemented: bool,
    pub meaning: &'static str,
}

pub const MECHANICS: &[MechanicDef] = &[
    MechanicDef {
        name: "base",
        implemented: true,
        meaning: "the base game: roads, cities with pennants, cloisters, fields",
    },
    MechanicDef {
        name: "river",
        implemented: true,
        meaning: "river tiles are played first from their own stack (River I, II)",
    },
    MechanicDef {
        name: "inns",
        implemented: true,
        meaning: "inns on roads (Inns & Cathedrals)",
    },
    MechanicDef {
        name: "cathedrals",
        implemented: true,
        meaning: "cathedrals in cities (Inns & Cathedrals)",
    },
    MechanicDef {
        name: "big-follower",
        implemented: true,
        meaning: "one big follower per player counting 2 for majority (Inns & Cathedrals)",
    },
    MechanicDef {
        name: "abbot",
        implemented: false,
        meaning: "the abbot on cloisters and gardens (The Abbot, 2nd edition)",
    },
    MechanicDef {
        name: "pig-herd",
        implemented: false,
        meaning: "River II's pig herd adds to farm scoring",
    },
    MechanicDef {
        name: "dragon",
        implemented: false,
        meaning: "volcano and dragon (The Princess & the Dragon)",
    },
    MechanicDef {
        name: "castles",
        implemented: false,
        meaning: "castles from completed small cities (Bridges, Castles & Bazaars)",
    },
];

pub fn attribute(name: &str) -> Option<(usize, &'static AttrDef)> {
    ATTRIBUTES.iter().enumerate().find(|(_, a)| a.name == name)
}

pub fn mechanic(name: &str) -> Option<&'static MechanicDef> {
    MECHANICS.iter().find(|m| m.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_attribute_names_a_declared_mechanic() {
        for a in ATTRIBUTES {
            assert!(mechanic(a.mechanic).is_some(), "{}", a.name);
        }
        assert!(ATTRIBUTES.len() <= 64, "attribute ids must fit a u64 mask");
    }
}
