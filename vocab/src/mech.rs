//! The mechanics of the seeds and their rule options, declared once for the
//! compiler and the engine.
//!
//! A ruleset switches mechanics on by name; the compiler checks the names
//! and the `[options]` against this table, and the engine's module for a
//! mechanic (`runtime/src/mechanics/`) reads its options through it. What a
//! module does (its hooks, figures, actions, decisions) it declares in its
//! own file; what the compiler must know before the engine exists (the
//! name, whether the engine plays it, its options and their words) is here.

/// A mechanic with a module of its own in the engine, or one the seeds
/// describe that the engine does not play yet. The order is the order in
/// which modules answer a hook, unless a module declares it must come
/// after another (`runtime/src/mechanics/registry.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Mech {
    River,
    Inns,
    Cathedrals,
    BigFollower,
    Abbot,
    PigHerd,
    Dragon,
    Castles,
    Goods,
    Builder,
    Pig,
    Fairy,
    Portal,
    Princess,
    Tower,
    Abbey,
    Mayor,
    Wagon,
    Barn,
    Count,
    KingRobber,
    Heretics,
    Catapult,
    Bridges,
    Bazaars,
    HillsSheep,
    Flier,
    Messages,
    Ferries,
    GoldMines,
    MageWitch,
    Robbers,
    CropCircles,
    Wheel,
}

/// How many mechanics there are: a mask of them (`MechSet`) is a `u64`.
pub const MECH_COUNT: usize = Mech::ALL.len();
const _: () = assert!(MECH_COUNT <= 64, "a MechSet holds at most 64 mechanics");

/// A set of mechanics, bit `Mech as u8` each.
pub type MechSet = u64;

impl Mech {
    pub const ALL: [Mech; 34] = [
        Mech::River,
        Mech::Inns,
        Mech::Cathedrals,
        Mech::BigFollower,
        Mech::Abbot,
        Mech::PigHerd,
        Mech::Dragon,
        Mech::Castles,
        Mech::Goods,
        Mech::Builder,
        Mech::Pig,
        Mech::Fairy,
        Mech::Portal,
        Mech::Princess,
        Mech::Tower,
        Mech::Abbey,
        Mech::Mayor,
        Mech::Wagon,
        Mech::Barn,
        Mech::Count,
        Mech::KingRobber,
        Mech::Heretics,
        Mech::Catapult,
        Mech::Bridges,
        Mech::Bazaars,
        Mech::HillsSheep,
        Mech::Flier,
        Mech::Messages,
        Mech::Ferries,
        Mech::GoldMines,
        Mech::MageWitch,
        Mech::Robbers,
        Mech::CropCircles,
        Mech::Wheel,
    ];

    /// The mechanic's bit in a `MechSet`.
    #[inline]
    pub const fn bit(self) -> MechSet {
        1 << self as u8
    }

    /// Its declaration.
    pub const fn decl(self) -> &'static MechDecl {
        &MECHANICS[self as usize + 1]
    }

    /// The name rulesets use for it (`big-follower`).
    pub const fn name(self) -> &'static str {
        self.decl().name
    }

    /// The mechanic named `name`, if it has a module of its own.
    pub fn from_name(name: &str) -> Option<Mech> {
        Mech::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// A rule option: its key in a ruleset's `[options]`, the mechanic that
/// reads it, its values and their defaults by edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionDecl {
    pub key: &'static str,
    /// The mechanic the option belongs to: a ruleset that does not play it
    /// may not set it (`base`: every ruleset may).
    pub mechanic: &'static str,
    pub values: OptionValues,
    /// The value in a ruleset of edition 1 and of edition 2 (the index of
    /// the word, or 0 and 1 for false and true).
    pub default: [u8; 2],
    /// For `carcassonne rulesets` and the README: what each value means, with
    /// the seed lines behind it.
    pub meaning: &'static str,
}

/// What an option's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionValues {
    /// `true` or `false` (stored 1 or 0).
    Bool,
    /// One of these words (stored as its index).
    Words(&'static [&'static str]),
}

impl OptionDecl {
    /// The value stored for `v` as the catalog and records name it: a word,
    /// or a boolean.
    pub fn word(&self, v: u8) -> Option<&'static str> {
        match self.values {
            OptionValues::Bool => Some(if v != 0 { "true" } else { "false" }),
            OptionValues::Words(w) => w.get(v as usize).copied(),
        }
    }

    /// The default in a ruleset of `edition`.
    pub fn default_for(&self, edition: u8) -> u8 {
        self.default[usize::from(edition >= 2)]
    }
}

/// How many options a ruleset's tables hold: exactly the declared ones, so a
/// mechanic adds an option by declaring it in `OPTIONS` and nothing else.
pub const MAX_OPTIONS: usize = OPTIONS.len();

/// Every rule option, in the order the catalog and records list them.
pub const OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        key: "farmers",
        mechanic: "base",
        values: OptionValues::Bool,
        default: [1, 1],
        meaning: "followers may be deployed on fields and farms score at the end (000_9deb58b1a7d17d38.txt L210-L272)",
    },
    OptionDecl {
        key: "farm_scoring",
        mechanic: "base",
        values: OptionValues::Words(&["per-farm", "legacy-2000"]),
        default: [0, 0],
        meaning: "3 per completed city bordering each farm (L244-L258), or per city 4 to the majority of the farmers supplying it (fn 15, L381)",
    },
    OptionDecl {
        key: "river_turns",
        mechanic: "base",
        values: OptionValues::Words(&["no-u-turn", "no-three-same-way"]),
        default: [0, 1],
        meaning: "the river may not turn the same way twice in a row (000_… fn 17), nor in the 2nd edition three times (001_46b8449c567a6f1a.txt L599)",
    },
    OptionDecl {
        key: "unused_start_tiles",
        mechanic: "base",
        values: OptionValues::Words(&["remove", "shuffle", "river", "after-river"]),
        default: [0, 0],
        meaning: "what becomes of a start tile the game does not start with: left out (L460), shuffled in (fn 8 L613), mixed into the river or drawn right after it (fn 7 L612)",
    },
    OptionDecl {
        key: "builder_second_tile",
        mechanic: "builder",
        values: OptionValues::Words(&["optional", "always"]),
        default: [0, 0],
        meaning: "the builder's second tile is offered (\"may\", L872, fn 8 L1003) or always taken",
    },
    OptionDecl {
        key: "river_volcano",
        mechanic: "river",
        values: OptionValues::Words(&["second-tile", "none"]),
        default: [1, 0],
        meaning: "River II's volcano lake takes no figure and gives its placer a second tile at once (001_46b8449c567a6f1a.txt L606, the 2nd edition), or means nothing without the dragon (000_… L490)",
    },
    OptionDecl {
        key: "wagon_move",
        mechanic: "wagon",
        values: OptionValues::Words(&["nearby", "adjacent"]),
        default: [1, 0],
        meaning: "a wagon moves to a feature adjacent to the one it left (L1668, edition 1) or to any on its tile and the eight around (the later rule)",
    },
    OptionDecl {
        key: "challenge_own_monk",
        mechanic: "heretics",
        values: OptionValues::Bool,
        default: [1, 1],
        meaning: "a heretic may challenge its owner's own monk (L2072; 003_f0943165331a7fee.txt L186) or only another player's (002_7f8d72b3eaff567f.txt L852)",
    },
    OptionDecl {
        key: "dragon_move",
        mechanic: "dragon",
        values: OptionValues::Words(&["before-scoring", "after-scoring"]),
        default: [0, 0],
        meaning: "the dragon moves after the figure step and before scoring (000_9deb58b1a7d17d38.txt L1110, L1147-L1149; HiG, ZMG) or after scoring (the RGG prose, fn 12 L1350)",
    },
    OptionDecl {
        key: "fairy",
        mechanic: "fairy",
        values: OptionValues::Words(&["next-to", "on-tile"]),
        default: [0, 0],
        meaning: "the fairy stands next to one follower, which alone earns its points (L1088, L1093-L1094; HiG), or on a tile, every follower there earning them (fn 3, 5, 7 L1336-L1340; RGG, ZMG)",
    },
    OptionDecl {
        key: "princess",
        mechanic: "princess",
        values: OptionValues::Words(&["may", "must"]),
        default: [0, 0],
        meaning: "a princess tile that extends an occupied city may remove one knight (L1169, HiG) or must (fn 25 L1367, RGG and ZMG)",
    },
    OptionDecl {
        key: "tower_top_capture",
        mechanic: "tower",
        values: OptionValues::Bool,
        default: [1, 1],
        meaning: "a follower on top of a tower may be captured by another tower (L1467; HiG, RGG Big Box 1) or not (fn 22 L1521, the newer ZMG rules)",
    },
    OptionDecl {
        key: "capture_own",
        mechanic: "tower",
        values: OptionValues::Bool,
        default: [1, 1],
        meaning: "a tower may take its player's own follower, which goes home (L1461, fn 5 L1500; the newer rules) or only an opponent's (the original rules, fn 5)",
    },
    OptionDecl {
        key: "ransom_needs_points",
        mechanic: "tower",
        values: OptionValues::Bool,
        default: [1, 1],
        meaning: "a ransom needs 3 points to pay (L1477, fn 30 L1529; RGG, ZMG) or may be paid with fewer, all of them (the initial German rules, fn 30)",
    },
    OptionDecl {
        key: "hill_tiebreak",
        mechanic: "hills-sheep",
        values: OptionValues::Words(&["presence", "count"]),
        default: [0, 0],
        meaning: "players tied for a feature's majority: those with a follower on a hill tile of it win (the published rule: docs/rules/hills-sheep.md), or those with the most followers on hill tiles (the variant Wikicarpedia's 1st-edition page notes, JCloisterZone's `number-of-followers`)",
    },
    OptionDecl {
        key: "catapult_rule",
        mechanic: "catapult",
        values: OptionValues::Words(&["rounds", "fair-bonus"]),
        default: [0, 0],
        meaning: "after a fair tile's turn, a catapult round (000_9deb58b1a7d17d38.txt L2255-L2294), or the house rule of L2298: no catapult, 5 points to the player who draws a fair tile and deploys a normal follower on it",
    },
    OptionDecl {
        key: "seduction",
        mechanic: "catapult",
        values: OptionValues::Words(&["closest", "closest-opponent"]),
        default: [0, 0],
        meaning: "the seduction token swaps the follower closest to it, whoever owns it (000_9deb58b1a7d17d38.txt L2276, HiG fn 9 L2334), or the closest opponent's follower (the RGG rules, fn 8 L2333)",
    },
    OptionDecl {
        key: "famine",
        mechanic: "wheel",
        values: OptionValues::Words(&["every-farmer", "majority"]),
        default: [0, 0],
        meaning: "the Wheel of Fortune's Famine pays every farmer 1 per completed city of its farm, majority or not (000_9deb58b1a7d17d38.txt L2744, the Big Box 5 wording, fn 8 L2906), or only the farmers of the players with the farm's majority (the earlier rules, fn 8)",
    },
    OptionDecl {
        key: "count_move",
        mechanic: "count",
        values: OptionValues::Words(&["free", "clockwise", "to-quarter"]),
        default: [0, 0],
        meaning: "after a follower enters the City its placer may move the Count to any quarter (000_9deb58b1a7d17d38.txt L1987; 003_f0943165331a7fee.txt L92), or the official variants: the Count moves clockwise to the next quarter, or to the quarter the follower entered (L1993-L1998; 003 L131-L134)",
    },
    OptionDecl {
        key: "count_blocks",
        mechanic: "count",
        values: OptionValues::Words(&["from", "to-and-from"]),
        default: [0, 0],
        meaning: "no follower leaves the Count's quarter (L1966, L1987; 003 L92, L110), or none enters it either (RGG Big Box 2, fn 34 L2175)",
    },
    OptionDecl {
        key: "count_trigger",
        mechanic: "count",
        values: OptionValues::Words(&["any-score", "completion"]),
        default: [0, 0],
        meaning: "a follower enters the City after any scoring of the placement that paid others and not its placer (L1956, RGG and Big Box 2; fn 8-11), or only after one that completed a road, city or cloister (the original rules, fn 7 L2148)",
    },
    OptionDecl {
        key: "count_final",
        mechanic: "count",
        values: OptionValues::Words(&["every-quarter", "market-to-farms"]),
        default: [0, 1],
        meaning: "at the end, from the last placer's left, each player in turn moves one follower from any quarter but the Count's to a suitable feature until none can (fn 27 L2166), or only the market's to farms, none if the Count is there (003_f0943165331a7fee.txt L124-L126, fn 12 L498)",
    },
    OptionDecl {
        key: "castle_towns",
        mechanic: "castles",
        values: OptionValues::Words(&["semicircular", "city-ends"]),
        default: [0, 0],
        meaning: "a town of two semicircular city segments may become a castle, never a city marked `no-castle` (000_9deb58b1a7d17d38.txt L2489, fn 20 L2587; HiG), or any town of two city ends, the marks ignored (fn 21 L2612; ZMG)",
    },
    OptionDecl {
        key: "bazaar_auction",
        mechanic: "bazaars",
        values: OptionValues::Words(&["auction", "free-choice"]),
        default: [0, 0],
        meaning: "the tiles turned up at a bazaar are auctioned (000_9deb58b1a7d17d38.txt L2413-L2424), or, the variant, each player from the next in turn takes one for nothing (L2437, fn 10 L2560)",
    },
    OptionDecl {
        key: "bazaar_bids",
        mechanic: "bazaars",
        values: OptionValues::Words(&["any", "own-score"]),
        default: [0, 0],
        meaning: "a bid may exceed the bidder's points, scores going below 0 (L2420, fn 4 L2554; HiG, RGG), or not: no bid above one's points, no purchase one cannot pay, and with every player at 0 the free choice (ZMG, fn 5 L2555, fn 11 L2561)",
    },
    OptionDecl {
        key: "bazaar_chooser",
        mechanic: "bazaars",
        values: OptionValues::Words(&["next", "same-if-sold"]),
        default: [0, 0],
        meaning: "after a tile is sold, the next player without a tile chooses (L2422), or the same chooser again if they sold it (RGG Big Box 3, fn 6 L2556)",
    },
    OptionDecl {
        key: "bazaar_few_tiles",
        mechanic: "bazaars",
        values: OptionValues::Words(&["no-auction", "auction"]),
        default: [0, 0],
        meaning: "with fewer face-down tiles than players there is no bazaar (L2433; RGG Big Box 3 only, fn 8 L2558), or the tiles left are auctioned and the last players get none",
    },
    OptionDecl {
        key: "bazaar_builder",
        mechanic: "bazaars",
        values: OptionValues::Words(&["auction-first", "builder-first"]),
        default: [0, 0],
        meaning: "a bazaar in the first part of a builder's double turn comes first: auction, the buyers' turns (their own second parts, bazaars drawn there delayed until after them), then the second part (L2439-L2463); or the second part comes first (fn 12 L2562, the variant HiG accepts)",
    },
    OptionDecl {
        key: "flier_abbot",
        mechanic: "flier",
        values: OptionValues::Words(&["flies", "grounded"]),
        default: [0, 0],
        meaning: "the abbot may be a flier, landing only on an unfinished monastery or garden (001_46b8449c567a6f1a.txt fn 23 L852, 3/2015), or may not (the Big Box 6 order of play leaves it out of the fliers, fn 24 L853)",
    },
    OptionDecl {
        key: "gold_final",
        mechanic: "gold-mines",
        values: OptionValues::Words(&["removed", "shared"]),
        default: [0, 0],
        meaning: "gold bars still on the board at the end are removed before the bonus (the published rules; 004_e9353f116722cd5d.txt L116-L117 gives gold only for completed features), or the incomplete roads, cities and cloisters of the final scoring hand out their tiles' gold as completed ones do (a reading of L117: farmers alone earn no gold at the end)",
    },
    OptionDecl {
        key: "gold_together",
        mechanic: "gold-mines",
        values: OptionValues::Words(&["together", "first-scored"]),
        default: [0, 0],
        meaning: "the gold of the features completed in one scoring step is dealt together, one bar at a time from the active player to each player who can receive one, when a tile lies in several of them (the publisher's rule sheet: \"if multiple features with gold ingots are completed at the same time\"; 004_e9353f116722cd5d.txt L115 takes gold after the whole scoring), or each feature's majority takes the gold still on its tiles as it scores, so the first feature scored takes a shared tile's (L108 read feature by feature)",
    },
    OptionDecl {
        key: "crop_circle_timing",
        mechanic: "crop-circles",
        values: OptionValues::Words(&["part", "turn"]),
        default: [0, 0],
        meaning: "a crop circle's round comes right after the part of the turn that placed its tile, before a builder's second part (the publisher's clarification, docs/rules/crop-circles.md), or once the whole turn is over (004_e9353f116722cd5d.txt L183: \"takes a normal turn. Subsequently\")",
    },
    OptionDecl {
        key: "robbers_next",
        mechanic: "robbers",
        values: OptionValues::Words(&["next-free", "next", "each"]),
        default: [0, 0],
        meaning: "after a robber tile, besides the active player: the first player after them whose robber is in their supply may place it (the published rule, Wikicarpedia's The Robbers, its example 1; 004_e9353f116722cd5d.txt L160 says \"the player whose turn is next\" and is silent on a robber already out), only the very next player, if their robber is in their supply (the seed's words), or every other player in turn order (Z-Man's Big Box 4 rules)",
    },
    OptionDecl {
        key: "mage_pennants",
        mechanic: "mage-witch",
        values: OptionValues::Words(&["none", "one"]),
        default: [0, 0],
        meaning: "the mage adds 1 point per tile of its road or city and nothing for pennants (the published rule: Hans im Glueck's, Wikicarpedia 'Mage and Witch'), or 1 more per pennant too (a reading of the garbled 004_e9353f116722cd5d.txt L145)",
    },
    OptionDecl {
        key: "mage_witch_dragon",
        mechanic: "mage-witch",
        values: OptionValues::Words(&["eaten", "spared"]),
        default: [0, 0],
        meaning: "the dragon eats the mage and the witch on a tile it enters, which then wait for the next mage symbol (its meal plan, 000_9deb58b1a7d17d38.txt L1125, 3/2015), or spares them (the rules before March 2015, fn 14 L1356)",
    },
];

/// The index of option `key` in `OPTIONS` (a compile-time error, where it is
/// evaluated in a constant, for a key that is not declared).
pub const fn option_index(key: &str) -> usize {
    let mut i = 0;
    while i < OPTIONS.len() {
        if str_eq(OPTIONS[i].key, key) {
            return i;
        }
        i += 1;
    }
    panic!("no such option")
}

/// The option named `key`.
pub fn option(key: &str) -> Option<(usize, &'static OptionDecl)> {
    OPTIONS.iter().enumerate().find(|(_, o)| o.key == key)
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The values of every option in one ruleset, indexed like `OPTIONS`.
pub type OptionSet = [u8; MAX_OPTIONS];

/// Every option at its default for `edition`.
pub fn default_options(edition: u8) -> OptionSet {
    let mut v = [0; MAX_OPTIONS];
    for (i, o) in OPTIONS.iter().enumerate() {
        v[i] = o.default_for(edition);
    }
    v
}

/// A mechanic a ruleset may switch on.
#[derive(Debug, Clone, Copy)]
pub struct MechDecl {
    pub name: &'static str,
    /// Whether the engine plays it: a ruleset asking for one that it does
    /// not is rejected (the engine's registry must agree, a test checks).
    pub implemented: bool,
    pub meaning: &'static str,
}

/// `base` first (the engine's skeleton, no module), then one entry per
/// `Mech`, in its order.
pub const MECHANICS: &[MechDecl] = &[
    decl("base", true, "the base game: roads, cities with pennants, cloisters, fields"),
    decl("river", true, "river tiles are played first from their own stack (River I, II)"),
    decl("inns", true, "inns on roads (Inns & Cathedrals)"),
    decl("cathedrals", true, "cathedrals in cities (Inns & Cathedrals)"),
    decl("big-follower", true, "one big follower per player counting 2 for majority (Inns & Cathedrals)"),
    decl("abbot", true, "the abbot on cloisters and gardens (The Abbot, 2nd edition)"),
    decl("pig-herd", true, "River II's pig herd adds to farm scoring"),
    decl("dragon", true, "volcano and dragon (The Princess & the Dragon)"),
    decl("castles", true, "castles from completed small cities (Bridges, Castles & Bazaars)"),
    decl("goods", true, "trade goods from completed cities, 10 for most of each kind (Traders & Builders)"),
    decl("builder", true, "the builder's double turn (Traders & Builders)"),
    decl("pig", true, "the pig adds 1 per city to its owner's farm (Traders & Builders)"),
    decl("fairy", true, "the fairy: 1 point a turn, 3 when its follower's feature scores (The Princess & the Dragon)"),
    decl("portal", true, "magic portals deploy anywhere (The Princess & the Dragon)"),
    decl("princess", true, "the princess removes a knight (The Princess & the Dragon)"),
    decl("tower", true, "tower pieces, captures and ransom (The Tower)"),
    decl("abbey", true, "the abbey tile, one per player, played into holes (Abbey & Mayor)"),
    decl("mayor", true, "the mayor counts the city's pennants (Abbey & Mayor)"),
    decl("wagon", true, "the wagon moves on after scoring (Abbey & Mayor)"),
    decl("barn", true, "barns on field corners (Abbey & Mayor)"),
    decl("count", true, "the City of Carcassonne and the Count (Count, King & Robber)"),
    decl("king-robber", true, "the King and the Robber Baron for the largest city and longest road (Count, King & Robber)"),
    decl("heretics", true, "shrines and heretics challenging monks (Count, King & Robber)"),
    decl("catapult", true, "fairs and catapult rounds, each hurl's landing a chance outcome (The Catapult; the model: docs/rules/catapult.md)"),
    decl("bridges", true, "wooden bridges built on fields (Bridges, Castles & Bazaars)"),
    decl("bazaars", true, "tile auctions at bazaars (Bridges, Castles & Bazaars)"),
    decl("hills-sheep", true, "hills, vineyards, the shepherd and the sheep bag (Hills & Sheep; the published rules, docs/rules/hills-sheep.md)"),
    decl("flier", true, "a follower flies a die roll's distance along a flier tile's arrow and lands on an unfinished feature there, or crashes (The Flier)"),
    decl("messages", true, "a messenger beside each score marker; a marker landing on a dark space in its owner's turn draws a message to perform or take 2 points for (The Messages)"),
    decl("ferries", true, "a ferry on each lake joins two of its road ends; extending a road moves its nearest ferries (The Ferries)"),
    decl("gold-mines", true, "gold bars and their end bonus (The Goldmines)"),
    decl("mage-witch", true, "the mage and the witch change a feature's score (The Mage & the Witch)"),
    decl("robbers", true, "robbers on the score track take half, rounded up, of the next gain of a marker on their space (The Robbers)"),
    decl("crop-circles", true, "after a crop-circle tile's turn, every player adds a follower beside one of the type its symbol names, or removes one (Crop Circles I and II)"),
    decl("wheel", true, "the Wheel of Fortune: sectors, events and crown spaces (The Wheel of Fortune)"),
];

const _: () = assert!(MECHANICS.len() == MECH_COUNT + 1);

const fn decl(name: &'static str, implemented: bool, meaning: &'static str) -> MechDecl {
    MechDecl {
        name,
        implemented,
        meaning,
    }
}

/// The declaration of the mechanic named `name` (`base` included).
pub fn mechanic(name: &str) -> Option<&'static MechDecl> {
    MECHANICS.iter().find(|m| m.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mech_has_its_declaration_in_order() {
        for (i, m) in Mech::ALL.into_iter().enumerate() {
            assert_eq!(m as usize, i);
            assert_eq!(Mech::from_name(m.name()), Some(m));
        }
        assert_eq!(MECHANICS[0].name, "base");
    }

    #[test]
    fn every_option_names_a_mechanic_and_valid_defaults() {
        for o in OPTIONS {
            assert!(mechanic(o.mechanic).is_some(), "{}", o.key);
            for d in o.default {
                assert!(o.word(d).is_some(), "{}: default {d}", o.key);
            }
            assert_eq!(OPTIONS[option_index(o.key)].key, o.key);
        }
    }
}
