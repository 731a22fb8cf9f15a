//! The bots' integration tests, one module a concern, in one test binary: compiled once,
//! the games' and bots' generic code is instantiated once for all of them (eight binaries
//! took 126 s of CPU to build, one takes less), and their tests run side by side.

// Learned bots count their allocations (per thread: tests side by side do not count each
// other's).
floe_conformance::install_counting_allocator!();

mod common;
mod fair_play;
mod fuzz_spec;
mod greedy;
mod learned;
mod mcts;
mod search_parts;
mod simultaneous;
mod turns;
