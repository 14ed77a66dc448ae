//! The Messages (004_e9353f116722cd5d.txt L36-L68, rules_digest.md E.2;
//! docs/rules/messages.md says what plays and where each point comes from).
//! The message tiles are cards, not land: the deck is this module's state.
//!
//! - Each player has a messenger, a second marker on the score track from
//!   0 (L43); a player's score is the sum of both markers (L45), so
//!   `Game::scores` stays the sum and this module keeps the messenger's
//!   position; the score marker stands on the rest.
//! - Every gain (`Hook::Gained`) moves one of the two markers, the
//!   scorer's choice (L45). A gain can come at any step, so it is noted
//!   and its choice asked at the next point the turn stops for decisions:
//!   after the figure step (`Hook::AfterWood`: the abbot's return is a
//!   scoring round of its own, 001_46b8449c567a6f1a.txt fn 28 L857), after
//!   the part's scoring (`Hook::AfterScore`), at the turn's end
//!   (`Hook::TurnEnd`), or right after a message that scored. It is asked
//!   only when the two answers lead to different games: different spaces
//!   modulo 5 for the two markers, or, for the active player, a dark space
//!   reached by one and not the other. Otherwise the score marker moves.
//!   Gains of the final scoring move the score marker: the game is over.
//! - The active player's moved marker landing on a dark space (0, 5, 10,
//!   ...) draws the top message (L45, L47): they perform it or take 2
//!   points (L49-L53); it goes to the bottom (L55). The deck's order is
//!   chance's, told one card at a time the first time each is drawn (a
//!   shuffle at setup, L43, revealed as it is used); after eight draws the
//!   deck repeats that order.
//! - A message's points are a gain again, so a landing may follow
//!   (rules_digest: chains); more than `MAX_CHAIN` messages in one turn is
//!   refused with an error, never cut short.
//! - The eight messages (L59-L66): the smallest road / city / cloister with
//!   a follower of the player, scored as at the game's end for that player
//!   alone, the follower staying (the player picks among equally small
//!   ones); 2 per pennant in cities with their follower; 2 per knight; 2
//!   per farmer; another tile (a second turn part, as the builder's); a
//!   follower taken back, its feature scored as at the game's end if the
//!   player has its majority.

use serde_json::{json, Map, Value};

use super::{Ask, At, Holding, Hook, Mech, Mechanic, NextPart, Shown, Sink, Tally, Why};
use crate::engine::game::Game;
use crate::engine::scoring;
use crate::engine::types::*;
use crate::tables::Kind;

pub(crate) struct Messages;

/// The message tiles (L41).
pub const DECK: usize = 8;

/// Gains noted before their marker is asked: more than a part's scoring
/// ever brings (a tile completes four features at most, with six players).
pub const MAX_NOTED: usize = 48;

/// The most messages drawn in one turn: a chain beyond it is refused.
pub const MAX_CHAIN: u16 = 64;

/// The space of the track every fifth one is dark (L45).
const DARK: i32 = 5;

/// The messages by number (L59-L66), as the `message` verb names them.
pub const NAMES: [&str; DECK] = [
    "road", "city", "cloister", "pennants", "knights", "farmers", "tile", "follower",
];

/// Message indices.
const M_ROAD: u8 = 0;
const M_CITY: u8 = 1;
const M_CLOISTER: u8 = 2;
const M_PENNANTS: u8 = 3;
const M_KNIGHTS: u8 = 4;
const M_FARMERS: u8 = 5;
const M_TILE: u8 = 6;
const M_FOLLOWER: u8 = 7;

/// Verb codes.
const V_MARKER: u8 = 0;
const V_MESSAGE: u8 = 1;
const V_DISPATCH: u8 = 2;
const V_FEATURE: u8 = 3;
const V_FOLLOWER: u8 = 4;

/// Decision codes.
const ASK_MARKER: u8 = 0;
const ASK_MESSAGE: u8 = 1;
const ASK_DISPATCH: u8 = 2;
const ASK_FEATURE: u8 = 3;
const ASK_FOLLOWER: u8 = 4;

/// The bit of a marker decision's data saying the gain came in the
/// scorer's own turn; the rest are the points.
const ACTIVE: u16 = 1 << 15;

/// `messenger`: the messenger moves (`true`) or the score marker.
pub const fn marker(messenger: bool) -> Action {
    Action::of(Mech::Messages, V_MARKER, Arg::Bool(messenger))
}

/// `message`: chance's answer, the message on top of the deck (an index
/// into `NAMES`).
pub const fn message(m: u8) -> Action {
    Action::of(Mech::Messages, V_MESSAGE, Arg::Word(m))
}

/// `dispatch`: perform the message (`true`) or take 2 points.
pub const fn dispatch(perform: bool) -> Action {
    Action::of(Mech::Messages, V_DISPATCH, Arg::Bool(perform))
}

/// `message-feature`: of the equally small features, the one with the
/// player's figure at `s`.
pub const fn feature(s: Spot) -> Action {
    Action::of(Mech::Messages, V_FEATURE, Arg::Spot(s))
}

/// `message-follower`: the follower at `s` is taken back.
pub const fn follower(s: Spot) -> Action {
    Action::of(Mech::Messages, V_FOLLOWER, Arg::Spot(s))
}

/// A gain whose marker is not asked yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Noted {
    player: u8,
    /// The points and `ACTIVE`: a marker decision's data.
    data: u16,
}

/// The messengers and the deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// Each player's messenger: their points it stands for.
    pub messenger: [i32; MAX_PLAYERS],
    /// Each player's points gained and not yet on either marker (noted or
    /// asked).
    pub unmoved: [i32; MAX_PLAYERS],
    noted: [Noted; MAX_NOTED],
    n_noted: u8,
    /// The deck's order as far as it is known: `order[..known]`.
    pub order: [u8; DECK],
    /// How many messages have been turned up for the first time.
    pub known: u8,
    /// Messages drawn so far: the top is `order[draws % DECK]`.
    pub draws: u32,
    /// The last message drawn, `NAMES` index + 1 (0: none yet).
    pub last: u8,
    /// Each player's messages performed and 2-point choices.
    pub performed: [u16; MAX_PLAYERS],
    /// Each player's 2-point choices.
    pub took_two: [u16; MAX_PLAYERS],
    /// "Play another tile" performed this part.
    extra: bool,
    /// `turn + 1` of the last part's end: no part can follow it this turn.
    closed: u32,
    /// `turn + 1` of the turn `chain` counts in, and its messages.
    chain_turn: u32,
    chain: u16,
}

impl Default for State {
    fn default() -> State {
        State {
            messenger: [0; MAX_PLAYERS],
            unmoved: [0; MAX_PLAYERS],
            noted: [Noted::default(); MAX_NOTED],
            n_noted: 0,
            order: [0; DECK],
            known: 0,
            draws: 0,
            last: 0,
            performed: [0; MAX_PLAYERS],
            took_two: [0; MAX_PLAYERS],
            extra: false,
            closed: 0,
            chain_turn: 0,
            chain: 0,
        }
    }
}

/// Where player `p`'s score marker stands: their points less the
/// messenger's and those not on a marker yet.
pub fn score_marker(g: &Game, p: u8) -> i32 {
    let s = &g.ext.messages;
    g.scores()[p as usize] - s.messenger[p as usize] - s.unmoved[p as usize]
}

/// Whether a marker at `at` stands on a dark space (L45): the track is
/// lapped every fifty spaces (000_9deb58b1a7d17d38.txt L222), a multiple of
/// five.
pub fn dark(at: i32) -> bool {
    at.rem_euclid(DARK) == 0
}

/// Whether moving the messenger instead of the score marker by `points`
/// makes a difference: the markers' spaces modulo 5 afterwards (which of
/// them is which does not matter to any rule), or, for a gain in the
/// scorer's own turn, a dark space reached by one and not the other.
fn matters(score: i32, messenger: i32, points: i32, active: bool) -> bool {
    let r = |x: i32| x.rem_euclid(DARK);
    let pair = |a: i32, b: i32| (r(a).min(r(b)), r(a).max(r(b)));
    let by_score = pair(score + points, messenger);
    let by_messenger = pair(score, messenger + points);
    by_score != by_messenger || (active && dark(score + points) != dark(messenger + points))
}

impl Mechanic for Messages {
    const HOOKS: &'static [Hook] = &[
        Hook::Setup,
        Hook::AfterWood,
        Hook::AfterScore,
        Hook::PartEnd,
        Hook::TurnEnd,
        Hook::GameEnd,
        Hook::Gained,
    ];
    // Their points on the hooks where gains are asked come first, so they
    // are asked in the same turn.
    const AFTER: &'static [Mech] = &[
        Mech::Barn,
        Mech::Bazaars,
        Mech::Castles,
        Mech::Catapult,
        Mech::Count,
        Mech::Goods,
        Mech::KingRobber,
        Mech::Tower,
        Mech::Robbers,
        Mech::Builder,
    ];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "messenger",
            answers: Answers::Ask,
            arg: ArgKind::Bool,
            field: "messenger",
            label: "moves the messenger",
        },
        VerbDef {
            name: "message",
            answers: Answers::Chance,
            arg: ArgKind::Word(&NAMES),
            field: "message",
            label: "message on top of the deck",
        },
        VerbDef {
            name: "dispatch",
            answers: Answers::Ask,
            arg: ArgKind::Bool,
            field: "perform",
            label: "performs the message",
        },
        VerbDef {
            name: "message-feature",
            answers: Answers::Ask,
            arg: ArgKind::Figure,
            field: "figure",
            label: "scores the feature of",
        },
        VerbDef {
            name: "message-follower",
            answers: Answers::Ask,
            arg: ArgKind::Figure,
            field: "figure",
            label: "takes back",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "messenger",
            name: "move the messenger or the score marker by points gained",
        },
        DecisionDef {
            key: "message",
            name: "the message on top of the deck, turned up for the first time (chance)",
        },
        DecisionDef {
            key: "dispatch",
            name: "perform the message drawn or take 2 points",
        },
        DecisionDef {
            key: "message-feature",
            name: "which of the equally small features the message scores",
        },
        DecisionDef {
            key: "message-follower",
            name: "which follower the message takes back",
        },
    ];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::Message,
        name: "message",
        // Features a message scores count as at the game's end (L59, L66).
        as_final: true,
        paid: false,
    }];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.messages = State::default();
    }

    /// Note the gain; its marker is asked later. Gains once the game is
    /// over move the score marker.
    fn gained(g: &mut Game, e: &ScoreEvent, _before: i32, _events: &mut Vec<ScoreEvent>) {
        if e.points == 0 || g.is_over() {
            return;
        }
        let active = e.player == g.to_move();
        let me = e.player as usize;
        let s = &mut g.ext.messages;
        let mut left = e.points;
        // A gain too large for one decision's data is split (never in
        // practice: a feature worth 32767 points).
        while left > 0 {
            let points = left.min(u32::from(ACTIVE - 1));
            left -= points;
            let n = s.n_noted as usize;
            if n == MAX_NOTED {
                debug_assert!(false, "more than {MAX_NOTED} gains noted before a stop");
                // The score marker takes it.
                return;
            }
            s.unmoved[me] += points as i32;
            s.noted[n] = Noted {
                player: e.player,
                data: points as u16 | if active { ACTIVE } else { 0 },
            };
            s.n_noted += 1;
        }
    }

    /// The figure step's gains (the abbot's return, a scoring round for
    /// the Messages, 001_46b8449c567a6f1a.txt fn 28 L857) and those since
    /// the turn began are asked before the tile's scoring.
    fn after_wood(g: &mut Game, _idx: usize, _events: &mut Vec<ScoreEvent>) {
        ask_noted(g);
    }

    fn after_score(g: &mut Game, _idx: usize, _events: &mut Vec<ScoreEvent>) {
        ask_noted(g);
    }

    /// "Play another tile" performed in this part gives the turn its second
    /// part (L65), as the builder's second tile.
    fn part_end(g: &mut Game) -> NextPart {
        let turn = g.turn();
        let s = &mut g.ext.messages;
        s.closed = turn + 1;
        if std::mem::take(&mut s.extra) {
            NextPart::Take
        } else {
            NextPart::None
        }
    }

    fn turn_end(g: &mut Game, _events: &mut Vec<ScoreEvent>) {
        ask_noted(g);
    }

    /// The game is over: what no marker took yet is the score marker's.
    fn game_end(g: &mut Game, _events: &mut Vec<ScoreEvent>) {
        let s = &mut g.ext.messages;
        s.n_noted = 0;
        s.unmoved = [0; MAX_PLAYERS];
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else { return };
        let p = ask.player;
        match ask.decision {
            ASK_MARKER => {
                let points = i32::from(ask.data & !ACTIVE);
                let active = ask.data & ACTIVE != 0 && p == g.to_move();
                let here = score_marker(g, p);
                let messenger = g.ext.messages.messenger[p as usize];
                if out.put(marker(false)) && matters(here, messenger, points, active) {
                    out.put(marker(true));
                }
            }
            ASK_MESSAGE => {
                let s = &g.ext.messages;
                for m in 0..DECK as u8 {
                    if !s.order[..s.known as usize].contains(&m) && !out.put(message(m)) {
                        return;
                    }
                }
            }
            ASK_DISPATCH => {
                let more = out.put(dispatch(false));
                if more && may_perform(g, top(g)) {
                    out.put(dispatch(true));
                }
            }
            ASK_FEATURE => {
                let kind = feature_kind(ask.data as u8);
                for root in smallest(g, p, kind).iter().flatten() {
                    if let Some(f) = g.followers().iter().find(|f| {
                        f.player == p && f.kind.is_follower() && g.root_of(f.node) == *root
                    }) {
                        if !out.put(feature(g.spot_of(f))) {
                            return;
                        }
                    }
                }
            }
            ASK_FOLLOWER => {
                for f in g.followers() {
                    if f.player == p
                        && f.kind.is_follower()
                        && !out.put_once(follower(g.spot_of(f)))
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
            return Err(MoveError::Waiting("the messages' decisions"));
        };
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(Mech::Messages, why_not(ask)));
        }
        let p = ask.player;
        match (ask.decision, a.arg()) {
            (ASK_MARKER, Arg::Bool(by_messenger)) => move_marker(g, ask, by_messenger)?,
            (ASK_MESSAGE, Arg::Word(m)) => {
                let s = &mut g.ext.messages;
                s.order[s.known as usize] = m;
                s.known += 1;
            }
            (ASK_DISPATCH, Arg::Bool(perform)) => {
                let m = top(g);
                let s = &mut g.ext.messages;
                s.draws += 1;
                s.last = m + 1;
                if perform {
                    s.performed[p as usize] = s.performed[p as usize].saturating_add(1);
                    carry_out(g, p, m, events);
                } else {
                    s.took_two[p as usize] = s.took_two[p as usize].saturating_add(1);
                    // The seal's 2 points (L53).
                    g.add_points(events, ScoreEvent::new(p, 2, Kind::Field, Reason::Message));
                }
                ask_noted(g);
            }
            (ASK_FEATURE, Arg::Spot(spot)) => {
                let root = g.root_of(g.node_of(spot.placed as usize, spot.segment));
                score_for(g, p, root, events);
                ask_noted(g);
            }
            (ASK_FOLLOWER, Arg::Spot(spot)) => {
                take_back(g, p, spot, events);
                ask_noted(g);
            }
            _ => return Err(MoveError::rule(Mech::Messages, why_not(ask))),
        }
        Ok(())
    }

    /// Each player's two markers after their score (the viewer and `render
    /// game` write a player's holdings there), and tallies of the messages.
    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.messages;
        for p in 0..g.players() {
            out.holdings.push(Holding {
                player: p,
                key: "messenger",
                text: format!(
                    "messenger {}, score marker {}",
                    s.messenger[p as usize],
                    score_marker(g, p)
                ),
            });
            for (key, count) in [
                ("messages-performed", u32::from(s.performed[p as usize])),
                ("messages-two-points", u32::from(s.took_two[p as usize])),
            ] {
                out.tallies.push(Tally {
                    player: p,
                    key,
                    count,
                });
            }
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.messages;
        let n = g.players();
        out.insert("messengers".into(), json!(&s.messenger[..n as usize]));
        let markers: Vec<i32> = (0..n).map(|p| score_marker(g, p)).collect();
        out.insert("score_markers".into(), json!(markers));
        let order: Vec<&str> = s.order[..s.known as usize]
            .iter()
            .map(|&m| NAMES[m as usize])
            .collect();
        out.insert("messages_known".into(), json!(order));
        out.insert("messages_drawn".into(), json!(s.draws));
        out.insert(
            "last_message".into(),
            match s.last {
                0 => Value::Null,
                m => json!(NAMES[m as usize - 1]),
            },
        );
    }
}

/// Ask each noted gain's marker, in the order gained.
fn ask_noted(g: &mut Game) {
    let s = &mut g.ext.messages;
    let n = std::mem::take(&mut s.n_noted) as usize;
    let noted = s.noted;
    for gain in &noted[..n] {
        g.ask(Ask {
            mech: Mech::Messages,
            player: gain.player,
            decision: ASK_MARKER,
            data: gain.data,
        });
    }
}

/// The gain of marker decision `ask` moves the messenger or the score
/// marker; a dark space reached in the scorer's turn draws a message.
fn move_marker(g: &mut Game, ask: Ask, by_messenger: bool) -> Result<(), MoveError> {
    let p = ask.player;
    let points = i32::from(ask.data & !ACTIVE);
    let active = ask.data & ACTIVE != 0 && p == g.to_move() && !g.is_over();
    let landed = if by_messenger {
        g.ext.messages.messenger[p as usize]
    } else {
        score_marker(g, p)
    } + points;
    let draws = active && dark(landed);
    let turn = g.turn() + 1;
    if draws {
        let s = &g.ext.messages;
        let chain = if s.chain_turn == turn { s.chain } else { 0 };
        if chain >= MAX_CHAIN {
            return Err(MoveError::rule(
                Mech::Messages,
                "more than 64 messages in one turn: a chain this long is refused",
            ));
        }
    }
    let s = &mut g.ext.messages;
    s.unmoved[p as usize] -= points;
    if by_messenger {
        s.messenger[p as usize] += points;
    }
    if draws {
        if s.chain_turn != turn {
            s.chain_turn = turn;
            s.chain = 0;
        }
        s.chain += 1;
        // The top message (L47): chance's the first time it is turned up.
        if (s.draws as usize) >= s.known as usize && (s.known as usize) < DECK {
            g.ask_chance(Mech::Messages, ASK_MESSAGE, 0);
        }
        g.ask(Ask {
            mech: Mech::Messages,
            player: p,
            decision: ASK_DISPATCH,
            data: 0,
        });
    }
    Ok(())
}

/// The message on top of the deck (its `NAMES` index): the eight come back
/// in the order first drawn, each used one going to the bottom (L55).
fn top(g: &Game) -> u8 {
    let s = &g.ext.messages;
    s.order[(s.draws as usize) % DECK]
}

/// Whether message `m` can be performed now: "play another tile" needs a
/// part to follow this one (the first part, its end not yet passed, a tile
/// left); the others always can, if to no effect.
fn may_perform(g: &Game, m: u8) -> bool {
    m != M_TILE || (g.part() == 1 && g.ext.messages.closed != g.turn() + 1 && g.remaining() > 0)
}

/// The feature kind of messages 1-3.
fn feature_kind(m: u8) -> Kind {
    match m {
        M_ROAD => Kind::Road,
        M_CITY => Kind::City,
        _ => Kind::Cloister,
    }
}

/// The features of `kind` with a follower of `p` (L59: a majority is not
/// needed) worth the fewest points as at the game's end, in the order
/// their first follower was deployed.
fn smallest(g: &Game, p: u8, kind: Kind) -> [Option<u16>; 16] {
    let mut found = [None; 16];
    let mut n = 0;
    let mut best = u32::MAX;
    for f in g.followers() {
        if f.player != p || !f.kind.is_follower() || g.kind_of(f.node) != kind {
            continue;
        }
        let root = g.root_of(f.node);
        if found[..n].contains(&Some(root)) {
            continue;
        }
        let v = scoring::value(g, root, Reason::Message);
        if v < best {
            best = v;
            found = [None; 16];
            n = 0;
        }
        if v == best && n < found.len() {
            found[n] = Some(root);
            n += 1;
        }
    }
    found
}

/// Perform message `m` for player `p` (L59-L66).
fn carry_out(g: &mut Game, p: u8, m: u8, events: &mut Vec<ScoreEvent>) {
    match m {
        M_ROAD | M_CITY | M_CLOISTER => {
            let tied = smallest(g, p, feature_kind(m));
            match (tied[0], tied[1]) {
                (Some(root), None) => score_for(g, p, root, events),
                (Some(_), Some(_)) => g.ask(Ask {
                    mech: Mech::Messages,
                    player: p,
                    decision: ASK_FEATURE,
                    data: u16::from(m),
                }),
                _ => {}
            }
        }
        M_PENNANTS => {
            // Each city once, however many followers of `p` stand in it.
            let mut roots = [u16::MAX; 64];
            let mut n = 0;
            let mut pennants = 0u32;
            for f in g.followers() {
                if f.player != p || !f.kind.is_follower() || g.kind_of(f.node) != Kind::City {
                    continue;
                }
                let root = g.root_of(f.node);
                if !roots[..n].contains(&root) && n < roots.len() {
                    roots[n] = root;
                    n += 1;
                    pennants += u32::from(g.features.nodes[root as usize].pennants);
                }
            }
            give(g, p, 2 * pennants, Kind::City, events);
        }
        M_KNIGHTS | M_FARMERS => {
            let kind = if m == M_KNIGHTS {
                Kind::City
            } else {
                Kind::Field
            };
            let n = g
                .followers()
                .iter()
                .filter(|f| f.player == p && f.kind.is_follower() && g.kind_of(f.node) == kind)
                .count() as u32;
            give(g, p, 2 * n, kind, events);
        }
        M_TILE => g.ext.messages.extra = true,
        M_FOLLOWER
            if g.followers()
                .iter()
                .any(|f| f.player == p && f.kind.is_follower()) =>
        {
            g.ask(Ask {
                mech: Mech::Messages,
                player: p,
                decision: ASK_FOLLOWER,
                data: 0,
            });
        }
        _ => {}
    }
}

/// `p` gains `points` from a message.
fn give(g: &mut Game, p: u8, points: u32, kind: Kind, events: &mut Vec<ScoreEvent>) {
    if points > 0 {
        g.add_points(events, ScoreEvent::new(p, points, kind, Reason::Message));
    }
}

/// `p` scores the feature rooted at `root` as at the game's end, alone,
/// and their followers stay (L59).
fn score_for(g: &mut Game, p: u8, root: u16, events: &mut Vec<ScoreEvent>) {
    let points = scoring::value(g, root, Reason::Message);
    let kind = g.kind_of(root);
    give(g, p, points, kind, events);
}

/// `p` takes back their follower at `spot` (L66): if they hold the
/// majority of its feature, the feature scores first as at the game's end
/// (for everyone with that majority).
fn take_back(g: &mut Game, p: u8, spot: Spot, events: &mut Vec<ScoreEvent>) {
    let node = g.node_of(spot.placed as usize, spot.segment);
    let Some(i) = g
        .followers()
        .iter()
        .position(|f| f.node == node && f.player == p && f.kind == spot.kind)
    else {
        return;
    };
    let root = g.root_of(node);
    let s = scoring::strengths(g, root);
    if scoring::winners(g, root) & (1 << p) != 0 {
        let kind = g.kind_of(root);
        let (points, farm) = if kind == Kind::Field {
            let cities = scoring::farm_cities(g, root);
            let n = cities.count() as u32;
            (3 * n + cities.extra, Some((root, n)))
        } else {
            (scoring::value(g, root, Reason::Message), None)
        };
        scoring::award(g, root, &s, points, kind, Reason::Message, events, farm);
    }
    g.remove(i, Why::By(Mech::Messages), events);
}

/// Why an answer to `ask` is refused.
fn why_not(ask: Ask) -> &'static str {
    match ask.decision {
        ASK_MARKER => "the messenger or the score marker moves by the points gained (L45); the messenger only where it changes the game",
        ASK_MESSAGE => "the message on top is one not yet drawn",
        ASK_DISPATCH => "the message is performed or its 2 points taken (L49-L53); another tile only while the turn's first part is under way and tiles are left",
        ASK_FEATURE => "the message scores one of the equally small features with a follower of the player (L59)",
        _ => "the message takes back one of the player's followers on the board (L66)",
    }
}
