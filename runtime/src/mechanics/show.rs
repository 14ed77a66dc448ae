//! What modules show of a game beyond the tiles and the figures on their
//! segments: neutral figures, figures off the segments, blocks of the board
//! with figures in them, what players hold, paths taken. `play`,
//! `simulate`, the viewer and `render game` draw and print these, never
//! naming a module.

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
    /// Blocks of the board with figures in them off its features (the City
    /// of Carcassonne and its quarters): drawn over their cells, inset so
    /// that the landscape at the block's rim still shows.
    pub areas: Vec<Area>,
    /// Players' figures another player holds (prisoners), or that stand
    /// beside another player's score marker on the track (a robber), drawn
    /// in their owners' colours beside that player's score. The words for
    /// them belong in `holdings`, for text output.
    pub held: Vec<HeldFigure>,
    /// Symbols a module draws on placed tiles (a hill, a vineyard).
    pub marks: Vec<TileMark>,
    /// Numbers shown beside figures on the board (the sheep of a
    /// shepherd's flock).
    pub counts: Vec<FigureCount>,
}

/// A player's figure: whose it is and which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figure {
    /// Its owner.
    pub player: u8,
    /// Which figure.
    pub kind: FollowerKind,
}

/// A named block over some board cells, divided into named sections that
/// hold players' figures (the City of Carcassonne's quarters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    /// What it is called (`City of Carcassonne`).
    pub name: &'static str,
    /// The cells it lies over; it is drawn over their bounding rectangle.
    pub cells: Vec<[i16; 2]>,
    /// Its sections, in the order they are drawn (left to right, then top
    /// to bottom).
    pub sections: Vec<Section>,
}

/// A part of an `Area` and the figures in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Its name (`castle`), written on it.
    pub name: &'static str,
    /// The figures in it, in seat order.
    pub figures: Vec<Figure>,
    /// How many figures it holds at most, each in a place of its own,
    /// drawn empty while free (the Wheel of Fortune's crown spaces); none
    /// where any number may stand (a quarter of the City).
    pub places: Option<u8>,
}

/// A player's figure held by another player (a prisoner), or standing
/// beside their score marker (a robber).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeldFigure {
    /// Who holds it, or whose marker it stands beside.
    pub holder: u8,
    /// A short stable word for what such figures are (`prisoners`), shown
    /// before them.
    pub key: &'static str,
    /// The figure, drawn in its owner's colour.
    pub figure: Figure,
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
    /// A short word drawn on it (a tower's height), if any.
    pub label: Option<String>,
    /// A player's figure standing on top of it (the follower on a tower).
    pub top: Option<Figure>,
    /// The section of the area over its cell (`Shown::areas`) it stands in,
    /// drawn there rather than on the cell (the Count in its quarter).
    pub section: Option<&'static str>,
}

impl Neutral {
    /// Figure `def` alone on cell (x, y), with no label, nothing on top
    /// and no section.
    pub fn on_cell(def: NeutralDef, x: i16, y: i16) -> Neutral {
        Neutral {
            def,
            x,
            y,
            beside: None,
            label: None,
            top: None,
            section: None,
        }
    }
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
