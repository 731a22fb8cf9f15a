//! Icons: what landing on each one does, and chains of them (rules page, "Icons").
//!
//! Classic track: bank A 0..5 (`+1` on 2, `die` on 4), river slots 6..20, bank B 21..29
//! (`start` 22, `+2` 24, `hand` 26, `arrow` 28).

use floe_core::Seat;

use super::support::*;
use crate::event::Event;
use crate::pieces::{ALL_CARDS, Action, Card, Icon};
use crate::state::{Phase, Position, State};

/// Landing on a `+n` icon moves the same racer n more spaces: the `+1` on space 2, a `+2`
/// tile (slot 2 holds [blank, +2, blank]: the `+2` is on space 13) and a `+3` tile (slot 1
/// holds [+3, blank, blank]: the `+3` is on space 9).
#[test]
fn a_plus_icon_moves_the_same_racer_that_many_more_spaces() {
    let plus2 = tiles([BLANK, BLANK, PLUS2, BLANK, BLANK]);
    let plus3 = tiles([BLANK, PLUS3, BLANK, BLANK, BLANK]);
    // (icon, river, seat 0's card and answer, the racer it moves, where the racer starts
    // (None: home), lands on the icon and ends)
    #[rustfmt::skip]
    let cases = [
        (Icon::Plus(1), ALL_BLANK, Card::Skier, took(S0, Card::Skier, Action::MoveA), 3, None, 2, 3),
        (Icon::Plus(2), plus2, Card::Snowboarder, took(S0, Card::Snowboarder, Action::MoveA), 2, Some(11), 13, 15),
        (Icon::Plus(3), plus3, Card::OneTwoThree, answered(S0, Action::MoveOne(r(1))), 1, Some(8), 9, 12),
    ];
    for (icon, river, card, answer, n, from, at, to) in cases {
        let racers: Vec<_> = from.map(|space| (S0, n, on(space))).into_iter().collect();
        let st = scenario(2, &river, &[]).with_racers(&racers);
        let mut t = Table::committed(st, &[card, Card::OneTwoThree]);
        let log = [
            answer,
            moved(S0, n, from, at, 0),
            fired(icon, at),
            moved(S0, n, Some(at), to, 0),
            revealed(S1, Card::OneTwoThree),
        ];
        t.plays_case(&format!("{icon:?}"), &[], &log);
        assert_eq!(t.pos(S0, n), on(to), "{icon:?}");
    }
}

/// Every seat of `st` commits the 1-2-3 card and seat 0 moves its racer 1 one space on
/// from `from`: checks that the answer logs the move, then `then`. Returns the table.
fn steps_racer_1(st: State, from: u8, then: &[Event]) -> Table {
    let every_seat = vec![Card::OneTwoThree; st.players()];
    let mut t = Table::committed(st, &every_seat);
    let mut log = vec![
        answered(S0, Action::MoveOne(r(1))),
        moved(S0, 1, Some(from), from + 1, 0),
    ];
    log.extend_from_slice(then);
    t.plays(&log);
    t
}

/// Seat 0, asked by a start icon, gives the start token to `to`: checks the question, the
/// log (the round goes on with seat 1's reveal) and the new holder.
fn gives_the_token(t: &mut Table, to: Seat) {
    assert_eq!(t.st.phase(), Phase::GiveToken);
    let give = Action::GiveToken(to);
    t.plays(&[
        answered(S0, give),
        token(S0, to),
        revealed(S1, Card::OneTwoThree),
    ]);
    assert_eq!(t.st.token_holder(), to);
}

#[test]
fn start_icon_lets_the_holder_give_the_token_to_another_player() {
    let st = blank_river(3).with_racers(&[(S0, 1, on(21))]);
    let mut t = steps_racer_1(st, 21, &[fired(Icon::Start, 22)]);
    assert_eq!(t.legal(), [Action::GiveToken(S1), Action::GiveToken(S2)]);
    gives_the_token(&mut t, S2);
}

#[test]
fn start_icon_lets_a_player_without_the_token_take_it() {
    // Slot 0 holds [blank, blank, start]: the start is on space 8.
    let river = tiles([START, BLANK, BLANK, BLANK, BLANK]);
    let st = scenario(3, &river, &[]).with_racers(&[(S1, 1, on(7))]);
    let mut t = Table::committed(st, &[Card::OneTwoThree; 3]);
    t.answer(Action::MoveOne(r(1)));
    let events = t.answer(Action::MoveOne(r(1)));
    assert_eq!(
        events[1..],
        [moved(S1, 1, Some(7), 8, 0), fired(Icon::Start, 8)]
    );
    assert_eq!(t.st.phase(), Phase::GiveToken);
    assert_eq!(t.legal(), [Action::GiveToken(S1), Action::GiveToken(S2)]);
    let events = t.answer(Action::GiveToken(S1));
    assert_eq!(events[1], token(S0, S1));
    assert_eq!(t.st.token_holder(), S1);
}

/// Landing on an arrow shifts the river (see `shift.rs`), seat 0's racer 1 moving one
/// space onto it: bank B's arrow icon, whose shift carries another racer; an arrow tile
/// (slot 2 holds [arrow, blank, blank]: the arrow is on space 12), whose mover rides along
/// on it, still on the arrow face, now in slot 3 (riding fires nothing); and an arrow tile
/// in slot 4, which sweeps its own mover home.
#[test]
fn landing_on_an_arrow_shifts_the_river() {
    let bank_b = tiles([PLUS1, PLUS2, DIE, START, HAND]);
    let in_slot_2 = tiles([BLANK, BLANK, ARROW, BLANK, BLANK]);
    let in_slot_4 = tiles([BLANK, BLANK, BLANK, BLANK, ARROW]);
    let home = Position::Home;
    // (case, river, supply, seat 1's racer 2, where seat 0's racer 1 starts, the shift
    // and what it does to a racer, where both racers end, the river after, the arrows
    // gone)
    #[rustfmt::skip]
    let cases = [
        ("bank B", bank_b, &[BLANK, ARROW][..], Some(10), 27,
            [shifted(Some(HAND), 0, Some(ARROW)), carried(S1, 2, 10, 13)], [on(28), on(13)],
            tiles([ARROW, PLUS1, PLUS2, DIE, START]), 0),
        ("slot 2", in_slot_2, &[BLANK], None, 11,
            [shifted(Some(BLANK), 0, Some(BLANK)), carried(S0, 1, 12, 15)], [on(15), home],
            tiles([BLANK, BLANK, BLANK, ARROW, BLANK]), 0),
        ("slot 4", in_slot_4, &[BLANK], None, 17,
            [shifted(Some(ARROW), 1, Some(BLANK)), swept(S0, 1)], [home, home],
            ALL_BLANK, 1),
    ];
    for (case, river, supply, other, from, [shift, then], ends, river_after, gone) in cases {
        let mut racers = vec![(S0, 1, on(from))];
        racers.extend(other.map(|space| (S1, 2, on(space))));
        let st = scenario(2, &river, supply).with_racers(&racers);
        let mut t = Table::committed(st, &[Card::OneTwoThree; 2]);
        let arrow = from + 1;
        let log = [
            answered(S0, Action::MoveOne(r(1))),
            moved(S0, 1, Some(from), arrow, 0),
            fired(Icon::Arrow, arrow),
            shift,
            then,
            revealed(S1, Card::OneTwoThree),
        ];
        t.plays_case(case, &[], &log);
        assert_eq!(t.positions(&[(S0, 1), (S1, 2)]), ends, "{case}");
        assert_eq!(t.river(), river_after, "{case}");
        assert_eq!(t.st.supply_len(), supply.len() - 1, "{case}");
        assert_eq!(t.st.gone[ARROW as usize], gone, "{case}");
    }
}

/// Landing on the die icon (space 4) rolls it (seat 0's snowmobile racer moves from home):
/// a face moves that racer that many spaces, even the racer on the die; a finished
/// racer's face does nothing.
#[test]
fn die_icon_moves_the_rolled_racer_its_number_of_spaces() {
    let none = Event::NoEffect { seat: S0 };
    // (case, seat 0's finished racers, the face rolled, what it does, where racers 4 and 5
    // end)
    #[rustfmt::skip]
    let cases = [
        ("face 4 moves racer 4", &[][..], 4, moved(S0, 4, None, 3, 0), [on(3), on(4)]),
        ("face 5 moves the racer on the die", &[], 5, moved(S0, 5, Some(4), 9, 0), [Position::Home, on(9)]),
        ("a finished racer's face does nothing", &[4], 4, none, [Position::Finished(1), on(4)]),
    ];
    for (case, finished, face, effect, ends) in cases {
        let st = blank_river(2).with_finished(S0, finished);
        let mut t = Table::committed(st, &[Card::Snowmobile, Card::OneTwoThree]);
        let before = t.st.clone();
        let log = [
            took(S0, Card::Snowmobile, Action::MoveA),
            moved(S0, 5, None, 4, 0),
            fired(Icon::Die, 4),
            rolled(S0, Some(face)),
            effect,
            revealed(S1, Card::OneTwoThree),
        ];
        t.plays_case(case, &[Die::Shows(face)], &log);
        assert_eq!(t.positions(&[(S0, 4), (S0, 5)]), ends, "{case}");
        assert_eq!(t.st.finishers, before.finishers, "{case}");
    }
}

#[test]
fn every_numbered_die_face_moves_that_racer_that_many_spaces() {
    for k in 1..=5u8 {
        let st = blank_river(2).with_racers(&[(S0, k, on(10))]);
        let mut t = Table::committed(st, &[Card::Skier, Card::OneTwoThree]);
        let events = t.answer_rolling(Action::ActionB, &[Die::Shows(k)]);
        assert_eq!(
            events[1..3],
            [rolled(S0, Some(k)), moved(S0, k, Some(10), 10 + k, 0)],
            "face {k}"
        );
        assert_eq!(t.pos(S0, k), on(10 + k), "face {k}");
    }
}

/// Seat 0's snowmobile racer moves from home onto the die (space 4), which shows the black
/// face: returns the table, the log checked up to the roll, `then` after it.
fn black_die(st: State, then: &[Event]) -> Table {
    let mut t = Table::committed(st, &[Card::Snowmobile, Card::OneTwoThree]);
    let mut log = vec![
        took(S0, Card::Snowmobile, Action::MoveA),
        moved(S0, 5, None, 4, 0),
        fired(Icon::Die, 4),
        rolled(S0, None),
    ];
    log.extend_from_slice(then);
    t.plays_rolling(&[Die::Black], &log);
    t
}

#[test]
fn black_die_asks_which_unfinished_racer_moves_one_space() {
    let st = blank_river(2).with_finished(S0, &[3]);
    let mut t = black_die(st.with_racers(&[(S0, 2, on(10))]), &[]);
    assert_eq!(t.st.phase(), Phase::BlackDie);
    let unfinished = [1, 2, 4, 5].map(|n| Action::BlackDie(r(n)));
    assert_eq!(t.legal(), unfinished);
    t.plays(&[
        answered(S0, Action::BlackDie(r(2))),
        moved(S0, 2, Some(10), 11, 0),
        revealed(S1, Card::OneTwoThree),
    ]);
    // The snowmobile's racer stays on the die.
    assert_eq!(t.positions(&[(S0, 2), (S0, 5)]), [on(11), on(4)]);
}

#[test]
fn black_die_with_one_unfinished_racer_is_answered_by_the_engine() {
    let st = blank_river(2).with_finished(S0, &[1, 2, 3, 4]);
    let t = black_die(
        st,
        &[
            forced(S0, Action::BlackDie(r(5))),
            moved(S0, 5, Some(4), 5, 0),
            revealed(S1, Card::OneTwoThree),
        ],
    );
    assert_eq!(t.pos(S0, 5), on(5));
}

#[test]
fn black_die_with_every_racer_finished_does_nothing() {
    let mut t = Table::new(blank_river(2).with_finished(S0, &[1, 2, 3, 4, 5]));
    // The skier's racer has finished, so action B (roll the die) is the only answer.
    t.plays_rolling(
        &[Die::Black],
        &[
            answered(S0, Action::Commit(Card::Skier)),
            answered(S1, Action::Commit(Card::OneTwoThree)),
            revealed(S0, Card::Skier),
            forced_take(S0, Card::Skier, Action::ActionB),
            rolled(S0, None),
            Event::NoEffect { seat: S0 },
            revealed(S1, Card::OneTwoThree),
        ],
    );
    assert_eq!(t.st.phase(), Phase::Reveal);
}

#[test]
fn skier_b_rolls_the_die() {
    let mut t = Table::committed(blank_river(2), &[Card::Skier, Card::OneTwoThree]);
    t.plays_rolling(
        &[Die::Shows(2)],
        &[
            took(S0, Card::Skier, Action::ActionB),
            rolled(S0, Some(2)),
            moved(S0, 2, None, 1, 0),
            revealed(S1, Card::OneTwoThree),
        ],
    );
    assert_eq!(t.positions(&[(S0, 2), (S0, 3)]), [on(1), Position::Home]);
}

/// Landing on a hand takes back every played card, the one just played included, and
/// leaves the other player's pile untouched: bank B's hand icon (space 26), and a hand
/// tile (slot 0 holds [hand, blank, blank]: the hand is on space 6).
#[test]
fn a_hand_takes_back_every_played_card_including_the_one_just_played() {
    let hand_tile = tiles([HAND, BLANK, BLANK, BLANK, BLANK]);
    let move_one = Action::MoveOne(r(1));
    // (case, river, seat 0's played cards, its card and answer, the racer and where it
    // starts, the hand's space, the cards taken back)
    #[rustfmt::skip]
    let cases = [
        ("hand icon", ALL_BLANK, &[Card::Skier, Card::Snowmobile][..], Card::DogSled, took(S0, Card::DogSled, Action::MoveA), (4, 22), 26, 3),
        ("hand tile", hand_tile, &[Card::Snowboarder], Card::OneTwoThree, answered(S0, move_one), (1, 5), 6, 2),
    ];
    for (case, river, played, card, answer, (n, from), hand, taken) in cases {
        let st = scenario(2, &river, &[]).with_played(S0, played);
        let st = st.with_racers(&[(S0, n, on(from))]);
        let mut t = Table::committed(st, &[card, Card::OneTwoThree]);
        let log = [
            answer,
            moved(S0, n, Some(from), hand, 0),
            fired(Icon::Hand, hand),
            collected(S0, taken),
            revealed(S1, Card::OneTwoThree),
        ];
        t.plays_case(case, &[], &log);
        assert_eq!(t.st.hand(S0), ALL_CARDS, "{case}");
        assert_eq!(t.st.played(S0), 0, "{case}");
        assert_eq!(t.st.played(S1), cards(&[Card::OneTwoThree]), "{case}");
    }
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
    let mut t = Table::committed(st, &[Card::Skier, Card::OneTwoThree]);
    t.plays_rolling(
        &[Die::Shows(2)],
        &[
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
        ],
    );
    let racers = [(S0, 3), (S0, 2), (S1, 1), (S1, 2)];
    assert_eq!(t.positions(&racers), [on(4), on(18), on(3), Position::Home]);
    assert_eq!(t.river(), tiles([HAND, BLANK, BLANK, PLUS2, ARROW]));
}

#[test]
fn a_die_roll_can_land_a_racer_on_another_die() {
    // Slot 0 [blank, die, blank] puts a die on space 7.
    let river = tiles([DIE, BLANK, BLANK, BLANK, BLANK]);
    let st = scenario(2, &river, &[]).with_racers(&[(S0, 2, on(5))]);
    let mut t = Table::committed(st, &[Card::Snowmobile, Card::OneTwoThree]);
    t.plays_rolling(
        &[Die::Shows(2), Die::Shows(1)],
        &[
            took(S0, Card::Snowmobile, Action::MoveA),
            moved(S0, 5, None, 4, 0),
            fired(Icon::Die, 4),
            rolled(S0, Some(2)),
            moved(S0, 2, Some(5), 7, 0),
            fired(Icon::Die, 7),
            rolled(S0, Some(1)),
            moved(S0, 1, None, 0, 0),
            revealed(S1, Card::OneTwoThree),
        ],
    );
    let racers = [(S0, 5), (S0, 2), (S0, 1)];
    assert_eq!(t.positions(&racers), [on(4), on(7), on(0)]);
}

#[test]
fn plus_two_onto_a_hand_icon_collects() {
    let st = blank_river(2).with_racers(&[(S0, 1, on(23))]);
    let t = steps_racer_1(
        st,
        23,
        &[
            fired(Icon::Plus(2), 24),
            moved(S0, 1, Some(24), 26, 0),
            fired(Icon::Hand, 26),
            collected(S0, 1),
            revealed(S1, Card::OneTwoThree),
        ],
    );
    assert_eq!(t.st.hand(S0), ALL_CARDS);
}

#[test]
fn a_chain_through_a_black_die_can_end_at_a_start_icon() {
    let st = blank_river(3).with_racers(&[(S0, 1, on(21))]);
    let one = Card::OneTwoThree;
    let mut t = Table::committed(st, &[Card::Snowmobile, one, one]);
    t.answer_rolling(Action::MoveA, &[Die::Black]);
    assert_eq!(t.st.phase(), Phase::BlackDie);
    t.plays(&[
        answered(S0, Action::BlackDie(r(1))),
        moved(S0, 1, Some(21), 22, 0),
        fired(Icon::Start, 22),
    ]);
    gives_the_token(&mut t, S1);
}
