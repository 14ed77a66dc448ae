//! Fair hidden information: what a player may know of a game, and games
//! re-dealt from that knowledge for information-set search.
//!
//! The one secret of every ruleset here is the order of the face-down tiles
//! (`Game::stack[next..]`) and the seed that fixed it, which also deals the
//! chance outcomes to come (a token from the sheep bag): a view deals them
//! from a seed of 0, a re-dealt game from one of its own. Tiles put face
//! down under hills are the last of the stack (`Game::bury`), so which they
//! are stays as secret as the order. Everything else is on
//! the table: the tiles placed and discarded, the tile drawn this turn, the
//! figures, the scores, the goods, the King and Robber Baron cards, and who
//! still holds an abbey (each player starts with one, and placing it is
//! public). So which tiles are still face down is public too (every copy
//! minus those seen); only their order is not.
//!
//! The order is not uniform over all permutations in every ruleset: the
//! River's tiles come first, the fork first of them and the lake last
//! (`mechanics::river::stack`). A stack is therefore dealt as consecutive
//! runs (`Deal`), each shuffled on its own (or in a fixed order, such as
//! other sets' start tiles drawn after the river); where each run begins
//! and ends depends only on the ruleset, so it is public as well. A view
//! puts each run's face-down tiles in a canonical order (sorted by tile
//! index) and `determinize` shuffles each run again: both are games that
//! could really be played on.

use rand::seq::SliceRandom;
use rand::Rng;

use super::game::{ForceDrawError, Game};
use super::turn::Phase;

/// The most runs a stack is dealt in (the river's: forks, river, lakes,
/// other sets' start tiles, land).
const MAX_RUNS: usize = 6;

/// How a stack was dealt: run `i` is `stack[ends[i - 1]..ends[i]]` (from 0
/// for the first), shuffled on its own unless its bit in `fixed` is set
/// (its order is the ruleset's, so public). Flat and `Copy`: cloning a game
/// stays allocation-free.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Deal {
    ends: [u16; MAX_RUNS],
    fixed: u8,
    runs: u8,
}

impl Deal {
    /// Append a run of `len` tiles after the others (an empty one is left
    /// out), `shuffled` or in a fixed order.
    pub(crate) fn push(&mut self, len: usize, shuffled: bool) {
        if len == 0 {
            return;
        }
        let start = self.end();
        let i = usize::from(self.runs);
        assert!(i < MAX_RUNS, "a stack is dealt in at most {MAX_RUNS} runs");
        self.ends[i] = (start + len) as u16;
        if !shuffled {
            self.fixed |= 1 << i;
        }
        self.runs += 1;
    }

    /// The last run grows by `more` tiles added at the stack's end (tiles
    /// set aside, shuffled back in); returns where that run starts.
    pub(crate) fn extend_last(&mut self, more: usize) -> usize {
        if self.runs == 0 {
            self.push(more, true);
            return 0;
        }
        let last = usize::from(self.runs) - 1;
        let start = if last == 0 {
            0
        } else {
            usize::from(self.ends[last - 1])
        };
        self.ends[last] += more as u16;
        self.fixed &= !(1 << last);
        start
    }

    fn end(&self) -> usize {
        match self.runs {
            0 => 0,
            n => usize::from(self.ends[usize::from(n) - 1]),
        }
    }

    /// Each run as (start, end, shuffled).
    fn runs(&self) -> impl Iterator<Item = (usize, usize, bool)> + '_ {
        (0..usize::from(self.runs)).map(|i| {
            let start = if i == 0 {
                0
            } else {
                usize::from(self.ends[i - 1])
            };
            (start, usize::from(self.ends[i]), self.fixed & (1 << i) == 0)
        })
    }

    /// The end of the run holding stack position `at` (the stack's length
    /// past the last run).
    fn run_end(&self, at: usize, len: usize) -> usize {
        self.runs()
            .find(|&(s, e, _)| s <= at && at < e)
            .map_or(len, |(_, e, _)| e)
    }
}

impl Game {
    /// What `player` may know of this game: the same game with the order
    /// of the face-down tiles replaced by a canonical one (each run of the
    /// deal sorted by tile index) and the seed, which would reproduce the
    /// order, set to 0. Two games with the same history give equal views
    /// whatever their future draws. The view plays on (its draws come in
    /// the canonical order, a possible real order); `determinize` re-deals
    /// it at random. Bots are given views, never the game itself.
    ///
    /// No ruleset here has information private to one player, so every
    /// player's view is the same; `player` names whose view it is for the
    /// day one does.
    pub fn view(&self, player: u8) -> Game {
        let mut v = self.clone();
        v.hide_future(player);
        v
    }

    /// `view` into `out`, reusing its buffers: no allocation once `out` has
    /// held a game of this ruleset (`clone_from`).
    pub fn view_into(&self, player: u8, out: &mut Game) {
        out.clone_from(self);
        out.hide_future(player);
    }

    /// Turn this game into `player`'s view of it (see `view`).
    pub fn hide_future(&mut self, player: u8) {
        let _ = player;
        let next = self.next;
        for (start, end, shuffled) in self.deal.runs() {
            if shuffled && end > next {
                self.stack[start.max(next)..end].sort_unstable();
            }
        }
        self.conceal();
    }

    /// Re-deal the face-down tiles at random: each run of the deal is
    /// shuffled again, so the order is one a real game could have, drawn
    /// uniformly among those consistent with what has been seen. The game
    /// plays on from there (drawn tiles that fit nowhere are discarded, as
    /// in any seeded game, even if this was a scripted one). Called on a
    /// view, it samples a game from the viewer's information set; called on
    /// the game itself, the real order is lost.
    pub fn determinize<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let next = self.next;
        for (start, end, shuffled) in self.deal.runs() {
            if shuffled && end > next {
                self.stack[start.max(next)..end].shuffle(rng);
            }
        }
        self.conceal();
        // Chance outcomes to come are re-dealt too (a view deals them all
        // alike).
        self.chance_seed = rng.random();
    }

    /// `determinize` with the engine's own random source seeded by `seed`
    /// (for callers outside Rust: the Python package, a protocol).
    pub fn determinize_seeded(&mut self, seed: u64) {
        use rand::SeedableRng;
        self.determinize(&mut rand_pcg::Pcg64Mcg::seed_from_u64(seed));
    }

    /// Whether the face-down order is not the real game's: a view, or a
    /// game re-dealt by `determinize`. Such a game takes `force_draw`.
    pub fn future_hidden(&self) -> bool {
        self.hidden
    }

    /// How many copies of each tile (by index into `rules().tiles`) are
    /// still face down: public knowledge (every copy minus those placed,
    /// discarded, drawn or held), in `out` (cleared first).
    pub fn unseen_into(&self, out: &mut Vec<u16>) {
        out.clear();
        out.resize(self.rules.tiles.len(), 0);
        for &t in &self.stack[self.next..] {
            out[usize::from(t)] += 1;
        }
    }

    /// The seed no longer says the order, and the draws follow the stack
    /// (discarding unplaceable tiles as a seeded game does).
    fn conceal(&mut self) {
        self.seed = 0;
        self.chance_seed = 0;
        self.scripted = false;
        self.hidden = true;
    }

    /// `force_draw` in a game whose future is hidden: the tile drawn this
    /// turn becomes `tile`, one of the face-down tiles a real draw could
    /// give now (in the run the drawn tile came from: a land tile cannot be
    /// drawn while river tiles are left) that fits somewhere (a real draw
    /// discards one that does not). Where the modules act on a tile drawn
    /// (`Hook::Drawn`), the tile drawn stays: it has acted already.
    pub(crate) fn redraw(&mut self, tile: u16) -> Result<(), ForceDrawError> {
        let id = || self.rules.tiles[usize::from(tile)].id;
        if self.is_over() {
            return Err(ForceDrawError::GameOver);
        }
        if self.phase != Phase::Place || self.current.is_none() {
            return Err(ForceDrawError::NotDrawn);
        }
        if self.current == Some(tile) {
            return Ok(());
        }
        // Another tile would have had its own effect on the draw (moved the
        // pig by its own number), which cannot be taken back.
        if crate::mechanics::live(self, crate::mechanics::Hook::Drawn) {
            let drawn = self.rules.tiles[usize::from(self.current.unwrap_or(tile))].id;
            return Err(ForceDrawError::ActedOn(drawn));
        }
        let from = self.next - 1;
        let end = self.deal.run_end(from, self.stack.len());
        let Some(j) = (self.next..end).find(|&j| self.stack[j] == tile) else {
            return Err(if self.stack[self.next..].contains(&tile) {
                ForceDrawError::NotNow(id())
            } else {
                ForceDrawError::NoneLeft(id())
            });
        };
        if !self.placeable(tile) {
            return Err(ForceDrawError::FitsNowhere(id()));
        }
        self.stack.swap(from, j);
        self.current = Some(tile);
        Ok(())
    }
}
