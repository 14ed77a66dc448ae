//! The game state: what is on the table, in the supplies and in the stack,
//! and how a game is set up. What callers read of it is `reading.rs`, what
//! the mechanics read of its features `feature_reads.rs`; the tiles face
//! down `stack.rs`, scripted games `scripted.rs`. The turn that changes it
//! is `turn.rs`; placing tiles `place.rs`, figures `wood.rs` and
//! `figures.rs`, points `scoring.rs`.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::board::Board;
pub use super::extra::ExtraTurn;
use super::extra::Interlude;
use super::features::Features;
pub use super::fit::PlacementScan;
use super::hidden::Deal;
use super::room::roomy;
use super::turn::Phase;
use super::types::*;
use crate::mechanics::{self, Ask, Ext, Hook, Mech};
use crate::tables::{Ruleset, NO_SEGMENT};
use carcassonne_vocab::river::Course;

/// A tile on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// The tile type, an index into the ruleset's `tiles`.
    pub tile: u16,
    /// Clockwise quarter turns, 0-3.
    pub rotation: u8,
    /// Column: grows east.
    pub x: i16,
    /// Row: grows south.
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

/// A figure on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deployed {
    /// Its owner.
    pub player: u8,
    /// The feature node it stands on (a segment of a placed tile).
    pub node: u16,
    /// Which figure.
    pub kind: FollowerKind,
    /// It stands on a feature completed by the eight tiles around it (a
    /// cloister, garden or shrine): each placement looks for these.
    pub around: bool,
    /// It joined a feature about to score for that scoring only (a
    /// follower sent from the City of Carcassonne, 000_9deb58b1a7d17d38.txt
    /// fn 23 L2620): it counts in the feature's majority, not among those
    /// who decide what becomes of the feature before it scores (a town
    /// turned into a castle).
    pub to_score: bool,
}

/// A player's figure that is neither on the board nor in its owner's
/// supply: held by a module (a wagon waiting to move on; prisoners).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    /// Its owner.
    pub player: u8,
    /// Which figure.
    pub kind: FollowerKind,
    /// The module holding it.
    pub by: Mech,
    /// The module's own note of why it holds the figure.
    pub data: u16,
    /// The placed tile it stands on beside that tile's features (a
    /// follower on top of a tower, 000_9deb58b1a7d17d38.txt L1465-L1469),
    /// where what reaches a whole tile reaches it (the dragon, fn 20
    /// L1520); `NO_TILE` for a figure off the board.
    pub tile: u16,
}

/// `Game::follow_ups` outside the answer to a posed decision.
pub(crate) const NOT_ANSWERING: u8 = u8::MAX;

/// `Held::tile` of a figure off the board.
pub const NO_TILE: u16 = u16::MAX;

/// A tile drawn and not played this turn: removed because it fits nowhere
/// (000_9deb58b1a7d17d38.txt L100), set aside by a module to come back
/// later (dragon tiles before the dragon is in play, L1136), or turned face
/// up by a module (a bazaar's tiles, L2413).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Discard {
    /// The turn (0-based) before which it was drawn.
    pub turn: u32,
    /// Who drew it.
    pub player: u8,
    /// The tile type.
    pub tile: u16,
    /// `None`: removed from the game; `Some(m)`: set aside by module `m`.
    pub aside: Option<Mech>,
    /// Turned face up by module `aside` for itself (`Game::reveal`: a
    /// bazaar's tiles), not set aside at a draw.
    pub revealed: bool,
}

/// A chance outcome the game applied: the decision posed to chance and its
/// answer, in the order they came (`Game::dealt`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dealt {
    /// The decision chance answered.
    pub ask: Ask,
    /// Its outcome.
    pub action: Action,
    /// Stated by the caller (`apply_action` in a game that waits for
    /// chance), rather than dealt from the seed or certain.
    pub stated: bool,
}

/// A game in progress: the board, the figures, the scores, the tiles to
/// come, and the pending decision. It plays one ruleset's compiled tables.
///
/// A turn is a sequence of decisions: [`Game::pending`] says who decides
/// and what, [`Game::legal_actions`] lists every legal answer, and
/// [`Game::apply_action`] checks one (refusing it with an
/// [`ActionError`], the state untouched) and runs the automatic steps
/// (drawing, scoring, handing out points) up to the next decision. The same
/// seed plays the same game; [`Game::view`] is the game as one player may
/// know it (the draw order hidden), which is what a bot should be given.
///
/// ```
/// use carcassonne_runtime::bots;
/// use carcassonne_runtime::engine::{Actor, Game};
///
/// let rules = carcassonne_runtime::ruleset("base").unwrap();
/// let mut game = Game::new(rules, 2, 42).unwrap(); // 2 players, seed 42
/// let mut seats = [bots::make("random", 1).unwrap(), bots::make("greedy", 2).unwrap()];
/// let mut events = Vec::new();
/// while let Some(pending) = game.pending() {
///     let Actor::Player(p) = pending.actor else { unreachable!("seeded games draw by themselves") };
///     let view = game.view(p); // what p may know
///     let action = seats[p as usize].choose_action(&view).unwrap();
///     game.apply_action(action, &mut events).unwrap();
/// }
/// assert!(game.is_over());
/// assert_eq!(game.scores().len(), 2);
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) rules: &'static Ruleset,
    pub(crate) players: u8,
    pub(crate) seed: u64,
    pub(crate) to_move: u8,
    pub(crate) turn: u32,
    /// Each player's points: below 0 only where a rule lets a player pay
    /// more than they have (the bazaar's bids, 000_9deb58b1a7d17d38.txt
    /// L2420).
    pub(crate) scores: [i32; MAX_PLAYERS],
    /// Figures in each player's supply, by `FollowerKind as usize`.
    pub(crate) supply: [[u8; FIGURE_KINDS]; MAX_PLAYERS],
    pub(crate) phase: Phase,
    /// The part of the turn (1, or 2 after a builder's trigger).
    pub(crate) part: u8,
    /// A module asked for another part of this turn (`Game::another_part`).
    pub(crate) another_part: bool,
    /// When the points scored now count (`ScoreEvent::when`).
    pub(crate) when: When,
    /// The feature being scored while the modules have their say on it
    /// (`NO_NODE` otherwise): no figure of it may leave before they all did.
    pub(crate) scoring: u16,
    /// The feature node a module added to a placed tile in this part
    /// (`Game::add_segment`, a bridge), `NO_NODE` if none: the part's
    /// scoring looks whether it completed a feature.
    pub(crate) added: u16,
    pub(crate) ext: Ext,
    /// Who placed the latest tile (the end-of-game abbey round starts on
    /// their left, 000_9deb58b1a7d17d38.txt L1602).
    pub(crate) last_placer: u8,
    /// Decisions modules posed, not yet answered (`Phase::Ask`).
    pub(crate) asks: Vec<Ask>,
    /// Decisions posed so far while the one at `asks[0]` is being
    /// answered: they follow it at once, in the order posed (`ask`);
    /// `NOT_ANSWERING` outside an answer.
    pub(crate) follow_ups: u8,
    /// Figures held by modules.
    pub(crate) held: Vec<Held>,
    pub(crate) board: Board,
    pub(crate) placed: Vec<Placed>,
    pub(crate) features: Features,
    pub(crate) followers: Vec<Deployed>,
    /// How many of `followers` stand `around` (on a cloister, garden or
    /// shrine): with none, a placement has no such feature to complete.
    pub(crate) around: u16,
    /// The draw order; `stack[next..]` are still face down.
    pub(crate) stack: Vec<u16>,
    pub(crate) next: usize,
    /// The last tiles of `stack`, face down out of play: never drawn
    /// (`Game::bury`: a tile under a hill).
    pub(crate) buried: u16,
    /// How many face-down tiles are not the game's own: a scripted copy of
    /// a game, given a tile more so that it never ends on its own and
    /// never told to draw those the game discarded or set aside
    /// (`count_face_down_as`), draws them like any tile, but no rule
    /// counts them among those face down (`face_down_end`), so that it
    /// plays as the game it copies.
    pub(crate) spare: u16,
    /// Chance outcomes applied so far, in order (a record lists them).
    pub(crate) dealt: Vec<Dealt>,
    /// Where a game deals chance outcomes from: its seed, or in a
    /// re-dealt game (`determinize`) a seed of its own; 0 in a view.
    pub(crate) chance_seed: u64,
    /// Chance decisions wait to be stated (`Game::state_chance`), as in a
    /// scripted game, instead of being dealt.
    pub(crate) chance_stated: bool,
    pub(crate) current: Option<u16>,
    pub(crate) discards: Vec<Discard>,
    /// Tiles set aside, face up, until their module returns them
    /// (`Game::shuffle_back`).
    pub(crate) aside: Vec<(u16, Mech)>,
    /// Turns modules gave players out of the normal order, not begun yet
    /// (`Game::give_turn`; `extra.rs`).
    pub(crate) extra: Vec<ExtraTurn>,
    /// The extra turn being played and the turn the extra turns
    /// interrupted (`extra.rs`).
    pub(crate) interlude: Interlude,
    /// Tiles are chosen by the caller (`force_draw`), not by the seed.
    pub(crate) scripted: bool,
    /// A scripted game that stops before its final scoring, waiting with
    /// no tile (`Game::hold_final_scoring`).
    pub(crate) hold_final: bool,
    /// How the stack was dealt (which runs of it are shuffled apart).
    pub(crate) deal: Deal,
    /// The face-down order is not the real game's (`hidden.rs`: a view or
    /// a determinized game).
    pub(crate) hidden: bool,
    /// Every decision of this ruleset is a move (`moves_suffice`), so
    /// `apply(Move)` plays a part in one go.
    pub(crate) fused: bool,
    /// The scan the draw made to learn that the tile it drew can be placed.
    pub(crate) drawn: DrawnScan,
    /// Points scored where no caller's list of events saw them: at the
    /// setup's first draw (a module's step on the tile drawn,
    /// `Hook::Drawn`), and at a scripted game's forced draws. A record
    /// files those of the setup with the first entry (`untold_events`).
    pub(crate) untold: Vec<ScoreEvent>,
    /// Whether the modules' step on the tile to place (`Hook::Drawn`) has
    /// run: a scripted game runs it when told its tile (`force_draw`).
    pub(crate) drawn_step: bool,
    /// The action being applied, listed for this very state
    /// (`apply_listed_action`): the module that carries it out need not
    /// list its answers again to find it there (`mechanics::listed`).
    /// Held only until that call's first module step returns; any other
    /// action a step leads to (an answer dealt by chance) is checked.
    pub(crate) listed: Option<Action>,
}

/// The draw must know whether the tile it draws fits anywhere
/// (000_9deb58b1a7d17d38.txt L100), and whoever moves next asks where it
/// fits: the draw scans every open position once and keeps the result for
/// `scan_placements`, which would otherwise test them all again. A cache,
/// not state: a clone starts without it, and games compare without it.
#[derive(Debug)]
pub(crate) struct DrawnScan {
    pub(crate) scan: PlacementScan,
    /// How many (position, rotation) pairs fit, as the scan returned it:
    /// kept so that the caller need not sum the scan's running totals again.
    pub(crate) count: u32,
    /// The tile, the number of tiles placed and of open positions when it
    /// was made (`NONE`: no scan kept); the board changes only by placing.
    pub(crate) key: u64,
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
    pub(crate) const NONE: u64 = u64::MAX;

    #[inline(always)]
    pub(crate) fn key(tile: u16, placed: usize, open: usize) -> u64 {
        u64::from(tile) << 48 | (placed as u64 & 0xFF_FFFF) << 24 | (open as u64 & 0xFF_FFFF)
    }

    pub(crate) fn forget(&mut self) {
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
            another_part: self.another_part,
            when: self.when,
            scoring: self.scoring,
            added: self.added,
            ext: self.ext,
            last_placer: self.last_placer,
            follow_ups: self.follow_ups,
            asks: roomy(&self.asks),
            held: roomy(&self.held),
            next: self.next,
            buried: self.buried,
            spare: self.spare,
            chance_seed: self.chance_seed,
            chance_stated: self.chance_stated,
            dealt: roomy(&self.dealt),
            current: self.current,
            scripted: self.scripted,
            hold_final: self.hold_final,
            deal: self.deal,
            hidden: self.hidden,
            fused: self.fused,
            board: self.board.clone(),
            placed: roomy(&self.placed),
            features: self.features.clone(),
            followers: roomy(&self.followers),
            around: self.around,
            stack: roomy(&self.stack),
            discards: roomy(&self.discards),
            aside: roomy(&self.aside),
            extra: roomy(&self.extra),
            interlude: self.interlude,
            drawn: DrawnScan::default(),
            untold: roomy(&self.untold),
            drawn_step: self.drawn_step,
            listed: None,
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
        self.another_part = src.another_part;
        self.when = src.when;
        self.scoring = src.scoring;
        self.added = src.added;
        self.ext = src.ext;
        self.last_placer = src.last_placer;
        self.follow_ups = src.follow_ups;
        self.asks.clone_from(&src.asks);
        self.held.clone_from(&src.held);
        self.next = src.next;
        self.buried = src.buried;
        self.spare = src.spare;
        self.chance_seed = src.chance_seed;
        self.chance_stated = src.chance_stated;
        self.dealt.clone_from(&src.dealt);
        self.current = src.current;
        self.scripted = src.scripted;
        self.hold_final = src.hold_final;
        self.deal = src.deal;
        self.hidden = src.hidden;
        self.fused = src.fused;
        self.board.clone_from(&src.board);
        self.placed.clone_from(&src.placed);
        self.features.clone_from(&src.features);
        self.followers.clone_from(&src.followers);
        self.around = src.around;
        self.stack.clone_from(&src.stack);
        self.discards.clone_from(&src.discards);
        self.aside.clone_from(&src.aside);
        self.extra.clone_from(&src.extra);
        self.interlude = src.interlude;
        self.drawn.forget();
        self.untold.clone_from(&src.untold);
        self.drawn_step = src.drawn_step;
        self.listed = None;
    }
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The ruleset is not for that many players.
    #[error("ruleset {ruleset} is for {min} to {max} players, not {players}")]
    Players {
        /// The ruleset's id.
        ruleset: &'static str,
        /// Its fewest players.
        min: u8,
        /// Its most players.
        max: u8,
        /// How many were asked for.
        players: u8,
    },
    /// A scripted start that the board cannot take.
    #[error("{0}")]
    BadStart(String),
}

/// Why [`Game::force_draw`] refused to choose the tile drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ForceDrawError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No copy of the tile is left face down.
    #[error("no copy of tile {0} is left to draw")]
    NoneLeft(&'static str),
    /// A seeded game draws by itself.
    #[error("only a scripted game (a record without a seed) chooses its turn order, and its tiles only it, a player's view or a determinized game (`Game::view`, `Game::determinize`)")]
    NotScripted,
    /// No tile waits to be placed.
    #[error("no tile is drawn now: in a view or a determinized game, force_draw replaces the tile drawn, while it waits to be placed")]
    NotDrawn,
    /// The rules do not let the tile be drawn now.
    #[error("tile {0} cannot be drawn now (the river's tiles come first, the fork first of them and the lake last; a module may set a tile aside, as the dragon's before it is in play)")]
    NotNow(&'static str),
    /// The modules acted on the tile drawn (`Hook::Drawn`: the Wheel of
    /// Fortune's pig moved by its number), so it can no longer be another.
    #[error("the tile drawn, {0}, has had its effect on the game (the Wheel of Fortune's pig moved): it cannot be another now")]
    ActedOn(&'static str),
    /// The tile fits nowhere.
    #[error("tile {0} fits nowhere: a real draw would discard it and draw again")]
    FitsNowhere(&'static str),
    /// No such player.
    #[error("there is no player {0}")]
    NoSuchPlayer(u8),
    /// No such tile type.
    #[error("there is no tile {0} in this ruleset")]
    NoSuchTile(u16),
    /// The turn is an extra turn a module gave, with its player and its
    /// tile (`Game::extra_turn`): neither is chosen.
    #[error("player {0} plays an extra turn with the tile a module gave them (the bazaar's): its player and its tile are not chosen")]
    ExtraTurn(u8),
    /// More tiles to turn face up at once than a module ever turns.
    #[error("{0} tiles to turn face up: a module turns up at most one per player, and a few set aside on the way")]
    TooMany(usize),
}

impl Game {
    /// A new game: the start tile(s) placed, the rest shuffled by `seed`, and
    /// the first player's tile drawn.
    pub fn new(rules: &'static Ruleset, players: u8, seed: u64) -> Result<Game, SetupError> {
        Self::setup(rules, players, seed, &start_placements(rules), false)
    }

    pub(super) fn setup(
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
            another_part: false,
            when: When::Play,
            scoring: NO_NODE,
            added: NO_NODE,
            ext: Ext::default(),
            last_placer: 0,
            follow_ups: NOT_ANSWERING,
            asks: Vec::new(),
            held: Vec::new(),
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
            around: 0,
            // Room for tiles set aside and shuffled back in.
            stack: Vec::with_capacity(rules.total as usize + 32),
            next: 0,
            buried: 0,
            spare: 0,
            dealt: Vec::new(),
            chance_seed: seed,
            chance_stated: false,
            current: None,
            discards: Vec::with_capacity(8),
            aside: Vec::new(),
            extra: Vec::new(),
            interlude: Interlude::default(),
            scripted,
            hold_final: false,
            deal: Deal::default(),
            hidden: false,
            fused: mechanics::moves_suffice(rules),
            // A tile placed opens at most four cells: the kept scan never
            // grows in play.
            drawn: DrawnScan {
                scan: PlacementScan::with_capacity(3 * rules.total as usize + 8),
                ..DrawnScan::default()
            },
            untold: Vec::new(),
            drawn_step: false,
            listed: None,
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
        for k in FollowerKind::ALL {
            let owner = mechanics::FIGURE_OWNER[k as usize];
            if owner.is_some_and(|m| rules.hooks.plays(m)) {
                figures[k as usize] = k.def().supply;
            }
        }
        self.supply = [[0; FIGURE_KINDS]; MAX_PLAYERS];
        for s in &mut self.supply[..players as usize] {
            *s = figures;
        }
        self.ext = Ext {
            live_hooks: rules.hooks.mask,
            ..Ext::default()
        };
        self.seed = seed;
        self.chance_seed = seed;
        self.dealt.clear();
        self.buried = 0;
        self.spare = 0;
        self.hidden = false;
        self.to_move = 0;
        self.turn = 0;
        self.scores = [0; MAX_PLAYERS];
        self.phase = Phase::Place;
        self.part = 1;
        self.another_part = false;
        self.when = When::Play;
        self.scoring = NO_NODE;
        self.added = NO_NODE;
        self.asks.clear();
        self.held.clear();
        let placed = self.placed.iter().map(|q| (i32::from(q.x), i32::from(q.y)));
        self.board.clear(placed, usize::from(rules.total));
        self.placed.clear();
        self.features.nodes.clear();
        self.followers.clear();
        self.around = 0;
        self.next = 0;
        self.current = None;
        self.discards.clear();
        self.aside.clear();
        self.extra.clear();
        self.interlude = Interlude::default();
        if mechanics::live(self, Hook::Setup) {
            mechanics::setup(self);
        }
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
        let mut untold = std::mem::take(&mut g.untold);
        untold.clear();
        g.begin_turn(&mut untold);
        g.untold = untold;
        Ok(())
    }

    /// Pose a decision to chance (`Ask::CHANCE`): module `mech`'s decision
    /// `decision` with its note `data`. A seeded game deals it as it comes
    /// to it; a scripted one waits to be told it. Like any decision, one
    /// posed while another is answered comes next (`ask`).
    pub(crate) fn ask_chance(&mut self, mech: Mech, decision: u8, data: u16) {
        self.ask(Ask {
            mech,
            player: Ask::CHANCE,
            decision,
            data,
        });
    }

    /// Answer `ask`, the decision at the front of the queue, with `a`
    /// through its module; the decisions the answer poses follow it at
    /// once (`ask`). It stays at the front: the caller removes it.
    pub(crate) fn answer(
        &mut self,
        ask: Ask,
        a: Action,
        events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        self.follow_ups = 0;
        let done = mechanics::act(ask.mech, self, mechanics::At::Ask(ask), a, events);
        self.follow_ups = NOT_ANSWERING;
        done
    }

    /// Whether chance decisions wait to be stated rather than dealt: in a
    /// scripted game, or one told to (`state_chance`).
    #[inline]
    pub(crate) fn states_chance(&self) -> bool {
        self.scripted || self.chance_stated
    }

    /// Answer chance decision `ask` (at the front of the queue) from the
    /// game's chance seed, each answer as likely as its weight
    /// (`Mechanic::odds`). Reproducible: the seed, the outcomes dealt so
    /// far and the board fix it.
    pub(crate) fn deal_chance(&mut self, ask: Ask, events: &mut Vec<ScoreEvent>) {
        use rand::Rng;
        let mut outcomes: Vec<Action> = Vec::new();
        mechanics::answers(ask.mech, self, mechanics::At::Ask(ask), &mut outcomes);
        let weights: Vec<u32> = outcomes
            .iter()
            .map(|&a| mechanics::odds(ask.mech, self, ask, a))
            .collect();
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        let salt =
            (self.dealt.len() as u64) << 40 | u64::from(self.turn) << 20 | self.placed.len() as u64;
        let mut rng = Pcg64Mcg::seed_from_u64(self.chance_seed ^ 0xc4a2_ce5e_ed00_0001 ^ salt);
        let pick = if total == 0 {
            0
        } else {
            rng.random_range(0..total)
        };
        let mut acc = 0u64;
        let chosen = outcomes
            .iter()
            .zip(&weights)
            .find(|(_, &w)| {
                acc += u64::from(w);
                pick < acc
            })
            .or(outcomes.first().zip(weights.first()))
            .map(|(&a, _)| a);
        let Some(a) = chosen else {
            debug_assert!(false, "a module posed {ask:?} to chance with no outcome");
            return;
        };
        let done = self.answer(ask, a, events);
        debug_assert!(
            done.is_ok(),
            "the outcome dealt for {ask:?} is legal: {done:?}"
        );
        self.dealt.push(Dealt {
            ask,
            action: a,
            stated: false,
        });
    }

    /// Another part of this turn follows the current one (the builder's
    /// second tile, River II's volcano lake); a turn has two at most.
    pub(crate) fn take_another_part(&mut self) {
        self.another_part = true;
    }

    /// Pose a decision to `ask.player`; the turn goes on once it and any
    /// others posed are answered. A decision posed while another is being
    /// answered follows from that answer and comes next, before those
    /// already queued, in the order posed: the dragon's six steps are one
    /// move before anything else is asked (000_9deb58b1a7d17d38.txt
    /// L1110-L1112), a round of the Count's asks goes round the table
    /// before the next module's, the Tower's exchange of prisoners is
    /// "immediate" (L1475).
    pub(crate) fn ask(&mut self, ask: Ask) {
        if self.follow_ups != NOT_ANSWERING && !self.asks.is_empty() {
            let at = (1 + usize::from(self.follow_ups)).min(self.asks.len());
            self.asks.insert(at, ask);
            self.follow_ups = (self.follow_ups + 1).min(NOT_ANSWERING - 1);
        } else {
            self.asks.push(ask);
        }
    }

    /// `from` pays `points` to `to` for `paid` (a reason whose points are
    /// paid, `ReasonDef::paid`) and `to` scores them for `got`: two events.
    /// The caller checks that its rules let `from` pay them (a score may go
    /// below 0 only where they say so).
    pub(crate) fn pay(
        &mut self,
        events: &mut Vec<ScoreEvent>,
        from: u8,
        to: u8,
        points: u32,
        (paid, got): (Reason, Reason),
        feature: crate::tables::Kind,
    ) {
        self.pay_out(events, from, points, paid, feature);
        self.add_points(events, ScoreEvent::new(to, points, feature, got));
    }

    /// `from` pays `points` for `paid` (a reason whose points are paid) to
    /// no one: one event (a bid that no other player raised, paid to the
    /// bank, 000_9deb58b1a7d17d38.txt L2420). The caller checks that its
    /// rules let `from` pay them.
    pub(crate) fn pay_out(
        &mut self,
        events: &mut Vec<ScoreEvent>,
        from: u8,
        points: u32,
        paid: Reason,
        feature: crate::tables::Kind,
    ) {
        debug_assert!(paid.def().paid);
        self.scores[from as usize] -= points_i32(points);
        events.push(ScoreEvent {
            when: self.when,
            ..ScoreEvent::new(from, points, feature, paid)
        });
    }

    /// `e.player` gains `e.points`: every gain goes through here, and the
    /// modules on `Hook::Gained` hear of each one.
    pub(crate) fn add_points(&mut self, events: &mut Vec<ScoreEvent>, e: ScoreEvent) {
        let before = self.scores[e.player as usize];
        self.scores[e.player as usize] += points_i32(e.points);
        let e = ScoreEvent {
            when: self.when,
            ..e
        };
        events.push(e);
        if mechanics::live(self, Hook::Gained) {
            mechanics::gained(self, &e, before, events);
        }
    }
}

/// Points as a score counts them: an event's points are far below
/// `i32::MAX` (a game's tiles bound them).
#[inline(always)]
fn points_i32(points: u32) -> i32 {
    points as i32
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
