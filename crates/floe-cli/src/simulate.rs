//! `floe simulate`: many games in parallel, statistics to CSV.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use floe_sim::output::OutputDir;
use floe_sim::report::{
    game_stats, games_writer, summary, summary_rows, text_table, write_game_rows,
};

use floe_core::Game;

use crate::args::{GameArgs, RunCommand, RunFlags, Setup};
use crate::shards::{self, ShardFiles};

/// Files `simulate` may write; an old one this run does not write is removed.
const OUTPUTS: [&str; 5] = [
    "game_stats.csv",
    "summary.csv",
    "games.csv",
    shards::COUNTS,
    shards::MANIFEST,
];

/// Flags of `floe simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Bot spec for every seat (e.g. `random`), or one per seat, comma-separated.
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Games to play.
    #[arg(long, default_value_t = 1_000_000)]
    pub games: u64,
    /// Also write games.csv: one row per game and seat.
    #[arg(long)]
    pub per_game: bool,
    /// Folder for the CSV files (created if needed).
    #[arg(long, default_value = "results/simulate")]
    pub out: PathBuf,
    #[command(flatten)]
    pub run: RunFlags,
}

/// Runs `floe simulate`.
pub fn run(a: &SimulateArgs) -> Result<()> {
    a.run.check()?;
    crate::args::dispatch(a)
}

impl RunCommand for SimulateArgs {
    fn game_args(&self) -> &GameArgs {
        &self.game
    }

    fn bots(&self) -> &str {
        &self.bots
    }

    fn games(&self) -> u64 {
        self.games
    }

    fn run_flags(&self) -> Option<&RunFlags> {
        Some(&self.run)
    }

    fn run<G: Game>(&self, setup: Setup<G>) -> Result<()> {
        simulate(self, &setup)
    }
}

/// Plays the run of `setup` (or takes it from merged shards) and writes its files: the
/// results, or with `--shard` the shard's counts (and its rows of `games.csv`).
fn simulate<G: Game>(a: &SimulateArgs, setup: &Setup<G>) -> Result<()> {
    let (game, label) = (&setup.game, &setup.label);
    // Every output file is opened (under its temporary name) before the first game, so an
    // unwritable --out fails at once rather than after the run.
    let ctx = || format!("--out {}", a.out.display());
    let mut out = OutputDir::create(&a.out).with_context(ctx)?;
    let shard_files = ShardFiles::open(&a.run, &mut out).with_context(ctx)?;
    let result_files = match shard_files {
        Some(_) => None,
        None => Some((
            out.file("game_stats.csv").with_context(ctx)?,
            out.file("summary.csv").with_context(ctx)?,
        )),
    };
    let mut games_csv = match a.per_game {
        true => Some(games_writer(
            game,
            out.file("games.csv").with_context(ctx)?,
        )?),
        false => None,
    };
    let mut sink = |records: &[floe_sim::GameRecord]| -> std::io::Result<()> {
        let w = games_csv
            .as_mut()
            .expect("the sink is only given with --per-game");
        write_game_rows(game, label, records, w).map_err(std::io::Error::other)
    };
    let per_game: Option<&mut floe_sim::RecordSink<'_>> =
        if a.per_game { Some(&mut sink) } else { None };
    let (tally, elapsed) = shards::tally_with_bar(&a.run, setup, per_game)?;
    if let Some(w) = games_csv {
        let mut file = w
            .into_inner()
            .map_err(|e| anyhow::anyhow!("games.csv: {e}"))?;
        if let Some(merged) = &a.run.merged {
            merged.append_rows("games.csv", &mut file)?;
        }
        file.flush()?;
    }
    let rows = summary_rows(game, label, &tally);
    if let Some(files) = shard_files {
        files.write(&[setup], std::slice::from_ref(&tally))?;
    }
    if let Some((stats_file, summary_file)) = result_files {
        game_stats(game, label, &tally).write(stats_file)?;
        summary(&rows).write(summary_file)?;
    }
    let written = out.commit(&OUTPUTS).with_context(ctx)?;
    if !a.run.quiet {
        let mut stdout = std::io::stdout().lock();
        write!(stdout, "{}", text_table(game, label, &tally, &rows))?;
        crate::progress::print_footer(&mut stdout, &a.run, tally.games, elapsed, &written)?;
    }
    Ok(())
}
