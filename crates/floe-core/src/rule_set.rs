//! [`RuleSet`]: a game's rules as data a user can change.

use std::fmt;

use crate::param::{self, ParamDecl, ParamError, ParamValue};

/// The rule data of one game: named, written back as a complete rules file, and changed
/// through the parameters it declares.
///
/// A game declares its parameters ([`RuleSet::parameters`]) and reads and writes them by
/// their declared path ([`RuleSet::value_of`], [`RuleSet::put_value`]); the provided
/// [`RuleSet::parameter`] and [`RuleSet::set_parameter`] resolve a user's path (with a
/// player count where the parameter holds one value per count) and check the value's kind
/// first, so every game refuses bad paths and values with the same messages.
pub trait RuleSet: Clone + fmt::Debug + Send + Sync {
    /// Returns the name of the rule set (written into every result row).
    fn name(&self) -> &str;

    /// Returns the cosmetic colours in their canonical order ([`crate::Game::colours`]).
    fn colours(&self) -> &[String];

    /// Returns the rules as a complete rules file (TOML) that loads back into equal rules:
    /// the canonical form that fingerprints and run plans record.
    fn to_toml(&self) -> String;

    /// Returns the rule parameters an experiment may sweep and a tuner may set.
    fn parameters(&self) -> Vec<ParamDecl>;

    /// Returns the value of the declared parameter `decl` (for `players`, where it holds
    /// one value per player count).
    fn value_of(&self, decl: &ParamDecl, players: Option<usize>) -> ParamValue;

    /// Sets the declared parameter `decl` (for `players`) to `value`, already checked to be
    /// of its kind.
    ///
    /// # Errors
    /// Says why the rules cannot be played with the value.
    fn put_value(
        &mut self,
        decl: &ParamDecl,
        players: Option<usize>,
        value: &ParamValue,
    ) -> Result<(), String>;

    /// Returns the value of the parameter at `path` (see [`crate::param`]).
    ///
    /// # Errors
    /// Names the path when no declared parameter fits it.
    fn parameter(&self, path: &str) -> Result<ParamValue, ParamError> {
        let decls = self.parameters();
        let (decl, players) = param::resolve(&decls, path)?;
        Ok(self.value_of(decl, players))
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
        changed
            .put_value(decl, players, value)
            .map_err(|m| ParamError::new(path, m))?;
        *self = changed;
        Ok(())
    }
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
    use crate::ParamKind;

    /// A limit per player count that must stay below a cap.
    #[derive(Clone, Debug, PartialEq)]
    struct Limits {
        cap: i64,
        limit: [i64; 3],
    }

    impl RuleSet for Limits {
        fn name(&self) -> &str {
            "limits"
        }
        fn colours(&self) -> &[String] {
            &[]
        }
        fn to_toml(&self) -> String {
            format!("limit = {:?}", self.limit)
        }
        fn parameters(&self) -> Vec<ParamDecl> {
            vec![ParamDecl {
                path: "limit".into(),
                kind: ParamKind::Whole { min: 0, max: 9 },
                per_players: Some(1..=2),
                about: "a limit".into(),
            }]
        }
        fn value_of(&self, _: &ParamDecl, players: Option<usize>) -> ParamValue {
            ParamValue::Whole(self.limit[players.expect("per player count")])
        }
        fn put_value(
            &mut self,
            _: &ParamDecl,
            players: Option<usize>,
            value: &ParamValue,
        ) -> Result<(), String> {
            let n = players.expect("per player count");
            self.limit[n] = value.as_whole().expect("checked");
            if self.limit[n] > self.cap {
                return Err(format!("above the cap of {}", self.cap));
            }
            Ok(())
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
