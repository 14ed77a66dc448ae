//! One module per mechanic, each plugged into the hook points it declares in
//! `codegen/src/attrs.rs` (`MECHANICS`). The generated tables list, per
//! ruleset and per hook, the modules on it in the declared order; the
//! dispatchers below walk that short list with a `match` (no `dyn`, and a
//! ruleset without the hook pays one bit test). The engine's skeleton
//! (`engine/game.rs`) calls the dispatchers and names no expansion.
//!
//! Adding a mechanic: a variant in `vocab::mech::Mech`, its `MechanicDef`
//! with `module` and `hooks`, a module here implementing those hooks, an arm
//! in each dispatcher it declared, and its entry in `IMPLEMENTED` (a test
//! compares it with the declaration).

pub(crate) mod abbey;
pub(crate) mod abbot;
pub(crate) mod barn;
pub(crate) mod big;
pub(crate) mod builder;
pub(crate) mod cathedrals;
pub(crate) mod goods;
pub(crate) mod heretics;
pub(crate) mod inns;
pub(crate) mod king_robber;
pub(crate) mod mayor;
pub(crate) mod pig;
pub(crate) mod pig_herd;
pub(crate) mod river;
pub(crate) mod wagon;

use rand_pcg::Pcg64Mcg;

use crate::engine::features::Node;
use crate::engine::game::Game;
use crate::engine::hidden::Deal;
use crate::engine::types::*;
use crate::tables::{Hook, Mech, Ruleset, Segment, TileType};

/// Every (module, hook) pair the dispatchers below serve: it must equal the
/// compiler's declaration (test `dispatch_matches_declaration`).
pub const IMPLEMENTED: &[(Mech, Hook)] = &[
    (Mech::River, Hook::TileSource),
    (Mech::River, Hook::PlacementFilter),
    (Mech::River, Hook::AfterPlace),
    (Mech::River, Hook::WoodOptions),
    (Mech::River, Hook::PartEnd),
    (Mech::Inns, Hook::FeatureMarks),
    (Mech::Inns, Hook::Value),
    (Mech::Cathedrals, Hook::FeatureMarks),
    (Mech::Cathedrals, Hook::Value),
    (Mech::BigFollower, Hook::Setup),
    (Mech::BigFollower, Hook::WoodOptions),
    (Mech::Goods, Hook::OnScored),
    (Mech::Goods, Hook::GameEnd),
    (Mech::Builder, Hook::Setup),
    (Mech::Builder, Hook::AfterPlace),
    (Mech::Builder, Hook::WoodOptions),
    (Mech::Builder, Hook::PartEnd),
    (Mech::Pig, Hook::Setup),
    (Mech::Pig, Hook::WoodOptions),
    (Mech::Pig, Hook::Value),
    (Mech::PigHerd, Hook::FeatureMarks),
    (Mech::PigHerd, Hook::Value),
    (Mech::Abbot, Hook::Setup),
    (Mech::Abbot, Hook::WoodOptions),
    (Mech::Abbey, Hook::Setup),
    (Mech::Abbey, Hook::Source),
    (Mech::Abbey, Hook::TilesOut),
    (Mech::Mayor, Hook::Setup),
    (Mech::Mayor, Hook::WoodOptions),
    (Mech::Wagon, Hook::Setup),
    (Mech::Wagon, Hook::WoodOptions),
    (Mech::Wagon, Hook::OnScored),
    (Mech::Wagon, Hook::Asks),
    (Mech::Barn, Hook::Setup),
    (Mech::Barn, Hook::WoodOptions),
    (Mech::Barn, Hook::Scoring),
    (Mech::Barn, Hook::GameEnd),
    (Mech::Heretics, Hook::PlacementFilter),
    (Mech::Heretics, Hook::AfterPlace),
    (Mech::Heretics, Hook::OnScored),
    (Mech::KingRobber, Hook::OnScored),
    (Mech::KingRobber, Hook::GameEnd),
];

/// What the mechanics keep between turns: flat and `Copy`, so cloning a
/// game stays a memcpy (a ruleset without them carries zeros).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Ext {
    /// Traders & Builders: each player's tokens of wine, grain, cloth.
    pub goods: [[u8; goods::GOODS]; MAX_PLAYERS],
    /// Traders & Builders: this part's tile extended the active player's
    /// builder's feature (000_9deb58b1a7d17d38.txt L872, fn 9 L1004).
    pub builder_extended: bool,
    /// Abbey & Mayor: the players who have placed their abbey (bit `p`).
    pub abbeys_used: u8,
    /// Abbey & Mayor: the abbey's index among the ruleset's tiles, found
    /// once at setup (asked before every draw).
    pub abbey_tile: Option<u16>,
    /// The end-of-game abbey round: whether it has begun, where it started,
    /// and the players already offered (000_9deb58b1a7d17d38.txt L1602).
    pub abbey_round: abbey::Round,
    /// Abbey & Mayor: where each player's barn stands (000_… L1762).
    pub barns: barn::Barns,
    /// Heretics & Shrines: where the shrines and cloisters lie (the
    /// placement rule, 000_9deb58b1a7d17d38.txt L2068).
    pub monastic: heretics::Monastic,
    /// King & Robber Baron: the King (cities) and the Robber Baron (roads),
    /// their holders, records and counts (000_9deb58b1a7d17d38.txt L2032-L2048).
    pub king: king_robber::Card,
    pub robber_baron: king_robber::Card,
    /// The River: where its open ends are (the placement rule).
    pub river_ends: river::Ends,
    /// Modules whose part of the game is over (bit `Mech as u8`), and the
    /// hooks with a module still playing (bit `Hook::bit`; the ruleset's
    /// hook mask at setup): the skeleton skips the others (`retire`).
    pub retired: u16,
    pub live_hooks: u16,
}

// The live hooks fit the 16 bits kept for them (a game copies `Ext` at
// every clone: it stays small).
const _: () = assert!(Hook::COUNT <= 16);

/// Whether hook `h` has a module still playing in `g` (the ruleset's
/// modules on it, less the retired ones): the skeleton's test before it
/// dispatches a hook.
#[inline(always)]
pub(crate) fn live(g: &Game, h: Hook) -> bool {
    u32::from(g.ext.live_hooks) & h.bit() != 0
}

/// Whether module `m` has retired in `g` (`retire`). Its hooks may stay
/// live for the other modules on them; the dispatchers then pass it over,
/// so a retired module is not asked again either way.
#[inline(always)]
pub(crate) fn retired(g: &Game, m: Mech) -> bool {
    g.ext.retired & (1 << m as u16) != 0
}

/// Module `m` has nothing more to do in this game (the river, once its
/// tiles are down): a hook whose every module is retired is skipped from
/// now on, so a ruleset stops paying for a phase that is over. A module
/// retires only where no rule of it can apply again (a view or a re-dealt
/// game keeps the same tiles, so the same verdict).
pub(crate) fn retire(g: &mut Game, m: Mech) {
    g.ext.retired |= 1 << m as u16;
    let retired = g.ext.retired;
    for h in Hook::ALL {
        let on = g.rules.hooks.on(h);
        if !on.is_empty() && on.iter().all(|&x| retired & (1 << x as u16) != 0) {
            g.ext.live_hooks &= !(h.bit() as u16);
        }
    }
}

/// A decision a module poses to a player after the scoring step (where a
/// wagon goes), answered through the module's `Asks` hook; `data` is the
/// module's own (the feature the wagon left).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ask {
    pub mech: Mech,
    pub player: u8,
    pub decision: Decision,
    pub data: u16,
}

// ----- H1 setup ----------------------------------------------------------

/// Figures beyond the followers: how many of `kind` each player starts with.
pub(crate) fn setup(rules: &Ruleset, supply: &mut [u8; FIGURE_KINDS], ext: &mut Ext) {
    for &m in rules.hooks.on(Hook::Setup) {
        let (kind, n) = match m {
            Mech::Abbey => {
                ext.abbey_tile = abbey::tile(rules);
                continue;
            }
            Mech::BigFollower => big::SETUP,
            Mech::Builder => builder::SETUP,
            Mech::Pig => pig::SETUP,
            Mech::Abbot => abbot::SETUP,
            Mech::Mayor => mayor::SETUP,
            Mech::Wagon => wagon::SETUP,
            Mech::Barn => barn::SETUP,
            _ => continue,
        };
        supply[kind as usize] = n;
    }
}

// ----- H2 tile source ----------------------------------------------------

/// The draw order of `all` (every tile to draw) and the runs it was dealt
/// in (pushed onto `deal`, which a view and `Game::determinize` respect),
/// or `None` to shuffle them as one run.
pub(crate) fn tile_source(
    rules: &Ruleset,
    all: &mut Vec<u16>,
    rng: &mut Pcg64Mcg,
    deal: &mut Deal,
) -> Option<Vec<u16>> {
    for &m in rules.hooks.on(Hook::TileSource) {
        if m == Mech::River {
            return Some(river::stack(rules, std::mem::take(all), rng, deal));
        }
    }
    None
}

/// Whether a module lets the player to move place a tile held instead of
/// drawing (the abbey), so the game asks before it draws.
pub(crate) fn asks_source(g: &Game) -> bool {
    g.rules.hooks.on(Hook::Source).iter().any(|&m| match m {
        Mech::Abbey => abbey::can_place(g),
        _ => false,
    })
}

/// The tile `player` holds to place instead of drawing, if any.
pub(crate) fn held_tile(g: &Game, player: u8) -> Option<u16> {
    for &m in g.rules.hooks.on(Hook::Source) {
        if m == Mech::Abbey && abbey::holds(g, player) {
            return g.ext.abbey_tile;
        }
    }
    None
}

/// The held tiles' placements the player may choose instead of drawing.
pub(crate) fn source_actions(g: &Game, out: &mut Vec<Action>) {
    for &m in g.rules.hooks.on(Hook::Source) {
        if m == Mech::Abbey {
            abbey::actions(g, out);
        }
    }
}

/// Whether a module of `rules` answers the source decision with `a`.
pub(crate) fn offers_source(rules: &Ruleset, a: Action) -> bool {
    rules.hooks.on(Hook::Source).iter().any(|&m| match m {
        Mech::Abbey => matches!(a, Action::Abbey(_)),
        _ => false,
    })
}

/// Place the held tile `a` names (checked by its module; state unchanged on
/// error); the index of the placed tile.
pub(crate) fn take_source(g: &mut Game, a: Action) -> Result<usize, MoveError> {
    match a {
        Action::Abbey(p) => abbey::place(g, p),
        _ => Err(MoveError::Waiting("a tile held instead of drawing")),
    }
}

// ----- H3 placement filter -----------------------------------------------

/// Whether any placement filter looks at tile `t` (so the vectorised
/// placement count cannot be used for it).
#[inline]
pub(crate) fn filters(g: &Game, t: &TileType) -> bool {
    live(g, Hook::PlacementFilter)
        && g.rules
            .hooks
            .on(Hook::PlacementFilter)
            .iter()
            .any(|&m| match m {
                Mech::River => river::is_river(t),
                Mech::Heretics => heretics::filters(g, t),
                _ => false,
            })
}

/// Whether the filters' verdict on tile `t` is the same for its four
/// rotations at a position (the shrines' neighbour rule looks at where the
/// tile lies, not how it is turned; the river's looks at its course), so
/// callers may ask once per position.
#[inline]
pub(crate) fn filters_by_position(rules: &Ruleset, t: &TileType) -> bool {
    rules
        .hooks
        .on(Hook::PlacementFilter)
        .iter()
        .all(|&m| match m {
            Mech::River => !river::is_river(t),
            _ => true,
        })
}

/// Calls `cell` with cells outside which every filter that looks at tile
/// `t` accepts it, and returns true; false when some filter may refuse it
/// anywhere (the river's course), so that each candidate must be asked.
/// Lets a scan ask the filters at a few cells instead of at every open
/// position.
pub(crate) fn refusals_near(g: &Game, t: &TileType, mut cell: impl FnMut(i32, i32)) -> bool {
    let mechs = g.rules.hooks.on(Hook::PlacementFilter);
    if mechs
        .iter()
        .any(|&m| m == Mech::River && river::is_river(t))
    {
        return false;
    }
    mechs.iter().all(|&m| match m {
        Mech::Heretics => heretics::refusals_near(g, t, &mut cell),
        _ => true,
    })
}

/// Calls `cell` with cells outside which the filters refuse tile `t`, and
/// returns true; false when they may accept it anywhere. (A river tile
/// goes only beside the river's open ends.) Lets a scan ask the filters at
/// those few cells and drop every other position unasked.
pub(crate) fn accepted_near(g: &Game, t: &TileType, mut cell: impl FnMut(i32, i32)) -> bool {
    g.rules
        .hooks
        .on(Hook::PlacementFilter)
        .iter()
        .any(|&m| m == Mech::River && river::accepted_near(g, t, &mut cell))
}

/// The filters' verdict on placing `t` at `p` (edges already match).
pub(crate) fn placement_filter(g: &Game, t: &TileType, p: Placement) -> Result<(), MoveError> {
    for &m in g.rules.hooks.on(Hook::PlacementFilter) {
        match m {
            Mech::River if river::is_river(t) && !retired(g, m) => river::check(g, t, p)?,
            Mech::Heretics => heretics::check(g, t, p)?,
            _ => {}
        }
    }
    Ok(())
}

// ----- H4 after place ----------------------------------------------------

/// Tile `idx` is down and its features joined.
pub(crate) fn after_place(g: &mut Game, idx: usize) {
    for &m in g.rules.hooks.on(Hook::AfterPlace) {
        match m {
            Mech::River if !retired(g, m) => river::after_place(g, idx),
            Mech::Builder => builder::after_place(g, idx),
            Mech::Heretics => heretics::after_place(g, idx),
            _ => {}
        }
    }
}

/// The marks segment `seg` gives its feature (`features::MARK_*`).
#[inline]
pub(crate) fn feature_marks(rules: &Ruleset, seg: &Segment) -> u8 {
    let mut marks = 0;
    for &m in rules.hooks.on(Hook::FeatureMarks) {
        marks |= match m {
            Mech::Inns => inns::marks(seg),
            Mech::Cathedrals => cathedrals::marks(seg),
            Mech::PigHerd => pig_herd::marks(seg),
            _ => 0,
        };
    }
    marks
}

// ----- H5 move wood ------------------------------------------------------

/// What the skeleton knows of the spot a figure may go: the tile placed this
/// part, where, and which of its segments' features are occupied.
pub(crate) struct WoodSpot<'a> {
    pub tile: &'a TileType,
    pub p: Placement,
    pub player: u8,
    /// Bit `s`: segment `s` is in a feature with a follower on it.
    pub occupied: u32,
    /// `Game::own_mask`, once a module asked (the builder and the pig both
    /// do).
    pub own: std::cell::Cell<Option<u32>>,
}

/// Where figure choices go: a list of deploys (moves) or of actions.
pub(crate) trait Deploys {
    fn put(&mut self, d: Deploy);
}

impl Deploys for Vec<Option<Deploy>> {
    #[inline]
    fn put(&mut self, d: Deploy) {
        self.push(Some(d));
    }
}

impl Deploys for Vec<Action> {
    #[inline]
    fn put(&mut self, d: Deploy) {
        self.push(Action::Deploy(d));
    }
}

/// Why no figure at all may go onto `tile` (River II's volcano lake), if so.
pub(crate) fn wood_ban(g: &Game, tile: &TileType) -> Option<&'static str> {
    for &m in g.rules.hooks.on(Hook::WoodOptions) {
        if m == Mech::River && !retired(g, m) && river::bans(g, tile) {
            return Some("River II's volcano lake takes no figure");
        }
    }
    None
}

/// Figures other than the normal follower the player may deploy at `w`,
/// appended to `out`.
pub(crate) fn wood_options(g: &Game, w: &WoodSpot, out: &mut impl Deploys) {
    for &m in g.rules.hooks.on(Hook::WoodOptions) {
        match m {
            Mech::BigFollower => big::options(g, w, out),
            Mech::Builder => builder::options(g, w, out),
            Mech::Pig => pig::options(g, w, out),
            Mech::Abbot => abbot::options(g, w, out),
            Mech::Mayor => mayor::options(g, w, out),
            Mech::Wagon => wagon::options(g, w, out),
            _ => {}
        }
    }
}

/// The rules of the module that owns figure `d.kind` for deploying it at `w`.
pub(crate) fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
    match d.kind {
        // The skeleton checks normal followers before asking.
        FollowerKind::Normal => Ok(()),
        FollowerKind::Big => big::check(g, w, d),
        FollowerKind::Builder => builder::check(g, w, d),
        FollowerKind::Pig => pig::check(g, w, d),
        FollowerKind::Abbot => abbot::check(g, w, d),
        FollowerKind::Mayor => mayor::check(g, w, d),
        FollowerKind::Wagon => wagon::check(g, w, d),
        FollowerKind::Barn if g.rules.hooks.on(Hook::WoodOptions).contains(&Mech::Barn) => {
            Err(MoveError::Barn(barn::NOT_A_SEGMENT))
        }
        k @ FollowerKind::Barn => Err(MoveError::NotPlayed(k.name())),
    }
}

/// Whether a module of `rules` answers the wood decision with `a` (an
/// alternative to deploying).
pub(crate) fn offers_alternative(rules: &Ruleset, a: Action) -> bool {
    rules.hooks.on(Hook::WoodOptions).iter().any(|&m| match m {
        Mech::Abbot => a == Action::ReturnAbbot,
        Mech::Barn => matches!(a, Action::Barn(_)),
        _ => false,
    })
}

/// Carry out alternative `a` (checked by its module; state unchanged on error).
pub(crate) fn take_alternative(
    g: &mut Game,
    a: Action,
    events: &mut Vec<ScoreEvent>,
) -> Result<(), MoveError> {
    match a {
        Action::ReturnAbbot => abbot::take_back(g, events),
        Action::Barn(c) => barn::place(g, c),
        _ => Ok(()),
    }
}

/// Alternatives to deploying that the player may take now.
pub(crate) fn wood_alternatives(g: &Game, out: &mut Vec<Action>) {
    for &m in g.rules.hooks.on(Hook::WoodOptions) {
        match m {
            Mech::Abbot if abbot::can_return(g) => out.push(Action::ReturnAbbot),
            Mech::Barn => barn::alternatives(g, out),
            _ => {}
        }
    }
}

/// Whether no module of `rules` poses a decision `apply(Move)` cannot
/// answer: the abbot's return, an optional second tile, the barn.
pub(crate) fn moves_suffice(rules: &Ruleset) -> bool {
    let wood = rules.hooks.on(Hook::WoodOptions);
    let parts = rules.hooks.on(Hook::PartEnd);
    let asks_abbot = wood.contains(&Mech::Abbot);
    let asks_barn = wood.contains(&Mech::Barn);
    let asks_second_tile = parts.contains(&Mech::Builder) && rules.options.builder_optional;
    // A tile held instead of drawing, decisions after scoring.
    let asks_more = rules.hooks.any(Hook::Source) || rules.hooks.any(Hook::Asks);
    !(asks_abbot || asks_barn || asks_second_tile || asks_more)
}

// ----- H6 value ----------------------------------------------------------

/// A feature's worth after the modules' multipliers; `units` are its tiles
/// (cities: plus pennants), `v` the base game's value.
#[inline]
pub(crate) fn value(rules: &Ruleset, node: &Node, reason: Reason, units: u32, v: u32) -> u32 {
    let mut v = v;
    for &m in rules.hooks.on(Hook::Value) {
        v = match m {
            Mech::Inns => inns::value(node, reason, units, v),
            Mech::Cathedrals => cathedrals::value(node, reason, units, v),
            _ => v,
        };
    }
    v
}

/// Extra points for one winner of farm `farm` with `cities` completed cities.
#[inline]
pub(crate) fn farm_bonus(g: &Game, farm: u16, player: u8, cities: u32) -> u32 {
    let mut bonus = 0;
    for &m in g.rules.hooks.on(Hook::Value) {
        bonus += match m {
            Mech::Pig => pig::bonus(g, farm, player, cities),
            Mech::PigHerd => pig_herd::bonus(g, farm, cities),
            _ => 0,
        };
    }
    bonus
}

// ----- H7 on scored ------------------------------------------------------

/// Feature `root` has scored for `reason` (its figures still stand).
pub(crate) fn on_scored(g: &mut Game, root: u16, reason: Reason) {
    for &m in g.rules.hooks.on(Hook::OnScored) {
        match m {
            Mech::Goods => goods::on_scored(g, root, reason),
            Mech::Wagon => wagon::on_scored(g, root, reason),
            Mech::Heretics => heretics::on_scored(g, root, reason),
            Mech::KingRobber => king_robber::on_scored(g, root, reason),
            _ => {}
        }
    }
}

/// The scoring step after the completed features of tile `idx` scored
/// (barns score the farmers of their farm, 000_9deb58b1a7d17d38.txt fn 45
/// L1879). Not inlined: the base game never calls it, and its body in the
/// skeleton's scoring step cost the base game instructions.
#[inline(never)]
pub(crate) fn scoring(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
    for &m in g.rules.hooks.on(Hook::Scoring) {
        if m == Mech::Barn {
            barn::scoring(g, idx, events);
        }
    }
}

/// The legal answers to `ask`, appended to `out`.
pub(crate) fn ask_actions(g: &Game, ask: Ask, out: &mut Vec<Action>) {
    if ask.mech == Mech::Wagon {
        wagon::ask_actions(g, ask, out);
    }
}

/// Answer `ask` with `a` (checked by the module that posed it; state
/// unchanged on error).
pub(crate) fn answer(
    g: &mut Game,
    ask: Ask,
    a: Action,
    events: &mut Vec<ScoreEvent>,
) -> Result<(), MoveError> {
    let _ = events;
    match ask.mech {
        Mech::Wagon => wagon::answer(g, ask, a),
        _ => Err(MoveError::Waiting(ask.decision.name())),
    }
}

/// Figures of `kind` that `player` owns but that are neither on the board
/// nor in the supply: a wagon between leaving its feature and its owner's
/// answer.
pub(crate) fn in_transit(g: &Game, player: u8, kind: FollowerKind) -> u8 {
    if kind == FollowerKind::Wagon && live(g, Hook::Asks) {
        wagon::in_transit(g, player)
    } else {
        0
    }
}

// ----- H8 part end -------------------------------------------------------

/// What follows a turn part, by the modules' say; the strongest wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum NextPart {
    /// The turn ends.
    None,
    /// The player may take another part (the builder, L872 "may").
    Offer,
    /// Another part follows at once (River II's volcano lake).
    Take,
}

/// Whether another part follows the one just ended, and whether the player
/// is asked. A turn has at most two parts ("no chain reaction", L884).
pub(crate) fn part_end(g: &mut Game) -> NextPart {
    let mut next = NextPart::None;
    for &m in g.rules.hooks.on(Hook::PartEnd) {
        next = next.max(match m {
            Mech::Builder => builder::part_end(g),
            Mech::River if !retired(g, m) => river::part_end(g),
            _ => NextPart::None,
        });
    }
    if g.part() > 1 {
        NextPart::None
    } else {
        next
    }
}

/// The tiles are gone: the player who gets an extra turn before the end
/// (the abbey round), if any.
pub(crate) fn tiles_out(g: &mut Game) -> Option<u8> {
    for &m in g.rules.hooks.on(Hook::TilesOut) {
        if m == Mech::Abbey {
            if let Some(p) = abbey::next_in_round(g) {
                return Some(p);
            }
        }
    }
    None
}

// ----- H9 game end -------------------------------------------------------

/// Points at the end beyond the features, after final scoring.
pub(crate) fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
    for &m in g.rules.hooks.on(Hook::GameEnd) {
        match m {
            Mech::Goods => goods::game_end(g, events),
            Mech::Barn => barn::game_end(g, events),
            Mech::KingRobber => king_robber::game_end(g, events),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every hook a mechanic declares has a dispatcher arm here and no
    /// other: the compiler's declaration and the engine's dispatch agree.
    #[test]
    fn dispatch_matches_declaration() {
        let mut declared: Vec<(Mech, Hook)> = crate::generated::MECH_HOOKS.to_vec();
        let mut implemented = IMPLEMENTED.to_vec();
        declared.sort();
        implemented.sort();
        assert_eq!(declared, implemented);
    }
}
