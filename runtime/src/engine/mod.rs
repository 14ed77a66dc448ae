//! The engine: a game state over the compiled tables, legal moves, applying
//! moves, scoring. Mechanics beyond the base game hook in at fixed points:
//! the draw order and placement filter (`river`), feature marks at placement
//! (inns, cathedrals), deployment options (big follower) and scoring values.

pub mod board;
pub mod features;
pub mod game;
mod river;
mod scoring;
pub mod types;

pub use game::{
    start_placements, Deployed, Discard, ForceDrawError, Game, Placed, SetupError, NO_NODE,
};
pub use types::*;
