//! The Flier (004_e9353f116722cd5d.txt L11-L32, rules_digest.md E.1;
//! docs/rules/flier.md says what plays and where each point comes from).
//!
//! - A player who places a flier tile (`+flier=DIR`) may, instead of
//!   deploying a follower as usual, place one as a flier (L22): the `fly`
//!   verb, an alternative at the figure step, naming the figure that flies.
//!   Any follower may fly (the normal follower, the big follower, the
//!   abbot, the mayor, the wagon), but it must land where that figure may
//!   stand (the published clarifications, docs/rules/flier.md; the mayor:
//!   000_9deb58b1a7d17d38.txt fn 21 L1854; the abbot: 001_46b8449c567a6f1a.txt
//!   fn 23 L852, or not with `flier_abbot = "grounded"`, fn 24 L853).
//! - The die (L24) is chance's (`Game::ask_chance`): faces 1, 1, 2, 2, 3, 3
//!   (the published die, docs/rules/flier.md), so 1, 2 and 3 are as likely.
//!   The follower flies that many cells from the flier tile along its arrow
//!   (L24: straight or diagonal), which is printed on the tile and so turns
//!   with it (`arrow`).
//! - It lands on the tile it reaches (L24), on a feature the player chooses
//!   (a decision when there are several): an unfinished one (L26; one the
//!   flier tile itself completed is complete, 000_9deb58b1a7d17d38.txt fn 7
//!   L372, 001_46b8449c567a6f1a.txt fn 14 L843), occupied or
//!   not (L27), never a field (L29), one the figure may stand on, and not on
//!   a tile no figure may go onto now (`Hook::Ban`: the dragon's).
//! - No tile there (L30) or no such feature: it crashes, and stays in its
//!   owner's supply (L32).
//! - The flight comes after the figure step and before the turn's scoring
//!   (`Hook::AfterWood`; expansion_turns.md: after a tower's capture, before
//!   the dragon moves). A feature it lands on is unfinished, so it scores
//!   on a later turn, or at the end, as any other.

use serde_json::{json, Map, Value};

use super::{
    Ask, At, FirstTwo, Hook, Mech, Mechanic, NeutralDef, Shown, Sink, Tally, TileMark, Trail,
};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind};

pub(crate) struct Flier;

/// `flier_abbot`: word 1 is `grounded` (001_46b8449c567a6f1a.txt fn 24
/// L853).
const ABBOT_RULE: usize = option_index("flier_abbot");

/// The faces of the flight die (docs/rules/flier.md: the published die).
pub const FACES: [u16; 6] = [1, 1, 2, 2, 3, 3];
/// The farthest a follower flies: the die's highest face.
pub const FARTHEST: u16 = 3;

/// The figures that may fly, as the `fly` verb's words.
pub const FIGURE_WORDS: [&str; 5] = ["normal", "big", "abbot", "mayor", "wagon"];
const FIGURE_KINDS: [FollowerKind; 5] = [
    FollowerKind::Normal,
    FollowerKind::Big,
    FollowerKind::Abbot,
    FollowerKind::Mayor,
    FollowerKind::Wagon,
];

/// The eight directions, clockwise from north, as the data writes them
/// (`+flier=DIR`), and each one's step on the board (y grows south).
pub const COMPASS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
const STEP: [(i16, i16); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Verb codes.
const V_FLY: u8 = 0;
const V_DIE: u8 = 1;
const V_LAND: u8 = 2;

/// Decision codes.
const ASK_DIE: u8 = 0;
const ASK_LAND: u8 = 1;

/// `fly`: the figure `FIGURE_WORDS[k]` flies from the flier tile.
pub const fn fly(k: u8) -> Action {
    Action::of(Mech::Flier, V_FLY, Arg::Word(k))
}

/// `flier-die`: the die shows `n`.
pub const fn die(n: u16) -> Action {
    Action::of(Mech::Flier, V_DIE, Arg::Number(n))
}

/// How a flight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Outcome {
    /// In the air: the die is still to be rolled, or the landing chosen.
    #[default]
    Flying,
    /// It landed on the tile it reached.
    Landed,
    /// No tile there, or no feature it may land on (L30-L32).
    Crashed,
}

/// A flight: the latest one, or the one under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flight {
    /// Who flies.
    pub player: u8,
    /// The figure flying.
    pub kind: Option<FollowerKind>,
    /// The flier tile's cell, where the flight starts.
    pub from: (i16, i16),
    /// The arrow's direction on the board (`COMPASS` index).
    pub dir: u8,
    /// The die's number; 0 before it is rolled.
    pub distance: u16,
    /// How it ended, if it has.
    pub outcome: Outcome,
    /// `Game::placed().len()` when the flight began: shown until another
    /// tile is placed.
    pub at_placed: u16,
}

impl Flight {
    /// The cell the die's number leads to.
    pub fn target(&self) -> (i16, i16) {
        let (dx, dy) = STEP[self.dir as usize % 8];
        let d = self.distance as i16;
        (self.from.0 + dx * d, self.from.1 + dy * d)
    }
}

/// The flier's state in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// The flight under way, or the latest (`Flight::kind` is `None`
    /// before the first).
    pub flight: Flight,
    /// Each player's flights.
    pub flights: [u16; MAX_PLAYERS],
    /// Each player's fliers that landed.
    pub landed: [u16; MAX_PLAYERS],
    /// Each player's fliers that crashed (L32).
    pub crashed: [u16; MAX_PLAYERS],
}

impl Mechanic for Flier {
    const HOOKS: &'static [Hook] = &[Hook::Setup, Hook::WoodAnswers, Hook::AfterWood];
    // A tower's capture comes first (expansion_turns.md, after_wood).
    const AFTER: &'static [Mech] = &[Mech::Tower];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "fly",
            answers: Answers::Wood,
            arg: ArgKind::Word(&FIGURE_WORDS),
            field: "figure",
            label: "places as a flier their",
        },
        VerbDef {
            name: "flier-die",
            answers: Answers::Chance,
            arg: ArgKind::Number {
                least: 1,
                most: FARTHEST,
            },
            field: "distance",
            label: "the flier's die shows",
        },
        VerbDef {
            name: "flier-lands",
            answers: Answers::Ask,
            arg: ArgKind::Target(None),
            field: "at",
            label: "lands the flier on",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "flier-die",
            name: "the flight die: how many tiles the flier flies along the arrow",
        },
        DecisionDef {
            key: "flier-lands",
            name: "the unfinished feature of the tile reached that the flier lands on",
        },
    ];
    type State = State;

    fn setup(g: &mut Game) {
        g.ext.flier = State::default();
    }

    /// At the figure step of a flier tile: each figure the player may fly.
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        match at {
            At::Wood(idx) => {
                if arrow(g, idx).is_none() || g.banned(idx as usize) {
                    return;
                }
                let me = g.to_move();
                let grounded = g.rules().options.get(ABBOT_RULE) == 1;
                for (k, &kind) in FIGURE_KINDS.iter().enumerate() {
                    if kind == FollowerKind::Abbot && grounded {
                        continue;
                    }
                    if kind.is_follower() && g.figures(me, kind) > 0 && !out.put(fly(k as u8)) {
                        return;
                    }
                }
            }
            At::Ask(ask) if ask.decision == ASK_DIE => {
                for n in 1..=FARTHEST {
                    if !out.put(die(n)) {
                        return;
                    }
                }
            }
            At::Ask(ask) if ask.decision == ASK_LAND => landings(g, out),
            _ => {}
        }
    }

    fn odds(_g: &Game, _ask: Ask, a: Action) -> u32 {
        match a.arg() {
            Arg::Number(n) => FACES.iter().filter(|&&f| f == n).count() as u32,
            _ => 0,
        }
    }

    fn act(
        g: &mut Game,
        at: At,
        a: Action,
        _events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(Mech::Flier, why_not(at)));
        }
        match (at, a.arg()) {
            (At::Wood(idx), Arg::Word(k)) => {
                let q = g.placed()[idx as usize];
                let dir = arrow(g, idx).unwrap_or(0);
                let me = g.to_move();
                let s = &mut g.ext.flier;
                s.flight = Flight {
                    player: me,
                    kind: Some(FIGURE_KINDS[k as usize]),
                    from: (q.x, q.y),
                    dir,
                    distance: 0,
                    outcome: Outcome::Flying,
                    at_placed: idx + 1,
                };
                s.flights[me as usize] = s.flights[me as usize].saturating_add(1);
            }
            (At::Ask(_), Arg::Number(n)) => {
                g.ext.flier.flight.distance = n;
                let mut two = FirstTwo::default();
                landings(g, &mut two);
                if two.n == 0 {
                    // L30-L32: nowhere to land; it never left the supply.
                    let s = &mut g.ext.flier;
                    s.flight.outcome = Outcome::Crashed;
                    let p = s.flight.player as usize;
                    s.crashed[p] = s.crashed[p].saturating_add(1);
                } else {
                    g.ask(Ask {
                        mech: Mech::Flier,
                        player: g.ext.flier.flight.player,
                        decision: ASK_LAND,
                        data: 0,
                    });
                }
            }
            (At::Ask(_), Arg::Spot(s)) => {
                let node = g.node_of(s.placed as usize, s.segment);
                g.put_figure(s.player, s.kind, node);
                let st = &mut g.ext.flier;
                st.flight.outcome = Outcome::Landed;
                let p = s.player as usize;
                st.landed[p] = st.landed[p].saturating_add(1);
            }
            _ => return Err(MoveError::rule(Mech::Flier, why_not(at))),
        }
        Ok(())
    }

    /// The figure step chose to fly: the die is rolled (L24).
    fn after_wood(g: &mut Game, _idx: usize, _events: &mut Vec<ScoreEvent>) {
        let f = g.ext.flier.flight;
        if f.kind.is_some() && f.outcome == Outcome::Flying && f.distance == 0 {
            g.ask_chance(Mech::Flier, ASK_DIE, 0);
        }
    }

    fn show(g: &Game, out: &mut Shown) {
        for i in 0..g.placed().len() as u16 {
            if let Some(dir) = arrow(g, i) {
                out.marks.push(TileMark {
                    def: ARROWS[dir as usize],
                    placed: i,
                });
            }
        }
        let s = &g.ext.flier;
        let f = s.flight;
        if let Some(kind) = f.kind {
            if f.distance > 0 {
                let (dx, dy) = STEP[f.dir as usize];
                if usize::from(f.at_placed) == g.placed().len() {
                    out.trails.push(Trail {
                        name: "flier",
                        cells: (0..=f.distance as i16)
                            .map(|d| [f.from.0 + dx * d, f.from.1 + dy * d])
                            .collect(),
                    });
                }
                let (x, y) = f.target();
                out.notes.push(format!(
                    "last flight: P{}'s {} flew {} {} from ({}, {}) to ({x}, {y}): {}",
                    f.player,
                    kind.name(),
                    f.distance,
                    COMPASS[f.dir as usize],
                    f.from.0,
                    f.from.1,
                    match f.outcome {
                        Outcome::Flying => "landing",
                        Outcome::Landed => "landed",
                        Outcome::Crashed => "crashed",
                    }
                ));
            }
        }
        for p in 0..g.players() {
            let i = p as usize;
            for (key, n) in [
                ("flights", s.flights[i]),
                ("flier-landed", s.landed[i]),
                ("flier-crashed", s.crashed[i]),
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
        let s = &g.ext.flier;
        let n = g.players() as usize;
        let f = s.flight;
        let flight = f.kind.map(|kind| {
            json!({
                "player": f.player,
                "figure": kind.name(),
                "from": [f.from.0, f.from.1],
                "arrow": COMPASS[f.dir as usize],
                "distance": (f.distance > 0).then_some(f.distance),
                "to": (f.distance > 0).then(|| {
                    let (x, y) = f.target();
                    [x, y]
                }),
                "outcome": match f.outcome {
                    Outcome::Flying => "flying",
                    Outcome::Landed => "landed",
                    Outcome::Crashed => "crashed",
                },
            })
        });
        out.insert("flight".into(), json!(flight));
        out.insert("flights".into(), json!(&s.flights[..n]));
        out.insert("flier_landed".into(), json!(&s.landed[..n]));
        out.insert("flier_crashed".into(), json!(&s.crashed[..n]));
    }
}

/// Why an answer at `at` is refused.
fn why_not(at: At) -> &'static str {
    match at {
        At::Wood(_) => "a follower flies only from a flier tile just placed, and only a follower in the supply (normal, big, abbot, mayor or wagon)",
        At::Ask(a) if a.decision == ASK_DIE => "the flight die shows 1, 2 or 3",
        _ => "the flier lands on an unfinished feature other than a field of the tile it reached, one its figure may stand on (L26-L30)",
    }
}

/// The arrow of placed tile `idx` on the board (`COMPASS` index), if it is
/// a flier tile: the printed arrow turned with the tile, a quarter turn
/// being two compass points.
fn arrow(g: &Game, idx: u16) -> Option<u8> {
    let q = g.placed().get(idx as usize)?;
    let printed = g.rules().tiles[q.tile as usize]
        .attrs
        .iter()
        .find(|a| a.id == attr::FLIER)?
        .value;
    Some(((printed.rem_euclid(8) + 2 * i16::from(q.rotation)) % 8) as u8)
}

/// The spots the flight under way may land on (one per feature): the
/// features of the tile reached that are unfinished, not fields, and that
/// its figure may stand on.
fn landings<S: Sink + ?Sized>(g: &Game, out: &mut S) {
    let f = g.ext.flier.flight;
    let Some(kind) = f.kind else { return };
    if f.outcome != Outcome::Flying || f.distance == 0 {
        return;
    }
    let (x, y) = f.target();
    let Some(placed) = g.board.placed_at(i32::from(x), i32::from(y)) else {
        return;
    };
    if g.banned(placed) {
        return;
    }
    let mut roots = [u16::MAX; 32];
    let mut n = 0;
    for segment in 0..g.segments_of(placed) {
        let node = g.node_of(placed, segment);
        let feature = g.kind_of(node);
        let root = g.root_of(node);
        if feature == Kind::Field
            || !g.may_stand(kind, feature)
            || !g.is_open(root)
            || roots[..n].contains(&root)
        {
            continue;
        }
        if n < roots.len() {
            roots[n] = root;
            n += 1;
        }
        let spot = Spot {
            placed: placed as u16,
            segment,
            kind,
            player: f.player,
        };
        if !out.put(Action::of(Mech::Flier, V_LAND, Arg::Spot(spot))) {
            return;
        }
    }
}

/// A flier tile's arrow, `$deg` degrees clockwise from north.
macro_rules! arrow_def {
    ($name:literal, $deg:literal) => {
        NeutralDef {
            name: $name,
            svg: concat!(
                r##"<g id=""##,
                $name,
                r##""><g transform="rotate("##,
                $deg,
                r##")"><path d="M0 -11 L5 -3 L1.6 -3 L1.6 9 L-1.6 9 L-1.6 -3 L-5 -3 Z" fill="#f4f1e6" stroke="#3b4a6b" stroke-width="1"/>"##,
                r##"<path d="M-1.6 2 L-8 6 L-1.6 5 M1.6 2 L8 6 L1.6 5" fill="none" stroke="#3b4a6b" stroke-width="1"/></g></g>"##
            ),
        }
    };
}

/// A flier tile's arrow, one per board direction (`COMPASS` order).
const ARROWS: [NeutralDef; 8] = [
    arrow_def!("flier-N", "0"),
    arrow_def!("flier-NE", "45"),
    arrow_def!("flier-E", "90"),
    arrow_def!("flier-SE", "135"),
    arrow_def!("flier-S", "180"),
    arrow_def!("flier-SW", "225"),
    arrow_def!("flier-W", "270"),
    arrow_def!("flier-NW", "315"),
];
