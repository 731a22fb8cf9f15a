//! `floe tune SPEC`: searches a game's rule parameters (or a bot's) for the setting an
//! objective likes best, then measures the best candidates again on fresh deals.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use floe_lab::Machine;
use floe_lab::tune::{TuneSpec, check, tune};

use crate::args::default_out;
use crate::progress::Bar;

/// Flags of `floe tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The tune spec (TOML), e.g. `experiments/tune/tiles-removed-random.toml`.
    pub spec: PathBuf,
    /// Folder for the results (default: `runs/<name>`, the spec's name).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub study: crate::args::StudyFlags,
    /// Check the spec against its game and print each player count's search, without
    /// playing.
    #[arg(long)]
    pub check: bool,
}

/// Runs `floe tune`.
pub fn run(a: &TuneArgs) -> Result<()> {
    let machine = Machine::new(a.study.threads, None)?;
    let spec = TuneSpec::read(&a.spec)?;
    if a.check {
        for plan in check(&spec)? {
            let params: Vec<String> = plan
                .dims
                .iter()
                .map(|d| {
                    format!(
                        "{} ({}, {}: {})",
                        d.path,
                        count(d.values.len(), "value"),
                        if d.bot { "default" } else { "rules" },
                        d.baseline
                    )
                })
                .collect();
            println!(
                "{} players: {} over {}: {}",
                plan.players,
                plan.method.name(),
                count(plan.space, "candidate"),
                params.join(", ")
            );
        }
        return Ok(());
    }
    let out = a.out.clone().unwrap_or_else(|| default_out(&spec.name));
    let bar = Bar::new(a.study.quiet);
    let report = tune(
        &spec,
        &out,
        machine,
        a.study.force,
        &bar,
        crate::stop::listen(),
    )?;
    if !a.study.quiet {
        let mut stdout = std::io::stdout().lock();
        write!(stdout, "{}", report.text)?;
        writeln!(stdout, "{} games", report.games)?;
        crate::run::print_files(&mut stdout, &report.written, &[])?;
    }
    Ok(())
}

/// Returns `n` and the noun, plural unless `n` is 1 ("1 candidate", "12 candidates").
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
