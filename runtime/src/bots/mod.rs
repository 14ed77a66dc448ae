//! Players the engine can seat: every bot answers the pending decision of a
//! game through one trait, so `play`, `simulate`, `serve` and the Python
//! package seat any of them by name (`make`).

mod ismcts;
mod simple;

pub use ismcts::{Budget, Eval, Ismcts, Policy, Reward, Settings};
pub use simple::{BotKind, SimpleBot};

use crate::engine::{Action, Game};

/// A player that answers decisions.
pub trait Bot: Send {
    /// The bot's name as `make` reads it, options included.
    fn name(&self) -> String;

    /// The answer to the pending decision of `g` (the caller makes sure the
    /// bot is the one asked), or `None` when the game is over. Callers pass
    /// the asked player's view, `g.view(player)` (or `view_into` a game
    /// kept for the purpose), never the game itself: a view hides the
    /// order of the face-down tiles.
    fn choose_action(&mut self, g: &Game) -> Option<Action>;
}

/// The bots `make` knows, for help texts and error messages.
pub const NAMES: &[&str] = &["random", "greedy", "mcts"];

/// A bot by name, with its own random source seeded by `seed`: `random`,
/// `greedy`, or `mcts` with options after colons (`mcts:iters=N`,
/// `mcts:ms=T`, `c=X`, `reward=win|margin`, `playout=N|end`,
/// `policy=greedy|random`, `eval=greedy|board`, `prior=N`, `lead=P`:
/// `bots::Settings`).
pub fn make(spec: &str, seed: u64) -> Result<Box<dyn Bot>, String> {
    let spec = spec.trim();
    if let Some(kind) = BotKind::parse(spec) {
        return Ok(Box::new(SimpleBot::new(kind, seed)));
    }
    match Settings::parse(spec) {
        Some(settings) => Ok(Box::new(Ismcts::new(settings?, seed))),
        None => Err(format!(
            "unknown bot `{spec}`; bots: {} (mcts takes options: mcts:iters=N, mcts:ms=T)",
            NAMES.join(", ")
        )),
    }
}
