//! The game state and the turn: draw, place, deploy, score
//! (000_9deb58b1a7d17d38.txt L84-L90).

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::board::{Board, DX, DY};
use super::features::{Features, Node};
pub use super::fit::PlacementScan;
use super::fit::{self, open_placement, Rotations, BLOCK, NIBBLE_ONES, NTH_ROTATION};
use super::hidden::Deal;
use super::types::*;
use crate::mechanics::{self, Ask, Ext, NextPart, WoodSpot};
use crate::tables::{Edge, Hook, Kind, Ruleset, Segment, TileType, NO_SEGMENT};
use carcassonne_vocab::river::Course;

/// Where the turn stands: the decision the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Before drawing: a module lets the player place a tile held instead
    /// (the abbey); `draw` is false in the end-of-game round, where the
    /// other answer is to pass.
    Source {
        draw: bool,
    },
    /// The current tile waits to be placed.
    Place,
    /// Tile `placed` (index into `Game::placed`) is down; the player moves wood.
    Wood {
        placed: u16,
    },
    /// A module offered another turn part (the builder's second tile).
    SecondTile,
    /// Decisions modules posed after scoring (where a wagon moves), asked in
    /// order from the active player clockwise: `Game::asks[0]` is pending.
    Ask,
    Over,
}

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
    /// The tile's own segment at each board port (`NO_SEGMENT` for none):
    /// the tile's ports turned once, when placed, so joining and occupancy
    /// look-ups need no rotation arithmetic.
    pub ports: [u8; 12],
}

impl Placed {
    /// The feature node at board port `port` (`NO_NODE` for none).
    #[inline]
    pub fn port_node(&self, port: usize) -> u16 {
        match self.ports[port] {
            NO_SEGMENT => NO_NODE,
            s => self.node_base + u16::from(s),
        }
    }

    /// Where and how this tile lies.
    pub fn placement(&self) -> Placement {
        Placement {
            x: self.x,
            y: self.y,
            rotation: self.rotation,
        }
    }
}

/// No feature node at this port.
pub const NO_NODE: u16 = u16::MAX;

/// A follower on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deployed {
    pub player: u8,
    pub node: u16,
    pub kind: FollowerKind,
    /// It stands on a feature completed by the eight tiles around it (a
    /// cloister, garden or shrine): each placement looks for these.
    pub around: bool,
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
    pub(crate) players: u8,
    pub(crate) seed: u64,
    pub(crate) to_move: u8,
    pub(crate) turn: u32,
    pub(crate) scores: [u32; MAX_PLAYERS],
    /// Figures in each player's supply, by `FollowerKind as usize`.
    pub(crate) supply: [[u8; FIGURE_KINDS]; MAX_PLAYERS],
    pub(crate) phase: Phase,
    /// The part of the turn (1, or 2 after a builder's trigger).
    pub(crate) part: u8,
    pub(crate) ext: Ext,
    /// Who placed the latest tile (the end-of-game abbey round starts on
    /// their left, 000_9deb58b1a7d17d38.txt L1602).
    pub(crate) last_placer: u8,
    /// Decisions posed after scoring, not yet answered (`Phase::Ask`).
    pub(crate) asks: Vec<Ask>,
    pub(crate) board: Board,
    pub(crate) placed: Vec<Placed>,
    pub(crate) features: Features,
    pub(crate) followers: Vec<Deployed>,
    /// The draw order; `stack[next..]` are still face down.
    pub(crate) stack: Vec<u16>,
    pub(crate) next: usize,
    pub(crate) current: Option<u16>,
    pub(crate) discards: Vec<Discard>,
    /// Tiles are chosen by the caller (`force_draw`), not by the seed.
    pub(crate) scripted: bool,
    /// How the stack was dealt (which runs of it are shuffled apart).
    pub(crate) deal: Deal,
    /// The face-down order is not the real game's (`hidden.rs`: a view or
    /// a determinized game).
    pub(crate) hidden: bool,
    /// The scan the draw made to learn that the tile it drew can be placed.
    pub(crate) drawn: DrawnScan,
}

/// The draw must know whether the tile it draws fits anywhere
/// (000_9deb58b1a7d17d38.txt L100), and whoever moves next asks where it
/// fits: the draw scans every open position once and keeps the result for
/// `scan_placements`, which would otherwise test them all again. A cache,
/// not state: a clone starts without it, and games compare without it.
#[derive(Debug)]
pub(crate) struct DrawnScan {
    scan: PlacementScan,
    /// How many (position, rotation) pairs fit (what the scan returned:
    /// reading it back from the running totals cost 15 instructions a turn).
    count: u32,
    /// The tile, the number of tiles placed and of open positions when it
    /// was made (`NONE`: no scan kept); the board changes only by placing.
    key: u64,
}

impl Default for DrawnScan {
    fn default() -> Self {
        DrawnScan {
            scan: PlacementScan::default(),
            count: 0,
            key: Self::NONE,
        }
    }
}

impl DrawnScan {
    const NONE: u64 = u64::MAX;

    #[inline(always)]
    fn key(tile: u16, placed: usize, open: usize) -> u64 {
        u64::from(tile) << 48 | (placed as u64 & 0xFF_FFFF) << 24 | (open as u64 & 0xFF_FFFF)
    }

    fn forget(&mut self) {
        self.key = Self::NONE;
    }
}

impl PartialEq for DrawnScan {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for DrawnScan {}

/// Cloning is what bots do millions of times: `clone_from` into a game kept
/// for the purpose reuses its buffers, so it does not allocate.
impl Clone for Game {
    fn clone(&self) -> Self {
        Game {
            rules: self.rules,
            players: self.players,
            seed: self.seed,
            to_move: self.to_move,
            turn: self.turn,
            scores: self.scores,
            supply: self.supply,
            phase: self.phase,
            part: self.part,
            ext: self.ext,
            last_placer: self.last_placer,
            asks: self.asks.clone(),
            next: self.next,
            current: self.current,
            scripted: self.scripted,
            deal: self.deal,
            hidden: self.hidden,
            board: self.board.clone(),
            placed: self.placed.clone(),
            features: self.features.clone(),
            followers: self.followers.clone(),
            stack: self.stack.clone(),
            discards: self.discards.clone(),
            drawn: DrawnScan::default(),
        }
    }

    fn clone_from(&mut self, src: &Self) {
        self.rules = src.rules;
        self.players = src.players;
        self.seed = src.seed;
        self.to_move = src.to_move;
        self.turn = src.turn;
        self.scores = src.scores;
        self.supply = src.supply;
        self.phase = src.phase;
        self.part = src.part;
        self.ext = src.ext;
        self.last_placer = src.last_placer;
        self.asks.clone_from(&src.asks);
        self.next = src.next;
        self.current = src.current;
        self.scripted = src.scripted;
        self.deal = src.deal;
        self.hidden = src.hidden;
        self.board.clone_from(&src.board);
        self.placed.clone_from(&src.placed);
        self.features.clone_from(&src.features);
        self.followers.clone_from(&src.followers);
        self.stack.clone_from(&src.stack);
        self.discards.clone_from(&src.discards);
        self.drawn.forget();
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
    #[error("only a scripted game (a record without a seed) chooses its turn order, and its tiles only it, a player's view or a determinized game (`Game::view`, `Game::determinize`)")]
    NotScripted,
    #[error("no tile is drawn now: in a view or a determinized game, force_draw replaces the tile drawn, while it waits to be placed")]
    NotDrawn,
    #[error("tile {0} cannot be drawn now (the river's tiles come first, the fork first of them and the lake last)")]
    NotNow(&'static str),
    #[error("tile {0} fits nowhere: a real draw would discard it and draw again")]
    FitsNowhere(&'static str),
    #[error("there is no player {0}")]
    NoSuchPlayer(u8),
    #[error("there is no tile {0} in this ruleset")]
    NoSuchTile(u16),
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
        let mut g = Game {
            rules,
            players,
            seed,
            to_move: 0,
            turn: 0,
            scores: [0; MAX_PLAYERS],
            supply: [[0; FIGURE_KINDS]; MAX_PLAYERS],
            phase: Phase::Place,
            part: 1,
            ext: Ext::default(),
            last_placer: 0,
            asks: Vec::new(),
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
            stack: Vec::with_capacity(rules.total as usize),
            next: 0,
            current: None,
            discards: Vec::with_capacity(8),
            scripted,
            deal: Deal::default(),
            hidden: false,
            // A tile placed opens at most four cells: the kept scan never
            // grows in play.
            drawn: DrawnScan {
                scan: PlacementScan::with_capacity(3 * rules.total as usize + 8),
                ..DrawnScan::default()
            },
        };
        g.start(seed, start)?;
        Ok(g)
    }

    /// Start this game again from its setup with another `seed`, as
    /// `Game::new(rules, players, seed)` would, reusing its buffers (a
    /// playout loop need not allocate a game per game).
    pub fn restart(&mut self, seed: u64) {
        self.scripted = false;
        let ok = "the ruleset's own start tiles were checked when the game was made";
        let starts = self.rules.start;
        let mut on_stack = [(0, Placement::default()); 4];
        if starts.len() <= on_stack.len() {
            for (slot, s) in on_stack.iter_mut().zip(starts) {
                *slot = (s.tile, Placement::at(s.x, s.y, s.rotation));
            }
            self.start(seed, &on_stack[..starts.len()]).expect(ok);
        } else {
            self.start(seed, &start_placements(self.rules)).expect(ok);
        }
    }

    /// Everything but the buffers' capacity back to the setup: the start
    /// tiles placed, the rest shuffled by `seed`, the first tile drawn.
    fn start(&mut self, seed: u64, start: &[(u16, Placement)]) -> Result<(), SetupError> {
        let (rules, players) = (self.rules, self.players);
        let mut figures = [0; FIGURE_KINDS];
        figures[FollowerKind::Normal as usize] = rules.options.followers;
        self.ext = Ext {
            live_hooks: rules.hooks.mask as u16,
            ..Ext::default()
        };
        mechanics::setup(rules, &mut figures, &mut self.ext);
        self.supply = [[0; FIGURE_KINDS]; MAX_PLAYERS];
        for s in &mut self.supply[..players as usize] {
            *s = figures;
        }
        self.seed = seed;
        self.hidden = false;
        self.to_move = 0;
        self.turn = 0;
        self.scores = [0; MAX_PLAYERS];
        self.phase = Phase::Place;
        self.part = 1;
        self.asks.clear();
        let placed = self.placed.iter().map(|q| (i32::from(q.x), i32::from(q.y)));
        self.board.clear(placed, usize::from(rules.total));
        self.placed.clear();
        self.features.nodes.clear();
        self.followers.clear();
        self.next = 0;
        self.current = None;
        self.discards.clear();
        let g = self;
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
        // The last "placer" before the first turn: the round of end-of-game
        // extras starts with the first player if nothing can be drawn.
        g.last_placer = players - 1;
        // Nothing drawable (every tile fits nowhere, or none is left) ends
        // the game before it starts, as a turn that draws nothing ends it.
        g.begin_part(&mut Vec::new());
        Ok(())
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
        // A turn's start depends on its player (whether they hold an abbey
        // to place instead of drawing): begin it again for them. The tile
        // drawn goes back; a scripted game picks its tiles anyway.
        let starting = match self.phase {
            Phase::Place => self.part == 1 && self.current.is_some(),
            Phase::Source { draw } => draw,
            _ => false,
        };
        if starting && mechanics::live(self, Hook::Source) {
            if self.current.take().is_some() {
                self.next -= 1;
            }
            self.begin_part(&mut Vec::new());
        }
        Ok(())
    }

    /// Make `tile` the tile to place this turn, taken from those not yet
    /// drawn: a scripted game's draw, or in a game whose future is hidden
    /// (`future_hidden`: a view, a determinized game) an explicit answer to
    /// the chance of the draw just made (the tile drawn goes back among the
    /// face-down ones; `tile` must be one a real draw could give now, and
    /// one that fits somewhere).
    pub fn force_draw(&mut self, tile: u16) -> Result<(), ForceDrawError> {
        if tile as usize >= self.rules.tiles.len() {
            return Err(ForceDrawError::NoSuchTile(tile));
        }
        if !self.scripted {
            return if self.hidden {
                self.redraw(tile)
            } else {
                Err(ForceDrawError::NotScripted)
            };
        }
        if self.is_over() {
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
        let mut all = std::mem::take(&mut self.stack);
        all.clear();
        for (i, t) in self.rules.tiles.iter().enumerate() {
            all.extend(std::iter::repeat_n(i as u16, t.count as usize));
        }
        // Then one copy less per start tile: `all` is sorted, so each is
        // found by bisection (a ruleset with many start tiles, such as the
        // City of Carcassonne's, would otherwise count them per tile type).
        for &(tile, _) in start {
            if let Ok(k) = all.binary_search(&tile) {
                all.remove(k);
            }
        }
        self.deal = Deal::default();
        match mechanics::tile_source(self.rules, &mut all, &mut rng, &mut self.deal) {
            Some(stack) => self.stack = stack,
            None => {
                all.shuffle(&mut rng);
                self.deal.push(all.len(), true);
                self.stack = all;
            }
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
    /// Normal followers in `player`'s supply.
    pub fn supply(&self, player: u8) -> u8 {
        self.figures(player, FollowerKind::Normal)
    }
    pub fn big_supply(&self, player: u8) -> u8 {
        self.figures(player, FollowerKind::Big)
    }
    /// Figures of `kind` in `player`'s supply.
    #[inline]
    pub fn figures(&self, player: u8, kind: FollowerKind) -> u8 {
        self.supply[player as usize][kind as usize]
    }
    /// Figures of `kind` that `player` owns and that are neither on the
    /// board nor in the supply: a wagon whose feature scored, until its
    /// owner says where it goes.
    pub fn in_transit(&self, player: u8, kind: FollowerKind) -> u8 {
        mechanics::in_transit(self, player, kind)
    }
    /// Trade-goods tokens (wine, grain, cloth) `player` holds.
    pub fn goods(&self, player: u8) -> [u8; mechanics::goods::GOODS] {
        self.ext.goods[player as usize]
    }
    /// The part of the current turn: 1, or 2 for a builder's second tile.
    pub fn part(&self) -> u8 {
        self.part
    }
    /// The tile `player` holds to place instead of drawing (the abbey), if
    /// any.
    pub fn held_tile(&self, player: u8) -> Option<u16> {
        mechanics::held_tile(self, player)
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
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
        if self.phase != Phase::Place {
            return;
        }
        let Some(t) = self.current else { return };
        let tile = &self.rules.tiles[t as usize];
        let rot = Rotations::new(&tile.rot_edges);
        let open = &self.board.open;
        // Write all four candidates of a position and advance past the ones
        // that fit: no branch on the (unpredictable) fit test, and no
        // clearing of the buffer beforehand.
        out.reserve(4 * open.len());
        let spare = out.spare_capacity_mut();
        let mut n = 0;
        // (The last block's coordinates stop at the last position: no
        // candidates are written for its padding.)
        for ((q, m), xy) in open.blocks().zip(open.xy[..open.len()].chunks(BLOCK)) {
            // Which rotations fit at eight positions at once, a byte each.
            let word = rot.block(q, m);
            for (j, &[x, y]) in xy.iter().enumerate() {
                let fits = usize::from((word >> (8 * j)) as u8 & 0xF);
                // The fitting rotations in order, then filler past them
                // (overwritten by the next position or left past the end).
                let slots: &mut [_; 4] = (&mut spare[n..n + 4]).try_into().expect("four");
                for (slot, &rotation) in slots.iter_mut().zip(&NTH_ROTATION[fits]) {
                    slot.write(Placement { x, y, rotation });
                }
                n += usize::from(NIBBLE_ONES[fits]);
            }
        }
        // SAFETY: slots 0..n were all written above: each position wrote its
        // k fitting rotations at n..n + k (and filler after them, at most
        // n + 4), inside the 4 * open.len() slots
        // reserved (out is empty, so spare covers them).
        unsafe { out.set_len(n) };
        if mechanics::filters(self, tile) {
            // Candidates come position by position: where the verdict does
            // not depend on the rotation, ask once per position.
            let by_position = mechanics::filters_by_position(self.rules, tile);
            let mut last: Option<(i16, i16, bool)> = None;
            out.retain(|&p| match last {
                Some((x, y, ok)) if by_position && (x, y) == (p.x, p.y) => ok,
                _ => {
                    let ok = mechanics::placement_filter(self, tile, p).is_ok();
                    last = Some((p.x, p.y, ok));
                    ok
                }
            });
        }
    }

    /// Whether a placement filter looks at the current tile now (the
    /// river's rules; the shrines' neighbour rule, for a cloister once a
    /// shrine is down): its placements need the checks, so
    /// `placement_count` and `nth_placement` fall back to listing them.
    pub fn river_phase(&self) -> bool {
        self.current_tile()
            .is_some_and(|t| mechanics::filters(self, t))
    }

    /// How many legal placements the current tile has (`placements_into`'s
    /// length), without listing them.
    pub fn placement_count(&self) -> usize {
        if self.phase != Phase::Place {
            return 0;
        }
        let Some(t) = self.current else { return 0 };
        let tile = &self.rules.tiles[t as usize];
        if self.river_phase() {
            return self.placements().len();
        }
        let rot = Rotations::new(&tile.rot_edges);
        self.board
            .open
            .blocks()
            .map(|(q, m)| rot.block_counted(q, m).1)
            .sum::<u32>() as usize
    }

    /// The `k`-th legal placement in `placements_into`'s order, without
    /// listing the others (`scan_placements` and `nth_scanned` are faster
    /// for a caller that keeps a buffer).
    pub fn nth_placement(&self, k: usize) -> Option<Placement> {
        if self.phase != Phase::Place {
            return None;
        }
        let t = self.current?;
        let tile = &self.rules.tiles[t as usize];
        if self.river_phase() {
            return self.placements().get(k).copied();
        }
        let open = &self.board.open;
        let mut left = k;
        for (i, (&q, &m)) in open.req.iter().zip(&open.mask).enumerate() {
            let fits = fit::nibble(&tile.rot_edges, q, m);
            let n = usize::from(NIBBLE_ONES[fits as usize]);
            if left < n {
                return open_placement(open, i, fits, left);
            }
            left -= n;
        }
        None
    }

    /// `placement_count`, also leaving in `scan` which rotations fit at each
    /// open position, so that `nth_scanned` finds the k-th placement without
    /// testing the tile again (one pass instead of two for uniform random
    /// play). The placement filters (the river's, the shrines') run here,
    /// once per position where the verdict does not depend on the rotation,
    /// so filtered tiles need no list either.
    pub fn scan_placements(&self, scan: &mut PlacementScan) -> usize {
        if let Some((drawn, n)) = self.drawn_scan() {
            scan.copy_from(drawn);
            return n;
        }
        self.scan_afresh(scan)
    }

    /// `scan_placements` without a copy: the scan the draw made, where it
    /// still holds (no filter had a say), else `spare` filled afresh; and
    /// the number of placements. What uniform random play uses.
    #[inline]
    pub fn placement_scan<'a>(
        &'a self,
        spare: &'a mut PlacementScan,
    ) -> (&'a PlacementScan, usize) {
        match self.drawn_scan() {
            Some(kept) => kept,
            None => {
                let n = self.scan_afresh(spare);
                (spare, n)
            }
        }
    }

    /// The draw's scan, if it is this state's.
    #[inline(always)]
    fn drawn_scan(&self) -> Option<(&PlacementScan, usize)> {
        let t = self.current?;
        if self.phase != Phase::Place
            || self.drawn.key != DrawnScan::key(t, self.placed.len(), self.board.open.len())
        {
            return None;
        }
        debug_assert!(
            self.drawn.scan.holds_for(
                &self.rules.tiles[t as usize].rot_edges,
                &self.board.open,
                self.drawn.count as usize
            ),
            "the draw's scan is still this board's"
        );
        Some((&self.drawn.scan, self.drawn.count as usize))
    }

    fn scan_afresh(&self, scan: &mut PlacementScan) -> usize {
        scan.clear();
        if self.phase != Phase::Place {
            return 0;
        }
        let Some(t) = self.current else { return 0 };
        let tile = &self.rules.tiles[t as usize];
        let n = scan.scan(&tile.rot_edges, &self.board.open);
        if n == 0 || !mechanics::filters(self, tile) {
            return n;
        }
        let open = &self.board.open;
        let keep = |p| mechanics::placement_filter(self, tile, p).is_ok();
        // Where the filters accept a tile only near a few cells (a river
        // tile, beside the river's open ends), ask there alone.
        let mut at = [0usize; fit::KEEP_ONLY];
        let mut n_at = 0;
        let limited = mechanics::accepted_near(self, tile, |x, y| {
            if let Some(i) = self.board.open_at(x, y) {
                if let Some(a) = at.get_mut(n_at) {
                    *a = i;
                }
                n_at += 1;
            }
        });
        if limited && n_at <= at.len() {
            return scan.keep_only(open, &at[..n_at], keep);
        }
        // Where they can refuse only near a few cells (the shrines' rule,
        // beside the placed rivals), ask there alone.
        let mut cells = [(0i32, 0i32); 256];
        let mut n_cells = 0;
        let limited = mechanics::refusals_near(self, tile, |x, y| {
            if let Some(c) = cells.get_mut(n_cells) {
                *c = (x, y);
            }
            n_cells += 1;
        });
        if limited && n_cells <= cells.len() {
            // (Such filters judge a position, not a rotation.)
            debug_assert!(mechanics::filters_by_position(self.rules, tile));
            for &(x, y) in &cells[..n_cells] {
                if let Some(i) = self.board.open_at(x, y) {
                    scan.refuse_at(open, i, keep);
                }
            }
            return scan.recount();
        }
        let by_position = mechanics::filters_by_position(self.rules, tile);
        scan.retain(open, by_position, keep)
    }

    /// The `k`-th placement, given the `scan` that `scan_placements` left
    /// (`None` past the last, or for a scan of another state).
    pub fn nth_scanned(&self, k: usize, scan: &PlacementScan) -> Option<Placement> {
        scan.nth(k, &self.board.open)
    }

    pub fn placements(&self) -> Vec<Placement> {
        let mut v = Vec::new();
        self.placements_into(&mut v);
        v
    }

    /// Is there any legal placement for tile `t`? (Stops at the first.)
    pub(crate) fn placeable(&self, t: u16) -> bool {
        let tile = &self.rules.tiles[t as usize];
        if mechanics::filters(self, tile) {
            // Where the filters accept the tile only near a few cells (a
            // river tile), try those alone.
            let mut found = false;
            let limited = mechanics::accepted_near(self, tile, |x, y| {
                let Some(i) = self.board.open_at(x, y).filter(|_| !found) else {
                    return;
                };
                let [x, y] = [x as i16, y as i16];
                found = (0..4u8).any(|rotation| {
                    self.board
                        .open
                        .fits(i, tile.rot_edges[usize::from(rotation)])
                        && mechanics::placement_filter(self, tile, Placement { x, y, rotation })
                            .is_ok()
                });
            });
            return if limited {
                found
            } else {
                self.any_placement(tile, |_| true)
            };
        }
        // All four rotations of eight positions at once.
        let rot = Rotations::new(&tile.rot_edges);
        self.board.open.blocks().any(|(q, m)| rot.block(q, m) != 0)
    }

    /// Calls `stop` with each legal placement of `tile`, in `placements_into`'s
    /// order (positions, then rotations), until it returns true; whether it
    /// did. The plain loop for callers that stop early or do not collect
    /// `Placement`s (`placements_into` is the vectorised listing).
    #[inline(always)]
    fn any_placement(&self, tile: &TileType, mut stop: impl FnMut(Placement) -> bool) -> bool {
        let filtered = mechanics::filters(self, tile);
        let by_position = filtered && mechanics::filters_by_position(self.rules, tile);
        let open = &self.board.open;
        (0..open.len()).any(|i| {
            // The filters' verdict at this position, once asked (where it
            // does not depend on the rotation).
            let mut verdict: Option<bool> = None;
            (0..4u8).any(|r| {
                open.fits(i, tile.rot_edges[r as usize]) && {
                    let [x, y] = open.xy[i];
                    let p = Placement { x, y, rotation: r };
                    let ok = !filtered
                        || match verdict {
                            Some(ok) if by_position => ok,
                            _ => {
                                let ok = mechanics::placement_filter(self, tile, p).is_ok();
                                verdict = Some(ok);
                                ok
                            }
                        };
                    ok && stop(p)
                }
            })
        })
    }

    /// The figure choices after placing the current tile at `p` (before or
    /// after it is placed: the answer is the same), into `out` (cleared
    /// first); "no figure" is `None` and always first.
    pub fn deploys_into(&self, p: Placement, out: &mut Vec<Option<Deploy>>) {
        out.clear();
        out.push(None);
        self.figures_into(p, out);
    }

    /// The figure choices at `p` (without "none"), appended to `out`.
    fn figures_into(&self, p: Placement, out: &mut impl mechanics::Deploys) {
        let Some(tile) = self.wood_tile() else { return };
        if mechanics::live(self, Hook::WoodOptions) && mechanics::wood_ban(self, tile).is_some() {
            return;
        }
        let player = self.to_move;
        let supply = &self.supply[player as usize];
        if *supply == [0; FIGURE_KINDS] {
            return;
        }
        let w = WoodSpot {
            tile,
            p,
            player,
            occupied: self.occupied_mask(tile, p, None),
            own: Default::default(),
        };
        if supply[FollowerKind::Normal as usize] > 0 {
            // The free segments as a mask first, then one option per bit: a
            // test per segment would be a branch the kinds make unpredictable.
            let may_stand = tile.segments.iter().take(32).enumerate();
            let mut free = may_stand.fold(0u32, |m, (s, seg)| {
                m | u32::from(self.follower_may_stand(seg.kind)) << s
            }) & !w.occupied;
            while free != 0 {
                out.put(Deploy {
                    segment: free.trailing_zeros() as u8,
                    kind: FollowerKind::Normal,
                });
                free &= free - 1;
            }
        }
        if mechanics::live(self, Hook::WoodOptions) {
            mechanics::wood_options(self, &w, out);
        }
    }

    /// The tile figures go onto: the one placed this part, or (for listing
    /// moves before placing) the current tile.
    fn wood_tile(&self) -> Option<&'static TileType> {
        match self.phase {
            Phase::Wood { placed } => {
                Some(&self.rules.tiles[self.placed[placed as usize].tile as usize])
            }
            Phase::Place => self.current_tile(),
            _ => None,
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

    /// Where a follower (normal or big) may stand (000_9deb58b1a7d17d38.txt
    /// L102-L117): never on a river (L482) or a garden (001_… L425). One on
    /// a shrine is a heretic (L2072).
    #[inline]
    pub(crate) fn follower_may_stand(&self, k: Kind) -> bool {
        match k {
            Kind::City | Kind::Road | Kind::Cloister | Kind::Shrine => true,
            Kind::Field => self.rules.options.farmers,
            // "You may not place a regular meeple onto the garden"
            // (001_46b8449c567a6f1a.txt L425): only the abbot (`mechanics::abbot`).
            Kind::River | Kind::Garden => false,
        }
    }

    /// A follower (normal or big) onto segment `d.segment` at `w`.
    pub(crate) fn check_follower_spot(&self, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
        match w.tile.segments[d.segment as usize].kind {
            Kind::River => return Err(MoveError::NotClaimable("river")),
            Kind::Field if !self.rules.options.farmers => return Err(MoveError::NoFarmers),
            k if !self.follower_may_stand(k) => return Err(MoveError::NotClaimable(k.name())),
            _ => {}
        }
        if w.occupied & (1 << d.segment) != 0 {
            return Err(MoveError::Occupied);
        }
        Ok(())
    }

    /// Segments at `w` whose feature holds a follower of `w.player` (the
    /// builder's and the pig's condition).
    pub(crate) fn own_mask(&self, w: &WoodSpot) -> u32 {
        if let Some(own) = w.own.get() {
            return own;
        }
        let own = self.occupied_mask(w.tile, w.p, Some(w.player));
        w.own.set(Some(own));
        own
    }

    /// Which segments of `tile` placed at `p` would join a feature that already
    /// has a follower (bit `s` for segment `s`). Looks across each side
    /// without placing. Two segments of the new tile can end up in one feature
    /// through a neighbour (a field wrapping around a road's end touches both
    /// halves of that side), so neighbour features are grouped first.
    /// With `owner`, only features holding a follower of that player count.
    fn occupied_mask(&self, tile: &TileType, p: Placement, owner: Option<u8>) -> u32 {
        if let Phase::Wood { placed } = self.phase {
            let q = &self.placed[placed as usize];
            if (q.x, q.y) == (p.x, p.y) {
                return self.occupied_on(q, tile, owner);
            }
        }
        let mut touch: [(u8, u16); 12] = [(0, 0); 12];
        let mut n = 0;
        let ports = &tile.rot_ports[usize::from(p.rotation & 3)];
        for side in 0..4 {
            let Some(q) = self
                .board
                .placed_at(p.x as i32 + DX[side], p.y as i32 + DY[side])
            else {
                continue;
            };
            for k in 0..3 {
                let port = (3 * side + k) as u8;
                let s = ports[port as usize];
                if s == NO_SEGMENT {
                    continue;
                }
                if let Some(node) = self.node_at(q, facing(port)) {
                    touch[n] = (s, self.features.find(node));
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
            let held = match owner {
                None => self.features.nodes[root as usize].occupants > 0,
                Some(pl) => self.followers.iter().any(|f| {
                    f.player == pl && f.kind.is_follower() && self.features.find(f.node) == root
                }),
            };
            if held {
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

    /// `occupied_mask` for the tile `q` once placed: its segments' features
    /// are joined, so their roots say it.
    fn occupied_on(&self, q: &Placed, tile: &TileType, owner: Option<u8>) -> u32 {
        let n = tile.segments.len().min(32);
        let mut roots = [0u16; 32];
        for (s, r) in roots[..n].iter_mut().enumerate() {
            *r = self.features.find(q.node_base + s as u16);
        }
        let mut mask = 0;
        match owner {
            None => {
                for (s, &r) in roots[..n].iter().enumerate() {
                    mask |= u32::from(self.features.nodes[r as usize].occupants > 0) << s;
                }
            }
            // Each of the player's followers' features once, against every
            // segment's; a bit per root modulo 64 first, since in a large
            // game most followers stand in features the tile is not part of.
            Some(pl) => {
                let near = roots[..n].iter().fold(0u64, |m, &r| m | 1 << (r % 64));
                for f in &self.followers {
                    if f.player == pl && f.kind.is_follower() {
                        let fr = self.features.find(f.node);
                        if near & 1 << (fr % 64) == 0 {
                            continue;
                        }
                        for (s, &r) in roots[..n].iter().enumerate() {
                            mask |= u32::from(r == fr) << s;
                        }
                    }
                }
            }
        }
        mask
    }

    /// The feature node at board port `port` of placed tile `q`.
    #[inline]
    fn node_at(&self, q: usize, port: u8) -> Option<u16> {
        let n = self.placed[q].port_node(port as usize);
        (n != NO_NODE).then_some(n)
    }

    // ----- applying a move -----------------------------------------------

    /// Check a move without changing anything.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let t = self.current.ok_or(MoveError::GameOver)?;
        let tile = &self.rules.tiles[t as usize];
        self.check_place(tile, mv.placement)?;
        if let Some(d) = mv.deploy {
            self.check_deploy(tile, mv.placement, d)?;
        }
        Ok(())
    }

    fn check_place(&self, tile: &TileType, p: Placement) -> Result<(), MoveError> {
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
        if mechanics::filters(self, tile) {
            mechanics::placement_filter(self, tile, p)?;
        }
        Ok(())
    }

    /// A figure onto `tile` at `p` (placed or about to be: the answer is the
    /// same).
    fn check_deploy(&self, tile: &TileType, p: Placement, d: Deploy) -> Result<(), MoveError> {
        if tile.segments.get(d.segment as usize).is_none() {
            return Err(MoveError::NoSuchSegment {
                tile: tile.id,
                segment: d.segment,
            });
        }
        if mechanics::live(self, Hook::WoodOptions) {
            if let Some(why) = mechanics::wood_ban(self, tile) {
                return Err(MoveError::Banned(why));
            }
        }
        let pl = self.to_move;
        if self.figures(pl, d.kind) == 0 {
            // Out of them, or not in this game at all?
            let played = self.supply[..self.players as usize]
                .iter()
                .any(|s| s[d.kind as usize] > 0)
                || self.followers.iter().any(|f| f.kind == d.kind);
            return Err(match d.kind {
                _ if played || d.kind == FollowerKind::Normal => MoveError::NoFollowerLeft(pl),
                FollowerKind::Big => MoveError::NoBigFollower,
                k => MoveError::NotPlayed(k.name()),
            });
        }
        let w = WoodSpot {
            tile,
            p,
            player: pl,
            occupied: self.occupied_mask(tile, p, None),
            own: Default::default(),
        };
        match d.kind {
            FollowerKind::Normal => self.check_follower_spot(&w, d),
            _ => mechanics::check_figure(self, &w, d),
        }
    }

    /// Play a move (one turn part: a placement and an optional figure); the
    /// points it scores are returned. An illegal move is refused with the
    /// state unchanged.
    pub fn apply(&mut self, mv: Move) -> Result<Vec<ScoreEvent>, MoveError> {
        let mut events = Vec::new();
        self.apply_into(mv, &mut events)?;
        Ok(events)
    }

    /// `apply`, appending events to `events` (no allocation when it has
    /// room). The fused path: the same steps as `apply_action(Place)` then
    /// `apply_action(Deploy | Pass)`, with one check up front.
    pub fn apply_into(&mut self, mv: Move, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        if self.phase != Phase::Place {
            // A game waiting for another decision takes actions only.
            return Err(match self.pending() {
                Some(p) => MoveError::Waiting(p.decision.name()),
                None => MoveError::GameOver,
            });
        }
        self.check(mv)?;
        let t = self.current.expect("checked: a tile waits to be placed");
        let idx = self.place_part(t, mv.placement);
        if let Some(d) = mv.deploy {
            self.deploy(idx, d);
        }
        self.end_wood(idx, events);
        Ok(())
    }

    /// Place the current tile at `p`, which this engine listed for this
    /// very state (the benchmark's policy draws from `scan_placements`): the
    /// legality check, which would repeat the listing's work, runs in debug
    /// builds only. The game then waits for the wood (`wood_listed`, or
    /// any `Decision::Wood` answer); returns the placed tile's index.
    pub(crate) fn place_listed(&mut self, p: Placement) -> usize {
        debug_assert!(
            self.phase == Phase::Place
                && self
                    .current
                    .is_some_and(|t| self.check_place(&self.rules.tiles[t as usize], p).is_ok()),
            "{p:?} is not a legal placement here"
        );
        let t = self.current.expect("a tile waits to be placed");
        let idx = self.place_part(t, p);
        self.phase = Phase::Wood { placed: idx as u16 };
        idx
    }

    /// The figure (or none) on the tile `place_listed` put down, one of
    /// `deploys_into`'s options, then the part's scoring.
    pub(crate) fn wood_listed(
        &mut self,
        placed: usize,
        d: Option<Deploy>,
        events: &mut Vec<ScoreEvent>,
    ) {
        debug_assert!(
            self.phase
                == Phase::Wood {
                    placed: placed as u16
                }
                && d.is_none_or(|d| {
                    let q = self.placed[placed];
                    self.check_deploy(&self.rules.tiles[q.tile as usize], q.placement(), d)
                        .is_ok()
                }),
            "{d:?} is not a legal figure here"
        );
        if let Some(d) = d {
            self.deploy(placed, d);
        }
        self.end_wood(placed, events);
    }

    /// `apply_action` for an action `legal_actions_into` (or, for a
    /// placement, `scan_placements`) listed for this very state: placing
    /// and deploying skip the checks that would repeat the listing's work
    /// (they run in debug builds); the other answers go through
    /// `apply_action`.
    pub(crate) fn apply_listed_action(&mut self, a: Action, events: &mut Vec<ScoreEvent>) {
        match (self.phase, a) {
            (Phase::Place, Action::Place(p)) => {
                self.place_listed(p);
            }
            (Phase::Wood { placed }, Action::Deploy(d)) => {
                self.wood_listed(placed as usize, Some(d), events)
            }
            (Phase::Wood { placed }, Action::Pass) => {
                self.wood_listed(placed as usize, None, events)
            }
            _ => self
                .apply_action(a, events)
                .expect("the action was listed for this state"),
        }
    }

    // ----- decisions and actions -----------------------------------------

    /// Whether every decision of this ruleset is answered by `apply(Move)`
    /// (a placement and a figure on the new tile), so the fused path can
    /// play whole games.
    pub fn moves_suffice(&self) -> bool {
        mechanics::moves_suffice(self.rules)
    }

    /// Who decides now and what; `None` once the game is over.
    pub fn pending(&self) -> Option<Pending> {
        let decision = match self.phase {
            Phase::Source { .. } => Decision::Source,
            Phase::Place => Decision::Place,
            Phase::Wood { .. } => Decision::Wood,
            Phase::SecondTile => Decision::SecondTile,
            Phase::Ask => {
                let ask = self.asks[0];
                return Some(Pending {
                    actor: Actor::Player(ask.player),
                    decision: ask.decision,
                });
            }
            Phase::Over => return None,
        };
        Some(Pending {
            actor: Actor::Player(self.to_move),
            decision,
        })
    }

    /// Every legal answer to the pending decision, into `out` (cleared
    /// first): the one authority on legality (`apply_action` accepts
    /// exactly these).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Place => {
                if let Some(tile) = self.current_tile() {
                    self.any_placement(tile, |p| {
                        out.push(Action::Place(p));
                        false
                    });
                }
            }
            Phase::Wood { placed } => {
                out.push(Action::Pass);
                self.figures_into(self.placed[placed as usize].placement(), out);
                if mechanics::live(self, Hook::WoodOptions) {
                    mechanics::wood_alternatives(self, out);
                }
            }
            Phase::SecondTile => out.extend([Action::SecondTile(true), Action::SecondTile(false)]),
            Phase::Source { draw } => {
                out.push(if draw { Action::Draw } else { Action::Pass });
                mechanics::source_actions(self, out);
            }
            Phase::Ask => mechanics::ask_actions(self, self.asks[0], out),
            Phase::Over => {}
        }
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// Answer the pending decision. An illegal action is refused with a
    /// typed error and the state unchanged.
    pub fn apply_action(
        &mut self,
        a: Action,
        events: &mut Vec<ScoreEvent>,
    ) -> Result<(), ActionError> {
        let not_now = |pending: Option<Pending>| match pending {
            Some(p) => ActionError::NotNow {
                action: a.name(),
                expected: p.decision.name(),
            },
            None => ActionError::GameOver,
        };
        match (self.phase, a) {
            (Phase::Place, Action::Place(p)) => {
                let t = self.current.ok_or(ActionError::GameOver)?;
                self.check_place(&self.rules.tiles[t as usize], p)?;
                let idx = self.place_part(t, p);
                self.phase = Phase::Wood { placed: idx as u16 };
            }
            (Phase::Wood { placed }, Action::Deploy(d)) => {
                let q = self.placed[placed as usize];
                self.check_deploy(&self.rules.tiles[q.tile as usize], q.placement(), d)?;
                self.deploy(placed as usize, d);
                self.end_wood(placed as usize, events);
            }
            (Phase::Wood { placed }, Action::Pass) => self.end_wood(placed as usize, events),
            // An alternative to deploying, offered by a module.
            (Phase::Wood { placed }, a) if mechanics::offers_alternative(self.rules, a) => {
                mechanics::take_alternative(self, a, events)?;
                self.end_wood(placed as usize, events);
            }
            (Phase::SecondTile, Action::SecondTile(take)) => {
                if take {
                    self.start_part(events);
                } else {
                    self.next_turn(events);
                }
            }
            (Phase::Source { draw: true }, Action::Draw) => {
                self.phase = Phase::Place;
                self.draw();
                if self.current.is_none() {
                    self.tiles_out(events);
                }
            }
            // Declining the end-of-game round's extra (an abbey left unplayed).
            (Phase::Source { draw: false }, Action::Pass) => self.next_turn(events),
            // A tile held instead of drawing (the abbey), by its module.
            (Phase::Source { .. }, a) if mechanics::offers_source(self.rules, a) => {
                let idx = mechanics::take_source(self, a)?;
                self.last_placer = self.to_move;
                self.phase = Phase::Wood { placed: idx as u16 };
            }
            (Phase::Ask, a) => {
                let ask = self.asks[0];
                mechanics::answer(self, ask, a, events)?;
                self.asks.remove(0);
                if self.asks.is_empty() {
                    self.end_part(events);
                }
            }
            _ => return Err(not_now(self.pending())),
        }
        Ok(())
    }

    /// `apply_action` on behalf of `player`: refused unless `player` is the
    /// one the pending decision asks (for callers that relay several
    /// players' answers: a protocol, a user interface).
    pub fn apply_action_by(
        &mut self,
        player: u8,
        a: Action,
        events: &mut Vec<ScoreEvent>,
    ) -> Result<(), ActionError> {
        match self.pending() {
            None => Err(ActionError::GameOver),
            Some(Pending {
                actor: Actor::Player(asked),
                ..
            }) if asked != player => Err(ActionError::WrongPlayer { player, asked }),
            Some(_) => self.apply_action(a, events),
        }
    }

    // ----- the steps of a turn ---------------------------------------------

    /// Place the current tile `t` at `p` (checked) for this part.
    fn place_part(&mut self, t: u16, p: Placement) -> usize {
        self.last_placer = self.to_move;
        self.put(t, p)
    }

    /// A figure of the player to move onto segment `d.segment` of tile `idx`.
    pub(crate) fn deploy(&mut self, idx: usize, d: Deploy) {
        let player = self.to_move;
        let node = self.placed[idx].node_base + d.segment as u16;
        if d.kind.occupies() {
            let root = self.features.find(node);
            self.features.nodes[root as usize].occupants += 1;
        }
        self.supply[player as usize][d.kind as usize] -= 1;
        self.followers.push(Deployed {
            player,
            node,
            kind: d.kind,
            around: self.features.nodes[node as usize].kind.around(),
        });
    }

    /// Wood is moved: score what the tile completed (completion is fixed by
    /// the placement, scoring follows deployment, 000_9deb58b1a7d17d38.txt
    /// L195-L209), then another part or the next turn.
    fn end_wood(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        self.score_completed(idx, events);
        if mechanics::live(self, Hook::Scoring) {
            mechanics::scoring(self, idx, events);
        }
        if !self.asks.is_empty() {
            // Decisions posed during scoring come first, from the active
            // player clockwise (the wagons, 000_9deb58b1a7d17d38.txt L1674).
            let (me, n) = (self.to_move, self.players);
            self.asks.sort_by_key(|a| (a.player + n - me) % n);
            self.phase = Phase::Ask;
            return;
        }
        self.end_part(events);
    }

    /// The part's scoring is over: another part, or the next turn.
    fn end_part(&mut self, events: &mut Vec<ScoreEvent>) {
        if mechanics::live(self, Hook::PartEnd) {
            match mechanics::part_end(self) {
                NextPart::None => {}
                NextPart::Offer => {
                    self.phase = Phase::SecondTile;
                    return;
                }
                NextPart::Take => {
                    self.start_part(events);
                    return;
                }
            }
        }
        self.next_turn(events);
    }

    /// The same player draws and places another tile (no third: the part
    /// count stops the builder's trigger).
    fn start_part(&mut self, events: &mut Vec<ScoreEvent>) {
        self.part += 1;
        self.begin_part(events);
    }

    #[inline(always)]
    fn next_turn(&mut self, events: &mut Vec<ScoreEvent>) {
        self.turn += 1;
        self.part = 1;
        // The next seat without a division (this runs every turn).
        self.to_move = if self.to_move + 1 == self.players {
            0
        } else {
            self.to_move + 1
        };
        self.begin_part(events);
    }

    /// A part begins: the player may be asked where the tile comes from (a
    /// tile held, the abbey), else the tile is drawn; with none left the
    /// game moves to its end.
    #[inline(always)]
    fn begin_part(&mut self, events: &mut Vec<ScoreEvent>) {
        // With the stack empty, only a second part is asked here (the abbey
        // as the builder's second tile, fn 5 L1838); first parts go to the
        // end-of-game round, which asks each player once.
        let tiles_left = self.next < self.stack.len();
        if mechanics::live(self, Hook::Source)
            && (tiles_left || self.part > 1)
            && mechanics::asks_source(self)
        {
            self.current = None;
            self.phase = Phase::Source { draw: tiles_left };
            return;
        }
        self.phase = Phase::Place;
        self.draw();
        if self.current.is_none() {
            self.tiles_out(events);
        }
    }

    /// No tile can be drawn: the modules' extra turns first (the abbey round,
    /// from the left of the last placer), then the end.
    fn tiles_out(&mut self, events: &mut Vec<ScoreEvent>) {
        self.current = None;
        if mechanics::live(self, Hook::TilesOut) {
            if let Some(p) = mechanics::tiles_out(self) {
                self.to_move = p;
                self.part = 1;
                self.phase = Phase::Source { draw: false };
                return;
            }
        }
        self.finish_into(events);
    }

    /// Pose a decision to `ask.player`, asked after the part's scoring.
    pub(crate) fn ask(&mut self, ask: Ask) {
        self.asks.push(ask);
    }

    /// Place tile `t` (already checked), creating and joining its features.
    pub(crate) fn put(&mut self, t: u16, p: Placement) -> usize {
        let tile = &self.rules.tiles[t as usize];
        let idx = self.placed.len();
        let node_base = self.features.nodes.len() as u16;
        self.placed.push(Placed {
            tile: t,
            rotation: p.rotation,
            x: p.x,
            y: p.y,
            node_base,
            ports: tile.rot_ports[usize::from(p.rotation & 3)],
            river: Course::SOURCE,
        });
        let (rules, marked) = (self.rules, mechanics::live(self, Hook::FeatureMarks));
        // One node per segment, appended in one go (one capacity check).
        let nodes = tile.segments.iter().enumerate().map(|(s, seg)| {
            let marks = if marked {
                mechanics::feature_marks(rules, seg)
            } else {
                0
            };
            Node::new(
                node_base + s as u16,
                idx as u16,
                s as u8,
                seg.kind,
                i16::from(seg.sides),
                u16::from(seg.pennants),
                marks,
                seg.borders,
            )
        });
        self.features.nodes.extend(nodes);
        let neighbours = self.board.place(
            p.x as i32,
            p.y as i32,
            idx,
            tile.rot_edges[p.rotation as usize],
        );
        let farmers = self.rules.options.farmers;
        let closes = tile.closes;
        // This tile's segment at each board port, and the neighbour's: the
        // nodes that meet across a side, read from two local copies.
        let own = tile.rot_ports[usize::from(p.rotation & 3)];
        for (side, q) in neighbours.into_iter().enumerate() {
            let Some(q) = q else { continue };
            let (their, their_base) = (self.placed[q].ports, self.placed[q].node_base);
            let meet = |port: usize| {
                let (a, b) = (own[port], their[usize::from(facing(port as u8))]);
                (a != NO_SEGMENT && b != NO_SEGMENT)
                    .then(|| (node_base + u16::from(a), their_base + u16::from(b)))
            };
            let mid = 3 * side + 1;
            if closes && tile.edges[(side + 4 - p.rotation as usize) % 4] == Edge::Any {
                // A side that matches anything closes the road or city it
                // meets (the abbey, 000_9deb58b1a7d17d38.txt L1606).
                if let Some(b) = self.node_at(q, facing(mid as u8)) {
                    let r = self.features.find(b);
                    if matches!(
                        self.features.nodes[r as usize].kind,
                        Kind::City | Kind::Road
                    ) {
                        self.features.nodes[r as usize].open -= 1;
                    }
                }
                continue;
            }
            if let Some((a, b)) = meet(mid) {
                let r = self.features.union(a, b);
                self.features.nodes[r as usize].open -= 2;
                // A city side's halves are the city itself; a road or river
                // side still joins the fields on both of its halves.
                if tile.segments[usize::from(own[mid])].kind == Kind::City {
                    continue;
                }
            }
            if farmers {
                for half in [3 * side, 3 * side + 2] {
                    if let Some((a, b)) = meet(half) {
                        if self.features.nodes[a as usize].kind == Kind::Field
                            && self.features.nodes[b as usize].kind == Kind::Field
                        {
                            self.features.union(a, b);
                        }
                    }
                }
            }
        }
        if mechanics::live(self, Hook::AfterPlace) {
            mechanics::after_place(self, idx);
        }
        idx
    }

    // ----- what the mechanics read ----------------------------------------

    /// The root of the feature node `n` belongs to.
    #[inline]
    pub(crate) fn root_of(&self, n: u16) -> u16 {
        self.features.find(n)
    }

    /// How many segments placed tile `idx` has.
    pub(crate) fn segments_of(&self, idx: usize) -> u8 {
        self.rules.tiles[self.placed[idx].tile as usize]
            .segments
            .len() as u8
    }

    /// The feature node of segment `s` of placed tile `idx`.
    pub(crate) fn node_of(&self, idx: usize, s: u8) -> u16 {
        self.placed[idx].node_base + s as u16
    }

    /// The marks of the feature rooted at `root`.
    pub(crate) fn marks_of(&self, root: u16) -> u8 {
        self.features.nodes[root as usize].marks
    }

    pub(crate) fn kind_of(&self, node: u16) -> Kind {
        self.features.nodes[node as usize].kind
    }

    /// The tile segments that make up the feature rooted at `root`.
    pub(crate) fn member_segments(&self, root: u16) -> impl Iterator<Item = &'static Segment> + '_ {
        self.features.members(root).map(|m| {
            let node = self.features.nodes[m as usize];
            let tile = self.placed[node.placed as usize].tile;
            &self.rules.tiles[tile as usize].segments[node.segment as usize]
        })
    }

    /// Score the feature node `node` belongs to now and return its figures.
    pub(crate) fn score_feature_at(
        &mut self,
        node: u16,
        reason: Reason,
        events: &mut Vec<ScoreEvent>,
    ) {
        let root = self.features.find(node);
        super::scoring::score_feature(self, root, reason, events);
    }

    /// Draw the next tile, removing any that fits nowhere.
    fn draw(&mut self) {
        self.current = None;
        while self.next < self.stack.len() {
            let t = self.stack[self.next];
            self.next += 1;
            if self.scripted || self.drawn_fits(t) {
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

    /// Whether the drawn tile `t` fits anywhere; where no filter has a say,
    /// from a scan of every open position, kept for `scan_placements`.
    #[inline(always)]
    fn drawn_fits(&mut self, t: u16) -> bool {
        let tile = &self.rules.tiles[t as usize];
        if mechanics::filters(self, tile) {
            self.drawn.forget();
            return self.placeable(t);
        }
        let open = &self.board.open;
        let n = self.drawn.scan.scan(&tile.rot_edges, open);
        self.drawn.count = n as u32;
        self.drawn.key = DrawnScan::key(t, self.placed.len(), open.len());
        n > 0
    }

    /// End the game now, as if the tiles had run out: final scoring
    /// (000_9deb58b1a7d17d38.txt L232-L272). Used for partial records.
    pub fn finish(&mut self) -> Vec<ScoreEvent> {
        let mut events = Vec::new();
        self.finish_with(&mut events);
        events
    }

    /// `finish`, appending the events to `events` (no allocation when it
    /// has room): what a bot runs on a scratch clone to learn the points
    /// every feature would give if the game ended now.
    pub fn finish_with(&mut self, events: &mut Vec<ScoreEvent>) {
        if !self.is_over() {
            self.finish_into(events);
        }
    }

    fn finish_into(&mut self, events: &mut Vec<ScoreEvent>) {
        self.current = None;
        self.phase = Phase::Over;
        super::scoring::final_scoring(self, events);
        if mechanics::live(self, Hook::GameEnd) {
            mechanics::game_end(self, events);
        }
    }

    pub(crate) fn add_points(&mut self, events: &mut Vec<ScoreEvent>, e: ScoreEvent) {
        self.scores[e.player as usize] += e.points;
        events.push(e);
    }

    /// Add the feature of `node` to `done` if it is complete and scores
    /// (occupied, or `all`: a module acts on every completed feature).
    #[inline(always)]
    fn note_if_done(&mut self, node: u16, all: bool, done: &mut [u16; 16], n: &mut usize) {
        let root = self.features.find(node);
        let r = self.features.nodes[root as usize];
        if r.open == 0 && (r.occupants > 0 || all) && !done[..*n].contains(&root) && *n < done.len()
        {
            done[*n] = root;
            *n += 1;
        }
    }

    fn score_completed(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        let pl = self.placed[idx];
        let tile = &self.rules.tiles[pl.tile as usize];
        // Roads and cities this tile belongs to that are now closed.
        let mut done: [u16; 16] = [u16::MAX; 16];
        let mut n = 0;
        // Modules that act on every completed feature (goods go to whoever
        // completes a city, knights or not) need the unoccupied ones too.
        let all = mechanics::live(self, Hook::OnScored);
        for (s, seg) in tile.segments.iter().enumerate() {
            if matches!(seg.kind, Kind::City | Kind::Road) {
                self.note_if_done(pl.node_base + s as u16, all, &mut done, &mut n);
            }
        }
        if tile.closes {
            // A tile whose sides close what they meet completes its
            // neighbours' features, not its own (the abbey).
            for side in 0..4 {
                let (x, y) = (pl.x as i32 + DX[side], pl.y as i32 + DY[side]);
                let Some(q) = self.board.placed_at(x, y) else {
                    continue;
                };
                let Some(b) = self.node_at(q, facing((3 * side + 1) as u8)) else {
                    continue;
                };
                if matches!(
                    self.features.nodes[b as usize].kind,
                    Kind::City | Kind::Road
                ) {
                    self.note_if_done(b, all, &mut done, &mut n);
                }
            }
        }
        for &root in &done[..n] {
            super::scoring::score_feature(self, root, Reason::Completed, events);
        }
        // Occupied cloisters and gardens on this tile and the eight around it
        // (only an occupied one can score, so look at the followers).
        let (px, py) = (i32::from(pl.x), i32::from(pl.y));
        let complete = |g: &Game, f: &Deployed| {
            f.around && {
                let node = g.features.nodes[f.node as usize];
                let q = g.placed[node.placed as usize];
                let (x, y) = (i32::from(q.x), i32::from(q.y));
                (x - px).abs() <= 1 && (y - py).abs() <= 1 && g.board.neighbours8(x, y) == 8
            }
        };
        while let Some(f) = self.followers.iter().find(|f| complete(self, f)).copied() {
            // Scoring removes its followers, maybe some before this one (a
            // challenge's loser, `mechanics::heretics`): look again from the
            // start (those before were not complete and still are not).
            super::scoring::score_feature(self, f.node, Reason::Completed, events);
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

/// The port of the neighbouring tile that touches board port `port`.
#[inline]
pub(crate) const fn facing(port: u8) -> u8 {
    let side = port / 3;
    let k = port % 3;
    ((side + 2) % 4) * 3 + (2 - k)
}
