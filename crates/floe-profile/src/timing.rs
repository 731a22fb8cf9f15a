//! Timing the ladder's top rung on this machine, which decides whether [`DEEP`] joins.

use std::time::{Duration, Instant};

use floe_bots::{Bot, BotSpec};
use floe_core::{Game, game_seed};
use floe_sim::Deal;

use crate::*;

/// The timing that decided on [`DEEP`].
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// Decisions of [`TIMED`] timed.
    pub decisions: usize,
    /// Their median, in milliseconds.
    pub median_ms: f64,
    /// Their mean, in milliseconds.
    pub mean_ms: f64,
    /// The estimated decision of [`DEEP`]: [`DEEP_FACTOR`] times the median.
    pub estimate_ms: f64,
    /// Whether [`DEEP`] joined the ladder (the estimate is under [`DEEP_LIMIT_MS`]).
    pub deep: bool,
}

/// Times [`TIMED`] on the opening questions of the first [`TIMING_DEALS`] deals of the
/// run with master seed `seed` ([`TIMING_QUESTIONS`] real choices each), after one
/// untimed decision that grows the bot's arena, and decides on [`DEEP`].
pub fn time_ladder<G: Game>(game: &G, players: usize, seed: u64) -> Timing {
    let mut bot = BotSpec::parse(TIMED)
        .expect("the timed spec is valid")
        .build::<G>();
    let mut times: Vec<Duration> = Vec::new();
    let mut warmed = false;
    for deal in 0..TIMING_DEALS {
        let mut deal = Deal::new(game, players, game_seed(seed, deal), &mut |_| {});
        bot.new_game();
        let mut timed = 0;
        while let Some(seat) = deal.to_act(game) {
            if timed == TIMING_QUESTIONS {
                break;
            }
            let choice = deal.answers().len() > 1;
            if choice && !warmed {
                deal.ask_aside(game, seat, &mut bot);
                warmed = true;
            }
            let started = Instant::now();
            let action = deal.ask(game, seat, &mut bot);
            if choice {
                times.push(started.elapsed());
                timed += 1;
            }
            deal.advance(game, action, &mut |_| {});
        }
    }
    timing_of(&times)
}

/// Returns the timing of the decisions `times` of [`TIMED`].
pub(super) fn timing_of(times: &[Duration]) -> Timing {
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let n = ms.len();
    let median_ms = match n {
        0 => 0.0,
        _ if n % 2 == 1 => ms[n / 2],
        _ => (ms[n / 2 - 1] + ms[n / 2]) / 2.0,
    };
    let mean_ms = if n == 0 {
        0.0
    } else {
        ms.iter().sum::<f64>() / n as f64
    };
    let estimate_ms = DEEP_FACTOR * median_ms;
    Timing {
        decisions: n,
        median_ms,
        mean_ms,
        estimate_ms,
        deep: estimate_ms < DEEP_LIMIT_MS,
    }
}
