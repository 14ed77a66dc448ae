//! The simple bots: `random` (uniform over legal placements, then uniform
//! over the answers to each later decision: figures including none, the
//! abbot's return, the builder's second tile) and `greedy` (most immediate
//! points).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::engine::{Action, Decision, Deploy, Game, Move, Placement};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Greedy,
}

impl BotKind {
    pub fn parse(name: &str) -> Option<BotKind> {
        match name {
            "random" => Some(BotKind::Random),
            "greedy" => Some(BotKind::Greedy),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
        }
    }
}

/// A simple bot with its own seeded random source and reusable buffers.
#[derive(Debug, Clone)]
pub struct SimpleBot {
    pub kind: BotKind,
    rng: Pcg64Mcg,
    placements: Vec<Placement>,
    deploys: Vec<Option<Deploy>>,
    actions: Vec<Action>,
    /// A game to try moves on, refilled with `clone_from` (no allocation).
    scratch: Option<Game>,
    /// The greedy bot's answer to the wood decision after the placement it
    /// chose (it weighs placement and figure together).
    plan: Option<Action>,
}

impl SimpleBot {
    pub fn new(kind: BotKind, seed: u64) -> SimpleBot {
        SimpleBot {
            kind,
            rng: Pcg64Mcg::seed_from_u64(seed),
            placements: Vec::with_capacity(256),
            deploys: Vec::with_capacity(16),
            actions: Vec::with_capacity(16),
            scratch: None,
            plan: None,
        }
    }

    /// The bot's answer to the pending decision (the caller makes sure the
    /// bot is the one asked), or `None` when the game is over.
    pub fn choose_action(&mut self, g: &Game) -> Option<Action> {
        let pending = g.pending()?;
        if pending.decision == Decision::Place {
            self.plan = None;
            return match self.kind {
                BotKind::Random => {
                    g.placements_into(&mut self.placements);
                    if self.placements.is_empty() {
                        return None;
                    }
                    let i = self.rng.random_range(0..self.placements.len());
                    Some(Action::Place(self.placements[i]))
                }
                BotKind::Greedy => {
                    let (p, wood) = self.greedy_with(g)?;
                    self.plan = Some(wood);
                    Some(Action::Place(p))
                }
            };
        }
        g.legal_actions_into(&mut self.actions);
        if self.actions.is_empty() {
            return None;
        }
        if let Some(a) = self.plan.take().filter(|a| self.actions.contains(a)) {
            return Some(a);
        }
        match self.kind {
            BotKind::Random => {
                let i = self.rng.random_range(0..self.actions.len());
                Some(self.actions[i])
            }
            // Without a plan (another decision): the best immediate gain.
            BotKind::Greedy => self.greedy_action(g),
        }
    }

    /// The bot's move for the player to move, or `None` when the game is over.
    pub fn choose(&mut self, g: &Game) -> Option<Move> {
        match self.kind {
            BotKind::Random => self.random(g),
            BotKind::Greedy => self.greedy(g),
        }
    }

    fn random(&mut self, g: &Game) -> Option<Move> {
        g.placements_into(&mut self.placements);
        if self.placements.is_empty() {
            return None;
        }
        let p = self.placements[self.rng.random_range(0..self.placements.len())];
        g.deploys_into(p, &mut self.deploys);
        let d = self.deploys[self.rng.random_range(0..self.deploys.len())];
        Some(Move {
            placement: p,
            deploy: d,
        })
    }

    /// The greedy choice as a placement and the answer to the wood decision
    /// after it (a figure, a pass, or an alternative such as the abbot's
    /// return).
    fn greedy_with(&mut self, g: &Game) -> Option<(Placement, Action)> {
        let mv = self.greedy(g)?;
        let wood = mv.deploy.map_or(Action::Pass, Action::Deploy);
        // Alternatives to deploying are weighed against the chosen move.
        let mut after = g.clone();
        let mut events = Vec::new();
        after
            .apply_action(Action::Place(mv.placement), &mut events)
            .ok()?;
        after.legal_actions_into(&mut self.actions);
        if !self
            .actions
            .iter()
            .any(|a| !matches!(a, Action::Pass | Action::Deploy(_)))
        {
            return Some((mv.placement, wood));
        }
        self.plan = None;
        let best = self.greedy_action(&after).unwrap_or(wood);
        let chosen = if self.value_of(&after, wood) >= self.value_of(&after, best) {
            wood
        } else {
            best
        };
        Some((mv.placement, chosen))
    }

    /// Immediate score difference of answering `a` in `g`.
    fn value_of(&self, g: &Game, a: Action) -> i64 {
        let me = g.to_move() as usize;
        let mut next = g.clone();
        let mut events = Vec::new();
        if next.apply_action(a, &mut events).is_err() {
            return i64::MIN;
        }
        worth(
            g,
            &next,
            me,
            matches!(a, Action::Deploy(d) if d.kind.occupies()),
        )
    }

    /// The legal action with the best immediate gain (the builder's second
    /// tile is always worth taking: a tile more).
    fn greedy_action(&mut self, g: &Game) -> Option<Action> {
        g.legal_actions_into(&mut self.actions);
        if self.actions.contains(&Action::SecondTile(true)) {
            return Some(Action::SecondTile(true));
        }
        let actions = std::mem::take(&mut self.actions);
        let best = actions.iter().copied().max_by_key(|&a| self.value_of(g, a));
        self.actions = actions;
        best
    }

    /// The move with the best immediate score difference (own points minus
    /// the best opponent's gain), ties broken at random.
    fn greedy(&mut self, g: &Game) -> Option<Move> {
        g.placements_into(&mut self.placements);
        if self.placements.is_empty() {
            return None;
        }
        let me = g.to_move() as usize;
        let mut best: Option<(i64, Move)> = None;
        let mut ties = 0u32;
        let placements = std::mem::take(&mut self.placements);
        let mut next = self.scratch.take().unwrap_or_else(|| g.clone());
        let mut events = Vec::new();
        for &p in &placements {
            g.deploys_into(p, &mut self.deploys);
            for &d in &self.deploys {
                let mv = Move {
                    placement: p,
                    deploy: d,
                };
                next.clone_from(g);
                events.clear();
                if next.apply_into(mv, &mut events).is_err() {
                    continue;
                }
                let value = worth(g, &next, me, d.is_some_and(|d| d.kind.occupies()));
                match &best {
                    Some((b, _)) if value < *b => {}
                    Some((b, _)) if value == *b => {
                        ties += 1;
                        if self.rng.random_range(0..=ties) == 0 {
                            best = Some((value, mv));
                        }
                    }
                    _ => {
                        ties = 0;
                        best = Some((value, mv));
                    }
                }
            }
        }
        self.placements = placements;
        self.scratch = Some(next);
        best.map(|(_, m)| m)
    }
}

/// The greedy bot's measure of going from `before` to `after`: four times
/// `me`'s gain minus the best opponent's, less a point for deploying a
/// follower (keep followers in reserve a little; a builder or pig is no
/// follower and costs nothing).
fn worth(before: &Game, after: &Game, me: usize, deployed: bool) -> i64 {
    let gain = |i: usize| after.scores()[i] as i64 - before.scores()[i] as i64;
    let other = (0..before.players() as usize)
        .filter(|&i| i != me)
        .map(gain)
        .max()
        .unwrap_or(0);
    4 * (gain(me) - other) - i64::from(deployed)
}

impl super::Bot for SimpleBot {
    fn name(&self) -> String {
        self.kind.name().to_string()
    }

    fn choose_action(&mut self, g: &Game) -> Option<Action> {
        SimpleBot::choose_action(self, g)
    }
}
