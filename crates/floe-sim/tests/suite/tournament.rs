//! Rotated seating: every entrant plays every seat equally often (a bot entered several
//! times too), duplicate deals cancel luck, and the result does not depend on the thread
//! count.

use arctic_race::ArcticRace;
use floe_bots::BotSpec;
use floe_sim::{Dealing, RunConfig, Seating, Shard, run};

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
        dealing: Dealing {
            seed: 5,
            shuffle_colours: false,
            seating,
        },
        games,
        threads,
        shard: Shard::WHOLE,
        arc: false,
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
fn entrants_who_meet_sit_in_either_order_equally_often() {
    // For every two seats i < j, how often entrant a sits at i and b at j must equal how
    // often b sits at i and a at j: no pairing always puts the same entrant first.
    for (players, entrants) in [(2, 4), (4, 4), (4, 3), (3, 5), (6, 4)] {
        let bots: Vec<String> = (0..entrants)
            .map(|i| format!("greedy:progress={i}"))
            .collect();
        let cfg = tournament(players, &bots.join(","), Seating::Rotated, 1, 1);
        let mut order = vec![vec![0i32; entrants]; entrants];
        for lineup in cfg.lineups() {
            for i in 0..players {
                for j in i + 1..players {
                    order[lineup[i]][lineup[j]] += 1;
                }
            }
        }
        for a in 0..entrants {
            for b in 0..entrants {
                if a != b {
                    assert_eq!(order[a][b], order[b][a], "{players}p {entrants}: {order:?}");
                }
            }
        }
    }
}

#[test]
fn duplicate_deals_repeat_the_seed_once_per_cycle() {
    // Three entrants: three rotations and three mirrored seatings share each deal.
    let cfg = tournament(4, "random,greedy,greedy:depth=0", Seating::Duplicate, 12, 1);
    let seeds: Vec<u64> = (0..12).map(|i| cfg.deal(i).1).collect();
    assert_eq!(seeds[..6], [seeds[0]; 6]);
    assert_eq!(seeds[6..], [seeds[6]; 6]);
    assert_ne!(seeds[0], seeds[6]);
    let lineups: Vec<usize> = (0..12).map(|i| cfg.deal(i).0).collect();
    assert_eq!(lineups, [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5]);
    let rotated = tournament(4, "random,greedy,greedy:depth=0", Seating::Rotated, 12, 1);
    let distinct: std::collections::HashSet<u64> = (0..12).map(|i| rotated.deal(i).1).collect();
    assert_eq!(
        distinct.len(),
        12,
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
    let on_threads = |threads| {
        let cfg = tournament(3, bots, Seating::Duplicate, 60, threads);
        run(&game, &cfg, &|_| {}, None).unwrap()
    };
    let (one, two, three) = (on_threads(1), on_threads(2), on_threads(3));
    assert_eq!(one, two);
    assert_eq!(one, three);
    assert_eq!(one.bots.iter().map(|b| b.games).sum::<u64>(), 60 * 3);
}

#[test]
fn a_line_up_shares_the_games_evenly_between_its_seatings() {
    let game = ArcticRace::classic();
    let uneven = tournament(2, "random,greedy,greedy:depth=0", Seating::Rotated, 31, 1);
    let err = uneven.check(&game).unwrap_err().to_string();
    assert!(
        err.starts_with("games:") && err.contains("try 30 or 36"),
        "{err}"
    );
}

/// The seatings of a duplicate cycle of `bots` at four seats, each as every seat's entrant.
fn seatings(bots: &str) -> Vec<Vec<usize>> {
    let cfg = tournament(4, bots, Seating::Duplicate, 8, 1);
    (0..8)
        .map(|i| cfg.lineups()[cfg.deal(i).0].clone())
        .collect()
}

#[test]
fn one_against_three_and_two_against_two_take_turns_at_every_seat() {
    // The line-up's four places rotate (place (s + r) mod 4 at seat s), then mirror
    // (place (r - s) mod 4). Worked by hand, each seating written as the string of every
    // seat's entrant: `a` the bot entered first, `b` the other.
    let cases = [
        (
            "greedy,random,random,random",
            "abbb bbba bbab babb abbb babb bbab bbba",
        ),
        (
            "greedy,greedy,random,random",
            "aabb abba bbaa baab abba aabb baab bbaa",
        ),
    ];
    for (bots, by_hand) in cases {
        let written: Vec<String> = seatings(bots)
            .iter()
            .map(|seats| seats.iter().map(|&e| ["a", "b"][e]).collect())
            .collect();
        assert_eq!(written.join(" "), by_hand, "{bots}");
    }
    // The eight games of a cycle share one deal.
    let cfg = tournament(4, "greedy,random,random,random", Seating::Duplicate, 16, 1);
    let seeds: Vec<u64> = (0..16).map(|i| cfg.deal(i).1).collect();
    assert_eq!(seeds[..8], [seeds[0]; 8]);
    assert_eq!(seeds[8..], [seeds[8]; 8]);
    assert_ne!(seeds[0], seeds[8]);
}

#[test]
fn twin_entrants_entered_once_and_three_times_score_in_proportion() {
    // `greedy` and `greedy:progress=0.5` are one bot under two names. Entered once against
    // three copies on duplicate deals, the lone one sits at every seat twice a cycle and
    // the copies at every seat six times, with the same dice and seat streams: so the
    // copies' counts are three times the lone one's, and each scores above the other in
    // as many of their meetings (per game, the lone seat's three pairings share the game).
    let game = ArcticRace::classic();
    let lone_copies = "greedy,greedy:progress=0.5,greedy:progress=0.5,greedy:progress=0.5";
    let cfg = tournament(4, lone_copies, Seating::Duplicate, 80, 2);
    cfg.check(&game).unwrap();
    let t = run(&game, &cfg, &|_| {}, None).unwrap();
    let (lone, copies) = (t.bots[0], t.bots[1]);
    assert_eq!((lone.games, copies.games), (80, 240));
    assert_eq!(3 * lone.win_units, copies.win_units);
    assert_eq!(3 * lone.score_sum, copies.score_sum);
    assert_eq!(3 * lone.rank_halves, copies.rank_halves);
    assert_eq!((t.pairs[1].games, t.pairs[2].games), (80, 80));
    assert_eq!(t.pairs[1].above_units, t.pairs[2].above_units);
    assert_eq!(t.pairs[1].tied_units, t.pairs[2].tied_units);
    // Two against two: each pair sits at every seat four times a cycle.
    let pairs = "greedy,greedy,greedy:progress=0.5,greedy:progress=0.5";
    let t = run(
        &game,
        &tournament(4, pairs, Seating::Duplicate, 80, 2),
        &|_| {},
        None,
    )
    .unwrap();
    assert_eq!(t.bots[0], t.bots[1]);
    assert_eq!(t.bots[0].games, 160);
    assert_eq!(t.pairs[1], t.pairs[2]);
}
