//! Figures coming and going: onto the board from a supply, off it by the
//! one path every rule takes (scoring, the dragon, the princess, a lost
//! challenge), and held by a module in between (a wagon waiting to move;
//! prisoners). The modules on `Hook::OnRemoved` react to each removal: the
//! builder and the pig follow their owner's last follower
//! (000_9deb58b1a7d17d38.txt L888, L907, L1242-L1244).

use super::game::{Deployed, Game, Held, NO_NODE, NO_TILE};
use super::types::*;
use crate::mechanics::{self, Hook, Mech, Why};

impl Game {
    /// One of `player`'s figures of `kind`, from their supply onto the
    /// feature node `node`.
    #[inline]
    pub(crate) fn put_figure(&mut self, player: u8, kind: FollowerKind, node: u16) {
        self.stand(player, kind, node, false);
    }

    /// `put_figure` for the scoring about to come only (`Deployed::to_score`).
    pub(crate) fn put_figure_to_score(&mut self, player: u8, kind: FollowerKind, node: u16) {
        self.stand(player, kind, node, true);
    }

    #[inline(always)]
    fn stand(&mut self, player: u8, kind: FollowerKind, node: u16, to_score: bool) {
        if kind.occupies() {
            let root = self.features.find(node);
            self.features.nodes[root as usize].occupants += 1;
        }
        self.supply[player as usize][kind as usize] -= 1;
        let around = self.features.nodes[node as usize].kind.around();
        self.around += u16::from(around);
        self.followers.push(Deployed {
            player,
            node,
            kind,
            around,
            to_score,
        });
    }

    /// Figure `followers[i]` leaves the board for its owner's supply, and
    /// the modules react. A module has its say on a scored feature before
    /// any of its figures leaves (`Hook::OnScored`), so none is taken away
    /// while they do.
    pub(crate) fn remove(&mut self, i: usize, why: Why, events: &mut Vec<ScoreEvent>) -> Deployed {
        let f = self.followers.remove(i);
        self.around -= u16::from(f.around);
        let root = self.features.find(f.node);
        debug_assert!(
            self.scoring == NO_NODE || root != self.scoring,
            "a figure of the feature being scored left before every module had its say"
        );
        if f.kind.occupies() {
            self.features.nodes[root as usize].occupants -= 1;
        }
        self.supply[f.player as usize][f.kind as usize] += 1;
        if mechanics::live(self, Hook::OnRemoved) {
            mechanics::on_removed(self, f, why, events);
        }
        f
    }

    /// Every figure on the feature rooted at `root` that `leaves` picks
    /// goes home (`remove`), for `why`.
    pub(crate) fn remove_where(
        &mut self,
        root: u16,
        why: Why,
        leaves: impl Fn(&Deployed) -> bool,
        events: &mut Vec<ScoreEvent>,
    ) {
        // A removal may take others with it (the builder beside its
        // owner's last follower): look again from the start each time.
        while let Some(i) = self
            .followers
            .iter()
            .position(|f| leaves(f) && self.features.find(f.node) == root)
        {
            self.remove(i, why, events);
        }
    }

    /// One of `player`'s figures of `kind`, from their supply to module
    /// `by`, which holds it with its own note `data`.
    pub(crate) fn hold(&mut self, player: u8, kind: FollowerKind, by: Mech, data: u16) {
        self.hold_on(player, kind, by, data, NO_TILE);
    }

    /// `hold`, the figure standing on placed tile `tile` beside its
    /// features (a follower on top of a tower): what reaches a whole tile
    /// reaches it (`release_on_tile`).
    pub(crate) fn hold_on(
        &mut self,
        player: u8,
        kind: FollowerKind,
        by: Mech,
        data: u16,
        tile: u16,
    ) {
        self.supply[player as usize][kind as usize] -= 1;
        self.held.push(Held {
            player,
            kind,
            by,
            data,
            tile,
        });
    }

    /// Every held figure standing on placed tile `tile` goes home (the
    /// dragon eats a follower on a tower too, 000_9deb58b1a7d17d38.txt fn 20
    /// L1520); they are returned.
    pub(crate) fn release_on_tile(&mut self, tile: u16) -> impl Iterator<Item = Held> + use<> {
        let mut out = [None; 4];
        let mut n = 0;
        while let Some(i) = self.held.iter().position(|h| h.tile == tile) {
            let h = self.release(i);
            if n < out.len() {
                out[n] = Some(h);
                n += 1;
            }
        }
        out.into_iter().flatten()
    }

    /// Held figure `i` back to its owner's supply.
    pub(crate) fn release(&mut self, i: usize) -> Held {
        let h = self.held.remove(i);
        self.supply[h.player as usize][h.kind as usize] += 1;
        h
    }

    /// Whether `player` still has a follower on the feature rooted at
    /// `root`.
    pub(crate) fn has_follower_on(&self, player: u8, root: u16) -> bool {
        self.followers.iter().any(|f| {
            f.player == player && f.kind.is_follower() && self.features.find(f.node) == root
        })
    }

    /// A figure that stands beside its owner's follower (the builder, the
    /// pig) goes home when `gone`, its owner's last follower on that
    /// feature, leaves (000_9deb58b1a7d17d38.txt L888, L907, L1242-L1244):
    /// the builder's and the pig's `OnRemoved`.
    pub(crate) fn follow_last_follower(
        &mut self,
        gone: Deployed,
        kind: FollowerKind,
        events: &mut Vec<ScoreEvent>,
    ) {
        if !gone.kind.is_follower() {
            return;
        }
        let root = self.features.find(gone.node);
        if self.has_follower_on(gone.player, root) {
            return;
        }
        self.remove_where(
            root,
            Why::Alone,
            |f| f.player == gone.player && f.kind == kind,
            events,
        );
    }
}
