//! The `carcassonne` command line, as a library so tests can drive it.

pub mod atomic;
pub mod load;
pub mod play;
