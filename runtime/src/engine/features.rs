//! Features as they grow: a union-find over the segments of placed tiles.
//!
//! Every segment of a placed tile is a node. Joining two tiles unions the
//! nodes that meet across the shared side; every node points at its root. A root holds the tallies that
//! decide completion and deployment (open edges, pennants, occupants); the
//! members of a feature form a circular list so scoring can walk them.

use crate::tables::Kind;

/// One segment of a placed tile, as a node of the union-find of features.
/// A feature is the set of nodes joined across tile sides; its root keeps
/// the feature's tallies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// The feature's root (every node points at it directly).
    pub parent: u16,
    /// Next member of the same feature (circular).
    pub next: u16,
    /// The placed tile this segment belongs to.
    pub placed: u16,
    /// The segment's kind (city, road, field, …).
    pub kind: Kind,
    /// Segment index within its tile.
    pub segment: u8,
    /// At roots: sides of the feature not yet joined to a neighbour;
    /// `WITHDRAWN` for a feature a module took out of play.
    pub open: i16,
    /// At roots: pennants in the whole feature.
    pub pennants: u16,
    /// At roots: followers standing anywhere on the feature.
    pub occupants: u8,
    /// At roots: attribute flags of the members that change scoring
    /// (`INN`, `CATHEDRAL`), or-ed together.
    pub marks: u8,
    /// A field segment: bit `i` for each city segment `i` of the same tile
    /// it borders (its node is this node's tile's first node + `i`), so
    /// farm scoring needs no look-up in the tile tables.
    pub borders: u16,
}

impl Node {
    /// Node `id`, a feature of its own: segment `segment` of placed tile
    /// `placed`, with the tallies it starts with.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn new(
        id: u16,
        placed: u16,
        segment: u8,
        kind: Kind,
        open: i16,
        pennants: u16,
        marks: u8,
        borders: u16,
    ) -> Node {
        Node {
            parent: id,
            next: id,
            placed,
            kind,
            segment,
            open,
            pennants,
            occupants: 0,
            marks,
            borders,
        }
    }
}

/// `Node::open` at the root of a feature a module took out of play (a town
/// turned into a castle is "considered to be incomplete",
/// 000_9deb58b1a7d17d38.txt L2489, and is no city any more, fn 21 L2164,
/// fn 37 L2180): neither complete (`open == 0`) nor open (`open > 0`), so
/// no rule completes or scores it, counts it as a city or puts a figure on
/// it. Only a closed feature is withdrawn, and nothing joins a closed one.
pub const WITHDRAWN: i16 = i16::MIN / 2;

/// Root mark: the feature has an inn.
pub const MARK_INN: u8 = 1;
/// Root mark: the feature has a cathedral.
pub const MARK_CATHEDRAL: u8 = 2;
/// Root mark: the feature has a pig herd.
pub const MARK_PIG_HERD: u8 = 4;

/// Every segment placed on the board, joined into features.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// The nodes: a placed tile's segment `s` is its `node_base + s`.
    pub nodes: Vec<Node>,
}

impl Clone for Features {
    fn clone(&self) -> Self {
        Features {
            nodes: super::room::roomy(&self.nodes),
        }
    }

    fn clone_from(&mut self, src: &Self) {
        self.nodes.clone_from(&src.nodes);
    }
}

impl Features {
    /// Room for `n` nodes without growing.
    pub fn with_capacity(n: usize) -> Self {
        Features {
            nodes: Vec::with_capacity(n),
        }
    }

    /// The root of `n`: every node points at its root directly (`union`
    /// relabels the joined feature's members), so this is one load and no
    /// loop, whose unpredictable length cost more than the relabelling.
    #[inline]
    pub fn find(&self, n: u16) -> u16 {
        self.nodes[n as usize].parent
    }

    /// Join the features of `a` and `b`; returns the new root.
    pub fn union(&mut self, a: u16, b: u16) -> u16 {
        let ra = self.find(a);
        let rb = self.find(b);
        if ra == rb {
            return ra;
        }
        // The older node stays root: roots are stable for what was keyed
        // on them before the join.
        let (root, child) = if ra < rb { (ra, rb) } else { (rb, ra) };
        let c = self.nodes[child as usize];
        let r = &mut self.nodes[root as usize];
        r.open += c.open;
        r.pennants += c.pennants;
        r.occupants += c.occupants;
        r.marks |= c.marks;
        let rn = r.next;
        // The child's members now point at the root...
        let mut m = child;
        loop {
            let node = &mut self.nodes[m as usize];
            node.parent = root;
            m = node.next;
            if m == child {
                break;
            }
        }
        // ...and the two circular member lists become one.
        self.nodes[root as usize].next = c.next;
        self.nodes[child as usize].next = rn;
        root
    }

    /// The members of the feature rooted at `root`.
    pub fn members(&self, root: u16) -> Members<'_> {
        Members {
            f: self,
            start: root,
            cur: Some(root),
        }
    }
}

/// The nodes of one feature, from [`Features::members`].
pub struct Members<'a> {
    f: &'a Features,
    start: u16,
    cur: Option<u16>,
}

impl Iterator for Members<'_> {
    type Item = u16;
    fn next(&mut self) -> Option<u16> {
        let c = self.cur?;
        let n = self.f.nodes[c as usize].next;
        self.cur = if n == self.start { None } else { Some(n) };
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_sums_tallies_and_links_members() {
        let mut f = Features::default();
        let (a, b, c) = (0, 1, 2);
        f.nodes.push(Node::new(a, 0, 0, Kind::City, 1, 1, 0, 0));
        f.nodes
            .push(Node::new(b, 1, 0, Kind::City, 2, 0, MARK_CATHEDRAL, 0));
        f.nodes.push(Node::new(c, 2, 0, Kind::City, 1, 0, 0, 0));
        f.union(b, c);
        let r = f.union(a, c);
        assert_eq!(r, a);
        let n = f.nodes[r as usize];
        assert_eq!((n.open, n.pennants, n.marks), (4, 1, MARK_CATHEDRAL));
        let mut m: Vec<u16> = f.members(r).collect();
        m.sort();
        assert_eq!(m, vec![a, b, c]);
        // Every member points at the root itself.
        assert!(m
            .iter()
            .all(|&x| f.nodes[x as usize].parent == a && f.find(x) == a));
        assert_eq!(f.union(a, b), a);
    }
}
