//! The pig (000_9deb58b1a7d17d38.txt L895-L907): deployed on a farm of the
//! new tile that already holds one of its owner's farmers (L899); its owner,
//! if among the farm's winners, scores 4 instead of 3 per city (L905, the
//! example L936-L941). It counts 0 for majority (L906).

use super::WoodSpot;
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) const SETUP: (FollowerKind, u8) = (FollowerKind::Pig, 1);

pub(crate) fn options(g: &Game, w: &WoodSpot, out: &mut impl super::Deploys) {
    if g.figures(w.player, FollowerKind::Pig) == 0 || !g.rules().options.farmers {
        return;
    }
    let own = g.own_mask(w);
    for (s, seg) in w.tile.segments.iter().enumerate() {
        if seg.kind == Kind::Field && own & (1 << s) != 0 {
            out.put(Deploy {
                segment: s as u8,
                kind: FollowerKind::Pig,
            });
        }
    }
}

pub(crate) fn check(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
    let kind = w.tile.segments[d.segment as usize].kind;
    if kind != Kind::Field {
        return Err(MoveError::WrongFeature {
            figure: "pig",
            feature: kind.name(),
        });
    }
    if !g.rules().options.farmers {
        return Err(MoveError::NoFarmers);
    }
    if g.own_mask(w) & (1 << d.segment) == 0 {
        return Err(MoveError::NeedsOwnFollower("pig"));
    }
    Ok(())
}

/// One more point per city for a winner whose pig stands on the farm.
pub(crate) fn bonus(g: &Game, farm: u16, player: u8, cities: u32) -> u32 {
    let has_pig = g
        .followers()
        .iter()
        .any(|f| f.player == player && f.kind == FollowerKind::Pig && g.root_of(f.node) == farm);
    if has_pig {
        cities
    } else {
        0
    }
}
