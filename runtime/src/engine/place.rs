//! Placing tiles: the legal placements of the tile drawn (listed, counted,
//! scanned), the draw that removes tiles fitting nowhere, and putting a
//! tile down with its features joined (000_9deb58b1a7d17d38.txt L92-L100).

use super::board::{DX, DY};
use super::features::Node;
use super::fit::{self, open_placement, Rotations, NIBBLE_ONES};
use super::game::{facing, Discard, DrawnScan, Game, Placed, PlacementScan};
use super::turn::Phase;
use super::types::*;
use crate::mechanics::{self, Hook};
use crate::tables::{Edge, Kind, TileType, NO_SEGMENT};
use carcassonne_vocab::river::Course;

/// The kind of a spare node no segment uses yet (`Hook::Segments`): one no
/// follower stands on and no rule scores, reached by nothing.
const SPARE_KIND: Kind = Kind::River;

impl Game {
    // ----- legal moves ---------------------------------------------------

    /// Every legal placement of the current tile, into `out` (cleared first).
    pub fn placements_into(&self, out: &mut Vec<Placement>) {
        self.placements_as(out, |p| p);
    }

    /// Every legal placement of the current tile as `wrap` makes it into
    /// `out` (cleared first), in the scan's order (positions, then
    /// rotations): the placements and the bots' `Action::Place` answers are
    /// read off the one scan uniform random play picks from
    /// (`placement_scan`), filters and modules' additions included.
    pub(crate) fn placements_as<T: Copy>(&self, out: &mut Vec<T>, wrap: impl Fn(Placement) -> T) {
        out.clear();
        if let Some((scan, _)) = self.drawn_scan() {
            // The draw tested the tile everywhere and no filter has a say.
            scan.list_into(&self.board.open, out, wrap);
            return;
        }
        thread_local! {
            /// A scan's room, kept between calls: listing allocates nothing.
            static SPARE: std::cell::RefCell<PlacementScan> = Default::default();
        }
        SPARE.with(|spare| {
            // Busy only under a module's filter that lists placements
            // itself: then a scan of its own (empty until it scans).
            let mut own = PlacementScan::default();
            let mut kept = spare.try_borrow_mut();
            let scan = match kept.as_deref_mut() {
                Ok(scan) => scan,
                Err(_) => &mut own,
            };
            self.scan_afresh(scan);
            scan.list_into(&self.board.open, out, wrap);
        });
    }

    /// Whether `tile` at `p` (an open position) matches its neighbours by
    /// its edges alone, without a module's addition (`Hook::Enables`).
    pub(crate) fn fits_by_edges(&self, tile: &TileType, p: Placement) -> bool {
        !mechanics::live(self, Hook::Enables)
            || self.board.open_at(p.x.into(), p.y.into()).is_some_and(|o| {
                self.board
                    .open
                    .fits(o, tile.rot_edges[usize::from(p.rotation & 3)])
            })
    }

    /// Calls `found` with each placement of `tile` that the edges refuse, a
    /// module makes legal (`Hook::Enables`) and the filters accept.
    fn each_enabled(&self, tile: &TileType, mut found: impl FnMut(Placement)) {
        if !mechanics::enabling(self) {
            return;
        }
        // A filter that does not look at the tile accepts it everywhere.
        let filtered =
            mechanics::live(self, Hook::PlacementFilter) && mechanics::filtering(self, tile);
        mechanics::enabled(self, tile, &mut |p| {
            debug_assert!(filtered || mechanics::placement_filter(self, tile, p).is_ok());
            if !filtered || mechanics::placement_filter(self, tile, p).is_ok() {
                found(p);
            }
        });
    }

    /// Whether the current tile has a legal placement only through a
    /// module's addition (`Hook::Enables`): then the player may also
    /// decline to place it, and it is discarded like a tile that fits
    /// nowhere (a bridge is never mandatory, 000_9deb58b1a7d17d38.txt fn 14
    /// L2581).
    pub(crate) fn only_enabled(&self) -> bool {
        if !mechanics::live(self, Hook::Enables) || self.phase != Phase::Place {
            return false;
        }
        let Some(tile) = self.current_tile() else {
            return false;
        };
        if self.any_placement(tile, |_| true) {
            return false;
        }
        let mut any = false;
        self.each_enabled(tile, |_| any = true);
        any
    }

    /// Whether a scripted game was told a tile that fits nowhere: its player
    /// passes it, and it goes out of the game as a seeded game's would
    /// (a seeded game never holds such a tile: the draw goes on).
    pub fn told_unfit(&self) -> bool {
        self.scripted
            && self.phase == Phase::Place
            && self
                .current_tile()
                .is_some_and(|t| !self.any_placement(t, |_| true))
    }

    /// Whether a placement filter looks at the current tile now (the
    /// river's rules; the shrines' neighbour rule, for a cloister once a
    /// shrine is down): its placements need the checks, so
    /// `placement_count` and `nth_placement` fall back to listing them.
    fn filtered_now(&self) -> bool {
        self.current_tile()
            .is_some_and(|t| mechanics::filters(self, t))
    }

    /// How many legal placements the current tile has (`placements_into`'s
    /// length), without listing them.
    pub fn placement_count(&self) -> usize {
        if self.phase != Phase::Place {
            return 0;
        }
        let Some(t) = self.current else { return 0 };
        let tile = &self.rules.tiles[t as usize];
        if self.filtered_now() {
            return self.placements().len();
        }
        let rot = Rotations::new(&tile.rot_edges);
        self.board
            .open
            .blocks()
            .map(|(q, m)| rot.block_counted(q, m).1)
            .sum::<u32>() as usize
    }

    /// The `k`-th legal placement in `placements_into`'s order, without
    /// listing the others (`scan_placements` and `nth_scanned` are faster
    /// for a caller that keeps a buffer).
    pub fn nth_placement(&self, k: usize) -> Option<Placement> {
        if self.phase != Phase::Place {
            return None;
        }
        let t = self.current?;
        let tile = &self.rules.tiles[t as usize];
        if self.filtered_now() {
            return self.placements().get(k).copied();
        }
        let open = &self.board.open;
        let mut left = k;
        for (i, (&q, &m)) in open.req.iter().zip(&open.mask).enumerate() {
            let fits = fit::nibble(&tile.rot_edges, q, m);
            let n = usize::from(NIBBLE_ONES[fits as usize]);
            if left < n {
                return open_placement(open, i, fits, left);
            }
            left -= n;
        }
        None
    }

    /// `placement_count`, also leaving in `scan` which rotations fit at each
    /// open position, so that `nth_scanned` finds the k-th placement without
    /// testing the tile again (one pass instead of two for uniform random
    /// play). The placement filters (the river's, the shrines') run here,
    /// once per position where the verdict does not depend on the rotation,
    /// so filtered tiles need no list either.
    pub fn scan_placements(&self, scan: &mut PlacementScan) -> usize {
        if let Some((drawn, n)) = self.drawn_scan() {
            scan.copy_from(drawn);
            return n;
        }
        self.scan_afresh(scan)
    }

    /// `scan_placements` without a copy: the scan the draw made, where it
    /// still holds (no filter had a say), else `spare` filled afresh; and
    /// the number of placements. What uniform random play uses.
    #[inline]
    pub fn placement_scan<'a>(
        &'a self,
        spare: &'a mut PlacementScan,
    ) -> (&'a PlacementScan, usize) {
        match self.scan_choice(spare) {
            (true, n) => (spare, n),
            (false, n) => (&self.drawn.scan, n),
        }
    }

    /// The number of placements, and where they are: `false` in the
    /// draw's scan, which still holds; `true` in `spare`, scanned afresh.
    /// The one choice of `placement_scan` and `legal_into` (which keeps
    /// where, to read the placements again later).
    #[inline]
    pub(super) fn scan_choice(&self, spare: &mut PlacementScan) -> (bool, usize) {
        match self.drawn_scan() {
            Some((_, n)) => (false, n),
            None => (true, self.scan_afresh(spare)),
        }
    }

    /// The draw's scan, if it is this state's.
    #[inline(always)]
    fn drawn_scan(&self) -> Option<(&PlacementScan, usize)> {
        let t = self.current?;
        if self.phase != Phase::Place
            || self.drawn.key != DrawnScan::key(t, self.placed.len(), self.board.open.len())
        {
            return None;
        }
        debug_assert!(
            self.drawn.scan.holds_for(
                &self.rules.tiles[t as usize].rot_edges,
                &self.board.open,
                self.drawn.count as usize
            ),
            "the draw's scan is still this board's"
        );
        Some((&self.drawn.scan, self.drawn.count as usize))
    }

    fn scan_afresh(&self, scan: &mut PlacementScan) -> usize {
        scan.clear();
        if self.phase != Phase::Place {
            return 0;
        }
        let Some(t) = self.current else { return 0 };
        let tile = &self.rules.tiles[t as usize];
        let n = scan.scan(&tile.rot_edges, &self.board.open);
        if !mechanics::filters(self, tile) {
            return n;
        }
        let n = if n == 0 {
            0
        } else {
            self.filter_scan(tile, scan, n)
        };
        if !mechanics::live(self, Hook::Enables) {
            return n;
        }
        let mut more = false;
        self.each_enabled(tile, |p| {
            if let Some(i) = self.board.open_at(p.x.into(), p.y.into()) {
                scan.allow(i, p.rotation);
                more = true;
            }
        });
        if more {
            scan.recount()
        } else {
            n
        }
    }

    /// The placement filters' verdicts on a scan of `n` fitting pairs.
    fn filter_scan(&self, tile: &TileType, scan: &mut PlacementScan, n: usize) -> usize {
        if !mechanics::live(self, Hook::PlacementFilter) {
            return n;
        }
        let open = &self.board.open;
        let keep = |p| mechanics::placement_filter(self, tile, p).is_ok();
        // Where the filters accept a tile only near a few cells (a river
        // tile, beside the river's open ends), ask there alone.
        let mut at = [0usize; fit::KEEP_ONLY];
        let mut n_at = 0;
        let limited = mechanics::accepted_near(self, tile, |x, y| {
            if let Some(i) = self.board.open_at(x, y) {
                if let Some(a) = at.get_mut(n_at) {
                    *a = i;
                }
                n_at += 1;
            }
        });
        if limited && n_at <= at.len() {
            return scan.keep_only(open, &at[..n_at], keep);
        }
        // Where they can refuse only near a few cells (the shrines' rule,
        // beside the placed rivals), ask there alone.
        let mut cells = [(0i32, 0i32); 256];
        let mut n_cells = 0;
        let limited = mechanics::refusals_near(self, tile, |x, y| {
            if let Some(c) = cells.get_mut(n_cells) {
                *c = (x, y);
            }
            n_cells += 1;
        });
        if limited && n_cells <= cells.len() {
            // (Such filters judge a position, not a rotation.)
            debug_assert!(mechanics::filters_by_position(self, tile));
            for &(x, y) in &cells[..n_cells] {
                if let Some(i) = self.board.open_at(x, y) {
                    scan.refuse_at(open, i, keep);
                }
            }
            return scan.recount();
        }
        let by_position = mechanics::filters_by_position(self, tile);
        scan.retain(open, by_position, keep)
    }

    /// The `k`-th placement, given the `scan` that `scan_placements` left
    /// (`None` past the last, or for a scan of another state).
    pub fn nth_scanned(&self, k: usize, scan: &PlacementScan) -> Option<Placement> {
        scan.nth(k, &self.board.open)
    }

    /// Calls `f` with every placement of `scan` (as `placement_scan` left
    /// it for this state), in `nth_scanned`'s order: `placements_into`'s
    /// list without writing it.
    pub fn each_scanned(&self, scan: &PlacementScan, f: impl FnMut(Placement)) {
        scan.each(&self.board.open, f)
    }

    /// Every legal placement of the current tile (see `placements_into` to
    /// reuse a buffer).
    pub fn placements(&self) -> Vec<Placement> {
        let mut v = Vec::new();
        self.placements_into(&mut v);
        v
    }

    /// Is there any legal placement for tile `t`? (Stops at the first.)
    pub(crate) fn placeable(&self, t: u16) -> bool {
        let tile = &self.rules.tiles[t as usize];
        if mechanics::filters(self, tile) {
            // Where the filters accept the tile only near a few cells (a
            // river tile), try those alone.
            let mut found = false;
            let limited = mechanics::accepted_near(self, tile, |x, y| {
                let Some(i) = self.board.open_at(x, y).filter(|_| !found) else {
                    return;
                };
                let [x, y] = [x as i16, y as i16];
                found = (0..4u8).any(|rotation| {
                    self.board
                        .open
                        .fits(i, tile.rot_edges[usize::from(rotation)])
                        && mechanics::placement_filter(self, tile, Placement { x, y, rotation })
                            .is_ok()
                });
            });
            let found = if limited {
                found
            } else {
                self.any_placement(tile, |_| true)
            };
            if found || !mechanics::live(self, Hook::Enables) {
                return found;
            }
            let mut any = false;
            self.each_enabled(tile, |_| any = true);
            return any;
        }
        // All four rotations of eight positions at once.
        let rot = Rotations::new(&tile.rot_edges);
        self.board.open.blocks().any(|(q, m)| rot.block(q, m) != 0)
    }

    /// Calls `stop` with each legal placement of `tile`, in `placements_into`'s
    /// order (positions, then rotations), until it returns true; whether it
    /// did. The plain loop for callers that stop early or do not collect
    /// `Placement`s (`placements_into` is the vectorised listing).
    #[inline(always)]
    pub(crate) fn any_placement(
        &self,
        tile: &TileType,
        mut stop: impl FnMut(Placement) -> bool,
    ) -> bool {
        let filtered = mechanics::filters(self, tile);
        let by_position = filtered && mechanics::filters_by_position(self, tile);
        let open = &self.board.open;
        (0..open.len()).any(|i| {
            // The filters' verdict at this position, once asked (where it
            // does not depend on the rotation).
            let mut verdict: Option<bool> = None;
            (0..4u8).any(|r| {
                open.fits(i, tile.rot_edges[r as usize]) && {
                    let [x, y] = open.xy[i];
                    let p = Placement { x, y, rotation: r };
                    let ok = !filtered
                        || match verdict {
                            Some(ok) if by_position => ok,
                            _ => {
                                let ok = mechanics::placement_filter(self, tile, p).is_ok();
                                verdict = Some(ok);
                                ok
                            }
                        };
                    ok && stop(p)
                }
            })
        })
    }

    pub(crate) fn check_place(&self, tile: &TileType, p: Placement) -> Result<(), MoveError> {
        if p.rotation > 3 {
            return Err(MoveError::BadRotation(p.rotation));
        }
        let Some(o) = self.board.open_at(p.x as i32, p.y as i32) else {
            return Err(MoveError::NotOpen { x: p.x, y: p.y });
        };
        let fits = self.board.open.fits(o, tile.rot_edges[p.rotation as usize]);
        let enabled = || {
            mechanics::live(self, Hook::Enables)
                && mechanics::enabling(self)
                && mechanics::enables(self, tile, p)
        };
        if !fits && !enabled() {
            return Err(MoveError::DoesNotFit {
                tile: tile.id,
                x: p.x,
                y: p.y,
                rotation: p.rotation,
            });
        }
        if mechanics::filters(self, tile) {
            mechanics::placement_filter(self, tile, p)?;
        }
        Ok(())
    }

    /// Place tile `t` (already checked), creating and joining its features.
    pub(crate) fn put(&mut self, t: u16, p: Placement) -> usize {
        let tile = &self.rules.tiles[t as usize];
        let idx = self.placed.len();
        let node_base = self.features.nodes.len() as u16;
        self.placed.push(Placed {
            tile: t,
            rotation: p.rotation,
            x: p.x,
            y: p.y,
            node_base,
            ports: tile.rot_ports[usize::from(p.rotation & 3)],
            river: Course::SOURCE,
        });
        let (rules, marked) = (self.rules, mechanics::live(self, Hook::FeatureMarks));
        // One node per segment, appended in one go (one capacity check).
        let nodes = tile.segments.iter().enumerate().map(|(s, seg)| {
            let marks = if marked {
                mechanics::feature_marks(rules, seg)
            } else {
                0
            };
            Node::new(
                node_base + s as u16,
                idx as u16,
                s as u8,
                seg.kind,
                i16::from(seg.sides),
                u16::from(seg.pennants),
                marks,
                seg.borders,
            )
        });
        self.features.nodes.extend(nodes);
        if mechanics::live(self, Hook::Segments) {
            // The spare node for a segment a module may add later: a
            // feature of its own that nothing reaches until then.
            let id = node_base + tile.segments.len() as u16;
            let seg = tile.segments.len() as u8;
            let spare = Node::new(id, idx as u16, seg, SPARE_KIND, 0, 0, 0, 0);
            self.features.nodes.push(spare);
        }
        let neighbours = self.board.place(
            p.x as i32,
            p.y as i32,
            idx,
            tile.rot_edges[p.rotation as usize],
        );
        let farmers = self.rules.options.farmers();
        let closes = tile.closes;
        // This tile's segment at each board port, and the neighbour's: the
        // nodes that meet across a side, read from two local copies.
        let own = tile.rot_ports[usize::from(p.rotation & 3)];
        for (side, q) in neighbours.into_iter().enumerate() {
            let Some(q) = q else { continue };
            let (their, their_base) = (self.placed[q].ports, self.placed[q].node_base);
            let meet = |port: usize| {
                let (a, b) = (own[port], their[usize::from(facing(port as u8))]);
                (a != NO_SEGMENT && b != NO_SEGMENT)
                    .then(|| (node_base + u16::from(a), their_base + u16::from(b)))
            };
            let mid = 3 * side + 1;
            if closes && tile.edges[(side + 4 - p.rotation as usize) % 4] == Edge::Any {
                // A side that matches anything closes the road or city it
                // meets (the abbey, 000_9deb58b1a7d17d38.txt L1606).
                if let Some(b) = self.node_at(q, facing(mid as u8)) {
                    let r = self.features.find(b);
                    if matches!(
                        self.features.nodes[r as usize].kind,
                        Kind::City | Kind::Road
                    ) {
                        self.features.nodes[r as usize].open -= 1;
                    }
                }
                continue;
            }
            if let Some((a, b)) = meet(mid) {
                let r = self.features.union(a, b);
                self.features.nodes[r as usize].open -= 2;
                // A city side's halves are the city itself; a road or river
                // side still joins the fields on both of its halves.
                if tile.segments[usize::from(own[mid])].kind == Kind::City {
                    continue;
                }
            }
            if farmers {
                for half in [3 * side, 3 * side + 2] {
                    if let Some((a, b)) = meet(half) {
                        if self.features.nodes[a as usize].kind == Kind::Field
                            && self.features.nodes[b as usize].kind == Kind::Field
                        {
                            self.features.union(a, b);
                        }
                    }
                }
            }
        }
        if mechanics::live(self, Hook::AfterPlace) {
            mechanics::after_place(self, idx);
        }
        idx
    }

    /// Add segment `kind` to placed tile `idx` (one a tile; `Hook::Segments`
    /// keeps its node), reaching board ports `ports` (middles of sides):
    /// the tile shows `edge` on those sides from now on, for the tiles
    /// placed beside it later (`Board::demand`), and the segment joins the
    /// features of that kind it meets across them. The module has checked
    /// that it may go there; returns its node. What lies under it (the
    /// tile's own segments) stays as it is. The modules then hear of it
    /// (`Hook::SegmentAdded`).
    pub(crate) fn add_segment(&mut self, idx: usize, kind: Kind, ports: u16, edge: Edge) -> u16 {
        let q = self.placed[idx];
        let seg = self.segments_of(idx);
        let node = q.node_base + u16::from(seg);
        debug_assert!(
            mechanics::live(self, Hook::Segments) && self.added_segment(idx).is_none(),
            "a spare node, free"
        );
        let sides = (0..4).filter(|s| ports & (1 << (3 * s + 1)) != 0);
        let n = &mut self.features.nodes[node as usize];
        n.kind = kind;
        n.open = sides.clone().count() as i16;
        for side in sides {
            let mid = 3 * side + 1;
            self.placed[idx].ports[mid] = seg;
            let (x, y) = (q.x as i32 + DX[side], q.y as i32 + DY[side]);
            match self.board.placed_at(x, y) {
                Some(o) => {
                    if let Some(b) = self.node_at(o, facing(mid as u8)) {
                        if self.features.nodes[b as usize].kind == kind {
                            let r = self.features.union(node, b);
                            self.features.nodes[r as usize].open -= 2;
                        }
                    }
                }
                None => self.board.demand(x, y, (side + 2) % 4, edge as u16),
            }
        }
        self.added = node;
        if mechanics::live(self, Hook::SegmentAdded) {
            mechanics::segment_added(self, idx, node);
        }
        node
    }

    /// Build the features of the nodes in `seeds` afresh: every member of
    /// their features becomes a feature of its own again, with the tallies
    /// its segment starts with (open sides, pennants, marks) and the
    /// followers standing on it (occupants), and the members are joined
    /// again across the tiles' sides (as `put` and `add_segment` join
    /// them) and by the joins the modules keep (`Hook::Links`). The union-find
    /// cannot split a feature; this is how one splits when a module breaks
    /// a join it made (a ferry moved to other road ends of its lake,
    /// 004_e9353f116722cd5d.txt L83: the ferries module, the only caller).
    ///
    /// Figures stay on their nodes, so each stays on its segment's new
    /// feature. Roots change: the smallest node of each new feature is its
    /// root. A module that keeps a feature's root across turns must not
    /// have it rebuilt (a castle's town, a withdrawn city: no module
    /// rebuilds cities); what the modules key by node or by placed tile
    /// (followers, the mage and the witch, gold, marks from segments) is
    /// unaffected. Not for the base game's hot path: it allocates.
    pub(crate) fn rebuild_features(&mut self, seeds: &[u16]) {
        let mut members: Vec<u16> = Vec::new();
        for &s in seeds {
            let r = self.features.find(s);
            if !members.contains(&r) {
                members.extend(self.features.members(r));
            }
        }
        members.sort_unstable();
        members.dedup();
        let in_set = |n: u16| members.binary_search(&n).is_ok();
        let marked = mechanics::live(self, Hook::FeatureMarks);
        // Each member alone, with its segment's own tallies.
        for &n in &members {
            let node = self.features.nodes[n as usize];
            debug_assert!(
                node.open != super::features::WITHDRAWN,
                "no module rebuilds a withdrawn feature"
            );
            let q = self.placed[node.placed as usize];
            let printed = self.rules.tiles[q.tile as usize].segments;
            let (open, pennants, marks) = match printed.get(usize::from(node.segment)) {
                Some(seg) => (
                    i16::from(seg.sides),
                    u16::from(seg.pennants),
                    if marked {
                        mechanics::feature_marks(self.rules, seg)
                    } else {
                        0
                    },
                ),
                // A segment a module added (`add_segment`): its sides.
                None => (
                    (0..4)
                        .filter(|s| q.ports[3 * s + 1] == node.segment)
                        .count() as i16,
                    0,
                    0,
                ),
            };
            self.features.nodes[n as usize] = Node {
                occupants: 0,
                ..Node::new(
                    n,
                    node.placed,
                    node.segment,
                    node.kind,
                    open,
                    pennants,
                    marks,
                    node.borders,
                )
            };
        }
        for f in &self.followers {
            if f.kind.occupies() && in_set(f.node) {
                self.features.nodes[f.node as usize].occupants += 1;
            }
        }
        // Joined again across the tiles' sides, each side once (from the
        // tile placed first).
        let farmers = self.rules.options.farmers();
        for &n in &members {
            let node = self.features.nodes[n as usize];
            let idx = node.placed as usize;
            let q = self.placed[idx];
            let tile = &self.rules.tiles[q.tile as usize];
            for port in 0..12usize {
                if q.ports[port] != node.segment {
                    continue;
                }
                let side = port / 3;
                if tile.closes && tile.edges[(side + 4 - q.rotation as usize) % 4] == Edge::Any {
                    continue;
                }
                let (x, y) = (q.x as i32 + DX[side], q.y as i32 + DY[side]);
                let Some(o) = self.board.placed_at(x, y) else {
                    continue;
                };
                let other = self.placed[o];
                let otile = &self.rules.tiles[other.tile as usize];
                let oside = (side + 2) % 4;
                let mid = port % 3 == 1;
                if otile.closes
                    && otile.edges[(oside + 4 - other.rotation as usize) % 4] == Edge::Any
                {
                    // A side that matches anything closes what it meets (the
                    // abbey, 000_9deb58b1a7d17d38.txt L1606).
                    if mid && matches!(node.kind, Kind::City | Kind::Road) {
                        let r = self.features.find(n);
                        self.features.nodes[r as usize].open -= 1;
                    }
                    continue;
                }
                if o < idx {
                    continue;
                }
                let Some(b) = self.node_at(o, facing(port as u8)) else {
                    continue;
                };
                if !in_set(b) {
                    continue;
                }
                if mid {
                    let r = self.features.union(n, b);
                    self.features.nodes[r as usize].open -= 2;
                } else if farmers
                    && node.kind == Kind::Field
                    && self.features.nodes[b as usize].kind == Kind::Field
                {
                    self.features.union(n, b);
                }
            }
        }
        if mechanics::live(self, Hook::Links) {
            let mut links: Vec<(u16, u16)> = Vec::new();
            mechanics::links(self, &mut |a, b| links.push((a, b)));
            for (a, b) in links {
                if in_set(a) && in_set(b) {
                    self.features.union(a, b);
                }
            }
        }
    }

    /// The node of the segment a module added to placed tile `idx`, if one
    /// was (`add_segment`).
    pub(crate) fn added_segment(&self, idx: usize) -> Option<u16> {
        if !mechanics::live(self, Hook::Segments) {
            return None;
        }
        let node = self.placed[idx].node_base + u16::from(self.segments_of(idx));
        (self.features.nodes[node as usize].kind != SPARE_KIND).then_some(node)
    }

    /// The current tile goes out of the game unplayed.
    pub(crate) fn discard_current(&mut self) {
        if let Some(t) = self.current.take() {
            self.discards.push(Discard {
                turn: self.turn,
                player: self.to_move,
                tile: t,
                aside: None,
                revealed: false,
            });
        }
    }

    /// The segments of placed tile `idx` as records name them: its printed
    /// ones, then the one a module added (`add_segment`: its kind and the
    /// ports it reaches, unturned like a printed segment's), at index
    /// `segments.len()`.
    pub fn segments_at(&self, idx: usize) -> std::borrow::Cow<'static, [crate::tables::Segment]> {
        let q = self.placed[idx];
        let printed = self.rules.tiles[q.tile as usize].segments;
        let Some(node) = self.added_segment(idx) else {
            return std::borrow::Cow::Borrowed(printed);
        };
        let seg = printed.len() as u8;
        let board = (0..12u16)
            .filter(|&p| q.ports[p as usize] == seg)
            .fold(0, |m, p| m | 1 << p);
        let mut all = printed.to_vec();
        all.push(crate::tables::Segment {
            kind: self.features.nodes[node as usize].kind,
            ports: crate::tables::rotate_mask(board, (4 - q.rotation % 4) % 4),
            sides: board.count_ones() as u8,
            borders: 0,
            pennants: 0,
            flags: 0,
            attrs: &[],
            links: 0,
        });
        std::borrow::Cow::Owned(all)
    }

    /// Draw the next tile: one a module sets aside goes face up beside
    /// the board, one that fits nowhere out of the game, and the next is
    /// drawn.
    ///
    /// A tile not set aside meets the modules' step on a drawn tile
    /// (`Hook::Drawn`) first, before anyone considers where it fits (the
    /// Wheel of Fortune's pig, 000_9deb58b1a7d17d38.txt fn 4 L2902): a
    /// tile then discarded has had it. Decisions posed there are asked
    /// with the tile drawn (`current`); the draw goes on once they are
    /// answered (`after_drawn`). A scripted game runs the step when told
    /// its tile (`force_draw`).
    pub(crate) fn draw(&mut self, events: &mut Vec<ScoreEvent>) {
        self.current = None;
        self.drawn_step = false;
        while self.next < self.stack_end() {
            let t = self.stack[self.next];
            self.next += 1;
            // A scripted game picks its tiles: it sets aside only a tile it
            // is told (`force_draw`).
            let aside = if !self.scripted && mechanics::live(self, Hook::Draw) {
                mechanics::sets_aside(self, t)
            } else {
                None
            };
            if aside.is_none() && !self.scripted && mechanics::live(self, Hook::Drawn) {
                self.drawn_hook(t, events);
                if !self.asks.is_empty() {
                    self.current = Some(t);
                    if self.stop_for_asks(super::turn::Resume::Drawn, events) {
                        return;
                    }
                    self.phase = super::turn::Phase::Place;
                }
            }
            if let Some(m) = aside {
                self.aside.push((t, m));
            } else if self.scripted || self.drawn_fits(t) {
                self.current = Some(t);
                return;
            }
            self.discards.push(Discard {
                turn: self.turn,
                player: self.to_move,
                tile: t,
                aside,
                revealed: false,
            });
        }
    }

    /// The modules' step on drawn tile `t` (`Hook::Drawn`); its points are
    /// the next turn entry's, as those of a turn's start.
    pub(crate) fn drawn_hook(&mut self, t: u16, events: &mut Vec<ScoreEvent>) {
        let when = std::mem::replace(&mut self.when, When::TurnStart);
        mechanics::drawn(self, t, events);
        self.when = when;
    }

    /// The decisions posed on the tile drawn (`current`) are answered: it
    /// waits to be placed, or (fitting nowhere) goes out of the game and the
    /// draw goes on.
    pub(crate) fn after_drawn(&mut self, events: &mut Vec<ScoreEvent>) {
        self.phase = super::turn::Phase::Place;
        let Some(t) = self.current else { return };
        if self.scripted || self.drawn_fits(t) {
            return;
        }
        self.discard_current();
        self.draw(events);
        if self.current.is_none() {
            self.tiles_out(events);
        }
    }

    /// Whether the drawn tile `t` fits anywhere; where no filter has a say,
    /// from a scan of every open position, kept for `scan_placements`.
    #[inline(always)]
    fn drawn_fits(&mut self, t: u16) -> bool {
        let tile = &self.rules.tiles[t as usize];
        if mechanics::filters(self, tile) {
            self.drawn.forget();
            return self.placeable(t);
        }
        let open = &self.board.open;
        let n = self.drawn.scan.scan(&tile.rot_edges, open);
        self.drawn.count = n as u32;
        self.drawn.key = DrawnScan::key(t, self.placed.len(), open.len());
        n > 0
    }
}
