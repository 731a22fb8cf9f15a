//! Games per second of every listed game: one game at a time on one core through the bot
//! interface, and a whole run through `floe_sim::run` on one thread and on every core.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use floe_benches::{games, players, random_run};
use floe_bots::BotSpec;
use floe_core::{Game, game_seed};
use floe_games::GameVisitor;
use floe_sim::Seats;

/// Benches one game at a time on one core.
struct OneCore<'a>(&'a mut Criterion);

impl GameVisitor for OneCore<'_> {
    type Output = ();
    fn visit<G: Game + 'static>(self, game: G) {
        let players = players(&game);
        let seats = |players| {
            let bots = (0..players)
                .map(|_| BotSpec::parse("random").expect("a known bot").build())
                .collect();
            Seats::new(bots)
        };
        let table = seats(players);
        let mut group = self
            .0
            .benchmark_group(format!("{}/random_{players}p", game.name()));
        group.throughput(Throughput::Elements(1));
        // The same games, then followed as they unfold (`--arc`): the cost of reading every
        // seat's standing at each round's start and measuring the course at the end.
        for (name, mut table) in [
            ("one_game_one_core", table),
            (
                "one_game_one_core_arc",
                Seats::following_arcs(seats(players)),
            ),
        ] {
            let (mut index, deal) = (0u64, floe_sim::Dealing::default());
            group.bench_function(name, |b| {
                b.iter(|| {
                    index += 1;
                    let seed = game_seed(1, index);
                    let record = floe_sim::play(&game, &mut table, index, seed, &deal, &mut |_| {});
                    assert!(
                        record.outcome.winner_count() >= 1,
                        "every game has a winner"
                    );
                    black_box(record)
                })
            });
        }
        group.finish();
    }
}

/// Benches a run of 20,000 games on 1 thread and on every core.
struct Scaling<'a>(&'a mut Criterion);

impl GameVisitor for Scaling<'_> {
    type Output = ();
    fn visit<G: Game + 'static>(self, game: G) {
        const GAMES: u64 = 20_000;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let name = format!("{}/run_20k_random_{}p", game.name(), players(&game));
        let mut group = self.0.benchmark_group(name);
        group
            .throughput(Throughput::Elements(GAMES))
            .sample_size(10)
            .measurement_time(Duration::from_secs(10));
        for threads in [1, cores] {
            let run = random_run(&game, GAMES, threads);
            group.bench_function(format!("threads_{threads}"), |b| {
                b.iter(|| {
                    let tally =
                        floe_sim::run(&game, &run, &|_| {}, None).expect("the run is valid");
                    assert_eq!(tally.games, GAMES);
                    black_box(tally)
                })
            });
        }
        group.finish();
    }
}

fn one_core(c: &mut Criterion) {
    for name in games() {
        floe_games::visit(name, None, OneCore(c)).expect("a registered game");
    }
}

fn scaling(c: &mut Criterion) {
    for name in games() {
        floe_games::visit(name, None, Scaling(c)).expect("a registered game");
    }
}

criterion_group!(benches, one_core, scaling);
criterion_main!(benches);
