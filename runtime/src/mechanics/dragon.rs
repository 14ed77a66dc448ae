//! The volcano and the dragon (The Princess & the Dragon,
//! 000_9deb58b1a7d17d38.txt L1098-L1149, L1236-L1259, fn 8-22
//! L1341-L1364; 002_7f8d72b3eaff567f.txt L545-L569, L655-L662).
//!
//! - A volcano tile brings the dragon into play or moves it there (L1102);
//!   no figure but the dragon may be put on the dragon's tile ("At no point
//!   may followers occupy the same tile as the dragon", L1102; fn 8 L1341:
//!   no other figure either), while answers that are not deployments stay
//!   open (the fairy, the abbot's return, a barn: fn 9-10 L1342-L1348, A&M
//!   fn 40 L1874).
//! - Until the dragon is in play a drawn dragon tile is set aside and
//!   another drawn; once it is, those tiles are shuffled back (L1136).
//! - After the figure step of a dragon tile, before scoring (L1110, L1147;
//!   `dragon_move = "after-scoring"` for the RGG prose, fn 12 L1350), the
//!   dragon moves six single steps, horizontally or vertically, the players
//!   choosing one step each from the active player clockwise (L1112,
//!   example L1138-L1145); never onto a tile it entered on this move, nor
//!   back to its starting tile, nor onto the fairy's tile, nor onto a cell
//!   of a start board that has no landscape (it flies round the Wheel of
//!   Fortune and the City of Carcassonne: fn 1 L2899, fn 31 L2174); at a
//!   dead end it stops (L1134). A step with one way open is taken without asking.
//! - Every figure on a tile it enters goes home: "everything of flesh and
//!   blood" (L1123-L1125), which is every figure standing on one tile; a
//!   barn stands where four tiles meet and is not eaten (L1126, fn 18
//!   L1360). A builder or pig goes with its owner's last follower there
//!   (L1242-L1244), a challenge whose heretic or monk is eaten ends (fn 60
//!   L2206): both by the removal path (`Game::remove`). A follower in a
//!   castle (Bridges, Castles & Bazaars) is not on a tile but between two
//!   (L1253, fn 21 L1363, L2514): held off the board, the dragon never
//!   meets it.

use serde_json::{json, Map, Value};

use super::{
    fairy, At, Hook, Mech, Mechanic, Neutral, NeutralDef, PlacedBan, Shown, Sink, Tally, Trail, Why,
};
use crate::engine::board::{DX, DY};
use crate::engine::game::Game;
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Edge, Ruleset, TileType};

pub(crate) struct Dragon;

/// `dragon_move`: word 0 is `before-scoring`.
const DRAGON_MOVE: usize = option_index("dragon_move");

/// Steps in a journey (L1112: "The dragon always moves six tiles").
pub const STEPS: u8 = 6;

/// The decision where the dragon steps.
pub const STEP: Decision = Decision::Module {
    mech: Mech::Dragon,
    code: 0,
};

/// `dragon`: the dragon one tile towards side `d` (0-3: N, E, S, W).
pub fn step(d: u8) -> Action {
    Action::of(Mech::Dragon, 0, Arg::Dir(d))
}

/// Where the dragon is and the journey it makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// The placed tile it stands on; `None` beside the board (L1072).
    pub at: Option<u16>,
    /// The tiles of its last journey, from where it started (`trail[0]`):
    /// the tiles it may not enter again on that journey.
    pub trail: [u16; STEPS as usize + 1],
    pub trail_len: u8,
    /// The journey is under way.
    pub moving: bool,
    /// The player who placed the dragon tile: step `k` is player
    /// `first + k`'s, clockwise.
    pub first: u8,
    /// How many tiles lay on the board when its last journey was made: its
    /// path is shown until the next tile is placed.
    pub moved_at: u16,
    /// Each player's figures it has eaten in the game.
    pub eaten: [u16; MAX_PLAYERS],
}

impl Mechanic for Dragon {
    const HOOKS: &'static [Hook] = &[
        Hook::Draw,
        Hook::AfterPlace,
        Hook::Ban,
        Hook::AfterWood,
        Hook::AfterScore,
    ];
    const VERBS: &'static [VerbDef] = &[VerbDef {
        name: "dragon",
        answers: Answers::Ask,
        arg: ArgKind::Dir,
        field: "to",
        label: "moves the dragon",
    }];
    const DECISIONS: &'static [DecisionDef] = &[DecisionDef {
        key: "dragon",
        name: "move the dragon one tile",
    }];
    const NEUTRALS: &'static [NeutralDef] = &[NeutralDef {
        name: "dragon",
        svg: DRAGON_SVG,
    }];
    /// Prisoners are taken before the dragon moves (The Tower, fn 6 L1501;
    /// L1246-L1248), and the shepherd's action is taken before it too
    /// (Hills & Sheep, L1254); a flier lands and the ferries are put and
    /// moved before it moves too (expansion_turns.md, the after-wood step).
    const AFTER: &'static [Mech] = &[Mech::Tower, Mech::HillsSheep, Mech::Flier, Mech::Ferries];
    type State = State;

    /// "Until a volcano tile has been placed ... If a dragon tile is drawn,
    /// it is placed to one side and the player may draw another" (L1136).
    fn sets_aside(g: &Game, t: u16) -> bool {
        g.ext.dragon.at.is_none() && has(&g.rules.tiles[t as usize], attr::DRAGON)
    }

    /// A volcano: the dragon flies there at once (L1102), and if it came
    /// into play, the dragon tiles set aside go back among the face-down
    /// tiles (L1136).
    fn after_place(g: &mut Game, idx: usize) {
        let q = g.placed[idx];
        if !has(&g.rules.tiles[q.tile as usize], attr::VOLCANO) {
            return;
        }
        let arriving = g.ext.dragon.at.is_none();
        g.ext.dragon.at = Some(idx as u16);
        if arriving {
            g.shuffle_back(Mech::Dragon);
        }
    }

    /// No figure on the dragon's tile, nor on a volcano about to be placed
    /// (the dragon lands there as it is placed). Once the dragon has moved
    /// on, a volcano is a tile like any other.
    fn ban(g: &Game, t: &TileType, placed: Option<u16>) -> Option<&'static str> {
        let banned = match placed {
            Some(idx) => g.ext.dragon.at == Some(idx),
            None => has(t, attr::VOLCANO),
        };
        banned.then_some(BANNED)
    }

    /// Of the placed tiles, the dragon's alone.
    fn placed_ban(g: &Game) -> PlacedBan {
        PlacedBan::AtMost(g.ext.dragon.at)
    }

    fn after_wood(g: &mut Game, idx: usize, _events: &mut Vec<ScoreEvent>) {
        if !after_scoring(g.rules) {
            set_off(g, idx);
        }
    }

    fn after_score(g: &mut Game, idx: usize, _events: &mut Vec<ScoreEvent>) {
        if after_scoring(g.rules) {
            set_off(g, idx);
        }
    }

    /// The open ways from the dragon's tile.
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        if !matches!(at, At::Ask(_)) || !g.ext.dragon.moving {
            return;
        }
        for d in 0..4 {
            if way(g, d).is_some() && !out.put(step(d)) {
                return;
            }
        }
    }

    /// One step: the dragon enters the tile and eats what stands on it;
    /// the next step is asked of the next player, until six are made or
    /// the way is closed.
    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        let (At::Ask(_), Arg::Dir(d)) = (at, a.arg()) else {
            return Err(MoveError::Waiting(STEP.name()));
        };
        let to = way(g, d).ok_or(MoveError::rule(Mech::Dragon, CLOSED))?;
        let s = &mut g.ext.dragon;
        s.at = Some(to);
        s.trail[s.trail_len as usize] = to;
        s.trail_len += 1;
        eat(g, to, events);
        ask_step(g);
        Ok(())
    }

    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.dragon;
        for p in 0..g.players() {
            out.tallies.push(Tally {
                player: p,
                key: "eaten",
                count: u32::from(s.eaten[p as usize]),
            });
        }
        let Some(at) = s.at else { return };
        let q = g.placed[at as usize];
        out.neutral
            .push(Neutral::on_cell(Self::NEUTRALS[0], q.x, q.y));
        if usize::from(s.moved_at) == g.placed().len() && s.trail_len > 1 {
            out.trails.push(Trail {
                name: "dragon",
                cells: trail(g)
                    .map(|p| [g.placed[p as usize].x, g.placed[p as usize].y])
                    .collect(),
            });
        }
    }

    fn state_json(g: &Game, out: &mut Map<String, Value>) {
        let eaten = &g.ext.dragon.eaten[..g.players() as usize];
        out.insert("eaten_by_dragon".into(), json!(eaten));
        let at = g.ext.dragon.at.map(|d| {
            let q = &g.placed[d as usize];
            json!({ "x": q.x, "y": q.y })
        });
        out.insert("dragon".into(), at.unwrap_or(Value::Null));
    }
}

const BANNED: &str = "the dragon is on this tile, where no figure may stand";
const CLOSED: &str = "the dragon may step only onto a tile next to it that it has not entered on this move, not back to where it started, and not onto the fairy's";

/// Whether tile `t` shows symbol `a`.
#[inline]
fn has(t: &TileType, a: u8) -> bool {
    t.flags & (1 << a) != 0
}

/// The dragon moves after scoring (`dragon_move = "after-scoring"`).
fn after_scoring(rules: &Ruleset) -> bool {
    rules.options.get(DRAGON_MOVE) != 0
}

/// Tile `idx` shows a dragon and the dragon is in play: its journey
/// begins, the active player stepping first (L1112).
fn set_off(g: &mut Game, idx: usize) {
    let q = g.placed[idx];
    let Some(start) = g.ext.dragon.at else {
        return;
    };
    if !has(&g.rules.tiles[q.tile as usize], attr::DRAGON) {
        return;
    }
    let (placed, first) = (g.placed().len() as u16, g.to_move());
    let s = &mut g.ext.dragon;
    s.moving = true;
    s.first = first;
    s.trail = [0; STEPS as usize + 1];
    s.trail[0] = start;
    s.trail_len = 1;
    s.moved_at = placed;
    ask_step(g);
}

/// The next step's question, to the next player in turn, or the journey's
/// end: after six steps, or at a dead end (L1134).
fn ask_step(g: &mut Game) {
    let s = g.ext.dragon;
    let steps = s.trail_len - 1;
    if steps >= STEPS || (0..4).all(|d| way(g, d).is_none()) {
        g.ext.dragon.moving = false;
        return;
    }
    let player = (s.first + steps) % g.players();
    g.ask(super::Ask {
        mech: Mech::Dragon,
        player,
        decision: 0,
        data: u16::from(steps),
    });
}

/// The tiles of the current (or last) journey, from where it started.
fn trail(g: &Game) -> impl Iterator<Item = u16> + '_ {
    let s = &g.ext.dragon;
    s.trail[..s.trail_len as usize].iter().copied()
}

/// The tile one step towards side `d` from the dragon, if it may go there:
/// a placed tile, not entered on this journey nor its start, not the
/// fairy's (L1112), and one with landscape: the dragon "can fly around the
/// outside" of a start board, "treating the landscape areas as normal
/// tiles" (the Wheel of Fortune, fn 1 L2899; the City of Carcassonne, fn 3
/// L2145 and fn 31 L2174), so never onto a cell that is all board (every
/// side a seam: the Wheel's four centre cells, the City's two).
fn way(g: &Game, d: u8) -> Option<u16> {
    let at = g.ext.dragon.at?;
    let q = g.placed[at as usize];
    let (x, y) = (
        i32::from(q.x) + DX.get(d as usize)?,
        i32::from(q.y) + DY.get(d as usize)?,
    );
    let to = g.board.placed_at(x, y)? as u16;
    if trail(g).any(|t| t == to) || fairy::tile(g) == Some(to) || no_landscape(g, to) {
        return None;
    }
    Some(to)
}

/// Placed tile `t` is all start board, with no landscape: every side of
/// its type is a seam.
fn no_landscape(g: &Game, t: u16) -> bool {
    let tile = &g.rules.tiles[g.placed[t as usize].tile as usize];
    tile.edges.iter().all(|&e| e == Edge::Seam)
}

/// Every figure standing on placed tile `t` goes home (L1114, L1123-L1125);
/// what stands where tiles meet (a barn) does not.
fn eat(g: &mut Game, t: u16, events: &mut Vec<ScoreEvent>) {
    while let Some(i) = g
        .followers
        .iter()
        .position(|f| f.kind.def().on_tile && g.features.nodes[f.node as usize].placed == t)
    {
        let f = g.remove(i, Why::By(Mech::Dragon), events);
        let n = &mut g.ext.dragon.eaten[f.player as usize];
        *n = n.saturating_add(1);
    }
    // A figure on the tile beside its features: a follower on top of a
    // tower (The Tower, fn 20 L1520: "The dragon eats all followers on a
    // tile, even if one is in a tower").
    for h in g.release_on_tile(t) {
        let n = &mut g.ext.dragon.eaten[h.player as usize];
        *n = n.saturating_add(1);
    }
    // Neutral figures on the meal plan (the mage and the witch, L1125).
    if super::live(g, Hook::TileCleared) {
        super::tile_cleared(g, t, Mech::Dragon, events);
    }
}

/// A green dragon with spread wings, breathing fire.
const DRAGON_SVG: &str = concat!(
    r##"<g id="dragon"><path d="M-2 -4 L-14 -12 L-11 -3 L-16 1 L-6 1 Z M2 -4 L13 -13 L11 -3 L15 1 L6 1 Z" fill="#3f8f3a" stroke="#163d14" stroke-width="0.9" stroke-linejoin="round"/>"##,
    r##"<ellipse cx="0" cy="2" rx="6" ry="8.5" fill="#4caf50" stroke="#163d14" stroke-width="1"/>"##,
    r##"<path d="M0 10 Q4 15 9 13" fill="none" stroke="#163d14" stroke-width="2"/>"##,
    r##"<circle cx="0" cy="-8" r="4" fill="#4caf50" stroke="#163d14" stroke-width="1"/>"##,
    r##"<path d="M-2 -12 L-3 -15 M2 -12 L3 -15" stroke="#163d14" stroke-width="1"/>"##,
    r##"<circle cx="-1.5" cy="-8.5" r="0.8" fill="#111"/><circle cx="1.5" cy="-8.5" r="0.8" fill="#111"/>"##,
    r##"<path d="M-1.5 -4.5 Q0 -1 1.5 -4.5 L0 -2 Z" fill="#e8541e"/></g>"##
);
