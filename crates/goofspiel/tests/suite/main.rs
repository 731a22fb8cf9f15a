//! The integration tests of this crate, one module a concern, in one test binary: the
//! games' and bots' generic code they share is compiled once for all of them, at the
//! crate's optimisation level, rather than once a file, and their tests run side by side.

// Counts allocations for the no-allocation checks (per thread: tests side by side do
// not count each other's).
floe_conformance::install_counting_allocator!();

mod arc;
mod balance;
mod conformance;
mod deals;
mod fuzz_rules;
