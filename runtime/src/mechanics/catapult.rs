//! The Catapult (000_9deb58b1a7d17d38.txt L2210-L2342, rules_digest.md
//! A.9): fairs and catapult rounds. docs/rules/catapult.md says what plays
//! and how a hurl's result is modelled.
//!
//! - A fair tile (`+fair`) is placed as usual; its yellow ground ends roads
//!   and splits fields (fn 1-3 L2324-L2326, fn 10-11 L2336-L2342), which
//!   the tiles' geometry already shows (tiles/catapult.toml).
//! - `catapult_rule = "fair-bonus"`, the house rule of L2298: no catapult
//!   round; the player who draws a fair tile and deploys a normal follower
//!   on it (not a big follower, a mayor or a wagon) scores 5 at once.

use serde_json::{json, Map, Value};

use super::{Hook, Mechanic, Shown, Tally, TileMark};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind};

pub(crate) struct Catapult;

/// `catapult_rule`: word 1 is `fair-bonus` (L2298).
const RULE: usize = option_index("catapult_rule");

/// Points of the house rule's fair bonus (L2298).
pub const FAIR_BONUS: u32 = 5;

/// What the catapult keeps for a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Each player's fair bonuses under the house rule (L2298).
    pub fair_bonuses: [u16; MAX_PLAYERS],
}

impl Mechanic for Catapult {
    const HOOKS: &'static [Hook] = &[Hook::AfterWood];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::Fair,
        name: "fair",
        as_final: false,
        paid: false,
    }];
    type State = State;

    /// The house rule (L2298): a normal follower the player deployed on the
    /// fair tile just placed earns 5 at once, before the tile's scoring
    /// (which may send it home again).
    fn after_wood(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
        if !fair_bonus(g) || !is_fair(g, idx) {
            return;
        }
        let me = g.to_move();
        let on_it = g.followers().iter().any(|f| {
            f.player == me
                && f.kind == FollowerKind::Normal
                && g.features.nodes[f.node as usize].placed as usize == idx
        });
        if on_it {
            g.add_points(
                events,
                ScoreEvent::new(me, FAIR_BONUS, Kind::Field, Reason::Fair),
            );
            let n = &mut g.ext.catapult.fair_bonuses[me as usize];
            *n = n.saturating_add(1);
        }
    }

    fn show(g: &Game, out: &mut Shown) {
        for (i, q) in g.placed().iter().enumerate() {
            if g.rules.tiles[q.tile as usize].flags & (1 << attr::FAIR) != 0 {
                out.marks.push(TileMark {
                    def: FAIR_MARK,
                    placed: i as u16,
                });
            }
        }
        if fair_bonus(g) {
            for p in 0..g.players() {
                out.tallies.push(Tally {
                    player: p,
                    key: "fair-bonuses",
                    count: u32::from(g.ext.catapult.fair_bonuses[p as usize]),
                });
            }
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.catapult;
        out.insert(
            "catapult_rule".into(),
            json!(if fair_bonus(g) {
                "fair-bonus"
            } else {
                "rounds"
            }),
        );
        out.insert(
            "fair_bonuses".into(),
            json!(&s.fair_bonuses[..g.players() as usize]),
        );
    }
}

/// Whether the house rule of L2298 replaces the catapult.
fn fair_bonus(g: &Game) -> bool {
    g.rules.options.get(RULE) == 1
}

/// Whether placed tile `idx` has a fair.
fn is_fair(g: &Game, idx: usize) -> bool {
    g.rules.tiles[g.placed[idx].tile as usize].flags & (1 << attr::FAIR) != 0
}

/// A fair: a yellow pennant on a pole.
const FAIR_MARK: super::NeutralDef = super::NeutralDef {
    name: "fair",
    svg: concat!(
        r##"<g id="fair"><path d="M-5 10 L-5 -10" stroke="#5a3a1a" stroke-width="1.4"/>"##,
        r##"<path d="M-5 -10 L8 -6 L-5 -2 Z" fill="#f2c531" stroke="#8a6d10" stroke-width="0.8"/></g>"##
    ),
};
