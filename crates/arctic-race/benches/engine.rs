//! Arctic Race's engine alone: four-player random games on one core, behind the bot
//! interface, against the plain inline baseline.
//!
//! `cargo bench -p arctic-race --bench engine`

#[path = "../baseline/plain.rs"]
mod plain;

use std::hint::black_box;

use arctic_race::ArcticRace;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use floe_bots::BotSpec;
use floe_core::game_seed;
use floe_sim::Table;

/// One game at a time on one core: the engine through `floe_sim::play`, and the same games
/// plain and inline, with no bot interface (the yardstick).
fn one_core(c: &mut Criterion) {
    let game = ArcticRace::classic();
    let bots = (0..4)
        .map(|_| BotSpec::parse("random").expect("a known bot").build())
        .collect();
    let mut table = Table::new(bots);
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
    let plain = plain::Plain::classic();
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

criterion_group!(benches, one_core);
criterion_main!(benches);
