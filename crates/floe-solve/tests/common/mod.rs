//! What the solver's tests share: Goofspiel with K cards and its deals.

use floe_core::{Game, RuleSet};
use floe_solve::Belief;
use goofspiel::{Goofspiel, Rules};

/// Returns Goofspiel with `cards` cards and otherwise standard rules.
pub fn goofspiel(cards: i64) -> Goofspiel {
    let mut rules = Rules::standard();
    rules
        .set_parameter("cards", &floe_core::ParamValue::Whole(cards))
        .unwrap();
    Goofspiel::new(rules)
}

/// Returns the deals of a two-seat game: the prize deck in `order` (top first), or the
/// game's own (every order alike, for a shuffled deck).
pub fn deals(game: &Goofspiel, order: Option<&[u8]>) -> Belief<goofspiel::State> {
    match order {
        Some(o) => vec![(game.scenario(2, o), 1.0)],
        None => game.deals(2).expect("a small game lists its deals"),
    }
}
