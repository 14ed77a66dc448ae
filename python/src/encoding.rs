//! The fixed action space and the observation planes (README "Python
//! package" → "Observation and action encoding"): the same numbers whatever
//! the game's state, so that a network's output layer and an action mask
//! line up turn after turn.
//!
//! The board is a window of `side = 2 * radius + 1` cells on each axis
//! centred on (0, 0), where the start tile lies. Action ids, in blocks:
//!
//! | block          | size              | id within the block                  |
//! |----------------|-------------------|--------------------------------------|
//! | place          | side² × 4         | `cell * 4 + rotation`                |
//! | abbey          | side²             | `cell`                               |
//! | deploy         | MAX_SEGMENTS × 8  | `segment * 8 + figure kind`          |
//! | barn           | 4                 | corner NW, NE, SE, SW                |
//! | return-abbot   | 1                 |                                      |
//! | second-tile    | 2                 | take, decline                        |
//! | draw           | 1                 |                                      |
//! | pass           | 1                 |                                      |
//! | move-wagon     | WAGON_SLOTS       | k-th legal wagon move                |
//!
//! with `cell = (y + radius) * side + (x + radius)`. A placement outside the
//! window has no id (it is left out of the mask); so is a figure on segment
//! `MAX_SEGMENTS` or later and a wagon move past the `WAGON_SLOTS`-th.

use carcassonne_runtime::engine::{
    Action, Actor, Decision, Deploy, FollowerKind, Game, Placement, FIGURE_KINDS,
};

/// Segments per tile the deploy block has room for: every compiled-in tile
/// has fewer (`tests/test_encoding.py` checks).
pub const MAX_SEGMENTS: usize = 16;
/// Wagon moves the move-wagon block has room for.
pub const WAGON_SLOTS: usize = 16;
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

/// Decisions in the order of the observation's one-hot.
pub const DECISIONS: [Decision; 5] = [
    Decision::Place,
    Decision::Wood,
    Decision::SecondTile,
    Decision::Source,
    Decision::MoveWagon,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Space {
    pub radius: i32,
    pub side: usize,
}

impl Space {
    pub fn new(radius: u16) -> Space {
        Space {
            radius: i32::from(radius),
            side: 2 * usize::from(radius) + 1,
        }
    }

    fn cells(&self) -> usize {
        self.side * self.side
    }
    fn abbey_base(&self) -> usize {
        self.cells() * 4
    }
    fn deploy_base(&self) -> usize {
        self.abbey_base() + self.cells()
    }
    fn barn_base(&self) -> usize {
        self.deploy_base() + MAX_SEGMENTS * FIGURE_KINDS
    }
    fn return_abbot(&self) -> usize {
        self.barn_base() + 4
    }
    fn second_tile_base(&self) -> usize {
        self.return_abbot() + 1
    }
    fn draw(&self) -> usize {
        self.second_tile_base() + 2
    }
    fn pass(&self) -> usize {
        self.draw() + 1
    }
    fn wagon_base(&self) -> usize {
        self.pass() + 1
    }
    /// How many action ids there are.
    pub fn size(&self) -> usize {
        self.wagon_base() + WAGON_SLOTS
    }

    /// The window cell of board position (x, y), if inside.
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

    /// The id of `a` among `legal` (the legal actions of the state it
    /// answers: a wagon move's id is its rank among them), or `None` when
    /// the space has no room for it.
    pub fn encode(&self, a: Action, legal: &[Action]) -> Option<usize> {
        Some(match a {
            Action::Place(p) => {
                self.cell(p.x.into(), p.y.into())? * 4 + usize::from(p.rotation & 3)
            }
            Action::Abbey(p) => self.abbey_base() + self.cell(p.x.into(), p.y.into())?,
            Action::Deploy(d) => {
                let s = usize::from(d.segment);
                if s >= MAX_SEGMENTS {
                    return None;
                }
                self.deploy_base() + s * FIGURE_KINDS + d.kind as usize
            }
            Action::Barn(c) => self.barn_base() + usize::from(c & 3),
            Action::ReturnAbbot => self.return_abbot(),
            Action::SecondTile(take) => self.second_tile_base() + usize::from(!take),
            Action::Draw => self.draw(),
            Action::Pass => self.pass(),
            Action::MoveWagon { .. } => {
                let k = legal
                    .iter()
                    .filter(|l| matches!(l, Action::MoveWagon { .. }))
                    .position(|l| *l == a)?;
                if k >= WAGON_SLOTS {
                    return None;
                }
                self.wagon_base() + k
            }
        })
    }

    /// The action id `id` names, given the legal actions of the state (for
    /// wagon moves). It may still be illegal; `None` for an id out of range
    /// or a wagon slot with no move.
    pub fn decode(&self, id: usize, legal: &[Action]) -> Option<Action> {
        let place = |cell: usize, rotation: u8| {
            let (x, y) = self.position(cell);
            Placement { x, y, rotation }
        };
        Some(if id < self.abbey_base() {
            Action::Place(place(id / 4, (id % 4) as u8))
        } else if id < self.deploy_base() {
            Action::Abbey(place(id - self.abbey_base(), 0))
        } else if id < self.barn_base() {
            let k = id - self.deploy_base();
            Action::Deploy(Deploy {
                segment: (k / FIGURE_KINDS) as u8,
                kind: FollowerKind::ALL[k % FIGURE_KINDS],
            })
        } else if id < self.return_abbot() {
            Action::Barn((id - self.barn_base()) as u8)
        } else if id == self.return_abbot() {
            Action::ReturnAbbot
        } else if id < self.draw() {
            Action::SecondTile(id == self.second_tile_base())
        } else if id == self.draw() {
            Action::Draw
        } else if id == self.pass() {
            Action::Pass
        } else if id < self.size() {
            *legal
                .iter()
                .filter(|l| matches!(l, Action::MoveWagon { .. }))
                .nth(id - self.wagon_base())?
        } else {
            return None;
        })
    }
}

/// Board planes, each `side × side`, in this order.
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

/// Board planes: `PLANE_NAMES`, then for each seat counted from the
/// observer (0 = the observer, 1 = the next player clockwise, …) the
/// figures that seat has on each tile. Values: `tile` is the tile type's
/// index + 1 (`Ruleset.tile_ids`), `edge_*` the kind of the tile's board
/// side + 1 (field 1, road 2, city 3, river 4, seam 5, any 6); 0 is empty.
pub fn board(g: &Game, space: &Space, observer: u8) -> (Vec<i16>, usize) {
    let players = usize::from(g.players());
    let planes = PLANE_NAMES.len() + players;
    let cells = space.cells();
    let mut out = vec![0i16; planes * cells];
    let placed = g.placed();
    let rules = g.rules();
    for (i, q) in placed.iter().enumerate() {
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
        if i + 1 == placed.len() {
            out[7 * cells + c] = 1;
        }
    }
    // A figure stands on feature node `node`: the tile whose nodes hold it
    // (each tile's segments take consecutive nodes, in placement order).
    for f in g.followers() {
        let i = placed.partition_point(|q| q.node_base <= f.node);
        let Some(q) = i.checked_sub(1).map(|i| placed[i]) else {
            continue;
        };
        let Some(c) = space.cell(q.x.into(), q.y.into()) else {
            continue;
        };
        let seat = relative(f.player, observer, g.players());
        out[(PLANE_NAMES.len() + seat) * cells + c] += 1;
    }
    (out, planes)
}

/// `player`'s seat counted clockwise from `observer`.
pub fn relative(player: u8, observer: u8, players: u8) -> usize {
    usize::from((player + players - observer % players) % players)
}

/// The feature vector's length for `players` players and `tiles` tile types.
pub fn features_len(players: usize, tiles: usize) -> usize {
    10 + 4 + players + players * FIGURE_KINDS + tiles
}

/// The feature vector (see the README): who decides (relative seat, or
/// `players` once the game is over), the decision one-hot, turn, part,
/// tiles face down, the tile to place (index + 1) and its four edges, then
/// scores and supplies by relative seat, then the face-down tiles by type
/// (public: the multiset, not the order).
pub fn features(g: &Game, observer: u8) -> Vec<i32> {
    let rules = g.rules();
    let players = g.players();
    let mut v = Vec::with_capacity(features_len(players.into(), rules.tiles.len()));
    let pending = g.pending();
    v.push(match pending.map(|p| p.actor) {
        Some(Actor::Player(p)) => relative(p, observer, players) as i32,
        _ => i32::from(players),
    });
    for d in DECISIONS {
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
    let seats: Vec<u8> = (0..players).map(|k| (observer + k) % players).collect();
    for &p in &seats {
        v.push(g.scores()[usize::from(p)] as i32);
    }
    for &p in &seats {
        for kind in FollowerKind::ALL {
            v.push(i32::from(g.figures(p, kind)));
        }
    }
    let mut unseen = Vec::new();
    g.unseen_into(&mut unseen);
    v.extend(unseen.into_iter().map(i32::from));
    v
}
