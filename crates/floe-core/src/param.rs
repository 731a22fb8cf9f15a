//! Rule parameters a game declares: what an experiment may sweep and a tuner may set.
//!
//! A parameter is named by a dotted path (`round_limit`, `scoring.race_1`,
//! `power_side.fox`). A parameter whose rules hold one value per player count is declared
//! once with [`ParamDecl::per_players`] and addressed with the count as the last segment
//! (`tiles_removed.4`). Every value has a [`ParamKind`]; the game's own checks accept or
//! refuse a value when it is set, with the same message a rules file would get.

use std::fmt;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

/// What values a parameter takes.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in a range.
    Whole {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// A number in a range.
    Number {
        /// Smallest value.
        min: f64,
        /// Largest value.
        max: f64,
    },
    /// On or off.
    Switch,
    /// One of named values.
    OneOf(Vec<String>),
    /// A list of values of one kind, of a length in a range.
    List {
        /// The kind of every item.
        item: Box<ParamKind>,
        /// Fewest items.
        min_len: usize,
        /// Most items.
        max_len: usize,
    },
}

/// One value of a parameter, as written in a spec (`6`, `0.5`, `true`, `"fox"`, `[7, 5]`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ParamValue {
    /// A switch.
    Switch(bool),
    /// A whole number.
    Whole(i64),
    /// A number.
    Number(f64),
    /// A named value.
    Name(String),
    /// A list.
    List(Vec<ParamValue>),
}

/// A declared parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamDecl {
    /// The dotted path, without a player count.
    pub path: String,
    /// What values it takes.
    pub kind: ParamKind,
    /// The player counts it holds a value for; `None` when one value serves every count.
    pub per_players: Option<RangeInclusive<usize>>,
    /// One line on what it means.
    pub about: String,
}

/// A parameter that could not be read or set: the path and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct ParamError {
    /// The path as given.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl ParamError {
    /// Returns the error for `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> ParamError {
        ParamError {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ParamKind {
    /// Describes the kind as error messages do: `a whole number from 0 to 25`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamKind::Whole { min, max } => write!(f, "a whole number from {min} to {max}"),
            ParamKind::Number { min, max } => write!(f, "a number from {min} to {max}"),
            ParamKind::Switch => f.write_str("true or false"),
            ParamKind::OneOf(names) => write!(f, "one of {}", names.join(", ")),
            ParamKind::List {
                item,
                min_len,
                max_len,
            } => write!(f, "a list of {min_len} to {max_len} items, each {item}"),
        }
    }
}

impl ParamKind {
    /// Checks that `value` is of this kind and in range.
    ///
    /// # Errors
    /// Says what the value should have been.
    pub fn check(&self, value: &ParamValue) -> Result<(), String> {
        let ok = match (self, value) {
            (ParamKind::Whole { min, max }, ParamValue::Whole(x)) => (min..=max).contains(&x),
            (ParamKind::Number { min, max }, ParamValue::Number(x)) => (min..=max).contains(&x),
            (ParamKind::Number { min, max }, ParamValue::Whole(x)) => {
                (min..=max).contains(&&(*x as f64))
            }
            (ParamKind::Switch, ParamValue::Switch(_)) => true,
            (ParamKind::OneOf(names), ParamValue::Name(n)) => names.contains(n),
            (
                ParamKind::List {
                    item,
                    min_len,
                    max_len,
                },
                ParamValue::List(items),
            ) => {
                if !(min_len..=max_len).contains(&&items.len()) {
                    false
                } else {
                    for (i, v) in items.iter().enumerate() {
                        item.check(v).map_err(|e| format!("item {}: {e}", i + 1))?;
                    }
                    true
                }
            }
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(format!("{value} is not {self}"))
        }
    }

    /// Returns every value of a small kind (a whole-number range, a switch, named values)
    /// in order, for a sweep that lists none; `None` for kinds with too many values.
    pub fn all_values(&self) -> Option<Vec<ParamValue>> {
        match self {
            ParamKind::Whole { min, max } if max - min < 10_000 => {
                Some((*min..=*max).map(ParamValue::Whole).collect())
            }
            ParamKind::Switch => Some(vec![ParamValue::Switch(false), ParamValue::Switch(true)]),
            ParamKind::OneOf(names) => Some(names.iter().cloned().map(ParamValue::Name).collect()),
            _ => None,
        }
    }
}

impl ParamValue {
    /// Returns the value as a whole number, if it is one.
    pub fn as_whole(&self) -> Option<i64> {
        match self {
            ParamValue::Whole(x) => Some(*x),
            _ => None,
        }
    }

    /// Returns the value as a number (a whole number counts).
    pub fn as_number(&self) -> Option<f64> {
        match self {
            ParamValue::Number(x) => Some(*x),
            ParamValue::Whole(x) => Some(*x as f64),
            _ => None,
        }
    }

    /// Returns the items of a list of whole numbers.
    pub fn as_wholes(&self) -> Option<Vec<i64>> {
        match self {
            ParamValue::List(items) => items.iter().map(ParamValue::as_whole).collect(),
            _ => None,
        }
    }
}

impl fmt::Display for ParamValue {
    /// Writes the value as a spec writes it: `6`, `0.5`, `true`, `fox`, `[7, 5, 4]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Switch(b) => write!(f, "{b}"),
            ParamValue::Whole(x) => write!(f, "{x}"),
            ParamValue::Number(x) => write!(f, "{x}"),
            ParamValue::Name(n) => f.write_str(n),
            ParamValue::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// Returns the kind of a whole number in `range` (a rules-file key's range, so that the
/// parameter refuses what the loader refuses).
pub fn whole(range: &RangeInclusive<i64>) -> ParamKind {
    ParamKind::Whole {
        min: *range.start(),
        max: *range.end(),
    }
}

/// Returns the kind of one of `names`.
pub fn one_of(names: &[&str]) -> ParamKind {
    ParamKind::OneOf(names.iter().map(|n| (*n).to_string()).collect())
}

/// Returns the declaration of `path`, one value for every player count.
pub fn decl(path: &str, kind: ParamKind, about: &str) -> ParamDecl {
    ParamDecl {
        path: path.into(),
        kind,
        per_players: None,
        about: about.into(),
    }
}

/// Splits `path` into the declared parameter it names and, for a per-player-count
/// parameter, the count (`tiles_removed.4` gives the declaration of `tiles_removed` and 4).
///
/// # Errors
/// Names the path when no declaration fits it, listing the declared ones.
pub fn resolve<'a>(
    decls: &'a [ParamDecl],
    path: &str,
) -> Result<(&'a ParamDecl, Option<usize>), ParamError> {
    if let Some(d) = decls.iter().find(|d| d.path == path) {
        if let Some(range) = &d.per_players {
            return Err(ParamError::new(
                path,
                format!(
                    "holds a value per player count: name one, e.g. {path}.{}",
                    range.start()
                ),
            ));
        }
        return Ok((d, None));
    }
    if let Some((head, count)) = path.rsplit_once('.')
        && let Some(d) = decls.iter().find(|d| d.path == head)
        && let Some(range) = &d.per_players
    {
        return match count.parse::<usize>() {
            Ok(n) if range.contains(&n) => Ok((d, Some(n))),
            _ => Err(ParamError::new(
                path,
                format!(
                    "{} is not a player count from {} to {}",
                    floe_io::gate::quoted(count),
                    range.start(),
                    range.end()
                ),
            )),
        };
    }
    let known: Vec<&str> = decls.iter().map(|d| d.path.as_str()).collect();
    Err(ParamError::new(
        path,
        format!(
            "no such parameter; parameters: {}",
            if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            }
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decls() -> Vec<ParamDecl> {
        vec![
            ParamDecl {
                path: "round_limit".into(),
                kind: ParamKind::Whole { min: 1, max: 9 },
                per_players: None,
                about: String::new(),
            },
            ParamDecl {
                path: "tiles_removed".into(),
                kind: ParamKind::Whole { min: 0, max: 25 },
                per_players: Some(2..=6),
                about: String::new(),
            },
        ]
    }

    #[test]
    fn paths_resolve_with_and_without_a_player_count() {
        let d = decls();
        assert_eq!(resolve(&d, "round_limit").unwrap().1, None);
        let (decl, count) = resolve(&d, "tiles_removed.4").unwrap();
        assert_eq!((decl.path.as_str(), count), ("tiles_removed", Some(4)));
        let e = resolve(&d, "tiles_removed").unwrap_err();
        assert!(e.message.contains("tiles_removed.2"), "{e}");
        let e = resolve(&d, "tiles_removed.9").unwrap_err();
        assert!(e.message.contains("2 to 6"), "{e}");
        let e = resolve(&d, "round_limits").unwrap_err();
        assert_eq!(
            e.to_string(),
            "round_limits: no such parameter; parameters: round_limit, tiles_removed"
        );
    }

    #[test]
    fn kinds_check_values() {
        let whole = ParamKind::Whole { min: 0, max: 3 };
        assert!(whole.check(&ParamValue::Whole(3)).is_ok());
        let e = whole.check(&ParamValue::Whole(4)).unwrap_err();
        assert_eq!(e, "4 is not a whole number from 0 to 3");
        assert!(whole.check(&ParamValue::Switch(true)).is_err());
        let list = ParamKind::List {
            item: Box::new(whole.clone()),
            min_len: 1,
            max_len: 2,
        };
        assert!(
            list.check(&ParamValue::List(vec![ParamValue::Whole(1)]))
                .is_ok()
        );
        let e = list
            .check(&ParamValue::List(vec![ParamValue::Whole(9)]))
            .unwrap_err();
        assert!(e.starts_with("item 1: 9 is not"), "{e}");
        assert!(list.check(&ParamValue::List(vec![])).is_err());
        assert_eq!(whole.all_values().unwrap().len(), 4);
    }

    #[test]
    fn helpers_declare_kinds_from_ranges_and_names() {
        assert_eq!(whole(&(1..=9)), ParamKind::Whole { min: 1, max: 9 });
        assert_eq!(
            one_of(&["A", "B"]).to_string(),
            "one of A, B",
            "names are kept in order"
        );
        assert_eq!(decl("round_limit", whole(&(1..=9)), ""), decls()[0]);
    }

    #[test]
    fn values_read_back_from_toml_and_print_as_written() {
        #[derive(Deserialize)]
        struct Doc {
            v: Vec<ParamValue>,
        }
        let doc: Doc = toml::from_str("v = [6, 0.5, true, \"fox\", [7, 5]]").unwrap();
        let shown: Vec<String> = doc.v.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["6", "0.5", "true", "fox", "[7, 5]"]);
        assert_eq!(doc.v[0], ParamValue::Whole(6));
        assert_eq!(doc.v[4].as_wholes(), Some(vec![7, 5]));
    }
}
