//! The fixed action space and the observation planes (docs/reference/python.md,
//! "Observation and action encoding"): the same numbers whatever
//! the game's state, so that a network's output layer and an action mask
//! line up turn after turn.
//!
//! The board is a window of `side = 2 * radius + 1` cells on each axis
//! centred on (0, 0), where the start tile lies; `cell = (y + radius) *
//! side + (x + radius)`. Action ids come in blocks, generated from the
//! declarations rather than listed here: the skeleton's (place, deploy,
//! draw, pass), then one block per module verb in the registry's order
//! (`Mech::ALL`, each module's `VERBS`), sized by the verb's argument
//! (`ArgKind`): none 1, a yes/no 2, a corner or a direction 4, a placement
//! one id per cell (rotation 0), a figure or a target `SLOTS` slots (the
//! k-th legal answer of that verb), a target anywhere on the board for any
//! figure `BOARD_SLOTS`. Every module's verbs have their block
//! whatever the ruleset, so one ruleset's ids mean the same in another.
//!
//! A placement outside the window has no id (it is left out of the mask);
//! so is a figure on segment `MAX_SEGMENTS` or later and a target or figure
//! answer past its block's slots.

use std::sync::{Arc, LazyLock};

use carcassonne_runtime::engine::{
    Action, Actor, Arg, ArgKind, Decision, Deploy, FollowerKind, Game, Placement, Verb, VerbDef,
    FIGURE_KINDS,
};
use carcassonne_runtime::mechanics::{self, Mech};
use carcassonne_runtime::tables::SIDE_NAMES;

/// Segments per tile the deploy block has room for: every compiled-in tile
/// has fewer (`tests/test_encoding.py` checks).
pub const MAX_SEGMENTS: usize = 16;
/// Slots of a block whose answers name a figure (the fairy's, the
/// princess's) or where one of the mover's figures goes (a wagon's move):
/// the k-th legal answer of the verb, in `legal_actions()` order.
pub const SLOTS: usize = 32;
/// Slots of a block whose answers name any place on the board for a figure
/// of any kind (`ArgKind::Target(None)`: a magic portal), which may be
/// hundreds: random games of base_princess_dragon had up to 257 portal
/// answers at once (3 players), of everything_c1 430 (4 players).
pub const BOARD_SLOTS: usize = 512;
/// The default window radius for a ruleset: 20 cells each way from the
/// start tile, more for rulesets of more than 160 tiles (one cell per 8
/// tiles). Random 2-player games reach 12 cells out in base (72 tiles, 200
/// games) and 26 in everything_c1 (311 tiles, 30 games), which gets 38.
pub fn default_radius(rules: &carcassonne_runtime::Ruleset) -> u16 {
    (rules.total / 8).clamp(20, MAX_RADIUS)
}
/// The largest radius accepted (the engine's board holds far more; this
/// keeps the action space under a few hundred thousand ids).
pub const MAX_RADIUS: u16 = 100;

/// Every decision a game can pose, in the order of the observation's
/// one-hot: the skeleton's, then each module's (`Decision::all`).
pub static DECISIONS: LazyLock<Vec<Decision>> = LazyLock::new(Decision::all);

/// What a block's ids answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    Place,
    Deploy,
    Draw,
    Pass,
    /// Module `mech`'s verb `code`.
    Verb {
        mech: Mech,
        code: u8,
    },
}

/// A block of consecutive action ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The `do` of its actions.
    pub name: &'static str,
    pub holds: Holds,
    pub start: usize,
    pub size: usize,
    /// Its size as the book writes it (`side² × 4`, `16 × 8`, `32`).
    pub ids: String,
    /// What an id within it is, as the book writes it.
    pub within: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Space {
    pub radius: i32,
    pub side: usize,
    pub blocks: Arc<[Block]>,
    /// The starts of the deploy, draw and pass blocks, which `encode`
    /// looks up for most actions a game lists.
    deploy: usize,
    draw: usize,
    pass: usize,
}

/// A module verb's block: its size (given the window's cells) and how the
/// book (docs/reference/python.md) describes it.
fn verb_block(v: &VerbDef, cells: usize) -> (usize, String, String) {
    let slots = |n: usize| {
        (
            n,
            n.to_string(),
            format!("the k-th `{}` in `legal_actions()` order", v.name),
        )
    };
    let field = v.field;
    match v.arg {
        ArgKind::None => (1, "1".into(), String::new()),
        ArgKind::Bool => (2, "2".into(), format!("`{field}`: true, false")),
        ArgKind::Corner => (4, "4".into(), format!("`{field}`: NW, NE, SE, SW")),
        ArgKind::Dir => (
            4,
            "4".into(),
            format!("`{field}`: {}", SIDE_NAMES.join(", ")),
        ),
        ArgKind::Word(words) => (
            words.len(),
            words.len().to_string(),
            format!("`{field}`: {}", words.join(", ")),
        ),
        // Ids from 0 even when the least is above: a number is its id.
        ArgKind::Number { least, most } => (
            usize::from(most) + 1,
            (usize::from(most) + 1).to_string(),
            format!("`{field}`: {least} to {most}"),
        ),
        ArgKind::Placement => (cells, "side²".into(), "`cell` (rotation 0)".into()),
        ArgKind::Target(Some(_)) | ArgKind::Figure | ArgKind::Tile | ArgKind::Held => slots(SLOTS),
        ArgKind::Target(None) => slots(BOARD_SLOTS),
    }
}

impl Space {
    pub fn new(radius: u16) -> Space {
        let side = 2 * usize::from(radius) + 1;
        let cells = side * side;
        let kinds: Vec<&str> = FollowerKind::ALL.iter().map(|k| k.name()).collect();
        let mut blocks = Vec::new();
        let mut start = 0;
        let mut push = |name, holds, size, ids: String, within: String| {
            blocks.push(Block {
                name,
                holds,
                start,
                size,
                ids,
                within,
            });
            start += size;
        };
        push(
            "place",
            Holds::Place,
            cells * 4,
            "side² × 4".into(),
            "`cell × 4 + rotation`".into(),
        );
        push(
            "deploy",
            Holds::Deploy,
            MAX_SEGMENTS * FIGURE_KINDS,
            format!("{MAX_SEGMENTS} × {FIGURE_KINDS}"),
            format!("`segment × {FIGURE_KINDS} + figure` ({})", kinds.join(", ")),
        );
        push("draw", Holds::Draw, 1, "1".into(), String::new());
        push("pass", Holds::Pass, 1, "1".into(), String::new());
        for mech in Mech::ALL {
            for (code, v) in mechanics::verbs(mech).iter().enumerate() {
                let (size, ids, within) = verb_block(v, cells);
                let holds = Holds::Verb {
                    mech,
                    code: code as u8,
                };
                push(v.name, holds, size, ids, within);
            }
        }
        let mut space = Space {
            radius: i32::from(radius),
            side,
            blocks: blocks.into(),
            deploy: 0,
            draw: 0,
            pass: 0,
        };
        space.deploy = space.start(Holds::Deploy);
        space.draw = space.start(Holds::Draw);
        space.pass = space.start(Holds::Pass);
        space
    }

    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// How many action ids there are.
    pub fn size(&self) -> usize {
        self.blocks.last().map_or(0, |b| b.start + b.size)
    }

    fn block(&self, holds: Holds) -> Option<&Block> {
        self.blocks.iter().find(|b| b.holds == holds)
    }

    fn start(&self, holds: Holds) -> usize {
        self.block(holds).map_or(0, |b| b.start)
    }

    /// The window cell of board position (x, y), if inside.
    #[inline]
    pub fn cell(&self, x: i32, y: i32) -> Option<usize> {
        let (cx, cy) = (x + self.radius, y + self.radius);
        let side = self.side as i32;
        ((0..side).contains(&cx) && (0..side).contains(&cy)).then(|| (cy * side + cx) as usize)
    }

    fn position(&self, cell: usize) -> (i16, i16) {
        let x = (cell % self.side) as i32 - self.radius;
        let y = (cell / self.side) as i32 - self.radius;
        (x as i16, y as i16)
    }

    /// The id of placement `p` (the place block comes first).
    #[inline]
    pub fn place_id(&self, p: Placement) -> Option<usize> {
        Some(self.place_id_first(p.x, p.y)? + usize::from(p.rotation & 3))
    }

    /// The id of the placement at (x, y) in rotation 0 (rotation r's is
    /// r more), or `None` outside the window.
    #[inline]
    pub fn place_id_first(&self, x: i16, y: i16) -> Option<usize> {
        Some(self.cell(x.into(), y.into())? * 4)
    }

    /// The placement of id `id` when it is one (the place block comes
    /// first): `decode`'s answer without finding the block.
    #[inline]
    pub fn placement(&self, id: usize) -> Option<Placement> {
        if id >= self.cells() * 4 {
            return None;
        }
        let (x, y) = self.position(id / 4);
        Some(Placement {
            x,
            y,
            rotation: (id % 4) as u8,
        })
    }

    /// The id of `a` among `legal` (the legal actions of the state it
    /// answers: a slot's id is the action's rank among its verb's), or
    /// `None` when the space has no room for it.
    #[inline]
    pub fn encode(&self, a: Action, legal: &[Action]) -> Option<usize> {
        let small = |n: u8, size: u8| (n < size).then_some(usize::from(n));
        Some(match a {
            // The place block comes first.
            Action::Place(p) => self.place_id(p)?,
            Action::Deploy(d) => {
                let s = usize::from(d.segment);
                if s >= MAX_SEGMENTS {
                    return None;
                }
                self.deploy + s * FIGURE_KINDS + d.kind as usize
            }
            Action::Draw => self.draw,
            Action::Pass => self.pass,
            Action::Do(v) => {
                let b = self.block(Holds::Verb {
                    mech: v.mech,
                    code: v.code,
                })?;
                let k = match v.arg {
                    Arg::None => 0,
                    Arg::Bool(take) => usize::from(!take),
                    Arg::Corner(c) => small(c, 4)?,
                    Arg::Dir(d) => small(d, 4)?,
                    Arg::Word(w) => usize::from(w),
                    Arg::Number(n) => usize::from(n),
                    Arg::Placement(p) if p.rotation == 0 => self.cell(p.x.into(), p.y.into())?,
                    Arg::Placement(_) => return None,
                    Arg::Spot(_) | Arg::Tile(_) | Arg::Held { .. } => legal
                        .iter()
                        .filter(|l| same_verb(l, v))
                        .position(|l| *l == a)?,
                };
                if k >= b.size {
                    return None;
                }
                b.start + k
            }
        })
    }

    /// The action id `id` names, given the legal actions of the state (for
    /// slots). It may still be illegal; `None` for an id out of range or a
    /// slot with no action.
    pub fn decode(&self, id: usize, legal: &[Action]) -> Option<Action> {
        let i = self.blocks.partition_point(|b| b.start + b.size <= id);
        let b = self.blocks.get(i)?;
        let k = id - b.start;
        let place = |cell: usize, rotation: u8| {
            let (x, y) = self.position(cell);
            Placement { x, y, rotation }
        };
        Some(match b.holds {
            Holds::Place => Action::Place(self.placement(id)?),
            Holds::Deploy => Action::Deploy(Deploy {
                segment: (k / FIGURE_KINDS) as u8,
                kind: FollowerKind::ALL[k % FIGURE_KINDS],
            }),
            Holds::Draw => Action::Draw,
            Holds::Pass => Action::Pass,
            Holds::Verb { mech, code } => {
                let v = Verb::bare(mech, code);
                let arg = match v.def().arg {
                    ArgKind::None => Arg::None,
                    ArgKind::Bool => Arg::Bool(k == 0),
                    ArgKind::Corner => Arg::Corner(k as u8),
                    ArgKind::Dir => Arg::Dir(k as u8),
                    ArgKind::Word(_) => Arg::Word(k as u8),
                    ArgKind::Number { .. } => Arg::Number(k as u16),
                    ArgKind::Placement if k < self.cells() => Arg::Placement(place(k, 0)),
                    ArgKind::Placement => return None,
                    ArgKind::Target(_) | ArgKind::Figure | ArgKind::Tile | ArgKind::Held => {
                        return legal.iter().filter(|l| same_verb(l, v)).nth(k).copied()
                    }
                };
                Action::Do(Verb { arg, ..v })
            }
        })
    }
}

/// Whether `a` is an answer of `v`'s verb.
fn same_verb(a: &Action, v: Verb) -> bool {
    matches!(a, Action::Do(w) if w.mech == v.mech && w.code == v.code)
}

/// The fixed board planes, each `side × side`, in this order.
pub const PLANE_NAMES: [&str; 8] = [
    "occupied",
    "tile",
    "rotation",
    "edge_n",
    "edge_e",
    "edge_s",
    "edge_w",
    "last_placed",
];

/// The neutral figures (the dragon, the fairy) the modules of `rules`
/// declare, in the registry's order: one board plane each.
pub fn neutral_names(rules: &carcassonne_runtime::Ruleset) -> Vec<&'static str> {
    Mech::ALL
        .into_iter()
        .filter(|&m| rules.plays(m))
        .flat_map(|m| mechanics::neutrals(m).iter().map(|n| n.name))
        .collect()
}

/// Every board plane's name for a game of `players` on `rules`:
/// `PLANE_NAMES`, `figures_0` … (by seat from the observer), then the
/// neutral figures.
pub fn plane_names(rules: &carcassonne_runtime::Ruleset, players: u8) -> Vec<String> {
    PLANE_NAMES
        .iter()
        .map(|s| s.to_string())
        .chain((0..players).map(|k| format!("figures_{k}")))
        .chain(neutral_names(rules).into_iter().map(String::from))
        .collect()
}

/// Board planes: `PLANE_NAMES`, then for each seat counted from the
/// observer (0 = the observer, 1 = the next player clockwise, …) the
/// figures that seat has on each tile, then one plane per neutral figure
/// the ruleset's modules declare (`neutral_names`), 1 where it stands.
/// Values: `tile` is the tile type's index + 1 (`Ruleset.tile_ids`),
/// `edge_*` the kind of the tile's board side + 1 (field 1, road 2, city
/// 3, river 4, seam 5, any 6); 0 is empty.
pub fn board(g: &Game, space: &Space, observer: u8) -> (Vec<i16>, usize) {
    let neutrals = neutral_names(g.rules());
    let planes = PLANE_NAMES.len() + usize::from(g.players()) + neutrals.len();
    let mut out = vec![0i16; planes * space.cells()];
    BoardWriter::default().update(g, space, &neutrals, observer, &mut out);
    (out, planes)
}

/// Keeps a game's board planes (`board`) up to date in a buffer, writing
/// only what changed since its last update: the tiles placed since, the
/// last-placed mark, and the figures (a few cells, cleared and written
/// again, as figures come and go and their planes follow the observer).
/// A game started again (fewer tiles than last time) is written afresh.
#[derive(Debug, Default, Clone)]
pub struct BoardWriter {
    /// Tiles written so far.
    tiles: usize,
    /// Where the last-placed mark is.
    last: Option<usize>,
    /// Figure and neutral entries written, to clear at the next update.
    marks: Vec<usize>,
}

impl BoardWriter {
    /// Bring `out` (the planes of `board`, zero for a writer never used)
    /// to `g` seen by `observer`; `neutrals` is `neutral_names(g.rules())`.
    pub fn update(
        &mut self,
        g: &Game,
        space: &Space,
        neutrals: &[&str],
        observer: u8,
        out: &mut [i16],
    ) {
        let rules = g.rules();
        let cells = space.cells();
        let placed = g.placed();
        if placed.len() < self.tiles {
            out.fill(0);
            *self = BoardWriter::default();
        }
        for q in &placed[self.tiles..] {
            let Some(c) = space.cell(q.x.into(), q.y.into()) else {
                continue;
            };
            let t = &rules.tiles[q.tile as usize];
            out[c] = 1;
            out[cells + c] = q.tile as i16 + 1;
            out[2 * cells + c] = i16::from(q.rotation);
            let edges = t.rot_edges[usize::from(q.rotation & 3)];
            for side in 0..4 {
                out[(3 + side) * cells + c] = ((edges >> (4 * side)) & 0xF) as i16 + 1;
            }
        }
        if placed.len() != self.tiles {
            self.tiles = placed.len();
            if let Some(i) = self.last.take() {
                out[i] = 0;
            }
            let q = placed.last().expect("a game has its start tile");
            self.last = space.cell(q.x.into(), q.y.into()).map(|c| 7 * cells + c);
            if let Some(i) = self.last {
                out[i] = 1;
            }
        }
        for &i in &self.marks {
            out[i] = 0;
        }
        self.marks.clear();
        // A figure stands on feature node `node`: the tile whose nodes hold
        // it (each tile's segments take consecutive nodes, in placement
        // order).
        for f in g.followers() {
            let i = placed.partition_point(|q| q.node_base <= f.node);
            let Some(q) = i.checked_sub(1).map(|i| placed[i]) else {
                continue;
            };
            let Some(c) = space.cell(q.x.into(), q.y.into()) else {
                continue;
            };
            let seat = relative(f.player, observer, g.players());
            let i = (PLANE_NAMES.len() + seat) * cells + c;
            out[i] += 1;
            self.marks.push(i);
        }
        if !neutrals.is_empty() {
            let base = PLANE_NAMES.len() + usize::from(g.players());
            for n in g.shown().neutral {
                let Some(k) = neutrals.iter().position(|&name| name == n.def.name) else {
                    continue;
                };
                if let Some(c) = space.cell(n.x.into(), n.y.into()) {
                    let i = (base + k) * cells + c;
                    out[i] = 1;
                    self.marks.push(i);
                }
            }
        }
    }
}

/// `player`'s seat counted clockwise from `observer`.
pub fn relative(player: u8, observer: u8, players: u8) -> usize {
    usize::from((player + players - observer % players) % players)
}

/// The feature vector's length for `players` players and `tiles` tile types.
pub fn features_len(players: usize, tiles: usize) -> usize {
    1 + DECISIONS.len() + 4 + 4 + players + players * FIGURE_KINDS + tiles
}

/// The feature vector (see docs/reference/python.md): who decides (relative seat, or
/// `players` once the game is over), the decision one-hot (`DECISIONS`),
/// turn, part, tiles face down, the tile to place (index + 1) and its four
/// edges, then scores and supplies by relative seat, then the face-down
/// tiles by type (public: the multiset, not the order).
pub fn features(g: &Game, observer: u8) -> Vec<i32> {
    let mut v = Vec::new();
    features_into(g, observer, &mut v, &mut Vec::new());
    v
}

/// `features` into `v` (cleared first), with `unseen` as scratch space.
pub fn features_into(g: &Game, observer: u8, v: &mut Vec<i32>, unseen: &mut Vec<u16>) {
    let rules = g.rules();
    let players = g.players();
    v.clear();
    let pending = g.pending();
    v.push(match pending.map(|p| p.actor) {
        Some(Actor::Player(p)) => relative(p, observer, players) as i32,
        _ => i32::from(players),
    });
    for &d in DECISIONS.iter() {
        v.push(i32::from(pending.is_some_and(|p| p.decision == d)));
    }
    v.push(g.turn() as i32);
    v.push(i32::from(g.part()));
    v.push(g.remaining() as i32);
    let tile = match pending.map(|p| p.decision) {
        Some(Decision::Source) => g.held_tile(g.to_move()),
        _ => g.current_tile_index(),
    };
    v.push(tile.map_or(0, |t| i32::from(t) + 1));
    for side in 0..4 {
        v.push(tile.map_or(0, |t| {
            i32::from(rules.tiles[t as usize].edges[side] as u8) + 1
        }));
    }
    let seats = (0..players).map(|k| (observer + k) % players);
    for p in seats.clone() {
        v.push(g.scores()[usize::from(p)]);
    }
    for p in seats {
        for kind in FollowerKind::ALL {
            v.push(i32::from(g.figures(p, kind)));
        }
    }
    g.unseen_into(unseen);
    v.extend(unseen.iter().map(|&n| i32::from(n)));
}
