//! Exact values by backward induction: each secret round's matrix of continuation values
//! solved as a zero-sum matrix game, each turn by its best answer.

use std::collections::HashMap;

use floe_core::{Game, Seat};

use crate::matrix::{MatrixSolution, solve_matrix};
use crate::public::{Belief, Next, Node, Payoff, expand, key, split};

/// Solves a small two-seat zero-sum game exactly, remembering every public state's value.
///
/// The games it solves draw all their chance when dealt (the deals are its input) and keep
/// nothing private but the answers of the secret round in progress: then a public state,
/// with the chance of each deal still possible, is all either seat knows, and the game
/// from there is a matrix game per round whose payoffs are the public states' values
/// (Goofspiel, with a fixed or a shuffled prize deck). The value of a question answered
/// in the open is its best answer's for the seat asked.
pub struct Solver<'g, G: Game> {
    game: &'g G,
    payoff: Payoff,
    values: HashMap<String, f64>,
}

/// A secret round solved: each seat's answers, seat 0's payoff of each pair (the value of
/// the public state it leads to) and an equilibrium of that matrix.
#[derive(Clone, Debug)]
pub struct RoundSolution<A> {
    /// Seat 0's answers, one per row.
    pub rows: Vec<A>,
    /// Seat 1's answers, one per column.
    pub columns: Vec<A>,
    /// Seat 0's payoff of row `i` against column `j`, play going on at equilibrium.
    pub payoff: Vec<Vec<f64>>,
    /// The value of the round and an equilibrium of it.
    pub solution: MatrixSolution,
}

/// Returns the matrix of a round's continuation values: entry `(i, j)` is the chance-weighted
/// `value` of the public states answers `i` and `j` lead to.
pub(crate) fn matrix<S>(
    next: &[Vec<Next<S>>],
    value: &mut impl FnMut(&Belief<S>) -> f64,
) -> Vec<Vec<f64>> {
    next.iter()
        .map(|row| row.iter().map(|cell| expected(cell, value)).collect())
        .collect()
}

/// Returns the chance-weighted `value` of the public states `next`.
pub(crate) fn expected<S>(
    next: &[(Belief<S>, f64)],
    value: &mut impl FnMut(&Belief<S>) -> f64,
) -> f64 {
    next.iter().map(|(b, share)| share * value(b)).sum()
}

impl<'g, G: Game> Solver<'g, G> {
    /// Returns a solver of `game` scored by `payoff`.
    pub fn new(game: &'g G, payoff: Payoff) -> Solver<'g, G> {
        Solver {
            game,
            payoff,
            values: HashMap::new(),
        }
    }

    /// Returns seat 0's value of the game dealt as `deals` (states at the first question,
    /// each with its chance): what it can hold the game to, and seat 1 too.
    pub fn value(&mut self, deals: Belief<G::State>) -> f64 {
        let publics = split(self.game, deals);
        expected(&publics, &mut |b| self.value_of(b))
    }

    /// Returns the value of the public state `belief`.
    pub fn value_of(&mut self, belief: &Belief<G::State>) -> f64 {
        let k = key(self.game, &belief[0].0);
        if let Some(&v) = self.values.get(&k) {
            return v;
        }
        let v = match expand(self.game, self.payoff, belief) {
            Node::Over(x) => x,
            Node::Round { next, .. } => {
                solve_matrix(&matrix(&next, &mut |b| self.value_of(b))).value
            }
            Node::Turn { seat, next, .. } => {
                let values = next.iter().map(|n| expected(n, &mut |b| self.value_of(b)));
                if seat == Seat(0) {
                    values.fold(f64::MIN, f64::max)
                } else {
                    values.fold(f64::MAX, f64::min)
                }
            }
        };
        self.values.insert(k, v);
        v
    }

    /// Returns the secret round pending at the public state `belief` solved, or `None`
    /// where the question pending is not a secret round's first.
    pub fn round(&mut self, belief: &Belief<G::State>) -> Option<RoundSolution<G::Action>> {
        let Node::Round {
            rows,
            columns,
            next,
        } = expand(self.game, self.payoff, belief)
        else {
            return None;
        };
        let payoff = matrix(&next, &mut |b| self.value_of(b));
        let solution = solve_matrix(&payoff);
        Some(RoundSolution {
            rows: rows.to_vec(),
            columns: columns.to_vec(),
            payoff,
            solution,
        })
    }
}
