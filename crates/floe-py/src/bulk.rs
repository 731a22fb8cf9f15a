//! Bulk runs from Python: `simulate`, `tournament` and `experiment` as the lab plans and
//! carries them out for the CLI, on every core with the GIL released, stopped cleanly by
//! Ctrl-C, returning every CSV file the run writes as its text.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use floe_lab::outsider::Plug;
use floe_lab::request::{
    Planned, RequestRules, RunRequest, plan_experiment, plan_run, read_rules_setting,
};
use floe_lab::spec::Spec;
use floe_lab::{
    Machine, Message, Plan, Progress, Registry, RunKind, RunOptions, Seating, Setting,
    SettingError, Shard,
};
use floe_play::people::{Record, replay_record};
use floe_play::seats::seats_of;
use floe_profile::{ProfileOptions, ProfileRequest, plan_profile, run_profile};
use floe_solve::{Sampling, SolveOut, SolveRequest, run_solve};
use floe_tune::{TuneSpec, trial};
use pyo3::exceptions::{PyTypeError, PyUserWarning};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::args;
use crate::errors::value_error;
use crate::python_bot::PythonBot;

/// A run's progress, counted by the workers and read by the thread that waits.
#[derive(Default)]
struct Count {
    total: AtomicU64,
    done: AtomicU64,
}

impl Progress for Count {
    fn begin(&self, games: u64) {
        self.total.store(games, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }
    fn advance(&self, games: u64) {
        self.done.fetch_add(games, Ordering::Relaxed);
    }
}

/// Where a run from Python writes and how it runs, as the wrappers pass them in one dict:
/// the keyword arguments `out`, `threads`, `shard` (`K/N`), `force` and `progress`, each
/// read (and refused, naming it) as the CLI reads its flag.
pub struct Delivery<'py> {
    /// The folder written.
    out: PathBuf,
    /// The machine it runs on and how it shows its progress.
    watch: Watch<'py>,
}

impl<'py> Delivery<'py> {
    /// Reads `dict`, each keyword by its own reader, so that a bad value's message names
    /// the keyword as the CLI's names its flag.
    fn read(dict: &Bound<'py, PyDict>) -> PyResult<Delivery<'py>> {
        let item = |key: &str| {
            dict.get_item(key)?.ok_or_else(|| {
                PyTypeError::new_err(format!("delivery: no {}", floe_io::gate::quoted(key)))
            })
        };
        let shard = args::shard(&item("shard")?)?
            .map(|s| {
                s.parse::<Shard>().map_err(|e| {
                    value_error(
                        &SettingError::new(Setting::Shard, e.to_string())
                            .value(&s)
                            .into(),
                    )
                })
            })
            .transpose()?;
        let machine = Machine::new(args::threads(&item("threads")?)?, shard)
            .map_err(|e| value_error(&e.into()))?;
        let progress = item("progress")?;
        Ok(Delivery {
            out: args::out(&item("out")?)?,
            watch: Watch {
                machine,
                force: args::force(&item("force")?)?,
                progress: (!progress.is_none()).then_some(progress),
            },
        })
    }
}

/// How a run from Python uses the machine and shows its progress.
struct Watch<'py> {
    machine: Machine,
    force: bool,
    /// Called as `progress(done, total)` while the run goes on, and once at its end.
    progress: Option<Bound<'py, PyAny>>,
}

/// The bots of a run from Python: the bots text the lab reads, and the Python functions
/// it names.
#[derive(Default)]
struct Seated {
    text: String,
    bots: Registry,
    functions: Vec<Arc<PythonBot>>,
}

/// Reads `bots`: a bots text as the CLI takes it, or a list whose items are bot specs or
/// Python callables (each seated as `python:NAME`, NAME its `__name__`).
fn seat_bots(bots: &Bound<'_, PyAny>, stop: &Arc<AtomicBool>) -> PyResult<Seated> {
    let mut seated = Seated::default();
    if let Ok(text) = bots.cast::<PyString>() {
        seated.text = text.to_string();
        return Ok(seated);
    }
    let not_bots = || {
        PyTypeError::new_err(
            "bots: expected a bot spec string (\"random,greedy\") or a list of bot specs and \
             Python callables",
        )
    };
    let mut texts = Vec::new();
    for item in bots.try_iter().map_err(|_| not_bots())? {
        let item = item?;
        if let Ok(text) = item.cast::<PyString>() {
            texts.push(text.to_string());
        } else if item.is_callable() {
            let base = match item.getattr("__name__") {
                Ok(name) => format!("python:{name}"),
                Err(_) => "python:bot".to_string(),
            };
            // Two functions of one name stay two entrants.
            let mut name = base.clone();
            let mut n = 1;
            while texts.contains(&name) {
                n += 1;
                name = format!("{base}#{n}");
            }
            let function = Arc::new(PythonBot::new(name.clone(), item.unbind(), stop.clone()));
            seated.bots.seat(Plug::new(&name, function.clone()));
            seated.functions.push(function);
            texts.push(name);
        } else {
            return Err(not_bots());
        }
    }
    seated.text = texts.join(",");
    Ok(seated)
}

/// Reads the rules file at `path`, if one is given, as the CLI reads `--rules`.
fn read_rules(path: Option<PathBuf>) -> PyResult<Option<floe_lab::request::RulesFile>> {
    path.map(|path| read_rules_setting(&path))
        .transpose()
        .map_err(|e| value_error(&e))
}

/// Plays one cell as `floe simulate` (`kind` "simulate") or `floe tournament` does, and
/// returns the paths of its CSV files by name (the folder `out` is the caller's).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (kind, game, players, bots, games, deal, rules, per_game, duplicate, delivery, arc = false))]
pub fn run(
    py: Python<'_>,
    kind: &str,
    #[pyo3(from_py_with = args::game)] game: String,
    #[pyo3(from_py_with = args::players)] players: usize,
    bots: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::games)] games: u64,
    deal: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::rules)] rules: Option<PathBuf>,
    #[pyo3(from_py_with = args::per_game)] per_game: bool,
    #[pyo3(from_py_with = args::duplicate)] duplicate: bool,
    delivery: &Bound<'_, PyDict>,
    #[pyo3(from_py_with = args::arc)] arc: bool,
) -> PyResult<Py<PyDict>> {
    let delivery = Delivery::read(delivery)?;
    let kind_name = kind;
    let (kind, seating) = match kind {
        "simulate" => (RunKind::Simulate, Seating::Fixed),
        "tournament" if duplicate => (RunKind::Tournament, Seating::Duplicate),
        "tournament" => (RunKind::Tournament, Seating::Rotated),
        other => {
            return Err(PyTypeError::new_err(format!(
                "kind: {} is not simulate or tournament",
                floe_io::gate::quoted(other)
            )));
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    let seated = seat_bots(bots, &stop)?;
    let table = Table::new(game, players, rules, deal);
    let planned = plan_table(py, table, &seated, (kind, seating), games, (per_game, arc))?;
    carry_out(
        py,
        &planned.plan,
        &format!("floe.{}", kind_name),
        &delivery.out,
        &delivery.watch,
        &seated,
        &stop,
    )
}

/// Runs the spec at `path` as `floe experiment` (`kind` "experiment") or `floe tune`
/// does, into the folder `delivery["out"]`, with `games` instead of the spec's counts if
/// given (per cell for an experiment; for a tune's search and validation at each player
/// count), and returns the paths of its CSV files by name.
#[pyfunction]
#[pyo3(signature = (kind, path, games, delivery))]
pub fn run_spec(
    py: Python<'_>,
    kind: &str,
    #[pyo3(from_py_with = args::experiment_path)] path: PathBuf,
    #[pyo3(from_py_with = args::games_or_spec)] games: Option<u64>,
    delivery: &Bound<'_, PyDict>,
) -> PyResult<Py<PyDict>> {
    let delivery = Delivery::read(delivery)?;
    let stop = Arc::new(AtomicBool::new(false));
    let refused = |e: anyhow::Error| value_error(&e);
    match kind {
        "experiment" => {
            let spec = Spec::read(&path, &Registry::default()).map_err(refused)?;
            let planned = plan_experiment(&spec, games).map_err(refused)?;
            warn(py, &planned.notes)?;
            let command = format!("floe.experiment({})", path.display());
            let (out, watch) = (&delivery.out, &delivery.watch);
            carry_out(
                py,
                &planned.plan,
                &command,
                out,
                watch,
                &Seated::default(),
                &stop,
            )
        }
        "tune" => {
            let spec = TuneSpec::read(&path, &Registry::default()).map_err(refused)?;
            let spec = match games {
                Some(games) => trial(&spec, games).map_err(refused)?,
                None => spec,
            };
            watch_run(py, &delivery.watch, &Seated::default(), &stop, |job| {
                let report = floe_tune::tune(
                    &spec,
                    &delivery.out,
                    delivery.watch.machine,
                    delivery.watch.force,
                    job.count,
                    job.stop,
                )?;
                Ok(report.written)
            })
        }
        other => Err(PyTypeError::new_err(format!(
            "kind: {} is not experiment or tune",
            floe_io::gate::quoted(other)
        ))),
    }
}

/// Gives the plan's warnings to Python's `warnings`, which prints them: through the
/// terminal gate ([`crate::errors::shown`]).
fn warn(py: Python<'_>, notes: &[Message]) -> PyResult<()> {
    for note in notes {
        let text =
            std::ffi::CString::new(crate::errors::shown(&note.say(&crate::errors::Keywords)))
                .expect("the terminal gate escapes NUL");
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &text, 1)?;
    }
    Ok(())
}

/// What the work of a bulk call is handed: where to count its games, and the flag that
/// stops it.
struct Job<'a> {
    count: &'a Count,
    stop: &'a Arc<AtomicBool>,
}

/// Does `work` on a worker thread, the GIL released, while this thread watches for Ctrl-C
/// and reports progress to `watch`'s callable; returns the path of every CSV file the work
/// wrote, by file name. A failure of one of `seated`'s Python functions is raised first.
fn watch_run(
    py: Python<'_>,
    watch: &Watch<'_>,
    seated: &Seated,
    stop: &Arc<AtomicBool>,
    work: impl FnOnce(Job<'_>) -> anyhow::Result<Vec<PathBuf>> + Send,
) -> PyResult<Py<PyDict>> {
    let count = Count::default();
    let progress = watch.progress.as_ref().map(|p| p.clone().unbind());
    let report_progress = |py: Python<'_>| -> PyResult<()> {
        match &progress {
            Some(p) => p
                .call1(
                    py,
                    (
                        count.done.load(Ordering::Relaxed),
                        count.total.load(Ordering::Relaxed),
                    ),
                )
                .map(drop),
            None => Ok(()),
        }
    };
    let written = crate::watch::watched(py, stop, report_progress, || {
        work(Job {
            count: &count,
            stop,
        })
    })?;
    report_progress(py)?;
    if let Some(e) = seated.functions.iter().find_map(|f| f.take_failure()) {
        return Err(e);
    }
    let written = written.map_err(|e| value_error(&e))?;
    let tables = PyDict::new(py);
    for path in &written {
        if path.extension().is_some_and(|e| e == "csv") {
            let name = path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            tables.set_item(name, path)?;
        }
    }
    Ok(tables.unbind())
}

/// Carries out `plan` into the folder `out` ([`watch_run`]); `call` names the Python call
/// in the run's manifest.
fn carry_out(
    py: Python<'_>,
    plan: &Plan,
    call: &str,
    out: &Path,
    watch: &Watch<'_>,
    seated: &Seated,
    stop: &Arc<AtomicBool>,
) -> PyResult<Py<PyDict>> {
    let (machine, force) = (watch.machine, watch.force);
    watch_run(py, watch, seated, stop, |job| {
        let report = floe_lab::execute(
            plan,
            &RunOptions {
                out,
                machine,
                merged: None,
                command: vec!["python".into(), call.into()],
                force,
                progress: job.count,
                stop: Some(job.stop),
                registry: &seated.bots,
            },
        )?;
        Ok(report.written)
    })
}

/// Profiles a game as `floe profile` does: a duplicate tournament of a ladder of bots
/// (`ladder`, weakest first; `None` for the default, timed on this machine) over `games`
/// deals, into the folder `delivery["out"]`; returns the paths of its CSV files by name.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (game, players, ladder, games, deal, rules, delivery, arc = false))]
pub fn profile(
    py: Python<'_>,
    #[pyo3(from_py_with = args::game)] game: String,
    #[pyo3(from_py_with = args::players)] players: usize,
    #[pyo3(from_py_with = args::ladder)] ladder: Option<String>,
    #[pyo3(from_py_with = args::games)] games: u64,
    deal: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::rules)] rules: Option<PathBuf>,
    delivery: &Bound<'_, PyDict>,
    #[pyo3(from_py_with = args::arc)] arc: bool,
) -> PyResult<Py<PyDict>> {
    let delivery = Delivery::read(delivery)?;
    let rules = read_rules(rules)?;
    let planned = plan_profile(ProfileRequest {
        game,
        rules,
        players,
        ladder,
        deals: games,
        dealing: args::dealing(deal, Seating::Fixed)?,
        arc,
        registry: Registry::default(),
    })
    .map_err(|e| value_error(&e))?;
    warn(py, &planned.notes)?;
    let stop = Arc::new(AtomicBool::new(false));
    watch_run(py, &delivery.watch, &Seated::default(), &stop, |job| {
        let report = run_profile(
            &planned,
            &ProfileOptions {
                out: &delivery.out,
                machine: delivery.watch.machine,
                command: vec!["python".into(), "floe.profile".into()],
                force: delivery.watch.force,
                progress: job.count,
                stop: Some(job.stop),
            },
        )?;
        Ok(report.written.into_iter().chain(report.charts).collect())
    })
}

/// Solves a small game and measures bots as `floe solve` does: the value of `game` (at 2
/// players; `rules` `None` for the solver's default), and how far each of `bots` (a bots
/// text, or a list of specs and Python callables) plays from an equilibrium under
/// `payoff`, its strategy sampled `samples` times at every question; into the folder
/// `delivery["out"]`; returns the paths of its CSV files by name.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (game, rules, payoff, bots, samples, resamples, seed, delivery))]
pub fn solve(
    py: Python<'_>,
    #[pyo3(from_py_with = args::game)] game: String,
    #[pyo3(from_py_with = args::rules)] rules: Option<PathBuf>,
    #[pyo3(from_py_with = args::payoff)] payoff: String,
    bots: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::samples)] samples: u32,
    #[pyo3(from_py_with = args::resamples)] resamples: u32,
    #[pyo3(from_py_with = args::seed)] seed: u64,
    delivery: &Bound<'_, PyDict>,
) -> PyResult<Py<PyDict>> {
    let delivery = Delivery::read(delivery)?;
    let stop = Arc::new(AtomicBool::new(false));
    let seated = seat_bots(bots, &stop)?;
    let request = SolveRequest {
        game,
        rules: read_rules(rules)?,
        payoff,
        bots: seated.text.clone(),
        sampling: Sampling {
            samples,
            resamples,
            seed,
        },
        registry: seated.bots.clone(),
        stop: Some(stop.clone()),
    };
    let threads = delivery.watch.machine.threads_or_cores();
    let force = delivery.watch.force;
    watch_run(py, &delivery.watch, &seated, &stop, |job| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        let report = pool.install(|| {
            run_solve(
                &request,
                Some(SolveOut {
                    dir: &delivery.out,
                    force,
                }),
                job.count,
            )
        })?;
        Ok(report.written)
    })
}

/// Tells one game again as `floe replay` does, and returns the text it prints: game
/// `index` of the run of `game`, `players`, `bots` and `deal` (a `floe tournament` of
/// `games` games, seated as `duplicate` says, if `tournament`), or the game of the `floe
/// play` record at `record`; in full, or as `seat` saw it.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (game, players, bots, deal, rules, index, seat, games, tournament, duplicate, record))]
pub fn replay(
    py: Python<'_>,
    #[pyo3(from_py_with = args::game)] game: String,
    #[pyo3(from_py_with = args::players)] players: usize,
    bots: &Bound<'_, PyAny>,
    deal: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::rules)] rules: Option<PathBuf>,
    #[pyo3(from_py_with = args::index)] index: u64,
    #[pyo3(from_py_with = args::optional_seat)] seat: Option<usize>,
    #[pyo3(from_py_with = args::games_or_spec)] games: Option<u64>,
    #[pyo3(from_py_with = args::tournament)] tournament: bool,
    #[pyo3(from_py_with = args::duplicate)] duplicate: bool,
    #[pyo3(from_py_with = args::record)] record: Option<PathBuf>,
) -> PyResult<String> {
    let stop = Arc::new(AtomicBool::new(false));
    let seated = seat_bots(bots, &stop)?;
    let refused = |message: String| value_error(&anyhow::anyhow!(message));
    if let Some(path) = record {
        // As the CLI's `--record`: the record names the run, and only `seat` applies.
        let given = [
            ("index", (index != 0).then(|| index.to_string())),
            ("games", games.map(|g| g.to_string())),
            ("tournament", tournament.then(|| "True".to_string())),
        ];
        if let Some((name, value)) = given.iter().find_map(|(n, v)| Some((n, v.as_ref()?))) {
            return Err(refused(format!(
                "{name}={value}: a record names its game, seats and seed; with record= only \
                 seat= applies"
            )));
        }
        let text = py.detach(|| -> anyhow::Result<String> {
            let read = Record::read(&path)?;
            replay_record(&read, &path, seat, &seated.bots)
        });
        return finish(text, &seated);
    }
    if duplicate && !tournament {
        return Err(refused(
            "duplicate=True: only a tournament deals in duplicate; add tournament=True".into(),
        ));
    }
    let index_error = |message: String| {
        value_error(
            &SettingError::new(Setting::Index, message)
                .value(index)
                .into(),
        )
    };
    match games {
        Some(0) => return Err(refused("games=0: a run has at least 1 game".into())),
        Some(games) if index >= games => {
            return Err(index_error(format!(
                "a run of games={games} has games 0 to {}",
                games - 1
            )));
        }
        _ => {}
    }
    // A run with fixed seats tells game `index` whatever its size; a tournament's size is
    // a whole number of cycles of seatings, so without `games` it is one cycle, as the
    // CLI takes it.
    let (kind, seating) = match (tournament, duplicate) {
        (false, _) => (RunKind::Simulate, Seating::Fixed),
        (true, true) => (RunKind::Tournament, Seating::Duplicate),
        (true, false) => (RunKind::Tournament, Seating::Rotated),
    };
    let entrants = floe_lab::split_spec_list(&seated.text).len();
    let games = match (tournament, games) {
        (false, _) => 1,
        (true, Some(games)) => games,
        (true, None) => seating.cycle(entrants),
    };
    if let Some(seat) = seat.filter(|&s| s >= players) {
        return Err(value_error(
            &SettingError::new(Setting::Seat, seats_of(players))
                .value(seat)
                .into(),
        ));
    }
    let table = Table::new(game, players, rules, deal);
    let planned = plan_table(py, table, &seated, (kind, seating), games, (false, false))?;
    let text = py.detach(|| floe_play::replay::replay(&planned.plan, index, seat, &seated.bots));
    finish(text, &seated)
}

/// The table a Python call names: game, players, rules file and deal settings.
struct Table<'a, 'py> {
    game: String,
    players: usize,
    rules: Option<PathBuf>,
    deal: &'a Bound<'py, PyAny>,
}

impl<'a, 'py> Table<'a, 'py> {
    /// The table of `game` at `players` seats, under the rules file at `rules`, dealt by
    /// the deal settings `deal`.
    fn new(
        game: String,
        players: usize,
        rules: Option<PathBuf>,
        deal: &'a Bound<'py, PyAny>,
    ) -> Self {
        Table {
            game,
            players,
            rules,
            deal,
        }
    }
}

/// Plans a run of `games` games of `kind` at `table` with the `seated` bots, as the CLI
/// plans it, and warns of the plan's notes.
fn plan_table(
    py: Python<'_>,
    table: Table<'_, '_>,
    seated: &Seated,
    (kind, seating): (RunKind, Seating),
    games: u64,
    (per_game, arc): (bool, bool),
) -> PyResult<Planned> {
    let planned = plan_run(RunRequest {
        kind,
        game: table.game,
        rules: read_rules(table.rules)?.map(RequestRules::Read),
        players: table.players,
        bots: seated.text.clone(),
        games,
        dealing: args::dealing(table.deal, seating)?,
        per_game,
        arc,
        registry: seated.bots.clone(),
    })
    .map_err(|e| value_error(&e))?;
    warn(py, &planned.notes)?;
    Ok(planned)
}

/// Returns a replay's text as `floe replay` prints it (through the terminal gate: it names
/// the bots, a Python function's `__name__` among them, and the rules file's name and
/// colours), or the first failure of one of `seated`'s Python functions, or the replay's
/// error.
fn finish(text: anyhow::Result<String>, seated: &Seated) -> PyResult<String> {
    if let Some(e) = seated.functions.iter().find_map(|f| f.take_failure()) {
        return Err(e);
    }
    text.map(|text| crate::errors::shown(&text))
        .map_err(|e| value_error(&e))
}
