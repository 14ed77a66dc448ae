//! Hills & Sheep: hills, vineyards, the shepherd and the sheep bag. The
//! seeds hold no rules for the set (000_9deb58b1a7d17d38.txt L2658-L2662,
//! rules_digest.md A.11), only its meeting with others (River III's printed
//! sheep and vineyards L518-L528, the dragon L1125 and L1254, the Count and
//! shrines 003_f0943165331a7fee.txt L279-L282, L386-L388). Its own rules are
//! the published ones, in our words with their sources in
//! docs/rules/hills-sheep.md; each rule below names its section there
//! (§Hills, §Vineyards, §Shepherd, §Bag, §Grow, §Herd, §Closed field,
//! §End).
//!
//! - §Hills: a hill tile goes onto a tile taken face down from the supply,
//!   which leaves play unseen (`Game::bury`: the last of the stack, which
//!   no one knows); the last tile of the game has none left to take. Players
//!   tied for a feature's majority: those with a follower on a hill tile of
//!   it win (`hill_tiebreak = "count"`: those with the most followers on
//!   hills).
//! - §Vineyards: a completed cloister scores 3 more for each vineyard tile
//!   among the eight around it; nothing at the end; shrines alike (003 L388).
//!   River III's vineyards are vineyards (L522).
//! - §Shepherd: one per player, placed instead of a follower on a field of
//!   the tile just placed with no shepherd (a farmer may be there, and a
//!   farmer may join a shepherd's field); no follower, no majority. Placing
//!   it draws a token at once (§Bag).
//! - §Grow, §Herd: a tile that extends the field of its player's own
//!   shepherd (after the figure step, before scoring, and before the
//!   dragon moves: L1254) asks them to grow the flock (draw a token) or herd
//!   it into the fold: every shepherd in the field scores a point for each
//!   sheep there (all flocks, and River III's printed sheep, L520), goes home,
//!   and the tokens go back into the bag.
//! - §Bag: 18 tokens (four of 1 sheep, five of 2, five of 3, two of 4, two
//!   wolves); a draw is chance (`Game::ask_chance`): a sheep token joins the
//!   flock; a wolf scatters the field's flocks: their shepherds go home,
//!   their tokens and the wolf back into the bag.
//! - §Closed field: a field with shepherds that can no longer grow is
//!   herded at once, after its player's own action.
//! - §End: shepherds and flocks still out score nothing.
//! - The dragon eats shepherds and their tokens (L1125): the tokens go back
//!   into the bag.

use serde_json::{json, Map, Value};

use super::{
    At, FigureCount, Holding, Hook, Mech, Mechanic, NeutralDef, Shown, Sink, Tally, TileMark, Why,
    WoodSpot,
};
use crate::engine::board::{DX, DY};
use crate::engine::game::{Deployed, Game};
use crate::engine::types::*;
use crate::generated::attr;
use crate::tables::{option_index, Kind, TileType};

pub(crate) struct HillsSheep;

/// `hill_tiebreak`: word 1 is `count`.
const HILL_TIEBREAK: usize = option_index("hill_tiebreak");

/// The bag's tokens, in `Arg::Word` order: sheep tokens of 1-4 sheep, the
/// wolf (§Bag).
pub const TOKENS: [&str; 5] = ["sheep1", "sheep2", "sheep3", "sheep4", "wolf"];
/// The wolf's index in `TOKENS`.
pub const WOLF: u8 = 4;
/// The bag at the start: four of 1 sheep, five of 2, five of 3, two of 4,
/// two wolves (§Bag).
pub const BAG: [u8; 5] = [4, 5, 5, 2, 2];

/// Points for each vineyard around a completed cloister (§Vineyards).
pub const VINEYARD_POINTS: u32 = 3;

/// The decision a tile extending its player's shepherd's field poses.
pub const FLOCK: Decision = Decision::Module {
    mech: Mech::HillsSheep,
    code: 0,
};
/// The draw from the bag, answered by chance.
pub const DRAW: Decision = Decision::Module {
    mech: Mech::HillsSheep,
    code: 1,
};

/// `grow-flock`: draw a token for the flock (§Grow).
pub const GROW: Action = Action::of(Mech::HillsSheep, 0, Arg::None);
/// `herd-flock`: herd the flock into the fold (§Herd).
pub const HERD: Action = Action::of(Mech::HillsSheep, 1, Arg::None);

/// `sheep-bag`: token `k` of `TOKENS` comes out of the bag.
pub const fn token(k: u8) -> Action {
    Action::of(Mech::HillsSheep, 2, Arg::Word(k))
}

const FLOCK_CODE: u8 = 0;
const DRAW_CODE: u8 = 1;

/// The bag and the flocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// Tokens in the bag, by `TOKENS` index.
    pub bag: [u8; 5],
    /// Each player's flock: its sheep tokens by `TOKENS` index (1-4 sheep).
    pub flock: [[u8; 4]; MAX_PLAYERS],
    /// Tiles put face down under hills so far.
    pub under_hills: u16,
    /// Each player's points from herding, over the game.
    pub herded: [u16; MAX_PLAYERS],
    /// How often a wolf scattered each player's flock.
    pub wolves: [u16; MAX_PLAYERS],
    /// Where fields with shepherds were last seen open (`herd_closed`).
    pub open_seen: OpenSeen,
}

/// A cache for `herd_closed`, which asks after every tile whether each
/// shepherd's field is closed: for a few fields (by root), a cell beside one
/// of its segments that was empty. Tiles are never taken off the board and
/// a field never loses a segment, so while that cell stays empty the field
/// is open, and the walk over its segments (dozens, and their neighbours)
/// is not repeated. A cache only: equal games may hold different ones.
#[derive(Debug, Clone, Copy)]
pub struct OpenSeen([(u16, i16, i16); MAX_PLAYERS]);

impl Default for OpenSeen {
    fn default() -> Self {
        OpenSeen([(NO_ROOT, 0, 0); MAX_PLAYERS])
    }
}

impl PartialEq for OpenSeen {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for OpenSeen {}

/// An `OpenSeen` slot that holds no field.
const NO_ROOT: u16 = u16::MAX;

impl Default for State {
    fn default() -> Self {
        State {
            bag: BAG,
            flock: [[0; 4]; MAX_PLAYERS],
            under_hills: 0,
            herded: [0; MAX_PLAYERS],
            wolves: [0; MAX_PLAYERS],
            open_seen: OpenSeen::default(),
        }
    }
}

impl Mechanic for HillsSheep {
    const HOOKS: &'static [Hook] = &[
        Hook::AfterPlace,
        Hook::WoodOptions,
        Hook::AfterWood,
        Hook::Value,
        Hook::Majority,
        Hook::OnRemoved,
    ];
    const FIGURES: &'static [FigureDef] = &[FigureDef {
        kind: FollowerKind::Shepherd,
        name: "shepherd",
        label: "shepherd",
        supply: 1,
        strength: 0,
        follower: false,
        occupies: false,
        stands_on: kinds(&[Kind::Field]),
        svg: Some(SHEPHERD_SVG),
        ..FollowerKind::NORMAL_DEF
    }];
    const VERBS: &'static [VerbDef] = &[
        VerbDef {
            name: "grow-flock",
            answers: Answers::Ask,
            arg: ArgKind::None,
            field: "",
            label: "grows the flock",
        },
        VerbDef {
            name: "herd-flock",
            answers: Answers::Ask,
            arg: ArgKind::None,
            field: "",
            label: "herds the flock into the fold",
        },
        VerbDef {
            name: "sheep-bag",
            answers: Answers::Chance,
            arg: ArgKind::Word(&TOKENS),
            field: "token",
            label: "draws from the sheep bag:",
        },
    ];
    const DECISIONS: &'static [DecisionDef] = &[
        DecisionDef {
            key: "flock",
            name: "grow the flock (draw from the bag) or herd it into the fold (score it)",
        },
        DecisionDef {
            key: "sheep-bag",
            name: "draw a token from the sheep bag",
        },
    ];
    const REASONS: &'static [ReasonDef] = &[ReasonDef {
        reason: Reason::Flock,
        name: "flock",
        as_final: false,
        paid: false,
    }];
    type State = State;

    /// §Hills: a hill tile takes a face-down tile beneath it, if one is
    /// left.
    fn after_place(g: &mut Game, idx: usize) {
        let t = g.placed[idx].tile;
        if has(&g.rules.tiles[t as usize], attr::HILL) && g.bury() {
            g.ext.hills_sheep.under_hills += 1;
        }
    }

    /// §Shepherd: onto a field of the new tile where no shepherd stands.
    fn wood_options<S: Sink + ?Sized>(g: &Game, w: &WoodSpot, out: &mut S) {
        if g.figures(w.player, FollowerKind::Shepherd) == 0 {
            return;
        }
        let taken = g.joining_mask(w.tile, w.p, |root| shepherd_in(g, root));
        for (s, seg) in w.tile.segments.iter().enumerate() {
            if seg.kind == Kind::Field && taken & (1 << s) == 0 {
                out.put(Action::Deploy(Deploy {
                    segment: s as u8,
                    kind: FollowerKind::Shepherd,
                }));
            }
        }
    }

    fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
        let kind = w.tile.segments[d.segment as usize].kind;
        if !g.may_stand(d.kind, kind) {
            return Err(MoveError::WrongFeature {
                figure: "shepherd",
                feature: kind.name(),
            });
        }
        if g.joining_mask(w.tile, w.p, |root| shepherd_in(g, root)) & (1 << d.segment) != 0 {
            return Err(MoveError::rule(Mech::HillsSheep, ANOTHER_SHEPHERD));
        }
        Ok(())
    }

    /// After the figure step, before scoring and before the dragon (L1254):
    /// a shepherd just placed draws a token (§Shepherd); a tile extending
    /// its player's shepherd's field asks them to grow or herd (§Grow,
    /// §Herd); otherwise closed fields are herded at once (§Closed field).
    fn after_wood(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
        let me = g.to_move();
        match shepherd_of(g, me) {
            Some(f) if g.features.nodes[f.node as usize].placed as usize == idx => {
                g.ask_chance(Mech::HillsSheep, DRAW_CODE, u16::from(me));
            }
            Some(f) if extends(g, idx, g.root_of(f.node)) => g.ask(super::Ask {
                mech: Mech::HillsSheep,
                player: me,
                decision: FLOCK_CODE,
                data: 0,
            }),
            _ => herd_closed(g, events),
        }
    }

    /// §Vineyards: 3 for each vineyard around a cloister or shrine that is
    /// completed (none at the end: `as_final`).
    fn feature_bonus(g: &Game, root: u16, reason: Reason) -> u32 {
        let node = g.features.nodes[root as usize];
        if reason.as_final() || !matches!(node.kind, Kind::Cloister | Kind::Shrine) {
            return 0;
        }
        let q = g.placed[node.placed as usize];
        let mut n = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let at = g.board.placed_at(i32::from(q.x) + dx, i32::from(q.y) + dy);
                if let Some(i) = at.filter(|_| (dx, dy) != (0, 0)) {
                    let t = &g.rules.tiles[g.placed[i].tile as usize];
                    n += u32::from(has(t, attr::VINEYARD));
                }
            }
        }
        VINEYARD_POINTS * n
    }

    /// §Hills: of the tied players, those with a follower on a hill tile of
    /// the feature (or the most of them, `hill_tiebreak = "count"`).
    fn break_tie(g: &Game, root: u16, tied: u8) -> u8 {
        let mut on_hills = [0u8; MAX_PLAYERS];
        for f in g.followers() {
            if tied & (1 << f.player) == 0 || !f.kind.is_follower() || g.root_of(f.node) != root {
                continue;
            }
            let q = g.placed[g.features.nodes[f.node as usize].placed as usize];
            if has(&g.rules.tiles[q.tile as usize], attr::HILL) {
                on_hills[f.player as usize] += 1;
            }
        }
        let best = if g.rules.options.get(HILL_TIEBREAK) == 1 {
            on_hills.iter().copied().max().unwrap_or(0)
        } else {
            u8::from(on_hills.iter().any(|&n| n > 0))
        };
        if best == 0 {
            return tied;
        }
        (0..g.players()).fold(0, |w, p| w | u8::from(on_hills[p as usize] >= best) << p)
    }

    /// A shepherd gone by another rule (the dragon ate it, L1125): its
    /// flock's tokens go back into the bag.
    fn on_removed(g: &mut Game, f: Deployed, _why: Why, _events: &mut Vec<ScoreEvent>) {
        if f.kind == FollowerKind::Shepherd {
            return_flock(g, f.player);
        }
    }

    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {
        let At::Ask(ask) = at else { return };
        match ask.decision {
            FLOCK_CODE => {
                let _ = out.put(GROW) && out.put(HERD);
            }
            DRAW_CODE => {
                for k in 0..TOKENS.len() as u8 {
                    if g.ext.hills_sheep.bag[k as usize] > 0 && !out.put(token(k)) {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    /// A token is as likely as there are of it in the bag (§Bag).
    fn odds(g: &Game, _ask: super::Ask, a: Action) -> u32 {
        match a.arg() {
            Arg::Word(k) => u32::from(*g.ext.hills_sheep.bag.get(k as usize).unwrap_or(&0)),
            _ => 0,
        }
    }

    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        let At::Ask(ask) = at else {
            return Err(MoveError::Waiting(FLOCK.name()));
        };
        if ask.decision == DRAW_CODE && !matches!(a, Action::Do(v) if v.code == 2) {
            return Err(MoveError::Waiting(DRAW.name()));
        }
        if !super::listed(g, a, |c| Self::answers(g, at, c)) {
            return Err(MoveError::rule(
                Mech::HillsSheep,
                match ask.decision {
                    DRAW_CODE => NOT_IN_BAG,
                    _ => NOT_AN_ANSWER,
                },
            ));
        }
        match (ask.decision, a) {
            (FLOCK_CODE, GROW) => {
                g.ask_chance(Mech::HillsSheep, DRAW_CODE, u16::from(ask.player));
            }
            (FLOCK_CODE, _) => {
                if let Some(f) = shepherd_of(g, ask.player) {
                    let root = g.root_of(f.node);
                    herd(g, root, events);
                }
                herd_closed(g, events);
            }
            (_, a) => {
                let Arg::Word(k) = a.arg() else {
                    return Err(MoveError::rule(Mech::HillsSheep, NOT_IN_BAG));
                };
                draw(g, ask.data as u8, k, events);
                herd_closed(g, events);
            }
        }
        Ok(())
    }

    /// A bot may count the sheep its shepherd's field would pay if herded
    /// (the final scoring pays none, §End).
    fn prospects(g: &Game, player: u8) -> u32 {
        shepherd_of(g, player).map_or(0, |f| field_sheep(g, g.root_of(f.node)))
    }

    fn show(g: &Game, out: &mut Shown) {
        let s = &g.ext.hills_sheep;
        for (i, q) in g.placed().iter().enumerate() {
            let t = &g.rules.tiles[q.tile as usize];
            for (a, def) in [(attr::HILL, HILL_MARK), (attr::VINEYARD, VINEYARD_MARK)] {
                if has(t, a) {
                    out.marks.push(TileMark {
                        def,
                        placed: i as u16,
                    });
                }
            }
        }
        for f in g.followers() {
            if f.kind == FollowerKind::Shepherd {
                let sheep = flock_sheep(&s.flock[f.player as usize]);
                out.counts.push(FigureCount {
                    spot: g.spot_of(f),
                    key: "flock",
                    count: sheep,
                });
                let tokens = s.flock[f.player as usize].iter().sum::<u8>();
                out.holdings.push(Holding {
                    player: f.player,
                    key: "flock",
                    text: format!(
                        "a flock of {sheep} sheep ({tokens} token{})",
                        if tokens == 1 { "" } else { "s" }
                    ),
                });
            }
        }
        let bag: Vec<String> = TOKENS
            .iter()
            .zip(s.bag)
            .map(|(name, n)| format!("{n} {name}"))
            .collect();
        out.notes.push(format!(
            "sheep bag: {}; tiles under hills: {}",
            bag.join(", "),
            s.under_hills
        ));
        for p in 0..g.players() {
            for (key, n) in [
                ("herded", s.herded[p as usize]),
                ("wolves", s.wolves[p as usize]),
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
        let s = &g.ext.hills_sheep;
        let bag: Map<String, Value> = TOKENS
            .iter()
            .zip(s.bag)
            .map(|(name, n)| (name.to_string(), json!(n)))
            .collect();
        out.insert("sheep_bag".into(), Value::Object(bag));
        let flocks: Vec<Value> = (0..g.players())
            .map(|p| {
                let tokens = &s.flock[p as usize];
                json!({
                    "sheep": flock_sheep(tokens),
                    "tokens": TOKENS[..4].iter().zip(tokens).map(|(n, c)| (n.to_string(), json!(c))).collect::<Map<String, Value>>(),
                })
            })
            .collect();
        out.insert("flocks".into(), Value::Array(flocks));
        out.insert("under_hills".into(), json!(s.under_hills));
    }
}

const ANOTHER_SHEPHERD: &str =
    "a shepherd goes only onto a field where no shepherd stands (a farmer may)";
const NOT_AN_ANSWER: &str = "the flock grows (`grow-flock`) or is herded (`herd-flock`)";
const NOT_IN_BAG: &str =
    "no such token is in the sheep bag now (its tokens: sheep1-sheep4 while any are left, and the wolf)";

/// Whether tile `t` shows mark `a`.
#[inline]
fn has(t: &TileType, a: u8) -> bool {
    t.flags & (1 << a) != 0
}

/// `player`'s shepherd on the board, if it stands there.
fn shepherd_of(g: &Game, player: u8) -> Option<Deployed> {
    g.followers()
        .iter()
        .find(|f| f.player == player && f.kind == FollowerKind::Shepherd)
        .copied()
}

/// Whether a shepherd stands in the feature rooted at `root`.
fn shepherd_in(g: &Game, root: u16) -> bool {
    g.followers()
        .iter()
        .any(|f| f.kind == FollowerKind::Shepherd && g.root_of(f.node) == root)
}

/// Whether placed tile `idx` has a segment in the field rooted at `root`.
fn extends(g: &Game, idx: usize, root: u16) -> bool {
    (0..g.segments_of(idx)).any(|s| g.root_of(g.node_of(idx, s)) == root)
}

/// The sheep of a flock's tokens.
fn flock_sheep(tokens: &[u8; 4]) -> u32 {
    tokens
        .iter()
        .enumerate()
        .map(|(k, &n)| (k as u32 + 1) * u32::from(n))
        .sum()
}

/// Every sheep in the field rooted at `root`: its shepherds' flocks and the
/// sheep printed on its tiles (River III, L520).
fn field_sheep(g: &Game, root: u16) -> u32 {
    let flocks: u32 = g
        .followers()
        .iter()
        .filter(|f| f.kind == FollowerKind::Shepherd && g.root_of(f.node) == root)
        .map(|f| flock_sheep(&g.ext.hills_sheep.flock[f.player as usize]))
        .sum();
    let printed: u32 = g
        .member_segments(root)
        .flat_map(|seg| seg.attrs.iter())
        .filter(|a| a.id == attr::SHEEP)
        .map(|a| a.value.max(0) as u32)
        .sum();
    flocks + printed
}

/// `player`'s flock goes back into the bag.
fn return_flock(g: &mut Game, player: u8) {
    let s = &mut g.ext.hills_sheep;
    let flock = std::mem::take(&mut s.flock[player as usize]);
    for (k, n) in flock.iter().enumerate() {
        s.bag[k] += n;
    }
}

/// Token `k` comes out of the bag for `player`'s shepherd (§Bag): a sheep
/// joins the flock; the wolf scatters the field's flocks, their shepherds
/// go home, and it goes back into the bag.
fn draw(g: &mut Game, player: u8, k: u8, events: &mut Vec<ScoreEvent>) {
    let Some(f) = shepherd_of(g, player) else {
        return;
    };
    if k == WOLF {
        let root = g.root_of(f.node);
        scatter(g, root, events);
        return;
    }
    let s = &mut g.ext.hills_sheep;
    s.bag[k as usize] -= 1;
    s.flock[player as usize][k as usize] += 1;
}

/// The wolf: every shepherd in the field rooted at `root` goes home, its
/// flock back into the bag.
fn scatter(g: &mut Game, root: u16, events: &mut Vec<ScoreEvent>) {
    while let Some(i) = g
        .followers()
        .iter()
        .position(|f| f.kind == FollowerKind::Shepherd && g.root_of(f.node) == root)
    {
        let f = g.remove(i, Why::By(Mech::HillsSheep), events);
        let w = &mut g.ext.hills_sheep.wolves[f.player as usize];
        *w = w.saturating_add(1);
    }
}

/// §Herd: every shepherd in the field rooted at `root` scores a point for
/// each sheep in it, then goes home; the tokens go back into the bag.
fn herd(g: &mut Game, root: u16, events: &mut Vec<ScoreEvent>) {
    let sheep = field_sheep(g, root);
    let mut owners = 0u8;
    for f in g.followers() {
        if f.kind == FollowerKind::Shepherd && g.root_of(f.node) == root {
            owners |= 1 << f.player;
        }
    }
    for p in 0..g.players() {
        if owners & (1 << p) != 0 && sheep > 0 {
            g.add_points(
                events,
                ScoreEvent::new(p, sheep, Kind::Field, Reason::Flock),
            );
            let h = &mut g.ext.hills_sheep.herded[p as usize];
            *h = h.saturating_add(sheep as u16);
        }
    }
    while let Some(i) = g
        .followers()
        .iter()
        .position(|f| f.kind == FollowerKind::Shepherd && g.root_of(f.node) == root)
    {
        g.remove(i, Why::Scored(Reason::Flock), events);
    }
}

/// §Closed field: each field with shepherds that no tile can extend any
/// more is herded.
fn herd_closed(g: &mut Game, events: &mut Vec<ScoreEvent>) {
    loop {
        let mut closed = None;
        for i in 0..g.followers().len() {
            let f = g.followers()[i];
            if f.kind != FollowerKind::Shepherd {
                continue;
            }
            let root = g.root_of(f.node);
            if is_closed(g, root) {
                closed = Some(root);
                break;
            }
        }
        let Some(root) = closed else { return };
        herd(g, root, events);
    }
}

/// Whether no side of the field rooted at `root` faces an empty cell: the
/// cell it was last seen open by first (`OpenSeen`), else its segments.
fn is_closed(g: &mut Game, root: u16) -> bool {
    let seen = &g.ext.hills_sheep.open_seen.0;
    if let Some(&(_, x, y)) = seen.iter().find(|e| e.0 == root) {
        if g.board.placed_at(x.into(), y.into()).is_none() {
            return false;
        }
    }
    let Some((x, y)) = open_cell(g, root) else {
        return true;
    };
    let seen = &mut g.ext.hills_sheep.open_seen.0;
    // Its own slot, else a free one, else any: a miss only walks again.
    let slot = seen
        .iter()
        .position(|e| e.0 == root)
        .or_else(|| seen.iter().position(|e| e.0 == NO_ROOT))
        .unwrap_or(usize::from(root) % MAX_PLAYERS);
    seen[slot] = (root, x, y);
    false
}

/// An empty cell a side of the field rooted at `root` faces, if any.
fn open_cell(g: &Game, root: u16) -> Option<(i16, i16)> {
    g.features.members(root).find_map(|m| {
        let node = g.features.nodes[m as usize];
        let q = g.placed[node.placed as usize];
        // The sides the segment's ports lie on, each cell beside looked up
        // once rather than once per port (a field segment often has two or
        // three ports on a side, and a field has dozens of segments).
        let sides = (0..12)
            .filter(|&port| q.ports[port] == node.segment)
            .fold(0u8, |s, port| s | 1 << (port / 3));
        (0..4).find_map(|side| {
            let (x, y) = (q.x + DX[side] as i16, q.y + DY[side] as i16);
            (sides & 1 << side != 0 && g.board.placed_at(x.into(), y.into()).is_none())
                .then_some((x, y))
        })
    })
}

/// A hill: a green mound.
const HILL_MARK: NeutralDef = NeutralDef {
    name: "hill",
    svg: r##"<g id="hill"><path d="M-12 6 Q-6 -8 0 -6 Q6 -9 12 6 Z" fill="#7fb24a" stroke="#3d5f1f" stroke-width="1"/></g>"##,
};

/// A vineyard: a bunch of grapes.
const VINEYARD_MARK: NeutralDef = NeutralDef {
    name: "vineyard",
    svg: concat!(
        r##"<g id="vineyard"><path d="M0 -8 L2 -11" stroke="#4a6b1f" stroke-width="1.2"/>"##,
        r##"<g fill="#6b2d7a" stroke="#2e1033" stroke-width="0.6"><circle cx="-3" cy="-5" r="2.4"/><circle cx="2" cy="-5" r="2.4"/>"##,
        r##"<circle cx="-1" cy="-1" r="2.4"/><circle cx="4" cy="-1" r="2.4"/><circle cx="1" cy="3" r="2.4"/></g></g>"##
    ),
};

/// A shepherd: a figure with a crook.
const SHEPHERD_SVG: &str = concat!(
    r##"<g id="shepherd"><path d="M-6 10 L-4 -2 Q0 -6 4 -2 L6 10 Z" stroke="#111" stroke-width="1.1"/>"##,
    r##"<circle cx="0" cy="-6" r="3.6" stroke="#111" stroke-width="1.1"/>"##,
    r##"<path d="M8 11 L8 -9 Q8 -13 4.5 -12" fill="none" stroke="#5a3a1a" stroke-width="1.6" stroke-linecap="round"/></g>"##
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;

    /// D at (0, 0) and the hill HS/CFR.h at (1, 0) turned 1, whose road
    /// joins D's: the road's root, the hill's road node and D's.
    fn road_over_a_hill(rules: &'static crate::tables::Ruleset) -> (Game, u16, u16, u16) {
        let d = rules.tile_index("D").unwrap() as u16;
        let hill = rules.tile_index("HS/CFR.h").unwrap() as u16;
        let mut g = Game::new_scripted(rules, 2, &[(d, Placement::at(0, 0, 0))]).unwrap();
        g.force_draw(hill).unwrap();
        g.apply_action(Action::Place(Placement::at(1, 0, 1)), &mut Vec::new())
            .unwrap();
        let road = |g: &Game, idx: usize| {
            let t = &g.rules.tiles[g.placed[idx].tile as usize];
            let s = t
                .segments
                .iter()
                .position(|s| s.kind == Kind::Road)
                .unwrap();
            g.node_of(idx, s as u8)
        };
        let (on_d, on_hill) = (road(&g, 0), road(&g, 1));
        (g.clone(), g.root_of(on_d), on_hill, on_d)
    }

    /// §Hills: two players tied at two followers each, P0 both on the
    /// hill, P1 one there and one off it. Presence on a hill (the default)
    /// leaves the tie; `hill_tiebreak = "count"` gives it to P0.
    #[test]
    fn the_count_variant_compares_followers_on_hills_hills() {
        let base = crate::ruleset("base_hills_sheep").unwrap();
        let mut counting = *base;
        counting.options.values[HILL_TIEBREAK] = 1;
        let counting: &'static crate::tables::Ruleset = Box::leak(Box::new(counting));
        for (rules, want) in [(base, 0b11), (counting, 0b01)] {
            let (mut g, root, hill, flat) = road_over_a_hill(rules);
            for (p, node) in [(0, hill), (0, hill), (1, hill), (1, flat)] {
                g.put_figure(p, FollowerKind::Normal, node);
            }
            assert_eq!(HillsSheep::break_tie(&g, root, 0b11), want);
            // Without anyone on the hill, the tie stands either way.
            let (mut g, root, _, flat) = road_over_a_hill(rules);
            g.put_figure(0, FollowerKind::Normal, flat);
            g.put_figure(1, FollowerKind::Normal, flat);
            assert_eq!(HillsSheep::break_tie(&g, root, 0b11), 0b11);
        }
    }
}
