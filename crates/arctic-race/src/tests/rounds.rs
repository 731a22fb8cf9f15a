//! A round: commit and reveal order, the start token, the cards' actions and their
//! limits, collecting, questions the engine answers itself, and how a game ends (rules
//! page, "A round", "The cards", "Safety limit", "Decisions").

use floe_core::{Game, Seat};

use super::support::*;
use crate::event::Event;
use crate::pieces::{ALL_CARDS, Action, Card};
use crate::rules::Rules;
use crate::state::{EndCause, Phase, Position, State};
use crate::tie_break::TieBreak;

#[test]
fn the_start_token_holder_commits_and_reveals_first_then_clockwise() {
    let mut st = blank_river(3);
    st.set_token(S2);
    let mut t = Table::new(st);
    let mut order = Vec::new();
    while t.st.phase() == Phase::Commit {
        let seat = t.to_act().unwrap();
        order.push(seat);
        t.answer(Action::Commit(Card::OneTwoThree));
    }
    assert_eq!(order, vec![S2, S0, S1]);
    let mut reveals = Vec::new();
    while t.st.phase() == Phase::Reveal {
        reveals.push(t.to_act().unwrap());
        t.answer(Action::MoveOne(r(1)));
    }
    assert_eq!(reveals, vec![S2, S0, S1]);
    assert_eq!(t.pos(S2, 1), on(0));
    assert_eq!(t.pos(S0, 1), on(1));
    assert_eq!(t.pos(S1, 1), on(3)); // 0 and 1 are held: it lands on 2, whose +1 fires
}

#[test]
fn a_token_given_mid_round_changes_the_order_only_from_the_next_round() {
    let one = Card::OneTwoThree;
    let mut t = Table::committed(blank_river(3), &[Card::Snowmobile, one, one]);
    assert_eq!(t.legal(), vec![Action::MoveA, Action::ActionB]);
    t.answer(Action::ActionB);
    t.plays(&[
        answered(S0, Action::GiveToken(S2)),
        token(S0, S2),
        revealed(S1, Card::OneTwoThree),
    ]);
    assert_eq!(t.st.token_holder(), S2);
    assert_eq!(t.st.leader(), S0);
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(events.last(), Some(&revealed(S2, Card::OneTwoThree)));
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(events.last(), Some(&round_start(2, S2)));
    assert_eq!(t.st.leader(), S2);
    assert_eq!(t.to_act(), Some(S2));
    t.answer(Action::Commit(Card::Snowboarder));
    assert_eq!(t.to_act(), Some(S0));
    t.answer(Action::Commit(Card::Snowboarder));
    assert_eq!(t.to_act(), Some(S1));
    t.answer(Action::Commit(Card::Snowboarder));
    assert_eq!(t.st.phase(), Phase::Reveal);
    assert_eq!(t.to_act(), Some(S2));
}

/// Returns a 4-seat game in which `seat` committed the snowmobile and every other seat the
/// 1-2-3 card, played until `seat` has taken the snowmobile's action B, the seats `first`
/// having each moved a racer one space before it, in turn: `seat` is to give the start
/// token.
fn snowmobile_b(st: State, first: &[Seat], seat: Seat) -> Table {
    let mut by_seat = [Card::OneTwoThree; 4];
    by_seat[seat.index()] = Card::Snowmobile;
    let mut t = Table::committed(st, &by_seat);
    for &other in first {
        assert_eq!(t.to_act(), Some(other));
        t.answer(Action::MoveOne(r(1)));
    }
    assert_eq!(t.to_act(), Some(seat));
    t.answer(Action::ActionB);
    assert_eq!(t.st.phase(), Phase::GiveToken);
    t
}

#[test]
fn the_start_token_cannot_be_given_to_its_holder() {
    let t = snowmobile_b(blank_river(4), &[], S0);
    assert_eq!(t.legal(), [S1, S2, S3].map(Action::GiveToken));
}

#[test]
fn snowmobile_b_lets_a_player_without_the_token_give_it_to_themselves() {
    let mut st = blank_river(4);
    st.set_token(S2);
    let mut t = snowmobile_b(st, &[S2, S3, S0], S1);
    assert_eq!(t.legal(), [S0, S1, S3].map(Action::GiveToken));
    let events = t.answer(Action::GiveToken(S1));
    assert_eq!(events[1], token(S2, S1));
    assert_eq!(t.st.token_holder(), S1);
}

#[test]
fn with_two_players_the_token_has_one_possible_receiver_and_the_engine_gives_it() {
    let mut t = Table::committed(blank_river(2), &[Card::Snowmobile, Card::Snowmobile]);
    t.plays(&[
        took(S0, Card::Snowmobile, Action::ActionB),
        forced(S0, Action::GiveToken(S1)),
        token(S0, S1),
        revealed(S1, Card::Snowmobile),
    ]);
    // Seat 1 now holds it: it can only give it back.
    let events = t.answer(Action::ActionB);
    assert_eq!(
        events[..3],
        [
            took(S1, Card::Snowmobile, Action::ActionB),
            forced(S1, Action::GiveToken(S0)),
            token(S1, S0),
        ]
    );
    assert_eq!(t.st.token_holder(), S0);
}

#[test]
fn snowboarder_b_collects_every_played_card_including_itself() {
    let st = blank_river(2).with_played(S0, &[Card::Skier, Card::DogSled]);
    let mut t = Table::committed(st, &[Card::Snowboarder, Card::OneTwoThree]);
    assert_eq!(
        t.st.played(S0),
        cards(&[Card::Skier, Card::DogSled, Card::Snowboarder])
    );
    t.plays(&[
        took(S0, Card::Snowboarder, Action::ActionB),
        collected(S0, 3),
        revealed(S1, Card::OneTwoThree),
    ]);
    assert_eq!(t.st.hand(S0), ALL_CARDS);
    assert_eq!(t.st.played(S0), 0);
    assert_eq!(t.pos(S0, 2), Position::Home);
}

#[test]
fn the_fifth_card_is_collected_at_the_end_of_the_round() {
    let mut st = blank_river(2).with_racers(&[(S1, 5, on(10))]);
    st.set_cards(
        S1,
        Card::Snowmobile.bit(),
        ALL_CARDS & !Card::Snowmobile.bit(),
    );
    let mut t = Table::new(st);
    // Seat 1's only card is committed by the engine.
    t.plays(&[
        answered(S0, Action::Commit(Card::OneTwoThree)),
        forced(S1, Action::Commit(Card::Snowmobile)),
        revealed(S0, Card::OneTwoThree),
    ]);
    t.answer(Action::MoveOne(r(1)));
    t.plays(&[
        took(S1, Card::Snowmobile, Action::MoveA),
        moved(S1, 5, Some(10), 15, 0),
        collected_at_round_end(S1, 5),
        round_start(2, S0),
    ]);
    assert_eq!(t.st.hand(S1), ALL_CARDS);
    assert_eq!(t.st.played(S1), 0);
    // Seat 0 still holds four cards: it takes nothing back.
    assert_eq!(t.st.hand(S0), ALL_CARDS & !Card::OneTwoThree.bit());
    assert_eq!(t.st.played(S0), Card::OneTwoThree.bit());
}

#[test]
fn a_question_with_exactly_one_answer_is_answered_by_the_engine() {
    // Seat 0 will hold one card at the start of round 2: the engine commits it.
    let st = blank_river(2)
        .with_played(S0, &[Card::Snowboarder, Card::Skier, Card::DogSled])
        .with_racers(&[(S0, 5, on(10))]);
    let mut t = Table::new(st);
    assert_eq!(t.legal().len(), 2);
    t.commit(&[Card::Snowmobile, Card::OneTwoThree]);
    t.answer(Action::MoveA);
    t.plays(&[
        answered(S1, Action::MoveOne(r(1))),
        moved(S1, 1, None, 0, 0),
        round_start(2, S0),
        forced(S0, Action::Commit(Card::OneTwoThree)),
    ]);
    assert_eq!(t.st.committed(S0), Some(Card::OneTwoThree));
    assert_eq!(t.to_act(), Some(S1));
}

#[test]
fn a_card_whose_racer_has_finished_offers_only_action_b() {
    for card in [
        Card::Snowboarder,
        Card::Skier,
        Card::DogSled,
        Card::Snowmobile,
    ] {
        let racer = card.racer().unwrap();
        let mut st = blank_river(2);
        st.phase = Phase::Reveal;
        st.active_card = card;
        let t = Table::new(st.clone());
        assert_eq!(t.legal(), vec![Action::MoveA, Action::ActionB], "{card}");
        st.put_racer(S0, racer, Position::Finished(0));
        let t = Table::new(st);
        assert_eq!(t.legal(), vec![Action::ActionB], "{card}");
    }
}

#[test]
fn the_engine_takes_action_b_for_a_card_whose_racer_has_finished() {
    let st = scenario(2, &ALL_BLANK, &[PLUS1]).with_finished(S0, &[4]);
    let mut t = Table::new(st);
    t.plays(&[
        answered(S0, Action::Commit(Card::DogSled)),
        answered(S1, Action::Commit(Card::OneTwoThree)),
        revealed(S0, Card::DogSled),
        forced_take(S0, Card::DogSled, Action::ActionB),
        shifted(Some(BLANK), 0, Some(PLUS1)),
        revealed(S1, Card::OneTwoThree),
    ]);
    assert_eq!(t.st.slot(0), Some(PLUS1));
}

#[test]
fn action_b_is_offered_even_when_action_a_is_allowed() {
    let mut t = Table::committed(blank_river(2), &[Card::DogSled, Card::Skier]);
    assert_eq!(t.legal(), vec![Action::MoveA, Action::ActionB]);
    t.answer(Action::ActionB);
    assert_eq!(t.legal(), vec![Action::MoveA, Action::ActionB]);
}

#[test]
fn the_123_card_offers_only_the_unfinished_racers_among_1_2_3() {
    let t = Table::committed(blank_river(2), &[Card::OneTwoThree; 2]);
    assert_eq!(
        t.legal(),
        vec![
            Action::MoveOne(r(1)),
            Action::MoveOne(r(2)),
            Action::MoveOne(r(3))
        ]
    );

    let st = blank_river(2).with_finished(S0, &[2, 4]);
    let t = Table::committed(st, &[Card::OneTwoThree; 2]);
    assert_eq!(
        t.legal(),
        vec![Action::MoveOne(r(1)), Action::MoveOne(r(3))]
    );
}

#[test]
fn the_123_card_with_one_unfinished_racer_among_1_2_3_moves_it_automatically() {
    let st = blank_river(2)
        .with_finished(S0, &[1, 3])
        .with_racers(&[(S0, 2, on(10))]);
    let mut t = Table::new(st);
    let events = t.commit(&[Card::OneTwoThree, Card::Skier]);
    assert_eq!(
        events[2..],
        [
            revealed(S0, Card::OneTwoThree),
            forced(S0, Action::MoveOne(r(2))),
            moved(S0, 2, Some(10), 11, 0),
            revealed(S1, Card::Skier),
        ]
    );
}

#[test]
fn the_123_card_with_racers_1_2_3_finished_passes_and_nothing_happens() {
    let st = blank_river(2)
        .with_finished(S0, &[1, 2, 3])
        .with_racers(&[(S0, 4, on(10))]);
    let mut t = Table::new(st);
    let before = t.st.clone();
    t.plays(&[
        answered(S0, Action::Commit(Card::OneTwoThree)),
        answered(S1, Action::Commit(Card::Snowboarder)),
        revealed(S0, Card::OneTwoThree),
        forced(S0, Action::Pass),
        revealed(S1, Card::Snowboarder),
    ]);
    assert_eq!(t.st.pos, before.pos);
    assert_eq!(t.st.place, before.place);
    assert_eq!(t.st.slots, before.slots);
    assert_eq!(t.st.token_holder(), S0);
    assert_eq!(t.st.played(S0), Card::OneTwoThree.bit());
}

/// Returns a 2-seat game in which `seat` has finished races 1 and 2, its racer 5 one
/// snowmobile move (space 27) from finishing a third.
fn a_third_finish_away(seat: Seat) -> State {
    let st = blank_river(2).with_finished(seat, &[1, 2]);
    st.with_racers(&[(seat, 5, on(27))])
}

#[test]
fn three_finished_racers_end_the_game_at_the_end_of_the_round() {
    let st = a_third_finish_away(S0);
    let mut t = Table::committed(st, &[Card::Snowmobile, Card::Snowboarder]);
    let events = t.answer(Action::MoveA);
    assert_eq!(events.last(), Some(&revealed(S1, Card::Snowboarder)));
    assert_eq!(t.st.finished_count(S0), 3);
    // The round is not over: seat 1 still reveals.
    assert_eq!(t.to_act(), Some(S1));
    assert!(t.game.outcome(&t.st).is_none());
    t.plays(&[
        took(S1, Card::Snowboarder, Action::MoveA),
        moved(S1, 2, None, 1, 0),
        game_over(EndCause::ThreeFinished, 1),
        Event::ScoreTable,
        Event::Score {
            seat: S0,
            places: [1, 1, 0, 0, 1],
            points: [7, 6, 0, 0, 5],
            total: 18,
        },
        Event::Score {
            seat: S1,
            places: [0; 5],
            points: [0; 5],
            total: 0,
        },
        Event::Decided(TieBreak {
            best: 18,
            on_points: 0b01,
            after: [0b01; 5],
        }),
    ]);
    assert_eq!(t.end_cause_name(), "three-finished");
    let outcome = t.outcome();
    assert_eq!(outcome.rounds, 1);
    assert_eq!(outcome.seat_scores(), &[7 + 6 + 5, 0]);
    assert_eq!(outcome.progress[..2], [3, 0]);
    assert_eq!(outcome.winners, 0b01);
    assert_eq!(t.to_act(), None);
    assert!(t.legal().is_empty());
}

#[test]
fn two_finished_racers_do_not_end_the_game() {
    let st = blank_river(2)
        .with_finished(S0, &[1])
        .with_finished(S1, &[1, 2])
        .with_racers(&[(S0, 5, on(27))]);
    let mut t = Table::committed(st, &[Card::Snowmobile, Card::Skier]);
    t.answer(Action::MoveA);
    let events = t.answer(Action::MoveA);
    assert_eq!(events.last(), Some(&round_start(2, S0)));
    assert_eq!(t.st.finished_count(S0), 2);
    assert_eq!(t.st.finished_count(S1), 2);
}

#[test]
fn three_finished_takes_priority_over_tiles_exhausted_in_the_same_round() {
    let mut t = Table::committed(a_third_finish_away(S1), &[Card::DogSled, Card::Snowmobile]);
    let events = t.answer(Action::ActionB);
    assert_eq!(events[1], shifted(Some(BLANK), 0, None));
    let events = t.answer(Action::MoveA);
    assert_eq!(
        before_scores(&events).last(),
        Some(&game_over(EndCause::ThreeFinished, 1))
    );
    assert_eq!(t.outcome().end_cause, EndCause::ThreeFinished as u8);
}

#[test]
fn the_round_limit_ends_the_game_after_its_last_round() {
    let mut st = blank_river(2);
    st.set_round(498);
    let mut t = Table::committed(st, &[Card::OneTwoThree; 2]);
    t.answer(Action::MoveOne(r(1)));
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(events.last(), Some(&round_start(500, S0)));
    t.commit(&[Card::Snowboarder, Card::Snowboarder]);
    t.answer(Action::ActionB);
    let events = t.answer(Action::ActionB);
    assert_eq!(
        before_scores(&events).last(),
        Some(&game_over(EndCause::RoundLimit, 500))
    );
    assert_eq!(t.end_cause_name(), "round-limit");
    assert_eq!(t.outcome().rounds, 500);
}

#[test]
fn a_round_limit_from_a_rules_file_is_respected() {
    let rules = Rules::from_toml("round_limit = 2").unwrap();
    let mut t = Table::with_rules(rules, blank_river(3));
    t.commit(&[Card::OneTwoThree; 3]);
    t.answer(Action::MoveOne(r(1)));
    t.answer(Action::MoveOne(r(1)));
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(events.last(), Some(&round_start(2, S0)));
    t.commit(&[Card::Snowboarder; 3]);
    t.answer(Action::ActionB);
    t.answer(Action::ActionB);
    let events = t.answer(Action::ActionB);
    assert_eq!(
        before_scores(&events).last(),
        Some(&game_over(EndCause::RoundLimit, 2))
    );
    assert_eq!(t.outcome().rounds, 2);
    assert_eq!(t.to_act(), None::<Seat>);
}
