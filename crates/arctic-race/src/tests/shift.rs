//! Shifting the river (rules page, "Shifting the river"), set off by the dog sled's
//! action B here; the arrow icon does the same (see `icons.rs`).
//!
//! River slot k covers spaces 6 + 3k .. 6 + 3k + 2; slot 4 is 18..20.

use floe_core::Game;

use super::support::*;
use crate::pieces::{Action, Card};
use crate::state::{EndCause, Phase, Position};

#[test]
fn a_shift_sends_slot_4_riders_home_and_carries_the_others_three_spaces() {
    let river_before = tiles([ARROW, PLUS2, DIE, START, HAND]);
    let st = scenario(2, &river_before, &[BLANK, PLUS3])
        .with_racers(&[
            (S0, 1, on(6)),  // slot 0, on the arrow face
            (S0, 2, on(10)), // slot 1, on the +2 face
            (S1, 1, on(17)), // slot 3
            (S1, 2, on(18)), // slot 4
            (S0, 3, on(20)), // slot 4
            (S1, 3, on(5)),  // bank A
            (S1, 4, on(21)), // bank B
        ])
        .with_finished(S0, &[5]);
    let mut t = Table::committed(st, &[Card::DogSled, Card::OneTwoThree]);
    // Riding is not landing: the arrow and +2 under the riders fire nothing.
    t.plays(&[
        took(S0, Card::DogSled, Action::ActionB),
        shifted(Some(HAND), 2, Some(PLUS3)),
        carried(S0, 1, 6, 9),
        carried(S0, 2, 10, 13),
        swept(S0, 3),
        carried(S1, 1, 17, 20),
        swept(S1, 2),
        revealed(S1, Card::OneTwoThree),
    ]);
    assert_eq!(t.pos(S0, 1), on(9));
    assert_eq!(t.pos(S0, 2), on(13));
    assert_eq!(t.pos(S1, 1), on(20));
    assert_eq!(t.pos(S1, 2), Position::Home);
    assert_eq!(t.pos(S0, 3), Position::Home);
    assert_eq!(t.pos(S1, 3), on(5));
    assert_eq!(t.pos(S1, 4), on(21));
    assert_eq!(t.pos(S0, 5), Position::Finished(1));
    assert_eq!(t.pos(S1, 5), Position::Home);
    assert_eq!(t.river(), tiles([PLUS3, ARROW, PLUS2, DIE, START]));
    assert_eq!(t.st.supply_len(), 1);
}

#[test]
fn the_tile_dropped_from_slot_4_leaves_the_game() {
    let river_before = tiles([PLUS1, PLUS1, PLUS1, PLUS1, HAND]);
    let mut t = Table::new(scenario(2, &river_before, &[BLANK, BLANK]));
    let rules = t.game.rules().clone();
    let (_, _, tiles_before) = t.st.census(&rules);
    t.commit(&[Card::DogSled, Card::DogSled]);
    t.answer(Action::ActionB);
    assert_eq!(t.st.gone[HAND as usize], 1);
    // Nowhere on the river or in the supply, yet still counted (as gone).
    assert!(t.river().iter().all(|&k| k != Some(HAND)));
    assert!(!t.st.supply.contains(&HAND));
    assert_eq!(t.st.census(&rules).2, tiles_before);
    // The next shift drops a +1: the hand tile never comes back.
    t.answer(Action::ActionB);
    assert_eq!(t.st.gone[HAND as usize], 1);
    assert_eq!(t.st.gone[PLUS1 as usize], 1);
    assert_eq!(t.river(), tiles([BLANK, BLANK, PLUS1, PLUS1, PLUS1]));
    assert_eq!(t.st.census(&rules).2, tiles_before);
}

#[test]
fn a_shift_with_open_water_in_slot_4_drops_no_tile() {
    let river_before = [Some(BLANK), Some(BLANK), Some(BLANK), Some(BLANK), None];
    let st = scenario(2, &river_before, &[PLUS1]);
    let mut t = Table::committed(st, &[Card::DogSled, Card::OneTwoThree]);
    let events = t.answer(Action::ActionB);
    assert_eq!(events[1], shifted(None, 0, Some(PLUS1)));
    assert!(t.st.gone.iter().all(|&g| g == 0));
    assert_eq!(t.river(), tiles([PLUS1, BLANK, BLANK, BLANK, BLANK]));
}

#[test]
fn open_water_moves_down_the_river_like_a_tile() {
    let st = scenario(2, &WATER_IN_SLOT_1, &[PLUS1]).with_racers(&[(S1, 1, on(8))]);
    let mut t = Table::committed(st, &[Card::DogSled, Card::OneTwoThree]);
    t.answer(Action::ActionB);
    assert_eq!(
        t.river(),
        [Some(PLUS1), Some(BLANK), None, Some(BLANK), Some(BLANK)]
    );
    // Seat 1's racer 1 rode from 8 to 11; one space on is slot 2, the water now.
    assert_eq!(t.pos(S1, 1), on(11));
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(
        events[1..3],
        [moved(S1, 1, Some(11), 12, 0), drowned(S1, 1, 12)]
    );
    assert_eq!(t.pos(S1, 1), Position::Home);
}

#[test]
fn a_shift_with_an_empty_supply_leaves_slot_0_as_open_water_and_ends_the_game_after_the_round() {
    let st = blank_river(2).with_racers(&[(S0, 1, on(7)), (S1, 1, on(5))]);
    let mut t = Table::committed(st, &[Card::DogSled, Card::OneTwoThree]);
    t.plays(&[
        took(S0, Card::DogSled, Action::ActionB),
        shifted(Some(BLANK), 0, None),
        carried(S0, 1, 7, 10),
        revealed(S1, Card::OneTwoThree),
    ]);
    assert_eq!(
        t.river(),
        [None, Some(BLANK), Some(BLANK), Some(BLANK), Some(BLANK)]
    );
    assert_eq!(t.pos(S0, 1), on(10));
    // The round goes on: seat 1 still reveals, and its racer drowns in the new water.
    assert_eq!(t.st.phase(), Phase::Reveal);
    assert!(t.game.outcome(&t.st).is_none());
    assert_eq!(
        before_scores(&t.answer(Action::MoveOne(r(1)))),
        [
            answered(S1, Action::MoveOne(r(1))),
            moved(S1, 1, Some(5), 6, 0),
            drowned(S1, 1, 6),
            game_over(EndCause::TilesExhausted, 1),
        ]
    );
    assert_eq!(t.end_cause_name(), "tiles-exhausted");
    assert_eq!(t.outcome().rounds, 1);
    assert_eq!(t.to_act(), None);
}

#[test]
fn taking_the_last_supply_tile_does_not_end_the_game() {
    let st = scenario(2, &ALL_BLANK, &[PLUS1]);
    let mut t = Table::committed(st, &[Card::DogSled, Card::OneTwoThree]);
    t.answer(Action::ActionB);
    assert_eq!(t.st.supply_len(), 0);
    assert_eq!(t.st.slot(0), Some(PLUS1));
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(events.last(), Some(&round_start(2, S0)));
    assert_eq!(t.st.phase(), Phase::Commit);
}

#[test]
fn later_shifts_in_the_same_round_make_more_open_water() {
    let st = scenario(3, &ALL_BLANK, &[PLUS1]);
    let mut t = Table::committed(st, &[Card::DogSled, Card::DogSled, Card::DogSled]);
    let events = t.answer(Action::ActionB);
    assert_eq!(events[1], shifted(Some(BLANK), 0, Some(PLUS1)));
    let events = t.answer(Action::ActionB);
    assert_eq!(events[1], shifted(Some(BLANK), 0, None));
    assert_eq!(
        t.river(),
        [None, Some(PLUS1), Some(BLANK), Some(BLANK), Some(BLANK)]
    );
    let events = t.answer(Action::ActionB);
    assert_eq!(
        before_scores(&events)[1..],
        [
            shifted(Some(BLANK), 0, None),
            game_over(EndCause::TilesExhausted, 1),
        ]
    );
    assert_eq!(
        t.river(),
        [None, None, Some(PLUS1), Some(BLANK), Some(BLANK)]
    );
    assert_eq!(t.outcome().end_cause, EndCause::TilesExhausted as u8);
}
