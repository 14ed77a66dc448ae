//! What every picture draws with: the players' colours, text (escaped for
//! XML, in the pictures' font, and about how wide it runs), and the meeple
//! a follower is drawn as. The board, its blocks and its figures all take
//! these from here.

use carcassonne_runtime::engine::FollowerKind;

use crate::geom::{num, Pt};

/// Player colours, seat 0 first.
pub const PLAYER_COLOURS: [&str; 8] = [
    "#e23b3b", "#2f6fd6", "#f2c200", "#303030", "#9b4dca", "#9a9a9a", "#ff7eb6", "#17a2a2",
];

pub fn colour(player: u8) -> &'static str {
    PLAYER_COLOURS[player as usize % PLAYER_COLOURS.len()]
}

/// Escape text for XML content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The font every picture asks for, as an attribute.
pub const FONT: &str = r#"font-family="DejaVu Sans, Arial, sans-serif""#;

/// About how wide `text` is in DejaVu Sans (the first font the pictures
/// ask for, and the widest of them) at `size`, in ems by classes of
/// letters: a little wide rather than narrow, so that what is drawn after
/// it does not overlap it.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | '·' | ' ' => 0.32,
            '(' | ')' | '[' | ']' | 'f' | 't' | 'r' | 'I' => 0.4,
            'm' | 'w' | 'M' | 'W' | '★' => 0.86,
            c if c.is_ascii_uppercase() => 0.7,
            c if c.is_ascii_digit() => 0.62,
            _ => 0.6,
        })
        .sum::<f64>()
        * size
}

/// A meeple centred on the origin, about 20 units tall; its fill comes from
/// the `<use>` that places it.
pub const MEEPLE: &str = concat!(
    r##"<g id="meeple"><path d="M-3.2 -4.6 L-9.2 -2.2 Q-10.6 0.8 -8.2 1.8 L-4.4 1.2 L-7.2 9.6 L-1.6 9.6 L0 5.2 L1.6 9.6 L7.2 9.6 L4.4 1.2 L8.2 1.8 Q10.6 0.8 9.2 -2.2 L3.2 -4.6 Z "##,
    r##"M3.8 -7.2 A3.8 3.8 0 1 1 -3.8 -7.2 A3.8 3.8 0 1 1 3.8 -7.2 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/></g>"##
);

/// A follower on the board, at a point in board units (a tile is 100).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardFollower {
    pub player: u8,
    pub at: Pt,
    pub farmer: bool,
    pub big: bool,
}

pub fn follower_use(f: &BoardFollower) -> String {
    let mut tr = format!("translate({} {})", num(f.at.x), num(f.at.y));
    if f.farmer {
        tr.push_str(" rotate(90)");
    }
    if f.big {
        tr.push_str(&format!(" scale({})", num(BIG)));
    }
    format!(
        r##"<use href="#meeple" transform="{tr}" fill="{}"/>"##,
        colour(f.player)
    )
}

/// How much larger a big follower is drawn (`follower_use`).
pub const BIG: f64 = 1.35;

/// A meeple stronger than a follower is drawn larger (the big follower).
pub fn is_big(kind: FollowerKind) -> bool {
    kind.def().svg.is_none() && kind.def().strength > 1
}
