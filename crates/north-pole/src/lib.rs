//! Race to the North Pole (Playmore Games 2015, Jouni Jussila and Tomi Vainikka) for Floe:
//! a race of pawns to the Pole across a top board that storms turn, for 2 to 4 players
//! and two teams of two.
//!
//! The rules are the project's rules page `north-pole.md` (in the shared `rules` folder),
//! which this crate follows exactly: its map data block is [`Map::classic`], its Decisions
//! table the list of questions ([`Phase`]), its Parameters table the rule data
//! ([`Rules`]). The board is kept on 64-bit bitboards in top-board coordinates with a
//! rotation count, so a storm changes one number.

mod action;
pub mod board;
mod deck;
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
