//! The result of a finished game, in a game-generic, fixed-size form.

use crate::{MAX_SEATS, Seat};

/// Units of one win: a shared win among k players gives each `WIN_SHARE_UNITS / k`.
/// It is 60 = lcm(1..=6), so every split is exact and statistics sum integers only.
pub const WIN_SHARE_UNITS: u32 = 60;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Number of seats in the game.
    pub players: u8,
    /// Final score per seat (only the first `players` entries are used).
    pub scores: [i32; MAX_SEATS],
    /// Bit `s` is set when seat `s` is among the winners (after every tie-break).
    pub winners: u8,
    /// Rounds played.
    pub rounds: u32,
    /// Index into [`crate::Game::end_causes`].
    pub end_cause: u8,
    /// A game-specific progress count per seat (Arctic Race: finished racers).
    pub progress: [u8; MAX_SEATS],
}

impl Outcome {
    /// Returns whether `seat` is among the winners.
    pub fn is_winner(&self, seat: Seat) -> bool {
        self.winners & (1 << seat.0) != 0
    }

    /// Returns the number of winners (more than one means a shared win).
    pub fn winner_count(&self) -> u32 {
        self.winners.count_ones()
    }

    /// Returns the share of the win `seat` takes, in [`WIN_SHARE_UNITS`].
    pub fn win_share_units(&self, seat: Seat) -> u32 {
        if self.is_winner(seat) {
            WIN_SHARE_UNITS / self.winner_count()
        } else {
            0
        }
    }

    /// Returns the share of the win `seat` takes: 1 for a win alone, 1/n of a win shared
    /// by n seats, 0 for a loss (the reward a learning environment hands out).
    pub fn win_share(&self, seat: Seat) -> f64 {
        f64::from(self.win_share_units(seat)) / f64::from(WIN_SHARE_UNITS)
    }

    /// Returns the highest score.
    pub fn top_score(&self) -> i32 {
        self.seat_scores().iter().copied().max().unwrap_or(0)
    }

    /// Returns the highest score minus the second highest (0 when two seats share it).
    pub fn margin(&self) -> i32 {
        let mut best = i32::MIN;
        let mut second = i32::MIN;
        for &s in self.seat_scores() {
            if s > best {
                second = best;
                best = s;
            } else if s > second {
                second = s;
            }
        }
        if second == i32::MIN { 0 } else { best - second }
    }

    /// Returns the outcome of a finished game of `players` seats after `rounds` rounds,
    /// ended by cause `end_cause`: seat `s` scored and progressed as `seat(s)` says, and
    /// `winners` picks the winners (a bit per seat) from the seats' scores.
    ///
    /// # Panics
    /// Panics if there are more than [`MAX_SEATS`] players.
    pub fn of_seats(
        players: usize,
        rounds: u32,
        end_cause: u8,
        mut seat: impl FnMut(usize) -> (i32, u8),
        winners: impl FnOnce(&[i32]) -> u8,
    ) -> Outcome {
        let mut scores = [0; MAX_SEATS];
        let mut progress = [0; MAX_SEATS];
        for s in 0..players {
            (scores[s], progress[s]) = seat(s);
        }
        Outcome {
            players: players as u8,
            scores,
            winners: winners(&scores[..players]),
            rounds,
            end_cause,
            progress,
        }
    }

    /// Returns the outcome of a game of `scores.len()` seats with these scores and
    /// `winners`, its other fields zero: for tests and tools that build outcomes by hand.
    ///
    /// # Panics
    /// Panics if there are more than [`MAX_SEATS`] scores.
    pub fn with_scores(scores: &[i32], winners: u8) -> Outcome {
        Outcome::of_seats(scores.len(), 0, 0, |s| (scores[s], 0), |_| winners)
    }

    /// Returns the scores of the seats in play.
    pub fn seat_scores(&self) -> &[i32] {
        &self.scores[..self.players as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(scores: &[i32], winners: u8) -> Outcome {
        Outcome::with_scores(scores, winners)
    }

    #[test]
    fn shared_win_splits_evenly() {
        let o = outcome(&[5, 9, 9, 9], 0b1110);
        assert_eq!(o.winner_count(), 3);
        assert_eq!(o.win_share_units(Seat(0)), 0);
        assert_eq!(o.win_share_units(Seat(2)), 20);
        assert_eq!(o.win_share(Seat(0)), 0.0);
        // The shares a learning environment rewards: 1/3 as Python's 1 / 3 gives it.
        assert_eq!(o.win_share(Seat(2)), 1.0 / 3.0);
        assert_eq!(o.margin(), 0);
        assert_eq!(o.top_score(), 9);
    }

    #[test]
    fn margin_is_best_minus_second() {
        let o = outcome(&[3, 12, 7], 0b010);
        assert_eq!(o.margin(), 5);
        assert_eq!(o.win_share_units(Seat(1)), WIN_SHARE_UNITS);
        assert_eq!(o.win_share(Seat(1)), 1.0);
    }
}
