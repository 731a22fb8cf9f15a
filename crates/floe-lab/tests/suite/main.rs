//! The integration tests of this crate, one module a concern, in one test binary: the
//! games' and bots' generic code they share is compiled once for all of them, at the
//! crate's optimisation level, rather than once a file, and their tests run side by side.

mod fuzz_merge;
mod fuzz_spec;
mod no_flag_words;
mod plugged;
