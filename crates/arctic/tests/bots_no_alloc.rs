//! The thinking bots allocate nothing while playing Arctic, once their buffers have grown
//! at their first decision (random games allocating nothing is one of the conformance
//! checks).

floe_conformance::install_counting_allocator!();

use arctic::Arctic;

#[test]
fn greedy_and_mcts_games_allocate_nothing_once_their_buffers_have_grown() {
    let specs = [
        "greedy",
        "mcts:iters=30",
        "mcts:iters=30,tree=multi,reward=rank,rollout=greedy",
        "greedy:depth=1,judge=next-turn",
    ];
    // Two warm-up games: a second game reaches questions the first did not.
    floe_conformance::check_bots_allocate_nothing(&Arctic::standard(), &specs, 2, 3);
}
