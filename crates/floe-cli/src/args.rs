//! Flags shared by the commands that run games, and their reading into a plan.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use floe_bots::Registry;
use floe_lab::request::{RequestRules, RunRequest};
use floe_lab::{Machine, Message};
use floe_sim::{Dealing, Seating, Shard};

/// The folder a run writes into when `--out` is not given: `runs/NAME`. It is kept out of
/// version control, apart from `results/`, which holds the committed reference results
/// (the scripts that make them name their folders), so that running a command on a fresh
/// clone leaves it clean.
pub const RUNS: &str = "runs";

/// Returns the default output folder of a run called `name` ([`RUNS`]).
pub fn default_out(name: &str) -> PathBuf {
    PathBuf::from(RUNS).join(name)
}

/// What defines a run's games: game, rules, table and seeds.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The game to play.
    #[arg(long, default_value = floe_games::DEFAULT_GAME, help = game_help("The game to play"))]
    pub game: String,
    /// Players per game.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Master seed: game i plays with a seed derived from this and i alone.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Rules file (TOML) replacing the game's built-in rules; experiments/rules/ holds a
    /// complete rules file of every game to copy and edit.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Deal colours to seats at random per game (default: seat i plays colour i).
    #[arg(long)]
    pub shuffle_colours: bool,
}

/// The flag of the commands that run games into results (`simulate`, `tournament`,
/// `experiment`, `tune`, `profile`) that asks them to follow how each game unfolds (a
/// spec may ask it too, with `arc = true`).
#[derive(Args, Debug)]
pub struct ArcFlag {
    /// Also follow how each game unfolds (lead changes, drama, when it was decided,
    /// comebacks, real choices) and write arc.csv.
    #[arg(long)]
    pub arc: bool,
}

impl GameArgs {
    /// Returns how the games are dealt: the seed and colours, with fixed seating (the
    /// commands that seat bots otherwise set it).
    pub fn dealing(&self) -> Dealing {
        Dealing {
            seed: self.seed,
            shuffle_colours: self.shuffle_colours,
            seating: Seating::Fixed,
        }
    }

    /// Returns the request for a run of these games with `bots`, which may name the bots
    /// of `registry`: what the flags say, checked and read (the game, the rules file) when
    /// it is planned ([`floe_lab::request::plan_run`]).
    pub fn request(&self, bots: &str, games: u64, registry: &Registry) -> RunRequest {
        RunRequest {
            kind: floe_lab::RunKind::Simulate,
            game: self.game.clone(),
            rules: self.rules.clone().map(RequestRules::Setting),
            players: self.players,
            bots: bots.to_string(),
            games,
            dealing: self.dealing(),
            per_game: false,
            arc: false,
            registry: registry.clone(),
        }
    }
}

/// How a run uses the machine and the terminal; they change no result.
#[derive(Args, Debug)]
pub struct RunFlags {
    /// Worker threads (default: one per core; at most 4 per core, since more only add
    /// memory and switching). The results do not depend on it.
    #[arg(short = 'j', long)]
    pub threads: Option<usize>,
    /// Print nothing but errors: no progress bar, no report.
    #[arg(short, long)]
    pub quiet: bool,
    /// How to print the report: `text` (tables for people) or `json` (the result tables,
    /// the files written and the run's size and time, for programs).
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Play only shard K of N of the run (K from 1: a block of its games, with the same
    /// seeds) and write its counts for `floe merge` instead of the results.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Replace files in --out that Floe did not write (by default such a file of the same
    /// name as one of the run's is refused; files of other names are never touched).
    #[arg(long)]
    pub force: bool,
}

impl RunFlags {
    /// Returns how the run's results are delivered.
    pub fn delivery(&self) -> Delivery {
        Delivery {
            quiet: self.quiet,
            format: self.format,
            force: self.force,
        }
    }

    /// Returns the machine settings of the run.
    ///
    /// # Errors
    /// Refuses a thread count [`Machine::new`] refuses.
    pub fn machine(&self) -> Result<Machine> {
        Ok(Machine::new(self.threads, self.shard)?)
    }
}

/// How a run's results are delivered: printed (or not, and in which format) and written
/// into `--out` (with or without `--force`).
#[derive(Clone, Copy, Debug)]
pub struct Delivery {
    /// Print nothing but errors.
    pub quiet: bool,
    /// How the report is printed.
    pub format: Format,
    /// Replace files in `--out` that Floe did not write.
    pub force: bool,
}

/// How a report is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Tables for people.
    Text,
    /// One JSON object for programs.
    Json,
}

/// Prints the plan's warnings on stderr.
pub fn warn(notes: &[Message]) {
    for note in notes {
        floe_io::console::note(&note.say(&crate::flags::Flags));
    }
}

/// How a study that writes one folder (`floe tune`, `floe profile`) uses the machine and
/// the terminal; they change no result.
#[derive(Args, Debug)]
pub struct StudyFlags {
    /// Worker threads (default: one per core; at most 4 per core). The results do not
    /// depend on it.
    #[arg(short = 'j', long)]
    pub threads: Option<usize>,
    /// Print nothing but errors: no progress bar, no report.
    #[arg(short, long)]
    pub quiet: bool,
    /// Replace files in --out that Floe did not write (by default such a file of the same
    /// name as one of the study's is refused; files of other names are never touched).
    #[arg(long)]
    pub force: bool,
}

/// The help of a `--game` flag (`what` it picks): the games offered, from the registry.
pub fn game_help(what: &str) -> String {
    format!(
        "{what}: {} (an unknown name lists the games)",
        floe_games::listed_names().join(", ")
    )
}
