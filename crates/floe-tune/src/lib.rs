//! `floe tune`: searching a game's declared rule parameters for the table that makes an
//! objective (seat spread, seat chi-square, game length, round-limit ends, ties) smallest,
//! then measuring the best candidates again on fresh deals.

pub mod objective;
mod output;
pub mod plan;
pub mod run;
pub mod search;
pub mod spec;
pub mod verdict;

pub use plan::check;
pub use run::{Priced, TuneReport, price, trial, tune};
pub use spec::TuneSpec;
