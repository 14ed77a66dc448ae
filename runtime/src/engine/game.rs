//! The game state and the turn: draw, place, deploy, score
//! (000_9deb58b1a7d17d38.txt L84-L90).

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::board::{Board, DX, DY};
use super::features::{Features, MARK_CATHEDRAL, MARK_INN};
use super::river;
use super::types::*;
use crate::generated::attr;
use crate::tables::{Kind, Ruleset, TileType, NO_SEGMENT};
use carcassonne_vocab::river::Course;

/// Mechanics switched on by the ruleset, as bits (checked once at setup).
pub(crate) const M_RIVER: u32 = 1;
pub(crate) const M_INNS: u32 = 2;
pub(crate) const M_CATHEDRALS: u32 = 4;
pub(crate) const M_BIG: u32 = 8;

/// A tile on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub tile: u16,
    pub rotation: u8,
    pub x: i16,
    pub y: i16,
    /// Feature node of the tile's segment 0; segment `s` is `node_base + s`.
    pub node_base: u16,
    /// River tiles: the river's bends flowing in, from which each outlet's
    /// follow.
    pub river: Course,
    /// The feature node at each board port (`NO_NODE` for none), so joining
    /// and occupancy look-ups need no rotation arithmetic.
    pub port_node: [u16; 12],
}

/// No feature node at this port.
pub const NO_NODE: u16 = u16::MAX;

/// A follower on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deployed {
    pub player: u8,
    pub node: u16,
    pub kind: FollowerKind,
}

/// A tile drawn but placeable nowhere, removed from the game
/// (000_9deb58b1a7d17d38.txt L100).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Discard {
    /// The turn (0-based) before which it was drawn.
    pub turn: u32,
    pub player: u8,
    pub tile: u16,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) rules: &'static Ruleset,
    pub(crate) mech: u32,
    pub(crate) players: u8,
    pub(crate) seed: u64,
    pub(crate) to_move: u8,
    pub(crate) turn: u32,
    pub(crate) scores: [u32; MAX_PLAYERS],
    pub(crate) supply: [u8; MAX_PLAYERS],
    pub(crate) big_supply: [u8; MAX_PLAYERS],
    pub(crate) board: Board,
    pub(crate) placed: Vec<Placed>,
    pub(crate) features: Features,
    pub(crate) followers: Vec<Deployed>,
    /// The draw order; `stack[next..]` are still face down.
    pub(crate) stack: Vec<u16>,
    pub(crate) next: usize,
    /// How many of the stack's first tiles are the river (drawn first).
    pub(crate) river_len: usize,
    pub(crate) current: Option<u16>,
    pub(crate) discards: Vec<Discard>,
    pub(crate) finished: bool,
    /// Tiles are chosen by the caller (`force_draw`), not by the seed.
    pub(crate) scripted: bool,
}

/// Cloning is what bots do millions of times: `clone_from` into a game kept
/// for the purpose reuses its buffers, so it does not allocate.
impl Clone for Game {
    fn clone(&self) -> Self {
        Game {
            rules: self.rules,
            mech: self.mech,
            players: self.players,
            seed: self.seed,
            to_move: self.to_move,
            turn: self.turn,
            scores: self.scores,
            supply: self.supply,
            big_supply: self.big_supply,
            next: self.next,
            river_len: self.river_len,
            current: self.current,
            finished: self.finished,
            scripted: self.scripted,
            board: self.board.clone(),
            placed: self.placed.clone(),
            features: self.features.clone(),
            followers: self.followers.clone(),
            stack: self.stack.clone(),
            discards: self.discards.clone(),
        }
    }

    fn clone_from(&mut self, src: &Self) {
        self.rules = src.rules;
        self.mech = src.mech;
        self.players = src.players;
        self.seed = src.seed;
        self.to_move = src.to_move;
        self.turn = src.turn;
        self.scores = src.scores;
        self.supply = src.supply;
        self.big_supply = src.big_supply;
        self.next = src.next;
        self.river_len = src.river_len;
        self.current = src.current;
        self.finished = src.finished;
        self.scripted = src.scripted;
        self.board.clone_from(&src.board);
        self.placed.clone_from(&src.placed);
        self.features.clone_from(&src.features);
        self.followers.clone_from(&src.followers);
        self.stack.clone_from(&src.stack);
        self.discards.clone_from(&src.discards);
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("ruleset {ruleset} is for {min} to {max} players, not {players}")]
    Players {
        ruleset: &'static str,
        min: u8,
        max: u8,
        players: u8,
    },
    #[error("{0}")]
    BadStart(String),
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ForceDrawError {
    #[error("the game is over")]
    GameOver,
    #[error("no copy of tile {0} is left to draw")]
    NoneLeft(&'static str),
    #[error("only a scripted game (a record without a seed) chooses its tiles and turn order")]
    NotScripted,
    #[error("there is no player {0}")]
    NoSuchPlayer(u8),
}

impl Game {
    /// A new game: the start tile(s) placed, the rest shuffled by `seed`, and
    /// the first player's tile drawn.
    pub fn new(rules: &'static Ruleset, players: u8, seed: u64) -> Result<Game, SetupError> {
        Self::setup(rules, players, seed, &start_placements(rules), false)
    }

    fn setup(
        rules: &'static Ruleset,
        players: u8,
        seed: u64,
        start: &[(u16, Placement)],
        scripted: bool,
    ) -> Result<Game, SetupError> {
        let o = &rules.options;
        if players < o.min_players || players > o.max_players || players as usize > MAX_PLAYERS {
            return Err(SetupError::Players {
                ruleset: rules.id,
                min: o.min_players,
                max: o.max_players,
                players,
            });
        }
        let mut mech = 0;
        for (name, bit) in [
            ("river", M_RIVER),
            ("inns", M_INNS),
            ("cathedrals", M_CATHEDRALS),
            ("big-follower", M_BIG),
        ] {
            if rules.has_mechanic(name) {
                mech |= bit;
            }
        }
        let mut supply = [0; MAX_PLAYERS];
        let mut big_supply = [0; MAX_PLAYERS];
        for p in 0..players as usize {
            supply[p] = o.followers;
            big_supply[p] = u8::from(mech & M_BIG != 0);
        }
        let mut g = Game {
            rules,
            mech,
            players,
            seed,
            to_move: 0,
            turn: 0,
            scores: [0; MAX_PLAYERS],
            supply,
            big_supply,
            board: Board::new(),
            placed: Vec::with_capacity(rules.total as usize),
            features: Features::with_capacity(
                rules
                    .tiles
                    .iter()
                    .map(|t| t.count as usize * t.segments.len())
                    .sum(),
            ),
            followers: Vec::with_capacity(players as usize * (o.followers as usize + 1)),
            stack: Vec::new(),
            next: 0,
            river_len: 0,
            current: None,
            discards: Vec::with_capacity(8),
            finished: false,
            scripted,
        };
        for (i, &(tile, p)) in start.iter().enumerate() {
            let bad = |why: &str| {
                SetupError::BadStart(format!("start tile {} at ({}, {}): {why}", i + 1, p.x, p.y))
            };
            let t = rules
                .tiles
                .get(tile as usize)
                .ok_or_else(|| bad("no such tile"))?;
            // Coordinates are i16 and the board holds every tile within a
            // game's reach of the start: keep starts well inside.
            if p.x.unsigned_abs() > MAX_START_COORD || p.y.unsigned_abs() > MAX_START_COORD {
                return Err(bad(&format!("x and y must lie within ±{MAX_START_COORD}")));
            }
            let copies = start.iter().filter(|s| s.0 == tile).count();
            if copies > t.count as usize || p.rotation > 3 {
                return Err(bad(
                    "more copies than the ruleset has, or a rotation outside 0-3",
                ));
            }
            if i > 0 {
                let fits = g
                    .board
                    .open_at(p.x as i32, p.y as i32)
                    .is_some_and(|o| g.board.open.fits(o, t.rot_edges[p.rotation as usize]));
                if !fits {
                    return Err(bad(
                        "not next to the tiles before it, or does not match them",
                    ));
                }
            }
            g.put(tile, p);
        }
        g.build_stack(seed, start);
        if start.is_empty() {
            // A scripted game may start on an empty table: the first tile goes at (0, 0).
            g.board.open_origin();
        }
        g.draw();
        if g.current.is_none() {
            // Nothing could be drawn (every tile fits nowhere, or none is
            // left): the game ends before it starts, as `apply` ends it when
            // a turn draws nothing.
            g.finish_into(&mut Vec::new());
        }
        Ok(g)
    }

    /// A game whose tiles are chosen turn by turn with `force_draw` and whose
    /// turn order is set with `force_player` (rule scenarios, hand-written
    /// records). `start` replaces the ruleset's start tiles; with none, the
    /// first tile goes at (0, 0). Unplaceable tiles are not discarded.
    pub fn new_scripted(
        rules: &'static Ruleset,
        players: u8,
        start: &[(u16, Placement)],
    ) -> Result<Game, SetupError> {
        Self::setup(rules, players, 0, start, true)
    }

    /// Scripted games only: let `player` take this turn.
    pub fn force_player(&mut self, player: u8) -> Result<(), ForceDrawError> {
        if !self.scripted {
            return Err(ForceDrawError::NotScripted);
        }
        if player >= self.players {
            return Err(ForceDrawError::NoSuchPlayer(player));
        }
        self.to_move = player;
        Ok(())
    }

    /// Make `tile` the tile to place this turn, taken from those not yet drawn.
    pub fn force_draw(&mut self, tile: u16) -> Result<(), ForceDrawError> {
        if !self.scripted {
            return Err(ForceDrawError::NotScripted);
        }
        if self.finished {
            return Err(ForceDrawError::GameOver);
        }
        if self.current == Some(tile) {
            return Ok(());
        }
        let from = if self.current.is_some() {
            self.next - 1
        } else {
            self.next
        };
        let Some(j) = (self.next..self.stack.len()).find(|&j| self.stack[j] == tile) else {
            return Err(ForceDrawError::NoneLeft(self.rules.tiles[tile as usize].id));
        };
        self.stack.swap(from, j);
        self.current = Some(tile);
        self.next = from + 1;
        Ok(())
    }

    /// Every copy of every tile but the start tiles, shuffled; river tiles
    /// first when the river is played (000_9deb58b1a7d17d38.txt L458-L478).
    fn build_stack(&mut self, seed: u64, start: &[(u16, Placement)]) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut all: Vec<u16> = Vec::with_capacity(self.rules.total as usize);
        for (i, t) in self.rules.tiles.iter().enumerate() {
            let starts = start.iter().filter(|s| s.0 as usize == i).count() as u16;
            for _ in 0..t.count.saturating_sub(starts) {
                all.push(i as u16);
            }
        }
        if self.mech & M_RIVER != 0 {
            (self.stack, self.river_len) = river::stack(self.rules, all, &mut rng);
        } else {
            all.shuffle(&mut rng);
            self.stack = all;
        }
    }

    pub fn rules(&self) -> &'static Ruleset {
        self.rules
    }
    pub fn players(&self) -> u8 {
        self.players
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    /// Turns played so far.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn scores(&self) -> &[u32] {
        &self.scores[..self.players as usize]
    }
    pub fn supply(&self, player: u8) -> u8 {
        self.supply[player as usize]
    }
    pub fn big_supply(&self, player: u8) -> u8 {
        self.big_supply[player as usize]
    }
    pub fn is_over(&self) -> bool {
        self.finished
    }
    /// The tile to place this turn (`None` once the tiles are gone).
    pub fn current_tile(&self) -> Option<&'static TileType> {
        self.current.map(|t| &self.rules.tiles[t as usize])
    }
    pub fn current_tile_index(&self) -> Option<u16> {
        self.current
    }
    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }
    pub fn followers(&self) -> &[Deployed] {
        &self.followers
    }
    pub fn discards(&self) -> &[Discard] {
        &self.discards
    }
    /// Tiles still face down (not counting the current one).
    pub fn remaining(&self) -> usize {
        self.stack.len() - self.next
    }
    /// Width of the board grid (it grows as the game spreads).
    pub fn board_size(&self) -> i32 {
        self.board.size()
    }
    pub fn tile_at(&self, x: i32, y: i32) -> Option<&Placed> {
        self.board.placed_at(x, y).map(|i| &self.placed[i])
    }

    // ----- legal moves ---------------------------------------------------

    /// Every legal placement of the current tile, into `out` (cleared first).
    pub fn placements_into(&self, out: &mut Vec<Placement>) {
        out.clear();
        let Some(t) = self.current else { return };
        let tile = &self.rules.tiles[t as usize];
        let all = four_rotations(tile);
        let open = &self.board.open;
        // Write all four candidates of a position and advance past the ones
        // that fit: no branch on the (unpredictable) fit test, and no
        // clearing of the buffer beforehand.
        out.reserve(4 * open.len());
        let spare = out.spare_capacity_mut();
        let mut n = 0;
        for ((&req, &mask), &[x, y]) in open.req.iter().zip(&open.mask).zip(&open.xy) {
            let fits = fitting_rotations(all, req, mask);
            let slots = &mut spare[n..n + 4];
            let mut k = 0;
            for r in 0..4 {
                slots[k].write(Placement {
                    x,
                    y,
                    rotation: r as u8,
                });
                k += ((fits >> (16 * r + 15)) & 1) as usize;
            }
            n += k;
        }
        // SAFETY: slots 0..n were all written above: each position wrote its
        // k fitting rotations at n..n + k, inside the 4 * open.len() slots
        // reserved (out is empty, so spare covers them).
        unsafe { out.set_len(n) };
        if self.mech & M_RIVER != 0 && river::is_river(tile) {
            out.retain(|&p| river::check(self, tile, p).is_ok());
        }
    }

    /// Whether the current tile is a river tile under the river rules: its
    /// placements need the river checks, so `placement_count` and
    /// `nth_placement` fall back to listing them.
    pub fn river_phase(&self) -> bool {
        self.mech & M_RIVER != 0 && self.current_tile().is_some_and(river::is_river)
    }

    /// How many legal placements the current tile has (`placements_into`'s
    /// length), without listing them.
    pub fn placement_count(&self) -> usize {
        let Some(t) = self.current else { return 0 };
        let tile = &self.rules.tiles[t as usize];
        if self.river_phase() {
            return self.placements().len();
        }
        let all = four_rotations(tile);
        let open = &self.board.open;
        open.req
            .iter()
            .zip(&open.mask)
            .map(|(&req, &mask)| lanes_set(fitting_rotations(all, req, mask)))
            .sum::<u64>() as usize
    }

    /// The `k`-th legal placement in `placements_into`'s order, without
    /// listing the others. With `placement_count`, all uniform random play
    /// needs: no buffer is written, so the cost per open position is a
    /// handful of instructions.
    pub fn nth_placement(&self, k: usize) -> Option<Placement> {
        let t = self.current?;
        let tile = &self.rules.tiles[t as usize];
        if self.river_phase() {
            return self.placements().get(k).copied();
        }
        let all = four_rotations(tile);
        let open = &self.board.open;
        let mut left = k as u64;
        // Skip whole blocks of positions by their (vectorised) counts first.
        const BLOCK: usize = 16;
        let mut start = 0;
        for (req, mask) in open
            .req
            .chunks_exact(BLOCK)
            .zip(open.mask.chunks_exact(BLOCK))
        {
            let c: u64 = req
                .iter()
                .zip(mask)
                .map(|(&q, &m)| lanes_set(fitting_rotations(all, q, m)))
                .sum();
            if left < c {
                break;
            }
            left -= c;
            start += BLOCK;
        }
        for i in start..open.len() {
            let mut fits = fitting_rotations(all, open.req[i], open.mask[i]);
            let n = u64::from(fits.count_ones());
            if left < n {
                for _ in 0..left {
                    fits &= fits - 1;
                }
                let [x, y] = open.xy[i];
                let rotation = (fits.trailing_zeros() / 16) as u8;
                return Some(Placement { x, y, rotation });
            }
            left -= n;
        }
        None
    }

    pub fn placements(&self) -> Vec<Placement> {
        let mut v = Vec::new();
        self.placements_into(&mut v);
        v
    }

    /// Is there any legal placement for tile `t`? (Stops at the first.)
    fn placeable(&self, t: u16) -> bool {
        let tile = &self.rules.tiles[t as usize];
        let river_phase = self.mech & M_RIVER != 0 && river::is_river(tile);
        let open = &self.board.open;
        (0..open.len()).any(|i| {
            (0..4u8).any(|r| {
                open.fits(i, tile.rot_edges[r as usize])
                    && (!river_phase || {
                        let [x, y] = open.xy[i];
                        river::check(self, tile, Placement { x, y, rotation: r }).is_ok()
                    })
            })
        })
    }

    /// The follower choices after placing the current tile at `p`, into `out`
    /// (cleared first); "no follower" is `None` and always first.
    pub fn deploys_into(&self, p: Placement, out: &mut Vec<Option<Deploy>>) {
        out.clear();
        out.push(None);
        let Some(t) = self.current else { return };
        let tile = &self.rules.tiles[t as usize];
        let pl = self.to_move as usize;
        let normal = self.supply[pl] > 0;
        let big = self.big_supply[pl] > 0;
        if !normal && !big {
            return;
        }
        let occupied = self.occupied_mask(tile, p);
        for (s, seg) in tile.segments.iter().enumerate() {
            if !self.claimable(seg.kind) || occupied & (1 << s) != 0 {
                continue;
            }
            if normal {
                out.push(Some(Deploy {
                    segment: s as u8,
                    kind: FollowerKind::Normal,
                }));
            }
            if big {
                out.push(Some(Deploy {
                    segment: s as u8,
                    kind: FollowerKind::Big,
                }));
            }
        }
    }

    pub fn deploys(&self, p: Placement) -> Vec<Option<Deploy>> {
        let mut v = Vec::new();
        self.deploys_into(p, &mut v);
        v
    }

    /// Every legal move (placement × follower choice).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut deploys = Vec::new();
        for p in self.placements() {
            self.deploys_into(p, &mut deploys);
            out.extend(deploys.iter().map(|&d| Move {
                placement: p,
                deploy: d,
            }));
        }
        out
    }

    #[inline]
    fn claimable(&self, k: Kind) -> bool {
        match k {
            Kind::City | Kind::Road | Kind::Cloister => true,
            Kind::Field => self.rules.options.farmers,
            // Only the abbot may occupy a garden (001_46b8449c567a6f1a.txt
            // L425), and the engine has no abbot yet.
            Kind::River | Kind::Garden => false,
        }
    }

    /// Which segments of `tile` placed at `p` would join a feature that already
    /// has a follower (bit `s` for segment `s`). Looks across each side
    /// without placing. Two segments of the new tile can end up in one feature
    /// through a neighbour (a field wrapping around a road's end touches both
    /// halves of that side), so neighbour features are grouped first.
    fn occupied_mask(&self, tile: &TileType, p: Placement) -> u32 {
        let mut touch: [(u8, u16); 12] = [(0, 0); 12];
        let mut n = 0;
        for side in 0..4 {
            let Some(q) = self
                .board
                .placed_at(p.x as i32 + DX[side], p.y as i32 + DY[side])
            else {
                continue;
            };
            for k in 0..3 {
                let port = (3 * side + k) as u8;
                let local = UNROTATE[p.rotation as usize & 3][port as usize];
                let s = tile.port_segment[local as usize];
                if s == NO_SEGMENT {
                    continue;
                }
                if let Some(node) = self.node_at(q, facing(port)) {
                    touch[n] = (s, self.features.root(node));
                    n += 1;
                }
            }
        }
        // Group the new tile's segments that meet the same neighbour feature.
        let mut group: [u8; 32] = std::array::from_fn(|i| i as u8);
        let find = |g: &[u8; 32], mut i: u8| {
            while g[i as usize] != i {
                i = g[i as usize];
            }
            i
        };
        for i in 0..n {
            for j in 0..i {
                if touch[i].1 == touch[j].1 {
                    let (a, b) = (find(&group, touch[i].0), find(&group, touch[j].0));
                    group[a.max(b) as usize] = a.min(b);
                }
            }
        }
        let mut occupied_groups = 0u32;
        for &(s, root) in &touch[..n] {
            if self.features.nodes[root as usize].occupants > 0 {
                occupied_groups |= 1 << find(&group, s);
            }
        }
        let mut mask = 0;
        for s in 0..tile.segments.len().min(32) as u8 {
            if occupied_groups & (1 << find(&group, s)) != 0 {
                mask |= 1 << s;
            }
        }
        mask
    }

    /// The feature node at board port `port` of placed tile `q`.
    #[inline]
    fn node_at(&self, q: usize, port: u8) -> Option<u16> {
        let n = self.placed[q].port_node[port as usize];
        (n != NO_NODE).then_some(n)
    }

    // ----- applying a move -----------------------------------------------

    /// Check a move without changing anything.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.finished {
            return Err(MoveError::GameOver);
        }
        let t = self.current.ok_or(MoveError::GameOver)?;
        let tile = &self.rules.tiles[t as usize];
        let p = mv.placement;
        if p.rotation > 3 {
            return Err(MoveError::BadRotation(p.rotation));
        }
        let Some(o) = self.board.open_at(p.x as i32, p.y as i32) else {
            return Err(MoveError::NotOpen { x: p.x, y: p.y });
        };
        if !self.board.open.fits(o, tile.rot_edges[p.rotation as usize]) {
            return Err(MoveError::DoesNotFit {
                tile: tile.id,
                x: p.x,
                y: p.y,
                rotation: p.rotation,
            });
        }
        if self.mech & M_RIVER != 0 && river::is_river(tile) {
            river::check(self, tile, p)?;
        }
        if let Some(d) = mv.deploy {
            let seg = tile
                .segments
                .get(d.segment as usize)
                .ok_or(MoveError::NoSuchSegment {
                    tile: tile.id,
                    segment: d.segment,
                })?;
            match seg.kind {
                Kind::River => return Err(MoveError::NotClaimable("river")),
                Kind::Garden => return Err(MoveError::NotClaimable("garden")),
                Kind::Field if !self.rules.options.farmers => return Err(MoveError::NoFarmers),
                _ => {}
            }
            let pl = self.to_move as usize;
            match d.kind {
                FollowerKind::Normal if self.supply[pl] == 0 => {
                    return Err(MoveError::NoFollowerLeft(pl as u8))
                }
                FollowerKind::Big if self.mech & M_BIG == 0 => {
                    return Err(MoveError::NoBigFollower)
                }
                FollowerKind::Big if self.big_supply[pl] == 0 => {
                    return Err(MoveError::NoFollowerLeft(pl as u8))
                }
                _ => {}
            }
            if self.occupied_mask(tile, p) & (1 << d.segment) != 0 {
                return Err(MoveError::Occupied);
            }
        }
        Ok(())
    }

    /// Play a move; the points it scores are returned. An illegal move is
    /// refused with the state unchanged.
    pub fn apply(&mut self, mv: Move) -> Result<Vec<ScoreEvent>, MoveError> {
        let mut events = Vec::new();
        self.apply_into(mv, &mut events)?;
        Ok(events)
    }

    /// `apply`, appending events to `events` (no allocation when it has room).
    pub fn apply_into(&mut self, mv: Move, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        self.check(mv)?;
        let t = self.current.expect("checked");
        let idx = self.put(t, mv.placement);
        let player = self.to_move;
        if let Some(d) = mv.deploy {
            let node = self.placed[idx].node_base + d.segment as u16;
            let root = self.features.find(node);
            self.features.nodes[root as usize].occupants += 1;
            match d.kind {
                FollowerKind::Normal => self.supply[player as usize] -= 1,
                FollowerKind::Big => self.big_supply[player as usize] -= 1,
            }
            self.followers.push(Deployed {
                player,
                node,
                kind: d.kind,
            });
        }
        // Completion is fixed by the placement; scoring follows deployment
        // (000_9deb58b1a7d17d38.txt L195-L209).
        self.score_completed(idx, events);
        self.turn += 1;
        self.to_move = (self.to_move + 1) % self.players;
        self.draw();
        if self.current.is_none() {
            self.finish_into(events);
        }
        Ok(())
    }

    /// Place tile `t` (already checked), creating and joining its features.
    pub(crate) fn put(&mut self, t: u16, p: Placement) -> usize {
        let tile = &self.rules.tiles[t as usize];
        let idx = self.placed.len();
        let node_base = self.features.nodes.len() as u16;
        let river = if self.mech & M_RIVER != 0 && river::is_river(tile) {
            river::course_of(self, tile, p)
        } else {
            Course::SOURCE
        };
        let unrotate = &UNROTATE[p.rotation as usize & 3];
        let port_node = std::array::from_fn(|port| {
            let s = tile.port_segment[unrotate[port] as usize];
            if s == NO_SEGMENT {
                NO_NODE
            } else {
                node_base + s as u16
            }
        });
        self.placed.push(Placed {
            tile: t,
            rotation: p.rotation,
            x: p.x,
            y: p.y,
            node_base,
            river,
            port_node,
        });
        for (s, seg) in tile.segments.iter().enumerate() {
            let sides = (seg.ports & MIDDLES).count_ones() as i16;
            let mut marks = 0;
            if self.mech & M_INNS != 0 && seg.flags & (1 << attr::INN) != 0 {
                marks |= MARK_INN;
            }
            if self.mech & M_CATHEDRALS != 0 && seg.flags & (1 << attr::CATHEDRAL) != 0 {
                marks |= MARK_CATHEDRAL;
            }
            self.features.push(
                idx as u16,
                s as u8,
                seg.kind,
                sides,
                seg.pennants as u16,
                marks,
            );
        }
        let neighbours = self.board.place(
            p.x as i32,
            p.y as i32,
            idx,
            tile.rot_edges[p.rotation as usize],
        );
        let farmers = self.rules.options.farmers;
        for (side, q) in neighbours.into_iter().enumerate() {
            let Some(q) = q else { continue };
            let mid = (3 * side + 1) as u8;
            if let (Some(a), Some(b)) = (self.node_at(idx, mid), self.node_at(q, facing(mid))) {
                let kind = self.features.nodes[a as usize].kind;
                let r = self.features.union(a, b);
                self.features.nodes[r as usize].open -= 2;
                // A city side's halves are the city itself; a road or river
                // side still joins the fields on both of its halves.
                if kind == Kind::City {
                    continue;
                }
            }
            if farmers {
                for half in [3 * side as u8, 3 * side as u8 + 2] {
                    if let (Some(a), Some(b)) =
                        (self.node_at(idx, half), self.node_at(q, facing(half)))
                    {
                        if self.features.nodes[a as usize].kind == Kind::Field
                            && self.features.nodes[b as usize].kind == Kind::Field
                        {
                            self.features.union(a, b);
                        }
                    }
                }
            }
        }
        idx
    }

    /// Draw the next tile, removing any that fits nowhere.
    fn draw(&mut self) {
        self.current = None;
        while self.next < self.stack.len() {
            let t = self.stack[self.next];
            self.next += 1;
            if self.scripted || self.placeable(t) {
                self.current = Some(t);
                return;
            }
            self.discards.push(Discard {
                turn: self.turn,
                player: self.to_move,
                tile: t,
            });
        }
    }

    /// End the game now, as if the tiles had run out: final scoring
    /// (000_9deb58b1a7d17d38.txt L232-L272). Used for partial records.
    pub fn finish(&mut self) -> Vec<ScoreEvent> {
        let mut events = Vec::new();
        if !self.finished {
            self.finish_into(&mut events);
        }
        events
    }

    fn finish_into(&mut self, events: &mut Vec<ScoreEvent>) {
        self.current = None;
        self.finished = true;
        super::scoring::final_scoring(self, events);
    }

    pub(crate) fn add_points(&mut self, events: &mut Vec<ScoreEvent>, e: ScoreEvent) {
        self.scores[e.player as usize] += e.points;
        events.push(e);
    }

    fn score_completed(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        let pl = self.placed[idx];
        let tile = &self.rules.tiles[pl.tile as usize];
        // Roads and cities this tile belongs to that are now closed.
        let mut done: [u16; 16] = [u16::MAX; 16];
        let mut n = 0;
        for (s, seg) in tile.segments.iter().enumerate() {
            if !matches!(seg.kind, Kind::City | Kind::Road) {
                continue;
            }
            let root = self.features.find(pl.node_base + s as u16);
            let node = self.features.nodes[root as usize];
            if node.open == 0 && node.occupants > 0 && !done[..n].contains(&root) && n < done.len()
            {
                done[n] = root;
                n += 1;
            }
        }
        for &root in &done[..n] {
            super::scoring::score_feature(self, root, Reason::Completed, events);
        }
        // Occupied cloisters on this tile and the eight around it (only a
        // cloister with a monk can score, so look at the followers).
        let mut i = 0;
        while i < self.followers.len() {
            let f = self.followers[i];
            i += 1;
            let node = self.features.nodes[f.node as usize];
            if node.kind != Kind::Cloister {
                continue;
            }
            let q = self.placed[node.placed as usize];
            let (x, y) = (q.x as i32, q.y as i32);
            if (x - pl.x as i32).abs() <= 1
                && (y - pl.y as i32).abs() <= 1
                && self.board.neighbours8(x, y) == 8
            {
                super::scoring::score_feature(self, f.node, Reason::Completed, events);
                // Scoring removed followers: look at this index again.
                i = i.saturating_sub(1);
            }
        }
    }
}

/// How far from (0, 0) a start tile may lie (scripted games choose it).
pub const MAX_START_COORD: u16 = 16_384;

/// The ruleset's start tiles as (tile, placement) pairs, as `new_scripted`
/// takes them.
pub fn start_placements(rules: &Ruleset) -> Vec<(u16, Placement)> {
    rules
        .start
        .iter()
        .map(|s| {
            (
                s.tile,
                Placement {
                    x: s.x,
                    y: s.y,
                    rotation: s.rotation,
                },
            )
        })
        .collect()
}

/// The four rotations' packed edges side by side in one word, so one XOR
/// and mask test all four against an open position.
#[inline]
fn four_rotations(tile: &TileType) -> u64 {
    let e = tile.rot_edges;
    e[0] as u64 | (e[1] as u64) << 16 | (e[2] as u64) << 32 | (e[3] as u64) << 48
}

/// Bit `16r + 15` set for each rotation `r` that fits open position `o`.
/// Lane values stay below 0x8000, so adding 0x7fff sets a lane's high bit
/// exactly when the lane is non-zero (does not fit).
#[inline]
fn fitting_rotations(all: u64, req: u64, mask: u64) -> u64 {
    const HIGH: u64 = 0x8000_8000_8000_8000;
    let diff = (all ^ req) & mask;
    !((diff + (HIGH - super::board::LANES)) | diff) & HIGH
}

/// How many lanes of `fitting_rotations`' result are set, with shifts and
/// adds only (so a loop of them vectorises).
#[inline]
fn lanes_set(fits: u64) -> u64 {
    let ones = (fits >> 15) & super::board::LANES;
    (ones + (ones >> 16) + (ones >> 32) + (ones >> 48)) & 0x7
}

/// The middle ports of the four sides.
const MIDDLES: u16 = 0b010_010_010_010;

/// `UNROTATE[r][p]`: the tile's own port shown at board port `p` when it is
/// turned `r` times clockwise.
const UNROTATE: [[u8; 12]; 4] = {
    let mut t = [[0u8; 12]; 4];
    let mut r = 0;
    while r < 4 {
        let mut p = 0;
        while p < 12 {
            t[r][p] = ((p + 12 - 3 * r) % 12) as u8;
            p += 1;
        }
        r += 1;
    }
    t
};

/// The port of the neighbouring tile that touches board port `port`.
#[inline]
pub(crate) const fn facing(port: u8) -> u8 {
    let side = port / 3;
    let k = port % 3;
    ((side + 2) % 4) * 3 + (2 - k)
}
