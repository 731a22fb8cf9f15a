//! Many games of one kind stepped in one call: the class `floe.VectorGame`, under
//! `floe.gymnasium.vector_env`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

use floe_lab::Machine;
use floe_play::seats::seats_of;
use floe_play::session::{SeatedBot, Session};
use floe_sim::share::{WORTH_HELP, share_out};
use numpy::{Element, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args;
use crate::errors::value_error;

/// The reward of an answer that is not legal, which ends the episode (as in
/// `floe.gymnasium.FloeEnv`).
const ILLEGAL_REWARD: f32 = -1.0;

/// One game of the batch.
struct Table {
    session: Session,
    /// The bot at each seat, `None` at the learning seat: seated once, so that a bot's
    /// answer reads no spec.
    bots: Vec<Option<SeatedBot>>,
    /// The seed of this game's next deal.
    next_seed: u64,
    /// Whether its episode has ended (the game over, or an illegal answer): the next step
    /// deals its next game.
    over: bool,
    /// Whether the last step refused its answer.
    illegal: bool,
}

/// What one step gives one game: its rows of the arrays returned.
struct Row<'a> {
    observation: &'a mut [f32],
    mask: &'a mut [u8],
    reward: &'a mut f32,
    finished: &'a mut bool,
}

/// The games a thread takes at a time: a batch's games are shared out between the calling
/// thread and the pool ([`share_out`]) a piece at a time.
const PIECE: usize = 16;

impl VectorGame {
    /// Lets `table`'s bots answer until the learning seat is asked or the game ends, each
    /// answer carried out as the bot gave it (a batch step is not stopped midway, so no answer is
    /// asked and left unplayed, as `stepping::play_bots` may leave one).
    fn play_bots(table: &mut Table) -> anyhow::Result<()> {
        let Table { session, bots, .. } = table;
        while let Some(bot) = session.to_act().and_then(|s| bots[s].as_ref()) {
            session.play_seated_bot(bot)?;
        }
        Ok(())
    }

    /// Deals `table`'s next game and lets the bots answer; returns whether it is over
    /// already.
    fn deal(&self, table: &mut Table) -> anyhow::Result<bool> {
        table.session.redeal(table.next_seed);
        table.next_seed = table.next_seed.wrapping_add(self.batch as u64);
        VectorGame::play_bots(table)?;
        table.over = table.session.to_act().is_none();
        table.illegal = false;
        Ok(table.over)
    }

    /// Steps `table`: deals its next game if its episode had ended (`action`
    /// ignored), else carries out `action` and lets the bots answer. Writes its row.
    fn step_one(&self, table: &mut Table, action: i64, row: &mut Row) -> anyhow::Result<()> {
        let mut reward = 0.0;
        if table.over {
            *row.finished = self.deal(table)?;
        } else {
            let applied = usize::try_from(action)
                .map_err(|_| anyhow::anyhow!("answer {action}: no answer has a negative number"))
                .and_then(|a| table.session.apply_quietly(a));
            table.illegal = applied.is_err();
            if table.illegal {
                reward = ILLEGAL_REWARD;
                table.over = true;
            } else {
                VectorGame::play_bots(table)?;
                if let Some(share) = table.session.win_share(self.seat) {
                    table.over = true;
                    reward = share;
                }
            }
            *row.finished = table.over;
        }
        *row.reward = reward;
        self.observe(table, row);
        Ok(())
    }

    /// Writes `table`'s observation and action mask into its row.
    fn observe(&self, table: &Table, row: &mut Row) {
        (table.session).encode_into(self.seat, row.observation, row.mask);
    }
}

/// A batch of games of one kind, stepped together: one learning seat answered from
/// outside, Floe's bots at the others (see `floe.gymnasium.vector_env`).
///
/// `VectorGame(game, players=2, seat=0, opponents="random", batch=8, seed=0, rules=None,
/// threads=None)`: `threads` is the most threads a step uses, the calling one included
/// (one per core if left out; 1 steps every game on the calling thread).
/// Game `i`'s `k`-th deal has master seed `seed + i + k * batch` (wrapping at 2^64): the
/// game `floe.gymnasium.FloeEnv.reset(seed=...)` deals with that seed, its bots drawing
/// from the same streams. `reset()` deals every game afresh; `step(actions)` carries out
/// one answer per game, and a game whose episode ended at the previous step is dealt its
/// next game instead (its answer ignored; Gymnasium's "next step" autoreset).
/// The observations and masks returned may be arrays an earlier call returned that nothing
/// holds any more (no name, no view); an array still held is never written again.
#[pyclass(module = "floe._floe")]
pub struct VectorGame {
    tables: Mutex<Vec<Table>>,
    /// The observation and mask arrays of the last steps, to be written again.
    kept: Mutex<Kept>,
    /// The game's name.
    #[pyo3(get)]
    name: &'static str,
    /// The number of seats.
    #[pyo3(get)]
    players: usize,
    /// The learning seat.
    #[pyo3(get)]
    seat: usize,
    /// The bot spec at each seat, `None` at the learning seat.
    opponents: Vec<Option<String>>,
    /// The number of games stepped together.
    #[pyo3(get)]
    batch: usize,
    /// How many numbered answers the game has at this table.
    #[pyo3(get)]
    action_count: usize,
    /// The length of an observation's numeric encoding.
    #[pyo3(get)]
    encoding_len: usize,
    /// The most threads a step uses, the calling one included.
    #[pyo3(get)]
    threads: usize,
}

/// The arrays of observations and of action masks (as bytes, returned as an int8 view) the
/// last steps returned. A step writes again one that nothing but this list holds any more
/// (no name, no view of it, no other reference), rather than a fresh one: a fresh array is
/// zeroed and its pages mapped anew, a fifth of a profile of 1,024 Arctic games stepped
/// together. An array the caller still holds is never written again.
#[derive(Default)]
struct Kept {
    observations: Vec<Py<PyArray2<f32>>>,
    masks: Vec<Py<PyArray2<u8>>>,
}

/// How many arrays of each kind [`Kept`] keeps: a loop holds the last step's while it
/// asks for the next.
const KEPT: usize = 2;

/// Returns an array of `shape` for a step to write every value of: one of `kept` that
/// nothing else holds, or else a fresh one, kept in place of the oldest.
fn array<'py, T: Element>(
    py: Python<'py>,
    kept: &mut Vec<Py<PyArray2<T>>>,
    shape: [usize; 2],
) -> Bound<'py, PyArray2<T>> {
    // A count of 1 is the list's own reference: the one count whose meaning CPython
    // promises (PEP 683), which pyo3's deprecation of reading counts is not about.
    #[allow(deprecated)]
    let free = kept
        .iter()
        .map(|a| a.bind(py))
        .find(|a| a.get_refcnt() == 1 && a.try_readwrite().is_ok());
    if let Some(free) = free {
        return free.clone();
    }
    let fresh = PyArray2::<T>::zeros(py, shape, false);
    if kept.len() == KEPT {
        kept.remove(0);
    }
    kept.push(fresh.clone().unbind());
    fresh
}

/// Reads `opponents=`: one spec for every seat but `seat`, or a dict by seat.
fn read_opponents(
    value: Option<&Bound<'_, PyAny>>,
    session: &Session,
    seat: usize,
) -> PyResult<Vec<Option<String>>> {
    let players = session.players();
    let spec = match value {
        None => Some("random".to_string()),
        Some(v) => v.extract::<String>().ok(),
    };
    let given: Vec<(usize, String)> = match (spec, value) {
        (Some(spec), _) => (0..players)
            .filter(|&s| s != seat)
            .map(|s| (s, spec.clone()))
            .collect(),
        (None, Some(v)) => args::opponents(v)?.unwrap_or_default(),
        (None, None) => Vec::new(),
    };
    let mut seated = vec![None; players];
    for (at, spec) in given {
        let refused = |why: String| {
            PyValueError::new_err(format!(
                "opponents[{at}]={}: {why}",
                floe_io::gate::quoted(&spec)
            ))
        };
        if at >= players {
            return Err(refused(seats_of(players)));
        }
        if at == seat {
            return Err(PyValueError::new_err(format!(
                "seat={seat}: opponents= seats the bot {} there too; the agent learns \
                 seat {seat}, so leave it out of opponents=",
                floe_io::gate::quoted(&spec)
            )));
        }
        session
            .check_bot(&spec)
            .map_err(|e| refused(format!("{e:#}")))?;
        seated[at] = Some(spec);
    }
    if let Some(missing) = (0..players).find(|&s| s != seat && seated[s].is_none()) {
        return Err(PyValueError::new_err(format!(
            "opponents: seat {missing} has no bot; give a spec for every seat but \
             seat={seat}, or one spec for all of them"
        )));
    }
    Ok(seated)
}

/// The arrays a reset returns: observations and action masks.
type Dealt<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<i8>>);

/// The arrays one step returns.
type Stepped<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
);

impl VectorGame {
    /// Runs `work` on every game (with its number) with the GIL released, each writing
    /// its row of the arrays (every value of it; the observations and masks may be
    /// [`Kept`] arrays, written before), and returns the arrays. Games are shared out
    /// between this thread and the pool ([`share_out`]): each is a pure function of its own seed
    /// and answers, so the results are those of stepping them one by one.
    fn run<'py>(
        &self,
        py: Python<'py>,
        work: impl Fn(&VectorGame, &mut Table, usize, &mut Row) -> anyhow::Result<()> + Send + Sync,
    ) -> PyResult<Stepped<'py>> {
        let b = self.batch;
        let (l, a) = (self.encoding_len, self.action_count);
        let (observations, masks) = {
            let mut kept = self.kept.lock().expect("not poisoned");
            (
                array(py, &mut kept.observations, [b, l]),
                array(py, &mut kept.masks, [b, a]),
            )
        };
        let rewards = PyArray1::<f32>::zeros(py, b, false);
        let finished = PyArray1::<bool>::zeros(py, b, false);
        {
            let mut o = observations.readwrite();
            let mut m = masks.readwrite();
            let mut r = rewards.readwrite();
            let mut f = finished.readwrite();
            let contiguous = "an array made here is contiguous";
            let o = o.as_slice_mut().expect(contiguous);
            let m = m.as_slice_mut().expect(contiguous);
            let r = r.as_slice_mut().expect(contiguous);
            let f = f.as_slice_mut().expect(contiguous);
            let tables = &self.tables;
            py.detach(|| {
                let mut tables = tables.lock().expect("not poisoned");
                let one = |(((i, table), (observation, mask)), (reward, finished))| {
                    let mut row = Row {
                        observation,
                        mask,
                        reward,
                        finished,
                    };
                    work(self, table, i, &mut row)
                };
                let (l, a) = (l.max(1), a.max(1));
                let n = PIECE;
                let pieces = (tables.chunks_mut(n).zip(0..))
                    .zip(o.chunks_mut(l * n).zip(m.chunks_mut(a * n)))
                    .zip(r.chunks_mut(n).zip(f.chunks_mut(n)));
                share_out(
                    pieces,
                    self.threads,
                    WORTH_HELP,
                    |(((tables, k), (o, m)), (r, f))| {
                        ((k * n..).zip(tables.iter_mut()))
                            .zip(o.chunks_mut(l).zip(m.chunks_mut(a)))
                            .zip(r.iter_mut().zip(f.iter_mut()))
                            .try_for_each(&one)
                    },
                )
            })
            .map_err(|e| value_error(&e))?;
        }
        // The mask as int8, as the single-game environments give it.
        let masks = masks
            .call_method1("view", ("int8",))?
            .cast_into::<PyArray2<i8>>()?;
        Ok((observations, masks, rewards, finished))
    }
}

/// Reads `batch=`: a whole number, at least 1.
fn batch(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    let b = args::games(value)?;
    if b == 0 {
        return Err(PyValueError::new_err("batch=0: expected at least 1 game"));
    }
    usize::try_from(b).map_err(|_| PyValueError::new_err(format!("batch={b}: too many games")))
}

#[pymethods]
impl VectorGame {
    #[new]
    // Python's keyword arguments, each read and checked by name.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (game, players = 2, seat = 0, opponents = None, batch = 8, seed = 0, rules = None, threads = None))]
    fn new(
        #[pyo3(from_py_with = args::game)] game: String,
        #[pyo3(from_py_with = args::players)] players: usize,
        #[pyo3(from_py_with = args::seat)] seat: usize,
        opponents: Option<Bound<'_, PyAny>>,
        #[pyo3(from_py_with = self::batch)] batch: usize,
        #[pyo3(from_py_with = args::seed)] seed: u64,
        #[pyo3(from_py_with = args::rules)] rules: Option<PathBuf>,
        #[pyo3(from_py_with = args::threads)] threads: Option<usize>,
    ) -> PyResult<VectorGame> {
        let threads =
            (Machine::new(threads, None).map_err(|e| value_error(&e.into()))?).threads_or_cores();
        let mut first = crate::stepping::session_for(&game, players, seed, rules)?;
        // A batch's games are never saved or replayed: their steps are not kept.
        first.forget_steps();
        let players = first.players();
        if seat >= players {
            return Err(PyValueError::new_err(format!(
                "seat={seat}: {}",
                seats_of(players)
            )));
        }
        let opponents = read_opponents(opponents.as_ref(), &first, seat)?;
        let tables = (0..batch)
            .map(|i| {
                let mut session = first.clone();
                let bots = (opponents.iter().enumerate())
                    .map(|(s, spec)| spec.as_deref().map(|b| session.seat_bot(s, b)).transpose())
                    .collect::<anyhow::Result<_>>()
                    .map_err(|e| value_error(&e))?;
                Ok(Table {
                    session,
                    bots,
                    next_seed: seed.wrapping_add(i as u64),
                    over: true,
                    illegal: false,
                })
            })
            .collect::<PyResult<_>>()?;
        Ok(VectorGame {
            tables: Mutex::new(tables),
            kept: Mutex::default(),
            name: first.game(),
            players,
            seat,
            opponents,
            batch,
            action_count: first.action_count(),
            encoding_len: first.encoding_len(),
            threads,
        })
    }

    /// The bots at the other seats, by seat.
    #[getter]
    fn opponents(&self) -> BTreeMap<usize, String> {
        (self.opponents.iter().enumerate())
            .filter_map(|(seat, spec)| Some((seat, spec.clone()?)))
            .collect()
    }

    /// Deals every game afresh and lets the bots answer until the learning seat is asked.
    /// With `seed`, game `i` is dealt seed `seed + i` (and its later deals `seed + i +
    /// k * batch`); without, each game's next seed. Returns the observations (float32,
    /// `[batch, encoding_len]`) and the action masks (int8, `[batch, action_count]`).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = optional_seed)] seed: Option<u64>,
    ) -> PyResult<Dealt<'py>> {
        let (observations, masks, _, _) = self.run(py, |vector, table, i, row| {
            if let Some(seed) = seed {
                table.next_seed = seed.wrapping_add(i as u64);
            }
            vector.deal(table)?;
            vector.observe(table, row);
            Ok(())
        })?;
        Ok((observations, masks))
    }

    /// Carries out `actions[i]` (an answer number; any integer array of `batch` numbers)
    /// in game `i` for every `i`, the bots answering after it, and returns the
    /// observations, the action masks, the rewards (float32: 0 until the game ends, then
    /// the seat's share of the win; -1 for an answer that is not legal, which ends the
    /// episode) and whether each episode ended (bool). A game whose episode ended at the
    /// previous step (or was never dealt) is dealt its next game instead, its answer
    /// ignored, with reward 0.
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped<'py>> {
        let actions = actions.as_slice()?;
        if actions.len() != self.batch {
            return Err(PyValueError::new_err(format!(
                "actions: expected {} answers (one per game), not {}",
                self.batch,
                actions.len()
            )));
        }
        self.run(py, |vector, table, i, row| {
            vector.step_one(table, actions[i], row)
        })
    }

    /// Which games' answers the last step refused (bool, `[batch]`).
    fn illegal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let tables = self.tables.lock().expect("not poisoned");
        PyArray1::from_iter(py, tables.iter().map(|t| t.illegal))
    }

    /// The points per seat of game `i` once its game is over (None before, and after an
    /// illegal answer ended the episode), until the game is dealt its next game.
    fn scores(&self, i: usize) -> Option<Vec<i32>> {
        let tables = self.tables.lock().expect("not poisoned");
        tables.get(i)?.session.outcome().map(|o| o.scores)
    }

    fn __repr__(&self) -> String {
        format!(
            "<floe VectorGame {} ({} players, seat {}), {} games>",
            self.name, self.players, self.seat, self.batch
        )
    }
}

/// Reads an optional `seed=`.
fn optional_seed(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if value.is_none() {
        return Ok(None);
    }
    args::seed(value).map(Some)
}
