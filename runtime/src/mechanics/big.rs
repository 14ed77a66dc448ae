//! The big follower (000_9deb58b1a7d17d38.txt L690-L702): one per player,
//! deployed like a follower, counting 2 for majority.

use super::WoodSpot;
use crate::engine::game::Game;
use crate::engine::types::*;

pub(crate) const SETUP: (FollowerKind, u8) = (FollowerKind::Big, 1);

pub(crate) fn options(g: &Game, w: &WoodSpot, out: &mut impl super::Deploys) {
    if g.figures(w.player, FollowerKind::Big) == 0 {
        return;
    }
    for (s, seg) in w.tile.segments.iter().enumerate() {
        if g.follower_may_stand(seg.kind) && w.occupied & (1 << s) == 0 {
            out.put(Deploy {
                segment: s as u8,
                kind: FollowerKind::Big,
            });
        }
    }
}

/// The same spots as a normal follower (the skeleton has checked the segment
/// exists and the supply).
pub(crate) fn check(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
    g.check_follower_spot(w, d)
}
