//! `floe plot DIR`: draws SVG charts from the CSV files of a results folder.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;

/// Flags of `floe plot`.
#[derive(Args, Debug)]
pub struct PlotArgs {
    /// The results folder (of `floe experiment`, `simulate` or `tournament`).
    pub dir: PathBuf,
    /// The name charts are titled with (default: the folder's name).
    #[arg(long)]
    pub title: Option<String>,
}

/// Runs `floe plot`.
pub fn run(a: &PlotArgs) -> Result<()> {
    let name = match &a.title {
        Some(t) => t.clone(),
        None => a
            .dir
            .file_name()
            .map_or("results".into(), |n| n.to_string_lossy().into_owned()),
    };
    let charts = floe_lab::charts::draw(&a.dir, &name)?;
    if charts.is_empty() {
        bail!(
            "{}: nothing to chart; expected the CSV files of floe experiment (cells.csv), \
             simulate or tournament (game_stats.csv)",
            a.dir.display()
        );
    }
    let mut stdout = std::io::stdout().lock();
    for chart in charts {
        writeln!(stdout, "drew {}", chart.display())?;
    }
    Ok(())
}
