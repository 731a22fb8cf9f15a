//! The thinking bots allocate nothing while playing Race to the North Pole, once their
//! buffers have grown at their first decision (random games allocating nothing is one of
//! the conformance checks), with playouts cut at the game's default and at 2 turns.

use north_pole::{NorthPole, Rules};

/// The standard rules with games cut at 30 rounds: weak searchers rarely finish, and
/// allocation shows early.
fn cut_at_30_rounds() -> NorthPole {
    let mut rules = Rules::standard();
    rules.round_limit = 30;
    NorthPole::new(rules)
}

floe_conformance::bots_allocate_nothing_test! {
    game: cut_at_30_rounds(),
    bots: ["greedy", "mcts:iters=30,cut=2", "mcts:iters=30,tree=multi,reward=rank",
        "greedy:depth=1,turn=random,judge=next-turn"],
    warm_up: 2,
    measured: 3,
}
