//! The fixed sizes the state and the answer numbering are built for, which the rules
//! loader keeps every rules file within.

/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Most River slots a rules file may ask for.
pub const MAX_RIVER: usize = 10;
/// Largest placement target: a placement value of 5 raised by one with moose B.
pub const MAX_TARGET: u8 = 6;
