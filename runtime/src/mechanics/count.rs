//! The City of Carcassonne and the Count (Count, King & Robber,
//! 000_9deb58b1a7d17d38.txt L1923-L2002, fn 1-34 L2142-L2175;
//! 003_f0943165331a7fee.txt L67-L134 for the 2nd edition).
//!
//! - The City's twelve tiles are the start (L1925, `tiles/count.toml`); the
//!   tile marked `+quarter` holds its four quarters, numbered as the seed
//!   does: castle, market, blacksmith, cathedral (L1929-L1935). The Count
//!   starts on the castle (L1937). Its outer landscape is played as normal
//!   tiles (L1943-L1951, fn 2): the board's features.
//! - Putting a follower in (L1956-L1964): after the scoring of a part
//!   (fn 13 L2154), a placer whose tile made at least one player score while
//!   the placer scored nothing (L1956, fn 8-11: any points of that scoring,
//!   a barn's or a challenge's too) may put one figure from supply into a
//!   quarter: once per part (L1960, fn 15), never through a portal (fn 12:
//!   the quarters are no board segments). Big followers (L1962) anywhere;
//!   the mayor to the castle, the wagon to the castle, blacksmith or
//!   cathedral (L1962, fn 17), the abbot to the cathedral (fn 9; 003 L98);
//!   no barn (fn 9). Then the Count may move (L1987; `count_move` for the
//!   variants, L1993-L1998).
//! - Before a completed road, city or cloister (shrine, abbey) scores
//!   (L1966, fn 18-20), every player from the placer's left round to the
//!   placer (L1977, fn 28) may send any of their followers from the
//!   matching quarter onto it (castle → city, blacksmith → road, cathedral →
//!   cloister or shrine; L1969-L1972), occupied or not (L1966), never from
//!   the Count's quarter (L1966, L1987). They then score with it (fn 29).
//! - Figures in the City are held (`Game::hold`), not scored (fn 29) and
//!   leave only this way (L1983): so the dragon cannot eat them (L1985, fn
//!   30-31) and no portal reaches them.
//! - At the end (fn 27 L2166), from the last placer's left, each player in
//!   turn moves one follower from a quarter other than the Count's onto a
//!   suitable feature, complete or not (a farm from the market), until none
//!   can; under `count_final = "market-to-farms"` (the 2nd edition, 003
//!   L124-L126) only the market's go, to farms. Asked through the skeleton's
//!   `Hook::BeforeFinal`.
//! - The City counts as a completed city for the farms beside it and for
//!   the King (fn 1 L2142, fn 38 L2179) but never takes the King (003 L147):
//!   `Hook::CityPlaces`.
//!
//! - A barn's farm scored during play (the barn placed, or farmers joined
//!   to its farm) is an occasion like a completed feature: the market's
//!   followers may go onto it before it scores, and score there at once
//!   (fn 25-26 L2168-L2169; placing the barn counts even before any farmer
//!   stands on the farm). The barn says which farms it will score
//!   (`Mechanic::scores_in_part`).
//!
//! Not played: the 2nd edition's City of two tiles (003 L37, L73), whose
//! geometry no source gives: `tiles/count.toml` says so in
//! `missing_editions`, and a 2nd-edition ruleset is refused with it.

use serde_json::{json, Map, Value};

use super::{
    Area, At, Figure, Holding, Hook, Mech, Mechanic, Neutral, NeutralDef, Section, Shown, Sink,
    Tally,
};
use crate::engine::game::{Game, Held};
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Edge, Kind};

pub(crate) struct Count;

const COUNT_MOVE: usize = option_index("count_move");
const COUNT_BLOCKS: usize = option_index("count_blocks");
const COUNT_FINAL: usize = option_index("count_final");
const COUNT_TRIGGER: usize = option_index("count_trigger");

/// The quarters, in the seed's order (L1929-L1935).
pub const QUARTERS: [&str; 4] = ["castle", "market", "blacksmith", "cathedral"];
pub const CASTLE: u8 = 0;
pub const MARKET: u8 = 1;
pub const BLACKSMITH: u8 = 2;
pub const CATHEDRAL: u8 = 3;

/// Which figures may go into each quarter, by name (L1962, fn 9, fn 17;
/// 003 L98): the words of verb `to-<quarter>` (code `1 + quarter`).
const FIGURES_IN: [&[&str]; 4] = [
    &["normal", "big", "mayor", "wagon"],
    &["normal", "big"],
    &["normal", "big", "wagon"],
    &["normal", "big", "wagon", "abbot"],
];

const fn enter(name: &'static str, quarter: usize, label: &'static str) -> VerbDef {
    VerbDef {
        name,
        answers: Answers::Ask,
        arg: ArgKind::Word(FIGURES_IN[quarter]),
        field: "figure",
        label,
    }
}

/// The verb code moving the Count.
const MOVE_CODE: u8 = 5;

/// The figure kind named `name`.
fn kind_named(name: &str) -> Option<FollowerKind> {
    FollowerKind::ALL.into_iter().find(|k| k.name() == name)
}

/// `from-city`: one of the mover's figures from the quarter matching the
/// target's feature onto it.
pub fn from_city(player: u8, placed: u16, segment: u8, kind: FollowerKind) -> Action {
    Action::of(
        Mech::Count,
        0,
        Arg::Spot(Spot {
            placed,
            segment,
            kind,
            player,
        }),
    )
}

/// A figure of `kind` into `quarter`, if it may go there.
pub fn into_quarter(quarter: u8, kind: FollowerKind) -> Option<Action> {
    let words = FIGURES_IN.get(quarter as usize)?;
    let w = words.iter().position(|&w| w == kind.name())?;
    Some(Action::of(Mech::Count, 1 + quarter, Arg::Word(w as u8)))
}

/// The quarter and figure an `into-city` answer names.
fn entry_of(v: Verb) -> Option<(u8, FollowerKind)> {
    let q = v.code.checked_sub(1).filter(|&q| q < 4)?;
    let Arg::Word(w) = v.arg else { return None };
    let name = FIGURES_IN[q as usize].get(w as usize)?;
    Some((q, kind_named(name)?))
}

/// The Count to `quarter`.
pub fn count_to(quarter: u8) -> Action {
    Action::of(Mech::Count, MOVE_CODE, Arg::Word(quarter.min(3)))
}

/// Where the Count stands, what the City holds and the rounds under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// The placed tile with the quarters, once looked for: `Some(None)`
    /// where the game has no City.
    pub city: Option<Option<u16>>,
    /// The Count's quarter (0 castle, the start, L1937).
    pub at: u8,
    /// Each player's points when the part's scoring began.
    pub before: [i32; MAX_PLAYERS],
    /// The features the tile completed, about to score (their roots).
    pub roots: [u16; 8],
    pub n_roots: u8,
    /// The round sending followers out before scoring: who placed, how many
    /// players were asked.
    pub placer: u8,
    pub asked: u8,
    /// The end-of-game rounds: players in a row who could move nothing.
    pub idle: u8,
    /// The tile of this part completed a road, city, cloister or shrine
    /// (`count_trigger = "completion"`, fn 7).
    pub completed: bool,
    /// The quarter the follower just put in went to (for `to-quarter`).
    pub entered: u8,
    /// Each player's figures put into the City and sent out of it.
    pub put_in: [u16; MAX_PLAYERS],
    pub sent_out: [u16; MAX_PLAYERS],
}

impl Mechanic for Count {
    const HOOKS: &'static [Hook] = &[
        Hook::AfterWood,
        Hook::AfterScore,
        Hook::BeforeFinal,
        Hook::CityPlaces,
        Hook::Gained,
    ];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "from-city",
            answers: Answers::Ask,
            arg: ArgKind::Target(None),
            field: "to",
            label: "sends a follower from the City",
        },
        enter("to-castle", 0, "puts in the castle:"),
        enter("to-market", 1, "puts in the market:"),
        enter("to-blacksmith", 2, "puts in the blacksmith's quarter:"),
        enter("to-cathedral", 3, "puts in the cathedral quarter:"),
        VerbDef {
            name: "move-count",
            answers: Answers::Ask,
            arg: ArgKind::Word(&QUARTERS),
            field: "to",
            label: "moves the Count to the",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "from-city",
            name: "send followers from the City onto the feature about to score",
        },
        DecisionDef {
            key: "into-city",
            name: "put a follower into a quarter of the City",
        },
        DecisionDef {
            key: "move-count",
            name: "move the Count",
        },
        DecisionDef {
            key: "city-final",
            name: "send one follower from the City onto the board before the final scoring",
        },
    ];
    const NEUTRALS: &'static [NeutralDef] = &[NeutralDef {
        name: "count",
        svg: COUNT_SVG,
    }];
    type State = State;

    /// The scores before this part's scoring, and the round that may send
    /// followers from the City onto what the tile completed (L1966-L1981).
    fn after_wood(g: &mut Game, idx: usize, _events: &mut Vec<ScoreEvent>) {
        locate(g);
        let s = &mut g.ext.count;
        s.before = g.scores;
        s.placer = g.to_move;
        s.asked = 0;
        s.n_roots = 0;
        s.completed = false;
        if g.rules.options.get(COUNT_TRIGGER) == 1 {
            let mut any = false;
            completed_by(g, idx, &mut |_| any = true);
            g.ext.count.completed = any;
        }
        if !g.held.iter().any(|h| h.by == Mech::Count) {
            return;
        }
        let mut roots = [0u16; 8];
        let mut n = 0;
        let mut add = |r: u16| {
            if n < roots.len() && !roots[..n].contains(&r) {
                roots[n] = r;
                n += 1;
            }
        };
        completed_by(g, idx, &mut add);
        // A farm a barn scores now: the market's followers may go onto it
        // first (fn 25-26 L2168-L2169).
        super::scores_in_part(g, idx, &mut add);
        let s = &mut g.ext.count;
        s.roots = roots;
        s.n_roots = n as u8;
        if n > 0 {
            ask_next(g, REDEPLOY_CODE);
        }
    }

    /// A placer who made someone score and scored nothing may put a figure
    /// in (L1956-L1964, fn 13).
    fn after_score(g: &mut Game, _idx: usize, _events: &mut Vec<ScoreEvent>) {
        g.ext.count.n_roots = 0;
        let s = g.ext.count;
        if s.city.flatten().is_none() {
            return;
        }
        let placer = s.placer as usize;
        let gained = |p: usize| g.scores[p] > s.before[p];
        if gained(placer) || !(0..g.players as usize).any(gained) {
            return;
        }
        // The original rules: only a completed road, city or cloister (fn 7).
        if g.rules.options.get(COUNT_TRIGGER) == 1 && !s.completed {
            return;
        }
        let player = s.placer;
        if entries().any(|(q, k)| may_enter(g, player, q, k).is_ok()) {
            g.ask(super::Ask {
                mech: Mech::Count,
                player,
                decision: ENTER_CODE,
                data: 0,
            });
        }
    }

    /// Only scoring the placement causes counts (fn 8 L2150): a message's
    /// points (The Messages) are left out of the part's gains, as though
    /// the score had stood there before it.
    fn gained(g: &mut Game, e: &ScoreEvent, _before: i32, _events: &mut Vec<ScoreEvent>) {
        if e.reason == Reason::Message {
            let b = &mut g.ext.count.before[e.player as usize];
            *b = b.saturating_add(e.points as i32);
        }
    }

    /// The rounds at the end (fn 27 L2166; 003 L124).
    fn before_final(g: &mut Game, _events: &mut Vec<ScoreEvent>) {
        locate(g);
        if !g.held.iter().any(|h| h.by == Mech::Count) {
            return;
        }
        let s = &mut g.ext.count;
        s.idle = 0;
        s.placer = g.last_placer;
        s.asked = 0;
        ask_next(g, FINAL_CODE);
    }

    /// Every field on a tile of the City borders it (fn 1 L2142; the
    /// City's fields are its outer ring, JCloisterZone's count.xml).
    fn city_places(g: &Game, farm: Option<u16>, place: &mut dyn FnMut(u16, u32)) {
        if g.ext.count.city.flatten().is_none() && !has_city(g) {
            return;
        }
        let Some(farm) = farm else {
            place(0, 0);
            return;
        };
        let touches = g.features.members(farm).any(|m| {
            let n = g.features.nodes[m as usize];
            let t = &g.rules.tiles[g.placed[n.placed as usize].tile as usize];
            t.edges.contains(&Edge::Seam)
        });
        if touches {
            place(0, 0);
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else { return };
        let p = ask.player;
        match ask.decision {
            REDEPLOY_CODE => {
                if !out.put(Action::Pass) {
                    return;
                }
                let s = &g.ext.count;
                for &r in &s.roots[..s.n_roots as usize] {
                    if !sends(g, p, r, out) {
                        return;
                    }
                }
            }
            ENTER_CODE => {
                if !out.put(Action::Pass) {
                    return;
                }
                // The Count's quarter first, so a bot that takes the last
                // of equal answers puts its follower where it may leave.
                let at = g.ext.count.at;
                for pass in [true, false] {
                    for (q, k) in entries() {
                        if (q == at) == pass
                            && may_enter(g, p, q, k).is_ok()
                            && !out.put(into_quarter(q, k).unwrap())
                        {
                            return;
                        }
                    }
                }
            }
            MOVE_CODE_ASK => {
                // From the quarter that blocks the player most to the one
                // that blocks the others most (a bot taking the last of
                // equal answers blocks its opponents).
                let mut order = [0u8, 1, 2, 3];
                order.sort_by_key(|&q| {
                    let mine = in_quarter(g, p, q) as i32;
                    let theirs: i32 = (0..g.players())
                        .filter(|&o| o != p)
                        .map(|o| in_quarter(g, o, q) as i32)
                        .sum();
                    theirs - mine
                });
                for q in order {
                    if !out.put(count_to(q)) {
                        return;
                    }
                }
            }
            FINAL_CODE => {
                let mut any = false;
                let market_only = g.rules.options.get(COUNT_FINAL) == 1;
                for r in 0..g.features.nodes.len() as u16 {
                    if g.features.find(r) != r || !open_at_end(g, r) {
                        continue;
                    }
                    if market_only && g.kind_of(r) != Kind::Field {
                        continue;
                    }
                    let mut counting = Counting { out, any: false };
                    let go_on = sends(g, p, r, &mut counting);
                    any |= counting.any;
                    if !go_on {
                        return;
                    }
                }
                if !any {
                    out.put(Action::Pass);
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
        let At::Ask(ask) = at else {
            return Err(MoveError::Waiting("the City's decisions"));
        };
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(Mech::Count, not_now(ask.decision, a)));
        }
        let p = ask.player;
        match (ask.decision, a) {
            (REDEPLOY_CODE, Action::Pass) => ask_next(g, REDEPLOY_CODE),
            (REDEPLOY_CODE, Action::Do(v)) => {
                send(g, p, v.arg);
                // The same player may send more (L1979).
                g.ask(ask);
            }
            (FINAL_CODE, Action::Pass) => {
                g.ext.count.idle += 1;
                if g.ext.count.idle < g.players {
                    ask_next(g, FINAL_CODE);
                }
            }
            (FINAL_CODE, Action::Do(v)) => {
                send(g, p, v.arg);
                g.ext.count.idle = 0;
                ask_next(g, FINAL_CODE);
            }
            (ENTER_CODE, Action::Pass) => {}
            (ENTER_CODE, Action::Do(v)) => {
                let Some((q, k)) = entry_of(v) else {
                    return Err(MoveError::Waiting("the City's decisions"));
                };
                g.hold(p, k, Mech::Count, u16::from(q));
                let s = &mut g.ext.count;
                s.put_in[p as usize] += 1;
                s.entered = q;
                // The Count moves (L1987; the variants, L1993-L1998).
                match g.rules.options.get(COUNT_MOVE) {
                    0 => g.ask(super::Ask {
                        mech: Mech::Count,
                        player: p,
                        decision: MOVE_CODE_ASK,
                        data: 0,
                    }),
                    1 => s.at = (s.at + 1) % 4,
                    _ => s.at = q,
                }
            }
            (
                MOVE_CODE_ASK,
                Action::Do(Verb {
                    arg: Arg::Word(q), ..
                }),
            ) => g.ext.count.at = q,
            _ => return Err(MoveError::Waiting("the City's decisions")),
        }
        Ok(())
    }

    fn moves_suffice(_rules: &crate::tables::Ruleset) -> bool {
        false
    }

    /// The City as one block over its tiles with a section per quarter
    /// holding each player's figures there, the Count standing in its
    /// quarter; in words, the Count's quarter and what each player has in
    /// the City.
    /// The City's figures stand in its quarters, printed on the quarters'
    /// tile: a catapult token landing there reaches them (fn 4 L2327, fn 7
    /// L2331); the Count is no held figure and stays (the same lines).
    fn held_on_table(g: &Game, _h: &Held, tile: u16) -> bool {
        quarters_tile(g) == Some(usize::from(tile))
    }

    fn show(g: &Game, out: &mut Shown) {
        for p in 0..g.players() {
            let s = &g.ext.count;
            out.tallies.push(Tally {
                player: p,
                key: "into-city",
                count: u32::from(s.put_in[p as usize]),
            });
            out.tallies.push(Tally {
                player: p,
                key: "out-of-city",
                count: u32::from(s.sent_out[p as usize]),
            });
        }
        let Some(t) = quarters_tile(g) else {
            return;
        };
        let q = g.placed[t];
        let at = QUARTERS[g.ext.count.at as usize];
        out.neutral.push(Neutral {
            section: Some(at),
            ..Neutral::on_cell(Self::NEUTRALS[0], q.x, q.y)
        });
        // The City's tiles are its set's, laid as one start block (L1925).
        let set = g.rules.tiles[q.tile as usize].set;
        let cells = g
            .placed
            .iter()
            .filter(|p| g.rules.tiles[p.tile as usize].set == set)
            .map(|p| [p.x, p.y])
            .collect();
        let sections = (0..4u8)
            .map(|quarter| {
                let mut figures: Vec<Figure> = g
                    .held
                    .iter()
                    .filter(|h| h.by == Mech::Count && h.data == u16::from(quarter))
                    .map(|h| Figure {
                        player: h.player,
                        kind: h.kind,
                    })
                    .collect();
                figures.sort_by_key(|f| (f.player, f.kind as u8));
                Section {
                    name: QUARTERS[quarter as usize],
                    figures,
                    places: None,
                }
            })
            .collect();
        out.areas.push(Area {
            name: "City of Carcassonne",
            cells,
            sections,
        });
        out.notes.push(format!("The Count is in the {at}"));
        for p in 0..g.players() {
            let text = city_text(g, p);
            if !text.is_empty() {
                out.holdings.push(Holding {
                    player: p,
                    key: "city",
                    text,
                });
            }
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        out.insert("count".into(), json!(QUARTERS[g.ext.count.at as usize]));
        let city: Vec<Value> = (0..g.players())
            .map(|p| {
                let mut m = Map::new();
                for (q, name) in QUARTERS.iter().enumerate() {
                    m.insert((*name).into(), json!(in_quarter(g, p, q as u8)));
                }
                Value::Object(m)
            })
            .collect();
        out.insert("city".into(), Value::Array(city));
    }
}

/// The decisions it poses, by code (`DECISIONS`).
const REDEPLOY_CODE: u8 = 0;
const ENTER_CODE: u8 = 1;
const MOVE_CODE_ASK: u8 = 2;
const FINAL_CODE: u8 = 3;

/// Every quarter with each figure that may go there.
fn entries() -> impl Iterator<Item = (u8, FollowerKind)> {
    (0..4u8).flat_map(|q| {
        FIGURES_IN[q as usize]
            .iter()
            .filter_map(move |w| kind_named(w).map(|k| (q, k)))
    })
}

/// Finds the City's quarters tile once.
fn locate(g: &mut Game) {
    if g.ext.count.city.is_none() {
        g.ext.count.city = Some(find_quarters(g));
    }
}

/// The placed tile marked `quarter`, if any.
fn find_quarters(g: &Game) -> Option<u16> {
    g.placed
        .iter()
        .position(|q| g.rules.tiles[q.tile as usize].flags & (1 << attr::QUARTER) != 0)
        .map(|i| i as u16)
}

/// The placed tile holding the quarters, found once the game has looked
/// (`locate`) or now.
fn quarters_tile(g: &Game) -> Option<usize> {
    g.ext
        .count
        .city
        .unwrap_or_else(|| find_quarters(g))
        .map(usize::from)
}

fn has_city(g: &Game) -> bool {
    find_quarters(g).is_some()
}

/// Asks the next player of the round that started left of `placer`.
fn ask_next(g: &mut Game, decision: u8) {
    let s = &mut g.ext.count;
    if decision == REDEPLOY_CODE && s.asked >= g.players {
        return;
    }
    let player = (s.placer + 1 + s.asked % g.players) % g.players;
    s.asked = s.asked.wrapping_add(1);
    g.ask(super::Ask {
        mech: Mech::Count,
        player,
        decision,
        data: 0,
    });
}

/// The quarter that sends followers to features of kind `k` (L1969-L1972).
fn quarter_for(k: Kind) -> Option<u8> {
    match k {
        Kind::City => Some(CASTLE),
        Kind::Road => Some(BLACKSMITH),
        Kind::Cloister | Kind::Shrine => Some(CATHEDRAL),
        Kind::Field => Some(MARKET),
        _ => None,
    }
}

// `sends` notes the kinds in a quarter as the bits of a u64.
const _: () = assert!(FollowerKind::ALL.len() <= 64, "a kind is a bit of a u64");

fn in_quarter(g: &Game, player: u8, quarter: u8) -> usize {
    g.held
        .iter()
        .filter(|h| h.by == Mech::Count && h.player == player && h.data == u16::from(quarter))
        .count()
}

/// Puts into `out` each of `player`'s figure kinds that may go from the
/// matching quarter onto the feature rooted at `r`; false once `out` wants
/// no more.
fn sends<S: Sink + ?Sized>(g: &Game, player: u8, r: u16, out: &mut S) -> bool {
    let kind = g.kind_of(r);
    let Some(q) = quarter_for(kind) else {
        return true;
    };
    // Never from the Count's quarter (L1966, L1987), nor into a castle,
    // which is no city (fn 21 L2164).
    if q == g.ext.count.at || g.is_withdrawn(r) {
        return true;
    }
    // The player's kinds in that quarter, bit `kind as u8` each: one look
    // at the held figures, and none at the feature when there are none.
    let inside = g
        .held
        .iter()
        .filter(|h| h.by == Mech::Count && h.player == player && h.data == u16::from(q))
        .fold(0u64, |m, h| m | 1 << (h.kind as u8));
    if inside == 0 {
        return true;
    }
    // Onto a part of the feature on a tile where figures may stand: never
    // the dragon's (000_9deb58b1a7d17d38.txt L1102 "At no point may
    // followers occupy the same tile as the dragon"), by the bans every
    // deployment asks.
    let Some(m) = g
        .features
        .members(r)
        .find(|&m| !g.banned(g.features.nodes[m as usize].placed as usize))
    else {
        return true;
    };
    let n = g.features.nodes[m as usize];
    for k in FollowerKind::ALL {
        if inside & 1 << (k as u8) != 0
            && g.may_stand(k, kind)
            && !out.put(from_city(player, n.placed, n.segment, k))
        {
            return false;
        }
    }
    true
}

/// Whether `player` may put a figure of `kind` into `quarter` now.
fn may_enter(g: &Game, player: u8, quarter: u8, kind: FollowerKind) -> Result<(), &'static str> {
    if !entries().any(|e| e == (quarter, kind)) {
        return Err("that figure may not go into that quarter");
    }
    if g.figures(player, kind) == 0 {
        return Err("no such figure in the supply");
    }
    if g.rules.options.get(COUNT_BLOCKS) == 1 && quarter == g.ext.count.at {
        return Err("no follower may enter the Count's quarter (count_blocks = to-and-from)");
    }
    Ok(())
}

/// Moves the figure an answer names out of the City onto its target.
fn send(g: &mut Game, player: u8, arg: Arg) {
    let Arg::Spot(s) = arg else { return };
    let node = g.node_of(s.placed as usize, s.segment);
    let Some(q) = quarter_for(g.kind_of(g.root_of(node))) else {
        return;
    };
    let Some(i) = g.held.iter().position(|h| {
        h.by == Mech::Count && h.player == player && h.kind == s.kind && h.data == u16::from(q)
    }) else {
        return;
    };
    g.release(i);
    // It takes part in the scoring only: no castle takes it in (fn 23
    // L2620).
    g.put_figure_to_score(player, s.kind, node);
    g.ext.count.sent_out[player as usize] += 1;
}

/// Whether a figure sent at the end may go onto the feature rooted at `r`:
/// an incomplete road, city or cloister, or a farm (fn 27 L2166).
fn open_at_end(g: &Game, r: u16) -> bool {
    let n = g.features.nodes[r as usize];
    match n.kind {
        Kind::Road | Kind::City => n.open > 0,
        Kind::Cloister | Kind::Shrine => {
            let p = g.placed[n.placed as usize];
            g.board.neighbours8(p.x as i32, p.y as i32) < 8
        }
        Kind::Field => true,
        _ => false,
    }
}

/// Calls `found` with the root of each road, city, cloister or shrine the
/// tile `idx` completed, occupied or not (fn 18 L2158): the quarters send
/// to no other feature (L1969-L1972).
fn completed_by(g: &Game, idx: usize, found: &mut impl FnMut(u16)) {
    g.completed_by(idx, &mut |r| {
        if quarter_for(g.kind_of(r)).is_some() {
            found(r);
        }
    });
}

/// A sink that notes whether anything was put.
struct Counting<'a, S: Sink + ?Sized> {
    out: &'a mut S,
    any: bool,
}

impl<S: Sink + ?Sized> Sink for Counting<'_, S> {
    fn put(&mut self, a: Action) -> bool {
        self.any = true;
        self.out.put(a)
    }
    fn put_once(&mut self, a: Action) -> bool {
        self.any = true;
        self.out.put_once(a)
    }
}

fn not_now(decision: u8, a: Action) -> &'static str {
    match (decision, a) {
        (ENTER_CODE, _) => "a figure goes into the City only from its owner's supply, once a part, after a scoring in which others scored and its placer did not (L1956-L1964); the mayor only to the castle, the wagon not to the market, the abbot only to the cathedral (fn 9, fn 17)",
        (FINAL_CODE, Action::Pass) => "at the end each player in turn must move a follower out of the City while one can (fn 27 L2166)",
        (FINAL_CODE, _) => "at the end a follower leaves the City only for an incomplete road, city or cloister, or a farm, from its matching quarter and not the Count's (fn 27 L2166)",
        _ => "a follower leaves the City only from the quarter matching the feature about to score (castle: city, blacksmith: road, cathedral: cloister), never from the Count's quarter (L1966-L1972)",
    }
}

/// `player`'s figures in the City, by quarter: `castle 2 · market 1`.
fn city_text(g: &Game, player: u8) -> String {
    let mut parts = Vec::new();
    for (q, name) in QUARTERS.iter().enumerate() {
        let n = in_quarter(g, player, q as u8);
        if n > 0 {
            parts.push(format!("{name} {n}"));
        }
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("in the City: {}", parts.join(" · "))
    }
}

/// A figure with a crown: the Count.
const COUNT_SVG: &str = concat!(
    r##"<g id="count"><path d="M-6 9 L-4 -2 A4 4 0 1 1 4 -2 L6 9 Z" fill="#6a2c8c" stroke="#111" stroke-width="1"/>"##,
    r##"<path d="M-4.5 -8.5 L-4.5 -12 L-2 -10 L0 -13 L2 -10 L4.5 -12 L4.5 -8.5 Z" fill="#e8c21a" stroke="#111" stroke-width="0.7"/></g>"##
);
