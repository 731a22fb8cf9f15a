//! Arguments read from Python by hand, so that a wrong one raises an error whose message
//! names it as the keyword argument is spelled (`players="3": expected a whole number, not
//! str`). PyO3's own conversions name the argument only in a note under the traceback,
//! and turn a negative or huge number into `OverflowError`, where Floe documents
//! `ValueError` for every value out of range.

use std::path::PathBuf;

use floe_lab::{DealSetting, Dealing, Seating};
use pyo3::conversion::FromPyObjectOwned;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Returns `value` as a whole number of type `T`: `TypeError` naming `name` if it is not
/// an integer, `ValueError` naming it if it is one out of `T`'s range (a negative count,
/// a seed above 2^64 − 1).
fn whole<T>(value: &Bound<'_, PyAny>, name: &str) -> PyResult<T>
where
    T: TryFrom<i128> + Bounded,
{
    let out_of_range = || {
        PyValueError::new_err(format!(
            "{name}={}: expected a whole number from 0 to {}",
            shown(value),
            T::MAX_U128
        ))
    };
    match value.extract::<i128>() {
        Ok(n) => T::try_from(n).map_err(|_| out_of_range()),
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => Err(out_of_range()),
        Err(_) => Err(wrong_type(value, name, "a whole number")),
    }
}

/// The largest value of an unsigned integer type, for messages.
trait Bounded {
    /// `Self::MAX`, widened.
    const MAX_U128: u128;
}

impl Bounded for u64 {
    const MAX_U128: u128 = u64::MAX as u128;
}

impl Bounded for usize {
    const MAX_U128: u128 = usize::MAX as u128;
}

impl Bounded for u32 {
    const MAX_U128: u128 = u32::MAX as u128;
}

/// Returns `value` converted as PyO3 converts a `T`, or a `TypeError` naming `name` and
/// saying what was `expected`.
fn typed<'py, T: FromPyObjectOwned<'py>>(
    value: &Bound<'py, PyAny>,
    name: &str,
    expected: &str,
) -> PyResult<T> {
    value
        .extract::<T>()
        .map_err(|_| wrong_type(value, name, expected))
}

/// Reads text.
fn text(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    typed(value, name, "text (str)")
}

/// Reads `True` or `False`.
fn flag(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    typed(value, name, "True or False")
}

/// Reads a path: a str or an `os.PathLike`.
fn path(value: &Bound<'_, PyAny>, name: &str) -> PyResult<PathBuf> {
    typed(value, name, "a path (str or os.PathLike)")
}

/// Reads a dict of seat numbers to bot specs, in the dict's order.
fn seat_specs(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<(usize, String)>> {
    let dict = value
        .cast::<PyDict>()
        .map_err(|_| wrong_type(value, name, "a dict of seat numbers to bot specs"))?;
    dict.iter()
        .map(|(seat, spec)| {
            let seat = whole(&seat, &format!("{name} key"))?;
            Ok((seat, text(&spec, &format!("{name}[{seat}]"))?))
        })
        .collect()
}

/// Reads the deal settings a Python function passes on (its `seed=`, `shuffle_colours=`,
/// ...: a dict by [`Dealing::SETTINGS`]'s names) into the deal of a run seated by
/// `seating`. Read by the settings' declaration, so a new deal setting needs no change
/// here; each value is read as its keyword argument, and named in any error.
pub fn dealing(value: &Bound<'_, PyAny>, seating: Seating) -> PyResult<Dealing> {
    let dict = value
        .cast::<PyDict>()
        .map_err(|_| wrong_type(value, "deal", "a dict of deal settings"))?;
    let mut dealing = Dealing {
        seating,
        ..Dealing::default()
    };
    for (key, value) in dict.iter() {
        let name = text(&key, "deal key")?;
        match Dealing::SETTINGS.iter().find(|s| s.name() == name) {
            Some(DealSetting::Whole(_, set)) => set(&mut dealing, whole(&value, &name)?),
            Some(DealSetting::Switch(_, set)) => set(&mut dealing, flag(&value, &name)?),
            None => {
                return Err(PyTypeError::new_err(format!(
                    "deal: {} is not a deal setting; they are {}",
                    floe_io::gate::quoted(&name),
                    Dealing::SETTINGS.map(|s| s.name()).join(", ")
                )));
            }
        }
    }
    Ok(dealing)
}

/// Applies `read` to an argument that may be `None`.
fn optional<T>(
    value: &Bound<'_, PyAny>,
    name: &str,
    read: impl Fn(&Bound<'_, PyAny>, &str) -> PyResult<T>,
) -> PyResult<Option<T>> {
    if value.is_none() {
        Ok(None)
    } else {
        read(value, name).map(Some)
    }
}

/// Defines one reader per argument, for `#[pyo3(from_py_with = args::NAME)]`: PyO3 gives
/// the reader the value alone, so each argument's name is bound here, once.
macro_rules! readers {
    ($($fn:ident($name:literal) -> $t:ty = $read:expr;)*) => {
        $(
            #[doc = concat!("Reads the argument `", $name, "`.")]
            pub fn $fn(value: &Bound<'_, PyAny>) -> PyResult<$t> {
                $read(value, $name)
            }
        )*
    };
}

readers! {
    name("name") -> String = text;
    game("game") -> String = text;
    spec("spec") -> String = text;
    players("players") -> usize = whole;
    seat("seat") -> usize = whole;
    action("action") -> usize = whole;
    seed("seed") -> u64 = whole;
    samples("samples") -> u32 = whole;
    resamples("resamples") -> u32 = whole;
    payoff("payoff") -> String = text;
    games("games") -> u64 = whole;
    games_or_spec("games") -> Option<u64> = |v, n| optional(v, n, whole);
    threads("threads") -> Option<usize> = |v, n| optional(v, n, whole);
    shard("shard") -> Option<String> = |v, n| optional(v, n, text);
    ladder("ladder") -> Option<String> = |v, n| optional(v, n, text);
    rules("rules") -> Option<PathBuf> = |v, n| optional(v, n, path);
    opponents("opponents") -> Option<Vec<(usize, String)>> = |v, n| optional(v, n, seat_specs);
    out("out") -> PathBuf = path;
    experiment_path("path") -> PathBuf = path;
    per_game("per_game") -> bool = flag;
    arc("arc") -> bool = flag;
    events("events") -> bool = flag;
    duplicate("duplicate") -> bool = flag;
    force("force") -> bool = flag;
    index("index") -> u64 = whole;
    optional_seat("seat") -> Option<usize> = |v, n| optional(v, n, whole);
    tournament("tournament") -> bool = flag;
    record("record") -> Option<PathBuf> = |v, n| optional(v, n, path);
    record_path("path") -> PathBuf = path;
}

/// The `TypeError` for an argument of the wrong type. The type's name is the caller's own
/// text (a class may be named anything), so it is kept on the line ([`floe_io::gate::line`]).
fn wrong_type(value: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyErr {
    let kind = value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    PyTypeError::new_err(format!(
        "{name}={}: expected {expected}, not {}",
        shown(value),
        floe_io::gate::line(&kind)
    ))
}

/// The value as Python's `repr` shows it, cut short if long, kept on the line it is shown
/// in ([`floe_io::gate::line`]): a class's `repr` may return any text.
pub fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string());
    let text = match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    };
    floe_io::gate::line(&text).into_owned()
}
