//! What callers read of a game: the players, scores and supplies, the
//! tiles placed, held, discarded and dealt, the board.

use super::game::{Dealt, Deployed, Discard, Game, Held, Placed};
use super::turn::Phase;
use super::types::*;
use crate::mechanics::{self, Mech, Shown};
use crate::tables::{Ruleset, TileType};

impl Game {
    /// The ruleset played.
    pub fn rules(&self) -> &'static Ruleset {
        self.rules
    }
    /// How many players.
    pub fn players(&self) -> u8 {
        self.players
    }
    /// The seed of the draw order (0 in a scripted game).
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The player whose turn it is (who answers may differ: [`Game::pending`]).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    /// Turns played so far.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Each player's points so far, by seat (below 0 only where a rule lets
    /// a player pay more than they have: the bazaar's bids).
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players as usize]
    }
    /// Normal followers in `player`'s supply.
    pub fn supply(&self, player: u8) -> u8 {
        self.figures(player, FollowerKind::Normal)
    }
    /// Figures of `kind` in `player`'s supply.
    #[inline]
    pub fn figures(&self, player: u8, kind: FollowerKind) -> u8 {
        self.supply[player as usize][kind as usize]
    }
    /// Figures of `kind` that `player` owns and that a module holds,
    /// neither on the board nor in the supply (a wagon whose feature scored,
    /// until its owner says where it goes).
    pub fn in_transit(&self, player: u8, kind: FollowerKind) -> u8 {
        self.held
            .iter()
            .filter(|h| h.player == player && h.kind == kind)
            .count() as u8
    }
    /// Figures of `kind` that `player` owns and that a module holds until
    /// they come back in the course of play (`in_transit` less the
    /// prisoners and the followers on top of towers).
    pub fn coming_back(&self, player: u8, kind: FollowerKind) -> u8 {
        self.held
            .iter()
            .filter(|h| h.player == player && h.kind == kind && mechanics::held_comes_back(h))
            .count() as u8
    }
    /// Every figure a module holds.
    pub fn held(&self) -> &[Held] {
        &self.held
    }
    /// The part of the current turn: 1, or 2 for a second part.
    pub fn part(&self) -> u8 {
        self.part
    }
    /// The tile `player` holds to place instead of drawing (the abbey), if
    /// any.
    pub fn held_tile(&self, player: u8) -> Option<u16> {
        mechanics::held_tile(self, player)
    }
    /// Whether the game is over (the final scoring done).
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    /// The tile to place this turn (`None` once the tiles are gone).
    pub fn current_tile(&self) -> Option<&'static TileType> {
        self.current.map(|t| &self.rules.tiles[t as usize])
    }
    /// The tile to place this turn, as an index into the ruleset's `tiles`.
    pub fn current_tile_index(&self) -> Option<u16> {
        self.current
    }
    /// The tiles on the board, in the order placed (the start tiles first).
    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }
    /// The figures on the board.
    pub fn followers(&self) -> &[Deployed] {
        &self.followers
    }
    /// Tiles drawn and not played: removed (fits nowhere) or set aside,
    /// in the order drawn (a tile set aside and later played is here too).
    pub fn discards(&self) -> &[Discard] {
        &self.discards
    }
    /// The tiles out of the game: drawn and fitting nowhere. With the
    /// tiles placed, those set aside now and those face down, every tile.
    pub fn removed(&self) -> impl Iterator<Item = u16> + '_ {
        self.discards
            .iter()
            .filter(|d| d.aside.is_none())
            .map(|d| d.tile)
    }
    /// Tiles set aside now, face up, and the module that will return them.
    pub fn set_aside(&self) -> &[(u16, Mech)] {
        &self.aside
    }
    /// Tiles still to be drawn (not counting the current one).
    pub fn remaining(&self) -> usize {
        self.face_down_end().saturating_sub(self.next)
    }
    /// Tiles face down out of play, never to be drawn (under hills); with
    /// `remaining`, every tile still face down.
    pub fn buried(&self) -> usize {
        usize::from(self.buried)
    }
    /// Every chance outcome applied so far, in order: dealt from the seed,
    /// certain (one answer), or stated (`stated`).
    pub fn dealt(&self) -> &[Dealt] {
        &self.dealt
    }
    /// Chance decisions wait to be stated (`Actor::Chance` pending,
    /// answered with `apply_action`) when `on`, as in a scripted game,
    /// rather than dealt: a bot weighing each outcome on its own copy of a
    /// view, a caller that rolls its own dice. A scripted game always
    /// waits.
    pub fn state_chance(&mut self, on: bool) {
        self.chance_stated = on;
    }
    /// The pending chance decision's outcomes with their weights (each
    /// dealt with probability weight / total), into `out` (cleared first);
    /// empty when no chance decision is pending.
    pub fn chance_odds(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        let Some(&ask) = self.asks.first() else {
            return;
        };
        if !matches!(self.phase, Phase::Ask { .. }) || !ask.by_chance() {
            return;
        }
        let mut outcomes: Vec<Action> = Vec::new();
        mechanics::answers(ask.mech, self, mechanics::At::Ask(ask), &mut outcomes);
        out.extend(
            outcomes
                .into_iter()
                .map(|a| (a, mechanics::odds(ask.mech, self, ask, a))),
        );
    }
    /// Width of the board grid (it grows as the game spreads).
    pub fn board_size(&self) -> i32 {
        self.board.size()
    }
    /// The tile at (x, y), if one is placed there.
    pub fn tile_at(&self, x: i32, y: i32) -> Option<&Placed> {
        self.board.placed_at(x, y).map(|i| &self.placed[i])
    }
    /// The index of the placed tile at (x, y).
    pub fn placed_index_at(&self, x: i32, y: i32) -> Option<usize> {
        self.board.placed_at(x, y)
    }
    /// What the ruleset's modules show of this game: neutral figures,
    /// figures at corners, what players hold, paths (`mechanics::Shown`).
    pub fn shown(&self) -> Shown {
        let mut s = Shown::default();
        mechanics::show(self, &mut s);
        s
    }
    /// The modules' public state as JSON fields (the protocol's game state).
    pub fn state_json(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        mechanics::state_json(self, out);
    }
    /// The placed tile and segment figure `f` stands on.
    pub fn spot_of(&self, f: &Deployed) -> Spot {
        let n = self.features.nodes[f.node as usize];
        Spot {
            placed: n.placed,
            segment: n.segment,
            kind: f.kind,
            player: f.player,
        }
    }
}
