//! The vocabulary of the engine's API: moves, actions, decisions, score
//! events, errors. What a mechanic adds (its figures, its actions and
//! decisions, its reasons for points) it declares in its module; the types
//! here carry those declarations' ids and read their names from them.

use crate::mechanics::{self, Mech};
use crate::tables::Kind;

pub use crate::mechanics::registry::{FollowerKind, Reason, FIGURE_KINDS};

/// Up to eight colours (base 5, Inns & Cathedrals' 6th, Big Box 5's 7th and 8th).
pub const MAX_PLAYERS: usize = 8;

/// Where and how a tile goes: x grows east, y grows south; `rotation` counts
/// clockwise quarter turns (1 turns the tile's N side to face E).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// Column: grows east; the start tile is at 0.
    pub x: i16,
    /// Row: grows south; the start tile is at 0.
    pub y: i16,
    /// Clockwise quarter turns, 0-3.
    pub rotation: u8,
}

impl Placement {
    /// The placement at (`x`, `y`) turned `rotation` quarter turns.
    pub const fn at(x: i16, y: i16, rotation: u8) -> Self {
        Placement { x, y, rotation }
    }
}

impl FollowerKind {
    /// The follower's declaration: a module's figure starts from it and
    /// changes what differs.
    pub const NORMAL_DEF: FigureDef = mechanics::registry::NORMAL;

    /// Its declaration (`mechanics::registry::FIGURES`).
    #[inline]
    pub fn def(self) -> &'static FigureDef {
        &mechanics::registry::FIGURES[self as usize]
    }

    /// The name records and the protocol use (`normal`, `big`, `builder`, …).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// The kind whose `name` this is (`"big"` → the big follower).
    pub fn from_name(name: &str) -> Option<FollowerKind> {
        FollowerKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Strength for majority on a feature with `pennants` pennants (the
    /// mayor's is the city's pennants, 000_9deb58b1a7d17d38.txt L1640).
    #[inline]
    pub fn strength(self, pennants: u16) -> u32 {
        match mechanics::registry::STRENGTH[self as usize] {
            PENNANTS => u32::from(pennants),
            s => u32::from(s),
        }
    }

    /// Whether the figure occupies its feature, so that no follower may
    /// join it: the followers, and the barn (no farmer may ever be deployed
    /// to a farm with a barn, 000_9deb58b1a7d17d38.txt L1767).
    #[inline]
    pub fn occupies(self) -> bool {
        mechanics::registry::OCCUPIES & (1 << self as u32) != 0
    }

    /// Whether the figure is a follower: what the builder and the pig need
    /// beside them, what the fairy stands next to and the princess removes.
    #[inline]
    pub fn is_follower(self) -> bool {
        mechanics::registry::FOLLOWERS & (1 << self as u32) != 0
    }
}

/// `FigureDef::strength` for a figure whose strength is its city's pennants.
pub const PENNANTS: u8 = u8::MAX;

/// What a kind of figure is, declared by the module that plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FigureDef {
    /// The kind it declares.
    pub kind: FollowerKind,
    /// The name in records and the protocol.
    pub name: &'static str,
    /// How `play` calls it (`big follower`).
    pub label: &'static str,
    /// How many each player starts with (the normal followers: the
    /// ruleset's `followers` option instead).
    pub supply: u8,
    /// Strength for majority (`PENNANTS`: the city's pennants).
    pub strength: u8,
    /// A follower (see `FollowerKind::is_follower`).
    pub follower: bool,
    /// It keeps followers off its feature.
    pub occupies: bool,
    /// It stands on one tile, where what affects a tile (the dragon) reaches
    /// it; the barn stands where four tiles meet (000_… fn 18 L1360).
    pub on_tile: bool,
    /// The kinds of feature it may stand on, bit `Kind as u8` each (a
    /// field only where farmers are played).
    pub stands_on: u8,
    /// The SVG shape renderers draw it with, centred on the origin and
    /// filled with its owner's colour (`<g id="name">…</g>`); `None`: the
    /// meeple (drawn larger for a big follower).
    pub svg: Option<&'static str>,
}

/// Bit `Kind as u8` of each kind in `kinds`.
pub const fn kinds(kinds: &[Kind]) -> u8 {
    let mut m = 0;
    let mut i = 0;
    while i < kinds.len() {
        m |= 1 << kinds[i] as u8;
        i += 1;
    }
    m
}

/// A figure deployed onto segment `segment` of the tile just placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Deploy {
    /// The segment, an index into the tile's segments.
    pub segment: u8,
    /// Which figure.
    pub kind: FollowerKind,
}

/// One turn's choice: a placement and an optional follower.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the tile goes.
    pub placement: Placement,
    /// The figure deployed on it, if any.
    pub deploy: Option<Deploy>,
}

impl Reason {
    /// Its declaration.
    #[inline]
    pub fn def(self) -> &'static ReasonDef {
        &mechanics::registry::REASONS[self as usize]
    }

    /// The name records and the protocol use (`city`, `fairy`, `final`, …).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// The reason whose `name` this is.
    pub fn from_name(name: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Whether a feature scored for this reason is valued as at the end of
    /// the game (incomplete features count): the final scoring, the
    /// abbot's return. A completed feature and a barn's farm are not.
    #[inline]
    pub fn as_final(self) -> bool {
        self.def().as_final
    }
}

/// Why points are scored, declared by the module that scores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReasonDef {
    /// The reason it declares.
    pub reason: Reason,
    /// The name in records and the protocol.
    pub name: &'static str,
    /// Features scored for it are valued as at the end of the game.
    pub as_final: bool,
    /// Points a player pays rather than scores (the Tower's ransom,
    /// 000_9deb58b1a7d17d38.txt L1477): its events lower the score
    /// (`ScoreEvent::signed`, `Game::pay`).
    pub paid: bool,
}

/// When in the game points were scored: what a record files them under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum When {
    /// In a turn part: the entry's events.
    #[default]
    Play,
    /// At the start of a turn, before its tile (the fairy's point): the
    /// events of the turn that begins.
    TurnStart,
    /// In the final scoring.
    End,
}

/// Points scored by one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoreEvent {
    /// Who scores.
    pub player: u8,
    /// How many points.
    pub points: u32,
    /// The kind of feature scored (or the one the points are for).
    pub feature: Kind,
    /// Why: a completed feature, the final scoring, a module's reason.
    pub reason: Reason,
    /// Set by the engine as it scores.
    pub when: When,
}

impl ScoreEvent {
    /// `points` for `player` (the engine stamps `when`).
    pub fn new(player: u8, points: u32, feature: Kind, reason: Reason) -> ScoreEvent {
        ScoreEvent {
            player,
            points,
            feature,
            reason,
            when: When::Play,
        }
    }

    /// Its points as they change the score: negative for a payment
    /// (`ReasonDef::paid`).
    pub fn signed(&self) -> i64 {
        if self.reason.def().paid {
            -i64::from(self.points)
        } else {
            i64::from(self.points)
        }
    }

    /// `points` for `player` in the final scoring.
    pub fn at_end(player: u8, points: u32, feature: Kind, reason: Reason) -> ScoreEvent {
        ScoreEvent {
            when: When::End,
            ..ScoreEvent::new(player, points, feature, reason)
        }
    }
}

/// Why a move was refused. The game state is unchanged when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over: no move is expected.
    #[error("the game is over")]
    GameOver,
    /// The position is not empty or touches no placed tile.
    #[error("({x}, {y}) is not an empty position next to a placed tile")]
    NotOpen {
        /// Column.
        x: i16,
        /// Row.
        y: i16,
    },
    /// A rotation outside 0-3.
    #[error("rotation {0} is not 0-3")]
    BadRotation(u8),
    /// A side of the tile does not match the neighbour it touches.
    #[error("tile {tile} rotated {rotation} does not match its neighbours at ({x}, {y})")]
    DoesNotFit {
        /// The tile's id.
        tile: &'static str,
        /// Column.
        x: i16,
        /// Row.
        y: i16,
        /// Quarter turns.
        rotation: u8,
    },
    /// The tile has no segment of that index.
    #[error("tile {tile} has no segment {segment}")]
    NoSuchSegment {
        /// The tile's id.
        tile: &'static str,
        /// The index asked for.
        segment: u8,
    },
    /// The segment is a kind no follower may stand on (a river).
    #[error("a follower cannot stand on a {0}")]
    NotClaimable(&'static str),
    /// A farmer, in a ruleset played without farmers.
    #[error("farmers are not played in this ruleset")]
    NoFarmers,
    /// The feature holds a figure that keeps others off.
    #[error("that feature already has a follower on it")]
    Occupied,
    /// The player has no figure of that kind in supply.
    #[error("player {0} has no such follower left in supply")]
    NoFollowerLeft(u8),
    /// A figure of a mechanic this ruleset does not play.
    #[error("the {0} is not played in this ruleset")]
    NotPlayed(&'static str),
    /// The figure may not stand on that kind of feature.
    #[error("a {figure} cannot stand on a {feature}")]
    WrongFeature {
        /// The figure's name.
        figure: &'static str,
        /// The feature's kind.
        feature: &'static str,
    },
    /// The builder or pig, on a feature without one of its owner's followers.
    #[error("the {0} goes only onto a feature that already holds one of its owner's followers")]
    NeedsOwnFollower(&'static str),
    /// A module bans figures on this tile (the dragon's, a volcano).
    #[error("no figure may be deployed on this tile: {0}")]
    Banned(&'static str),
    /// A move given while another decision is pending.
    #[error("the game waits for another decision: {0}")]
    Waiting(&'static str),
    /// A rule of a mechanic's module refused it.
    #[error("{} rule: {why}", mech.name())]
    Rule {
        /// The module whose rule refused it.
        mech: Mech,
        /// The rule, in words.
        why: &'static str,
    },
}

impl MoveError {
    /// A refusal by module `mech`'s rules.
    pub const fn rule(mech: Mech, why: &'static str) -> MoveError {
        MoveError::Rule { mech, why }
    }
}

/// Who answers the pending decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A player (not always the one whose turn it is).
    Player(u8),
    /// Chance: an outcome no player chooses (a token drawn from a bag). A
    /// seeded game deals it from its seed and never waits for it; a
    /// scripted game (and a game told to, `Game::state_chance`) waits for
    /// it to be stated with `apply_action`, one of `legal_actions`
    /// (`Game::chance_odds` weighs them). The tile draw is chance too, and
    /// answered apart (`Game::force_draw`).
    Chance,
}

/// What the pending decision is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Place the drawn tile (`Game::current_tile`).
    Place,
    /// Move wood after placing: deploy a figure on the new tile, or an
    /// alternative to deploying a module offers, or pass.
    Wood,
    /// Before drawing: draw, or place a tile held instead (the abbey); in
    /// the end-of-game round the answers are that tile or pass.
    Source,
    /// A decision a module poses (`code` indexes its `DECISIONS`), to any
    /// player, at any step of a turn.
    Module {
        /// The module that poses it.
        mech: Mech,
        /// Its index in the module's `DECISIONS`.
        code: u8,
    },
}

/// A module's decision, as it declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecisionDef {
    /// A short, stable key for callers outside Rust (`move-wagon`).
    pub key: &'static str,
    /// Prose (`move the wagon or take it back`).
    pub name: &'static str,
}

const PLACE: DecisionDef = DecisionDef {
    key: "place",
    name: "place a tile",
};
const WOOD: DecisionDef = DecisionDef {
    key: "wood",
    name: "deploy a figure or pass",
};
const SOURCE: DecisionDef = DecisionDef {
    key: "source",
    name: "draw a tile or place the tile held",
};

impl Decision {
    /// Its declaration: the skeleton's own, or its module's.
    pub fn def(self) -> &'static DecisionDef {
        match self {
            Decision::Place => &PLACE,
            Decision::Wood => &WOOD,
            Decision::Source => &SOURCE,
            Decision::Module { mech, code } => &mechanics::decisions(mech)[code as usize],
        }
    }

    /// A short, stable key for the decision, for callers outside Rust (the
    /// `serve` protocol, the Python package); `name` is prose.
    pub fn key(self) -> &'static str {
        self.def().key
    }

    /// The decision in prose (`place a tile`).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// Every decision a game can pose: the skeleton's, then each module's
    /// in the registry's order.
    pub fn all() -> Vec<Decision> {
        let mut v = vec![Decision::Place, Decision::Wood, Decision::Source];
        for mech in Mech::ALL {
            for code in 0..mechanics::decisions(mech).len() {
                v.push(Decision::Module {
                    mech,
                    code: code as u8,
                });
            }
        }
        v
    }

    /// The decision whose key is `key`.
    pub fn from_key(key: &str) -> Option<Decision> {
        Decision::all().into_iter().find(|d| d.key() == key)
    }

    /// A module's decision by its key (for scripts and tests); panics on a
    /// key no module declares.
    pub fn named(key: &str) -> Decision {
        Decision::from_key(key).unwrap_or_else(|| panic!("no decision `{key}`"))
    }
}

/// Who decides now, and what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pending {
    /// Who answers.
    pub actor: Actor,
    /// What about.
    pub decision: Decision,
}

/// One answer to a decision. `Move { placement, deploy }` is `Place` then
/// `Deploy` or `Pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Place the drawn tile there (answers `Decision::Place`).
    Place(Placement),
    /// A figure onto a segment of the tile just placed.
    Deploy(Deploy),
    /// Draw the next tile from the stack (answers `Decision::Source`).
    Draw,
    /// Deploy nothing; decline a decision.
    Pass,
    /// An answer a module declares (`Verb::code` indexes its `VERBS`).
    Do(Verb),
}

/// A module's action: which of its verbs, and the verb's argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Verb {
    /// The module that declares it.
    pub mech: Mech,
    /// Its index in the module's `VERBS`.
    pub code: u8,
    /// Its argument.
    pub arg: Arg,
}

/// A verb's argument: the kinds of thing an answer names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arg {
    /// No argument.
    None,
    /// Yes or no (the builder's second tile).
    Bool(bool),
    /// A corner of the tile just placed: 0-3 = NW, NE, SE, SW on the board.
    Corner(u8),
    /// A direction on the board: 0-3 = N, E, S, W.
    Dir(u8),
    /// A tile placed (one held instead of drawing: the abbey).
    Placement(Placement),
    /// A segment of a placed tile and a figure there: where a figure goes
    /// (`player` is the mover), or a figure standing there (its owner).
    Spot(Spot),
    /// A placed tile as a whole, by its index in `Game::placed` (a tower
    /// to build on, a figure on a tile beside its features).
    Tile(u16),
    /// A figure off the board, held by a module, by its holder and kind (a
    /// prisoner: `player` is the player who holds it; its owner is the one
    /// answering).
    Held {
        /// The player who holds it.
        player: u8,
        /// Its kind.
        kind: FollowerKind,
    },
    /// One of the words its verb declares (`ArgKind::Word`), by index: a
    /// quarter of the City of Carcassonne, a figure from the supply.
    Word(u8),
    /// A whole number in the range its verb declares
    /// (`ArgKind::Number`): points bid at a bazaar, which of the tiles
    /// turned face up.
    Number(u16),
}

/// A figure of `kind` and `player` on segment `segment` of placed tile
/// `placed` (an index into `Game::placed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spot {
    /// The placed tile, an index into `Game::placed`.
    pub placed: u16,
    /// The segment of that tile.
    pub segment: u8,
    /// The figure's kind.
    pub kind: FollowerKind,
    /// The mover, or the figure's owner.
    pub player: u8,
}

/// What a verb's argument is, and the record field that holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// No argument.
    None,
    /// A boolean in field `field`.
    Bool,
    /// A corner name (`NW`, `NE`, `SE`, `SW`).
    Corner,
    /// A direction name (`N`, `E`, `S`, `W`).
    Dir,
    /// A placement: the entry's `tile`, `x`, `y`, `rotation` (a verb of
    /// this kind places a tile and opens a record entry).
    Placement,
    /// Where one of the mover's figures goes: `{x, y, feature, ports}`, with
    /// `kind` when the verb does not fix it.
    Target(Option<FollowerKind>),
    /// A figure on the board: `{x, y, feature, ports, kind, player}`.
    Figure,
    /// A placed tile: `{x, y}`.
    Tile,
    /// A figure held off the board: `{player, kind}`.
    Held,
    /// One of these words (`Arg::Word` holds its index).
    Word(&'static [&'static str]),
    /// A whole number (`Arg::Number`), written as a JSON number.
    Number {
        /// The least a move may give.
        least: u16,
        /// The most a move may give.
        most: u16,
    },
}

/// Which decision a module's action answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answers {
    /// The figure step, instead of deploying (the abbot's return, the barn,
    /// the fairy, the princess, a portal).
    Wood,
    /// Before drawing, instead of drawing (the abbey).
    Source,
    /// A decision the module posed (`DECISIONS`).
    Ask,
    /// At the figure step, beside its answers and without ending it: an
    /// extra the player may take first (the Tower's ransom, once a turn,
    /// 000_9deb58b1a7d17d38.txt L1477, fn 29 L1528).
    Free,
    /// A decision the module posed to chance (`Game::ask_chance`): an
    /// outcome, dealt by a seeded game, stated in a scripted one.
    Chance,
}

/// A module's action, as it declares it: its name (`do` in records and the
/// protocol), its argument and the field that holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VerbDef {
    /// Its name: `do` in records and the protocol (`move-wagon`).
    pub name: &'static str,
    /// The decision it answers.
    pub answers: Answers,
    /// Its argument's kind.
    pub arg: ArgKind,
    /// The record field of the argument (`take`, `corner`, `at`, `to`,
    /// `figure`); unused for `None` and `Placement`.
    pub field: &'static str,
    /// What `play` prints after the answer (`barn on the SE corner`).
    pub label: &'static str,
}

impl Verb {
    /// A verb of `mech` without argument.
    pub const fn bare(mech: Mech, code: u8) -> Verb {
        Verb {
            mech,
            code,
            arg: Arg::None,
        }
    }

    /// Its declaration.
    pub fn def(self) -> &'static VerbDef {
        &mechanics::verbs(self.mech)[self.code as usize]
    }
}

impl Action {
    /// Its name: `do` in records and the protocol (`place`, `deploy`, `barn`, …).
    pub fn name(self) -> &'static str {
        match self {
            Action::Place(_) => "place",
            Action::Deploy(_) => "deploy",
            Action::Draw => "draw",
            Action::Pass => "pass",
            Action::Do(v) => v.def().name,
        }
    }

    /// Verb `code` of module `mech` with argument `arg`.
    pub const fn of(mech: Mech, code: u8, arg: Arg) -> Action {
        Action::Do(Verb { mech, code, arg })
    }

    /// A module action's argument (`Arg::None` for the skeleton's actions).
    pub fn arg(self) -> Arg {
        match self {
            Action::Do(v) => v.arg,
            _ => Arg::None,
        }
    }

    /// Module action `name` with argument `arg` (for scripts and tests:
    /// `Action::verb("barn", Arg::Corner(0))`); panics on a name no module
    /// declares (`verb_named` asks first).
    pub fn verb(name: &str, arg: Arg) -> Action {
        let (mech, code, _) =
            Action::verb_named(name).unwrap_or_else(|| panic!("no module declares `{name}`"));
        Action::Do(Verb { mech, code, arg })
    }

    /// The module verb `name` with no argument yet, if one is declared.
    pub fn verb_named(name: &str) -> Option<(Mech, u8, &'static VerbDef)> {
        Mech::ALL.into_iter().find_map(|m| {
            mechanics::verbs(m)
                .iter()
                .enumerate()
                .find(|(_, v)| v.name == name)
                .map(|(i, v)| (m, i as u8, v))
        })
    }
}

/// Why an action was refused. The game state is unchanged when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The game is over: no action is expected.
    #[error("the game is over")]
    GameOver,
    /// The action answers another decision than the pending one.
    #[error("`{action}` does not answer the pending decision: {expected}")]
    NotNow {
        /// The action's name.
        action: &'static str,
        /// The pending decision, in words.
        expected: &'static str,
    },
    /// A player answered a decision posed to another.
    #[error("player {player} answered, but the game asks player {asked}")]
    WrongPlayer {
        /// Who answered.
        player: u8,
        /// Who is asked.
        asked: u8,
    },
    /// A player answered a decision chance answers.
    #[error("player {player} answered, but chance decides this: its outcome is dealt by a seeded game and stated, as no player's answer, in a scripted one")]
    ChanceDecides {
        /// Who answered.
        player: u8,
    },
    /// The action answers the pending decision, but the rules refuse it.
    #[error(transparent)]
    Illegal(#[from] MoveError),
}
