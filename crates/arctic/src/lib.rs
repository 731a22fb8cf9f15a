//! Arctic (Ludonaute 2024, Cédric Lefebvre) for Floe: a card game for 2 to 4 players with
//! private hands and many questions per turn.
//!
//! The rules are the project's rules page `arctic.md` (in the shared `rules` folder),
//! which this crate follows exactly: its Decisions table is the list of questions
//! ([`Phase`]), its Parameters table the rule data ([`Rules`]).
//!
//! # Examples
//! ```
//! use arctic::Arctic;
//! use floe_core::{ActionList, Game, Stream, stream_rng};
//!
//! let game = Arctic::standard();
//! let mut rng = stream_rng(7, Stream::Chance);
//! let mut state = game.new_game(3, &mut rng);
//! let mut answers = ActionList::new();
//! while game.to_act(&state).is_some() {
//!     game.legal_actions(&state, &mut answers);
//!     game.apply(&mut state, answers[0], &mut rng);
//! }
//! let outcome = game.outcome(&state).unwrap();
//! assert_eq!(game.end_causes()[outcome.end_cause as usize], "deck-exhausted");
//! ```

mod action;
mod cards;
mod describe;
mod engine;
mod event;
pub mod figures;
mod game;
mod info;
mod limits;
mod observation;
mod params;
mod rules;
mod scoring;
mod state;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use cards::{ANIMAL_COUNT, ANIMALS, Animal, CARD_COUNT, Card, CardSet, PileCard};
pub use engine::{Arctic, END_CAUSES, ScoreParts};
pub use event::{Event, Placement, Source};
pub use observation::{ActionKey, FinalScore, Observation};
pub use rules::{
    MAX_HAND_LIMIT, MAX_PLAYERS, MAX_RIVER, MIN_PLAYERS, Points, Rules, RulesError, Side, SideRule,
    TieBreak,
};
pub use scoring::PileScore;
pub use state::{Phase, State, Turn};
