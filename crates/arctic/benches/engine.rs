//! Arctic's engine on one core: random games at 2, 3 and 4 players, answering each
//! question uniformly at random straight through the `Game` trait (no bot interface), as
//! answered questions per second; games per second follow from the questions per game
//! printed beside each group.
//!
//! `cargo bench -p arctic --bench engine`

use std::hint::black_box;

use arctic::Arctic;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use floe_core::{ActionList, Game, Stream, game_seed, stream_rng};
use rand::RngExt;

/// Games in one measured batch: enough that a batch's question count varies little.
const BATCH: u64 = 200;

/// Plays games `0..BATCH` at `players` with random answers; returns the questions asked.
fn batch(game: &Arctic, players: usize, answers: &mut ActionList<arctic::Action>) -> u64 {
    let mut questions = 0;
    for index in 0..BATCH {
        let seed = game_seed(players as u64, index);
        let mut chance = stream_rng(seed, Stream::Chance);
        let mut pick = stream_rng(seed, Stream::Bot(0));
        let mut state = game.new_game(players, &mut chance);
        game.legal_actions(&state, answers);
        while game.to_act(&state).is_some() {
            let answer = answers[pick.random_range(0..answers.len())];
            game.advance(&mut state, answer, &mut chance, answers, &mut |_| {});
            questions += 1;
        }
        black_box(&state);
    }
    questions
}

fn random_games(c: &mut Criterion) {
    let game = Arctic::standard();
    let mut answers = ActionList::new();
    for players in 2..=4 {
        let questions = batch(&game, players, &mut answers);
        println!(
            "arctic random {players}p: {:.1} questions per game",
            questions as f64 / BATCH as f64
        );
        let mut group = c.benchmark_group(format!("arctic/random_{players}p"));
        group.throughput(Throughput::Elements(questions));
        group.bench_function(format!("questions_{BATCH}_games_one_core"), |b| {
            b.iter(|| assert_eq!(batch(&game, players, &mut answers), questions))
        });
        group.finish();
    }
}

criterion_group!(benches, random_games);
criterion_main!(benches);
