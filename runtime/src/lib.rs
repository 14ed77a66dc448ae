//! The Carcassonne engine, over tables compiled from `tiles/` and `rulesets/`.
//!
//! [`engine::Game`] is a game in progress (its documentation shows a whole
//! game played by bots); [`engine::Action`] and [`engine::Decision`] are the
//! answers and the questions of a turn; [`bots`] are the built-in players;
//! [`record`] writes and replays game records. [`ruleset`] finds a
//! compiled-in ruleset by id; a ruleset compiled from files at run time (the
//! `carcassonne-loader` crate) gives the same [`Ruleset`] tables and plays
//! the same games.
//!
//! Rules cite the rule document they come from by file and line
//! (`000_9deb58b1a7d17d38.txt L460`, short `000_… L460`); the book's sources
//! page (`docs/sources.md`) says what each document is.

// The API callers play games through is documented item by item: the lint
// keeps it so as items are added.
#[warn(missing_docs)]
pub mod action_json;
#[warn(missing_docs)]
pub mod bench;
#[warn(missing_docs)]
pub mod bots;
#[warn(missing_docs)]
pub mod catalog;
#[warn(missing_docs)]
pub mod engine;
pub mod mechanics;
#[warn(missing_docs)]
pub mod record;
pub mod tables;

/// The book's page on the runtime API (`docs/design/api.md`), whose Rust
/// example runs as a doc-test so that it keeps compiling and playing.
#[cfg(doctest)]
#[doc = include_str!("../../docs/design/api.md")]
pub struct BookApiPage;

/// The tables generated at build time from every ruleset in `rulesets/`.
pub mod generated {
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

/// The source files of the repository's tile sets and rulesets, carried by
/// the program (a ruleset file anywhere can name these sets by id).
pub mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
}

pub use tables::Ruleset;

/// Every compiled-in ruleset, sorted by id.
pub fn rulesets() -> &'static [&'static Ruleset] {
    generated::RULESETS
}

/// A compiled-in ruleset by id.
pub fn ruleset(id: &str) -> Option<&'static Ruleset> {
    generated::RULESETS.iter().copied().find(|r| r.id == id)
}
