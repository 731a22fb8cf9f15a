//! `floe tune SPEC`: searches a game's rule parameters (or a bot's) for the setting an
//! objective likes best, then measures the best candidates again on fresh deals.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use floe_bots::Registry;
use floe_io::count;
use floe_lab::Machine;
use floe_tune::{Priced, TuneSpec, price, trial, tune};

use crate::args::default_out;
use crate::progress::Bar;
use crate::progress::duration;

/// Flags of `floe tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The tune spec (TOML), e.g. `experiments/tune/tiles-removed-random.toml`.
    pub spec: PathBuf,
    /// Folder for the results (default: `runs/<name>`, the spec's name).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub arc: crate::args::ArcFlag,
    #[command(flatten)]
    pub study: crate::args::StudyFlags,
    /// Check the spec against its game and print each player count's search with its
    /// games and estimated time on this machine (timed on a few games of the baseline),
    /// without running it.
    #[arg(long)]
    pub check: bool,
    /// A quick trial: N games at each player count for the search and N for the
    /// validation, instead of the spec's budget and validation_games (rounds cut to fit).
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
}

/// Runs `floe tune`, whose spec may name bots of `bots` too.
pub fn run(a: &TuneArgs, bots: &Registry) -> Result<()> {
    let machine = Machine::new(a.study.threads, None)?;
    let mut spec = TuneSpec::read(&a.spec, bots)?;
    spec.arc |= a.arc.arc;
    let spec = match a.games {
        Some(games) => trial(&spec, games)?,
        None => spec,
    };
    if a.check {
        let priced = price(&spec, machine)?;
        let (mut games, mut seconds) = (0, 0.0);
        for Priced {
            plan,
            games: g,
            seconds: s,
        } in priced
        {
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
            floe_io::console::out(&format!(
                "{} players: {} over {}: {}; at most {}, about {}",
                plan.players,
                plan.method.name(),
                count(plan.space, "candidate"),
                params.join(", "),
                count(g, "game"),
                duration(s)
            ))?;
            games += g;
            seconds += s;
        }
        floe_io::console::out(&format!(
            "at most {}: about {} on {} on this machine (each player count timed on a few \
             games of its baseline; candidates that make games longer or shorter move it)",
            count(games, "game"),
            duration(seconds),
            count(machine.threads_or_cores(), "thread")
        ))?;
        return Ok(());
    }
    let out = a.out.clone().unwrap_or_else(|| default_out(&spec.name));
    let bar = Bar::new(
        a.study.quiet,
        "give --games N for a quick trial, or see each player count's time with --check",
    );
    let report = tune(
        &spec,
        &out,
        machine,
        a.study.force,
        &bar,
        floe_io::stop::listen(),
    )?;
    if !a.study.quiet {
        let mut stdout = floe_io::console::stdout();
        write!(stdout, "{}", report.text)?;
        writeln!(stdout, "{}", count(report.games, "game"))?;
        crate::run::print_files(&mut stdout, &report.written, &[])?;
        stdout.flush()?;
    }
    Ok(())
}
