//! The registry: every module, figure kind and reason for points, a line
//! each, and what is generated from those lists: the modules' state in a
//! game (`Ext`), the tables of figures and reasons, the modules' order on
//! the hooks, and one dispatcher per hook.

use super::hooks::{ranked, Hook};
use super::{At, Mech, MechSet, Mechanic, NextPart, Shown, Sink, Why, WoodSpot};
use crate::engine::features::Node;
use crate::engine::game::{Deployed, Game};
use crate::engine::hidden::Deal;
use crate::engine::types::*;
use crate::tables::{Ruleset, Segment, TileType};
use carcassonne_vocab::mech::MECH_COUNT;

/// The skeleton's own figure: the follower (000_9deb58b1a7d17d38.txt L102).
pub(crate) const NORMAL: FigureDef = FigureDef {
    kind: FollowerKind::Normal,
    name: "normal",
    label: "follower",
    supply: 0,
    strength: 1,
    follower: true,
    occupies: true,
    on_tile: true,
    stands_on: kinds(&[
        crate::tables::Kind::City,
        crate::tables::Kind::Road,
        crate::tables::Kind::Field,
        crate::tables::Kind::Cloister,
        crate::tables::Kind::Shrine,
    ]),
    svg: None,
};

/// The skeleton's own reasons: a feature completed, the final scoring.
const SKELETON_REASONS: [ReasonDef; 2] = [
    ReasonDef {
        reason: Reason::Completed,
        name: "completed",
        as_final: false,
        paid: false,
    },
    ReasonDef {
        reason: Reason::Final,
        name: "final",
        as_final: true,
        paid: false,
    },
];

/// The ids of modules' places that count as completed cities
/// (`city_places`), above any feature node a game can have: 16 per module.
pub(crate) const PLACE_IDS: u16 = 0xFC00;
const _: () = assert!(PLACE_IDS as usize + 16 * MECH_COUNT <= u16::MAX as usize);

/// Walks the modules on hook `$hook` still playing in `$g`, in order.
macro_rules! each {
    ($g:expr, $hook:expr, |$m:ident| $body:expr) => {{
        let mut bits = $g.rules.hooks.by_hook[$hook as usize] & !$g.ext.retired;
        while bits != 0 {
            let $m = ORDER_BY_BIT[bits.trailing_zeros() as usize & 63];
            bits &= bits - 1;
            $body
        }
    }};
}

macro_rules! registry {
    (
        modules { $($m:ident : $T:ident),* $(,)? }
        figures { $($F:ident),* $(,)? }
        reasons { $($R:ident),* $(,)? }
    ) => {
        /// What the modules keep in a game, one field per module (named
        /// after it), and which modules and hooks are still playing. Flat
        /// and `Copy`: cloning a game stays a copy.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
        pub(crate) struct Ext {
            $(pub(crate) $m: <super::$m::$T as Mechanic>::State,)*
            /// Modules whose part of the game is over (bits of their rank).
            pub(crate) retired: u64,
            /// Hooks with a module still playing (`Hook::bit`).
            pub(crate) live_hooks: super::hooks::HookMask,
        }

        /// A figure a player deploys: the follower, and the modules'.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum FollowerKind {
            $($F),*
        }

        /// How many kinds of figure there are (`FollowerKind as usize` indexes).
        pub const FIGURE_KINDS: usize = [$(stringify!($F)),*].len();

        impl FollowerKind {
            pub const ALL: [FollowerKind; FIGURE_KINDS] = [$(FollowerKind::$F),*];
        }

        /// Why points are scored.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Reason {
            $($R),*
        }

        const REASON_COUNT: usize = [$(stringify!($R)),*].len();

        impl Reason {
            pub const ALL: [Reason; REASON_COUNT] = [$(Reason::$R),*];
        }

        /// The mechanics with a module.
        pub const IMPLEMENTED: MechSet = 0 $(| Mech::$T.bit())*;

        /// The hooks module `m` declares.
        pub const fn hooks_of(m: Mech) -> super::hooks::HookMask {
            match m {
                $(Mech::$T => Hook::mask(<super::$m::$T as Mechanic>::HOOKS),)*
            }
        }

        /// The modules whose hooks run before `m`'s.
        const fn after(m: Mech) -> &'static [Mech] {
            match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::AFTER,)*
            }
        }

        /// Module `m`'s actions.
        pub fn verbs(m: Mech) -> &'static [VerbDef] {
            match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::VERBS,)*
            }
        }

        /// Module `m`'s neutral figures.
        pub fn neutrals(m: Mech) -> &'static [super::NeutralDef] {
            match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::NEUTRALS,)*
            }
        }

        /// Module `m`'s reasons for points.
        pub fn reasons(m: Mech) -> &'static [ReasonDef] {
            match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::REASONS,)*
            }
        }

        /// Module `m`'s decisions.
        pub fn decisions(m: Mech) -> &'static [DecisionDef] {
            match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::DECISIONS,)*
            }
        }

        /// Every figure kind's declaration, indexed by kind.
        const FIGURE_DEFS: [FigureDef; FIGURE_KINDS] = {
            let mut t: [Option<FigureDef>; FIGURE_KINDS] = [None; FIGURE_KINDS];
            t[FollowerKind::Normal as usize] = Some(NORMAL);
            $(
                let f = <super::$m::$T as Mechanic>::FIGURES;
                let mut i = 0;
                while i < f.len() {
                    assert!(t[f[i].kind as usize].is_none(), "a figure kind declared twice");
                    t[f[i].kind as usize] = Some(f[i]);
                    i += 1;
                }
            )*
            let mut out = [NORMAL; FIGURE_KINDS];
            let mut k = 0;
            while k < FIGURE_KINDS {
                match t[k] {
                    Some(d) => out[k] = d,
                    None => panic!("a figure kind without a declaration"),
                }
                k += 1;
            }
            out
        };

        /// The module that plays each figure kind (`None`: the skeleton's).
        pub(crate) static FIGURE_OWNER: [Option<Mech>; FIGURE_KINDS] = {
            let mut owner: [Option<Mech>; FIGURE_KINDS] = [None; FIGURE_KINDS];
            $(
                let f = <super::$m::$T as Mechanic>::FIGURES;
                let mut i = 0;
                while i < f.len() {
                    owner[f[i].kind as usize] = Some(Mech::$T);
                    i += 1;
                }
            )*
            owner
        };

        /// Every reason's declaration, indexed by reason.
        const REASON_DEFS: [ReasonDef; REASON_COUNT] = {
            let mut t: [Option<ReasonDef>; REASON_COUNT] = [None; REASON_COUNT];
            t[Reason::Completed as usize] = Some(SKELETON_REASONS[0]);
            t[Reason::Final as usize] = Some(SKELETON_REASONS[1]);
            $(
                let r = <super::$m::$T as Mechanic>::REASONS;
                let mut i = 0;
                while i < r.len() {
                    assert!(t[r[i].reason as usize].is_none(), "a reason declared twice");
                    t[r[i].reason as usize] = Some(r[i]);
                    i += 1;
                }
            )*
            let mut out = [SKELETON_REASONS[0]; REASON_COUNT];
            let mut k = 0;
            while k < REASON_COUNT {
                match t[k] {
                    Some(d) => out[k] = d,
                    None => panic!("a reason without a declaration"),
                }
                k += 1;
            }
            out
        };

        // ----- the dispatchers, one per hook ---------------------------

        /// `Hook::Setup`, for every module of the ruleset.
        pub(crate) fn setup(g: &mut Game) {
            each!(g, Hook::Setup, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::setup(g),)*
            });
        }

        /// `Hook::TileSource`: the draw order of `all`, or `None` to shuffle
        /// them as one run.
        pub(crate) fn tile_source(
            rules: &Ruleset,
            all: &mut Vec<u16>,
            rng: &mut rand_pcg::Pcg64Mcg,
            deal: &mut Deal,
        ) -> Option<Vec<u16>> {
            for m in rules.hooks.on(Hook::TileSource) {
                let stack = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::deal(rules, all, rng, deal),)*
                };
                if stack.is_some() {
                    return stack;
                }
            }
            None
        }

        pub(crate) fn turn_start(g: &mut Game, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::TurnStart, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::turn_start(g, events),)*
            });
        }

        /// The tile `player` holds to place instead of drawing, if any.
        pub(crate) fn held_tile(g: &Game, player: u8) -> Option<u16> {
            each!(g, Hook::Source, |m| {
                let held = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::held_tile(g, player),)*
                };
                if held.is_some() {
                    return held;
                }
            });
            None
        }

        /// Whether held figure `h` comes back to its owner in the course of
        /// play (`Mechanic::held_comes_back`).
        pub(crate) fn held_comes_back(h: &crate::engine::game::Held) -> bool {
            match h.by {
                $(Mech::$T => <super::$m::$T as Mechanic>::held_comes_back(h),)*
            }
        }

        /// Whether something landing on placed tile `tile` reaches held
        /// figure `h` (`Mechanic::held_on_table`).
        pub(crate) fn held_on_table(g: &Game, h: &crate::engine::game::Held, tile: u16) -> bool {
            match h.by {
                $(Mech::$T => <super::$m::$T as Mechanic>::held_on_table(g, h, tile),)*
            }
        }

        /// Whether a module sets drawn tile `t` aside.
        pub(crate) fn sets_aside(g: &Game, t: u16) -> Option<Mech> {
            each!(g, Hook::Draw, |m| {
                let aside = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::sets_aside(g, t),)*
                };
                if aside {
                    return Some(m);
                }
            });
            None
        }

        /// `Hook::Drawn`: tile `t` was drawn, before its placement is
        /// considered.
        pub(crate) fn drawn(g: &mut Game, t: u16, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::Drawn, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::drawn(g, t, events),)*
            });
        }

        /// Whether any placement filter looks at tile `t`, or a module may
        /// make placements legal that the edges refuse (`Hook::Enables`): so
        /// the vectorised placement count cannot be used for it.
        #[inline(always)]
        pub(crate) fn filters(g: &Game, t: &TileType) -> bool {
            const LOOKS: super::hooks::HookMask = Hook::PlacementFilter.bit() | Hook::Enables.bit();
            g.ext.live_hooks & LOOKS != 0 && filters_looking(g, t)
        }

        #[inline(never)]
        fn filters_looking(g: &Game, t: &TileType) -> bool {
            filtering(g, t) || enabling(g)
        }

        /// Whether a placement filter looks at tile `t` now
        /// (`Mechanic::filters`): where none does, every filter accepts
        /// it, so its placements need no verdict.
        pub(crate) fn filtering(g: &Game, t: &TileType) -> bool {
            each!(g, Hook::PlacementFilter, |m| {
                let f = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::filters(g, t),)*
                };
                if f {
                    return true;
                }
            });
            false
        }

        /// Whether a module may make placements legal now that the edges
        /// refuse (`Hook::Enables`).
        pub(crate) fn enabling(g: &Game) -> bool {
            each!(g, Hook::Enables, |m| {
                let e = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::enabling(g),)*
                };
                if e {
                    return true;
                }
            });
            false
        }

        /// Calls `found` with each placement of `t` the edges refuse and a
        /// module makes legal.
        pub(crate) fn enabled(g: &Game, t: &TileType, found: &mut dyn FnMut(Placement)) {
            each!(g, Hook::Enables, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::enabled(g, t, found),)*
            });
        }

        /// Whether a module makes placing `t` at `p` legal though the edges
        /// refuse it.
        pub(crate) fn enables(g: &Game, t: &TileType, p: Placement) -> bool {
            each!(g, Hook::Enables, |m| {
                let e = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::enables(g, t, p),)*
                };
                if e {
                    return true;
                }
            });
            false
        }

        /// Whether the filters' verdict on tile `t` is the same for its
        /// four rotations at a position, so callers may ask once per
        /// position.
        pub(crate) fn filters_by_position(g: &Game, t: &TileType) -> bool {
            let rules = g.rules;
            each!(g, Hook::PlacementFilter, |m| {
                let f = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::filters_by_position(rules, t),)*
                };
                if !f {
                    return false;
                }
            });
            true
        }

        /// Calls `cell` with cells outside which every filter that looks at
        /// tile `t` accepts it, and returns true; false when some filter
        /// may refuse it anywhere.
        pub(crate) fn refusals_near(g: &Game, t: &TileType, mut cell: impl FnMut(i32, i32)) -> bool {
            let mut all = true;
            each!(g, Hook::PlacementFilter, |m| {
                let looks = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::filters(g, t),)*
                };
                if looks {
                    all &= match m {
                        $(Mech::$T => <super::$m::$T as Mechanic>::refusals_near(g, t, &mut cell),)*
                    };
                }
            });
            all
        }

        /// Calls `cell` with cells outside which the filters refuse tile
        /// `t`, and returns true; false when they may accept it anywhere.
        pub(crate) fn accepted_near(g: &Game, t: &TileType, mut cell: impl FnMut(i32, i32)) -> bool {
            each!(g, Hook::PlacementFilter, |m| {
                let near = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::accepted_near(g, t, &mut cell),)*
                };
                if near {
                    return true;
                }
            });
            false
        }

        /// The filters' verdict on placing `t` at `p` (edges already match).
        pub(crate) fn placement_filter(g: &Game, t: &TileType, p: Placement) -> Result<(), MoveError> {
            each!(g, Hook::PlacementFilter, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::check_placement(g, t, p)?,)*
            });
            Ok(())
        }

        /// The marks segment `seg` gives its feature (`features::MARK_*`).
        #[inline]
        pub(crate) fn feature_marks(rules: &Ruleset, seg: &Segment) -> u8 {
            let mut marks = 0;
            for m in ranked(rules.hooks.by_hook[Hook::FeatureMarks as usize]) {
                marks |= match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::marks(seg),)*
                };
            }
            marks
        }

        pub(crate) fn after_place(g: &mut Game, idx: usize) {
            each!(g, Hook::AfterPlace, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::after_place(g, idx),)*
            });
        }

        /// Whether placing tile `t` at `p` now poses a decision before
        /// its figure step (`Mechanic::asks_after_place`).
        pub(crate) fn asks_after_place(g: &Game, t: &TileType, p: Placement) -> bool {
            each!(g, Hook::AfterPlace, |m| {
                let asks = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::asks_after_place(g, t, p),)*
                };
                if asks {
                    return true;
                }
            });
            false
        }

        /// Why no figure may be put now on tile `t` at (x, y), if so.
        pub(crate) fn ban(g: &Game, t: &TileType, placed: Option<u16>) -> Option<&'static str> {
            each!(g, Hook::Ban, |m| {
                let why = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::ban(g, t, placed),)*
                };
                if why.is_some() {
                    return why;
                }
            });
            None
        }

        /// The placed tiles the ban modules refuse now (`Game::bans`).
        pub(crate) fn placed_bans(g: &Game) -> super::Bans {
            let mut bans = super::Bans::default();
            each!(g, Hook::Ban, |m| bans.add(match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::placed_ban(g),)*
            }));
            bans
        }

        /// Figures other than the normal follower the player may deploy at
        /// `w`, into `out`.
        pub(crate) fn wood_options<S: Sink + ?Sized>(g: &Game, w: &WoodSpot, out: &mut S) {
            each!(g, Hook::WoodOptions, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::wood_options(g, w, out),)*
            });
        }

        /// The rules of the module that plays figure `d.kind` for deploying
        /// it at `w`.
        pub(crate) fn check_figure(g: &Game, w: &WoodSpot, d: Deploy) -> Result<(), MoveError> {
            match FIGURE_OWNER[d.kind as usize] {
                // The skeleton's follower: the common rules.
                None => super::check_free_spot(g, w, d),
                Some(owner) if !g.rules.hooks.plays(owner) => Err(MoveError::NotPlayed(d.kind.name())),
                $(Some(Mech::$T) => <super::$m::$T as Mechanic>::check_figure(g, w, d),)*
            }
        }

        /// The alternatives to deploying the modules offer at the figure
        /// step of tile `placed`, into `out`.
        pub(crate) fn wood_alternatives<S: Sink + ?Sized>(g: &Game, placed: u16, out: &mut S) {
            each!(g, Hook::WoodAnswers, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::answers(g, At::Wood(placed), out),)*
            });
        }

        /// The module whose answers are the only ones at the figure step of
        /// tile `placed`, and why, if one compels.
        pub(crate) fn compelled(g: &Game, placed: u16) -> Option<(Mech, &'static str)> {
            each!(g, Hook::WoodAnswers, |m| {
                let why = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::compels(g, placed),)*
                };
                if let Some(why) = why {
                    return Some((m, why));
                }
            });
            None
        }

        /// The tiles held that the player may place instead of drawing.
        pub(crate) fn source_actions<S: Sink + ?Sized>(g: &Game, out: &mut S) {
            each!(g, Hook::Source, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::answers(g, At::Source, out),)*
            });
        }

        /// A module added segment `node` to placed tile `idx`.
        pub(crate) fn segment_added(g: &mut Game, idx: usize, node: u16) {
            each!(g, Hook::SegmentAdded, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::segment_added(g, idx, node),)*
            });
        }

        pub(crate) fn after_wood(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::AfterWood, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::after_wood(g, idx, events),)*
            });
        }

        pub(crate) fn before_score(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::BeforeScore, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::before_score(g, idx, events),)*
            });
        }

        /// A feature's worth after the modules' multipliers; `units` are
        /// its tiles (cities: plus pennants), `v` the base game's value.
        #[inline]
        pub(crate) fn value(rules: &Ruleset, node: &Node, reason: Reason, units: u32, v: u32) -> u32 {
            let mut v = v;
            for m in ranked(rules.hooks.by_hook[Hook::Value as usize]) {
                v = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::value(node, reason, units, v),)*
                };
            }
            v
        }

        /// Extra points for one winner of farm `farm` with `cities`
        /// completed cities.
        #[inline]
        pub(crate) fn farm_bonus(g: &Game, farm: u16, player: u8, cities: u32) -> u32 {
            let mut bonus = 0;
            each!(g, Hook::Value, |m| {
                bonus += match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::farm_bonus(g, farm, player, cities),)*
                };
            });
            bonus
        }

        /// Points feature `root`, scored for `reason`, is worth beyond its
        /// own tiles (vineyards beside a cloister).
        #[inline]
        pub(crate) fn feature_bonus(g: &Game, root: u16, reason: Reason) -> u32 {
            let mut bonus = 0;
            each!(g, Hook::Value, |m| {
                bonus += match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::feature_bonus(g, root, reason),)*
                };
            });
            bonus
        }

        /// The worth `v` of feature `root`, scored for `reason`, with what
        /// stands on it now (`Mechanic::worth`).
        #[inline]
        pub(crate) fn worth(g: &Game, root: u16, reason: Reason, v: u32) -> u32 {
            let mut v = v;
            each!(g, Hook::Value, |m| {
                v = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::worth(g, root, reason, v),)*
                };
            });
            v
        }

        /// Module `by` sent every figure on placed tile `tile` away: the
        /// modules' own figures there (`Mechanic::tile_cleared`).
        pub(crate) fn tile_cleared(g: &mut Game, tile: u16, by: Mech, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::TileCleared, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::tile_cleared(g, tile, by, events),)*
            });
        }

        /// Of `tied` (bit per player) on feature `root`, those who win it:
        /// each module on `Hook::Majority` in turn narrows them (an empty
        /// answer is ignored).
        pub(crate) fn break_tie(g: &Game, root: u16, tied: u8) -> u8 {
            let mut winners = tied;
            each!(g, Hook::Majority, |m| {
                let w = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::break_tie(g, root, winners),)*
                };
                if w != 0 {
                    winners &= w;
                }
            });
            winners
        }

        pub(crate) fn on_scored(g: &mut Game, root: u16, reason: Reason, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::OnScored, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::on_scored(g, root, reason, events),)*
            });
        }

        pub(crate) fn on_removed(g: &mut Game, f: Deployed, why: Why, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::OnRemoved, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::on_removed(g, f, why, events),)*
            });
        }

        /// The scoring step after the completed features of tile `idx`
        /// scored. Not inlined: the base game never calls it.
        #[inline(never)]
        pub(crate) fn scoring(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::Scoring, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::scoring(g, idx, events),)*
            });
        }

        /// The joins the modules keep between feature nodes besides the
        /// tiles' sides (`Mechanic::links`).
        pub(crate) fn links(g: &Game, join: &mut dyn FnMut(u16, u16)) {
            each!(g, Hook::Links, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::links(g, join),)*
            });
        }

        /// Nodes whose features the modules' moves in this part of tile
        /// `idx` may have closed beyond the tile's own (`Mechanic::closed`).
        pub(crate) fn closed(g: &Game, idx: usize, found: &mut dyn FnMut(u16)) {
            each!(g, Hook::Links, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::closed(g, idx, found),)*
            });
        }

        /// The roots of the features the modules' `scoring` will score in
        /// this part (`Mechanic::scores_in_part`).
        pub(crate) fn scores_in_part(g: &Game, idx: usize, found: &mut dyn FnMut(u16)) {
            each!(g, Hook::Scoring, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::scores_in_part(g, idx, found),)*
            });
        }

        pub(crate) fn after_score(g: &mut Game, idx: usize, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::AfterScore, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::after_score(g, idx, events),)*
            });
        }

        /// Whether another part follows the one just ended.
        pub(crate) fn part_end(g: &mut Game) -> NextPart {
            let mut next = NextPart::None;
            each!(g, Hook::PartEnd, |m| {
                next = next.max(match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::part_end(g),)*
                });
            });
            next
        }

        pub(crate) fn turn_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::TurnEnd, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::turn_end(g, events),)*
            });
        }

        /// The tiles are gone: the player who gets an extra turn before the
        /// end, if any.
        pub(crate) fn tiles_out(g: &mut Game) -> Option<u8> {
            each!(g, Hook::TilesOut, |m| {
                let p = match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::tiles_out(g),)*
                };
                if p.is_some() {
                    return p;
                }
            });
            None
        }

        /// Before the final scoring: the modules may pose decisions.
        pub(crate) fn before_final(g: &mut Game, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::BeforeFinal, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::before_final(g, events),)*
            });
        }

        /// Calls `place(id, extra)` for each module place that counts as a
        /// completed city (bordering farm `farm`, with the points it adds
        /// beyond a city's to a farm scoring; with `None`, those that count
        /// in the number of completed cities): ids above every feature node
        /// (`PLACE_IDS`), distinct per module.
        pub(crate) fn city_places(g: &Game, farm: Option<u16>, place: &mut dyn FnMut(u16, u32)) {
            each!(g, Hook::CityPlaces, |m| {
                let base = PLACE_IDS + 16 * m as u16;
                let mut each = |k: u16, extra: u32| place(base + k.min(15), extra);
                match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::city_places(g, farm, &mut each),)*
                }
            });
        }

        pub(crate) fn game_end(g: &mut Game, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::GameEnd, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::game_end(g, events),)*
            });
        }

        /// `e.player` gained points, their score having been `before`
        /// (`Mechanic::gained`). Not inlined: the base game never calls it.
        #[inline(never)]
        pub(crate) fn gained(g: &mut Game, e: &ScoreEvent, before: i32, events: &mut Vec<ScoreEvent>) {
            each!(g, Hook::Gained, |m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::gained(g, e, before, events),)*
            });
        }

        /// The answers module `m` gives at `at`.
        pub(crate) fn answers<S: Sink + ?Sized>(m: Mech, g: &Game, at: At, out: &mut S) {
            match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::answers(g, at, out),)*
            }
        }

        /// Module `m` carries out `a` at `at`.
        /// Only the first module step of `Game::apply_listed_action` is
        /// told its action was listed (`listed`, which names the action):
        /// the steps after it check theirs.
        pub(crate) fn act(m: Mech, g: &mut Game, at: At, a: Action, events: &mut Vec<ScoreEvent>) -> Result<(), MoveError> {
            let done = match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::act(g, at, a, events),)*
            };
            g.listed = None;
            done
        }

        /// The weight of answer `a` to chance decision `ask` of module `m`.
        pub(crate) fn odds(m: Mech, g: &Game, ask: super::Ask, a: Action) -> u32 {
            match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::odds(g, ask, a),)*
            }
        }

        /// Points `player` may count on from what the ruleset's modules
        /// keep for them and the final scoring does not pay (`prospects`).
        pub fn prospects(g: &Game, player: u8) -> u32 {
            let mut sum = 0;
            for m in ranked(g.rules.hooks.modules) {
                sum += match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::prospects(g, player),)*
                };
            }
            sum
        }

        /// Module `m`'s advice to a bot on decision `ask` (`Mechanic::advice`).
        pub(crate) fn advice(m: Mech, g: &Game, ask: super::Ask, worth: &mut dyn FnMut(u8, u16) -> i64) -> Option<Action> {
            match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::advice(g, ask, worth),)*
            }
        }

        /// Whether every module of `rules` is answered by `apply(Move)`.
        pub(crate) fn moves_suffice(rules: &Ruleset) -> bool {
            ranked(rules.hooks.modules).all(|m| match m {
                $(Mech::$T => <super::$m::$T as Mechanic>::moves_suffice(rules),)*
            })
        }

        /// The points the ruleset's modules expect what they hold for
        /// `player` to bring beyond the final scoring (`Mechanic::outlook`).
        pub(crate) fn outlook(g: &Game, player: u8) -> u32 {
            let mut points = 0;
            for m in ranked(g.rules.hooks.modules) {
                points += match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::outlook(g, player),)*
                };
            }
            points
        }

        /// What the ruleset's modules show of `g`.
        pub fn show(g: &Game, out: &mut Shown) {
            for m in ranked(g.rules.hooks.modules) {
                match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::show(g, out),)*
                }
            }
        }

        /// The ruleset's modules' public state as JSON fields.
        pub fn state_json(g: &Game, out: &mut serde_json::Map<String, serde_json::Value>) {
            for m in ranked(g.rules.hooks.modules) {
                match m {
                    $(Mech::$T => <super::$m::$T as Mechanic>::state_json(g, out),)*
                }
            }
        }
    };
}
registry! {
    modules {
        river: River,
        inns: Inns,
        cathedrals: Cathedrals,
        big: BigFollower,
        abbot: Abbot,
        pig_herd: PigHerd,
        dragon: Dragon,
        castles: Castles,
        goods: Goods,
        builder: Builder,
        pig: Pig,
        fairy: Fairy,
        portal: Portal,
        princess: Princess,
        abbey: Abbey,
        mayor: Mayor,
        wagon: Wagon,
        barn: Barn,
        count: Count,
        king_robber: KingRobber,
        heretics: Heretics,
        catapult: Catapult,
        tower: Tower,
        hills_sheep: HillsSheep,
        bazaars: Bazaars,
        bridges: Bridges,
        flier: Flier,
        ferries: Ferries,
        gold_mines: GoldMines,
        crop_circles: CropCircles,
        robbers: Robbers,
        messages: Messages,
        mage_witch: MageWitch,
        wheel: Wheel,
    }
    figures {
        Normal, Big, Builder, Pig, Abbot, Mayor, Wagon, Barn, Shepherd, Robber,
    }
    reasons {
        Completed, Final, AbbotReturn, Goods, Barn, King, RobberBaron, Fairy, Ransom, RansomPaid,
        Castle,
        Flock,
        Bazaar, BazaarPaid,
        Fair, TargetHurling, Catch,
        Wheel, Crown,
        Gold,
        Robbery,
        Message,
    }
}

// Figures are kept in masks of their kinds.
const _: () = assert!(FIGURE_KINDS <= 32, "figure masks are u32");

/// Every figure kind's declaration, indexed by kind.
pub static FIGURES: [FigureDef; FIGURE_KINDS] = FIGURE_DEFS;

/// Every reason's declaration, indexed by reason.
pub static REASONS: [ReasonDef; REASON_COUNT] = REASON_DEFS;

/// Each kind's strength (`PENNANTS`: the city's pennants).
pub(crate) static STRENGTH: [u8; FIGURE_KINDS] = {
    let mut s = [0; FIGURE_KINDS];
    let mut k = 0;
    while k < FIGURE_KINDS {
        s[k] = FIGURE_DEFS[k].strength;
        k += 1;
    }
    s
};

/// Bit `kind` for each kind that occupies its feature.
pub(crate) const OCCUPIES: u32 = {
    let mut m = 0;
    let mut k = 0;
    while k < FIGURE_KINDS {
        if FIGURE_DEFS[k].occupies {
            m |= 1 << k;
        }
        k += 1;
    }
    m
};

/// Bit `kind` for each kind that is a follower.
pub(crate) const FOLLOWERS: u32 = {
    let mut m = 0;
    let mut k = 0;
    while k < FIGURE_KINDS {
        if FIGURE_DEFS[k].follower {
            m |= 1 << k;
        }
        k += 1;
    }
    m
};

/// Bit `kind` for each kind that is a follower standing on its tile's
/// feature (`FigureDef::on_tile`): those the fairy stands next to.
pub(crate) const FOLLOWERS_ON_TILE: u32 = {
    let mut m = 0;
    let mut k = 0;
    while k < FIGURE_KINDS {
        if FIGURE_DEFS[k].follower && FIGURE_DEFS[k].on_tile {
            m |= 1 << k;
        }
        k += 1;
    }
    m
};

// `Game::own_mask` looks for a player's followers only in occupied features.
const _: () = assert!(
    FOLLOWERS & !OCCUPIES == 0,
    "every follower occupies its feature"
);

/// The modules in the order they answer a hook: the declaration order
/// (`Mech`), except that a module comes after those its `AFTER` names. A
/// circle among the declarations stops the build.
pub const ORDER: [Mech; MECH_COUNT] = {
    let mut out = [Mech::River; MECH_COUNT];
    let mut placed: MechSet = 0;
    let mut n = 0;
    while n < MECH_COUNT {
        let mut i = 0;
        let mut found = false;
        while i < MECH_COUNT {
            let m = Mech::ALL[i];
            if placed & m.bit() == 0 && all_in(after(m), placed) {
                out[n] = m;
                placed |= m.bit();
                n += 1;
                found = true;
                break;
            }
            i += 1;
        }
        assert!(found, "the modules' AFTER declarations form a circle");
    }
    out
};

/// `ORDER` with room for every bit of a rank mask (`u64`): a rank read off
/// a mask's lowest bit (`each!`, on every hook of every turn) indexes it
/// with no bounds check. Ranks past the modules never come up (masks hold
/// only modules' ranks); they name the first module.
pub(crate) const ORDER_BY_BIT: [Mech; 64] = {
    assert!(MECH_COUNT <= 64, "a rank is a bit of a u64");
    let mut out = [ORDER[0]; 64];
    let mut i = 0;
    while i < MECH_COUNT {
        out[i] = ORDER[i];
        i += 1;
    }
    out
};

/// Each mechanic's rank in `ORDER`, indexed by `Mech as usize`.
pub const RANK: [u8; MECH_COUNT] = {
    let mut r = [0; MECH_COUNT];
    let mut i = 0;
    while i < MECH_COUNT {
        r[ORDER[i] as usize] = i as u8;
        i += 1;
    }
    r
};

const fn all_in(ms: &[Mech], set: MechSet) -> bool {
    let mut i = 0;
    while i < ms.len() {
        if set & ms[i].bit() == 0 {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compiler accepts a mechanic in a ruleset exactly when the engine
    /// has its module.
    #[test]
    fn the_registry_plays_what_the_vocabulary_says_is_implemented() {
        for m in Mech::ALL {
            assert_eq!(
                IMPLEMENTED & m.bit() != 0,
                m.decl().implemented,
                "{}: module and declaration disagree",
                m.name()
            );
        }
    }

    #[test]
    fn every_figure_and_reason_is_declared_once_with_its_own_kind() {
        for (k, d) in FIGURES.iter().enumerate() {
            assert_eq!(d.kind as usize, k);
            assert_eq!(FollowerKind::from_name(d.name), Some(d.kind));
        }
        for (k, d) in REASONS.iter().enumerate() {
            assert_eq!(d.reason as usize, k);
            assert_eq!(Reason::from_name(d.name), Some(d.reason));
        }
    }

    #[test]
    fn verbs_and_decisions_have_distinct_names() {
        let mut verbs: Vec<&str> = vec!["place", "deploy", "draw", "pass"];
        let mut keys: Vec<&str> = Decision::all().iter().map(|d| d.key()).collect();
        for m in Mech::ALL {
            verbs.extend(super::verbs(m).iter().map(|v| v.name));
        }
        let n = (verbs.len(), keys.len());
        verbs.sort();
        verbs.dedup();
        keys.sort();
        keys.dedup();
        assert_eq!((verbs.len(), keys.len()), n);
    }
}
