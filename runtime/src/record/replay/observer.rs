//! The replayed game fed again to an observer's shadow game, which must
//! score what the game did.

use super::answers::answer_at_draw;
use super::draws::{begin_entry, carry_start, force_reveals, play_discard};
use super::entry::{entry_events, play_entry};
use crate::engine::{Game, Placement, ScoreEvent};
use crate::record::{ReplayError, TurnRec};
use crate::tables::Ruleset;

/// What an entry of the game met of its face-down tiles, which its shadow
/// is told rather than draws: how many the rules counted once the entry's
/// tile was drawn, those a module turned up while it was played, and the
/// entries that follow it (where its draw discarded tiles, they list them).
pub(super) struct FaceDown<'a> {
    pub(super) left: usize,
    pub(super) revealed: &'a [u16],
    pub(super) after: &'a [TurnRec],
}

/// The replayed game once more, scripted over a ruleset with a spare tile so
/// that it never ends on its own: the engine scores the end inside the move
/// that exhausts the tiles, and an observer wants the board just before that
/// (followers standing). It is fed the moves `run` checked, nothing it reads
/// itself, and must score them as the game did.
pub(super) struct Shadow {
    pub(super) game: Game,
    /// Points of the next turn's start, carried into its entry as the
    /// replay's main loop does (`entry_events`).
    carry: Vec<ScoreEvent>,
    /// Entries (discards, tiles set aside) it was told with the entry
    /// before them (`begin_entry`), still to come.
    told_ahead: usize,
}

impl Shadow {
    pub(super) fn new(
        rules: &'static Ruleset,
        players: u8,
        start: &[(u16, Placement)],
    ) -> Result<Shadow, ReplayError> {
        let mut game = Game::new_scripted(with_spare_tile(rules), players, start).map_err(|e| {
            ReplayError {
                turn: 0,
                reason: e.to_string(),
            }
        })?;
        // Its end, when the record's game ends (decisions before the final
        // scoring: the Count's rounds), stops before the final scoring.
        game.hold_final_scoring().map_err(|e| ReplayError {
            turn: 0,
            reason: e.to_string(),
        })?;
        Ok(Shadow {
            game,
            carry: Vec::new(),
            told_ahead: 0,
        })
    }

    pub(super) fn drifted(turn: usize, what: impl std::fmt::Display) -> ReplayError {
        ReplayError {
            turn,
            reason: format!("the board kept for the final scoring drifted from the game: {what}"),
        }
    }

    pub(super) fn follow(
        &mut self,
        turn: usize,
        entry: &TurnRec,
        tile: u16,
        seen: FaceDown<'_>,
        during: &[ScoreEvent],
        last: bool,
    ) -> Result<(), ReplayError> {
        let g = &mut self.game;
        if g.part() == 1 {
            g.force_player(entry.player)
                .map_err(|e| Self::drifted(turn, e))?;
        }
        let untold = g.untold_events().len();
        // The shadow follows discards only where a draw acts on the game
        // (`discard`).
        let after = match crate::mechanics::live(g, crate::mechanics::Hook::Drawn) {
            true => seen.after,
            false => &[],
        };
        let ahead = begin_entry(g, turn, tile, true, after).map_err(|e| Self::drifted(turn, e))?;
        self.told_ahead = ahead.len();
        for got in &ahead {
            carry_start(&mut self.carry, got);
        }
        self.carry
            .extend_from_slice(&g.untold_events()[untold.min(g.untold_events().len())..]);
        let (at_draw, from) = answer_at_draw(g, entry, turn).map_err(|e| Self::drifted(turn, e))?;
        carry_start(&mut self.carry, &at_draw);
        // The rules count the tiles face down that the game had (its
        // spare and the tiles the game discarded or set aside, which the
        // shadow is never told to draw, are not among them).
        if !g.count_face_down_as(seen.left) {
            return Err(Self::drifted(
                turn,
                format!("it has fewer than the game's {} tiles face down", seen.left),
            ));
        }
        force_reveals(g, seen.revealed, turn).map_err(|e| Self::drifted(turn, e.reason))?;
        let got = play_entry(g, entry, turn, tile, None, last, from)
            .map_err(|e| Self::drifted(turn, e))?;
        let got = entry_events(&mut self.carry, &got);
        if got != during {
            return Err(Self::drifted(turn, "it scored the turn differently"));
        }
        Ok(())
    }

    /// Discard entry `entry`, as the game had it: where a draw acts on the
    /// game (`Hook::Drawn`: the Wheel of Fortune's pig moves even for a
    /// tile then discarded), the shadow is told the discarded tile and
    /// passes it; elsewhere a discard leaves the board as it was, and the
    /// shadow draws only the tiles placed. Tiles set aside or turned up
    /// come back to it as the entries that place them.
    pub(super) fn discard(&mut self, turn: usize, entry: &TurnRec) -> Result<(), ReplayError> {
        if self.told_ahead > 0 {
            // Told with the entry before it, set-aside tiles too.
            self.told_ahead -= 1;
            return Ok(());
        }
        let acts = crate::mechanics::live(&self.game, crate::mechanics::Hook::Drawn);
        if entry.discarded.is_none() || !acts {
            return Ok(());
        }
        let g = &mut self.game;
        let k = g.discards().len();
        let got = play_discard(g, entry, turn, k, true).map_err(|e| Self::drifted(turn, e))?;
        if g.discards().len() == k {
            return Err(Self::drifted(turn, "it could not discard the tile"));
        }
        carry_start(&mut self.carry, &got);
        Ok(())
    }

    /// The shadow, scored for the end, must give the game's final events
    /// and scores: it stands for the game's board before them.
    /// Its spare tile began one more turn than the game had: the points of
    /// that turn's start (`carry`) are the shadow's alone.
    pub(super) fn check_end(
        &self,
        turn: usize,
        fin: &[ScoreEvent],
        g: &Game,
    ) -> Result<(), ReplayError> {
        let mut ended = self.game.clone();
        let got = ended.finish();
        let mut want = g.scores().to_vec();
        for e in &self.carry {
            want[e.player as usize] += e.signed() as i32;
        }
        if got != fin || ended.scores() != want {
            return Err(Self::drifted(turn, "it scores the end differently"));
        }
        Ok(())
    }
}

/// `rules` with one more copy of a land tile (a spare river tile would
/// change how the river's tiles are stacked), leaked like run-time rulesets
/// are: one per ruleset for the life of the process, however many replays.
pub(super) fn with_spare_tile(rules: &'static Ruleset) -> &'static Ruleset {
    static MADE: std::sync::Mutex<Vec<(usize, &'static Ruleset)>> =
        std::sync::Mutex::new(Vec::new());
    let key = rules as *const Ruleset as usize;
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, spare)) = made.iter().find(|(k, _)| *k == key) {
        return spare;
    }
    let mut tiles = rules.tiles.to_vec();
    let spare = tiles
        .iter()
        .position(|t| !t.edges.contains(&crate::tables::Edge::River))
        .unwrap_or(0);
    if let Some(t) = tiles.get_mut(spare) {
        t.count += 1;
    }
    let spare: &'static Ruleset = Box::leak(Box::new(Ruleset {
        tiles: Box::leak(tiles.into_boxed_slice()),
        total: rules.total + 1,
        ..*rules
    }));
    made.push((key, spare));
    spare
}
