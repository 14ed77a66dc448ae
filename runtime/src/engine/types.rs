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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FollowerKind {
    Normal,
    /// Inns & Cathedrals: counts 2 for majority (000_9deb58b1a7d17d38.txt L690-L702).
    Big,
}

impl FollowerKind {
    pub fn name(self) -> &'static str {
        match self {
            FollowerKind::Normal => "normal",
            FollowerKind::Big => "big",
        }
    }

    pub fn strength(self) -> u32 {
        match self {
            FollowerKind::Normal => 1,
            FollowerKind::Big => 2,
        }
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
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Completed => "completed",
            Reason::Final => "final",
        }
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
}
