//! The Tower (000_9deb58b1a7d17d38.txt L1378-L1529, fn 2-30 L1490-L1529;
//! rules_digest.md A.6).
//!
//! - Each player has tower pieces by the number of players: 10, 9, 7, 6, 5
//!   for 2 to 6 (L1427-L1437; 4 and 3 for 7 and 8, as JCloisterZone).
//! - Instead of deploying (or moving the fairy), a player may put one tower
//!   piece on any foundation in play or on any tower under construction, or
//!   finish a tower by putting a follower (a normal or a big one) on top
//!   (L1450; fn 3 L1492: never onto a bare foundation; fn 13-15
//!   L1507-L1510: no builder, pig, mayor, wagon, barn or abbot on top). The
//!   follower on top stays for the rest of the game (L1467) and stands on
//!   the tile beside its features (fn 17 L1511): it is held on the tile
//!   (`Game::hold_on`), eaten by the dragon like any figure there (fn 20
//!   L1520) and, unless `tower_top_capture = false` (ZMG, fn 22 L1521),
//!   captured by another tower; once it leaves, the tower may grow again
//!   (fn 18 L1516).
//! - On each piece placed, its player may take one follower prisoner
//!   (L1452): on the tower's tile or up to `height` tiles away in each of
//!   the four directions (L1454-L1458, fn 10 L1504), across holes and other
//!   towers (fn 11 L1505); never a builder or pig (L1454, fn 9 L1503), nor
//!   a barn (not a follower, A&M fn 1). One's own goes home (L1461; fn 5
//!   L1500, `capture_own = false` for the original "an opponent's"); a
//!   builder or pig goes with its owner's last follower there (L1463, by the
//!   removal path). The capture comes before the dragon moves (fn 6 L1501,
//!   L1246-L1248: the dragon's module runs after this one).
//! - Prisoners are held by their captor (L1461). When two players hold each
//!   other's followers they are exchanged at once, one for one, each owner
//!   choosing which of theirs comes back when there is a choice (L1475,
//!   fn 26-27 L1525-L1526).
//! - Once a turn, "during their turn" (L1477), a player may buy back one
//!   prisoner for 3 points paid to its captor: at the figure step before
//!   its answer (`ransom`, so the follower may be deployed at once), or
//!   after the turn's scoring (`ransom-after-scoring`, asked only of a
//!   player who may pay and has not; these two moments are the ones whose
//!   outcomes differ: the points are those before or after the turn's
//!   scoring, and captures are done) (fn 28-29
//!   L1527-L1528: a big follower costs the same, a double turn is one turn),
//!   not with fewer than 3 points (fn 30 L1529; `ransom_needs_points =
//!   false` for the initial German rules). The follower may be deployed at
//!   once.
//!
//! Castles protect when they exist (fn 7 L1502, L2641): a follower in a
//! castle is held off the board, out of every tower's reach. Not played:
//! the fairy next to a follower on a tower (fn 19 L1517).

use serde_json::{json, Map, Value};

use super::{
    Ask, At, Figure, HeldFigure, Holding, Hook, Mech, Mechanic, Neutral, NeutralDef, Shown, Sink,
    Tally, Why,
};
use crate::engine::game::{Game, Held, NO_TILE};
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind};

pub(crate) struct Tower;

const TOP_CAPTURE: usize = option_index("tower_top_capture");
const CAPTURE_OWN: usize = option_index("capture_own");
const RANSOM_NEEDS: usize = option_index("ransom_needs_points");

/// Towers a game keeps: more than the foundations of every tile set.
pub const MAX_TOWERS: usize = 32;
/// The ransom (L1477).
pub const RANSOM: u32 = 3;

/// Verb codes.
const PIECE: u8 = 0;
const TOP: u8 = 1;
const TOP_BIG: u8 = 2;
const CAPTURE: u8 = 3;
const CAPTURE_TOP: u8 = 4;
const EXCHANGE: u8 = 5;
const PAY: u8 = 6;
const PAY_AFTER: u8 = 7;

/// Decision codes.
const ASK_CAPTURE: u8 = 0;
const ASK_EXCHANGE: u8 = 1;
const ASK_RANSOM: u8 = 2;

/// The decision whom to take prisoner.
pub const CAPTURE_DECISION: Decision = Decision::Module {
    mech: Mech::Tower,
    code: ASK_CAPTURE,
};
/// The decision which prisoner comes back in an exchange.
pub const EXCHANGE_DECISION: Decision = Decision::Module {
    mech: Mech::Tower,
    code: ASK_EXCHANGE,
};

/// `tower-piece`: a piece onto the tower (or foundation) of placed tile `t`.
pub fn piece(t: u16) -> Action {
    Action::of(Mech::Tower, PIECE, Arg::Tile(t))
}
/// `tower-top`: a follower on top of the tower of placed tile `t`.
pub fn top(t: u16) -> Action {
    Action::of(Mech::Tower, TOP, Arg::Tile(t))
}
/// `tower-top-big`: the big follower on top of the tower of placed tile `t`.
pub fn top_big(t: u16) -> Action {
    Action::of(Mech::Tower, TOP_BIG, Arg::Tile(t))
}
/// `capture`: the figure at `s` taken prisoner.
pub fn capture(s: Spot) -> Action {
    Action::of(Mech::Tower, CAPTURE, Arg::Spot(s))
}
/// `capture-top`: the follower on top of the tower of placed tile `t`.
pub fn capture_top(t: u16) -> Action {
    Action::of(Mech::Tower, CAPTURE_TOP, Arg::Tile(t))
}
/// `exchange`: the asker's figure of `kind` held by `jailer` comes back.
pub fn exchange(jailer: u8, kind: FollowerKind) -> Action {
    Action::of(
        Mech::Tower,
        EXCHANGE,
        Arg::Held {
            player: jailer,
            kind,
        },
    )
}

/// The towers, the pieces left, and what this turn has done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// The placed tiles with a foundation, in the order they were placed.
    pub tile: [u16; MAX_TOWERS],
    /// Each tower's height in pieces (0: a bare foundation).
    pub height: [u8; MAX_TOWERS],
    pub towers: u8,
    /// Each player's tower pieces left.
    pub pieces: [u8; MAX_PLAYERS],
    /// The tower (its index) a piece was just put on: its player is asked
    /// whom to capture once the figure step is over.
    pub built: Option<u8>,
    /// 1 + the turn a ransom was paid in (0: none yet).
    pub ransom_turn: u32,
    /// Figures each player has taken prisoner in the game (their own
    /// included).
    pub captured: [u16; MAX_PLAYERS],
}

impl Default for State {
    fn default() -> State {
        State {
            tile: [NO_TILE; MAX_TOWERS],
            height: [0; MAX_TOWERS],
            towers: 0,
            pieces: [0; MAX_PLAYERS],
            built: None,
            ransom_turn: 0,
            captured: [0; MAX_PLAYERS],
        }
    }
}

/// Tower pieces per player by the number of players (L1427-L1437).
pub fn pieces_for(players: u8) -> u8 {
    match players {
        0..=2 => 10,
        3 => 9,
        4 => 7,
        5 => 6,
        6 => 5,
        7 => 4,
        _ => 3,
    }
}

impl Mechanic for Tower {
    const HOOKS: &'static [Hook] = &[
        Hook::Setup,
        Hook::AfterPlace,
        Hook::WoodAnswers,
        Hook::AfterWood,
        Hook::TurnEnd,
    ];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "tower-piece",
            answers: Answers::Wood,
            arg: ArgKind::Tile,
            field: "at",
            label: "puts a tower piece",
        },
        VerbDef {
            name: "tower-top",
            answers: Answers::Wood,
            arg: ArgKind::Tile,
            field: "at",
            label: "puts a follower on top of the tower",
        },
        VerbDef {
            name: "tower-top-big",
            answers: Answers::Wood,
            arg: ArgKind::Tile,
            field: "at",
            label: "puts the big follower on top of the tower",
        },
        VerbDef {
            name: "capture",
            answers: Answers::Ask,
            arg: ArgKind::Figure,
            field: "figure",
            label: "takes prisoner",
        },
        VerbDef {
            name: "capture-top",
            answers: Answers::Ask,
            arg: ArgKind::Tile,
            field: "at",
            label: "takes prisoner the follower on the tower",
        },
        VerbDef {
            name: "exchange",
            answers: Answers::Ask,
            arg: ArgKind::Held,
            field: "prisoner",
            label: "takes back in the exchange",
        },
        VerbDef {
            name: "ransom",
            answers: Answers::Free,
            arg: ArgKind::Held,
            field: "prisoner",
            label: "pays the ransom for",
        },
        VerbDef {
            name: "ransom-after-scoring",
            answers: Answers::Ask,
            arg: ArgKind::Held,
            field: "prisoner",
            label: "pays, after the turn's scoring, the ransom for",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "capture",
            name: "take a follower in the tower's range prisoner, or none",
        },
        DecisionDef {
            key: "exchange",
            name: "choose which of one's followers comes back in the exchange",
        },
        DecisionDef {
            key: "ransom",
            name: "pay, after the turn's scoring, the ransom for one of one's followers, or not",
        },
    ];
    const REASONS: &'static [ReasonDef] = &[
        ReasonDef {
            reason: Reason::Ransom,
            name: "ransom",
            as_final: false,
            paid: false,
        },
        ReasonDef {
            reason: Reason::RansomPaid,
            name: "ransom-paid",
            as_final: false,
            paid: true,
        },
    ];
    const NEUTRALS: &'static [NeutralDef] = &[NeutralDef {
        name: "tower",
        svg: TOWER_SVG,
    }];
    type State = State;

    fn setup(g: &mut Game) {
        let n = pieces_for(g.players());
        let s = &mut g.ext.tower;
        *s = State::default();
        s.pieces = [n; MAX_PLAYERS];
    }

    /// A tile with a foundation joins the towers (at height 0).
    fn after_place(g: &mut Game, idx: usize) {
        let t = &g.rules.tiles[g.placed[idx].tile as usize];
        let s = &mut g.ext.tower;
        if t.flags & (1 << attr::TOWER) != 0 && usize::from(s.towers) < MAX_TOWERS {
            s.tile[s.towers as usize] = idx as u16;
            s.towers += 1;
        }
    }

    /// A prisoner comes back only by exchange or ransom, a follower on top
    /// of a tower stays for the game (L1467).
    fn held_comes_back(_h: &Held) -> bool {
        false
    }

    /// The ransom may be paid "during their turn" (L1477): after the turn's
    /// scoring too, when the player may have the 3 points only now or has
    /// just been captured from, if not paid at the figure step.
    fn turn_end(g: &mut Game, _events: &mut Vec<ScoreEvent>) {
        let me = g.to_move();
        if may_ransom(g) && jailed(g, me) {
            g.ask(Ask {
                mech: Mech::Tower,
                player: me,
                decision: ASK_RANSOM,
                data: 0,
            });
        }
    }

    fn after_wood(g: &mut Game, _idx: usize, _events: &mut Vec<ScoreEvent>) {
        if let Some(i) = g.ext.tower.built.take() {
            let player = g.to_move();
            // No prisoner to take: nothing to ask (a question with one
            // answer, "none", is answered at once anyway).
            g.ask(Ask {
                mech: Mech::Tower,
                player,
                decision: ASK_CAPTURE,
                data: u16::from(i),
            });
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        match at {
            At::Wood(_) => wood_answers(g, out),
            At::Ask(ask) if ask.decision == ASK_CAPTURE => {
                if !out.put(Action::Pass) {
                    return;
                }
                in_range(g, ask.data as usize, ask.player, |a| out.put_once(a));
            }
            At::Ask(ask) if ask.decision == ASK_EXCHANGE => {
                let jailer = ask.data as u8;
                for kind in prisoner_kinds(g, ask.player, jailer) {
                    if !out.put(exchange(jailer, kind)) {
                        return;
                    }
                }
            }
            At::Ask(ask) if ask.decision == ASK_RANSOM && out.put(Action::Pass) => {
                ransoms(g, PAY_AFTER, out);
            }
            _ => {}
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        match at {
            At::Wood(_) => act_wood(g, a, events),
            At::Ask(ask) if ask.decision == ASK_CAPTURE => act_capture(g, ask, a, events),
            At::Ask(ask) if ask.decision == ASK_EXCHANGE => {
                let jailer = ask.data as u8;
                let (Action::Do(Verb {
                    mech: Mech::Tower,
                    code: EXCHANGE,
                    arg: Arg::Held { player, kind },
                }),) = (a,)
                else {
                    return Err(MoveError::Waiting(EXCHANGE_DECISION.name()));
                };
                let i = (player == jailer)
                    .then(|| prisoner(g, ask.player, jailer, kind))
                    .flatten()
                    .ok_or(MoveError::rule(Mech::Tower, NO_SUCH_PRISONER))?;
                g.release(i);
                Ok(())
            }
            At::Ask(ask) if ask.decision == ASK_RANSOM => match a {
                Action::Pass => Ok(()),
                Action::Do(Verb {
                    mech: Mech::Tower,
                    code: PAY_AFTER,
                    arg: Arg::Held { player, kind },
                }) => pay_ransom(g, player, kind, events),
                _ => Err(MoveError::Waiting("the ransom after the turn's scoring")),
            },
            _ => Err(MoveError::Waiting("another decision")),
        }
    }

    /// Each tower built with its height on it and the follower on its top;
    /// each player's prisoners beside their captor's score; in words, the
    /// same in notes and holdings.
    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.tower;
        for i in 0..s.towers as usize {
            let q = g.placed[s.tile[i] as usize];
            if s.height[i] == 0 {
                continue;
            }
            let top = top_of(g, s.tile[i]);
            out.neutral.push(Neutral {
                label: Some(s.height[i].to_string()),
                top: top.map(|h| Figure {
                    player: h.player,
                    kind: h.kind,
                }),
                ..Neutral::on_cell(Self::NEUTRALS[0], q.x, q.y)
            });
            let on_top = match top {
                Some(h) => format!(", P{}'s {} on top", h.player, h.kind.def().label),
                None => String::new(),
            };
            out.notes.push(format!(
                "tower at ({}, {}): {} piece{}{on_top}",
                q.x,
                q.y,
                s.height[i],
                if s.height[i] == 1 { "" } else { "s" }
            ));
        }
        for p in 0..g.players() {
            let mut text = format!("tower pieces {}", s.pieces[p as usize]);
            let held: Vec<&crate::engine::game::Held> = g
                .held()
                .iter()
                .filter(|h| is_prisoner(h) && h.data == u16::from(p))
                .collect();
            if !held.is_empty() {
                let words: Vec<String> = held
                    .iter()
                    .map(|h| format!("P{}'s {}", h.player, h.kind.def().label))
                    .collect();
                text.push_str(&format!(" · prisoners {}", words.join(", ")));
            }
            out.held.extend(held.iter().map(|h| HeldFigure {
                holder: p,
                key: "prisoners",
                figure: Figure {
                    player: h.player,
                    kind: h.kind,
                },
            }));
            out.holdings.push(Holding {
                player: p,
                key: "tower",
                text,
            });
            out.tallies.push(Tally {
                player: p,
                key: "captured",
                count: u32::from(s.captured[p as usize]),
            });
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.tower;
        let towers: Vec<Value> = (0..s.towers as usize)
            .map(|i| {
                let q = g.placed[s.tile[i] as usize];
                let top = top_of(g, s.tile[i])
                    .map(|h| json!({ "player": h.player, "kind": h.kind.name() }));
                json!({ "x": q.x, "y": q.y, "height": s.height[i], "top": top })
            })
            .collect();
        out.insert("towers".into(), Value::Array(towers));
        out.insert(
            "tower_pieces".into(),
            json!(&s.pieces[..g.players() as usize]),
        );
        let prisoners: Vec<Vec<Value>> = (0..g.players())
            .map(|p| {
                g.held()
                    .iter()
                    .filter(|h| is_prisoner(h) && h.data == u16::from(p))
                    .map(|h| json!({ "player": h.player, "kind": h.kind.name() }))
                    .collect()
            })
            .collect();
        out.insert("prisoners".into(), json!(prisoners));
    }
}

const NO_PIECES: &str = "the player has no tower piece left";
const NOT_A_TOWER: &str = "a tower piece goes onto a foundation in play or a tower under construction, not one with a follower on top";
const NO_TOWER_TO_TOP: &str = "a follower goes on top of a tower already built (a piece or more) with none on top, never on a bare foundation (fn 3 L1492)";
const OUT_OF_RANGE: &str = "a tower captures a follower on its tile or up to its height tiles away in a straight line, never a builder, pig or barn";
const NO_SUCH_PRISONER: &str = "that player holds no such prisoner of yours";
const RANSOM_ONCE: &str = "a ransom is paid once a turn, for a prisoner held by another player, with 3 points or more (L1477, fn 29-30 L1528-L1529)";

/// Whether held figure `h` is a prisoner (not on a tower's top).
fn is_prisoner(h: &crate::engine::game::Held) -> bool {
    h.by == Mech::Tower && h.tile == NO_TILE
}

/// The follower on top of the tower of placed tile `t`.
fn top_of(g: &Game, t: u16) -> Option<&crate::engine::game::Held> {
    g.held().iter().find(|h| h.by == Mech::Tower && h.tile == t)
}

/// The index of the tower on placed tile `t`.
fn tower_at(g: &Game, t: u16) -> Option<usize> {
    let s = &g.ext.tower;
    s.tile[..s.towers as usize].iter().position(|&x| x == t)
}

/// The index in `held` of a prisoner of `owner`'s, of `kind`, held by
/// `jailer`.
fn prisoner(g: &Game, owner: u8, jailer: u8, kind: FollowerKind) -> Option<usize> {
    g.held().iter().position(|h| {
        is_prisoner(h) && h.player == owner && h.data == u16::from(jailer) && h.kind == kind
    })
}

/// The kinds of `owner`'s figures `jailer` holds, each once.
fn prisoner_kinds(g: &Game, owner: u8, jailer: u8) -> impl Iterator<Item = FollowerKind> + '_ {
    FollowerKind::ALL
        .into_iter()
        .filter(move |&k| prisoner(g, owner, jailer, k).is_some())
}

/// Whether another player holds a prisoner of `owner`'s: whether some
/// `prisoner_kinds(g, owner, jailer)` has one, in one look at the held
/// figures (every kind is among `FollowerKind::ALL`).
fn jailed(g: &Game, owner: u8) -> bool {
    g.held().iter().any(|h| {
        is_prisoner(h)
            && h.player == owner
            && h.data != u16::from(owner)
            && h.data < u16::from(g.players())
    })
}

/// Whether the player to move may pay a ransom now.
fn may_ransom(g: &Game) -> bool {
    g.ext.tower.ransom_turn != g.turn + 1
        && (g.rules.options.get(RANSOM_NEEDS) == 0
            || g.scores[g.to_move() as usize] >= RANSOM as i32)
}

/// Puts into `out` each ransom (verb `code`) the player to move may pay
/// now; false once `out` wants no more.
fn ransoms<S: Sink + ?Sized>(g: &Game, code: u8, out: &mut S) -> bool {
    let me = g.to_move();
    if !may_ransom(g) {
        return true;
    }
    // One look at the held figures first: most of the time none of them
    // is the player's, and each jailer and kind need not be searched.
    if !jailed(g, me) {
        return true;
    }
    for jailer in (0..g.players()).filter(|&j| j != me) {
        for kind in prisoner_kinds(g, me, jailer) {
            let a = Action::of(
                Mech::Tower,
                code,
                Arg::Held {
                    player: jailer,
                    kind,
                },
            );
            if !out.put(a) {
                return false;
            }
        }
    }
    true
}

/// The player to move buys back their figure of `kind` from `jailer`
/// (L1477): 3 points paid, fewer only under `ransom_needs_points = false`.
fn pay_ransom(
    g: &mut Game,
    jailer: u8,
    kind: FollowerKind,
    events: &mut Vec<ScoreEvent>,
) -> Result<(), MoveError> {
    let me = g.to_move();
    let i = (jailer != me && may_ransom(g))
        .then(|| prisoner(g, me, jailer, kind))
        .flatten()
        .ok_or(MoveError::rule(Mech::Tower, RANSOM_ONCE))?;
    let cost = RANSOM.min(u32::try_from(g.scores[me as usize]).unwrap_or(0));
    g.release(i);
    g.ext.tower.ransom_turn = g.turn + 1;
    if cost > 0 {
        g.pay(
            events,
            me,
            jailer,
            cost,
            (Reason::RansomPaid, Reason::Ransom),
            Kind::Field,
        );
    }
    Ok(())
}

/// The figure step's answers: the ransoms, then pieces and tops.
fn wood_answers<S: Sink + ?Sized>(g: &Game, out: &mut S) {
    let me = g.to_move();
    if !ransoms(g, PAY, out) {
        return;
    }
    let s = &g.ext.tower;
    // The towers with a follower on top (bit each), from one pass over the
    // figures held rather than one per tower.
    let topped = g
        .held()
        .iter()
        .filter(|h| h.by == Mech::Tower)
        .filter_map(|h| tower_at(g, h.tile))
        .fold(0u32, |m, i| m | 1 << i);
    // What the player has to put on a tower, read once for all towers
    // (the sink's calls between towers keep the compiler from hoisting
    // it); the ban is asked only of a tower a follower may go onto.
    let pieces = s.pieces[me as usize] > 0;
    let normal = g.figures(me, FollowerKind::Normal) > 0;
    let big = g.figures(me, FollowerKind::Big) > 0;
    // The bans read once for all towers (`Game::bans`), not asked of each.
    let bans = (normal || big).then(|| g.bans());
    for i in 0..s.towers as usize {
        let t = s.tile[i];
        if topped & (1 << i) != 0 {
            continue;
        }
        if pieces && !out.put(piece(t)) {
            return;
        }
        if s.height[i] > 0 && bans.is_some_and(|b| !b.banned(g, t as usize)) {
            if normal && !out.put(top(t)) {
                return;
            }
            if big && !out.put(top_big(t)) {
                return;
            }
        }
    }
}

fn act_wood(g: &mut Game, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
    let me = g.to_move();
    let Action::Do(Verb {
        mech: Mech::Tower,
        code,
        arg,
    }) = a
    else {
        return Err(MoveError::Waiting("the tower's answers"));
    };
    match (code, arg) {
        (PAY, Arg::Held { player, kind }) => pay_ransom(g, player, kind, events),
        (PIECE, Arg::Tile(t)) => {
            if g.ext.tower.pieces[me as usize] == 0 {
                return Err(MoveError::rule(Mech::Tower, NO_PIECES));
            }
            let i = tower_at(g, t)
                .filter(|_| top_of(g, t).is_none())
                .ok_or(MoveError::rule(Mech::Tower, NOT_A_TOWER))?;
            let s = &mut g.ext.tower;
            s.pieces[me as usize] -= 1;
            s.height[i] = s.height[i].saturating_add(1);
            s.built = Some(i as u8);
            Ok(())
        }
        (TOP | TOP_BIG, Arg::Tile(t)) => {
            let kind = if code == TOP {
                FollowerKind::Normal
            } else {
                FollowerKind::Big
            };
            let ok =
                tower_at(g, t).is_some_and(|i| g.ext.tower.height[i] > 0 && top_of(g, t).is_none());
            if !ok {
                return Err(MoveError::rule(Mech::Tower, NO_TOWER_TO_TOP));
            }
            if g.banned(t as usize) {
                return Err(MoveError::Banned("no figure may be put on this tile now"));
            }
            if g.figures(me, kind) == 0 {
                return Err(MoveError::NoFollowerLeft(me));
            }
            g.hold_on(me, kind, Mech::Tower, 0, t);
            Ok(())
        }
        _ => Err(MoveError::Waiting("the tower's answers")),
    }
}

/// Calls `each` with every capture the tower `i` offers to `player`, until
/// it returns false.
fn in_range(g: &Game, i: usize, player: u8, mut each: impl FnMut(Action) -> bool) {
    let s = &g.ext.tower;
    let (t, h) = (s.tile[i], i32::from(s.height[i]));
    let c = g.placed[t as usize];
    let reach = |x: i16, y: i16| {
        let (dx, dy) = (
            (i32::from(x) - i32::from(c.x)).abs(),
            (i32::from(y) - i32::from(c.y)).abs(),
        );
        (dx == 0 && dy <= h) || (dy == 0 && dx <= h)
    };
    let own = g.rules.options.get(CAPTURE_OWN) != 0;
    for f in g.followers() {
        let q = g.placed[g.features.nodes[f.node as usize].placed as usize];
        if f.kind.is_follower()
            && f.kind.def().on_tile
            && (own || f.player != player)
            && reach(q.x, q.y)
            && !each(capture(g.spot_of(f)))
        {
            return;
        }
    }
    if g.rules.options.get(TOP_CAPTURE) == 0 {
        return;
    }
    for hld in g.held() {
        if hld.by == Mech::Tower && hld.tile != NO_TILE && (own || hld.player != player) {
            let q = g.placed[hld.tile as usize];
            if reach(q.x, q.y) && !each(capture_top(hld.tile)) {
                return;
            }
        }
    }
}

fn act_capture(
    g: &mut Game,
    ask: Ask,
    a: Action,
    events: &mut Vec<ScoreEvent>,
) -> Result<(), MoveError> {
    if a == Action::Pass {
        return Ok(());
    }
    if !super::listed(g, a, |c| {
        in_range(g, ask.data as usize, ask.player, |x| c.put(x))
    }) {
        return Err(MoveError::rule(Mech::Tower, OUT_OF_RANGE));
    }
    let me = ask.player;
    let (owner, kind) = match a.arg() {
        Arg::Spot(s) => {
            let node = g.node_of(s.placed as usize, s.segment);
            let Some(i) = g
                .followers()
                .iter()
                .position(|f| f.node == node && f.player == s.player && f.kind == s.kind)
            else {
                return Err(MoveError::rule(Mech::Tower, OUT_OF_RANGE));
            };
            let f = g.remove(i, Why::By(Mech::Tower), events);
            (f.player, f.kind)
        }
        Arg::Tile(t) => {
            let Some(i) = g
                .held()
                .iter()
                .position(|h| h.by == Mech::Tower && h.tile == t)
            else {
                return Err(MoveError::rule(Mech::Tower, OUT_OF_RANGE));
            };
            let h = g.release(i);
            (h.player, h.kind)
        }
        _ => return Err(MoveError::Waiting(CAPTURE_DECISION.name())),
    };
    let n = &mut g.ext.tower.captured[me as usize];
    *n = n.saturating_add(1);
    if owner == me {
        // One's own goes home (L1461).
        return Ok(());
    }
    g.hold(owner, kind, Mech::Tower, u16::from(me));
    // Both hold each other's: exchanged at once, each owner choosing
    // which of theirs comes back (L1475, fn 27 L1526).
    if prisoner_kinds(g, me, owner).next().is_some() {
        // Posed while the capture is answered: they come next (`Game::ask`).
        g.ask(Ask {
            mech: Mech::Tower,
            player: me,
            decision: ASK_EXCHANGE,
            data: u16::from(owner),
        });
        g.ask(Ask {
            mech: Mech::Tower,
            player: owner,
            decision: ASK_EXCHANGE,
            data: u16::from(me),
        });
    }
    Ok(())
}

/// A grey stone tower of three storeys with battlements.
const TOWER_SVG: &str = concat!(
    r##"<g id="tower"><path d="M-6 10 V-6 H-7 V-10 H-4 V-8 H-1.5 V-10 H1.5 V-8 H4 V-10 H7 V-6 H6 V10 Z" fill="#9e9e9e" stroke="#222" stroke-width="1" stroke-linejoin="round"/>"##,
    r##"<path d="M-6 -1 H6 M-6 4.5 H6" stroke="#222" stroke-width="0.8"/>"##,
    r##"<rect x="-1.2" y="-5" width="2.4" height="3" fill="#222"/></g>"##
);
