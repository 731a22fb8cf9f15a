//! The thinking bots allocate nothing while playing Race to the North Pole, once their
//! buffers have grown at their first decision (random games allocating nothing is one of
//! the conformance checks), with playouts cut at the game's default and at 2 turns.

floe_conformance::install_counting_allocator!();

use north_pole::{NorthPole, Rules};

#[test]
fn greedy_and_mcts_games_allocate_nothing_once_their_buffers_have_grown() {
    let specs = [
        "greedy",
        "mcts:iters=30,cut=2",
        "mcts:iters=30,tree=multi,reward=rank",
        "greedy:depth=1,turn=random,judge=next-turn",
    ];
    // Games cut at 30 rounds: weak searchers rarely finish, and allocation shows early.
    let mut rules = Rules::standard();
    rules.round_limit = 30;
    floe_conformance::check_bots_allocate_nothing(&NorthPole::new(rules), &specs, 2, 3);
}
