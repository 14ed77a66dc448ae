//! Seeded games of bots, the way every mechanic's tests play them: the seed
//! deals tiles and chance, the bots answer the players' decisions, the
//! record notes every action, and the game must replay from its record, with
//! its seed and without it.

use carcassonne_runtime::bots::play_recorded;
use carcassonne_runtime::engine::{Action, Game, ScoreEvent};
use carcassonne_runtime::record::{replay, replay_observed, Record};
use carcassonne_runtime::tables::Ruleset;

/// Seats alternate a random bot and a greedy one.
pub const MIXED: &[&str] = &["random", "greedy"];
/// Every seat a random bot (they try what a greedy bot never would).
pub const RANDOM: &[&str] = &["random"];

/// A seeded game played to its end.
pub struct BotGame {
    pub seed: u64,
    /// The game at its end, as its record replays.
    pub game: Game,
    pub record: Record,
    /// Every point event, the setup's included, in order.
    pub events: Vec<ScoreEvent>,
}

/// Plays seed `seed` of `rules` for `players` bots (seat `i` is
/// `kinds[i % kinds.len()]`), showing each action to `seen` with the state
/// it answered (`bots::play_recorded`).
pub fn bot_game(
    rules: &'static Ruleset,
    players: u8,
    seed: u64,
    kinds: &[&str],
    mut seen: impl FnMut(&Game, Action),
) -> BotGame {
    bot_game_each(rules, players, seed, kinds, |before, a, _, _| {
        seen(before, a)
    })
}

/// `bot_game`, showing `each` every step whole: the state before, the
/// action, its points and the state after.
pub fn bot_game_each(
    rules: &'static Ruleset,
    players: u8,
    seed: u64,
    kinds: &[&str],
    each: impl FnMut(&Game, Action, &[ScoreEvent], &Game),
) -> BotGame {
    let specs: Vec<&str> = (0..usize::from(players))
        .map(|i| kinds[i % kinds.len()])
        .collect();
    let record = play_recorded(rules, players, seed, &specs, each)
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let back = replay(&record, rules, false).unwrap_or_else(|e| panic!("seed {seed}: replay: {e}"));
    BotGame {
        seed,
        game: back.game,
        record,
        events: back.events,
    }
}

/// Plays seeds `seeds` with 2, 3, … `max_players` players in turn (see
/// `bot_game`), checks that each replays (`assert_replays`), and returns them.
pub fn bot_games(
    rules: &'static Ruleset,
    seeds: std::ops::Range<u64>,
    max_players: u8,
    kinds: &[&str],
    mut seen: impl FnMut(&Game, Action),
) -> Vec<BotGame> {
    bot_games_each(rules, seeds, max_players, kinds, |before, a, _, _| {
        seen(before, a)
    })
}

/// `bot_games`, showing `each` every step whole (see `bot_game_each`).
pub fn bot_games_each(
    rules: &'static Ruleset,
    seeds: std::ops::Range<u64>,
    max_players: u8,
    kinds: &[&str],
    mut each: impl FnMut(&Game, Action, &[ScoreEvent], &Game),
) -> Vec<BotGame> {
    let spread = u64::from(max_players - 1);
    seeds
        .map(|seed| {
            let players = 2 + (seed % spread) as u8;
            let b = bot_game_each(rules, players, seed, kinds, &mut each);
            assert_replays(&b);
            b
        })
        .collect()
}

/// The game replays from its record: with its seed to the scores it
/// recorded, with an observer (the viewer's path), and from the record alone
/// (no seed: the tiles and chance read from it) to the same scores.
pub fn assert_replays(b: &BotGame) {
    let (seed, rules) = (b.seed, b.game.rules());
    let recorded = b.record.final_.as_ref().map(|f| f.scores.as_slice());
    assert_eq!(
        Some(b.game.scores()),
        recorded,
        "seed {seed}: replays to its recorded scores"
    );
    let mut steps = 0;
    replay_observed(&b.record, rules, false, &mut |_| steps += 1)
        .unwrap_or_else(|e| panic!("seed {seed}: observed replay: {e}"));
    assert!(steps > 0, "seed {seed}: the observer saw the game");
    let mut alone = b.record.clone();
    alone.seed = None;
    let back = replay(&alone, rules, false)
        .unwrap_or_else(|e| panic!("seed {seed}: from the record alone: {e}"));
    assert_eq!(
        back.game.scores(),
        b.game.scores(),
        "seed {seed}: from the record alone"
    );
}

/// How many actions named `name` the record lists.
pub fn listed(record: &Record, name: &str) -> usize {
    record
        .turns
        .iter()
        .flat_map(|t| t.actions.iter().flatten())
        .filter(|a| a.do_ == name)
        .count()
}
