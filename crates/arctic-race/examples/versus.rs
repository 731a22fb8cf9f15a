//! The engine against the plain baseline, timed in alternating chunks.
//!
//! On a shared machine the speed of one core drifts by 10% or more within a minute, so two
//! benches run one after the other can disagree about which is faster. This plays the
//! same four-player random games in chunks, engine then baseline, and reports both rates
//! and the median of the per-chunk ratios, which drift does not move.
//!
//! ```sh
//! cargo run --release -p arctic-race --example versus -- [CHUNK] [CHUNKS]
//! ```

use std::hint::black_box;
use std::time::Instant;

#[path = "../baseline/plain.rs"]
mod plain;

use arctic_race::ArcticRace;
use floe_bots::BotSpec;
use floe_core::game_seed;
use floe_sim::Seats;
use plain::Plain;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| {
        a.parse::<u64>()
            .unwrap_or_else(|_| panic!("expected a count, got {a:?}"))
    });
    let chunk = args.next().unwrap_or(2_000);
    let chunks = args.next().unwrap_or(200);
    let game = ArcticRace::classic();
    let mut table = Seats::new(
        (0..4)
            .map(|_| BotSpec::parse("random").expect("a known bot").build())
            .collect(),
    );
    let plain = Plain::classic();
    let (mut engine_secs, mut plain_secs, mut ratios) = (0.0, 0.0, Vec::new());
    for c in 0..chunks {
        let games = c * chunk..(c + 1) * chunk;
        let start = Instant::now();
        for index in games.clone() {
            let seed = game_seed(1, index);
            black_box(floe_sim::play(
                &game,
                &mut table,
                index,
                seed,
                &floe_sim::Dealing::default(),
                &mut |_| {},
            ));
        }
        let engine = start.elapsed().as_secs_f64();
        let start = Instant::now();
        for index in games {
            black_box(plain.play(4, 1, index));
        }
        let baseline = start.elapsed().as_secs_f64();
        engine_secs += engine;
        plain_secs += baseline;
        ratios.push(baseline / engine);
    }
    ratios.sort_by(f64::total_cmp);
    let games = (chunk * chunks) as f64;
    floe_io::console::note(&format!(
        "engine {:.0} games/s, plain baseline {:.0} games/s, engine/baseline speed: median {:.3} over {chunks} chunks of {chunk}",
        games / engine_secs,
        games / plain_secs,
        ratios[ratios.len() / 2]
    ));
}
