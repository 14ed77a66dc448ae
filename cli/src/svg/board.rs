//! A board as SVG: the placed tiles (as uses of the atlas's drawings),
//! the followers and figures, the last moves' trail and the scores.

use std::fmt::Write as _;

use carcassonne_runtime::mechanics::HeldFigure;
use carcassonne_runtime::tables::Ruleset;

use super::{tile_body, Style, INK};
use crate::areas::{self, BoardArea};
use crate::figures::{self, BoardFigure, BoardNeutral};
use crate::geom::{num, rot, Layout, Pt, SIZE};
use crate::paint::{self, colour, esc, BoardFollower, FONT, MEEPLE};

/// `<defs>` content: the tile types in the rotations `used[tile][rotation]`
/// (ids `t{tile}r{rotation}`, tile by table index) and the meeple.
pub fn defs(rules: &Ruleset, lays: &[Layout], used: &[[bool; 4]]) -> String {
    let mut s = String::new();
    for (i, t) in rules.tiles.iter().enumerate() {
        for r in 0..4u8 {
            if used.get(i).is_some_and(|u| u[r as usize]) {
                let _ = write!(
                    s,
                    r#"<g id="t{i}r{r}">{}</g>"#,
                    tile_body(t, &lays[i], Style { detail: false }, r)
                );
            }
        }
    }
    s.push_str(MEEPLE);
    s
}

/// Which tile types in which rotations `tiles` use.
pub fn used(rules: &Ruleset, tiles: &[BoardTile]) -> Vec<[bool; 4]> {
    let mut used = vec![[false; 4]; rules.tiles.len()];
    for t in tiles {
        if let Some(u) = used.get_mut(t.tile as usize) {
            u[(t.rotation % 4) as usize] = true;
        }
    }
    used
}

/// A tile on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardTile {
    pub tile: u16,
    pub x: i16,
    pub y: i16,
    pub rotation: u8,
}

/// Where a follower on `segment` of a tile placed at (x, y) turned `rotation`
/// stands, in board units relative to tile (0, 0).
pub fn follower_point(lay: &Layout, segment: usize, x: i16, y: i16, rotation: u8) -> Pt {
    let a = lay
        .segs
        .get(segment)
        .map_or(Pt { x: 50.0, y: 50.0 }, |s| s.anchor);
    let r = rot(a, rotation);
    Pt {
        x: x as f64 * SIZE + r.x,
        y: y as f64 * SIZE + r.y,
    }
}

pub fn tile_use(t: &BoardTile) -> String {
    format!(
        r##"<use href="#t{}r{}" transform="translate({} {})"/>"##,
        t.tile,
        t.rotation % 4,
        t.x as i32 * 100,
        t.y as i32 * 100
    )
}

/// Everything a board picture shows.
#[derive(Debug, Clone)]
pub struct BoardView {
    pub title: String,
    pub subtitle: String,
    pub tiles: Vec<BoardTile>,
    pub highlight: Option<BoardTile>,
    pub followers: Vec<BoardFigure>,
    /// Figures of no player (the dragon, the fairy), drawn over the others.
    pub neutral: Vec<BoardNeutral>,
    /// Paths figures took in this step (the dragon's), from where they
    /// started.
    pub trails: Vec<BoardTrail>,
    /// Seat names (e.g. the bots), one per player.
    pub players: Vec<String>,
    pub scores: Vec<i32>,
    /// What each player holds besides points, shown after the score (goods
    /// tokens, cards); empty where there is nothing to show.
    pub holdings: Vec<String>,
    /// Lines describing this turn's events.
    pub events: Vec<String>,
    /// Lines about the game as a whole, after the events (who holds the
    /// King and what it pays).
    pub notes: Vec<String>,
    /// Blocks of the board with figures in their sections (the City of
    /// Carcassonne), drawn over the tiles and under the figures.
    pub areas: Vec<BoardArea>,
    /// Figures players hold (prisoners), drawn after their holder's score.
    pub held: Vec<HeldFigure>,
}

/// A path a figure took, through the centres of the cells it passed, in
/// board units.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardTrail {
    pub name: &'static str,
    pub points: Vec<Pt>,
}

/// A trail: a dashed line through its points, a ring where it started and
/// a dot on each cell entered after.
pub fn trail(t: &BoardTrail) -> String {
    let mut d = String::new();
    for (k, p) in t.points.iter().enumerate() {
        let _ = write!(
            d,
            "{}{} {}",
            if k == 0 { "M" } else { " L" },
            num(p.x),
            num(p.y)
        );
    }
    let mut s = format!(
        r##"<g data-trail="{}"><path d="{d}" fill="none" stroke="#fff" stroke-width="6" stroke-opacity="0.7" stroke-linejoin="round" stroke-linecap="round"/><path d="{d}" fill="none" stroke="{TRAIL}" stroke-width="3" stroke-dasharray="9 6" stroke-linejoin="round" stroke-linecap="round"/>"##,
        esc(t.name)
    );
    for (k, p) in t.points.iter().enumerate() {
        let (r, fill) = if k == 0 { (7.0, "#fff") } else { (3.5, TRAIL) };
        let _ = write!(
            s,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{TRAIL}" stroke-width="2"/>"#,
            num(p.x),
            num(p.y),
            num(r)
        );
    }
    s.push_str("</g>");
    s
}

/// The colour of a figure's path.
const TRAIL: &str = "#8c1c13";

/// How large figures held by a player are drawn beside their score, and how
/// far apart, in the unscaled figure's units.
const HELD_SCALE: f64 = 0.7;
const HELD_STEP: f64 = 18.0;

/// The figures player `p` holds, from `at`: for each key in order of
/// appearance, its word and then its figures in their owners' colours.
fn held_figures(v: &BoardView, p: usize, at: Pt) -> String {
    let mine: Vec<&HeldFigure> = v
        .held
        .iter()
        .filter(|h| usize::from(h.holder) == p)
        .collect();
    let mut keys: Vec<&str> = Vec::new();
    for h in &mine {
        if !keys.contains(&h.key) {
            keys.push(h.key);
        }
    }
    let mut s = String::new();
    let mut x = at.x;
    for key in keys {
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" {FONT} font-size="11" fill="#555">{}:</text>"##,
            num(x),
            num(at.y + 4.0),
            esc(key)
        );
        x += paint::text_width(&format!("{key}:"), 11.0) + 4.0;
        // A big follower takes the room its larger drawing needs.
        let mut along = 0.0;
        let figs: Vec<BoardFigure> = mine
            .iter()
            .filter(|h| h.key == key)
            .map(|h| {
                let big = paint::is_big(h.figure.kind);
                let w = HELD_STEP * if big { paint::BIG } else { 1.0 };
                along += w;
                BoardFigure {
                    kind: h.figure.kind,
                    follower: BoardFollower {
                        player: h.figure.player,
                        at: Pt {
                            x: along - w / 2.0,
                            y: 0.0,
                        },
                        farmer: false,
                        big,
                    },
                }
            })
            .collect();
        s.push_str(&areas::held_svg(
            p,
            key,
            &figs,
            Pt { x, y: at.y },
            HELD_SCALE,
        ));
        x += along * HELD_SCALE + 8.0;
    }
    s
}

/// The bounding box of some tiles, in tile coordinates (min x, min y, max x, max y).
pub fn bounds(tiles: &[BoardTile]) -> (i32, i32, i32, i32) {
    let mut b = (0, 0, 0, 0);
    for (k, t) in tiles.iter().enumerate() {
        let (x, y) = (t.x as i32, t.y as i32);
        if k == 0 {
            b = (x, y, x, y);
        } else {
            b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        }
    }
    b
}

/// Where `board` draws: the picture's size, and the point of the board's
/// (0, 0) (the tiles, figures and paths are drawn from there in board
/// units), below the header of scores and events.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub width: f64,
    pub height: f64,
    pub ox: f64,
    pub oy: f64,
}

/// The frame `board` draws `v` in.
pub fn frame(v: &BoardView) -> Frame {
    let (x0, y0, x1, y1) = bounds(&v.tiles);
    let pad = 30.0;
    let header = 70.0
        + 20.0 * v.players.len() as f64
        + 16.0 * (v.events.len().max(1) + v.notes.len()) as f64;
    let bw = (x1 - x0 + 1) as f64 * SIZE;
    let bh = (y1 - y0 + 1) as f64 * SIZE;
    let width = (bw + 2.0 * pad).max(520.0);
    Frame {
        width,
        height: header + bh + 2.0 * pad,
        ox: (width - bw) / 2.0 - x0 as f64 * SIZE,
        oy: header + pad - y0 as f64 * SIZE,
    }
}

/// The board as one SVG document.
pub fn board(rules: &Ruleset, lays: &[Layout], v: &BoardView) -> String {
    let pad = 30.0;
    let Frame {
        width,
        height,
        ox,
        oy,
    } = frame(v);
    let used = used(rules, &v.tiles);
    let mut s = String::new();
    let _ = write!(
        s,
        concat!(
            r#"<?xml version="1.0" encoding="UTF-8"?>"#,
            "\n",
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">"#,
            "\n<title>{title}</title>\n<defs>{defs}</defs>\n",
            r##"<rect width="{w}" height="{h}" fill="#f3efe4"/>"##,
            r#"<text x="{pad}" y="30" {font} font-size="20" font-weight="bold" fill="{ink}">{title}</text>"#,
            r##"<text x="{pad}" y="50" {font} font-size="12" fill="#555">{sub}</text>"##,
            "\n"
        ),
        w = num(width),
        h = num(height),
        title = esc(&v.title),
        sub = esc(&v.subtitle),
        defs = defs(rules, lays, &used)
            + &figures::defs(
                v.followers
                    .iter()
                    .chain(
                        v.areas
                            .iter()
                            .flat_map(|a| a.sections.iter().flat_map(|s| &s.figures))
                    )
                    .chain(v.neutral.iter().filter_map(|n| n.top.as_ref()))
                    .map(|f| f.kind)
                    .chain(v.held.iter().map(|h| h.figure.kind))
            )
            + &figures::neutral_defs(v.neutral.iter().map(|n| &n.def)),
        pad = num(pad),
        font = FONT,
        ink = INK
    );
    // Scores.
    let best = v.scores.iter().copied().max().unwrap_or(0);
    for (p, name) in v.players.iter().enumerate() {
        let y = 72.0 + 20.0 * p as f64;
        let score = v.scores.get(p).copied().unwrap_or(0);
        let lead = if score == best && best > 0 {
            " ★"
        } else {
            ""
        };
        let held = match v.holdings.get(p) {
            Some(h) if !h.is_empty() => format!(
                r##"<tspan dx="6" fill="#555" data-holdings="{p}">· {}</tspan>"##,
                esc(h)
            ),
            _ => String::new(),
        };
        let _ = write!(
            s,
            r##"<g data-player="{p}"><rect x="{}" y="{}" width="14" height="14" rx="2" fill="{}" stroke="#111" stroke-width="0.8"/><text x="{}" y="{}" {FONT} font-size="13" fill="{INK}">P{p} {}: <tspan font-weight="bold">{score}</tspan>{lead}{held}</text></g>"##,
            num(pad),
            num(y - 11.0),
            colour(p as u8),
            num(pad + 20.0),
            num(y),
            esc(name)
        );
        let line = format!(
            "P{p} {name}: {score}{lead}{}",
            v.holdings
                .get(p)
                .filter(|h| !h.is_empty())
                .map_or(String::new(), |h| format!("  · {h}"))
        );
        s.push_str(&held_figures(
            v,
            p,
            Pt {
                x: pad + 20.0 + paint::text_width(&line, 13.0) + 10.0,
                y: y - 4.5,
            },
        ));
    }
    let ey = 72.0 + 20.0 * v.players.len() as f64;
    let mut lines: Vec<String> = if v.events.is_empty() {
        vec!["no points this turn".to_string()]
    } else {
        v.events.clone()
    };
    lines.extend(v.notes.iter().cloned());
    for (k, line) in lines.iter().enumerate() {
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" {FONT} font-size="12" fill="#444">{}</text>"##,
            num(pad),
            num(ey + 16.0 * k as f64),
            esc(line)
        );
    }
    let _ = write!(s, "\n<g transform=\"translate({} {})\">", num(ox), num(oy));
    for t in &v.tiles {
        s.push_str(&tile_use(t));
    }
    for a in &v.areas {
        s.push_str(&areas::area_svg(a));
    }
    if let Some(h) = &v.highlight {
        let _ = write!(
            s,
            r##"<rect x="{x}" y="{y}" width="100" height="100" fill="none" stroke="#111" stroke-width="7"/><rect x="{x}" y="{y}" width="100" height="100" fill="none" stroke="#ffe14d" stroke-width="4"/>"##,
            x = h.x as i32 * 100,
            y = h.y as i32 * 100
        );
    }
    for t in &v.trails {
        s.push_str(&trail(t));
    }
    for f in &v.followers {
        s.push_str(&figures::figure_use(f));
    }
    for n in &v.neutral {
        s.push_str(&figures::neutral_use(n));
    }
    s.push_str("</g>\n</svg>\n");
    s
}
