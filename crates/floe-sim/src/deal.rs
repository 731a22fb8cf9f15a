//! [`Deal`]: one seeded game driven question by question.
//!
//! A game's seed gives it a chance stream and a random stream per seat ([`Stream`]). The
//! runner, a stepped session and the profile's timing all drive their games through a
//! `Deal`, so that the same seed plays the same game in each (a session's game 0 is the
//! run's game 0, answer for answer).

use floe_bots::Bot;
use floe_core::{
    ActionList, FloeRng, Game, IllegalAnswer, MAX_SEATS, Seat, Stream, View, stream_rng,
};

/// A game in progress from its seed: its state, the answers to its pending question, its
/// chance stream and each seat's stream for its bots. Fixed size: driving a deal
/// allocates nothing.
pub struct Deal<G: Game> {
    state: G::State,
    answers: ActionList<G::Action>,
    chance: FloeRng,
    seat_rngs: [FloeRng; MAX_SEATS],
}

impl<G: Game> Clone for Deal<G> {
    fn clone(&self) -> Deal<G> {
        Deal {
            state: self.state.clone(),
            answers: self.answers.clone(),
            chance: self.chance.clone(),
            seat_rngs: self.seat_rngs.clone(),
        }
    }
}

impl<G: Game> Deal<G> {
    /// Sets up the game of seed `seed` for `players` seats, reporting the setup to `log`,
    /// and lists the first question's answers.
    pub fn new(game: &G, players: usize, seed: u64, log: &mut impl FnMut(G::Event)) -> Deal<G> {
        let mut chance = stream_rng(seed, Stream::Chance);
        let seat_rngs = std::array::from_fn(|s| stream_rng(seed, Stream::Bot(s as u8)));
        let state = game.new_game_logged(players, &mut chance, log);
        let mut answers = ActionList::new();
        game.legal_actions(&state, &mut answers);
        Deal {
            state,
            answers,
            chance,
            seat_rngs,
        }
    }

    /// Returns the game's state.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// Returns the answers to the pending question (none once the game is over).
    pub fn answers(&self) -> &[G::Action] {
        &self.answers
    }

    /// Returns the seat whose question is pending, `None` once the game is over.
    pub fn to_act(&self, game: &G) -> Option<Seat> {
        game.to_act(&self.state)
    }

    /// Returns the answer `bot`, sitting at `seat`, gives the pending question, seeing
    /// only that seat's view and drawing from that seat's stream.
    #[inline]
    pub fn ask(&mut self, game: &G, seat: Seat, bot: &mut impl Bot<G>) -> G::Action {
        let view = View::new(game, &self.state, seat);
        bot.act(&view, &self.answers, &mut self.seat_rngs[seat.index()])
    }

    /// Returns the answer `bot` would give at `seat`, drawing from a copy of the seat's
    /// stream: the deal stays as it was (a bot warming its buffers up, say).
    pub fn ask_aside(&self, game: &G, seat: Seat, bot: &mut impl Bot<G>) -> G::Action {
        let view = View::new(game, &self.state, seat);
        bot.act(
            &view,
            &self.answers,
            &mut self.seat_rngs[seat.index()].clone(),
        )
    }

    /// Carries out `action`, one of [`Deal::answers`], reporting every step to `log`, and
    /// lists the next question's answers.
    #[inline]
    pub fn advance(&mut self, game: &G, action: G::Action, log: &mut impl FnMut(G::Event)) {
        game.advance(
            &mut self.state,
            action,
            &mut self.chance,
            &mut self.answers,
            log,
        );
    }

    /// Carries out `action` as [`Deal::advance`] does if it is among the answers, and
    /// otherwise changes nothing. The deal holds the pending question's answers already
    /// (each advance lists them, as the conformance kit checks), so it checks `action`
    /// against them rather than listing them again as [`Game::try_advance`] would: in
    /// Race to the North Pole that second listing was a sixth of a batched step.
    ///
    /// # Errors
    /// Names the answer and the answers allowed.
    pub fn try_advance(
        &mut self,
        game: &G,
        action: G::Action,
        log: &mut impl FnMut(G::Event),
    ) -> Result<(), IllegalAnswer<G::Action>> {
        if !self.answers.contains(&action) {
            return Err(IllegalAnswer {
                action,
                allowed: self.answers.clone(),
            });
        }
        self.advance(game, action, log);
        Ok(())
    }
}
