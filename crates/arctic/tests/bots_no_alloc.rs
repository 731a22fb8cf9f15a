//! The thinking bots allocate nothing while playing Arctic, once their buffers have grown
//! at their first decision (random games allocating nothing is one of the conformance
//! checks).

floe_conformance::install_counting_allocator!();

use arctic::Arctic;
use floe_bots::BotSpec;
use floe_conformance::allocations;
use floe_core::game_seed;
use floe_sim::{Table, play};

#[test]
fn greedy_and_mcts_games_allocate_nothing_once_their_buffers_have_grown() {
    let game = Arctic::standard();
    let bots = [
        "greedy",
        "mcts:iters=30",
        "mcts:iters=30,tree=multi,reward=rank,rollout=greedy",
        "greedy:depth=1,judge=next-turn",
    ]
    .map(|s| BotSpec::parse(s).unwrap().build())
    .into();
    let mut table = Table::new(bots);
    let mut games = |indices: std::ops::Range<u64>| {
        for index in indices {
            play(
                &game,
                &mut table,
                index,
                game_seed(4, index),
                false,
                &mut |_| {},
            );
        }
    };
    // Warm-up: greedy grows its lookahead buffers, and MCTS its node arena, at the first
    // decisions; a second game reaches questions the first did not.
    games(0..2);
    let before = allocations();
    games(2..5);
    assert_eq!(allocations() - before, 0, "a bot allocated during play");
}
