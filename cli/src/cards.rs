//! The King and the Robber Baron (King & Robber Baron) in words: who holds
//! each card, for `play`'s last line and beside each player's score on
//! boards and in the viewer.

use carcassonne_runtime::engine::Game;

/// Who holds the King and the Robber Baron, each with the size in tiles of
/// the largest city or road completed so far (the mark a larger one must
/// beat, 000_9deb58b1a7d17d38.txt L2034).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cards {
    pub king: Option<(u8, u32)>,
    pub robber_baron: Option<(u8, u32)>,
}

impl Cards {
    pub fn of(g: &Game) -> Cards {
        Cards {
            king: g.king(),
            robber_baron: g.robber_baron(),
        }
    }

    /// The cards player `p` holds: "King (city of 5 tiles) · Robber Baron
    /// (road of 4 tiles)", or "" for none.
    pub fn held_by(&self, p: u8) -> String {
        let mut out = Vec::new();
        if let Some((_, size)) = self.king.filter(|k| k.0 == p) {
            out.push(format!("King (city of {size} tiles)"));
        }
        if let Some((_, size)) = self.robber_baron.filter(|r| r.0 == p) {
            out.push(format!("Robber Baron (road of {size} tiles)"));
        }
        out.join(" · ")
    }
}

/// Both cards and what their holders score at the end: "King: P1 (city of
/// 7 tiles; 9 cities completed) · Robber Baron: nobody (0 roads completed)".
pub fn line(g: &Game) -> String {
    let (cities, roads) = g.completed_cities_roads();
    let card = |name: &str, holder: Option<(u8, u32)>, one: &str, many: &str, n: u32| {
        let count = format!("{n} {} completed", if n == 1 { one } else { many });
        match holder {
            Some((p, size)) => format!("{name}: P{p} ({one} of {size} tiles; {count})"),
            None => format!("{name}: nobody ({count})"),
        }
    };
    format!(
        "{} · {}",
        card("King", g.king(), "city", "cities", cities),
        card("Robber Baron", g.robber_baron(), "road", "roads", roads)
    )
}
