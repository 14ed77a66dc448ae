//! Scripted games: the tiles and the players told turn by turn (rule
//! scenarios, hand-written records, a record replayed).

use super::game::{Discard, ForceDrawError, Game, SetupError};
use super::turn::Phase;
use super::types::*;
use crate::mechanics::{self, Hook};
use crate::tables::Ruleset;

impl Game {
    /// A game whose tiles are chosen turn by turn with `force_draw` and whose
    /// turn order is set with `force_player` (rule scenarios, hand-written
    /// records). `start` replaces the ruleset's start tiles; with none, the
    /// first tile goes at (0, 0). Unplaceable tiles are not discarded, nor
    /// tiles a module would set aside (a dragon tile before the dragon).
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
        if self.to_move == player {
            return Ok(());
        }
        if self.in_interlude() {
            // Extra turns follow the order their module gave them.
            return Err(ForceDrawError::ExtraTurn(self.to_move));
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
        self.tell_tile(tile, false)
    }

    /// A scripted game told that the tile drawn, `tile`, was set aside (a
    /// record's `set_aside` entry: a dragon tile drawn before the dragon is
    /// in play, 000_9deb58b1a7d17d38.txt L1136): it goes aside as the draw
    /// would have set it, and the draw goes on. Refused for a tile the
    /// rules would not set aside now. (`force_draw` places whatever tile it
    /// is told, so that a scenario may use any tile.)
    pub fn force_set_aside(&mut self, tile: u16) -> Result<(), ForceDrawError> {
        if !self.scripted {
            return Err(ForceDrawError::NotScripted);
        }
        self.tell_tile(tile, true)
    }

    /// `force_draw`, or with `set_aside` `force_set_aside`.
    fn tell_tile(&mut self, tile: u16, set_aside: bool) -> Result<(), ForceDrawError> {
        if tile as usize >= self.rules.tiles.len() {
            return Err(ForceDrawError::NoSuchTile(tile));
        }
        if self.tile_given() {
            // An extra turn's tile was given, not drawn.
            return match self.current == Some(tile) {
                true => Ok(()),
                false => Err(ForceDrawError::ExtraTurn(self.to_move)),
            };
        }
        if !self.scripted {
            // A real draw would set such a tile aside (a scripted game picks
            // its tiles, as it keeps those that fit nowhere).
            if mechanics::live(self, Hook::Draw) && mechanics::sets_aside(self, tile).is_some() {
                return Err(ForceDrawError::NotNow(self.rules.tiles[tile as usize].id));
            }
            return if self.hidden {
                self.redraw(tile)
            } else {
                Err(ForceDrawError::NotScripted)
            };
        }
        if self.is_over() {
            return Err(ForceDrawError::GameOver);
        }
        if self.drawn_step {
            // The modules acted on the tile told before (the Wheel of
            // Fortune's pig moved): it can no longer be another.
            return match self.current == Some(tile) {
                true => Ok(()),
                false => Err(ForceDrawError::NotNow(self.rules.tiles[tile as usize].id)),
            };
        }
        // A scripted game sets aside only the tiles it is told to (a
        // record's `set_aside` entries), never those it picks itself.
        let aside = match set_aside {
            false => None,
            true => match mechanics::live(self, Hook::Draw) {
                true => mechanics::sets_aside(self, tile),
                false => None,
            },
        };
        if set_aside && aside.is_none() {
            return Err(ForceDrawError::NotNow(self.rules.tiles[tile as usize].id));
        }
        if self.current == Some(tile) && aside.is_none() {
            self.told_drawn();
            return Ok(());
        }
        let from = if self.current.is_some() {
            self.next - 1
        } else {
            self.next
        };
        let Some(j) = (from..self.stack.len()).find(|&j| self.stack[j] == tile) else {
            return Err(ForceDrawError::NoneLeft(self.rules.tiles[tile as usize].id));
        };
        self.stack.swap(from, j);
        self.next = from + 1;
        if let Some(m) = aside {
            self.current = None;
            self.aside.push((tile, m));
            self.discards.push(Discard {
                turn: self.turn,
                player: self.to_move,
                tile,
                aside: Some(m),
                revealed: false,
            });
            let mut untold = std::mem::take(&mut self.untold);
            self.draw(&mut untold);
            if self.current.is_none() {
                self.tiles_out(&mut untold);
            }
            self.untold = untold;
            return Ok(());
        }
        self.current = Some(tile);
        self.told_drawn();
        Ok(())
    }

    /// A scripted game was told the tile to place: the modules' step on a
    /// drawn tile (`Hook::Drawn`) runs now, its points kept untold
    /// (`untold_events`); decisions it poses are asked before the
    /// placement.
    fn told_drawn(&mut self) {
        let Some(t) = self.current else { return };
        if self.phase != Phase::Place || !mechanics::live(self, Hook::Drawn) {
            return;
        }
        self.drawn_step = true;
        let mut untold = std::mem::take(&mut self.untold);
        self.drawn_hook(t, &mut untold);
        self.stop_for_asks(super::turn::Resume::Drawn, &mut untold);
        self.untold = untold;
    }

    /// Points scored where no caller's list of events saw them: the
    /// setup's first draw (a module's step on the tile drawn: the Wheel
    /// of Fortune's Storm), and a scripted game's forced draws.
    pub fn untold_events(&self) -> &[ScoreEvent] {
        &self.untold
    }
}
