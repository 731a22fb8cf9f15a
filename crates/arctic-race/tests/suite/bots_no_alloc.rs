//! The thinking bots allocate nothing while playing, once their buffers have grown at
//! their first decision (random games allocating nothing is one of the conformance
//! checks).

floe_conformance::bots_allocate_nothing_test! {
    game: arctic_race::ArcticRace::classic(),
    bots: ["greedy", "mcts:iters=40", "mcts:iters=40,tree=multi,reward=rank", "greedy:depth=2",
        "mcts:iters=25,rollout=greedy,tree=open,reward=score", "mcts:iters=40,simul=regret"],
    warm_up: 1,
    measured: 7,
}
