//! `floe solve`: a small game's exact value, and how far each bot's play is from an
//! equilibrium (see `floe_solve::run_solve`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use floe_bots::Registry;
use floe_lab::Machine;
use floe_lab::request::read_rules_setting;
use floe_solve::{DEFAULT_GAME, Payoff, Sampling, SolveOut, SolveRequest, run_solve};

use crate::args::{StudyFlags, default_out, game_help};
use crate::progress::Bar;

/// Flags of `floe solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game, at 2 players: only a game small enough, without private facts and with all
    /// its chance drawn when dealt, can be solved (Goofspiel with a few cards).
    #[arg(long, default_value = DEFAULT_GAME, help = game_help("The game to solve, at 2 players (only Goofspiel with a few cards is small enough)"))]
    pub game: String,
    /// Rules file (TOML) replacing the game's built-in rules (for Goofspiel, e.g.
    /// `cards = 4` and `prizes = "descending"`). Without it, Goofspiel is solved at 3 cards,
    /// its prizes shuffled: at its built-in 5 a bot is sampled at 913,010
    /// questions.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// What a finished game pays seat 0 (seat 1 the negative): `difference` (seat 0's score
    /// minus seat 1's) or `win-loss` (1, 0 or -1).
    #[arg(long, default_value = Payoff::NAMED[0].0, value_parser = clap::builder::PossibleValuesParser::new(Payoff::NAMED.map(|(n, _)| n)))]
    pub payoff: String,
    /// The bots whose play to measure, comma-separated bot specs.
    #[arg(long, default_value = "random,greedy,mcts")]
    pub bots: String,
    /// Answers drawn from each bot at every question it is asked: its strategy there is
    /// their shares.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub samples: u32,
    /// Resamples of those answers behind each 95% interval (0 for none).
    #[arg(long, default_value_t = 100)]
    pub resamples: u32,
    /// Seed of the bots' random numbers: sample i at a question plays with those of game
    /// seed i of this seed mixed with a hash of the question.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Folder for the table (created if needed; default `runs/solve-GAME`).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub study: StudyFlags,
}

/// Runs `floe solve`, whose bots may name bots of `bots` too.
pub fn run(a: &SolveArgs, bots: &Registry) -> Result<()> {
    floe_lab::request::known_game(&a.game)?;
    let machine = Machine::new(a.study.threads, None)?;
    let rules = match &a.rules {
        None => None,
        Some(path) => Some(read_rules_setting(path)?),
    };
    let request = SolveRequest {
        game: a.game.clone(),
        rules,
        payoff: a.payoff.clone(),
        bots: a.bots.clone(),
        sampling: Sampling {
            samples: a.samples,
            resamples: a.resamples,
            seed: a.seed,
        },
        registry: bots.clone(),
        stop: Some(floe_io::stop::listen().clone()),
    };
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| default_out(&format!("solve-{}", a.game)));
    let bar = Bar::counting(
        a.study.quiet,
        "give fewer --samples, fewer --bots, or rules with fewer cards",
        "questions",
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(machine.threads_or_cores())
        .build()?;
    let report = pool.install(|| {
        run_solve(
            &request,
            Some(SolveOut {
                dir: &out,
                force: a.study.force,
            }),
            &bar,
        )
    })?;
    if !a.study.quiet {
        let mut stdout = floe_io::console::stdout();
        write!(stdout, "{}", report.text)?;
        crate::run::print_files(&mut stdout, &report.written, &[])?;
        stdout.flush()?;
    }
    Ok(())
}
