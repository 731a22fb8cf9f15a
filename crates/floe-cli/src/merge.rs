//! `floe merge`: the results of a sharded run from its shard folders.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use floe_bots::Registry;
use floe_lab::Machine;

use crate::args::{Delivery, Format};
use floe_lab::shards::read_shards;

/// Flags of `floe merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shard folders (each written with `--shard K/N`), in any order.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Folder for the merged results (created if needed).
    #[arg(short, long)]
    pub out: PathBuf,
    /// Print nothing but errors.
    #[arg(short, long)]
    pub quiet: bool,
    /// How to print the report: `text` or `json`.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Replace files in --out that Floe did not write.
    #[arg(long)]
    pub force: bool,
    /// Merge shards run by another build of Floe (another version, or a binary built from
    /// another commit or a changed tree) than this one. Counts of different builds may
    /// not be of the same games; merge across builds only when you know they are.
    #[arg(long)]
    pub allow_other_build: bool,
}

/// Runs `floe merge`: checks the shards are one whole run and writes its results from
/// their summed counts, with the plan they recorded (its plugged bots those of `bots`).
pub fn run(a: &MergeArgs, bots: &Registry) -> Result<()> {
    // Writing the results into a shard's folder would delete that shard's counts.
    let out = std::fs::canonicalize(&a.out).ok();
    if let Some(dir) = a
        .dirs
        .iter()
        .find(|d| out.is_some() && std::fs::canonicalize(d).ok() == out)
    {
        bail!(
            "--out {}: that is the shard folder {}; write the merged results elsewhere",
            a.out.display(),
            dir.display()
        );
    }
    let (plan, merged) = read_shards(&a.dirs, a.allow_other_build)?;
    let delivery = Delivery {
        quiet: a.quiet,
        format: a.format,
        force: a.force,
    };
    crate::run::run_plan(
        &plan,
        &a.out,
        Machine::default(),
        Some(&merged),
        delivery,
        bots,
    )
}
