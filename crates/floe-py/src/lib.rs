//! `floe._floe`: the native half of the Python package `floe`.
//!
//! It reaches the games only through Floe's registry and lab: bulk runs are the lab's
//! plans carried out by the lab, stepped games are the lab's sessions, and a Python
//! function takes a seat as an outsider ([`floe_bots::outsider`]). The Python half
//! (`python/floe`) turns the tables into pandas and wraps the PettingZoo environment.

mod args;
mod bulk;
mod errors;
mod python_bot;
mod stepping;
mod vector;
mod watch;

use pyo3::prelude::*;

/// The native module: see the package's `__init__.py` for the documented API.
#[pymodule]
fn _floe(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bulk::run, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::run_spec, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::profile, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::solve, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::replay, m)?)?;
    m.add_function(wrap_pyfunction!(stepping::games, m)?)?;
    m.add_function(wrap_pyfunction!(stepping::_load_game, m)?)?;
    m.add_function(wrap_pyfunction!(errors::line, m)?)?;
    m.add_class::<stepping::Game>()?;
    m.add_class::<python_bot::Observation>()?;
    m.add_class::<vector::VectorGame>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
