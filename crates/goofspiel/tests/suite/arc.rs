//! How a game unfolds ([`floe_sim::arc`]), measured on scripted games of Goofspiel with the
//! prizes turned up in the order 1, 2, 3, ..., whose course is known by hand. The last
//! round's bids are forced and made by the engine, so that round has no question and no
//! mark of its own: the end's mark follows it.

use floe_core::{ActionList, Game, Seat, Stream, stream_rng};
use floe_sim::arc::{Course, GameArc};
use goofspiel::{Bid, Goofspiel, Rules};

/// Plays the prizes 1 to K with each seat bidding its cards in the order `bids` gives
/// (a seat's last card is bid for it by the engine), and returns the course and its
/// measures.
fn scripted<const K: usize>(bids: [[u8; K]; 2]) -> (Course, GameArc) {
    let game = Goofspiel::new(Rules::from_toml(&format!("cards = {K}")).unwrap());
    let deck: Vec<u8> = (1..=K as u8).collect();
    let mut st = game.scenario(2, &deck);
    let mut rng = stream_rng(1, Stream::Chance);
    let mut course = Course::default();
    course.begin(&game, 2);
    let mut answers = ActionList::new();
    while let Some(seat) = game.to_act(&st) {
        game.legal_actions(&st, &mut answers);
        course.question(&game, &st, answers.len());
        assert_eq!(
            st.prize(),
            Some(st.round() as u8 + 1),
            "the prizes come in order"
        );
        let bid = Bid(bids[seat.index()][st.round()]);
        assert!(
            answers.contains(&bid),
            "{bid:?} of {seat} in round {}",
            st.round()
        );
        game.apply_logged(&mut st, bid, &mut rng, &mut |e| course.event(&game, &e));
    }
    let outcome = game.outcome(&st).unwrap();
    course.end(&outcome);
    assert!(outcome.is_winner(Seat(1)) && outcome.winner_count() == 1);
    let arc = course.measure(&outcome);
    (course, arc)
}

#[test]
fn the_lead_changes_three_times_when_the_seats_take_turns_winning() {
    // Prizes 1 and 3 to seat 0 (2 beats 1, 5 beats 2), 2, 4 and 5 to seat 1 (3 beats 1, 4
    // beats 3, 5 beats 4): 1-0, 1-2, 4-2, then 4-6 and 4-11 (the forced last round).
    let (course, arc) = scripted([[2, 1, 5, 3, 4], [1, 3, 2, 4, 5]]);
    let marks: Vec<Vec<f64>> = course.marks().map(<[f64]>::to_vec).collect();
    assert_eq!(
        marks,
        [[0.0, 0.0], [1.0, 0.0], [1.0, 2.0], [4.0, 2.0], [4.0, 11.0]],
        "the start, the start of each round with a question, and the end"
    );
    assert_eq!(arc.lead_changes, 3);
    // Seat 1 leads at two of the four marks after the start, 1 and 2 points behind at the
    // others; it leads for good only at the end; at half-time (mark 2) it leads.
    assert_eq!(arc.drama, Some(0.5));
    assert_eq!(arc.deficit, Some(1.5));
    assert_eq!(arc.decided_at, Some(1.0));
    assert_eq!((arc.comeback, arc.runaway), (Some(false), Some(true)));
}

#[test]
fn a_game_led_from_the_first_round_is_decided_at_once() {
    // Seat 1 takes prizes 1, 2 and 3 (2, 3 and 4 beat 1, 2 and 3) and seat 0 the last:
    // 0-1, 0-3, then 0-6 and 4-6 (the forced last round). Three marks after the start.
    let (_, arc) = scripted([[1, 2, 3, 4], [2, 3, 4, 1]]);
    assert_eq!(arc.lead_changes, 0);
    assert_eq!(arc.drama, Some(0.0));
    assert_eq!(arc.deficit, None);
    assert_eq!(arc.decided_at, Some(1.0 / 3.0));
    assert_eq!((arc.comeback, arc.runaway), (Some(false), Some(true)));
    // Every question asked had the seat's cards left to choose from: 4, 3 and 2 at each
    // seat; the last, with one card, the engine answered itself: a question, no choice.
    assert_eq!(arc.real_choices, Some(6.0 / 8.0));
    assert_eq!(arc.branching, Some(3.0));
}

#[test]
fn a_game_won_from_behind_at_half_time_is_a_comeback() {
    // Seat 0 takes prizes 1 and 2 (4 and 3 beat 1 and 2), seat 1 prizes 3 and 4 (3 beats
    // 2, 4 beats 1): 1-0, 3-0, then 3-3 and 3-7 (the forced last round). At half-time
    // (mark 2 of 3) seat 1 is last.
    let (_, arc) = scripted([[4, 3, 2, 1], [1, 2, 3, 4]]);
    assert_eq!(arc.lead_changes, 1);
    assert_eq!(arc.drama, Some(2.0 / 3.0));
    assert_eq!(arc.deficit, Some((1.0 + 3.0) / 2.0));
    assert_eq!(arc.decided_at, Some(1.0));
    assert_eq!((arc.comeback, arc.runaway), (Some(true), Some(false)));
}
