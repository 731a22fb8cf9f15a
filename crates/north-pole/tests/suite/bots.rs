//! The bots on Race to the North Pole: greedy and MCTS (with playouts cut after the game's
//! 16 turns and judged by the greedy evaluation) both take the Pole when a play reaches it.

use crate::builder;

use builder::Table;
use floe_bots::{Bot, BotSpec};
use floe_core::{Seat, Stream, View, stream_rng};
use north_pole::{Action, Mode, Movement, NorthPole, StormColour};

/// Returns the answer `spec` gives seat 0 at the target question of a March from d4, the
/// open entry, with an opponent pawn on d5 to leave the choice open.
fn answer(spec: &str, seed: u64) -> Action {
    let march = builder::card_of(Movement::March, Mode::A, StormColour::Blue, 0);
    let mut t = Table::new(2);
    t.pawn(0, "d4").pawn(1, "d6").target(0, march, "d4");
    assert!(t.answers().contains(&Action::Pole), "{:?}", t.answers());
    let game: &NorthPole = &t.game;
    let view = View::new(game, &t.st, Seat(0));
    let mut bot = BotSpec::parse(spec).unwrap().build::<NorthPole>();
    bot.act(&view, &t.answers(), &mut stream_rng(seed, Stream::Bot(0)))
}

#[test]
fn greedy_takes_the_pole_when_a_play_reaches_it() {
    for seed in 0..5 {
        assert_eq!(answer("greedy", seed), Action::Pole);
    }
}

#[test]
fn mcts_with_cut_playouts_takes_the_pole_when_a_play_reaches_it() {
    for seed in 0..3 {
        assert_eq!(answer("mcts:iters=300", seed), Action::Pole, "seed {seed}");
        assert_eq!(
            answer("mcts:iters=300,cut=4", seed),
            Action::Pole,
            "seed {seed}"
        );
    }
}
