//! Exact answers for small games, to check the bots against: the value and an
//! equilibrium of a two-seat zero-sum game of secret simultaneous choices, solved by
//! backward induction with a matrix game at each secret round ([`Solver`]), and the
//! exploitability of a strategy or a bot there: what it loses, below the game's value,
//! against a best response to it ([`exploitability`]).
//!
//! The games solved keep nothing private but the answers of the secret round in progress,
//! and draw all their chance when dealt (Goofspiel with a fixed or shuffled prize deck):
//! see [`Solver`].

mod exploit;
mod matrix;
mod public;
mod solve;

pub use exploit::{
    Exploitability, Strategy, Uniform, best_response_value, exploitability, exploitability_of,
};
pub use matrix::{MatrixSolution, column_concession, row_guarantee, solve_matrix};
pub use public::{Belief, Payoff, split};
pub use solve::{RoundSolution, Solver};
