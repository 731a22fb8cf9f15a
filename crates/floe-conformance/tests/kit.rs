//! The kit catches what it is meant to catch: variers that change nothing or change what
//! the seat sees, variers that never vary, a game longer than its stated limit; and it
//! counts allocations.

use floe_conformance::{Kit, Varier, allocations};
use floe_core::{FloeRng, Game, Seat};
use goofspiel::{Bid, Goofspiel, State};

floe_conformance::install_counting_allocator!();

/// Checks standard Goofspiel at 2 and 3 players, four games each, varying only with
/// `varier`, against the round limit `max_rounds`: each test states only the varier
/// (and the limit) it catches.
fn check_with(varier: Varier<Goofspiel>, max_rounds: u32) {
    let kit = Kit {
        players: 2..=3,
        max_rounds,
        variers: &[varier],
        games: 4,
    };
    floe_conformance::check(&Goofspiel::standard(), &kit);
}

/// Returns a copy: a varier that forgets to vary.
fn same(_: &Goofspiel, st: &State, _: Seat, _: &mut FloeRng) -> Option<State> {
    Some(st.clone())
}

/// Answers the pending question: the seat sees that it has bid.
fn answered(game: &Goofspiel, st: &State, _: Seat, rng: &mut FloeRng) -> Option<State> {
    let mut varied = st.clone();
    game.apply(&mut varied, Bid(st.hand(game.to_act(st)?).next()?), rng);
    Some(varied)
}

/// Swaps the top two prizes of the deck; the fact is hidden, so the varier is sound.
fn top_two(_: &Goofspiel, st: &State, _: Seat, _: &mut FloeRng) -> Option<State> {
    let mut deck: Vec<u8> = st.deck().collect();
    if deck.len() < 2 {
        return None;
    }
    deck.swap(0, 1);
    let mut varied = st.clone();
    varied.set_deck(&deck);
    Some(varied)
}

#[test]
fn a_varier_that_changes_nothing_is_caught_and_named_with_game_players_seed_and_seat() {
    let failure = std::panic::catch_unwind(|| check_with(Varier::new("nothing at all", same), 5))
        .expect_err("the check fails");
    let message = failure
        .downcast_ref::<String>()
        .expect("a formatted message");
    assert!(
        message.starts_with("conformance check `fair-play` failed for goofspiel, 2 players, seed ")
            && message.ends_with(", seat 0: varier `nothing at all` changed nothing"),
        "{message}"
    );
}

#[test]
#[should_panic(expected = "varier `an answer` changed what the seat sees")]
fn a_varier_that_changes_a_seen_fact_is_caught() {
    check_with(Varier::new("an answer", answered), 5);
}

#[test]
#[should_panic(expected = "changed its fact in 0 states, fewer than 20")]
fn a_varier_that_never_varies_is_caught() {
    check_with(Varier::new("never", |_, _, _, _| None), 5);
}

#[test]
#[should_panic(expected = "the game lasted 5 rounds, above its limit 4")]
fn a_game_longer_than_its_limit_is_caught() {
    check_with(Varier::new("top two prizes", top_two), 4);
}

#[test]
fn a_sound_varier_passes() {
    check_with(Varier::new("top two prizes", top_two), 5);
}

#[test]
fn the_installed_allocator_counts_this_threads_allocations() {
    let before = allocations();
    let v: Vec<u64> = std::hint::black_box((0..100).collect());
    assert!(allocations() > before);
    drop(v);
}
