//! The vocabulary of the engine's API: moves, score events, errors.

use crate::tables::Kind;

/// Up to eight colours (base 5, Inns & Cathedrals' 6th, Big Box 5's 7th and 8th).
pub const MAX_PLAYERS: usize = 8;

/// Where and how a tile goes: x grows east, y grows south; `rotation` counts
/// clockwise quarter turns (1 turns the tile's N side to face E).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    pub x: i16,
    pub y: i16,
    pub rotation: u8,
}

/// A figure a player deploys. Followers (normal, big, abbot) occupy their
/// feature; the builder and the pig are not followers: they stand beside
/// their owner's follower and count 0 for majority (000_9deb58b1a7d17d38.txt
/// L887, L906).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum FollowerKind {
    Normal,
    /// Inns & Cathedrals: counts 2 for majority (000_9deb58b1a7d17d38.txt L690-L702).
    Big,
    /// Traders & Builders: gives a second turn part (000_… L859-L886).
    Builder,
    /// Traders & Builders: 4 instead of 3 per city on its farm (000_… L895-L907).
    Pig,
    /// The Abbot: only on a cloister or garden (001_46b8449c567a6f1a.txt L425-L433).
    Abbot,
}

/// How many kinds of figure there are (`FollowerKind as usize` indexes).
pub const FIGURE_KINDS: usize = 5;

impl FollowerKind {
    pub const ALL: [FollowerKind; FIGURE_KINDS] = [
        FollowerKind::Normal,
        FollowerKind::Big,
        FollowerKind::Builder,
        FollowerKind::Pig,
        FollowerKind::Abbot,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FollowerKind::Normal => "normal",
            FollowerKind::Big => "big",
            FollowerKind::Builder => "builder",
            FollowerKind::Pig => "pig",
            FollowerKind::Abbot => "abbot",
        }
    }

    pub fn from_name(name: &str) -> Option<FollowerKind> {
        FollowerKind::ALL.into_iter().find(|k| k.name() == name)
    }

    #[inline]
    pub fn strength(self) -> u32 {
        match self {
            FollowerKind::Normal | FollowerKind::Abbot => 1,
            FollowerKind::Big => 2,
            FollowerKind::Builder | FollowerKind::Pig => 0,
        }
    }

    /// Whether the figure occupies its feature (a follower), so that no
    /// other follower may join it.
    #[inline]
    pub fn occupies(self) -> bool {
        !matches!(self, FollowerKind::Builder | FollowerKind::Pig)
    }
}

/// A follower deployed on segment `segment` of the tile just placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Deploy {
    pub segment: u8,
    pub kind: FollowerKind,
}

/// One turn's choice: a placement and an optional follower.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub placement: Placement,
    pub deploy: Option<Deploy>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A feature completed during the game.
    Completed,
    /// Final scoring (incomplete features and farms).
    Final,
    /// The Abbot: its owner took it back and scored its feature as at the
    /// end of the game (001_46b8449c567a6f1a.txt L432-L433).
    AbbotReturn,
    /// Traders & Builders: the most tokens of one good at the end, 10 points
    /// (000_9deb58b1a7d17d38.txt L930-L940).
    Goods,
}

impl Reason {
    pub const ALL: [Reason; 4] = [
        Reason::Completed,
        Reason::Final,
        Reason::AbbotReturn,
        Reason::Goods,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reason::Completed => "completed",
            Reason::Final => "final",
            Reason::AbbotReturn => "abbot-return",
            Reason::Goods => "goods",
        }
    }

    pub fn from_name(name: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Scored as at the end of the game (incomplete features count).
    #[inline]
    pub fn as_final(self) -> bool {
        !matches!(self, Reason::Completed)
    }
}

/// Points scored by one player for one feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoreEvent {
    pub player: u8,
    pub points: u32,
    pub feature: Kind,
    pub reason: Reason,
}

/// Why a move was refused. The game state is unchanged when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("({x}, {y}) is not an empty position next to a placed tile")]
    NotOpen { x: i16, y: i16 },
    #[error("rotation {0} is not 0-3")]
    BadRotation(u8),
    #[error("tile {tile} rotated {rotation} does not match its neighbours at ({x}, {y})")]
    DoesNotFit {
        tile: &'static str,
        x: i16,
        y: i16,
        rotation: u8,
    },
    #[error("river rule: {0}")]
    River(&'static str),
    #[error("tile {tile} has no segment {segment}")]
    NoSuchSegment { tile: &'static str, segment: u8 },
    #[error("a follower cannot stand on a {0}")]
    NotClaimable(&'static str),
    #[error("farmers are not played in this ruleset")]
    NoFarmers,
    #[error("that feature already has a follower on it")]
    Occupied,
    #[error("player {0} has no such follower left in supply")]
    NoFollowerLeft(u8),
    #[error("big followers are not played in this ruleset")]
    NoBigFollower,
    #[error("the {0} is not played in this ruleset")]
    NotPlayed(&'static str),
    #[error("a {figure} cannot stand on a {feature}")]
    WrongFeature {
        figure: &'static str,
        feature: &'static str,
    },
    #[error("the {0} goes only onto a feature that already holds one of its owner's followers")]
    NeedsOwnFollower(&'static str),
    #[error("no figure may be deployed on this tile: {0}")]
    Banned(&'static str),
    #[error("the game waits for another decision: {0}")]
    Waiting(&'static str),
    #[error("player {0} has no abbot on the board to take back")]
    NoAbbotToReturn(u8),
}

/// Who answers the pending decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A player (not always the one whose turn it is).
    Player(u8),
    /// Chance: the game's seeded random source, or in a scripted game the
    /// record (`Game::force_draw`).
    Chance,
}

/// What the pending decision is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Place the drawn tile (`Game::current_tile`).
    Place,
    /// Move wood after placing: deploy a figure on the new tile, or an
    /// alternative to deploying (take the abbot back), or pass.
    Wood,
    /// The builder earned a second part: take it or not
    /// (000_9deb58b1a7d17d38.txt L872, fn 8 L1003).
    SecondTile,
}

impl Decision {
    pub fn name(self) -> &'static str {
        match self {
            Decision::Place => "place a tile",
            Decision::Wood => "deploy a figure or pass",
            Decision::SecondTile => "take the builder's second tile or not",
        }
    }
}

/// Who decides now, and what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pending {
    pub actor: Actor,
    pub decision: Decision,
}

/// One answer to a decision. `Move { placement, deploy }` is `Place` then
/// `Deploy` or `Pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    Place(Placement),
    /// A figure onto a segment of the tile just placed.
    Deploy(Deploy),
    /// The Abbot: instead of deploying, take the abbot back and score its
    /// cloister or garden as at the end (001_46b8449c567a6f1a.txt L432).
    ReturnAbbot,
    /// Take (`true`) or decline the builder's second tile.
    SecondTile(bool),
    /// Deploy nothing.
    Pass,
}

impl Action {
    pub fn name(self) -> &'static str {
        match self {
            Action::Place(_) => "place",
            Action::Deploy(_) => "deploy",
            Action::ReturnAbbot => "return-abbot",
            Action::SecondTile(_) => "second-tile",
            Action::Pass => "pass",
        }
    }
}

/// Why an action was refused. The game state is unchanged when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("the game is over")]
    GameOver,
    #[error("`{action}` does not answer the pending decision: {expected}")]
    NotNow {
        action: &'static str,
        expected: &'static str,
    },
    #[error("player {player} answered, but the game asks player {asked}")]
    WrongPlayer { player: u8, asked: u8 },
    #[error(transparent)]
    Illegal(#[from] MoveError),
}
