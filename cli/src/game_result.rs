//! What one seeded bot game leaves behind for the summaries: its scores and
//! their sources, the seating, and each seat's cost. `simulate` fills it;
//! `simulate`'s, `tournament`'s and the cost summaries read it.

use carcassonne_runtime::bots::Effort;

/// What one game contributes to the summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    pub seed: u64,
    pub scores: Vec<i32>,
    /// Per seat, points per source, indexed as `simulate::sources()`.
    pub by_source: Vec<Vec<u32>>,
    /// Counts the modules keep per player at the game's end
    /// (`Shown::tallies`: figures the dragon ate), per key in the order
    /// shown, one per seat.
    pub tallies: Vec<(&'static str, Vec<u32>)>,
    pub turns: u32,
    /// Tiles placed in a turn's second part (the builder's second tile).
    pub second_tiles: u32,
    pub discards: u32,
    /// Which of the bots given sat in each seat (`--rotate` moves them).
    pub seating: Vec<u8>,
    /// Per seat, what its bot's answers cost (`--cost` reports it).
    pub cost: Vec<SeatCost>,
}

/// One seat's cost in one game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatCost {
    /// Decisions the seat answered.
    pub decisions: u64,
    /// CPU time spent answering them.
    pub cpu_ns: u64,
    /// What the bot searched, if it searches.
    pub effort: Option<Effort>,
}
