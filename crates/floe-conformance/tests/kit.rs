//! The kit catches what it is meant to catch: variers that change nothing or change what
//! the seat sees, variers that never vary, a game longer than its stated limit; and it
//! counts allocations.

use floe_conformance::{Kit, Varier, allocations};
use floe_core::{FloeRng, Game, Seat};
use goofspiel::{Bid, Goofspiel, State};

floe_conformance::install_counting_allocator!();

fn kit(variers: &[Varier<Goofspiel>]) -> Kit<'_, Goofspiel> {
    Kit {
        players: 2..=3,
        max_rounds: 5,
        variers,
        games: 4,
    }
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
    let variers = [Varier {
        name: "nothing at all",
        vary: same,
    }];
    let failure = std::panic::catch_unwind(|| {
        floe_conformance::check(&Goofspiel::standard(), &kit(&variers));
    })
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
    let variers = [Varier {
        name: "an answer",
        vary: answered,
    }];
    floe_conformance::check(&Goofspiel::standard(), &kit(&variers));
}

#[test]
#[should_panic(expected = "changed its fact in 0 states, fewer than 20")]
fn a_varier_that_never_varies_is_caught() {
    let variers = [Varier {
        name: "never",
        vary: |_, _, _, _| None,
    }];
    floe_conformance::check(&Goofspiel::standard(), &kit(&variers));
}

#[test]
#[should_panic(expected = "the game lasted 5 rounds, above its limit 4")]
fn a_game_longer_than_its_limit_is_caught() {
    let variers = [Varier {
        name: "top two prizes",
        vary: top_two,
    }];
    let kit = Kit {
        max_rounds: 4,
        ..kit(&variers)
    };
    floe_conformance::check(&Goofspiel::standard(), &kit);
}

#[test]
fn a_sound_varier_passes() {
    let variers = [Varier {
        name: "top two prizes",
        vary: top_two,
    }];
    floe_conformance::check(&Goofspiel::standard(), &kit(&variers));
}

#[test]
fn the_installed_allocator_counts_this_threads_allocations() {
    let before = allocations();
    let v: Vec<u64> = std::hint::black_box((0..100).collect());
    assert!(allocations() > before);
    drop(v);
}
