//! The engine: a game state over the compiled tables, a turn as phases that
//! stop only at decisions, legal moves and actions, scoring. Mechanics beyond
//! the base game are modules (`crate::mechanics`) called at hook points.

pub mod board;
pub mod features;
pub(crate) mod fit;
pub mod game;
pub(crate) mod hidden;
pub(crate) mod scoring;
pub mod types;

pub use game::{
    start_placements, Deployed, Discard, ForceDrawError, Game, Placed, PlacementScan, SetupError,
    NO_NODE,
};
pub use types::*;
