//! `carcassonne.Bot`: the engine's bots (`bots::make`) for Python.

use std::sync::Mutex;

use carcassonne_runtime::bots::{self, Bot as EngineBot};
use carcassonne_runtime::engine::{Actor, Pending};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::game::{action_dict, Game};

/// A bot by name (`random`, `greedy`, or any `bots::make` knows) with its
/// own random source seeded by `seed`.
#[pyclass(module = "carcassonne", name = "Bot")]
pub struct Bot {
    /// Behind a lock: Python objects may be shared between threads, and a
    /// bot's choice changes its random source.
    bot: Mutex<Box<dyn EngineBot>>,
}

impl Bot {
    fn lock(&self) -> std::sync::MutexGuard<'_, Box<dyn EngineBot>> {
        self.bot.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (name, seed = 0))]
    fn new(name: &str, seed: u64) -> PyResult<Bot> {
        bots::make(name, seed)
            .map(|bot| Bot {
                bot: Mutex::new(bot),
            })
            .map_err(PyValueError::new_err)
    }

    #[getter]
    fn name(&self) -> String {
        self.lock().name()
    }

    /// The bot's answer to `game`'s pending decision, as a dict `apply`
    /// takes; None when the game is over. The bot is shown the view of the
    /// player it answers for (`Game.view`): never the order of the
    /// face-down tiles.
    fn choose<'py>(&self, py: Python<'py>, game: &Game) -> PyResult<Option<Bound<'py, PyAny>>> {
        let asked = match game.engine.pending() {
            Some(Pending {
                actor: Actor::Player(p),
                ..
            }) => p,
            _ => game.engine.to_move(),
        };
        let view = game.engine.view(asked);
        let Some(a) = self.lock().choose_action(&view) else {
            return Ok(None);
        };
        Ok(Some(action_dict(py, &game.engine, a)?))
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?})", self.lock().name())
    }
}

/// The bots `Bot(name)` knows.
#[pyfunction]
pub fn bot_names() -> Vec<&'static str> {
    bots::NAMES.to_vec()
}
