//! Rotated seating: every entrant plays every seat equally often, duplicate deals cancel
//! luck, and the result does not depend on the thread count.

use arctic_race::ArcticRace;
use floe_bots::BotSpec;
use floe_sim::{RunConfig, Seating, Shard, run};

fn tournament(
    players: usize,
    bots: &str,
    seating: Seating,
    games: u64,
    threads: usize,
) -> RunConfig {
    RunConfig {
        players,
        bots: floe_bots::split_spec_list(bots)
            .iter()
            .map(|s| BotSpec::parse(s).unwrap())
            .collect(),
        seating,
        games,
        seed: 5,
        shuffle_colours: false,
        threads,
        shard: Shard::WHOLE,
    }
}

#[test]
fn every_entrant_plays_every_seat_equally_often() {
    for (players, entrants) in [(4, 3), (2, 5), (3, 3), (6, 2)] {
        // Entrants' specs must differ; `random` takes no parameters, so use greedy ones.
        let bots: Vec<String> = (0..entrants)
            .map(|i| format!("greedy:progress={i}"))
            .collect();
        let cfg = tournament(
            players,
            &bots.join(","),
            Seating::Rotated,
            10 * entrants as u64,
            1,
        );
        let lineups = cfg.lineups();
        let mut seat_games = vec![vec![0u32; entrants]; players];
        for index in 0..cfg.games {
            let (lineup, _) = cfg.deal(index);
            for (seat, &bot) in lineups[lineup].iter().enumerate() {
                seat_games[seat][bot] += 1;
            }
        }
        for row in &seat_games {
            assert!(
                row.iter().all(|&n| n == 10),
                "{players}p, {entrants} bots: {seat_games:?}"
            );
        }
    }
}

#[test]
fn duplicate_deals_repeat_the_seed_once_per_rotation() {
    let cfg = tournament(4, "random,greedy,greedy:depth=0", Seating::Duplicate, 9, 1);
    let seeds: Vec<u64> = (0..9).map(|i| cfg.deal(i).1).collect();
    assert_eq!(seeds[0], seeds[1]);
    assert_eq!(seeds[1], seeds[2]);
    assert_ne!(seeds[2], seeds[3]);
    assert_eq!(seeds[3..6], [seeds[3]; 3]);
    let rotated = tournament(4, "random,greedy,greedy:depth=0", Seating::Rotated, 9, 1);
    let distinct: std::collections::HashSet<u64> = (0..9).map(|i| rotated.deal(i).1).collect();
    assert_eq!(
        distinct.len(),
        9,
        "without --duplicate every game has its own deal"
    );
}

#[test]
fn twin_entrants_in_duplicate_games_score_exactly_alike() {
    // `greedy` and `greedy:progress=0.5` are the same bot under two names. With duplicate
    // deals each plays every deal from each seat with the same dice and the same bot
    // streams, so their counts must be equal to the last unit.
    let game = ArcticRace::classic();
    let cfg = tournament(2, "greedy,greedy:progress=0.5", Seating::Duplicate, 400, 2);
    let t = run(&game, &cfg, &|_| {}, None).unwrap();
    assert_eq!(t.bots[0], t.bots[1]);
    assert_eq!(t.pairs[1], t.pairs[2]);
    assert_eq!(t.pairs[1].games, 400);
    // Without duplicate deals, luck separates them.
    let cfg = tournament(2, "greedy,greedy:progress=0.5", Seating::Rotated, 400, 2);
    let t = run(&game, &cfg, &|_| {}, None).unwrap();
    assert_ne!(t.bots[0], t.bots[1]);
}

#[test]
fn a_tournament_does_not_depend_on_the_thread_count() {
    let game = ArcticRace::classic();
    let bots = "random,greedy:depth=0,mcts:iters=20";
    let one = run(
        &game,
        &tournament(3, bots, Seating::Duplicate, 60, 1),
        &|_| {},
        None,
    )
    .unwrap();
    let two = run(
        &game,
        &tournament(3, bots, Seating::Duplicate, 60, 2),
        &|_| {},
        None,
    )
    .unwrap();
    let three = run(
        &game,
        &tournament(3, bots, Seating::Duplicate, 60, 3),
        &|_| {},
        None,
    )
    .unwrap();
    assert_eq!(one, two);
    assert_eq!(one, three);
    assert_eq!(one.bots.iter().map(|b| b.games).sum::<u64>(), 60 * 3);
}

#[test]
fn entrants_must_differ_and_share_the_games_evenly() {
    let game = ArcticRace::classic();
    let twice = tournament(2, "random,greedy,random", Seating::Rotated, 30, 1);
    let err = twice.check(&game).unwrap_err().to_string();
    assert!(
        err.starts_with("bots:") && err.contains("\"random\" is entered twice"),
        "{err}"
    );
    let uneven = tournament(2, "random,greedy,greedy:depth=0", Seating::Rotated, 31, 1);
    let err = uneven.check(&game).unwrap_err().to_string();
    assert!(
        err.starts_with("games:") && err.contains("try 30 or 33"),
        "{err}"
    );
}
