//! A Python function at a seat: an outsider that calls it with the seat's observation and
//! the legal answers, and the observation handed to Python.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use floe_lab::outsider::{Asked, Outsider};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::args;
use crate::errors::refusal;

/// What one seat knows: `data` (a dict of the observation's fields), `text` (the same,
/// printed for people; also `str(observation)`) and `encoding` (the game's fixed-length
/// numeric vector).
#[pyclass(module = "floe._floe", frozen)]
pub struct Observation {
    /// The seat observing.
    #[pyo3(get)]
    seat: usize,
    /// The observation printed for people.
    #[pyo3(get)]
    text: String,
    json: String,
    encoding: Vec<f32>,
}

impl Observation {
    /// Returns the observation of `seat` from its three forms.
    pub fn new(seat: usize, text: String, json: String, encoding: Vec<f32>) -> Observation {
        Observation {
            seat,
            text,
            json,
            encoding,
        }
    }
}

#[pymethods]
impl Observation {
    /// The observation's fields as a dict (what the seat knows, nothing more).
    #[getter]
    fn data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (self.json.as_str(),))
    }

    /// The game's numeric encoding of the observation, a list of floats.
    #[getter]
    fn encoding(&self) -> Vec<f32> {
        self.encoding.clone()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<floe Observation of seat {}>", self.seat)
    }
}

/// A Python callable seated as a bot: called as `f(observation, legal)` with an
/// [`Observation`] and the legal answers as `(number, text)` pairs, it returns a number.
pub struct PythonBot {
    name: String,
    function: Py<PyAny>,
    /// The run's stop flag: raised when the function fails, so the run ends at once.
    stop: Arc<AtomicBool>,
    /// The first error the function raised (or a number it returned that is not legal).
    failure: Mutex<Option<PyErr>>,
}

impl PythonBot {
    /// Seats `function` under `name`, stopping the run through `stop` if it fails.
    pub fn new(name: String, function: Py<PyAny>, stop: Arc<AtomicBool>) -> PythonBot {
        PythonBot {
            name,
            function,
            stop,
            failure: Mutex::new(None),
        }
    }

    /// Takes the first error the function raised, if any.
    pub fn take_failure(&self) -> Option<PyErr> {
        self.failure.lock().expect("not poisoned").take()
    }

    /// Calls the function on `question` and checks its answer.
    fn ask(
        &self,
        py: Python<'_>,
        question: &dyn Asked,
        legal: &[(usize, String)],
    ) -> PyResult<usize> {
        let observation = Observation::new(
            question.seat(),
            question.observation_text(),
            question.observation_json(),
            question.encoding(),
        );
        let listed = PyList::new(py, legal.iter().map(|(i, t)| (*i, t.as_str())))?;
        let answer = self.function.call1(py, (observation, listed))?;
        // The name is the function's own `__name__`, the answer any object it returned:
        // both shown through the terminal's gate.
        let bot = || floe_io::gate::quoted(&self.name);
        let number: usize = answer.extract(py).map_err(|_| {
            refusal(&format!(
                "bot {}: returned {}, not the number of an answer",
                bot(),
                args::shown(answer.bind(py))
            ))
        })?;
        if legal.iter().any(|(i, _)| *i == number) {
            return Ok(number);
        }
        let allowed: Vec<String> = legal.iter().map(|(i, t)| format!("{i} ({t})")).collect();
        Err(refusal(&format!(
            "bot {}: answer {number} is not an answer now; answers: {}",
            bot(),
            allowed.join(" | ")
        )))
    }
}

impl Outsider for PythonBot {
    fn answer(&self, question: &dyn Asked) -> usize {
        let legal = question.answers();
        if !self.stop.load(Ordering::Relaxed) {
            match Python::attach(|py| self.ask(py, question, &legal)) {
                Ok(number) => return number,
                Err(e) => {
                    self.failure.lock().expect("not poisoned").get_or_insert(e);
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        legal[0].0
    }
}
