//! The mayor (Abbey & Mayor, 000_9deb58b1a7d17d38.txt L1619-L1646, fn 18-28
//! L1851-L1861): one per player, deployed instead of a follower, only into a
//! city of the new tile that holds no follower (L1633; a wagon is a follower
//! too, fn 20 L1853). Its strength is the city's pennants (L1635, L1644;
//! `FollowerKind::strength`), so in a city without pennants it occupies the
//! city and scores nothing (fn 27 L1860). The city's value does not change;
//! it returns with the city's scoring like any follower (L1644).

use super::WoodSpot;
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) const SETUP: (FollowerKind, u8) = (FollowerKind::Mayor, 1);

pub(crate) fn options(g: &Game, w: &WoodSpot, out: &mut impl super::Deploys) {
    if g.figures(w.player, FollowerKind::Mayor) == 0 {
        return;
    }
    for (s, seg) in w.tile.segments.iter().enumerate() {
        if seg.kind == Kind::City && w.occupied & (1 << s) == 0 {
            out.put(Deploy {
                segment: s as u8,
                kind: FollowerKind::Mayor,
            });
        }
    }
}

pub(crate) fn check(_g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
    let kind = w.tile.segments[d.segment as usize].kind;
    if kind != Kind::City {
        return Err(MoveError::WrongFeature {
            figure: "mayor",
            feature: kind.name(),
        });
    }
    if w.occupied & (1 << d.segment) != 0 {
        return Err(MoveError::Occupied);
    }
    Ok(())
}
