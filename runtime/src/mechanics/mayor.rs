//! The mayor (Abbey & Mayor, 000_9deb58b1a7d17d38.txt L1619-L1646, fn 18-28
//! L1851-L1861): one per player, deployed instead of a follower, only into a
//! city of the new tile that holds no follower (L1633; a wagon is a follower
//! too, fn 20 L1853). Its strength is the city's pennants (L1635, L1644), so
//! in a city without pennants it occupies the city and scores nothing (fn 27
//! L1860). The city's value does not change; it returns with the city's
//! scoring like any follower (L1644). It may make a town a castle, where it
//! scores nothing, a castle having no pennants (L2515, fn 28 L1861): the
//! castle scores its occupants by the same strength (`castles`).

use super::{check_free_spot, free_spots, Hook, Mechanic, Sink, WoodSpot};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) struct Mayor;

impl Mechanic for Mayor {
    const HOOKS: &'static [Hook] = &[Hook::WoodOptions];
    const FIGURES: &'static [FigureDef] = &[FigureDef {
        kind: FollowerKind::Mayor,
        name: "mayor",
        label: "mayor",
        supply: 1,
        strength: PENNANTS,
        stands_on: kinds(&[Kind::City]),
        svg: Some(MAYOR_SVG),
        ..FollowerKind::NORMAL_DEF
    }];
    type State = ();

    fn wood_options<S: Sink + ?Sized>(g: &Game, w: &WoodSpot, out: &mut S) {
        free_spots(g, w, FollowerKind::Mayor, out);
    }

    fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
        check_free_spot(g, w, d)
    }
}

/// A broad figure in a long coat under a tall hat with a chain of office.
const MAYOR_SVG: &str = concat!(
    r##"<g id="mayor"><path d="M-4.6 -16.4 h9.2 v6 h2.6 v1.8 h-14.4 v-1.8 h2.6 Z" stroke="#111" stroke-width="1" stroke-linejoin="round"/>"##,
    r##"<path d="M-3.6 -7.6 C-3.6 -4.2 3.6 -4.2 3.6 -7.6 Z M-6.4 -3.4 L6.4 -3.4 L8.6 10.4 L-8.6 10.4 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/>"##,
    r##"<path d="M-4 -3 L0 2.2 L4 -3" fill="none" stroke="#f5c542" stroke-width="1.6"/>"##,
    r##"<circle cx="0" cy="3" r="1.6" fill="#f5c542" stroke="#111" stroke-width="0.6"/></g>"##
);
