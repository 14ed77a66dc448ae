//! The Wheel of Fortune (000_9deb58b1a7d17d38.txt L2664-L2908; the sectors
//! and crown spaces the seed's images held: docs/research/
//! wheel_robbers_messages.md, "Crown spaces per sector").
//!
//! - The pig starts on Fortune (L2696).
//! - A drawn tile with a wheel icon (`+wheel=N`) is resolved before anyone
//!   considers where it goes (L2702, L2714-L2721, fn 4 L2902: even a tile
//!   then discarded has had it, `Hook::Drawn`): the pig moves N sectors
//!   clockwise (L2723-L2727), the sector's event happens (L2729-L2756), and
//!   the crown spaces of that sector score and empty (L2758-L2768). The
//!   turn then goes on as usual (L2720, L2771-L2773).
//! - Events, only the sector the pig stops on (L2731-L2732):
//!   - Fortune: the player whose turn it is scores 3 (L2736).
//!   - Taxes: each knight scores 1 per pennant of its city and 1 per knight
//!     its owner has there (L2739, the example L2740-L2741); any follower
//!     in a city is a knight, the mayor and the wagon too (fn 5 L2903).
//!   - Famine: each farmer scores 1 per completed city of its farm, with no
//!     majority needed (L2744, fn 8 L2906; `famine = "majority"`: only the
//!     majority's farmers, the earlier rules of fn 8), with the bonuses of pigs, pig
//!     herds and castles (fn 7 L2905: a module's `farm_bonus`, and the
//!     places counted as cities); barns are no farmers (fn 6 L2904).
//!   - Storm: each player scores 1 per follower in their supply (L2747);
//!     prisoners held by others are not in it (fn 9 L2907).
//!   - Inquisition: each player scores 2 per monk, a follower on a cloister
//!     (L2750); heretics, on shrines, score nothing (fn 10 L2908).
//!   - Plague: each player returns one of their followers on a land tile to
//!     their supply, never one on a crown space; the player whose turn it
//!     is first, then clockwise (L2753): a decision of each player with a
//!     follower on the board (`plague`).
//! - Crown spaces: Fortune, Famine and Inquisition have one, Taxes, Storm
//!   and Plague two (the research doc, from the fan mod's coordinates). A
//!   follower alone on a one-space sector scores 3, alone in a two-space
//!   sector 6, two there 3 each, even the same player's (L2763-L2765); then
//!   they go home; those of sectors the pig passed stay (L2760).
//! - A player who deploys no follower on the tile may put one on a free
//!   crown space, one per space (L2704-L2708, L2773): `crown`, an
//!   alternative to deploying at the figure step.
//!
//! - With other sets (`wheel_princess_dragon_catapult`): a follower on a
//!   crown space is held here, off the board, so the dragon (fn 1 L2899),
//!   the portal (fn 2 L2900), the catapult's tokens and the fairy never
//!   reach it; followers on the Wheel's outer land are on land tiles, for
//!   them and for the Plague (fn 3 L2901). The dragon keeps off the
//!   Wheel's centre (`dragon`: cells with no landscape).
//!
//! Not played: the River with the Wheel.

use serde_json::{json, Map, Value};

use super::{
    Area, At, Figure, Hook, Mech, Mechanic, Neutral, NeutralDef, Section, Shown, Sink, Tally, Why,
};
use crate::engine::game::{Game, Held};
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::Kind;

pub(crate) struct Wheel;

/// `famine`: word 1 is `majority`.
const FAMINE_OPTION: usize = crate::tables::option_index("famine");

/// The sectors, clockwise from Fortune (L2734-L2753; their order around the
/// wheel: the research doc, "Crown spaces per sector").
pub const SECTORS: [&str; 6] = [
    "fortune",
    "taxes",
    "famine",
    "storm",
    "inquisition",
    "plague",
];
const FORTUNE: u8 = 0;
const TAXES: u8 = 1;
const FAMINE: u8 = 2;
const STORM: u8 = 3;
const INQUISITION: u8 = 4;
const PLAGUE: u8 = 5;

/// Crown spaces of each sector (the research doc: 9 in all).
pub const SPACES: [u8; 6] = [1, 2, 1, 2, 1, 2];
/// The first crown space of each sector (spaces are numbered clockwise).
const FIRST_SPACE: [u8; 6] = [0, 1, 3, 4, 6, 7];

/// Points for Fortune (L2736).
pub const FORTUNE_POINTS: u32 = 3;
/// Points per monk for the Inquisition (L2750).
pub const MONK_POINTS: u32 = 2;
/// A follower alone on a one-space sector, or each of two in a two-space
/// sector (L2763, L2765).
pub const CROWN_SHARED: u32 = 3;
/// A follower alone in a two-space sector (L2764).
pub const CROWN_ALONE: u32 = 6;

const NOBODY: u8 = u8::MAX;

/// `plague`: the decision each player answers in a Plague.
pub const PLAGUE_DECISION: Decision = Decision::Module {
    mech: Mech::Wheel,
    code: PLAGUE_CODE,
};
const PLAGUE_CODE: u8 = 0;

/// `crown`: a follower onto a free crown space of `sector` (index into
/// `SECTORS`).
pub const fn crown(sector: u8) -> Action {
    Action::of(Mech::Wheel, 0, Arg::Word(sector))
}

/// `plague`: the follower at `s` goes home.
pub const fn plague(s: Spot) -> Action {
    Action::of(Mech::Wheel, 1, Arg::Spot(s))
}

/// The pig and the crown spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// The sector the pig stands on (index into `SECTORS`).
    pub pig: u8,
    /// How often each sector's event happened.
    pub events: [u16; 6],
    /// Points each player scored on crown spaces.
    pub crowned: [u16; MAX_PLAYERS],
}

impl Default for State {
    fn default() -> Self {
        State {
            pig: FORTUNE,
            events: [0; 6],
            crowned: [0; MAX_PLAYERS],
        }
    }
}

impl Mechanic for Wheel {
    const HOOKS: &'static [Hook] = &[Hook::Drawn, Hook::WoodAnswers];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "crown",
            answers: Answers::Wood,
            arg: ArgKind::Word(&SECTORS),
            field: "sector",
            label: "puts a follower on a crown space of",
        },
        VerbDef {
            name: "plague",
            answers: Answers::Ask,
            arg: ArgKind::Figure,
            field: "figure",
            label: "returns to the supply in the Plague",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[DecisionDef {
        key: "plague",
        name: "return one of your followers on a land tile to your supply (the Plague)",
    }];
    const REASONS: &'static [ReasonDef] = &[
        ReasonDef {
            reason: Reason::Wheel,
            name: "wheel",
            as_final: false,
            paid: false,
        },
        ReasonDef {
            reason: Reason::Crown,
            name: "crown",
            as_final: false,
            paid: false,
        },
    ];
    const NEUTRALS: &'static [NeutralDef] = &[NeutralDef {
        name: "pig",
        svg: PIG_SVG,
    }];
    type State = State;

    /// A tile with a wheel icon: the pig moves, the sector's event
    /// happens, its crown spaces score (L2714-L2768).
    fn drawn(g: &mut Game, t: u16, events: &mut Vec<ScoreEvent>) {
        let Some(n) = icon(g, t) else { return };
        let s = &mut g.ext.wheel;
        s.pig = (s.pig + n) % SECTORS.len() as u8;
        let sector = s.pig;
        s.events[sector as usize] = s.events[sector as usize].saturating_add(1);
        // The crown spaces score after the event (L2718-L2719): after the
        // Plague's answers, when it poses any.
        if !event(g, sector, events) {
            score_crowns(g, sector, events);
        }
    }

    /// A free crown space of each sector, while the player has a follower
    /// in supply (L2706-L2708).
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        match at {
            At::Wood(_) => {
                if g.figures(g.to_move(), FollowerKind::Normal) == 0 {
                    return;
                }
                for sector in 0..SECTORS.len() as u8 {
                    if free_space(g, sector).is_some() && !out.put(crown(sector)) {
                        return;
                    }
                }
            }
            At::Ask(ask) if ask.decision == PLAGUE_CODE => {
                for f in g.followers() {
                    if f.player == ask.player
                        && f.kind.is_follower()
                        && !out.put_once(plague(g.spot_of(f)))
                    {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        match (at, a.arg()) {
            (At::Wood(_), Arg::Word(sector)) => {
                let p = g.to_move();
                if g.figures(p, FollowerKind::Normal) == 0 {
                    return Err(MoveError::rule(Mech::Wheel, NO_FOLLOWER));
                }
                let space = (sector < SECTORS.len() as u8)
                    .then(|| free_space(g, sector))
                    .flatten()
                    .ok_or(MoveError::rule(Mech::Wheel, NO_SPACE))?;
                g.hold(p, FollowerKind::Normal, Mech::Wheel, u16::from(space));
                Ok(())
            }
            (At::Ask(ask), Arg::Spot(s)) if ask.decision == PLAGUE_CODE => {
                if s.placed as usize >= g.placed().len()
                    || s.segment >= g.segments_of(s.placed as usize)
                {
                    return Err(MoveError::rule(Mech::Wheel, NOT_YOURS));
                }
                let node = g.node_of(s.placed as usize, s.segment);
                let i = g
                    .followers()
                    .iter()
                    .position(|f| {
                        f.node == node
                            && f.player == ask.player
                            && f.player == s.player
                            && f.kind == s.kind
                            && f.kind.is_follower()
                    })
                    .ok_or(MoveError::rule(Mech::Wheel, NOT_YOURS))?;
                g.remove(i, Why::By(Mech::Wheel), events);
                // The asker's own decision is still at the front of the queue.
                let more = g
                    .asks
                    .iter()
                    .skip(1)
                    .any(|a| a.mech == Mech::Wheel && a.decision == PLAGUE_CODE);
                if !more {
                    // Points of the draw, filed like the event's own.
                    let when = std::mem::replace(&mut g.when, When::TurnStart);
                    score_crowns(g, PLAGUE, events);
                    g.when = when;
                }
                Ok(())
            }
            (At::Ask(_), _) => Err(MoveError::Waiting(PLAGUE_DECISION.name())),
            _ => Err(MoveError::rule(Mech::Wheel, NO_SPACE)),
        }
    }

    /// A bot may count on what its followers on crown spaces pay when the
    /// pig stops there (nothing at the end): 6 alone in a two-space sector,
    /// else 3 (L2763-L2765).
    fn prospects(g: &Game, player: u8) -> u32 {
        (0..SECTORS.len() as u8)
            .map(|sector| {
                let on = spaces(sector).filter(|&k| on_crown(g, k) != NOBODY).count();
                let mine = spaces(sector).filter(|&k| on_crown(g, k) == player).count() as u32;
                match (SPACES[sector as usize], on) {
                    (2, 1) => mine * CROWN_ALONE,
                    _ => mine * CROWN_SHARED,
                }
            })
            .sum()
    }

    /// A catapult token landing on a cell of the Wheel that holds a crown
    /// space reaches the follower there: "followers on the tiles
    /// corresponding to ... Wheel of Fortune can be hit and removed"
    /// (000_9deb58b1a7d17d38.txt fn 4 L2327).
    fn held_on_table(g: &Game, h: &Held, tile: u16) -> bool {
        crown_cell(g, usize::from(h.data), tile)
    }

    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.wheel;
        let starts = g.rules.start.len().min(g.placed().len());
        let Some(first) = g.placed().first() else {
            return;
        };
        // The Wheel is the start block (L2696-L2698).
        let cells = g.placed()[..starts.max(1)]
            .iter()
            .map(|q| [q.x, q.y])
            .collect();
        let sections = (0..SECTORS.len())
            .map(|sector| Section {
                name: SECTORS[sector],
                figures: spaces(sector as u8)
                    .filter(|&k| on_crown(g, k) != NOBODY)
                    .map(|k| Figure {
                        player: on_crown(g, k),
                        kind: FollowerKind::Normal,
                    })
                    .collect(),
                // Its crown spaces (L2704-L2708), the free ones drawn empty.
                places: Some(spaces(sector as u8).count() as u8),
            })
            .collect();
        out.areas.push(Area {
            name: "Wheel of Fortune",
            cells,
            sections,
        });
        out.neutral.push(Neutral {
            section: Some(SECTORS[s.pig as usize]),
            ..Neutral::on_cell(Self::NEUTRALS[0], first.x, first.y)
        });
        let occupied: Vec<String> = (0..SECTORS.len())
            .filter_map(|sector| {
                let who: Vec<String> = spaces(sector as u8)
                    .filter(|&k| on_crown(g, k) != NOBODY)
                    .map(|k| format!("P{}", on_crown(g, k)))
                    .collect();
                (!who.is_empty()).then(|| format!("{} {}", SECTORS[sector], who.join(" ")))
            })
            .collect();
        out.notes.push(format!(
            "the pig is on {}; crown spaces taken: {}",
            SECTORS[s.pig as usize],
            if occupied.is_empty() {
                "none".to_string()
            } else {
                occupied.join(", ")
            }
        ));
        for p in 0..g.players() {
            out.tallies.push(Tally {
                player: p,
                key: "crowned",
                count: u32::from(s.crowned[p as usize]),
            });
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let s = &g.ext.wheel;
        let crowns: Map<String, Value> = SECTORS
            .iter()
            .enumerate()
            .map(|(sector, name)| {
                let spaces: Vec<Value> = spaces(sector as u8)
                    .map(|k| match on_crown(g, k) {
                        NOBODY => Value::Null,
                        p => json!(p),
                    })
                    .collect();
                (name.to_string(), Value::Array(spaces))
            })
            .collect();
        let events: Map<String, Value> = SECTORS
            .iter()
            .zip(s.events)
            .map(|(name, n)| (name.to_string(), json!(n)))
            .collect();
        out.insert(
            "wheel".into(),
            json!({
                "pig": SECTORS[s.pig as usize],
                "crowns": crowns,
                "events": events,
            }),
        );
    }
}

const NO_FOLLOWER: &str = "a crown space takes a follower from the supply, and there is none";
const NO_SPACE: &str =
    "a follower goes onto a free crown space of a sector (fortune, taxes, famine, storm, inquisition, plague)";
const NOT_YOURS: &str = "the Plague returns one of your own followers on a land tile";

/// The wheel icon's number on tile `t`, if it has one.
fn icon(g: &Game, t: u16) -> Option<u8> {
    g.rules.tiles[t as usize]
        .attrs
        .iter()
        .find(|a| a.id == attr::WHEEL)
        .map(|a| a.value.clamp(0, 6) as u8)
}

/// The crown spaces of `sector`.
fn spaces(sector: u8) -> impl Iterator<Item = usize> {
    let first = FIRST_SPACE[sector as usize] as usize;
    first..first + SPACES[sector as usize] as usize
}

/// Who stands on crown space `k` (`NOBODY`: it is free). The followers
/// there are held by the module (`Game::held`, `data` the space), so
/// whatever sends one home (a catapult's knock-out) frees the space.
fn on_crown(g: &Game, k: usize) -> u8 {
    g.held()
        .iter()
        .find(|h| h.by == Mech::Wheel && usize::from(h.data) == k)
        .map_or(NOBODY, |h| h.player)
}

/// Whether placed tile `tile` is a cell of the Wheel holding crown space `k`
/// (`+crown=SECTOR`; a sector's spaces lie on its cells in order, a single
/// space straddling two cells lies on both).
fn crown_cell(g: &Game, k: usize, tile: u16) -> bool {
    let Some(sector) = (0..SECTORS.len() as u8).find(|&s| spaces(s).any(|j| j == k)) else {
        return false;
    };
    let cells: Vec<usize> = (0..g.placed().len())
        .filter(|&i| {
            g.rules.tiles[g.placed()[i].tile as usize]
                .attrs
                .iter()
                .any(|a| a.id == attr::CROWN && a.value == i16::from(sector))
        })
        .collect();
    let nth = k - FIRST_SPACE[sector as usize] as usize;
    match SPACES[sector as usize] {
        1 => cells.contains(&usize::from(tile)),
        _ => cells.get(nth) == Some(&usize::from(tile)),
    }
}

/// A free crown space of `sector`, if one is.
fn free_space(g: &Game, sector: u8) -> Option<u8> {
    spaces(sector)
        .find(|&k| on_crown(g, k) == NOBODY)
        .map(|k| k as u8)
}

/// The event of `sector` (L2734-L2753); whether it posed decisions (the
/// Plague's), after whose answers the crown spaces score.
fn event(g: &mut Game, sector: u8, events: &mut Vec<ScoreEvent>) -> bool {
    let players = g.players();
    let mut points = [0u32; MAX_PLAYERS];
    let kind = match sector {
        FORTUNE => {
            points[g.to_move() as usize] = FORTUNE_POINTS;
            Kind::Field
        }
        TAXES => {
            points = taxes(g);
            Kind::City
        }
        FAMINE => {
            points = famine(g);
            Kind::Field
        }
        STORM => {
            for p in 0..players {
                points[p as usize] = FollowerKind::ALL
                    .iter()
                    .filter(|k| k.is_follower())
                    .map(|&k| u32::from(g.figures(p, k)))
                    .sum();
            }
            Kind::Field
        }
        INQUISITION => {
            for f in g.followers() {
                if f.kind.is_follower() && g.kind_of(f.node) == Kind::Cloister {
                    points[f.player as usize] += MONK_POINTS;
                }
            }
            Kind::Cloister
        }
        PLAGUE => {
            let mut asked = false;
            for p in 0..players {
                if g.followers()
                    .iter()
                    .any(|f| f.player == p && f.kind.is_follower())
                {
                    g.ask(super::Ask {
                        mech: Mech::Wheel,
                        player: p,
                        decision: PLAGUE_CODE,
                        data: 0,
                    });
                    asked = true;
                }
            }
            return asked;
        }
        _ => return false,
    };
    for p in 0..players {
        if points[p as usize] > 0 {
            g.add_points(
                events,
                ScoreEvent::new(p, points[p as usize], kind, Reason::Wheel),
            );
        }
    }
    false
}

/// Taxes: each knight scores its city's pennants plus its owner's knights
/// there (L2739-L2741, fn 5 L2903).
fn taxes(g: &Game) -> [u32; MAX_PLAYERS] {
    // (city root, player) -> knights.
    let mut knights: Vec<(u16, u8, u32)> = Vec::new();
    for f in g.followers() {
        if !f.kind.is_follower() || g.kind_of(f.node) != Kind::City {
            continue;
        }
        let root = g.root_of(f.node);
        match knights
            .iter_mut()
            .find(|(r, p, _)| *r == root && *p == f.player)
        {
            Some(k) => k.2 += 1,
            None => knights.push((root, f.player, 1)),
        }
    }
    let mut points = [0u32; MAX_PLAYERS];
    for (root, p, n) in knights {
        let pennants = u32::from(g.features.nodes[root as usize].pennants);
        points[p as usize] += n * (pennants + n);
    }
    points
}

/// Famine: each farmer scores 1 per completed city of its farm, majority
/// or not, with the bonuses modules give a farm's scorer (L2744, fn 6-8
/// L2904-L2906).
fn famine(g: &Game) -> [u32; MAX_PLAYERS] {
    let majority = g.rules().options.get(FAMINE_OPTION) == 1;
    let mut points = [0u32; MAX_PLAYERS];
    for f in g.followers() {
        if !f.kind.is_follower() || g.kind_of(f.node) != Kind::Field {
            continue;
        }
        let farm = g.root_of(f.node);
        if majority && !holds_majority(g, farm, f.player) {
            continue;
        }
        let cities = crate::engine::scoring::farm_cities(g, farm);
        let n = cities.count() as u32;
        let bonus = if super::live(g, Hook::Value) {
            super::farm_bonus(g, farm, f.player, n)
        } else {
            0
        };
        points[f.player as usize] += n + cities.extra + bonus;
    }
    points
}

/// Whether `player` has the most farmers' strength on the farm rooted at
/// `farm` (ties: each of them), for `famine = "majority"` (fn 8 L2906).
fn holds_majority(g: &Game, farm: u16, player: u8) -> bool {
    let mut strength = [0u32; MAX_PLAYERS];
    for f in g.followers() {
        if f.kind.is_follower() && g.root_of(f.node) == farm {
            strength[f.player as usize] += f.kind.strength(0);
        }
    }
    let best = strength.iter().copied().max().unwrap_or(0);
    best > 0 && strength[player as usize] == best
}

/// The crown spaces of `sector` score and empty (L2758-L2768).
fn score_crowns(g: &mut Game, sector: u8, events: &mut Vec<ScoreEvent>) {
    let on: Vec<usize> = spaces(sector)
        .filter(|&k| on_crown(g, k) != NOBODY)
        .collect();
    let points = match (SPACES[sector as usize], on.len()) {
        (_, 0) => return,
        (2, 1) => CROWN_ALONE,
        _ => CROWN_SHARED,
    };
    for k in on {
        let p = on_crown(g, k);
        g.add_points(
            events,
            ScoreEvent::new(p, points, Kind::Field, Reason::Crown),
        );
        let c = &mut g.ext.wheel.crowned[p as usize];
        *c = c.saturating_add(points as u16);
        if let Some(i) = g
            .held()
            .iter()
            .position(|h| h.by == Mech::Wheel && h.data == k as u16)
        {
            g.release(i);
        }
    }
}

/// The big pink pig (L2692).
const PIG_SVG: &str = concat!(
    r##"<g id="pig"><ellipse cx="0" cy="1" rx="10" ry="7" fill="#f4a6c6" stroke="#8a3b5c" stroke-width="1.2"/>"##,
    r##"<circle cx="9" cy="-1" r="4" fill="#f4a6c6" stroke="#8a3b5c" stroke-width="1"/>"##,
    r##"<ellipse cx="12" cy="-1" rx="1.6" ry="2" fill="#e07aa5"/>"##,
    r##"<path d="M-10 0 q-4 -3 -2 -6" fill="none" stroke="#8a3b5c" stroke-width="1"/></g>"##
);
