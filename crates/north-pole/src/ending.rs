//! The ways a game ends (the page's *Game end*), named as results write them.

/// The names of the ways a game ends, indexed by [`crate::State::end_cause`].
pub const END_CAUSES: [&str; 2] = ["pole-reached", "round-limit"];
/// Index of `pole-reached`: a player's (or team's) pawns all reached the Pole.
pub const POLE_REACHED: u8 = 0;
/// Index of `round-limit`: round `round_limit` ended with no winner.
pub const ROUND_LIMIT: u8 = 1;
