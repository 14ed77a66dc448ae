//! The Catapult (000_9deb58b1a7d17d38.txt L2210-L2342, rules_digest.md
//! A.9): fairs and catapult rounds. docs/rules/catapult.md says what plays
//! and how a hurl's result is modelled.
//!
//! - A fair tile (`+fair`) is placed as usual; its yellow ground ends roads
//!   and splits fields (fn 1-3 L2324-L2326, fn 10-11 L2336-L2342), which
//!   the tiles' geometry already shows (tiles/catapult.toml).
//! - Every player holds one token of each of the four types (L2249); a
//!   hurled token is out until the round ends, then all return (L2265).
//! - The round (L2259): once the turn that placed a fair tile is over (both
//!   parts of a builder's turn), its player picks a token type and hurls
//!   one; then each other player clockwise hurls one of the same type, once
//!   each. Then play goes on with the next player (L2265). Two fair tiles
//!   in one turn make two rounds, in the order placed.
//! - A hurl's result is chance's (`Game::ask_chance`): a seeded game deals
//!   it from the model below, a scripted game or a client states it. The
//!   model (an engine choice, the seed gives none: the game is one of
//!   dexterity): the token lands on one of the 25 cells within `REACH` = 2
//!   cells of the fair tile (a 5 x 5 square centred on it), each as
//!   likely, whether a tile lies there or not (an empty cell is off the
//!   map). Distances are between cell centres.
//! - Knock-out (L2271): every follower on the landing cell's tile goes home,
//!   the hurler's own too, and those a module holds there
//!   (`Mechanic::held_on_table`: the City of Carcassonne's quarters, fn 4
//!   L2327); other figures (builder, pig, barn, shepherd, the neutral ones,
//!   a follower on top of a tower, L1469) stay, and a builder or pig left
//!   without its owner's follower goes as always. Chain reactions beyond the
//!   cell are not modelled.
//! - Seduction (L2276): off the map (an empty cell), no effect (and RGG fn 5
//!   L2329). Else the follower closest to the landing cell (any player's,
//!   HiG fn 9 L2334; `seduction = "closest-opponent"`: an opponent's, RGG
//!   fn 8 L2333); several at the same distance: chance says which (the
//!   ruler, L2276). The hurler may swap it for a follower of their own from
//!   their supply or from the board, one that may stand on that feature (fn
//!   9 L2335); the swapped-out follower goes home.
//! - Target hurling (L2281): the players whose token lands closest to the
//!   fair tile score 5 each, ties all, once everyone has hurled.
//! - Catch (L2286-L2294): each player hurls to the player on their left,
//!   who catches; the four cases of L2289-L2292 are chance's, each as
//!   likely (an engine choice): caught (the catcher scores 5), not caught
//!   but far enough (the hurler 5), not caught and short (the catcher 5),
//!   touched but not caught (the hurler 5).
//! - `catapult_rule = "fair-bonus"`, the house rule of L2298: no catapult
//!   round; the player who draws a fair tile and deploys a normal follower
//!   on it (not a big follower, a mayor or a wagon) scores 5 at once.

use serde_json::{json, Map, Value};

use super::{
    Ask, At, Hook, Mech, Mechanic, Neutral, NeutralDef, Shown, Sink, Tally, TileMark, Why,
};
use crate::engine::game::{Deployed, Game, Held};
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind};

pub(crate) struct Catapult;

/// `catapult_rule`: word 1 is `fair-bonus` (L2298).
const RULE: usize = option_index("catapult_rule");
/// `seduction`: word 1 is `closest-opponent` (fn 8 L2333).
const SEDUCTION_RULE: usize = option_index("seduction");

/// Points of the house rule's fair bonus (L2298), of target hurling
/// (L2281) and of a catch (L2289-L2292).
pub const FIVE: u32 = 5;

/// The token types, in `Arg::Word` order (L2267-L2294).
pub const TOKENS: [&str; 4] = ["knock-out", "seduction", "target", "catch"];
const KNOCK_OUT: u8 = 0;
const SEDUCTION: u8 = 1;
const TARGET: u8 = 2;
const CATCH: u8 = 3;

/// How far from the fair tile a token may land, in cells (the model's
/// reach: an engine choice, docs/rules/catapult.md).
pub const REACH: i16 = 2;
const SIDE: i16 = 2 * REACH + 1;

/// Where a token lands, as `Arg::Word`: its cell's offset from the fair
/// tile (`fair` itself, `N1E2`: one cell north, two east), row by row
/// from the north-west; index `(dy + 2) * 5 + (dx + 2)`.
pub const LANDINGS: [&str; 25] = [
    "N2W2", "N2W1", "N2", "N2E1", "N2E2", //
    "N1W2", "N1W1", "N1", "N1E1", "N1E2", //
    "W2", "W1", "fair", "E1", "E2", //
    "S1W2", "S1W1", "S1", "S1E1", "S1E2", //
    "S2W2", "S2W1", "S2", "S2E1", "S2E2",
];
const _: () = assert!(LANDINGS.len() == (SIDE * SIDE) as usize);

/// A catch's cases (L2289-L2292), as `Arg::Word`.
pub const CATCHES: [&str; 4] = ["caught", "far-enough", "short", "touched"];
/// Whether the catcher (rather than the hurler) scores in each case.
const CATCHER_SCORES: [bool; 4] = [true, false, true, false];

/// The followers a hurler may swap in from their supply (`Arg::Word`).
pub const SUPPLY_WORDS: [&str; 5] = ["normal", "big", "abbot", "mayor", "wagon"];
const SUPPLY_KINDS: [FollowerKind; 5] = [
    FollowerKind::Normal,
    FollowerKind::Big,
    FollowerKind::Abbot,
    FollowerKind::Mayor,
    FollowerKind::Wagon,
];

/// Verb codes.
const V_TOKEN: u8 = 0;
const V_LANDS: u8 = 1;
const V_CLOSEST: u8 = 2;
const V_CATCH: u8 = 3;
const V_FROM_SUPPLY: u8 = 4;
const V_FROM_BOARD: u8 = 5;

/// Decision codes.
const ASK_TOKEN: u8 = 0;
const ASK_LANDS: u8 = 1;
const ASK_CLOSEST: u8 = 2;
const ASK_CATCH: u8 = 3;
const ASK_SEDUCE: u8 = 4;

/// No landing yet.
const NONE: u8 = u8::MAX;
/// Fair tiles placed in one turn: a turn has two parts at most.
const MAX_FAIRS: usize = 2;

/// `catapult-token`: the round's token type (`TOKENS` index).
pub const fn token(k: u8) -> Action {
    Action::of(Mech::Catapult, V_TOKEN, Arg::Word(k))
}
/// `catapult-lands`: the token lands on cell `LANDINGS[k]`.
pub const fn lands(k: u8) -> Action {
    Action::of(Mech::Catapult, V_LANDS, Arg::Word(k))
}
/// `catapult-catch`: case `k` of `CATCHES`.
pub const fn catch(k: u8) -> Action {
    Action::of(Mech::Catapult, V_CATCH, Arg::Word(k))
}

/// The catapult's state in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// The tokens each player holds, by `TOKENS` index: one of each
    /// (L2249), one fewer while a hurled one is out (L2265).
    pub tokens: [[u8; 4]; MAX_PLAYERS],
    /// Fair tiles placed this turn whose rounds are still to come (placed
    /// indices), in the order placed.
    pub fairs: [u16; MAX_FAIRS],
    pub n_fairs: u8,
    /// A round is under way.
    pub active: bool,
    /// The fair tile of the round under way or of the last one.
    pub fair: u16,
    /// Who placed it: the first to hurl (L2259).
    pub host: u8,
    /// The round's token type.
    pub token: u8,
    /// Hurls done in the round.
    pub hurled: u8,
    /// Where each player's token landed in the round (`LANDINGS` index,
    /// `NONE` before it is hurled or for a catch).
    pub landed: [u8; MAX_PLAYERS],
    /// The follower the seduction token designated: its node, owner, kind.
    pub closest: Option<(u16, u8, FollowerKind)>,
    /// Rounds held in the game.
    pub rounds: u16,
    /// Each player's followers knocked out.
    pub knocked_out: [u16; MAX_PLAYERS],
    /// Each player's swaps by seduction.
    pub seductions: [u16; MAX_PLAYERS],
    /// Each player's points from target hurling and catches.
    pub won: [u16; MAX_PLAYERS],
    /// Each player's fair bonuses under the house rule (L2298).
    pub fair_bonuses: [u16; MAX_PLAYERS],
}

impl Default for State {
    fn default() -> State {
        State {
            tokens: [[1; 4]; MAX_PLAYERS],
            fairs: [0; MAX_FAIRS],
            n_fairs: 0,
            active: false,
            fair: 0,
            host: 0,
            token: 0,
            hurled: 0,
            landed: [NONE; MAX_PLAYERS],
            closest: None,
            rounds: 0,
            knocked_out: [0; MAX_PLAYERS],
            seductions: [0; MAX_PLAYERS],
            won: [0; MAX_PLAYERS],
            fair_bonuses: [0; MAX_PLAYERS],
        }
    }
}

impl Mechanic for Catapult {
    const HOOKS: &'static [Hook] = &[
        Hook::Setup,
        Hook::AfterPlace,
        Hook::AfterWood,
        Hook::TurnEnd,
    ];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "catapult-token",
            answers: Answers::Ask,
            arg: ArgKind::Word(&TOKENS),
            field: "token",
            label: "picks for the catapult round the token",
        },
        VerbDef {
            name: "catapult-lands",
            answers: Answers::Chance,
            arg: ArgKind::Word(&LANDINGS),
            field: "at",
            label: "the catapult token lands at",
        },
        VerbDef {
            name: "catapult-closest",
            answers: Answers::Chance,
            arg: ArgKind::Figure,
            field: "figure",
            label: "closest to the seduction token:",
        },
        VerbDef {
            name: "catapult-catch",
            answers: Answers::Chance,
            arg: ArgKind::Word(&CATCHES),
            field: "catch",
            label: "the catch:",
        },
        VerbDef {
            name: "seduce-from-supply",
            answers: Answers::Ask,
            arg: ArgKind::Word(&SUPPLY_WORDS),
            field: "kind",
            label: "swaps in from the supply a",
        },
        VerbDef {
            name: "seduce-from-board",
            answers: Answers::Ask,
            arg: ArgKind::Figure,
            field: "figure",
            label: "swaps in their figure",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "catapult-token",
            name: "pick the token every player hurls in this catapult round",
        },
        DecisionDef {
            key: "catapult-lands",
            name: "where the hurled catapult token lands",
        },
        DecisionDef {
            key: "catapult-closest",
            name: "which follower is closest to the seduction token",
        },
        DecisionDef {
            key: "catapult-catch",
            name: "how the catch goes: caught, far enough, short or touched",
        },
        DecisionDef {
            key: "seduction",
            name: "swap the follower closest to the seduction token for one of yours, or pass",
        },
    ];
    const REASONS: &'static [ReasonDef] = &[
        ReasonDef {
            reason: Reason::Fair,
            name: "fair",
            as_final: false,
            paid: false,
        },
        ReasonDef {
            reason: Reason::TargetHurling,
            name: "target-hurling",
            as_final: false,
            paid: false,
        },
        ReasonDef {
            reason: Reason::Catch,
            name: "catch",
            as_final: false,
            paid: false,
        },
    ];
    const NEUTRALS: &'static [NeutralDef] = &[TOKEN_MARK];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.catapult = State::default();
    }

    /// A fair tile is down: its round comes once the turn is over (L2259).
    fn after_place(g: &mut Game, idx: usize) {
        if fair_bonus(g) || !is_fair(g, idx) {
            return;
        }
        let s = &mut g.ext.catapult;
        if (s.n_fairs as usize) < MAX_FAIRS {
            s.fairs[s.n_fairs as usize] = idx as u16;
            s.n_fairs += 1;
        }
    }

    /// The house rule (L2298): a normal follower the player deployed on the
    /// fair tile just placed earns 5 at once, before the tile's scoring
    /// (which may send it home again).
    fn after_wood(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
        if !fair_bonus(g) || !is_fair(g, idx) {
            return;
        }
        let me = g.to_move();
        let on_it = g.followers().iter().any(|f| {
            f.player == me && f.kind == FollowerKind::Normal && placed_of(g, f) == idx as u16
        });
        if on_it {
            g.add_points(events, ScoreEvent::new(me, FIVE, Kind::Field, Reason::Fair));
            let n = &mut g.ext.catapult.fair_bonuses[me as usize];
            *n = n.saturating_add(1);
        }
    }

    /// The turn that placed a fair tile is over: its round (L2259).
    fn turn_end(g: &mut Game, _events: &mut Vec<ScoreEvent>) {
        if !g.ext.catapult.active && g.ext.catapult.n_fairs > 0 {
            start_round(g);
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else { return };
        let s = &g.ext.catapult;
        match ask.decision {
            ASK_TOKEN => {
                for k in 0..TOKENS.len() as u8 {
                    if !out.put(token(k)) {
                        return;
                    }
                }
            }
            ASK_LANDS => {
                for k in 0..LANDINGS.len() as u8 {
                    if !out.put(lands(k)) {
                        return;
                    }
                }
            }
            ASK_CLOSEST => {
                for f in closest(g, ask.data as u8) {
                    if !out.put_once(Action::of(
                        Mech::Catapult,
                        V_CLOSEST,
                        Arg::Spot(g.spot_of(&f)),
                    )) {
                        return;
                    }
                }
            }
            ASK_CATCH => {
                for k in 0..CATCHES.len() as u8 {
                    if !out.put(catch(k)) {
                        return;
                    }
                }
            }
            ASK_SEDUCE => {
                let Some((node, owner, kind)) = s.closest else {
                    return;
                };
                if !out.put(Action::Pass) {
                    return;
                }
                let me = ask.player;
                let feature = g.features.nodes[node as usize].kind;
                for (w, &k) in SUPPLY_KINDS.iter().enumerate() {
                    let same = owner == me && k == kind;
                    if k.is_follower()
                        && g.figures(me, k) > 0
                        && g.may_stand(k, feature)
                        && !same
                        && !out.put(Action::of(
                            Mech::Catapult,
                            V_FROM_SUPPLY,
                            Arg::Word(w as u8),
                        ))
                    {
                        return;
                    }
                }
                for f in g.followers() {
                    if f.player == me
                        && f.kind.is_follower()
                        && f.node != node
                        && g.may_stand(f.kind, feature)
                        && !out.put_once(Action::of(
                            Mech::Catapult,
                            V_FROM_BOARD,
                            Arg::Spot(g.spot_of(f)),
                        ))
                    {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        let At::Ask(ask) = at else {
            return Err(MoveError::Waiting("the catapult round"));
        };
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(Mech::Catapult, why_not(ask)));
        }
        match (ask.decision, a.arg()) {
            (ASK_TOKEN, Arg::Word(k)) => {
                g.ext.catapult.token = k;
                g.ext.catapult.rounds = g.ext.catapult.rounds.saturating_add(1);
                next_hurl(g);
            }
            (ASK_LANDS, Arg::Word(k)) => {
                let hurler = ask.data as u8;
                g.ext.catapult.landed[hurler as usize] = k;
                landed(g, hurler, k, events);
            }
            (ASK_CLOSEST, Arg::Spot(s)) => {
                let node = g.node_of(s.placed as usize, s.segment);
                g.ext.catapult.closest = Some((node, s.player, s.kind));
                g.ask(Ask {
                    mech: Mech::Catapult,
                    player: ask.data as u8,
                    decision: ASK_SEDUCE,
                    data: ask.data,
                });
            }
            (ASK_CATCH, Arg::Word(k)) => {
                let hurler = ask.data as u8;
                let catcher = (hurler + 1) % g.players();
                let winner = if CATCHER_SCORES[k as usize] {
                    catcher
                } else {
                    hurler
                };
                score(g, winner, Reason::Catch, events);
                hurl_done(g, events);
            }
            (ASK_SEDUCE, arg) => {
                match (a, arg) {
                    (Action::Pass, _) => {}
                    (_, Arg::Word(w)) => {
                        swap(g, ask.player, SUPPLY_KINDS[w as usize], None, events)
                    }
                    (_, Arg::Spot(s)) => swap(g, ask.player, s.kind, Some(s), events),
                    _ => {}
                }
                g.ext.catapult.closest = None;
                hurl_done(g, events);
            }
            _ => return Err(MoveError::rule(Mech::Catapult, why_not(ask))),
        }
        Ok(())
    }

    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.catapult;
        for (i, q) in g.placed().iter().enumerate() {
            if g.rules.tiles[q.tile as usize].flags & (1 << attr::FAIR) != 0 {
                out.marks.push(TileMark {
                    def: FAIR_MARK,
                    placed: i as u16,
                });
            }
        }
        if s.rounds > 0 && (s.fair as usize) < g.placed().len() {
            let q = g.placed()[s.fair as usize];
            for p in 0..g.players() {
                let k = s.landed[p as usize];
                if k == NONE {
                    continue;
                }
                let (dx, dy) = offset(k);
                let mut n = Neutral::on_cell(TOKEN_MARK, q.x + dx, q.y + dy);
                n.label = Some(format!("P{p}"));
                out.neutral.push(n);
            }
            let what = TOKENS[s.token as usize];
            out.notes.push(if s.active {
                format!(
                    "catapult round of P{}: {what}, {} of {} hurled",
                    s.host,
                    s.hurled,
                    g.players()
                )
            } else {
                format!("last catapult round: P{}, {what}", s.host)
            });
        }
        for p in 0..g.players() {
            let i = p as usize;
            for (key, n) in [
                ("knocked-out", s.knocked_out[i]),
                ("seductions", s.seductions[i]),
                ("catapult-points", s.won[i]),
                ("fair-bonuses", s.fair_bonuses[i]),
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
        let s = &g.ext.catapult;
        let n = g.players() as usize;
        out.insert(
            "catapult_rule".into(),
            json!(if fair_bonus(g) {
                "fair-bonus"
            } else {
                "rounds"
            }),
        );
        let tokens: Vec<Value> = s.tokens[..n]
            .iter()
            .map(|t| {
                TOKENS
                    .iter()
                    .zip(t)
                    .map(|(name, c)| (name.to_string(), json!(c)))
                    .collect::<Map<String, Value>>()
                    .into()
            })
            .collect();
        out.insert("catapult_tokens".into(), Value::Array(tokens));
        let round = (s.rounds > 0 && (s.fair as usize) < g.placed().len()).then(|| {
            let q = g.placed()[s.fair as usize];
            let landed: Vec<Value> = s.landed[..n]
                .iter()
                .map(|&k| match k {
                    NONE => Value::Null,
                    k => json!(LANDINGS[k as usize]),
                })
                .collect();
            json!({
                "active": s.active,
                "fair": [q.x, q.y],
                "host": s.host,
                "token": TOKENS[s.token as usize],
                "hurled": s.hurled,
                "landed": landed,
            })
        });
        out.insert("catapult_round".into(), json!(round));
        out.insert("catapult_rounds".into(), json!(s.rounds));
        out.insert("knocked_out".into(), json!(&s.knocked_out[..n]));
        out.insert("seductions".into(), json!(&s.seductions[..n]));
        out.insert("catapult_points".into(), json!(&s.won[..n]));
        out.insert("fair_bonuses".into(), json!(&s.fair_bonuses[..n]));
    }
}

/// Why `ask` refuses an answer.
fn why_not(ask: Ask) -> &'static str {
    match ask.decision {
        ASK_TOKEN => "the round's token is knock-out, seduction, target or catch (L2267-L2294)",
        ASK_LANDS => "a catapult token lands within 2 cells of the fair tile (N2W2 to S2E2, `fair` on it)",
        ASK_CLOSEST => "the closest to the seduction token is one of the followers nearest its cell",
        ASK_CATCH => "a catch is caught, far-enough, short or touched (L2289-L2292)",
        _ => "swap the closest follower for one of yours that may stand on its feature, or pass (fn 9 L2334-L2335)",
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

/// The placed tile figure `f` stands on.
fn placed_of(g: &Game, f: &Deployed) -> u16 {
    g.features.nodes[f.node as usize].placed
}

/// The cell offset of landing `k`.
fn offset(k: u8) -> (i16, i16) {
    let k = i16::from(k);
    (k % SIDE - REACH, k / SIDE - REACH)
}

/// The cell landing `k` of the round's fair tile is.
fn landing_cell(g: &Game, k: u8) -> (i16, i16) {
    let q = g.placed[g.ext.catapult.fair as usize];
    let (dx, dy) = offset(k);
    (q.x + dx, q.y + dy)
}

/// The next fair tile's round: its placer picks the token (L2259).
fn start_round(g: &mut Game) {
    let host = g.to_move();
    let s = &mut g.ext.catapult;
    let fair = s.fairs[0];
    s.fairs.copy_within(1.., 0);
    s.n_fairs -= 1;
    s.active = true;
    s.fair = fair;
    s.host = host;
    s.hurled = 0;
    s.landed = [NONE; MAX_PLAYERS];
    s.closest = None;
    g.ask(Ask {
        mech: Mech::Catapult,
        player: host,
        decision: ASK_TOKEN,
        data: 0,
    });
}

/// The next player clockwise hurls (L2259): chance says where the token
/// lands, or how the catch goes.
fn next_hurl(g: &mut Game) {
    let n = g.players();
    let s = &mut g.ext.catapult;
    let hurler = (s.host + s.hurled) % n;
    let t = &mut s.tokens[hurler as usize][s.token as usize];
    *t = t.saturating_sub(1);
    let decision = if s.token == CATCH {
        ASK_CATCH
    } else {
        ASK_LANDS
    };
    g.ask_chance(Mech::Catapult, decision, u16::from(hurler));
}

/// `hurler`'s token landed on `LANDINGS[k]`: its effect.
fn landed(g: &mut Game, hurler: u8, k: u8, events: &mut Vec<ScoreEvent>) {
    let (x, y) = landing_cell(g, k);
    match g.ext.catapult.token {
        KNOCK_OUT => {
            // L2271: every follower touched goes home, the hurler's too.
            let on_cell = |g: &Game, f: &Deployed| {
                let q = g.placed[placed_of(g, f) as usize];
                f.kind.is_follower() && (q.x, q.y) == (x, y)
            };
            while let Some(i) = g.followers().iter().position(|f| on_cell(g, f)) {
                let f = g.remove(i, Why::By(Mech::Catapult), events);
                let n = &mut g.ext.catapult.knocked_out[f.player as usize];
                *n = n.saturating_add(1);
            }
            // Followers a module holds where the token lands: those in the
            // City of Carcassonne's quarters (fn 4 L2327). Prisoners,
            // wagons on their way, followers in castles or on top of a
            // tower are out of reach (`Mechanic::held_on_table`).
            if let Some(t) = g.board.placed_at(i32::from(x), i32::from(y)) {
                let on_tile = |g: &Game, h: &Held| {
                    h.kind.is_follower() && super::held_on_table(g, h, t as u16)
                };
                while let Some(i) = g.held().iter().position(|h| on_tile(g, h)) {
                    let h = g.release(i);
                    let n = &mut g.ext.catapult.knocked_out[h.player as usize];
                    *n = n.saturating_add(1);
                }
            }
            hurl_done(g, events);
        }
        SEDUCTION => {
            // L2276: off the map, or no follower to designate: no effect.
            let on_map = g.board.placed_at(i32::from(x), i32::from(y)).is_some();
            if on_map && !closest(g, hurler).is_empty() {
                g.ask_chance(Mech::Catapult, ASK_CLOSEST, u16::from(hurler));
            } else {
                hurl_done(g, events);
            }
        }
        _ => hurl_done(g, events),
    }
}

/// The followers closest to `hurler`'s seduction token, tied at the least
/// distance (fn 8 L2333 under `closest-opponent`: opponents' only).
fn closest(g: &Game, hurler: u8) -> Vec<Deployed> {
    let k = g.ext.catapult.landed[hurler as usize];
    if k == NONE {
        return Vec::new();
    }
    let (x, y) = landing_cell(g, k);
    let opponents = g.rules.options.get(SEDUCTION_RULE) == 1;
    let dist = |f: &Deployed| {
        let q = g.placed[placed_of(g, f) as usize];
        let (dx, dy) = (i32::from(q.x - x), i32::from(q.y - y));
        dx * dx + dy * dy
    };
    let candidates = || {
        g.followers()
            .iter()
            .filter(move |f| f.kind.is_follower() && !(opponents && f.player == hurler))
    };
    let Some(best) = candidates().map(dist).min() else {
        return Vec::new();
    };
    candidates().filter(|f| dist(f) == best).copied().collect()
}

/// `me` swaps the designated follower for their figure of `kind`, from
/// their supply or (`from`) from the board; the swapped-out follower goes
/// home (L2276, fn 9 L2334).
fn swap(
    g: &mut Game,
    me: u8,
    kind: FollowerKind,
    from: Option<Spot>,
    events: &mut Vec<ScoreEvent>,
) {
    let Some((node, owner, was)) = g.ext.catapult.closest else {
        return;
    };
    let find = |g: &Game, node: u16, player: u8, kind: FollowerKind| {
        g.followers()
            .iter()
            .position(|f| f.node == node && f.player == player && f.kind == kind)
    };
    if let Some(i) = find(g, node, owner, was) {
        g.remove(i, Why::By(Mech::Catapult), events);
    }
    if let Some(s) = from {
        let at = g.node_of(s.placed as usize, s.segment);
        if let Some(i) = find(g, at, me, kind) {
            g.remove(i, Why::By(Mech::Catapult), events);
        }
    }
    if g.figures(me, kind) > 0 {
        g.put_figure(me, kind, node);
        let n = &mut g.ext.catapult.seductions[me as usize];
        *n = n.saturating_add(1);
    }
}

/// `p` scores 5 for `reason`.
fn score(g: &mut Game, p: u8, reason: Reason, events: &mut Vec<ScoreEvent>) {
    g.add_points(events, ScoreEvent::new(p, FIVE, Kind::Field, reason));
    let n = &mut g.ext.catapult.won[p as usize];
    *n = n.saturating_add(FIVE as u16);
}

/// A hurl is over: the next player's, or the round's end.
fn hurl_done(g: &mut Game, events: &mut Vec<ScoreEvent>) {
    g.ext.catapult.hurled += 1;
    if g.ext.catapult.hurled < g.players() {
        next_hurl(g);
        return;
    }
    let s = g.ext.catapult;
    if s.token == TARGET {
        // L2281: closest to the fair tile, 5 each on a tie.
        let dist = |k: u8| {
            let (dx, dy) = offset(k);
            dx * dx + dy * dy
        };
        let hurlers = 0..g.players();
        let best = hurlers
            .clone()
            .filter(|&p| s.landed[p as usize] != NONE)
            .map(|p| dist(s.landed[p as usize]))
            .min();
        for p in hurlers {
            let k = s.landed[p as usize];
            if k != NONE && Some(dist(k)) == best {
                score(g, p, Reason::TargetHurling, events);
            }
        }
    }
    // L2265: the tokens return to their owners.
    let s = &mut g.ext.catapult;
    s.tokens = [[1; 4]; MAX_PLAYERS];
    s.active = false;
    if s.n_fairs > 0 {
        start_round(g);
    }
}

/// A fair: a yellow pennant on a pole.
const FAIR_MARK: NeutralDef = NeutralDef {
    name: "fair",
    svg: concat!(
        r##"<g id="fair"><path d="M-5 10 L-5 -10" stroke="#5a3a1a" stroke-width="1.4"/>"##,
        r##"<path d="M-5 -10 L8 -6 L-5 -2 Z" fill="#f2c531" stroke="#8a6d10" stroke-width="0.8"/></g>"##
    ),
};

/// A catapult token where it landed.
const TOKEN_MARK: NeutralDef = NeutralDef {
    name: "catapult-token",
    svg: r##"<g id="catapult-token"><circle r="6" fill="#d9d2c3" stroke="#4a3b22" stroke-width="1.2"/><circle r="2.5" fill="#a33"/></g>"##,
};
