//! Running many games in parallel.

use floe_bots::BotSpec;
use floe_core::{Game, MAX_COLOURS, MAX_FIGURES, game_seed};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::tally::MAX_END_CAUSES;
use crate::{Dealing, GameRecord, Seating, Seats, Setting, Tally, play};

/// Chunks per batch: a batch's records are written before the next batch starts, which
/// bounds the memory `--per-game` needs whatever the run's size.
const BATCH_CHUNKS: u64 = 256;
/// Most games in one chunk (one unit of work for a thread, and one progress tick).
const MAX_CHUNK: u64 = 1024;

/// Receives the records of finished games, in game order.
pub type RecordSink<'a> = dyn FnMut(&[GameRecord]) -> std::io::Result<()> + 'a;

/// Which part of a run to play: one of `count` disjoint blocks of consecutive game
/// indices. Game i keeps its seed whatever the split, so shards merge into exactly the
/// unsharded run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// The block, from 0.
    pub index: u64,
    /// How many blocks the run is split into.
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Returns the game indices of this shard of a run of `games` games.
    ///
    /// # Examples
    /// ```
    /// use floe_sim::Shard;
    /// let parts: Vec<_> = (0..3).map(|index| Shard { index, count: 3 }.games(10)).collect();
    /// assert_eq!(parts, [0..3, 3..6, 6..10]);
    /// ```
    pub fn games(&self, games: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

impl std::fmt::Display for Shard {
    /// Formats the shard as users write it: `K/N`, K counted from 1.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// Reads `K/N` with `1 <= K <= N`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || {
            format!(
                "{} is not K/N with 1 <= K <= N (e.g. 2/8)",
                floe_io::gate::quoted(s)
            )
        };
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n): (u64, u64) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard {
            index: k - 1,
            count: n,
        })
    }
}

/// What to run.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Seats per game.
    pub players: usize,
    /// The bot of each seat in seat order, or with rotated seating the entrants.
    pub bots: Vec<BotSpec>,
    /// The seed, seating and colours.
    pub dealing: Dealing,
    /// Games to play.
    pub games: u64,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// The part of the run to play ([`Shard::WHOLE`] for all of it).
    pub shard: Shard,
    /// Whether to follow how each game unfolds ([`crate::arc`]) and count its measures
    /// ([`Tally::arc`]); off, a run reads no standings and its tally is as without it.
    pub arc: bool,
}

/// Why a run could not be done.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A setting does not fit the game.
    #[error("{setting}: {message}")]
    Config {
        /// The setting (players, bots, games), or the game when the game itself does not
        /// fit a run's limits.
        setting: Setting,
        /// What is wrong with it.
        message: String,
    },
    /// The thread pool could not be started.
    #[error("cannot start the worker threads: {0}")]
    Pool(#[from] rayon::ThreadPoolBuildError),
    /// Writing per-game records failed.
    #[error("cannot write per-game records: {0}")]
    Io(#[from] std::io::Error),
    /// The run was stopped before its end (see [`run_until`]).
    #[error("the run was stopped before its end")]
    Stopped,
}

/// Checks that a game named `name`, with `end_causes` end causes and `colours` colours,
/// fits the fixed-size counts of a run (a game breaking them is a programming error of
/// that game, but reported as an error, naming the limit, rather than a panic mid-run).
fn check_limits(
    name: &str,
    end_causes: usize,
    colours: usize,
    figures: usize,
) -> Result<(), RunError> {
    let over = |what: &str, count: usize, limit: usize, constant: &str| {
        Err(RunError::Config {
            setting: Setting::Game,
            message: format!(
                "{name} defines {count} {what}, more than the {limit} a run can count \
                 ({constant})"
            ),
        })
    };
    if end_causes > MAX_END_CAUSES {
        return over(
            "end causes",
            end_causes,
            MAX_END_CAUSES,
            "floe-sim's MAX_END_CAUSES",
        );
    }
    if colours > MAX_COLOURS {
        return over("colours", colours, MAX_COLOURS, "floe_core::MAX_COLOURS");
    }
    if figures > MAX_FIGURES {
        return over("figures", figures, MAX_FIGURES, "floe_core::MAX_FIGURES");
    }
    Ok(())
}

/// Checks that `game` seats `players` players.
///
/// # Errors
/// Names the player counts the game takes.
pub fn check_players<G: Game>(game: &G, players: usize) -> Result<(), RunError> {
    match game.refuse_players(players) {
        None => Ok(()),
        Some(message) => Err(RunError::Config {
            setting: Setting::Players,
            message,
        }),
    }
}

impl RunConfig {
    /// Checks the configuration against `game`.
    ///
    /// # Errors
    /// Names the first setting that does not fit.
    pub fn check<G: Game>(&self, game: &G) -> Result<(), RunError> {
        check_players(game, self.players)?;
        let bad = |setting, message| Err(RunError::Config { setting, message });
        if self.dealing.seating == Seating::Fixed && self.bots.len() != self.players {
            return bad(
                Setting::Bots,
                format!(
                    "{} for {}; give one spec for every seat, or one per seat",
                    floe_io::count(self.bots.len(), "bot spec"),
                    floe_io::count(self.players, "player")
                ),
            );
        }
        for spec in &self.bots {
            if let Err(e) = spec.check_table(game, self.players) {
                return bad(Setting::Bots, e.to_string());
            }
        }
        if self.games == 0 {
            return bad(Setting::Games, "must be at least 1".into());
        }
        let cycle = self.cycle();
        if !self.games.is_multiple_of(cycle) {
            let below = self.games / cycle * cycle;
            let options = match below {
                0 => cycle.to_string(),
                _ => format!("{below} or {}", below + cycle),
            };
            return bad(
                Setting::Games,
                format!(
                    "{} is not a multiple of {cycle}, the seatings that give the {} entrants \
                     every seat equally often; try {options}",
                    self.games,
                    self.bots.len(),
                ),
            );
        }
        check_limits(
            game.name(),
            game.end_causes().len(),
            game.colours().len(),
            game.figures().len(),
        )
    }

    /// Returns the distinct bot specs (the bot groups statistics are kept for): in order
    /// of first seat, or with rotated seating the entrants in order.
    pub fn bot_groups(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for spec in &self.bots {
            let name = spec.to_string();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }

    /// Returns the number of seatings in the run's cycle (see [`Seating::cycle`]).
    fn cycle(&self) -> u64 {
        self.dealing.seating.cycle(self.bots.len())
    }

    /// Returns the seatings of the run's cycle, each as the bot group of every seat (see
    /// [`Seating::Rotated`]): the line-up's places rotate, a bot entered twice holding two
    /// of them.
    pub fn lineups(&self) -> Vec<Vec<usize>> {
        let groups = self.bot_groups();
        let group = |spec: &BotSpec| {
            let name = spec.to_string();
            groups
                .iter()
                .position(|g| *g == name)
                .expect("every spec has a group")
        };
        match self.dealing.seating {
            Seating::Fixed => vec![self.bots.iter().map(group).collect()],
            Seating::Rotated | Seating::Duplicate => {
                // The line-up's places rotate; a bot entered twice holds two places.
                let place: Vec<usize> = self.bots.iter().map(group).collect();
                let b = place.len();
                let rotated =
                    (0..b).map(|r| (0..self.players).map(|s| place[(s + r) % b]).collect());
                let mirrored = (0..b).map(|r| {
                    (0..self.players)
                        .map(|s| place[(r + b * self.players - s) % b])
                        .collect()
                });
                rotated
                    .chain(mirrored)
                    .take(self.cycle() as usize)
                    .collect()
            }
        }
    }

    /// Returns the lineup (index into [`RunConfig::lineups`]) and the seed of game `index`.
    pub fn deal(&self, index: u64) -> (usize, u64) {
        let cycle = self.cycle();
        let deal = match self.dealing.seating {
            Seating::Duplicate => index / cycle,
            Seating::Fixed | Seating::Rotated => index,
        };
        ((index % cycle) as usize, game_seed(self.dealing.seed, deal))
    }

    /// Returns one table per lineup, with fresh bots whose searches end once `stop` is
    /// set.
    fn tables<G: Game>(&self, stop: &Arc<AtomicBool>) -> Vec<Seats<G>> {
        let groups = self.bot_groups();
        let spec = |g: usize| {
            self.bots
                .iter()
                .find(|s| s.to_string() == groups[g])
                .expect("every group has a spec")
        };
        let arc = self.arc;
        self.lineups()
            .into_iter()
            .map(|lineup| {
                let bots = lineup
                    .into_iter()
                    .map(|g| {
                        let mut bot = spec(g).build();
                        bot.interrupt_on(stop.clone());
                        bot
                    })
                    .collect();
                let seats = Seats::new(bots);
                if arc { seats.following_arcs() } else { seats }
            })
            .collect()
    }
}

/// Returns an empty tally shaped for the run `cfg` of `game` (its colours and bot groups).
pub fn empty_tally<G: Game>(game: &G, cfg: &RunConfig) -> Tally {
    let tally =
        Tally::new(game.colours().len(), cfg.bot_groups().len()).with_figures(game.figures().len());
    if cfg.arc { tally.with_arc() } else { tally }
}

/// Plays game `index` of the run `cfg` alone, reporting every line to `log` (for replays);
/// its bots' searches end at once when `stop` is set (the game then ends quickly, for the
/// caller to see the flag and stop).
pub fn replay<G: Game>(
    game: &G,
    cfg: &RunConfig,
    index: u64,
    stop: &Arc<AtomicBool>,
    log: &mut impl FnMut(crate::Line<'_, G>),
) -> GameRecord {
    let (lineup, seed) = cfg.deal(index);
    let mut tables = cfg.tables(stop);
    play(game, &mut tables[lineup], index, seed, &cfg.dealing, log)
}

/// Plays the run `cfg` of `game` (the games of its shard) on a pool of worker threads and
/// returns its tally.
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
    per_game: Option<&mut RecordSink<'_>>,
) -> Result<Tally, RunError> {
    run_until(game, cfg, progress, per_game, &Arc::default())
}

/// Plays the run as [`run`] does, but gives up once `stop` is set (by a Ctrl-C handler, or
/// by an outsider that cannot answer): every worker finishes the game it is playing and
/// starts no other, and no records reach `per_game` after the stop is seen. The searches
/// watch `stop` too and end at once, so a game of long searches does not hold the stop
/// up for its whole length (the stopped run's games count for nothing).
///
/// # Errors
/// As [`run`], and [`RunError::Stopped`] once `stop` is set.
pub fn run_until<G: Game>(
    game: &G,
    cfg: &RunConfig,
    progress: &(dyn Fn(u64) + Sync),
    mut per_game: Option<&mut RecordSink<'_>>,
    stop: &Arc<AtomicBool>,
) -> Result<Tally, RunError> {
    let stopped = || stop.load(Ordering::Relaxed);
    cfg.check(game)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build()?;
    let lineups = cfg.lineups();
    let figures = game.figures();
    let keep = per_game.is_some();
    // Enough chunks to keep every thread busy and the progress bar moving.
    let span = cfg.shard.games(cfg.games);
    let chunk =
        ((span.end - span.start) / (pool.current_num_threads() as u64 * 64)).clamp(1, MAX_CHUNK);
    let chunks = (span.end - span.start).div_ceil(chunk);
    let mut tally = empty_tally(game, cfg);
    for first in (0..chunks).step_by(BATCH_CHUNKS as usize) {
        let batch = first..(first + BATCH_CHUNKS).min(chunks);
        let results: Vec<(Tally, Vec<GameRecord>)> = pool.install(|| {
            batch
                .into_par_iter()
                .map_init(
                    || cfg.tables::<G>(stop),
                    |tables, c| {
                        let games =
                            span.start + c * chunk..(span.start + (c + 1) * chunk).min(span.end);
                        let mut part = empty_tally(game, cfg);
                        let mut records = Vec::with_capacity(if keep {
                            (games.end - games.start) as usize
                        } else {
                            0
                        });
                        let mut played = 0;
                        for index in games.clone() {
                            if stopped() {
                                break;
                            }
                            played += 1;
                            let (lineup, seed) = cfg.deal(index);
                            let record = play(
                                game,
                                &mut tables[lineup],
                                index,
                                seed,
                                &cfg.dealing,
                                &mut |_| {},
                            );
                            part.record(&record, &lineups[lineup]);
                            if !figures.is_empty() {
                                part.record_figures(figures, tables[lineup].figures(), cfg.players);
                            }
                            if tables[lineup].course().is_some() {
                                part.record_arc(&record.arc);
                            }
                            if keep {
                                records.push(record);
                            }
                        }
                        progress(played);
                        (part, records)
                    },
                )
                .collect()
        });
        if stopped() {
            return Err(RunError::Stopped);
        }
        for (part, records) in &results {
            tally.merge(part);
            if let Some(sink) = per_game.as_mut() {
                sink(records)?;
            }
        }
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_past_the_runs_limits_is_refused_naming_the_limit() {
        assert!(check_limits("g", MAX_END_CAUSES, MAX_COLOURS, MAX_FIGURES).is_ok());
        let causes = check_limits("g", MAX_END_CAUSES + 1, 2, 0).unwrap_err();
        assert_eq!(
            causes.to_string(),
            "game: g defines 9 end causes, more than the 8 a run can count \
             (floe-sim's MAX_END_CAUSES)"
        );
        let colours = check_limits("g", 1, MAX_COLOURS + 1, 0).unwrap_err();
        assert_eq!(
            colours.to_string(),
            "game: g defines 33 colours, more than the 32 a run can count \
             (floe_core::MAX_COLOURS)"
        );
        let figures = check_limits("g", 1, 2, MAX_FIGURES + 1).unwrap_err();
        assert!(figures.to_string().contains("17 figures"), "{figures}");
    }
}
