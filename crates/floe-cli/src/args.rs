//! Flags shared by the run commands, and their checking into a validated setup.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use arctic_race::{ArcticRace, Rules};
use clap::{Args, ValueEnum};
use floe_bots::{BotSpec, split_spec_list};
use floe_core::Game;
use floe_sim::report::RunLabel;
use floe_sim::{RunConfig, RunError, Seating, Shard};

use crate::shards::{Merged, fingerprint};

/// The games Floe can play.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GameName {
    /// Arctic Race (2-6 players).
    ArcticRace,
}

/// What defines a run's games: game, rules, table and seeds.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The game to play.
    #[arg(long, value_enum, default_value = "arctic-race")]
    pub game: GameName,
    /// Players per game.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Master seed: game i plays with a seed derived from this and i alone.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Rules file (TOML) replacing the built-in `classic` rules; see experiments/rules/classic.toml.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Deal colours to seats at random per game (default: seat i plays colour i).
    #[arg(long)]
    pub shuffle_colours: bool,
}

/// How a run uses the machine and the terminal; they change no result.
#[derive(Args, Debug)]
pub struct RunFlags {
    /// Worker threads (default: one per core). The results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print nothing but errors: no progress bar, no table.
    #[arg(long)]
    pub quiet: bool,
    /// Play only shard K of N of the run (K from 1: a block of its games, with the same
    /// seeds) and write its counts for `floe merge` instead of the results.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Counts merged from shards (set by `floe merge`, never by a flag): the run takes its
    /// tallies from them instead of playing.
    #[arg(skip)]
    pub merged: Option<Merged>,
}

impl RunFlags {
    /// Checks the flags.
    ///
    /// # Errors
    /// Refuses `--threads 0`.
    pub fn check(&self) -> Result<()> {
        if self.threads == Some(0) {
            bail!("--threads 0: give at least 1 worker thread (or leave it out for one per core)");
        }
        Ok(())
    }
}

/// A checked run: the game with its rules, the run configuration and its labels.
pub struct Setup<G: Game> {
    pub game: G,
    pub config: RunConfig,
    pub label: RunLabel,
    /// A fingerprint of the rules (and experiment spec) the games are played with.
    pub inputs_hash: String,
}

/// A command that runs games: it names its run, and runs it for whichever game was chosen.
pub trait RunCommand {
    /// The flags that define the run's games.
    fn game_args(&self) -> &GameArgs;
    /// The `--bots` flag as given: specs per seat, or with rotated seating the entrants.
    fn bots(&self) -> &str;
    /// Who sits where.
    fn seating(&self) -> Seating {
        Seating::Fixed
    }
    /// Games in the run.
    fn games(&self) -> u64;
    /// Threads and shard, for a command that plays a run (not a single game).
    fn run_flags(&self) -> Option<&RunFlags> {
        None
    }
    /// Runs the checked setup.
    fn run<G: Game>(&self, setup: Setup<G>) -> Result<()>;
}

/// Loads the chosen game with its rules, checks every flag, and runs `cmd` on it: with
/// `experiment::run`, the place that knows which games exist.
pub fn dispatch(cmd: &impl RunCommand) -> Result<()> {
    let args = cmd.game_args();
    let flags = cmd.run_flags();
    let threads = flags.and_then(|f| f.threads).unwrap_or(0);
    let shard = flags.and_then(|f| f.shard).unwrap_or(Shard::WHOLE);
    match args.game {
        GameName::ArcticRace => {
            let rules = match &args.rules {
                None => Rules::classic(),
                Some(path) => load_rules(path, &format!("--rules {}", path.display()))?,
            };
            let name = rules.name().to_string();
            let hash = fingerprint(&format!("{rules:?}"));
            let mut setup = args.setup(
                ArcticRace::new(rules),
                &name,
                (cmd.bots(), cmd.seating(), shard),
                cmd.games(),
                threads,
            )?;
            setup.inputs_hash = hash;
            cmd.run(setup)
        }
    }
}

/// Reads the Arctic Race rules file `path`; errors start with `what` (the flag or spec key
/// that named the file).
///
/// # Errors
/// Fails if the file cannot be read or is not a valid rules file.
pub fn load_rules(path: &Path, what: &str) -> Result<Rules> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{what}: cannot read the rules file {}", path.display()))?;
    Rules::from_toml(&text).map_err(|e| anyhow!("{what}: {e}"))
}

/// A setting that does not fit the game, named as the flags name it (`players`, `bots`,
/// `games`), so each front end can point at where the user wrote it.
#[derive(Debug)]
pub struct Misfit {
    /// The setting.
    pub setting: &'static str,
    /// The value as written, when the message needs it.
    pub value: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Misfit {
    /// Formats the misfit as a flag error: `--bots "x": ...` or `--games: ...`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.value {
            Some(v) => write!(f, "--{} {v:?}: {}", self.setting, self.message),
            None => write!(f, "--{}: {}", self.setting, self.message),
        }
    }
}

impl GameArgs {
    /// Checks every flag against `game` (whose rules are named `rules`) and the `--bots`
    /// text with its seating, so that nothing runs on bad input.
    fn setup<G: Game>(
        &self,
        game: G,
        rules: &str,
        (bots, seating, shard): (&str, Seating, Shard),
        games: u64,
        threads: usize,
    ) -> Result<Setup<G>> {
        let config = RunConfig {
            players: self.players,
            bots: Vec::new(),
            seating,
            games,
            seed: self.seed,
            shuffle_colours: self.shuffle_colours,
            threads,
            shard,
        };
        setup(game, rules, bots, config).map_err(|m| anyhow!("{m}"))
    }
}

/// Reads the bots text (a spec for every seat, one per seat, or the entrants) into
/// `config`, checks the whole against `game` (whose rules are named `rules`), and returns
/// the run.
///
/// # Errors
/// Names the first setting that does not fit.
pub fn setup<G: Game>(
    game: G,
    rules: &str,
    bots_text: &str,
    mut config: RunConfig,
) -> Result<Setup<G>, Misfit> {
    let specs = split_spec_list(bots_text);
    let mut bots = Vec::new();
    for (i, text) in specs.iter().enumerate() {
        let spec = BotSpec::parse(text).map_err(|e| Misfit {
            setting: "bots",
            value: Some(bots_text.to_string()),
            message: if specs.len() == 1 {
                e.to_string()
            } else {
                format!("spec {} ({text:?}): {e}", i + 1)
            },
        })?;
        bots.push(spec);
    }
    if let Some(timed) = bots.iter().find(|b| b.is_timed()) {
        eprintln!(
            "note: --bots {timed}: a time limit makes answers depend on this machine's \
             speed and load, so a rerun may not give the same results"
        );
    }
    // One spec stands for every seat; expanded only for a player count the game takes,
    // so an absurd --players is refused below instead of allocating that many seats.
    if config.seating == Seating::Fixed
        && bots.len() == 1
        && game.player_counts().contains(&config.players)
    {
        bots = vec![bots[0].clone(); config.players];
    }
    config.bots = bots;
    if let Err(RunError::Config { setting, message }) = config.check(&game) {
        return Err(Misfit {
            setting,
            value: None,
            message,
        });
    }
    let bot_groups = config.bot_groups();
    let bot_of_seat = config.lineups().swap_remove(0);
    let label = RunLabel {
        game: game.name().to_string(),
        rules: rules.to_string(),
        players: config.players,
        bots: bots_text.trim().to_string(),
        seed: config.seed,
        shuffle_colours: config.shuffle_colours,
        bot_groups,
        bot_of_seat,
    };
    Ok(Setup {
        game,
        config,
        label,
        inputs_hash: String::new(),
    })
}
