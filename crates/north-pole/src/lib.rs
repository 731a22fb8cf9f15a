//! Race to the North Pole (Playmore Games 2015, Jouni Jussila and Tomi Vainikka) for Floe:
//! a race of pawns to the Pole across a top board that storms turn, for 2 to 4 players
//! and two teams of two.
//!
//! The rules are the project's rules page `north-pole.md` (in the shared `rules` folder),
//! which this crate follows exactly: its map data block is [`Map::classic`], its Decisions
//! table the list of questions ([`Phase`]), its Parameters table the rule data
//! ([`Rules`]). The board is kept on 64-bit bitboards in top-board coordinates with a
//! rotation count, so a storm changes one number.
//!
//! # Examples
//! ```
//! use floe_core::{ActionList, Game, Stream, stream_rng};
//! use north_pole::NorthPole;
//!
//! let game = NorthPole::standard();
//! let mut rng = stream_rng(7, Stream::Chance);
//! let mut state = game.new_game(4, &mut rng);
//! let mut answers = ActionList::new();
//! game.legal_actions(&state, &mut answers);
//! while game.to_act(&state).is_some() {
//!     // Always the first answer: base camp, card, actor and target in the page's order.
//!     let answer = answers[0];
//!     game.advance(&mut state, answer, &mut rng, &mut answers, &mut |_| {});
//! }
//! let outcome = game.outcome(&state).unwrap();
//! let cause = game.end_causes()[outcome.end_cause as usize];
//! assert!(cause == "pole-reached" || cause == "round-limit");
//! ```

mod action;
pub mod board;
mod canonical;
mod card_words;
mod deck;
mod describe;
mod ending;
mod engine;
mod event;
pub mod figures;
mod game;
mod info;
mod map;
mod moves;
mod observation;
mod params;
mod rules;
mod rules_file;
mod standing;
mod state;

pub use action::{Action, CardRef};
pub use deck::{
    Card, DISCS, DeckRow, Disc, EQUIPMENT, MaskCount, Masks, Mode, Movement, StormColour,
};
pub use ending::END_CAUSES;
pub use engine::NorthPole;
pub use event::{DiscSource, Event, Piece, StormCause};
pub use map::{Geometry, Map, MapProblem, SIDE_NAMES};
pub use observation::{Observation, SeatView};
pub use rules::{
    DiscKind, HazardDirection, MAX_PLAYERS, MIN_PLAYERS, Rules, TeamAssignment, TieBreak,
};
pub use rules_file::RulesError;
pub use state::{Actor, AfterFree, Phase, Place, Play, Player, State, Tally};
