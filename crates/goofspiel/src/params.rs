//! The rule parameters Goofspiel declares (`cards`, `tie_bonus`, `prizes`), and the canonical rules
//! file.
//!
//! Experiments sweep and tuners set rules through these paths; each value is checked
//! against the same range as the same key of a rules file. [`RuleSet::to_toml`] writes the
//! complete rules back as a rules file: the canonical form that fingerprints record.

use floe_core::{Param, RuleSet, named_param, whole_param};
use serde::Serialize;

use crate::rules::{CARDS, PRIZE_ORDERS, Rules, TIE_BONUS};

impl RuleSet for Rules {
    /// `cards` (K), `tie_bonus` and `prizes`, each as its rules-file key allows.
    const PARAMS: &'static [Param<Rules>] = &[
        whole_param!(
            cards,
            CARDS,
            "K: bid cards per hand and prizes in the deck (1..=K each)"
        ),
        whole_param!(
            tie_bonus,
            TIE_BONUS,
            "points seat 0 gets whenever it is among the tied highest bidders"
        ),
        named_param!(
            prizes,
            PRIZE_ORDERS,
            "how the prize deck is stacked: shuffled (hidden), or descending or ascending (known to all)"
        ),
    ];

    fn name(&self) -> &str {
        &self.name
    }

    fn colours(&self) -> &[String] {
        &self.colours
    }

    /// # Examples
    /// ```
    /// use floe_core::RuleSet;
    /// use goofspiel::Rules;
    /// let rules = Rules::from_toml("tie_bonus = 3").unwrap();
    /// assert_eq!(Rules::from_toml(&rules.to_toml()).unwrap(), rules);
    /// ```
    fn to_toml(&self) -> String {
        let file = CanonicalRules {
            name: &self.name,
            cards: self.cards,
            tie_bonus: self.tie_bonus,
            prizes: PRIZE_ORDERS.name(self.prizes),
            colours: &self.colours,
        };
        toml::to_string(&file).expect("rules serialise to TOML")
    }
}

/// A rules file in canonical form: every key, in the order the loader documents them.
#[derive(Serialize)]
struct CanonicalRules<'a> {
    name: &'a str,
    cards: u8,
    tie_bonus: u8,
    prizes: &'static str,
    colours: &'a [String],
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_core::ParamValue;

    #[test]
    fn canonical_rules_load_back_equal() {
        for text in [
            "",
            "name = \"tilted\"\ntie_bonus = 3",
            "cards = 4\nprizes = \"descending\"",
            "cards = 13\ncolours = [\"a\", \"b\", \"c\", \"d\", \"e\"]",
        ] {
            floe_conformance::fuzz::check_canonical(text, |t| Rules::from_toml(t).unwrap());
        }
        assert_eq!(
            Rules::standard().to_toml(),
            "name = \"standard\"\ncards = 5\ntie_bonus = 0\nprizes = \"shuffled\"\ncolours = [\"red\", \"blue\", \"green\", \"yellow\"]\n"
        );
    }

    #[test]
    fn parameters_read_and_set_like_a_rules_file() {
        let mut r = Rules::standard();
        assert_eq!(r.parameter("cards"), Ok(ParamValue::Whole(5)));
        assert_eq!(r.parameter("tie_bonus"), Ok(ParamValue::Whole(0)));
        r.set_parameter("cards", &ParamValue::Whole(9)).unwrap();
        r.set_parameter("tie_bonus", &ParamValue::Whole(20))
            .unwrap();
        assert_eq!((r.cards(), r.tie_bonus()), (9, 20));
        assert_eq!(Rules::from_toml(&r.to_toml()).unwrap(), r);
    }

    #[test]
    fn bad_parameters_are_named_and_change_nothing() {
        let mut r = Rules::standard();
        for (path, value, message) in [
            (
                "cards",
                ParamValue::Whole(14),
                "14 is not a whole number from 1 to 13",
            ),
            (
                "tie_bonus",
                ParamValue::Number(0.5),
                "0.5 is not a whole number from 0 to 20",
            ),
        ] {
            let e = r.set_parameter(path, &value).unwrap_err();
            assert_eq!(e.to_string(), format!("{path}: {message}"));
        }
        let e = r.parameter("tie").unwrap_err();
        assert!(e.message.contains("parameters: cards, tie_bonus"), "{e}");
        assert_eq!(r, Rules::standard());
    }
}
