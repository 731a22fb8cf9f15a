//! The [`Bot`] trait.

use floe_core::{FloeRng, Game, View};

/// A player strategy: answers the questions of one seat.
///
/// A bot sees its seat's [`View`] (never the hidden parts of the state) and the answers
/// to choose from. It draws randomness only from `rng`, which the runner seeds from the
/// game's seed and the seat, so a game stays a pure function of (rules, bots, seed). A bot
/// may keep buffers between questions and games to avoid allocating; anything else it
/// remembers must start afresh in [`Bot::new_game`], because which games one bot object
/// plays (and in which order) depends on how the runner splits the work over threads.
pub trait Bot<G: Game>: Send {
    /// Returns one of `answers` (never empty) for the question pending in `view`.
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) -> G::Action;

    /// Forgets everything about the previous game; called before each game's first question.
    fn new_game(&mut self) {}
}
