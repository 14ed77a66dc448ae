//! Turns out of the normal order, and tiles turned face up by a module.
//!
//! A module may give a player a turn of their own with a tile it names
//! (`Game::give_turn`: the bazaar's buyers, 000_9deb58b1a7d17d38.txt L2424).
//! The turns given wait in a queue and begin as soon as the part being
//! played ends, before the turn's next part or its end: the turn they
//! interrupted resumes once they are over (its second part, its end, L2444:
//! "Once the bazaar rounds are finished, you perform your builder-turn").
//! Turns given during an extra turn join the queue and wait for it to end,
//! second part included (L2453-L2459).
//!
//! An extra turn is a whole turn: its start (`Hook::TurnStart`), the tile
//! placed, the figure step, scoring and every module's steps after them, a
//! second part if a module grants one (which draws, or places a tile held),
//! its end (`Hook::TurnEnd`). Its first tile is the one given, placed
//! instead of drawing or holding (the abbey cannot be an extra turn's first
//! tile, L2444); one that fits nowhere leaves the game and the turn is over.
//! With the stack empty, the extra turns still queued are played before
//! the game's end.
//!
//! A module may turn face-down tiles face up (`Game::reveal`): they lie set
//! aside beside the board under its name (`Game::set_aside`; a `Discard`
//! each, `revealed`, which a record lists as a `revealed` entry), public
//! from then on, until it gives them to players' extra turns. A scripted game turns up the tiles
//! it is told (`Game::force_reveal`), as it draws the tiles it is told.

use super::game::{Discard, ForceDrawError, Game};
use super::turn::{Phase, Resume};
use super::types::*;
use crate::mechanics::{self, Hook, Mech};

/// A turn a module gives a player out of the normal order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExtraTurn {
    /// Who plays it.
    pub player: u8,
    /// The tile they place first, set aside by the module until then.
    pub tile: u16,
    /// The module that gave it.
    pub by: Mech,
}

/// The regular turn extra turns interrupted, to resume after them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Interrupted {
    player: u8,
    part: u8,
    another_part: bool,
    /// It had ended: the next turn follows.
    over: bool,
}

/// Where the extra turns stand. Flat and `Copy`: cloning a game stays a copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Interlude {
    /// The extra turn being played.
    pub(crate) now: Option<ExtraTurn>,
    /// The regular turn they interrupted (`None` outside extra turns).
    resume: Option<Interrupted>,
    /// A scripted game's tiles the next reveals turn up, in order.
    reveal: [u16; TOLD_REVEALS],
    reveals: u8,
}

/// How many tiles a scripted game may be told its next reveals turn up: one
/// per player, and the tiles set aside for another module on the way.
pub(crate) const TOLD_REVEALS: usize = 2 * MAX_PLAYERS;

impl Game {
    /// The extra turn being played, if this turn is one a module gave.
    pub fn extra_turn(&self) -> Option<ExtraTurn> {
        self.interlude.now
    }

    /// The extra turns given and not begun yet, in the order they come.
    pub fn extra_turns(&self) -> &[ExtraTurn] {
        &self.extra
    }

    /// Whether the tile waiting to be placed was given with an extra turn
    /// (not drawn: no draw's chance to answer).
    pub fn tile_given(&self) -> bool {
        self.interlude.now.is_some() && self.part == 1 && self.phase == Phase::Place
    }

    /// Give `x.player` a turn of their own with tile `x.tile`, which module
    /// `x.by` set aside (`reveal`): queued after the extra turns already
    /// given. A module that gives turns sits on `Hook::TurnEnd`, so that no
    /// turn ends on the short path that ignores the queue.
    pub(crate) fn give_turn(&mut self, x: ExtraTurn) {
        debug_assert!(
            self.aside.contains(&(x.tile, x.by)),
            "a tile given with a turn is one its module set aside"
        );
        debug_assert!(self.rules.hooks.any(Hook::TurnEnd));
        self.extra.push(x);
    }

    /// Module `by` turns the next face-down tile face up and sets it aside
    /// (the bazaar's auction, 000_9deb58b1a7d17d38.txt L2413): public from
    /// now on. A tile a draw would set aside for another module (a dragon
    /// tile before the dragon, L1136) goes to that module instead, and the
    /// next is turned. `None` once no tile is face down (those buried under
    /// hills stay there).
    pub(crate) fn reveal(&mut self, by: Mech) -> Option<u16> {
        while self.next < self.face_down_end() {
            // A tile told is turned up like any: one the rules set aside
            // goes aside (a record lists it so, among the tiles turned).
            if self.scripted {
                self.take_forced_reveal();
            }
            let t = self.stack[self.next];
            self.next += 1;
            let other = if mechanics::live(self, Hook::Draw) {
                mechanics::sets_aside(self, t)
            } else {
                None
            };
            let m = other.unwrap_or(by);
            self.aside.push((t, m));
            self.discards.push(Discard {
                turn: self.turn,
                player: self.to_move,
                tile: t,
                aside: Some(m),
                revealed: other.is_none(),
            });
            if other.is_none() {
                return Some(t);
            }
        }
        None
    }

    /// A scripted game's next forced reveal, swapped to the top of the
    /// face-down tiles if it is still among them (buried or not).
    fn take_forced_reveal(&mut self) {
        let il = &mut self.interlude;
        if il.reveals == 0 {
            return;
        }
        let t = il.reveal[0];
        il.reveal.copy_within(1.., 0);
        il.reveals -= 1;
        // A scripted game's buried tiles are no tiles in particular, as its
        // face-down order is none (`force_draw` takes from them too): which
        // ones a hill covered is not known, only how many.
        if let Some(j) = (self.next..self.stack.len()).find(|&j| self.stack[j] == t) {
            self.stack.swap(self.next, j);
        }
    }

    /// Scripted games only: the tiles the next tiles a module turns face up
    /// (`reveal`) will be, in order (a record's tiles revealed for a
    /// bazaar, with those set aside on the way for another module: a dragon
    /// tile before the dragon, which the rules set aside again). Each must
    /// be face down now.
    pub fn force_reveal(&mut self, tiles: &[u16]) -> Result<(), ForceDrawError> {
        if !self.scripted {
            return Err(ForceDrawError::NotScripted);
        }
        self.may_reveal(tiles)?;
        let il = &mut self.interlude;
        il.reveal[..tiles.len()].copy_from_slice(tiles);
        il.reveals = tiles.len() as u8;
        Ok(())
    }

    /// Whether `tiles` could be the next tiles turned face up: each is face
    /// down now (a record's `revealed` entries, checked in any game).
    pub(crate) fn may_reveal(&self, tiles: &[u16]) -> Result<(), ForceDrawError> {
        if self.is_over() {
            return Err(ForceDrawError::GameOver);
        }
        if tiles.len() > TOLD_REVEALS {
            return Err(ForceDrawError::TooMany(tiles.len()));
        }
        let mut face_down = Vec::new();
        self.unseen_into(&mut face_down);
        for &t in tiles {
            let Some(n) = face_down.get_mut(usize::from(t)) else {
                return Err(ForceDrawError::NoSuchTile(t));
            };
            if *n == 0 {
                return Err(ForceDrawError::NoneLeft(self.rules.tiles[t as usize].id));
            }
            *n -= 1;
        }
        Ok(())
    }

    /// Whether extra turns are given and not played, or one is being
    /// played: the end of a turn goes to them (`next_extra`).
    #[inline(always)]
    pub(crate) fn in_interlude(&self) -> bool {
        !self.extra.is_empty() || self.interlude.resume.is_some()
    }

    /// A regular turn's part has ended with extra turns given: they come
    /// now, before its next part or its end.
    pub(crate) fn interrupts(&self) -> bool {
        !self.extra.is_empty() && self.interlude.resume.is_none()
    }

    /// The part just ended (`over`: the whole turn) and extra turns wait,
    /// or one just ended: the next extra turn, or back to the turn they
    /// interrupted.
    #[cold]
    #[inline(never)]
    pub(crate) fn next_extra(&mut self, over: bool, events: &mut Vec<ScoreEvent>) {
        if self.interlude.resume.is_none() {
            self.interlude.resume = Some(Interrupted {
                player: self.to_move,
                part: self.part,
                another_part: std::mem::take(&mut self.another_part),
                over,
            });
        }
        if !self.extra.is_empty() {
            let x = self.extra.remove(0);
            self.begin_extra(x, events);
            return;
        }
        self.interlude.now = None;
        let Some(r) = self.interlude.resume.take() else {
            return;
        };
        self.to_move = r.player;
        self.part = r.part;
        self.another_part = r.another_part;
        if r.over {
            self.next_turn(events);
        } else {
            self.next_part(events);
        }
    }

    /// Extra turn `x` begins: its start, then its tile.
    fn begin_extra(&mut self, x: ExtraTurn, events: &mut Vec<ScoreEvent>) {
        self.interlude.now = Some(x);
        self.turn += 1;
        self.part = 1;
        self.another_part = false;
        self.to_move = x.player;
        self.current = None;
        if mechanics::live(self, Hook::TurnStart) {
            self.when = When::TurnStart;
            mechanics::turn_start(self, events);
            self.when = When::Play;
            if self.stop_for_asks(Resume::Given, events) {
                return;
            }
        }
        self.take_given(events);
    }

    /// The extra turn's tile leaves its module's tiles set aside and waits
    /// to be placed; one that fits nowhere leaves the game, and the turn is
    /// over.
    pub(crate) fn take_given(&mut self, events: &mut Vec<ScoreEvent>) {
        let Some(x) = self.interlude.now else {
            return;
        };
        if let Some(i) = self.aside.iter().position(|&a| a == (x.tile, x.by)) {
            self.aside.remove(i);
        }
        if self.placeable(x.tile) {
            self.current = Some(x.tile);
            self.phase = Phase::Place;
            return;
        }
        self.discards.push(Discard {
            turn: self.turn,
            player: x.player,
            tile: x.tile,
            aside: None,
            revealed: false,
        });
        self.end_turn(events);
    }
}
