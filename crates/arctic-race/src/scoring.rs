//! Scoring a finished game (rules page, "Scoring"), and the score table the log ends with.

use floe_core::{MAX_SEATS, Outcome, Seat};

use crate::event::Event;
use crate::pieces::RACERS;
use crate::race::ArcticRace;
use crate::state::{EndCause, FINISHED, State};
use crate::tie_break::TieBreak;

impl ArcticRace {
    /// Returns the points of each race for `seat` in `st` (0 for an unfinished racer).
    fn race_points(&self, st: &State, seat: Seat) -> [u8; RACERS] {
        let s = seat.index();
        std::array::from_fn(|race| match st.pos[s][race] {
            FINISHED => self.rules.points(race, st.place[s][race]) as u8,
            _ => 0,
        })
    }

    /// Returns every seat's score in `st`.
    fn scores(&self, st: &State) -> [i32; MAX_SEATS] {
        let mut scores = [0; MAX_SEATS];
        for (s, score) in scores.iter_mut().enumerate().take(st.players()) {
            for race in 0..RACERS {
                if st.pos[s][race] == FINISHED {
                    *score += self.rules.points(race, st.place[s][race]);
                }
            }
        }
        scores
    }

    /// Scores a finished game and breaks ties (rules page, "Scoring").
    pub(crate) fn score(&self, st: &State, cause: EndCause) -> Outcome {
        let players = st.players();
        let scores = self.scores(st);
        let progress = std::array::from_fn(|s| match s < players {
            true => st.finished_count(Seat(s as u8)),
            false => 0,
        });
        Outcome {
            players: players as u8,
            scores,
            winners: TieBreak::of(st, &scores[..players]).winners(),
            rounds: st.round,
            end_cause: cause as u8,
            progress,
        }
    }

    /// Reports the score table (places and points per seat and race) and how the winners
    /// were found.
    pub(crate) fn log_scores(&self, st: &State, log: &mut impl FnMut(Event)) {
        let scores = self.scores(st);
        log(Event::ScoreTable);
        for seat in Seat::all(st.players()) {
            log(Event::Score {
                seat,
                places: st.place[seat.index()],
                points: self.race_points(st, seat),
                total: scores[seat.index()],
            });
        }
        log(Event::Decided(TieBreak::of(st, &scores[..st.players()])));
    }
}
