//! The thinking bots allocate nothing while playing Arctic, once their buffers have grown
//! at their first decision (random games allocating nothing is one of the conformance
//! checks).

floe_conformance::bots_allocate_nothing_test! {
    game: arctic::Arctic::standard(),
    bots: ["greedy", "mcts:iters=30", "mcts:iters=30,tree=multi,reward=rank,rollout=greedy",
        "greedy:depth=1,judge=next-turn"],
    // Two warm-up games: a second game reaches questions the first did not.
    warm_up: 2,
    measured: 3,
}
