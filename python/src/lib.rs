//! The `carcassonne` Python package's compiled part, `carcassonne._engine`:
//! games, rulesets and bots over the Rust engine. The package's
//! `__init__.py` re-exports it; `carcassonne/aec.py` builds the PettingZoo
//! environment on it.
//!
//! Hidden information: `Game.observation(player)` shows what every player
//! may know (the board, the drawn tile, the mix of face-down tiles, never
//! their order). A `Game.view(player)` / `determinize(seed)` pair for
//! search bots belongs here once the engine has `Game::view` and
//! `Game::determinize` (issue 16, item 3): each is one method on `Game`
//! wrapping the engine's.

use pyo3::prelude::*;

mod bot;
mod convert;
mod encoding;
mod game;
mod rules;

pyo3::create_exception!(
    carcassonne,
    IllegalAction,
    pyo3::exceptions::PyValueError,
    "An action that is illegal now or malformed; the game is unchanged."
);

#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<rules::Ruleset>()?;
    m.add_class::<bot::Bot>()?;
    m.add_function(wrap_pyfunction!(rules::rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(bot::bot_names, m)?)?;
    m.add("IllegalAction", m.py().get_type::<IllegalAction>())?;
    m.add("MAX_SEGMENTS", encoding::MAX_SEGMENTS)?;
    m.add("WAGON_SLOTS", encoding::WAGON_SLOTS)?;
    m.add("PLANE_NAMES", encoding::PLANE_NAMES.to_vec())?;
    Ok(())
}
