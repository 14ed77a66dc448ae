//! Blocks of the board drawn over their cells (`Shown::areas`: the City of
//! Carcassonne), divided into labelled sections with the players' figures
//! in them, and figures players hold drawn beside their scores
//! (`Shown::held`: prisoners). What is drawn comes from the modules' words
//! alone: this file names no module.
//!
//! A block lies over the bounding rectangle of its cells, inset from its
//! rim (`INSET`), so that what the cells show at the block's edge (the
//! roads, cities and fields that play as normal tiles) stays in sight, and
//! figures standing there are drawn over it.

use std::fmt::Write as _;

use carcassonne_runtime::engine::FollowerKind;
use carcassonne_runtime::mechanics::{Area, Figure};

use crate::figures::{marked_figure, BoardFigure};
use crate::geom::{num, Pt, SIZE};
use crate::paint::{esc, is_big, text_width, BoardFollower, BIG, FONT};

/// A rectangle in board units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    /// Whether `p` lies inside it (edges included).
    pub fn contains(&self, p: Pt) -> bool {
        p.x >= self.x && p.x <= self.x + self.w && p.y >= self.y && p.y <= self.y + self.h
    }
}

/// An area laid out on the board: where it and its sections are drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardArea {
    pub name: &'static str,
    /// The cells it lies over (`Area::cells`).
    pub cells: Vec<[i16; 2]>,
    /// The block, inside its cells' rim.
    pub rect: Rect,
    /// The plaque with its name, on the top wall.
    pub plaque: Rect,
    pub sections: Vec<BoardSection>,
}

/// A section laid out: its box, where its name is written, its figures.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardSection {
    pub name: &'static str,
    pub rect: Rect,
    /// The start of its name's baseline.
    pub label: Pt,
    /// The figures in it, each with its owner and point.
    pub figures: Vec<BoardFigure>,
    /// Its free places (`Section::places`), where a figure would stand.
    pub free: Vec<Pt>,
    /// Where a neutral figure standing in the section is drawn.
    pub neutral: Pt,
}

/// How far inside its cells' rim a block is drawn: every follower's place
/// on a cell at the rim lies within about half a tile of the edge, so a
/// block this far in leaves the figures there, and a meeple's height round
/// them, clear.
pub const INSET: f64 = 64.0;
/// The space between a block's wall and its sections, and between sections.
const GAP: f64 = 5.0;
/// Room at a section's top for its name.
const LABEL_H: f64 = 16.0;
/// Room at a section's right for a neutral figure standing in it.
const NEUTRAL_W: f64 = 30.0;
/// How far apart figures in a section stand, at most and at least.
const STEP: f64 = 17.0;
const MIN_STEP: f64 = 8.0;
/// How much larger than declared a neutral figure in a section is drawn.
pub const IN_SECTION_SCALE: f64 = 1.3;

/// Where area `a` and its sections and figures are drawn; none for an area
/// with no cells.
pub fn layout(a: &Area) -> Option<BoardArea> {
    let first = a.cells.first()?;
    let (mut x0, mut y0, mut x1, mut y1) = (first[0], first[1], first[0], first[1]);
    for c in &a.cells {
        x0 = x0.min(c[0]);
        y0 = y0.min(c[1]);
        x1 = x1.max(c[0]);
        y1 = y1.max(c[1]);
    }
    let (w, h) = (f64::from(x1 - x0 + 1) * SIZE, f64::from(y1 - y0 + 1) * SIZE);
    let inset = INSET.min(w / 4.0).min(h / 4.0);
    let rect = Rect {
        x: f64::from(x0) * SIZE + inset,
        y: f64::from(y0) * SIZE + inset,
        w: w - 2.0 * inset,
        h: h - 2.0 * inset,
    };
    let n = a.sections.len().max(1);
    // A grid as square as the block allows: more columns on a wide block.
    let mut cols = (n as f64).sqrt().ceil() as usize;
    let mut rows = n.div_ceil(cols);
    if rect.h > rect.w {
        std::mem::swap(&mut cols, &mut rows);
        rows = n.div_ceil(cols);
    }
    let sw = (rect.w - GAP * (cols as f64 + 1.0)) / cols as f64;
    let sh = (rect.h - GAP * (rows as f64 + 1.0)) / rows as f64;
    let sections = a
        .sections
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (c, r) = (i % cols, i / cols);
            let b = Rect {
                x: rect.x + GAP + c as f64 * (sw + GAP),
                y: rect.y + GAP + r as f64 * (sh + GAP),
                w: sw,
                h: sh,
            };
            // Free places are laid out after the figures, as more of them.
            let places = s.places.map_or(0, usize::from).max(s.figures.len());
            let mut all = s.figures.clone();
            all.resize(
                places,
                Figure {
                    player: 0,
                    kind: FollowerKind::Normal,
                },
            );
            let mut figures = place_figures(&all, b);
            let free = figures
                .split_off(s.figures.len())
                .into_iter()
                .map(|f| f.follower.at)
                .collect();
            BoardSection {
                name: s.name,
                rect: b,
                label: Pt {
                    x: b.x + 5.0,
                    y: b.y + 12.0,
                },
                figures,
                free,
                neutral: Pt {
                    x: b.x + b.w - NEUTRAL_W / 2.0,
                    y: b.y + LABEL_H + (b.h - LABEL_H) / 2.0,
                },
            }
        })
        .collect();
    let pw = text_width(a.name, 10.0) + 12.0;
    Some(BoardArea {
        name: a.name,
        cells: a.cells.clone(),
        rect,
        plaque: Rect {
            x: rect.x + (rect.w - pw) / 2.0,
            y: rect.y - 7.0,
            w: pw,
            h: 14.0,
        },
        sections,
    })
}

/// Figures in rows left to right under a section's name, leaving its right
/// end to a neutral figure; closer together where many must fit. A big
/// follower takes the room its larger drawing needs.
fn place_figures(fs: &[Figure], b: Rect) -> Vec<BoardFigure> {
    let room_w = (b.w - NEUTRAL_W - 12.0).max(MIN_STEP);
    let room_h = (b.h - LABEL_H - 4.0).max(MIN_STEP);
    let width = |f: &Figure, step: f64| if is_big(f.kind) { step * BIG } else { step };
    // Each figure's row and the middle of its room along the row.
    let rows_of = |step: f64| {
        let (mut row, mut x) = (0usize, 0.0);
        let mut at = Vec::with_capacity(fs.len());
        for f in fs {
            let w = width(f, step);
            if x > 0.0 && x + w > room_w {
                row += 1;
                x = 0.0;
            }
            at.push((row, x + w / 2.0));
            x += w;
        }
        at
    };
    let mut step = STEP;
    let mut at = rows_of(step);
    while step > MIN_STEP
        && at
            .last()
            .is_some_and(|&(r, _)| (r as f64 + 1.0) * (step + 4.0) > room_h)
    {
        step -= 1.0;
        at = rows_of(step);
    }
    fs.iter()
        .zip(at)
        .map(|(f, (row, x))| BoardFigure {
            kind: f.kind,
            follower: BoardFollower {
                player: f.player,
                at: Pt {
                    x: b.x + 4.0 + x,
                    y: b.y + LABEL_H + 13.0 + row as f64 * (step + 4.0),
                },
                farmer: false,
                big: is_big(f.kind),
            },
        })
        .collect()
}

/// The colours of a block: its wall, the wall's dashes, its ground, and
/// its sections' ground and edges.
pub const WALL: &str = "#7a4a1c";
pub const WALL_LIGHT: &str = "#d9b37a";
pub const GROUND: &str = "#efe2c4";
pub const SECTION: &str = "#f8f0dc";
pub const SECTION_EDGE: &str = "#a07a4a";

/// The SVG of area `a`: a walled block, its name on a plaque in the top
/// wall, each section a box with its name and figures (`data-area`,
/// `data-section`; each figure marked with `data-player` and `data-kind`).
pub fn area_svg(a: &BoardArea) -> String {
    let r = a.rect;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<g data-area="{name}"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{GROUND}" fill-opacity="0.94" stroke="{WALL}" stroke-width="5"/><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="none" stroke="{WALL_LIGHT}" stroke-width="1.5" stroke-dasharray="5 4"/>"#,
        name = esc(a.name),
        x = num(r.x),
        y = num(r.y),
        w = num(r.w),
        h = num(r.h)
    );
    for sec in &a.sections {
        let b = sec.rect;
        let _ = write!(
            s,
            r#"<g data-section="{name}"><rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="{SECTION}" stroke="{SECTION_EDGE}" stroke-width="1"/><text x="{}" y="{}" {FONT} font-size="10" font-weight="bold" fill="{WALL}">{name}</text>"#,
            num(b.x),
            num(b.y),
            num(b.w),
            num(b.h),
            num(sec.label.x),
            num(sec.label.y),
            name = esc(sec.name)
        );
        for f in &sec.figures {
            s.push_str(&marked_figure(f));
        }
        for p in &sec.free {
            let _ = write!(
                s,
                r#"<circle data-free="place" cx="{}" cy="{}" r="6" fill="none" stroke="{SECTION_EDGE}" stroke-width="1.2" stroke-dasharray="2 2"/>"#,
                num(p.x),
                num(p.y)
            );
        }
        s.push_str("</g>");
    }
    let p = a.plaque;
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{WALL}"/><text x="{}" y="{}" {FONT} font-size="10" font-weight="bold" text-anchor="middle" fill="#fff">{}</text></g>"##,
        num(p.x),
        num(p.y),
        num(p.w),
        num(p.h),
        num(p.x + p.w / 2.0),
        num(p.y + 10.5),
        esc(a.name)
    );
    s
}

/// Figures player `holder` holds, drawn in a row from `at` at `scale`:
/// `data-held` names the holder, each figure is marked with its owner.
pub fn held_svg(holder: usize, key: &str, figures: &[BoardFigure], at: Pt, scale: f64) -> String {
    let mut s = format!(
        r#"<g data-held="{holder}" data-key="{}" transform="translate({} {}) scale({})">"#,
        esc(key),
        num(at.x),
        num(at.y),
        num(scale)
    );
    for f in figures {
        s.push_str(&marked_figure(f));
    }
    s.push_str("</g>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_runtime::mechanics::Section;

    fn area(cells: Vec<[i16; 2]>, figures: usize) -> Area {
        let f = Figure {
            player: 1,
            kind: FollowerKind::Normal,
        };
        Area {
            name: "block",
            cells,
            sections: ["a", "b", "c", "d"]
                .into_iter()
                .map(|name| Section {
                    name,
                    figures: vec![f; figures],
                    places: None,
                })
                .collect(),
        }
    }

    fn grid(w: i16, h: i16) -> Vec<[i16; 2]> {
        (0..h)
            .flat_map(|y| (0..w).map(move |x| [x - 2, y - 1]))
            .collect()
    }

    #[test]
    fn a_block_is_inset_in_its_cells_and_its_sections_inside_it() {
        let a = layout(&area(grid(4, 3), 3)).unwrap();
        assert_eq!(
            a.rect,
            Rect {
                x: -200.0 + INSET,
                y: -100.0 + INSET,
                w: 400.0 - 2.0 * INSET,
                h: 300.0 - 2.0 * INSET
            }
        );
        assert_eq!(a.sections.len(), 4);
        // Two by two, in reading order.
        assert!(a.sections[0].rect.x < a.sections[1].rect.x);
        assert_eq!(a.sections[0].rect.y, a.sections[1].rect.y);
        assert!(a.sections[0].rect.y < a.sections[2].rect.y);
        for (i, s) in a.sections.iter().enumerate() {
            assert!(a.rect.contains(Pt {
                x: s.rect.x,
                y: s.rect.y
            }));
            for t in &a.sections[i + 1..] {
                let apart = s.rect.x + s.rect.w <= t.rect.x
                    || t.rect.x + t.rect.w <= s.rect.x
                    || s.rect.y + s.rect.h <= t.rect.y
                    || t.rect.y + t.rect.h <= s.rect.y;
                assert!(apart, "{} and {} overlap", s.name, t.name);
            }
            assert!(s.rect.contains(s.neutral));
            for f in &s.figures {
                assert!(s.rect.contains(f.follower.at));
            }
        }
    }

    #[test]
    fn many_figures_still_fit_their_section() {
        let a = layout(&area(grid(4, 3), 24)).unwrap();
        for s in &a.sections {
            assert_eq!(s.figures.len(), 24);
            for f in &s.figures {
                assert!(s.rect.contains(f.follower.at), "{:?}", f.follower.at);
            }
        }
    }

    #[test]
    fn free_places_are_drawn_after_the_figures_in_their_section() {
        let mut a = area(grid(4, 4), 1);
        a.sections[0].places = Some(2);
        a.sections[1].places = Some(1);
        let l = layout(&a).unwrap();
        let (s, full) = (&l.sections[0], &l.sections[1]);
        assert_eq!((s.figures.len(), s.free.len()), (1, 1));
        assert!(s.free[0].x > s.figures[0].follower.at.x);
        assert!(s.rect.contains(s.free[0]));
        assert!(full.free.is_empty(), "one place, taken");
        assert!(l.sections[2].free.is_empty(), "no places: none drawn");
        let svg = area_svg(&l);
        assert_eq!(svg.matches(r#"data-free="place""#).count(), 1);
    }

    #[test]
    fn a_big_follower_takes_more_room_than_a_follower() {
        let mut a = area(grid(4, 3), 0);
        let f = |kind| Figure { player: 0, kind };
        a.sections[0].figures = vec![
            f(FollowerKind::Normal),
            f(FollowerKind::Big),
            f(FollowerKind::Normal),
        ];
        let l = layout(&a).unwrap();
        let x: Vec<f64> = l.sections[0]
            .figures
            .iter()
            .map(|f| f.follower.at.x)
            .collect();
        let apart = STEP * (1.0 + BIG) / 2.0;
        assert!((x[1] - x[0] - apart).abs() < 1e-9, "{x:?}");
        assert!((x[2] - x[1] - apart).abs() < 1e-9, "{x:?}");
        assert!(l.sections[0].figures[1].follower.big);
    }

    #[test]
    fn a_small_block_keeps_room_and_an_empty_one_is_not_drawn() {
        let a = layout(&area(vec![[3, 3]], 1)).unwrap();
        assert!(a.rect.w >= 50.0 && a.rect.h >= 50.0);
        assert!(layout(&area(Vec::new(), 1)).is_none());
    }
}
