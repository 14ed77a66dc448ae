//! The `carcassonne` Python package's compiled part, `carcassonne._engine`:
//! games, rulesets and bots over the Rust engine. The package's
//! `__init__.py` re-exports it; `carcassonne/aec.py` builds the PettingZoo
//! environment on it.
//!
//! Hidden information: `Game.observation(player)` shows what every player
//! may know (the board, the drawn tile, the mix of face-down tiles, never
//! their order); `Game.view(player)` and `determinize(seed)` wrap the
//! engine's `Game::view` and `Game::determinize_seeded` for search bots.
//!
//! Nothing here names an expansion: decisions, actions and their JSON, the
//! action space's blocks and the neutral figures' planes all come from the
//! modules' declarations (`carcassonne_runtime::mechanics`).

use pyo3::prelude::*;

mod bot;
mod convert;
mod encoding;
mod game;
mod rules;
mod vector;

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
    m.add_class::<vector::VectorEnv>()?;
    m.add_function(wrap_pyfunction!(rules::rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(bot::bot_names, m)?)?;
    m.add("IllegalAction", m.py().get_type::<IllegalAction>())?;
    m.add("MAX_SEGMENTS", encoding::MAX_SEGMENTS)?;
    m.add("SLOTS", encoding::SLOTS)?;
    m.add("BOARD_SLOTS", encoding::BOARD_SLOTS)?;
    // The name of the slots before every target and figure answer had them.
    m.add("WAGON_SLOTS", encoding::SLOTS)?;
    m.add("PLANE_NAMES", encoding::PLANE_NAMES.to_vec())?;
    let decisions: Vec<&str> = encoding::DECISIONS.iter().map(|d| d.key()).collect();
    m.add("DECISIONS", decisions)?;
    Ok(())
}
