//! `floe tournament`: bots take turns at every seat; who wins, and against whom.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use floe_bots::Registry;
use floe_lab::RunKind;
use floe_sim::Seating;

use crate::args::{ArcFlag, GameArgs, RunFlags, default_out};

/// Flags of `floe tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The entrants, comma-separated bot specs (e.g. `random,greedy,mcts:iters=1000`). They
    /// take turns at the seats so that each plays every seat equally often.
    #[arg(long, default_value = "random,greedy")]
    pub bots: String,
    /// Games to play: a whole number of cycles of seatings (B entrants: B games for B <= 2,
    /// 2B for more).
    #[arg(short = 'n', long, default_value_t = 20_000)]
    pub games: u64,
    /// Play each deal (seed) once in every seating of the entrants, so that luck cancels.
    #[arg(long)]
    pub duplicate: bool,
    #[command(flatten)]
    pub arc: ArcFlag,
    /// Folder for the CSV files (created if needed).
    #[arg(short, long, default_value_os_t = default_out("tournament"))]
    pub out: PathBuf,
    #[command(flatten)]
    pub run: RunFlags,
}

/// Returns the seating of a tournament (`--duplicate` or not).
pub fn seating(duplicate: bool) -> Seating {
    if duplicate {
        Seating::Duplicate
    } else {
        Seating::Rotated
    }
}

/// Runs `floe tournament`, whose entrants may be bots of `bots` too.
pub fn run(a: &TournamentArgs, bots: &Registry) -> Result<()> {
    let mut request = a.game.request(&a.bots, a.games, bots);
    request.kind = RunKind::Tournament;
    request.dealing.seating = seating(a.duplicate);
    request.arc = a.arc.arc;
    crate::run::plan_and_run(request, &a.out, &a.run)
}
