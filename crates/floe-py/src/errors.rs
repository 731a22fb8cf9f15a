//! Floe's errors as Python exceptions, with the CLI's messages naming keyword arguments
//! where the CLI names flags.

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// The CLI flags that are keyword arguments in Python, as the messages spell them.
const FLAGS: &[&str] = &[
    "game",
    "players",
    "bots",
    "games",
    "seed",
    "rules",
    "shuffle-colours",
    "threads",
    "per-game",
    "out",
    "seat",
    "force",
    "shard",
];

/// Returns `message` with each `--flag` written as the keyword argument: `--bots "x": ...`
/// becomes `bots="x": ...`, `--games: ...` becomes `games: ...`.
pub fn as_keywords(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("--") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let flag = FLAGS
            .iter()
            .filter(|f| {
                after.starts_with(**f)
                    && !after[f.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '-')
            })
            .max_by_key(|f| f.len());
        match flag {
            None => {
                out.push_str("--");
                rest = after;
            }
            Some(flag) => {
                out.push_str(&flag.replace('-', "_"));
                rest = &after[flag.len()..];
                if let Some(value) = rest.strip_prefix(' ') {
                    out.push('=');
                    rest = value;
                }
            }
        }
    }
    out.push_str(rest);
    out
}

/// Returns a Floe error as a `ValueError` with its whole message (every cause), flags
/// named as keyword arguments.
pub fn value_error(e: &anyhow::Error) -> PyErr {
    PyValueError::new_err(as_keywords(&format!("{e:#}")))
}
