//! The builder (000_9deb58b1a7d17d38.txt L859-L893): deployed on a road or
//! city of the new tile that already holds one of its owner's followers
//! (L865); a later tile that extends that feature gives its owner a second
//! turn part: draw, place, deploy, score, and no third (L872, L884). It
//! counts 0 for majority (L887) and returns with the feature's scoring.

use super::WoodSpot;
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) const SETUP: (FollowerKind, u8) = (FollowerKind::Builder, 1);

/// "Only to a road or city" (L865); "may never be deployed to a farm" (L870).
#[inline]
fn may_stand(k: Kind) -> bool {
    matches!(k, Kind::Road | Kind::City)
}

pub(crate) fn options(g: &Game, w: &WoodSpot, out: &mut impl super::Deploys) {
    if g.figures(w.player, FollowerKind::Builder) == 0 {
        return;
    }
    let own = g.own_mask(w);
    for (s, seg) in w.tile.segments.iter().enumerate() {
        if may_stand(seg.kind) && own & (1 << s) != 0 {
            out.put(Deploy {
                segment: s as u8,
                kind: FollowerKind::Builder,
            });
        }
    }
}

pub(crate) fn check(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
    let kind = w.tile.segments[d.segment as usize].kind;
    if !may_stand(kind) {
        return Err(MoveError::WrongFeature {
            figure: "builder",
            feature: kind.name(),
        });
    }
    if g.own_mask(w) & (1 << d.segment) == 0 {
        return Err(MoveError::NeedsOwnFollower("builder"));
    }
    Ok(())
}

/// Does tile `idx` extend a feature holding the active player's builder?
/// Decided at placement, so the second part comes even if the builder leaves
/// with this part's scoring (fn 9, L1004); a builder deployed on this very
/// tile comes later and does not count.
pub(crate) fn after_place(g: &mut Game, idx: usize) {
    let me = g.to_move();
    let Some(b) = g
        .followers()
        .iter()
        .find(|f| f.player == me && f.kind == FollowerKind::Builder)
        .map(|f| f.node)
    else {
        return;
    };
    let root = g.root_of(b);
    let extended = (0..g.segments_of(idx)).any(|s| g.root_of(g.node_of(idx, s)) == root);
    if extended && g.part() == 1 {
        g.ext.builder_extended = true;
    }
}

/// The second part follows the first when the builder's feature grew; never
/// a third ("There is no chain reaction", L884). "They may take a double
/// turn" (L872, fn 8 L1003): offered unless `builder_second_tile = "always"`.
pub(crate) fn part_end(g: &mut Game) -> super::NextPart {
    if !std::mem::take(&mut g.ext.builder_extended) {
        super::NextPart::None
    } else if g.rules().options.builder_optional {
        super::NextPart::Offer
    } else {
        super::NextPart::Take
    }
}
