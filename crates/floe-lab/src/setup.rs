//! Turning one cell of a [`Plan`] into a checked run of a loaded game.

use floe_bots::{BotSpec, Registry, split_spec_list};
use floe_core::{Game, RuleSet};
use floe_sim::report::RunLabel;
use floe_sim::{RunConfig, RunError, Seating, Setting, Shard};

use crate::message::{Message, SettingError};
use crate::plan::{CellPlan, Plan};

/// A checked cell: the game with the cell's rules, the run configuration and its labels.
pub struct Setup<G: Game> {
    /// The game, with the cell's swept parameter set.
    pub game: G,
    /// What the runner plays.
    pub config: RunConfig,
    /// How the results name the run.
    pub label: RunLabel,
    /// Warnings for the user (a bot whose answers depend on the machine's speed).
    pub notes: Vec<Message>,
}

/// How a run uses the machine; it changes no result. The default: one thread per core,
/// the whole run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Machine {
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// The part of the run to play, for a sharded run (which writes counts, not results).
    pub shard: Option<Shard>,
}

/// Most worker threads per core a run accepts.
const THREADS_PER_CORE: usize = 4;

impl Machine {
    /// Returns the machine settings of a run on `threads` worker threads (`None` for one
    /// per core) playing `shard` of it (`None` for all of it).
    ///
    /// # Errors
    /// Refuses `--threads 0`, and more than [`THREADS_PER_CORE`] per core: a typo like
    /// `-j 1000` would otherwise start a thousand threads, each with its stack and buffers,
    /// to go no faster.
    pub fn new(threads: Option<usize>, shard: Option<Shard>) -> Result<Machine, SettingError> {
        if threads == Some(0) {
            return Err(SettingError::new(
                Setting::Threads,
                "give at least 1 worker thread (or leave it out for one per core)",
            )
            .value(0));
        }
        let cores = cores();
        let cap = THREADS_PER_CORE * cores;
        if let Some(threads) = threads.filter(|&t| t > cap) {
            return Err(SettingError::new(
                Setting::Threads,
                format!(
                    "at most {cap} ({THREADS_PER_CORE} per core, {cores} cores here): more \
                     threads than that only add memory and switching, not speed"
                ),
            )
            .value(threads));
        }
        Ok(Machine {
            threads: threads.unwrap_or(0),
            shard,
        })
    }

    /// Checks that every shard of `plan` has a game to play: refuses a shard count above
    /// the games of the plan's largest cell. Shard k of N plays a cell's games from
    /// G k / N to G (k + 1) / N (rounded down), so with G at least N every shard plays
    /// at least one game of the cell, and with every cell below N the first shard plays
    /// none at all, nor do others: jobs that would run, write a folder of no counts and
    /// look done. A cell smaller than N in a run whose largest cell is not is fine: its
    /// games fall to some of the shards, and `floe merge` adds them up as the whole run
    /// would. Called by the run ([`crate::execute`]) and by its check
    /// ([`crate::estimate::estimate`]) alike.
    ///
    /// # Errors
    /// Names the shard setting, the games and the most shards the plan allows.
    pub fn check_shards(self, plan: &Plan) -> Result<(), SettingError> {
        let Some(shard) = self.shard else {
            return Ok(());
        };
        let largest = plan.cells.iter().map(|c| c.games).max().unwrap_or(0);
        if shard.count <= largest {
            return Ok(());
        }
        let games = floe_io::count(largest, "game");
        let games = match plan.cells.len() {
            1 => format!("the run has {games}"),
            _ => format!("the run's largest cell has {games}"),
        };
        Err(SettingError::new(
            Setting::Shard,
            format!(
                "{games}, too few for {} shards to play one each; split it into at most {}",
                shard.count,
                floe_io::count(largest, "shard")
            ),
        )
        .value(shard))
    }

    /// The worker threads a run uses: those given, or one per core.
    pub fn threads_or_cores(self) -> usize {
        match self.threads {
            0 => cores(),
            t => t,
        }
    }
}

/// The machine's cores (1 when it cannot tell).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// Checks `cell` of `plan` against `game` (loaded with the plan's rules): sets the swept
/// parameter, reads the bots (built-in, or of `bots`: plugged in, or outsiders such as a
/// person or a Python function), and checks the whole.
///
/// # Errors
/// Names the first setting that does not fit.
pub fn setup<G: Game>(
    mut game: G,
    plan: &Plan,
    cell: &CellPlan,
    machine: Machine,
    bots: &Registry,
) -> Result<Setup<G>, SettingError> {
    for sweep in cell.sweep.iter().chain(&cell.by) {
        let mut rules = game.rules().clone();
        rules
            .set_parameter(&sweep.path, &sweep.value)
            .map_err(|e| SettingError::new(Setting::Sweep, e.to_string()))?;
        game = G::from_rules(rules);
    }
    let config = RunConfig {
        players: cell.players,
        bots: Vec::new(),
        dealing: plan.dealing,
        games: cell.games,
        threads: machine.threads,
        shard: machine.shard.unwrap_or(Shard::WHOLE),
        arc: plan.arc,
    };
    let rules = game.rules().name().to_string();
    checked(game, &rules, &cell.bots, config, bots)
}

/// Reads `bots_text`, comma-separated bot specs that may name the bots of `registry`, and
/// checks each against `game` at a table of `players` (the networks a spec names must fit
/// it).
///
/// # Errors
/// Names the bots setting, and of a list the spec at fault by its place.
pub fn read_bots<G: Game>(
    game: &G,
    players: usize,
    bots_text: &str,
    registry: &Registry,
) -> Result<Vec<BotSpec>, SettingError> {
    let specs = split_spec_list(bots_text);
    let bad_bots = |message: String| SettingError::new(Setting::Bots, message).quoted(bots_text);
    let mut bots = Vec::new();
    for (i, text) in specs.iter().enumerate() {
        let spec = registry
            .parse(text)
            .and_then(|spec| spec.check_game(game).map(|()| spec))
            .and_then(|spec| spec.check_table(game, players).map(|()| spec))
            .map_err(|e| {
                bad_bots(if specs.len() == 1 {
                    e.to_string()
                } else {
                    format!("spec {} ({}): {e}", i + 1, floe_io::gate::quoted(text))
                })
            })?;
        bots.push(spec);
    }
    Ok(bots)
}

/// Reads the bots text (a spec for every seat, one per seat, or the entrants) into
/// `config`, checks the whole against `game` (whose rules are named `rules`), and returns
/// the run.
fn checked<G: Game>(
    game: G,
    rules: &str,
    bots_text: &str,
    mut config: RunConfig,
    registry: &Registry,
) -> Result<Setup<G>, SettingError> {
    let mut bots = read_bots(&game, config.players, bots_text, registry)?;
    let notes = bots
        .iter()
        .filter(|b| b.is_timed())
        .take(1)
        .map(|timed| {
            Message::from("note: ")
                .head(Setting::Bots, Some(timed.to_string()))
                .then(
                    ": a time limit makes answers depend on this machine's speed and load, so \
                     a rerun may not give the same results",
                )
        })
        .collect();
    // One spec stands for every seat; expanded only for a player count the game takes,
    // so an absurd --players is refused below instead of allocating that many seats.
    if config.dealing.seating == Seating::Fixed
        && bots.len() == 1
        && game.player_counts().contains(&config.players)
    {
        bots = vec![bots[0].clone(); config.players];
    }
    config.bots = bots;
    if let Err(RunError::Config { setting, message }) = config.check(&game) {
        return Err(SettingError::new(setting, message));
    }
    let bot_groups = config.bot_groups();
    let bot_of_seat = config.lineups().swap_remove(0);
    let label = RunLabel {
        game: game.name().to_string(),
        rules: rules.to_string(),
        players: config.players,
        bots: bots_text.trim().to_string(),
        dealing: config.dealing,
        bot_groups,
        bot_of_seat,
        arc: config.arc,
    };
    Ok(Setup {
        game,
        config,
        label,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::RunKind;

    /// A plan of one cell of random bots per entry of `games`.
    fn plan(games: &[u64]) -> Plan {
        Plan {
            kind: RunKind::Experiment,
            game: "arctic-race".into(),
            rules: String::new(),
            dealing: floe_sim::Dealing::default(),
            per_game: false,
            arc: false,
            plugged: Default::default(),
            experiment: None,
            cells: games
                .iter()
                .map(|&games| CellPlan {
                    players: 2,
                    bots: "random".into(),
                    games,
                    sweep: None,
                    by: None,
                })
                .collect(),
        }
    }

    fn sharded(index: u64, count: u64) -> Machine {
        Machine {
            threads: 0,
            shard: Some(Shard { index, count }),
        }
    }

    /// The shard count is refused exactly when some shard would play no game of any cell.
    #[test]
    fn a_shard_count_is_refused_exactly_when_a_shard_would_play_nothing() {
        for cells in [vec![4], vec![1, 4, 2], vec![7, 7], vec![1]] {
            for count in 1..=12 {
                let plan = plan(&cells);
                let idle = (0..count).any(|index| {
                    let shard = Shard { index, count };
                    cells.iter().all(|&g| shard.games(g).is_empty())
                });
                for index in 0..count {
                    let checked = sharded(index, count).check_shards(&plan);
                    assert_eq!(checked.is_err(), idle, "{cells:?} {index}/{count}");
                }
            }
        }
        assert!(Machine::default().check_shards(&plan(&[1])).is_ok());
        let e = sharded(6, 8).check_shards(&plan(&[4])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "shard 7/8: the run has 4 games, too few for 8 shards to play one each; split it \
             into at most 4 shards"
        );
        let e = sharded(0, 5).check_shards(&plan(&[1, 4, 2])).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("shard 1/5: the run's largest cell has 4 games, too few for 5"),
            "{e}"
        );
    }
}
