//! Bot decisions per second at the opening of a four-player game: greedy, and MCTS
//! (iterations per second).

use std::hint::black_box;

use arctic_race::ArcticRace;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use floe_bots::{Bot, BotSpec};
use floe_core::{ActionList, Game, Seat, Stream, View, stream_rng};

/// One greedy decision (commit question, five answers) on a fresh four-player game.
fn greedy_decision(c: &mut Criterion) {
    let game = ArcticRace::classic();
    let state = game.new_game(4, &mut stream_rng(1, Stream::Chance));
    let mut answers = ActionList::new();
    game.legal_actions(&state, &mut answers);
    assert_eq!(
        answers.len(),
        5,
        "the opening question is which of five cards to commit"
    );
    let mut group = c.benchmark_group("greedy_4p_opening");
    group.throughput(Throughput::Elements(1));
    for spec in ["greedy:depth=0", "greedy", "greedy:depth=2"] {
        let mut bot = BotSpec::parse(spec).unwrap().build::<ArcticRace>();
        let mut rng = stream_rng(1, Stream::Bot(0));
        group.bench_function(spec, |b| {
            b.iter(|| {
                let view = View::new(&game, &state, Seat(0));
                let action = bot.act(&view, &answers, &mut rng);
                assert!(
                    answers.contains(&action),
                    "the answer is one of those offered"
                );
                black_box(action)
            })
        });
    }
    group.finish();
}

/// MCTS at the opening of a four-player game: iterations per second (the throughput of a
/// decision at `iters`), and so the time of a decision at the default budget of 1000.
fn mcts_decision(c: &mut Criterion) {
    let game = ArcticRace::classic();
    let state = game.new_game(4, &mut stream_rng(1, Stream::Chance));
    let mut answers = ActionList::new();
    game.legal_actions(&state, &mut answers);
    let mut group = c.benchmark_group("mcts_4p_opening");
    group.sample_size(20);
    for (spec, iters) in [
        ("mcts:iters=1000", 1000),
        ("mcts:iters=1000,rollout=greedy", 1000),
    ] {
        let mut bot = BotSpec::parse(spec).unwrap().build::<ArcticRace>();
        let mut rng = stream_rng(1, Stream::Bot(0));
        group.throughput(Throughput::Elements(iters));
        group.bench_function(spec, |b| {
            b.iter(|| {
                let view = View::new(&game, &state, Seat(0));
                let action = bot.act(&view, &answers, &mut rng);
                assert!(
                    answers.contains(&action),
                    "the answer is one of those offered"
                );
                black_box(action)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, greedy_decision, mcts_decision);
criterion_main!(benches);
