//! `floe tune`: searching a game's declared rule parameters for the table that makes an
//! objective (seat spread, seat chi-square, game length, round-limit ends, ties) smallest,
//! then measuring the best candidates again on fresh deals.

pub mod objective;
pub mod run;
pub mod search;
pub mod spec;

pub use run::{Priced, TuneReport, check, price, trial, tune};
pub use spec::TuneSpec;
