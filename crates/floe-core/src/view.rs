//! [`View`]: a game state as one seat sees it.

use crate::{FloeRng, Game, Seat};

/// A game state as seen from one seat: the only thing a bot receives.
///
/// The state inside is private, so a bot cannot read what its player does not know. All a
/// bot can learn is through [`View::determinize`], which fills every hidden part in with a
/// sample consistent with the seat's knowledge.
pub struct View<'a, G: Game> {
    game: &'a G,
    state: &'a G::State,
    seat: Seat,
}

impl<'a, G: Game> View<'a, G> {
    /// Wraps `state` as seen by `seat`.
    pub fn new(game: &'a G, state: &'a G::State, seat: Seat) -> Self {
        View { game, state, seat }
    }

    /// Returns the seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Returns the number of seats at the table (public to every seat).
    pub fn players(&self) -> usize {
        self.game.players(self.state)
    }

    /// Returns the rules of the game being played.
    pub fn game(&self) -> &'a G {
        self.game
    }

    /// Returns what this seat knows: the public facts and its own private ones.
    pub fn observation(&self) -> G::Observation {
        self.game.observe(self.state, self.seat)
    }

    /// Returns how `action`, answered to the pending question, looks to this seat.
    pub fn action_key(&self, action: G::Action) -> G::ActionKey {
        self.game.action_key(self.state, action, self.seat)
    }

    /// Returns how many seats have already answered, face down, in the secret round of
    /// simultaneous choices the pending question belongs to, or `None` when it is not such
    /// a choice ([`Game::secret_round`]): public, as every seat sees who has answered.
    pub fn secret_round(&self) -> Option<usize> {
        self.game.secret_round(self.state)
    }

    /// Returns the number for what this seat knows at a secret round ([`Game::round_key`]).
    pub fn round_key(&self) -> u64 {
        self.game.round_key(self.state, self.seat)
    }

    /// Returns a full state consistent with what this seat knows, every hidden part sampled
    /// from `rng`. [`View::determinize`] does the same into a buffer the caller reuses.
    pub fn sample(&self, rng: &mut FloeRng) -> G::State {
        let mut out = self.state.clone();
        self.determinize(rng, &mut out);
        out
    }

    /// Writes into `out` a full state consistent with what this seat knows, sampling every
    /// hidden part from `rng` (see [`Game::determinize`]).
    pub fn determinize(&self, rng: &mut FloeRng, out: &mut G::State) {
        self.game.determinize(self.state, self.seat, rng, out);
    }
}
