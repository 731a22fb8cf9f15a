//! [`TieBreak`]: how the winners of a finished game were found (rules page, "Scoring"),
//! step by step, so that the log can say which step decided.

use std::fmt;

use floe_core::Seat;

use crate::pieces::RACERS;
use crate::state::State;

/// How the winners were found: the best score, the seats that reached it, and the seats
/// still level after comparing the places of each race in turn (a finished racer beats an
/// unfinished one). Kept step by step so that the log can say which step decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieBreak {
    /// The highest score.
    pub(crate) best: i32,
    /// Bit `s` is set when seat `s` scored `best`.
    pub(crate) on_points: u8,
    /// Per race, the seats still level after its places were compared; the last entry
    /// holds the winners.
    pub(crate) after: [u8; RACERS],
}

impl TieBreak {
    /// Breaks the ties of `scores` by the places of `st`. A search scores every playout,
    /// so the usual case, one seat alone on the best score, returns at once.
    pub(crate) fn of(st: &State, scores: &[i32]) -> TieBreak {
        let best = scores.iter().copied().max().unwrap_or(0);
        let on_points = (0..scores.len())
            .filter(|&s| scores[s] == best)
            .fold(0u8, |m, s| m | 1 << s);
        let mut after = [on_points; RACERS];
        let mut left = on_points;
        for race in 0..RACERS {
            if left.count_ones() == 1 {
                break;
            }
            // Unfinished counts as the worst place.
            let place = |s: usize| match st.place[s][race] {
                0 => u8::MAX,
                p => p,
            };
            let seats = || (0..scores.len()).filter(|&s| left & 1 << s != 0);
            let top = seats().map(place).min().unwrap_or(u8::MAX);
            left = seats()
                .filter(|&s| place(s) == top)
                .fold(0u8, |m, s| m | 1 << s);
            after[race..].fill(left);
        }
        TieBreak {
            best,
            on_points,
            after,
        }
    }

    /// Returns the winners (bit `s` for seat `s`).
    pub(crate) fn winners(&self) -> u8 {
        self.after[RACERS - 1]
    }
}

impl fmt::Display for TieBreak {
    /// `seat 1 wins on points (8)`, or the tied seats and each race's step up to the one
    /// that decided: `seat 1 and seat 2 tie on 8 points; race 1 equal, race 2 keeps seat 1:
    /// seat 1 wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.on_points.count_ones() == 1 {
            write_seats(f, self.on_points)?;
            return write!(f, " wins on points ({})", self.best);
        }
        write_seats(f, self.on_points)?;
        write!(f, " tie on {} points; by places:", self.best)?;
        let mut before = self.on_points;
        for (race, &left) in self.after.iter().enumerate() {
            if race > 0 {
                f.write_str(",")?;
            }
            write!(f, " race {}", race + 1)?;
            if left == before {
                f.write_str(" equal")?;
            } else {
                f.write_str(" keeps ")?;
                write_seats(f, left)?;
            }
            before = left;
            if left.count_ones() == 1 {
                f.write_str(": ")?;
                write_seats(f, left)?;
                return f.write_str(" wins");
            }
        }
        f.write_str(": still level, a shared win")
    }
}

/// Writes the seats of the mask `seats` as `seat 0, seat 1 and seat 3`.
fn write_seats(f: &mut fmt::Formatter<'_>, seats: u8) -> fmt::Result {
    let count = seats.count_ones();
    let all = (0..8u8).filter(|s| seats & 1 << s != 0);
    for (i, s) in all.enumerate() {
        let sep = match i as u32 {
            0 => "",
            i if i + 1 == count => " and ",
            _ => ", ",
        };
        write!(f, "{sep}{}", Seat(s))?;
    }
    Ok(())
}
