//! Trade goods (000_9deb58b1a7d17d38.txt L908-L928): whoever completes a city
//! takes one token per goods symbol in it, knights or not (L913, fn 17
//! L1012); at the end the most tokens of each good score 10, ties all in full
//! (L926).

use serde_json::{json, Map, Value};

use super::{Holding, Hook, Mechanic, Shown};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{AttrValues, Kind};

pub(crate) struct Goods;

/// Wine, grain, cloth: the order of the `goods` attribute's words.
pub const GOODS: usize = 3;

impl Mechanic for Goods {
    const HOOKS: &'static [Hook] = &[Hook::OnScored, Hook::GameEnd];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::Goods,
        name: "goods",
        as_final: true,
        paid: false,
    }];
    /// Each player's tokens of each good.
    type State = [[u8; GOODS]; MAX_PLAYERS];

    fn on_scored(g: &mut Game, root: u16, reason: Reason, _events: &mut Vec<ScoreEvent>) {
        if reason != Reason::Completed || g.kind_of(root) != Kind::City {
            return;
        }
        let mut got = [0u8; GOODS];
        for seg in g.member_segments(root) {
            for a in seg.attrs.iter().filter(|a| a.id == attr::GOODS) {
                got[a.value as usize % GOODS] += 1;
            }
        }
        let me = g.to_move() as usize;
        for (k, n) in got.into_iter().enumerate() {
            g.ext.goods[me][k] = g.ext.goods[me][k].saturating_add(n);
        }
    }

    fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
        let players = g.players() as usize;
        for k in 0..GOODS {
            let most = (0..players).map(|p| g.ext.goods[p][k]).max().unwrap_or(0);
            if most == 0 {
                continue;
            }
            for p in 0..players {
                if g.ext.goods[p][k] == most {
                    g.add_points(
                        events,
                        ScoreEvent::new(p as u8, 10, Kind::City, Reason::Goods),
                    );
                }
            }
        }
    }

    /// Each player's tokens, "wine 2 · grain 0 · cloth 1".
    fn show(g: &Game, out: &mut Shown) {
        let names = names();
        for p in 0..g.players() {
            let held = g.ext.goods[p as usize];
            let text = (0..GOODS)
                .map(|k| format!("{} {}", names[k], held[k]))
                .collect::<Vec<_>>()
                .join(" · ");
            out.holdings.push(Holding {
                player: p,
                key: "goods",
                text,
            });
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let names = names();
        let goods: Vec<Value> = (0..g.players() as usize)
            .map(|p| {
                let named: Map<String, Value> = names
                    .iter()
                    .zip(g.ext.goods[p])
                    .map(|(name, c)| (name.to_string(), json!(c)))
                    .collect();
                Value::Object(named)
            })
            .collect();
        out.insert("goods".into(), Value::Array(goods));
    }
}

/// The names of the goods, in the engine's order: the words of the `goods`
/// attribute, whose value is the index.
pub fn names() -> [&'static str; GOODS] {
    let mut names = ["wine", "grain", "cloth"];
    if let AttrValues::OneOf(words) = crate::generated::ATTRS[attr::GOODS as usize].values {
        for (n, w) in names.iter_mut().zip(words.iter()) {
            *n = w;
        }
    }
    names
}

impl Game {
    /// Trade-goods tokens (wine, grain, cloth) `player` holds.
    pub fn goods(&self, player: u8) -> [u8; GOODS] {
        self.ext.goods[player as usize]
    }
}
