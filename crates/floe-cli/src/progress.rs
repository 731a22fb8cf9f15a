//! Running a plan behind a progress bar, and printing its report.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use floe_lab::shards::Merged;
use floe_lab::{Machine, Plan, Progress, Report, RunOptions};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A progress bar on stderr, drawn only when stderr is a terminal, hidden with `--quiet`.
struct Bar(ProgressBar);

impl Bar {
    fn new(quiet: bool) -> Bar {
        if quiet {
            return Bar(ProgressBar::hidden());
        }
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} games  {rate}  ETA {eta}  {msg}",
        )
        .expect("the progress template is valid")
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} games/s", state.per_sec());
            },
        );
        bar.set_style(style);
        Bar(bar)
    }
}

impl Progress for Bar {
    fn begin(&self, games: u64) {
        self.0.set_length(games);
        self.0.reset();
    }
    fn cell(&self, name: &str) {
        self.0.set_message(name.to_string());
    }
    fn advance(&self, games: u64) {
        self.0.inc(games);
    }
    fn end(&self) {
        self.0.finish_and_clear();
    }
}

/// Carries out `plan` into `out` behind a progress bar and prints its report (unless
/// `quiet`): the report's text, the speed (or the shards merged), the files written and
/// the charts drawn.
///
/// # Errors
/// Fails if the run fails or printing fails.
pub fn run_plan(
    plan: &Plan,
    out: &Path,
    machine: Machine,
    merged: Option<&Merged>,
    quiet: bool,
) -> Result<()> {
    let bar = Bar::new(quiet);
    let report = floe_lab::execute(
        plan,
        &RunOptions {
            out,
            machine,
            merged,
            command: std::env::args().collect(),
            progress: &bar,
        },
    )?;
    if !quiet {
        print_report(&mut std::io::stdout().lock(), &report)?;
    }
    Ok(())
}

/// Prints a run's report: its text, then its speed (or, for a merge, the shards it came
/// from), the files written and the charts drawn.
fn print_report(out: &mut impl Write, report: &Report) -> std::io::Result<()> {
    write!(out, "{}", report.text)?;
    let games = report.games;
    match report.merged_from {
        Some(shards) => writeln!(out, "\n{games} games, merged from {shards} shards")?,
        None => {
            let secs = report.elapsed.as_secs_f64();
            writeln!(
                out,
                "\n{games} games in {secs:.2} s ({:.0} games/s)",
                games as f64 / secs.max(1e-9)
            )?;
        }
    }
    for path in &report.written {
        writeln!(out, "wrote {}", path.display())?;
    }
    for chart in &report.charts {
        writeln!(out, "drew {}", chart.display())?;
    }
    Ok(())
}
