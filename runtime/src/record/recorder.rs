//! Writing a record while a game is played.

use super::{follower_rec, split_start, start_records, EventRec, FinalRec, Record, TurnRec};
use crate::action_json::{self, ActionJson};
use crate::engine::{
    Action, Actor, Answers, ArgKind, Decision, Game, Move, Placement, ScoreEvent, When,
};
use crate::tables::TileType;

/// Builds a record while a game is played.
#[derive(Debug, Clone)]
pub struct Recorder {
    /// The record so far.
    pub record: Record,
    discards_seen: usize,
    /// Chance outcomes already written (`Game::dealt`).
    dealt_seen: usize,
    /// Points scored at the start of the turn that comes (the fairy's),
    /// for its entry.
    starting: Vec<EventRec>,
    /// Points the game scored where no action's events saw them
    /// (`Game::untold_events`: a scripted game's step on the tile it was
    /// told) already noted.
    untold_seen: usize,
    /// Answers to decisions posed on a tile drawn (`Game::asked_at_draw`:
    /// the Plague), for the entry of that tile: the one that places it, or
    /// its discard's if it then fits nowhere.
    at_draw: Vec<ActionJson>,
}

impl Recorder {
    /// A recorder for game `g`, just set up, played by `bots` if they are
    /// named. A scripted game (`Game::new_scripted`) is recorded as a
    /// scenario: no seed, its own start tiles, each entry's tile named.
    pub fn new(g: &Game, bots: Option<Vec<String>>) -> Recorder {
        let rules = g.rules();
        let start = if g.scripted {
            g.placed()
                .iter()
                .map(|q| super::StartRec {
                    tile: rules.tiles[q.tile as usize].id.to_string(),
                    x: q.x,
                    y: q.y,
                    rotation: q.rotation,
                })
                .collect()
        } else {
            start_records(rules)
        };
        let mut r = Recorder {
            record: Record {
                format: super::FORMAT.to_string(),
                ruleset: rules.id.to_string(),
                seed: (!g.scripted).then(|| g.seed()),
                players: g.players(),
                bots,
                options: Some(crate::catalog::options_json(rules)),
                start,
                turns: Vec::new(),
                final_: None,
                sources: None,
            },
            discards_seen: 0,
            dealt_seen: g.dealt().len(),
            // Points of the setup's first draw (a module's step on the tile
            // drawn) belong to the first entry.
            starting: g.untold_events().iter().map(EventRec::from_event).collect(),
            untold_seen: g.untold_events().len(),
            at_draw: Vec::new(),
        };
        r.note_discards(g);
        if g.is_over() {
            // Every tile was discarded at setup: no move will be noted.
            r.record.final_ = Some(FinalRec {
                events: Vec::new(),
                scores: g.scores().to_vec(),
            });
        }
        r
    }

    /// Tiles drawn and not played since the last note: removed (fits
    /// nowhere) or set aside, each an entry of its own.
    fn note_discards(&mut self, g: &Game) {
        for d in &g.discards()[self.discards_seen..] {
            let id = g.rules().tiles[d.tile as usize].id.to_string();
            // The tile whose draw posed decisions is the first to go: the
            // answers are its entry's.
            let at_draw = std::mem::take(&mut self.at_draw);
            let (discarded, set_aside, revealed) = match (d.aside, d.revealed) {
                (None, _) => (Some(id), None, None),
                (Some(_), false) => (None, Some(id), None),
                (Some(_), true) => (None, None, Some(id)),
            };
            self.record.turns.push(TurnRec {
                player: d.player,
                discarded,
                set_aside,
                revealed,
                actions: (!at_draw.is_empty()).then_some(at_draw),
                ..TurnRec::default()
            });
        }
        self.discards_seen = g.discards().len();
    }

    /// Note a move: `before` is the state it was played in, `after` the result.
    pub fn note(&mut self, before: &Game, mv: Move, events: &[ScoreEvent], after: &Game) {
        let tile = before
            .current_tile()
            .expect("a placement, so a tile was drawn");
        self.open_entry(before, tile, mv.placement);
        self.note_end(events, after, |t| {
            t.follower = mv
                .deploy
                .map(|d| follower_rec(tile, mv.placement.rotation, d));
        });
    }

    /// Note an action: `before` is the state it answered, `after` the result.
    /// A placement opens a turn entry; the figure and any other answers join it.
    pub fn note_action(&mut self, before: &Game, a: Action, events: &[ScoreEvent], after: &Game) {
        // A scripted game told its tile scored on it (the Wheel of Fortune's
        // pig): the points of the entry that places it, as a turn's start's.
        let untold = before.untold_events();
        if let Some(new) = untold.get(self.untold_seen..) {
            self.starting.extend(new.iter().map(EventRec::from_event));
        }
        self.untold_seen = untold.len();
        if before.asked_at_draw() {
            return self.note_at_draw(before, a, events, after);
        }
        let decision = before.pending().map(|p| p.decision);
        match a {
            Action::Place(p) => {
                // Nothing scores at placement; the entry's events come with
                // the figure's answer.
                let tile = before
                    .current_tile()
                    .expect("a placement, so a tile was drawn");
                self.open_entry(before, tile, p);
                self.note_dealt(after);
            }
            Action::Do(v) if v.def().arg == ArgKind::Placement => {
                // A tile held instead of drawing (the abbey) opens the entry.
                let t = before
                    .held_tile(before.to_move())
                    .expect("a tile placed from the hand, so one was held");
                let crate::engine::Arg::Placement(p) = v.arg else {
                    return;
                };
                self.open_entry(before, &before.rules().tiles[t as usize], p);
                self.note_dealt(after);
            }
            // The entry's tile says what was drawn (tiles discarded on that
            // draw are listed after the entry).
            Action::Draw => {}
            Action::Deploy(d) => {
                let idx = before.placed().len() - 1;
                let q = before.placed()[idx];
                let segs = before.segments_at(idx);
                self.note_end(events, after, |t| {
                    t.follower = Some(super::follower_rec_on(&segs, q.rotation, d))
                });
            }
            Action::Pass if decision == Some(Decision::Source) => {
                // A tile held left unplayed in the end-of-game round: an
                // entry of its own, without a tile.
                self.record.turns.push(TurnRec {
                    player: before.to_move(),
                    actions: Some(vec![self.answer(before, a, before.to_move())]),
                    ..TurnRec::default()
                });
                self.note_end(events, after, |_| {});
            }
            // A tile declined where only a module's addition would place it:
            // a discard entry of its own (and the final scoring, if it was
            // the last tile).
            Action::Pass if decision == Some(Decision::Place) => {
                self.note_discards(after);
                if after.is_over() {
                    let fin = events.iter().filter(|e| e.when == When::End);
                    self.record.final_ = Some(FinalRec {
                        events: fin.map(EventRec::from_event).collect(),
                        scores: after.scores().to_vec(),
                    });
                }
            }
            Action::Pass if decision == Some(Decision::Wood) => {
                self.note_end(events, after, |_| {})
            }
            // An outcome stated for chance: written with the others chance
            // gave (`note_dealt`), in the order they came.
            _ if before.pending().map(|p| p.actor) == Some(Actor::Chance) => {
                self.note_end(events, after, |_| {})
            }
            _ => {
                let entry = self.last_entry().player;
                let rec = self.answer(before, a, entry);
                self.note_end(events, after, |t| {
                    t.actions.get_or_insert_with(Vec::new).push(rec)
                });
            }
        }
    }

    /// An answer to a decision posed on the tile drawn (the Plague): kept
    /// for the entry of that tile, which opens later (its placement, or its
    /// discard once the answers are in), with the outcomes chance gave
    /// meanwhile. Its points are the drawn tile's turn's start's.
    fn note_at_draw(&mut self, before: &Game, a: Action, events: &[ScoreEvent], after: &Game) {
        // A stated chance outcome is written with the dealt ones.
        if before.pending().map(|p| p.actor) != Some(Actor::Chance) {
            let rec = self.answer(before, a, before.to_move());
            self.at_draw.push(rec);
        }
        let dealt = self.take_dealt(after);
        self.at_draw.extend(dealt);
        let (during, fin): (Vec<ScoreEvent>, Vec<ScoreEvent>) =
            events.iter().partition(|e| e.when != When::End);
        self.starting
            .extend(during.iter().map(EventRec::from_event));
        self.note_discards(after);
        if after.is_over() {
            self.record.final_ = Some(FinalRec {
                events: fin.iter().map(EventRec::from_event).collect(),
                scores: after.scores().to_vec(),
            });
        }
    }

    /// Chance outcomes since the last note join the entry's answers, as
    /// chance's (no player), in the order they came: dealt from the seed,
    /// certain, or stated.
    fn note_dealt(&mut self, after: &Game) {
        let outcomes = self.take_dealt(after);
        if outcomes.is_empty() {
            return;
        }
        self.last_entry()
            .actions
            .get_or_insert_with(Vec::new)
            .extend(outcomes);
    }

    /// The chance outcomes since the last note, as the record writes them.
    fn take_dealt(&mut self, after: &Game) -> Vec<ActionJson> {
        let new = after.dealt().get(self.dealt_seen..).unwrap_or(&[]);
        let outcomes = new
            .iter()
            .map(|d| action_json::to_json(after, d.action))
            .collect();
        self.dealt_seen = after.dealt().len();
        outcomes
    }

    /// `a` as the record writes it: its JSON, naming who answered when not
    /// `entry`, the player of the entry it goes into (the last placer's
    /// entry holds the answers before the final scoring, whoever gives
    /// them).
    fn answer(&self, before: &Game, a: Action, entry: u8) -> ActionJson {
        let asked = match before.pending().map(|p| p.actor) {
            Some(Actor::Player(q)) if q != entry => Some(q),
            _ => None,
        };
        ActionJson {
            player: asked,
            ..action_json::to_json(before, a)
        }
    }

    /// A new entry for `tile` placed at `p` in `before`, with the points of
    /// its turn's start and the answers given on its draw.
    fn open_entry(&mut self, before: &Game, tile: &'static TileType, p: Placement) {
        let starting = std::mem::take(&mut self.starting);
        let at_draw = std::mem::take(&mut self.at_draw);
        self.record.turns.push(TurnRec {
            player: before.to_move(),
            part: (before.part() > 1).then_some(before.part()),
            tile: Some(tile.id.to_string()),
            x: Some(p.x),
            y: Some(p.y),
            rotation: Some(p.rotation),
            events: (!starting.is_empty()).then_some(starting),
            actions: (!at_draw.is_empty()).then_some(at_draw),
            ..TurnRec::default()
        });
    }

    /// The entry of the part being played (opened by its placement, or a
    /// held tile declined).
    fn last_entry(&mut self) -> &mut TurnRec {
        let i = self
            .record
            .turns
            .iter()
            .rposition(|t| !t.is_unplayed_tile())
            .expect("an action after a placement");
        &mut self.record.turns[i]
    }

    /// The part's entry gets `fill`, its events during play, and the game's
    /// end once it comes; the next turn's starting points wait for its entry.
    fn note_end(&mut self, events: &[ScoreEvent], after: &Game, fill: impl FnOnce(&mut TurnRec)) {
        let (during, fin): (Vec<ScoreEvent>, Vec<ScoreEvent>) =
            events.iter().partition(|e| e.when != When::End);
        let (during, starting) = split_start(&during);
        let t = self.last_entry();
        fill(t);
        self.note_dealt(after);
        let t = self.last_entry();
        t.events
            .get_or_insert_with(Vec::new)
            .extend(during.iter().map(EventRec::from_event));
        self.starting
            .extend(starting.iter().map(EventRec::from_event));
        self.note_discards(after);
        if after.is_over() {
            self.record.final_ = Some(FinalRec {
                events: fin.iter().map(EventRec::from_event).collect(),
                scores: after.scores().to_vec(),
            });
        }
    }
}

/// Whether `a` answers the figure step (a module's alternative to deploying).
pub(crate) fn answers_wood(a: &ActionJson) -> bool {
    Action::verb_named(&a.do_).is_some_and(|(_, _, def)| def.answers == Answers::Wood)
}

/// Whether `a` is an extra at the figure step that does not answer it (the
/// ransom, `Answers::Free`).
pub(crate) fn answers_free(a: &ActionJson) -> bool {
    Action::verb_named(&a.do_).is_some_and(|(_, _, def)| def.answers == Answers::Free)
}

/// Whether `a` is an outcome chance gave (`Answers::Chance`).
pub(crate) fn by_chance(a: &ActionJson) -> bool {
    Action::verb_named(&a.do_).is_some_and(|(_, _, def)| def.answers == Answers::Chance)
}
