//! The magic portal (The Princess & the Dragon, 000_9deb58b1a7d17d38.txt
//! L1151-L1163, L1261-L1275, fn 23-24 L1365-L1366; 002_7f8d72b3eaff567f.txt
//! L585-L589).
//!
//! Whoever places a portal tile may deploy their follower onto it as usual
//! or onto any tile in play, by the usual rules: not onto a feature that
//! holds a follower, nor one that is complete, scored or not (fn 23) — a
//! feature the portal tile itself completes included, "as it is considered
//! completed before the move wood phase" (L1157); a farm is never complete
//! (L1161-L1163). Any follower may go through: the big follower, the
//! abbot onto a free cloister or garden (001_46b8449c567a6f1a.txt fn 23
//! L852), the mayor into a free city (A&M fn 22 L1855), the wagon (fn 23
//! L1856); not the builder, the pig (no followers) nor the barn (fn 39
//! L1873). Nothing goes onto the dragon's tile (`Hook::Ban`). A monk sent
//! next to a heretic starts a challenge (fn 52 L2198): by construction.

use super::{At, Hook, Mech, Mechanic, Sink};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::Kind;

pub(crate) struct Portal;

impl Mechanic for Portal {
    const HOOKS: &'static [Hook] = &[Hook::WoodAnswers];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "portal",
        answers: Answers::Wood,
        arg: ArgKind::Target(None),
        field: "at",
        label: "deploys through the portal",
    }];
    type State = ();

    /// Every follower in the supply onto every free, incomplete feature of
    /// every other tile it may stand on (tile by tile, segment by segment).
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Wood(idx) = at else { return };
        if !is_portal(g, idx) {
            return;
        }
        let me = g.to_move();
        // For each feature kind, the followers in the supply that stand on
        // it, in `FollowerKind::ALL`'s order: read off per segment, with no
        // test of every follower kind on each.
        const FOLLOWERS: usize = FollowerKind::ALL.len();
        let mut on = [[FollowerKind::Normal; FOLLOWERS]; Kind::ALL.len()];
        let mut count = [0usize; Kind::ALL.len()];
        for kind in FollowerKind::ALL {
            if kind.is_follower() && g.figures(me, kind) > 0 {
                let stands = g.stands_on(kind);
                for (f, k) in Kind::ALL.into_iter().enumerate() {
                    if stands & 1 << k as u8 != 0 {
                        on[f][count[f]] = kind;
                        count[f] += 1;
                    }
                }
            }
        }
        let bans = g.bans();
        for placed in 0..g.placed().len() as u16 {
            if placed == idx {
                continue;
            }
            // Only for a tile with a free feature, once.
            let mut allowed = None;
            for (segment, node) in (0..).zip(g.nodes_of(usize::from(placed))) {
                let f = node.kind as usize;
                // No follower for its kind, free or not (the ban, asked
                // once per tile, says the same of every segment).
                if count[f] == 0 || !free_root(g, node.parent) {
                    continue;
                }
                if !*allowed.get_or_insert_with(|| !bans.banned(g, placed as usize)) {
                    break;
                }
                for &kind in &on[f][..count[f]] {
                    let spot = Spot {
                        placed,
                        segment,
                        kind,
                        player: me,
                    };
                    if !out.put(through(spot)) {
                        return;
                    }
                }
            }
        }
    }

    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        let (At::Wood(idx), Arg::Spot(s)) = (at, a.arg()) else {
            return Err(MoveError::Waiting(
                "the portal is used instead of deploying on the tile",
            ));
        };
        if !is_portal(g, idx) {
            return Err(MoveError::rule(Mech::Portal, NO_PORTAL));
        }
        let me = g.to_move();
        let fits = s.player == me
            && s.kind.is_follower()
            && g.figures(me, s.kind) > 0
            && (s.placed as usize) < g.placed().len()
            && s.placed != idx
            && s.segment < g.segments_of(s.placed as usize)
            && !g.banned(s.placed as usize)
            && open(g, s);
        if !fits {
            return Err(MoveError::rule(Mech::Portal, CANNOT_GO));
        }
        let node = g.node_of(s.placed as usize, s.segment);
        g.put_figure(me, s.kind, node);
        Ok(())
    }
}

const NO_PORTAL: &str = "the tile just placed shows no magic portal";
const CANNOT_GO: &str = "through a portal a follower goes onto any placed tile, but only into a feature it may stand on that is neither occupied nor complete";

/// `portal`: a follower through the portal to `s`.
fn through(s: Spot) -> Action {
    Action::of(Mech::Portal, 0, Arg::Spot(s))
}

fn is_portal(g: &Game, idx: u16) -> bool {
    let q = &g.placed()[idx as usize];
    g.rules().tiles[q.tile as usize].flags & (1 << attr::PORTAL) != 0
}

/// Whether a follower of `s.kind` may go onto segment `s.segment` of placed
/// tile `s.placed`: a feature it stands on, free and incomplete.
fn open(g: &Game, s: Spot) -> bool {
    let node = g.node_of(s.placed as usize, s.segment);
    g.may_stand(s.kind, g.kind_of(node)) && free(g, s.placed, s.segment)
}

/// Whether the feature of segment `segment` of placed tile `placed` is
/// neither occupied nor complete.
fn free(g: &Game, placed: u16, segment: u8) -> bool {
    free_root(g, g.root_of(g.node_of(placed as usize, segment)))
}

/// Whether the feature rooted at `root` is neither occupied nor complete.
#[inline]
fn free_root(g: &Game, root: u16) -> bool {
    // A castle is no feature on a tile any more (fn 34 L2641): withdrawn.
    g.features.nodes[root as usize].occupants == 0 && g.is_open(root)
}
