//! `carcassonne.Game`: one game, driven from Python.

use std::sync::Arc;

use carcassonne_runtime::action_json::{self, ActionJson};
use carcassonne_runtime::engine::{
    Action, Actor, FollowerKind, Game as Engine, Legal, Placement, ScoreEvent, Spot,
};
use carcassonne_runtime::mechanics::Figure;
use carcassonne_runtime::record::{EventRec, Recorder, CORNER_NAMES};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyInt, PyList};

use serde_json::{json, Value};

use crate::convert::{from_py, to_py};
use crate::encoding::{self, Space};
use crate::rules::Ruleset;
use crate::IllegalAction;

/// A game: the engine's state, the actions that led to it from the setup
/// (for `undo` and `record`), and the fixed action space of its
/// observations.
#[pyclass(module = "carcassonne", name = "Game")]
pub struct Game {
    pub(crate) engine: Engine,
    ruleset: Ruleset,
    /// The game as set up, shared by clones: `record` and a deep `undo`
    /// replay `actions` from it.
    start: Arc<Engine>,
    actions: Vec<Action>,
    /// States before the latest `depth` actions, for an `undo` that costs
    /// a copy rather than a replay; kept for reuse past `depth`.
    states: Vec<Engine>,
    depth: usize,
    space: Space,
    /// The legal actions of the current state, listed once per state.
    legal: Vec<Action>,
    legal_fresh: bool,
    /// The same, counted (`legal_count` and an index read no list).
    counted: Legal,
    counted_fresh: bool,
    events: Vec<ScoreEvent>,
    /// A player's view (`view`): its history starts where it was made (or
    /// last re-dealt), and it has no record.
    is_view: bool,
}

fn illegal(e: impl std::fmt::Display) -> PyErr {
    IllegalAction::new_err(e.to_string())
}

/// Action `a` of state `g` as the dict `legal_actions()` lists. Placements,
/// most of what a game lists, are built directly with interned keys (a
/// third of the time of going through a JSON value); the rest through
/// their JSON form.
pub(crate) fn action_dict<'py>(
    py: Python<'py>,
    g: &Engine,
    a: Action,
) -> PyResult<Bound<'py, PyAny>> {
    if let Action::Place(p) = a {
        let d = PyDict::new(py);
        d.set_item(pyo3::intern!(py, "do"), pyo3::intern!(py, "place"))?;
        if let Some(t) = g.current_tile() {
            d.set_item(pyo3::intern!(py, "tile"), t.id)?;
        }
        d.set_item(pyo3::intern!(py, "x"), p.x)?;
        d.set_item(pyo3::intern!(py, "y"), p.y)?;
        d.set_item(pyo3::intern!(py, "rotation"), p.rotation)?;
        return Ok(d.into_any());
    }
    let j = action_json::to_json(g, a);
    to_py(py, &serde_json::to_value(j).expect("actions serialise"))
}

fn event_dict<'py>(py: Python<'py>, e: &ScoreEvent) -> PyResult<Bound<'py, PyAny>> {
    let rec = EventRec::from_event(e);
    to_py(py, &serde_json::to_value(rec).expect("events serialise"))
}

impl Game {
    pub(crate) fn legal(&mut self) -> &[Action] {
        if !self.legal_fresh {
            self.engine.legal_actions_into(&mut self.legal);
            self.legal_fresh = true;
        }
        &self.legal
    }

    /// The legal actions counted, once per state.
    fn counted(&mut self) -> &Legal {
        if !self.counted_fresh {
            self.engine.legal_into(&mut self.counted);
            self.counted_fresh = true;
        }
        &self.counted
    }

    /// The state changed: what was listed and counted is another's.
    fn moved(&mut self) {
        self.legal_fresh = false;
        self.counted_fresh = false;
    }

    /// Play `a`; refused with the state unchanged when illegal.
    fn play(&mut self, a: Action) -> PyResult<()> {
        if self.depth == self.states.len() {
            self.states.push(self.engine.clone());
        } else {
            self.states[self.depth].clone_from(&self.engine);
        }
        self.events.clear();
        if let Err(e) = self.engine.apply_action(a, &mut self.events) {
            return Err(illegal(e));
        }
        self.depth += 1;
        self.actions.push(a);
        self.moved();
        Ok(())
    }

    /// The action a Python value names: a dict in the records' JSON form,
    /// or an int, an index into `legal_actions()`.
    fn action_of(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Action> {
        if action.cast::<PyInt>().is_ok() && action.extract::<bool>().is_err() {
            let i: i64 = action.extract()?;
            self.counted();
            let (legal, engine) = (&self.counted, &self.engine);
            return usize::try_from(i)
                .ok()
                .and_then(|i| legal.get(engine, i))
                .ok_or_else(|| {
                    illegal(format!(
                        "index {i} is not among the {} legal actions",
                        legal.len()
                    ))
                });
        }
        if action.cast::<PyDict>().is_err() {
            return Err(PyTypeError::new_err(format!(
                "an action is a dict (as legal_actions() gives) or an index into legal_actions(), not a {}",
                action.get_type().name()?
            )));
        }
        if let Some(a) = self.placement_of(action.cast::<PyDict>()?)? {
            return Ok(a);
        }
        let value = from_py(action)?;
        let j: ActionJson =
            serde_json::from_value(value).map_err(|e| illegal(format!("not an action: {e}")))?;
        action_json::from_json(&self.engine, &j).map_err(illegal)
    }

    /// A well-formed `place` dict read directly (most of what a game
    /// applies), or `None` for anything else, which the general path reads
    /// (and refuses with its reasons).
    fn placement_of<'py>(&self, d: &Bound<'py, PyDict>) -> PyResult<Option<Action>> {
        let py = d.py();
        let get = |k: &Bound<'py, pyo3::types::PyString>| d.get_item(k);
        let is_place = match get(pyo3::intern!(py, "do"))? {
            Some(v) => v.eq(pyo3::intern!(py, "place"))?,
            None => false,
        };
        if !is_place {
            return Ok(None);
        }
        let tile = get(pyo3::intern!(py, "tile"))?;
        if d.len() != 4 + usize::from(tile.is_some()) {
            return Ok(None);
        }
        if let Some(tile) = tile {
            match self.engine.current_tile() {
                Some(t) if tile.eq(t.id)? => {}
                _ => return Ok(None),
            }
        }
        let int = |k: &Bound<'py, pyo3::types::PyString>| -> PyResult<Option<i64>> {
            Ok(match get(k)? {
                Some(v)
                    if v.cast::<PyInt>().is_ok() && v.cast::<pyo3::types::PyBool>().is_err() =>
                {
                    v.extract::<i64>().ok()
                }
                _ => None,
            })
        };
        let (Some(x), Some(y), Some(r)) = (
            int(pyo3::intern!(py, "x"))?,
            int(pyo3::intern!(py, "y"))?,
            int(pyo3::intern!(py, "rotation"))?,
        ) else {
            return Ok(None);
        };
        let (Ok(x), Ok(y), Ok(rotation)) = (i16::try_from(x), i16::try_from(y), u8::try_from(r))
        else {
            return Ok(None);
        };
        Ok(Some(Action::Place(Placement { x, y, rotation })))
    }

    fn events_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for e in &self.events {
            list.append(event_dict(py, e)?)?;
        }
        Ok(list)
    }

    fn space_ok(&self) -> PyResult<()> {
        space_ok(self.engine.rules())
    }

    fn copy(&self) -> Game {
        Game {
            engine: self.engine.clone(),
            ruleset: self.ruleset.clone(),
            start: self.start.clone(),
            actions: self.actions.clone(),
            states: Vec::new(),
            depth: 0,
            space: self.space.clone(),
            legal: self.legal.clone(),
            legal_fresh: self.legal_fresh,
            counted: Legal::default(),
            counted_fresh: false,
            events: Vec::new(),
            is_view: self.is_view,
        }
    }

    /// A game whose history starts at `engine` (a view, or a view re-dealt).
    fn starting_at(&self, engine: Engine) -> Game {
        Game {
            start: Arc::new(engine.clone()),
            engine,
            ruleset: self.ruleset.clone(),
            actions: Vec::new(),
            states: Vec::new(),
            depth: 0,
            space: self.space.clone(),
            legal: Vec::new(),
            legal_fresh: false,
            counted: Legal::default(),
            counted_fresh: false,
            events: Vec::new(),
            is_view: true,
        }
    }
}

/// Refused with a clear error: a ruleset with a tile of more segments than
/// the action space's deploy block has room for.
pub(crate) fn space_ok(rules: &carcassonne_runtime::Ruleset) -> PyResult<()> {
    match rules
        .tiles
        .iter()
        .find(|t| t.segments.len() > encoding::MAX_SEGMENTS)
    {
        Some(t) => Err(PyValueError::new_err(format!(
            "tile {} of ruleset {} has {} segments; the action space has room for {}",
            t.id,
            rules.id,
            t.segments.len(),
            encoding::MAX_SEGMENTS
        ))),
        None => Ok(()),
    }
}

/// The radius of a game's window: `radius`, else the ruleset's default;
/// refused outside 1 to `MAX_RADIUS`.
pub(crate) fn radius_of(ruleset: &Ruleset, radius: Option<u16>) -> PyResult<u16> {
    let radius = radius.unwrap_or_else(|| encoding::default_radius(ruleset.tables));
    if radius == 0 || radius > encoding::MAX_RADIUS {
        return Err(PyValueError::new_err(format!(
            "radius {radius} is not 1 to {}",
            encoding::MAX_RADIUS
        )));
    }
    Ok(radius)
}

fn numpy_array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let np = py.import("numpy")?;
    // A bytearray: numpy's array over it is writable.
    let buf = PyByteArray::new(py, bytes);
    np.getattr("frombuffer")?
        .call1((buf, dtype))?
        .call_method1("reshape", (shape.to_vec(),))
}

#[pymethods]
impl Game {
    /// `Game(ruleset="base", players=2, seed=0, radius=None)`: `ruleset` is
    /// a compiled-in id, a path to a ruleset TOML file, or a `Ruleset`;
    /// `radius` sizes the observation window and the action space (by
    /// default `encoding::default_radius` of the ruleset).
    #[new]
    #[pyo3(signature = (ruleset = None, players = 2, seed = 0, radius = None))]
    fn new(
        ruleset: Option<&Bound<'_, PyAny>>,
        players: u8,
        seed: u64,
        radius: Option<u16>,
    ) -> PyResult<Game> {
        let ruleset = Ruleset::from_arg(ruleset)?;
        let radius = radius_of(&ruleset, radius)?;
        let engine = Engine::new(ruleset.tables, players, seed)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Game {
            start: Arc::new(engine.clone()),
            engine,
            ruleset,
            actions: Vec::new(),
            states: Vec::new(),
            depth: 0,
            space: Space::new(radius),
            legal: Vec::new(),
            legal_fresh: false,
            counted: Legal::default(),
            counted_fresh: false,
            events: Vec::new(),
            is_view: false,
        })
    }

    /// What `player` may know of this game (`Game::view` in the engine):
    /// the same position with the order of the face-down tiles hidden (put
    /// in a canonical order) and the seed dropped. Give bots views; search
    /// from one with `determinize`. A view plays on like a game (its draws
    /// follow the hidden order's stand-in), `undo` goes back to where it was
    /// made, and it has no `record`.
    fn view(&self, player: u8) -> PyResult<Game> {
        if player >= self.engine.players() {
            return Err(PyValueError::new_err(format!(
                "there is no player {player}: the game has {}",
                self.engine.players()
            )));
        }
        Ok(self.starting_at(self.engine.view(player)))
    }

    /// Views only: re-deal the face-down tiles at random (seeded by
    /// `seed`), as they could really lie given what has been seen: one game
    /// of the viewer's information set, for search. Its history restarts
    /// here.
    fn determinize(&mut self, seed: u64) -> PyResult<()> {
        if !self.is_view {
            return Err(PyValueError::new_err(
                "determinize re-deals a view (game.view(player)); the game itself keeps its real order",
            ));
        }
        let mut engine = self.engine.clone();
        engine.determinize_seeded(seed);
        *self = self.starting_at(engine);
        Ok(())
    }

    /// Whether this is a player's view (`view`), whose draw order is not
    /// the real one.
    #[getter]
    fn is_view(&self) -> bool {
        self.is_view
    }

    #[getter]
    fn ruleset(&self) -> Ruleset {
        self.ruleset.clone()
    }
    #[getter]
    fn players(&self) -> u8 {
        self.engine.players()
    }
    #[getter]
    fn seed(&self) -> u64 {
        self.engine.seed()
    }
    #[getter]
    fn radius(&self) -> i32 {
        self.space.radius
    }
    /// Whose turn it is (a wagon's move or a dragon's step may ask another
    /// player: see `pending`).
    #[getter]
    fn to_move(&self) -> u8 {
        self.engine.to_move()
    }
    /// Turns played (tiles placed), from 0.
    #[getter]
    fn turn(&self) -> u32 {
        self.engine.turn()
    }
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.engine.scores().to_vec()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.engine.is_over()
    }
    /// Tiles still face down.
    #[getter]
    fn remaining(&self) -> usize {
        self.engine.remaining()
    }
    /// The id of the tile drawn and waiting to be placed, if any.
    #[getter]
    fn current_tile(&self) -> Option<&'static str> {
        self.engine.current_tile().map(|t| t.id)
    }
    /// Actions played since the setup.
    #[getter]
    fn history_len(&self) -> usize {
        self.actions.len()
    }

    /// Who decides now and what: `{"player": 1, "decision": "wood", "text":
    /// "deploy a figure or pass"}`, or None once the game is over.
    /// `decision` is a key of `cc.DECISIONS` (place, wood, source, and the
    /// modules': second-tile, move-wagon, dragon, …); `player` need not be
    /// the one whose turn it is (a wagon's owner, a dragon's step).
    #[getter]
    fn pending<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(p) = self.engine.pending() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        match p.actor {
            Actor::Player(q) => d.set_item("player", q)?,
            Actor::Chance => d.set_item("player", py.None())?,
        }
        d.set_item("decision", p.decision.key())?;
        d.set_item("text", p.decision.name())?;
        Ok(Some(d))
    }

    /// The tiles on the board: `[{"tile": "D", "x": 0, "y": 0, "rotation": 0}, …]`.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for q in self.engine.placed() {
            let d = PyDict::new(py);
            d.set_item("tile", self.engine.rules().tiles[q.tile as usize].id)?;
            d.set_item("x", q.x)?;
            d.set_item("y", q.y)?;
            d.set_item("rotation", q.rotation)?;
            list.append(d)?;
        }
        Ok(list)
    }

    /// Every figure on the board: `[{"player": 0, "kind": "normal", "x": 1,
    /// "y": 0, "feature": "road", "ports": ["E", "W"], "segment": 0}, …]`,
    /// named as a record names a follower (as the protocol's `state` lists
    /// them).
    fn followers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = &self.engine;
        let list: Vec<Value> = g
            .followers()
            .iter()
            .filter_map(|f| {
                let s = g.spot_of(f);
                let mut r = action_json::spot_rec(g, s)?;
                r.kind = Some(s.kind.name().to_string());
                r.player = Some(s.player);
                r.segment = Some(s.segment);
                serde_json::to_value(r).ok()
            })
            .collect();
        to_py(py, &Value::Array(list))
    }

    /// `player`'s figures in supply by kind (`{"normal": 6, "big": 1}`),
    /// for every kind the ruleset hands out.
    fn supply<'py>(&self, py: Python<'py>, player: u8) -> PyResult<Bound<'py, PyDict>> {
        if player >= self.engine.players() {
            return Err(PyValueError::new_err(format!(
                "there is no player {player} in a {}-player game",
                self.engine.players()
            )));
        }
        let d = PyDict::new(py);
        for k in FollowerKind::ALL {
            if self.start.figures(0, k) > 0 {
                d.set_item(k.name(), self.engine.figures(player, k))?;
            }
        }
        Ok(d)
    }

    /// The public state of the ruleset's modules, as the protocol's `state`
    /// gives it: `held` (abbeys), `wagons_in_transit`, `goods`, `king` and
    /// `robber_baron`, `barns`, `dragon` (`{"x", "y"}` or None),
    /// `eaten_by_dragon`, `fairy` (`{"x", "y", "beside"}` or None), … (only
    /// those of the modules played).
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut m = serde_json::Map::new();
        self.engine.state_json(&mut m);
        to_py(py, &Value::Object(m))
    }

    /// What the modules show beyond tiles and figures on segments
    /// (`Game::shown`): `neutral` figures (`{"name": "dragon", "x", "y",
    /// "beside"}`, with `label`, `top` and `section` where a module gives
    /// them: a tower's height and follower, the Count's quarter), `corners`
    /// (barns), `holdings` (`{"player", "key", "text"}`), `trails` (the
    /// dragon's path this turn), `notes`, `tallies` (`{"player", "key":
    /// "eaten", "count"}`), `areas` (`{"name", "cells", "sections": [{"name",
    /// "figures": [{"player", "kind"}]}]}`: the City of Carcassonne's
    /// quarters) and `held` (`{"holder", "key": "prisoners", "player",
    /// "kind"}`).
    fn shown<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = &self.engine;
        let s = g.shown();
        let figure = |f: Figure| json!({ "player": f.player, "kind": f.kind.name() });
        let spot = |sp: Spot| {
            action_json::spot_rec(g, sp).map(|mut r| {
                r.kind = Some(sp.kind.name().to_string());
                r.player = Some(sp.player);
                r
            })
        };
        let neutral: Vec<Value> = s
            .neutral
            .iter()
            .map(|n| {
                let mut v = json!({ "name": n.def.name, "x": n.x, "y": n.y,
                                    "beside": n.beside.and_then(spot) });
                if let Some(l) = &n.label {
                    v["label"] = json!(l);
                }
                if let Some(t) = n.top {
                    v["top"] = figure(t);
                }
                if let Some(s) = n.section {
                    v["section"] = json!(s);
                }
                v
            })
            .collect();
        let areas: Vec<Value> = s
            .areas
            .iter()
            .map(|a| {
                let sections: Vec<Value> = a
                    .sections
                    .iter()
                    .map(|sec| {
                        json!({ "name": sec.name,
                                "figures": sec.figures.iter().map(|&f| figure(f)).collect::<Vec<_>>() })
                    })
                    .collect();
                json!({ "name": a.name, "cells": a.cells, "sections": sections })
            })
            .collect();
        let held: Vec<Value> = s
            .held
            .iter()
            .map(|h| {
                json!({ "holder": h.holder, "key": h.key, "player": h.figure.player,
                        "kind": h.figure.kind.name() })
            })
            .collect();
        let corners: Vec<Value> = s
            .corners
            .iter()
            .map(|c| {
                let q = g.placed()[c.placed as usize];
                json!({ "player": c.player, "kind": c.kind.name(), "x": q.x, "y": q.y,
                        "corner": CORNER_NAMES[usize::from(c.corner & 3)] })
            })
            .collect();
        let holdings: Vec<Value> = s
            .holdings
            .iter()
            .map(|h| json!({ "player": h.player, "key": h.key, "text": h.text }))
            .collect();
        let trails: Vec<Value> = s
            .trails
            .iter()
            .map(|t| json!({ "name": t.name, "cells": t.cells }))
            .collect();
        let tallies: Vec<Value> = s
            .tallies
            .iter()
            .map(|t| json!({ "player": t.player, "key": t.key, "count": t.count }))
            .collect();
        let v = json!({ "neutral": neutral, "corners": corners, "holdings": holdings,
                        "trails": trails, "notes": s.notes, "tallies": tallies,
                        "areas": areas, "held": held });
        to_py(py, &v)
    }

    /// `action` (a dict or an index into `legal_actions()`) in words, as
    /// `carcassonne play` prints it (`moves the dragon N`).
    fn action_text(&mut self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let a = self.action_of(action)?;
        Ok(action_json::text(&self.engine, a))
    }

    /// Every legal answer to the pending decision, as dicts in the records'
    /// JSON form (`{"do": "place", "tile": "V", "x": 1, "y": 0,
    /// "rotation": 1}`); `apply` takes one of them or its index here.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.legal();
        let list = PyList::empty(py);
        for &a in &self.legal {
            list.append(action_dict(py, &self.engine, a)?)?;
        }
        Ok(list)
    }

    /// How many legal actions there are (cheaper than listing them).
    fn legal_count(&mut self) -> usize {
        self.counted().len()
    }

    /// Answer the pending decision with `action`: a dict (as
    /// `legal_actions()` gives) or an index into `legal_actions()`. Returns
    /// the points scored, as the records' events. An illegal or malformed
    /// action raises `IllegalAction` and changes nothing.
    fn apply<'py>(
        &mut self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let a = self.action_of(action)?;
        self.play(a)?;
        self.events_list(py)
    }

    /// Take back the latest action; returns it (as a dict). Raises
    /// `IndexError` at the setup.
    fn undo<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let Some(&last) = self.actions.last() else {
            return Err(PyIndexError::new_err(
                "nothing to undo: the game is at its setup",
            ));
        };
        if self.depth > 0 {
            self.depth -= 1;
            std::mem::swap(&mut self.engine, &mut self.states[self.depth]);
        } else {
            // A clone keeps no earlier states: replay from the setup.
            let n = self.actions.len() - 1;
            self.engine.clone_from(&self.start);
            for &a in &self.actions[..n] {
                self.events.clear();
                self.engine
                    .apply_action(a, &mut self.events)
                    .expect("an action played before replays");
            }
        }
        self.actions.pop();
        self.moved();
        action_dict(py, &self.engine, last)
    }

    /// An independent copy: playing either leaves the other as it was. The
    /// copy can `undo` and `record` too.
    #[pyo3(name = "clone")]
    fn py_clone(&self) -> Game {
        self.copy()
    }
    fn __copy__(&self) -> Game {
        self.copy()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.copy()
    }

    /// The game so far as a record (docs/reference/records.md), a dict
    /// that `json.dump` writes and `carcassonne replay` checks.
    #[pyo3(signature = (bots = None))]
    fn record<'py>(
        &self,
        py: Python<'py>,
        bots: Option<Vec<String>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if self.is_view {
            return Err(PyValueError::new_err(
                "a view has no record: it starts mid-game; take the record of the game itself",
            ));
        }
        let mut g = (*self.start).clone();
        let mut rec = Recorder::new(&g, bots);
        let mut events = Vec::new();
        for &a in &self.actions {
            let before = g.clone();
            events.clear();
            g.apply_action(a, &mut events)
                .expect("an action played before replays");
            rec.note_action(&before, a, &events, &g);
        }
        rec.record.sources = self.ruleset.sources.as_ref().map(|s| s.to_vec());
        to_py(
            py,
            &serde_json::to_value(&rec.record).expect("records serialise"),
        )
    }

    // ----- the fixed action space and observations ----------------------

    /// How many action ids there are (`(2r+1)² × 5 + 269` for radius r:
    /// `action_blocks`).
    #[getter]
    fn action_space_size(&self) -> usize {
        self.space.size()
    }

    /// The id of `action` (a dict or an index into `legal_actions()`) in the
    /// fixed action space, or None where the space has no room for it.
    fn encode(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        self.space_ok()?;
        let a = self.action_of(action)?;
        self.legal();
        Ok(self.space.encode(a, &self.legal))
    }

    /// The action (a dict) that id `id` names now; None for an id that names
    /// none. It may be illegal: the mask says which are legal.
    fn decode<'py>(&mut self, py: Python<'py>, id: usize) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.space_ok()?;
        self.legal();
        let Some(a) = self.space.decode(id, &self.legal) else {
            return Ok(None);
        };
        Ok(Some(action_dict(py, &self.engine, a)?))
    }

    /// Play the action with id `id`; `IllegalAction` (state unchanged) when
    /// it is not legal.
    fn apply_id<'py>(&mut self, py: Python<'py>, id: usize) -> PyResult<Bound<'py, PyList>> {
        self.space_ok()?;
        self.legal();
        let a = self
            .space
            .decode(id, &self.legal)
            .ok_or_else(|| illegal(format!("action id {id} names no action now")))?;
        if !self.legal.contains(&a) {
            return Err(illegal(format!("action id {id} is not legal now")));
        }
        self.play(a)?;
        self.events_list(py)
    }

    /// The ids of the legal actions that the space has room for.
    fn legal_action_ids(&mut self) -> PyResult<Vec<usize>> {
        self.space_ok()?;
        self.legal();
        let legal = &self.legal;
        Ok(legal
            .iter()
            .filter_map(|&a| self.space.encode(a, legal))
            .collect())
    }

    /// The legal action ids as a 0/1 int8 numpy array over the whole space.
    fn action_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut mask = vec![0u8; self.space.size()];
        for id in self.legal_action_ids()? {
            mask[id] = 1;
        }
        numpy_array(py, &mask, "i1", &[mask.len()])
    }

    /// What `player` sees, as numpy arrays: `board` (int16, planes × side
    /// × side), `features` (int32) and `action_mask` (int8; all zero unless
    /// `player` is the one asked). Layout in docs/reference/python.md.
    fn observation<'py>(&mut self, py: Python<'py>, player: u8) -> PyResult<Bound<'py, PyDict>> {
        if player >= self.engine.players() {
            return Err(PyValueError::new_err(format!(
                "there is no player {player} in a {}-player game",
                self.engine.players()
            )));
        }
        let (board, planes) = encoding::board(&self.engine, &self.space, player);
        let features = encoding::features(&self.engine, player);
        let asked =
            matches!(self.engine.pending().map(|p| p.actor), Some(Actor::Player(p)) if p == player);
        let d = PyDict::new(py);
        let side = self.space.side;
        let bytes: Vec<u8> = board.iter().flat_map(|v| v.to_le_bytes()).collect();
        d.set_item(
            "board",
            numpy_array(py, &bytes, "<i2", &[planes, side, side])?,
        )?;
        let bytes: Vec<u8> = features.iter().flat_map(|v| v.to_le_bytes()).collect();
        d.set_item(
            "features",
            numpy_array(py, &bytes, "<i4", &[features.len()])?,
        )?;
        let mask = if asked {
            self.action_mask(py)?
        } else {
            numpy_array(
                py,
                &vec![0u8; self.space.size()],
                "i1",
                &[self.space.size()],
            )?
        };
        d.set_item("action_mask", mask)?;
        Ok(d)
    }

    /// The feature vector's length and the board's plane count for this
    /// game (fixed for a ruleset and a number of players).
    #[getter]
    fn observation_shapes(&self) -> ((usize, usize, usize), usize) {
        let players = usize::from(self.engine.players());
        let planes = encoding::plane_names(self.engine.rules(), self.engine.players()).len();
        (
            (planes, self.space.side, self.space.side),
            encoding::features_len(players, self.engine.rules().tiles.len()),
        )
    }

    /// The board planes' names, in the observation's order: `PLANE_NAMES`,
    /// `figures_0` … (by seat counted from the observer), then one per
    /// neutral figure of the ruleset's modules (`dragon`, `fairy`).
    #[getter]
    fn plane_names(&self) -> Vec<String> {
        encoding::plane_names(self.engine.rules(), self.engine.players())
    }

    /// The action space's blocks, in id order: `[{"name": "place",
    /// "start": 0, "size": …, "ids": "side² × 4", "within": "…"}, …]`
    /// (generated from the modules' declarations; the table in docs/reference/python.md).
    #[getter]
    fn action_blocks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for b in self.space.blocks.iter() {
            let d = PyDict::new(py);
            d.set_item("name", b.name)?;
            d.set_item("start", b.start)?;
            d.set_item("size", b.size)?;
            d.set_item("ids", &b.ids)?;
            d.set_item("within", &b.within)?;
            list.append(d)?;
        }
        Ok(list)
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, players={}, seed={}, turn={}, scores={:?}{})",
            self.engine.rules().id,
            self.engine.players(),
            self.engine.seed(),
            self.engine.turn(),
            self.engine.scores(),
            if self.engine.is_over() { ", over" } else { "" }
        )
    }
}
