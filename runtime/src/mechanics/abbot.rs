//! The Abbot (001_46b8449c567a6f1a.txt L387-L546): one per player, deployed
//! only on a cloister or garden of the new tile (L425); instead of deploying
//! anything, its owner may take it back and score its feature as at the end
//! of the game (L432-L433, fn 27-28 L856-L857); scored like a monk otherwise.

use super::{check_free_spot, free_spots, At, Hook, Mech, Mechanic, Sink, WoodSpot};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) struct Abbot;

/// `return-abbot`: take the abbot back instead of deploying.
pub const RETURN: Verb = Verb::bare(Mech::Abbot, 0);

impl Mechanic for Abbot {
    const HOOKS: &'static [Hook] = &[Hook::WoodOptions, Hook::WoodAnswers];
    const FIGURES: &'static [FigureDef] = &[FigureDef {
        kind: FollowerKind::Abbot,
        name: "abbot",
        label: "abbot",
        supply: 1,
        // "You may place your abbot onto the monastery or onto the garden"
        // (L425); onto a shrine too ("You can place your abbot on the
        // Shrine", 003_f0943165331a7fee.txt L188).
        stands_on: kinds(&[Kind::Cloister, Kind::Garden, Kind::Shrine]),
        svg: Some(ABBOT_SVG),
        ..FollowerKind::NORMAL_DEF
    }];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "return-abbot",
        answers: Answers::Wood,
        arg: ArgKind::None,
        field: "",
        label: "takes the abbot back",
    }];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::AbbotReturn,
        name: "abbot-return",
        as_final: true,
        paid: false,
    }];
    type State = ();

    fn wood_options<S: Sink + ?Sized>(g: &Game, w: &WoodSpot, out: &mut S) {
        free_spots(g, w, FollowerKind::Abbot, out);
    }

    fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
        check_free_spot(g, w, d)
    }

    /// Taking the abbot back is open whenever it stands on the board: a
    /// feature it completed has scored and returned it already (JCZ #355).
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        if matches!(at, At::Wood(_)) && on_board(g).is_some() {
            out.put(Action::Do(RETURN));
        }
    }

    /// Take the abbot back, scoring its cloister or garden as at the end.
    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        if !matches!(at, At::Wood(_)) || a != Action::Do(RETURN) {
            return Err(MoveError::Waiting(
                "the abbot's return comes instead of deploying",
            ));
        }
        let i = on_board(g).ok_or(MoveError::rule(
            Mech::Abbot,
            "the player has no abbot on the board to take back",
        ))?;
        let node = g.followers()[i].node;
        let root = g.root_of(node);
        crate::engine::scoring::score_feature(g, root, Reason::AbbotReturn, events);
        Ok(())
    }
}

/// The active player's abbot on the board, if any (index into the followers).
fn on_board(g: &Game) -> Option<usize> {
    let me = g.to_move();
    g.followers()
        .iter()
        .position(|f| f.player == me && f.kind == FollowerKind::Abbot)
}

/// A monk in a hooded robe with a white cross, no legs: the meeple's
/// outline is the follower's, this one the abbot's.
const ABBOT_SVG: &str = concat!(
    r##"<g id="abbot"><path d="M0 -13.4 C4.8 -12.6 6.4 -8 4.8 -4.6 L9 9.6 L-9 9.6 L-4.8 -4.6 C-6.4 -8 -4.8 -12.6 0 -13.4 Z" stroke="#111" stroke-width="1.1" stroke-linejoin="round"/>"##,
    r##"<ellipse cx="0" cy="-7.8" rx="2.4" ry="2.9" fill="#f1d7b0" stroke="#111" stroke-width="0.8"/>"##,
    r##"<path d="M0 -1.6 V7 M-3 1.4 H3" stroke="#111" stroke-width="2.8"/>"##,
    r##"<path d="M0 -1.6 V7 M-3 1.4 H3" stroke="#fff" stroke-width="1.5"/></g>"##
);
