//! A game stepped from Python: the lab's [`Session`] as the class `floe.Game`.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use floe_lab::request::read_rules_setting;
use floe_lab::session::Session;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args;
use crate::errors::value_error;
use crate::python_bot::Observation;

/// The names of the games Floe offers.
#[pyfunction]
pub fn games() -> Vec<&'static str> {
    floe_games::listed_names()
}

/// One game in progress, stepped answer by answer.
///
/// `Game(name, players=4, seed=1, rules=None)` sets up game 0 of a run with master seed
/// `seed` (so `floe replay --game NAME --players N --seed SEED --bots ...` shows the game
/// that `bot_answer` with those bots plays). Answers are numbered as the game numbers them
/// (`action_count` numbers in all, the same at every question).
#[pyclass(module = "floe._floe")]
pub struct Game {
    session: Mutex<Session>,
    /// Set on Ctrl-C to end the search `bot_answer` is running.
    stop: Arc<AtomicBool>,
}

impl Game {
    /// Wraps `session`, its searches ended early by the game's own stop flag.
    fn new_from(mut session: Session) -> Game {
        let stop = Arc::new(AtomicBool::new(false));
        session.interrupt_searches_on(stop.clone());
        Game {
            session: Mutex::new(session),
            stop,
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut Session) -> T) -> T {
        f(&mut self.session.lock().expect("not poisoned"))
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name, players = 4, seed = 1, rules = None))]
    fn new(
        #[pyo3(from_py_with = args::name)] name: String,
        #[pyo3(from_py_with = args::players)] players: usize,
        #[pyo3(from_py_with = args::seed)] seed: u64,
        #[pyo3(from_py_with = args::rules)] rules: Option<PathBuf>,
    ) -> PyResult<Game> {
        let rules = rules
            .map(|path| read_rules_setting(&path))
            .transpose()
            .map_err(|e| value_error(&e))?;
        let session =
            Session::new(&name, rules.as_ref(), players, seed).map_err(|e| value_error(&e))?;
        Ok(Game::new_from(session))
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.with(|s| s.game())
    }

    /// The number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.with(|s| s.players())
    }

    /// How many numbered answers the game has at this table.
    #[getter]
    fn action_count(&self) -> usize {
        self.with(|s| s.action_count())
    }

    /// The length of an observation's numeric encoding.
    #[getter]
    fn encoding_len(&self) -> usize {
        self.with(|s| s.encoding_len())
    }

    /// The seat whose question is pending, or None once the game is over.
    fn to_act(&self) -> Option<usize> {
        self.with(|s| s.to_act())
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.with(|s| s.to_act().is_none())
    }

    /// The answers to the pending question as (number, text) pairs; empty once over.
    fn legal_actions(&self) -> Vec<(usize, String)> {
        self.with(|s| s.answers().into_iter().map(|a| (a.index, a.text)).collect())
    }

    /// What the answer numbered `action` does, whether or not it is legal now (the text
    /// `legal_actions` pairs it with when it is). Raises ValueError for a number no answer
    /// of this table has.
    fn action_text(&self, #[pyo3(from_py_with = args::action)] action: usize) -> PyResult<String> {
        self.with(|s| s.action_text(action))
            .map_err(|e| value_error(&e))
    }

    /// Carries out the answer numbered `action` and returns the events it caused.
    /// Raises ValueError, naming the answer and the answers allowed, if it is not legal
    /// now; the game is then unchanged.
    fn apply(&self, #[pyo3(from_py_with = args::action)] action: usize) -> PyResult<Vec<String>> {
        self.with(|s| s.apply(action)).map_err(|e| value_error(&e))
    }

    /// What `seat` knows: an Observation with `data` (a dict), `text` and `encoding`.
    fn observation(&self, #[pyo3(from_py_with = args::seat)] seat: usize) -> PyResult<Observation> {
        let seen = self
            .with(|s| s.observation(seat))
            .map_err(|e| value_error(&e))?;
        Ok(Observation::new(
            seen.seat,
            seen.text,
            seen.json,
            seen.encoding,
        ))
    }

    /// The result once the game is over (None before): a dict of `scores`, `progress`,
    /// `progress_name`, `winners`, `rounds` and `end_cause`.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(finish) = self.with(|s| s.outcome()) else {
            return Ok(None);
        };
        let out = PyDict::new(py);
        out.set_item("scores", finish.scores)?;
        out.set_item("progress", finish.progress)?;
        out.set_item("progress_name", finish.progress_name)?;
        out.set_item("winners", finish.winners)?;
        out.set_item("rounds", finish.rounds)?;
        out.set_item("end_cause", finish.end_cause)?;
        Ok(Some(out))
    }

    /// The answer number the bot `spec` (e.g. "mcts:iters=1000") gives the pending
    /// question, seeing only what the seat asked knows. It does not apply it. A search
    /// runs on another thread with the GIL released, and Ctrl-C ends it (raising
    /// KeyboardInterrupt); the other bots answer at once, here.
    fn bot_answer(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = args::spec)] spec: String,
    ) -> PyResult<usize> {
        let answer = if Session::searches(&spec) {
            self.stop.store(false, Ordering::Relaxed);
            crate::watch::watched(
                py,
                &self.stop,
                |_| Ok(()),
                || self.with(|s| s.bot_answer(&spec)),
            )?
        } else {
            self.with(|s| s.bot_answer(&spec))
        };
        answer.map_err(|e| value_error(&e))
    }

    /// A copy of the game as it stands (its dice included).
    fn clone(&self) -> Game {
        Game::new_from(self.with(|s| s.clone()))
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    fn __repr__(&self) -> String {
        self.with(|s| {
            let state = match s.to_act() {
                Some(seat) => format!("S{seat} to answer"),
                None => "over".to_string(),
            };
            format!(
                "<floe Game {} ({} players), {state}>",
                s.game(),
                s.players()
            )
        })
    }
}
