//! The big follower (000_9deb58b1a7d17d38.txt L690-L702): one per player,
//! deployed like a follower, counting 2 for majority.

use super::{check_free_spot, free_spots, Hook, Mechanic, Sink, WoodSpot};
use crate::engine::game::Game;
use crate::engine::types::*;

pub(crate) struct BigFollower;

impl Mechanic for BigFollower {
    const HOOKS: &'static [Hook] = &[Hook::WoodOptions];
    const FIGURES: &'static [FigureDef] = &[FigureDef {
        kind: FollowerKind::Big,
        name: "big",
        label: "big follower",
        supply: 1,
        strength: 2,
        ..FollowerKind::NORMAL_DEF
    }];
    type State = ();

    fn wood_options<S: Sink + ?Sized>(g: &Game, w: &WoodSpot, out: &mut S) {
        free_spots(g, w, FollowerKind::Big, out);
    }

    /// The same spots as a normal follower.
    fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
        check_free_spot(g, w, d)
    }
}
