//! The bazaar (Bridges, Castles & Bazaars, 000_9deb58b1a7d17d38.txt
//! L2405-L2463, fn 1-12 L2551-L2579; rules_digest.md A.10).
//!
//! - A drawn tile marked `+bazaar` is placed as usual, with its figure and
//!   scoring (L2409, fn 2 L2552); once the part's scoring is over its
//!   placer, the host, turns up as many tiles as there are players
//!   (L2413). A bazaar tile that fits nowhere and is discarded holds none
//!   (fn 3 L2553); with fewer face-down tiles than players there is none
//!   (L2433, `bazaar_few_tiles = "auction"` for an auction of the tiles
//!   left).
//! - The auction (L2413-L2422): the player after the host chooses one of
//!   the tiles and bids for it, 0 or more points; each other player without
//!   a tile, once and in order, raises or passes; the chooser then buys it
//!   (pays the highest bidder) or sells it (the highest bidder pays the
//!   chooser and takes it). A bid nobody raised is paid to no one (L2420).
//!   Players with a tile take no more part; the next player without one
//!   chooses next (L2422; `bazaar_chooser = "same-if-sold"`: the chooser
//!   again if they sold, RGG fn 6 L2556); the last tile goes free to the
//!   last player without one (L2422). A bid may exceed the bidder's points
//!   and a score may go below 0 (L2420, fn 4 L2554); `bazaar_bids =
//!   "own-score"` (ZMG, fn 5 L2555): no bid above one's points, no purchase
//!   one cannot pay, and the free choice when every player has 0 (fn 11
//!   L2561). Bids are whole points up to `MOST_BID`.
//! - Then each player with a tile places it as a turn of their own, from
//!   the host's left (L2424, fn 7 L2557: a builder's second part included),
//!   through the skeleton's extra turns (`Game::give_turn`). A bought bazaar
//!   tile holds no bazaar (L2435); a bazaar tile drawn while a bazaar's
//!   tiles are being placed waits until they all are, and the delayed
//!   bazaars then follow in the order drawn (fn 9 L2559, L2444-L2463).
//! - With a builder: the bazaar of the first part, its buyers' turns and
//!   the delayed bazaars come before the second part (L2439-L2463);
//!   `bazaar_builder = "builder-first"` for the variant HiG accepts (fn 12
//!   L2562: the second part first, bazaars drawn there delayed). The tiles
//!   are turned up when the auction starts: the variant's "draw the tiles,
//!   still face down" before the second part picks the same random tiles.
//! - The variant (L2437, fn 10 L2560; `bazaar_auction = "free-choice"`):
//!   from the host's left each player takes one of the tiles for nothing.
//!
//! Not in the seeds, chosen here: a bought tile that fits nowhere leaves
//! the game and its buyer's turn is over (no tile is drawn instead).

use serde_json::{json, Map, Value};

use super::{Ask, At, Holding, Hook, Mech, Mechanic, NextPart, Shown, Sink, Tally};
use crate::engine::game::{ExtraTurn, Game};
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind};

pub(crate) struct Bazaars;

const AUCTION: usize = option_index("bazaar_auction");
const BIDS: usize = option_index("bazaar_bids");
const CHOOSER: usize = option_index("bazaar_chooser");
const FEW_TILES: usize = option_index("bazaar_few_tiles");
const BUILDER: usize = option_index("bazaar_builder");

/// The highest bid the engine takes. The rules set none (L2420), but a
/// decision's answers are a finite list; no tile is worth a bid near it.
pub const MOST_BID: u16 = 99;

/// Verb codes.
const CHOOSE: u8 = 0;
const BID: u8 = 1;
const DEAL: u8 = 2;

/// Decision codes.
const ASK_CHOOSE: u8 = 0;
const ASK_OPEN: u8 = 1;
const ASK_RAISE: u8 = 2;
const ASK_DEAL: u8 = 3;

/// The words of `bazaar-deal`.
pub const DEALS: [&str; 2] = ["buy", "sell"];

/// The owner of a tile not sold yet.
const NOBODY: u8 = u8::MAX;
/// Bazaars delayed at once: one per player and turn part is far more than
/// a game makes.
const MAX_DELAYED: usize = 8;

/// `bazaar-choose`: the tile `item` (its index among those face up).
pub fn choose(item: u8) -> Action {
    Action::of(Mech::Bazaars, CHOOSE, Arg::Number(u16::from(item)))
}
/// `bazaar-bid`: `points` for the tile chosen.
pub fn bid(points: u16) -> Action {
    Action::of(Mech::Bazaars, BID, Arg::Number(points))
}
/// `bazaar-deal`: buy the tile from the highest bidder, or sell it to them.
pub fn deal(buy: bool) -> Action {
    Action::of(Mech::Bazaars, DEAL, Arg::Word(u8::from(!buy)))
}

/// The bazaar under way, the bazaars waiting, and the game's tallies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// The tiles face up, in the order turned (indices into the ruleset's
    /// tiles); `n` of them.
    pub tiles: [u16; MAX_PLAYERS],
    pub n: u8,
    /// Who gets each tile (`NOBODY` while it is not sold).
    pub owner: [u8; MAX_PLAYERS],
    /// Who holds the bazaar: the choosers and the buyers' turns start on
    /// their left (L2413, L2424).
    pub host: u8,
    /// A bazaar is under way: its auction, then its buyers' turns.
    pub active: bool,
    /// Its auction is over.
    pub done: bool,
    /// Its tiles are taken for nothing (the variant, fn 10 L2560; every
    /// player at 0 under `own-score`, fn 11 L2561).
    pub free: bool,
    /// The tile auctioned now (index into `tiles`), its chooser, the highest
    /// bid and its bidder (the chooser for the opening bid).
    pub item: u8,
    pub chooser: u8,
    pub bid: u16,
    pub bidder: u8,
    /// Players asked to raise for it (bit `p`).
    pub asked: u8,
    /// A drawn bazaar tile was placed and its bazaar is still to come.
    pub triggered: bool,
    /// Players who placed a drawn bazaar tile while a bazaar was under way,
    /// in order: their bazaars come once it is over (fn 9 L2559, L2460).
    pub delayed: [u8; MAX_DELAYED],
    pub n_delayed: u8,
    /// Bazaars held in the game.
    pub held: u16,
    /// Each player's tiles got at bazaars in the game.
    pub got: [u16; MAX_PLAYERS],
}

impl Default for State {
    fn default() -> State {
        State {
            tiles: [0; MAX_PLAYERS],
            n: 0,
            owner: [NOBODY; MAX_PLAYERS],
            host: 0,
            active: false,
            done: false,
            free: false,
            item: 0,
            chooser: 0,
            bid: 0,
            bidder: 0,
            asked: 0,
            triggered: false,
            delayed: [0; MAX_DELAYED],
            n_delayed: 0,
            held: 0,
            got: [0; MAX_PLAYERS],
        }
    }
}

impl State {
    /// The tile `p` got at this bazaar (its index), if any.
    fn tile_of(&self, p: u8) -> Option<usize> {
        self.owner[..self.n as usize].iter().position(|&o| o == p)
    }
}

impl Mechanic for Bazaars {
    const HOOKS: &'static [Hook] = &[Hook::Setup, Hook::AfterPlace, Hook::PartEnd, Hook::TurnEnd];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "bazaar-choose",
            answers: Answers::Ask,
            arg: ArgKind::Number {
                least: 0,
                most: MAX_PLAYERS as u16 - 1,
            },
            field: "item",
            label: "chooses at the bazaar the tile face up numbered",
        },
        VerbDef {
            name: "bazaar-bid",
            answers: Answers::Ask,
            arg: ArgKind::Number {
                least: 0,
                most: MOST_BID,
            },
            field: "points",
            label: "bids",
        },
        VerbDef {
            name: "bazaar-deal",
            answers: Answers::Ask,
            arg: ArgKind::Word(&DEALS),
            field: "deal",
            label: "at the bazaar, chooses to",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "bazaar-choose",
            name: "choose one of the tiles face up at the bazaar",
        },
        DecisionDef {
            key: "bazaar-open",
            name: "bid for the tile chosen at the bazaar, 0 points or more",
        },
        DecisionDef {
            key: "bazaar-raise",
            name: "raise the bid for the tile at the bazaar, or pass",
        },
        DecisionDef {
            key: "bazaar-deal",
            name: "buy the tile from the highest bidder, or sell it to them",
        },
    ];
    const REASONS: &'static [ReasonDef] = &[
        ReasonDef {
            reason: Reason::Bazaar,
            name: "bazaar",
            as_final: false,
            paid: false,
        },
        ReasonDef {
            reason: Reason::BazaarPaid,
            name: "bazaar-paid",
            as_final: false,
            paid: true,
        },
    ];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.bazaars = State::default();
    }

    /// A drawn bazaar tile is down: its bazaar comes after the part's
    /// scoring, or waits for the bazaar under way (fn 9 L2559); a bought
    /// one holds none (L2435).
    fn after_place(g: &mut Game, idx: usize) {
        let t = &g.rules.tiles[g.placed[idx].tile as usize];
        if t.flags & (1 << attr::BAZAAR) == 0 || bought_now(g) {
            return;
        }
        let me = g.to_move();
        let s = &mut g.ext.bazaars;
        if s.active || s.triggered {
            // Under way, or (the builder first, fn 12) this turn's first
            // part's still to come: this one waits.
            if (s.n_delayed as usize) < MAX_DELAYED {
                s.delayed[s.n_delayed as usize] = me;
                s.n_delayed += 1;
            }
        } else {
            s.triggered = true;
        }
    }

    /// After the part's scoring (fn 2 L2552), the bazaar, before a
    /// builder's second part (L2444).
    fn part_end(g: &mut Game) -> NextPart {
        let s = &g.ext.bazaars;
        if s.triggered && !s.active && !builder_first(g) {
            g.ext.bazaars.triggered = false;
            let host = g.to_move();
            open(g, host);
        }
        NextPart::None
    }

    /// A bazaar's last buyer has played: it is over, and a delayed one
    /// follows (L2449-L2463); with `builder-first`, the turn's bazaar.
    fn turn_end(g: &mut Game, _events: &mut Vec<ScoreEvent>) {
        let s = g.ext.bazaars;
        if s.active && s.done && !g.extra_turns().iter().any(|x| x.by == Mech::Bazaars) {
            g.ext.bazaars.active = false;
        }
        if g.ext.bazaars.active {
            return;
        }
        if std::mem::take(&mut g.ext.bazaars.triggered) {
            let host = g.to_move();
            if open(g, host) {
                return;
            }
        }
        while g.ext.bazaars.n_delayed > 0 {
            let s = &mut g.ext.bazaars;
            let host = s.delayed[0];
            s.delayed.copy_within(1.., 0);
            s.n_delayed -= 1;
            if open(g, host) {
                return;
            }
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else {
            return;
        };
        let s = &g.ext.bazaars;
        match ask.decision {
            ASK_CHOOSE => {
                for i in 0..s.n as usize {
                    // One answer per kind of tile: two copies of a tile are
                    // the same choice.
                    let first = (0..i).all(|j| s.owner[j] != NOBODY || s.tiles[j] != s.tiles[i]);
                    if s.owner[i] == NOBODY && first && !out.put(choose(i as u8)) {
                        return;
                    }
                }
            }
            ASK_OPEN => {
                for b in 0..=most_bid(g, ask.player) {
                    if !out.put(bid(b)) {
                        return;
                    }
                }
            }
            ASK_RAISE => {
                if !out.put(Action::Pass) {
                    return;
                }
                for b in s.bid.saturating_add(1)..=most_bid(g, ask.player) {
                    if !out.put(bid(b)) {
                        return;
                    }
                }
            }
            ASK_DEAL => {
                if may_pay(g, ask.player, s.bid) && !out.put(deal(true)) {
                    return;
                }
                out.put(deal(false));
            }
            _ => {}
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        let At::Ask(ask) = at else {
            return Err(MoveError::Waiting("another decision"));
        };
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(Mech::Bazaars, why_not(g, ask, a)));
        }
        let me = ask.player;
        let number = match a.arg() {
            Arg::Number(n) => n,
            _ => 0,
        };
        match ask.decision {
            ASK_CHOOSE => {
                let s = &mut g.ext.bazaars;
                s.item = number as u8;
                if s.free {
                    s.owner[s.item as usize] = me;
                    next_round(g, me, false);
                } else {
                    pose(g, me, ASK_OPEN);
                }
            }
            ASK_OPEN => {
                let s = &mut g.ext.bazaars;
                s.bid = number;
                s.bidder = me;
                s.asked = 1 << me;
                next_bidder(g, events);
            }
            ASK_RAISE => {
                let s = &mut g.ext.bazaars;
                if a != Action::Pass {
                    s.bid = number;
                    s.bidder = me;
                }
                s.asked |= 1 << me;
                next_bidder(g, events);
            }
            ASK_DEAL => {
                let s = g.ext.bazaars;
                let buy = a == deal(true);
                let (payer, payee, owner) = match buy {
                    true => (me, s.bidder, me),
                    false => (s.bidder, me, s.bidder),
                };
                if s.bid > 0 {
                    g.pay(
                        events,
                        payer,
                        payee,
                        u32::from(s.bid),
                        (Reason::BazaarPaid, Reason::Bazaar),
                        Kind::Field,
                    );
                }
                g.ext.bazaars.owner[s.item as usize] = owner;
                // The next chooser: the next player without a tile, or
                // (RGG, fn 6 L2556) the chooser again after a sale.
                let again = !buy && g.rules.options.get(CHOOSER) != 0;
                next_round(g, me, again);
            }
            _ => return Err(MoveError::Waiting("another decision")),
        }
        Ok(())
    }

    fn advice(g: &Game, ask: Ask, worth: &mut dyn FnMut(u8, u16) -> i64) -> Option<Action> {
        advise(g, ask, worth)
    }

    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.bazaars;
        if s.active {
            let id = |t: u16| g.rules.tiles[t as usize].id;
            let tiles: Vec<String> = (0..s.n as usize)
                .map(|i| match s.owner[i] {
                    NOBODY => format!("{i} {}", id(s.tiles[i])),
                    p => format!("{i} {} (P{p})", id(s.tiles[i])),
                })
                .collect();
            out.notes
                .push(format!("bazaar of P{}: {}", s.host, tiles.join(", ")));
            if !s.done && !s.free && s.owner[s.item as usize] == NOBODY && s.asked != 0 {
                out.notes.push(format!(
                    "bazaar: P{} chose {}; highest bid {} by P{}",
                    s.chooser,
                    id(s.tiles[s.item as usize]),
                    s.bid,
                    s.bidder
                ));
            }
        }
        for x in g.extra_turns().iter().filter(|x| x.by == Mech::Bazaars) {
            out.holdings.push(Holding {
                player: x.player,
                key: "bazaar",
                text: format!("bazaar tile {} to place", g.rules.tiles[x.tile as usize].id),
            });
        }
        for p in 0..g.players() {
            out.tallies.push(Tally {
                player: p,
                key: "bazaar-tiles",
                count: u32::from(s.got[p as usize]),
            });
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.bazaars;
        let bazaar = s.active.then(|| {
            let owners: Vec<Value> = (0..s.n as usize)
                .map(|i| match s.owner[i] {
                    NOBODY => Value::Null,
                    p => json!(p),
                })
                .collect();
            let tiles: Vec<&str> = (0..s.n as usize)
                .map(|i| g.rules.tiles[s.tiles[i] as usize].id)
                .collect();
            json!({
                "host": s.host,
                "tiles": tiles,
                "owners": owners,
                "auction_over": s.done,
                "free": s.free,
                "chooser": s.chooser,
                "item": s.item,
                "bid": s.bid,
                "bidder": s.bidder,
            })
        });
        out.insert("bazaar".into(), json!(bazaar));
        out.insert(
            "bazaars_delayed".into(),
            json!(&s.delayed[..s.n_delayed as usize]),
        );
    }
}

/// The tile being placed is one bought at a bazaar: an extra turn's own.
fn bought_now(g: &Game) -> bool {
    g.part() == 1 && g.extra_turn().is_some_and(|x| x.by == Mech::Bazaars)
}

/// `bazaar_builder = "builder-first"` (fn 12 L2562).
fn builder_first(g: &Game) -> bool {
    g.rules.options.get(BUILDER) != 0
}

/// Whether bids are held to the bidder's points (`own-score`, fn 5 L2555).
fn own_score(g: &Game) -> bool {
    g.rules.options.get(BIDS) != 0
}

/// The highest bid `p` may make.
fn most_bid(g: &Game, p: u8) -> u16 {
    if own_score(g) {
        let have = g.scores()[p as usize].max(0);
        u16::try_from(have).unwrap_or(MOST_BID).min(MOST_BID)
    } else {
        MOST_BID
    }
}

/// Whether `p` may pay `points`: always, unless scores stay at 0 or above.
fn may_pay(g: &Game, p: u8, points: u16) -> bool {
    !own_score(g) || g.scores()[p as usize] >= i32::from(points)
}

/// Pose decision `decision` to `player`: posed while another is answered,
/// it comes right after that one (`Game::ask`), so an auction's bids and
/// choices run to the end before anything else is asked.
fn pose(g: &mut Game, player: u8, decision: u8) {
    if decision == ASK_CHOOSE {
        g.ext.bazaars.chooser = player;
        g.ext.bazaars.asked = 0;
    }
    g.ask(Ask {
        mech: Mech::Bazaars,
        player,
        decision,
        data: 0,
    });
}

/// `host` holds a bazaar: as many tiles as players are turned up (L2413)
/// and the first chooser, on the host's left, is asked. False when there
/// are too few tiles face down (L2433).
fn open(g: &mut Game, host: u8) -> bool {
    let players = g.players();
    let left = g.remaining();
    if left < usize::from(players) && g.rules.options.get(FEW_TILES) == 0 {
        return false;
    }
    let old = g.ext.bazaars;
    let mut s = State {
        delayed: old.delayed,
        n_delayed: old.n_delayed,
        held: old.held,
        got: old.got,
        ..State::default()
    };
    for _ in 0..usize::from(players).min(left) {
        match g.reveal(Mech::Bazaars) {
            Some(t) => {
                s.tiles[s.n as usize] = t;
                s.n += 1;
            }
            None => break,
        }
    }
    if s.n == 0 {
        g.ext.bazaars = s;
        return false;
    }
    s.active = true;
    s.host = host;
    s.held = s.held.saturating_add(1);
    s.free =
        g.rules.options.get(AUCTION) != 0 || (own_score(g) && g.scores().iter().all(|&x| x == 0));
    g.ext.bazaars = s;
    next_round(g, host, false);
    true
}

/// The next tile: its chooser is asked, from `from` (itself when `again`,
/// else the players after it) the first without a tile; the last player
/// without a tile takes the last tile for nothing (L2422); with no tile or
/// no such player left, the auction is over and the buyers get their turns
/// from the host's left (L2424).
fn next_round(g: &mut Game, from: u8, again: bool) {
    let n = g.players();
    let s = &g.ext.bazaars;
    let without = |p: u8| s.tile_of(p).is_none();
    let unsold = s.owner[..s.n as usize]
        .iter()
        .filter(|&&o| o == NOBODY)
        .count();
    let left = (0..n).filter(|&p| without(p)).count();
    let start = if again { 0 } else { 1 };
    let chooser = (start..start + n)
        .map(|k| (from + k) % n)
        .find(|&p| without(p));
    match chooser {
        Some(p) if unsold > 0 && left == 1 => {
            let i = s.owner.iter().position(|&o| o == NOBODY).unwrap_or(0);
            g.ext.bazaars.owner[i] = p;
            finish(g);
        }
        Some(p) if unsold > 0 => pose(g, p, ASK_CHOOSE),
        _ => finish(g),
    }
}

/// The next player after the chooser without a tile and not asked yet is
/// asked to raise (L2413, L2422); once all were, the chooser buys or sells,
/// or pays the bank a bid nobody raised (L2420).
fn next_bidder(g: &mut Game, events: &mut Vec<ScoreEvent>) {
    let n = g.players();
    let s = g.ext.bazaars;
    let next = (1..n)
        .map(|k| (s.chooser + k) % n)
        .find(|&p| s.tile_of(p).is_none() && s.asked & (1 << p) == 0);
    if let Some(p) = next {
        pose(g, p, ASK_RAISE);
        return;
    }
    if s.bidder != s.chooser {
        pose(g, s.chooser, ASK_DEAL);
        return;
    }
    if s.bid > 0 {
        g.pay_out(
            events,
            s.chooser,
            u32::from(s.bid),
            Reason::BazaarPaid,
            Kind::Field,
        );
    }
    g.ext.bazaars.owner[s.item as usize] = s.chooser;
    next_round(g, s.chooser, false);
}

/// The auction is over: each player with a tile gets a turn to place it,
/// from the host's left (L2424).
fn finish(g: &mut Game) {
    let n = g.players();
    let s = g.ext.bazaars;
    g.ext.bazaars.done = true;
    let mut given = false;
    for k in 1..=n {
        let p = (s.host + k) % n;
        if let Some(i) = s.tile_of(p) {
            g.give_turn(ExtraTurn {
                player: p,
                tile: s.tiles[i],
                by: Mech::Bazaars,
            });
            let got = &mut g.ext.bazaars.got[p as usize];
            *got = got.saturating_add(1);
            given = true;
        }
    }
    if !given {
        g.ext.bazaars.active = false;
    }
}

/// Why `a` is not an answer to `ask`.
fn why_not(g: &Game, ask: Ask, a: Action) -> &'static str {
    match (ask.decision, a) {
        (ASK_CHOOSE, _) => "choose one of the tiles face up that no one has got yet",
        (ASK_OPEN | ASK_RAISE, Action::Do(_)) if own_score(g) => {
            "a bid raises the highest so far, up to the bidder's points (fn 5 L2555)"
        }
        (ASK_OPEN, _) => "the chooser bids 0 points or more (L2413)",
        (ASK_RAISE, _) => "raise the highest bid or pass (L2413)",
        (ASK_DEAL, _) if own_score(g) => {
            "buy (paying the highest bid, with points enough: fn 5 L2555) or sell"
        }
        _ => "buy the tile from the highest bidder or sell it to them (L2417)",
    }
}

/// The greedy bot's play at the bazaar: each tile valued at `worth(p, t)`
/// points for player `p`. The chooser takes the tile worth most to them
/// and opens low unless another values it more; a bidder bids half its
/// worth, at least a point over the highest bid, while that stays below
/// its worth; the chooser buys when the tile is worth more to it and the
/// highest bidder together than four times the bid (what buying and
/// selling change between the two of them).
fn advise(g: &Game, ask: Ask, worth: &mut dyn FnMut(u8, u16) -> i64) -> Option<Action> {
    let s = g.ext.bazaars;
    let me = ask.player;
    let n = g.players();
    let others = |s: &State| {
        (0..n)
            .filter(|&p| p != me && s.tile_of(p).is_none())
            .collect::<Vec<u8>>()
    };
    match ask.decision {
        ASK_CHOOSE => {
            let mut best: Option<(i64, u8)> = None;
            for i in 0..s.n {
                if s.owner[i as usize] != NOBODY {
                    continue;
                }
                let w = worth(me, s.tiles[i as usize]);
                if best.is_none_or(|(b, _)| w > b) {
                    best = Some((w, i));
                }
            }
            best.map(|(_, i)| choose(i))
        }
        ASK_OPEN => {
            let t = s.tiles[s.item as usize];
            let mine = worth(me, t);
            let theirs = others(&s)
                .into_iter()
                .map(|p| worth(p, t))
                .max()
                .unwrap_or(0);
            let open = if theirs > mine {
                mine.min(theirs / 2)
            } else {
                0
            };
            Some(bid(clamp_bid(open, most_bid(g, me))))
        }
        ASK_RAISE => {
            let w = worth(me, s.tiles[s.item as usize]);
            let want = (w + 1) / 2;
            let b = want.max(i64::from(s.bid) + 1);
            if b < w && b <= i64::from(most_bid(g, me)) {
                Some(bid(clamp_bid(b, MOST_BID)))
            } else {
                Some(Action::Pass)
            }
        }
        ASK_DEAL => {
            let t = s.tiles[s.item as usize];
            let (mine, theirs) = (worth(me, t), worth(s.bidder, t));
            let buy = mine + theirs > 4 * i64::from(s.bid) && may_pay(g, me, s.bid);
            Some(deal(buy))
        }
        _ => None,
    }
}

fn clamp_bid(b: i64, most: u16) -> u16 {
    b.clamp(0, i64::from(most)) as u16
}
