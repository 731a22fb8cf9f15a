//! Floe's batch runner: plays seeded games in parallel and turns them into statistics.
//!
//! One game is a pure function of (rules, bots, seed): [`play`] plays it. [`run`] plays a
//! whole run of games on a rayon pool, each worker thread with its own bots and buffers,
//! and sums exact integer counts into a [`Tally`], so the result is the same whatever the
//! thread count. [`report`] turns a tally into the rows of typed
//! [`table`]s, and [`tables`] builds all of a run's tables and printed text from its
//! cells' tallies in one call.

mod answer_row;
pub mod answers;
pub mod arc;
pub mod arc_table;
mod deal;
mod dealing;
pub mod kinds;
pub mod ladder;
mod play;
pub mod ratings;
pub mod report;
mod run;
mod setting;
pub mod share;
pub mod stats;
pub mod table;
pub mod tables;
mod tally;
pub mod verdict;

pub use deal::Deal;
pub use dealing::{DealSetting, Dealing, Seating};
pub use play::{GameRecord, Line, Seats, play};
pub use run::{
    RecordSink, RunConfig, RunError, Shard, check_players, empty_tally, replay, run, run_until,
};
pub use setting::{Names, Setting, Wording};
pub use tally::{Counter, FigureTally, GroupTally, PAIR_UNITS, PairTally, Tally};
