//! Arctic Race for Floe: every rule of the rules page, as a [`floe_core::Game`].
//!
//! The layout, tile set, removal table, scoring tables and round limit are data
//! ([`Rules`]), with the built-in `classic` default and a TOML loader. The state is fixed
//! size; playing a game allocates nothing.
//!
//! # Examples
//! ```
//! use arctic_race::ArcticRace;
//! use floe_core::{ActionList, Game, Stream, stream_rng};
//!
//! let game = ArcticRace::classic();
//! let mut rng = stream_rng(7, Stream::Chance);
//! let mut state = game.new_game(4, &mut rng);
//! let mut answers = ActionList::new();
//! while game.to_act(&state).is_some() {
//!     game.legal_actions(&state, &mut answers);
//!     game.apply(&mut state, answers[0], &mut rng);
//! }
//! let outcome = game.outcome(&state).unwrap();
//! assert!(outcome.winner_count() >= 1);
//! ```

mod answers;
mod describe;
mod encoding;
mod engine;
mod event;
mod info;
mod movement;
mod observation;
mod params;
mod pieces;
mod race;
mod rules;
mod scoring;
mod state;
mod tie_break;

#[cfg(test)]
mod tests;

pub use event::{Event, TileView};
pub use observation::{ActionKey, Observation};
pub use pieces::{ALL_CARDS, Action, CARDS, Card, CardSet, Icon, RACERS, Racer};
pub use race::ArcticRace;
pub use rules::{
    MAX_PLACES, MAX_SLOT_LEN, MAX_SLOTS, MAX_TILE_KINDS, MAX_TILES, MAX_TRACK, MIN_TRACK, Rules,
    RulesError, TileFaces,
};
pub use state::{END_CAUSES, EndCause, Phase, Position, State};
pub use tie_break::TieBreak;
