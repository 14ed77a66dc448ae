//! Mechanic modules and the hook points they plug into.
//!
//! The compiler declares which hooks each mechanic uses (`codegen/src/attrs.rs`,
//! next to the attributes) and emits, per ruleset, the modules of each hook in
//! the order of that declaration; the engine dispatches over those short
//! lists with a `match`, so a ruleset pays only for its own mechanics.

/// A mechanic the engine plays with a module of its own
/// (`runtime/src/mechanics/`). The base game is the engine's skeleton and
/// has no module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Mech {
    River,
    Inns,
    Cathedrals,
    BigFollower,
    Goods,
    Builder,
    Pig,
    Abbot,
    PigHerd,
    Abbey,
    Mayor,
    Wagon,
    Barn,
    KingRobber,
    Heretics,
}

/// The points of a turn where a module may act, in the order a turn meets
/// them (`docs/reference/turn_order.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Hook {
    /// Figures and tokens handed out before the first turn.
    Setup,
    /// The draw order (the river's own stack first).
    TileSource,
    /// Before drawing: the player may place a tile held instead (the
    /// abbey), so the game asks before it draws.
    Source,
    /// Forbid placements the edge match allows (river bends and branches).
    PlacementFilter,
    /// Right after the tile is down and its features joined (the builder's
    /// second-part trigger, the river's course).
    AfterPlace,
    /// Marks a new segment gives its feature (inn, cathedral).
    FeatureMarks,
    /// What may be deployed besides a follower on the new tile, and the
    /// alternatives to deploying (big follower, builder, pig, abbot, the
    /// abbot's return).
    WoodOptions,
    /// A feature's worth: multipliers, per-player bonuses.
    Value,
    /// A feature has scored (goods to the player who completed a city).
    OnScored,
    /// The scoring step after the completed features of a part (barns score
    /// the farmers of their farm).
    Scoring,
    /// Answer a decision the module posed to a player after scoring (where
    /// a wagon moves); the skeleton asks them in order.
    Asks,
    /// A turn part has ended: another part may follow (builder).
    PartEnd,
    /// The tiles are gone: extra turns before the end (the abbey round).
    TilesOut,
    /// The tiles are gone: end-of-game points beyond the features (goods).
    GameEnd,
}

impl Hook {
    pub const ALL: [Hook; 14] = [
        Hook::Setup,
        Hook::TileSource,
        Hook::Source,
        Hook::PlacementFilter,
        Hook::AfterPlace,
        Hook::FeatureMarks,
        Hook::WoodOptions,
        Hook::Value,
        Hook::OnScored,
        Hook::Scoring,
        Hook::Asks,
        Hook::PartEnd,
        Hook::TilesOut,
        Hook::GameEnd,
    ];
    pub const COUNT: usize = Hook::ALL.len();

    pub fn name(self) -> &'static str {
        match self {
            Hook::Setup => "setup",
            Hook::TileSource => "tile_source",
            Hook::Source => "source",
            Hook::PlacementFilter => "placement_filter",
            Hook::AfterPlace => "after_place",
            Hook::FeatureMarks => "feature_marks",
            Hook::WoodOptions => "wood_options",
            Hook::Value => "value",
            Hook::OnScored => "on_scored",
            Hook::Scoring => "scoring",
            Hook::Asks => "asks",
            Hook::PartEnd => "part_end",
            Hook::TilesOut => "tiles_out",
            Hook::GameEnd => "game_end",
        }
    }

    /// The bit of this hook in a ruleset's hook mask.
    #[inline]
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }
}

impl Mech {
    pub fn name(self) -> &'static str {
        match self {
            Mech::River => "river",
            Mech::Inns => "inns",
            Mech::Cathedrals => "cathedrals",
            Mech::BigFollower => "big-follower",
            Mech::Goods => "goods",
            Mech::Builder => "builder",
            Mech::Pig => "pig",
            Mech::Abbot => "abbot",
            Mech::PigHerd => "pig-herd",
            Mech::Abbey => "abbey",
            Mech::Mayor => "mayor",
            Mech::Wagon => "wagon",
            Mech::Barn => "barn",
            Mech::KingRobber => "king-robber",
            Mech::Heretics => "heretics",
        }
    }
}
