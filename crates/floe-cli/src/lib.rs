//! `floe`: simulate tabletop games with bots and write balance statistics.
//!
//! The command line is a library so that a crate with bots of its own builds its own
//! `floe`: [`main_with`] runs every command with the bots of a registry besides the
//! built-in ones (`examples/first-bot` shows how). Floe's own binary passes none.

mod args;
mod bots;
mod experiment;
mod flags;
mod merge;
mod play;
mod plot;
mod profile;
mod progress;
mod record_file;
mod replay;
mod report;
mod run;
mod simulate;
mod solve;
mod tournament;
mod tune;
mod web;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use floe_bots::Registry;
use floe_lab::say;

use crate::flags::Flags;

/// Floe: simulate tabletop games with bots, and measure who wins and why.
#[derive(Parser)]
#[command(
    name = "floe",
    version = floe_lab::provenance::LONG_VERSION,
    about,
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play many seeded games in parallel and write win-rate statistics to CSV.
    Simulate(simulate::SimulateArgs),
    /// Rotate bots through every seat and measure their strength: win rates, ranks, head to head.
    Tournament(tournament::TournamentArgs),
    /// A game's skill-versus-luck profile: a ladder of bots from random to deep search in a
    /// duplicate tournament; skill depth, upsets, seat advantage, length and decisiveness.
    Profile(profile::ProfileArgs),
    /// Run an experiment spec (TOML): many cells, one folder of CSV files, a manifest and charts.
    Experiment(experiment::ExperimentArgs),
    /// Merge the folders of a sharded run (`--shard K/N`) into the run's results.
    Merge(merge::MergeArgs),
    /// Draw SVG charts from a results folder's CSV files.
    Plot(plot::PlotArgs),
    /// Write a results folder's page (report.html): what was run, the answer in plain
    /// sentences with intervals, the charts and tables, and how to make it again.
    Report(report::ReportArgs),
    /// Play one game of a run again from its seed (or of a `floe play` record) and print
    /// everything that happens.
    Replay(replay::ReplayArgs),
    /// Take one or more seats yourself against bots, answering at the terminal.
    Play(play::PlayArgs),
    /// Search a game's rule parameters for the fairest table (a tune spec, TOML), then
    /// measure the best candidates again on fresh deals.
    Tune(tune::TuneArgs),
    /// List the bots and their parameters, with a game's defaults.
    Bots(bots::BotsArgs),
    /// Solve a small two-player game exactly (Goofspiel with a few cards): its value, and
    /// each bot's exploitability, what its play loses against a best response to it.
    Solve(solve::SolveArgs),
}

/// Returns Floe's command line as clap describes it: every subcommand and flag, for tests
/// that walk them all (the hostile-input matrix) and for generated documentation.
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

/// Runs the command line of the process (`std::env::args`), where bot lists may name the
/// bots of `bots` too, and returns its exit status: what a `floe` binary's `main` returns.
pub fn main_with(bots: Registry) -> ExitCode {
    // clap's own help and errors (which echo what was typed) are shown through the
    // console too: escaped, and a stream that cannot take them is said, not ignored.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let stream = match e.use_stderr() {
                true => floe_io::console::Stream::Err,
                false => floe_io::console::Stream::Out,
            };
            let shown = floe_io::console::write(stream, &e.render().to_string());
            return match (shown, e.exit_code()) {
                (Err(failed), _) if !floe_io::console::is_closed_output(&failed) => {
                    floe_io::console::note(&format!("Error: {failed}"));
                    ExitCode::FAILURE
                }
                (_, 0) => ExitCode::SUCCESS,
                _ => ExitCode::from(2),
            };
        }
    };
    // `floe play` at the terminal keeps the terminal's usual Ctrl-C (a person quits with
    // it); every other command stops cleanly on a signal.
    match &cli.command {
        Command::Play(a) if !a.web => floe_io::stop::catch_file_limit(),
        _ => {
            floe_io::stop::listen();
        }
    }
    // A reader that stops early (`floe replay | head`) is no error, but a person's game
    // whose terminal went away is: `floe play` says so.
    let closed_output_is_fine = !matches!(cli.command, Command::Play(_));
    let result = match cli.command {
        Command::Simulate(a) => simulate::run(&a, &bots),
        Command::Tournament(a) => tournament::run(&a, &bots),
        Command::Profile(a) => profile::run(&a, &bots),
        Command::Experiment(a) => experiment::run(&a, &bots),
        Command::Merge(a) => merge::run(&a, &bots),
        Command::Plot(a) => plot::run(&a),
        Command::Report(a) => report::run(&a),
        Command::Replay(a) => replay::run(&a, &bots),
        Command::Play(a) => play::run(&a, &bots),
        Command::Tune(a) => tune::run(&a, &bots),
        Command::Bots(a) => bots::run(&a, &bots),
        Command::Solve(a) => solve::run(&a, &bots),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e)
            if closed_output_is_fine
                && e.downcast_ref::<std::io::Error>()
                    .is_some_and(floe_io::console::is_closed_output) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) if floe_io::stop::requested() => {
            floe_io::console::note(&format!("Stopped by a signal: {}", say(&e, &Flags)));
            ExitCode::from(floe_io::stop::STOPPED_STATUS)
        }
        Err(e) => {
            floe_io::console::note(&format!("Error: {}", say(&e, &Flags)));
            ExitCode::FAILURE
        }
    }
}
