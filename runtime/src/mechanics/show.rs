//! What modules show of a game beyond the tiles and the figures on their
//! segments: neutral figures, figures off the segments, what players hold,
//! paths taken. `play`, `simulate`, the viewer and `render game` draw and
//! print these, never naming a module.

use crate::engine::types::{FollowerKind, Spot};

/// Everything the ruleset's modules show of a game (`Game::shown`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Shown {
    /// Figures that belong to no player (the dragon, the fairy).
    pub neutral: Vec<Neutral>,
    /// Players' figures that stand where four tiles meet (the barn).
    pub corners: Vec<CornerFigure>,
    /// What each player holds beyond the figures: tokens, cards, tiles.
    pub holdings: Vec<Holding>,
    /// Paths figures took in the turn just played (the dragon's).
    pub trails: Vec<Trail>,
    /// Lines about the game as a whole (who holds the King, and how many
    /// cities it pays for).
    pub notes: Vec<String>,
    /// Counts a module keeps per player over the game (figures the dragon
    /// ate): `simulate` gives each key a column.
    pub tallies: Vec<Tally>,
    /// Symbols a module draws on placed tiles (a hill, a vineyard).
    pub marks: Vec<TileMark>,
    /// Numbers shown beside figures on the board (the sheep of a
    /// shepherd's flock).
    pub counts: Vec<FigureCount>,
}

/// A symbol on a placed tile: what the tile shows that a module plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileMark {
    /// What it is and how it is drawn (`hill`, `vineyard`).
    pub def: NeutralDef,
    /// The placed tile, an index into `Game::placed`.
    pub placed: u16,
}

/// A number beside a figure on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FigureCount {
    /// The figure: its tile, segment, kind and owner.
    pub spot: Spot,
    /// A short stable key (`flock`).
    pub key: &'static str,
    pub count: u32,
}

/// A neutral figure's declaration, or a tile mark's: its name and how it is
/// drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NeutralDef {
    /// `dragon`, `fairy`.
    pub name: &'static str,
    /// Its SVG shape (`<g id="name">…</g>`, centred on the origin).
    pub svg: &'static str,
}

/// A count a module keeps for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub player: u8,
    /// A short stable key (`eaten`).
    pub key: &'static str,
    pub count: u32,
}

/// A neutral figure on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Neutral {
    /// Its declaration (`Mechanic::NEUTRALS`).
    pub def: NeutralDef,
    /// The cell it stands on.
    pub x: i16,
    pub y: i16,
    /// The figure it stands beside, if any (the fairy's follower).
    pub beside: Option<Spot>,
}

/// A player's figure at a corner of a placed tile (0-3: NW, NE, SE, SW).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CornerFigure {
    pub player: u8,
    pub kind: FollowerKind,
    pub placed: u16,
    pub corner: u8,
}

/// Something a player holds, in words (`wine 2`, `King (city of 5
/// tiles)`), with the count behind it where there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holding {
    pub player: u8,
    /// A short stable key (`goods`, `king`, `abbey`).
    pub key: &'static str,
    pub text: String,
}

/// Cells a figure passed through, in order, from where it started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trail {
    pub name: &'static str,
    pub cells: Vec<[i16; 2]>,
}
