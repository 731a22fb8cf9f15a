//! The checks that play whole games through the runner: determinism, independence of the
//! thread count, a secret-round rule that changes nothing where no round is secret, and no
//! allocation while playing.

use floe_bots::BotSpec;
use floe_core::{Game, Seat, Stream, game_seed, stream_rng};
use floe_io::gate::quoted_list;
use floe_sim::{Dealing, GameRecord, Line, RunConfig, Seating, Seats, Shard, Tally, play, run};

use crate::case::Case;
use crate::{Kit, allocations};

/// Master seed of the games these checks play.
const MASTER: u64 = 0x5255_4E53;

/// Returns a table seating `specs` in seat order.
fn table<G: Game>(specs: &[String]) -> Seats<G> {
    Seats::new(
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
fn game_at<G: Game>(game: &G, table: &mut Seats<G>, index: u64) -> GameRecord {
    play(
        game,
        table,
        index,
        game_seed(MASTER, index),
        &floe_sim::Dealing {
            shuffle_colours: true,
            ..floe_sim::Dealing::default()
        },
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
    let searches = (0..players)
        .map(|s| NEW_SEARCHES[s % NEW_SEARCHES.len()].to_string())
        .collect();
    let lineups = [
        (every("random"), kit.games),
        (every("greedy"), kit.games.div_ceil(10)),
        (mixed, 1),
        (searches, 1),
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
                format!(
                    "bots {} gave {} once and {} another time",
                    quoted_list(&specs),
                    in_words(&first),
                    in_words(&again)
                )
            });
        }
    }
}

/// A game that declares no secret round ([`Game::secret_round`]) plays the same games
/// whether the search picks secret choices by its tree (the default) or by regret
/// matching: the rule has nothing to act on, so a study of such a game that names it
/// measures the default search. Checked on two games of `mcts:iters=20` at every seat.
pub(crate) fn secret_rule_inert<G: Game>(game: &G, players: usize) {
    let mut secret = false;
    let mut games_of = |spec: &str| -> Vec<GameRecord> {
        let mut table = table::<G>(&vec![spec.to_string(); players]);
        (0..2)
            .map(|index| {
                play(
                    game,
                    &mut table,
                    index,
                    game_seed(MASTER, index),
                    &Dealing::default(),
                    &mut |line| {
                        if let Line::Question { state, .. } = line {
                            secret |= game.secret_round(state).is_some();
                        }
                    },
                )
            })
            .collect()
    };
    let plain = games_of("mcts:iters=20");
    let regret = games_of("mcts:iters=20,simul=regret");
    let case = Case::game("secret-rule", game.name(), players, MASTER);
    if let Some((p, r)) = plain.iter().zip(&regret).find(|(p, r)| p != r) {
        case.ensure(secret, || {
            format!(
                "no question was a secret round, yet simul=regret played {} where the default played {}",
                in_words(r),
                in_words(p)
            )
        });
    }
}

/// A game that lists its deals for an exact solver ([`Game::deals`]) lists each once, with
/// chances summing to 1, and deals nothing else: `games` seeded deals at 2 players are
/// each one of them.
pub(crate) fn deals<G: Game>(game: &G, games: u64)
where
    G::State: PartialEq,
{
    if let Ok(listed) = game.deals(2) {
        listed_deals(game, &listed, games);
    }
}

/// [`deals`] on the deals `listed`.
fn listed_deals<G: Game>(game: &G, listed: &[(G::State, f64)], games: u64)
where
    G::State: PartialEq,
{
    let case = Case::game("deals", game.name(), 2, MASTER);
    let total: f64 = listed.iter().map(|(_, p)| p).sum();
    case.ensure((total - 1.0).abs() < 1e-9, || {
        format!(
            "the chances of the {} deals listed sum to {total}, not 1",
            listed.len()
        )
    });
    for (i, (state, _)) in listed.iter().enumerate() {
        case.ensure(!listed[..i].iter().any(|(s, _)| s == state), || {
            format!(
                "deal {i} is listed twice; seat 0 sees it as: {}",
                game.observe(state, Seat(0))
            )
        });
    }
    for index in 0..games {
        let seed = game_seed(MASTER, index);
        let dealt = game.new_game(2, &mut stream_rng(seed, Stream::Chance));
        Case::game("deals", game.name(), 2, seed).ensure(
            listed.iter().any(|(s, _)| *s == dealt),
            || {
                format!(
                    "dealt a state the game's deals do not list; seat 0 sees it as: {}",
                    game.observe(&dealt, Seat(0))
                )
            },
        );
    }
}

/// A run gives equal tallies on one thread and on two.
pub(crate) fn threads<G: Game>(game: &G, kit: &Kit<'_, G>, players: usize) {
    threads_with(game, "random", kit.games, players);
    // The search's parts too, on a few games: common samples, plans, priors, widening and
    // both learned playouts.
    for spec in NEW_SEARCHES {
        threads_with(game, spec, 2, players);
    }
}

/// The MCTS settings beyond the plain search that the runs checks play, two parts each.
const NEW_SEARCHES: [&str; 3] = [
    "mcts:iters=20,turn=plan,rollout=mast,widen=1",
    "mcts:iters=20,rollout=standing,cut=0,bias=1,paired=off",
    "mcts:iters=20,simul=regret,tree=multi",
];

/// A run of `games` with `spec` at every seat gives equal tallies on 1 and 2 threads.
fn threads_with<G: Game>(game: &G, spec: &str, games: u64, players: usize) {
    let bot = BotSpec::parse(spec).expect("the kit's specs parse");
    let tally = |threads| {
        let cfg = RunConfig {
            players,
            bots: vec![bot.clone(); players],
            dealing: Dealing {
                seed: MASTER,
                shuffle_colours: true,
                seating: Seating::Fixed,
            },
            games,
            threads,
            shard: Shard::WHOLE,
            arc: false,
        };
        run(game, &cfg, &|_| {}, None)
    };
    let case = Case {
        master: true,
        ..Case::game("threads", game.name(), players, MASTER)
    };
    match (tally(1), tally(2)) {
        (Ok(one), Ok(two)) => case.ensure(one == two, || {
            format!(
                "{spec}: 1 thread and 2 threads tallied differently: {}",
                first_difference(&one, &two)
            )
        }),
        (Err(e), _) | (_, Err(e)) => case.fail(format!("the run failed: {e}")),
    }
}

/// Returns game record `r` in words, for a message comparing two plays of one game:
/// "scores 3, 5; winners seat 1; 12 rounds; end cause 0; progress 0, 2; colours 1, 0".
fn in_words(r: &GameRecord) -> String {
    let o = &r.outcome;
    let seats = || Seat::all(usize::from(o.players));
    let each = |of: &dyn Fn(Seat) -> String| seats().map(of).collect::<Vec<_>>().join(", ");
    let winners: Vec<String> = seats()
        .filter(|&s| o.is_winner(s))
        .map(|s| s.to_string())
        .collect();
    format!(
        "scores {}; winners {}; {}; end cause {}; progress {}; colours {}",
        each(&|s| o.scores[s.index()].to_string()),
        winners.join(", "),
        floe_io::count(o.rounds, "round"),
        o.end_cause,
        each(&|s| o.progress[s.index()].to_string()),
        each(&|s| r.colours[s.index()].to_string())
    )
}

/// Names the first counter in which tallies `one` (of 1 thread) and `two` (of 2) differ,
/// as `floe merge` names a tally's counters: "seat_win_units[1] is 500 on 1 thread, 501
/// on 2".
fn first_difference(one: &Tally, two: &Tally) -> String {
    let (a, b) = (one.counts(), two.counts());
    let value = |counts: &[(String, usize, i128)], name: &str, index: usize| {
        counts
            .iter()
            .find(|c| c.0 == name && c.1 == index)
            .map_or(0, |c| c.2)
    };
    a.iter()
        .chain(&b)
        .find(|(name, index, _)| value(&a, name, *index) != value(&b, name, *index))
        .map_or_else(
            || "their counters agree, but not their shape (colours, bots or figures)".to_string(),
            |(name, index, _)| {
                format!(
                    "{name}[{index}] is {} on 1 thread, {} on 2",
                    value(&a, name, *index),
                    value(&b, name, *index)
                )
            },
        )
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

/// The searches whose iterations must not allocate: the default and each of its parts
/// switched on or off. (Greedy playouts are left out: the greedy bot grows a buffer the
/// first time it meets a turn longer than any before, which more iterations may meet.)
const SEARCHES: [&str; 8] = [
    "mcts",
    "mcts:rollout=mast",
    "mcts:rollout=standing",
    "mcts:cut=0",
    "mcts:bias=1,widen=1",
    "mcts:turn=plan",
    "mcts:paired=off",
    "mcts:tree=multi",
];

/// A search allocates as often with 4 times the iterations: nothing per iteration (the
/// tree's arena and every buffer are sized once per decision).
pub(crate) fn search_allocation<G: Game>(game: &G, players: usize) {
    let seed = game_seed(MASTER, 0);
    let mut chance = floe_core::stream_rng(seed, floe_core::Stream::Chance);
    let mut state = game.new_game(players, &mut chance);
    let mut answers = floe_core::ActionList::new();
    game.legal_actions(&state, &mut answers);
    // The first question with a choice, a few questions in.
    let mut asked = 0;
    while asked < 3 || answers.len() < 2 {
        asked += 1;
        let pick = answers[asked % answers.len()];
        game.advance(&mut state, pick, &mut chance, &mut answers, &mut |_| {});
        assert!(
            game.to_act(&state).is_some(),
            "a game lasts a few questions"
        );
    }
    let seat = game.to_act(&state).expect("a question is pending");
    for spec in SEARCHES {
        let allocated = |iters: u32| {
            let sep = if spec.contains(':') { ',' } else { ':' };
            let text = format!("{spec}{sep}iters={iters}");
            let mut bot = BotSpec::parse(&text)
                .expect("the kit's specs parse")
                .build::<G>();
            let view = floe_core::View::new(game, &state, seat);
            let mut rng = floe_core::stream_rng(seed, floe_core::Stream::Bot(seat.0));
            let before = allocations();
            floe_bots::Bot::act(&mut bot, &view, &answers, &mut rng);
            allocations() - before
        };
        let (few, many) = (allocated(10), allocated(40));
        let case = Case::game("search-allocation", game.name(), players, seed);
        case.ensure(few == many, || {
            format!("{spec} allocated {few} times in 10 iterations, {many} in 40")
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_core::{ParamValue, RuleSet};
    use goofspiel::{Goofspiel, Rules};

    /// Goofspiel of 3 cards, prizes shuffled, and its 6 deals.
    fn three() -> (Goofspiel, Vec<(goofspiel::State, f64)>) {
        let mut rules = Rules::standard();
        rules.set_parameter("cards", &ParamValue::Whole(3)).unwrap();
        let game = Goofspiel::new(rules);
        let listed = game.deals(2).unwrap();
        (game, listed)
    }

    #[test]
    fn the_three_card_deals_pass() {
        let (game, listed) = three();
        assert_eq!(listed.len(), 6);
        listed_deals(&game, &listed, 20);
    }

    #[test]
    #[should_panic(expected = "dealt a state the game's deals do not list")]
    fn a_deal_left_out_is_caught() {
        let (game, mut listed) = three();
        listed.pop();
        let chance = 1.0 / listed.len() as f64;
        listed.iter_mut().for_each(|(_, p)| *p = chance);
        listed_deals(&game, &listed, 20);
    }

    #[test]
    #[should_panic(expected = "is listed twice")]
    fn a_deal_listed_twice_is_caught() {
        let (game, mut listed) = three();
        listed[1] = listed[0].clone();
        listed_deals(&game, &listed, 20);
    }

    #[test]
    #[should_panic(expected = "the chances of the 6 deals listed sum to 1.5")]
    fn chances_that_do_not_sum_to_one_are_caught() {
        let (game, mut listed) = three();
        listed.iter_mut().for_each(|(_, p)| *p = 0.25);
        listed_deals(&game, &listed, 20);
    }
}
