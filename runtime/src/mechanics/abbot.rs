//! The Abbot (001_46b8449c567a6f1a.txt L387-L546): one per player, deployed
//! only on a cloister or garden of the new tile (L425); instead of deploying
//! anything, its owner may take it back and score its feature as at the end
//! of the game (L432-L433, fn 27-28 L856-L857); scored like a monk otherwise.

use super::WoodSpot;
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) const SETUP: (FollowerKind, u8) = (FollowerKind::Abbot, 1);

/// "You may place your abbot onto the monastery or onto the garden" (L425);
/// onto a shrine too ("You can place your abbot on the Shrine",
/// 003_f0943165331a7fee.txt L188), the other kind `Kind::around` covers.
#[inline]
fn may_stand(k: Kind) -> bool {
    k.around()
}

pub(crate) fn options(g: &Game, w: &WoodSpot, out: &mut impl super::Deploys) {
    if g.figures(w.player, FollowerKind::Abbot) == 0 {
        return;
    }
    for (s, seg) in w.tile.segments.iter().enumerate() {
        if may_stand(seg.kind) && w.occupied & (1 << s) == 0 {
            out.put(Deploy {
                segment: s as u8,
                kind: FollowerKind::Abbot,
            });
        }
    }
}

pub(crate) fn check(_g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
    let kind = w.tile.segments[d.segment as usize].kind;
    if !may_stand(kind) {
        return Err(MoveError::WrongFeature {
            figure: "abbot",
            feature: kind.name(),
        });
    }
    if w.occupied & (1 << d.segment) != 0 {
        return Err(MoveError::Occupied);
    }
    Ok(())
}

/// The active player's abbot on the board, if any (index into the followers).
pub(crate) fn on_board(g: &Game) -> Option<usize> {
    let me = g.to_move();
    g.followers()
        .iter()
        .position(|f| f.player == me && f.kind == FollowerKind::Abbot)
}

/// Taking the abbot back is open whenever it stands on the board: a feature
/// it completed has scored and returned it already (JCZ #355).
pub(crate) fn can_return(g: &Game) -> bool {
    on_board(g).is_some()
}

/// Take the abbot back, scoring its cloister or garden as at the end.
pub(crate) fn take_back(g: &mut Game, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
    let i = on_board(g).ok_or(MoveError::NoAbbotToReturn(g.to_move()))?;
    let node = g.followers()[i].node;
    g.score_feature_at(node, Reason::AbbotReturn, events);
    Ok(())
}
