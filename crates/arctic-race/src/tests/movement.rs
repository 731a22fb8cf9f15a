//! Moving a racer n spaces: entering from home, skipping occupied spaces, finishing and
//! open water (rules page, "Moving a racer n spaces").
//!
//! Classic track: bank A 0..5 (`+1` on 2, `die` on 4), river slots 6..20, bank B 21..29
//! (`start` 22, `+2` 24, `hand` 26, `arrow` 28).

use super::support::*;
use crate::pieces::{Action, Card, Icon};
use crate::state::Position;

#[test]
fn a_move_of_n_from_home_lands_on_space_n_minus_1() {
    let mut t = Table::committed(blank_river(2), &[Card::Snowboarder, Card::DogSled]);
    t.plays(&[
        took(S0, Card::Snowboarder, Action::MoveA),
        moved(S0, 2, None, 1, 0),
        revealed(S1, Card::DogSled),
    ]);
    assert_eq!(t.pos(S0, 2), on(1));
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], moved(S1, 4, None, 3, 0));
    assert_eq!(t.pos(S1, 4), on(3));

    // Round 2: the 1-2-3 card moves racer 1 one space from home, onto space 0.
    t.commit(&[Card::OneTwoThree, Card::Snowmobile]);
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(events[1], moved(S0, 1, None, 0, 0));
    assert_eq!(t.pos(S0, 1), on(0));
}

/// A move skips every occupied space, the mover's own racers and the others' alike, several
/// in a row, from home too, and lands on the next free space; the icons of the spaces
/// skipped fire nothing (bank A's `+1` on 2 and die on 4, and a `+3` tile: slot 1 holds
/// [+3, blank, blank], its `+3` on space 9), the icon of the free space reached fires.
#[test]
fn a_move_skips_occupied_spaces_to_the_next_free_one_whose_icon_alone_fires() {
    let plus3 = tiles([BLANK, PLUS3, BLANK, BLANK, BLANK]);
    let (board, one) = (Card::Snowboarder, Card::OneTwoThree);
    let two_spaces = took(S0, board, Action::MoveA);
    let one_space = answered(S0, Action::MoveOne(r(1)));
    let plus1 = [fired(Icon::Plus(1), 2), moved(S0, 1, Some(2), 3, 0)];
    // (case, river, the racers in the way, seat 0's card and answer, the racer it moves and
    // where that starts (None: home), where it lands, the spaces skipped, what the icon
    // there does, where the racer ends)
    #[rustfmt::skip]
    let cases = [
        ("its own racer", ALL_BLANK, &[(S0, 1, on(9))][..], board, two_spaces, 2, Some(7), 10, 1, &[][..], 10),
        ("another player's racer", ALL_BLANK, &[(S1, 2, on(9))], board, two_spaces, 2, Some(7), 10, 1, &[], 10),
        ("several in a row", ALL_BLANK, &[(S0, 1, on(9)), (S1, 3, on(10)), (S1, 5, on(11))], board, two_spaces, 2, Some(7), 12, 3, &[], 12),
        ("from home", ALL_BLANK, &[(S1, 1, on(1)), (S1, 2, on(2))], board, two_spaces, 2, None, 3, 2, &[], 3),
        ("the +1 and the die", ALL_BLANK, &[(S1, 1, on(2)), (S1, 2, on(3)), (S1, 3, on(4))], one, one_space, 1, Some(1), 5, 3, &[], 5),
        ("a +3 tile", plus3, &[(S1, 4, on(9))], one, one_space, 1, Some(8), 10, 1, &[], 10),
        ("onto the +1", ALL_BLANK, &[(S1, 1, on(1))], one, one_space, 1, Some(0), 2, 1, &plus1, 3),
    ];
    for (case, river, in_the_way, card, answer, n, from, to, skipped, then, ends) in cases {
        let mut racers: Vec<_> = from.map(|space| (S0, n, on(space))).into_iter().collect();
        racers.extend_from_slice(in_the_way);
        let st = scenario(2, &river, &[]).with_racers(&racers);
        let mut t = Table::committed(st, &[card, one]);
        let mut log = vec![answer, moved(S0, n, from, to, skipped)];
        log.extend_from_slice(then);
        log.push(revealed(S1, one));
        t.plays_case(case, &[], &log);
        assert_eq!(t.pos(S0, n), on(ends), "{case}");
        for &(seat, m, at) in in_the_way {
            assert_eq!(t.pos(seat, m), at, "{case}: racer {m} of {seat} stays");
        }
    }
}

#[test]
fn landing_exactly_on_the_last_space_does_not_finish() {
    let st = blank_river(2).with_racers(&[(S0, 2, on(27))]);
    let mut t = Table::committed(st, &[Card::Snowboarder, Card::OneTwoThree]);
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], moved(S0, 2, Some(27), 29, 0));
    assert_eq!(t.pos(S0, 2), on(29));
    assert!(!t.st.is_finished(S0, r(2)));
}

#[test]
fn moving_past_the_last_space_finishes_and_fires_no_icon() {
    // From 25, five spaces pass the hand (26) and arrow (28) icons: neither fires, no
    // card is collected and the river does not shift.
    let st = scenario(2, &ALL_BLANK, &[PLUS1])
        .with_racers(&[(S0, 5, on(25))])
        .with_played(S0, &[Card::Skier]);
    let mut t = Table::committed(st, &[Card::Snowmobile, Card::OneTwoThree]);
    t.plays(&[
        took(S0, Card::Snowmobile, Action::MoveA),
        finished(S0, 5, Some(25), 30, 0, 1),
        revealed(S1, Card::OneTwoThree),
    ]);
    assert_eq!(t.pos(S0, 5), Position::Finished(1));
    assert_eq!(t.st.finished_count(S0), 1);
    assert_eq!(t.st.played(S0), cards(&[Card::Skier, Card::Snowmobile]));
    assert_eq!(t.st.supply_len(), 1);
    assert_eq!(t.st.slot(0), Some(BLANK));
}

#[test]
fn skipping_past_the_last_space_finishes() {
    let st = blank_river(2).with_racers(&[(S0, 2, on(27)), (S1, 1, on(29))]);
    let mut t = Table::committed(st, &[Card::Snowboarder, Card::OneTwoThree]);
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], finished(S0, 2, Some(27), 30, 1, 1));
    assert_eq!(t.pos(S0, 2), Position::Finished(1));
}

#[test]
fn a_finished_racer_frees_its_space() {
    let st = blank_river(2).with_racers(&[(S0, 5, on(27)), (S1, 1, on(26))]);
    let mut t = Table::committed(st, &[Card::Snowmobile, Card::OneTwoThree]);
    t.answer(Action::MoveA);
    assert_eq!(t.pos(S0, 5), Position::Finished(1));
    // Seat 1's racer 1 moves one space onto 27, now free.
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(events[1], moved(S1, 1, Some(26), 27, 0));
}

#[test]
fn places_count_the_order_of_arrival_over_the_whole_game() {
    let st = blank_river(3)
        .with_finished(S2, &[5]) // first in race 5, in an earlier round
        .with_racers(&[(S0, 5, on(26)), (S1, 4, on(27)), (S2, 4, on(28))]);
    let mut t = Table::new(st);
    assert_eq!(t.pos(S2, 5), Position::Finished(1));
    t.commit(&[Card::Snowmobile, Card::DogSled, Card::DogSled]);

    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], finished(S0, 5, Some(26), 31, 0, 2));
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], finished(S1, 4, Some(27), 31, 0, 1));
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], finished(S2, 4, Some(28), 32, 0, 2));

    assert_eq!(t.pos(S0, 5), Position::Finished(2));
    assert_eq!(t.pos(S1, 4), Position::Finished(1));
    assert_eq!(t.pos(S2, 4), Position::Finished(2));
    assert_eq!(t.pos(S2, 5), Position::Finished(1));

    // A later round goes on counting: seat 1's racer 5 arrives third in race 5.
    t.st.put_racer(S1, r(5), on(28));
    t.commit(&[Card::OneTwoThree, Card::Snowmobile, Card::OneTwoThree]);
    t.answer(Action::MoveOne(r(1)));
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], finished(S1, 5, Some(28), 33, 0, 3));
    assert_eq!(t.pos(S1, 5), Position::Finished(3));
}

/// A racer that lands on open water (slot 1, spaces 9 to 11) goes home and fires nothing:
/// landing there, skipping onto it, and moved on by a `+2` (slot 0 holds [blank, +2,
/// blank]: the `+2` is on space 7).
#[test]
fn open_water_sends_the_racer_that_lands_on_it_home() {
    let plus2 = [Some(PLUS2), None, Some(BLANK), Some(BLANK), Some(BLANK)];
    let (sled, one) = (Card::DogSled, Card::OneTwoThree);
    let one_space = answered(S0, Action::MoveOne(r(1)));
    let by_plus2 = [
        moved(S0, 1, Some(6), 7, 0),
        fired(Icon::Plus(2), 7),
        moved(S0, 1, Some(7), 9, 0),
    ];
    // (case, river, the racers, seat 0's card and answer, the moves that reach the water,
    // the racer that drowns)
    #[rustfmt::skip]
    let cases = [
        ("landing", WATER_IN_SLOT_1, &[(S0, 4, on(5))][..], sled, took(S0, sled, Action::MoveA), &[moved(S0, 4, Some(5), 9, 0)][..], 4),
        ("skipping", WATER_IN_SLOT_1, &[(S0, 1, on(7)), (S1, 1, on(8))], one, one_space, &[moved(S0, 1, Some(7), 9, 1)], 1),
        ("a +2", plus2, &[(S0, 1, on(6))], one, one_space, &by_plus2, 1),
    ];
    for (case, river, racers, card, answer, moves, n) in cases {
        let st = scenario(2, &river, &[]).with_racers(racers);
        let mut t = Table::committed(st, &[card, one]);
        let mut log = vec![answer];
        log.extend_from_slice(moves);
        log.extend([drowned(S0, n, 9), revealed(S1, one)]);
        t.plays_case(case, &[], &log);
        assert_eq!(t.pos(S0, n), Position::Home, "{case}");
    }
}

#[test]
fn a_racer_sent_home_by_water_enters_from_home_again() {
    let st = scenario(2, &WATER_IN_SLOT_1, &[]).with_racers(&[(S0, 4, on(5))]);
    let mut t = Table::committed(st, &[Card::DogSled, Card::OneTwoThree]);
    t.answer(Action::MoveA);
    t.answer(Action::MoveOne(r(1)));
    assert_eq!(t.pos(S0, 4), Position::Home);
    // Round 2, with the dog sled back in hand: racer 4 enters on space 3 like any racer
    // at home.
    t.st.set_cards(S0, crate::pieces::ALL_CARDS, 0);
    t.commit(&[Card::DogSled, Card::Snowmobile]);
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], moved(S0, 4, None, 3, 0));
    assert_eq!(t.pos(S0, 4), on(3));
}
