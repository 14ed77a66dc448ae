//! The turn: a chain of steps that stops only where someone must decide
//! (000_9deb58b1a7d17d38.txt L84-L90; every set's steps in
//! `docs/reference/turn_order.md`).
//!
//! turn start → source → draw → place → (after place) → wood → after wood
//! → before score → score → after score → part end → (second part) → turn
//! end → next turn; with no tile left, the modules' extra turns, then the
//! end.
//!
//! Each step runs its hook; a module may pose decisions there
//! (`Game::ask`), to any player, and the turn resumes at the next step once
//! they are answered (`Phase::Ask`). A decision with one answer is answered
//! at once and never asked. `apply(Move)` is the fused path through place,
//! wood and the rest for rulesets whose every decision is a move.

use super::game::Game;
use super::types::*;
use crate::mechanics::{self, At, FirstTwo, Hook, HookMask};

/// The hooks of the steps from a figure step to the next draw: where none
/// is live, a part ends on the short path (`Game::end_wood`).
const FLOW: HookMask = Hook::mask(&[
    Hook::AfterWood,
    Hook::BeforeScore,
    Hook::Scoring,
    Hook::AfterScore,
    Hook::PartEnd,
    Hook::TurnEnd,
    Hook::TurnStart,
    Hook::Source,
]);

/// Why a placement that only a module's addition makes legal is no move.
const ONLY_ACTIONS: &str =
    "this placement needs a module's answer before its figure: play it with apply_action";

/// Why a placement a module follows with a decision before its figure is
/// no move.
const ASKED_AFTER_PLACING: &str =
    "a decision comes between this placement and its figure: answer it with apply_action";

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
    /// Decisions modules posed: `Game::asks[0]` is pending; once all are
    /// answered the turn goes on at `resume`.
    Ask {
        resume: Resume,
    },
    Over,
}

/// The step a turn goes on with once the decisions posed before it are
/// answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resume {
    /// The figure step of the tile placed (decisions after placing).
    Wood(u16),
    /// The step before the scoring of the tile placed (decisions after
    /// the figure step).
    Score(u16),
    /// The scoring of the tile placed (decisions on the features about to
    /// score: a castle's conversion).
    Scoring(u16),
    /// After the part's scoring (decisions during scoring: wagons).
    AfterScore(u16),
    /// The part's end (decisions after scoring).
    PartEnd,
    /// Another part or the turn's end (decisions at the part's end: the
    /// builder's second tile).
    NextPart,
    /// The next turn (decisions at the turn's end).
    NextTurn,
    /// The final scoring (decisions at the game's end, before it).
    Final,
    /// The turn's first part (decisions at the turn's start).
    BeginPart,
    /// An extra turn's tile, given (decisions at its start).
    Given,
    /// The tile drawn (`Game::current`), before anyone considers where it
    /// fits (decisions on a drawn tile, `Hook::Drawn`).
    Drawn,
}

impl Game {
    // ----- what is asked ---------------------------------------------------

    /// Who decides now and what; `None` once the game is over.
    pub fn pending(&self) -> Option<Pending> {
        let decision = match self.phase {
            Phase::Source { .. } => Decision::Source,
            Phase::Place => Decision::Place,
            Phase::Wood { .. } => Decision::Wood,
            Phase::Ask { .. } => {
                let ask = self.asks[0];
                return Some(Pending {
                    actor: ask.actor(),
                    decision: ask.decision(),
                });
            }
            Phase::Over => return None,
        };
        Some(Pending {
            actor: Actor::Player(self.to_move),
            decision,
        })
    }

    /// The tile drawn that waits to be placed, shown to everyone: while the
    /// placement is asked, and while decisions posed on the tile drawn are
    /// answered first (`Hook::Drawn`: the Wheel of Fortune's Plague).
    pub fn tile_to_place(&self) -> Option<u16> {
        match self.phase {
            Phase::Place
            | Phase::Ask {
                resume: Resume::Drawn,
            } => self.current,
            _ => None,
        }
    }

    /// Whether the pending decision was posed on the tile drawn, before its
    /// placement (`Hook::Drawn`: the Wheel of Fortune's Plague): its answer
    /// belongs to the drawn tile's turn, not to the turn that drew it.
    pub fn asked_at_draw(&self) -> bool {
        matches!(
            self.phase,
            Phase::Ask {
                resume: Resume::Drawn
            }
        )
    }

    /// The module's decision pending, if one is.
    pub(crate) fn pending_ask(&self) -> Option<mechanics::Ask> {
        match self.phase {
            Phase::Ask { .. } => self.asks.first().copied(),
            _ => None,
        }
    }

    /// For bots' what-ifs: this game as if `player` were to place `tile`
    /// now, in a turn of their own (the decisions pending dropped).
    pub(crate) fn suppose_turn(&mut self, player: u8, tile: u16) {
        self.asks.clear();
        self.to_move = player;
        self.part = 1;
        self.another_part = false;
        self.current = Some(tile);
        self.phase = Phase::Place;
        self.drawn.forget();
    }

    /// Whether every decision of this ruleset is answered by `apply(Move)`
    /// (a placement and a figure on the new tile), so the fused path can
    /// play whole games.
    pub fn moves_suffice(&self) -> bool {
        self.fused
    }

    /// Every legal answer to the pending decision, into `out` (cleared
    /// first): the one authority on legality (`apply_action` accepts
    /// exactly these).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Place => {
                // With the placements a module makes legal, in order.
                self.placements_as(out, Action::Place);
                if self.place_pass(out.len()) {
                    out.push(Action::Pass);
                }
            }
            Phase::Wood { placed } => {
                if let Some((m, _)) = self.compelled(placed) {
                    mechanics::answers(m, self, At::Wood(placed), out);
                    return;
                }
                out.push(Action::Pass);
                self.figures_into(self.placed[placed as usize].placement(), out);
                if mechanics::live(self, Hook::WoodAnswers) {
                    mechanics::wood_alternatives(self, placed, out);
                }
            }
            Phase::Source { draw } => {
                out.push(if draw { Action::Draw } else { Action::Pass });
                mechanics::source_actions(self, out);
            }
            Phase::Ask { .. } => {
                let ask = self.asks[0];
                mechanics::answers(ask.mech, self, At::Ask(ask), out);
            }
            Phase::Over => {}
        }
    }

    /// Whether a placement decision with `n` legal placements also offers a
    /// pass (after them): a tile only a module's addition places may be
    /// declined, and a scripted game's tile that fits nowhere is passed.
    pub(super) fn place_pass(&self, n: usize) -> bool {
        (mechanics::live(self, Hook::Enables) && self.only_enabled())
            || (n == 0 && self.told_unfit())
    }

    /// Every legal answer to the pending decision (empty once the game is
    /// over): the one authority on what is legal.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    // ----- answering -------------------------------------------------------

    /// Answer the pending decision. An illegal action is refused with a
    /// typed error and the state unchanged.
    pub fn apply_action(
        &mut self,
        a: Action,
        events: &mut Vec<ScoreEvent>,
    ) -> Result<(), ActionError> {
        if let Phase::Wood { placed } = self.phase {
            if let Some((m, why)) = self.compelled(placed) {
                if !matches!(a, Action::Do(v) if v.mech == m) {
                    return Err(MoveError::rule(m, why).into());
                }
            }
        }
        match (self.phase, a) {
            (Phase::Place, Action::Place(p)) => {
                let t = self.current.ok_or(ActionError::GameOver)?;
                self.check_place(&self.rules.tiles[t as usize], p)?;
                let idx = self.place_part(t, p);
                self.enter_wood(idx, events);
            }
            // Declining a tile that only a module's addition would place:
            // it goes out of the game like one that fits nowhere.
            (Phase::Place, Action::Pass) if self.only_enabled() || self.told_unfit() => {
                self.discard_current();
                self.draw(events);
                if self.current.is_none() {
                    self.tiles_out(events);
                }
            }
            (Phase::Wood { placed }, Action::Deploy(d)) => {
                let q = self.placed[placed as usize];
                self.check_deploy(&self.rules.tiles[q.tile as usize], q.placement(), d)?;
                self.deploy(placed as usize, d);
                self.end_wood(placed as usize, events);
            }
            (Phase::Wood { placed }, Action::Pass) => self.end_wood(placed as usize, events),
            // An extra before the figure step's answer (the ransom): the
            // step goes on.
            (Phase::Wood { placed }, Action::Do(v))
                if self.rules.hooks.plays(v.mech) && v.def().answers == Answers::Free =>
            {
                mechanics::act(v.mech, self, At::Wood(placed), a, events)?;
            }
            // An alternative to deploying, offered by a module.
            (Phase::Wood { placed }, Action::Do(v))
                if self.rules.hooks.plays(v.mech) && v.def().answers == Answers::Wood =>
            {
                mechanics::act(v.mech, self, At::Wood(placed), a, events)?;
                self.end_wood(placed as usize, events);
            }
            (Phase::Source { draw: true }, Action::Draw) => {
                self.phase = Phase::Place;
                self.draw(events);
                if self.current.is_none() {
                    self.tiles_out(events);
                }
            }
            // Declining the end-of-game round's extra (an abbey left unplayed).
            (Phase::Source { draw: false }, Action::Pass) => self.next_turn(events),
            // A tile held instead of drawing (the abbey), by its module.
            (Phase::Source { .. }, Action::Do(v)) if self.rules.hooks.plays(v.mech) => {
                let before = self.placed.len();
                mechanics::act(v.mech, self, At::Source, a, events)?;
                debug_assert_eq!(self.placed.len(), before + 1, "a held tile was placed");
                self.last_placer = self.to_move;
                self.enter_wood(before, events);
            }
            (Phase::Ask { .. }, a) => {
                let ask = self.asks[0];
                let done = self.answer(ask, a, events);
                done?;
                self.asks.remove(0);
                if ask.by_chance() {
                    self.dealt.push(super::game::Dealt {
                        ask,
                        action: a,
                        stated: true,
                    });
                }
                self.go_on(events);
            }
            _ => {
                return Err(match self.pending() {
                    Some(p) => ActionError::NotNow {
                        action: a.name(),
                        expected: p.decision.name(),
                    },
                    None => ActionError::GameOver,
                })
            }
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
            Some(Pending {
                actor: Actor::Chance,
                ..
            }) => Err(ActionError::ChanceDecides { player }),
            Some(_) => self.apply_action(a, events),
        }
    }

    // ----- the fused path ----------------------------------------------------

    /// Check a move without changing anything.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let t = self.current.ok_or(MoveError::GameOver)?;
        let tile = &self.rules.tiles[t as usize];
        self.check_place(tile, mv.placement)?;
        if !self.fits_by_edges(tile, mv.placement) {
            // Placed through a module's addition (a bridge), which a move
            // cannot carry.
            return Err(MoveError::Waiting(ONLY_ACTIONS));
        }
        if self.asks_after_placing(tile, mv.placement) {
            return Err(MoveError::Waiting(ASKED_AFTER_PLACING));
        }
        if let Some(d) = mv.deploy {
            self.check_deploy(tile, mv.placement, d)?;
        }
        Ok(())
    }

    /// Whether placing the current tile at `p` (legal) stops before its
    /// figure step for a module's decision, found by placing it on a copy:
    /// for a module whose question depends on what the placement joins
    /// (`Mechanic::asks_after_place`: a tile joining the mage's feature with
    /// the witch's).
    pub(crate) fn asks_once_placed(&self, p: Placement) -> bool {
        let Some(t) = self.current else {
            return false;
        };
        let mut copy = self.clone();
        let idx = copy.place_part(t, p);
        copy.enter_wood(idx, &mut Vec::new());
        copy.phase != (Phase::Wood { placed: idx as u16 })
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
    /// `apply_action(Deploy | Pass)`, with one check up front. In a ruleset
    /// whose decisions are not all moves, a move the game would interrupt
    /// between its placement and its figure (a decision after placing) is
    /// refused with `MoveError::Waiting`, and nothing changes.
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
        if !self.fused {
            return self.apply_unfused(t, mv, events);
        }
        let idx = self.place_part(t, mv.placement);
        if let Some(d) = mv.deploy {
            self.deploy(idx, d);
        }
        self.end_wood(idx, events);
        Ok(())
    }

    /// `apply_into` where a module may ask something after the placement:
    /// the placement, then the figure if the game then asks for it.
    #[cold]
    fn apply_unfused(
        &mut self,
        t: u16,
        mv: Move,
        events: &mut Vec<ScoreEvent>,
    ) -> Result<(), MoveError> {
        let before = self.clone();
        let idx = self.place_part(t, mv.placement);
        self.enter_wood(idx, events);
        if let Some((m, why)) = self.compelled(idx as u16) {
            *self = before;
            return Err(MoveError::rule(m, why));
        }
        if self.phase != (Phase::Wood { placed: idx as u16 }) {
            *self = before;
            return Err(MoveError::Waiting(ASKED_AFTER_PLACING));
        }
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
    /// any `Decision::Wood` answer), or for a decision a module posed after
    /// placing; returns the placed tile's index.
    pub(crate) fn place_listed(&mut self, p: Placement, events: &mut Vec<ScoreEvent>) -> usize {
        debug_assert!(
            self.phase == Phase::Place
                && self
                    .current
                    .is_some_and(|t| self.check_place(&self.rules.tiles[t as usize], p).is_ok()),
            "{p:?} is not a legal placement here"
        );
        let t = self.current.expect("a tile waits to be placed");
        let idx = self.place_part(t, p);
        self.enter_wood(idx, events);
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
    /// `apply_action`. For callers that answer only from the list they just
    /// made (the benchmark, the Python package's vectorised environment):
    /// an action that was not listed may leave the game inconsistent, so
    /// anything else takes `apply_action`.
    pub fn apply_listed_action(&mut self, a: Action, events: &mut Vec<ScoreEvent>) {
        match (self.phase, a) {
            (Phase::Place, Action::Place(p)) => {
                self.place_listed(p, events);
            }
            (Phase::Wood { placed }, Action::Deploy(d)) => {
                self.wood_listed(placed as usize, Some(d), events)
            }
            (Phase::Wood { placed }, Action::Pass) => {
                self.wood_listed(placed as usize, None, events)
            }
            _ => {
                // The module carrying it out skips finding it among its
                // answers (checked still in debug builds).
                self.listed = Some(a);
                let done = self.apply_action(a, events);
                self.listed = None;
                done.expect("the action was listed for this state")
            }
        }
    }

    /// The module whose answers alone are allowed at the figure step of
    /// tile `placed` now, and why.
    #[inline]
    fn compelled(&self, placed: u16) -> Option<(mechanics::Mech, &'static str)> {
        if mechanics::live(self, Hook::WoodAnswers) {
            mechanics::compelled(self, placed)
        } else {
            None
        }
    }

    // ----- the steps of a turn ---------------------------------------------

    /// Place the current tile `t` at `p` (checked) for this part.
    fn place_part(&mut self, t: u16, p: Placement) -> usize {
        self.last_placer = self.to_move;
        self.put(t, p)
    }

    /// Tile `idx` is down: the figure step, unless a module asks first.
    fn enter_wood(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        self.phase = Phase::Wood { placed: idx as u16 };
        self.stop_for_asks(Resume::Wood(idx as u16), events);
    }

    /// Wood is moved: after the modules' step before scoring (the dragon),
    /// score what the tile completed (completion is fixed by the placement,
    /// scoring follows deployment, 000_9deb58b1a7d17d38.txt L195-L209).
    #[inline(always)]
    pub(crate) fn end_wood(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        if self.ext.live_hooks & FLOW == 0 && self.asks.is_empty() {
            // No module acts between this figure step and the next draw:
            // the chain below with every step's hook skipped (a module that
            // gives extra turns sits on `Hook::TurnEnd`).
            debug_assert!(!self.in_interlude());
            self.score_completed(idx, events);
            if self.asks.is_empty() {
                self.next_turn(events);
                return;
            }
            self.score_asked(idx, events);
            return;
        }
        self.end_wood_steps(idx, events);
    }

    /// `end_wood` where modules act on the way.
    #[inline(never)]
    fn end_wood_steps(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        if mechanics::live(self, Hook::AfterWood) {
            mechanics::after_wood(self, idx, events);
            if self.stop_for_asks(Resume::Score(idx as u16), events) {
                return;
            }
        }
        self.before_score(idx, events);
    }

    /// The decisions after the figure step are answered: the modules' say
    /// on the features about to score (a town's occupier may make it a
    /// castle, 000_9deb58b1a7d17d38.txt L2489, fn 25 L2626), then the
    /// scoring.
    #[inline(always)]
    fn before_score(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        if mechanics::live(self, Hook::BeforeScore) {
            mechanics::before_score(self, idx, events);
            if self.stop_for_asks(Resume::Scoring(idx as u16), events) {
                return;
            }
        }
        self.score_part(idx, events);
    }

    /// The part's scoring step; decisions posed during it (where a wagon
    /// moves) are asked from the active player clockwise
    /// (000_9deb58b1a7d17d38.txt L1674).
    #[inline(always)]
    fn score_part(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        self.score_completed(idx, events);
        if mechanics::live(self, Hook::Scoring) {
            mechanics::scoring(self, idx, events);
        }
        self.score_asked(idx, events);
    }

    /// The scoring step is over: its decisions, then the rest of the part.
    #[inline(always)]
    fn score_asked(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        if self.stop_for_asks(Resume::AfterScore(idx as u16), events) {
            return;
        }
        self.after_score(idx, events);
    }

    #[inline(always)]
    fn after_score(&mut self, idx: usize, events: &mut Vec<ScoreEvent>) {
        if mechanics::live(self, Hook::AfterScore) {
            mechanics::after_score(self, idx, events);
            if self.stop_for_asks(Resume::PartEnd, events) {
                return;
            }
        }
        self.end_part(events);
    }

    /// The part's scoring is over: the modules say whether another part
    /// follows (and may ask the player).
    #[inline(always)]
    fn end_part(&mut self, events: &mut Vec<ScoreEvent>) {
        if mechanics::live(self, Hook::PartEnd) {
            if mechanics::part_end(self) == mechanics::NextPart::Take {
                self.another_part = true;
            }
            if self.stop_for_asks(Resume::NextPart, events) {
                return;
            }
        }
        self.next_part(events);
    }

    /// Another part (never a third, L884), or the turn's end; extra turns
    /// modules gave during the part come first (`extra.rs`).
    #[inline(always)]
    pub(crate) fn next_part(&mut self, events: &mut Vec<ScoreEvent>) {
        if self.interrupts() {
            self.next_extra(false, events);
            return;
        }
        if std::mem::take(&mut self.another_part) && self.part == 1 {
            self.part += 1;
            self.begin_part(events);
            return;
        }
        self.end_turn(events);
    }

    /// The turn's end: the modules' step there, then what follows it.
    #[inline(always)]
    pub(crate) fn end_turn(&mut self, events: &mut Vec<ScoreEvent>) {
        if mechanics::live(self, Hook::TurnEnd) {
            mechanics::turn_end(self, events);
            if self.stop_for_asks(Resume::NextTurn, events) {
                return;
            }
        }
        self.turn_over(events);
    }

    /// A turn is over: the extra turns modules gave, or back to the turn
    /// they interrupted, or the next turn.
    #[inline(always)]
    fn turn_over(&mut self, events: &mut Vec<ScoreEvent>) {
        if self.in_interlude() {
            self.next_extra(true, events);
            return;
        }
        self.next_turn(events);
    }

    #[inline(always)]
    pub(crate) fn next_turn(&mut self, events: &mut Vec<ScoreEvent>) {
        self.turn += 1;
        self.part = 1;
        // The next seat without a division (this runs every turn).
        self.to_move = if self.to_move + 1 == self.players {
            0
        } else {
            self.to_move + 1
        };
        self.begin_turn(events);
    }

    /// A turn begins: the modules' step at its start (the fairy's point,
    /// scored as the turn's own), then its first part.
    #[inline(always)]
    pub(crate) fn begin_turn(&mut self, events: &mut Vec<ScoreEvent>) {
        if mechanics::live(self, Hook::TurnStart) && self.next < self.stack_end() {
            self.when = When::TurnStart;
            mechanics::turn_start(self, events);
            self.when = When::Play;
            if self.stop_for_asks(Resume::BeginPart, events) {
                return;
            }
        }
        self.begin_part(events);
    }

    /// A part begins: the player may be asked where the tile comes from (a
    /// tile held, the abbey), else the tile is drawn; with none left the
    /// game moves to its end.
    #[inline(always)]
    pub(crate) fn begin_part(&mut self, events: &mut Vec<ScoreEvent>) {
        // With the stack empty, only a second part is asked here (the abbey
        // as the builder's second tile, fn 5 L1838); first parts go to the
        // end-of-game round, which asks each player once.
        let tiles_left = self.next < self.stack_end();
        if mechanics::live(self, Hook::Source)
            && (tiles_left || self.part > 1)
            && self.holds_a_placeable_tile()
        {
            self.current = None;
            self.phase = Phase::Source { draw: tiles_left };
            return;
        }
        self.phase = Phase::Place;
        self.draw(events);
        if self.current.is_none() {
            self.tiles_out(events);
        }
    }

    /// Whether the player to move may place a tile held instead of drawing.
    fn holds_a_placeable_tile(&self) -> bool {
        let mut two = FirstTwo::default();
        mechanics::source_actions(self, &mut two);
        two.n > 0
    }

    /// No tile can be drawn: the modules' extra turns first (the abbey round,
    /// from the left of the last placer), then the end.
    pub(crate) fn tiles_out(&mut self, events: &mut Vec<ScoreEvent>) {
        self.current = None;
        if self.in_interlude() {
            // An extra turn's second part finds no tile: that turn ends, and
            // the extra turns still given are played before the end.
            self.end_turn(events);
            return;
        }
        if mechanics::live(self, Hook::TilesOut) {
            if let Some(p) = mechanics::tiles_out(self) {
                self.to_move = p;
                self.part = 1;
                self.phase = Phase::Source { draw: false };
                return;
            }
        }
        // Before the final scoring, modules may ask players (the Count's
        // rounds out of the City, 000_9deb58b1a7d17d38.txt fn 27 L2166).
        if mechanics::live(self, Hook::BeforeFinal) {
            mechanics::before_final(self, events);
            if self.stop_for_asks(Resume::Final, events) {
                return;
            }
        }
        self.final_scoring(events);
    }

    /// The tiles and the decisions before the end are done: the final
    /// scoring, unless a scripted game holds it (`hold_final_scoring`).
    fn final_scoring(&mut self, events: &mut Vec<ScoreEvent>) {
        if self.hold_final {
            self.current = None;
            self.phase = Phase::Place;
            return;
        }
        self.finish_into(events);
    }

    // ----- decisions modules pose -----------------------------------------

    /// If modules posed decisions, wait for them (ordered from the active
    /// player clockwise, L1674; answered at once where there is one answer)
    /// and go on at `resume` once they are answered; whether the game now
    /// waits.
    #[inline(always)]
    pub(crate) fn stop_for_asks(&mut self, resume: Resume, events: &mut Vec<ScoreEvent>) -> bool {
        if self.asks.is_empty() {
            return false;
        }
        self.stop_at(resume, events)
    }

    #[inline(never)]
    fn stop_at(&mut self, resume: Resume, events: &mut Vec<ScoreEvent>) -> bool {
        let (me, n) = (self.to_move, self.players);
        // Chance's decisions keep their place among the active player's.
        self.asks.sort_by_key(|a| match a.by_chance() {
            true => 0,
            false => (a.player + n - me) % n,
        });
        self.phase = Phase::Ask { resume };
        if self.settle_asks(events) {
            return true;
        }
        // Every decision had one answer: no stop after all (the caller
        // goes on, and sets the phase again).
        self.phase = match resume {
            Resume::Wood(idx) => Phase::Wood { placed: idx },
            _ => Phase::Place,
        };
        false
    }

    /// Answer every decision at the front of the queue that has one answer
    /// (a wagon with nowhere to go goes home; a dragon at a fork of one
    /// way moves on); whether one with a choice waits.
    fn settle_asks(&mut self, events: &mut Vec<ScoreEvent>) -> bool {
        while let Some(&ask) = self.asks.first() {
            if ask.by_chance() && !self.states_chance() {
                // A seeded game deals chance's answers itself.
                self.deal_chance(ask, events);
                self.asks.remove(0);
                continue;
            }
            let mut two = FirstTwo::default();
            mechanics::answers(ask.mech, self, At::Ask(ask), &mut two);
            match two.first {
                Some(a) if two.n == 1 => {
                    let done = self.answer(ask, a, events);
                    debug_assert!(done.is_ok(), "the one answer to {ask:?} is legal: {done:?}");
                    self.asks.remove(0);
                    if ask.by_chance() {
                        // Certain: no one is asked, and the record lists it.
                        self.dealt.push(super::game::Dealt {
                            ask,
                            action: a,
                            stated: false,
                        });
                    }
                }
                Some(_) => return true,
                None => {
                    debug_assert!(false, "a module posed {ask:?} with no answer");
                    self.asks.remove(0);
                }
            }
        }
        false
    }

    /// A posed decision was answered: the next one, or the turn goes on.
    fn go_on(&mut self, events: &mut Vec<ScoreEvent>) {
        if self.settle_asks(events) {
            return;
        }
        let Phase::Ask { resume } = self.phase else {
            return;
        };
        match resume {
            Resume::Wood(idx) => self.phase = Phase::Wood { placed: idx },
            Resume::Score(idx) => self.before_score(idx as usize, events),
            Resume::Scoring(idx) => self.score_part(idx as usize, events),
            Resume::AfterScore(idx) => self.after_score(idx as usize, events),
            Resume::PartEnd => self.end_part(events),
            Resume::NextPart => self.next_part(events),
            Resume::NextTurn => self.turn_over(events),
            Resume::BeginPart => self.begin_part(events),
            Resume::Given => self.take_given(events),
            Resume::Drawn => self.after_drawn(events),
            Resume::Final => self.final_scoring(events),
        }
    }

    // ----- the end ---------------------------------------------------------

    /// Scripted games only: when the tiles are out and every decision
    /// before the end is answered, wait with no tile instead of scoring the
    /// end (`finish` scores it): a board with the figures still standing,
    /// as the replay's observer wants it.
    pub fn hold_final_scoring(&mut self) -> Result<(), super::game::ForceDrawError> {
        if !self.scripted {
            return Err(super::game::ForceDrawError::NotScripted);
        }
        self.hold_final = true;
        Ok(())
    }

    /// Scripted games only: the tiles run out now, before the tile to place
    /// (which goes back unplayed): the extra turns and the decisions before
    /// the final scoring follow as in a game whose stack is empty (rule
    /// scenarios of the game's end).
    pub fn force_tiles_out(
        &mut self,
        events: &mut Vec<ScoreEvent>,
    ) -> Result<(), super::game::ForceDrawError> {
        if !self.scripted {
            return Err(super::game::ForceDrawError::NotScripted);
        }
        if self.is_over() {
            return Err(super::game::ForceDrawError::GameOver);
        }
        if self.phase != Phase::Place {
            return Err(super::game::ForceDrawError::NotDrawn);
        }
        self.stack.truncate(
            self.next
                .saturating_sub(usize::from(self.current.is_some())),
        );
        self.next = self.stack.len();
        self.buried = 0;
        self.tiles_out(events);
        Ok(())
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

    pub(crate) fn finish_into(&mut self, events: &mut Vec<ScoreEvent>) {
        self.current = None;
        self.phase = Phase::Over;
        self.asks.clear();
        self.when = When::End;
        super::scoring::final_scoring(self, events);
        if mechanics::live(self, Hook::GameEnd) {
            mechanics::game_end(self, events);
        }
        self.when = When::Play;
    }
}
