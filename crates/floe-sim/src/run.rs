//! Running many games in parallel.

use floe_bots::BotSpec;
use floe_core::{Game, MAX_COLOURS, game_seed};
use rayon::prelude::*;

use crate::tally::MAX_END_CAUSES;
use crate::{GameRecord, Table, Tally, play};

/// Chunks per batch: a batch's records are written before the next batch starts, which
/// bounds the memory `--per-game` needs whatever the run's size.
const BATCH_CHUNKS: u64 = 256;
/// Most games in one chunk (one unit of work for a thread, and one progress tick).
const MAX_CHUNK: u64 = 1024;

/// Receives the records of finished games, in game order.
pub type RecordSink<'a> = dyn FnMut(&[GameRecord]) -> std::io::Result<()> + 'a;

/// What to run.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Seats per game.
    pub players: usize,
    /// The bot of each seat, in seat order.
    pub bots: Vec<BotSpec>,
    /// Games to play.
    pub games: u64,
    /// Master seed; game i has seed `game_seed(seed, i)`.
    pub seed: u64,
    /// Deal colours to seats at random per game instead of seat i playing colour i.
    pub shuffle_colours: bool,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
}

/// Why a run could not be done.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A setting does not fit the game.
    #[error("{setting}: {message}")]
    Config {
        /// The setting (`players`, `bots`, `games`), named as the `floe` flags name it.
        setting: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// The thread pool could not be started.
    #[error("cannot start the worker threads: {0}")]
    Pool(#[from] rayon::ThreadPoolBuildError),
    /// Writing per-game records failed.
    #[error("cannot write per-game records: {0}")]
    Io(#[from] std::io::Error),
}

impl RunConfig {
    /// Checks the configuration against `game`.
    ///
    /// # Errors
    /// Names the first setting that does not fit.
    pub fn check<G: Game>(&self, game: &G) -> Result<(), RunError> {
        let counts = game.player_counts();
        if !counts.contains(&self.players) {
            return Err(RunError::Config {
                setting: "players",
                message: format!(
                    "{} seats {} to {} players, not {}",
                    game.name(),
                    counts.start(),
                    counts.end(),
                    self.players
                ),
            });
        }
        if self.bots.len() != self.players {
            return Err(RunError::Config {
                setting: "bots",
                message: format!(
                    "{} bot specs for {} players; give one spec for every seat, or one per seat",
                    self.bots.len(),
                    self.players
                ),
            });
        }
        if self.games == 0 {
            return Err(RunError::Config {
                setting: "games",
                message: "must be at least 1".into(),
            });
        }
        assert!(game.end_causes().len() <= MAX_END_CAUSES && game.colours().len() <= MAX_COLOURS);
        Ok(())
    }

    /// Returns the distinct bot specs in order of first seat, and each seat's index among them.
    pub fn bot_groups(&self) -> (Vec<String>, Vec<usize>) {
        let mut names: Vec<String> = Vec::new();
        let mut of_seat = Vec::with_capacity(self.bots.len());
        for spec in &self.bots {
            let name = spec.to_string();
            let i = names.iter().position(|n| *n == name).unwrap_or_else(|| {
                names.push(name);
                names.len() - 1
            });
            of_seat.push(i);
        }
        (names, of_seat)
    }

    fn table<G: Game>(&self) -> Table<G> {
        Table::new(self.bots.iter().map(BotSpec::build).collect())
    }
}

/// Plays game `index` of the run `cfg` alone, reporting every line to `log` (for replays).
pub fn replay<G: Game>(
    game: &G,
    cfg: &RunConfig,
    index: u64,
    log: &mut impl FnMut(crate::Line<'_, G>),
) -> GameRecord {
    let mut table = cfg.table();
    play(
        game,
        &mut table,
        index,
        game_seed(cfg.seed, index),
        cfg.shuffle_colours,
        log,
    )
}

/// Plays the run `cfg` of `game` on a pool of worker threads and returns its tally.
///
/// `progress` is called with the number of games each time a chunk of games is done
/// (from worker threads). `per_game`, if given, receives every game's record in game
/// order. The result does not depend on the number of threads.
///
/// # Errors
/// Fails on a bad configuration, if the threads cannot start, or if `per_game` fails.
pub fn run<G: Game>(
    game: &G,
    cfg: &RunConfig,
    progress: &(dyn Fn(u64) + Sync),
    mut per_game: Option<&mut RecordSink<'_>>,
) -> Result<Tally, RunError> {
    cfg.check(game)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build()?;
    let (groups, bot_of_seat) = cfg.bot_groups();
    let colours = game.colours().len();
    let keep = per_game.is_some();
    // Enough chunks to keep every thread busy and the progress bar moving.
    let chunk = (cfg.games / (pool.current_num_threads() as u64 * 64)).clamp(1, MAX_CHUNK);
    let chunks = cfg.games.div_ceil(chunk);
    let mut tally = Tally::new(colours, groups.len());
    for first in (0..chunks).step_by(BATCH_CHUNKS as usize) {
        let batch = first..(first + BATCH_CHUNKS).min(chunks);
        let results: Vec<(Tally, Vec<GameRecord>)> = pool.install(|| {
            batch
                .into_par_iter()
                .map_init(
                    || cfg.table::<G>(),
                    |table, c| {
                        let games = c * chunk..((c + 1) * chunk).min(cfg.games);
                        let mut part = Tally::new(colours, groups.len());
                        let mut records = Vec::with_capacity(if keep {
                            (games.end - games.start) as usize
                        } else {
                            0
                        });
                        for index in games.clone() {
                            let seed = game_seed(cfg.seed, index);
                            let record =
                                play(game, table, index, seed, cfg.shuffle_colours, &mut |_| {});
                            part.record(&record, &bot_of_seat);
                            if keep {
                                records.push(record);
                            }
                        }
                        progress(games.end - games.start);
                        (part, records)
                    },
                )
                .collect()
        });
        for (part, records) in &results {
            tally.merge(part);
            if let Some(sink) = per_game.as_mut() {
                sink(records)?;
            }
        }
    }
    Ok(tally)
}
