//! The legal answers to the pending decision, counted and read by rank
//! without listing a placement decision's placements: what a bot that picks
//! one answer (uniformly, or by an index a network gave) needs, at the cost
//! of the scan alone. `legal_actions` lists the same answers in the same
//! order; listing them all costs about a third of a random game.

use super::fit::PlacementScan;
use super::game::{DrawnScan, Game};
use super::turn::Phase;
use super::types::{Action, Placement};

/// The pending decision's legal answers as `Game::legal_into` counted them:
/// `get(g, k)` is `g.legal_actions()[k]`, for the state it was counted in.
#[derive(Debug, Clone)]
pub struct Legal {
    /// The placements when they are not the draw's kept scan.
    scan: PlacementScan,
    /// The state the placements were counted in (`DrawnScan::NONE`: not a
    /// placement decision): a placement is read off a scan of that state
    /// only, never off a later board's.
    key: u64,
    /// Whether the placements are in `scan` (else in the draw's scan).
    own: bool,
    /// How many placements come first.
    placements: usize,
    /// The answers after the placements: the pass a placement decision may
    /// offer, or every answer of any other decision.
    rest: Vec<Action>,
}

impl Default for Legal {
    fn default() -> Self {
        Legal {
            scan: PlacementScan::default(),
            key: DrawnScan::NONE,
            own: false,
            placements: 0,
            rest: Vec::new(),
        }
    }
}

impl Legal {
    /// How many legal answers there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.placements + self.rest.len()
    }

    /// Whether there is none (the game is over).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many of them, from the first, are placements.
    #[inline]
    pub fn placements(&self) -> usize {
        self.placements
    }

    /// The answers that are not placements (the pass a placement
    /// decision may offer after them, or every answer of any other
    /// decision), as `legal_actions` lists them.
    #[inline]
    pub fn others(&self) -> &[Action] {
        &self.rest
    }

    /// The `k`-th legal answer of `g` in `legal_actions`'s order; `None`
    /// past the last, or when `g` is no longer the state it was counted in
    /// (a placement is read off the scan of that state only).
    #[inline]
    pub fn get(&self, g: &Game, k: usize) -> Option<Action> {
        if k >= self.placements {
            return self.rest.get(k - self.placements).copied();
        }
        let scan = self.scan_in(g)?;
        g.nth_scanned(k, scan).map(Action::Place)
    }

    /// Calls `f` with every legal answer of `g`, in `get`'s order (nothing
    /// for a state other than the one counted).
    pub fn each(&self, g: &Game, mut f: impl FnMut(Action)) {
        if self.placements > 0 && self.scan_in(g).is_none() {
            return;
        }
        self.each_placement(g, |p| f(Action::Place(p)));
        self.rest.iter().for_each(|&a| f(a));
    }

    /// Calls `f` with every legal placement of `g` (the first
    /// `placements()` answers), in `get`'s order; nothing for a state other
    /// than the one counted. With `others()`, every answer.
    #[inline]
    pub fn each_placement(&self, g: &Game, f: impl FnMut(Placement)) {
        if self.placements == 0 {
            return;
        }
        if let Some(scan) = self.scan_in(g) {
            g.each_scanned(scan, f);
        }
    }

    /// Calls `f(x, y, rotations)` with every position of a legal
    /// placement of `g`, bit r of `rotations` set when rotation r is one:
    /// `each_placement`'s pairs grouped by position, in its order.
    #[inline]
    pub fn each_position(&self, g: &Game, f: impl FnMut(i16, i16, u8)) {
        if self.placements == 0 {
            return;
        }
        if let Some(scan) = self.scan_in(g) {
            scan.each_position(&g.board.open, f);
        }
    }

    /// The scan of the placements, if `g` is still the state counted.
    #[inline]
    fn scan_in<'a>(&'a self, g: &'a Game) -> Option<&'a PlacementScan> {
        if g.place_key() != Some(self.key) {
            return None;
        }
        if self.own {
            return Some(&self.scan);
        }
        (g.drawn.key == self.key).then_some(&g.drawn.scan)
    }
}

impl Game {
    /// Count the legal answers to the pending decision into `legal`
    /// (reused: no allocation once it has room) and return how many there
    /// are. A placement decision is scanned, not listed: the draw's scan
    /// where it still holds, so counting costs next to nothing.
    pub fn legal_into(&self, legal: &mut Legal) -> usize {
        legal.rest.clear();
        legal.placements = 0;
        legal.key = DrawnScan::NONE;
        let Some(key) = self.place_key() else {
            self.legal_actions_into(&mut legal.rest);
            return legal.rest.len();
        };
        let (own, n) = self.scan_choice(&mut legal.scan);
        legal.own = own;
        legal.key = key;
        legal.placements = n;
        if self.place_pass(n) {
            legal.rest.push(Action::Pass);
        }
        legal.len()
    }

    /// The key of a placement decision's state (the tile, the tiles placed
    /// and the open positions, which change only by placing); `None` for
    /// any other decision.
    #[inline]
    fn place_key(&self) -> Option<u64> {
        let t = self.current?;
        (self.phase == Phase::Place)
            .then(|| DrawnScan::key(t, self.placed.len(), self.board.open.len()))
    }
}
