//! Properties of thousands of seeded random games (2 to 6 players, every answer picked
//! uniformly at random): what must hold after every step, and how every game ends.
//!
//! Each game is played by [`play`]: its seed comes from the master seed and its index, so
//! every failure names a game that replays exactly.

use std::sync::OnceLock;

use floe_core::{ActionList, Game, MAX_SEATS, Outcome, Seat};

use super::support::{assert_conserved, play, players_of};
use crate::pieces::Racer;
use crate::race::ArcticRace;
use crate::rules::Rules;
use crate::state::{EndCause, Phase, Position, State};

/// Master seed of the random games.
const MASTER: u64 = 0x00A2_C71C_0F10_E5ED;
/// Random games per property.
const GAMES: u64 = 3000;
/// The final state of every random game under the classic rules, played once and shared
/// by the properties of finished games.
fn finished_games() -> &'static [State] {
    static GAMES_PLAYED: OnceLock<Vec<State>> = OnceLock::new();
    GAMES_PLAYED.get_or_init(|| {
        let game = ArcticRace::classic();
        (0..GAMES)
            .map(|i| play(&game, MASTER, i, |_, _| {}))
            .collect()
    })
}

#[test]
fn no_two_racers_ever_share_a_space_and_none_stands_on_open_water() {
    let game = ArcticRace::classic();
    for index in 0..GAMES {
        play(&game, MASTER, index, |game, st| {
            let mut taken = [None::<(Seat, Racer)>; 128];
            for seat in Seat::all(st.players()) {
                for racer in Racer::all() {
                    let Position::On(space) = st.position(seat, racer) else {
                        continue;
                    };
                    let space = space as usize;
                    assert!(
                        space < game.rules().track_len(),
                        "game {index}: off the track"
                    );
                    if let Some(other) = taken[space] {
                        panic!("game {index}: {seat} {racer} and {other:?} share space {space}");
                    }
                    taken[space] = Some((seat, racer));
                    if let Some(slot) = game.rules().slot_of(space) {
                        assert!(
                            st.slot(slot).is_some(),
                            "game {index}: {seat} {racer} stands on open water at {space}"
                        );
                    }
                }
            }
            let mut fresh = st.clone();
            fresh.rebuild_occupancy();
            assert_eq!(st.occupied, fresh.occupied, "game {index}: occupancy mask");
            game.lay_track(&mut fresh);
            assert_eq!(
                st.track, fresh.track,
                "game {index}: the track follows the river"
            );
        });
    }
}

#[test]
fn cards_racers_and_tiles_are_conserved_after_every_step() {
    let game = ArcticRace::classic();
    let rules = game.rules().clone();
    for index in 0..GAMES {
        play(&game, MASTER, index, |_, st| {
            assert_conserved(st, &rules, &format!("game {index}"));
            assert_eq!(
                st.removed.len(),
                rules.tiles_removed(st.players()),
                "game {index}: removed tiles"
            );
        });
    }
}

#[test]
fn every_question_left_to_a_player_has_at_least_two_answers() {
    let game = ArcticRace::classic();
    let mut answers = ActionList::new();
    for index in 0..GAMES {
        play(&game, MASTER, index, |game, st| {
            game.legal_actions(st, &mut answers);
            match game.to_act(st) {
                None => assert!(answers.is_empty(), "game {index}: answers after the end"),
                Some(_) => assert!(
                    answers.len() >= 2,
                    "game {index}: a one-answer question was left to the player: {answers:?}"
                ),
            }
            if st.phase() == Phase::Commit {
                // Nobody has revealed yet this round, so the token has not moved.
                assert_eq!(st.leader(), st.token_holder(), "game {index}: leader");
            }
        });
    }
}

#[test]
fn every_game_ends_within_the_round_limit() {
    let game = ArcticRace::classic();
    for (index, st) in finished_games().iter().enumerate() {
        let outcome = game.outcome(st).expect("the game is over");
        assert!(outcome.rounds >= 1 && outcome.rounds <= game.rules().round_limit());
        assert_eq!(outcome.rounds, st.round(), "game {index}");
        assert_eq!(outcome.players as usize, players_of(index as u64));
    }
    // A short limit is reached, and never passed.
    let game = ArcticRace::new(Rules::from_toml("round_limit = 3").unwrap());
    let mut limited = 0;
    for index in 0..GAMES / 10 {
        let outcome = game
            .outcome(&play(&game, MASTER, index, |_, _| {}))
            .unwrap();
        assert!(outcome.rounds <= 3, "game {index}");
        if outcome.end_cause == EndCause::RoundLimit as u8 {
            assert_eq!(outcome.rounds, 3, "game {index}");
            limited += 1;
        }
    }
    assert!(limited > 0, "no game reached the short round limit");
}

#[test]
fn the_end_cause_matches_the_final_state() {
    let game = ArcticRace::classic();
    let mut seen = [0; 3];
    for (index, st) in finished_games().iter().enumerate() {
        let Phase::Over(cause) = st.phase() else {
            panic!("game {index} is not over");
        };
        let three = Seat::all(st.players()).any(|s| st.finished_count(s) >= 3);
        let expected = if three {
            EndCause::ThreeFinished
        } else if st.supply_ran_out {
            EndCause::TilesExhausted
        } else {
            EndCause::RoundLimit
        };
        assert_eq!(cause, expected, "game {index}");
        if cause == EndCause::TilesExhausted {
            assert_eq!(st.supply_len(), 0, "game {index}");
            assert_eq!(st.slot(0), None, "game {index}: slot 0 is open water");
        }
        if cause == EndCause::RoundLimit {
            assert_eq!(st.round(), game.rules().round_limit(), "game {index}");
        }
        assert_eq!(game.outcome(st).unwrap().end_cause, cause as u8);
        seen[cause as usize] += 1;
    }
    assert!(
        seen[0] > 0 && seen[1] > 0,
        "both usual ends occur: {seen:?}"
    );
}

#[test]
fn finish_places_run_1_to_k_in_each_race_and_give_the_scores() {
    let game = ArcticRace::classic();
    for (index, st) in finished_games().iter().enumerate() {
        let outcome = game.outcome(st).unwrap();
        let mut scores = [0; MAX_SEATS];
        for race in Racer::all() {
            let mut places: Vec<u8> = Seat::all(st.players())
                .filter_map(|s| match st.position(s, race) {
                    Position::Finished(place) => {
                        scores[s.index()] += game.rules().points(race.index(), place);
                        Some(place)
                    }
                    _ => None,
                })
                .collect();
            places.sort_unstable();
            let k = places.len() as u8;
            assert_eq!(places, (1..=k).collect::<Vec<_>>(), "game {index}, {race}");
        }
        assert_eq!(outcome.scores, scores, "game {index}");
        for s in Seat::all(st.players()) {
            assert_eq!(
                outcome.progress[s.index()],
                st.finished_count(s),
                "game {index}"
            );
            // Only a seat's own card moves its racers and a finish ends a chain, so a
            // seat finishes at most one racer a round, and three end the game.
            assert!(st.finished_count(s) <= 3, "game {index}: {s}");
        }
    }
}

/// The winners by the rules page: most points; among those tied, the best place in
/// race 1 (finished beats unfinished), then race 2, ..., then 5; still tied: all share.
fn winners_by_the_rules(st: &State, outcome: &Outcome) -> u8 {
    let best = outcome.top_score();
    let mut tied: Vec<Seat> = Seat::all(st.players())
        .filter(|s| outcome.scores[s.index()] == best)
        .collect();
    for race in Racer::all() {
        let place = |s: &Seat| match st.position(*s, race) {
            Position::Finished(p) => p as u32,
            _ => u32::MAX,
        };
        let best_place = tied.iter().map(place).min().unwrap();
        tied.retain(|s| place(s) == best_place);
    }
    tied.iter().fold(0, |m, s| m | 1 << s.0)
}

#[test]
fn the_winners_are_exactly_those_the_tie_break_names() {
    let game = ArcticRace::classic();
    let mut broken_ties = 0;
    for (index, st) in finished_games().iter().enumerate() {
        let outcome = game.outcome(st).unwrap();
        assert_eq!(
            outcome.winners,
            winners_by_the_rules(st, &outcome),
            "game {index}: {outcome:?}"
        );
        let top = outcome.top_score();
        let tied_on_points = outcome.seat_scores().iter().filter(|&&s| s == top).count();
        if tied_on_points > 1 && outcome.winner_count() == 1 {
            broken_ties += 1;
        }
    }
    assert!(broken_ties > 0, "some games need the tie-break");
}
