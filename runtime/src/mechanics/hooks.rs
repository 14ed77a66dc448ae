//! The hook points of a turn, and which of a ruleset's modules sit on each.

use super::registry::{hooks_of, ORDER_BY_BIT, RANK};
use super::Mech;
use crate::engine::game::Game;

/// The points of a turn where a module may act, in the order a turn meets
/// them (`docs/reference/turn_order.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Hook {
    /// The game is set up (module state; figures come from `FIGURES`).
    Setup,
    /// The draw order (the river's own stack first).
    TileSource,
    /// A player's turn begins (the fairy's point).
    TurnStart,
    /// Before drawing: the player may place a tile held instead (the
    /// abbey), so the game asks before it draws.
    Source,
    /// A tile is drawn: a module may set it aside (dragon tiles before the
    /// dragon is in play).
    Draw,
    /// A tile is drawn and not set aside, before anyone considers where it
    /// fits: a module acts on it and may pose decisions, asked with the tile
    /// shown; a tile that then fits nowhere has had it all the same (the
    /// Wheel of Fortune's pig, 000_9deb58b1a7d17d38.txt fn 4 L2902). Its
    /// points are the turn's, as those of a turn's start.
    Drawn,
    /// Forbid placements the edge match allows (river bends, shrines).
    PlacementFilter,
    /// Allow placements the edge match refuses: the tile goes down with an
    /// addition the module makes of it at the figure step, which it then
    /// compels (`WoodAnswers`) until the tile fits (a bridge carrying a
    /// road over a field, 000_9deb58b1a7d17d38.txt L2476, fn 13 L2580).
    Enables,
    /// The module adds a segment to placed tiles after their placement (a
    /// bridge): every tile placed keeps a spare feature node for one
    /// (`Game::add_segment`).
    Segments,
    /// Marks a new segment gives its feature (inn, cathedral).
    FeatureMarks,
    /// Right after the tile is down and its features joined.
    AfterPlace,
    /// Tiles no figure may be put on now (the volcano lake, the dragon's).
    Ban,
    /// What may be deployed besides a follower.
    WoodOptions,
    /// The alternatives to deploying at the figure step (the abbot's
    /// return, the barn, the fairy, a portal, the princess), and answers a
    /// module compels (the princess under `must`).
    WoodAnswers,
    /// A module added a segment to a placed tile (`Game::add_segment`) and
    /// joined it to the features it meets: the turn's features grew after
    /// the placement (a bridge carrying the road the builder stands on
    /// gives its second tile, 000_9deb58b1a7d17d38.txt fn 7 L1002).
    SegmentAdded,
    /// The figure step is over, before scoring (the dragon moves).
    AfterWood,
    /// The decisions after the figure step are answered and the features
    /// the tile completed are about to score: a module may pose decisions
    /// on them there, to any player (a town's occupier turning it into a
    /// castle instead of scoring it, 000_9deb58b1a7d17d38.txt L2489, after
    /// the move-wood step, fn 25 L2626). Runs once per turn part, so a
    /// module may count scoring rounds on it.
    BeforeScore,
    /// A feature's worth: multipliers, per-player bonuses, points for what
    /// lies around it (vineyards beside a cloister).
    Value,
    /// Who wins a feature's majority when players tie for it: a module may
    /// narrow the tied players down (a follower on a hill wins the tie).
    Majority,
    /// A feature has scored, its figures still standing.
    OnScored,
    /// A figure has left the board (the builder follows its owner's last
    /// follower; the fairy is left alone; a wagon waits to move).
    OnRemoved,
    /// A module sent every figure standing on a placed tile away (the
    /// dragon's meal, 000_9deb58b1a7d17d38.txt L1123-L1125): a module whose
    /// own neutral figure stands on that tile takes it away too, if that
    /// figure is on the list of what goes (the mage and the witch, L1125).
    TileCleared,
    /// The scoring step after the completed features (barns).
    Scoring,
    /// The part's scoring is over (the dragon's move after scoring).
    AfterScore,
    /// A turn part has ended: another part may follow.
    PartEnd,
    /// The turn is over (a bazaar's own turn, or the next one it delays;
    /// a module that gives extra turns, `Game::give_turn`, sits here).
    TurnEnd,
    /// The tiles are gone: extra turns before the end (the abbey round).
    TilesOut,
    /// The extra turns are over, before the final scoring: a module may pose
    /// decisions to any player (the Count's end-of-game rounds moving
    /// followers out of the City), and the game is scored once they are
    /// answered.
    BeforeFinal,
    /// A module's place off the board that counts as a completed city for
    /// the farms it borders (the City of Carcassonne,
    /// 000_9deb58b1a7d17d38.txt fn 1 L2142; a castle, L2517, worth a point
    /// more to every farm scoring) and, where the module says so, for the
    /// count of completed cities (the King: the City counts, fn 38 L2179; a
    /// castle does not, fn 37 L2180).
    CityPlaces,
    /// End-of-game points beyond the features.
    GameEnd,
    /// A player gained points (`Game::add_points`), at whatever step of the
    /// turn or of the final scoring they came: a module may react to every
    /// gain as the score track shows it, a marker moving forward from the
    /// space it stood on (a robber on that space takes its share,
    /// 004_e9353f116722cd5d.txt L163). Only rulesets with a module on it
    /// pay for it: the base game tests one bit per gain.
    Gained,
    /// Joins a module keeps between feature nodes besides the tiles' sides
    /// (a ferry joining two road ends on its lake, 004_e9353f116722cd5d.txt
    /// L83), which it may break again: `Game::rebuild_features` asks for
    /// them, and the part's scoring step asks which features the module's
    /// moves may have closed beyond the tile's own.
    Links,
}

impl Hook {
    pub const ALL: [Hook; 32] = [
        Hook::Setup,
        Hook::TileSource,
        Hook::TurnStart,
        Hook::Source,
        Hook::Draw,
        Hook::Drawn,
        Hook::PlacementFilter,
        Hook::Enables,
        Hook::Segments,
        Hook::FeatureMarks,
        Hook::AfterPlace,
        Hook::Ban,
        Hook::WoodOptions,
        Hook::WoodAnswers,
        Hook::SegmentAdded,
        Hook::AfterWood,
        Hook::BeforeScore,
        Hook::Value,
        Hook::Majority,
        Hook::OnScored,
        Hook::OnRemoved,
        Hook::TileCleared,
        Hook::Scoring,
        Hook::AfterScore,
        Hook::PartEnd,
        Hook::TurnEnd,
        Hook::TilesOut,
        Hook::BeforeFinal,
        Hook::CityPlaces,
        Hook::GameEnd,
        Hook::Gained,
        Hook::Links,
    ];
    pub const COUNT: usize = Hook::ALL.len();

    /// The bit of this hook in a mask of hooks.
    #[inline]
    pub const fn bit(self) -> HookMask {
        1 << self as u32
    }

    /// A mask of `hooks`.
    pub const fn mask(hooks: &[Hook]) -> HookMask {
        let mut m = 0;
        let mut i = 0;
        while i < hooks.len() {
            m |= hooks[i].bit();
            i += 1;
        }
        m
    }
}

/// A set of hooks, one bit per hook (`Hook::bit`).
pub type HookMask = u64;

// Every hook has its bit in a `HookMask`.
const _: () = assert!(Hook::COUNT <= HookMask::BITS as usize, "widen HookMask");

/// A ruleset's modules on each hook, as bits of their rank in the modules'
/// order (`registry::ORDER`), so a dispatcher walks them in that order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hooks {
    /// `Hook::bit` of every hook with at least one module.
    pub mask: HookMask,
    /// The ruleset's modules, by rank.
    pub modules: u64,
    /// Indexed by `Hook as usize`: the modules on the hook, by rank.
    pub by_hook: [u64; Hook::COUNT],
}

impl Hooks {
    /// The hooks of the modules in `mechs` (bits `Mech as u8`).
    pub const fn of(mechs: u64) -> Hooks {
        let mut h = Hooks {
            mask: 0,
            modules: 0,
            by_hook: [0; Hook::COUNT],
        };
        let mut i = 0;
        while i < Mech::ALL.len() {
            let m = Mech::ALL[i];
            if mechs & m.bit() != 0 {
                let rank = 1u64 << RANK[i];
                h.modules |= rank;
                let hooks = hooks_of(m);
                let mut k = 0;
                while k < Hook::COUNT {
                    if hooks & (1 << k) != 0 {
                        h.by_hook[k] |= rank;
                        h.mask |= 1 << k;
                    }
                    k += 1;
                }
            }
            i += 1;
        }
        h
    }

    /// The modules on hook `h`, in order.
    pub fn on(&self, h: Hook) -> impl Iterator<Item = Mech> {
        ranked(self.by_hook[h as usize])
    }

    /// Whether some module sits on hook `h`.
    #[inline]
    pub fn any(&self, h: Hook) -> bool {
        self.mask & h.bit() != 0
    }

    /// Whether module `m` is played.
    #[inline]
    pub fn plays(&self, m: Mech) -> bool {
        self.modules & (1 << RANK[m as usize]) != 0
    }
}

/// The modules of a mask of ranks, in order.
pub(crate) fn ranked(mut bits: u64) -> impl Iterator<Item = Mech> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let r = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(ORDER_BY_BIT[r & 63])
    })
}

/// Whether hook `h` has a module still playing in `g` (the ruleset's
/// modules on it, less the retired ones): the skeleton's test before it
/// dispatches a hook.
#[inline(always)]
pub(crate) fn live(g: &Game, h: Hook) -> bool {
    g.ext.live_hooks & h.bit() != 0
}

/// Whether module `m` has retired in `g` (`retire`).
#[cfg(test)]
pub(crate) fn retired(g: &Game, m: Mech) -> bool {
    g.ext.retired & (1 << RANK[m as usize]) != 0
}

/// Module `m` has nothing more to do in this game (the river, once its
/// tiles are down): the dispatchers pass it over, and a hook whose every
/// module is retired is skipped from now on, so a ruleset stops paying for
/// a phase that is over. A module retires only where no rule of it can
/// apply again (a view or a re-dealt game keeps the same tiles, so the
/// same verdict).
pub(crate) fn retire(g: &mut Game, m: Mech) {
    g.ext.retired |= 1 << RANK[m as usize];
    let hooks = &g.rules.hooks;
    for h in Hook::ALL {
        if hooks.by_hook[h as usize] & !g.ext.retired == 0 {
            g.ext.live_hooks &= !h.bit();
        }
    }
}
