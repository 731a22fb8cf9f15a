//! The thinking bots allocate nothing while playing, once their buffers have grown at
//! their first decision (random games allocating nothing is one of the conformance
//! checks).

floe_conformance::install_counting_allocator!();

use arctic_race::ArcticRace;
use floe_bots::BotSpec;
use floe_conformance::allocations;
use floe_core::game_seed;
use floe_sim::{Table, play};

#[test]
fn greedy_and_mcts_games_allocate_nothing_once_their_buffers_have_grown() {
    let game = ArcticRace::classic();
    let bots = [
        "greedy",
        "mcts:iters=40",
        "mcts:iters=40,tree=multi,reward=rank",
        "greedy:depth=2",
        "mcts:iters=25,rollout=greedy,tree=open,reward=score",
    ]
    .map(|s| BotSpec::parse(s).unwrap().build())
    .into();
    let mut table = Table::new(bots);
    // Warm-up: greedy grows its lookahead buffers, and MCTS its node arena (one tree per seat
    // for `tree=multi`), at the first decision.
    play(&game, &mut table, 0, game_seed(4, 0), false, &mut |_| {});
    let before = allocations();
    for index in 1..8 {
        play(
            &game,
            &mut table,
            index,
            game_seed(4, index),
            false,
            &mut |_| {},
        );
    }
    assert_eq!(allocations() - before, 0, "a bot allocated during play");
}
