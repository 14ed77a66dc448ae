//! SVG drawing: a tile from its layout (`geom`), the atlas of a ruleset's
//! tiles, and a board with followers and scores. Output is deterministic
//! (fixed number formatting, table order) and well-formed XML.

mod board;

pub use board::{
    board, bounds, defs, follower_point, frame, tile_use, trail, used, BoardTile, BoardTrail,
    BoardView, Frame,
};

use std::fmt::Write as _;

use carcassonne_runtime::generated::ATTRS;
use carcassonne_runtime::tables::{AttrValues, Kind, Ruleset, TileType};

use crate::geom::{self, num, End, Geom, Layout, Pt, ROAD_WIDTH};
use crate::goods;
use crate::paint::{esc, FONT};

pub const FIELD: &str = "#9fc75c";
const FIELD_SHADES: [&str; 3] = ["#a7cd66", "#93bd51", "#b5d67f"];
const CITY: &str = "#dca25a";
const CITY_EDGE: &str = "#7a4a1c";
const ROAD: &str = "#f7f1de";
const ROAD_EDGE: &str = "#6b5b45";
const RIVER: &str = "#5aa8ea";
const RIVER_EDGE: &str = "#2a6cb3";
const INK: &str = "#2b2b2b";
/// A wall or hedge between two fields.
const HEDGE: &str = "#4d5a2c";

/// How much to draw on a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Shade each field differently and show which cities it borders (the atlas).
    pub detail: bool,
}

/// A tile's drawing in its own 0..100 square, turned `rotation` clockwise
/// quarter turns; symbols, cloisters and gardens stay upright.
pub fn tile_body(tile: &TileType, lay: &Layout, style: Style, rotation: u8) -> String {
    let r = rotation % 4;
    let mut s = String::new();
    if r != 0 {
        let _ = write!(s, r#"<g transform="rotate({} 50 50)">"#, 90 * r as u32);
    }
    let _ = write!(s, r#"<rect width="100" height="100" fill="{FIELD}"/>"#);
    // Each field's colour: one shade per field in the atlas.
    let mut shade = vec![FIELD; lay.segs.len()];
    if style.detail {
        let mut k = 0;
        for (i, g) in lay.segs.iter().enumerate() {
            if let Geom::Field { d, court } = &g.geom {
                shade[i] = FIELD_SHADES[k % FIELD_SHADES.len()];
                // A courtyard is drawn whole over the cities, below.
                if !d.is_empty() && court.is_none() {
                    let _ = write!(
                        s,
                        r#"<path d="{d}" fill="{}" data-segment="{i}"/>"#,
                        shade[i]
                    );
                }
                k += 1;
            }
        }
    }
    for wall in &lay.walls {
        let mut d = String::new();
        for (k, p) in wall.iter().enumerate() {
            let _ = write!(
                d,
                "{}{} {}",
                if k == 0 { "M" } else { " L" },
                num(p.x),
                num(p.y)
            );
        }
        let _ = write!(
            s,
            r#"<path d="{d}" fill="none" stroke="{HEDGE}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>"#
        );
    }
    // Where one-port roads end on the tile: a dot, drawn over all the roads
    // that meet there and under the cities.
    let mut dead_ends: Vec<Pt> = Vec::new();
    let mut dots_drawn = false;
    for &i in &lay.order {
        let g = &lay.segs[i];
        if g.layer >= 3 && !dots_drawn {
            dots_drawn = true;
            s.push_str(&dots(&dead_ends));
        }
        match &g.geom {
            Geom::Area { d, .. } => {
                let _ = write!(
                    s,
                    r#"<path d="{d}" fill="{CITY}" stroke="{CITY_EDGE}" stroke-width="2" stroke-linejoin="round"/>"#
                );
            }
            Geom::Stroke { d, width, end, .. } => {
                let (edge, fill) = if g.kind == Kind::River {
                    (RIVER_EDGE, RIVER)
                } else {
                    (ROAD_EDGE, ROAD)
                };
                let outline = if g.bridge { width + 3.0 } else { *width };
                let _ = write!(
                    s,
                    r#"<path d="{d}" fill="none" stroke="{edge}" stroke-width="{}" stroke-linejoin="round"/><path d="{d}" fill="none" stroke="{fill}" stroke-width="{}" stroke-linejoin="round"/>"#,
                    num(outline),
                    num(width - 4.0)
                );
                match end {
                    Some((p, End::Pond)) => {
                        let _ = write!(
                            s,
                            r#"<circle cx="{}" cy="{}" r="9" fill="{fill}" stroke="{edge}" stroke-width="2"/>"#,
                            num(p.x),
                            num(p.y)
                        );
                    }
                    Some((p, End::Junction)) if g.kind == Kind::Road => {
                        dead_ends.push(*p);
                    }
                    _ => {}
                }
            }
            Geom::Cloister { at } if g.kind == Kind::Shrine => s.push_str(&shrine(*at, r)),
            Geom::Cloister { at } => s.push_str(&cloister(*at, r)),
            Geom::Garden { at, half } => s.push_str(&garden(*at, *half, r)),
            Geom::Field { court: Some(c), .. } => {
                // A courtyard carved out of the cities round it: walled like
                // them, or hedged when it borders no city.
                let wall = if tile.segments.get(i).is_some_and(|f| f.borders != 0) {
                    CITY_EDGE
                } else {
                    HEDGE
                };
                let _ = write!(
                    s,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{wall}" stroke-width="2" data-segment="{i}"/>"#,
                    num(c.centre.x),
                    num(c.centre.y),
                    num(c.radius),
                    shade[i]
                );
            }
            Geom::Field { .. } => {}
        }
    }
    if !dots_drawn {
        s.push_str(&dots(&dead_ends));
    }
    // A road through a tunnel: dashed where it runs under the city.
    for (i, seg) in tile.segments.iter().enumerate() {
        if seg
            .attrs
            .iter()
            .any(|a| ATTRS[a.id as usize].name == "tunnel")
        {
            if let Geom::Stroke { d, .. } = &lay.segs[i].geom {
                let _ = write!(
                    s,
                    r#"<path d="{d}" fill="none" stroke="{ROAD_EDGE}" stroke-width="2.2" stroke-dasharray="4 3" opacity="0.8"/>"#
                );
            }
        }
    }
    if style.detail {
        // Which cities each field borders: a dotted line to each.
        for (i, seg) in tile.segments.iter().enumerate() {
            if seg.kind != Kind::Field {
                continue;
            }
            let a = lay.segs[i].anchor;
            for c in (0..16).filter(|c| seg.borders & (1 << c) != 0) {
                if let Some(city) = lay.segs.get(c) {
                    let b = city.anchor;
                    let _ = write!(
                        s,
                        r##"<path d="M{} {} L{} {}" stroke="#24420f" stroke-width="1" stroke-dasharray="1.5 2" fill="none" opacity="0.8"/>"##,
                        num(a.x),
                        num(a.y),
                        num(b.x),
                        num(b.y)
                    );
                }
            }
            let _ = write!(
                s,
                r##"<circle cx="{}" cy="{}" r="2.2" fill="#24420f" opacity="0.8"/>"##,
                num(a.x),
                num(a.y)
            );
        }
    }
    // Attribute symbols.
    for (i, seg) in tile.segments.iter().enumerate() {
        let mut at = lay.segs[i].symbol;
        for a in seg.attrs {
            let info = &ATTRS[a.id as usize];
            if info.name == "bridge" || info.name == "tunnel" {
                continue; // drawn as the crossing itself
            }
            if unseen(info.name) {
                continue;
            }
            s.push_str(&symbol(info.name, a.value, at, r));
            at = Pt {
                x: at.x,
                y: at.y + 11.0,
            };
        }
    }
    for m in &lay.marks {
        s.push_str(&symbol(ATTRS[m.attr as usize].name, m.value, m.at, r));
    }
    if r != 0 {
        s.push_str("</g>");
    }
    s.push_str(r##"<rect width="100" height="100" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="0.8"/>"##);
    s
}

/// `translate(p)`, turned back `r` quarter turns so what follows is upright.
fn upright(p: Pt, r: u8) -> String {
    if r % 4 == 0 {
        format!("translate({} {})", num(p.x), num(p.y))
    } else {
        format!(
            "translate({} {}) rotate(-{})",
            num(p.x),
            num(p.y),
            90 * (r % 4) as u32
        )
    }
}

fn dots(points: &[Pt]) -> String {
    let mut s = String::new();
    let mut seen: Vec<Pt> = Vec::new();
    for p in points {
        if seen
            .iter()
            .any(|q| (q.x - p.x).abs() < 0.5 && (q.y - p.y).abs() < 0.5)
        {
            continue;
        }
        seen.push(*p);
        let _ = write!(
            s,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{ROAD_EDGE}"/><circle cx="{}" cy="{}" r="{}" fill="{ROAD}"/>"#,
            num(p.x),
            num(p.y),
            num(ROAD_WIDTH / 2.0 + 2.0),
            num(p.x),
            num(p.y),
            num(ROAD_WIDTH / 2.0 - 0.5)
        );
    }
    s
}

fn cloister(at: Pt, r: u8) -> String {
    format!(
        concat!(
            r##"<g transform="{}">"##,
            r##"<rect x="-12" y="-12" width="24" height="24" rx="3" fill="#efe4cc" stroke="#5a4630" stroke-width="1.5"/>"##,
            r##"<path d="M-9 -1 L0 -9 L9 -1 Z" fill="#b8412f" stroke="#5a4630" stroke-width="1"/>"##,
            r##"<rect x="-6" y="-1" width="12" height="9" fill="#f7efdc" stroke="#5a4630" stroke-width="1"/>"##,
            r##"<path d="M0 -1 v9 M-3 3 h6" stroke="#5a4630" stroke-width="1"/>"##,
            r##"</g>"##
        ),
        upright(at, r)
    )
}

/// A shrine (Heretics & Shrines): a cloister's footprint in dark slate, a
/// small pillared temple with a flame on its altar, so that a heretic's
/// place never reads as a monk's.
fn shrine(at: Pt, r: u8) -> String {
    format!(
        concat!(
            r##"<g transform="{}">"##,
            r##"<rect x="-12" y="-12" width="24" height="24" rx="3" fill="#4b4560" stroke="#221d30" stroke-width="1.5"/>"##,
            r##"<path d="M-9 -3 L0 -9 L9 -3 Z" fill="#8d86a6" stroke="#221d30" stroke-width="1"/>"##,
            r##"<path d="M-7 -3 V8 M-2.5 -3 V8 M2.5 -3 V8 M7 -3 V8" stroke="#d9d4e6" stroke-width="1.6"/>"##,
            r##"<rect x="-9" y="8" width="18" height="2.5" fill="#8d86a6" stroke="#221d30" stroke-width="0.8"/>"##,
            r##"<path d="M0 -1 Q3 2 0 5 Q-3 2 0 -1 Z" fill="#ff7a1a"/>"##,
            r##"</g>"##
        ),
        upright(at, r)
    )
}

/// A garden: a square hedge round a lawn with a cluster of trees and a few
/// flowers; green where a cloister is stone and roof, and smaller. Drawn for
/// a half side of 10, scaled to `half`.
fn garden(at: Pt, half: f64, r: u8) -> String {
    let scale = if (half - geom::GARDEN_HALF).abs() < 1e-9 {
        String::new()
    } else {
        format!(" scale({})", num(half / geom::GARDEN_HALF))
    };
    format!(
        concat!(
            r##"<g transform="{}{}">"##,
            r##"<rect x="-10" y="-10" width="20" height="20" rx="4" fill="#3f7a2a" stroke="#1f4514" stroke-width="1.4"/>"##,
            r##"<rect x="-6.5" y="-6.5" width="13" height="13" rx="2" fill="#c4e38a"/>"##,
            r##"<circle cx="-2.4" cy="-2" r="3" fill="#2e6b20" stroke="#1f4514" stroke-width="0.7"/>"##,
            r##"<circle cx="2.8" cy="-1" r="2.6" fill="#3f8a2c" stroke="#1f4514" stroke-width="0.7"/>"##,
            r##"<circle cx="-0.2" cy="3" r="2.7" fill="#357a25" stroke="#1f4514" stroke-width="0.7"/>"##,
            r##"<circle cx="4" cy="4" r="1.1" fill="#f08ab3"/><circle cx="-4.3" cy="3.8" r="1.1" fill="#f4e04d"/>"##,
            r##"</g>"##
        ),
        upright(at, r),
        scale
    )
}

/// The symbol for attribute `name` at `p`; an attribute without a picture
/// gets a labelled badge.
pub fn symbol(name: &str, value: i16, p: Pt, r: u8) -> String {
    let t = format!(r#"<g transform="{}">"#, upright(p, r));
    let body = match name {
        "pennant" => {
            let n = value.clamp(1, 4) as usize;
            let mut b = String::new();
            for k in 0..n {
                let dx = (k as f64 - (n - 1) as f64 / 2.0) * 14.0;
                let _ = write!(
                    b,
                    r##"<g transform="translate({} 0) scale(1.4)"><path d="M-4.5 -5.5 H4.5 V-0.5 Q4.5 4 0 6 Q-4.5 4 -4.5 -0.5 Z" fill="#2350b8" stroke="#fff" stroke-width="1.1"/><path d="M-2 -2.5 H2 M0 -4 V3" stroke="#fff" stroke-width="0.9"/></g>"##,
                    num(dx),
                );
            }
            b
        }
        "inn" => concat!(
            r##"<g transform="scale(1.3)">"##,
            r##"<ellipse cx="3" cy="4" rx="7" ry="3.2" fill="#5aa8ea" stroke="#2a6cb3" stroke-width="0.8"/>"##,
            r##"<rect x="-7" y="-4" width="9" height="7" fill="#f3e2c0" stroke="#5a3a1a" stroke-width="1"/>"##,
            r##"<path d="M-8.5 -4 L-2.5 -9 L3.5 -4 Z" fill="#8a3b1c" stroke="#5a3a1a" stroke-width="0.8"/>"##,
            "</g>"
        )
        .to_string(),
        "cathedral" => concat!(
            r##"<g transform="scale(1.5)">"##,
            r##"<path d="M-8 7 V-2 L-4 -6 L0 -2 V-5 L3 -8 L6 -5 V7 Z" fill="#d8d8de" stroke="#3b3b4a" stroke-width="1.1" stroke-linejoin="round"/>"##,
            r##"<path d="M3 -13 V-8.5 M1.2 -11.4 H4.8" stroke="#3b3b4a" stroke-width="1.2"/>"##,
            r##"<rect x="-2" y="2" width="3" height="5" fill="#3b3b4a"/>"##,
            "</g>"
        )
        .to_string(),
        "volcano" => concat!(
            r##"<path d="M-10 7 L-3 -6 H3 L10 7 Z" fill="#6b4a32" stroke="#3a2616" stroke-width="1"/>"##,
            r##"<path d="M-3 -6 Q0 -12 3 -6 Z M-1 -7 L-2 -1 M1 -7 L2.5 0" fill="#ff6a1a" stroke="#ff6a1a" stroke-width="1.3"/>"##
        )
        .to_string(),
        "spring" => concat!(
            r##"<circle r="4" fill="#bfe3ff" stroke="#2a6cb3" stroke-width="1"/>"##,
            r##"<circle r="1.5" fill="#2a6cb3"/>"##
        )
        .to_string(),
        "lake" => {
            r##"<ellipse rx="14" ry="10" fill="#5aa8ea" stroke="#2a6cb3" stroke-width="1.5"/>"##
                .to_string()
        }
        "pig-herd" => concat!(
            r##"<ellipse cx="0" cy="0" rx="7" ry="4.5" fill="#f4a6b8" stroke="#7a3b4a" stroke-width="1"/>"##,
            r##"<circle cx="7" cy="-1.5" r="3.3" fill="#f4a6b8" stroke="#7a3b4a" stroke-width="1"/>"##,
            r##"<path d="M-4 4 v3 M-1 4.3 v3 M2 4.3 v3 M4.5 4 v3" stroke="#7a3b4a" stroke-width="1.2"/>"##,
            r##"<circle cx="8" cy="-2" r="0.7" fill="#3a1a22"/>"##
        )
        .to_string(),
        "no-castle" => concat!(
            r##"<path d="M-5 7 V-4 H-3 V-7 H-1 V-4 H1 V-7 H3 V-4 H5 V7 Z" fill="#cfc6b8" stroke="#3a3a3a" stroke-width="1"/>"##,
            r##"<path d="M-8 8 L8 -8" stroke="#d01c1c" stroke-width="2.2" stroke-linecap="round"/>"##
        )
        .to_string(),
        "goods" => match goods::name(value).and_then(goods::picture) {
            Some(picture) => picture.to_string(),
            None => labelled(name, value),
        },
        _ => labelled(name, value),
    };
    format!("{t}{body}</g>")
}

/// Attributes with nothing to show: where a road ends and whether a cloister
/// lies in its city only say which features lead into which (the wagon's
/// way), and the drawing shows that already.
fn unseen(name: &str) -> bool {
    matches!(name, "ends" | "in-city")
}

/// The badge of an attribute without a picture: its name and value.
fn labelled(name: &str, value: i16) -> String {
    let info = ATTRS.iter().find(|a| a.name == name);
    let label = match info.map(|i| i.values) {
        Some(AttrValues::Count) if value != 1 => format!("{name}={value}"),
        Some(AttrValues::OneOf(words)) => {
            format!(
                "{name}={}",
                words.get(value as usize).copied().unwrap_or("?")
            )
        }
        _ => name.to_string(),
    };
    badge(&label)
}

/// A small rounded label centred on the origin.
fn badge(label: &str) -> String {
    let w = 4.0 + 3.6 * label.chars().count() as f64;
    format!(
        r##"<rect x="{}" y="-5" width="{}" height="10" rx="2.5" fill="#ffffff" fill-opacity="0.92" stroke="{INK}" stroke-width="0.8"/><text y="2.3" font-family="DejaVu Sans, Arial, sans-serif" font-size="6.5" text-anchor="middle" fill="{INK}">{}</text>"##,
        num(-w / 2.0),
        num(w),
        esc(label)
    )
}

/// Every tile type of a ruleset, grouped by set, labelled with id and count.
pub fn atlas(rules: &Ruleset) -> String {
    atlas_with(rules, &geom::layouts(rules.tiles))
}

/// `atlas` with the layouts of `rules.tiles` already worked out.
pub fn atlas_with(rules: &Ruleset, lays: &[Layout]) -> String {
    let cols = 8usize;
    let (cw, ch) = (130.0, 150.0);
    let margin = 20.0;
    let mut body = String::new();
    let mut y = 70.0;
    let style = Style { detail: true };
    let mut sets: Vec<&str> = Vec::new();
    for t in rules.tiles {
        if !sets.contains(&t.set) {
            sets.push(t.set);
        }
    }
    for set in &sets {
        let tiles: Vec<usize> = (0..rules.tiles.len())
            .filter(|&i| rules.tiles[i].set == *set)
            .collect();
        let copies: u32 = tiles.iter().map(|&i| rules.tiles[i].count as u32).sum();
        let _ = write!(
            body,
            r#"<text x="{}" y="{}" {FONT} font-size="16" font-weight="bold" fill="{INK}">set {}: {} tile types, {} tiles</text>"#,
            num(margin),
            num(y + 16.0),
            esc(set),
            tiles.len(),
            copies
        );
        y += 30.0;
        for (k, &i) in tiles.iter().enumerate() {
            let t = &rules.tiles[i];
            let x = margin + (k % cols) as f64 * cw + 5.0;
            let ty = y + (k / cols) as f64 * ch;
            let _ = write!(
                body,
                r#"<g transform="translate({} {})" data-tile="{}">{}</g>"#,
                num(x),
                num(ty),
                esc(t.id),
                tile_body(t, &lays[i], style, 0)
            );
            let start = if t.start > 0 {
                format!(" · start {}", t.start)
            } else {
                String::new()
            };
            let _ = write!(
                body,
                r#"<text x="{}" y="{}" {FONT} font-size="12" fill="{INK}"><tspan font-weight="bold">{}</tspan> ×{}{}</text>"#,
                num(x),
                num(ty + 116.0),
                esc(t.id),
                t.count,
                esc(&start)
            );
            let mut line = ty + 128.0;
            if !t.ignored.is_empty() {
                let _ = write!(
                    body,
                    r##"<text x="{}" y="{}" {FONT} font-size="9" fill="#777">ignored: {}</text>"##,
                    num(x),
                    num(line),
                    esc(&t.ignored.join(", "))
                );
                line += 11.0;
            }
            if t.left_out > 0 {
                let _ = write!(
                    body,
                    r##"<text x="{}" y="{}" {FONT} font-size="9" fill="#a04020"><title>{}</title>{} more left out</text>"##,
                    num(x),
                    num(line),
                    esc(t.left_out_reason),
                    t.left_out
                );
            }
        }
        y += tiles.len().div_ceil(cols) as f64 * ch + 10.0;
    }
    // A legend of what the drawings mean.
    let mut legend: Vec<(String, String)> = vec![
        ("city".into(), legend_swatch(Kind::City)),
        ("road".into(), legend_swatch(Kind::Road)),
        ("field".into(), legend_swatch(Kind::Field)),
    ];
    let uses = |k: Kind| {
        rules
            .tiles
            .iter()
            .any(|t| t.segments.iter().any(|s| s.kind == k))
    };
    if uses(Kind::River) {
        legend.push(("river".into(), legend_swatch(Kind::River)));
    }
    if uses(Kind::Cloister) {
        legend.push((
            "cloister".into(),
            cloister(Pt { x: 0.0, y: 0.0 }, 0)
                .replace("translate(0 0)", "translate(0 0) scale(0.7)"),
        ));
    }
    if uses(Kind::Shrine) {
        legend.push((
            "shrine (a follower on it is a heretic)".into(),
            shrine(Pt { x: 0.0, y: 0.0 }, 0).replace("translate(0 0)", "translate(0 0) scale(0.7)"),
        ));
    }
    if uses(Kind::Garden) {
        legend.push((
            "garden (only the abbot may occupy it)".into(),
            garden(Pt { x: 0.0, y: 0.0 }, 8.0, 0),
        ));
    }
    let mut attrs: Vec<u8> = Vec::new();
    for t in rules.tiles {
        for a in t
            .attrs
            .iter()
            .chain(t.segments.iter().flat_map(|s| s.attrs))
        {
            if !attrs.contains(&a.id) {
                attrs.push(a.id);
            }
        }
    }
    attrs.sort_unstable();
    for a in attrs {
        let name = ATTRS[a as usize].name;
        if unseen(name) {
            continue;
        }
        if name == "bridge" {
            legend.push((
                "bridge (drawn over what it crosses)".into(),
                legend_swatch(Kind::Road),
            ));
        } else if name == "tunnel" {
            legend.push((
                "tunnel (dashed under what it crosses)".into(),
                format!(
                    r#"<path d="M-11 0 H11" stroke="{ROAD_EDGE}" stroke-width="2.2" stroke-dasharray="4 3"/>"#
                ),
            ));
        } else if name == "goods" {
            // One entry per good: the pictures differ by value.
            for (v, good) in goods::names().iter().enumerate() {
                legend.push((
                    format!("goods: {good}"),
                    symbol(name, v as i16, Pt { x: 0.0, y: 0.0 }, 0),
                ));
            }
        } else {
            legend.push((
                name.to_string(),
                symbol(name, 1, Pt { x: 0.0, y: 0.0 }, 0)
                    .replace("translate(0 0)", "translate(0 0) scale(0.8)"),
            ));
        }
    }
    legend.push((
        "field borders a city (dotted)".into(),
        r##"<path d="M-9 4 L9 -4" stroke="#24420f" stroke-width="1" stroke-dasharray="1.5 2"/><circle cx="-9" cy="4" r="2.2" fill="#24420f"/>"##.into(),
    ));
    let _ = write!(
        body,
        r#"<text x="{}" y="{}" {FONT} font-size="13" font-weight="bold" fill="{INK}">legend</text>"#,
        num(margin),
        num(y + 14.0)
    );
    y += 24.0;
    let per_row = 4;
    for (k, (label, pic)) in legend.iter().enumerate() {
        let x = margin + (k % per_row) as f64 * 260.0;
        let ly = y + (k / per_row) as f64 * 26.0;
        let _ = write!(
            body,
            r#"<g transform="translate({} {})">{pic}</g><text x="{}" y="{}" {FONT} font-size="11" fill="{INK}">{}</text>"#,
            num(x + 12.0),
            num(ly + 10.0),
            num(x + 30.0),
            num(ly + 14.0),
            esc(label)
        );
    }
    y += legend.len().div_ceil(per_row) as f64 * 26.0 + 10.0;
    let width = margin * 2.0 + cols as f64 * cw;
    let height = y + margin;
    let total: u32 = rules.tiles.iter().map(|t| t.count as u32).sum();
    format!(
        concat!(
            r#"<?xml version="1.0" encoding="UTF-8"?>"#,
            "\n",
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">"#,
            "\n",
            r#"<title>{title}</title>"#,
            r##"<rect width="{w}" height="{h}" fill="#fbf8f0"/>"##,
            r#"<text x="{m}" y="36" {font} font-size="22" font-weight="bold" fill="{ink}">{title}</text>"#,
            r##"<text x="{m}" y="56" {font} font-size="12" fill="#555">ruleset {id} · {types} tile types · {total} tiles · drawn from the compiled segments</text>"##,
            "\n{body}\n</svg>\n"
        ),
        w = num(width),
        h = num(height),
        m = num(margin),
        font = FONT,
        ink = INK,
        title = esc(rules.name),
        id = esc(rules.id),
        types = rules.tiles.len(),
        total = total,
        body = body
    )
}

fn legend_swatch(kind: Kind) -> String {
    match kind {
        Kind::City => format!(
            r#"<rect x="-10" y="-7" width="20" height="14" rx="2" fill="{CITY}" stroke="{CITY_EDGE}" stroke-width="1.5"/>"#
        ),
        Kind::Road => format!(
            r#"<path d="M-11 0 H11" stroke="{ROAD_EDGE}" stroke-width="8"/><path d="M-11 0 H11" stroke="{ROAD}" stroke-width="4.5"/>"#
        ),
        Kind::River => format!(
            r#"<path d="M-11 0 H11" stroke="{RIVER_EDGE}" stroke-width="9"/><path d="M-11 0 H11" stroke="{RIVER}" stroke-width="5"/>"#
        ),
        _ => format!(
            r##"<rect x="-10" y="-7" width="20" height="14" rx="2" fill="{FIELD}" stroke="#000" stroke-opacity="0.35"/>"##
        ),
    }
}
