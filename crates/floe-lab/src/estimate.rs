//! How long a plan will take on this machine, before it is run: each line-up of bots at
//! each player count is timed on a few games, and every cell's games are priced at its
//! line-up's rate (a swept rule changes a game's length much less than its bots do).
//!
//! `--check` times each line-up for as long as it takes; a run announcing its own time
//! ([`crate::Progress::wants_estimate`]) gives each line-up a budget instead, and a
//! line-up too slow to finish its first games within it is priced at a lower bound.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use floe_bots::Registry;
use floe_core::Game;
use floe_games::GameVisitor;

use crate::plan::{CellPlan, Plan};
use crate::setup::{Machine, setup};

/// The least wall time a line-up is timed for, so that one fast game does not decide.
const TIMED_FOR: Duration = Duration::from_millis(200);

/// The most a run that announces its expected time spends timing each line-up and player
/// count first ([`estimate_within`]): a second, so that the announcement never holds a
/// run up for long.
pub const ANNOUNCE_BUDGET: Duration = Duration::from_secs(1);

/// The most games a line-up is timed on.
const MOST_TIMED: u64 = 4096;

/// A plan's cells with their games and estimated wall time on this machine.
#[derive(Debug)]
pub struct Estimate {
    /// Per cell: its games and estimated seconds.
    pub cells: Vec<(u64, f64)>,
    /// The worker threads the estimate assumes.
    pub threads: usize,
    /// Games played to time the line-ups.
    pub timed_games: u64,
    /// Whether a line-up ran out of its timing budget before its first games ended, so
    /// that the estimate is a lower bound.
    pub at_least: bool,
}

impl Estimate {
    /// Returns the plan's games and estimated seconds in all.
    pub fn total(&self) -> (u64, f64) {
        self.cells
            .iter()
            .fold((0, 0.0), |(g, s), &(games, secs)| (g + games, s + secs))
    }
}

/// Times each line-up and player count of `plan` (whose bots may be those of `registry`)
/// on one thread and returns every cell's estimated wall time on `machine`'s threads (the
/// games spread over the threads as the runner spreads them). Playing a few games takes a
/// moment: about a fifth of a second a line-up and player count, more for a slow bot.
///
/// # Errors
/// Fails if the plan does not fit its game, or `machine`'s shards
/// ([`Machine::check_shards`]), as the run would.
pub fn estimate(plan: &Plan, machine: Machine, registry: &Registry) -> Result<Estimate> {
    machine.check_shards(plan)?;
    struct Time<'a> {
        plan: &'a Plan,
        machine: Machine,
        registry: &'a Registry,
    }
    impl GameVisitor for Time<'_> {
        type Output = Result<Estimate>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<Estimate> {
            estimate_within(&game, self.plan, self.machine, self.registry, None)
        }
    }
    let time = Time {
        plan,
        machine,
        registry,
    };
    floe_games::visit(&plan.game, Some(&plan.rules), time)
        .map_err(|e| anyhow!("the plan's rules of {}: {e}", plan.game))?
}

/// As [`estimate`], with `game` already loaded with the plan's rules and the shards
/// already checked (a run announcing its time estimates it from the game it is about to
/// play, rather than loading the rules a second time), and spending at most `budget`
/// timing each line-up and player count when one is given: a line-up whose first games
/// do not end within it is priced at the budget per game, and the estimate is marked a
/// lower bound.
///
/// # Errors
/// Fails if a cell does not fit the game.
pub(crate) fn estimate_within<G: Game>(
    game: &G,
    plan: &Plan,
    machine: Machine,
    registry: &Registry,
    budget: Option<Duration>,
) -> Result<Estimate> {
    let threads = machine.threads_or_cores();
    let one = Machine::new(Some(1), None)?;
    let mut rates: Vec<((&str, usize), f64)> = Vec::new();
    let mut timed_games = 0;
    let mut at_least = false;
    let mut cells = Vec::new();
    for cell in &plan.cells {
        let key = (cell.bots.as_str(), cell.players);
        let rate = match rates.iter().find(|(k, _)| *k == key) {
            Some(&(_, rate)) => rate,
            None => {
                let (games, secs, whole) = time(game, plan, cell, one, registry, budget)?;
                timed_games += games;
                at_least |= !whole;
                let rate = secs / games as f64;
                rates.push((key, rate));
                rate
            }
        };
        cells.push((cell.games, rate * cell.games as f64 / threads as f64));
    }
    Ok(Estimate {
        cells,
        threads,
        timed_games,
        at_least,
    })
}

/// Plays `cell`'s first games on one thread (whole cycles of its seatings), doubling their
/// number until they take [`TIMED_FOR`] (or the cell has no more), and returns the games,
/// the seconds and whether they ended: given a `budget`, games still being played when it
/// runs out are stopped, and the budget is returned as their time (a lower bound).
fn time<G: Game>(
    game: &G,
    plan: &Plan,
    cell: &CellPlan,
    one: Machine,
    registry: &Registry,
    budget: Option<Duration>,
) -> Result<(u64, f64, bool)> {
    let mut s = setup(game.clone(), plan, cell, one, registry)?;
    let cycle = s.config.dealing.seating.cycle(s.config.bots.len());
    // The most games timed: whole cycles, at least one.
    let last = (cell.games.min(MOST_TIMED.max(cycle)) / cycle).max(1) * cycle;
    let stop = Arc::new(AtomicBool::new(false));
    let (done, wait) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        if let Some(budget) = budget {
            let stop = &stop;
            scope.spawn(move || {
                // Sending never happens: the timing ends by dropping `done`.
                if wait.recv_timeout(budget) == Err(mpsc::RecvTimeoutError::Timeout) {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        }
        let mut games = cycle;
        let timed = loop {
            s.config.games = games;
            let round = Instant::now();
            match floe_sim::run_until(&s.game, &s.config, &|_| {}, None, &stop) {
                Ok(_) => {}
                Err(floe_sim::RunError::Stopped) => {
                    break Ok((games, round.elapsed().as_secs_f64(), false));
                }
                Err(e) => break Err(e.into()),
            }
            let took = round.elapsed();
            if took >= TIMED_FOR || games >= last {
                break Ok((games, took.as_secs_f64(), true));
            }
            games = (games * 2).min(last);
        };
        drop(done);
        timed
    })
}
