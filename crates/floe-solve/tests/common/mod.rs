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

/// Returns every order of the cards 1..=k.
pub fn orders(k: u8) -> Vec<Vec<u8>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in orders(k - 1) {
        for at in 0..=rest.len() {
            let mut o = rest.clone();
            o.insert(at, k);
            out.push(o);
        }
    }
    out
}

/// Returns the deals of a two-seat game: the prize deck in `order` (top first), or every
/// order alike.
pub fn deals(game: &Goofspiel, order: Option<&[u8]>) -> Belief<goofspiel::State> {
    let k = game.rules().cards() as u8;
    match order {
        Some(o) => vec![(game.scenario(2, o), 1.0)],
        None => {
            let all = orders(k);
            let p = 1.0 / all.len() as f64;
            all.iter().map(|o| (game.scenario(2, o), p)).collect()
        }
    }
}
