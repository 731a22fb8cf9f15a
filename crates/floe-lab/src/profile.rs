//! A game's skill-versus-luck profile (`floe profile`): how far skill carries a player, how
//! often luck overturns it, what the seat is worth, how long games last and how close
//! they end.
//!
//! **The ladder.** Entrants of rising skill, weakest first: `random`, `greedy`,
//! `mcts:iters=100`, `mcts:iters=1000` and, where a decision of it takes under
//! [`DEEP_LIMIT_MS`] milliseconds, `mcts:iters=10000`. Whether it does is measured: one
//! `mcts:iters=1000` bot answers the first [`TIMING_QUESTIONS`] questions of the first
//! [`TIMING_DEALS`] deals of the run (the tournament's own seeds), after one untimed
//! decision that grows its arena, and ten times the median of those decisions is taken
//! as the time of a decision of 10,000 iterations. The opening questions have the whole
//! game left to play out, so they are among a game's slowest. The measure depends on the
//! machine and its load, so the ladder does too; a ladder given explicitly
//! ([`ProfileRequest::ladder`]) is not timed and makes the run reproducible anywhere.
//!
//! **The games.** One tournament of the ladder with duplicate seating
//! ([`Seating::Duplicate`]): every deal is played once in every seating of the cycle, so
//! every entrant plays every seat equally often on the same deals. It is planned by
//! [`plan_run`] and played by [`crate::execute`], which write the tournament's usual
//! tables (`tournament.csv`, `ratings.csv`, `pairwise.csv`, `seats.csv`,
//! `game_stats.csv`, ...); the profile is derived from those tables alone, so it agrees
//! with them to the digit. With more entrants than seats each game seats a window of
//! neighbours in the cycle, so adjacent ladder steps always meet.
//!
//! **The profile** (`profile.csv`, one row; `profile_ladder.csv`, one row per entrant;
//! `profile.svg`):
//! - each entrant's Bradley-Terry rating with its 95% interval, from `ratings.csv`;
//! - per step (an entrant and the next weaker one) the share of their games in which the
//!   stronger scored above the weaker, with its 95% Wilson interval, from `pairwise.csv`;
//! - **skill depth**: the steps whose interval lies wholly above [`CLEAR_SHARE`] (55%):
//!   how many rungs of skill the game tells apart ([`skill_depth`]);
//! - **upset rate**: how often the weaker of two adjacent entrants scored above the
//!   stronger, pooled over the steps ([`upset_rate`]);
//! - **seat advantage**: the best seat over the worst in rating points ([`seat_advantage`]);
//! - game length (mean and sd of rounds) and decisiveness (share of tied wins, mean margin)
//!   from `game_stats.csv`. Seat, length and decisiveness are over all the tournament's
//!   games, the ladder's pairings mixed as the cycle mixes them.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use floe_bots::{Bot, BotSpec, split_spec_list};
use floe_core::{Game, game_seed};
use floe_games::GameVisitor;
use floe_plot::{Series, step_chart};
use floe_sim::Deal;
use floe_sim::Seating;
use floe_sim::report::Table;
use floe_sim::stats::{Z95, wilson};

use crate::output_dir::{OutputDir, Scope};
use crate::planning::{RulesFile, RunRequest, known_game, plan_run, with_game};
use crate::{Machine, Progress, Report, RunKind, RunOptions};

/// The ladder every profile starts from, weakest first.
pub const BASE_LADDER: [&str; 4] = ["random", "greedy", "mcts:iters=100", "mcts:iters=1000"];

/// The top step, added where a decision of it takes under [`DEEP_LIMIT_MS`].
pub const DEEP: &str = "mcts:iters=10000";

/// The bot timed to decide on [`DEEP`]: a tenth of its iterations.
pub const TIMED: &str = "mcts:iters=1000";

/// How many times longer a decision of [`DEEP`] is taken to be than one of [`TIMED`].
pub const DEEP_FACTOR: f64 = 10.0;

/// [`DEEP`] joins the ladder when its estimated decision takes less than this.
pub const DEEP_LIMIT_MS: f64 = 50.0;

/// Deals whose opening questions are timed.
pub const TIMING_DEALS: u64 = 5;

/// Questions timed in each of those deals.
pub const TIMING_QUESTIONS: usize = 4;

/// A step is clear when the lower end of the stronger entrant's 95% interval lies above
/// this share.
pub const CLEAR_SHARE: f64 = 0.55;

/// The profile's one-row table.
pub const PROFILE: &str = "profile.csv";

/// The profile's table of the ladder, one row per entrant.
pub const LADDER: &str = "profile_ladder.csv";

/// The profile's chart.
pub const CHART: &str = "profile.svg";

/// The tournament's tables that the profile reads.
const RATINGS: &str = "ratings.csv";
const PAIRWISE: &str = "pairwise.csv";
const SEATS: &str = "seats.csv";
const GAME_STATS: &str = "game_stats.csv";

/// What the tournament of a profile writes besides its tables.
const MANIFEST: &str = "manifest.toml";
const COLUMNS: &str = "columns.csv";

/// The tables a duplicate tournament of two entrants or more writes (with `figures.csv`
/// for a game that declares figures).
const TOURNAMENT_FILES: [&str; 8] = [
    "tournament.csv",
    GAME_STATS,
    SEATS,
    "tests.csv",
    PAIRWISE,
    RATINGS,
    MANIFEST,
    COLUMNS,
];

/// Elo points per unit of natural log-odds, the scale of `ratings.csv`.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// What the columns of the profile's tables mean, by file and column (the run's columns
/// take their meaning from [`crate::columns`]).
pub const MEANINGS: &[(&str, &str, &str)] = &[
    (
        PROFILE,
        "ladder_from",
        "where the ladder came from: timing (the default ladder, mcts:iters=10000 in or out by a timing on this machine) or given (by --ladder, not timed)",
    ),
    (
        PROFILE,
        "mcts_10000",
        "the timing's decision: in (a decision of mcts:iters=10000, estimated as 10 times the median of timed mcts:iters=1000 decisions, took under 50 ms) or out; empty when --ladder gave the ladder",
    ),
    (
        PROFILE,
        "deals",
        "deals (seeds) played, each once in every seating of the cycle (duplicate seating)",
    ),
    (
        PROFILE,
        "games",
        "games played: deals times the cycle's seatings",
    ),
    (PROFILE, "entrants", "entrants in the ladder"),
    (
        PROFILE,
        "steps",
        "steps of the ladder (entrant and next weaker one) whose entrants met",
    ),
    (
        PROFILE,
        "skill_depth",
        "steps in which the stronger entrant scored above the weaker with a 95% Wilson interval wholly above 55% (see profile_ladder.csv's clear)",
    ),
    (
        PROFILE,
        "upset_rate",
        "share of the games between adjacent entrants in which the weaker scored above the stronger, pooled over the steps (ties count as no upset)",
    ),
    (
        PROFILE,
        "upset_low",
        "lower end of the upset rate's 95% Wilson interval (approximate: games of one deal are not independent)",
    ),
    (
        PROFILE,
        "upset_high",
        "upper end of the upset rate's 95% Wilson interval",
    ),
    (
        PROFILE,
        "upset_games",
        "games between adjacent entrants, summed over the steps: what the upset rate is out of",
    ),
    (
        PROFILE,
        "seat_advantage",
        "the best seat over the worst in Elo rating points, 400 log10(best seat's win rate / worst seat's), the scale of ratings.csv (Luce model of who wins); empty when the worst seat never won",
    ),
    (
        PROFILE,
        "seat_advantage_low",
        "lower end of its approximate 95% interval (delta method: se = 400/ln 10 sqrt((1/p_best + 1/p_worst)/games), games taken as independent, the best and worst seats as given)",
    ),
    (
        PROFILE,
        "seat_advantage_high",
        "upper end of its approximate 95% interval",
    ),
    (
        PROFILE,
        "best_seat",
        "the seat with the highest win rate in seats.csv",
    ),
    (
        PROFILE,
        "worst_seat",
        "the seat with the lowest win rate in seats.csv",
    ),
    (
        PROFILE,
        "mean_rounds",
        "mean rounds per game over the tournament (game_stats.csv)",
    ),
    (
        PROFILE,
        "sd_rounds",
        "sample standard deviation of rounds per game (game_stats.csv)",
    ),
    (
        PROFILE,
        "p_tie",
        "decisiveness: share of games with a shared win (game_stats.csv)",
    ),
    (
        PROFILE,
        "mean_margin",
        "decisiveness: mean of the highest minus the second-highest score (game_stats.csv)",
    ),
    (
        LADDER,
        "step",
        "the entrant's place in the ladder, 0 for the weakest",
    ),
    (LADDER, "bot", "the entrant's bot spec as written"),
    (
        LADDER,
        "rating",
        "its Bradley-Terry rating on the Elo scale (ratings.csv); empty when none is finite",
    ),
    (
        LADDER,
        "rating_low",
        "lower end of the rating's 95% Wald interval (ratings.csv)",
    ),
    (
        LADDER,
        "rating_high",
        "upper end of the rating's 95% Wald interval (ratings.csv)",
    ),
    (
        LADDER,
        "weaker",
        "the next weaker entrant (the step below); empty for step 0",
    ),
    (
        LADDER,
        "games",
        "games in which both this entrant and the next weaker one played (pairwise.csv)",
    ),
    (
        LADDER,
        "share_above",
        "share of those games in which this entrant scored above the weaker (pairwise.csv)",
    ),
    (
        LADDER,
        "ci_low",
        "lower end of share_above's 95% Wilson interval (pairwise.csv)",
    ),
    (
        LADDER,
        "ci_high",
        "upper end of share_above's 95% Wilson interval (pairwise.csv)",
    ),
    (
        LADDER,
        "share_tied",
        "share of those games in which the two scored the same (pairwise.csv)",
    ),
    (
        LADDER,
        "weaker_above",
        "share of those games in which the weaker scored above this entrant: the step's upsets (pairwise.csv)",
    ),
    (
        LADDER,
        "clear",
        "true when ci_low is above 0.55 (the step counts towards skill depth); empty for step 0 or a pair that never met",
    ),
];

/// A profile as a front end asks for it.
pub struct ProfileRequest {
    /// The game's registry name.
    pub game: String,
    /// The rules file, or `None` for the game's default rules.
    pub rules: Option<RulesFile>,
    /// Players per game.
    pub players: usize,
    /// The ladder as given (`--ladder`, bot specs weakest first), or `None` for the
    /// default ladder, topped by [`DEEP`] if the timing allows.
    pub ladder: Option<String>,
    /// Deals to play, each in every seating of the cycle.
    pub deals: u64,
    /// The master seed.
    pub seed: u64,
    /// Deal colours at random per game.
    pub shuffle_colours: bool,
}

/// A checked profile, ready to run.
#[derive(Clone, Debug)]
pub struct PlannedProfile {
    /// The game's registry name.
    pub game: String,
    /// The rules, as the game's canonical rules file.
    pub rules: String,
    /// Players per game.
    pub players: usize,
    /// The ladder given, or `None` for the default, timed.
    pub ladder: Option<Vec<String>>,
    /// Deals to play.
    pub deals: u64,
    /// The master seed.
    pub seed: u64,
    /// Deal colours at random per game.
    pub shuffle_colours: bool,
    /// Warnings for the user (a bot whose answers depend on the machine's speed).
    pub notes: Vec<String>,
}

/// How to carry out a profile.
pub struct ProfileOptions<'a> {
    /// The folder to write.
    pub out: &'a Path,
    /// Worker threads (a profile is not sharded).
    pub machine: Machine,
    /// The command line, recorded in the manifest.
    pub command: Vec<String>,
    /// Replace files in `out` that Floe did not write.
    pub force: bool,
    /// Hears how the run advances.
    pub progress: &'a dyn Progress,
    /// Set to stop the run early; it then fails without writing anything.
    pub stop: Option<&'a Arc<AtomicBool>>,
}

/// The timing that decided on [`DEEP`].
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// Decisions of [`TIMED`] timed.
    pub decisions: usize,
    /// Their median, in milliseconds.
    pub median_ms: f64,
    /// Their mean, in milliseconds.
    pub mean_ms: f64,
    /// The estimated decision of [`DEEP`]: [`DEEP_FACTOR`] times the median.
    pub estimate_ms: f64,
    /// Whether [`DEEP`] joined the ladder (the estimate is under [`DEEP_LIMIT_MS`]).
    pub deep: bool,
}

/// What a profile did, for the front end to show.
#[derive(Debug)]
pub struct ProfileReport {
    /// The report: the ladder and its timing, the tournament's standings and ratings,
    /// and the profile.
    pub text: String,
    /// The ladder played, weakest first.
    pub ladder: Vec<String>,
    /// The timing, when the ladder was not given.
    pub timing: Option<Timing>,
    /// Games played.
    pub games: u64,
    /// Wall time of the tournament's games.
    pub games_elapsed: Duration,
    /// Wall time of the whole profile (timing included).
    pub elapsed: Duration,
    /// The files written (final paths).
    pub written: Vec<PathBuf>,
    /// The charts drawn.
    pub charts: Vec<PathBuf>,
    /// Remarks for the user (a chart that could not be drawn).
    pub notes: Vec<String>,
    /// Every table written, by file name: the tournament's, then the profile's.
    pub tables: Vec<(String, Table)>,
}

/// Renames a flag of the tournament's messages (`--bots`) to the profile's (`--ladder`).
fn ladder_error(e: anyhow::Error) -> anyhow::Error {
    let text = format!("{e:#}");
    match text.strip_prefix("--bots") {
        Some(rest) => anyhow!("--ladder{rest}"),
        None => e,
    }
}

/// Checks the profile `req` against its game before anything is played: the game, the
/// rules, the players, the ladder (at least two entrants, each a valid bot for the game,
/// none twice) and the deals; each error names the flag.
///
/// # Errors
/// Names the flag (or rules file line) of the first problem.
pub fn plan_profile(req: ProfileRequest) -> Result<PlannedProfile> {
    known_game(&req.game)?;
    struct Check<'a> {
        players: usize,
        ladder: Option<&'a str>,
        deals: u64,
    }
    impl GameVisitor for Check<'_> {
        type Output = Result<Option<Vec<String>>>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<Option<Vec<String>>> {
            floe_sim::check_players(&game, self.players).map_err(|e| match e {
                floe_sim::RunError::Config { message, .. } => anyhow!("--players: {message}"),
                other => anyhow!("--players: {other}"),
            })?;
            let ladder = match self.ladder {
                None => None,
                Some(text) => Some(read_ladder(&game, text)?),
            };
            if self.deals == 0 {
                bail!("--games 0: play at least 1 deal");
            }
            Ok(ladder)
        }
    }
    let check = Check {
        players: req.players,
        ladder: req.ladder.as_deref(),
        deals: req.deals,
    };
    let ladder = with_game(&req.game, req.rules.as_ref(), check)?;
    // The widest ladder the run may play, checked as the tournament will be.
    let widest: Vec<String> = match &ladder {
        Some(given) => given.clone(),
        None => full_ladder(true),
    };
    let planned = plan_run(tournament_request(
        &req.game,
        req.rules,
        req.players,
        &widest,
        req.deals,
        req.seed,
        req.shuffle_colours,
    )?)
    .map_err(ladder_error)?;
    Ok(PlannedProfile {
        game: req.game,
        rules: planned.plan.rules,
        players: req.players,
        ladder,
        deals: req.deals,
        seed: req.seed,
        shuffle_colours: req.shuffle_colours,
        notes: planned.notes,
    })
}

/// Reads `--ladder`: bot specs, weakest first, at least two, each valid in `game`, none
/// twice.
fn read_ladder<G: Game>(game: &G, text: &str) -> Result<Vec<String>> {
    let specs: Vec<String> = split_spec_list(text)
        .into_iter()
        .map(|s| s.trim().to_string())
        .collect();
    if specs.iter().any(String::is_empty) {
        bail!(
            "--ladder {text:?}: an empty spec; give bot specs separated by commas, weakest first"
        );
    }
    if specs.len() < 2 {
        bail!("--ladder {text:?}: give at least two entrants, weakest first (e.g. random,greedy)");
    }
    for (i, spec) in specs.iter().enumerate() {
        let checked = BotSpec::parse(spec).and_then(|s| s.check_game(game).map(|()| s));
        if let Err(e) = checked {
            bail!("--ladder {text:?}: spec {} ({spec:?}): {e}", i + 1);
        }
        if specs[..i].contains(spec) {
            bail!(
                "--ladder {text:?}: {spec:?} is entered twice (entrant {}); enter each bot once",
                i + 1
            );
        }
    }
    Ok(specs)
}

/// Returns the default ladder, with [`DEEP`] on top when `deep`.
fn full_ladder(deep: bool) -> Vec<String> {
    let mut ladder: Vec<String> = BASE_LADDER.iter().map(|s| (*s).to_string()).collect();
    if deep {
        ladder.push(DEEP.to_string());
    }
    ladder
}

/// Returns the request of the duplicate tournament of `ladder`: `deals` deals, each in
/// every seating of the cycle.
fn tournament_request(
    game: &str,
    rules: Option<RulesFile>,
    players: usize,
    ladder: &[String],
    deals: u64,
    seed: u64,
    shuffle_colours: bool,
) -> Result<RunRequest> {
    let cycle = Seating::Duplicate.cycle(ladder.len());
    let games = deals.checked_mul(cycle).ok_or_else(|| {
        anyhow!("--games {deals}: too many deals ({cycle} games each would overflow)")
    })?;
    Ok(RunRequest {
        kind: RunKind::Tournament,
        game: game.to_string(),
        rules,
        players,
        bots: ladder.join(","),
        games,
        seed,
        shuffle_colours,
        seating: Seating::Duplicate,
        per_game: false,
        outsiders: Vec::new(),
    })
}

/// Times [`TIMED`] on the opening questions of the first [`TIMING_DEALS`] deals of the
/// run with master seed `seed` ([`TIMING_QUESTIONS`] real choices each), after one
/// untimed decision that grows the bot's arena, and decides on [`DEEP`].
pub fn time_ladder<G: Game>(game: &G, players: usize, seed: u64) -> Timing {
    let mut bot = BotSpec::parse(TIMED)
        .expect("the timed spec is valid")
        .build::<G>();
    let mut times: Vec<Duration> = Vec::new();
    let mut warmed = false;
    for deal in 0..TIMING_DEALS {
        let mut deal = Deal::new(game, players, game_seed(seed, deal), &mut |_| {});
        bot.new_game();
        let mut timed = 0;
        while let Some(seat) = deal.to_act(game) {
            if timed == TIMING_QUESTIONS {
                break;
            }
            let choice = deal.answers().len() > 1;
            if choice && !warmed {
                deal.ask_aside(game, seat, &mut bot);
                warmed = true;
            }
            let started = Instant::now();
            let action = deal.ask(game, seat, &mut bot);
            if choice {
                times.push(started.elapsed());
                timed += 1;
            }
            deal.advance(game, action, &mut |_| {});
        }
    }
    timing_of(&times)
}

/// Returns the timing of the decisions `times` of [`TIMED`].
fn timing_of(times: &[Duration]) -> Timing {
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let n = ms.len();
    let median_ms = match n {
        0 => 0.0,
        _ if n % 2 == 1 => ms[n / 2],
        _ => (ms[n / 2 - 1] + ms[n / 2]) / 2.0,
    };
    let mean_ms = if n == 0 {
        0.0
    } else {
        ms.iter().sum::<f64>() / n as f64
    };
    let estimate_ms = DEEP_FACTOR * median_ms;
    Timing {
        decisions: n,
        median_ms,
        mean_ms,
        estimate_ms,
        deep: estimate_ms < DEEP_LIMIT_MS,
    }
}

/// One entrant of the ladder, as the tournament's tables give it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    /// The entrant's bot spec.
    pub bot: String,
    /// Its rating and 95% interval (`rating, low, high`), if finite.
    pub rating: Option<(f64, f64, f64)>,
    /// Its step up from the next weaker entrant (none for the weakest).
    pub step: Option<Step>,
}

/// An entrant against the next weaker one, from `pairwise.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The next weaker entrant.
    pub weaker: String,
    /// Games where both played; 0 if they never met (the shares are then 0).
    pub games: u64,
    /// Share of those where the stronger scored above the weaker.
    pub share_above: f64,
    /// Its 95% Wilson interval.
    pub ci: (f64, f64),
    /// Share where they scored the same.
    pub share_tied: f64,
    /// Share where the weaker scored above the stronger.
    pub weaker_above: f64,
}

impl Step {
    /// Returns whether the stronger entrant wins the step clearly: its share's 95%
    /// interval lies wholly above [`CLEAR_SHARE`].
    pub fn clear(&self) -> bool {
        self.games > 0 && self.ci.0 > CLEAR_SHARE
    }
}

/// Returns the index of `name` in the header of `table` (the file `file`).
fn column(table: &Table, file: &str, name: &str) -> Result<usize> {
    table
        .header
        .iter()
        .position(|c| c == name)
        .ok_or_else(|| anyhow!("{file}: no column {name}"))
}

/// Returns the number in `field`, `None` when it is empty.
fn number(file: &str, field: &str) -> Result<Option<f64>> {
    if field.is_empty() {
        return Ok(None);
    }
    field
        .parse()
        .map(Some)
        .map_err(|_| anyhow!("{file}: {field:?} is not a number"))
}

/// Returns the ladder's rungs, weakest first: each entrant's rating from `ratings`
/// (`ratings.csv`) and its step up from the next weaker entrant from `pairwise`
/// (`pairwise.csv`).
///
/// # Errors
/// Fails if a table lacks a column or an entrant, or holds a field that is not a number.
pub fn rungs(ladder: &[String], ratings: &Table, pairwise: &Table) -> Result<Vec<Rung>> {
    let (bot, rating, low, high) = (
        column(ratings, RATINGS, "bot")?,
        column(ratings, RATINGS, "rating")?,
        column(ratings, RATINGS, "rating_low")?,
        column(ratings, RATINGS, "rating_high")?,
    );
    let p = |name| column(pairwise, PAIRWISE, name);
    let (p_bot, p_opp, p_games, p_above, p_lo, p_hi, p_tied) = (
        p("bot")?,
        p("opponent")?,
        p("games")?,
        p("share_above")?,
        p("ci_low")?,
        p("ci_high")?,
        p("share_tied")?,
    );
    let pair = |a: &str, b: &str| {
        pairwise
            .rows
            .iter()
            .find(|r| r[p_bot] == a && r[p_opp] == b)
    };
    let num = |file: &str, field: &str| -> Result<f64> {
        number(file, field)?.ok_or_else(|| anyhow!("{file}: an empty number"))
    };
    let mut out = Vec::new();
    for (k, name) in ladder.iter().enumerate() {
        let row = ratings
            .rows
            .iter()
            .find(|r| r[bot] == *name)
            .ok_or_else(|| anyhow!("{RATINGS}: no row for {name}"))?;
        let rating = match (
            number(RATINGS, &row[rating])?,
            number(RATINGS, &row[low])?,
            number(RATINGS, &row[high])?,
        ) {
            (Some(r), Some(lo), Some(hi)) => Some((r, lo, hi)),
            _ => None,
        };
        let step = match k {
            0 => None,
            _ => {
                let weaker = &ladder[k - 1];
                Some(match (pair(name, weaker), pair(weaker, name)) {
                    (Some(up), Some(down)) => Step {
                        weaker: weaker.clone(),
                        games: up[p_games]
                            .parse()
                            .map_err(|_| anyhow!("{PAIRWISE}: games {:?}", up[p_games]))?,
                        share_above: num(PAIRWISE, &up[p_above])?,
                        ci: (num(PAIRWISE, &up[p_lo])?, num(PAIRWISE, &up[p_hi])?),
                        share_tied: num(PAIRWISE, &up[p_tied])?,
                        weaker_above: num(PAIRWISE, &down[p_above])?,
                    },
                    _ => Step {
                        weaker: weaker.clone(),
                        games: 0,
                        share_above: 0.0,
                        ci: (0.0, 1.0),
                        share_tied: 0.0,
                        weaker_above: 0.0,
                    },
                })
            }
        };
        out.push(Rung {
            bot: name.clone(),
            rating,
            step,
        });
    }
    Ok(out)
}

/// Returns the skill depth: the steps the stronger entrant wins clearly ([`Step::clear`]:
/// the 95% Wilson interval of its share of games scored above the weaker lies wholly above
/// [`CLEAR_SHARE`]). Steps whose entrants never met do not count.
pub fn skill_depth(rungs: &[Rung]) -> usize {
    rungs
        .iter()
        .filter_map(|r| r.step.as_ref())
        .filter(|s| s.clear())
        .count()
}

/// A pooled share with its 95% Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pooled {
    /// The share.
    pub share: f64,
    /// Its 95% Wilson interval.
    pub ci: (f64, f64),
    /// The games it is out of.
    pub games: u64,
}

/// Returns the upset rate: of all games between adjacent entrants (summed over the steps
/// whose entrants met), the share in which the weaker scored above the stronger (a tie is
/// no upset), with its 95% Wilson interval; `None` when no adjacent entrants met. The
/// upsets of a step are its `weaker_above` share times its games (whole counts up to the
/// six decimals `pairwise.csv` keeps, or shares of a seat pair when two entrants hold
/// several seats of one game).
pub fn upset_rate(rungs: &[Rung]) -> Option<Pooled> {
    let steps = rungs.iter().filter_map(|r| r.step.as_ref());
    let (upsets, games) = steps.fold((0.0, 0u64), |(u, g), s| {
        (u + s.weaker_above * s.games as f64, g + s.games)
    });
    (games > 0).then(|| Pooled {
        share: upsets / games as f64,
        ci: wilson(upsets, games),
        games,
    })
}

/// The best seat over the worst, in rating points.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatAdvantage {
    /// The seat with the highest win rate (the first of equals).
    pub best: String,
    /// The seat with the lowest win rate (the first of equals, never the best).
    pub worst: String,
    /// Their win rates.
    pub rates: (f64, f64),
    /// The advantage in Elo rating points.
    pub points: f64,
    /// Its approximate 95% interval.
    pub ci: (f64, f64),
}

/// Returns the seat advantage from `seats` (`seats.csv`): the best seat's win rate over
/// the worst's, converted to the Elo points of `ratings.csv`.
///
/// **Conversion.** Read who wins a game as a Luce choice among the seats, seat i winning
/// with probability g_i / sum g (the Bradley-Terry model of `ratings.csv` extended to
/// many; for two players it is that model). Two seats then differ by
/// 400 log10(g_best / g_worst) = 400 log10(p_best / p_worst) rating points, with p the
/// seats' win rates (a win shared by k counting 1/k): the best seat is ahead of the worst
/// as an entrant of that many more points is ahead of another, and between the two of them
/// it wins 1 / (1 + 10^(-points / 400)) of the games one of them wins. With two players
/// this is 400 log10(p / (1 - p)), exactly what `ratings.csv` gives two entrants.
///
/// **Interval.** The delta method on the log-ratio of two shares of one multinomial
/// count (Var ln p_i = (1 - p_i) / (n p_i), Cov = -1/n): se = 400 / ln 10 *
/// sqrt((1 / p_best + 1 / p_worst) / n), n the games; points +- 1.96 se. It is approximate:
/// shared wins are fractions, the games of one deal are not independent under duplicate
/// seating, and the best and worst seats are picked by the same data.
///
/// **What it measures.** The seats' win rates are over all the tournament's games, so
/// this is the seat's worth in the ladder's mix of pairings: a pairing that one side wins
/// from any seat shows no difference between seats, so the figure is smaller than the
/// seat's worth between players of equal skill (measure that with one bot in every seat).
///
/// `None` when the worst seat never won (no finite number) or there are fewer than two
/// seats.
///
/// # Errors
/// Fails if the table lacks a column or holds a field that is not a number.
pub fn seat_advantage(seats: &Table) -> Result<Option<SeatAdvantage>> {
    let (seat, games, rate) = (
        column(seats, SEATS, "seat")?,
        column(seats, SEATS, "games")?,
        column(seats, SEATS, "win_rate")?,
    );
    let mut rows = Vec::new();
    for r in &seats.rows {
        let n: u64 = r[games]
            .parse()
            .map_err(|_| anyhow!("{SEATS}: games {:?}", r[games]))?;
        let p = number(SEATS, &r[rate])?.ok_or_else(|| anyhow!("{SEATS}: an empty win rate"))?;
        rows.push((r[seat].clone(), n, p));
    }
    if rows.len() < 2 {
        return Ok(None);
    }
    let best = (0..rows.len()).fold(0, |b, i| if rows[i].2 > rows[b].2 { i } else { b });
    let worst = (0..rows.len())
        .filter(|&i| i != best)
        .fold(None, |w: Option<usize>, i| match w {
            Some(w) if rows[w].2 <= rows[i].2 => Some(w),
            _ => Some(i),
        })
        .expect("two seats or more");
    let (pb, pw) = (rows[best].2, rows[worst].2);
    let n = rows[best].1.min(rows[worst].1);
    if pw <= 0.0 || n == 0 {
        return Ok(None);
    }
    let points = ELO * (pb / pw).ln();
    let se = ELO * ((1.0 / pb + 1.0 / pw) / n as f64).sqrt();
    Ok(Some(SeatAdvantage {
        best: rows[best].0.clone(),
        worst: rows[worst].0.clone(),
        rates: (pb, pw),
        points,
        ci: (points - Z95 * se, points + Z95 * se),
    }))
}

/// Formats `x` with six decimals, as every table does (no sign on a value that rounds to
/// zero).
fn f6(x: f64) -> String {
    let s = format!("{x:.6}");
    match s.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => s,
    }
}

/// Returns the field `name` of the only row of `table` (the file `file`).
fn only_field<'a>(table: &'a Table, file: &str, name: &str) -> Result<&'a str> {
    let i = column(table, file, name)?;
    let row = table
        .rows
        .first()
        .ok_or_else(|| anyhow!("{file}: no row"))?;
    Ok(&row[i])
}

/// The run's columns (`game, rules, players, bots, seed`) as `game_stats.csv` gives them.
fn run_columns(stats: &Table) -> Result<Vec<(String, String)>> {
    ["game", "rules", "players", "bots", "seed"]
        .iter()
        .map(|c| {
            Ok((
                (*c).to_string(),
                only_field(stats, GAME_STATS, c)?.to_string(),
            ))
        })
        .collect()
}

/// Returns the table of `name` in `tables`.
fn table<'a>(tables: &'a [(String, Table)], name: &str) -> Result<&'a Table> {
    tables
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, t)| t)
        .ok_or_else(|| anyhow!("the tournament wrote no {name}"))
}

/// Where the ladder came from, for `profile.csv`.
fn ladder_from(timing: Option<&Timing>) -> (&'static str, &'static str) {
    match timing {
        None => ("given", ""),
        Some(t) if t.deep => ("timing", "in"),
        Some(_) => ("timing", "out"),
    }
}

/// The profile derived from a tournament's tables.
struct Derived {
    rungs: Vec<Rung>,
    depth: usize,
    upsets: Option<Pooled>,
    seat: Option<SeatAdvantage>,
    profile: Table,
    ladder: Table,
}

/// Derives the profile of `ladder` from the tournament's `tables`: `profile.csv` and
/// `profile_ladder.csv`.
fn derive(
    ladder: &[String],
    timing: Option<&Timing>,
    deals: u64,
    tables: &[(String, Table)],
) -> Result<Derived> {
    let stats = table(tables, GAME_STATS)?;
    let rungs = rungs(ladder, table(tables, RATINGS)?, table(tables, PAIRWISE)?)?;
    let depth = skill_depth(&rungs);
    let upsets = upset_rate(&rungs);
    let seat = seat_advantage(table(tables, SEATS)?)?;
    let run = run_columns(stats)?;
    let (from, deep) = ladder_from(timing);
    let mut profile = Table::new(&[
        "ladder_from",
        "mcts_10000",
        "deals",
        "games",
        "entrants",
        "steps",
        "skill_depth",
        "upset_rate",
        "upset_low",
        "upset_high",
        "upset_games",
        "seat_advantage",
        "seat_advantage_low",
        "seat_advantage_high",
        "best_seat",
        "worst_seat",
        "mean_rounds",
        "sd_rounds",
        "p_tie",
        "mean_margin",
    ]);
    let met = rungs
        .iter()
        .filter_map(|r| r.step.as_ref())
        .filter(|s| s.games > 0)
        .count();
    let mut row = vec![
        from.to_string(),
        deep.to_string(),
        deals.to_string(),
        only_field(stats, GAME_STATS, "games")?.to_string(),
        ladder.len().to_string(),
        met.to_string(),
        depth.to_string(),
    ];
    match &upsets {
        Some(u) => row.extend([f6(u.share), f6(u.ci.0), f6(u.ci.1), u.games.to_string()]),
        None => row.extend([String::new(), String::new(), String::new(), "0".into()]),
    }
    match &seat {
        Some(s) => row.extend([
            f6(s.points),
            f6(s.ci.0),
            f6(s.ci.1),
            s.best.clone(),
            s.worst.clone(),
        ]),
        None => row.extend(std::iter::repeat_n(String::new(), 5)),
    }
    for c in ["mean_rounds", "sd_rounds", "p_tie", "mean_margin"] {
        row.push(only_field(stats, GAME_STATS, c)?.to_string());
    }
    profile.rows.push(row);

    let mut table = Table::new(&[
        "step",
        "bot",
        "rating",
        "rating_low",
        "rating_high",
        "weaker",
        "games",
        "share_above",
        "ci_low",
        "ci_high",
        "share_tied",
        "weaker_above",
        "clear",
    ]);
    for (k, r) in rungs.iter().enumerate() {
        let mut row = vec![k.to_string(), r.bot.clone()];
        match r.rating {
            Some((x, lo, hi)) => row.extend([f6(x), f6(lo), f6(hi)]),
            None => row.extend(std::iter::repeat_n(String::new(), 3)),
        }
        match &r.step {
            Some(s) if s.games > 0 => row.extend([
                s.weaker.clone(),
                s.games.to_string(),
                f6(s.share_above),
                f6(s.ci.0),
                f6(s.ci.1),
                f6(s.share_tied),
                f6(s.weaker_above),
                s.clear().to_string(),
            ]),
            Some(s) => {
                row.extend([s.weaker.clone(), "0".into()]);
                row.extend(std::iter::repeat_n(String::new(), 6));
            }
            None => row.extend(std::iter::repeat_n(String::new(), 8)),
        }
        table.rows.push(row);
    }
    Ok(Derived {
        rungs,
        depth,
        upsets,
        seat,
        profile: profile.prefixed(&run),
        ladder: table.prefixed(&run),
    })
}

/// Returns the report's text on the ladder: where it came from and, when timed, the
/// timing and its decision.
fn ladder_text(ladder: &[String], timing: Option<&Timing>) -> String {
    let mut s = format!("ladder (weakest first): {}\n", ladder.join(", "));
    match timing {
        None => s.push_str("  given by --ladder (not timed)\n"),
        Some(t) => {
            let _ = writeln!(
                s,
                "  timing: a {TIMED} decision took {:.2} ms (median of {}; mean {:.2} ms) on the \
                 first {TIMING_QUESTIONS} questions of {TIMING_DEALS} deals on this machine",
                t.median_ms, t.decisions, t.mean_ms
            );
            let verdict = match t.deep {
                true => "under",
                false => "not under",
            };
            let joined = match t.deep {
                true => "joins the ladder",
                false => "is left out",
            };
            let _ = writeln!(
                s,
                "  {DEEP} estimated at {:.1} ms a decision ({DEEP_FACTOR} times that), \
                 {verdict} {DEEP_LIMIT_MS} ms: it {joined} (give --ladder to fix the ladder)",
                t.estimate_ms
            );
        }
    }
    s
}

/// Returns the report's text on the profile.
fn profile_text(d: &Derived, stats: &Table) -> Result<String> {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\nskill profile (a step is clear when the stronger entrant scored above the weaker \
         with a 95% interval above {:.0}%):",
        100.0 * CLEAR_SHARE
    );
    let _ = writeln!(
        s,
        "{:>4}  {:<24} {:>8} {:>19}   {:>8} {:>13} {:>8}",
        "step", "bot", "rating", "95% CI", "above", "95% CI", "games"
    );
    for (k, r) in d.rungs.iter().enumerate() {
        let (rating, ci) = match r.rating {
            Some((x, lo, hi)) => (format!("{x:.1}"), format!("{lo:.1} to {hi:.1}")),
            None => ("-".to_string(), "-".to_string()),
        };
        let _ = write!(s, "{k:>4}  {:<24} {rating:>8} {ci:>19}", r.bot);
        match &r.step {
            Some(st) if st.games > 0 => {
                let _ = write!(
                    s,
                    "   {:>7.2}% {:>13} {:>8}{}",
                    100.0 * st.share_above,
                    format!("{:.1}-{:.1}", 100.0 * st.ci.0, 100.0 * st.ci.1),
                    st.games,
                    if st.clear() { "  clear" } else { "" }
                );
            }
            Some(_) => s.push_str("   never met the next weaker entrant"),
            None => {}
        }
        s.push('\n');
    }
    let steps = d.rungs.len().saturating_sub(1);
    let _ = writeln!(s, "skill depth: {} of {steps} steps clear", d.depth);
    match &d.upsets {
        Some(u) => {
            let _ = writeln!(
                s,
                "upset rate: {:.2}% (95% CI {:.2}-{:.2}) of {} games between adjacent entrants, \
                 the weaker scoring above the stronger",
                100.0 * u.share,
                100.0 * u.ci.0,
                100.0 * u.ci.1,
                u.games
            );
        }
        None => s.push_str("upset rate: no adjacent entrants met\n"),
    }
    match &d.seat {
        Some(a) => {
            let _ = writeln!(
                s,
                "seat advantage: {:.1} rating points (95% CI {:.1} to {:.1}), seat {} over seat {} \
                 (win rates {:.2}% and {:.2}%)",
                a.points,
                a.ci.0,
                a.ci.1,
                a.best,
                a.worst,
                100.0 * a.rates.0,
                100.0 * a.rates.1
            );
        }
        None => s.push_str("seat advantage: none finite (a seat never won)\n"),
    }
    let field = |c| -> Result<f64> {
        number(GAME_STATS, only_field(stats, GAME_STATS, c)?)?
            .ok_or_else(|| anyhow!("{GAME_STATS}: empty {c}"))
    };
    let _ = writeln!(
        s,
        "game length: {:.2} rounds (sd {:.2})",
        field("mean_rounds")?,
        field("sd_rounds")?
    );
    let _ = writeln!(
        s,
        "decisiveness: {:.2}% of games with a shared win, mean margin {:.2} points",
        100.0 * field("p_tie")?,
        field("mean_margin")?
    );
    Ok(s)
}

/// Draws `profile.svg` at `path`: the ladder's ratings with their 95% intervals against
/// the step. `Ok(false)` (nothing drawn) when some entrant has no finite rating.
fn draw_chart(path: &Path, game: &str, players: usize, rungs: &[Rung]) -> Result<bool> {
    let rated: Option<Vec<(f64, f64, f64)>> = rungs.iter().map(|r| r.rating).collect();
    let Some(rated) = rated else {
        return Ok(false);
    };
    let line = |name: &str, pick: fn(&(f64, f64, f64)) -> f64| Series {
        name: name.to_string(),
        points: rated
            .iter()
            .enumerate()
            .map(|(k, r)| (k as f64, pick(r)))
            .collect(),
        marked: None,
    };
    let series = [
        line("rating", |r| r.0),
        line("95% interval, high", |r| r.2),
        line("95% interval, low", |r| r.1),
    ];
    let steps: Vec<String> = rungs.iter().map(|r| r.bot.clone()).collect();
    step_chart(
        path,
        &format!("{game}, {players} players: skill ladder, weakest first"),
        "ladder step",
        "Bradley-Terry rating (Elo scale, mean 0)",
        &steps,
        &series,
    )?;
    Ok(true)
}

/// Returns the `[profile]` table appended to the tournament's manifest: the ladder, where
/// it came from, and the timing.
fn manifest_table(ladder: &[String], deals: u64, timing: Option<&Timing>) -> String {
    let quoted: Vec<String> = ladder.iter().map(|s| format!("{s:?}")).collect();
    let mut s = format!(
        "\n[profile]\nladder = [{}]\ndeals = {deals}\nladder_from = {:?}\n",
        quoted.join(", "),
        ladder_from(timing).0
    );
    if let Some(t) = timing {
        let _ = write!(
            s,
            "timed_spec = {TIMED:?}\ntimed_decisions = {}\ntimed_median_ms = {}\n\
             timed_mean_ms = {}\ndeep_spec = {DEEP:?}\ndeep_estimate_ms = {}\n\
             deep_limit_ms = {DEEP_LIMIT_MS:?}\ndeep_joined = {}\n",
            t.decisions, t.median_ms, t.mean_ms, t.estimate_ms, t.deep
        );
    }
    s
}

/// Times the ladder (unless given), plays the tournament and writes the profile's folder:
/// the tournament's tables, `profile.csv`, `profile_ladder.csv`, `profile.svg`, the
/// column dictionary and the manifest, all moved into `opts.out` together at the end.
///
/// # Errors
/// Fails if the folder cannot be written (checked before anything is played), or the run
/// fails.
pub fn run_profile(p: &PlannedProfile, opts: &ProfileOptions<'_>) -> Result<ProfileReport> {
    struct Run<'a> {
        p: &'a PlannedProfile,
        opts: &'a ProfileOptions<'a>,
    }
    impl GameVisitor for Run<'_> {
        type Output = Result<ProfileReport>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<ProfileReport> {
            run_game(&game, self.p, self.opts)
        }
    }
    floe_games::visit(&p.game, Some(&p.rules), Run { p, opts })
        .map_err(|e| anyhow!("the profile's rules of {}: {e}", p.game))?
}

/// [`run_profile`] on the loaded `game`.
fn run_game<G: Game>(
    game: &G,
    p: &PlannedProfile,
    opts: &ProfileOptions<'_>,
) -> Result<ProfileReport> {
    let started = Instant::now();
    let ctx = || format!("--out {}", opts.out.display());
    let mut names: Vec<&str> = TOURNAMENT_FILES.to_vec();
    if !game.figures().is_empty() {
        names.push(floe_sim::report::FIGURES_FILE);
    }
    names.extend([PROFILE, LADDER, CHART]);
    let mut out = OutputDir::prepare(opts.out, &names, false, Scope::Everything, opts.force)
        .with_context(ctx)?;

    let (ladder, timing) = match &p.ladder {
        Some(given) => (given.clone(), None),
        None => {
            opts.progress
                .cell(&format!("timing {TIMED} to decide on {DEEP}"));
            let timing = time_ladder(game, p.players, p.seed);
            (full_ladder(timing.deep), Some(timing))
        }
    };
    let rules = RulesFile {
        named_by: "the profile's rules".into(),
        text: p.rules.clone(),
        stem: "rules".into(),
    };
    let planned = plan_run(tournament_request(
        &p.game,
        Some(rules),
        p.players,
        &ladder,
        p.deals,
        p.seed,
        p.shuffle_colours,
    )?)
    .map_err(ladder_error)?;
    let inner = out.staging().join("tournament");
    let report: Report = crate::execute(
        &planned.plan,
        &RunOptions {
            out: &inner,
            machine: Machine {
                threads: opts.machine.threads,
                shard: None,
            },
            merged: None,
            command: opts.command.clone(),
            force: false,
            progress: opts.progress,
            stop: opts.stop,
            outsiders: &[],
        },
    )?;
    // The tournament's files join the profile's folder; the dictionary and the manifest
    // are written again with the profile's part.
    for path in &report.written {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| anyhow!("{}: not a file", path.display()))?;
        if name == COLUMNS || name == MANIFEST {
            continue;
        }
        fs::rename(path, out.staging().join(&name)).with_context(ctx)?;
        out.add(&name);
    }

    let derived = derive(&ladder, timing.as_ref(), p.deals, &report.tables)?;
    let mut tables = report.tables;
    tables.push((PROFILE.to_string(), derived.profile.clone()));
    tables.push((LADDER.to_string(), derived.ladder.clone()));
    derived
        .profile
        .write(out.file(PROFILE).with_context(ctx)?)?;
    derived.ladder.write(out.file(LADDER).with_context(ctx)?)?;

    let described: Vec<(&str, &Table)> = tables.iter().map(|(n, t)| (n.as_str(), t)).collect();
    let mut dictionary = crate::columns::dictionary(game, None, &described[..described.len() - 2]);
    for (file, t) in &described[described.len() - 2..] {
        for c in &t.header {
            let meaning = MEANINGS
                .iter()
                .find(|(f, name, _)| f == file && name == c)
                .map(|(_, _, m)| (*m).to_string())
                .or_else(|| crate::columns::meaning_in(game, None, file, c))
                .unwrap_or_default();
            dictionary
                .rows
                .push(vec![(*file).to_string(), c.clone(), meaning]);
        }
    }
    dictionary.write(out.file(COLUMNS).with_context(ctx)?)?;

    let manifest = fs::read_to_string(inner.join(MANIFEST)).with_context(ctx)?;
    let manifest = manifest + &manifest_table(&ladder, p.deals, timing.as_ref());
    fs::write(out.staging().join(MANIFEST), manifest).with_context(ctx)?;
    out.add(MANIFEST);
    fs::remove_dir_all(&inner).with_context(ctx)?;

    let mut notes = Vec::new();
    let drawn = draw_chart(
        &out.staging().join(CHART),
        &p.game,
        p.players,
        &derived.rungs,
    )?;
    match drawn {
        true => out.add(CHART),
        false => notes.push(format!(
            "note: {CHART} not drawn: some entrant has no finite rating (see {RATINGS})"
        )),
    }

    let stats = table(&tables, GAME_STATS)?;
    let text = format!(
        "{}\n{}{}",
        ladder_text(&ladder, timing.as_ref()),
        report.text,
        profile_text(&derived, stats)?
    );
    let mut written = Vec::new();
    let mut charts = Vec::new();
    for path in out.commit().with_context(ctx)? {
        match path.file_name().is_some_and(|n| n == CHART) {
            true => charts.push(path),
            false => written.push(path),
        }
    }
    Ok(ProfileReport {
        text,
        ladder,
        timing,
        games: report.games,
        games_elapsed: report.elapsed,
        elapsed: started.elapsed(),
        written,
        charts,
        notes,
        tables,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(header: &str, rows: &[&str]) -> Table {
        Table {
            header: header.split(',').map(String::from).collect(),
            rows: rows
                .iter()
                .map(|r| r.split(',').map(String::from).collect())
                .collect(),
        }
    }

    fn ladder() -> Vec<String> {
        ["random", "greedy", "mcts"].map(String::from).to_vec()
    }

    fn ratings() -> Table {
        table(
            "bot,comparisons,rating,rating_se,rating_low,rating_high,note",
            &[
                "random,200,-300,20,-339.2,-260.8,",
                "greedy,400,100,15,70.6,129.4,",
                "mcts,200,200,20,160.8,239.2,",
            ],
        )
    }

    /// greedy beats random 90 of 100; mcts beats greedy 52 of 100, greedy above mcts 40,
    /// 8 tied; random and mcts never met.
    fn pairwise() -> Table {
        let (lo1, hi1) = wilson(90.0, 100);
        let (lo2, hi2) = wilson(52.0, 100);
        let (lo3, hi3) = wilson(10.0, 100);
        let (lo4, hi4) = wilson(40.0, 100);
        let rows = [
            format!("greedy,random,100,0.900000,{lo1},{hi1},0"),
            format!("random,greedy,100,0.100000,{lo3},{hi3},0"),
            format!("mcts,greedy,100,0.520000,{lo2},{hi2},0.080000"),
            format!("greedy,mcts,100,0.400000,{lo4},{hi4},0.080000"),
        ];
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        table(
            "bot,opponent,games,share_above,ci_low,ci_high,share_tied",
            &rows,
        )
    }

    #[test]
    fn rungs_read_ratings_and_steps_from_the_tables() {
        let r = rungs(&ladder(), &ratings(), &pairwise()).unwrap();
        assert_eq!(r[0].rating, Some((-300.0, -339.2, -260.8)));
        assert_eq!(r[0].step, None);
        let up = r[1].step.as_ref().unwrap();
        assert_eq!((up.weaker.as_str(), up.games), ("random", 100));
        assert_eq!((up.share_above, up.weaker_above), (0.9, 0.1));
        let top = r[2].step.as_ref().unwrap();
        assert_eq!(
            (top.share_above, top.share_tied, top.weaker_above),
            (0.52, 0.08, 0.4)
        );
        let e = rungs(&["random".into(), "alpha".into()], &ratings(), &pairwise()).unwrap_err();
        assert!(e.to_string().contains("no row for alpha"), "{e}");
    }

    #[test]
    fn skill_depth_counts_steps_whose_interval_clears_55_percent() {
        let r = rungs(&ladder(), &ratings(), &pairwise()).unwrap();
        // 90/100 has a Wilson interval of about 82.6-94.5%: clear; 52/100 (42.3-61.6%) not.
        assert!(r[1].step.as_ref().unwrap().clear());
        assert!(!r[2].step.as_ref().unwrap().clear());
        assert_eq!(skill_depth(&r), 1);
        // A share of 60% over 1000 games (56.9-63.0%) clears; over 100 (50.2-69.1%) not.
        let step = |above: f64, games: u64| {
            let ci = wilson(above * games as f64, games);
            Step {
                weaker: "w".into(),
                games,
                share_above: above,
                ci,
                share_tied: 0.0,
                weaker_above: 1.0 - above,
            }
        };
        assert!(step(0.6, 1000).clear());
        assert!(!step(0.6, 100).clear());
        // A pair that never met is no step of depth.
        let mut never = step(0.9, 1000);
        never.games = 0;
        assert!(!never.clear());
    }

    #[test]
    fn the_upset_rate_pools_the_weaker_entrants_wins_over_the_steps() {
        let r = rungs(&ladder(), &ratings(), &pairwise()).unwrap();
        let u = upset_rate(&r).unwrap();
        // 10 upsets of 100 and 40 of 100: 50 of 200 (ties are no upsets).
        assert_eq!(u.games, 200);
        assert!((u.share - 0.25).abs() < 1e-12, "{u:?}");
        assert_eq!(u.ci, wilson(50.0, 200));
        // Steps whose entrants never met add nothing; with none there is no rate.
        let lone = rungs(&["random".into(), "mcts".into()], &ratings(), &pairwise()).unwrap();
        assert_eq!(lone[1].step.as_ref().unwrap().games, 0);
        assert_eq!(upset_rate(&lone), None);
        assert_eq!(skill_depth(&lone), 0);
    }

    #[test]
    fn the_seat_advantage_is_the_log_ratio_of_win_rates_on_the_elo_scale() {
        // Two seats: 60% against 40% is 400 log10(1.5) = 70.437 points, as ratings.csv
        // gives two entrants with 600 wins to 400.
        let seats = table(
            "game,seat,games,wins,shared_wins,win_rate,ci_low,ci_high,mean_score",
            &[
                "g,0,1000,400,0,0.400000,0,0,0",
                "g,1,1000,600,0,0.600000,0,0,0",
            ],
        );
        let a = seat_advantage(&seats).unwrap().unwrap();
        assert_eq!((a.best.as_str(), a.worst.as_str()), ("1", "0"));
        assert!((a.points - 400.0 * 1.5f64.log10()).abs() < 1e-9, "{a:?}");
        // se = 400/ln 10 * sqrt((1/0.6 + 1/0.4) / 1000) = 11.2134...
        let se = ELO * ((1.0 / 0.6 + 1.0 / 0.4) / 1000.0f64).sqrt();
        assert!((se - 11.2134).abs() < 1e-3, "{se}");
        assert!((a.ci.0 - (a.points - Z95 * se)).abs() < 1e-9);
        assert!((a.ci.1 - (a.points + Z95 * se)).abs() < 1e-9);
        // Four seats: the best over the worst, whatever lies between; equal rates give 0.
        let four = table(
            "seat,games,win_rate",
            &["0,100,0.2", "1,100,0.3", "2,100,0.25", "3,100,0.25"],
        );
        let a = seat_advantage(&four).unwrap().unwrap();
        assert_eq!((a.best.as_str(), a.worst.as_str()), ("1", "0"));
        assert!((a.points - 400.0 * 1.5f64.log10()).abs() < 1e-9);
        let level = table("seat,games,win_rate", &["0,10,0.5", "1,10,0.5"]);
        let a = seat_advantage(&level).unwrap().unwrap();
        assert_eq!(
            (a.best.as_str(), a.worst.as_str(), a.points),
            ("0", "1", 0.0)
        );
        // A seat that never won gives no finite advantage.
        let never = table("seat,games,win_rate", &["0,10,0", "1,10,1"]);
        assert_eq!(seat_advantage(&never).unwrap(), None);
    }

    #[test]
    fn the_profile_row_agrees_with_the_tables_it_comes_from() {
        let stats = table(
            "game,rules,players,bots,seed,shuffle_colours,games,mean_rounds,sd_rounds,p_tie,mean_margin",
            &["g,classic,2,x,1,false,600,30.500000,4.250000,0.010000,3.125000"],
        );
        let seats = table("seat,games,win_rate", &["0,600,0.45", "1,600,0.55"]);
        let tables = vec![
            (GAME_STATS.to_string(), stats),
            (SEATS.to_string(), seats),
            (RATINGS.to_string(), ratings()),
            (PAIRWISE.to_string(), pairwise()),
        ];
        let d = derive(&ladder(), None, 100, &tables).unwrap();
        let row: Vec<(&str, &str)> = d
            .profile
            .header
            .iter()
            .map(String::as_str)
            .zip(d.profile.rows[0].iter().map(String::as_str))
            .collect();
        let get = |k: &str| row.iter().find(|(c, _)| *c == k).unwrap().1;
        assert_eq!(get("game"), "g");
        assert_eq!(get("ladder_from"), "given");
        assert_eq!(get("mcts_10000"), "");
        assert_eq!(
            (get("deals"), get("games"), get("entrants")),
            ("100", "600", "3")
        );
        assert_eq!((get("steps"), get("skill_depth")), ("2", "1"));
        assert_eq!((get("upset_rate"), get("upset_games")), ("0.250000", "200"));
        assert_eq!((get("best_seat"), get("worst_seat")), ("1", "0"));
        assert_eq!(get("mean_rounds"), "30.500000");
        assert_eq!(get("p_tie"), "0.010000");
        let ladder = &d.ladder;
        assert_eq!(ladder.rows.len(), 3);
        let clear = ladder.header.iter().position(|c| c == "clear").unwrap();
        let clear: Vec<&str> = ladder.rows.iter().map(|r| r[clear].as_str()).collect();
        assert_eq!(clear, ["", "true", "false"]);
        for (file, t) in [(PROFILE, &d.profile), (LADDER, &d.ladder)] {
            for c in t.header.iter().skip(5) {
                assert!(
                    MEANINGS.iter().any(|(f, n, _)| *f == file && n == c),
                    "{file}: {c} has no meaning"
                );
            }
        }
    }

    #[test]
    fn the_timing_takes_the_median_and_decides_on_the_deep_step() {
        let ms =
            |v: &[u64]| -> Vec<Duration> { v.iter().map(|&m| Duration::from_millis(m)).collect() };
        let t = timing_of(&ms(&[3, 1, 100, 4, 2]));
        assert_eq!(
            (t.decisions, t.median_ms, t.estimate_ms, t.deep),
            (5, 3.0, 30.0, true)
        );
        assert!((t.mean_ms - 22.0).abs() < 1e-9);
        let t = timing_of(&ms(&[5, 6]));
        assert_eq!((t.median_ms, t.deep), (5.5, false));
    }

    #[test]
    fn the_timing_times_the_opening_questions_of_seeded_deals() {
        struct Time;
        impl GameVisitor for Time {
            type Output = Timing;
            fn visit<G: Game + 'static>(self, game: G) -> Timing {
                time_ladder(&game, 2, 1)
            }
        }
        let t = floe_games::visit("goofspiel", None, Time).unwrap();
        assert_eq!(t.decisions, TIMING_DEALS as usize * TIMING_QUESTIONS);
        assert!(t.median_ms > 0.0 && t.mean_ms > 0.0, "{t:?}");
        assert_eq!(t.estimate_ms, DEEP_FACTOR * t.median_ms);
        assert_eq!(t.deep, t.estimate_ms < DEEP_LIMIT_MS);
    }

    #[test]
    fn a_bad_ladder_is_refused_naming_the_flag() {
        let req = |ladder: &str, players: usize| ProfileRequest {
            game: "arctic-race".into(),
            rules: None,
            players,
            ladder: Some(ladder.into()),
            deals: 1,
            seed: 1,
            shuffle_colours: false,
        };
        let e = |r| plan_profile(r).unwrap_err().to_string();
        assert!(e(req("random,alpha", 2)).starts_with("--ladder \"random,alpha\": spec 2"));
        assert!(e(req("random", 2)).contains("at least two entrants"));
        assert!(e(req("random,random", 2)).contains("entered twice"));
        assert!(e(req("random,greedy", 9)).starts_with("--players: "));
        let ok = plan_profile(req("random, greedy", 2)).unwrap();
        assert_eq!(ok.ladder, Some(vec!["random".into(), "greedy".into()]));
    }

    #[test]
    fn the_manifest_table_is_toml() {
        let timing = timing_of(&[Duration::from_millis(7)]);
        let text = format!(
            "kind = \"tournament\"\n[plan]\nseed = 1\n{}",
            manifest_table(&full_ladder(false), 3, Some(&timing))
        );
        let value: toml::Value = toml::from_str(&text).unwrap();
        let profile = &value["profile"];
        assert_eq!(profile["deep_joined"].as_bool(), Some(false));
        assert_eq!(profile["ladder"].as_array().unwrap().len(), 4);
        assert_eq!(profile["ladder_from"].as_str(), Some("timing"));
    }
}
