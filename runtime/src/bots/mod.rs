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

    /// What a searching bot has searched so far (`None` for a bot that
    /// does not search).
    fn effort(&self) -> Option<Effort> {
        None
    }
}

/// A searching bot's work over its life, for reports of its cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effort {
    /// Decisions searched (those with one answer are not).
    pub searched: u64,
    /// Iterations run.
    pub iterations: u64,
    /// Visits of the searches' roots made by earlier searches (the
    /// subtrees kept).
    pub reused: u64,
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

/// The bots of a game seeded `seed`, one per seat, each with its own seed
/// derived from the game's (so `play`, `simulate` and the fuzzer play the
/// same games).
pub fn seats(specs: &[impl AsRef<str>], seed: u64) -> Result<Vec<Box<dyn Bot>>, String> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            make(
                spec.as_ref(),
                seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .wrapping_add(i as u64 + 1),
            )
        })
        .collect()
}

/// `player`'s answer to the pending decision of `g`, from the bot in that
/// seat, which is shown `player`'s view of the game (`Game::view`: never the
/// order of the face-down tiles). `view` is a game kept to refill.
pub fn ask(seat: &mut dyn Bot, g: &Game, player: u8, view: &mut Option<Game>) -> Option<Action> {
    let v = match view {
        Some(v) => {
            g.view_into(player, v);
            v
        }
        None => view.insert(g.view(player)),
    };
    seat.choose_action(v)
}

/// Play a game of `rules` for `players` seeded `seed` with the bots
/// `specs` (one per seat), recording it; `each` sees every answer (the
/// state before, the answer, its points, the state after).
pub fn play_recorded(
    rules: &'static crate::Ruleset,
    players: u8,
    seed: u64,
    specs: &[impl AsRef<str>],
    mut each: impl FnMut(&Game, Action, &[crate::engine::ScoreEvent], &Game),
) -> Result<crate::record::Record, String> {
    let mut g = Game::new(rules, players, seed).map_err(|e| e.to_string())?;
    let mut seats = seats(specs, seed)?;
    let mut rec = crate::record::Recorder::new(&g, Some(seats.iter().map(|b| b.name()).collect()));
    let mut view = None;
    let mut events = Vec::new();
    while let Some(pending) = g.pending() {
        let crate::engine::Actor::Player(player) = pending.actor else {
            return Err("the game asks chance, which no bot answers".into());
        };
        let a = ask(seats[player as usize].as_mut(), &g, player, &mut view)
            .ok_or("the bot found no legal move (the drawn tile should always be placeable)")?;
        let before = g.clone();
        events.clear();
        g.apply_action(a, &mut events)
            .map_err(|e| format!("bot chose an illegal action: {e}"))?;
        rec.note_action(&before, a, &events, &g);
        each(&before, a, &events, &g);
    }
    Ok(rec.record)
}
