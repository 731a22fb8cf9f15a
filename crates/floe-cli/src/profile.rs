//! `floe profile`: a game's skill-versus-luck profile from a duplicate tournament of a
//! ladder of bots (see `floe_profile`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use floe_bots::Registry;
use floe_lab::Machine;
use floe_lab::request::read_rules_setting;
use floe_profile::{ProfileOptions, ProfileReport, ProfileRequest, plan_profile, run_profile};

use crate::args::{GameArgs, default_out, warn};
use crate::progress::Bar;

/// Flags of `floe profile`.
#[derive(Args, Debug)]
pub struct ProfileArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The ladder, comma-separated bot specs weakest first (e.g. `random,greedy,mcts:iters=100`).
    /// Default: random, greedy, mcts:iters=100, mcts:iters=1000, and mcts:iters=10000 if a
    /// timing on this machine puts its decision under 50 ms; giving the ladder skips the
    /// timing, so the results do not depend on the machine.
    #[arg(long)]
    pub ladder: Option<String>,
    /// Deals to play: each is played once in every seating of the ladder's cycle (2B
    /// seatings for B entrants, B for two), so the tournament plays games times the cycle.
    #[arg(short = 'n', long, default_value_t = 100)]
    pub games: u64,
    /// Folder for the results (created if needed; default `runs/profile-GAME-Np`).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub arc: crate::args::ArcFlag,
    #[command(flatten)]
    pub study: crate::args::StudyFlags,
}

/// Runs `floe profile`, whose ladder may name bots of `bots` too.
pub fn run(a: &ProfileArgs, bots: &Registry) -> Result<()> {
    floe_lab::request::known_game(&a.game.game)?;
    let machine = Machine::new(a.study.threads, None)?;
    let rules = match &a.game.rules {
        None => None,
        Some(path) => Some(read_rules_setting(path)?),
    };
    let planned = plan_profile(ProfileRequest {
        game: a.game.game.clone(),
        rules,
        players: a.game.players,
        ladder: a.ladder.clone(),
        deals: a.games,
        dealing: a.game.dealing(),
        arc: a.arc.arc,
        registry: bots.clone(),
    })?;
    warn(&planned.notes);
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| default_out(&format!("profile-{}-{}p", a.game.game, a.game.players)));
    let bar = Bar::new(
        a.study.quiet,
        "give fewer --games (deals), or a shorter --ladder",
    );
    let report = run_profile(
        &planned,
        &ProfileOptions {
            out: &out,
            machine,
            command: floe_lab::provenance::command_line(),
            force: a.study.force,
            progress: &bar,
            stop: Some(floe_io::stop::listen()),
        },
    )?;
    if !a.study.quiet {
        warn(&report.notes);
        let mut out = floe_io::console::stdout();
        print_report(&mut out, &report)?;
        out.flush()?;
    }
    Ok(())
}

/// Prints the profile's report, its speed and the files written.
fn print_report(out: &mut impl Write, report: &ProfileReport) -> std::io::Result<()> {
    write!(out, "{}", report.text)?;
    let secs = report.games_elapsed.as_secs_f64();
    writeln!(
        out,
        "\n{} in {secs:.2} s ({:.0} games/s); {:.2} s in all",
        floe_io::count(report.games, "game"),
        report.games as f64 / secs.max(1e-9),
        report.elapsed.as_secs_f64()
    )?;
    crate::run::print_files(out, &report.written, &report.charts)?;
    Ok(())
}
