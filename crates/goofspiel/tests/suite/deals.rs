//! The deals Goofspiel lists for an exact solver: every order of a shuffled deck alike,
//! the one deal of a known order, and a refusal that says why at other tables and sizes.

use floe_core::{Game, ParamValue, RuleSet};
use goofspiel::{Goofspiel, Rules, SOLVED_IN_ORDER, SOLVED_SHUFFLED};

/// Goofspiel with `cards` cards and the prizes `order`.
fn game(cards: usize, order: &str) -> Goofspiel {
    let mut rules = Rules::standard();
    rules
        .set_parameter("cards", &ParamValue::Whole(cards as i64))
        .unwrap();
    rules
        .set_parameter("prizes", &ParamValue::Name(order.into()))
        .unwrap();
    Goofspiel::new(rules)
}

#[test]
fn a_shuffled_deck_lists_every_order_alike() {
    let deals = game(4, "shuffled").deals(2).unwrap();
    assert_eq!(deals.len(), 24);
    assert!(deals.iter().all(|(_, p)| (p - 1.0 / 24.0).abs() < 1e-12));
    let mut decks: Vec<Vec<u8>> = deals.iter().map(|(s, _)| s.deck().collect()).collect();
    decks.sort();
    decks.dedup();
    assert_eq!(decks.len(), 24, "each order once");
}

#[test]
fn a_known_order_is_one_deal() {
    for (order, deck) in [("descending", [3, 2, 1]), ("ascending", [1, 2, 3])] {
        let g = game(3, order);
        let deals = g.deals(2).unwrap();
        assert_eq!(deals.len(), 1);
        assert_eq!(deals[0].1, 1.0);
        assert_eq!(deals[0].0, g.scenario(2, &deck), "{order}");
    }
}

#[test]
fn other_tables_and_larger_decks_are_refused_with_the_reason() {
    assert_eq!(
        game(3, "shuffled").deals(3).unwrap_err(),
        "goofspiel is solved exactly at 2 players only, not 3"
    );
    assert_eq!(
        game(SOLVED_SHUFFLED + 1, "shuffled").deals(2).unwrap_err(),
        "goofspiel with 6 cards is too large to solve exactly: with the prizes shuffled, at \
         most 5 cards"
    );
    assert!(game(SOLVED_IN_ORDER, "descending").deals(2).is_ok());
    assert_eq!(
        game(SOLVED_IN_ORDER + 1, "descending")
            .deals(2)
            .unwrap_err(),
        "goofspiel with 7 cards is too large to solve exactly: with the prizes in a known \
         order, at most 6 cards"
    );
}
