//! A run's result depends only on rules, bots and seeds: not on threads or scheduling.

use std::sync::Mutex;

use arctic_race::Action;
use arctic_race::ArcticRace;
use floe_bots::{AnyBot, Bot, BotSpec};
use floe_core::{FloeRng, View, game_seed};
use floe_sim::{
    Dealing, GameRecord, RunConfig, RunError, Seating, Seats, Shard, play, run, run_until,
};

/// Plays game `index` with seed `seed` at `table`, seats and colours as dealt, logging
/// nothing.
fn plain(game: &ArcticRace, table: &mut Seats<ArcticRace>, index: u64, seed: u64) -> GameRecord {
    play(game, table, index, seed, &Dealing::default(), &mut |_| {})
}

fn config(players: usize, games: u64, threads: usize) -> RunConfig {
    let random = BotSpec::parse("random").unwrap();
    RunConfig {
        players,
        bots: vec![random; players],
        dealing: Dealing {
            seed: 99,
            shuffle_colours: true,
            seating: Seating::Fixed,
        },
        games,
        threads,
        shard: Shard::WHOLE,
        arc: false,
    }
}

fn records(cfg: &RunConfig) -> (floe_sim::Tally, Vec<GameRecord>) {
    let game = ArcticRace::classic();
    let mut all = Vec::new();
    let mut sink = |r: &[GameRecord]| {
        all.extend_from_slice(r);
        Ok(())
    };
    let tally = run(&game, cfg, &|_| {}, Some(&mut sink)).unwrap();
    (tally, all)
}

#[test]
fn thread_count_does_not_change_results() {
    for players in [2, 5] {
        let (t1, r1) = records(&config(players, 3000, 1));
        let (t2, r2) = records(&config(players, 3000, 2));
        let (t3, r3) = records(&config(players, 3000, 3));
        assert_eq!(t1, t2);
        assert_eq!(t1, t3);
        assert_eq!(r1, r2);
        assert_eq!(r1, r3);
        assert_eq!(
            r1.iter().map(|r| r.index).collect::<Vec<_>>(),
            (0..3000).collect::<Vec<_>>()
        );
    }
}

#[test]
fn a_game_depends_only_on_its_seed() {
    let game = ArcticRace::classic();
    let cfg = config(4, 500, 2);
    let (_, from_run) = records(&cfg);
    let mut table = Seats::new(cfg.bots.iter().map(BotSpec::build).collect());
    let game_321 = |table: &mut Seats<ArcticRace>| {
        play(
            &game,
            table,
            321,
            game_seed(99, 321),
            &Dealing {
                shuffle_colours: true,
                ..Dealing::default()
            },
            &mut |_| {},
        )
    };
    // Replaying game 321 alone, with fresh bots, gives the same record as in the run...
    assert_eq!(game_321(&mut table), from_run[321]);
    // ...and so does a table that has played other games since.
    for index in 0..20 {
        plain(&game, &mut table, index, game_seed(7, index));
    }
    assert_eq!(game_321(&mut table), from_run[321]);
}

/// A bot that remembers within a game: its answer depends on how many questions it has
/// been asked this game, so it plays the same only if it starts afresh each game.
struct Counting(usize);

impl Bot<ArcticRace> for Counting {
    fn act(&mut self, _: &View<'_, ArcticRace>, answers: &[Action], _: &mut FloeRng) -> Action {
        self.0 += 1;
        answers[self.0 % answers.len()]
    }
    fn new_game(&mut self) {
        self.0 = 0;
    }
}

#[test]
fn bots_that_remember_start_afresh_each_game() {
    let game = ArcticRace::classic();
    let plugged = || {
        Seats::new(
            (0..3)
                .map(|_| AnyBot::Plugged(Box::new(Counting(0))))
                .collect(),
        )
    };
    let mut reused = plugged();
    for index in [5, 9, 5] {
        let seed = game_seed(2, index);
        let a = plain(&game, &mut reused, index, seed);
        let b = plain(&game, &mut plugged(), index, seed);
        assert_eq!(
            a, b,
            "game {index} is the same with a used table and a fresh one"
        );
    }
}

#[test]
fn progress_counts_every_game() {
    let game = ArcticRace::classic();
    let seen = Mutex::new(0u64);
    let tally = run(
        &game,
        &config(3, 2500, 2),
        &|n| *seen.lock().unwrap() += n,
        None,
    )
    .unwrap();
    assert_eq!(tally.games, 2500);
    assert_eq!(*seen.lock().unwrap(), 2500);
    assert_eq!(tally.seats.iter().map(|s| s.games).sum::<u64>(), 3 * 2500);
    let wins: u64 = tally.seats.iter().map(|s| s.win_units).sum();
    assert_eq!(
        wins,
        2500 * u64::from(floe_core::WIN_SHARE_UNITS),
        "every game hands out exactly one win"
    );
}

#[test]
fn a_stopped_run_plays_on_no_further_and_says_so() {
    let game = ArcticRace::classic();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let played = Mutex::new(0u64);
    let mut delivered = 0;
    let mut sink = |r: &[GameRecord]| {
        delivered += r.len();
        Ok(())
    };
    let result = run_until(
        &game,
        &config(3, 1_000_000, 2),
        &|n| {
            *played.lock().unwrap() += n;
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        },
        Some(&mut sink),
        &stop,
    );
    assert!(matches!(result, Err(RunError::Stopped)), "{result:?}");
    let played = *played.lock().unwrap();
    assert!(played < 100_000, "stopped early, not after {played} games");
    assert_eq!(delivered, 0, "no records of a stopped batch are handed on");
}

#[test]
fn a_stop_ends_a_game_of_long_searches_at_once() {
    // Each decision of ten million iterations would take minutes: the searches watch the
    // stop too (this test would otherwise take hours, not fail).
    let game = ArcticRace::classic();
    let mut cfg = config(2, 1, 1);
    cfg.bots = vec![BotSpec::parse("mcts:iters=10000000").unwrap(); 2];
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let setter = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        })
    };
    let result = run_until(&game, &cfg, &|_| {}, None, &stop);
    setter.join().unwrap();
    assert!(matches!(result, Err(RunError::Stopped)), "{result:?}");
}

#[test]
fn bad_configs_are_refused() {
    let game = ArcticRace::classic();
    let mut cfg = config(7, 10, 1);
    let e = run(&game, &cfg, &|_| {}, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "players: arctic-race seats 2 to 6 players, not 7"
    );
    cfg = config(4, 0, 1);
    assert_eq!(
        run(&game, &cfg, &|_| {}, None).unwrap_err().to_string(),
        "games: must be at least 1"
    );
    cfg = config(4, 10, 1);
    cfg.bots.pop();
    assert!(
        run(&game, &cfg, &|_| {}, None)
            .unwrap_err()
            .to_string()
            .starts_with("bots: 3 bot specs for 4 players")
    );
}

#[test]
fn search_bot_runs_do_not_depend_on_threads_or_warm_bots() {
    let greedy = BotSpec::parse("greedy").unwrap();
    let mcts = BotSpec::parse("mcts:iters=30").unwrap();
    let random = BotSpec::parse("random").unwrap();
    let cfg = |threads| RunConfig {
        players: 3,
        bots: vec![greedy.clone(), random.clone(), mcts.clone()],
        dealing: Dealing {
            seed: 5,
            shuffle_colours: false,
            seating: Seating::Fixed,
        },
        games: 60,
        threads,
        shard: Shard::WHOLE,
        arc: false,
    };
    let (t1, r1) = records(&cfg(1));
    let (t2, r2) = records(&cfg(2));
    assert_eq!(t1, t2);
    assert_eq!(r1, r2);
    // A table that has played other games answers game 50 as in the run.
    let game = ArcticRace::classic();
    let mut table = Seats::new(cfg(1).bots.iter().map(BotSpec::build).collect());
    for index in [3, 4] {
        plain(&game, &mut table, index, game_seed(5, index));
    }
    assert_eq!(plain(&game, &mut table, 50, game_seed(5, 50)), r1[50]);
}

/// Following how the games unfold ([`floe_sim::arc`]) counts the same whatever the threads
/// and the split into shards, adds to nothing else, and its counts travel through the
/// named counters shard files are written from and merged into.
#[test]
fn the_games_arcs_count_the_same_whatever_the_threads_and_shards() {
    let game = ArcticRace::classic();
    let arcs = |threads, shard| RunConfig {
        arc: true,
        shard,
        ..config(3, 1200, threads)
    };
    let whole = records(&arcs(1, Shard::WHOLE)).0;
    assert_eq!(whole, records(&arcs(2, Shard::WHOLE)).0);
    assert!(
        whole.arc.iter().all(|t| t.count > 0),
        "every measure was defined in some game: {:?}",
        whole.arc
    );
    let mut merged = floe_sim::empty_tally(&game, &arcs(2, Shard::WHOLE));
    for index in 0..3 {
        merged.merge(&records(&arcs(2, Shard { index, count: 3 })).0);
    }
    assert_eq!(merged, whole);
    let mut read_back = floe_sim::empty_tally(&game, &arcs(2, Shard::WHOLE));
    for (name, index, value) in whole.counts() {
        read_back.add_count(&name, index, value).unwrap();
    }
    assert_eq!(read_back, whole);
    let mut without = whole.clone();
    without.arc.clear();
    assert_eq!(without, records(&config(3, 1200, 2)).0);
}
