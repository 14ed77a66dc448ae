//! The vocabulary of the engine's API: moves, score events, errors.

use crate::tables::Kind;

/// Up to eight colours (base 5, Inns & Cathedrals' 6th, Big Box 5's 7th and 8th).
pub const MAX_PLAYERS: usize = 8;

/// Where and how a tile goes: x grows east, y grows south; `rotation` counts
/// clockwise quarter turns (1 turns the tile's N side to face E).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    pub x: i16,
    pub y: i16,
    pub rotation: u8,
}

impl Placement {
    pub const fn at(x: i16, y: i16, rotation: u8) -> Self {
        Placement { x, y, rotation }
    }
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
    /// Abbey & Mayor: only into a city with no follower; its strength is the
    /// city's pennants (000_9deb58b1a7d17d38.txt L1619-L1646, fn 27 L1860).
    Mayor,
    /// Abbey & Mayor: counts 1; after its feature scores it may move on to an
    /// adjacent feature (000_… L1648-L1747).
    Wagon,
    /// Abbey & Mayor: not a follower; stands on a field corner and keeps
    /// farmers off its farm (000_… L1748-L1803, fn 1 L1834).
    Barn,
}

/// How many kinds of figure there are (`FollowerKind as usize` indexes).
pub const FIGURE_KINDS: usize = 8;

impl FollowerKind {
    pub const ALL: [FollowerKind; FIGURE_KINDS] = [
        FollowerKind::Normal,
        FollowerKind::Big,
        FollowerKind::Builder,
        FollowerKind::Pig,
        FollowerKind::Abbot,
        FollowerKind::Mayor,
        FollowerKind::Wagon,
        FollowerKind::Barn,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FollowerKind::Normal => "normal",
            FollowerKind::Big => "big",
            FollowerKind::Builder => "builder",
            FollowerKind::Pig => "pig",
            FollowerKind::Abbot => "abbot",
            FollowerKind::Mayor => "mayor",
            FollowerKind::Wagon => "wagon",
            FollowerKind::Barn => "barn",
        }
    }

    pub fn from_name(name: &str) -> Option<FollowerKind> {
        FollowerKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Strength for majority on a feature with `pennants` pennants (the
    /// mayor's is the city's pennants, 000_9deb58b1a7d17d38.txt L1640).
    #[inline]
    pub fn strength(self, pennants: u16) -> u32 {
        match self {
            FollowerKind::Normal | FollowerKind::Abbot | FollowerKind::Wagon => 1,
            FollowerKind::Big => 2,
            FollowerKind::Mayor => pennants as u32,
            FollowerKind::Builder | FollowerKind::Pig | FollowerKind::Barn => 0,
        }
    }

    /// Whether the figure occupies its feature, so that no follower may
    /// join it: the followers, and the barn (no farmer may ever be deployed
    /// to a farm with a barn, 000_9deb58b1a7d17d38.txt L1767).
    #[inline]
    pub fn occupies(self) -> bool {
        !matches!(self, FollowerKind::Builder | FollowerKind::Pig)
    }

    /// Whether the figure is a follower: what the builder and the pig need
    /// beside them. The barn occupies its farm but is none
    /// (000_9deb58b1a7d17d38.txt fn 1 L1834, fn 41 L1875).
    #[inline]
    pub fn is_follower(self) -> bool {
        self.occupies() && self != FollowerKind::Barn
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
    /// Abbey & Mayor: a farm's farmers scored during play because a barn
    /// was placed on it or their farm was joined to a barn's
    /// (000_9deb58b1a7d17d38.txt L1775-L1800).
    Barn,
    /// King & Robber Baron: the King's holder scores 1 per completed city at
    /// the end (000_9deb58b1a7d17d38.txt L2046).
    King,
    /// King & Robber Baron: the Robber Baron's holder scores 1 per completed
    /// road at the end (000_9deb58b1a7d17d38.txt L2048).
    RobberBaron,
}

impl Reason {
    pub const ALL: [Reason; 7] = [
        Reason::Completed,
        Reason::Final,
        Reason::AbbotReturn,
        Reason::Goods,
        Reason::Barn,
        Reason::King,
        Reason::RobberBaron,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reason::Completed => "completed",
            Reason::Final => "final",
            Reason::AbbotReturn => "abbot-return",
            Reason::Goods => "goods",
            Reason::Barn => "barn",
            Reason::King => "king",
            Reason::RobberBaron => "robber-baron",
        }
    }

    pub fn from_name(name: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Scored as at the end of the game (incomplete features count). A
    /// barn's farm scorings happen during play and value no feature.
    #[inline]
    pub fn as_final(self) -> bool {
        !matches!(self, Reason::Completed | Reason::Barn)
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
    /// Heretics & Shrines: a shrine adjoins at most one cloister, a cloister
    /// at most one shrine (000_9deb58b1a7d17d38.txt L2068, fn 43-45).
    #[error("shrine rule: {0}")]
    ShrineNeighbours(&'static str),
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
    #[error("player {0} has placed their abbey already")]
    NoAbbeyLeft(u8),
    #[error(
        "({x}, {y}) is not a hole bordered by tiles on all four sides: the abbey goes only there"
    )]
    NotAHole { x: i16, y: i16 },
    #[error("the abbey is placed unrotated (rotation 0), not rotated {0}")]
    AbbeyRotation(u8),
    #[error("barn rule: {0}")]
    Barn(&'static str),
    #[error("the wagon cannot go to segment {segment} of placed tile {placed}: only onto an incomplete, unoccupied road, city or cloister next to the feature it left")]
    WagonCannotGo { placed: u16, segment: u8 },
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
    /// Before drawing: draw, or place a tile held instead (the abbey,
    /// 000_9deb58b1a7d17d38.txt L1600); in the end-of-game abbey round the
    /// answers are the abbey or pass (L1602).
    Source,
    /// A wagon's feature scored: its owner moves it to an adjacent feature
    /// or takes it back (000_9deb58b1a7d17d38.txt L1668-L1674).
    MoveWagon,
}

impl Decision {
    /// Posed after the part's scoring, to whichever player it concerns (a
    /// wagon's owner), not necessarily the one whose turn it is.
    pub fn posed_after_scoring(self) -> bool {
        matches!(self, Decision::MoveWagon)
    }

    /// A short, stable key for the decision, for callers outside Rust (the
    /// `serve` protocol, the Python package); `name` is prose.
    pub fn key(self) -> &'static str {
        match self {
            Decision::Place => "place",
            Decision::Wood => "wood",
            Decision::SecondTile => "second-tile",
            Decision::Source => "source",
            Decision::MoveWagon => "move-wagon",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Decision::Place => "place a tile",
            Decision::Wood => "deploy a figure or pass",
            Decision::SecondTile => "take the builder's second tile or not",
            Decision::Source => "draw a tile or place the abbey",
            Decision::MoveWagon => "move the wagon or take it back",
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
    /// Draw the next tile from the stack (answers `Decision::Source`).
    Draw,
    /// Abbey & Mayor: place the player's abbey instead of drawing
    /// (000_9deb58b1a7d17d38.txt L1600).
    Abbey(Placement),
    /// Abbey & Mayor: the barn, instead of a figure, onto corner `0..4`
    /// (north-west, north-east, south-east, south-west on the board) of the
    /// tile just placed (000_9deb58b1a7d17d38.txt L1762).
    Barn(u8),
    /// Abbey & Mayor: the wagon onto segment `segment` of placed tile
    /// `placed` (an index into `Game::placed`), in a feature next to the
    /// one it left (000_9deb58b1a7d17d38.txt L1668).
    MoveWagon {
        placed: u16,
        segment: u8,
    },
    /// Deploy nothing; decline a decision (an abbey in the end round, a
    /// wagon move: the wagon goes back to its owner).
    Pass,
}

impl Action {
    pub fn name(self) -> &'static str {
        match self {
            Action::Place(_) => "place",
            Action::Deploy(_) => "deploy",
            Action::ReturnAbbot => "return-abbot",
            Action::SecondTile(_) => "second-tile",
            Action::Draw => "draw",
            Action::Abbey(_) => "abbey",
            Action::Barn(_) => "barn",
            Action::MoveWagon { .. } => "move-wagon",
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
