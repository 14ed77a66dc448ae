//! Placing tiles: the legal placements of the tile drawn (listed, counted,
//! scanned), the draw that removes tiles fitting nowhere, and putting a
//! tile down with its features joined (000_9deb58b1a7d17d38.txt L92-L100).

use super::features::Node;
use super::fit::{self, open_placement, Rotations, BLOCK, NIBBLE_ONES, NTH_ROTATION};
use super::game::{facing, Discard, DrawnScan, Game, Placed, PlacementScan};
use super::turn::Phase;
use super::types::*;
use crate::mechanics::{self, Hook};
use crate::tables::{Edge, Kind, TileType, NO_SEGMENT};
use carcassonne_vocab::river::Course;

impl Game {
    // ----- legal moves ---------------------------------------------------

    /// Every legal placement of the current tile, into `out` (cleared first).
    pub fn placements_into(&self, out: &mut Vec<Placement>) {
        out.clear();
        if self.phase != Phase::Place {
            return;
        }
        let Some(t) = self.current else { return };
        let tile = &self.rules.tiles[t as usize];
        let rot = Rotations::new(&tile.rot_edges);
        let open = &self.board.open;
        // Write all four candidates of a position and advance past the ones
        // that fit: no branch on the (unpredictable) fit test, and no
        // clearing of the buffer beforehand.
        out.reserve(4 * open.len());
        let spare = out.spare_capacity_mut();
        let mut n = 0;
        // (The last block's coordinates stop at the last position: no
        // candidates are written for its padding.)
        for ((q, m), xy) in open.blocks().zip(open.xy[..open.len()].chunks(BLOCK)) {
            // Which rotations fit at eight positions at once, a byte each.
            let word = rot.block(q, m);
            for (j, &[x, y]) in xy.iter().enumerate() {
                let fits = usize::from((word >> (8 * j)) as u8 & 0xF);
                // The fitting rotations in order, then filler past them
                // (overwritten by the next position or left past the end).
                let slots: &mut [_; 4] = (&mut spare[n..n + 4]).try_into().expect("four");
                for (slot, &rotation) in slots.iter_mut().zip(&NTH_ROTATION[fits]) {
                    slot.write(Placement { x, y, rotation });
                }
                n += usize::from(NIBBLE_ONES[fits]);
            }
        }
        // SAFETY: slots 0..n were all written above: each position wrote its
        // k fitting rotations at n..n + k (and filler after them, at most
        // n + 4), inside the 4 * open.len() slots
        // reserved (out is empty, so spare covers them).
        unsafe { out.set_len(n) };
        if mechanics::filters(self, tile) {
            // Candidates come position by position: where the verdict does
            // not depend on the rotation, ask once per position.
            let by_position = mechanics::filters_by_position(self, tile);
            let mut last: Option<(i16, i16, bool)> = None;
            out.retain(|&p| match last {
                Some((x, y, ok)) if by_position && (x, y) == (p.x, p.y) => ok,
                _ => {
                    let ok = mechanics::placement_filter(self, tile, p).is_ok();
                    last = Some((p.x, p.y, ok));
                    ok
                }
            });
        }
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
        match self.drawn_scan() {
            Some(kept) => kept,
            None => {
                let n = self.scan_afresh(spare);
                (spare, n)
            }
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
        if n == 0 || !mechanics::filters(self, tile) {
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
            return if limited {
                found
            } else {
                self.any_placement(tile, |_| true)
            };
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
        if !self.board.open.fits(o, tile.rot_edges[p.rotation as usize]) {
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

    /// Draw the next tile: one a module sets aside goes face up beside
    /// the board, one that fits nowhere out of the game, and the next is
    /// drawn.
    pub(crate) fn draw(&mut self) {
        self.current = None;
        while self.next < self.stack_end() {
            let t = self.stack[self.next];
            self.next += 1;
            let aside = if mechanics::live(self, Hook::Draw) {
                mechanics::sets_aside(self, t)
            } else {
                None
            };
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
