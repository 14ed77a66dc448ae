//! Figures on the tile just placed: where each kind may go, which features
//! are occupied, and deploying (000_9deb58b1a7d17d38.txt L102-L121).

use super::board::{DX, DY};
use super::game::{facing, Game, NO_NODE};
use super::turn::Phase;
use super::types::*;
use crate::mechanics::{self, Hook, Sink, WoodSpot};
use crate::tables::{Kind, Segment, TileType, NO_SEGMENT};
use std::borrow::Cow;

impl Game {
    /// The figure choices after placing the current tile at `p` (before or
    /// after it is placed: the answer is the same), into `out` (cleared
    /// first); "no figure" is `None` and always first.
    pub fn deploys_into(&self, p: Placement, out: &mut Vec<Option<Deploy>>) {
        out.clear();
        out.push(None);
        self.figures_into(p, out);
    }

    /// The figure choices at `p` (without "none"), appended to `out`.
    pub(crate) fn figures_into<S: Sink>(&self, p: Placement, out: &mut S) {
        let Some(tile) = self.wood_tile() else { return };
        if mechanics::live(self, Hook::Ban) && mechanics::ban(self, tile, self.wood_at(p)).is_some()
        {
            return;
        }
        let player = self.to_move;
        let supply = &self.supply[player as usize];
        if *supply == [0; FIGURE_KINDS] {
            return;
        }
        let segments = self.wood_segments(tile, p);
        let w = WoodSpot {
            tile,
            segments: &segments,
            p,
            player,
            occupied: self.occupied_mask(tile, p, None),
            own: Default::default(),
        };
        if supply[FollowerKind::Normal as usize] > 0 {
            // The free segments as a mask first, then one option per bit: a
            // test per segment would be a branch the kinds make unpredictable.
            let stands = self.stands_on(FollowerKind::Normal);
            let may_stand = w.segments.iter().take(32).enumerate();
            let mut free = may_stand.fold(0u32, |m, (s, seg)| {
                m | u32::from(stands >> seg.kind as u8 & 1) << s
            }) & !w.occupied;
            while free != 0 {
                out.put(Action::Deploy(Deploy {
                    segment: free.trailing_zeros() as u8,
                    kind: FollowerKind::Normal,
                }));
                free &= free - 1;
            }
        }
        if mechanics::live(self, Hook::WoodOptions) {
            mechanics::wood_options(self, &w, out);
        }
    }

    /// The segments a figure may take on `tile` at `p`: its printed ones,
    /// and on the tile of this figure step the one a module added to it,
    /// at index `segments.len()` as records name it (a bridge on the tile
    /// just placed, 000_9deb58b1a7d17d38.txt L2476, fn 17 L2584: a road of
    /// the tile like its printed ones, for every figure that stands on
    /// roads). Not on a neighbour's added segment: no figure goes there.
    #[inline]
    fn wood_segments<'a>(&self, tile: &'a TileType, p: Placement) -> Cow<'a, [Segment]> {
        if mechanics::live(self, Hook::Segments) {
            if let Some(idx) = self.wood_at(p) {
                return self.segments_at(idx as usize);
            }
        }
        Cow::Borrowed(tile.segments)
    }

    /// The tile figures go onto: the one placed this part, or (for listing
    /// moves before placing) the current tile.
    #[inline]
    fn wood_tile(&self) -> Option<&'static TileType> {
        match self.phase {
            Phase::Wood { placed } => {
                Some(&self.rules.tiles[self.placed[placed as usize].tile as usize])
            }
            Phase::Place => self.current_tile(),
            _ => None,
        }
    }

    /// The figure options after placing the current tile at `p`: `None`
    /// (deploy nothing) and each legal deployment.
    pub fn deploys(&self, p: Placement) -> Vec<Option<Deploy>> {
        let mut v = Vec::new();
        self.deploys_into(p, &mut v);
        v
    }

    /// Every legal move (placement × follower choice); a placement only a
    /// module's addition makes legal (a bridge), or one a module follows
    /// with a decision before the figure step (a gold mine's second bar),
    /// is no move: it is played with actions (`legal_actions`).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut deploys = Vec::new();
        let tile = self.current_tile();
        let by_edges = |p: &Placement| {
            tile.is_some_and(|t| self.fits_by_edges(t, *p) && !self.asks_after_placing(t, *p))
        };
        for p in self.placements().into_iter().filter(by_edges) {
            self.deploys_into(p, &mut deploys);
            out.extend(deploys.iter().map(|&d| Move {
                placement: p,
                deploy: d,
            }));
        }
        out
    }

    /// Whether placing tile `t` at `p` now would pose a module's decision
    /// before the figure step (`Mechanic::asks_after_place`): only in a
    /// ruleset whose decisions are not all moves.
    #[inline]
    pub(crate) fn asks_after_placing(&self, t: &TileType, p: Placement) -> bool {
        !self.fused
            && mechanics::live(self, Hook::AfterPlace)
            && mechanics::asks_after_place(self, t, p)
    }

    /// The tile whose figure step this is, if it is one.
    pub(crate) fn wood_placed(&self) -> Option<usize> {
        match self.phase {
            Phase::Wood { placed } => Some(placed as usize),
            _ => None,
        }
    }

    /// Whether no figure may be put on placed tile `idx` now (the dragon's
    /// tile, `Hook::Ban`).
    /// The tile placed at `p` whose figure step this is, or `None` for a
    /// tile about to be placed there (moves listed before placing).
    fn wood_at(&self, p: Placement) -> Option<u16> {
        match self.phase {
            Phase::Wood { placed } => {
                let q = &self.placed[placed as usize];
                ((q.x, q.y) == (p.x, p.y)).then_some(placed)
            }
            _ => None,
        }
    }

    pub(crate) fn banned(&self, idx: usize) -> bool {
        if !mechanics::live(self, Hook::Ban) {
            return false;
        }
        let q = &self.placed[idx];
        mechanics::ban(self, &self.rules.tiles[q.tile as usize], Some(idx as u16)).is_some()
    }

    /// `banned` for a walk over every placed tile: the bans read once
    /// (each module's `Mechanic::placed_ban`), not asked tile by tile.
    pub(crate) fn bans(&self) -> mechanics::Bans {
        if !mechanics::live(self, Hook::Ban) {
            return mechanics::Bans::default();
        }
        mechanics::placed_bans(self)
    }

    /// The kinds of feature a figure of `kind` may stand on here, bit
    /// `Kind as u8` each: its declaration's, less fields where farmers are
    /// not played (a follower: 000_9deb58b1a7d17d38.txt L102-L117, never on
    /// a river, L482, nor a garden, 001_46b8449c567a6f1a.txt L425).
    #[inline]
    pub(crate) fn stands_on(&self, kind: FollowerKind) -> u8 {
        let fields = u8::from(!self.rules.options.farmers()) << Kind::Field as u8;
        kind.def().stands_on & !fields
    }

    /// Whether a figure of `kind` may stand on a feature of kind `k`.
    #[inline]
    pub(crate) fn may_stand(&self, kind: FollowerKind, k: Kind) -> bool {
        self.stands_on(kind) & (1 << k as u8) != 0
    }

    /// Segments at `w` whose feature holds a follower of `w.player` (the
    /// builder's and the pig's condition).
    pub(crate) fn own_mask(&self, w: &WoodSpot) -> u32 {
        if let Some(own) = w.own.get() {
            return own;
        }
        // A feature holding the player's follower is occupied (every
        // follower occupies its feature, `registry::OCCUPIES`): with none
        // occupied, the followers need no look.
        let own = if w.occupied == 0 {
            0
        } else {
            self.occupied_mask(w.tile, w.p, Some(w.player))
        };
        debug_assert_eq!(own, self.occupied_mask(w.tile, w.p, Some(w.player)));
        w.own.set(Some(own));
        own
    }

    /// Which segments of `tile` placed at `p` would join a feature that already
    /// has a follower (bit `s` for segment `s`). Looks across each side
    /// without placing. Two segments of the new tile can end up in one feature
    /// through a neighbour (a field wrapping around a road's end touches both
    /// halves of that side), so neighbour features are grouped first.
    /// With `owner`, only features holding a follower of that player count.
    pub(crate) fn occupied_mask(&self, tile: &TileType, p: Placement, owner: Option<u8>) -> u32 {
        if let Phase::Wood { placed } = self.phase {
            let q = &self.placed[placed as usize];
            if (q.x, q.y) == (p.x, p.y) {
                return self.occupied_on(placed as usize, owner);
            }
        }
        self.joined_before_placing(tile, p, |root| match owner {
            None => self.features.nodes[root as usize].occupants > 0,
            Some(pl) => self.followers.iter().any(|f| {
                f.player == pl && f.kind.is_follower() && self.features.find(f.node) == root
            }),
        })
    }

    /// Which segments of `tile` placed at `p` (placed this part, or about to
    /// be) are part of a feature whose root `held` picks (bit `s` for
    /// segment `s`): a module's own test of what a figure would join (no
    /// shepherd where another stands).
    pub(crate) fn joining_mask(
        &self,
        tile: &TileType,
        p: Placement,
        held: impl Fn(u16) -> bool,
    ) -> u32 {
        if let Phase::Wood { placed } = self.phase {
            let q = &self.placed[placed as usize];
            if (q.x, q.y) == (p.x, p.y) {
                let n = tile.segments.len().min(32);
                return (0..n).fold(0, |mask, s| {
                    let root = self.features.find(q.node_base + s as u16);
                    mask | u32::from(held(root)) << s
                });
            }
        }
        self.joined_before_placing(tile, p, held)
    }

    /// `joining_mask` for a tile not placed yet: looks across each side.
    #[inline]
    fn joined_before_placing(
        &self,
        tile: &TileType,
        p: Placement,
        held: impl Fn(u16) -> bool,
    ) -> u32 {
        let mut touch: [(u8, u16); 12] = [(0, 0); 12];
        let mut n = 0;
        let ports = &tile.rot_ports[usize::from(p.rotation & 3)];
        for side in 0..4 {
            let Some(q) = self
                .board
                .placed_at(p.x as i32 + DX[side], p.y as i32 + DY[side])
            else {
                continue;
            };
            for k in 0..3 {
                let port = (3 * side + k) as u8;
                let s = ports[port as usize];
                if s == NO_SEGMENT {
                    continue;
                }
                if let Some(node) = self.node_at(q, facing(port)) {
                    touch[n] = (s, self.features.find(node));
                    n += 1;
                }
            }
        }
        // Group the new tile's segments that meet the same neighbour feature.
        let mut group: [u8; 32] = std::array::from_fn(|i| i as u8);
        let find = |g: &[u8; 32], mut i: u8| {
            while g[i as usize] != i {
                i = g[i as usize];
            }
            i
        };
        for i in 0..n {
            for j in 0..i {
                if touch[i].1 == touch[j].1 {
                    let (a, b) = (find(&group, touch[i].0), find(&group, touch[j].0));
                    group[a.max(b) as usize] = a.min(b);
                }
            }
        }
        let mut occupied_groups = 0u32;
        for &(s, root) in &touch[..n] {
            if held(root) {
                occupied_groups |= 1 << find(&group, s);
            }
        }
        let mut mask = 0;
        for s in 0..tile.segments.len().min(32) as u8 {
            if occupied_groups & (1 << find(&group, s)) != 0 {
                mask |= 1 << s;
            }
        }
        mask
    }

    /// `occupied_mask` for the tile `q` once placed: its segments' features
    /// are joined, so their roots say it.
    fn occupied_on(&self, idx: usize, owner: Option<u8>) -> u32 {
        let q = &self.placed[idx];
        let tile = &self.rules.tiles[q.tile as usize];
        // A segment a module added to it is one of its segments here.
        let added = usize::from(self.added_segment(idx).is_some());
        let n = (tile.segments.len() + added).min(32);
        let mut roots = [0u16; 32];
        for (s, r) in roots[..n].iter_mut().enumerate() {
            *r = self.features.find(q.node_base + s as u16);
        }
        let mut mask = 0;
        match owner {
            None => {
                for (s, &r) in roots[..n].iter().enumerate() {
                    mask |= u32::from(self.features.nodes[r as usize].occupants > 0) << s;
                }
            }
            // Each of the player's followers' features once, against every
            // segment's; a bit per root modulo 64 first, since in a large
            // game most followers stand in features the tile is not part of.
            Some(pl) => {
                let near = roots[..n].iter().fold(0u64, |m, &r| m | 1 << (r % 64));
                for f in &self.followers {
                    if f.player == pl && f.kind.is_follower() {
                        let fr = self.features.find(f.node);
                        if near & 1 << (fr % 64) == 0 {
                            continue;
                        }
                        for (s, &r) in roots[..n].iter().enumerate() {
                            mask |= u32::from(r == fr) << s;
                        }
                    }
                }
            }
        }
        mask
    }

    /// The feature node at board port `port` of placed tile `q`.
    #[inline]
    pub(crate) fn node_at(&self, q: usize, port: u8) -> Option<u16> {
        let n = self.placed[q].port_node(port as usize);
        (n != NO_NODE).then_some(n)
    }

    /// A figure onto `tile` at `p` (placed or about to be: the answer is the
    /// same).
    pub(crate) fn check_deploy(
        &self,
        tile: &TileType,
        p: Placement,
        d: Deploy,
    ) -> Result<(), MoveError> {
        let segments = self.wood_segments(tile, p);
        if segments.get(d.segment as usize).is_none() {
            return Err(MoveError::NoSuchSegment {
                tile: tile.id,
                segment: d.segment,
            });
        }
        if mechanics::live(self, Hook::Ban) {
            if let Some(why) = mechanics::ban(self, tile, self.wood_at(p)) {
                return Err(MoveError::Banned(why));
            }
        }
        let pl = self.to_move;
        if self.figures(pl, d.kind) == 0 {
            // Out of them, or not in this game at all?
            let played = d.kind == FollowerKind::Normal
                || mechanics::FIGURE_OWNER[d.kind as usize]
                    .is_some_and(|m| self.rules.hooks.plays(m));
            return Err(if played {
                MoveError::NoFollowerLeft(pl)
            } else {
                MoveError::NotPlayed(d.kind.def().label)
            });
        }
        let w = WoodSpot {
            tile,
            segments: &segments,
            p,
            player: pl,
            occupied: self.occupied_mask(tile, p, None),
            own: Default::default(),
        };
        mechanics::check_figure(self, &w, d)
    }

    /// A figure of the player to move onto segment `d.segment` of tile `idx`.
    pub(crate) fn deploy(&mut self, idx: usize, d: Deploy) {
        let node = self.placed[idx].node_base + d.segment as u16;
        self.put_figure(self.to_move, d.kind, node);
    }
}
