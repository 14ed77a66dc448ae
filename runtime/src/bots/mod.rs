//! Players the engine can seat: every bot answers the pending decision of a
//! game through one trait, so `play`, `simulate`, `serve` and the Python
//! package seat any of them by name (`make`).

mod simple;

pub use simple::{BotKind, SimpleBot};

use crate::engine::{Action, Game};

/// A player that answers decisions.
pub trait Bot: Send {
    /// The bot's name as `make` reads it, options included.
    fn name(&self) -> String;

    /// The answer to the pending decision of `g` (the caller makes sure the
    /// bot is the one asked), or `None` when the game is over.
    fn choose_action(&mut self, g: &Game) -> Option<Action>;
}

/// The bots `make` knows, for help texts and error messages.
pub const NAMES: &[&str] = &["random", "greedy"];

/// A bot by name, with its own random source seeded by `seed`.
pub fn make(spec: &str, seed: u64) -> Result<Box<dyn Bot>, String> {
    match BotKind::parse(spec.trim()) {
        Some(kind) => Ok(Box::new(SimpleBot::new(kind, seed))),
        None => Err(format!(
            "unknown bot `{}`; bots: {}",
            spec.trim(),
            NAMES.join(", ")
        )),
    }
}
