//! The Wheel of Fortune's state as the tests read it (`Game::state_json`),
//! and its crown-space answer.

use carcassonne_runtime::engine::{Action, Arg, Game};

/// The sectors clockwise from Fortune, as the module names them.
pub const SECTORS: [&str; 6] = [
    "fortune",
    "taxes",
    "famine",
    "storm",
    "inquisition",
    "plague",
];

/// The sector the pig stands on.
pub fn pig(g: &Game) -> String {
    super::state(g)["wheel"]["pig"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Who stands on each crown space of `sector` (`None`: free).
pub fn crowns(g: &Game, sector: &str) -> Vec<Option<u64>> {
    super::state(g)["wheel"]["crowns"][sector]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64())
        .collect()
}

/// The figure step's answer: a follower onto a free crown space of `sector`.
pub fn crown(sector: &str) -> Action {
    let i = SECTORS.iter().position(|&s| s == sector).unwrap();
    Action::verb("crown", Arg::Word(i as u8))
}
