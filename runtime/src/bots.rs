//! Simple players: `random` (uniform over legal placements, then uniform over
//! follower options including none) and `greedy` (most immediate points).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::engine::{Deploy, Game, Move, Placement};

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

/// A bot with its own seeded random source and reusable buffers.
#[derive(Debug, Clone)]
pub struct Bot {
    pub kind: BotKind,
    rng: Pcg64Mcg,
    placements: Vec<Placement>,
    deploys: Vec<Option<Deploy>>,
    /// A game to try moves on, refilled with `clone_from` (no allocation).
    scratch: Option<Game>,
}

impl Bot {
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: Pcg64Mcg::seed_from_u64(seed),
            placements: Vec::with_capacity(256),
            deploys: Vec::with_capacity(16),
            scratch: None,
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
                let gain = |i: usize| next.scores()[i] as i64 - g.scores()[i] as i64;
                let other = (0..g.players() as usize)
                    .filter(|&i| i != me)
                    .map(gain)
                    .max()
                    .unwrap_or(0);
                // Keep followers in reserve a little: deploying costs a point.
                let value = 4 * (gain(me) - other) - i64::from(d.is_some());
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
