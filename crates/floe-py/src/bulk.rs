//! Bulk runs from Python: `simulate`, `tournament` and `experiment` as the lab plans and
//! carries them out for the CLI, on every core with the GIL released, stopped cleanly by
//! Ctrl-C, returning every CSV file the run writes as its text.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use floe_lab::outsider::Plug;
use floe_lab::planning::{RunRequest, plan_experiment, plan_run, read_rules};
use floe_lab::spec::Spec;
use floe_lab::{Machine, Plan, RunKind, RunOptions, Seating, Silent};
use pyo3::exceptions::{PyTypeError, PyUserWarning};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::errors::value_error;
use crate::python_bot::PythonBot;

/// How often a run's waiting thread looks for Ctrl-C.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// The bots of a run from Python: the bots text the lab reads, and the Python functions
/// it names.
struct Seated {
    text: String,
    plugs: Vec<Plug>,
    functions: Vec<Arc<PythonBot>>,
}

/// Reads `bots`: a bots text as the CLI takes it, or a list whose items are bot specs or
/// Python callables (each seated as `python:NAME`, NAME its `__name__`).
fn seat_bots(bots: &Bound<'_, PyAny>, stop: &Arc<AtomicBool>) -> PyResult<Seated> {
    let mut seated = Seated {
        text: String::new(),
        plugs: Vec::new(),
        functions: Vec::new(),
    };
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
            seated.plugs.push(Plug::new(&name, function.clone()));
            seated.functions.push(function);
            texts.push(name);
        } else {
            return Err(not_bots());
        }
    }
    seated.text = texts.join(",");
    Ok(seated)
}

/// Plays one cell as `floe simulate` (`kind` "simulate") or `floe tournament` does, and
/// returns its CSV files by name.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (kind, game, players, bots, games, seed, rules, shuffle_colours, per_game, duplicate, out, threads, force))]
pub fn run(
    py: Python<'_>,
    kind: &str,
    game: &str,
    players: usize,
    bots: &Bound<'_, PyAny>,
    games: u64,
    seed: u64,
    rules: Option<PathBuf>,
    shuffle_colours: bool,
    per_game: bool,
    duplicate: bool,
    out: Option<PathBuf>,
    threads: Option<usize>,
    force: bool,
) -> PyResult<Py<PyDict>> {
    let (kind, seating) = match kind {
        "simulate" => (RunKind::Simulate, Seating::Fixed),
        "tournament" if duplicate => (RunKind::Tournament, Seating::Duplicate),
        "tournament" => (RunKind::Tournament, Seating::Rotated),
        other => {
            return Err(PyTypeError::new_err(format!(
                "kind: {other:?} is not simulate or tournament"
            )));
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    let seated = seat_bots(bots, &stop)?;
    let machine = Machine::new(threads, None).map_err(|e| value_error(&e))?;
    let rules = rules
        .map(|path| read_rules(&path, &format!("--rules {}", path.display())))
        .transpose()
        .map_err(|e| value_error(&e))?;
    let planned = plan_run(RunRequest {
        kind,
        game: game.to_string(),
        rules,
        players,
        bots: seated.text.clone(),
        games,
        seed,
        shuffle_colours,
        seating,
        per_game,
        outsiders: seated.plugs.clone(),
    })
    .map_err(|e| value_error(&e))?;
    warn(py, &planned.notes)?;
    carry_out(
        py,
        &planned.plan,
        out.as_deref(),
        machine,
        force,
        &seated,
        &stop,
    )
}

/// Runs the experiment spec at `path` (with `games` per cell instead of the spec's counts,
/// if given) as `floe experiment` does, and returns its CSV files by name.
#[pyfunction]
#[pyo3(signature = (path, games, out, threads, force))]
pub fn experiment(
    py: Python<'_>,
    path: PathBuf,
    games: Option<u64>,
    out: Option<PathBuf>,
    threads: Option<usize>,
    force: bool,
) -> PyResult<Py<PyDict>> {
    let machine = Machine::new(threads, None).map_err(|e| value_error(&e))?;
    let spec = Spec::read(&path).map_err(|e| value_error(&e))?;
    let planned = plan_experiment(&spec, games).map_err(|e| value_error(&e))?;
    warn(py, &planned.notes)?;
    let seated = Seated {
        text: String::new(),
        plugs: Vec::new(),
        functions: Vec::new(),
    };
    let stop = Arc::new(AtomicBool::new(false));
    carry_out(
        py,
        &planned.plan,
        out.as_deref(),
        machine,
        force,
        &seated,
        &stop,
    )
}

/// Gives the plan's warnings to Python's `warnings`.
fn warn(py: Python<'_>, notes: &[String]) -> PyResult<()> {
    for note in notes {
        let text = std::ffi::CString::new(crate::errors::as_keywords(note))
            .unwrap_or_else(|_| c"a bot's answers depend on this machine".into());
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &text, 1)?;
    }
    Ok(())
}

/// Carries out `plan` into `out` (or a folder removed afterwards) on a worker thread, the
/// GIL released, while this thread watches for Ctrl-C; returns every CSV file written,
/// by file name, as text.
fn carry_out(
    py: Python<'_>,
    plan: &Plan,
    out: Option<&Path>,
    machine: Machine,
    force: bool,
    seated: &Seated,
    stop: &Arc<AtomicBool>,
) -> PyResult<Py<PyDict>> {
    let scratch = match out {
        Some(_) => None,
        None => Some(tempfile::tempdir().map_err(|e| value_error(&e.into()))?),
    };
    let folder = out.unwrap_or_else(|| scratch.as_ref().expect("made above").path());
    let mut interrupted = None;
    let report = py.detach(|| {
        std::thread::scope(|s| {
            let worker = s.spawn(|| {
                floe_lab::execute(
                    plan,
                    &RunOptions {
                        out: folder,
                        machine,
                        merged: None,
                        command: vec!["python".into(), format!("floe.{:?}", plan.kind)],
                        force,
                        progress: &Silent,
                        stop: Some(stop),
                        outsiders: &seated.plugs,
                    },
                )
            });
            while !worker.is_finished() {
                std::thread::sleep(SIGNAL_CHECK);
                if interrupted.is_none()
                    && let Err(e) = Python::attach(|py| py.check_signals())
                {
                    interrupted = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            worker.join().expect("the run does not panic")
        })
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    if let Some(e) = seated.functions.iter().find_map(|f| f.take_failure()) {
        return Err(e);
    }
    let report = report.map_err(|e| value_error(&e))?;
    let tables = PyDict::new(py);
    for path in &report.written {
        if path.extension().is_some_and(|e| e == "csv") {
            let text = std::fs::read_to_string(path).map_err(|e| value_error(&e.into()))?;
            let name = path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            tables.set_item(name, text)?;
        }
    }
    Ok(tables.unbind())
}
