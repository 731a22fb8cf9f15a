//! Floe measures the tilt the tie bonus puts on the game: with random bots at two seats,
//! the seats win equally often without it, and seat 0 clearly more often with it.

use floe_bots::BotSpec;
use floe_core::{ParamValue, RuleSet};
use floe_sim::stats::{chi_square, wilson};
use floe_sim::{Dealing, RunConfig, Seating, Shard, Tally, run};
use goofspiel::{Goofspiel, Rules};

const GAMES: u64 = 20_000;

/// Plays `GAMES` two-player random games with `tie_bonus`.
fn tally(tie_bonus: i64) -> Tally {
    let mut rules = Rules::standard();
    rules
        .set_parameter("tie_bonus", &ParamValue::Whole(tie_bonus))
        .unwrap();
    let game = Goofspiel::new(rules);
    let cfg = RunConfig {
        players: 2,
        bots: vec![BotSpec::parse("random").unwrap(); 2],
        dealing: Dealing {
            seed: 11,
            shuffle_colours: false,
            seating: Seating::Fixed,
        },
        games: GAMES,
        threads: 0,
        shard: Shard::WHOLE,
        arc: false,
    };
    run(&game, &cfg, &|_| {}, None).unwrap()
}

/// Returns the two seats' wins (shared wins split) and the chi-square p-value of equal shares.
fn seat_wins(t: &Tally) -> ([f64; 2], f64) {
    let wins = [t.seats[0].wins(), t.seats[1].wins()];
    let test = chi_square(&wins, &[1.0, 1.0]).expect("games were won");
    (wins, test.p_value)
}

#[test]
fn without_the_bonus_both_seats_win_equally_often() {
    let t = tally(0);
    assert_eq!(t.games, GAMES);
    let (wins, p) = seat_wins(&t);
    assert!(p > 0.01, "seat wins {wins:?} differ (p = {p})");
    assert!(t.ties > GAMES / 20, "shared wins happen: {}", t.ties);
}

#[test]
fn with_a_bonus_of_3_seat_0_wins_clearly_more_often() {
    let t = tally(3);
    let (wins, p) = seat_wins(&t);
    let (_, seat_1_high) = wilson(wins[1], GAMES);
    let (seat_0_low, _) = wilson(wins[0], GAMES);
    assert!(
        p < 1e-6 && seat_0_low > seat_1_high,
        "seat 0 should win clearly more: wins {wins:?}, p = {p}"
    );
}
