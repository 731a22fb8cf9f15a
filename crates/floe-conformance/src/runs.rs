//! The checks that play whole games through the runner: determinism, independence of the
//! thread count, and no allocation while playing.

use floe_bots::BotSpec;
use floe_core::{Game, game_seed};
use floe_sim::{GameRecord, RunConfig, Seating, Shard, Table, play, run};

use crate::case::Case;
use crate::{Kit, allocations};

/// Master seed of the games these checks play.
const MASTER: u64 = 0x5255_4E53;

/// Returns a table seating `specs` in seat order.
fn table<G: Game>(specs: &[String]) -> Table<G> {
    Table::new(
        specs
            .iter()
            .map(|s| {
                BotSpec::parse(s)
                    .expect("the kit's bot specs parse")
                    .build()
            })
            .collect(),
    )
}

/// Plays game `index` of the kit's games at `table`.
fn game_at<G: Game>(game: &G, table: &mut Table<G>, index: u64) -> GameRecord {
    play(
        game,
        table,
        index,
        game_seed(MASTER, index),
        true,
        &mut |_| {},
    )
}

/// The same seed gives the same record, for random, greedy and MCTS bots (the multi and
/// the open tree here; the single tree, the default, is in the CLI's test that a
/// tournament's files do not depend on the thread count), whether the table is fresh or
/// has played other games (played forwards, then backwards).
pub(crate) fn determinism<G: Game>(game: &G, kit: &Kit<'_, G>, players: usize) {
    let every = |spec: &str| vec![spec.to_string(); players];
    let mut mixed = every("greedy");
    mixed[0] = "mcts:iters=20,tree=multi".into();
    mixed[1] = "mcts:iters=20,tree=open".into();
    if players > 2 {
        mixed[players - 1] = "random".into();
    }
    let lineups = [
        (every("random"), kit.games),
        (every("greedy"), kit.games.div_ceil(10)),
        (mixed, 1),
    ];
    for (specs, games) in lineups {
        let mut forward = table::<G>(&specs);
        let mut backward = table::<G>(&specs);
        let ahead: Vec<GameRecord> = (0..games).map(|i| game_at(game, &mut forward, i)).collect();
        for index in (0..games).rev() {
            let again = game_at(game, &mut backward, index);
            let first = ahead[index as usize];
            let case = Case::game("determinism", game.name(), players, first.seed);
            case.ensure(again == first, || {
                format!("bots {specs:?} gave {first:?} once and {again:?} another time")
            });
        }
    }
}

/// A run gives equal tallies on one thread and on two.
pub(crate) fn threads<G: Game>(game: &G, kit: &Kit<'_, G>, players: usize) {
    let random = BotSpec::parse("random").expect("random parses");
    let tally = |threads| {
        let cfg = RunConfig {
            players,
            bots: vec![random.clone(); players],
            seating: Seating::Fixed,
            games: kit.games,
            seed: MASTER,
            shuffle_colours: true,
            threads,
            shard: Shard::WHOLE,
        };
        run(game, &cfg, &|_| {}, None)
    };
    let case = Case {
        master: true,
        ..Case::game("threads", game.name(), players, MASTER)
    };
    match (tally(1), tally(2)) {
        (Ok(one), Ok(two)) => case.ensure(one == two, || {
            format!("1 thread tallied {one:?}, 2 threads {two:?}")
        }),
        (Err(e), _) | (_, Err(e)) => case.fail(format!("the run failed: {e}")),
    }
}

/// Random games allocate nothing once the table is set up.
pub(crate) fn no_allocation<G: Game>(game: &G, kit: &Kit<'_, G>, players: usize) {
    let probe = allocations();
    drop(std::hint::black_box(Box::new(0u64)));
    assert!(
        allocations() > probe,
        "conformance check `no-allocation` cannot count allocations: install the counting \
         allocator in the test binary with `floe_conformance::install_counting_allocator!();`"
    );
    let mut table = table::<G>(&vec!["random".to_string(); players]);
    game_at(game, &mut table, 0);
    for index in 1..=kit.games {
        let before = allocations();
        let record = game_at(game, &mut table, index);
        let allocated = allocations() - before;
        let case = Case::game("no-allocation", game.name(), players, record.seed);
        case.ensure(allocated == 0, || {
            format!("a game with random bots allocated {allocated} times")
        });
    }
}
