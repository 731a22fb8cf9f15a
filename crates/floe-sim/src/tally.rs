//! [`Tally`]: the exact integer counts a run's statistics are made from.
//!
//! Every field is a count or a sum of integers, so tallies merge by addition in any order
//! and the result is the same whatever the thread count or the split into chunks. Shared
//! wins are counted in [`WIN_SHARE_UNITS`] so they stay integers too.

use floe_core::{MAX_SEATS, Seat, WIN_SHARE_UNITS};

use crate::GameRecord;

/// Most end causes a game may have.
pub const MAX_END_CAUSES: usize = 8;

/// Counts for one group of seat-games (a seat, a colour, or a bot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupTally {
    /// Seat-games in the group.
    pub games: u64,
    /// Wins, in [`WIN_SHARE_UNITS`].
    pub win_units: u64,
    /// Sum of scores.
    pub score_sum: i64,
}

impl GroupTally {
    fn add(&mut self, other: &GroupTally) {
        self.games += other.games;
        self.win_units += other.win_units;
        self.score_sum += other.score_sum;
    }

    /// Returns the wins (shared wins counted fractionally).
    pub fn wins(&self) -> f64 {
        self.win_units as f64 / f64::from(WIN_SHARE_UNITS)
    }
}

/// The counts of a run (or part of one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Sum of rounds.
    pub rounds_sum: u64,
    /// Sum of squared rounds (for the standard deviation).
    pub rounds_sq_sum: u128,
    /// Games per end cause.
    pub end_causes: [u64; MAX_END_CAUSES],
    /// Games with a shared win.
    pub ties: u64,
    /// Sum of the highest score.
    pub winner_score_sum: i64,
    /// Sum of the highest minus the second highest score.
    pub margin_sum: i64,
    /// Per seat.
    pub seats: [GroupTally; MAX_SEATS],
    /// Per colour index.
    pub colours: Vec<GroupTally>,
    /// Per bot group (index into the run's distinct bot specs).
    pub bots: Vec<GroupTally>,
}

impl Tally {
    /// Returns an empty tally for `colours` colours and `bots` distinct bot specs.
    pub fn new(colours: usize, bots: usize) -> Tally {
        Tally {
            colours: vec![GroupTally::default(); colours],
            bots: vec![GroupTally::default(); bots],
            ..Tally::default()
        }
    }

    /// Counts one game; `bot_of_seat` maps each seat to its bot group.
    pub fn record(&mut self, game: &GameRecord, bot_of_seat: &[usize]) {
        let o = &game.outcome;
        self.games += 1;
        self.rounds_sum += u64::from(o.rounds);
        self.rounds_sq_sum += u128::from(o.rounds) * u128::from(o.rounds);
        self.end_causes[o.end_cause as usize] += 1;
        self.ties += u64::from(o.winner_count() > 1);
        self.winner_score_sum += i64::from(o.top_score());
        self.margin_sum += i64::from(o.margin());
        for seat in Seat::all(o.players as usize) {
            let s = seat.index();
            let one = GroupTally {
                games: 1,
                win_units: u64::from(o.win_share_units(seat)),
                score_sum: i64::from(o.scores[s]),
            };
            self.seats[s].add(&one);
            self.colours[game.colours[s] as usize].add(&one);
            self.bots[bot_of_seat[s]].add(&one);
        }
    }

    /// Adds `other`'s counts to this tally.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.rounds_sum += other.rounds_sum;
        self.rounds_sq_sum += other.rounds_sq_sum;
        for (a, b) in self.end_causes.iter_mut().zip(other.end_causes) {
            *a += b;
        }
        self.ties += other.ties;
        self.winner_score_sum += other.winner_score_sum;
        self.margin_sum += other.margin_sum;
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            a.add(b);
        }
        for (a, b) in self.colours.iter_mut().zip(&other.colours) {
            a.add(b);
        }
        for (a, b) in self.bots.iter_mut().zip(&other.bots) {
            a.add(b);
        }
    }
}
