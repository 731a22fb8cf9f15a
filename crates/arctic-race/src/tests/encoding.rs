//! The numeric forms for learning front ends: the observation's encoding, the fixed
//! numbering of answers and the legal-answer mask.

use floe_conformance::{Fact, fields_changed};
use floe_core::{ActionList, Game, MAX_SEATS, Seat, Stream, legal_mask, stream_rng};

use super::support::*;
use crate::pieces::{Action, Card};
use crate::race::ArcticRace;
use crate::state::{Phase, State};

const MASTER: u64 = 0x0E4C_0D1E;
/// Random games whose states are encoded.
const GAMES: u64 = 150;

/// Every fifth state of random games (2 to 6 players in turn), the final ones included.
fn states(game: &ArcticRace) -> Vec<State> {
    let mut out = Vec::new();
    for index in 0..GAMES {
        let mut n = 0;
        let last = play(game, MASTER, index, |_, st| {
            if n % 5 == 0 {
                out.push(st.clone());
            }
            n += 1;
        });
        out.push(last);
    }
    out
}

/// Returns the encoding of what `seat` knows of `st`.
fn encoded(game: &ArcticRace, st: &State, seat: Seat) -> Vec<f32> {
    let mut out = vec![f32::NAN; game.encoding_len(st.players())];
    game.encode(&game.observe(st, seat), &mut out);
    out
}

#[test]
fn the_encoding_has_the_announced_length_and_values_in_0_to_1() {
    let game = game();
    let mut counts_seen = [false; 7];
    for st in states(&game) {
        for seat in Seat::all(st.players()) {
            let v = encoded(&game, &st, seat);
            assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{v:?}");
        }
        counts_seen[st.players()] = true;
    }
    assert_eq!(counts_seen, [false, false, true, true, true, true, true]);
    // 35 per seat, 168 for the rest of the classic board (5 slots of 3 faces, 8 kinds).
    for players in 2..=6 {
        assert_eq!(game.encoding_len(players), 35 * players + 168);
    }
}

#[test]
#[should_panic(expected = "the encoding of a 3-seat game")]
fn encoding_into_a_vector_of_the_wrong_length_is_refused() {
    let game = game();
    let st = blank_river(3);
    let mut out = vec![0.0; game.encoding_len(4)];
    game.encode(&game.observe(&st, S0), &mut out);
}

#[test]
fn states_a_seat_cannot_tell_apart_encode_equally() {
    let game = game();
    let mut rng = stream_rng(3, Stream::Colours);
    let mut hidden_differed = 0;
    for st in states(&game) {
        for seat in Seat::all(st.players()) {
            let mut twin = st.clone();
            game.determinize(&st, seat, &mut rng, &mut twin);
            hidden_differed += usize::from(twin != st);
            assert_eq!(encoded(&game, &twin, seat), encoded(&game, &st, seat));
        }
    }
    assert!(hidden_differed > 1000, "{hidden_differed} samples differed");
}

#[test]
fn observations_that_differ_encode_differently() {
    // Over random games: any two different observations of one seat (taken from
    // different moments) have different encodings.
    let game = game();
    let all = states(&game);
    let mut compared = 0;
    for pair in all.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if a.players() != b.players() {
            continue;
        }
        for seat in Seat::all(a.players()) {
            if game.observe(a, seat) != game.observe(b, seat) {
                assert_ne!(encoded(&game, a, seat), encoded(&game, b, seat));
                compared += 1;
            }
        }
    }
    assert!(compared > 1000, "{compared} pairs compared");
}

#[test]
fn each_public_fact_changes_the_encoding_in_its_named_fields_only() {
    let game = game();
    let base = scenario(3, &WATER_IN_SLOT_1, &[PLUS1, DIE])
        .with_racers(&[(S0, 3, on(4)), (S1, 5, on(12))])
        .with_finished(S2, &[1])
        .with_played(S1, &[Card::Skier]);
    // Each fact, the field that shows it to every seat, then any field it may change too.
    let changes: [Fact<State>; 13] = [
        ("a racer moves", &["racers"], |st| {
            st.put_racer(S0, r(3), on(5))
        }),
        ("a racer goes home", &["racers"], |st| {
            st.put_racer(S1, r(5), crate::Position::Home)
        }),
        ("a racer finishes", &["racers"], |st| {
            st.put_racer(S0, r(2), crate::Position::Finished(0))
        }),
        ("a card is played", &["played", "hand"], |st| {
            st.set_cards(S2, Card::Skier.bit() ^ 31, Card::Skier.bit())
        }),
        ("the token moves", &["token_holder"], |st| st.token = S2),
        ("the leader", &["leader", "token_holder", "to_act"], |st| {
            st.set_token(S1)
        }),
        ("the seat to act", &["to_act"], |st| st.actor = S1),
        ("the phase", &["phase", "active_card"], |st| {
            st.phase = Phase::Reveal
        }),
        ("a tile", &["river"], |st| st.slots[0] = ARROW),
        ("open water", &["river"], |st| {
            st.slots[2] = crate::state::WATER
        }),
        ("the supply", &["supply"], |st| {
            st.supply.pop();
        }),
        ("a tile gone", &["gone"], |st| st.gone[HAND as usize] += 1),
        ("the round", &["round"], |st| st.round += 1),
    ];
    for (what, fields, change) in changes {
        let mut st = base.clone();
        change(&mut st);
        game.lay_track(&mut st);
        for seat in Seat::all(3) {
            let changed = fields_changed(&game, &st, &base, seat);
            assert!(
                changed.contains(&fields[0]),
                "{what}, seen by {seat}: {changed:?}"
            );
            assert!(
                changed.iter().all(|f| fields.contains(f)),
                "{what}, seen by {seat}: {changed:?}"
            );
        }
    }
    // A face-down card: to the others only that it is there, to its owner which card.
    let face_down = |card: Card| {
        let mut st = base.clone();
        st.hand[1] &= !card.bit();
        st.committed[1] = card as u8;
        st
    };
    let (sled, snowmobile) = (face_down(Card::DogSled), face_down(Card::Snowmobile));
    let changed = |seat, a: &State, b: &State| fields_changed(&game, a, b, seat);
    assert_eq!(changed(S0, &sled, &base), ["face_down"]);
    assert_eq!(changed(S0, &sled, &snowmobile), [""; 0]);
    assert_eq!(changed(S1, &sled, &base), ["hand", "own_face_down"]);
    assert_eq!(changed(S1, &sled, &snowmobile), ["hand", "own_face_down"]);
}

#[test]
fn the_legal_mask_marks_exactly_the_listed_answers() {
    let game = game();
    let mut answers = ActionList::new();
    for st in states(&game) {
        game.legal_actions(&st, &mut answers);
        let count = game.action_count(st.players());
        let mut mask = vec![true; count];
        legal_mask(&game, &answers, &mut mask);
        for (index, &marked) in mask.iter().enumerate() {
            let listed = game
                .action_at(st.players(), index)
                .is_some_and(|a| answers.contains(&a));
            assert_eq!(marked, listed, "answer {index} of {answers:?}");
        }
        assert_eq!(mask.iter().filter(|&&m| m).count(), answers.len());
    }
}

#[test]
fn answer_numbers_round_trip_at_every_table() {
    let game = game();
    for players in 2..=6 {
        let count = game.action_count(players);
        // The token gifts to seats the table does not have are the only gaps.
        let first_gift = game.action_index(Action::GiveToken(S0));
        let no_such_seat = first_gift + players..first_gift + MAX_SEATS;
        let mut numbered = 0;
        for index in 0..count + 3 {
            match game.action_at(players, index) {
                Some(action) => {
                    assert!(index < count);
                    assert_eq!(game.action_index(action), index, "{action:?}");
                    numbered += 1;
                }
                None => assert!(
                    index >= count || no_such_seat.contains(&index),
                    "answer {index} at {players} players"
                ),
            }
        }
        // 5 commits, A, B, 5 move-one, pass, a token gift per seat, 5 black-die moves.
        assert_eq!(numbered, 5 + 2 + 5 + 1 + players + 5, "{players} players");
    }
}

#[test]
fn every_listed_answer_has_a_number_below_the_count() {
    let game = game();
    let mut answers = ActionList::new();
    for index in 0..GAMES {
        play(&game, MASTER, index, |game, st| {
            game.legal_actions(st, &mut answers);
            for &a in &answers {
                assert!(game.action_index(a) < game.action_count(st.players()));
                assert_eq!(game.action_at(st.players(), game.action_index(a)), Some(a));
            }
        });
    }
}
