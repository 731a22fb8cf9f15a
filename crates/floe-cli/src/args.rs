//! Flags shared by the run commands, and their checking into a validated setup.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use arctic_race::{ArcticRace, Rules};
use clap::{Args, ValueEnum};
use floe_bots::{BotSpec, split_spec_list};
use floe_core::Game;
use floe_sim::report::RunLabel;
use floe_sim::{RunConfig, RunError, Seating};

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
    /// Games in the run and worker threads (0 = one per core).
    fn size(&self) -> (u64, usize);
    /// Runs the checked setup.
    fn run<G: Game>(&self, setup: Setup<G>) -> Result<()>;
}

/// Loads the chosen game with its rules, checks every flag, and runs `cmd` on it: the one
/// place that knows which games exist.
pub fn dispatch(cmd: &impl RunCommand) -> Result<()> {
    let args = cmd.game_args();
    let (games, threads) = cmd.size();
    match args.game {
        GameName::ArcticRace => {
            let rules = match &args.rules {
                None => Rules::classic(),
                Some(path) => {
                    let text = std::fs::read_to_string(path).with_context(|| {
                        format!("--rules {}: cannot read the rules file", path.display())
                    })?;
                    Rules::from_toml(&text)
                        .map_err(|e| anyhow!("--rules {}: {e}", path.display()))?
                }
            };
            let name = rules.name().to_string();
            let setup = args.setup(
                ArcticRace::new(rules),
                &name,
                (cmd.bots(), cmd.seating()),
                games,
                threads,
            )?;
            cmd.run(setup)
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
        (bots_flag, seating): (&str, Seating),
        games: u64,
        threads: usize,
    ) -> Result<Setup<G>> {
        let specs = split_spec_list(bots_flag);
        let mut bots = Vec::new();
        for (i, text) in specs.iter().enumerate() {
            let spec = BotSpec::parse(text).map_err(|e| {
                if specs.len() == 1 {
                    anyhow!("--bots {bots_flag:?}: {e}")
                } else {
                    anyhow!("--bots {bots_flag:?}: spec {} ({text:?}): {e}", i + 1)
                }
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
        if seating == Seating::Fixed
            && bots.len() == 1
            && game.player_counts().contains(&self.players)
        {
            bots = vec![bots[0].clone(); self.players];
        }
        let config = RunConfig {
            players: self.players,
            bots,
            seating,
            games,
            seed: self.seed,
            shuffle_colours: self.shuffle_colours,
            threads,
        };
        match config.check(&game) {
            Err(RunError::Config { setting, message }) => bail!("--{setting}: {message}"),
            other => other?,
        }
        let bot_groups = config.bot_groups();
        let bot_of_seat = config.lineups().swap_remove(0);
        let label = RunLabel {
            game: game.name().to_string(),
            rules: rules.to_string(),
            players: self.players,
            bots: bots_flag.trim().to_string(),
            seed: self.seed,
            shuffle_colours: self.shuffle_colours,
            bot_groups,
            bot_of_seat,
        };
        Ok(Setup {
            game,
            config,
            label,
        })
    }
}
