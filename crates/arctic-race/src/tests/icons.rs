//! Icons: what landing on each one does, and chains of them (rules page, "Icons").
//!
//! Classic track: bank A 0..5 (`+1` on 2, `die` on 4), river slots 6..20, bank B 21..29
//! (`start` 22, `+2` 24, `hand` 26, `arrow` 28).

use super::support::*;
use crate::event::Event;
use crate::pieces::{ALL_CARDS, Action, Card, Icon};
use crate::state::{Phase, Position};

#[test]
fn plus_one_moves_the_same_racer_one_more_space() {
    let mut t = Table::new(blank_river(2));
    t.commit(&[Card::Skier, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveA),
        vec![
            took(S0, Card::Skier, Action::MoveA),
            moved(S0, 3, None, 2, 0),
            fired(Icon::Plus(1), 2),
            moved(S0, 3, Some(2), 3, 0),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 3), on(3));
}

#[test]
fn plus_two_moves_the_same_racer_two_more_spaces() {
    // Slot 2 holds [blank, +2, blank]: the +2 is on space 13.
    let river = tiles([BLANK, BLANK, PLUS2, BLANK, BLANK]);
    let mut t = Table::new(scenario(2, &river, &[]).with_racers(&[(S0, 2, on(11))]));
    t.commit(&[Card::Snowboarder, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveA),
        vec![
            took(S0, Card::Snowboarder, Action::MoveA),
            moved(S0, 2, Some(11), 13, 0),
            fired(Icon::Plus(2), 13),
            moved(S0, 2, Some(13), 15, 0),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 2), on(15));
}

#[test]
fn plus_three_moves_the_same_racer_three_more_spaces() {
    // Slot 1 holds [+3, blank, blank]: the +3 is on space 9.
    let river = tiles([BLANK, PLUS3, BLANK, BLANK, BLANK]);
    let mut t = Table::new(scenario(2, &river, &[]).with_racers(&[(S0, 1, on(8))]));
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(8), 9, 0),
            fired(Icon::Plus(3), 9),
            moved(S0, 1, Some(9), 12, 0),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 1), on(12));
}

#[test]
fn start_icon_lets_the_holder_give_the_token_to_another_player() {
    let mut t = Table::new(blank_river(3).with_racers(&[(S0, 1, on(21))]));
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(21), 22, 0),
            fired(Icon::Start, 22),
        ]
    );
    assert_eq!(t.st.phase(), Phase::GiveToken);
    assert_eq!(
        t.legal(),
        vec![Action::GiveToken(S1), Action::GiveToken(S2)]
    );
    assert_eq!(
        t.answer(Action::GiveToken(S2)),
        vec![
            answered(S0, Action::GiveToken(S2)),
            token(S0, S2),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.st.token_holder(), S2);
}

#[test]
fn start_icon_lets_a_player_without_the_token_take_it() {
    // Slot 0 holds [blank, blank, start]: the start is on space 8.
    let river = tiles([START, BLANK, BLANK, BLANK, BLANK]);
    let mut t = Table::new(scenario(3, &river, &[]).with_racers(&[(S1, 1, on(7))]));
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree, Card::OneTwoThree]);
    t.answer(Action::MoveOne(r(1)));
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(
        events[1..],
        [moved(S1, 1, Some(7), 8, 0), fired(Icon::Start, 8)]
    );
    assert_eq!(t.st.phase(), Phase::GiveToken);
    assert_eq!(
        t.legal(),
        vec![Action::GiveToken(S1), Action::GiveToken(S2)]
    );
    let events = t.answer(Action::GiveToken(S1));
    assert_eq!(events[1], token(S0, S1));
    assert_eq!(t.st.token_holder(), S1);
}

#[test]
fn arrow_icon_shifts_the_river() {
    let river = tiles([PLUS1, PLUS2, DIE, START, HAND]);
    let st = scenario(2, &river, &[BLANK, ARROW]).with_racers(&[(S0, 1, on(27)), (S1, 2, on(10))]);
    let mut t = Table::new(st);
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(27), 28, 0),
            fired(Icon::Arrow, 28),
            shifted(Some(HAND), 0, Some(ARROW)),
            carried(S1, 2, 10, 13),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.river(), tiles([ARROW, PLUS1, PLUS2, DIE, START]));
    assert_eq!(t.st.supply_len(), 1);
    assert_eq!(t.pos(S0, 1), on(28));
    assert_eq!(t.pos(S1, 2), on(13));
}

#[test]
fn landing_on_an_arrow_tile_shifts_the_river_and_the_mover_rides_along() {
    // Slot 2 holds [arrow, blank, blank]: the arrow is on space 12.
    let river = tiles([BLANK, BLANK, ARROW, BLANK, BLANK]);
    let st = scenario(2, &river, &[BLANK]).with_racers(&[(S0, 1, on(11))]);
    let mut t = Table::new(st);
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(11), 12, 0),
            fired(Icon::Arrow, 12),
            shifted(Some(BLANK), 0, Some(BLANK)),
            carried(S0, 1, 12, 15),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    // Still on the arrow face, now in slot 3; riding fires nothing.
    assert_eq!(t.pos(S0, 1), on(15));
    assert_eq!(t.st.slot(3), Some(ARROW));
}

#[test]
fn an_arrow_on_slot_4_sweeps_its_own_mover_home() {
    let river = tiles([BLANK, BLANK, BLANK, BLANK, ARROW]);
    let st = scenario(2, &river, &[BLANK]).with_racers(&[(S0, 1, on(17))]);
    let mut t = Table::new(st);
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(17), 18, 0),
            fired(Icon::Arrow, 18),
            shifted(Some(ARROW), 1, Some(BLANK)),
            swept(S0, 1),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 1), Position::Home);
    assert_eq!(t.st.gone[ARROW as usize], 1);
}

#[test]
fn die_icon_moves_the_rolled_racer_its_number_of_spaces() {
    let mut t = Table::new(blank_river(2));
    t.commit(&[Card::Snowmobile, Card::OneTwoThree]);
    assert_eq!(
        t.answer_rolling(Action::MoveA, &[Die::Shows(4)]),
        vec![
            took(S0, Card::Snowmobile, Action::MoveA),
            moved(S0, 5, None, 4, 0),
            fired(Icon::Die, 4),
            rolled(S0, Some(4)),
            moved(S0, 4, None, 3, 0),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 5), on(4));
    assert_eq!(t.pos(S0, 4), on(3));
}

#[test]
fn every_numbered_die_face_moves_that_racer_that_many_spaces() {
    for k in 1..=5u8 {
        let mut t = Table::new(blank_river(2).with_racers(&[(S0, k, on(10))]));
        t.commit(&[Card::Skier, Card::OneTwoThree]);
        let events = t.answer_rolling(Action::ActionB, &[Die::Shows(k)]);
        assert_eq!(
            events[1..3],
            [rolled(S0, Some(k)), moved(S0, k, Some(10), 10 + k, 0)],
            "face {k}"
        );
        assert_eq!(t.pos(S0, k), on(10 + k), "face {k}");
    }
}

#[test]
fn a_die_face_can_move_the_racer_that_landed_on_the_die() {
    let mut t = Table::new(blank_river(2));
    t.commit(&[Card::Snowmobile, Card::OneTwoThree]);
    let events = t.answer_rolling(Action::MoveA, &[Die::Shows(5)]);
    assert_eq!(
        events[3..5],
        [rolled(S0, Some(5)), moved(S0, 5, Some(4), 9, 0)]
    );
    assert_eq!(t.pos(S0, 5), on(9));
}

#[test]
fn die_icon_rolling_a_finished_racer_does_nothing() {
    let mut t = Table::new(blank_river(2).with_finished(S0, &[4]));
    let before = t.st.clone();
    t.commit(&[Card::Snowmobile, Card::OneTwoThree]);
    assert_eq!(
        t.answer_rolling(Action::MoveA, &[Die::Shows(4)]),
        vec![
            took(S0, Card::Snowmobile, Action::MoveA),
            moved(S0, 5, None, 4, 0),
            fired(Icon::Die, 4),
            rolled(S0, Some(4)),
            Event::NoEffect { seat: S0 },
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 4), Position::Finished(1));
    assert_eq!(t.st.finishers, before.finishers);
    assert_eq!(t.pos(S0, 5), on(4));
}

#[test]
fn black_die_asks_which_unfinished_racer_moves_one_space() {
    let st = blank_river(2)
        .with_finished(S0, &[3])
        .with_racers(&[(S0, 2, on(10))]);
    let mut t = Table::new(st);
    t.commit(&[Card::Snowmobile, Card::OneTwoThree]);
    assert_eq!(
        t.answer_rolling(Action::MoveA, &[Die::Black]),
        vec![
            took(S0, Card::Snowmobile, Action::MoveA),
            moved(S0, 5, None, 4, 0),
            fired(Icon::Die, 4),
            rolled(S0, None),
        ]
    );
    assert_eq!(t.st.phase(), Phase::BlackDie);
    assert_eq!(
        t.legal(),
        vec![
            Action::BlackDie(r(1)),
            Action::BlackDie(r(2)),
            Action::BlackDie(r(4)),
            Action::BlackDie(r(5)),
        ]
    );
    assert_eq!(
        t.answer(Action::BlackDie(r(2))),
        vec![
            answered(S0, Action::BlackDie(r(2))),
            moved(S0, 2, Some(10), 11, 0),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 2), on(11));
}

#[test]
fn black_die_with_one_unfinished_racer_is_answered_by_the_engine() {
    let mut t = Table::new(blank_river(2).with_finished(S0, &[1, 2, 3, 4]));
    t.commit(&[Card::Snowmobile, Card::OneTwoThree]);
    assert_eq!(
        t.answer_rolling(Action::MoveA, &[Die::Black]),
        vec![
            took(S0, Card::Snowmobile, Action::MoveA),
            moved(S0, 5, None, 4, 0),
            fired(Icon::Die, 4),
            rolled(S0, None),
            forced(S0, Action::BlackDie(r(5))),
            moved(S0, 5, Some(4), 5, 0),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 5), on(5));
}

#[test]
fn black_die_with_every_racer_finished_does_nothing() {
    let mut t = Table::new(blank_river(2).with_finished(S0, &[1, 2, 3, 4, 5]));
    // The skier's racer has finished, so action B (roll the die) is the only answer.
    assert_eq!(
        t.commit_rolling(&[Card::Skier, Card::OneTwoThree], &[Die::Black]),
        vec![
            answered(S0, Action::Commit(Card::Skier)),
            answered(S1, Action::Commit(Card::OneTwoThree)),
            revealed(S0, Card::Skier),
            forced_take(S0, Card::Skier, Action::ActionB),
            rolled(S0, None),
            Event::NoEffect { seat: S0 },
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.st.phase(), Phase::Reveal);
}

#[test]
fn skier_b_rolls_the_die() {
    let mut t = Table::new(blank_river(2));
    t.commit(&[Card::Skier, Card::OneTwoThree]);
    assert_eq!(
        t.answer_rolling(Action::ActionB, &[Die::Shows(2)]),
        vec![
            took(S0, Card::Skier, Action::ActionB),
            rolled(S0, Some(2)),
            moved(S0, 2, None, 1, 0),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 2), on(1));
    assert_eq!(t.pos(S0, 3), Position::Home);
}

#[test]
fn hand_icon_takes_back_every_played_card_including_the_one_just_played() {
    let st = blank_river(2)
        .with_played(S0, &[Card::Skier, Card::Snowmobile])
        .with_racers(&[(S0, 4, on(22))]);
    let mut t = Table::new(st);
    t.commit(&[Card::DogSled, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveA),
        vec![
            took(S0, Card::DogSled, Action::MoveA),
            moved(S0, 4, Some(22), 26, 0),
            fired(Icon::Hand, 26),
            collected(S0, 3),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.st.hand(S0), ALL_CARDS);
    assert_eq!(t.st.played(S0), 0);
    // The other player's pile is untouched.
    assert_eq!(t.st.played(S1), cards(&[Card::OneTwoThree]));
}

#[test]
fn a_hand_tile_takes_back_every_played_card() {
    // Slot 0 holds [hand, blank, blank]: the hand is on space 6.
    let river = tiles([HAND, BLANK, BLANK, BLANK, BLANK]);
    let st = scenario(2, &river, &[])
        .with_played(S0, &[Card::Snowboarder])
        .with_racers(&[(S0, 1, on(5))]);
    let mut t = Table::new(st);
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(
        events[1..4],
        [
            moved(S0, 1, Some(5), 6, 0),
            fired(Icon::Hand, 6),
            collected(S0, 2),
        ]
    );
    assert_eq!(t.st.hand(S0), ALL_CARDS);
    assert_eq!(t.st.played(S0), 0);
}

#[test]
fn a_chain_runs_plus_one_onto_a_die_onto_another_racer_onto_plus_two_onto_an_arrow() {
    // Slot 2 [blank, +2, blank] puts +2 on 13; slot 3 [arrow, blank, blank] puts an
    // arrow on 15. Seat 1's racer 1 holds space 3, so the +1 from space 2 skips to the
    // die on 4; it shows 2, and racer 2 goes 11 -> 13 (+2) -> 15 (arrow): the river shifts,
    // racer 2 rides to 18 and seat 1's racer 2 on slot 4 goes home.
    let river = tiles([BLANK, BLANK, PLUS2, ARROW, BLANK]);
    let st = scenario(2, &river, &[HAND]).with_racers(&[
        (S1, 1, on(3)),
        (S1, 2, on(19)),
        (S0, 2, on(11)),
    ]);
    let mut t = Table::new(st);
    t.commit(&[Card::Skier, Card::OneTwoThree]);
    assert_eq!(
        t.answer_rolling(Action::MoveA, &[Die::Shows(2)]),
        vec![
            took(S0, Card::Skier, Action::MoveA),
            moved(S0, 3, None, 2, 0),
            fired(Icon::Plus(1), 2),
            moved(S0, 3, Some(2), 4, 1),
            fired(Icon::Die, 4),
            rolled(S0, Some(2)),
            moved(S0, 2, Some(11), 13, 0),
            fired(Icon::Plus(2), 13),
            moved(S0, 2, Some(13), 15, 0),
            fired(Icon::Arrow, 15),
            shifted(Some(BLANK), 1, Some(HAND)),
            carried(S0, 2, 15, 18),
            swept(S1, 2),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 3), on(4));
    assert_eq!(t.pos(S0, 2), on(18));
    assert_eq!(t.pos(S1, 1), on(3));
    assert_eq!(t.pos(S1, 2), Position::Home);
    assert_eq!(t.river(), tiles([HAND, BLANK, BLANK, PLUS2, ARROW]));
}

#[test]
fn a_die_roll_can_land_a_racer_on_another_die() {
    // Slot 0 [blank, die, blank] puts a die on space 7.
    let river = tiles([DIE, BLANK, BLANK, BLANK, BLANK]);
    let mut t = Table::new(scenario(2, &river, &[]).with_racers(&[(S0, 2, on(5))]));
    t.commit(&[Card::Snowmobile, Card::OneTwoThree]);
    assert_eq!(
        t.answer_rolling(Action::MoveA, &[Die::Shows(2), Die::Shows(1)]),
        vec![
            took(S0, Card::Snowmobile, Action::MoveA),
            moved(S0, 5, None, 4, 0),
            fired(Icon::Die, 4),
            rolled(S0, Some(2)),
            moved(S0, 2, Some(5), 7, 0),
            fired(Icon::Die, 7),
            rolled(S0, Some(1)),
            moved(S0, 1, None, 0, 0),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 5), on(4));
    assert_eq!(t.pos(S0, 2), on(7));
    assert_eq!(t.pos(S0, 1), on(0));
}

#[test]
fn plus_two_onto_a_hand_icon_collects() {
    let mut t = Table::new(blank_river(2).with_racers(&[(S0, 1, on(23))]));
    t.commit(&[Card::OneTwoThree, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(23), 24, 0),
            fired(Icon::Plus(2), 24),
            moved(S0, 1, Some(24), 26, 0),
            fired(Icon::Hand, 26),
            collected(S0, 1),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.st.hand(S0), ALL_CARDS);
}

#[test]
fn a_chain_through_a_black_die_can_end_at_a_start_icon() {
    let mut t = Table::new(blank_river(3).with_racers(&[(S0, 1, on(21))]));
    t.commit(&[Card::Snowmobile, Card::OneTwoThree, Card::OneTwoThree]);
    t.answer_rolling(Action::MoveA, &[Die::Black]);
    assert_eq!(t.st.phase(), Phase::BlackDie);
    assert_eq!(
        t.answer(Action::BlackDie(r(1))),
        vec![
            answered(S0, Action::BlackDie(r(1))),
            moved(S0, 1, Some(21), 22, 0),
            fired(Icon::Start, 22),
        ]
    );
    assert_eq!(t.st.phase(), Phase::GiveToken);
    assert_eq!(
        t.answer(Action::GiveToken(S1)),
        vec![
            answered(S0, Action::GiveToken(S1)),
            token(S0, S1),
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.st.token_holder(), S1);
}
