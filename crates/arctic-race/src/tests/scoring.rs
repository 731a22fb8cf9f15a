//! Scoring and tie-breaks (rules page, "Scoring").
//!
//! Each scenario lists the finishes in order of arrival as (seat, race); `put_racer`
//! gives each the next place in its race.

use floe_core::{Game, Outcome, Seat};

use super::support::*;
use crate::pieces::{Action, Card};
use crate::race::ArcticRace;
use crate::rules::Rules;
use crate::state::{EndCause, Phase, Position};

/// Scores a game over after the finishes `arrivals`, in order.
fn scored_with(game: &ArcticRace, players: usize, arrivals: &[(Seat, u8)]) -> Outcome {
    let mut st = blank_river(players);
    for &(seat, race) in arrivals {
        st.put_racer(seat, r(race), Position::Finished(0));
    }
    assert!(
        game.outcome(&st).is_none(),
        "no outcome before the game is over"
    );
    st.phase = Phase::Over(EndCause::RoundLimit);
    game.outcome(&st).expect("the game is over")
}

fn scored(players: usize, arrivals: &[(Seat, u8)]) -> Outcome {
    scored_with(&game(), players, arrivals)
}

const SEATS: [Seat; 6] = [S0, S1, S2, S3, S4, S5];

/// Every seat of a six-player game finishes race `race`, seat 0 first.
fn everyone_finishes(race: u8) -> Outcome {
    let arrivals: Vec<_> = SEATS.iter().map(|&s| (s, race)).collect();
    scored(6, &arrivals)
}

#[test]
fn race_1_pays_7_5_4_3_and_3_for_every_later_place() {
    let o = everyone_finishes(1);
    assert_eq!(o.seat_scores(), &[7, 5, 4, 3, 3, 3]);
    assert_eq!(o.winners, 0b000001);
}

#[test]
fn race_2_pays_6_4_3_2_and_2_for_every_later_place() {
    let o = everyone_finishes(2);
    assert_eq!(o.seat_scores(), &[6, 4, 3, 2, 2, 2]);
}

#[test]
fn races_3_4_and_5_pay_5_3_2_1_and_1_for_every_later_place() {
    for race in 3..=5 {
        let o = everyone_finishes(race);
        assert_eq!(o.seat_scores(), &[5, 3, 2, 1, 1, 1], "race {race}");
    }
}

#[test]
fn a_score_is_the_sum_over_races_and_unfinished_racers_score_nothing() {
    let o = scored(3, &[(S0, 1), (S1, 2), (S0, 2), (S1, 5), (S2, 5), (S0, 5)]);
    // Seat 0: 1st in race 1, 2nd in race 2, 3rd in race 5. Seat 1: 1st in races 2
    // and 5. Seat 2: 2nd in race 5.
    assert_eq!(o.seat_scores(), &[7 + 4 + 2, 6 + 5, 3]);
    assert_eq!(o.progress[..3], [3, 2, 1]);
    assert_eq!(o.winners, 0b001);

    let nobody = scored(4, &[]);
    assert_eq!(nobody.seat_scores(), &[0, 0, 0, 0]);
}

#[test]
fn a_points_tie_goes_to_the_better_place_in_race_1() {
    let o = scored(4, &[(S1, 1), (S0, 1), (S2, 3), (S3, 3), (S0, 3)]);
    // Seat 0: 2nd in race 1 (5) + 3rd in race 3 (2); seat 1: 1st in race 1 (7).
    assert_eq!(o.seat_scores(), &[7, 7, 5, 3]);
    assert_eq!(o.winners, 0b0010);
}

#[test]
fn in_the_tie_break_a_finished_racer_beats_an_unfinished_one() {
    // Seat 0 finished race 1 (second), seat 1 did not: seat 0 wins the 16-16 tie. Seat 2
    // won race 1 but has fewer points, so it is not in the tie-break at all.
    let o = scored(
        3,
        &[
            (S2, 1),
            (S0, 1),
            (S0, 2),
            (S1, 2),
            (S0, 4),
            (S2, 4),
            (S1, 4),
            (S1, 3),
            (S1, 5),
        ],
    );
    assert_eq!(o.seat_scores(), &[5 + 6 + 5, 4 + 2 + 5 + 5, 7 + 3]);
    assert_eq!(o.seat_scores()[0], o.seat_scores()[1]);
    assert_eq!(o.winners, 0b001);
}

#[test]
fn when_race_1_is_tied_race_2_decides() {
    // Neither tied player finished race 1; seat 1 beat seat 0 in race 2 (seat 0 is
    // better in race 3, which is not reached).
    let o = scored(3, &[(S1, 2), (S0, 2), (S0, 3), (S2, 4), (S1, 4)]);
    assert_eq!(o.seat_scores(), &[4 + 5, 6 + 3, 5]);
    assert_eq!(o.winners, 0b010);
}

#[test]
fn when_races_1_and_2_are_tied_race_3_decides() {
    let o = scored(2, &[(S0, 3), (S1, 3), (S1, 4), (S0, 4)]);
    assert_eq!(o.seat_scores(), &[8, 8]);
    assert_eq!(o.winners, 0b01);
}

#[test]
fn when_races_1_to_3_are_tied_race_4_decides() {
    let o = scored(2, &[(S1, 4), (S0, 4), (S0, 5), (S1, 5)]);
    assert_eq!(o.seat_scores(), &[8, 8]);
    assert_eq!(o.winners, 0b10);
}

#[test]
fn when_races_1_to_4_are_tied_race_5_decides() {
    // With the classic tables two players tied on points can never differ in race 5
    // alone (their places there pay differently); a rules file paying 1 point for
    // every place in race 5 makes the situation possible.
    let game = ArcticRace::new(Rules::from_toml("[scoring]\nrace_5 = [1]\n").unwrap());
    let o = scored_with(&game, 2, &[(S1, 5), (S0, 5)]);
    assert_eq!(o.seat_scores(), &[1, 1]);
    assert_eq!(o.winners, 0b10);
}

#[test]
fn players_still_tied_after_race_5_share_the_win() {
    let o = scored(2, &[]);
    assert_eq!(o.seat_scores(), &[0, 0]);
    assert_eq!(o.winners, 0b11);
    assert_eq!(o.winner_count(), 2);
    assert!(o.is_winner(S0) && o.is_winner(S1));

    let o = scored(3, &[]);
    assert_eq!(o.winners, 0b111);
}

#[test]
fn a_shared_win_is_never_broken_by_seat_order() {
    // Seat order and seat count do not matter: the higher seat can win outright, and a
    // full tie includes every tied seat.
    let o = scored(5, &[(S4, 1)]);
    assert_eq!(o.winners, 0b10000);
    let o = scored(6, &[]);
    assert_eq!(o.winners, 0b111111);
    assert_eq!(o.winner_count(), 6);
}

#[test]
fn a_game_played_to_its_end_is_scored_from_the_finish_places() {
    // Round-limit end after one round with finishes in several races.
    let rules = Rules::from_toml("round_limit = 1").unwrap();
    let st = blank_river(2)
        .with_finished(S1, &[5])
        .with_racers(&[(S0, 5, on(26)), (S1, 4, on(27))]);
    let mut t = Table::with_rules(rules, st);
    t.commit(&[Card::Snowmobile, Card::DogSled]);
    t.answer(Action::MoveA);
    t.answer(Action::MoveA);
    let o = t.outcome();
    assert_eq!(o.end_cause, EndCause::RoundLimit as u8);
    // Seat 0: 2nd in race 5 (3). Seat 1: 1st in race 5 (5), 1st in race 4 (5).
    assert_eq!(o.seat_scores(), &[3, 10]);
    assert_eq!(o.progress[..2], [1, 2]);
    assert_eq!(o.winners, 0b10);
}

#[test]
fn score_bounds_hold_every_final_score_and_the_top_is_five_first_places() {
    let game = game();
    let best: i32 = (0..5).map(|race| game.rules().points(race, 1)).sum();
    for players in 2..=6 {
        assert_eq!(game.score_bounds(players), (0, best), "{players} players");
    }
    // A seat that wins all five races reaches the top.
    let all_first = scored(2, &[(S0, 1), (S0, 2), (S0, 3), (S0, 4), (S0, 5)]);
    assert_eq!(all_first.scores[0], best);
    let mut top = 0;
    for index in 0..600 {
        let st = play(&game, 0x5C0E_B0DD, index, |_, _| {});
        let (low, high) = game.score_bounds(st.players());
        for &score in game.outcome(&st).unwrap().seat_scores() {
            assert!((low..=high).contains(&score), "game {index}: {score}");
            top = top.max(score);
        }
    }
    assert!(
        top > best / 2,
        "random games score well inside the bounds: {top}"
    );
}

/// Returns the score table and tie-break text the log ends with after the finishes
/// `arrivals`, in order.
fn score_lines(players: usize, arrivals: &[(Seat, u8)]) -> Vec<String> {
    let game = game();
    let mut st = blank_river(players);
    for &(seat, race) in arrivals {
        st.put_racer(seat, r(race), Position::Finished(0));
    }
    let mut lines = Vec::new();
    game.log_scores(&st, &mut |e| lines.push(e.to_string()));
    lines
}

#[test]
fn the_log_ends_with_places_and_points_by_race_and_the_step_that_decided() {
    // Seat 1 and seat 2 tie on 8 points; neither finished races 1 and 2, and seat 1 came
    // first in race 3.
    let lines = score_lines(3, &[(S1, 3), (S2, 3), (S0, 4), (S2, 5), (S1, 5)]);
    assert_eq!(
        lines,
        [
            "score by race (place and points):\n          race 1  race 2  race 3  race 4  race 5  total",
            "  seat 0       -       -       -  1st  5       -      5",
            "  seat 1       -       -  1st  5       -  2nd  3      8",
            "  seat 2       -       -  2nd  3       -  1st  5      8",
            "seat 1 and seat 2 tie on 8 points; by places: race 1 equal, race 2 equal, race 3 \
             keeps seat 1: seat 1 wins",
        ]
    );
}

#[test]
fn the_log_names_a_win_on_points_and_a_win_shared_after_race_5() {
    let lines = score_lines(2, &[(S0, 1)]);
    assert_eq!(lines.last().unwrap(), "seat 0 wins on points (7)");
    // Seat 0: 2nd in race 1 and 3rd in race 3; seat 1: 1st in race 1.
    let lines = score_lines(4, &[(S1, 1), (S0, 1), (S2, 3), (S3, 3), (S0, 3)]);
    assert_eq!(
        lines.last().unwrap(),
        "seat 0 and seat 1 tie on 7 points; by places: race 1 keeps seat 1: seat 1 wins"
    );
    let lines = score_lines(3, &[]);
    assert_eq!(
        lines.last().unwrap(),
        "seat 0, seat 1 and seat 2 tie on 0 points; by places: race 1 equal, race 2 equal, \
         race 3 equal, race 4 equal, race 5 equal: still level, a shared win"
    );
}
