//! Inns on roads (000_9deb58b1a7d17d38.txt L706-L714): a completed road with
//! an inn scores 2 per tile, an incomplete one nothing at the end.

use super::{Hook, Mechanic};
use crate::engine::features::{Node, MARK_INN};
use crate::engine::types::Reason;
use crate::generated::attr;
use crate::tables::{Kind, Segment};

pub(crate) struct Inns;

impl Mechanic for Inns {
    const HOOKS: &'static [Hook] = &[Hook::FeatureMarks, Hook::Value];
    type State = ();

    #[inline]
    fn marks(seg: &Segment) -> u8 {
        if seg.flags & (1 << attr::INN) != 0 {
            MARK_INN
        } else {
            0
        }
    }

    #[inline]
    fn value(node: &Node, reason: Reason, tiles: u32, v: u32) -> u32 {
        if node.kind != Kind::Road || node.marks & MARK_INN == 0 {
            return v;
        }
        if reason.as_final() {
            0
        } else {
            2 * tiles
        }
    }
}
