//! `floe tournament`: bots take turns at every seat; who wins, and against whom.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use floe_core::Game;
use floe_sim::Seating;
use floe_sim::ladder::{ladder_table, pairwise, standings};
use floe_sim::output::OutputDir;
use floe_sim::report::game_stats;

use crate::args::{GameArgs, RunCommand, RunFlags, Setup};
use crate::shards::{self, ShardFiles};

/// Files `tournament` may write; an old one this run does not write is removed.
const OUTPUTS: [&str; 5] = [
    "tournament.csv",
    "pairwise.csv",
    "game_stats.csv",
    shards::COUNTS,
    shards::MANIFEST,
];

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
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Play each deal (seed) once in every seating of the entrants, so that luck cancels.
    #[arg(long)]
    pub duplicate: bool,
    /// Folder for the CSV files (created if needed).
    #[arg(long, default_value = "results/tournament")]
    pub out: PathBuf,
    #[command(flatten)]
    pub run: RunFlags,
}

/// Runs `floe tournament`.
pub fn run(a: &TournamentArgs) -> Result<()> {
    a.run.check()?;
    crate::args::dispatch(a)
}

impl RunCommand for TournamentArgs {
    fn game_args(&self) -> &GameArgs {
        &self.game
    }

    fn bots(&self) -> &str {
        &self.bots
    }

    fn seating(&self) -> Seating {
        if self.duplicate {
            Seating::Duplicate
        } else {
            Seating::Rotated
        }
    }

    fn games(&self) -> u64 {
        self.games
    }

    fn run_flags(&self) -> Option<&RunFlags> {
        Some(&self.run)
    }

    fn run<G: Game>(&self, setup: Setup<G>) -> Result<()> {
        tournament(self, &setup)
    }
}

/// Plays the tournament of `setup` (or takes it from merged shards) and writes its files:
/// the results, or with `--shard` the shard's counts.
fn tournament<G: Game>(a: &TournamentArgs, setup: &Setup<G>) -> Result<()> {
    let (game, label) = (&setup.game, &setup.label);
    let ctx = || format!("--out {}", a.out.display());
    let mut out = OutputDir::create(&a.out).with_context(ctx)?;
    let shard_files = ShardFiles::open(&a.run, &mut out).with_context(ctx)?;
    let result_files = match shard_files {
        Some(_) => None,
        None => Some((
            out.file("tournament.csv").with_context(ctx)?,
            match label.bot_groups.len() > 1 {
                true => Some(out.file("pairwise.csv").with_context(ctx)?),
                false => None,
            },
            out.file("game_stats.csv").with_context(ctx)?,
        )),
    };
    let (tally, elapsed) = shards::tally_with_bar(&a.run, setup, None)?;

    if let Some(files) = shard_files {
        files.write(&[setup], std::slice::from_ref(&tally))?;
    }
    if let Some((entrants_file, pairs_file, stats_file)) = result_files {
        standings(label, &tally).write(entrants_file)?;
        if let Some(file) = pairs_file {
            pairwise(label, &tally).write(file)?;
        }
        game_stats(game, label, &tally).write(stats_file)?;
    }
    let written = out.commit(&OUTPUTS).with_context(ctx)?;
    if !a.run.quiet {
        let mut stdout = std::io::stdout().lock();
        write!(stdout, "{}", ladder_table(label, &tally))?;
        crate::progress::print_footer(&mut stdout, &a.run, tally.games, elapsed, &written)?;
    }
    Ok(())
}
