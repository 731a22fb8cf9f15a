//! `floe simulate`: many games in parallel, statistics to CSV.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::Args;
use floe_sim::output::OutputDir;
use floe_sim::report::{
    games_writer, summary_rows, text_table, write_game_rows, write_game_stats, write_summary,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use floe_core::Game;

use crate::args::{GameArgs, RunCommand, Setup};

/// Files `simulate` may write; an old one this run does not write is removed.
const OUTPUTS: [&str; 3] = ["game_stats.csv", "summary.csv", "games.csv"];

/// Flags of `floe simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Games to play.
    #[arg(long, default_value_t = 1_000_000)]
    pub games: u64,
    /// Worker threads (default: one per core). The results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Also write games.csv: one row per game and seat.
    #[arg(long)]
    pub per_game: bool,
    /// Folder for the CSV files (created if needed).
    #[arg(long, default_value = "results/simulate")]
    pub out: PathBuf,
    /// Print nothing but errors: no progress bar, no table.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `floe simulate`.
pub fn run(a: &SimulateArgs) -> Result<()> {
    if a.threads == Some(0) {
        bail!("--threads 0: give at least 1 worker thread (or leave it out for one per core)");
    }
    crate::args::dispatch(a)
}

impl RunCommand for SimulateArgs {
    fn game_args(&self) -> &GameArgs {
        &self.game
    }

    fn size(&self) -> (u64, usize) {
        (self.games, self.threads.unwrap_or(0))
    }

    fn run<G: Game>(&self, setup: Setup<G>) -> Result<()> {
        simulate(self, &setup)
    }
}

/// Plays the run of `setup` and writes its files.
fn simulate<G: Game>(a: &SimulateArgs, setup: &Setup<G>) -> Result<()> {
    let (game, label) = (&setup.game, &setup.label);
    // Every output file is opened (under its temporary name) before the first game, so an
    // unwritable --out fails at once rather than after the run.
    let ctx = || format!("--out {}", a.out.display());
    let mut out = OutputDir::create(&a.out).with_context(ctx)?;
    let stats_file = out.file("game_stats.csv").with_context(ctx)?;
    let summary_file = out.file("summary.csv").with_context(ctx)?;
    let mut games_csv = match a.per_game {
        true => Some(games_writer(
            game,
            out.file("games.csv").with_context(ctx)?,
        )?),
        false => None,
    };
    let bar = progress_bar(a.games, a.quiet);
    let started = Instant::now();
    let mut sink = |records: &[floe_sim::GameRecord]| -> std::io::Result<()> {
        let w = games_csv
            .as_mut()
            .expect("the sink is only given with --per-game");
        write_game_rows(game, label, records, w).map_err(std::io::Error::other)
    };
    let per_game: Option<&mut floe_sim::RecordSink<'_>> =
        if a.per_game { Some(&mut sink) } else { None };
    let tally = floe_sim::run(game, &setup.config, &|n| bar.inc(n), per_game)?;
    bar.finish_and_clear();
    let elapsed = started.elapsed();
    if let Some(w) = games_csv {
        w.into_inner()
            .map_err(|e| anyhow::anyhow!("games.csv: {e}"))?
            .flush()?;
    }

    let rows = summary_rows(game, label, &tally);
    write_game_stats(game, label, &tally, stats_file)?;
    write_summary(&rows, summary_file)?;
    let written = out.commit(&OUTPUTS).with_context(ctx)?;
    if !a.quiet {
        let mut stdout = std::io::stdout().lock();
        write!(stdout, "{}", text_table(game, label, &tally, &rows))?;
        let secs = elapsed.as_secs_f64();
        writeln!(
            stdout,
            "\n{} games in {secs:.2} s ({:.0} games/s)",
            tally.games,
            tally.games as f64 / secs.max(1e-9)
        )?;
        for path in written {
            writeln!(stdout, "wrote {}", path.display())?;
        }
    }
    Ok(())
}

/// Returns the progress bar of a run: on stderr, and drawn only when stderr is a terminal.
fn progress_bar(games: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    let style =
        ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} games  {rate}  ETA {eta}")
            .expect("the progress template is valid")
            .with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0} games/s", state.per_sec());
                },
            );
    bar.set_style(style);
    bar
}
