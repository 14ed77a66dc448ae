//! The benchmark policy of `carcassonne bench`: each turn, a uniformly random
//! legal (position, rotation) placement, then a uniformly random follower
//! option including "no follower", and a uniformly random answer to any other
//! decision. Rulesets whose turns are moves play the fused `apply(Move)`;
//! the others the action path, which picks exactly the same for a move-only
//! ruleset (test `fused_and_action_benchmarks_agree`). Buffers are reused,
//! so a game allocates only when it starts.

use std::time::Instant;

use rand::distr::uniform::{UniformSampler, UniformUsize};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::engine::{
    Action, Decision, Deploy, Game, Legal, Move, Placement, PlacementScan, ScoreEvent,
};
use crate::tables::Ruleset;

/// Reusable move buffers.
#[derive(Debug, Default)]
pub struct Buffers {
    /// Legal placements.
    pub placements: Vec<Placement>,
    /// Figure options.
    pub deploys: Vec<Option<Deploy>>,
    /// Legal answers of other decisions.
    pub actions: Vec<Action>,
    /// What fits where (`Game::scan_placements`).
    pub scan: PlacementScan,
    /// The legal answers counted (`Game::legal_into`).
    pub legal: Legal,
    /// Points scored by the last move.
    pub events: Vec<ScoreEvent>,
}

impl Buffers {
    /// Buffers with room for a large board, so that games allocate nothing.
    pub fn new() -> Self {
        Buffers {
            placements: Vec::with_capacity(512),
            deploys: Vec::with_capacity(32),
            actions: Vec::with_capacity(512),
            scan: PlacementScan::with_capacity(128),
            legal: Legal::default(),
            events: Vec::with_capacity(64),
        }
    }
}

/// What one benchmark game did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameStats {
    /// Moves played (a placement with its figure option is one).
    pub moves: u64,
    /// Sum over turns of the number of legal placements.
    pub placements: u64,
    /// Sum of the final scores of all players.
    pub score_total: i64,
}

/// `rng.random_range(0..n)` for `n > 0`, the same numbers through the same
/// sampler, inlined: the policy draws twice a turn, and `random_range` is
/// not inlined on its own (docs/speed.md).
#[inline(always)]
fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    UniformUsize::sample_single(0, n, rng).unwrap_or(0)
}

/// A uniformly random legal placement and how many there were; `None` when
/// there is none.
#[inline(always)]
fn random_placement(g: &Game, rng: &mut Pcg64Mcg, buf: &mut Buffers) -> Option<(Placement, usize)> {
    let (scan, n) = g.placement_scan(&mut buf.scan);
    if n == 0 {
        return None;
    }
    Some((g.nth_scanned(below(rng, n), scan)?, n))
}

/// One move of the benchmark policy and the number of legal placements it
/// chose among; `None` when the game is over.
#[inline]
pub fn random_move_counted(
    g: &Game,
    rng: &mut Pcg64Mcg,
    buf: &mut Buffers,
) -> Option<(Move, usize)> {
    let (p, n) = random_placement(g, rng, buf)?;
    g.deploys_into(p, &mut buf.deploys);
    let d = buf.deploys[rng.random_range(0..buf.deploys.len())];
    Some((
        Move {
            placement: p,
            deploy: d,
        },
        n,
    ))
}

/// One move of the benchmark policy; `None` when the game is over.
#[inline]
pub fn random_move(g: &Game, rng: &mut Pcg64Mcg, buf: &mut Buffers) -> Option<Move> {
    random_move_counted(g, rng, buf).map(|(m, _)| m)
}

/// The same choice made from the full list of legal placements (tests check
/// that it picks exactly what `random_move` picks).
pub fn random_move_listed(g: &Game, rng: &mut Pcg64Mcg, buf: &mut Buffers) -> Option<Move> {
    g.placements_into(&mut buf.placements);
    if buf.placements.is_empty() {
        return None;
    }
    let p = buf.placements[rng.random_range(0..buf.placements.len())];
    g.deploys_into(p, &mut buf.deploys);
    let d = buf.deploys[rng.random_range(0..buf.deploys.len())];
    Some(Move {
        placement: p,
        deploy: d,
    })
}

/// One decision of the benchmark policy through `apply_action`; the number
/// of legal placements when it placed a tile, `None` when the game is over.
pub fn random_action(g: &mut Game, rng: &mut Pcg64Mcg, buf: &mut Buffers) -> Option<Option<usize>> {
    let pending = g.pending()?;
    buf.events.clear();
    if pending.decision == Decision::Place {
        let (p, n) = random_placement(g, rng, buf)?;
        // The policy plays only what the engine listed for this state.
        g.apply_listed_action(Action::Place(p), &mut buf.events);
        return Some(Some(n));
    }
    g.legal_actions_into(&mut buf.actions);
    let a = *buf
        .actions
        .get(rng.random_range(0..buf.actions.len().max(1)))?;
    g.apply_listed_action(a, &mut buf.events);
    Some(None)
}

/// One decision of the benchmark policy as a bot makes it: every legal
/// action listed (`legal_actions_into`, placements included), one chosen
/// uniformly, answered through the checked `apply_action`. For a ruleset
/// whose turns are moves it chooses what `random_action` chooses (the
/// placements are listed in the scan's order), so the two paths play the
/// same games and their costs compare. The number of legal placements when
/// it placed a tile, `None` when the game is over.
pub fn bot_action(g: &mut Game, rng: &mut Pcg64Mcg, buf: &mut Buffers) -> Option<Option<usize>> {
    g.legal_actions_into(&mut buf.actions);
    let a = *buf.actions.get(below(rng, buf.actions.len()))?;
    // Placements come first; a pass may follow them.
    let placements = matches!(a, Action::Place(_)).then(|| {
        let n = buf.actions.len();
        n - usize::from(buf.actions[n - 1] == Action::Pass)
    });
    buf.events.clear();
    // A listed action the engine then refuses is the engine's fault, not
    // the policy's: the game ends there and the test suites catch it.
    g.apply_action(a, &mut buf.events).ok()?;
    Some(placements)
}

/// One decision of the benchmark policy as a bot that picks by rank makes
/// it (the Python package's `VectorEnv`, a network choosing an index): the
/// legal answers counted (`Game::legal_into`, placements scanned, not
/// listed), the chosen one read by its rank and answered as listed for this
/// state (`apply_listed_action`). It chooses what `bot_action` chooses (the
/// same answers in the same order), so the paths play the same games.
pub fn legal_action(g: &mut Game, rng: &mut Pcg64Mcg, buf: &mut Buffers) -> Option<Option<usize>> {
    let n = g.legal_into(&mut buf.legal);
    let k = below(rng, n);
    let a = buf.legal.get(g, k)?;
    let placements = (k < buf.legal.placements()).then(|| buf.legal.placements());
    buf.events.clear();
    g.apply_listed_action(a, &mut buf.events);
    Some(placements)
}

/// How a benchmark game reaches the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Path {
    /// The fastest the ruleset allows: the fused `apply(Move)` when its
    /// turns are moves, else `apply_action` with placements scanned.
    #[default]
    Fast,
    /// The bots' path: `legal_actions_into` and `apply_action` for every
    /// decision (`bot_action`).
    Actions,
    /// The bots' path without the list: `legal_into` counts the answers,
    /// the chosen one is read by its rank and answered as listed
    /// (`legal_action`).
    Legal,
}

impl Path {
    /// Its name on the command line (`bench --path`).
    pub fn name(self) -> &'static str {
        match self {
            Path::Fast => "fast",
            Path::Actions => "actions",
            Path::Legal => "legal",
        }
    }
    /// The path named `name`.
    pub fn named(name: &str) -> Option<Path> {
        [Path::Fast, Path::Actions, Path::Legal]
            .into_iter()
            .find(|p| p.name() == name)
    }
}

/// Play one 2-player game with the benchmark policy.
pub fn random_game(rules: &'static Ruleset, seed: u64, buf: &mut Buffers) -> GameStats {
    let mut g = Game::new(rules, 2, seed).expect("every ruleset allows 2 players");
    play_random(&mut g, seed, buf, Path::Fast)
}

/// Play the game `g` (just set up with `seed`) to its end with the
/// benchmark policy.
fn play_random(g: &mut Game, seed: u64, buf: &mut Buffers, path: Path) -> GameStats {
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x005e_ed0f_9a3e);
    let mut stats = GameStats::default();
    if path != Path::Fast {
        let step = match path {
            Path::Legal => legal_action,
            _ => bot_action,
        };
        while let Some(placed) = step(g, &mut rng, buf) {
            if let Some(n) = placed {
                stats.placements += n as u64;
                stats.moves += 1;
            }
        }
        stats.score_total = g.scores().iter().map(|&s| s as i64).sum();
        return stats;
    }
    if !g.moves_suffice() {
        while let Some(placed) = random_action(g, &mut rng, buf) {
            if let Some(n) = placed {
                stats.placements += n as u64;
                stats.moves += 1;
            }
        }
        stats.score_total = g.scores().iter().map(|&s| s as i64).sum();
        return stats;
    }
    while !g.is_over() {
        // `random_move_counted`'s choices, made with the tile placed: the
        // follower options are then read off the joined features.
        let Some((p, n)) = random_placement(g, &mut rng, buf) else {
            break;
        };
        stats.placements += n as u64;
        stats.moves += 1;
        buf.events.clear();
        // The policy plays only what the engine listed for this state.
        let placed = g.place_listed(p, &mut buf.events);
        g.deploys_into(p, &mut buf.deploys);
        let d = buf.deploys[below(&mut rng, buf.deploys.len())];
        g.wood_listed(placed, d, &mut buf.events);
    }
    stats.score_total = g.scores().iter().map(|&s| s as i64).sum();
    stats
}

/// The result of `run`: totals over all games and the time they took.
#[derive(Debug, Clone, Copy)]
pub struct Report {
    /// Games played.
    pub games: u64,
    /// Wall-clock time they took.
    pub seconds: f64,
    /// Totals over all games.
    pub total: GameStats,
    /// The path the games took.
    pub path: Path,
}

/// Play `games` games with seeds `seed..seed + games` on this thread.
pub fn run(rules: &'static Ruleset, games: u64, seed: u64) -> Report {
    run_on(rules, games, seed, Path::Fast)
}

/// `run`, each game through `path`.
pub fn run_on(rules: &'static Ruleset, games: u64, seed: u64, path: Path) -> Report {
    let mut buf = Buffers::new();
    let mut total = GameStats::default();
    let start = Instant::now();
    let mut g = Game::new(rules, 2, seed).expect("every ruleset allows 2 players");
    for i in 0..games {
        // One game's buffers serve every game (`restart` is `new` in place).
        if i > 0 {
            g.restart(seed.wrapping_add(i));
        }
        let s = play_random(&mut g, seed.wrapping_add(i), &mut buf, path);
        total.moves += s.moves;
        total.placements += s.placements;
        total.score_total += s.score_total;
    }
    Report {
        games,
        seconds: start.elapsed().as_secs_f64(),
        total,
        path,
    }
}

impl Report {
    /// `key=value` lines; `games_per_s` comes last.
    pub fn lines(&self, rules: &Ruleset) -> Vec<String> {
        let g = self.games.max(1) as f64;
        let secs = self.seconds.max(1e-9);
        let moves = self.total.moves.max(1) as f64;
        vec![
            format!(
                "ruleset={} games={} players=2 threads=1 path={}",
                rules.id,
                self.games,
                self.path.name()
            ),
            format!("seconds={:.3}", self.seconds),
            format!("moves_per_s={:.0}", self.total.moves as f64 / secs),
            format!("us_per_tile={:.3}", secs * 1e6 / moves),
            format!("mean_moves={:.2}", self.total.moves as f64 / g),
            format!(
                "mean_legal_placements={:.3}",
                self.total.placements as f64 / moves
            ),
            format!(
                "mean_final_score={:.3}",
                self.total.score_total as f64 / (2.0 * g)
            ),
            format!("games_per_s={:.0}", g / secs),
        ]
    }
}
