//! [`Describe`]: a game's questions and answers told in words, for a person at the table.

use crate::Game;

/// A game's pending question and its answers told in words to the seat asked, for people
/// who play (`floe play`): an answer's printed form (`action B`, `+1`, `card:38 (Gallop A
/// 2)`) is short so that logs and replays stay readable, and it names the answer but
/// seldom says what it does.
///
/// Every game of the registry describes itself, so that a front end can state every
/// question a person meets. The texts tell the seat asked only what that seat knows: they
/// may read any part of the state a seat's own question depends on (its hand, the card it
/// holds aside), never another seat's secrets or a hidden pile.
pub trait Describe: Game {
    /// Returns the question pending in `state`, put to the seat asked, as one line in
    /// words: what it asks and, where it helps, why now (`which card do you place next
    /// on your pile (2 of 3)?`).
    ///
    /// # Panics
    /// May panic once the game is over (there is no question).
    fn question(&self, state: &Self::State) -> String;

    /// Returns the answer `action` to the question pending in `state` as one line for the
    /// seat asked: the answer as it prints, then what it does (`action B: collect the
    /// played cards`).
    fn answer(&self, state: &Self::State, action: Self::Action) -> String;
}
