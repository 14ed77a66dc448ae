//! The pig (000_9deb58b1a7d17d38.txt L895-L907): deployed on a farm of the
//! new tile that already holds one of its owner's farmers (L899); its owner,
//! if among the farm's winners, scores 4 instead of 3 per city (L905, the
//! example L936-L941). It counts 0 for majority (L906) and goes home when
//! its owner's last farmer there leaves (L907; the dragon, L1244).

use super::{Hook, Mechanic, Sink, Why, WoodSpot};
use crate::engine::game::{Deployed, Game};
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) struct Pig;

impl Mechanic for Pig {
    const HOOKS: &'static [Hook] = &[Hook::WoodOptions, Hook::Value, Hook::OnRemoved];
    const FIGURES: &'static [FigureDef] = &[FigureDef {
        kind: FollowerKind::Pig,
        name: "pig",
        label: "pig",
        supply: 1,
        strength: 0,
        follower: false,
        occupies: false,
        stands_on: kinds(&[Kind::Field]),
        svg: Some(PIG_SVG),
        ..FollowerKind::NORMAL_DEF
    }];
    type State = ();

    fn wood_options<S: Sink + ?Sized>(g: &Game, w: &WoodSpot, out: &mut S) {
        if g.figures(w.player, FollowerKind::Pig) == 0 || !g.rules().options.farmers() {
            return;
        }
        let own = g.own_mask(w);
        for (s, seg) in w.segments.iter().enumerate() {
            if seg.kind == Kind::Field && own & (1 << s) != 0 {
                out.put(Action::Deploy(Deploy {
                    segment: s as u8,
                    kind: FollowerKind::Pig,
                }));
            }
        }
    }

    fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
        let kind = w.segments[d.segment as usize].kind;
        if kind != Kind::Field {
            return Err(MoveError::WrongFeature {
                figure: "pig",
                feature: kind.name(),
            });
        }
        if !g.rules().options.farmers() {
            return Err(MoveError::NoFarmers);
        }
        if g.own_mask(w) & (1 << d.segment) == 0 {
            return Err(MoveError::NeedsOwnFollower("pig"));
        }
        Ok(())
    }

    /// One more point per city for a winner whose pig stands on the farm.
    fn farm_bonus(g: &Game, farm: u16, player: u8, cities: u32) -> u32 {
        let has_pig = g.followers().iter().any(|f| {
            f.player == player && f.kind == FollowerKind::Pig && g.root_of(f.node) == farm
        });
        if has_pig {
            cities
        } else {
            0
        }
    }

    fn on_removed(g: &mut Game, f: Deployed, why: Why, events: &mut Vec<ScoreEvent>) {
        if !matches!(why, Why::Scored(_)) {
            g.follow_last_follower(f, FollowerKind::Pig, events);
        }
    }
}

/// A pig seen from the side, facing right: wider than tall, unlike any
/// standing figure.
const PIG_SVG: &str = concat!(
    r##"<g id="pig"><path d="M-7.4 3.4 h3 v5.6 h-3 Z M-2.2 4.4 h3 v4.6 h-3 Z M2.6 4.4 h3 v4.6 h-3 Z" stroke="#111" stroke-width="1"/>"##,
    r##"<path d="M-9.6 -1.2 q-3.4 -0.6 -2.6 -3.4 q0.8 -1.8 2.2 -0.4" fill="none" stroke="#111" stroke-width="1.1" stroke-linecap="round"/>"##,
    r##"<ellipse cx="-1.2" cy="0" rx="9" ry="6" stroke="#111" stroke-width="1.1"/>"##,
    r##"<circle cx="7.6" cy="-1.6" r="4.2" stroke="#111" stroke-width="1.1"/>"##,
    r##"<path d="M5.4 -4.8 L7.2 -8.8 L9.4 -5.2 Z" stroke="#111" stroke-width="0.9" stroke-linejoin="round"/>"##,
    r##"<ellipse cx="11.4" cy="-0.8" rx="1.7" ry="2.2" fill="#f6c3cf" stroke="#111" stroke-width="0.8"/>"##,
    r##"<circle cx="8.4" cy="-2.8" r="0.8" fill="#111"/></g>"##
);
