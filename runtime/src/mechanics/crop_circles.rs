//! Crop Circles I and II (004_e9353f116722cd5d.txt L175-L211, rules_digest.md
//! E.7; docs/rules/crop-circles.md says what plays and where each point
//! comes from).
//!
//! - A tile with a crop circle (`+crop-circle=field|road|city`) is placed
//!   and its turn played as usual (L183). The circle's symbol names the
//!   followers it concerns (L194): the pitchfork farmers (followers on a
//!   field), the club thieves (on a road), the shield knights (in a city).
//!   Any follower standing there is of that type, whatever its figure: "any
//!   follower that can be put in a city is considered to be a knight" (the
//!   publisher's clarification, docs/rules/crop-circles.md), so a big
//!   follower, a mayor or a wagon counts, never a builder, pig or barn.
//! - Then the active player chooses, for everyone, A (add) or B (remove)
//!   (L190, L192). When no player has a follower of the type on the board
//!   nothing can happen (L197), and the choice is not asked.
//! - Each player in turn, from the active player's left and the active
//!   player last (L183, L199), a player with no follower of the type being
//!   passed over (L197):
//!   - A: may (L195) deploy a follower from their supply onto the very
//!     segment of a tile where they already have a follower of the type
//!     (L185-L186, L195; the example L204: not another city part of that
//!     tile), beside it, though the feature is occupied: the answer
//!     `crop-add`, or a pass. Never onto a tile no figure may go onto now
//!     (`Hook::Ban`: the dragon's).
//!   - B: must (L208 "each player must remove") take one of their
//!     followers of the type back to their supply (L189): `crop-remove`.
//!     A builder or pig left without its owner's follower goes with it, as
//!     for any removal (`Game::remove`).
//! - Neither scores: the follower added counts for its feature's majority
//!   when the feature scores later (L201-L206 score nothing), and a removed
//!   one gives no points (L208: Green's 6 points are the city his tile
//!   completed, before the circle).
//! - When: right after the part of the turn that placed the tile, before a
//!   builder's second part (the publisher's clarification; `PartEnd`), or
//!   with `crop_circle_timing = "turn"` once the whole turn is over
//!   (`TurnEnd`), the circles of both parts in the order placed.

use serde_json::{json, Map, Value};

use super::{
    Ask, At, Hook, Mech, Mechanic, NeutralDef, NextPart, Shown, Sink, Tally, TileMark, Why,
};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind};

pub(crate) struct CropCircles;

/// `crop_circle_timing`: word 1 is `turn`.
const TIMING: usize = option_index("crop_circle_timing");

/// The circles' symbols (L194), in the order of the data's values
/// (`+crop-circle=field|road|city`).
pub const SYMBOLS: [&str; 3] = ["pitchfork", "club", "shield"];
/// The followers each symbol concerns (L194).
pub const CONCERNS: [&str; 3] = ["farmers", "thieves", "knights"];
/// The feature each symbol's followers stand on (L194).
const FEATURES: [Kind; 3] = [Kind::Field, Kind::Road, Kind::City];

/// The active player's choice (L185-L189), as the `crop-circle` verb's
/// words.
pub const CHOICES: [&str; 2] = ["add", "remove"];

/// Verb codes.
const V_CHOOSE: u8 = 0;
const V_ADD: u8 = 1;
const V_REMOVE: u8 = 2;

/// Decision codes.
const ASK_CHOOSE: u8 = 0;
const ASK_ACT: u8 = 1;

/// Crop-circle tiles placed and not yet acted on: two at most in a
/// builder's turn, with room to spare.
const MAX_WAITING: usize = 4;

/// `crop-circle`: the active player chooses `CHOICES[k]` for everyone.
pub const fn choose(k: u8) -> Action {
    Action::of(Mech::CropCircles, V_CHOOSE, Arg::Word(k))
}

/// What the active player chose (L190).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// A: each player may add a follower beside one of the type (L185).
    Add,
    /// B: each player removes one of the type (L189).
    Remove,
}

/// A crop circle's round: the latest one, or the one under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    /// The crop-circle tile, an index into `Game::placed`.
    pub placed: u16,
    /// Its symbol (`SYMBOLS` index).
    pub symbol: u8,
    /// The active player, who chooses and acts last.
    pub player: u8,
    /// The choice; `None` before it is made, or when no one had a
    /// follower of the type (nothing asked, L197).
    pub choice: Option<Choice>,
    /// How far round the table it has gone: the player `step` seats left of
    /// the active player is the latest asked (the active player: `step` =
    /// the number of players).
    pub step: u8,
    /// The player asked now, while the round is under way.
    pub acting: Option<u8>,
}

/// The crop circles' state in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Crop-circle tiles placed whose round is still to come, in the order
    /// placed.
    pub waiting: [u16; MAX_WAITING],
    /// Who placed each of `waiting`: the active player of its round.
    pub placers: [u8; MAX_WAITING],
    /// How many of `waiting` are used.
    pub n_waiting: u8,
    /// The round under way, or the latest.
    pub round: Option<Round>,
    /// Each player's choices as the active player.
    pub choices: [u16; MAX_PLAYERS],
    /// Each player's followers added (A).
    pub added: [u16; MAX_PLAYERS],
    /// Each player's followers removed (B).
    pub removed: [u16; MAX_PLAYERS],
}

impl Mechanic for CropCircles {
    const HOOKS: &'static [Hook] = &[Hook::Setup, Hook::AfterPlace, Hook::PartEnd, Hook::TurnEnd];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "crop-circle",
            answers: Answers::Ask,
            arg: ArgKind::Word(&CHOICES),
            field: "choice",
            label: "chooses for the crop circle:",
        },
        VerbDef {
            name: "crop-add",
            answers: Answers::Ask,
            arg: ArgKind::Target(None),
            field: "at",
            label: "adds by the crop circle a follower",
        },
        VerbDef {
            name: "crop-remove",
            answers: Answers::Ask,
            arg: ArgKind::Figure,
            field: "figure",
            label: "removes by the crop circle",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "crop-circle",
            name: "the crop circle: every player adds a follower of its type (A) or removes one (B)",
        },
        DecisionDef {
            key: "crop-act",
            name: "the crop circle's action: add a follower beside one of its type, or pass (A); remove one of its type (B)",
        },
    ];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.crop_circles = State::default();
    }

    /// A crop-circle tile is down: its round comes after the part, or the
    /// turn (L183).
    fn after_place(g: &mut Game, idx: usize) {
        if symbol(g, idx as u16).is_none() {
            return;
        }
        let player = g.to_move();
        let s = &mut g.ext.crop_circles;
        if (s.n_waiting as usize) < MAX_WAITING {
            s.waiting[s.n_waiting as usize] = idx as u16;
            s.placers[s.n_waiting as usize] = player;
            s.n_waiting += 1;
        }
    }

    /// The part is over: its circle's round, before a second part (the
    /// publisher's clarification, docs/rules/crop-circles.md).
    fn part_end(g: &mut Game) -> NextPart {
        if !per_turn(g) {
            next_round(g);
        }
        NextPart::None
    }

    /// The turn is over: the rounds of its circles (`crop_circle_timing =
    /// "turn"`).
    fn turn_end(g: &mut Game, _events: &mut Vec<ScoreEvent>) {
        if per_turn(g) {
            next_round(g);
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else { return };
        let Some(r) = g.ext.crop_circles.round else {
            return;
        };
        match (ask.decision, r.choice) {
            (ASK_CHOOSE, None) => {
                for k in 0..CHOICES.len() as u8 {
                    if !out.put(choose(k)) {
                        return;
                    }
                }
            }
            (ASK_ACT, Some(Choice::Add)) => additions(g, ask.player, r.symbol, out),
            (ASK_ACT, Some(Choice::Remove)) => removals(g, ask.player, r.symbol, out),
            _ => {}
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        let At::Ask(ask) = at else {
            return Err(MoveError::Waiting("the crop circle's round"));
        };
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(Mech::CropCircles, why_not(g, ask)));
        }
        let p = ask.player as usize;
        let choice = g.ext.crop_circles.round.and_then(|r| r.choice);
        match (ask.decision, choice, a.arg()) {
            (ASK_CHOOSE, None, Arg::Word(k)) => {
                let s = &mut g.ext.crop_circles;
                if let Some(r) = s.round.as_mut() {
                    r.choice = Some(if k == 0 { Choice::Add } else { Choice::Remove });
                }
                s.choices[p] = s.choices[p].saturating_add(1);
            }
            (ASK_ACT, Some(Choice::Add), _) if a == Action::Pass => {}
            (ASK_ACT, Some(Choice::Add), Arg::Spot(s)) => {
                let node = g.node_of(s.placed as usize, s.segment);
                g.put_figure(s.player, s.kind, node);
                let n = &mut g.ext.crop_circles.added[p];
                *n = n.saturating_add(1);
            }
            (ASK_ACT, Some(Choice::Remove), Arg::Spot(s)) => {
                let node = g.node_of(s.placed as usize, s.segment);
                let Some(i) = g
                    .followers()
                    .iter()
                    .position(|f| f.player == s.player && f.kind == s.kind && f.node == node)
                else {
                    return Err(MoveError::rule(Mech::CropCircles, why_not(g, ask)));
                };
                g.remove(i, Why::By(Mech::CropCircles), events);
                let n = &mut g.ext.crop_circles.removed[p];
                *n = n.saturating_add(1);
            }
            _ => return Err(MoveError::rule(Mech::CropCircles, why_not(g, ask))),
        }
        ask_next(g);
        Ok(())
    }

    fn show(g: &Game, out: &mut Shown) {
        for i in 0..g.placed().len() as u16 {
            if let Some(k) = symbol(g, i) {
                out.marks.push(TileMark {
                    def: MARKS[k as usize],
                    placed: i,
                });
            }
        }
        let s = &g.ext.crop_circles;
        if let Some(r) = s.round {
            let q = g.placed()[r.placed as usize];
            let what = match (r.choice, r.acting) {
                (None, Some(_)) => "choosing add or remove".to_string(),
                (None, None) => format!("no one has {}", CONCERNS[r.symbol as usize]),
                (Some(c), acting) => {
                    let c = match c {
                        Choice::Add => "add",
                        Choice::Remove => "remove",
                    };
                    match acting {
                        Some(p) => format!("{c}, P{p} to act"),
                        None => format!("{c}, done"),
                    }
                }
            };
            out.notes.push(format!(
                "crop circle: P{}'s {} ({}) at ({}, {}): {what}",
                r.player, SYMBOLS[r.symbol as usize], CONCERNS[r.symbol as usize], q.x, q.y
            ));
        }
        for p in 0..g.players() {
            let i = p as usize;
            for (key, n) in [
                ("crop-circles", s.choices[i]),
                ("crop-added", s.added[i]),
                ("crop-removed", s.removed[i]),
            ] {
                out.tallies.push(Tally {
                    player: p,
                    key,
                    count: u32::from(n),
                });
            }
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.crop_circles;
        let n = g.players() as usize;
        let round = s.round.map(|r| {
            let q = g.placed()[r.placed as usize];
            json!({
                "player": r.player,
                "at": [q.x, q.y],
                "symbol": SYMBOLS[r.symbol as usize],
                "followers": CONCERNS[r.symbol as usize],
                "choice": r.choice.map(|c| match c {
                    Choice::Add => "add",
                    Choice::Remove => "remove",
                }),
                "acting": r.acting,
            })
        });
        out.insert("crop_circle".into(), json!(round));
        out.insert("crop_circles".into(), json!(&s.choices[..n]));
        out.insert("crop_added".into(), json!(&s.added[..n]));
        out.insert("crop_removed".into(), json!(&s.removed[..n]));
    }
}

/// Whether the rounds wait for the whole turn's end.
fn per_turn(g: &Game) -> bool {
    g.rules().options.get(TIMING) == 1
}

/// The crop circle of placed tile `idx` (`SYMBOLS` index), if it has one.
fn symbol(g: &Game, idx: u16) -> Option<u8> {
    let q = g.placed().get(idx as usize)?;
    let v = g.rules().tiles[q.tile as usize]
        .attrs
        .iter()
        .find(|a| a.id == attr::CROP_CIRCLE)?
        .value;
    (0..SYMBOLS.len() as i16).contains(&v).then_some(v as u8)
}

/// Whether figure `f` is one of the followers a circle of `symbol`
/// concerns: a follower of any figure on a feature of its kind (L194).
fn concerned(g: &Game, f: &crate::engine::game::Deployed, symbol: u8) -> bool {
    f.kind.is_follower() && !f.to_score && g.kind_of(f.node) == FEATURES[symbol as usize]
}

/// Whether `player` has a follower on the board that a circle of `symbol`
/// concerns (without one, they are passed over, L197).
fn has_one(g: &Game, player: u8, symbol: u8) -> bool {
    g.followers()
        .iter()
        .any(|f| f.player == player && concerned(g, f, symbol))
}

/// The next waiting circle's round: its choice asked of the active player,
/// or, when no one has a follower of its type, passed over (L197).
fn next_round(g: &mut Game) {
    loop {
        let s = &mut g.ext.crop_circles;
        if s.n_waiting == 0 {
            return;
        }
        let (placed, player) = (s.waiting[0], s.placers[0]);
        s.waiting.copy_within(1.., 0);
        s.placers.copy_within(1.., 0);
        s.n_waiting -= 1;
        let Some(symbol) = symbol(g, placed) else {
            continue;
        };
        let anyone = (0..g.players()).any(|p| has_one(g, p, symbol));
        g.ext.crop_circles.round = Some(Round {
            placed,
            symbol,
            player,
            choice: None,
            step: 0,
            acting: anyone.then_some(player),
        });
        if anyone {
            g.ask(Ask {
                mech: Mech::CropCircles,
                player,
                decision: ASK_CHOOSE,
                data: placed,
            });
            return;
        }
    }
}

/// The round goes on to the next player round the table with a follower of
/// the type, from the active player's left to the active player (L183,
/// L197, L199); after the last, the next waiting circle.
fn ask_next(g: &mut Game) {
    let n = g.players();
    let Some(mut r) = g.ext.crop_circles.round else {
        return;
    };
    while r.step < n {
        r.step += 1;
        let p = (r.player + r.step) % n;
        if has_one(g, p, r.symbol) {
            r.acting = Some(p);
            g.ext.crop_circles.round = Some(r);
            g.ask(Ask {
                mech: Mech::CropCircles,
                player: p,
                decision: ASK_ACT,
                data: r.placed,
            });
            return;
        }
    }
    r.acting = None;
    g.ext.crop_circles.round = Some(r);
    next_round(g);
}

/// A: a pass (L195 "may"), then each spot where `player` may add a
/// follower: a segment holding one of their followers of the type, on a
/// tile a figure may go onto now, with each follower in their supply that
/// may stand there (L185-L186, L195, L204).
fn additions<S: Sink + ?Sized>(g: &Game, player: u8, symbol: u8, out: &mut S) {
    if !out.put(Action::Pass) {
        return;
    }
    let feature = FEATURES[symbol as usize];
    let mine = g
        .followers()
        .iter()
        .filter(|f| f.player == player && concerned(g, f, symbol));
    let mut seen = [u16::MAX; 32];
    let mut n = 0;
    for f in mine {
        if seen[..n].contains(&f.node) {
            continue;
        }
        if n < seen.len() {
            seen[n] = f.node;
            n += 1;
        }
        let at = g.spot_of(f);
        if g.banned(at.placed as usize) {
            continue;
        }
        for &kind in FollowerKind::ALL.iter() {
            if kind.is_follower() && g.figures(player, kind) > 0 && g.may_stand(kind, feature) {
                let spot = Spot { kind, player, ..at };
                if !out.put(Action::of(Mech::CropCircles, V_ADD, Arg::Spot(spot))) {
                    return;
                }
            }
        }
    }
}

/// B: each of `player`'s followers of the type, one answer per figure
/// and segment (L189, L208).
fn removals<S: Sink + ?Sized>(g: &Game, player: u8, symbol: u8, out: &mut S) {
    let all = g.followers();
    for (i, f) in all.iter().enumerate() {
        if f.player != player || !concerned(g, f, symbol) {
            continue;
        }
        let twin = all[..i]
            .iter()
            .any(|e| e.player == player && e.kind == f.kind && e.node == f.node);
        if !twin
            && !out.put(Action::of(
                Mech::CropCircles,
                V_REMOVE,
                Arg::Spot(g.spot_of(f)),
            ))
        {
            return;
        }
    }
}

/// Why an answer to `ask` is refused.
fn why_not(g: &Game, ask: Ask) -> &'static str {
    match (ask.decision, g.ext.crop_circles.round.and_then(|r| r.choice)) {
        (ASK_CHOOSE, _) => "the active player chooses add (A) or remove (B) for everyone (L190)",
        (_, Some(Choice::Add)) => "a follower from the supply goes beside one of the player's own followers of the circle's type, on that same part of that tile (L185-L186, L204), or the player passes",
        _ => "the player removes one of their own followers of the circle's type (L189, L208)",
    }
}

/// A crop circle's mark: a ring of flattened grain with its symbol.
macro_rules! mark_def {
    ($name:literal, $symbol:literal) => {
        NeutralDef {
            name: $name,
            svg: concat!(
                r##"<g id=""##,
                $name,
                r##""><circle r="10" fill="#e9d58a" stroke="#8a6d1c" stroke-width="1.2"/>"##,
                r##"<circle r="7" fill="none" stroke="#8a6d1c" stroke-width="0.6"/>"##,
                $symbol,
                r##"</g>"##
            ),
        }
    };
}

/// The marks of the three symbols (`SYMBOLS` order).
const MARKS: [NeutralDef; 3] = [
    mark_def!(
        "crop-pitchfork",
        r##"<path d="M0 6 L0 -3 M-3 -6 L-3 -2 L3 -2 L3 -6 M0 -6 L0 -2" fill="none" stroke="#4a3a10" stroke-width="1.2"/>"##
    ),
    mark_def!(
        "crop-club",
        r##"<path d="M-1 6 L-1 -1 C-3 -2 -3 -6 0 -6 C3 -6 3 -2 1 -1 L1 6 Z" fill="#4a3a10"/>"##
    ),
    mark_def!(
        "crop-shield",
        r##"<path d="M-4.5 -5 L4.5 -5 L4.5 0 C4.5 3 2 5 0 6 C-2 5 -4.5 3 -4.5 0 Z" fill="#4a3a10"/>"##
    ),
];
