//! `carcassonne.VectorEnv`: many games stepped by one call, for
//! reinforcement learning (docs/reference/python.md, "Many games at once").
//!
//! Turn-based and multi-agent: each game asks one player at a time, so a
//! step takes one action id per game (for whoever that game asks: the
//! `player` array) and gives rewards to every player of every game, as
//! Gymnasium's vector environments give arrays over games and PettingZoo's
//! AEC turns give one agent's move at a time. A finished game starts again
//! within the same step with the next seed (Gymnasium's same-step
//! autoreset), its final scores in `info["final_scores"]`.
//!
//! The arrays are numpy arrays made once and written in place by every
//! step: copy them to keep them. Legal actions come two ways: compact (the
//! legal action ids of every game one after the other in `legal_ids`,
//! game i's from `legal_offsets[i]` to `legal_offsets[i + 1]`) and, when
//! asked for, dense (`action_mask`, games × action space; only the cells
//! that changed are written). Observations, when on, are the single game's
//! (`encoding::board`, `encoding::features`) of the player asked, the board
//! kept up to date by `BoardWriter` rather than rebuilt.

use carcassonne_runtime::engine::{Action, Actor, Game as Engine, Legal, ScoreEvent};
use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PySlice, PyTuple};

use crate::encoding::{self, BoardWriter, Space};
use crate::game::{radius_of, space_ok};
use crate::rules::Ruleset;
use crate::IllegalAction;

/// One game of the batch and where its last update's ids are.
struct Slot {
    game: Engine,
    /// The legal actions of the state, counted (slots' ids are ranks
    /// among them); a placement decision's placements are scanned, not
    /// listed.
    legal: Legal,
    /// Where the game's ids start in the step's `flat`, and how many:
    /// the ids of the legal actions the space has room for, the
    /// placements' first, then the others'.
    start: usize,
    len: usize,
    /// How many of the ids are placements' (decoded from the id alone).
    place_ids: usize,
    /// The other actions, aligned with the ids after the placements'.
    acts: Vec<Action>,
    board: BoardWriter,
    /// How many legal actions there are, with an id or not.
    listed: usize,
}

/// For each set of fitting rotations (bit r for rotation r), the rotations
/// in order, padded to four, and how many: a position writes all four ids
/// and keeps as many as fit, which takes no branch per rotation.
const ROTATIONS: [([i32; 4], usize); 16] = {
    let mut t = [([0; 4], 0); 16];
    let mut set = 0;
    while set < 16 {
        let mut r = 0;
        while r < 4 {
            if set & (1 << r) != 0 {
                t[set].0[t[set].1] = r;
                t[set].1 += 1;
            }
            r += 1;
        }
        set += 1;
    }
    t
};

/// The action ids of every game, one after the other: a buffer that only
/// grows, so that listing a game writes its ids without clearing room
/// first.
#[derive(Default)]
struct Ids {
    buf: Vec<i32>,
    len: usize,
}

impl Ids {
    fn clear(&mut self) {
        self.len = 0;
    }

    fn as_slice(&self) -> &[i32] {
        &self.buf[..self.len]
    }

    /// Room for at least `n` ids past the last.
    fn room(&mut self, n: usize) -> &mut [i32] {
        if self.buf.len() < self.len + n {
            self.buf.resize(self.len + n, 0);
        }
        &mut self.buf[self.len..]
    }

    fn push(&mut self, id: i32) {
        self.room(1)[0] = id;
        self.len += 1;
    }
}

impl Slot {
    /// Count the legal actions and append their ids to `flat`.
    fn list(&mut self, space: &Space, flat: &mut Ids) {
        self.listed = self.game.legal_into(&mut self.legal);
        self.acts.clear();
        self.start = flat.len;
        // No action kept for a placement: its id is all it takes to decode.
        // A position's cell is found once for all its rotations, and
        // writes four ids: room for every placement and a spare four.
        let ids = flat.room(self.legal.placements() + 4);
        let mut n = 0;
        self.legal.each_position(&self.game, |x, y, rotations| {
            if let Some(first) = space.place_id_first(x, y) {
                let first = first as i32;
                let (r, count) = ROTATIONS[usize::from(rotations & 0xF)];
                ids[n..n + 4].copy_from_slice(&r.map(|r| first + r));
                n += count;
            }
        });
        flat.len += n;
        self.place_ids = n;
        let others = self.legal.others();
        for &a in others {
            if let Some(id) = space.encode(a, others) {
                flat.push(id as i32);
                self.acts.push(a);
            }
        }
        self.len = flat.len - self.start;
    }

    /// The game's ids in `flat`, the step's they were listed in.
    fn ids<'a>(&self, flat: &'a Ids) -> &'a [i32] {
        &flat.as_slice()[self.start..self.start + self.len]
    }

    /// The legal action at `k` among the game's ids in `flat`.
    fn action(&self, k: usize, flat: &Ids, space: &Space) -> Action {
        match k.checked_sub(self.place_ids) {
            Some(j) => self.acts[j],
            None => Action::Place(
                space
                    .placement(self.ids(flat)[k] as usize)
                    .expect("a placement's id decodes"),
            ),
        }
    }

    /// The player asked (-1 for a decision of chance, which the caller
    /// answers all the same) and the player whose view the observation
    /// shows (for chance, the player whose turn it is).
    fn asked(&self) -> (i32, u8) {
        match self.game.pending().map(|p| p.actor) {
            Some(Actor::Player(p)) => (i32::from(p), p),
            _ => (-1, self.game.to_move()),
        }
    }
}

/// The numpy arrays a step writes.
struct Arrays {
    player: Py<PyArray1<i32>>,
    legal_ids: Py<PyArray1<i32>>,
    legal_offsets: Py<PyArray1<i64>>,
    legal_counts: Py<PyArray1<i32>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    scores: Py<PyArray2<i32>>,
    final_scores: Py<PyArray2<i32>>,
    seeds: Py<PyArray1<u64>>,
    action_mask: Option<Py<PyArray2<i8>>>,
    board: Option<Py<PyArray4<i16>>>,
    features: Option<Py<PyArray2<i32>>>,
}

/// `VectorEnv(ruleset="base", players=2, num_envs=16, seed=0, radius=None,
/// observations=True, dense_mask=False, reward="win")`.
#[pyclass(module = "carcassonne", name = "VectorEnv")]
pub struct VectorEnv {
    ruleset: Ruleset,
    players: u8,
    space: Space,
    neutrals: Vec<&'static str>,
    plane_len: usize,
    features_len: usize,
    slots: Vec<Slot>,
    /// The seed of the next game started.
    next_seed: u64,
    win_reward: bool,
    arrays: Arrays,
    /// Every game's legal ids, gathered before being copied into
    /// `legal_ids` (which grows when they do not fit).
    flat: Ids,
    /// The last step's `flat`, read while this step's is written (a dense
    /// mask clears the cells of its ids).
    prev: Ids,
    /// Each game's chosen action.
    chosen: Vec<Action>,
    /// The first game written with legal actions but no id for any.
    stuck: Option<usize>,
    events: Vec<ScoreEvent>,
    feats: Vec<i32>,
    unseen: Vec<u16>,
    obs: Py<PyDict>,
    info: Py<PyDict>,
}

fn err_borrow(e: impl std::fmt::Display) -> PyErr {
    PyRuntimeError::new_err(format!("a VectorEnv array is in use elsewhere: {e}"))
}

/// The actions a Python value gives: a 1-D array (or sequence) of integers.
fn action_ids(actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(a.as_array().to_vec());
    }
    if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i32>>() {
        return Ok(a.as_array().iter().map(|&v| i64::from(v)).collect());
    }
    let py = actions.py();
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (actions,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    let ndim: usize = arr.getattr("ndim")?.extract()?;
    if ndim != 1 || !(kind == "i" || kind == "u") {
        return Err(PyTypeError::new_err(format!(
            "actions are a 1-D array of integer action ids, one per game, not {}",
            arr.repr()?
        )));
    }
    let arr = arr.call_method1("astype", ("int64",))?;
    let a: PyReadonlyArray1<'_, i64> = arr.extract()?;
    Ok(a.as_array().to_vec())
}

/// The arrays' contents, borrowed for one call.
struct Out<'a> {
    player: &'a mut [i32],
    counts: &'a mut [i32],
    offsets: &'a mut [i64],
    scores: &'a mut [i32],
    seeds: &'a mut [u64],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    finals: &'a mut [i32],
    mask: Option<&'a mut [i8]>,
    board: Option<&'a mut [i16]>,
    features: Option<&'a mut [i32]>,
}

impl VectorEnv {
    /// Run `f` with the arrays' contents borrowed (once per call, not per
    /// game: each borrow asks numpy).
    fn with_out<R>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut VectorEnv, Out<'_>) -> PyResult<R>,
    ) -> PyResult<R> {
        let a = &self.arrays;
        let bind1 = |x: &Py<PyArray1<i32>>| x.clone_ref(py).into_bound(py);
        let (player, counts) = (bind1(&a.player), bind1(&a.legal_counts));
        let offsets = a.legal_offsets.clone_ref(py).into_bound(py);
        let scores = a.scores.clone_ref(py).into_bound(py);
        let seeds = a.seeds.clone_ref(py).into_bound(py);
        let rewards = a.rewards.clone_ref(py).into_bound(py);
        let terminated = a.terminated.clone_ref(py).into_bound(py);
        let finals = a.final_scores.clone_ref(py).into_bound(py);
        let mask = a
            .action_mask
            .as_ref()
            .map(|m| m.clone_ref(py).into_bound(py));
        let board = a.board.as_ref().map(|m| m.clone_ref(py).into_bound(py));
        let features = a.features.as_ref().map(|m| m.clone_ref(py).into_bound(py));
        let mut player = player.try_readwrite().map_err(err_borrow)?;
        let mut counts = counts.try_readwrite().map_err(err_borrow)?;
        let mut offsets = offsets.try_readwrite().map_err(err_borrow)?;
        let mut scores = scores.try_readwrite().map_err(err_borrow)?;
        let mut seeds = seeds.try_readwrite().map_err(err_borrow)?;
        let mut rewards = rewards.try_readwrite().map_err(err_borrow)?;
        let mut terminated = terminated.try_readwrite().map_err(err_borrow)?;
        let mut finals = finals.try_readwrite().map_err(err_borrow)?;
        let mut mask = mask
            .as_ref()
            .map(|m| m.try_readwrite())
            .transpose()
            .map_err(err_borrow)?;
        let mut board = board
            .as_ref()
            .map(|m| m.try_readwrite())
            .transpose()
            .map_err(err_borrow)?;
        let mut features = features
            .as_ref()
            .map(|m| m.try_readwrite())
            .transpose()
            .map_err(err_borrow)?;
        let out = Out {
            player: player.as_slice_mut().map_err(err_borrow)?,
            counts: counts.as_slice_mut().map_err(err_borrow)?,
            offsets: offsets.as_slice_mut().map_err(err_borrow)?,
            scores: scores.as_slice_mut().map_err(err_borrow)?,
            seeds: seeds.as_slice_mut().map_err(err_borrow)?,
            rewards: rewards.as_slice_mut().map_err(err_borrow)?,
            terminated: terminated.as_slice_mut().map_err(err_borrow)?,
            finals: finals.as_slice_mut().map_err(err_borrow)?,
            mask: mask
                .as_mut()
                .map(|m| m.as_slice_mut())
                .transpose()
                .map_err(err_borrow)?,
            board: board
                .as_mut()
                .map(|m| m.as_slice_mut())
                .transpose()
                .map_err(err_borrow)?,
            features: features
                .as_mut()
                .map(|m| m.as_slice_mut())
                .transpose()
                .map_err(err_borrow)?,
        };
        f(self, out)
    }

    /// Write game `i`'s state into the arrays: what it asks, its legal ids
    /// (appended to `flat`), its mask, scores and observation. `fresh`: a
    /// game just started, whose rows hold another game's.
    fn write(&mut self, i: usize, fresh: bool, out: &mut Out<'_>) -> PyResult<()> {
        let n_actions = self.space.size();
        let slot = &mut self.slots[i];
        if let Some(mask) = out.mask.as_deref_mut() {
            let row = &mut mask[i * n_actions..(i + 1) * n_actions];
            if fresh {
                row.fill(0);
            } else {
                for &id in slot.ids(&self.prev) {
                    row[id as usize] = 0;
                }
            }
            slot.list(&self.space, &mut self.flat);
            for &id in slot.ids(&self.flat) {
                row[id as usize] = 1;
            }
        } else {
            slot.list(&self.space, &mut self.flat);
        }
        if slot.len == 0 && slot.listed > 0 {
            self.stuck.get_or_insert(i);
        }
        let (asked, observer) = slot.asked();
        out.player[i] = asked;
        out.counts[i] = slot.len as i32;
        out.offsets[i] = slot.start as i64;
        let p = usize::from(self.players);
        out.scores[i * p..(i + 1) * p].copy_from_slice(slot.game.scores());
        if let Some(board) = out.board.as_deref_mut() {
            let row = &mut board[i * self.plane_len..(i + 1) * self.plane_len];
            if fresh {
                row.fill(0);
                slot.board = BoardWriter::default();
            }
            slot.board
                .update(&slot.game, &self.space, &self.neutrals, observer, row);
        }
        if let Some(features) = out.features.as_deref_mut() {
            encoding::features_into(&slot.game, observer, &mut self.feats, &mut self.unseen);
            features[i * self.features_len..(i + 1) * self.features_len]
                .copy_from_slice(&self.feats);
        }
        Ok(())
    }

    /// Play game `i`'s chosen action: its rewards, and a new game when it
    /// ended; then write it.
    fn advance(&mut self, i: usize, out: &mut Out<'_>) -> PyResult<()> {
        let p = usize::from(self.players);
        let slot = &mut self.slots[i];
        let a = self.chosen[i];
        self.events.clear();
        slot.game.apply_listed_action(a, &mut self.events);
        let after = slot.game.scores();
        let over = slot.game.is_over();
        let rew = &mut out.rewards[i * p..(i + 1) * p];
        if self.win_reward {
            rew.fill(0.0);
            if over {
                let top = after.iter().copied().max().unwrap_or(0);
                for (r, &s) in rew.iter_mut().zip(after) {
                    *r = if s == top { 1.0 } else { -1.0 };
                }
            }
        } else {
            let before = &out.scores[i * p..(i + 1) * p];
            for ((r, &s), &b) in rew.iter_mut().zip(after).zip(before) {
                *r = (s - b) as f32;
            }
        }
        out.terminated[i] = over;
        if over {
            out.finals[i * p..(i + 1) * p].copy_from_slice(after);
            self.restart(i, out.seeds);
        }
        self.write(i, over, out)
    }

    /// Copy `flat` into `legal_ids` (a larger array when it does not fit)
    /// and put the view of this step's ids into `obs`; then refuse to go on
    /// when a game has legal actions but none with an id (every array is
    /// written first, so the batch stays as consistent as the games).
    fn publish(&mut self, py: Python<'_>) -> PyResult<()> {
        self.publish_ids(py)?;
        match self.stuck.take() {
            None => Ok(()),
            Some(i) => Err(PyRuntimeError::new_err(format!(
                "game {i} (seed {}) asks a decision whose every answer lies outside the \
                 window of radius {}: use a larger radius",
                self.slots[i].game.seed(),
                self.space.radius
            ))),
        }
    }

    fn publish_ids(&mut self, py: Python<'_>) -> PyResult<()> {
        let total = self.flat.len;
        let mut ids = self.arrays.legal_ids.bind(py).clone();
        if ids.len() < total {
            ids = PyArray1::<i32>::zeros(py, total.next_power_of_two(), false);
            self.arrays.legal_ids = ids.clone().unbind();
        }
        {
            let mut rw = ids.try_readwrite().map_err(err_borrow)?;
            rw.as_slice_mut().map_err(err_borrow)?[..total].copy_from_slice(self.flat.as_slice());
            let mut off = self
                .arrays
                .legal_offsets
                .bind(py)
                .try_readwrite()
                .map_err(err_borrow)?;
            off.as_slice_mut().map_err(err_borrow)?[self.slots.len()] = total as i64;
        }
        let obs = self.obs.bind(py);
        obs.set_item(
            "legal_ids",
            ids.get_item(PySlice::new(py, 0, total as isize, 1))?,
        )?;
        Ok(())
    }

    /// Start game `i` again with the next seed.
    fn restart(&mut self, i: usize, seeds: &mut [u64]) {
        let seed = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        self.slots[i].game.restart(seed);
        seeds[i] = seed;
    }

    /// Restart every game (seeds from `seed` when given) and write them.
    fn reset_all(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        if let Some(s) = seed {
            self.next_seed = s;
        }
        self.flat.clear();
        self.with_out(py, |env, mut out| {
            out.terminated.fill(false);
            out.rewards.fill(0.0);
            for i in 0..env.slots.len() {
                env.restart(i, out.seeds);
                env.write(i, true, &mut out)?;
            }
            Ok(())
        })?;
        self.publish(py)
    }
}

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(signature = (ruleset = None, players = 2, num_envs = 16, seed = 0, radius = None,
                        observations = true, dense_mask = false, reward = "win"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        ruleset: Option<&Bound<'_, PyAny>>,
        players: u8,
        num_envs: usize,
        seed: u64,
        radius: Option<u16>,
        observations: bool,
        dense_mask: bool,
        reward: &str,
    ) -> PyResult<VectorEnv> {
        let ruleset = Ruleset::from_arg(ruleset)?;
        let radius = radius_of(&ruleset, radius)?;
        space_ok(ruleset.tables)?;
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs is at least 1"));
        }
        let win_reward = match reward {
            "win" => true,
            "score" => false,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "reward is 'win' or 'score', not {reward:?}"
                )))
            }
        };
        let first = Engine::new(ruleset.tables, players, seed)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let space = Space::new(radius);
        let neutrals = encoding::neutral_names(ruleset.tables);
        let planes = encoding::plane_names(ruleset.tables, players).len();
        let (side, cells) = (space.side, space.cells());
        let features_len = encoding::features_len(players.into(), ruleset.tables.tiles.len());
        let slots = (0..num_envs)
            .map(|_| Slot {
                game: first.clone(),
                legal: Legal::default(),
                start: 0,
                len: 0,
                place_ids: 0,
                acts: Vec::new(),
                board: BoardWriter::default(),
                listed: 0,
            })
            .collect();
        let n = num_envs;
        let p = usize::from(players);
        let arrays = Arrays {
            player: PyArray1::zeros(py, n, false).unbind(),
            legal_ids: PyArray1::zeros(py, (n * 64).next_power_of_two(), false).unbind(),
            legal_offsets: PyArray1::zeros(py, n + 1, false).unbind(),
            legal_counts: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, p], false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            scores: PyArray2::zeros(py, [n, p], false).unbind(),
            final_scores: PyArray2::zeros(py, [n, p], false).unbind(),
            seeds: PyArray1::zeros(py, n, false).unbind(),
            action_mask: dense_mask.then(|| PyArray2::zeros(py, [n, space.size()], false).unbind()),
            board: observations
                .then(|| PyArray4::zeros(py, [n, planes, side, side], false).unbind()),
            features: observations.then(|| PyArray2::zeros(py, [n, features_len], false).unbind()),
        };
        let obs = PyDict::new(py);
        obs.set_item("player", arrays.player.bind(py))?;
        obs.set_item("legal_offsets", arrays.legal_offsets.bind(py))?;
        obs.set_item("legal_counts", arrays.legal_counts.bind(py))?;
        obs.set_item("scores", arrays.scores.bind(py))?;
        if let Some(m) = &arrays.action_mask {
            obs.set_item("action_mask", m.bind(py))?;
        }
        if let Some(b) = &arrays.board {
            obs.set_item("board", b.bind(py))?;
        }
        if let Some(f) = &arrays.features {
            obs.set_item("features", f.bind(py))?;
        }
        let info = PyDict::new(py);
        info.set_item("final_scores", arrays.final_scores.bind(py))?;
        info.set_item("seed", arrays.seeds.bind(py))?;
        let mut env = VectorEnv {
            ruleset,
            players,
            space,
            neutrals,
            plane_len: planes * cells,
            features_len,
            slots,
            next_seed: seed,
            win_reward,
            arrays,
            flat: Ids::default(),
            prev: Ids::default(),
            chosen: vec![Action::Pass; n],
            stuck: None,
            events: Vec::new(),
            feats: Vec::new(),
            unseen: Vec::new(),
            obs: obs.unbind(),
            info: info.unbind(),
        };
        env.reset_all(py, Some(seed))?;
        Ok(env)
    }

    /// Start every game again, game i with seed `seed + i` (with no seed,
    /// the seeds go on from the last game started). Returns `(obs, info)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        self.reset_all(py, seed)?;
        PyTuple::new(
            py,
            [self.obs.bind(py).as_any(), self.info.bind(py).as_any()],
        )
    }

    /// Answer every game's pending decision with `actions[i]`, an action id
    /// among `legal_ids` of game i. Returns `(obs, rewards, terminated,
    /// truncated, info)`. An id that is not legal raises `IllegalAction`
    /// before any game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = action_ids(actions)?;
        let n = self.slots.len();
        if actions.len() != n {
            return Err(PyValueError::new_err(format!(
                "{} actions for {n} games: one action id per game",
                actions.len()
            )));
        }
        for (i, (&a, slot)) in actions.iter().zip(&self.slots).enumerate() {
            let ids = slot.ids(&self.flat);
            let k = ids
                .iter()
                .position(|&id| i64::from(id) == a)
                .ok_or_else(|| {
                    IllegalAction::new_err(format!(
                        "game {i}: action id {a} is not among its {} legal ids now; no game moved",
                        ids.len()
                    ))
                })?;
            self.chosen[i] = slot.action(k, &self.flat, &self.space);
        }
        std::mem::swap(&mut self.flat, &mut self.prev);
        self.flat.clear();
        self.with_out(py, |env, mut out| {
            for i in 0..n {
                env.advance(i, &mut out)?;
            }
            Ok(())
        })?;
        self.publish(py)?;
        let a = &self.arrays;
        PyTuple::new(
            py,
            [
                self.obs.bind(py).as_any(),
                a.rewards.bind(py).as_any(),
                a.terminated.bind(py).as_any(),
                a.truncated.bind(py).as_any(),
                self.info.bind(py).as_any(),
            ],
        )
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }
    #[getter]
    fn players(&self) -> u8 {
        self.players
    }
    #[getter]
    fn ruleset(&self) -> Ruleset {
        self.ruleset.clone()
    }
    #[getter]
    fn radius(&self) -> i32 {
        self.space.radius
    }
    /// How many action ids there are (as `Game.action_space_size`).
    #[getter]
    fn action_space_size(&self) -> usize {
        self.space.size()
    }
    /// The seed of the game to be started next.
    #[getter]
    fn next_seed(&self) -> u64 {
        self.next_seed
    }
    /// The observation dict the last `reset` or `step` gave (the same
    /// arrays, written in place).
    #[getter]
    fn obs<'py>(&self, py: Python<'py>) -> Bound<'py, PyDict> {
        self.obs.bind(py).clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "VectorEnv({:?}, players={}, num_envs={})",
            self.ruleset.tables.id,
            self.players,
            self.slots.len()
        )
    }
}
