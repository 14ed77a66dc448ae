//! Cathedrals in cities (000_9deb58b1a7d17d38.txt L716-L726): a completed
//! city with a cathedral scores 3 per tile and pennant, an incomplete one
//! nothing at the end.

use super::{Hook, Mechanic};
use crate::engine::features::{Node, MARK_CATHEDRAL};
use crate::engine::types::Reason;
use crate::generated::attr;
use crate::tables::{Kind, Segment};

pub(crate) struct Cathedrals;

impl Mechanic for Cathedrals {
    const HOOKS: &'static [Hook] = &[Hook::FeatureMarks, Hook::Value];
    type State = ();

    #[inline]
    fn marks(seg: &Segment) -> u8 {
        if seg.flags & (1 << attr::CATHEDRAL) != 0 {
            MARK_CATHEDRAL
        } else {
            0
        }
    }

    #[inline]
    fn value(node: &Node, reason: Reason, units: u32, v: u32) -> u32 {
        if node.kind != Kind::City || node.marks & MARK_CATHEDRAL == 0 {
            return v;
        }
        if reason.as_final() {
            0
        } else {
            3 * units
        }
    }
}
