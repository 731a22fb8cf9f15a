//! Random games: every answer legal, no question above 20 answers, cards conserved,
//! every game ended with a named cause.

use floe_core::{ActionList, Game, Seat, Stream, game_seed, stream_rng};
use rand::RngExt;

use crate::action::Action;
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

/// Plays random game `index` at `players` (seed `game_seed(players, index)`: chance from
/// its chance stream, the answers picked uniformly from its first bot's), calling
/// `at_question(state, answers, seat)` before every answer; returns the final state. The
/// property tests and the observer-key test walk the same games this way.
pub(crate) fn random_game(
    game: &Arctic,
    players: usize,
    index: u64,
    mut at_question: impl FnMut(&State, &ActionList<Action>, Seat),
) -> State {
    let mut answers = ActionList::new();
    let seed = game_seed(players as u64, index);
    let mut chance = stream_rng(seed, Stream::Chance);
    let mut pick = stream_rng(seed, Stream::Bot(0));
    let mut st = game.new_game(players, &mut chance);
    game.legal_actions(&st, &mut answers);
    while let Some(seat) = game.to_act(&st) {
        at_question(&st, &answers, seat);
        let a = answers[pick.random_range(0..answers.len())];
        game.advance(&mut st, a, &mut chance, &mut answers, &mut |_| {});
    }
    st
}

/// Plays `games` random games at `players` and checks the invariants at every question;
/// returns the most answers a question had.
pub(crate) fn random_games(game: &Arctic, players: usize, games: u64) -> usize {
    let mut longest = 0;
    for i in 0..games {
        let st = random_game(game, players, i, |st, answers, seat| {
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
            conserved(game, st);
        });
        conserved(game, &st);
        let outcome = game.outcome(&st).expect("over");
        assert!((outcome.end_cause as usize) < game.end_causes().len());
    }
    longest
}

/// Random games per player count in the normal test run (the `arctic` crate is built
/// optimised in the test profile, see the workspace manifest).
const GAMES: u64 = 20_000;
/// Random games per player count in the long run, done once: `cargo test --release -p
/// arctic -- --ignored`.
const LONG_GAMES: u64 = 200_000;

/// Plays `games` random games of the standard rules at `players`, which must reach a
/// question of more than two answers.
fn standard_games(players: usize, games: u64) {
    assert!(random_games(&Arctic::standard(), players, games) > 2);
}

#[test]
fn rules_test_15_random_games_keep_the_invariants_at_2_players() {
    standard_games(2, GAMES);
}

#[test]
fn rules_test_15_random_games_keep_the_invariants_at_3_players() {
    standard_games(3, GAMES);
}

#[test]
fn rules_test_15_random_games_keep_the_invariants_at_4_players() {
    standard_games(4, GAMES);
}

#[test]
#[ignore = "long: 200,000 games per player count, run once"]
fn rules_test_15_long_many_random_games_keep_the_invariants() {
    for players in 2..=4 {
        standard_games(players, LONG_GAMES);
    }
}
