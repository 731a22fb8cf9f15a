//! Criterion benches for Floe live in `benches/`; run them with `cargo bench -p floe-benches`.
//! They reach every game through the registry, so each bench measures every listed game
//! (a bench of one game's engine alone lives with that game's crate).
//!
//! This library holds the set-up they share.

use floe_bots::BotSpec;
use floe_core::Game;
use floe_sim::{Dealing, RunConfig, Shard};

/// Players at the benches' tables: four, or the nearest count the game seats.
pub fn players<G: Game>(game: &G) -> usize {
    4.clamp(*game.player_counts().start(), *game.player_counts().end())
}

/// Returns a run of `games` games of `game` (at [`players`]) with random bots.
pub fn random_run<G: Game>(game: &G, games: u64, threads: usize) -> RunConfig {
    let random = BotSpec::parse("random").expect("random is a known bot");
    let players = players(game);
    RunConfig {
        players,
        bots: vec![random; players],
        dealing: Dealing {
            seed: 1,
            ..Dealing::default()
        },
        games,
        threads,
        shard: Shard::WHOLE,
        arc: false,
    }
}

/// Returns the names of the games the benches measure: every game users are offered.
pub fn games() -> Vec<&'static str> {
    floe_games::listed_names()
}
