//! How long a plan will take on this machine, before it is run: each line-up of bots at
//! each player count is timed on a few games, and every cell's games are priced at its
//! line-up's rate (a swept rule changes a game's length much less than its bots do).

use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use floe_bots::Registry;
use floe_core::Game;
use floe_games::GameVisitor;

use crate::plan::{CellPlan, Plan};
use crate::setup::{Machine, setup};

/// The least wall time a line-up is timed for, so that one fast game does not decide.
const TIMED_FOR: Duration = Duration::from_millis(200);

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
            let threads = self.machine.threads_or_cores();
            let one = Machine::new(Some(1), None)?;
            let mut rates: Vec<((&str, usize), f64)> = Vec::new();
            let mut timed_games = 0;
            let mut cells = Vec::new();
            for cell in &self.plan.cells {
                let key = (cell.bots.as_str(), cell.players);
                let rate = match rates.iter().find(|(k, _)| *k == key) {
                    Some(&(_, rate)) => rate,
                    None => {
                        let (games, secs) = time(&game, self.plan, cell, one, self.registry)?;
                        timed_games += games;
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
            })
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

/// Plays `cell`'s first games on one thread (whole cycles of its seatings), doubling their
/// number until they take [`TIMED_FOR`] (or the cell has no more), and returns the games
/// and seconds.
fn time<G: Game>(
    game: &G,
    plan: &Plan,
    cell: &CellPlan,
    one: Machine,
    registry: &Registry,
) -> Result<(u64, f64)> {
    let mut s = setup(game.clone(), plan, cell, one, registry)?;
    let cycle = s.config.dealing.seating.cycle(s.config.bots.len());
    // The most games timed: whole cycles, at least one.
    let last = (cell.games.min(MOST_TIMED.max(cycle)) / cycle).max(1) * cycle;
    let mut games = cycle;
    loop {
        s.config.games = games;
        let started = Instant::now();
        floe_sim::run(&s.game, &s.config, &|_| {}, None)?;
        let took = started.elapsed();
        if took >= TIMED_FOR || games >= last {
            return Ok((games, took.as_secs_f64()));
        }
        games = (games * 2).min(last);
    }
}
