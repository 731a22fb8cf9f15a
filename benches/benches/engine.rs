//! Every listed game's engine on one core: random games at 2, 3 and 4 players (those the
//! game seats), answering each question uniformly at random straight through the `Game`
//! trait (no bot interface), as answered questions per second; games per second follow
//! from the questions per game printed beside each group.
//!
//! `cargo bench -p floe-benches --bench engine`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use floe_benches::games;
use floe_core::{ActionList, Game, Stream, game_seed, stream_rng};
use floe_games::GameVisitor;
use rand::RngExt;

/// Games in one measured batch: enough that a batch's question count varies little.
const BATCH: u64 = 200;

/// Plays games `0..BATCH` at `players` with random answers; returns the questions asked.
fn batch<G: Game>(game: &G, players: usize, answers: &mut ActionList<G::Action>) -> u64 {
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

/// Benches random games of one game at each of 2, 3 and 4 players it seats.
struct RandomGames<'a>(&'a mut Criterion);

impl GameVisitor for RandomGames<'_> {
    type Output = ();
    fn visit<G: Game + 'static>(self, game: G) {
        let mut answers = ActionList::new();
        let counts = game.player_counts();
        for players in (2..=4).filter(|p| counts.contains(p)) {
            let questions = batch(&game, players, &mut answers);
            floe_io::console::note(&format!(
                "{} random {players}p: {:.1} questions per game",
                game.name(),
                questions as f64 / BATCH as f64
            ));
            let mut group = self
                .0
                .benchmark_group(format!("{}/engine_random_{players}p", game.name()));
            group.throughput(Throughput::Elements(questions));
            group.bench_function(format!("questions_{BATCH}_games_one_core"), |b| {
                b.iter(|| assert_eq!(batch(&game, players, &mut answers), questions))
            });
            group.finish();
        }
    }
}

fn random_games(c: &mut Criterion) {
    for name in games() {
        floe_games::visit(name, None, RandomGames(c)).expect("a listed game loads");
    }
}

criterion_group!(benches, random_games);
criterion_main!(benches);
