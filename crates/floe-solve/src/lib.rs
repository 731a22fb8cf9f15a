//! Exact answers for small games, to check the bots against: the value and an
//! equilibrium of a two-seat zero-sum game of secret simultaneous choices, solved by
//! backward induction with a matrix game at each secret round ([`Solver`]), and the
//! exploitability of a strategy or a bot there: what it loses, below the game's value,
//! against a best response to it ([`exploitability`]).
//!
//! The games solved keep nothing private but the answers of the secret round in progress,
//! and draw all their chance when dealt (Goofspiel with a fixed or shuffled prize deck):
//! see [`Solver`]. The game lists its deals ([`floe_core::Game::deals`]); [`run_solve`] is
//! `floe solve`: the value and each bot's exploitability, as a table.

mod exploit;
mod matrix;
mod public;
mod solve;
mod study;

pub use exploit::{
    Exploitability, Sampling, Strategy, Uniform, Work, best_response_value, exploitability,
    exploitability_of, questions,
};
pub use matrix::{MatrixSolution, column_concession, row_guarantee, solve_matrix};
pub use public::{Belief, Payoff, split};
pub use solve::{RoundSolution, Solver};
pub use study::{
    DEFAULT_GAME, DEFAULT_RULES, ExploitRow, SolveOut, SolveReport, SolveRequest, TABLE, run_solve,
};
