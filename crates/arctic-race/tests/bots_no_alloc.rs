//! The thinking bots allocate nothing while playing, once their buffers have grown at
//! their first decision (random games allocating nothing is one of the conformance
//! checks).

floe_conformance::install_counting_allocator!();

use arctic_race::ArcticRace;

#[test]
fn greedy_and_mcts_games_allocate_nothing_once_their_buffers_have_grown() {
    let specs = [
        "greedy",
        "mcts:iters=40",
        "mcts:iters=40,tree=multi,reward=rank",
        "greedy:depth=2",
        "mcts:iters=25,rollout=greedy,tree=open,reward=score",
    ];
    floe_conformance::check_bots_allocate_nothing(&ArcticRace::classic(), &specs, 1, 7);
}
