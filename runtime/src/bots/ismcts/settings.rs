//! The search's settings and their spec, `mcts:iters=N:c=X:…`.

use std::time::Duration;

/// How long the bot thinks about each decision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    /// This many iterations: the same seed and view give the same answer.
    Iterations(u32),
    /// Iterations until this much time has passed (at least one).
    Time(Duration),
}

/// What a finished playout is worth to a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reward {
    /// 1 for a win, shared among those tied for first, 0 otherwise.
    Win,
    /// The lead over the best other player, scaled to 0..1 (0.5 for a
    /// tie, 0 or 1 beyond 50 points).
    Margin,
}

/// How the position where a playout stops is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// The scores after final scoring of what is on the board.
    Board,
    /// The greedy bot's standing: the same, plus the figures in reserve
    /// while tiles remain (`simple::standing`).
    Greedy,
}

/// The search's settings, as `mcts:…` spells them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// How long to search: iterations or time.
    pub budget: Budget,
    /// The exploration constant of the tree policy (UCT's c).
    pub c: f64,
    /// How a playout's end is valued.
    pub reward: Reward,
    /// At most this many random actions after the tree, then the game is
    /// scored as if it ended there (final scoring of what is on the
    /// board); `None` plays to the end.
    pub playout: Option<u32>,
    /// How the position where the playout stops is judged.
    pub eval: Eval,
    /// The lead, in points, worth a reward of 1 (and its opposite 0).
    pub lead: f64,
    /// Visits credited up front to each answer of the searching player's
    /// own turn, at the reward of the greedy bot's standing after it: the
    /// search starts from greedy's order (0: none).
    pub prior: u32,
    /// Who plays the playout's actions.
    pub policy: Policy,
    /// Keep the tree between decisions of a game: the next search starts
    /// from the node of the actions played since (`reuse` module).
    pub reuse: bool,
}

/// The playout's player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The benchmark's uniformly random answers.
    Random,
    /// The greedy bot, for every player.
    Greedy,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: Budget::Iterations(ITERATIONS),
            c: C,
            reward: Reward::Margin,
            playout: PLAYOUT,
            eval: EVAL,
            lead: LEAD,
            prior: PRIOR,
            policy: POLICY,
            reuse: REUSE,
        }
    }
}

impl Settings {
    /// Settings from a bot spec: `mcts` or `mcts:iters=N:c=X:…`; `None` for
    /// another bot, an error for a bad option.
    pub fn parse(spec: &str) -> Option<Result<Settings, String>> {
        let mut parts = spec.split(':');
        if parts.next() != Some("mcts") {
            return None;
        }
        let mut s = Settings::default();
        for opt in parts {
            let bad = |why: &str| Err(format!("bot `{spec}`: option `{opt}`: {why}"));
            let Some((key, value)) = opt.split_once('=') else {
                return Some(bad(
                    "expected key=value (iters=N, ms=T, c=X, reward=win|margin, playout=N|end, \
                     eval=board|greedy, lead=P, prior=N, policy=random|greedy, reuse=yes|no)",
                ));
            };
            match key {
                "iters" => match value.parse::<u32>() {
                    Ok(n) if n > 0 => s.budget = Budget::Iterations(n),
                    _ => return Some(bad("a whole number of iterations above 0")),
                },
                "ms" => match value.parse::<u64>() {
                    Ok(ms) if ms > 0 => s.budget = Budget::Time(Duration::from_millis(ms)),
                    _ => return Some(bad("a whole number of milliseconds above 0")),
                },
                "c" => match value.parse::<f64>() {
                    Ok(c) if c.is_finite() && c >= 0.0 => s.c = c,
                    _ => return Some(bad("a number at least 0")),
                },
                "reward" => match value {
                    "win" => s.reward = Reward::Win,
                    "margin" => s.reward = Reward::Margin,
                    _ => return Some(bad("win or margin")),
                },
                "playout" => match value {
                    "end" => s.playout = None,
                    n => match n.parse::<u32>() {
                        Ok(n) => s.playout = Some(n),
                        _ => return Some(bad("a whole number of actions, or end")),
                    },
                },
                "eval" => match value {
                    "board" => s.eval = Eval::Board,
                    "greedy" => s.eval = Eval::Greedy,
                    _ => return Some(bad("board or greedy")),
                },
                "policy" => match value {
                    "random" => s.policy = Policy::Random,
                    "greedy" => s.policy = Policy::Greedy,
                    _ => return Some(bad("random or greedy")),
                },
                "reuse" => match value {
                    "yes" => s.reuse = true,
                    "no" => s.reuse = false,
                    _ => return Some(bad("yes or no")),
                },
                "prior" => match value.parse::<u32>() {
                    Ok(n) => s.prior = n,
                    _ => return Some(bad("a whole number of visits")),
                },
                "lead" => match value.parse::<f64>() {
                    Ok(l) if l.is_finite() && l > 0.0 => s.lead = l,
                    _ => return Some(bad("a number of points above 0")),
                },
                _ => {
                    return Some(bad(
                        "unknown option (iters, ms, c, reward, playout, eval, lead, prior, policy, reuse)",
                    ))
                }
            }
        }
        Some(Ok(s))
    }

    /// The spec that `parse` reads back into these settings.
    pub fn spec(&self) -> String {
        let budget = match self.budget {
            Budget::Iterations(n) => format!("iters={n}"),
            Budget::Time(t) => format!("ms={}", t.as_millis()),
        };
        let reward = match self.reward {
            Reward::Win => "win",
            Reward::Margin => "margin",
        };
        let playout = match self.playout {
            Some(n) => n.to_string(),
            None => "end".to_string(),
        };
        let eval = match self.eval {
            Eval::Board => "board",
            Eval::Greedy => "greedy",
        };
        let policy = match self.policy {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
        };
        format!(
            "mcts:{budget}:c={}:reward={reward}:playout={playout}:eval={eval}:lead={}:prior={}:policy={policy}:reuse={}",
            self.c,
            self.lead,
            self.prior,
            if self.reuse { "yes" } else { "no" }
        )
    }
}

// The defaults were chosen by playing against greedy (base, 2 players; the
// figures are in docs/reference/bots.md, "MCTS against greedy"). Greedy's
// own standing judges the leaf and ranks the searcher's answers up front,
// because 30 to 100 placements are too many to try one by one in 400
// iterations; the playout lets greedy answer for the opponent's turn
// (placement and figure), so a move is judged by what the reply makes of
// it. Twice the iterations with half that playout cost no more a decision
// and won more (400 games: 76.8 % against 72.5 % for 150 iterations and a
// playout of four decisions). Random playouts to the end need far more
// iterations for a weaker bot.

/// Iterations per decision (a greedy playout costs as much as ~25
/// random-playout iterations).
const ITERATIONS: u32 = 400;

/// The exploration constant: rewards by standing differ little between
/// good moves, so less exploration than the 0.7 of random playouts.
const C: f64 = 0.35;

/// The default playout: two decisions (the opponent's turn, placement and
/// figure), then the standing.
const PLAYOUT: Option<u32> = Some(2);

/// Whether the tree is kept between decisions by default: not yet, as
/// keeping it made a decision cost more CPU (deeper trees to walk), and
/// its strength against greedy is not measured (docs/reference/bots.md,
/// "Keeping the tree").
const REUSE: bool = false;

/// The default playout player.
const POLICY: Policy = Policy::Greedy;

/// The default judge of where a playout stops.
const EVAL: Eval = Eval::Greedy;

/// The default lead worth a reward of 1.
const LEAD: f64 = 50.0;

/// The default visits credited from greedy's standing.
const PRIOR: u32 = 20;
