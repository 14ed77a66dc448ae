//! `mcts`: information-set Monte Carlo tree search with determinization
//! (Cowling, Powley and Whitehouse's single-observer ISMCTS). Each
//! iteration re-deals the face-down tiles of the bot's view at random
//! (`Game::determinize`), walks the tree down by UCB over the actions legal
//! in that deal, adds one node, plays the rest of the game at random (the
//! benchmark policy) and credits the result to every node on the path, each
//! from the side of the player who chose it. A node is an action history,
//! shared by every deal in which it is legal; a child's exploration term
//! counts the iterations in which it was available, not its parent's
//! visits (the deals differ in what is legal). Every decision of every
//! ruleset is a node (placements, figures, the abbot's return, the barn,
//! the builder's second tile, the abbey, the wagon), through
//! `legal_actions_into` and `apply_action` alone.
//!
//! Spec: `mcts`, with options after colons: `iters=N` (iterations per
//! decision, the default 1,000: the same seed gives the same game),
//! `ms=T` (a time budget per decision instead), `c=X` (the exploration
//! constant, default 0.7), `reward=win|margin` (default `margin`: the
//! final lead, which beat greedy far more often than win/loss at the same
//! budget, 20 of 20 base games against 13.5 of 20 at 1,000 iterations:
//! a random playout's winner is mostly noise, its margin less so),
//! `playout=N|end` (default `end`: after the tree, at most N random
//! actions, then the game is scored as if it ended there, final scoring of
//! what is on the board, 000_9deb58b1a7d17d38.txt L232-L272; a short
//! playout is a less noisy judge of a position, and three times as cheap).

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::bench::{random_action, Buffers};
use crate::engine::{Action, Actor, Game};

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

/// The search's settings, as `mcts:…` spells them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    pub budget: Budget,
    pub c: f64,
    pub reward: Reward,
    /// At most this many random actions after the tree, then the game is
    /// scored as if it ended there (final scoring of what is on the
    /// board); `None` plays to the end.
    pub playout: Option<u32>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: Budget::Iterations(1_000),
            c: 0.7,
            reward: Reward::Margin,
            playout: PLAYOUT,
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
                    "expected key=value (iters=N, ms=T, c=X, reward=win|margin, playout=N|end)",
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
                _ => return Some(bad("unknown option (iters, ms, c, reward, playout)")),
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
        format!(
            "mcts:{budget}:c={}:reward={reward}:playout={playout}",
            self.c
        )
    }
}

/// The default playout: to the end of the game, as the search was first
/// measured (`playout=N` shortens it).
const PLAYOUT: Option<u32> = None;

/// No node (the end of a child or sibling list).
const NONE: u32 = u32::MAX;

/// A node of the tree: the history that ends with `action`.
#[derive(Debug, Clone, Copy)]
struct Node {
    action: Action,
    /// Who chose `action`: the rewards kept here are theirs.
    actor: u8,
    visits: u32,
    /// Iterations in which `action` was legal when its parent was reached.
    avail: u32,
    reward: f64,
    first_child: u32,
    next_sibling: u32,
}

/// The information-set MCTS bot.
#[derive(Debug)]
pub struct Ismcts {
    settings: Settings,
    rng: Pcg64Mcg,
    nodes: Vec<Node>,
    /// The bot's view of the game searched, and the deal of an iteration
    /// (refilled with `clone_from`: no allocation per iteration).
    root: Option<Game>,
    det: Option<Game>,
    buf: Buffers,
    legal: Vec<Action>,
    /// Which of `legal` has a child at the node being walked.
    seen: Vec<bool>,
    path: Vec<u32>,
    rewards: Vec<f64>,
    /// Iterations of the last search (for tests and reports).
    last_iterations: u32,
}

impl Ismcts {
    pub fn new(settings: Settings, seed: u64) -> Ismcts {
        Ismcts {
            settings,
            rng: Pcg64Mcg::seed_from_u64(seed),
            nodes: Vec::new(),
            root: None,
            det: None,
            buf: Buffers::new(),
            legal: Vec::with_capacity(256),
            seen: Vec::with_capacity(256),
            path: Vec::with_capacity(256),
            rewards: Vec::with_capacity(8),
            last_iterations: 0,
        }
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// How many iterations the last decision searched (0 when it had one
    /// answer).
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// The answer to the pending decision of `g`, or `None` when the game
    /// is over. The bot searches its own view of `g` (`Game::view`), so it
    /// plays the same, and as fairly, whether it is given a view or the
    /// game itself.
    pub fn choose(&mut self, g: &Game) -> Option<Action> {
        self.last_iterations = 0;
        let me = match g.pending()?.actor {
            Actor::Player(p) => p,
            Actor::Chance => return None,
        };
        g.legal_actions_into(&mut self.legal);
        match self.legal.len() {
            0 => return None,
            1 => return Some(self.legal[0]),
            _ => {}
        }
        let mut root = self.root.take().unwrap_or_else(|| g.clone());
        g.view_into(me, &mut root);
        let mut det = self.det.take().unwrap_or_else(|| root.clone());
        self.nodes.clear();
        self.nodes.push(Node {
            action: Action::Pass,
            actor: me,
            visits: 0,
            avail: 0,
            reward: 0.0,
            first_child: NONE,
            next_sibling: NONE,
        });
        let started = Instant::now();
        let mut n = 0u32;
        loop {
            match self.settings.budget {
                Budget::Iterations(k) if n >= k => break,
                // The clock is read every 16 iterations (a few µs each).
                Budget::Time(t) if n > 0 && n % 16 == 0 && started.elapsed() >= t => break,
                _ => {}
            }
            det.clone_from(&root);
            det.determinize(&mut self.rng);
            self.iterate(&mut det);
            n += 1;
        }
        self.last_iterations = n;
        self.root = Some(root);
        self.det = Some(det);
        // The most visited answer (every child of the root is legal: the
        // root's tile is face up, the same in every deal).
        let mut best: Option<Node> = None;
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let node = self.nodes[c as usize];
            if best.is_none_or(|b| (node.visits, node.reward) > (b.visits, b.reward)) {
                best = Some(node);
            }
            c = node.next_sibling;
        }
        best.map(|b| b.action)
    }

    /// One iteration on the deal `det`: select, expand, play out, credit.
    fn iterate(&mut self, det: &mut Game) {
        self.path.clear();
        let mut at = 0u32;
        let mut events = std::mem::take(&mut self.buf.events);
        while let Some(pending) = det.pending() {
            let Actor::Player(actor) = pending.actor else {
                break;
            };
            det.legal_actions_into(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            self.legal.sort_unstable();
            self.seen.clear();
            self.seen.resize(self.legal.len(), false);
            // The children legal in this deal: count them available and
            // keep the best by UCB.
            let mut best = (NONE, f64::NEG_INFINITY);
            let mut c = self.nodes[at as usize].first_child;
            while c != NONE {
                let node = &mut self.nodes[c as usize];
                if let Ok(i) = self.legal.binary_search(&node.action) {
                    self.seen[i] = true;
                    node.avail += 1;
                    let visits = f64::from(node.visits.max(1));
                    let ucb = node.reward / visits
                        + self.settings.c * (f64::from(node.avail).ln() / visits).sqrt();
                    if ucb > best.1 {
                        best = (c, ucb);
                    }
                }
                c = node.next_sibling;
            }
            let untried = self.seen.iter().filter(|&&s| !s).count();
            let (next, expanded) = if untried > 0 {
                // A legal action with no node yet: add one and play out.
                let k = self.rng.random_range(0..untried);
                let i = (0..self.legal.len())
                    .filter(|&i| !self.seen[i])
                    .nth(k)
                    .expect("k < untried");
                let id = self.nodes.len() as u32;
                let parent = &mut self.nodes[at as usize];
                let sibling = parent.first_child;
                parent.first_child = id;
                self.nodes.push(Node {
                    action: self.legal[i],
                    actor,
                    visits: 0,
                    avail: 1,
                    reward: 0.0,
                    first_child: NONE,
                    next_sibling: sibling,
                });
                (id, true)
            } else {
                (best.0, false)
            };
            events.clear();
            det.apply_action(self.nodes[next as usize].action, &mut events)
                .expect("the action was listed as legal in this deal");
            self.path.push(next);
            at = next;
            if expanded {
                break;
            }
        }
        self.buf.events = events;
        let mut left = self.settings.playout.unwrap_or(u32::MAX);
        while left > 0 && random_action(det, &mut self.rng, &mut self.buf).is_some() {
            left -= 1;
        }
        if !det.is_over() {
            self.buf.events.clear();
            det.finish_with(&mut self.buf.events);
        }
        self.score(det);
        for &id in &self.path {
            let node = &mut self.nodes[id as usize];
            node.visits += 1;
            node.reward += self.rewards[usize::from(node.actor)];
        }
    }

    /// Each player's reward for the finished game `g`, into `self.rewards`.
    fn score(&mut self, g: &Game) {
        let scores = g.scores();
        self.rewards.clear();
        match self.settings.reward {
            Reward::Win => {
                let top = scores.iter().copied().max().unwrap_or(0);
                let winners = scores.iter().filter(|&&s| s == top).count() as f64;
                self.rewards.extend(
                    scores
                        .iter()
                        .map(|&s| if s == top { 1.0 / winners } else { 0.0 }),
                );
            }
            Reward::Margin => {
                for (p, &s) in scores.iter().enumerate() {
                    let other = scores
                        .iter()
                        .enumerate()
                        .filter(|&(q, _)| q != p)
                        .map(|(_, &o)| o)
                        .max()
                        .unwrap_or(0);
                    let lead = f64::from(s) - f64::from(other);
                    self.rewards.push((0.5 + lead / 100.0).clamp(0.0, 1.0));
                }
            }
        }
    }
}

impl super::Bot for Ismcts {
    fn name(&self) -> String {
        self.settings.spec()
    }

    fn choose_action(&mut self, g: &Game) -> Option<Action> {
        self.choose(g)
    }
}
