//! Trade goods (000_9deb58b1a7d17d38.txt L908-L928): whoever completes a city
//! takes one token per goods symbol in it, knights or not (L913, fn 17
//! L1012); at the end the most tokens of each good score 10, ties all in full
//! (L926).

use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::Kind;

/// Wine, grain, cloth: the order of the `goods` attribute's words.
pub const GOODS: usize = 3;

pub(crate) fn on_scored(g: &mut Game, root: u16, reason: Reason) {
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

pub(crate) fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
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
                    ScoreEvent {
                        player: p as u8,
                        points: 10,
                        feature: Kind::City,
                        reason: Reason::Goods,
                    },
                );
            }
        }
    }
}
