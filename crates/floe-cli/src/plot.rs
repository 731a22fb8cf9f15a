//! `floe plot DIR`: draws SVG charts from the CSV files of a results folder.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use floe_lab::output_dir::{OutputDir, Scope};

/// Flags of `floe plot`.
#[derive(Args, Debug)]
pub struct PlotArgs {
    /// The results folder (of `floe experiment`, `simulate` or `tournament`).
    pub dir: PathBuf,
    /// The name charts are titled with (default: the study and the game, as the folder's
    /// manifest names them; without one, the folder's name).
    #[arg(long)]
    pub title: Option<String>,
    /// Replace charts in the folder that Floe did not draw (by default a chart-named SVG
    /// Floe did not draw is refused; other files are never touched).
    #[arg(long)]
    pub force: bool,
}

/// Runs `floe plot`: draws the charts beside the folder and moves them in only when all
/// are drawn, replacing the charts Floe drew there before.
pub fn run(a: &PlotArgs) -> Result<()> {
    if !a.dir.is_dir() {
        bail!("{}: not a results folder", a.dir.display());
    }
    let name = match &a.title {
        Some(t) => t.clone(),
        None => {
            let folder = std::fs::canonicalize(&a.dir)
                .ok()
                .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
                .unwrap_or_else(|| "results".into());
            floe_pages::charts::study_title(&a.dir, &folder)?
        }
    };
    let mut out = OutputDir::prepare(&a.dir, &[], true, Scope::Charts, a.force)?;
    let charts = floe_pages::charts::draw(&a.dir, out.staging(), &name)?;
    if charts.is_empty() {
        bail!(
            "{}: nothing to chart; expected the CSV files of floe experiment (cells.csv), \
             simulate or tournament (game_stats.csv)",
            a.dir.display()
        );
    }
    for chart in &charts {
        out.add_chart(chart);
    }
    let drawn = out
        .commit()
        .with_context(|| format!("{}", a.dir.display()))?;
    let mut stdout = floe_io::console::stdout();
    for chart in drawn {
        writeln!(stdout, "drew {}", floe_io::gate::path(&chart))?;
    }
    stdout.flush()?;
    Ok(())
}
