//! What an MCTS search does: every switch of [`crate::MctsBot`] in one value.

use std::time::Duration;

use crate::{Reward, Rollout, Simul, TreeKind};

/// When a playout stops and is judged by the seats' standings instead of played out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Never: every playout is played to the end of the game.
    End,
    /// When this many turns have started since the leaf; 0 judges the leaf itself, with
    /// no playout at all.
    Turns(u32),
}

/// How the search treats the rest of the searching seat's current turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// As any other question: a node per answer.
    Tree,
    /// By plan: for each answer of the root question, the best way to finish the turn
    /// (every answer of its later questions tried on one sample and the turn's end judged
    /// by the standing, as the greedy bot searches it) is found once per decision, and each
    /// iteration follows its root answer's plan while the plan's answers are on offer.
    /// The plans' values are the root answers' priors.
    Plan,
}

/// How an MCTS bot searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Iterations per decision.
    pub iters: u32,
    /// Wall time per decision, if limited: the search stops at this or at `iters`.
    pub time_limit: Option<Duration>,
    /// The exploration constant of UCT.
    pub c: f64,
    /// How playouts answer.
    pub rollout: Rollout,
    /// The chance of a random answer in a [`Rollout::Mast`] or [`Rollout::Standing`]
    /// playout.
    pub epsilon: f64,
    /// Which tree(s) the search keeps.
    pub tree: TreeKind,
    /// What a playout's end is worth.
    pub reward: Reward,
    /// When a playout is cut and judged.
    pub cut: Cut,
    /// The weight of the progressive bias: a child's prior (its estimate scaled to 0..1
    /// among its siblings) times this, divided by its visits plus one, is added to its UCT
    /// value; 0 for none.
    pub bias: f64,
    /// Progressive widening: a node visited n times has at most 1 + widen * sqrt(n)
    /// children, added best estimate first; 0 lets every answer in at once.
    pub widen: f64,
    /// Whether the root answers are compared on common samples: each root answer's n-th
    /// iteration plays the decision's n-th sample of the hidden facts and chance, so the
    /// answers' means differ by what the answers do, less by luck.
    pub paired: bool,
    /// How the rest of the current turn is searched.
    pub turn: Turn,
    /// How answers are picked at a secret simultaneous choice the game declares
    /// ([`floe_core::Game::secret_round`]), and so how the search answers one.
    pub simul: Simul,
}

impl Settings {
    /// The plain search: 1,000 iterations, c 0.7, random playouts to the end, one tree
    /// keyed by what the seat sees, score rewards, no priors, the rest of a turn in the
    /// tree, root answers compared on common samples, secret simultaneous choices picked
    /// as the tree picks any other.
    pub const PLAIN: Settings = Settings {
        iters: 1000,
        time_limit: None,
        c: 0.7,
        rollout: Rollout::Random,
        epsilon: 0.1,
        tree: TreeKind::Single,
        reward: Reward::Score,
        cut: Cut::End,
        bias: 0.0,
        widen: 0.0,
        turn: Turn::Tree,
        paired: true,
        simul: Simul::Tree,
    };
}
