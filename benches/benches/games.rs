//! Games per second: four-player random games on one core (the engine behind its bot
//! interface, and the plain inline baseline), and a whole run on all cores.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use floe_benches::{random_run, random_table};
use floe_core::game_seed;

/// One game at a time on one core, through the bot interface (`floe_sim::play`).
fn one_core(c: &mut Criterion) {
    let (game, mut table) = random_table();
    let mut group = c.benchmark_group("random_4p");
    group.throughput(Throughput::Elements(1));
    let mut index = 0u64;
    group.bench_function("one_game_one_core", |b| {
        b.iter(|| {
            index += 1;
            let record = floe_sim::play(
                &game,
                &mut table,
                index,
                game_seed(1, index),
                false,
                &mut |_| {},
            );
            assert!(
                record.outcome.winner_count() >= 1,
                "every game has a winner"
            );
            black_box(record)
        })
    });
    // The yardstick: the same games, plain and inline, with no bot interface.
    let plain = floe_benches::plain::Plain::classic();
    let mut index = 0u64;
    group.bench_function("plain_baseline_one_core", |b| {
        b.iter(|| {
            index += 1;
            let result = plain.play(4, 1, index);
            assert!(result.winners != 0, "every game has a winner");
            black_box(result)
        })
    });
    group.finish();
}

/// A run of 20,000 games through `floe_sim::run` on 1 thread and on every core.
fn scaling(c: &mut Criterion) {
    const GAMES: u64 = 20_000;
    let game = arctic_race::ArcticRace::classic();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut group = c.benchmark_group("run_20k_random_4p");
    group
        .throughput(Throughput::Elements(GAMES))
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for threads in [1, cores] {
        let run = random_run(GAMES, threads);
        group.bench_function(format!("threads_{threads}"), |b| {
            b.iter(|| {
                let tally = floe_sim::run(&game, &run, &|_| {}, None).expect("the run is valid");
                assert_eq!(tally.games, GAMES);
                black_box(tally)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, one_core, scaling);
criterion_main!(benches);
