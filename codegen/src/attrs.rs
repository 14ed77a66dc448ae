//! The one place where attributes are declared (the mechanics and their
//! options are in `carcassonne_vocab::mech`, which the engine reads too).
//!
//! Every attribute a tile may carry is listed here with what it sits on, what
//! values it takes, and the mechanic that gives it meaning. A ruleset enables
//! mechanics; an attribute whose mechanic is off is an error unless the ruleset
//! takes that set "tiles only", in which case it is ignored (and the catalog
//! says so).

pub use carcassonne_vocab::mech::{mechanic, MechDecl, MECHANICS};
use carcassonne_vocab::Kind;

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
    /// Other mechanics that read it too (the River II volcano: the river's
    /// extra tile, besides the dragon), so it is kept when any is played.
    pub also: &'static [&'static str],
    pub meaning: &'static str,
}

impl AttrDef {
    /// Whether a ruleset playing `enabled` keeps this attribute.
    pub fn kept_by(&self, enabled: &[String]) -> bool {
        enabled
            .iter()
            .any(|m| m == self.mechanic || self.also.contains(&m.as_str()))
    }
}

/// The eight compass directions, clockwise from north: a word attribute with
/// these values is a direction on the unrotated tile and turns with it.
pub const COMPASS: &[&str] = &["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// The words of `+ends`, in the attribute's value order.
pub const ENDS_WORDS: &[&str] = &["crossing", "city", "cloister", "house"];

const CITY: &[Kind] = &[Kind::City];
const ROAD: &[Kind] = &[Kind::Road];
const FIELD: &[Kind] = &[Kind::Field];

pub const ATTRIBUTES: &[AttrDef] = &[
    AttrDef {
        name: "pennant",
        target: Target::Segment(CITY),
        values: Values::Count { max: 4 },
        mechanic: "base",
        also: &[],
        meaning: "pennants (coats of arms) in this city segment: +2 each when the city completes, +1 at the end (000_9deb58b1a7d17d38.txt L172-L180)",
    },
    AttrDef {
        name: "inn",
        target: Target::Segment(ROAD),
        values: Values::Flag,
        mechanic: "inns",
        also: &[],
        meaning: "an inn on a lake beside this road: the road scores 2 per tile when complete, 0 at the end (000_9deb58b1a7d17d38.txt L706-L716)",
    },
    AttrDef {
        name: "cathedral",
        target: Target::Segment(CITY),
        values: Values::Flag,
        mechanic: "cathedrals",
        also: &[],
        meaning: "a cathedral in this city: 3 per tile and pennant when complete, 0 at the end (000_9deb58b1a7d17d38.txt L717-L726)",
    },
    AttrDef {
        name: "pig-herd",
        target: Target::Segment(FIELD),
        values: Values::Flag,
        mechanic: "pig-herd",
        also: &[],
        meaning: "a neutral pig herd in this field: +1 per city for the farm's owners (000_9deb58b1a7d17d38.txt L492)",
    },
    AttrDef {
        name: "volcano",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "dragon",
        also: &["river"],
        meaning: "a volcano: the dragon moves here; no follower may be deployed (000_9deb58b1a7d17d38.txt L1098-L1104); River II's volcano lake gives its placer another tile at once under `river_volcano = \"second-tile\"` (001_46b8449c567a6f1a.txt L606)",
    },
    AttrDef {
        name: "spring",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "river",
        also: &[],
        meaning: "the river's source: placed first (000_9deb58b1a7d17d38.txt L458-L464)",
    },
    AttrDef {
        name: "lake",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "river",
        also: &[],
        meaning: "a river's end: placed last (000_9deb58b1a7d17d38.txt L458-L478)",
    },
    AttrDef {
        name: "fork",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "river",
        also: &[],
        meaning: "River II's fork: placed right after the spring (000_9deb58b1a7d17d38.txt L462-L464)",
    },
    AttrDef {
        name: "no-castle",
        target: Target::Segment(CITY),
        values: Values::Flag,
        mechanic: "castles",
        also: &[],
        meaning: "this city segment is no semicircle: a town with it never becomes a castle (Bridges, Castles & Bazaars; 000_9deb58b1a7d17d38.txt L2489, fn 20 L2587-L2611)",
    },
    AttrDef {
        name: "bridge",
        target: Target::Segment(&[Kind::City, Kind::Road, Kind::Field]),
        values: Values::Flag,
        mechanic: "base",
        also: &[],
        meaning: "this segment crosses another feature on a bridge or through a tunnel, so the crossing is allowed",
    },
    AttrDef {
        name: "tunnel",
        target: Target::Segment(ROAD),
        values: Values::Flag,
        mechanic: "base",
        also: &[],
        meaning: "this road runs through a tunnel under the city it crosses: the road is not broken and the crossing is allowed (The Princess & the Dragon tile 16, 000_9deb58b1a7d17d38.txt L1057-L1064; Abbey & Mayor, L1565-L1578)",
    },
    AttrDef {
        name: "well",
        target: Target::Segment(ROAD),
        values: Values::Flag,
        mechanic: "base",
        also: &[],
        meaning: "a well where three branches of one road meet: the road does not end there (Abbey & Mayor tile 6, 000_9deb58b1a7d17d38.txt L1565-L1578); no rule of its own",
    },
    AttrDef {
        name: "goods",
        target: Target::Segment(CITY),
        values: Values::OneOf(&["wine", "grain", "cloth"]),
        mechanic: "goods",
        also: &[],
        meaning: "a trade-goods symbol in this city: whoever completes the city takes one token; most of each kind scores 10 at the end (Traders & Builders, 000_9deb58b1a7d17d38.txt L911-L941)",
    },
    AttrDef {
        name: "dragon",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "dragon",
        also: &[],
        meaning: "a dragon symbol: after deployment the dragon moves six tiles and eats the figures it meets (000_9deb58b1a7d17d38.txt L1106-L1149)",
    },
    AttrDef {
        name: "portal",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "portal",
        also: &[],
        meaning: "a magic portal: the follower may be deployed on any unoccupied, incomplete feature of any placed tile (000_9deb58b1a7d17d38.txt L1151-L1163)",
    },
    AttrDef {
        name: "princess",
        target: Target::Segment(CITY),
        values: Values::Flag,
        mechanic: "princess",
        also: &[],
        meaning: "a princess in this city: placing the tile may remove one knight from the city it joins (000_9deb58b1a7d17d38.txt L1165-L1201)",
    },
    AttrDef {
        name: "tower",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "tower",
        also: &[],
        meaning: "a tower foundation: tower pieces are stacked here and capture followers in line (The Tower, 000_9deb58b1a7d17d38.txt L1441-L1477)",
    },
    AttrDef {
        name: "abbey",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "abbey",
        also: &[],
        meaning: "the abbey: placed instead of drawing, into a hole with four neighbours; its sides match anything and close what they meet; a monk on it scores like a cloister (000_9deb58b1a7d17d38.txt L1590-L1617)",
    },
    AttrDef {
        name: "quarter",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "count",
        also: &[],
        meaning: "the tile of the City of Carcassonne holding its four quarters (castle, market, blacksmith, cathedral), where followers are put into the city and the Count stands (000_9deb58b1a7d17d38.txt L1925-L2002)",
    },
    AttrDef {
        name: "fair",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "catapult",
        also: &[],
        meaning: "a fair: drawing the tile starts a catapult round after the turn (The Catapult, 000_9deb58b1a7d17d38.txt L2238-L2265)",
    },
    AttrDef {
        name: "bazaar",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "bazaars",
        also: &[],
        meaning: "a bazaar: after the turn, as many tiles as players are auctioned (Bridges, Castles & Bazaars, 000_9deb58b1a7d17d38.txt L2405-L2463)",
    },
    AttrDef {
        name: "hill",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "hills-sheep",
        also: &[],
        meaning: "a hill: placed on a tile taken face down from the supply; a follower on it wins a tie for its feature's majority (Hills & Sheep, docs/rules/hills-sheep.md)",
    },
    AttrDef {
        name: "vineyard",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "hills-sheep",
        also: &[],
        meaning: "a vineyard: +3 to each completed cloister or shrine among the eight tiles around it (Hills & Sheep, docs/rules/hills-sheep.md; River III, 000_9deb58b1a7d17d38.txt L522; shrines, 003_f0943165331a7fee.txt L388)",
    },
    AttrDef {
        name: "flier",
        target: Target::Tile,
        values: Values::OneOf(COMPASS),
        mechanic: "flier",
        also: &[],
        meaning: "a flier arrow pointing this way on the unrotated tile: a follower may fly a die roll's distance along it (The Flier, 004_e9353f116722cd5d.txt L11-L32)",
    },
    AttrDef {
        name: "ferry",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "ferries",
        also: &[],
        meaning: "a lake whose road ends a ferry joins two at a time (The Ferries, 004_e9353f116722cd5d.txt L72-L91)",
    },
    AttrDef {
        name: "goldmine",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "gold-mines",
        also: &[],
        meaning: "a gold mine: one gold bar on this tile and one on a neighbour, taken by who completes a feature there (The Goldmines, 004_e9353f116722cd5d.txt L95-L123)",
    },
    AttrDef {
        name: "mage",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "mage-witch",
        also: &[],
        meaning: "a mage symbol: the mage or the witch must be placed or moved onto an incomplete road or city (004_e9353f116722cd5d.txt L127-L148)",
    },
    AttrDef {
        name: "crop-circle",
        target: Target::Tile,
        values: Values::OneOf(&["field", "road", "city"]),
        mechanic: "crop-circles",
        also: &[],
        meaning: "a crop circle: pitchfork (field), club (road) or shield (city) picks the followers everyone adds or removes (004_e9353f116722cd5d.txt L175-L211)",
    },
    AttrDef {
        name: "wheel",
        target: Target::Tile,
        values: Values::Count { max: 3 },
        mechanic: "wheel",
        also: &[],
        meaning: "a Wheel of Fortune icon: when drawn, the pig moves this many sectors and the sector's event happens (000_9deb58b1a7d17d38.txt L2700-L2769)",
    },
    AttrDef {
        name: "crown",
        target: Target::Tile,
        values: Values::OneOf(&["fortune", "taxes", "famine", "storm", "inquisition", "plague"]),
        mechanic: "wheel",
        also: &[],
        meaning: "crown spaces of this Wheel of Fortune sector lie on this cell of the wheel (000_9deb58b1a7d17d38.txt L2708, L2758-L2769; docs/research/wheel_robbers_messages.md)",
    },
    AttrDef {
        name: "robber",
        target: Target::Tile,
        values: Values::Flag,
        mechanic: "robbers",
        also: &[],
        meaning: "a robber symbol: players may put their robber on the score track beside another player's marker (The Robbers, 004_e9353f116722cd5d.txt L152-L171)",
    },
    AttrDef {
        name: "ends",
        target: Target::Segment(ROAD),
        values: Values::OneOf(ENDS_WORDS),
        mechanic: "base",
        also: &[],
        meaning: "where a road that ends on this tile ends, where the shape alone cannot tell: at a crossing with the tile's other road ends, at a city's gate, at the cloister, or at a house (or anything else that leads nowhere: a lake, a tower, a fair, a crop circle); the wagon drives along these (Abbey & Mayor, 000_9deb58b1a7d17d38.txt fn 31-33 L1864-L1866)",
    },
    AttrDef {
        name: "in-city",
        target: Target::Segment(&[Kind::Cloister]),
        values: Values::Flag,
        mechanic: "base",
        also: &[],
        meaning: "this cloister lies inside the tile's city, so a wagon may drive between them (000_9deb58b1a7d17d38.txt fn 35 L1869)",
    },
    AttrDef {
        name: "sheep",
        target: Target::Segment(FIELD),
        values: Values::Count { max: 4 },
        mechanic: "hills-sheep",
        also: &[],
        meaning: "sheep printed in this field: counted with the tokens each time a flock in the field is herded (River III, 000_9deb58b1a7d17d38.txt L520)",
    },
];

/// Whether an attribute's value is a compass direction that turns with the tile.
pub fn is_direction(def: &AttrDef) -> bool {
    def.values == Values::OneOf(COMPASS)
}

pub fn attribute(name: &str) -> Option<(usize, &'static AttrDef)> {
    ATTRIBUTES.iter().enumerate().find(|(_, a)| a.name == name)
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
