//! What the mechanics read of the features: roots, segments and nodes,
//! whether a feature is complete, open or withdrawn, and what a placed tile
//! completed.

use super::features::Node;
use super::game::{facing, Game, NO_NODE};
use crate::mechanics::{self, Hook};

impl Game {
    /// The root of the feature node `n` belongs to.
    #[inline]
    pub(crate) fn root_of(&self, n: u16) -> u16 {
        self.features.find(n)
    }

    /// How many segments placed tile `idx` has.
    pub(crate) fn segments_of(&self, idx: usize) -> u8 {
        self.rules.tiles[self.placed[idx].tile as usize]
            .segments
            .len() as u8
    }

    /// The feature node of segment `s` of placed tile `idx`.
    pub(crate) fn node_of(&self, idx: usize, s: u8) -> u16 {
        self.placed[idx].node_base + s as u16
    }

    /// The feature nodes of placed tile `idx`'s segments, in segment
    /// order: one slice to walk rather than a lookup a segment.
    #[inline]
    pub(crate) fn nodes_of(&self, idx: usize) -> &[Node] {
        let base = usize::from(self.placed[idx].node_base);
        &self.features.nodes[base..][..usize::from(self.segments_of(idx))]
    }

    /// The marks of the feature rooted at `root`.
    pub(crate) fn marks_of(&self, root: u16) -> u8 {
        self.features.nodes[root as usize].marks
    }

    pub(crate) fn kind_of(&self, node: u16) -> crate::tables::Kind {
        self.features.nodes[node as usize].kind
    }

    /// The printed tile segments that make up the feature rooted at `root`
    /// (a segment a module added has no printed marks).
    pub(crate) fn member_segments(
        &self,
        root: u16,
    ) -> impl Iterator<Item = &'static crate::tables::Segment> + '_ {
        self.features.members(root).filter_map(|m| {
            let node = self.features.nodes[m as usize];
            let tile = self.placed[node.placed as usize].tile;
            self.rules.tiles[tile as usize]
                .segments
                .get(node.segment as usize)
        })
    }

    /// Whether the feature rooted at `root` is complete: a road or city
    /// with no open side, a cloister, garden or shrine with eight
    /// neighbours (a farm never is, 000_9deb58b1a7d17d38.txt L1163).
    #[inline]
    pub(crate) fn is_complete(&self, root: u16) -> bool {
        let n = &self.features.nodes[root as usize];
        match n.kind {
            k if k.around() => self.surrounded(n),
            crate::tables::Kind::Road | crate::tables::Kind::City => n.open == 0,
            _ => false,
        }
    }

    /// Whether the tile of node `n` has eight neighbours: kept out of line,
    /// so that `is_complete` and `is_open`, asked of every segment in the
    /// walks over the board (the mage's and the portal's places), inline.
    #[inline(never)]
    fn surrounded(&self, n: &super::features::Node) -> bool {
        let p = self.placed[n.placed as usize];
        self.board.neighbours8(p.x as i32, p.y as i32) == 8
    }

    /// Whether the feature rooted at `root` is still open to figures and
    /// growth: neither complete nor withdrawn (`withdraw`).
    #[inline]
    pub(crate) fn is_open(&self, root: u16) -> bool {
        !self.is_withdrawn(root) && !self.is_complete(root)
    }

    /// Whether a module took the feature rooted at `root` out of play
    /// (`withdraw`).
    pub(crate) fn is_withdrawn(&self, root: u16) -> bool {
        self.features.nodes[root as usize].open == super::features::WITHDRAWN
    }

    /// Take the completed feature rooted at `root` out of play: from now
    /// on it is neither complete nor open (`features::WITHDRAWN`), so it
    /// never scores, counts as no completed city and takes no figure (a
    /// town turned into a castle, 000_9deb58b1a7d17d38.txt L2489). Its
    /// figures must have left it.
    pub(crate) fn withdraw(&mut self, root: u16) {
        let n = &mut self.features.nodes[root as usize];
        debug_assert!(n.open == 0 && n.occupants == 0, "a closed, empty feature");
        n.open = super::features::WITHDRAWN;
    }

    /// Calls `found` with the root of each road, city, cloister, garden or
    /// shrine that placing tile `idx` completed, occupied or not (a root
    /// may come more than once): its own roads and cities now closed, the
    /// roads and cities a side that closes what it meets closed (the
    /// abbey, L1606), and each cloister-like feature on it or the eight
    /// tiles around now surrounded.
    pub(crate) fn completed_by(&self, idx: usize, found: &mut impl FnMut(u16)) {
        use crate::tables::Kind;
        let pl = self.placed[idx];
        let tile = &self.rules.tiles[pl.tile as usize];
        // A segment a module added this turn (a bridge) may close a road
        // too, on this tile or beside it.
        let added =
            (mechanics::live(self, Hook::Segments) && self.added != NO_NODE).then_some(self.added);
        let printed = (0..tile.segments.len() as u16).map(|s| pl.node_base + s);
        for node in printed.chain(added) {
            let r = self.root_of(node);
            let n = self.features.nodes[r as usize];
            if matches!(n.kind, Kind::City | Kind::Road) && n.open == 0 {
                found(r);
            }
        }
        if tile.closes {
            for side in 0..4 {
                let (x, y) = (
                    pl.x as i32 + super::board::DX[side],
                    pl.y as i32 + super::board::DY[side],
                );
                let Some(q) = self.board.placed_at(x, y) else {
                    continue;
                };
                let Some(b) = self.node_at(q, facing((3 * side + 1) as u8)) else {
                    continue;
                };
                let r = self.root_of(b);
                let n = self.features.nodes[r as usize];
                if matches!(n.kind, Kind::City | Kind::Road) && n.open == 0 {
                    found(r);
                }
            }
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (x, y) = (pl.x as i32 + dx, pl.y as i32 + dy);
                let Some(k) = self.board.placed_at(x, y) else {
                    continue;
                };
                if self.board.neighbours8(x, y) != 8 {
                    continue;
                }
                for s in 0..self.segments_of(k) {
                    let node = self.node_of(k, s);
                    if self.kind_of(node).around() {
                        found(self.root_of(node));
                    }
                }
            }
        }
    }
}
