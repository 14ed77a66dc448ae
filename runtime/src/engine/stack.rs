//! The tiles face down: the stack built and shuffled, tiles set aside
//! and shuffled back, buried, and counted as a rule counts them.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::game::Game;
use super::hidden::Deal;
use super::types::*;
use crate::mechanics::{self, Mech};

impl Game {
    /// Every copy of every tile but the start tiles, shuffled; river tiles
    /// first when the river is played (000_9deb58b1a7d17d38.txt L458-L478).
    pub(super) fn build_stack(&mut self, seed: u64, start: &[(u16, Placement)]) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut all = std::mem::take(&mut self.stack);
        all.clear();
        for (i, t) in self.rules.tiles.iter().enumerate() {
            all.extend(std::iter::repeat_n(i as u16, t.count as usize));
        }
        // Then one copy less per start tile: `all` is sorted, so each is
        // found by bisection (a ruleset with many start tiles, such as the
        // City of Carcassonne's, would otherwise count them per tile type).
        for &(tile, _) in start {
            if let Ok(k) = all.binary_search(&tile) {
                all.remove(k);
            }
        }
        self.deal = Deal::default();
        match mechanics::tile_source(self.rules, &mut all, &mut rng, &mut self.deal) {
            Some(stack) => self.stack = stack,
            None => {
                all.shuffle(&mut rng);
                self.deal.push(all.len(), true);
                self.stack = all;
            }
        }
    }

    /// Module `by`'s tiles set aside go back among the face-down tiles,
    /// shuffled in with those of the last run of the deal (the dragon tiles
    /// once the dragon is in play, 000_9deb58b1a7d17d38.txt L1136). The
    /// shuffle is seeded by the game's seed and the turn, so a replay
    /// shuffles the same.
    pub(crate) fn shuffle_back(&mut self, by: Mech) {
        // The tiles out of play stay the last ones, out of the shuffle:
        // they left before these came back.
        let tail = self.stack.split_off(self.stack_end());
        let before = self.stack.len();
        for &(t, m) in &self.aside {
            if m == by {
                self.stack.push(t);
            }
        }
        self.aside.retain(|&(_, m)| m != by);
        let back = self.stack.len() - before;
        if back > 0 {
            let start = self.deal.extend_last(back).max(self.next);
            let salt = u64::from(self.turn) << 32 | self.placed.len() as u64;
            let mut rng = Pcg64Mcg::seed_from_u64(self.seed ^ 0x5eed_bac6 ^ salt);
            self.stack[start..].shuffle(&mut rng);
        }
        self.stack.extend(tail);
    }

    /// One face-down tile leaves play unseen (a tile put under a hill):
    /// the last of the stack, which no one knows, so that what is face
    /// down stays as public as it was; whether there was one left to take.
    pub(crate) fn bury(&mut self) -> bool {
        if self.next >= self.face_down_end() {
            return false;
        }
        self.buried += 1;
        true
    }

    /// Where the tiles still to be drawn end: the buried ones follow.
    #[inline(always)]
    pub(crate) fn stack_end(&self) -> usize {
        self.stack.len() - usize::from(self.buried)
    }

    /// Where the tiles the rules count as face down end: before the
    /// spare ones (`spare`), which only a draw takes. What a rule does
    /// with the tiles face down (count them, turn them up, put one under
    /// a hill) stops here.
    #[inline(always)]
    pub(crate) fn face_down_end(&self) -> usize {
        self.stack_end().saturating_sub(usize::from(self.spare))
    }

    /// Scripted games only: a copy of a game, given more tiles than it so
    /// that it never ends on its own, counts `face_down` tiles face down as
    /// the game does now; the others are spares, drawn when the game's
    /// tiles would have run out but never counted by a rule (how many are
    /// left for a bazaar's auction, 000_9deb58b1a7d17d38.txt L2433; a tile
    /// to put under a hill). The copy then plays every turn as the game
    /// did, though it draws only the tiles it is told (not those the game
    /// discarded or set aside). False when it has fewer than `face_down`.
    pub(crate) fn count_face_down_as(&mut self, face_down: usize) -> bool {
        let own = self.stack_end().saturating_sub(self.next);
        let Some(Ok(spare)) = own.checked_sub(face_down).map(u16::try_from) else {
            return false;
        };
        if self.scripted {
            self.spare = spare;
        }
        self.scripted
    }
}
