//! Random games: every answer legal, no question above 20 answers, cards conserved,
//! every game ended with a named cause.

use floe_core::{ActionList, Game, Seat, Stream, game_seed, stream_rng};
use rand::RngExt;

use crate::cards::CardSet;
use crate::engine::Arctic;
use crate::state::State;

/// Checks that every card of the sets in play lies in exactly one place.
fn conserved(game: &Arctic, st: &State) {
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    for c in st.all_cards() {
        assert!(!seen.contains(c), "{c} lies in two places");
        seen.insert(c);
        count += 1;
    }
    assert_eq!(
        count,
        game.rules().deck_size(st.players()),
        "every card in play somewhere"
    );
}

/// Plays `games` random games at `players` and checks the invariants at every question;
/// returns the most answers a question had.
pub(crate) fn random_games(game: &Arctic, players: usize, games: u64) -> usize {
    let mut answers = ActionList::new();
    let mut longest = 0;
    for i in 0..games {
        let seed = game_seed(players as u64, i);
        let mut chance = stream_rng(seed, Stream::Chance);
        let mut pick = stream_rng(seed, Stream::Bot(0));
        let mut st = game.new_game(players, &mut chance);
        game.legal_actions(&st, &mut answers);
        while let Some(seat) = game.to_act(&st) {
            assert!(
                answers.len() >= 2,
                "a question has two answers or more: {:?}",
                st.phase()
            );
            assert!(
                answers.len() <= 20,
                "{} answers to {:?}",
                answers.len(),
                st.phase()
            );
            longest = longest.max(answers.len());
            assert_eq!(seat, st.actor());
            conserved(game, &st);
            let a = answers[pick.random_range(0..answers.len())];
            game.advance(&mut st, a, &mut chance, &mut answers, &mut |_| {});
        }
        conserved(game, &st);
        let outcome = game.outcome(&st).expect("over");
        assert!((outcome.end_cause as usize) < game.end_causes().len());
        let _ = Seat::all(players);
    }
    longest
}

#[test]
fn random_games_keep_the_rules_invariants() {
    let game = Arctic::standard();
    for players in 2..=4 {
        assert!(random_games(&game, players, 300) > 2);
    }
}
