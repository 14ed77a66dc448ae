//! Figures on a board: each kind is drawn with the shape its module
//! declares (`FigureDef::svg`, a `<g id="NAME">` filled with the owner's
//! colour; none: the meeple, `paint::follower_use`), and neutral figures
//! (the dragon, the fairy) with theirs (`NeutralDef::svg`, coloured by the
//! shape itself). Shapes are only defined where one is drawn, so a board
//! without them has none of their `<defs>`.

use carcassonne_runtime::engine::FollowerKind;
use carcassonne_runtime::mechanics::NeutralDef;

use std::fmt::Write as _;

use crate::geom::{num, Pt};
use crate::paint::{colour, esc, follower_use, BoardFollower, BIG, FONT};

/// A figure on the board: what it is and where it stands. Kinds without a
/// shape of their own are `follower` drawn as a meeple; the others use its
/// player and point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardFigure {
    pub kind: FollowerKind,
    pub follower: BoardFollower,
}

/// A neutral figure on the board, at a point in board units, drawn `scale`
/// times its declared size, with the word on it (`Neutral::label`) and the
/// figure on its top (`Neutral::top`), if any.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardNeutral {
    pub def: NeutralDef,
    pub at: Pt,
    pub scale: f64,
    pub label: Option<String>,
    pub top: Option<BoardFigure>,
}

/// Half the height of a declared neutral shape (about 20 units tall,
/// centred on the origin): where its top is.
pub const NEUTRAL_HALF: f64 = 10.0;
/// Where a meeple's feet are below its centre.
const FEET: f64 = 9.6;

impl BoardNeutral {
    /// Where a figure standing on top of this one stands: its feet on the
    /// shape's top.
    pub fn top_point(&self, big: bool) -> Pt {
        let s = if big { BIG } else { 1.0 };
        Pt {
            x: self.at.x,
            y: self.at.y - NEUTRAL_HALF * self.scale - FEET * s,
        }
    }

    /// Where the badge with its label is drawn: on its lower right corner.
    pub fn label_point(&self) -> Pt {
        Pt {
            x: self.at.x + 8.0 * self.scale,
            y: self.at.y + 7.0 * self.scale,
        }
    }
}

/// The id of the shape a kind is drawn with, for the kinds with one of
/// their own: its name, the id its declared `<g>` carries.
pub fn shape_id(kind: FollowerKind) -> Option<&'static str> {
    kind.def().svg.map(|_| kind.name())
}

/// `<defs>` content for the shapes `kinds` need beyond the meeple, each
/// once, in the order of the kinds; empty when they need none.
pub fn defs(kinds: impl IntoIterator<Item = FollowerKind>) -> String {
    let mut want = [false; FollowerKind::ALL.len()];
    for k in kinds {
        want[k as usize] = true;
    }
    FollowerKind::ALL
        .into_iter()
        .filter(|&k| want[k as usize])
        .filter_map(|k| k.def().svg)
        .collect()
}

/// `<defs>` content for neutral figures `defs`, each once, in the order
/// first seen.
pub fn neutral_defs<'a>(defs: impl IntoIterator<Item = &'a NeutralDef>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = String::new();
    for d in defs {
        if !seen.contains(&d.name) {
            seen.push(d.name);
            out.push_str(d.svg);
        }
    }
    out
}

/// The `<use>` that draws `f`. A figure with a shape of its own stands
/// upright wherever it is (a pig on a field does not lie down like a
/// farmer).
pub fn figure_use(f: &BoardFigure) -> String {
    let Some(id) = shape_id(f.kind) else {
        return follower_use(&f.follower);
    };
    format!(
        r##"<use href="#{id}" transform="translate({} {})" fill="{}" data-figure="{id}" data-player="{}"/>"##,
        num(f.follower.at.x),
        num(f.follower.at.y),
        colour(f.follower.player),
        f.follower.player
    )
}

/// The `<use>` that draws neutral figure `n`, then the badge with its
/// label (`data-label-of`, the label also in the `<use>`'s `data-label`)
/// and the figure on its top (`data-top-of`, marked with its owner).
pub fn neutral_use(n: &BoardNeutral) -> String {
    let scale = if (n.scale - 1.0).abs() < 1e-9 {
        String::new()
    } else {
        format!(" scale({})", num(n.scale))
    };
    let label = n
        .label
        .as_ref()
        .map_or(String::new(), |l| format!(r#" data-label="{}""#, esc(l)));
    let mut s = format!(
        r##"<use href="#{id}" transform="translate({} {}){scale}" data-neutral="{id}"{label}/>"##,
        num(n.at.x),
        num(n.at.y),
        id = n.def.name
    );
    if let Some(l) = &n.label {
        let p = n.label_point();
        let r = 4.0 + 2.6 * l.chars().count() as f64;
        let _ = write!(
            s,
            r##"<g data-label-of="{id}" transform="translate({} {})"><circle r="{}" fill="#fff" stroke="#222" stroke-width="1.2"/><text y="3.6" {FONT} font-size="10" font-weight="bold" text-anchor="middle" fill="#222">{}</text></g>"##,
            num(p.x),
            num(p.y),
            num(r),
            esc(l),
            id = n.def.name
        );
    }
    if let Some(t) = &n.top {
        let _ = write!(
            s,
            r#"<g data-top-of="{}">{}</g>"#,
            n.def.name,
            marked_figure(t)
        );
    }
    s
}

/// A figure drawn by `figure_use`, marked with its owner and kind
/// so that a reader of the picture can tell whose it is.
pub fn marked_figure(f: &BoardFigure) -> String {
    format!(
        r#"<g data-player="{}" data-kind="{}">{}</g>"#,
        f.follower.player,
        f.kind.name(),
        figure_use(f)
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

    /// Every declared shape is the `<g>` its name refers to, so a `<use>`
    /// of the name finds it.
    #[test]
    fn declared_shapes_carry_their_names_as_ids() {
        for k in FollowerKind::ALL {
            if let Some(svg) = k.def().svg {
                assert!(
                    svg.starts_with(&format!(r#"<g id="{}">"#, k.name())),
                    "{}",
                    k.name()
                );
            }
        }
        for m in carcassonne_runtime::mechanics::Mech::ALL {
            for n in carcassonne_runtime::mechanics::neutrals(m) {
                assert!(n.svg.starts_with(&format!(r#"<g id="{}">"#, n.name)));
            }
        }
    }

    #[test]
    fn only_kinds_with_shapes_get_defs() {
        assert_eq!(defs([FollowerKind::Normal, FollowerKind::Big]), "");
        let d = defs([FollowerKind::Pig, FollowerKind::Builder, FollowerKind::Pig]);
        let svg = |k: FollowerKind| k.def().svg.unwrap();
        assert_eq!(
            d,
            format!("{}{}", svg(FollowerKind::Builder), svg(FollowerKind::Pig))
        );
        let f = fig(FollowerKind::Normal, 10.0);
        assert_eq!(figure_use(&f), follower_use(&f.follower));
        let a = figure_use(&fig(FollowerKind::Abbot, 10.0));
        assert!(
            a.starts_with(r##"<use href="#abbot" transform="translate(10 10)" fill="#e23b3b""##),
            "{a}"
        );
    }
}
