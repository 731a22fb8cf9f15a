//! Shifting the river (rules page, "Shifting the river"), set off by the dog sled's
//! action B here; the arrow icon does the same (see `icons.rs`).
//!
//! River slot k covers spaces 6 + 3k .. 6 + 3k + 2; slot 4 is 18..20.

use floe_core::Game;

use super::support::*;
use crate::event::Event;
use crate::pieces::{Action, Card};
use crate::state::{EndCause, Phase, Position, State};

fn river(st: &State) -> Vec<Option<u8>> {
    (0..5).map(|s| st.slot(s)).collect()
}

#[test]
fn a_shift_sends_slot_4_riders_home_and_carries_the_others_three_spaces() {
    let river_before = [Some(ARROW), Some(PLUS2), Some(DIE), Some(START), Some(HAND)];
    let mut st = State::scenario(2, &river_before, &[BLANK, PLUS3]);
    st.put_racer(S0, r(1), on(6)); // slot 0, on the arrow face
    st.put_racer(S0, r(2), on(10)); // slot 1, on the +2 face
    st.put_racer(S1, r(1), on(17)); // slot 3
    st.put_racer(S1, r(2), on(18)); // slot 4
    st.put_racer(S0, r(3), on(20)); // slot 4
    st.put_racer(S1, r(3), on(5)); // bank A
    st.put_racer(S1, r(4), on(21)); // bank B
    st.put_racer(S0, r(5), Position::Finished(0));
    let mut t = Table::new(st);
    t.commit(&[Card::DogSled, Card::OneTwoThree]);
    // Riding is not landing: the arrow and +2 under the riders fire nothing.
    assert_eq!(
        t.answer(Action::ActionB),
        vec![
            answered(S0, Action::ActionB),
            Event::Shifted {
                dropped: Some(view(HAND)),
                swept: 2,
                entered: Some(view(PLUS3)),
            },
            Event::SweptHome {
                seat: S0,
                racer: r(3)
            },
            Event::SweptHome {
                seat: S1,
                racer: r(2)
            },
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(t.pos(S0, 1), on(9));
    assert_eq!(t.pos(S0, 2), on(13));
    assert_eq!(t.pos(S1, 1), on(20));
    assert_eq!(t.pos(S1, 2), Position::Home);
    assert_eq!(t.pos(S0, 3), Position::Home);
    assert_eq!(t.pos(S1, 3), on(5));
    assert_eq!(t.pos(S1, 4), on(21));
    assert_eq!(t.pos(S0, 5), Position::Finished(1));
    assert_eq!(t.pos(S1, 5), Position::Home);
    assert_eq!(
        river(&t.st),
        vec![
            Some(PLUS3),
            Some(ARROW),
            Some(PLUS2),
            Some(DIE),
            Some(START)
        ]
    );
    assert_eq!(t.st.supply_len(), 1);
}

#[test]
fn the_tile_dropped_from_slot_4_leaves_the_game() {
    let river_before = [
        Some(PLUS1),
        Some(PLUS1),
        Some(PLUS1),
        Some(PLUS1),
        Some(HAND),
    ];
    let mut t = Table::new(State::scenario(2, &river_before, &[BLANK, BLANK]));
    let rules = t.game.rules().clone();
    let (_, _, tiles_before) = t.st.census(&rules);
    t.commit(&[Card::DogSled, Card::DogSled]);
    t.answer(Action::ActionB);
    assert_eq!(t.st.gone[HAND as usize], 1);
    // Nowhere on the river or in the supply, yet still counted (as gone).
    assert!(river(&t.st).iter().all(|&k| k != Some(HAND)));
    assert!(!t.st.supply.contains(&HAND));
    assert_eq!(t.st.census(&rules).2, tiles_before);
    // The next shift drops a +1: the hand tile never comes back.
    t.answer(Action::ActionB);
    assert_eq!(t.st.gone[HAND as usize], 1);
    assert_eq!(t.st.gone[PLUS1 as usize], 1);
    assert_eq!(
        river(&t.st),
        vec![
            Some(BLANK),
            Some(BLANK),
            Some(PLUS1),
            Some(PLUS1),
            Some(PLUS1)
        ]
    );
    assert_eq!(t.st.census(&rules).2, tiles_before);
}

#[test]
fn a_shift_with_open_water_in_slot_4_drops_no_tile() {
    let river_before = [Some(BLANK), Some(BLANK), Some(BLANK), Some(BLANK), None];
    let mut t = Table::new(State::scenario(2, &river_before, &[PLUS1]));
    t.commit(&[Card::DogSled, Card::OneTwoThree]);
    let events = t.answer(Action::ActionB);
    assert_eq!(
        events[1],
        Event::Shifted {
            dropped: None,
            swept: 0,
            entered: Some(view(PLUS1)),
        }
    );
    assert!(t.st.gone.iter().all(|&g| g == 0));
    assert_eq!(
        river(&t.st),
        vec![
            Some(PLUS1),
            Some(BLANK),
            Some(BLANK),
            Some(BLANK),
            Some(BLANK)
        ]
    );
}

#[test]
fn open_water_moves_down_the_river_like_a_tile() {
    let river_before = [Some(BLANK), None, Some(BLANK), Some(BLANK), Some(BLANK)];
    let mut st = State::scenario(2, &river_before, &[PLUS1]);
    st.put_racer(S1, r(1), on(8));
    let mut t = Table::new(st);
    t.commit(&[Card::DogSled, Card::OneTwoThree]);
    t.answer(Action::ActionB);
    assert_eq!(
        river(&t.st),
        vec![Some(PLUS1), Some(BLANK), None, Some(BLANK), Some(BLANK)]
    );
    // Seat 1's racer 1 rode from 8 to 11; one space on is slot 2, the water now.
    assert_eq!(t.pos(S1, 1), on(11));
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(
        events[1..3],
        [
            moved(S1, 1, Some(11), 12, 0),
            Event::Drowned {
                seat: S1,
                racer: r(1),
                space: 12
            },
        ]
    );
    assert_eq!(t.pos(S1, 1), Position::Home);
}

#[test]
fn a_shift_with_an_empty_supply_leaves_slot_0_as_open_water_and_ends_the_game_after_the_round() {
    let mut st = State::scenario(2, &ALL_BLANK, &[]);
    st.put_racer(S0, r(1), on(7));
    st.put_racer(S1, r(1), on(5));
    let mut t = Table::new(st);
    t.commit(&[Card::DogSled, Card::OneTwoThree]);
    assert_eq!(
        t.answer(Action::ActionB),
        vec![
            answered(S0, Action::ActionB),
            Event::Shifted {
                dropped: Some(view(BLANK)),
                swept: 0,
                entered: None,
            },
            revealed(S1, Card::OneTwoThree),
        ]
    );
    assert_eq!(
        river(&t.st),
        vec![None, Some(BLANK), Some(BLANK), Some(BLANK), Some(BLANK)]
    );
    assert_eq!(t.pos(S0, 1), on(10));
    // The round goes on: seat 1 still reveals, and its racer drowns in the new water.
    assert_eq!(t.st.phase(), Phase::Reveal);
    assert!(t.game.outcome(&t.st).is_none());
    assert_eq!(
        t.answer(Action::MoveOne(r(1))),
        vec![
            answered(S1, Action::MoveOne(r(1))),
            moved(S1, 1, Some(5), 6, 0),
            Event::Drowned {
                seat: S1,
                racer: r(1),
                space: 6
            },
            Event::GameOver {
                cause: EndCause::TilesExhausted,
                rounds: 1
            },
        ]
    );
    let outcome = t.game.outcome(&t.st).expect("the game is over");
    assert_eq!(
        t.game.end_causes()[outcome.end_cause as usize],
        "tiles-exhausted"
    );
    assert_eq!(outcome.rounds, 1);
    assert_eq!(t.game.to_act(&t.st), None);
}

#[test]
fn taking_the_last_supply_tile_does_not_end_the_game() {
    let mut t = Table::new(State::scenario(2, &ALL_BLANK, &[PLUS1]));
    t.commit(&[Card::DogSled, Card::OneTwoThree]);
    t.answer(Action::ActionB);
    assert_eq!(t.st.supply_len(), 0);
    assert_eq!(t.st.slot(0), Some(PLUS1));
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(
        events.last(),
        Some(&Event::RoundStart {
            round: 2,
            leader: S0
        })
    );
    assert_eq!(t.st.phase(), Phase::Commit);
}

#[test]
fn later_shifts_in_the_same_round_make_more_open_water() {
    let mut t = Table::new(State::scenario(3, &ALL_BLANK, &[PLUS1]));
    t.commit(&[Card::DogSled, Card::DogSled, Card::DogSled]);
    let events = t.answer(Action::ActionB);
    assert_eq!(
        events[1],
        Event::Shifted {
            dropped: Some(view(BLANK)),
            swept: 0,
            entered: Some(view(PLUS1)),
        }
    );
    let events = t.answer(Action::ActionB);
    assert_eq!(
        events[1],
        Event::Shifted {
            dropped: Some(view(BLANK)),
            swept: 0,
            entered: None,
        }
    );
    assert_eq!(
        river(&t.st),
        vec![None, Some(PLUS1), Some(BLANK), Some(BLANK), Some(BLANK)]
    );
    let events = t.answer(Action::ActionB);
    assert_eq!(
        events[1..],
        [
            Event::Shifted {
                dropped: Some(view(BLANK)),
                swept: 0,
                entered: None,
            },
            Event::GameOver {
                cause: EndCause::TilesExhausted,
                rounds: 1
            },
        ]
    );
    assert_eq!(
        river(&t.st),
        vec![None, None, Some(PLUS1), Some(BLANK), Some(BLANK)]
    );
    assert_eq!(
        t.game.outcome(&t.st).unwrap().end_cause,
        EndCause::TilesExhausted as u8
    );
}
