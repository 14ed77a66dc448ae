//! The engine: a game state over the compiled tables, a turn as steps that
//! stop only at decisions, legal moves and actions, scoring. Mechanics beyond
//! the base game are modules (`crate::mechanics`) called at hook points.

pub mod board;
mod extra;
mod feature_reads;
pub mod features;
mod figures;
pub(crate) mod fit;
pub mod game;
pub(crate) mod hidden;
mod legal;
mod place;
mod reading;
mod room;
pub(crate) mod scoring;
mod scripted;
mod stack;
pub(crate) mod turn;
pub mod types;
mod wood;

pub use game::{
    start_placements, Dealt, Deployed, Discard, ExtraTurn, ForceDrawError, Game, Held, Placed,
    PlacementScan, SetupError, NO_NODE,
};
pub use legal::Legal;
pub use types::*;
