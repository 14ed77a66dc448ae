//! The builder (000_9deb58b1a7d17d38.txt L859-L893): deployed on a road or
//! city of the new tile that already holds one of its owner's followers
//! (L865); a later tile that extends that feature gives its owner a second
//! turn part: draw, place, deploy, score, and no third (L872, L884); so
//! does a segment a module adds to the feature during the first part (a
//! bridge carrying the road on, fn 7 L1002; `Hook::SegmentAdded`). It
//! counts 0 for majority (L887), returns with the feature's scoring, and
//! goes home when its owner's last follower there leaves (L888; the dragon,
//! L1242-L1243; the princess, L1280).

use super::{At, Hook, Mech, Mechanic, NextPart, Sink, Why, WoodSpot};
use crate::engine::game::{Deployed, Game};
use crate::engine::types::*;
use crate::tables::{option_index, Kind, Ruleset};

pub(crate) struct Builder;

/// `builder_second_tile`: word 0 is `optional`.
const SECOND_TILE_OPTION: usize = option_index("builder_second_tile");

/// `second-tile`: take the builder's second tile (`true`) or not.
pub fn second_tile(take: bool) -> Action {
    Action::of(Mech::Builder, 0, Arg::Bool(take))
}

/// The decision whether to take the second tile.
pub const SECOND_TILE: Decision = Decision::Module {
    mech: Mech::Builder,
    code: 0,
};

impl Mechanic for Builder {
    const HOOKS: &'static [Hook] = &[
        Hook::AfterPlace,
        Hook::WoodOptions,
        Hook::SegmentAdded,
        Hook::OnRemoved,
        Hook::PartEnd,
    ];
    const FIGURES: &'static [FigureDef] = &[FigureDef {
        kind: FollowerKind::Builder,
        name: "builder",
        label: "builder",
        supply: 1,
        strength: 0,
        follower: false,
        occupies: false,
        // "Only to a road or city" (L865); "may never be deployed to a
        // farm" (L870).
        stands_on: kinds(&[Kind::Road, Kind::City]),
        svg: Some(BUILDER_SVG),
        ..FollowerKind::NORMAL_DEF
    }];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "second-tile",
        answers: Answers::Ask,
        arg: ArgKind::Bool,
        field: "take",
        label: "second tile",
    }];
    const DECISIONS: &'static [DecisionDef] = &[DecisionDef {
        key: "second-tile",
        name: "take the builder's second tile or not",
    }];
    /// This part's tile extended the active player's builder's feature
    /// (L872, fn 9 L1004).
    type State = bool;

    fn wood_options<S: Sink + ?Sized>(g: &Game, w: &WoodSpot, out: &mut S) {
        if g.figures(w.player, FollowerKind::Builder) == 0 {
            return;
        }
        let own = g.own_mask(w);
        for (s, seg) in w.segments.iter().enumerate() {
            if g.may_stand(FollowerKind::Builder, seg.kind) && own & (1 << s) != 0 {
                out.put(Action::Deploy(Deploy {
                    segment: s as u8,
                    kind: FollowerKind::Builder,
                }));
            }
        }
    }

    fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
        let kind = w.segments[d.segment as usize].kind;
        if !g.may_stand(FollowerKind::Builder, kind) {
            return Err(MoveError::WrongFeature {
                figure: "builder",
                feature: kind.name(),
            });
        }
        if g.own_mask(w) & (1 << d.segment) == 0 {
            return Err(MoveError::NeedsOwnFollower("builder"));
        }
        Ok(())
    }

    /// Does tile `idx` extend a feature holding the active player's
    /// builder? Decided at placement, so the second part comes even if the
    /// builder leaves with this part's scoring (fn 9, L1004); a builder
    /// deployed on this very tile comes later and does not count.
    fn after_place(g: &mut Game, idx: usize) {
        let Some(root) = builder_root(g) else { return };
        let extended = (0..g.segments_of(idx)).any(|s| g.root_of(g.node_of(idx, s)) == root);
        if extended && g.part() == 1 {
            g.ext.builder = true;
        }
    }

    /// A segment added in the first part that joins the builder's feature
    /// extends it as a tile does: "placing a bridge on a tile to extend a
    /// road is sufficient to trigger the builder's double turn" (fn 7
    /// L1002). Decided when it is added, like a tile at placement (fn 9
    /// L1004).
    fn segment_added(g: &mut Game, _idx: usize, node: u16) {
        if g.part() == 1 && builder_root(g) == Some(g.root_of(node)) {
            g.ext.builder = true;
        }
    }

    fn on_removed(g: &mut Game, f: Deployed, why: Why, events: &mut Vec<ScoreEvent>) {
        if !matches!(why, Why::Scored(_)) {
            g.follow_last_follower(f, FollowerKind::Builder, events);
        }
    }

    /// The second part follows the first when the builder's feature grew;
    /// never a third ("There is no chain reaction", L884). "They may take a
    /// double turn" (L872, fn 8 L1003): offered unless
    /// `builder_second_tile = "always"`.
    fn part_end(g: &mut Game) -> NextPart {
        if !std::mem::take(&mut g.ext.builder) {
            NextPart::None
        } else if optional(g.rules()) {
            let player = g.to_move();
            g.ask(super::Ask {
                mech: Mech::Builder,
                player,
                decision: 0,
                data: 0,
            });
            NextPart::None
        } else {
            NextPart::Take
        }
    }

    fn answers<S: Sink + ?Sized>(_g: &Game, at: At, out: &mut S) {
        if matches!(at, At::Ask(_)) {
            out.put(second_tile(true));
            out.put(second_tile(false));
        }
    }

    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        match (at, a) {
            (
                At::Ask(_),
                Action::Do(Verb {
                    arg: Arg::Bool(take),
                    code: 0,
                    ..
                }),
            ) => {
                if take {
                    g.take_another_part();
                }
                Ok(())
            }
            _ => Err(MoveError::Waiting(SECOND_TILE.name())),
        }
    }

    fn moves_suffice(rules: &Ruleset) -> bool {
        !optional(rules)
    }
}

/// The root of the feature holding the active player's builder, if it
/// stands.
fn builder_root(g: &Game) -> Option<u16> {
    let me = g.to_move();
    g.followers()
        .iter()
        .find(|f| f.player == me && f.kind == FollowerKind::Builder)
        .map(|f| g.root_of(f.node))
}

/// The second tile is the player's to take or not.
fn optional(rules: &Ruleset) -> bool {
    rules.options.get(SECOND_TILE_OPTION) == 0
}

/// A tall, narrow figure with a hammer on its chest, about as tall as a
/// meeple (centred on the origin).
const BUILDER_SVG: &str = concat!(
    r##"<g id="builder"><path d="M-3.2 -6.8 L3.2 -6.8 L6.2 -3.2 L4.4 -1.2 L4.4 11.2 L1.1 11.2 L0 5.4 L-1.1 11.2 L-4.4 11.2 L-4.4 -1.2 L-6.2 -3.2 Z "##,
    r##"M3.3 -10.4 A3.3 3.3 0 1 1 -3.3 -10.4 A3.3 3.3 0 1 1 3.3 -10.4 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/>"##,
    r##"<path d="M-2.2 4.6 L1.4 -0.9" stroke="#111" stroke-width="2.4" stroke-linecap="round"/>"##,
    r##"<path d="M-2.2 4.6 L1.4 -0.9" stroke="#fff" stroke-width="1.1" stroke-linecap="round"/>"##,
    r##"<path d="M-1.3 -3 L3.1 -0.2 L4 -1.8 L-0.4 -4.6 Z" fill="#fff" stroke="#111" stroke-width="0.7" stroke-linejoin="round"/></g>"##
);
