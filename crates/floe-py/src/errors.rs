//! Floe's errors as Python exceptions, settings named as the keyword arguments that give
//! them.

use floe_lab::{Setting, Wording, say};
use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// Settings as keyword arguments: `bots="x": ...`, `choose another out=`.
pub struct Keywords;

impl Wording for Keywords {
    fn mention(&self, setting: Setting) -> String {
        format!("{}=", setting.name().replace('-', "_"))
    }

    fn head(&self, setting: Setting, value: Option<&str>) -> String {
        match value {
            None => setting.name().replace('-', "_"),
            Some(v) => format!("{}{v}", self.mention(setting)),
        }
    }
}

/// Returns a Floe error as a `ValueError` with its whole message (every cause), settings
/// named as keyword arguments.
pub fn value_error(e: &anyhow::Error) -> PyErr {
    PyValueError::new_err(say(e, &Keywords))
}
