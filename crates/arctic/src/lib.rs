//! Arctic (Ludonaute 2024) for Floe: a card game for 2 to 4 players with private hands.
//!
//! The rules are `../shared/rules/arctic.md` of the project's shared folder; this crate
//! follows that page exactly.

mod cards;
mod rules;


pub use cards::{ANIMAL_COUNT, ANIMALS, Animal, CARD_COUNT, Card, CardSet, PileCard};
pub use rules::{MAX_PLAYERS, MIN_PLAYERS, Points, Rules, Side, SideRule, TieBreak};

