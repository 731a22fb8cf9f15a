//! What each player knows (rules page, "What each player knows"): `determinize` reads
//! only public facts and the seat's own cards, keeps them, and samples the rest into a
//! valid state.
//!
//! Hidden from a seat: the order of the supply, which unseen tiles are in the supply and
//! which were removed at setup, and the cards others committed this round and have not
//! revealed yet.

use floe_core::hidden::redeal;
use floe_core::{FloeRng, Game, Seat, Stream, stream_rng};
use rand::RngExt;

use super::support::{assert_conserved, play, random_answer};
use crate::info::redeal_face_down;
use crate::race::ArcticRace;
use crate::state::{NO_CARD, State};

const MASTER: u64 = 0x4849_4444_454E;
/// Random games whose states are sampled.
const GAMES: u64 = 120;

/// Mid-game states of random games (every third state after an answer, all phases).
fn states() -> Vec<State> {
    let game = ArcticRace::classic();
    let mut out = Vec::new();
    for index in 0..GAMES {
        let mut n = 0;
        play(&game, MASTER, index, |game, st| {
            if game.to_act(st).is_some() && n % 3 == 0 {
                out.push(st.clone());
            }
            n += 1;
        });
    }
    out
}

/// Returns `st` with everything `seat` cannot see blurred out: the unseen tiles as a
/// sorted multiset (plus how many are in the supply and how many were removed), and for
/// every other seat with a face-down card only the set of cards not on its pile.
fn as_seen_by(st: &State, seat: Seat) -> State {
    let mut seen = st.clone();
    let mut unseen: Vec<u8> = st.supply.iter().chain(&st.removed).copied().collect();
    unseen.sort_unstable();
    seen.supply.clear();
    seen.supply
        .extend(std::iter::repeat_n(0xEE, st.supply.len()));
    seen.removed.clear();
    seen.removed.extend(unseen);
    seen.removed.push(0xEE); // separates the multiset from the supply's length
    for other in Seat::all(st.players()).filter(|&o| o != seat) {
        let o = other.index();
        if st.committed[o] != NO_CARD {
            seen.hand[o] = st.hand[o] | 1 << st.committed[o];
            seen.committed[o] = 0xEE;
        }
    }
    seen
}

/// Returns a state `seat` cannot tell apart from `st`: the unseen tiles reshuffled
/// between supply and removal, and every other seat's face-down card replaced by another
/// card it could have committed.
fn disguise(st: &State, seat: Seat, rng: &mut FloeRng) -> State {
    let mut twin = st.clone();
    let mut unseen: Vec<u8> = st.supply.iter().chain(&st.removed).copied().collect();
    let supply = st.supply.len();
    redeal(
        &mut unseen,
        supply,
        rng,
        &mut twin.supply,
        &mut twin.removed,
    );
    redeal_face_down(st, seat, rng, &mut twin);
    twin
}

/// Returns the state `game` samples for `seat` from what `seat` knows of `st`.
fn determinized(game: &ArcticRace, st: &State, seat: Seat, rng: &mut FloeRng) -> State {
    let mut out = st.clone();
    game.determinize(st, seat, rng, &mut out);
    out
}

/// Calls `check(i, st, seat, sample, rng)` for the `i`-th sampled state `st` and every
/// seat: `sample` is what `game` determinizes for the seat with the bot rng of state `i`
/// and the seat, and `rng` that rng after the draw. The tests of what a sample keeps walk
/// the states alike.
fn for_each_sample(
    game: &ArcticRace,
    mut check: impl FnMut(usize, &State, Seat, State, &mut FloeRng),
) {
    for (i, st) in states().iter().enumerate() {
        for seat in Seat::all(st.players()) {
            let mut rng = stream_rng(i as u64, Stream::Bot(seat.0));
            let sample = determinized(game, st, seat, &mut rng);
            check(i, st, seat, sample, &mut rng);
        }
    }
}

#[test]
fn determinize_gives_the_same_sample_for_states_that_differ_only_in_what_the_seat_cannot_see() {
    let game = ArcticRace::classic();
    let mut disguiser = stream_rng(1, Stream::Colours);
    let (mut compared, mut differed) = (0, 0);
    for (i, st) in states().iter().enumerate() {
        for seat in Seat::all(st.players()) {
            let twin = disguise(st, seat, &mut disguiser);
            assert_eq!(as_seen_by(&twin, seat), as_seen_by(st, seat), "state {i}");
            if twin != *st {
                differed += 1;
            }
            let mut rng_a = stream_rng(i as u64, Stream::Bot(seat.0));
            let mut rng_b = rng_a.clone();
            let out_a = determinized(&game, st, seat, &mut rng_a);
            let out_b = determinized(&game, &twin, seat, &mut rng_b);
            assert_eq!(out_a, out_b, "state {i}, {seat}");
            // The same number of draws was taken, too.
            assert_eq!(
                rng_a.random::<u64>(),
                rng_b.random::<u64>(),
                "state {i}, {seat}"
            );
            compared += 1;
        }
    }
    assert!(
        differed * 2 > compared,
        "most twins differ: {differed} of {compared}"
    );
}

#[test]
fn determinize_keeps_everything_public_and_the_seats_own_cards() {
    for_each_sample(&ArcticRace::classic(), |i, st, seat, out, _| {
        assert_eq!(
            as_seen_by(&out, seat),
            as_seen_by(st, seat),
            "state {i}, {seat}"
        );
        assert_eq!(out.committed(seat), st.committed(seat), "state {i}, {seat}");
        assert_eq!(out.hand(seat), st.hand(seat), "state {i}, {seat}");
        for other in Seat::all(st.players()) {
            assert_eq!(out.played(other), st.played(other), "state {i}");
            assert_eq!(
                out.committed(other).is_some(),
                st.committed(other).is_some(),
                "state {i}"
            );
        }
    });
}

#[test]
fn determinized_states_are_valid_and_playable() {
    let game = ArcticRace::classic();
    for_each_sample(&game, |i, st, seat, mut out, rng| {
        assert_conserved(&out, game.rules(), &format!("state {i}, {seat}"));
        assert_eq!(out.supply_len(), st.supply_len());
        assert_eq!(out.removed.len(), st.removed.len());
        if i % 10 == 0 && seat == Seat(0) {
            // A sample is a state the engine can play to the end.
            let mut chance = stream_rng(i as u64, Stream::Chance);
            while game.to_act(&out).is_some() {
                let answer = random_answer(&game, &out, rng);
                game.apply(&mut out, answer, &mut chance);
            }
            assert!(game.outcome(&out).is_some());
        }
    });
}

#[test]
fn determinize_resamples_the_hidden_parts() {
    let game = ArcticRace::classic();
    let (mut supply_changed, mut supply_could) = (0, 0);
    let (mut card_changed, mut card_could) = (0, 0);
    for (i, st) in states().iter().enumerate() {
        let seat = Seat(0);
        let mut rng = stream_rng(i as u64, Stream::Bot(0));
        let out = determinized(&game, st, seat, &mut rng);
        let mut unseen: Vec<u8> = st.supply.iter().chain(&st.removed).copied().collect();
        unseen.sort_unstable();
        unseen.dedup();
        if unseen.len() > 1 && !st.supply.is_empty() {
            supply_could += 1;
            supply_changed += usize::from(out.supply != st.supply);
        }
        for other in Seat::all(st.players()).skip(1) {
            let o = other.index();
            if st.committed[o] != NO_CARD && st.hand[o] != 0 {
                card_could += 1;
                card_changed += usize::from(out.committed[o] != st.committed[o]);
            }
        }
    }
    assert!(supply_could > 100 && supply_changed * 2 > supply_could);
    assert!(card_could > 100 && card_changed * 3 > card_could);
}
