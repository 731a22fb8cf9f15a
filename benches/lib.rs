//! Criterion benches for Floe live in `benches/`; run them with `cargo bench -p floe-benches`.
//!
//! This library holds the set-up they share.

pub mod plain;

use arctic_race::ArcticRace;
use floe_bots::BotSpec;
use floe_sim::{RunConfig, Seating, Shard, Table};

/// Returns a run of `games` four-player games of classic Arctic Race with random bots.
pub fn random_run(games: u64, threads: usize) -> RunConfig {
    let random = BotSpec::parse("random").expect("random is a known bot");
    RunConfig {
        players: 4,
        bots: vec![random; 4],
        seating: Seating::Fixed,
        games,
        seed: 1,
        shuffle_colours: false,
        threads,
        shard: Shard::WHOLE,
    }
}

/// Returns classic Arctic Race and a table of four random bots.
pub fn random_table() -> (ArcticRace, Table<ArcticRace>) {
    let run = random_run(1, 1);
    (
        ArcticRace::classic(),
        Table::new(run.bots.iter().map(BotSpec::build).collect()),
    )
}
