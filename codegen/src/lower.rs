//! Lowering the model to the flat, pre-computed numbers the engine reads:
//! packed edges per rotation, port-to-segment maps, attribute bit sets.
//! Both the emitted static tables and the run-time loader are built from this,
//! so a compiled-in ruleset and one loaded from TOML are the same data.

use crate::attrs::ATTRIBUTES;
use crate::model::{Edge, Kind, OptionSet, Ruleset, Tile};
use carcassonne_vocab::mech::{Mech, MechSet};

/// No segment at this port (the middle of a field side).
pub const NO_SEGMENT: u8 = u8::MAX;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LSegment {
    pub kind: Kind,
    /// Bit `p` set when the segment touches port `p` (unrotated).
    pub ports: u16,
    /// Bit `i` set when this field borders city segment `i` of the tile.
    pub borders: u16,
    pub pennants: u8,
    /// Bit `attr id` set for each attribute present.
    pub flags: u64,
    pub attrs: Vec<(u8, i16)>,
    /// Bit `j`: leads straight into segment `j` of the tile (the wagon).
    pub links: u16,
    /// How many sides the segment reaches (holds the middle port of): the
    /// sides a road or city is open on until neighbours join them.
    pub sides: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LTile {
    pub id: String,
    pub set: String,
    pub count: u16,
    pub start: u16,
    pub edges: [Edge; 4],
    /// For rotation `r`, the edge on board side `s` in bits `4s..4s+4`.
    pub rot_edges: [u16; 4],
    /// Unrotated port -> segment index (`NO_SEGMENT` for none).
    pub port_segment: [u8; 12],
    /// For rotation `r`, board port -> segment index: `port_segment` turned
    /// (the tile's port `i` shows at board port `i + 3r`, mod 12).
    pub rot_ports: [[u8; 12]; 4],
    /// A side matches anything and closes what it meets (the abbey).
    pub closes: bool,
    /// Bit `kind as u8` for each kind of segment the tile has.
    pub kinds: u8,
    pub flags: u64,
    pub attrs: Vec<(u8, i16)>,
    pub ignored: Vec<String>,
    /// Copies the ruleset leaves out of the game, and why.
    pub left_out: u16,
    pub left_out_reason: String,
    pub segments: Vec<LSegment>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LRuleset {
    pub id: String,
    pub name: String,
    pub edition: u8,
    pub sets: Vec<String>,
    pub mechanics: Vec<String>,
    /// The mechanics with an engine module, bit `Mech as u8` each.
    pub mechs: MechSet,
    /// Every declared option's value (`vocab::mech::OPTIONS` order).
    pub options: OptionSet,
    pub min_players: u8,
    pub max_players: u8,
    pub followers: u8,
    pub tiles: Vec<LTile>,
    /// (tile index, x, y, rotation)
    pub start: Vec<(u16, i16, i16, u8)>,
    /// Tile indices, one per copy, that go with the river.
    pub with_river: Vec<u16>,
    pub total: u16,
}

/// The mechanics among `mechanics` (names) that have an engine module.
pub fn mech_set(mechanics: &[String]) -> MechSet {
    mechanics
        .iter()
        .filter_map(|n| Mech::from_name(n))
        .fold(0, |m, x| m | x.bit())
}

fn attr_pairs(attrs: &[crate::model::AttrValue]) -> (u64, Vec<(u8, i16)>) {
    let flags = attrs.iter().fold(0u64, |m, a| m | 1 << a.id);
    let pairs = attrs.iter().map(|a| (a.id as u8, a.value as i16)).collect();
    (flags, pairs)
}

pub fn tile(t: &Tile) -> LTile {
    let mut rot_edges = [0u16; 4];
    for (r, packed) in rot_edges.iter_mut().enumerate() {
        for side in 0..4 {
            // After r clockwise turns, board side s shows the tile's side s - r.
            let from = (side + 4 - r) % 4;
            *packed |= t.edges[from].code() << (4 * side);
        }
    }
    let mut port_segment = [NO_SEGMENT; 12];
    let segments: Vec<LSegment> = t
        .segments
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut ports = s.mask();
            if s.kind == Kind::City {
                // A city side holds the whole edge, halves included.
                for &p in &s.ports {
                    let side = crate::ports::side_of(p);
                    for h in crate::ports::halves(side) {
                        ports |= 1 << h;
                    }
                }
            }
            for (p, slot) in port_segment.iter_mut().enumerate() {
                if ports & (1 << p) != 0 {
                    *slot = i as u8;
                }
            }
            let (flags, attrs) = attr_pairs(&s.attrs);
            let middles = (0..4).filter(|side| ports & (1 << (3 * side + 1)) != 0);
            LSegment {
                kind: s.kind,
                sides: middles.count() as u8,
                ports,
                borders: s.borders.iter().fold(0, |m, &b| m | 1 << b),
                pennants: s.attr("pennant").unwrap_or(0) as u8,
                flags,
                attrs,
                links: s.links,
            }
        })
        .collect();
    let (flags, attrs) = attr_pairs(&t.attrs);
    let mut rot_ports = [[NO_SEGMENT; 12]; 4];
    for (r, turned) in rot_ports.iter_mut().enumerate() {
        for (i, &s) in port_segment.iter().enumerate() {
            turned[(i + 3 * r) % 12] = s;
        }
    }
    LTile {
        id: t.id.clone(),
        set: t.set.clone(),
        count: t.count as u16,
        start: t.start as u16,
        edges: t.edges,
        rot_edges,
        port_segment,
        rot_ports,
        closes: t.edges.contains(&Edge::Any),
        kinds: segments.iter().fold(0, |m, s| m | 1 << s.kind as u8),
        flags,
        attrs,
        ignored: t.ignored.clone(),
        left_out: t.left_out as u16,
        left_out_reason: t.left_out_reason.clone(),
        segments,
    }
}

pub fn ruleset(rs: &Ruleset) -> LRuleset {
    LRuleset {
        id: rs.id.clone(),
        name: rs.name.clone(),
        edition: rs.edition,
        sets: rs.sets.clone(),
        mechanics: rs.mechanics.clone(),
        mechs: mech_set(&rs.mechanics),
        options: rs.options.values,
        min_players: rs.options.min_players,
        max_players: rs.options.max_players,
        followers: rs.options.followers,
        tiles: rs.tiles.iter().map(tile).collect(),
        start: rs
            .start
            .iter()
            .map(|s| (s.tile as u16, s.x as i16, s.y as i16, s.rotation))
            .collect(),
        with_river: rs.with_river.iter().map(|&t| t as u16).collect(),
        total: rs.total() as u16,
    }
}

/// Attribute names and the words of word-valued attributes, by id.
pub fn attribute_ids() -> Vec<(u8, &'static str)> {
    ATTRIBUTES
        .iter()
        .enumerate()
        .map(|(i, a)| (i as u8, a.name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Segment, Tile};

    #[test]
    fn rotation_packs_edges_clockwise() {
        let t = Tile::bare(
            "D",
            [Edge::City, Edge::Road, Edge::Field, Edge::Road],
            vec![Segment {
                kind: Kind::City,
                ports: vec![1],
                borders: vec![],
                attrs: vec![],
                links: 0,
            }],
            vec![],
        );
        let l = tile(&t);
        // Unrotated: N city(2), E road(1), S field(0), W road(1).
        assert_eq!(l.rot_edges[0], 2 | 1 << 4 | 1 << 12);
        // One turn: the city faces E.
        assert_eq!(l.rot_edges[1], 1 | 2 << 4 | 1 << 8);
        assert_eq!(l.segments[0].ports, 0b111);
        assert_eq!(l.segments[0].sides, 1);
        assert_eq!(&l.port_segment[..3], &[0, 0, 0]);
        // One turn: the city's ports show on the east side.
        assert_eq!(&l.rot_ports[1][3..6], &[0, 0, 0]);
        assert_eq!(l.rot_ports[1][0], NO_SEGMENT);
        assert!(!l.closes);
        assert_eq!(l.kinds, 1 << Kind::City as u8);
    }
}
