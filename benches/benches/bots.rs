//! Bot decisions per second at the opening of a four-player game: greedy, and MCTS
//! (iterations per second).

use std::hint::black_box;

use arctic_race::{Action, ArcticRace, State};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use floe_bots::{Bot, BotSpec};
use floe_core::{ActionList, Game, Seat, Stream, View, stream_rng};

/// The opening of a four-player game: the state and its five commit answers.
fn opening() -> (ArcticRace, State, ActionList<Action>) {
    let game = ArcticRace::classic();
    let state = game.new_game(4, &mut stream_rng(1, Stream::Chance));
    let mut answers = ActionList::new();
    game.legal_actions(&state, &mut answers);
    assert_eq!(
        answers.len(),
        5,
        "the opening question is which of five cards to commit"
    );
    (game, state, answers)
}

/// Benches one decision at the opening per spec; `per_decision` is the throughput unit
/// count of one decision (1 for decisions, the iteration budget for MCTS).
fn bench_specs(c: &mut Criterion, group: &str, specs: &[(&str, u64)], sample_size: usize) {
    let (game, state, answers) = opening();
    let mut group = c.benchmark_group(group);
    group.sample_size(sample_size);
    for &(spec, per_decision) in specs {
        let mut bot = BotSpec::parse(spec).unwrap().build::<ArcticRace>();
        let mut rng = stream_rng(1, Stream::Bot(0));
        group.throughput(Throughput::Elements(per_decision));
        group.bench_function(spec, |b| {
            b.iter(|| {
                let action = bot.act(&View::new(&game, &state, Seat(0)), &answers, &mut rng);
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

/// Greedy decisions per second at three depths.
fn greedy_decision(c: &mut Criterion) {
    let specs = [("greedy:depth=0", 1), ("greedy", 1), ("greedy:depth=2", 1)];
    bench_specs(c, "greedy_4p_opening", &specs, 100);
}

/// MCTS iterations per second (the throughput of a decision of 1000 iterations), and so the
/// time of a decision at the default budget.
fn mcts_decision(c: &mut Criterion) {
    let specs = [
        ("mcts:iters=1000", 1000),
        ("mcts:iters=1000,rollout=greedy", 1000),
    ];
    bench_specs(c, "mcts_4p_opening", &specs, 20);
}

criterion_group!(benches, greedy_decision, mcts_decision);
criterion_main!(benches);
