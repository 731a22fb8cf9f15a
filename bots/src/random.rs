//! The `random` bot.

use floe_core::{FloeRng, Game, View};
use rand::RngExt;

use crate::Bot;

/// Answers every question uniformly at random among its answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn act(&mut self, _view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) -> G::Action {
        answers[rng.random_range(0..answers.len() as u32) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arctic_race::ArcticRace;
    use floe_core::{ActionList, Stream, stream_rng};

    #[test]
    fn picks_every_answer_about_equally_often() {
        let game = ArcticRace::classic();
        let state = game.new_game(3, &mut stream_rng(1, Stream::Chance));
        let mut answers = ActionList::new();
        game.legal_actions(&state, &mut answers);
        assert_eq!(
            answers.len(),
            5,
            "the first question is which of 5 cards to commit"
        );
        let view = View::new(&game, &state, game.to_act(&state).unwrap());
        let mut rng = stream_rng(1, Stream::Bot(0));
        let mut counts = [0u32; 5];
        for _ in 0..10_000 {
            let a = RandomBot.act(&view, &answers, &mut rng);
            counts[answers.iter().position(|&x| x == a).unwrap()] += 1;
        }
        // Each share is 2000 expected; 5 standard deviations is 200.
        assert!(
            counts.iter().all(|&c| (1800..=2200).contains(&c)),
            "{counts:?}"
        );
    }
}
