//! A game stepped from Python: the lab's [`Session`] as the class `floe.Game`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use floe_lab::Registry;
use floe_lab::request::read_rules_setting;
use floe_play::people::Record;
use floe_play::saved::{Saved, open_record, record_of};
use floe_play::seats::seats_of;
use floe_play::session::{Session, Step};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
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
/// `Game(name, players=4, seed=1, rules=None, opponents=None)` sets up game 0 of a run with
/// master seed `seed` (so `floe replay --game NAME --players N --seed SEED --bots ...` shows
/// the game that `bot_answer` with those bots plays). Answers are numbered as the game
/// numbers them (`action_count` numbers in all, the same at every question). `opponents`
/// seats bots (`{1: "greedy"}`) that `play_bots` lets answer.
#[pyclass(module = "floe._floe")]
pub struct Game {
    session: Mutex<Session>,
    /// The bot spec seated at each seat by `opponents=`, `None` where answers come from
    /// outside.
    opponents: Vec<Option<String>>,
    /// Set on Ctrl-C to end the search `bot_answer` or `play_bots` is running.
    stop: Arc<AtomicBool>,
}

impl Game {
    /// Wraps `session` with `opponents` seated, its searches ended early by the game's own
    /// stop flag.
    fn new_from(mut session: Session, opponents: Vec<Option<String>>) -> Game {
        let stop = Arc::new(AtomicBool::new(false));
        session.interrupt_searches_on(stop.clone());
        Game {
            session: Mutex::new(session),
            opponents,
            stop,
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut Session) -> T) -> T {
        f(&mut self.session.lock().expect("not poisoned"))
    }

    /// Runs `work` on the game. When `searches`, it runs on another thread with the GIL
    /// released while this one watches for Ctrl-C, which ends the search (raising
    /// KeyboardInterrupt); other bots answer at once, so they run here.
    fn think<T: Send>(
        &self,
        py: Python<'_>,
        searches: bool,
        work: impl FnOnce(&mut Session) -> T + Send,
    ) -> PyResult<T> {
        self.stop.store(false, Ordering::Relaxed);
        if searches {
            crate::watch::watched(py, &self.stop, |_| Ok(()), || self.with(work))
        } else {
            Ok(self.with(work))
        }
    }
}

/// Returns the bots `opponents` seats, one entry per seat of `session`'s table.
///
/// # Errors
/// Names the entry (`opponents[5]="greedy"`) of a seat the table does not have or a spec
/// the game cannot seat.
fn seat_opponents(
    session: &Session,
    opponents: Vec<(usize, String)>,
) -> PyResult<Vec<Option<String>>> {
    let players = session.players();
    let mut seated = vec![None; players];
    for (seat, spec) in opponents {
        let refused = |why: String| {
            PyValueError::new_err(format!(
                "opponents[{seat}]={}: {why}",
                floe_io::gate::quoted(&spec)
            ))
        };
        let Some(at) = seated.get_mut(seat) else {
            return Err(refused(seats_of(players)));
        };
        session
            .check_bot(&spec)
            .map_err(|e| refused(format!("{e:#}")))?;
        *at = Some(spec);
    }
    Ok(seated)
}

/// Lets the bots in `opponents` (one entry per seat, `None` for a seat answered from
/// outside) answer the game's questions until a seat without a bot is asked or the game
/// ends, and returns how many answers they gave. Each bot draws from its seat's random
/// stream ([`Session::bot_answer`]), so its answers are a pure function of the game's seed
/// and the answers given before. Once `stop` is set (Ctrl-C), the answer of the search it
/// cut short is dropped and the game is left at that bot's question.
///
/// # Errors
/// None with checked specs ([`seat_opponents`]); a session's refusal is passed on.
pub(crate) fn play_bots(
    session: &mut Session,
    opponents: &[Option<String>],
    stop: &AtomicBool,
) -> anyhow::Result<usize> {
    let mut answers = 0;
    while let Some(spec) = session.to_act().and_then(|seat| opponents[seat].as_deref()) {
        let answer = session.bot_answer(spec)?;
        if stop.load(Ordering::Relaxed) {
            break;
        }
        session.apply_quietly(answer)?;
        answers += 1;
    }
    Ok(answers)
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name, players = 4, seed = 1, rules = None, opponents = None))]
    fn new(
        #[pyo3(from_py_with = args::name)] name: String,
        #[pyo3(from_py_with = args::players)] players: usize,
        #[pyo3(from_py_with = args::seed)] seed: u64,
        #[pyo3(from_py_with = args::rules)] rules: Option<PathBuf>,
        #[pyo3(from_py_with = args::opponents)] opponents: Option<Vec<(usize, String)>>,
    ) -> PyResult<Game> {
        let session = session_for(&name, players, seed, rules)?;
        let opponents = seat_opponents(&session, opponents.unwrap_or_default())?;
        Ok(Game::new_from(session, opponents))
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

    /// The bots seated by `opponents=`, by seat.
    #[getter]
    fn opponents(&self) -> BTreeMap<usize, String> {
        (self.opponents.iter().enumerate())
            .filter_map(|(seat, spec)| Some((seat, spec.clone()?)))
            .collect()
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

    /// The encoding's named fields at this table, in order: a list of dicts of `name`,
    /// `start`, `stop` (the field is `encoding[start:stop]`), `shape` (a tuple; the values
    /// are in row-major order) and `meaning`. They tile the encoding; `docs/encodings.md`
    /// lists them for each game.
    fn encoding_layout<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.with(|s| s.encoding_layout())
            .into_iter()
            .map(|f| {
                let field = PyDict::new(py);
                field.set_item("name", f.name)?;
                field.set_item("start", f.start)?;
                field.set_item("stop", f.end())?;
                field.set_item("shape", pyo3::types::PyTuple::new(py, f.shape.dims())?)?;
                field.set_item("meaning", f.meaning)?;
                Ok(field)
            })
            .collect()
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
    /// `legal_actions` pairs it with when it is); a number this table leaves unused says
    /// so. Raises ValueError, naming the numbers there are, at or above `action_count`.
    fn action_text(&self, #[pyo3(from_py_with = args::action)] action: usize) -> PyResult<String> {
        self.with(|s| s.action_text(action))
            .map_err(|e| value_error(&e))
    }

    /// Carries out the answer numbered `action` and returns the events it caused (none
    /// with `events=False`, which spares writing them: a learning loop's step). Raises
    /// ValueError, naming the answer and the answers allowed, if it is not legal now; the
    /// game is then unchanged.
    #[pyo3(signature = (action, events = true))]
    fn apply(
        &self,
        #[pyo3(from_py_with = args::action)] action: usize,
        #[pyo3(from_py_with = args::events)] events: bool,
    ) -> PyResult<Vec<String>> {
        let applied = match events {
            true => self.with(|s| s.apply(action)),
            false => self.with(|s| s.apply_quietly(action).map(|()| Vec::new())),
        };
        applied.map_err(|e| value_error(&e))
    }

    /// What `seat` knows as the game's encoding (float32, as `observation(seat).encoding`)
    /// with the mask of the answers legal now (int8: 1 at each of `legal_actions()`'s
    /// numbers if `seat` is asked, all 0 otherwise), without the observation's text and
    /// data: what a learning loop reads at each step.
    fn encoded<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::seat)] seat: usize,
    ) -> PyResult<Encoded<'py>> {
        let (players, length, count) =
            self.with(|s| (s.players(), s.encoding_len(), s.action_count()));
        if seat >= players {
            return Err(PyValueError::new_err(format!(
                "seat={seat}: {}",
                seats_of(players)
            )));
        }
        let encoding = PyArray1::<f32>::zeros(py, length, false);
        let mask = PyArray1::<u8>::zeros(py, count, false);
        {
            let mut e = encoding.readwrite();
            let mut m = mask.readwrite();
            let contiguous = "a fresh array is contiguous";
            let (e, m) = (
                e.as_slice_mut().expect(contiguous),
                m.as_slice_mut().expect(contiguous),
            );
            self.with(|s| s.encode_into(seat, e, m));
        }
        let mask = mask.call_method1("view", ("int8",))?.cast_into()?;
        Ok((encoding, mask))
    }

    /// Deals game 0 of the run with master seed `seed` at this table, as
    /// `Game(name, players, seed, rules, opponents)` would (each seated bot starting a new
    /// game), without setting the table up again; the history starts afresh.
    fn redeal(&self, #[pyo3(from_py_with = args::seed)] seed: u64) {
        self.with(|s| s.redeal(seed));
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
    /// `progress_name`, `winners`, `win_shares` (each seat's share of the win: 1 alone,
    /// 1/n shared by n, 0 lost), `rounds` and `end_cause`.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(finish) = self.with(|s| s.outcome()) else {
            return Ok(None);
        };
        let out = PyDict::new(py);
        out.set_item("scores", finish.scores)?;
        out.set_item("progress", finish.progress)?;
        out.set_item("progress_name", finish.progress_name)?;
        out.set_item("winners", finish.winners)?;
        out.set_item("win_shares", finish.win_shares)?;
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
        self.think(py, Session::searches(&spec), |s| s.bot_answer(&spec))?
            .map_err(|e| value_error(&e))
    }

    /// Lets the bots seated by `opponents=` answer, question after question, until a seat
    /// without a bot is asked or the game ends, and returns how many answers they gave (0
    /// when a seat without a bot is asked already). Each seat's bot is the one `bot_answer`
    /// asks, drawing from the seat's own random stream: the game stays a pure function of
    /// its seed and the answers given from outside. Searches run as in `bot_answer`; Ctrl-C
    /// leaves the game at the question the search was cut short at.
    fn play_bots(&self, py: Python<'_>) -> PyResult<usize> {
        let searches = self
            .opponents
            .iter()
            .flatten()
            .any(|s| Session::searches(s));
        self.think(py, searches, |s| play_bots(s, &self.opponents, &self.stop))?
            .map_err(|e| value_error(&e))
    }

    /// A copy of the game as it stands (its dice and seated bots included).
    fn clone(&self) -> Game {
        Game::new_from(self.with(|s| s.clone()), self.opponents.clone())
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// Every answer carried out since the deal, in order, as `(seat, number)` pairs (the
    /// bots' asked through `bot_answer` or `play_bots` included once carried out).
    #[getter]
    fn history(&self) -> Vec<(usize, usize)> {
        self.with(|s| {
            s.steps()
                .iter()
                .filter_map(|step| match step {
                    Step::Answered { seat, answer } => Some((*seat, *answer)),
                    Step::Asked { .. } => None,
                })
                .collect()
        })
    }

    /// Pickles as its setup and steps (answers carried out, bots asked); unpickling sets it
    /// up again and replays them, so it stands where it stood and goes on identically, its
    /// seated bots included.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let load = py.import("floe._floe")?.getattr("_load_game")?;
        let saved = self.with(|s| Saved::of(s, &self.opponents));
        Ok((load, (saved.to_json(),)))
    }

    /// Opens the game of a record `floe play` wrote (or `write_record`) where the record
    /// ends: its people's answers carried out and its bots asked in turn; its bot seats are
    /// this game's `opponents`, answering in `play_bots`.
    #[staticmethod]
    fn from_record(#[pyo3(from_py_with = args::record_path)] path: PathBuf) -> PyResult<Game> {
        let record = Record::read(&path).map_err(|e| value_error(&e))?;
        let (session, bots) =
            open_record(&record, &path, &Registry::default()).map_err(|e| value_error(&e))?;
        Ok(Game::new_from(session, bots))
    }

    /// Writes the game as a record `floe replay --record PATH` tells and `floe.Game.
    /// from_record` opens: its `opponents`' seats as bots where each of their questions
    /// was answered by that bot, every other seat's answers as a person's. A file at `path`
    /// is replaced only if it is a record Floe wrote, unless `force`. Returns the path.
    #[pyo3(signature = (path, force = false))]
    fn write_record(
        &self,
        #[pyo3(from_py_with = args::record_path)] path: PathBuf,
        #[pyo3(from_py_with = args::force)] force: bool,
    ) -> PyResult<PathBuf> {
        let record = self.with(|s| record_of(s, &self.opponents));
        record
            .check(&path, &Registry::default())
            .map_err(|e| value_error(&e))?;
        record
            .write(&path, force, "force=True")
            .map_err(|e| value_error(&e))
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

/// A seat's encoding and the mask of the answers legal now ([`Game::encoded`]).
type Encoded<'py> = (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>);

/// Sets a pickled game up again (see `Game.__reduce__`).
#[pyfunction]
pub fn _load_game(saved: &str) -> PyResult<Game> {
    let saved = Saved::from_json(saved).map_err(|e| value_error(&e))?;
    let session = saved
        .restore(&Registry::default())
        .map_err(|e| value_error(&e))?;
    Ok(Game::new_from(session, saved.bots))
}

/// Sets up game 0 of a run of `game` with master seed `seed` at `players` seats, under
/// the rules file at `rules` (the built-in rules without): what `Game(...)` and
/// `VectorGame(...)` start from, their errors naming the keyword arguments.
pub fn session_for(
    game: &str,
    players: usize,
    seed: u64,
    rules: Option<PathBuf>,
) -> PyResult<Session> {
    let rules = rules
        .map(|path| read_rules_setting(&path))
        .transpose()
        .map_err(|e| value_error(&e))?;
    Session::new(game, rules.as_ref(), players, seed).map_err(|e| value_error(&e))
}
