//! A tile's shape written the same way whatever its rotation, so that two tile
//! types that only differ by a turn compare equal.

use crate::model::{AttrValue, Kind, Tile};
use crate::ports::rotate_mask;

type SegKey = (Kind, u16, Vec<u16>, Vec<AttrValue>);

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Canonical(Vec<SegKey>, Vec<AttrValue>);

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
            let mut attrs = tile.attrs.clone();
            attrs.sort_unstable();
            Canonical(segs, attrs)
        })
        .min()
        .expect("four rotations")
}
