//! The King and the Robber Baron (000_9deb58b1a7d17d38.txt L2004-L2049;
//! 2nd edition 003_f0943165331a7fee.txt L136-L156).
//!
//! "As soon as a player completes the first city (in the game), he or she
//! should take the King tile" (L2032); "another player completes a larger
//! city [35] — which means he or she places the final tile of this city —
//! then he or she receives the King" (L2034). The Robber Baron "functions in
//! the same way" for roads (L2040-L2042). At the end the King's holder scores
//! 1 per completed city, the Robber Baron's 1 per completed road
//! (L2046-L2048).
//!
//! - Size is tiles, not points (fn 35 L2178; 003 fn 14-15 L500-L501), and a
//!   three-way road counts all its tiles (fn 41 L2187): `scoring::tiles_in`.
//! - Larger means larger than any completed so far (002_7f8d72b3eaff567f.txt
//!   L955 "larger city than any so far in the game"): the holder's own larger
//!   city raises the mark too, and an equal one never takes the card.
//! - Completing counts, scoring does not (003_… L147 "It does not matter if
//!   you scored points for that city, only that you completed it"): every
//!   road and city a placement closes counts, knights or not, and the card
//!   goes to whoever placed that tile.
//! - The editions agree (S0, the printed booklet S2 L952-L960, S3), so there
//!   is no option. The City of Carcassonne adds one to the King's count
//!   (fn 38 L2181, 003_… L154) without ever taking the King itself (003_…
//!   L147): `Hook::CityPlaces`. A castle is no city (fn 37 L2180;
//!   003_… L319): its town was never completed (L2489), so no placement
//!   completes it here, and its place counts for farms only.

use serde_json::{json, Map, Value};

use super::{Holding, Hook, Mechanic, Shown};
use crate::engine::game::Game;
use crate::engine::scoring::tiles_in;
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) struct KingRobber;

/// The two cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cards {
    /// The King (cities).
    pub king: Card,
    /// The Robber Baron (roads).
    pub robber_baron: Card,
}

impl Mechanic for KingRobber {
    const HOOKS: &'static [Hook] = &[Hook::OnScored, Hook::GameEnd];
    const REASONS: &'static [ReasonDef] = &[
        ReasonDef {
            reason: Reason::King,
            name: "king",
            as_final: true,
            paid: false,
        },
        ReasonDef {
            reason: Reason::RobberBaron,
            name: "robber-baron",
            as_final: true,
            paid: false,
        },
    ];
    type State = Cards;

    fn on_scored(g: &mut Game, root: u16, reason: Reason, _events: &mut Vec<ScoreEvent>) {
        on_scored(g, root, reason)
    }

    fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
        game_end(g, events)
    }

    /// Who holds each card, and a line with what they pay at the end.
    fn show(g: &Game, out: &mut Shown) {
        for p in 0..g.players() {
            let mut held = Vec::new();
            if let Some((_, size)) = g.king().filter(|k| k.0 == p) {
                held.push(format!("King (city of {size} tiles)"));
            }
            if let Some((_, size)) = g.robber_baron().filter(|r| r.0 == p) {
                held.push(format!("Robber Baron (road of {size} tiles)"));
            }
            if !held.is_empty() {
                out.holdings.push(Holding {
                    player: p,
                    key: "cards",
                    text: held.join(" · "),
                });
            }
        }
        out.notes.push(line(g));
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let card = |c: Option<(u8, u32)>| match c {
            Some((p, size)) => json!({ "player": p, "size": size }),
            None => Value::Null,
        };
        out.insert("king".into(), card(g.king()));
        out.insert("robber_baron".into(), card(g.robber_baron()));
    }
}

/// Both cards and what their holders score at the end: "King: P1 (city of
/// 7 tiles; 9 cities completed) · Robber Baron: nobody (0 roads completed)".
fn line(g: &Game) -> String {
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

/// One card (the King or the Robber Baron) and its tally. Flat and `Copy`
/// (it lives in `Ext`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Card {
    /// Who holds it; `None` until the first feature of its kind completes.
    pub holder: Option<u8>,
    /// Tiles of the largest feature of its kind completed so far.
    pub size: u16,
    /// Features of its kind completed in the game: the holder's points.
    pub completed: u16,
}

impl Card {
    /// A feature of `size` tiles was completed by `player`'s tile.
    fn completed_by(&mut self, player: u8, size: u16) {
        self.completed = self.completed.saturating_add(1);
        if self.holder.is_none() || size > self.size {
            self.holder = Some(player);
            self.size = size;
        }
    }

    /// The holder's bonus at the end, if anyone holds the card.
    fn bonus(&self, feature: Kind, reason: Reason) -> Option<ScoreEvent> {
        let player = self.holder?;
        Some(ScoreEvent::new(
            player,
            u32::from(self.completed),
            feature,
            reason,
        ))
    }
}

fn on_scored(g: &mut Game, root: u16, reason: Reason) {
    // Only a placement completes (`Reason::Completed`); the end's incomplete
    // features and an abbot's return do not.
    if reason != Reason::Completed {
        return;
    }
    let kind = g.kind_of(root);
    if !matches!(kind, Kind::City | Kind::Road) {
        return;
    }
    let size = u16::try_from(tiles_in(g, root)).unwrap_or(u16::MAX);
    let me = g.to_move();
    let card = if kind == Kind::City {
        &mut g.ext.king_robber.king
    } else {
        &mut g.ext.king_robber.robber_baron
    };
    card.completed_by(me, size);
}

fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
    let cards = [
        (
            Card {
                completed: g.completed_cities_roads().0 as u16,
                ..g.ext.king_robber.king
            },
            Kind::City,
            Reason::King,
        ),
        (
            g.ext.king_robber.robber_baron,
            Kind::Road,
            Reason::RobberBaron,
        ),
    ];
    for (card, feature, reason) in cards {
        if let Some(e) = card.bonus(feature, reason) {
            g.add_points(events, e);
        }
    }
}

/// What the viewer and the command line read.
impl Game {
    /// Who holds the King and the size in tiles of the largest city
    /// completed so far; `None` before the first, or where King & Robber is
    /// not played.
    pub fn king(&self) -> Option<(u8, u32)> {
        let c = self.ext.king_robber.king;
        c.holder.map(|p| (p, u32::from(c.size)))
    }

    /// Who holds the Robber Baron and the length in tiles of the longest
    /// road completed so far.
    pub fn robber_baron(&self) -> Option<(u8, u32)> {
        let c = self.ext.king_robber.robber_baron;
        c.holder.map(|p| (p, u32::from(c.size)))
    }

    /// Cities and roads completed so far (counted only where King & Robber
    /// is played): what the King's and the Robber Baron's holders score at
    /// the end.
    pub fn completed_cities_roads(&self) -> (u32, u32) {
        // A module's place that counts as a completed city counts for the
        // King, though it never takes the King (the City of Carcassonne:
        // 000_9deb58b1a7d17d38.txt fn 38 L2179; 003_f0943165331a7fee.txt
        // L147).
        let mut places = 0;
        if super::live(self, super::Hook::CityPlaces) {
            super::city_places(self, None, &mut |_, _| places += 1);
        }
        (
            u32::from(self.ext.king_robber.king.completed) + places,
            u32::from(self.ext.king_robber.robber_baron.completed),
        )
    }
}
