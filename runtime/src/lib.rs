//! The Carcassonne engine, over tables compiled from `tiles/` and `rulesets/`.

pub mod action_json;
pub mod bench;
pub mod bots;
pub mod catalog;
pub mod engine;
pub mod mechanics;
pub mod record;
pub mod tables;

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
