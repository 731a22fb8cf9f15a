//! `floe report DIR`: writes the page of a results folder (`report.html`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use floe_lab::output_dir::{OutputDir, Scope, result_files};
use floe_pages::report::{PAGE, render};

/// Flags of `floe report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The results folder (of any run command: simulate, tournament, experiment, profile,
    /// tune).
    pub dir: PathBuf,
    /// Replace a report.html in the folder that Floe did not write (by default it is
    /// refused; other files are never touched).
    #[arg(long)]
    pub force: bool,
}

/// Runs `floe report`: writes the page of the folder's result beside it and moves it in
/// only when it is whole.
pub fn run(a: &ReportArgs) -> Result<()> {
    let files = result_files(&a.dir)?;
    let page = render(&a.dir, &files)?;
    let mut out = OutputDir::prepare(&a.dir, &[PAGE], false, Scope::Named(PAGE), a.force)?;
    let mut file = out.file(PAGE)?;
    file.write_all(page.as_bytes())
        .and_then(|()| file.flush())
        .with_context(|| a.dir.join(PAGE).display().to_string())?;
    for path in out.commit()? {
        floe_io::console::out(&format!("wrote {}", floe_io::gate::path(&path)))?;
    }
    Ok(())
}
