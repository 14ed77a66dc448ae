//! The Mage and the Witch (004_e9353f116722cd5d.txt L127-L148,
//! rules_digest.md E.5; docs/rules/mage-witch.md says what plays and where
//! each point comes from).
//!
//! - After placing a tile with the mage symbol, before the figure step, the
//!   player must place or move the mage or the witch (L139, L141) onto a
//!   road or city that is not complete, on any tile (not only the new one),
//!   never the feature the other figure is in (L139). A figure already on
//!   the board that is chosen moves to another feature (the published
//!   rules, docs/rules/mage-witch.md). The answers: `mage` or `witch` and
//!   the segment it goes to.
//! - If no figure can be placed or moved (L141: no incomplete road or city
//!   free for it), one on the board is taken off (`magic-off`: the
//!   player's choice when both are on the board; none is when neither is).
//! - A tile that joins the mage's feature with the witch's (any tile)
//!   makes the player move one of them (L141), before the figure step and
//!   so before the scoring of a feature the tile completes.
//! - Scoring (L143-L146, L148: the same at the end): the mage adds 1 per
//!   tile of its feature (`mage_pennants = "one"`: 1 more per pennant), the
//!   witch halves the feature's points rounding up, after the inn's and the
//!   cathedral's effect (the published rule), in `Hook::Value`
//!   (`Mechanic::worth`), so a castle's occupier gets the structure's
//!   points after the witch (000_9deb58b1a7d17d38.txt fn 31 L2638). A
//!   figure whose feature scored leaves the board once the part's scoring
//!   is over (L148) and waits for the next mage symbol.
//! - The dragon eats them (its meal plan, 000_9deb58b1a7d17d38.txt L1125;
//!   `mage_witch_dragon = "spared"`: the rules before 2015, fn 14 L1356),
//!   and neither goes onto the dragon's tile (`Hook::Ban`, fn 8 L1341).

use serde_json::{json, Map, Value};
use smallvec::SmallVec;

use super::{Ask, At, FirstTwo, Hook, Mech, Mechanic, Neutral, NeutralDef, Shown, Sink};
use crate::engine::features::{Node, WITHDRAWN};
use crate::engine::game::Game;
use crate::engine::scoring;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind, TileType};

pub(crate) struct MageWitch;

/// `mage_pennants`: word 1 is `one`.
const PENNANTS: usize = option_index("mage_pennants");
/// `mage_witch_dragon`: word 1 is `spared`.
const DRAGON: usize = option_index("mage_witch_dragon");

/// The two figures, as the `magic-off` verb's words and the index into
/// `State::at`.
pub const FIGURE_WORDS: [&str; 2] = ["mage", "witch"];
/// The mage's index.
pub const MAGE: usize = 0;
/// The witch's index.
pub const WITCH: usize = 1;

/// `State::at` of a figure off the board.
pub const OFF: u16 = u16::MAX;

/// Verb codes: `mage` and `witch` are the figures' indices.
const V_OFF: u8 = 2;

/// Decision codes.
const ASK_MOVE: u8 = 0;
const ASK_OFF: u8 = 1;

/// `Ask::data` of a decision: why it is asked.
const FOR_SYMBOL: u16 = 0;
const FOR_JOIN: u16 = 1;

/// `mage` / `witch` (`f`: `MAGE` or `WITCH`) onto segment `segment` of
/// placed tile `placed`, answered by `player`.
pub const fn put(f: usize, placed: u16, segment: u8, player: u8) -> Action {
    Action::of(
        Mech::MageWitch,
        f as u8,
        Arg::Spot(Spot {
            placed,
            segment,
            kind: FollowerKind::Normal,
            player,
        }),
    )
}

/// `magic-off`: figure `f` leaves the board, nowhere being left for it.
pub const fn off(f: usize) -> Action {
    Action::of(Mech::MageWitch, V_OFF, Arg::Word(f as u8))
}

/// The mage's and the witch's state in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// Where each figure stands (`MAGE`, `WITCH`): the feature node of the
    /// segment it was put on, or `OFF`.
    pub at: [u16; 2],
    /// Each figure whose feature scored in this part: it leaves once the
    /// part's scoring is over, still counting for the castles scored then.
    pub leaving: [bool; 2],
    /// Times each figure was placed or moved.
    pub moves: [u16; 2],
    /// Times each figure changed a feature's score during the game.
    pub scored: [u16; 2],
    /// Times each figure was taken off for want of a place (L141).
    pub nowhere: [u16; 2],
    /// Times the dragon ate each figure.
    pub eaten: [u16; 2],
}

impl Default for State {
    fn default() -> State {
        State {
            at: [OFF; 2],
            leaving: [false; 2],
            moves: [0; 2],
            scored: [0; 2],
            nowhere: [0; 2],
            eaten: [0; 2],
        }
    }
}

impl Mechanic for MageWitch {
    const HOOKS: &'static [Hook] = &[
        Hook::Setup,
        Hook::AfterPlace,
        Hook::BeforeScore,
        Hook::Value,
        Hook::OnScored,
        Hook::TileCleared,
        Hook::AfterScore,
    ];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "mage",
            answers: Answers::Ask,
            arg: ArgKind::Target(Some(FollowerKind::Normal)),
            field: "to",
            label: "places the mage",
        },
        VerbDef {
            name: "witch",
            answers: Answers::Ask,
            arg: ArgKind::Target(Some(FollowerKind::Normal)),
            field: "to",
            label: "places the witch",
        },
        VerbDef {
            name: "magic-off",
            answers: Answers::Ask,
            arg: ArgKind::Word(&FIGURE_WORDS),
            field: "figure",
            label: "nowhere being left, takes off the board the",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "mage-witch",
            name: "place or move the mage or the witch onto an incomplete road or city",
        },
        DecisionDef {
            key: "magic-off",
            name: "which of the mage and the witch leaves the board, neither having anywhere to go",
        },
    ];
    const NEUTRALS: &'static [NeutralDef] = &[
        NeutralDef {
            name: "mage",
            svg: MAGE_SVG,
        },
        NeutralDef {
            name: "witch",
            svg: WITCH_SVG,
        },
    ];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.mage_witch = State::default();
    }

    /// A mage symbol (L139, L141), or a tile joining the mage's feature
    /// with the witch's (L141): the player places or moves a figure before
    /// the figure step.
    /// A mage symbol asks, and so may a tile joining the mage's feature
    /// with the witch's; whether the placement does is known once it is
    /// placed, so it is tried on a copy, only where one of them may ask.
    fn asks_after_place(g: &Game, t: &TileType, p: Placement) -> bool {
        let symbol = t.flags & (1 << attr::MAGE) != 0;
        let both = g.ext.mage_witch.at.iter().all(|&at| at != OFF);
        (symbol || both) && g.asks_once_placed(p)
    }

    fn after_place(g: &mut Game, idx: usize) {
        let t = &g.rules.tiles[g.placed[idx].tile as usize];
        let symbol = t.flags & (1 << attr::MAGE) != 0;
        let joined = match g.ext.mage_witch.at {
            [m, w] if m != OFF && w != OFF => g.root_of(m) == g.root_of(w),
            _ => false,
        };
        if symbol || joined {
            ask_move(g, symbol);
        }
    }

    /// A bridge built at the figure step (000_9deb58b1a7d17d38.txt L2473)
    /// or a ferry put or moved after it (004_e9353f116722cd5d.txt L83) may
    /// join the mage's feature with the witch's: one of them moves before
    /// the scoring, as after a tile that joins them (L141). Asked here,
    /// once the decisions after the figure step are answered.
    fn before_score(g: &mut Game, _idx: usize, _events: &mut Vec<ScoreEvent>) {
        let [m, w] = g.ext.mage_witch.at;
        if m != OFF && w != OFF && g.root_of(m) == g.root_of(w) {
            ask_move(g, false);
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        match at {
            At::Ask(ask) if ask.decision == ASK_MOVE => moves(g, ask.player, out),
            At::Ask(ask) if ask.decision == ASK_OFF => {
                for f in 0..2 {
                    if g.ext.mage_witch.at[f] != OFF && !out.put(off(f)) {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        let listed = match at {
            // The moves may be hundreds: the one answer is checked alone.
            At::Ask(ask) if ask.decision == ASK_MOVE => is_move(g, ask.player, a),
            _ => super::listed(g, a, |c| Self::answers(g, at, c)),
        };
        if !listed {
            return Err(MoveError::rule(Mech::MageWitch, why_not(at)));
        }
        match (a, a.arg()) {
            (Action::Do(v), Arg::Spot(s)) if (v.code as usize) < 2 => {
                let f = v.code as usize;
                let node = g.node_of(s.placed as usize, s.segment);
                let st = &mut g.ext.mage_witch;
                st.at[f] = node;
                st.moves[f] = st.moves[f].saturating_add(1);
            }
            (_, Arg::Word(f)) => take_off(g, f as usize),
            _ => return Err(MoveError::rule(Mech::MageWitch, why_not(at))),
        }
        Ok(())
    }

    /// The mage adds 1 per tile (L145), the witch halves, rounding up
    /// (L146); `worth` runs after every module's `value`, so after the
    /// inn's and the cathedral's (the published order,
    /// docs/rules/mage-witch.md).
    fn worth(g: &Game, root: u16, _reason: Reason, v: u32) -> u32 {
        let [m, w] = g.ext.mage_witch.at;
        let mut v = v;
        if m != OFF && g.root_of(m) == root {
            v += scoring::tiles_in(g, root);
            if g.rules().options.get(PENNANTS) == 1 {
                v += u32::from(g.features.nodes[root as usize].pennants);
            }
        }
        if w != OFF && g.root_of(w) == root {
            v = v.div_ceil(2);
        }
        v
    }

    /// L148: a figure whose feature scored leaves after the part's scoring
    /// (a castle scored in it still counts the witch, fn 31 L2638).
    fn on_scored(g: &mut Game, root: u16, reason: Reason, _events: &mut Vec<ScoreEvent>) {
        if reason.as_final() {
            return;
        }
        for f in 0..2 {
            let n = g.ext.mage_witch.at[f];
            if n != OFF && g.root_of(n) == root {
                g.ext.mage_witch.leaving[f] = true;
            }
        }
    }

    /// A figure on a town its occupier turned into a castle
    /// (000_9deb58b1a7d17d38.txt L2489, no city any more, fn 21 L2164)
    /// leaves too: nothing is left for it to change.
    fn after_score(g: &mut Game, _idx: usize, _events: &mut Vec<ScoreEvent>) {
        for f in 0..2 {
            let n = g.ext.mage_witch.at[f];
            if n != OFF && g.is_withdrawn(g.root_of(n)) {
                g.ext.mage_witch.at[f] = OFF;
            }
        }
        let st = &mut g.ext.mage_witch;
        for f in 0..2 {
            if st.leaving[f] {
                st.leaving[f] = false;
                st.at[f] = OFF;
                st.scored[f] = st.scored[f].saturating_add(1);
            }
        }
    }

    /// The dragon's meal plan (000_9deb58b1a7d17d38.txt L1125).
    fn tile_cleared(g: &mut Game, tile: u16, by: Mech, _events: &mut Vec<ScoreEvent>) {
        if by != Mech::Dragon || g.rules().options.get(DRAGON) == 1 {
            return;
        }
        for f in 0..2 {
            let n = g.ext.mage_witch.at[f];
            if n != OFF && g.features.nodes[n as usize].placed == tile {
                let st = &mut g.ext.mage_witch;
                st.at[f] = OFF;
                st.leaving[f] = false;
                st.eaten[f] = st.eaten[f].saturating_add(1);
            }
        }
    }

    fn show(g: &Game, out: &mut Shown) {
        let st = &g.ext.mage_witch;
        for (f, word) in FIGURE_WORDS.iter().enumerate() {
            let Some(spot) = spot_of(g, f, 0) else {
                out.notes.push(format!("the {word} waits off the board"));
                continue;
            };
            let q = g.placed()[spot.placed as usize];
            out.neutral.push(Neutral {
                beside: Some(spot),
                ..Neutral::on_cell(Self::NEUTRALS[f], q.x, q.y)
            });
            let kind = g.kind_of(st.at[f]);
            out.notes.push(format!(
                "the {word} stands on the {} at ({}, {})",
                kind.name(),
                q.x,
                q.y
            ));
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let st = &g.ext.mage_witch;
        for (f, word) in FIGURE_WORDS.iter().enumerate() {
            let at = spot_of(g, f, 0)
                .and_then(|s| crate::action_json::spot_rec(g, s))
                .map(|mut r| {
                    r.kind = None;
                    serde_json::to_value(r).unwrap_or(Value::Null)
                });
            out.insert((*word).into(), json!(at));
        }
        out.insert("mage_witch_moves".into(), json!(st.moves));
        out.insert("mage_witch_scored".into(), json!(st.scored));
        out.insert("mage_witch_nowhere".into(), json!(st.nowhere));
        out.insert("mage_witch_eaten".into(), json!(st.eaten));
    }
}

/// The active player places or moves the mage or the witch (after a mage
/// symbol, `symbol`, or a join), or, with nowhere to go, takes one off
/// (L141).
fn ask_move(g: &mut Game, symbol: bool) {
    let player = g.to_move();
    let mut two = FirstTwo::default();
    moves(g, player, &mut two);
    if two.n > 0 {
        g.ask(Ask {
            mech: Mech::MageWitch,
            player,
            decision: ASK_MOVE,
            data: if symbol { FOR_SYMBOL } else { FOR_JOIN },
        });
        return;
    }
    match g.ext.mage_witch.at.map(|n| n != OFF) {
        [false, false] => {}
        [true, false] => take_off(g, MAGE),
        [false, true] => take_off(g, WITCH),
        [true, true] => g.ask(Ask {
            mech: Mech::MageWitch,
            player,
            decision: ASK_OFF,
            data: 0,
        }),
    }
}

/// Why an answer at `at` is refused.
fn why_not(at: At) -> &'static str {
    match at {
        At::Ask(a) if a.decision == ASK_OFF => {
            "the mage or the witch, whichever is on the board, leaves it (L141)"
        }
        _ => "the mage or the witch goes onto an incomplete road or city other than the one it is in and the one the other figure is in, not on the dragon's tile (L139)",
    }
}

/// Figure `f` leaves the board for want of a place (L141).
fn take_off(g: &mut Game, f: usize) {
    let st = &mut g.ext.mage_witch;
    if st.at[f] != OFF {
        st.at[f] = OFF;
        st.nowhere[f] = st.nowhere[f].saturating_add(1);
    }
}

/// Where figure `f` stands, as a spot of `player`'s, if on the board.
fn spot_of(g: &Game, f: usize, player: u8) -> Option<Spot> {
    let n = g.ext.mage_witch.at[f];
    if n == OFF {
        return None;
    }
    let node = g.features.nodes[n as usize];
    Some(Spot {
        placed: node.placed,
        segment: node.segment,
        kind: FollowerKind::Normal,
        player,
    })
}

/// Every place the mage or the witch may go now (L139): each segment of a
/// road or city that is not complete, on a tile a figure may go onto now,
/// of a feature other than the one the figure is in and the one the other
/// figure is in. The mage's places first, then the witch's, each from the
/// newest tile back (a caller that takes only the first few, the Python
/// package's fixed slots, gets those near the play).
fn moves<S: Sink + ?Sized>(g: &Game, player: u8, out: &mut S) {
    let roots = roots(g);
    // The witch's places are the mage's: noted as the mage's are put (a
    // sink that stops early never needs them), on the stack rather than in
    // a list grown on every call (a board with more places than that has
    // the rest in a list).
    let mut places: SmallVec<[(u16, u8); PLACES]> = SmallVec::new();
    let all = each_place(g, roots, |placed, segment| {
        places.push((placed, segment));
        out.put(put(MAGE, placed, segment, player))
    });
    if !all {
        return;
    }
    for &(placed, segment) in &places {
        if !out.put(put(WITCH, placed, segment, player)) {
            return;
        }
    }
}

/// Places `moves` notes for the witch on the stack.
const PLACES: usize = 1024;

/// Calls `found` with each place a figure may go to now, from the newest
/// tile back, until it answers false; whether it never did.
#[inline(always)]
fn each_place(g: &Game, roots: [Option<u16>; 2], mut found: impl FnMut(u16, u8) -> bool) -> bool {
    let bans = g.bans();
    // The figures' features, `OFF` for none (no node has that id).
    let taken = roots.map(|r| r.unwrap_or(OFF));
    let nodes = &g.features.nodes;
    for (placed, q) in g.placed().iter().enumerate().rev() {
        // Only for a tile with a place on it, once.
        let mut allowed = None;
        // The tile's nodes as one slice (`free`'s test, on every segment
        // of the board at each listing).
        let base = usize::from(q.node_base);
        let n = g.rules().tiles[usize::from(q.tile)].segments.len();
        for (segment, node) in (0..).zip(&nodes[base..base + n]) {
            if !matches!(node.kind, Kind::Road | Kind::City) {
                continue;
            }
            let root = node.parent;
            let open = open_road_or_city(g, root);
            debug_assert_eq!(open && !taken.contains(&root), free_node(g, roots, node));
            if !open || root == taken[0] || root == taken[1] {
                continue;
            }
            if !*allowed.get_or_insert_with(|| !bans.banned(g, placed)) {
                break;
            }
            if !found(placed as u16, segment) {
                return false;
            }
        }
    }
    true
}

/// The features the mage and the witch stand in.
fn roots(g: &Game) -> [Option<u16>; 2] {
    let at = g.ext.mage_witch.at;
    let root = |n: u16| (n != OFF).then(|| g.root_of(n));
    [root(at[MAGE]), root(at[WITCH])]
}

/// Whether segment `segment` of placed tile `placed` is one a figure may
/// go to, the figures standing in `roots`, but for its tile's ban: part
/// of a road or city that is not complete and holds neither figure.
fn free(g: &Game, roots: [Option<u16>; 2], placed: usize, segment: u8) -> bool {
    let node = g.node_of(placed, segment);
    free_node(g, roots, &g.features.nodes[usize::from(node)])
}

/// `free` for a segment's feature node: its kind is read off the node
/// before its feature's root (which every node points at) is looked at.
#[inline(always)]
fn free_node(g: &Game, roots: [Option<u16>; 2], node: &Node) -> bool {
    let root = node.parent;
    if !matches!(node.kind, Kind::Road | Kind::City) {
        return false;
    }
    open_road_or_city(g, root) && !roots.contains(&Some(root))
}

/// `Game::is_open` of a feature's root node, for a road or city: an open
/// side, not withdrawn (the other kinds' tests skipped).
#[inline(always)]
fn open_road_or_city(g: &Game, root: u16) -> bool {
    let r = &g.features.nodes[usize::from(root)];
    let open = matches!(r.kind, Kind::Road | Kind::City) && r.open != 0 && r.open != WITHDRAWN;
    debug_assert_eq!(open, g.is_open(root));
    open
}

/// Whether `moves(g, player, ..)` lists `a`, without listing them all.
fn is_move(g: &Game, player: u8, a: Action) -> bool {
    let (Action::Do(v), Arg::Spot(s)) = (a, a.arg()) else {
        return false;
    };
    let placed = usize::from(s.placed);
    v.mech == Mech::MageWitch
        && usize::from(v.code) < 2
        && placed < g.placed().len()
        && s.segment < g.segments_of(placed)
        && a == put(usize::from(v.code), s.placed, s.segment, player)
        && free(g, roots(g), placed, s.segment)
        && !g.banned(placed)
}

/// The mage: a purple robe and a pointed hat with stars.
const MAGE_SVG: &str = concat!(
    r##"<g id="mage"><path d="M-6 10 L-3.5 -1 L3.5 -1 L6 10 Z" fill="#7b3fa8" stroke="#2e1142" stroke-width="1"/>"##,
    r##"<circle cx="0" cy="-3" r="3" fill="#f0d2b0" stroke="#2e1142" stroke-width="0.8"/>"##,
    r##"<path d="M-5 -5 L5 -5 L0 -15 Z" fill="#7b3fa8" stroke="#2e1142" stroke-width="1" stroke-linejoin="round"/>"##,
    r##"<circle cx="0" cy="-9" r="1" fill="#f7e26b"/><circle cx="-1" cy="5" r="1" fill="#f7e26b"/></g>"##
);

/// The witch: an orange robe and a wide-brimmed crooked hat.
const WITCH_SVG: &str = concat!(
    r##"<g id="witch"><path d="M-6 10 L-3.5 -1 L3.5 -1 L6 10 Z" fill="#e8801e" stroke="#4a2300" stroke-width="1"/>"##,
    r##"<circle cx="0" cy="-3" r="3" fill="#c9d8a0" stroke="#4a2300" stroke-width="0.8"/>"##,
    r##"<path d="M-7 -5 L7 -5 M-3.5 -5 L1 -15 L4 -12 L3 -5" fill="#3a2a1a" stroke="#4a2300" stroke-width="1.2" stroke-linejoin="round"/></g>"##
);
