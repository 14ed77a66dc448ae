//! Mechanics as modules. Each module is one file that declares, in its
//! `Mechanic` impl, everything the rest of the program knows of it: its
//! state, the hook points it plugs into, its figures, its actions and
//! decisions, its reasons for points, what it shows, and which modules its
//! hooks must run after. `registry.rs` lists the modules (a line each) and
//! generates the dispatchers below from that list: no `dyn`, and a ruleset
//! without a hook pays one bit test for it.
//!
//! Adding a mechanic: its declaration in `carcassonne_vocab::mech`
//! (name, options), its module here, a line in `registry.rs` (and a line
//! per new figure kind or reason there); docs/design/adding-a-mechanic.md.

pub(crate) mod abbey;
pub(crate) mod abbot;
pub(crate) mod barn;
pub(crate) mod bazaars;
pub(crate) mod big;
pub(crate) mod bridges;
pub(crate) mod builder;
pub(crate) mod castles;
pub(crate) mod catapult;
pub(crate) mod cathedrals;
pub(crate) mod count;
pub(crate) mod crop_circles;
pub(crate) mod dragon;
pub(crate) mod fairy;
pub(crate) mod ferries;
pub(crate) mod flier;
pub(crate) mod gold_mines;
pub(crate) mod goods;
pub(crate) mod heretics;
pub(crate) mod hills_sheep;
pub(crate) mod inns;
pub(crate) mod king_robber;
pub(crate) mod mage_witch;
pub(crate) mod mayor;
pub(crate) mod messages;
pub(crate) mod pig;
pub(crate) mod pig_herd;
pub(crate) mod portal;
pub(crate) mod princess;
pub mod registry;
pub(crate) mod river;
pub(crate) mod robbers;
pub(crate) mod tower;
pub(crate) mod wagon;
pub(crate) mod wheel;

mod hooks;
mod show;

pub use carcassonne_vocab::mech::{Mech, MechSet};
pub use hooks::{Hook, HookMask, Hooks};
pub(crate) use registry::Ext;
pub use registry::{decisions, neutrals, prospects, reasons, show, state_json, verbs};
pub use show::{
    Area, CornerFigure, Figure, FigureCount, HeldFigure, Holding, Neutral, NeutralDef, Section,
    Shown, Tally, TileMark, Trail,
};

#[cfg(test)]
pub(crate) use hooks::retired;
pub(crate) use hooks::{live, retire};
pub(crate) use registry::*;

use crate::engine::game::{Deployed, Game, Held};
use crate::engine::types::*;
use crate::tables::{Ruleset, TileType};

/// A mechanic's module. Every method is a hook with a default that does
/// nothing; a module implements those it lists in `HOOKS` (only those are
/// called), and its `act`/`answers` for the verbs and decisions it
/// declares.
#[allow(unused_variables)]
pub(crate) trait Mechanic {
    /// The hook points it plugs into.
    const HOOKS: &'static [Hook];
    /// Modules whose hooks run before this one's on every hook both plug
    /// into: a declared fact, checked when the order is built
    /// (`registry::ORDER`), never an accident of the list's order.
    const AFTER: &'static [Mech] = &[];
    /// Its figures (kinds listed in `registry.rs`).
    const FIGURES: &'static [FigureDef] = &[];
    /// Its actions: answers to its decisions and alternatives it offers.
    const VERBS: &'static [VerbDef] = &[];
    /// The decisions it poses (`Game::ask`).
    const DECISIONS: &'static [DecisionDef] = &[];
    /// Its reasons for points (listed in `registry.rs`).
    const REASONS: &'static [ReasonDef] = &[];
    /// The neutral figures it shows on the board.
    const NEUTRALS: &'static [NeutralDef] = &[];
    /// What it keeps for a game: flat and `Copy`, so cloning a game stays a
    /// copy (`Game::ext`, field named after the module).
    type State: Copy + Default + std::fmt::Debug + PartialEq + Eq;

    /// `Hook::Setup`: the game is being set up (state, tiles to know).
    fn setup(g: &mut Game) {}
    /// `Hook::TileSource`: the draw order of `all`, and the runs it was
    /// dealt in, or `None` to leave it to the others.
    fn deal(
        rules: &Ruleset,
        all: &mut Vec<u16>,
        rng: &mut rand_pcg::Pcg64Mcg,
        deal: &mut crate::engine::hidden::Deal,
    ) -> Option<Vec<u16>> {
        None
    }
    /// `Hook::TurnStart`: a player's turn begins (not a second part).
    fn turn_start(g: &mut Game, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::Source`: the tile `player` holds to place instead of drawing.
    fn held_tile(g: &Game, player: u8) -> Option<u16> {
        None
    }
    /// `Hook::Draw`: tile `t` was drawn; whether it is set aside instead.
    fn sets_aside(g: &Game, t: u16) -> bool {
        false
    }
    /// `Hook::Drawn`: tile `t` was drawn (not set aside), before anyone
    /// considers where it fits; it may score and pose decisions.
    fn drawn(g: &mut Game, t: u16, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::PlacementFilter`: whether it looks at tile `t` now.
    fn filters(g: &Game, t: &TileType) -> bool {
        false
    }
    /// Whether its verdict on `t` is the same for all four rotations.
    fn filters_by_position(rules: &Ruleset, t: &TileType) -> bool {
        true
    }
    /// Calls `cell` with the cells outside which it accepts `t`; false when
    /// it may refuse anywhere.
    fn refusals_near(g: &Game, t: &TileType, cell: &mut dyn FnMut(i32, i32)) -> bool {
        true
    }
    /// Calls `cell` with the cells outside which it refuses `t`; false when
    /// it may accept anywhere.
    fn accepted_near(g: &Game, t: &TileType, cell: &mut dyn FnMut(i32, i32)) -> bool {
        false
    }
    /// Its verdict on placing `t` at `p` (edges already match).
    fn check_placement(g: &Game, t: &TileType, p: Placement) -> Result<(), MoveError> {
        Ok(())
    }
    /// `Hook::Enables`: whether it may make placements of the current tile
    /// legal now (so the placements are listed with its own).
    fn enabling(g: &Game) -> bool {
        false
    }
    /// `Hook::Enables`: calls `found` with each placement of `t` that the
    /// edges refuse and it makes legal (open positions only).
    fn enabled(g: &Game, t: &TileType, found: &mut dyn FnMut(Placement)) {}
    /// `Hook::Enables`: whether it makes placing `t` at `p` legal though
    /// the edges refuse it.
    fn enables(g: &Game, t: &TileType, p: Placement) -> bool {
        false
    }
    /// `Hook::FeatureMarks`: marks segment `seg` gives its feature.
    fn marks(seg: &crate::tables::Segment) -> u8 {
        0
    }
    /// `Hook::AfterPlace`: tile `idx` is down and its features joined.
    fn after_place(g: &mut Game, idx: usize) {}
    /// `Hook::AfterPlace`: whether placing tile `t` at `p` now would pose
    /// a decision before the figure step (where a gold mine's second bar
    /// goes). Such a placement is no move (`Game::legal_moves`,
    /// `Game::check`): it is played with actions, the decision answered
    /// between the placement and the figure.
    fn asks_after_place(g: &Game, t: &TileType, p: Placement) -> bool {
        false
    }
    /// `Hook::Ban`: why no figure may be put now on tile `t`: placed tile
    /// `placed`, or (`None`) a tile about to be placed.
    fn ban(g: &Game, t: &TileType, placed: Option<u16>) -> Option<&'static str> {
        None
    }
    /// `Hook::Ban` of every placed tile at once, for a walk over the
    /// board that would ask `ban` tile by tile (the mage's and the portal's
    /// places): the one placed tile it refuses now, if any
    /// (`PlacedBan::AtMost`), or `PlacedBan::Each` to be asked of each. It
    /// must agree with `ban(g, tile of idx, Some(idx))` for every placed
    /// tile `idx`.
    fn placed_ban(g: &Game) -> PlacedBan {
        PlacedBan::Each
    }
    /// `Hook::WoodOptions`: its figures the player may deploy at `w`.
    /// (Its alternatives to deploying are its `answers` at `At::Wood`,
    /// under `Hook::WoodAnswers`.)
    fn wood_options<S: Sink + ?Sized>(g: &Game, w: &WoodSpot, out: &mut S) {}
    /// `Hook::WoodAnswers`, at the figure step of tile `idx`: why its
    /// answers are the only ones allowed now, if they are (the princess
    /// under `must`).
    fn compels(g: &Game, idx: u16) -> Option<&'static str> {
        None
    }
    /// Its rules for deploying its figure `d` at `w` (the skeleton has
    /// checked the segment, the supply and the bans).
    fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
        Ok(())
    }
    /// `Hook::SegmentAdded`: segment node `node`, added to placed tile
    /// `idx` by a module, is joined to the features it meets.
    fn segment_added(g: &mut Game, idx: usize, node: u16) {}
    /// `Hook::AfterWood`: the figure step of tile `idx` is over, before
    /// scoring.
    fn after_wood(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::BeforeScore`: the decisions after the figure step of tile
    /// `idx` are answered; its completed features are about to score.
    fn before_score(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::Value`: a feature's worth after its multipliers.
    fn value(node: &crate::engine::features::Node, reason: Reason, units: u32, v: u32) -> u32 {
        v
    }
    /// `Hook::Value`: the worth `v` of the feature rooted at `root`, scored
    /// for `reason` (its multipliers and bonuses counted), with what stands
    /// on it now: a neutral figure on the feature adds to it or cuts it
    /// (the mage, the witch). Runs last, in the modules' order.
    fn worth(g: &Game, root: u16, reason: Reason, v: u32) -> u32 {
        v
    }
    /// Extra points for winner `player` of farm `farm`.
    fn farm_bonus(g: &Game, farm: u16, player: u8, cities: u32) -> u32 {
        0
    }
    /// Points the feature rooted at `root`, scored for `reason`, is worth
    /// beyond its own tiles, from what lies around it (vineyards beside a
    /// completed cloister).
    fn feature_bonus(g: &Game, root: u16, reason: Reason) -> u32 {
        0
    }
    /// `Hook::Majority`: `tied` (bit `p` for player `p`) have the most
    /// strength on the feature rooted at `root`; those of them who win it.
    /// An empty answer leaves the tie as it is.
    fn break_tie(g: &Game, root: u16, tied: u8) -> u8 {
        tied
    }
    /// `Hook::OnScored`: feature `root` scored; its figures still stand.
    /// No module takes a figure of `root` away here (they leave after
    /// every module has had its say: `Game::remove` checks).
    fn on_scored(g: &mut Game, root: u16, reason: Reason, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::OnRemoved`: figure `f` left the board (`why`).
    fn on_removed(g: &mut Game, f: Deployed, why: Why, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::TileCleared`: module `by` sent every figure standing on
    /// placed tile `tile` away (the dragon's meal); the module's own figure
    /// standing there goes too if it is of those that go.
    fn tile_cleared(g: &mut Game, tile: u16, by: Mech, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::Scoring`: the completed features of tile `idx` scored.
    fn scoring(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::Scoring`: calls `found` with the root of each feature its
    /// `scoring` will score in this part of tile `idx`, asked before the
    /// part's scoring begins (a barn's farm: followers may be sent out of
    /// the City of Carcassonne onto it first, 000_9deb58b1a7d17d38.txt
    /// fn 26 L2169).
    fn scores_in_part(g: &Game, idx: usize, found: &mut dyn FnMut(u16)) {}
    /// `Hook::AfterScore`: the part's scoring is over.
    fn after_score(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::PartEnd`: whether another part follows.
    fn part_end(g: &mut Game) -> NextPart {
        NextPart::None
    }
    /// `Hook::TurnEnd`: the turn is over.
    fn turn_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::TilesOut`: the player who gets an extra turn before the end.
    fn tiles_out(g: &mut Game) -> Option<u8> {
        None
    }
    /// `Hook::BeforeFinal`: the tiles and extra turns are over; decisions
    /// posed here (`Game::ask`) are answered before the final scoring.
    fn before_final(g: &mut Game, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::CityPlaces`: calls `place(k, extra)` with a number `k`
    /// (0-15, one per place) for each of its places off the board that
    /// counts as a completed city bordering farm `farm`, worth `extra`
    /// points more than a city to every farm scoring (a castle: 1,
    /// 000_9deb58b1a7d17d38.txt L2517); with `None`, for each place that
    /// counts in the number of completed cities (the King's, fn 38 L2179;
    /// a castle does not, fn 37 L2180).
    fn city_places(g: &Game, farm: Option<u16>, place: &mut dyn FnMut(u16, u32)) {}
    /// `Hook::GameEnd`: points after the final scoring.
    fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::Gained`: `e.player` gained `e.points` (recorded in `events`
    /// already), their score having been `before`. It may not pose
    /// decisions here (a gain comes at any step, the final scoring too):
    /// it notes what it needs and acts on a later hook. Points it gives
    /// here come back through this hook.
    fn gained(g: &mut Game, e: &ScoreEvent, before: i32, events: &mut Vec<ScoreEvent>) {}
    /// `Hook::Links`: calls `join(a, b)` for each join it keeps between
    /// feature nodes `a` and `b` besides the tiles' sides (a ferry's two
    /// road ends): what `Game::rebuild_features` joins again.
    fn links(g: &Game, join: &mut dyn FnMut(u16, u16)) {}
    /// `Hook::Links`: calls `found` with nodes whose features its moves in
    /// this part of tile `idx` may have closed though the tile's segments
    /// are not part of them (a road a moved ferry completed, L83): the
    /// part's scoring looks at them with the tile's own.
    fn closed(g: &Game, idx: usize, found: &mut dyn FnMut(u16)) {}
    /// Its answers at `at`: the alternatives it offers to deploying, its
    /// tiles held instead of drawing, or the answers to its decision.
    fn answers<S: Sink + ?Sized>(g: &Game, at: At, out: &mut S) {}
    /// Carry out `a`, one of its answers at `at` (checked: nothing changes
    /// on error).
    fn act(g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
        Err(MoveError::Waiting("another decision"))
    }
    /// For a decision it posed to chance (`Game::ask_chance`): the weight of
    /// its answer `a`, one of those `answers` lists; a seeded game deals an
    /// answer with probability weight / total (a token drawn from a bag:
    /// how many such tokens the bag holds).
    fn odds(g: &Game, ask: Ask, a: Action) -> u32 {
        1
    }
    /// Points `player` may count on from what the module keeps for them and
    /// the final scoring does not pay (a flock that a later tile may herd):
    /// what a bot weighs while tiles remain. Never part of any score.
    fn prospects(g: &Game, player: u8) -> u32 {
        0
    }
    /// For bots: its advice on decision `ask` it posed, given `worth(p,
    /// t)`, a bot's estimate in points of what placing tile `t` now would
    /// bring player `p` (its best placement): a bazaar's bids value a tile
    /// by its worth to the bidder and to the others. `None`: the bot judges
    /// the decision as any other.
    fn advice(g: &Game, ask: Ask, worth: &mut dyn FnMut(u8, u16) -> i64) -> Option<Action> {
        None
    }
    /// Whether `apply(Move)` answers every decision it poses in `rules`.
    fn moves_suffice(rules: &Ruleset) -> bool {
        Self::VERBS.is_empty() && Self::DECISIONS.is_empty()
    }
    /// Whether figure `h` it holds comes back to its owner's supply in the
    /// course of play without its owner giving anything for it (a wagon on
    /// its way, a follower in the City of Carcassonne), unlike a prisoner
    /// or a follower on top of a tower: the bots value only those as kept.
    fn held_comes_back(h: &Held) -> bool {
        true
    }
    /// Whether something landing on placed tile `tile` (a catapult token,
    /// 000_9deb58b1a7d17d38.txt L2271-L2276) reaches figure `h` it holds:
    /// "followers on the tiles corresponding to ... the City of Carcassonne,
    /// and Wheel of Fortune can be hit" (fn 4 L2327), so the City's module
    /// names its quarters' tile and the Wheel's the cells of a crown space.
    /// `false`, the default: out of such reach (a prisoner in front of its
    /// captor, L1463; a wagon on its way; a follower in a castle; a
    /// follower on top of a tower, which leaves it only for the dragon or
    /// another tower, L1469).
    fn held_on_table(g: &Game, h: &Held, tile: u16) -> bool {
        false
    }
    /// Points it expects what it holds for `player` to bring beyond the
    /// final scoring (a castle waiting for its fief): an estimate for the
    /// bots' judgement of a position, never scored.
    fn outlook(g: &Game, player: u8) -> u32 {
        0
    }
    /// What it shows of `g` beyond figures on segments.
    fn show(g: &Game, out: &mut Shown) {}
    /// Its public state as JSON fields (the `serve` protocol's game state).
    fn state_json(g: &Game, out: &mut serde_json::Map<String, serde_json::Value>) {}
}

/// Where a module's answers are asked: the figure step of tile `placed`,
/// the tile source, or a decision it posed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    Wood(u16),
    Source,
    Ask(Ask),
}

/// A decision a module poses to a player (`Game::ask`), or to chance
/// (`Game::ask_chance`: `player` is `Ask::CHANCE`): answered through the
/// module's `answers` and `act`; `data` is the module's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ask {
    pub mech: Mech,
    pub player: u8,
    /// Index into the module's `DECISIONS`.
    pub decision: u8,
    pub data: u16,
}

impl Ask {
    /// `player` of a decision chance answers: a seeded game deals the
    /// answer from its seed, a scripted one waits to be told it
    /// (`Actor::Chance`).
    pub const CHANCE: u8 = u8::MAX;

    pub fn decision(&self) -> Decision {
        Decision::Module {
            mech: self.mech,
            code: self.decision,
        }
    }

    /// Whether chance answers it.
    #[inline]
    pub fn by_chance(&self) -> bool {
        self.player == Self::CHANCE
    }

    /// Who answers it.
    pub fn actor(&self) -> Actor {
        if self.by_chance() {
            Actor::Chance
        } else {
            Actor::Player(self.player)
        }
    }
}

/// Why a figure left the board (`Game::remove`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Its feature scored for this reason.
    Scored(Reason),
    /// A module's rule took it (the dragon ate it, the princess sent it
    /// home, a challenge was lost).
    By(Mech),
    /// Its owner's last follower beside it left (the builder, the pig).
    Alone,
}

/// What follows a turn part, by the modules' say; the strongest wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum NextPart {
    /// The turn ends.
    None,
    /// Another part follows (River II's volcano lake, the builder).
    Take,
}

/// What a module's ban says of the placed tiles (`Mechanic::placed_ban`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PlacedBan {
    /// No figure goes onto this placed tile now, if any; onto every other
    /// it does not refuse one.
    AtMost(Option<u16>),
    /// Its ban must be asked of each tile.
    Each,
}

/// The placed tiles no figure may go onto now, read once for a walk over
/// every tile (`Game::bans`): the modules' `placed_ban`, or, where one of
/// them cannot say, each tile asked (`Game::banned`).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Bans {
    tiles: [u16; 4],
    n: u8,
    each: bool,
}

impl Bans {
    pub(crate) fn add(&mut self, b: PlacedBan) {
        match b {
            PlacedBan::AtMost(None) => {}
            PlacedBan::AtMost(Some(t)) if usize::from(self.n) < self.tiles.len() => {
                self.tiles[usize::from(self.n)] = t;
                self.n += 1;
            }
            _ => self.each = true,
        }
    }

    /// Whether no figure may go onto placed tile `idx` of `g` now.
    #[inline]
    pub(crate) fn banned(&self, g: &Game, idx: usize) -> bool {
        if self.each {
            return g.banned(idx);
        }
        let banned = self.tiles[..usize::from(self.n)]
            .iter()
            .any(|&t| usize::from(t) == idx);
        // The modules' promise (`Mechanic::placed_ban`), checked wherever
        // debug assertions are on (the test builds' games).
        debug_assert_eq!(
            banned,
            g.banned(idx),
            "placed_ban disagrees with ban on placed tile {idx}"
        );
        banned
    }
}

/// Where answers go: a list, or a counter that stops early.
pub trait Sink {
    /// Take `a`, an answer listed once; `false` once no more is wanted.
    fn put(&mut self, a: Action) -> bool;
    /// Take `a`, an answer naming a figure's spot, which another figure's
    /// may name again: two followers of one player and kind may stand on one
    /// segment (a crop circle's addition, a flier's landing), and an answer
    /// naming that spot names either. A list keeps it once.
    fn put_once(&mut self, a: Action) -> bool {
        self.put(a)
    }
}

/// Answers listed as they come: a module lists each of its answers once,
/// so the list is not searched on every `put` (a decision may have hundreds:
/// the mage's and the portal's), only on `put_once`, whose answers are few.
impl Sink for Vec<Action> {
    #[inline]
    fn put(&mut self, a: Action) -> bool {
        self.push(a);
        true
    }
    #[inline]
    fn put_once(&mut self, a: Action) -> bool {
        if !self.contains(&a) {
            self.push(a);
        }
        true
    }
}

/// The figure choices as a list of deploys (moves).
impl Sink for Vec<Option<Deploy>> {
    #[inline]
    fn put(&mut self, a: Action) -> bool {
        if let Action::Deploy(d) = a {
            self.push(Some(d));
        }
        true
    }
}

/// Counts distinct answers up to two, keeping the first: whether a decision
/// has a choice at all (an answer listed twice, for two like followers on
/// one segment, is one choice).
#[derive(Debug, Default)]
pub(crate) struct FirstTwo {
    pub n: usize,
    pub first: Option<Action>,
}

impl Sink for FirstTwo {
    fn put(&mut self, a: Action) -> bool {
        if self.first == Some(a) {
            return true;
        }
        self.n += 1;
        self.first.get_or_insert(a);
        self.n < 2
    }
}

/// Whether one answer is among those listed (a module checking an action
/// against its own answers without listing them all).
pub(crate) struct Contains {
    pub want: Action,
    pub found: bool,
}

/// Whether `want` is among the answers `list` puts: at once for the action
/// a caller listed for this very state and is applying (`Game::apply_listed_action`: the
/// benchmark's and the Python package's games, which answer only from the
/// list they just made), by listing them otherwise and in debug builds.
/// A module's `act` asks this rather than `Contains::among` where its
/// answers are many to list.
pub(crate) fn listed(g: &Game, want: Action, list: impl FnOnce(&mut Contains)) -> bool {
    if g.listed == Some(want) && !cfg!(debug_assertions) {
        return true;
    }
    Contains::among(want, list)
}

impl Contains {
    /// Whether `list`, given a sink, puts `want` in it.
    pub fn among(want: Action, list: impl FnOnce(&mut Contains)) -> bool {
        let mut c = Contains { want, found: false };
        list(&mut c);
        c.found
    }
}

impl Sink for Contains {
    fn put(&mut self, a: Action) -> bool {
        self.found |= a == self.want;
        !self.found
    }
}

/// What the skeleton knows of the spot a figure may go: the tile placed this
/// part, where, and which of its segments' features are occupied.
pub(crate) struct WoodSpot<'a> {
    pub tile: &'a TileType,
    /// The segments a figure may take: the tile's printed ones, then, on
    /// the tile of this figure step, the one a module added to it
    /// (`Game::segments_at`): an ordinary segment of the tile for every
    /// figure (a bridge is a road of its tile, 000_9deb58b1a7d17d38.txt
    /// L2469, L2476, fn 17 L2584).
    pub segments: &'a [crate::tables::Segment],
    pub p: Placement,
    pub player: u8,
    /// Bit `s`: segment `s` is in a feature with a follower on it.
    pub occupied: u32,
    /// `Game::own_mask`, once a module asked (the builder and the pig both
    /// do).
    pub own: std::cell::Cell<Option<u32>>,
}

/// Each segment of `w`'s tile a figure of `kind` may take by the common
/// rules (its feature kinds, unoccupied), as a deploy.
pub(crate) fn free_spots<S: Sink + ?Sized>(
    g: &Game,
    w: &WoodSpot,
    kind: FollowerKind,
    out: &mut S,
) {
    if g.figures(w.player, kind) == 0 {
        return;
    }
    for (s, seg) in w.segments.iter().enumerate() {
        if g.may_stand(kind, seg.kind) && w.occupied & (1 << s) == 0 {
            out.put(Action::Deploy(Deploy {
                segment: s as u8,
                kind,
            }));
        }
    }
}

/// The common rules for a figure of `d.kind` at `w`: its feature kinds,
/// unoccupied.
pub(crate) fn check_free_spot(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
    let kind = w.segments[d.segment as usize].kind;
    if !g.may_stand(d.kind, kind) {
        return Err(match (d.kind, kind) {
            (_, crate::tables::Kind::Field) if !g.rules().options.farmers() => MoveError::NoFarmers,
            (FollowerKind::Normal | FollowerKind::Big, k) => MoveError::NotClaimable(k.name()),
            (k, f) => MoveError::WrongFeature {
                figure: k.name(),
                feature: f.name(),
            },
        });
    }
    if w.occupied & (1 << d.segment) != 0 {
        return Err(MoveError::Occupied);
    }
    Ok(())
}
