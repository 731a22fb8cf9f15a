//! `floe experiment FILE`: runs a declared study cell by cell (a cell is one line-up of
//! bots at one player count, and one value of a swept rule parameter) and writes one
//! folder of CSV files, a manifest and charts.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use floe_lab::request::plan_experiment;
use floe_lab::spec::Spec;

use crate::args::{RunFlags, default_out, warn};

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
    #[command(flatten)]
    pub run: RunFlags,
}

/// Runs `floe experiment`.
pub fn run(a: &ExperimentArgs) -> Result<()> {
    let machine = a.run.machine()?;
    let spec = Spec::read(&a.spec)?;
    let planned = plan_experiment(&spec, a.games)?;
    warn(&planned.notes);
    let out = a.out.clone().unwrap_or_else(|| default_out(&spec.name));
    crate::run::run_plan(&planned.plan, &out, machine, None, a.run.delivery())
}
