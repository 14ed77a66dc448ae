//! One game served over the protocol: the engine's game, its record so
//! far, and every input that led there, so that undo can rebuild the
//! previous state exactly (the engine is deterministic: the same setup and
//! the same inputs give the same game, the same record).

use std::sync::Arc;

use carcassonne_runtime::engine::{
    start_placements, Action, ActionError, Decision, FollowerKind, Game, Placement, ScoreEvent,
};
use carcassonne_runtime::record::{Record, Recorder, SourceRec};
use carcassonne_runtime::tables::Ruleset;

use super::protocol::{Code, Failure};

/// What a client sent that changed the game, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Input {
    /// An answer to a player's decision, `by` a named player or by whoever
    /// the game asks.
    Act { by: Option<u8>, action: Action },
    /// A chance answer in a scripted game: who takes this turn, which tile
    /// is drawn.
    Chance {
        player: Option<u8>,
        tile: Option<u16>,
    },
}

/// A game and how it came to be.
#[derive(Debug, Clone)]
pub struct Session {
    pub rules: &'static Ruleset,
    /// Copies of a ruleset file's sources for the record (shared, not
    /// copied, when undo rebuilds the session).
    sources: Option<Arc<Vec<SourceRec>>>,
    /// The start tiles as placed at setup (the first `start.len()` tiles
    /// of `Game::placed`).
    start: Vec<(u16, Placement)>,
    scripted: bool,
    /// The game as set up, before any input.
    fresh: Game,
    pub game: Game,
    recorder: Recorder,
    inputs: Vec<Input>,
    /// Scripted games: the tile now current was chosen by the client.
    /// Every action that leads to a placement leads to a new draw, so any
    /// action clears it.
    drawn: bool,
    /// The kinds of figure the ruleset hands out (a player's supply lists
    /// these).
    pub kinds: Vec<FollowerKind>,
}

fn refused(e: ActionError) -> Failure {
    let code = match e {
        ActionError::WrongPlayer { .. } | ActionError::ChanceDecides { .. } => Code::WrongPlayer,
        ActionError::GameOver => Code::GameOver,
        ActionError::NotNow { .. } | ActionError::Illegal(_) => Code::IllegalAction,
    };
    Failure::new(code, e.to_string())
}

impl Session {
    /// A seeded game (`seed`), or a scripted one (`scripted`: its tiles
    /// and turn order chosen by `chance` answers) starting from `start`
    /// (the ruleset's start tiles when `None`).
    pub fn new(
        rules: &'static Ruleset,
        sources: Option<Vec<SourceRec>>,
        players: u8,
        seed: Option<u64>,
        start: Option<Vec<(u16, Placement)>>,
    ) -> Result<Session, Failure> {
        let start = start.unwrap_or_else(|| start_placements(rules));
        let setup = match seed {
            Some(seed) => Game::new(rules, players, seed),
            None => Game::new_scripted(rules, players, &start),
        };
        let fresh = setup.map_err(|e| Failure::new(Code::BadSetup, e.to_string()))?;
        let kinds = FollowerKind::ALL
            .into_iter()
            .filter(|&k| fresh.figures(0, k) > 0)
            .collect();
        Ok(Session {
            rules,
            sources: sources.map(Arc::new),
            scripted: seed.is_none(),
            // A scripted game's record is a scenario: no seed, its own start
            // tiles (docs/reference/records.md); `Recorder::new` writes it so.
            recorder: Recorder::new(&fresh, None),
            start,
            game: fresh.clone(),
            fresh,
            inputs: Vec::new(),
            drawn: false,
            kinds,
        })
    }

    pub fn scripted(&self) -> bool {
        self.scripted
    }

    /// How many inputs `undo` can take back.
    pub fn depth(&self) -> usize {
        self.inputs.len()
    }

    /// A scripted game waits for the client to say which tile is drawn:
    /// the engine has drawn one to place, but not one the client chose (a
    /// tile given with an extra turn, a bazaar's, was not drawn).
    pub fn chance_pending(&self) -> bool {
        self.scripted
            && !self.drawn
            && !self.game.tile_given()
            && self
                .game
                .pending()
                .is_some_and(|p| p.decision == Decision::Place)
    }

    /// Refuse a player's answer while the tile to place is not drawn.
    pub fn no_chance_pending(&self) -> Result<(), Failure> {
        if self.chance_pending() {
            return Err(Failure::new(
                Code::ChancePending,
                "this scripted game waits for a chance answer (the tile drawn) before anyone places",
            ));
        }
        Ok(())
    }

    /// Whether a scripted game may be told who takes this turn: at its
    /// start, while tiles are left (the end-of-game abbey round has its own
    /// order).
    pub fn may_choose_player(&self) -> bool {
        let g = &self.game;
        self.scripted
            && g.part() == 1
            && match g.pending() {
                Some(p) if p.decision == Decision::Source => {
                    g.legal_actions().contains(&Action::Draw)
                }
                Some(_) => self.chance_pending(),
                None => false,
            }
    }

    /// The tile drawn for the pending placement, for everyone to see, also
    /// while decisions posed on it come first (`Game::tile_to_place`: the
    /// Wheel of Fortune's Plague). The engine keeps its last draw after the
    /// placement too, when it is on the board already; before a scripted
    /// game's chance answer the engine's pick is no one's.
    pub fn to_place(&self) -> Option<u16> {
        match self.chance_pending() {
            true => None,
            false => self.game.tile_to_place(),
        }
    }

    /// The tiles not yet seen by anyone, as counts by tile type: every tile
    /// of the ruleset but the start tiles, those placed, those removed
    /// (drawn and fitting nowhere), those set aside face up now (a dragon
    /// tile before the dragon: once shuffled back they are face down again)
    /// and the one to place. Their order is what a player must not know,
    /// and is not given. (Abbeys are held, not drawn: the ruleset counts
    /// none of them among its tiles.)
    pub fn unseen(&self) -> Vec<u32> {
        let g = &self.game;
        let mut n: Vec<u32> = self
            .rules
            .tiles
            .iter()
            .map(|t| u32::from(t.count))
            .collect();
        let mut take = |t: u16| {
            if let Some(c) = n.get_mut(t as usize) {
                *c = c.saturating_sub(1);
            }
        };
        for &(t, _) in &self.start {
            take(t);
        }
        for q in g.placed().iter().skip(self.start.len()) {
            take(q.tile);
        }
        for t in g.removed() {
            take(t);
        }
        for &(t, _) in g.set_aside() {
            take(t);
        }
        if let Some(t) = self.to_place() {
            take(t);
        }
        n
    }

    /// The chance node's answers: each unseen tile that fits somewhere on
    /// the board, with its count (a scripted game discards nothing, so a
    /// tile that fits nowhere cannot be drawn).
    pub fn chance_tiles(&self) -> Vec<(u16, u32)> {
        if !self.chance_pending() {
            return Vec::new();
        }
        let mut trial = self.game.clone();
        self.unseen()
            .into_iter()
            .enumerate()
            .filter(|&(t, n)| {
                n > 0 && {
                    trial.clone_from(&self.game);
                    trial.force_draw(t as u16).is_ok() && !trial.told_unfit()
                }
            })
            .map(|(t, n)| (t as u16, n))
            .collect()
    }

    /// Answer the pending decision (as `by`, when given); the events it
    /// caused. Refused: the state is unchanged.
    pub fn apply(&mut self, by: Option<u8>, action: Action) -> Result<Vec<ScoreEvent>, Failure> {
        self.no_chance_pending()?;
        let before = self.game.clone();
        let mut events = Vec::new();
        match by {
            Some(p) => self.game.apply_action_by(p, action, &mut events),
            None => self.game.apply_action(action, &mut events),
        }
        .map_err(refused)?;
        self.recorder
            .note_action(&before, action, &events, &self.game);
        self.drawn = false;
        self.inputs.push(Input::Act { by, action });
        Ok(events)
    }

    /// A scripted game's chance answer: `player` takes this turn (at its
    /// start), `tile` is the tile drawn; the points the draw scored (a
    /// module's step on the tile drawn: the Wheel of Fortune's pig).
    /// Refused: the state is unchanged.
    pub fn chance(
        &mut self,
        player: Option<u8>,
        tile: Option<u16>,
    ) -> Result<Vec<ScoreEvent>, Failure> {
        if !self.scripted {
            return Err(Failure::new(
                Code::NotScripted,
                "this game's seed draws its tiles; only a scripted game (`\"scripted\": true`) takes chance answers",
            ));
        }
        if self.game.is_over() {
            return Err(Failure::new(Code::GameOver, "the game is over"));
        }
        if player.is_none() && tile.is_none() {
            return Err(Failure::new(
                Code::MissingField,
                "`chance` needs `tile` or `index` (the tile drawn), `player` (who takes this turn), or both",
            ));
        }
        if let Some(p) = player {
            if p >= self.game.players() {
                return Err(Failure::new(
                    Code::BadField,
                    format!(
                        "there is no player {p} (players 0-{})",
                        self.game.players() - 1
                    ),
                ));
            }
            if !self.may_choose_player() {
                return Err(Failure::new(
                    Code::NotChance,
                    "who takes a turn is chosen at its start only (before its tile is drawn or the abbey placed)",
                ));
            }
        }
        if tile.is_some() && player.is_none() && !self.chance_pending() {
            return Err(Failure::new(
                Code::NotChance,
                "no tile is to be drawn now: a player decides",
            ));
        }
        let saved = (self.game.clone(), self.drawn);
        let told = self.game.untold_events().len();
        if let Err(e) = self.force(player, tile) {
            (self.game, self.drawn) = saved;
            return Err(e);
        }
        self.inputs.push(Input::Chance { player, tile });
        Ok(self
            .game
            .untold_events()
            .get(told..)
            .unwrap_or(&[])
            .to_vec())
    }

    fn force(&mut self, player: Option<u8>, tile: Option<u16>) -> Result<(), Failure> {
        let id = |t: u16| self.rules.tiles[t as usize].id;
        if let Some(p) = player {
            self.game
                .force_player(p)
                .map_err(|e| Failure::new(Code::NotChance, e.to_string()))?;
        }
        let Some(t) = tile else {
            return Ok(());
        };
        if !self.chance_pending() {
            return Err(Failure::new(
                Code::NotChance,
                format!(
                    "player {} is asked first whether to draw or place their abbey: send `player` alone, then the tile",
                    self.game.to_move()
                ),
            ));
        }
        if self.unseen().get(t as usize).copied().unwrap_or(0) == 0 {
            return Err(Failure::new(
                Code::NotChance,
                format!("no copy of tile {} is left to draw", id(t)),
            ));
        }
        self.game
            .force_draw(t)
            .map_err(|e| Failure::new(Code::NotChance, e.to_string()))?;
        if self.game.told_unfit() {
            return Err(Failure::new(
                Code::NotChance,
                format!("tile {} fits nowhere on the board", id(t)),
            ));
        }
        self.drawn = true;
        Ok(())
    }

    /// Take back the last `steps` inputs: the game is rebuilt from its setup
    /// with the inputs before them, so it is exactly as it was.
    pub fn undo(&mut self, steps: usize) -> Result<(), Failure> {
        if steps == 0 || steps > self.inputs.len() {
            return Err(Failure::new(
                Code::NothingToUndo,
                format!(
                    "cannot take back {steps} step(s): {} taken so far",
                    self.inputs.len()
                ),
            ));
        }
        let keep = self.inputs.len() - steps;
        *self = self.replayed(keep)?;
        Ok(())
    }

    /// This session rebuilt from its setup with its first `keep` inputs.
    pub fn replayed(&self, keep: usize) -> Result<Session, Failure> {
        let mut s = Session {
            rules: self.rules,
            sources: self.sources.clone(),
            start: self.start.clone(),
            scripted: self.scripted,
            fresh: self.fresh.clone(),
            game: self.fresh.clone(),
            recorder: Recorder::new(&self.fresh, None),
            inputs: Vec::with_capacity(self.inputs.len()),
            drawn: false,
            kinds: self.kinds.clone(),
        };
        for &input in &self.inputs[..keep] {
            match input {
                Input::Act { by, action } => s.apply(by, action).map(|_| ()),
                Input::Chance { player, tile } => s.chance(player, tile).map(|_| ()),
            }
            .map_err(|f| {
                Failure::new(
                    Code::Internal,
                    format!("rebuilding the game, an input was refused: {}", f.message),
                )
            })?;
        }
        Ok(s)
    }

    /// The record so far without its sources, borrowed (to compare
    /// without a copy).
    pub fn recorded(&self) -> &Record {
        &self.recorder.record
    }

    /// The game record so far, as `play --record` writes it.
    pub fn record(&self) -> Record {
        let mut r = self.recorder.record.clone();
        r.sources = self.sources.as_ref().map(|s| s.as_ref().clone());
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_runtime::bots::{BotKind, SimpleBot};

    /// The unseen multiset holds exactly the tiles still face down: as many
    /// as the engine has left, at every step of games in every ruleset.
    #[test]
    fn the_unseen_tiles_are_the_ones_face_down() {
        for rules in carcassonne_runtime::rulesets() {
            let players = rules.options.min_players.max(2);
            let mut s = Session::new(rules, None, players, Some(3), None).expect("sets up");
            let mut bot = SimpleBot::new(BotKind::Random, 3);
            loop {
                // Face down: still to draw, or under a hill (Hills & Sheep).
                let n: u32 = s.unseen().iter().sum();
                assert_eq!(
                    n as usize,
                    s.game.remaining() + s.game.buried(),
                    "{}",
                    rules.id
                );
                let Some(a) = bot.choose_action(&s.game) else {
                    break;
                };
                s.apply(None, a).expect("a bot's action is legal");
            }
        }
    }

    #[test]
    fn undo_rebuilds_the_same_game_and_record() {
        let rules = carcassonne_runtime::ruleset("base_abbey_mayor").expect("compiled in");
        let mut s = Session::new(rules, None, 3, Some(5), None).expect("sets up");
        let mut bot = SimpleBot::new(BotKind::Greedy, 5);
        while let Some(a) = bot.choose_action(&s.game) {
            let (game, record) = (s.game.clone(), s.record());
            s.apply(None, a).expect("legal");
            if s.depth() % 7 == 0 {
                s.undo(1).expect("one step back");
                assert!(s.game == game, "the same game after undo");
                assert_eq!(s.record(), record);
                s.apply(None, a).expect("legal again");
            }
        }
        assert!(s.undo(s.depth() + 1).is_err());
        s.undo(s.depth()).expect("back to the start");
        assert!(s.game == s.fresh);
    }
}
