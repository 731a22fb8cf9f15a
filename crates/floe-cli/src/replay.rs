//! `floe replay`: one game of a run (of `simulate` or `tournament`), played again from its
//! seed and printed in full.

use std::io::Write;

use anyhow::{Result, bail};
use clap::Args;
use floe_core::{Game, Seat};
use floe_sim::{Line, Seating};

use crate::args::{GameArgs, RunCommand, Setup};

/// Flags of `floe replay`: the run's flags plus the game to show.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Bot spec for every seat (e.g. `random`), or one per seat, comma-separated.
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Index of the game in the run (the `game_index` column of games.csv).
    #[arg(long, default_value_t = 0)]
    pub index: u64,
    /// The run's size, if given: the index must lie inside it.
    #[arg(long)]
    pub games: Option<u64>,
    /// The run was a `floe tournament`: --bots lists the entrants, who take turns at the
    /// seats through the cycle of seatings `floe tournament` uses.
    #[arg(long)]
    pub tournament: bool,
    /// With --tournament: the tournament played each deal once per cycle (`--duplicate`).
    #[arg(long, requires = "tournament")]
    pub duplicate: bool,
    // Flags of `simulate` and `tournament` that do not change any game, accepted so that
    // their command lines replay by changing the subcommand (to `replay`, or for a
    // tournament `replay --tournament`) and adding --index.
    #[arg(long = "threads", hide = true)]
    _threads: Option<usize>,
    #[arg(long = "out", hide = true)]
    _out: Option<std::path::PathBuf>,
    #[arg(long = "per-game", hide = true)]
    _per_game: bool,
    #[arg(long = "quiet", hide = true)]
    _quiet: bool,
}

/// Runs `floe replay`, printing the log to stdout.
pub fn run(a: &ReplayArgs) -> Result<()> {
    if let Some(games) = a.games.filter(|&games| a.index >= games) {
        bail!(
            "--index {}: a run of --games {games} has games 0 to {}",
            a.index,
            games.saturating_sub(1)
        );
    }
    crate::args::dispatch(a)
}

impl RunCommand for ReplayArgs {
    fn game_args(&self) -> &GameArgs {
        &self.game
    }

    fn bots(&self) -> &str {
        &self.bots
    }

    fn seating(&self) -> Seating {
        match (self.tournament, self.duplicate) {
            (false, _) => Seating::Fixed,
            (true, false) => Seating::Rotated,
            (true, true) => Seating::Duplicate,
        }
    }

    /// A replay plays one game; the run's size does not change it, but a tournament's must
    /// still be a whole number of cycles of seatings.
    fn games(&self) -> u64 {
        match self.tournament {
            true => self
                .games
                .unwrap_or(floe_bots::split_spec_list(&self.bots).len() as u64),
            false => 1,
        }
    }

    fn run<G: Game>(&self, setup: Setup<G>) -> Result<()> {
        print_replay(self, &setup)
    }
}

/// Plays game `--index` of the run of `setup` and prints its log.
fn print_replay<G: Game>(a: &ReplayArgs, setup: &Setup<G>) -> Result<()> {
    let (game, label) = (&setup.game, &setup.label);
    let (lineup, seed) = setup.config.deal(a.index);
    let bot_of_seat = &setup.config.lineups()[lineup];
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} ({} rules), {} players, master seed {}, game {} (game seed {})",
        label.game, label.rules, label.players, label.seed, a.index, seed
    )?;
    let mut lines = Vec::new();
    let record = floe_sim::replay(game, &setup.config, a.index, &mut |line| match line {
        Line::Question { seat, answers } => {
            let list: Vec<String> = answers.iter().map(ToString::to_string).collect();
            lines.push(format!("{seat} chooses among: {}", list.join(" | ")));
        }
        Line::Event(e) => lines.push(e.to_string()),
    });
    for seat in Seat::all(label.players) {
        let colour = &game.colours()[record.colours[seat.index()] as usize];
        writeln!(
            out,
            "  {seat}: {colour}, bot {}",
            label.bot_groups[bot_of_seat[seat.index()]]
        )?;
    }
    for line in lines {
        writeln!(out, "{line}")?;
    }
    let o = &record.outcome;
    writeln!(
        out,
        "final scores ({}):",
        game.end_causes()[o.end_cause as usize]
    )?;
    for seat in Seat::all(label.players) {
        let s = seat.index();
        let won = if o.is_winner(seat) {
            if o.winner_count() > 1 {
                "  shared win"
            } else {
                "  WINNER"
            }
        } else {
            ""
        };
        writeln!(
            out,
            "  {seat}: {} points, {} {}{won}",
            o.scores[s],
            o.progress[s],
            game.progress_name().replace('_', " ")
        )?;
    }
    Ok(())
}
