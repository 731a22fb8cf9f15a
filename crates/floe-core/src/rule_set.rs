//! [`RuleSet`]: a game's rules as data a user can change.

use std::fmt;

use std::ops::RangeInclusive;

use crate::param::{self, ParamDecl, ParamError, ParamKind, ParamValue};

/// One rule parameter, declared once: its path, meaning and kind, and how it is read and
/// set. A game's table of them ([`RuleSet::PARAMS`]) gives its declarations, the values
/// an experiment reads and the changes a sweep or a tuner makes, with no match on paths.
pub struct Param<R: 'static> {
    /// The dotted path, without a player count.
    pub path: &'static str,
    /// One line on what it means.
    pub about: &'static str,
    /// The player counts it holds a value for; `None` when one value serves every count.
    pub per_players: Option<RangeInclusive<usize>>,
    /// What values it takes in these rules (a count may be bounded by other rules, as
    /// Arctic Race's removals by its tile set).
    pub kind: fn(&R) -> ParamKind,
    /// Its value (for a player count, where it holds one per count).
    pub get: fn(&R, Option<usize>) -> ParamValue,
    /// Sets it to a value already checked to be of its kind; says why the rules cannot be
    /// played with it when the value alone tells (the whole rules are then
    /// [`RuleSet::settle`]d).
    pub set: fn(&mut R, Option<usize>, &ParamValue) -> Result<(), String>,
}

/// A [`Param`] of one whole number, the rules' field `$field` (of an integer type that
/// holds `$range`), with its path the field's name.
#[macro_export]
macro_rules! whole_param {
    ($field:ident, $range:expr, $about:literal) => {
        $crate::Param {
            path: stringify!($field),
            about: $about,
            per_players: None,
            kind: |_| $crate::param::whole(&($range)),
            get: |r, _| $crate::ParamValue::Whole(i64::from(r.$field)),
            set: |r, _, v| {
                r.$field = v.as_whole().expect("checked: a whole number in range") as _;
                Ok(())
            },
        }
    };
}

/// A [`Param`] switch, the rules' field `$field`.
#[macro_export]
macro_rules! switch_param {
    ($field:ident, $about:literal) => {
        $crate::Param {
            path: stringify!($field),
            about: $about,
            per_players: None,
            kind: |_| $crate::ParamKind::Switch,
            get: |r, _| $crate::ParamValue::Switch(r.$field),
            set: |r, _, v| {
                r.$field = matches!(v, $crate::ParamValue::Switch(true));
                Ok(())
            },
        }
    };
}

/// A [`Param`] naming a value of the [`crate::NameTable`] `$table`, the rules' field
/// `$field`.
#[macro_export]
macro_rules! named_param {
    ($field:ident, $table:expr, $about:literal) => {
        $crate::Param {
            path: stringify!($field),
            about: $about,
            per_players: None,
            kind: |_| $crate::param::one_of(&$table.names()),
            get: |r, _| $crate::ParamValue::Name($table.name(r.$field).into()),
            set: |r, _, v| {
                let $crate::ParamValue::Name(name) = v else {
                    unreachable!("checked: a name")
                };
                r.$field = $table
                    .value(name)
                    .expect("checked: one of the table's names");
                Ok(())
            },
        }
    };
}

/// The rule data of one game: named, written back as a complete rules file, and changed
/// through the parameters it declares.
///
/// A game declares its parameters in one table ([`RuleSet::PARAMS`]); the provided
/// [`RuleSet::parameter`] and [`RuleSet::set_parameter`] resolve a user's path (with a
/// player count where the parameter holds one value per count) and check the value's kind
/// first, so every game refuses bad paths and values with the same messages.
pub trait RuleSet: Clone + fmt::Debug + Send + Sync + 'static {
    /// The rule parameters an experiment may sweep and a tuner may set (none by default).
    const PARAMS: &'static [Param<Self>] = &[];

    /// Returns the name of the rule set (written into every result row).
    fn name(&self) -> &str;

    /// Returns the cosmetic colours in their canonical order ([`crate::Game::colours`]).
    fn colours(&self) -> &[String];

    /// Returns the rules as a complete rules file (TOML) that loads back into equal rules:
    /// the canonical form that fingerprints and run plans record.
    fn to_toml(&self) -> String;

    /// Checks the whole rules after a parameter changed, and derives what the engine
    /// reads from them: written once per game rather than in every parameter's setter.
    /// Rules whose parameters cannot break one another keep the default.
    ///
    /// # Errors
    /// Says why the changed rules cannot be played.
    fn settle(&mut self) -> Result<(), String> {
        Ok(())
    }

    /// Returns the declarations of [`RuleSet::PARAMS`], their kinds in these rules.
    fn parameters(&self) -> Vec<ParamDecl> {
        Self::PARAMS
            .iter()
            .map(|p| ParamDecl {
                path: p.path.into(),
                kind: (p.kind)(self),
                per_players: p.per_players.clone(),
                about: p.about.into(),
            })
            .collect()
    }

    /// Returns the value of the parameter at `path` (see [`crate::param`]).
    ///
    /// # Errors
    /// Names the path when no declared parameter fits it.
    fn parameter(&self, path: &str) -> Result<ParamValue, ParamError> {
        let decls = self.parameters();
        let (decl, players) = param::resolve(&decls, path)?;
        Ok((declared::<Self>(decl).get)(self, players))
    }

    /// Sets the parameter at `path` to `value`, checked as a rules file's value would be;
    /// a refused value changes nothing.
    ///
    /// # Errors
    /// Names the path when no declared parameter fits it, the value is not of its kind, or
    /// the rules refuse it.
    fn set_parameter(&mut self, path: &str, value: &ParamValue) -> Result<(), ParamError> {
        let decls = self.parameters();
        let (decl, players) = param::resolve(&decls, path)?;
        decl.kind
            .check(value)
            .map_err(|m| ParamError::new(path, m))?;
        let mut changed = self.clone();
        (declared::<Self>(decl).set)(&mut changed, players, value)
            .and_then(|()| changed.settle())
            .map_err(|m| ParamError::new(path, m))?;
        *self = changed;
        Ok(())
    }
}

/// The entry of `R`'s table that declared `decl`.
fn declared<R: RuleSet>(decl: &ParamDecl) -> &'static Param<R> {
    R::PARAMS
        .iter()
        .find(|p| p.path == decl.path)
        .expect("a declaration comes from the table")
}

/// Rules a user gives as a rules file: what the registry needs to load a game by name.
pub trait RulesFile: RuleSet + Sized {
    /// Returns the rules a game is played by when no rules file is given.
    fn builtin() -> Self;

    /// Reads a rules file's `text`, every key optional (a missing key keeps the built-in
    /// value). A file without a `name` key is named `default_name`, or, with none, keeps
    /// the built-in rules' name.
    ///
    /// # Errors
    /// Names the line and key of the first value the rules refuse.
    fn read(text: &str, default_name: Option<&str>) -> Result<Self, crate::RulesError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A limit per player count that must stay below a cap.
    #[derive(Clone, Debug, PartialEq)]
    struct Limits {
        cap: i64,
        limit: [i64; 3],
    }

    impl RuleSet for Limits {
        const PARAMS: &'static [Param<Limits>] = &[Param {
            path: "limit",
            about: "a limit",
            per_players: Some(1..=2),
            kind: |_| ParamKind::Whole { min: 0, max: 9 },
            get: |r, players| ParamValue::Whole(r.limit[players.expect("per player count")]),
            set: |r, players, value| {
                let n = players.expect("per player count");
                r.limit[n] = value.as_whole().expect("checked");
                if r.limit[n] > r.cap {
                    return Err(format!("above the cap of {}", r.cap));
                }
                Ok(())
            },
        }];
        fn name(&self) -> &str {
            "limits"
        }
        fn colours(&self) -> &[String] {
            &[]
        }
        fn to_toml(&self) -> String {
            format!("limit = {:?}", self.limit)
        }
    }

    #[test]
    fn paths_are_resolved_and_values_checked_before_the_rules_see_them() {
        let mut r = Limits {
            cap: 5,
            limit: [0, 1, 2],
        };
        assert_eq!(r.parameter("limit.2"), Ok(ParamValue::Whole(2)));
        r.set_parameter("limit.1", &ParamValue::Whole(4)).unwrap();
        assert_eq!(r.limit, [0, 4, 2]);
        let e = r
            .set_parameter("limit.1", &ParamValue::Whole(10))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "limit.1: 10 is not a whole number from 0 to 9"
        );
        let e = r
            .set_parameter("limit.2", &ParamValue::Whole(7))
            .unwrap_err();
        assert_eq!(e.to_string(), "limit.2: above the cap of 5");
        assert_eq!(r.limit, [0, 4, 2], "a refused value changes nothing");
        assert!(r.parameter("limit").is_err(), "a count is needed");
    }
}
