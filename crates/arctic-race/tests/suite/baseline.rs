//! The plain baseline reaches the engine's result in every game: a second, independent
//! check of the round flow and the tie-break, and what makes it a fair yardstick.

#[path = "../../baseline/plain.rs"]
mod plain;

use arctic_race::ArcticRace;
use floe_bots::BotSpec;
use floe_core::game_seed;
use floe_sim::{Seats, play};
use plain::Plain;

/// The engine behind the bot interface and the plain baseline agree on every game.
#[test]
fn plain_games_match_the_engine() {
    let (plain, game) = (Plain::classic(), ArcticRace::classic());
    for players in 2..=6 {
        let bots = (0..players)
            .map(|_| BotSpec::parse("random").unwrap().build())
            .collect();
        let mut table = Seats::new(bots);
        let deal = floe_sim::Dealing::default();
        for index in 0..400 {
            let seed = game_seed(8, index);
            let engine = play(&game, &mut table, index, seed, &deal, &mut |_| {}).outcome;
            let p = plain.play(players, 8, index);
            assert_eq!(
                (&p.scores[..players], p.winners, p.rounds, p.cause),
                (
                    engine.seat_scores(),
                    engine.winners,
                    engine.rounds,
                    engine.end_cause
                ),
                "{players} players, game {index}"
            );
        }
    }
}
