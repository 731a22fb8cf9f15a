//! The yardstick of Arctic Race's engine: the plain inline baseline playing four-player
//! random games on one core. The engine's own figure for the same games is the generic
//! bench `arctic-race/random_4p/one_game_one_core` (`cargo bench -p floe-benches --bench
//! games`); `cargo run --release -p arctic-race --example versus` times the two in
//! alternating chunks, which a drifting machine does not bias.
//!
//! `cargo bench -p arctic-race --bench baseline`

#[path = "../baseline/plain.rs"]
mod plain;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The same games as the engine bench, plain and inline, with no bot interface.
fn one_core(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_4p");
    group.throughput(Throughput::Elements(1));
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
