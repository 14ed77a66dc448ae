//! `mcts`: information-set Monte Carlo tree search with determinization
//! (Cowling, Powley and Whitehouse's single-observer ISMCTS). Each
//! iteration re-deals the face-down tiles of the bot's view at random
//! (`Game::determinize`), walks the tree down by UCB over the actions legal
//! in that deal, adds one node, plays on for a few decisions with the
//! greedy bot answering for every player, judges the position reached by
//! greedy's standing and credits the result to every node on the path,
//! each from the side of the player who chose it. A node is an action
//! history, shared by every deal in which it is legal; a child's
//! exploration term counts the iterations in which it was available, not
//! its parent's visits (the deals differ in what is legal). The answers of
//! the searcher's own turn (the same in every deal: no tile is drawn
//! before them) are all added at once, each credited some visits at the
//! reward of greedy's standing after it, so the search starts from
//! greedy's order and spends its iterations on the moves greedy rates
//! well. Every decision of every ruleset is a node (placements, figures,
//! the abbot's return, the barn, the builder's second tile, the abbey, the
//! wagon), through `legal_actions_into` and `apply_action` alone.
//!
//! Spec: `mcts`, with options after colons:
//! - `iters=N`: iterations per decision, default 400 (the same seed gives
//!   the same game); `ms=T`: a time budget per decision instead;
//! - `c=X`: the exploration constant, default 0.35;
//! - `reward=win|margin`: default `margin`, the lead over the best other
//!   player, `lead=P` points (default 50) worth 1 (a lead judged by win or
//!   loss alone is mostly noise);
//! - `playout=N|end`: default 2, at most N decisions after the tree, then
//!   the position is judged as if the game ended there (final scoring of
//!   what is on the board, 000_9deb58b1a7d17d38.txt L232-L272); `end`
//!   plays to the end;
//! - `policy=greedy|random`: who plays the playout, default `greedy` (the
//!   greedy bot for every player; `random` is the benchmark policy, about
//!   25 times as cheap per decision);
//! - `eval=greedy|board`: the judge of where the playout stops, default
//!   `greedy` (the greedy bot's standing: the board's final scoring plus
//!   the figures in reserve while tiles remain); `board` is the final
//!   scoring alone, which makes a figure placed look free;
//! - `prior=N`: the visits credited up front to each answer of the
//!   searcher's own turn, default 20 (0: none, every answer then tried in
//!   random order first).
//! - `reuse=yes|no`: keep the tree from one decision to the next of a
//!   game: the next search starts from the node of the actions played
//!   since, with its statistics (`reuse`); default `no`, every decision
//!   searched afresh.
//!
//! Against greedy (base, 2 players), `mcts` wins about four games in five
//! (docs/reference/bots.md, "MCTS against greedy").

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::simple::{standing, BotKind, SimpleBot, SCALE};
use crate::bench::{random_action, Buffers};
use crate::engine::{Action, Actor, Game};

mod reuse;
mod settings;

pub use settings::{Budget, Eval, Policy, Reward, Settings};

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
    /// Every child added, with greedy's standing as a prior.
    primed: bool,
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
    /// A copy of a finished deal, for each further player's standing.
    scratch: Option<Game>,
    /// Games to try the answers of a primed node on.
    trial: Option<Game>,
    trial2: Option<Game>,
    /// Tiles face down at the root: the searching player's turn lasts
    /// while as many remain.
    root_remaining: usize,
    me: u8,
    /// The greedy playout policy.
    greedy: SimpleBot,
    /// Iterations of the last search (for tests and reports): with an
    /// iteration budget, the budget less the root's kept visits.
    last_iterations: u32,
    /// The child of the root chosen by the last search (`NONE` before
    /// any): where the next search looks for its root (`reuse`).
    chosen: u32,
    /// The view searched before `root`'s, kept to refill; nodes too.
    spare_view: Option<Game>,
    spare_nodes: Vec<Node>,
    /// Visits of the last search's root that an earlier search made.
    last_reused: u32,
    /// What the bot has searched, over its life.
    effort: super::Effort,
}

impl Ismcts {
    /// A searcher with `settings`, its random choices seeded by `seed`.
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
            scratch: None,
            trial: None,
            trial2: None,
            root_remaining: 0,
            me: 0,
            greedy: SimpleBot::new(BotKind::Greedy, seed ^ 0x9e37_79b9_7f4a_7c15),
            last_iterations: 0,
            chosen: NONE,
            spare_view: None,
            spare_nodes: Vec::new(),
            last_reused: 0,
            effort: super::Effort::default(),
        }
    }

    /// Its settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// How many iterations the last decision searched (0 when it had one
    /// answer).
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// How many visits of the last search's root an earlier search made
    /// (0: its tree was started afresh).
    pub fn last_reused(&self) -> u32 {
        self.last_reused
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
        let mut view = self.spare_view.take().unwrap_or_else(|| g.clone());
        g.view_into(me, &mut view);
        self.last_reused = 0;
        let kept = match &self.root {
            Some(old) if self.settings.reuse && self.chosen != NONE && me == self.me => {
                reuse::find(&self.nodes, old, self.chosen, &view)
            }
            _ => None,
        };
        match kept {
            Some(at) => {
                reuse::keep_subtree(&mut self.nodes, at, &mut self.spare_nodes);
                self.last_reused = self.nodes[0].visits;
            }
            None => {
                self.nodes.clear();
                self.nodes.push(Node {
                    action: Action::Pass,
                    actor: me,
                    visits: 0,
                    avail: 0,
                    reward: 0.0,
                    first_child: NONE,
                    next_sibling: NONE,
                    primed: false,
                });
            }
        }
        self.spare_view = self.root.take();
        let root = view;
        let mut det = self.det.take().unwrap_or_else(|| root.clone());
        self.me = me;
        self.root_remaining = root.remaining();
        let started = Instant::now();
        let mut n = 0u32;
        // A kept root's visits count toward an iteration budget (at most
        // two thirds of it): the root is searched as much as a fresh one,
        // for less.
        let budget = match self.settings.budget {
            Budget::Iterations(k) => k - self.last_reused.min(k * 2 / 3),
            Budget::Time(_) => u32::MAX,
        };
        loop {
            match self.settings.budget {
                Budget::Iterations(_) if n >= budget => break,
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
        root.legal_actions_into(&mut self.legal);
        self.root = Some(root);
        self.det = Some(det);
        self.effort.searched += 1;
        self.effort.iterations += u64::from(n);
        self.effort.reused += u64::from(self.last_reused);
        // The most visited answer legal now (a reused root may hold
        // children of deals where something else was legal; a fresh
        // root's are all legal: its tile is face up, the same in every
        // deal).
        let mut best: Option<(u32, Node)> = None;
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let node = self.nodes[c as usize];
            if self.legal.contains(&node.action)
                && best.is_none_or(|(_, b)| (node.visits, node.reward) > (b.visits, b.reward))
            {
                best = Some((c, node));
            }
            c = node.next_sibling;
        }
        self.chosen = best.map_or(NONE, |(c, _)| c);
        best.map(|(_, b)| b.action)
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
            // The searching player's own turn (no tile drawn since the
            // root: the same answers in every deal) starts from greedy.
            if self.settings.prior > 0
                && !self.nodes[at as usize].primed
                && actor == self.me
                && det.remaining() == self.root_remaining
            {
                self.prime(at, det);
            }
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
                    primed: false,
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
        match self.settings.policy {
            Policy::Random => {
                while left > 0 && random_action(det, &mut self.rng, &mut self.buf).is_some() {
                    left -= 1;
                }
            }
            Policy::Greedy => {
                while left > 0 {
                    let Some(a) = self.greedy.choose_action(det) else {
                        break;
                    };
                    self.buf.events.clear();
                    det.apply_action(a, &mut self.buf.events)
                        .expect("greedy answers legally");
                    left -= 1;
                }
            }
        }
        match self.settings.eval {
            Eval::Board => {
                if !det.is_over() {
                    self.buf.events.clear();
                    det.finish_with(&mut self.buf.events);
                }
                self.score(det);
            }
            Eval::Greedy => self.judge(det),
        }
        for &id in &self.path {
            let node = &mut self.nodes[id as usize];
            node.visits += 1;
            node.reward += self.rewards[usize::from(node.actor)];
        }
    }

    /// Add every legal answer (`self.legal`) of `g` as a child of `at`,
    /// credited `prior` visits at the reward of greedy's standing after it
    /// (after the best next answer when the same player decides again
    /// before a tile is drawn: a placement is worth its best figure).
    fn prime(&mut self, at: u32, g: &Game) {
        let me = usize::from(self.me);
        let mut trial = self.trial.take().unwrap_or_else(|| g.clone());
        let mut trial2 = self.trial2.take().unwrap_or_else(|| g.clone());
        let mut next = Vec::new();
        let mut events = std::mem::take(&mut self.buf.events);
        let legal = std::mem::take(&mut self.legal);
        let mut have = Vec::new();
        let mut c = self.nodes[at as usize].first_child;
        while c != NONE {
            have.push(self.nodes[c as usize].action);
            c = self.nodes[c as usize].next_sibling;
        }
        for &a in &legal {
            if have.contains(&a) {
                continue;
            }
            trial.clone_from(g);
            events.clear();
            if trial.apply_action(a, &mut events).is_err() {
                continue;
            }
            let again = matches!(trial.pending(), Some(p) if p.actor == Actor::Player(self.me))
                && trial.remaining() == g.remaining();
            let lead = if again {
                trial.legal_actions_into(&mut next);
                let mut best = i64::MIN;
                for &b in &next {
                    trial2.clone_from(&trial);
                    events.clear();
                    if trial2.apply_action(b, &mut events).is_ok() {
                        best = best.max(standing(&mut trial2, me, &mut events));
                    }
                }
                if best == i64::MIN {
                    standing(&mut trial, me, &mut events)
                } else {
                    best
                }
            } else {
                standing(&mut trial, me, &mut events)
            };
            let prior = f64::from(self.settings.prior);
            let value = self.reward_of(lead);
            let id = self.nodes.len() as u32;
            let parent = &mut self.nodes[at as usize];
            let sibling = parent.first_child;
            parent.first_child = id;
            self.nodes.push(Node {
                action: a,
                actor: self.me,
                visits: self.settings.prior,
                avail: 0,
                reward: prior * value,
                first_child: NONE,
                next_sibling: sibling,
                primed: false,
            });
        }
        self.nodes[at as usize].primed = true;
        self.legal = legal;
        self.buf.events = events;
        self.trial = Some(trial);
        self.trial2 = Some(trial2);
    }

    /// Each player's reward for the position `g` by the greedy bot's
    /// standing (which finishes `g`), into `self.rewards`.
    fn judge(&mut self, g: &mut Game) {
        let players = usize::from(g.players());
        self.rewards.clear();
        self.rewards.resize(players, 0.0);
        // Two players: one's standing is the other's, negated. More: each
        // further player on a copy (`standing` finishes the game it is
        // given).
        if players > 2 {
            let mut copy = self.scratch.take().unwrap_or_else(|| g.clone());
            for p in 1..players {
                copy.clone_from(g);
                let lead = standing(&mut copy, p, &mut self.buf.events);
                self.rewards[p] = self.reward_of(lead);
            }
            self.scratch = Some(copy);
        }
        let lead = standing(g, 0, &mut self.buf.events);
        self.rewards[0] = self.reward_of(lead);
        if players == 2 {
            self.rewards[1] = self.reward_of(-lead);
        }
    }

    /// A player's reward for a standing `lead` (in `SCALE`ths of a point)
    /// over the best other player.
    fn reward_of(&self, lead: i64) -> f64 {
        match self.settings.reward {
            Reward::Win => match lead.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            },
            Reward::Margin => {
                let points = lead as f64 / SCALE as f64;
                (0.5 + points / (2.0 * self.settings.lead)).clamp(0.0, 1.0)
            }
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
                    self.rewards
                        .push((0.5 + lead / (2.0 * self.settings.lead)).clamp(0.0, 1.0));
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

    fn effort(&self) -> Option<super::Effort> {
        Some(self.effort)
    }
}
