//! Rule tests, one or more per rule in the exact situation it speaks of, and the
//! hidden-information contract of observations and `determinize`.

mod hidden_info;
mod play;

use floe_core::{FloeRng, Game, RuleSet, Stream, stream_rng};

use crate::{Bid, Event, Goofspiel, Rules, State};

/// Returns the game with `tie_bonus` and otherwise standard rules (5 cards).
fn with_bonus(tie_bonus: i64) -> Goofspiel {
    let mut rules = Rules::standard();
    rules
        .set_parameter("tie_bonus", &floe_core::ParamValue::Whole(tie_bonus))
        .unwrap();
    Goofspiel::new(rules)
}

/// Returns an rng for answers (Goofspiel draws no chance after setup).
fn rng() -> FloeRng {
    stream_rng(0, Stream::Chance)
}

/// Makes the bids `cards` in turn, each checked to be legal; returns the events logged.
fn bid(game: &Goofspiel, st: &mut State, cards: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    for &card in cards {
        game.try_advance(
            st,
            Bid(card),
            &mut rng(),
            &mut Default::default(),
            &mut |e| events.push(e),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
    events
}
