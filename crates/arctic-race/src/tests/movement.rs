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
    let mut t = Table::new(blank_river(2));
    t.commit(&[Card::Snowboarder, Card::DogSled]);
    assert_eq!(
        t.answer(Action::MoveA),
        vec![
            took(S0, Card::Snowboarder, Action::MoveA),
            moved(S0, 2, None, 1, 0),
            revealed(S1, Card::DogSled),
        ]
    );
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

#[test]
fn landing_on_your_own_racer_goes_on_to_the_next_free_space() {
    let mut t = Table::new(blank_river(2).with_racers(&[(S0, 2, on(7)), (S0, 1, on(9))]));
    t.commit(&[Card::Snowboarder, Card::OneTwoThree]);
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], moved(S0, 2, Some(7), 10, 1));
    assert_eq!(t.pos(S0, 2), on(10));
    assert_eq!(t.pos(S0, 1), on(9));
}

#[test]
fn landing_on_another_players_racer_goes_on_to_the_next_free_space() {
    let mut t = Table::new(blank_river(2).with_racers(&[(S0, 2, on(7)), (S1, 2, on(9))]));
    t.commit(&[Card::Snowboarder, Card::OneTwoThree]);
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], moved(S0, 2, Some(7), 10, 1));
    assert_eq!(t.pos(S0, 2), on(10));
    assert_eq!(t.pos(S1, 2), on(9));
}

#[test]
fn several_occupied_spaces_in_a_row_are_all_skipped() {
    let st = blank_river(2).with_racers(&[
        (S0, 2, on(7)),
        (S0, 1, on(9)),
        (S1, 3, on(10)),
        (S1, 5, on(11)),
    ]);
    let mut t = Table::new(st);
    t.commit(&[Card::Snowboarder, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveA),
        vec![
            took(S0, Card::Snowboarder, Action::MoveA),
            moved(S0, 2, Some(7), 12, 3),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 2), on(12));
}

#[test]
fn a_move_from_home_onto_occupied_spaces_skips_them_too() {
    let mut t = Table::new(blank_river(2).with_racers(&[(S1, 1, on(1)), (S1, 2, on(2))]));
    t.commit(&[Card::Snowboarder, Card::OneTwoThree]);
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], moved(S0, 2, None, 3, 2));
    assert_eq!(t.pos(S0, 2), on(3));
}

#[test]
fn skipped_spaces_fire_nothing() {
    // Racer 1 on space 1 moves one space: space 2 (+1), 3 and 4 (die) are held, so it
    // lands on space 5 and neither the +1 nor the die fires.
    let st = blank_river(2).with_racers(&[
        (S0, 1, on(1)),
        (S1, 1, on(2)),
        (S1, 2, on(3)),
        (S1, 3, on(4)),
    ]);
    let mut t = Table::new(st);
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(1), 5, 3),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 1), on(5));
}

#[test]
fn a_skipped_tile_icon_fires_nothing() {
    // Slot 1 holds [+3, blank, blank]: its +3 on space 9 is held, so racer 1 stops on 10.
    let river = tiles([BLANK, PLUS3, BLANK, BLANK, BLANK]);
    let st = scenario(2, &river, &[]).with_racers(&[(S0, 1, on(8)), (S1, 4, on(9))]);
    let mut t = Table::new(st);
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(8), 10, 1),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 1), on(10));
}

#[test]
fn the_icon_of_the_free_space_reached_by_skipping_fires() {
    let mut t = Table::new(blank_river(2).with_racers(&[(S0, 1, on(0)), (S1, 1, on(1))]));
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(0), 2, 1),
            fired(Icon::Plus(1), 2),
            moved(S0, 1, Some(2), 3, 0),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 1), on(3));
}

#[test]
fn landing_exactly_on_the_last_space_does_not_finish() {
    let mut t = Table::new(blank_river(2).with_racers(&[(S0, 2, on(27))]));
    t.commit(&[Card::Snowboarder, Card::OneTwoThree]);
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
    let mut t = Table::new(st);
    t.commit(&[Card::Snowmobile, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveA),
        vec![
            took(S0, Card::Snowmobile, Action::MoveA),
            finished(S0, 5, Some(25), 30, 0, 1),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 5), Position::Finished(1));
    assert_eq!(t.st.finished_count(S0), 1);
    assert_eq!(t.st.played(S0), cards(&[Card::Skier, Card::Snowmobile]));
    assert_eq!(t.st.supply_len(), 1);
    assert_eq!(t.st.slot(0), Some(BLANK));
}

#[test]
fn skipping_past_the_last_space_finishes() {
    let mut t = Table::new(blank_river(2).with_racers(&[(S0, 2, on(27)), (S1, 1, on(29))]));
    t.commit(&[Card::Snowboarder, Card::OneTwoThree]);
    let events = t.answer(Action::MoveA);
    assert_eq!(events[1], finished(S0, 2, Some(27), 30, 1, 1));
    assert_eq!(t.pos(S0, 2), Position::Finished(1));
}

#[test]
fn a_finished_racer_frees_its_space() {
    let mut t = Table::new(blank_river(2).with_racers(&[(S0, 5, on(27)), (S1, 1, on(26))]));
    t.commit(&[Card::Snowmobile, Card::OneTwoThree]);
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

#[test]
fn landing_on_open_water_sends_the_racer_home_and_fires_nothing() {
    let st = scenario(2, &WATER_IN_SLOT_1, &[]).with_racers(&[(S0, 4, on(5))]);
    let mut t = Table::new(st);
    t.commit(&[Card::DogSled, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveA),
        vec![
            took(S0, Card::DogSled, Action::MoveA),
            moved(S0, 4, Some(5), 9, 0),
            drowned(S0, 4, 9),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 4), Position::Home);
}

#[test]
fn skipping_onto_open_water_sends_the_racer_home() {
    let st = scenario(2, &WATER_IN_SLOT_1, &[]).with_racers(&[(S0, 1, on(7)), (S1, 1, on(8))]);
    let mut t = Table::new(st);
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(
        events[1..3],
        [moved(S0, 1, Some(7), 9, 1), drowned(S0, 1, 9)]
    );
    assert_eq!(t.pos(S0, 1), Position::Home);
}

#[test]
fn a_plus_icon_onto_open_water_sends_the_racer_home() {
    // Slot 0 holds [blank, +2, blank]; slot 1 is open water.
    let river = [Some(PLUS2), None, Some(BLANK), Some(BLANK), Some(BLANK)];
    let mut t = Table::new(scenario(2, &river, &[]).with_racers(&[(S0, 1, on(6))]));
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(6), 7, 0),
            fired(Icon::Plus(2), 7),
            moved(S0, 1, Some(7), 9, 0),
            drowned(S0, 1, 9),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 1), Position::Home);
}

#[test]
fn a_racer_sent_home_by_water_enters_from_home_again() {
    let st = scenario(2, &WATER_IN_SLOT_1, &[]).with_racers(&[(S0, 4, on(5))]);
    let mut t = Table::new(st);
    t.commit(&[Card::DogSled, Card::OneTwoThree]);
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
