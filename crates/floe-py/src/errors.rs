//! Floe's errors as Python exceptions, settings named as the keyword arguments that give
//! them, and the terminal's gate for every text Python is handed to show a person.

use floe_lab::{Setting, Wording, say};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Settings as keyword arguments: `bots="x": ...`, `choose another out=`.
pub struct Keywords;

impl Wording for Keywords {
    fn mention(&self, setting: Setting) -> String {
        format!("{}=", setting.name().replace('-', "_"))
    }

    /// The value is the caller's own text (a game's name, a path, a shard): kept on the
    /// line it heads ([`floe_io::gate::line`]).
    fn head(&self, setting: Setting, value: Option<&str>) -> String {
        match value {
            None => setting.name().replace('-', "_"),
            Some(v) => format!("{}{}", self.mention(setting), floe_io::gate::line(v)),
        }
    }
}

/// Returns `text` as Python is to show it to a person (an exception's message, a warning,
/// a replay's log): through the terminal gate, as the CLI's text passes through
/// `floe_io::console`, since it is printed to a terminal and may carry text from outside
/// (a bot's name, a path, a rules file's name).
pub fn shown(text: &str) -> String {
    floe_io::gate::terminal(text).into_owned()
}

/// `floe._floe.line(text)`: `text` kept on the line of a message ([`floe_io::gate::line`]),
/// for the messages the Python half words about values it is given (a `repr`, a type's
/// name), so that they pass the same gate as the native half's.
#[pyfunction]
pub fn line(text: &str) -> String {
    floe_io::gate::line(text).into_owned()
}

/// Returns `message` as a `ValueError` ([`shown`]).
pub fn refusal(message: &str) -> PyErr {
    PyValueError::new_err(shown(message))
}

/// Returns a Floe error as a `ValueError` with its whole message (every cause), settings
/// named as keyword arguments.
pub fn value_error(e: &anyhow::Error) -> PyErr {
    refusal(&say(e, &Keywords))
}
