//! `floe simulate`: many games in parallel, statistics to CSV.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use floe_bots::Registry;
use floe_lab::RunKind;

use crate::args::{ArcFlag, GameArgs, RunFlags, default_out};

/// Flags of `floe simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Bot spec for every seat (e.g. `random`), or one per seat, comma-separated.
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Games to play.
    #[arg(short = 'n', long, default_value_t = 1_000_000)]
    pub games: u64,
    /// Also write games.csv: one row per game and seat.
    #[arg(long)]
    pub per_game: bool,
    #[command(flatten)]
    pub arc: ArcFlag,
    /// Folder for the CSV files (created if needed).
    #[arg(short, long, default_value_os_t = default_out("simulate"))]
    pub out: PathBuf,
    #[command(flatten)]
    pub run: RunFlags,
}

/// Runs `floe simulate`, whose bots may be those of `bots` too.
pub fn run(a: &SimulateArgs, bots: &Registry) -> Result<()> {
    let mut request = a.game.request(&a.bots, a.games, bots);
    request.kind = RunKind::Simulate;
    request.per_game = a.per_game;
    request.arc = a.arc.arc;
    crate::run::plan_and_run(request, &a.out, &a.run)
}
