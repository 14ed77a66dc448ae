//! The figures on a board beyond the plain meeple: the builder and the pig
//! (Traders & Builders), the abbot (The Abbot), the mayor and the wagon
//! (Abbey & Mayor). Each has a shape of its
//! own in the player's colour, so a board tells them from followers at a
//! glance; normal and big followers are drawn by `svg::follower_use` as
//! before, and the shapes below are only defined where one is drawn, so a
//! board without them is unchanged byte for byte.

use carcassonne_runtime::engine::FollowerKind;

use crate::geom::{num, Pt};
use crate::svg::{colour, follower_use, BoardFollower};

/// A tall, narrow figure with a hammer on its chest, about as tall as a
/// meeple (centred on the origin).
pub const BUILDER: &str = concat!(
    r##"<g id="builder"><path d="M-3.2 -6.8 L3.2 -6.8 L6.2 -3.2 L4.4 -1.2 L4.4 11.2 L1.1 11.2 L0 5.4 L-1.1 11.2 L-4.4 11.2 L-4.4 -1.2 L-6.2 -3.2 Z "##,
    r##"M3.3 -10.4 A3.3 3.3 0 1 1 -3.3 -10.4 A3.3 3.3 0 1 1 3.3 -10.4 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/>"##,
    r##"<path d="M-2.2 4.6 L1.4 -0.9" stroke="#111" stroke-width="2.4" stroke-linecap="round"/>"##,
    r##"<path d="M-2.2 4.6 L1.4 -0.9" stroke="#fff" stroke-width="1.1" stroke-linecap="round"/>"##,
    r##"<path d="M-1.3 -3 L3.1 -0.2 L4 -1.8 L-0.4 -4.6 Z" fill="#fff" stroke="#111" stroke-width="0.7" stroke-linejoin="round"/></g>"##
);

/// A pig seen from the side, facing right: wider than tall, unlike any
/// standing figure.
pub const PIG: &str = concat!(
    r##"<g id="pig"><path d="M-7.4 3.4 h3 v5.6 h-3 Z M-2.2 4.4 h3 v4.6 h-3 Z M2.6 4.4 h3 v4.6 h-3 Z" stroke="#111" stroke-width="1"/>"##,
    r##"<path d="M-9.6 -1.2 q-3.4 -0.6 -2.6 -3.4 q0.8 -1.8 2.2 -0.4" fill="none" stroke="#111" stroke-width="1.1" stroke-linecap="round"/>"##,
    r##"<ellipse cx="-1.2" cy="0" rx="9" ry="6" stroke="#111" stroke-width="1.1"/>"##,
    r##"<circle cx="7.6" cy="-1.6" r="4.2" stroke="#111" stroke-width="1.1"/>"##,
    r##"<path d="M5.4 -4.8 L7.2 -8.8 L9.4 -5.2 Z" stroke="#111" stroke-width="0.9" stroke-linejoin="round"/>"##,
    r##"<ellipse cx="11.4" cy="-0.8" rx="1.7" ry="2.2" fill="#f6c3cf" stroke="#111" stroke-width="0.8"/>"##,
    r##"<circle cx="8.4" cy="-2.8" r="0.8" fill="#111"/></g>"##
);

/// A monk in a hooded robe with a white cross, no legs: the meeple's
/// outline is the follower's, this one the abbot's.
pub const ABBOT: &str = concat!(
    r##"<g id="abbot"><path d="M0 -13.4 C4.8 -12.6 6.4 -8 4.8 -4.6 L9 9.6 L-9 9.6 L-4.8 -4.6 C-6.4 -8 -4.8 -12.6 0 -13.4 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/>"##,
    r##"<ellipse cx="0" cy="-7.8" rx="2.4" ry="2.9" fill="#f1d7b0" stroke="#111" stroke-width="0.8"/>"##,
    r##"<path d="M0 -1.6 V7 M-3 1.4 H3" stroke="#111" stroke-width="2.8"/>"##,
    r##"<path d="M0 -1.6 V7 M-3 1.4 H3" stroke="#fff" stroke-width="1.5"/></g>"##
);

/// A figure on the board: what it is and where it stands. Normal and big
/// followers are `follower` drawn as before; the other kinds use its player
/// and point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardFigure {
    pub kind: FollowerKind,
    pub follower: BoardFollower,
}

/// The id of the shape a kind is drawn with, for the kinds with one of
/// their own.
pub fn shape_id(kind: FollowerKind) -> Option<&'static str> {
    match kind {
        // Drawn as meeples until it gets a shape of its own.
        FollowerKind::Normal | FollowerKind::Big | FollowerKind::Barn => None,
        FollowerKind::Builder => Some("builder"),
        FollowerKind::Mayor => Some("mayor"),
        FollowerKind::Wagon => Some("wagon"),
        FollowerKind::Pig => Some("pig"),
        FollowerKind::Abbot => Some("abbot"),
    }
}

fn shape(kind: FollowerKind) -> Option<&'static str> {
    match kind {
        FollowerKind::Normal | FollowerKind::Big | FollowerKind::Barn => None,
        FollowerKind::Builder => Some(BUILDER),
        FollowerKind::Mayor => Some(MAYOR),
        FollowerKind::Wagon => Some(WAGON),
        FollowerKind::Pig => Some(PIG),
        FollowerKind::Abbot => Some(ABBOT),
    }
}

/// A broad figure in a long coat under a tall hat with a chain of office:
/// the mayor, a follower that counts the city's pennants.
pub const MAYOR: &str = concat!(
    r##"<g id="mayor"><path d="M-4.6 -16.4 h9.2 v6 h2.6 v1.8 h-14.4 v-1.8 h2.6 Z" stroke="#111" stroke-width="1" stroke-linejoin="round"/>"##,
    r##"<path d="M-3.6 -7.6 C-3.6 -4.2 3.6 -4.2 3.6 -7.6 Z M-6.4 -3.4 L6.4 -3.4 L8.6 10.4 L-8.6 10.4 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/>"##,
    r##"<path d="M-4 -3 L0 2.2 L4 -3" fill="none" stroke="#f5c542" stroke-width="1.6"/>"##,
    r##"<circle cx="0" cy="3" r="1.6" fill="#f5c542" stroke="#111" stroke-width="0.6"/></g>"##
);

/// A two-wheeled cart seen from the side: the wagon, which moves on to a
/// neighbouring feature after its own scores.
pub const WAGON: &str = concat!(
    r##"<g id="wagon"><path d="M-10 -5.6 h17 l2.6 -3.4 h2 l-2.6 3.4 v7 h-19 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/>"##,
    r##"<path d="M-10 -2 h19" stroke="#111" stroke-width="0.8"/>"##,
    r##"<circle cx="-5.6" cy="4.4" r="3.6" fill="#7a4a1c" stroke="#111" stroke-width="1"/>"##,
    r##"<circle cx="4.8" cy="4.4" r="3.6" fill="#7a4a1c" stroke="#111" stroke-width="1"/>"##,
    r##"<circle cx="-5.6" cy="4.4" r="0.9" fill="#111"/><circle cx="4.8" cy="4.4" r="0.9" fill="#111"/></g>"##
);

/// `<defs>` content for the shapes `kinds` need beyond the meeple, each
/// once, in a fixed order; empty when they need none.
pub fn defs(kinds: impl IntoIterator<Item = FollowerKind>) -> String {
    let mut want = [false; FollowerKind::ALL.len()];
    for k in kinds {
        want[k as usize] = true;
    }
    FollowerKind::ALL
        .into_iter()
        .filter(|&k| want[k as usize])
        .filter_map(shape)
        .collect()
}

/// The `<use>` that draws `f`. Builders, pigs and abbots stand upright
/// wherever they are (a pig on a field does not lie down like a farmer).
pub fn figure_use(f: &BoardFigure) -> String {
    let Some(id) = shape_id(f.kind) else {
        return follower_use(&f.follower);
    };
    format!(
        r##"<use href="#{id}" transform="translate({} {})" fill="{}" data-figure="{id}"/>"##,
        num(f.follower.at.x),
        num(f.follower.at.y),
        colour(f.follower.player)
    )
}

/// How far the n-th extra figure on one spot moves from it, so that each
/// shows: a builder or pig beside a follower on the same segment.
const NUDGE: Pt = Pt { x: 9.0, y: 6.0 };

/// Move apart figures that stand on the same spot (same tile, same
/// segment): the first stays, each later one is nudged down and right a
/// little further. Figures alone on their spot keep it exactly. Today's
/// rules never share a spot (a builder or pig joins its owner's follower's
/// feature from the tile just placed, another segment), so this only keeps
/// a picture readable where a record or a later rule puts two there.
pub fn spread<K: PartialEq>(figures: &mut [(K, BoardFigure)]) {
    for i in 1..figures.len() {
        let same = figures[..i]
            .iter()
            .filter(|(k, _)| *k == figures[i].0)
            .count();
        if same > 0 {
            let at = &mut figures[i].1.follower.at;
            at.x += NUDGE.x * same as f64;
            at.y += NUDGE.y * same as f64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fig(kind: FollowerKind, x: f64) -> BoardFigure {
        BoardFigure {
            kind,
            follower: BoardFollower {
                player: 0,
                at: Pt { x, y: 10.0 },
                farmer: false,
                big: false,
            },
        }
    }

    #[test]
    fn figures_on_one_spot_are_moved_apart_and_others_stay() {
        let mut v = vec![
            ("a", fig(FollowerKind::Normal, 10.0)),
            ("b", fig(FollowerKind::Normal, 50.0)),
            ("a", fig(FollowerKind::Builder, 10.0)),
            ("a", fig(FollowerKind::Pig, 10.0)),
        ];
        spread(&mut v);
        let at: Vec<(f64, f64)> = v
            .iter()
            .map(|(_, f)| (f.follower.at.x, f.follower.at.y))
            .collect();
        assert_eq!(at, [(10.0, 10.0), (50.0, 10.0), (19.0, 16.0), (28.0, 22.0)]);
    }

    #[test]
    fn only_new_kinds_get_shapes_and_defs() {
        assert_eq!(defs([FollowerKind::Normal, FollowerKind::Big]), "");
        let d = defs([FollowerKind::Pig, FollowerKind::Builder, FollowerKind::Pig]);
        assert_eq!(d, format!("{BUILDER}{PIG}"));
        let f = fig(FollowerKind::Normal, 10.0);
        assert_eq!(figure_use(&f), follower_use(&f.follower));
        assert_eq!(
            defs([FollowerKind::Wagon, FollowerKind::Mayor]),
            format!("{MAYOR}{WAGON}")
        );
        let a = figure_use(&fig(FollowerKind::Abbot, 10.0));
        assert!(
            a.starts_with(r##"<use href="#abbot" transform="translate(10 10)" fill="#e23b3b""##),
            "{a}"
        );
    }
}
