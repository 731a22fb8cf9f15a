//! Rule data: the number of cards, the tie bonus, the prize order, the colours, and their
//! TOML loader.
//!
//! [`Rules::from_toml`] checks a file completely before any game starts and names the
//! line and key of the first problem. A file may set only the keys it changes; the others
//! keep their standard values. The ranges live in one place ([`CARDS`], [`TIE_BONUS`]),
//! read by the loader and by the declared parameters alike, so both refuse the same values.

use std::ops::RangeInclusive;

use floe_core::NameTable;
pub use floe_core::RulesError;
use floe_core::rules_file::{self, Reader, Spanned, SpannedNames};
use serde::Deserialize;

/// Most cards per hand (and prizes): a hand is a bit set of card values in a `u16`.
pub const MAX_CARDS: usize = 13;
// The longest answer list is a full hand of bids: it must fit an `ActionList`.
const _: () = assert!(MAX_CARDS <= floe_core::MAX_ACTIONS);
/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 4;

/// Allowed values of `cards`.
pub(crate) const CARDS: RangeInclusive<i64> = 1..=MAX_CARDS as i64;
/// Allowed values of `tie_bonus`.
pub(crate) const TIE_BONUS: RangeInclusive<i64> = 0..=20;

/// How the prize deck is stacked at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prizes {
    /// Shuffled: the order is hidden, and a search samples it.
    Shuffled,
    /// K on top, then K - 1, down to 1: the order is known to all (OpenSpiel's
    /// `points_order=descending`).
    Descending,
    /// 1 on top, then 2, up to K: known to all (`points_order=ascending`).
    Ascending,
}

/// The prize orders, as a rules file writes them.
pub(crate) const PRIZE_ORDERS: NameTable<Prizes> = NameTable::new(&[
    ("shuffled", Prizes::Shuffled),
    ("descending", Prizes::Descending),
    ("ascending", Prizes::Ascending),
]);

/// The standard values of keys a rules file leaves out.
const STANDARD_NAME: &str = "standard";
const STANDARD_CARDS: u8 = 5;
const STANDARD_COLOURS: [&str; MAX_PLAYERS] = ["red", "blue", "green", "yellow"];

/// The validated rules of one Goofspiel variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub(crate) name: String,
    /// K: every seat bids with cards 1..=K for prizes 1..=K.
    pub(crate) cards: u8,
    /// Points seat 0 gets whenever it is among the tied highest bidders.
    pub(crate) tie_bonus: u8,
    /// How the prize deck is stacked.
    pub(crate) prizes: Prizes,
    pub(crate) colours: Vec<String>,
}

/// A rules file as written; every key optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    name: Option<Spanned<String>>,
    cards: Option<Spanned<i64>>,
    tie_bonus: Option<Spanned<i64>>,
    prizes: Option<Spanned<String>>,
    colours: Option<SpannedNames>,
}

impl Rules {
    /// Returns the standard rules: 5 cards, no tie bonus, the prizes shuffled.
    pub fn standard() -> Rules {
        Rules {
            name: STANDARD_NAME.into(),
            cards: STANDARD_CARDS,
            tie_bonus: 0,
            prizes: Prizes::Shuffled,
            colours: STANDARD_COLOURS.map(String::from).into(),
        }
    }

    /// Parses and checks a rules file; keys it leaves out keep their standard values.
    ///
    /// # Errors
    /// Returns the first problem found: a TOML syntax error, an unknown key, a value of
    /// the wrong type or out of range.
    ///
    /// # Examples
    /// ```
    /// let rules = goofspiel::Rules::from_toml("cards = 8\ntie_bonus = 3").unwrap();
    /// assert_eq!((rules.cards(), rules.tie_bonus()), (8, 3));
    /// let err = goofspiel::Rules::from_toml("name = \"x\"\ncards = 14").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: cards: 14 is out of range: allowed 1..=13");
    /// ```
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        <Rules as floe_core::RulesFile>::read(text, None)
    }

    /// Returns K, the cards in each hand and in the prize deck.
    pub fn cards(&self) -> usize {
        usize::from(self.cards)
    }

    /// Returns the points seat 0 gets whenever it is among the tied highest bidders.
    pub fn tie_bonus(&self) -> i32 {
        i32::from(self.tie_bonus)
    }

    /// Returns how the prize deck is stacked.
    pub fn prizes(&self) -> Prizes {
        self.prizes
    }

    /// Returns whether the prize deck's order is hidden from the seats (it is shuffled).
    pub fn deck_hidden(&self) -> bool {
        self.prizes == Prizes::Shuffled
    }

    /// Returns the sum of all prizes, 1 + 2 + ... + K.
    pub fn prize_total(&self) -> i32 {
        let k = i32::from(self.cards);
        k * (k + 1) / 2
    }
}

impl floe_core::RulesFile for Rules {
    fn builtin() -> Rules {
        Rules::standard()
    }

    fn read(text: &str, default_name: Option<&str>) -> Result<Rules, RulesError> {
        let file: RulesFile = rules_file::parse(text)?;
        let mut reader = Reader::new(text);
        let mut rules = Rules::standard();
        if let Some(name) = default_name {
            rules.name = name.to_string();
        }
        if let Some(v) = &file.name {
            rules.name = reader.name(v, "name")?;
        }
        if let Some(v) = &file.cards {
            rules.cards = reader.int(v, "cards", &CARDS)? as u8;
        }
        if let Some(v) = &file.tie_bonus {
            rules.tie_bonus = reader.int(v, "tie_bonus", &TIE_BONUS)? as u8;
        }
        if let Some(v) = &file.prizes {
            rules.prizes = reader.one_of(v, "prizes", &PRIZE_ORDERS)?;
        }
        if let Some(list) = &file.colours {
            rules.colours = reader.colours(list, MAX_PLAYERS)?;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_core::RuleSet;

    fn error(text: &str) -> RulesError {
        Rules::from_toml(text).unwrap_err()
    }

    #[test]
    fn an_empty_file_gives_the_standard_rules() {
        let r = Rules::from_toml("").unwrap();
        assert_eq!(r, Rules::standard());
        assert_eq!((r.name(), r.cards(), r.tie_bonus()), ("standard", 5, 0));
        assert_eq!(r.prize_total(), 15);
    }

    #[test]
    fn a_partial_file_keeps_the_other_standard_values() {
        let r = Rules::from_toml("name = \"tilted\"\ntie_bonus = 3\n").unwrap();
        assert_eq!((r.name(), r.cards(), r.tie_bonus()), ("tilted", 5, 3));
        assert_eq!(r.colours, Rules::standard().colours);
    }

    #[test]
    fn out_of_range_values_name_their_line_and_key() {
        let e = error("name = \"x\"\n\ncards = 0\n");
        assert_eq!((e.line, e.key.as_str()), (Some(3), "cards"));
        assert_eq!(e.message, "0 is out of range: allowed 1..=13");
        let e = error("tie_bonus = 21");
        assert_eq!((e.line, e.key.as_str()), (Some(1), "tie_bonus"));
        assert!(e.message.contains("allowed 0..=20"), "{e}");
        let e = error("cards = 13\ntie_bonus = -1");
        assert_eq!(e.line, Some(2));
        let e = error("cards = 3\nprizes = \"upward\"");
        assert_eq!((e.line, e.key.as_str()), (Some(2), "prizes"));
        assert!(e.message.contains("shuffled, descending, ascending"), "{e}");
    }

    #[test]
    fn unknown_keys_bad_types_and_syntax_are_refused_with_a_line() {
        let e = error("cards = 5\ntie_bonsu = 2\n");
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("tie_bonsu"), "{e}");
        let e = error("cards = \"five\"\n");
        assert_eq!(e.line, Some(1));
        let e = error("name = \"a\"\ncards = = 3\n");
        assert_eq!(e.line, Some(2));
    }

    #[test]
    fn colours_must_be_distinct_and_enough() {
        let e = error("colours = [\"red\", \"blue\", \"green\"]");
        assert_eq!(e.key, "colours");
        assert!(e.message.contains("found 3"), "{e}");
        let e = error("cards = 4\ncolours = [\"red\", \"blue\", \"red\", \"pink\"]");
        assert_eq!((e.line, e.key.as_str()), (Some(2), "colours[2]"));
        let e = error("name = \" \"");
        assert_eq!(e.key, "name");
        let r = Rules::from_toml("colours = [\"a\", \"b\", \"c\", \"d\", \"e\"]").unwrap();
        assert_eq!(r.colours.len(), 5);
    }
}
