//! `floe experiment FILE`: runs a declared study cell by cell (a cell is one line-up of
//! bots at one player count, and one value of a swept rule parameter) and writes one
//! folder of CSV files, a manifest and charts.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use std::io::Write;

use floe_bots::Registry;
use floe_lab::estimate::estimate;
use floe_lab::request::plan_experiment;
use floe_lab::spec::Spec;
use floe_lab::{Machine, Plan};

use crate::args::{RunFlags, default_out, warn};
use crate::progress::duration;

/// Flags of `floe experiment`.
#[derive(Args, Debug)]
pub struct ExperimentArgs {
    /// The experiment spec (TOML), e.g. `experiments/first-player.toml`.
    pub spec: PathBuf,
    /// Folder for the results (default: `runs/<name>`, the spec's name).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    /// Play this many games in every cell instead of the spec's counts (a quick trial).
    #[arg(short = 'n', long)]
    pub games: Option<u64>,
    /// Check the spec and print its cells, their games and the time they would take on
    /// this machine (each line-up timed on a few games), without running it.
    #[arg(long)]
    pub check: bool,
    #[command(flatten)]
    pub arc: crate::args::ArcFlag,
    #[command(flatten)]
    pub run: RunFlags,
}

/// Runs `floe experiment`, whose line-ups may name bots of `bots` too.
pub fn run(a: &ExperimentArgs, bots: &Registry) -> Result<()> {
    let machine = a.run.machine()?;
    let mut spec = Spec::read(&a.spec, bots)?;
    spec.arc |= a.arc.arc;
    let planned = plan_experiment(&spec, a.games)?;
    warn(&planned.notes);
    if a.check {
        return print_check(&planned.plan, machine, bots);
    }
    let out = a.out.clone().unwrap_or_else(|| default_out(&spec.name));
    crate::run::run_plan(&planned.plan, &out, machine, None, a.run.delivery(), bots)
}

/// Prints what `floe experiment --check` says of `plan` (with the bots of `bots`): a line
/// per cell with its games and estimated time, then the totals and how the time was
/// estimated.
fn print_check(plan: &Plan, machine: Machine, bots: &Registry) -> Result<()> {
    let estimate = estimate(plan, machine, bots)?;
    let mut out = floe_io::console::stdout();
    for (cell, &(games, secs)) in plan.cells.iter().zip(&estimate.cells) {
        writeln!(
            out,
            "  {}: {}, about {}",
            cell.name(),
            floe_io::count(games, "game"),
            duration(secs)
        )?;
    }
    let (games, secs) = estimate.total();
    writeln!(
        out,
        "{}, {}: about {} on {} on this machine (each line-up and player count timed on its \
         first games, {} in all; a swept rule is assumed not to change a game's length much)",
        floe_io::count(plan.cells.len(), "cell"),
        floe_io::count(games, "game"),
        duration(secs),
        floe_io::count(estimate.threads, "thread"),
        estimate.timed_games
    )?;
    out.flush()?;
    Ok(())
}
