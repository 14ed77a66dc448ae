//! A tile's shape written the same way whatever its rotation, so that two tile
//! types that only differ by a turn compare equal.

use crate::model::{AttrValue, Edge, Kind, Tile};
use crate::ports::rotate_mask;

type SegKey = (Kind, u16, Vec<u16>, Vec<AttrValue>);

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Canonical(Vec<SegKey>, Vec<AttrValue>, [Edge; 4]);

pub fn canonical(tile: &Tile) -> Canonical {
    (0..4u8)
        .map(|r| {
            let mut segs: Vec<SegKey> = tile
                .segments
                .iter()
                .map(|s| {
                    let mut borders: Vec<u16> = s
                        .borders
                        .iter()
                        .map(|&b| rotate_mask(tile.segments[b].mask(), r))
                        .collect();
                    borders.sort_unstable();
                    let mut attrs = s.attrs.clone();
                    attrs.sort_unstable();
                    (s.kind, rotate_mask(s.mask(), r), borders, attrs)
                })
                .collect();
            segs.sort();
            // A direction (a flier's arrow) turns with the tile.
            let mut attrs: Vec<AttrValue> = tile
                .attrs
                .iter()
                .map(|a| {
                    let mut a = *a;
                    if crate::attrs::is_direction(&crate::attrs::ATTRIBUTES[a.id]) {
                        a.value = (a.value + 2 * i64::from(r)) % 8;
                    }
                    a
                })
                .collect();
            attrs.sort_unstable();
            // Seam and `any` sides are not implied by the segments.
            let mut edges = tile.edges;
            edges.rotate_right(r as usize);
            Canonical(segs, attrs, edges)
        })
        .min()
        .expect("four rotations")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Sink;
    use crate::tile::build;

    struct Panic;
    impl Sink for Panic {
        fn error(&mut self, _: std::ops::Range<usize>, message: String) {
            panic!("{message}");
        }
    }

    fn tile(shape: &str) -> Tile {
        let st = crate::shape::parse(shape).expect("syntax");
        let g = build(&st, 0..shape.len(), &mut Panic).expect("valid");
        Tile::bare("", g.edges, g.segments, g.attrs)
    }

    #[test]
    fn a_flier_arrow_turns_with_its_tile() {
        let ns_west = tile("road N S\nfield W Nw Sw\nfield E Ne Se\ntile +flier=W");
        let we_west = tile("road W E\nfield N Wn En\nfield S Ws Es\ntile +flier=W");
        let we_north = tile("road W E\nfield N Wn En\nfield S Ws Es\ntile +flier=N");
        // Along the road and across it are different tiles; a quarter turn
        // of an arrow across a N-S road is an arrow across a W-E road.
        assert_ne!(canonical(&ns_west), canonical(&we_west));
        assert_eq!(canonical(&ns_west), canonical(&we_north));
    }

    #[test]
    fn seams_count_in_the_shape() {
        let field = tile("field N E S W");
        let seam = tile("field N E S Wn Ws\nseam W");
        assert_ne!(canonical(&field), canonical(&seam));
    }
}
