//! Goofspiel for Floe: a tiny bidding game with one secret simultaneous choice a round.
//!
//! Each of 2 to 4 seats holds bid cards 1..=K; a prize deck of cards 1..=K is shuffled at
//! setup (or, with `prizes = "descending"` or `"ascending"`, stacked in that order, known to
//! every seat: OpenSpiel's `points_order`, which its published values of small games use). Each round the top prize is turned up, every seat bids one card face down (asked
//! in seat order; later seats do not see earlier bids), the bids are revealed and the
//! single highest bid takes the prize's value in points. A tied top bid discards the
//! prize, except that seat 0 gets the declared `tie_bonus` whenever it is among the tied.
//! The bonus is worth nothing by the rules' design: it exists to tilt the game by a known
//! amount, so that tests can see Floe measure the tilt. After K rounds the seats with the
//! top score share the win.
//!
//! # Examples
//! ```
//! use floe_core::{ActionList, Game, Stream, stream_rng};
//! use goofspiel::Goofspiel;
//!
//! let game = Goofspiel::standard();
//! let mut rng = stream_rng(7, Stream::Chance);
//! let mut state = game.new_game(3, &mut rng);
//! let mut answers = ActionList::new();
//! while game.to_act(&state).is_some() {
//!     game.legal_actions(&state, &mut answers);
//!     game.apply(&mut state, answers[0], &mut rng);
//! }
//! let outcome = game.outcome(&state).unwrap();
//! assert_eq!(outcome.rounds, 5);
//! ```

mod describe;
mod engine;
mod event;
mod info;
mod observation;
mod params;
mod rules;
mod state;

#[cfg(test)]
mod tests;

pub use engine::{END_CAUSES, Goofspiel, SOLVED_IN_ORDER, SOLVED_SHUFFLED};
pub use event::Event;
pub use observation::{ActionKey, Observation};
pub use rules::{MAX_CARDS, MAX_PLAYERS, MIN_PLAYERS, Prizes, Rules, RulesError};
pub use state::{Bid, State};
