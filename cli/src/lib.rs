//! The `carcassonne` command line, as a library so tests can drive it.

pub mod areas;
pub mod atomic;
pub mod cost;
pub mod demo;
pub mod figures;
pub mod game_result;
pub mod geom;
pub mod goods;
pub mod listing;
pub mod paint;
pub use carcassonne_loader as load;
pub mod play;
pub mod render;
pub mod serve;
pub mod simulate;
pub mod svg;
pub mod timeline;
pub mod tournament;
pub mod view;
pub mod web;

/// Print a line to stdout; when stdout is closed (`carcassonne play | head`)
/// stop quietly instead of panicking.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if writeln!(out, $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
