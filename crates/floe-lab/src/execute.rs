//! Carrying out a [`Plan`]: playing its cells (or taking their counts from merged shards)
//! and writing the run's folder: its result tables, or a shard's counts and manifest.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, anyhow};
use floe_core::Game;
use floe_games::GameVisitor;
use floe_sim::ladder::{ladder_table, pairwise, standings};
use floe_sim::output::OutputDir;
use floe_sim::report::{
    RunLabel, Table, fairness_tests, game_stats, games_writer, seat_spread, summary, summary_rows,
    text_table, write_game_rows,
};
use floe_sim::{GameRecord, RecordSink, Seating, Tally};

use crate::plan::{CellPlan, Plan, RunKind};
use crate::provenance;
use crate::setup::{Machine, Setup, setup};
use crate::shards::{self, Merged, ShardFiles};

/// Files each kind of run may write besides charts; an old one this run does not write
/// is removed.
const SIMULATE_FILES: [&str; 5] = [
    "game_stats.csv",
    "summary.csv",
    "games.csv",
    shards::COUNTS,
    shards::MANIFEST,
];
const TOURNAMENT_FILES: [&str; 5] = [
    "tournament.csv",
    "pairwise.csv",
    "game_stats.csv",
    shards::COUNTS,
    shards::MANIFEST,
];
const EXPERIMENT_FILES: [&str; 7] = [
    "cells.csv",
    "groups.csv",
    "tests.csv",
    "pairwise.csv",
    "manifest.toml",
    shards::COUNTS,
    shards::MANIFEST,
];

/// Hears how a run advances (a front end draws a progress bar from it).
pub trait Progress: Sync {
    /// The run is about to play `games` games.
    fn begin(&self, _games: u64) {}
    /// The cell named `name` starts.
    fn cell(&self, _name: &str) {}
    /// `games` more games are done (called from worker threads).
    fn advance(&self, _games: u64) {}
    /// The games are done.
    fn end(&self) {}
}

/// A [`Progress`] that ignores everything.
pub struct Silent;

impl Progress for Silent {}

/// How to carry out a plan.
pub struct RunOptions<'a> {
    /// The folder to write.
    pub out: &'a Path,
    /// Threads and shard.
    pub machine: Machine,
    /// Counts merged from shards, to take the tallies from instead of playing.
    pub merged: Option<&'a Merged>,
    /// The command line, recorded in manifests.
    pub command: Vec<String>,
    /// Hears how the run advances.
    pub progress: &'a dyn Progress,
}

/// What a run did, for the front end to show.
#[derive(Debug)]
pub struct Report {
    /// The report's text: a run's table, or an experiment's line per cell.
    pub text: String,
    /// Games played (or merged).
    pub games: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// The number of shards the counts were merged from, for a merge.
    pub merged_from: Option<usize>,
    /// The files written.
    pub written: Vec<PathBuf>,
    /// The charts drawn.
    pub charts: Vec<PathBuf>,
}

/// Carries out `plan` and writes its folder.
///
/// # Errors
/// Fails if the plan does not fit its game, a file cannot be written, or merged counts do
/// not fit the plan.
pub fn execute(plan: &Plan, opts: &RunOptions<'_>) -> Result<Report> {
    struct Run<'a> {
        plan: &'a Plan,
        opts: &'a RunOptions<'a>,
    }
    impl GameVisitor for Run<'_> {
        type Output = Result<Report>;
        fn visit<G: Game + 'static>(self, game: G) -> Result<Report> {
            let (plan, opts) = (self.plan, self.opts);
            let setups = plan
                .cells
                .iter()
                .map(|cell| {
                    setup(game.clone(), plan, cell, opts.machine)
                        .map_err(|m| anyhow!("the plan does not fit {}: {m}", plan.game))
                })
                .collect::<Result<Vec<_>>>()?;
            match plan.kind {
                RunKind::Simulate => simulate(plan, opts, &setups[0]),
                RunKind::Tournament => tournament(plan, opts, &setups[0]),
                RunKind::Experiment => experiment(plan, opts, &setups),
            }
        }
    }
    floe_games::visit(&plan.game, Some(&plan.rules), Run { plan, opts })
        .map_err(|e| anyhow!("the plan's rules of {}: {e}", plan.game))?
}

/// Plays cell `cell` (`setup`), or takes its tally from merged shards.
fn tally<G: Game>(
    opts: &RunOptions<'_>,
    cell: usize,
    setup: &Setup<G>,
    per_game: Option<&mut RecordSink<'_>>,
) -> Result<Tally> {
    match opts.merged {
        Some(m) => m.tally(cell, floe_sim::empty_tally(&setup.game, &setup.config)),
        None => Ok(floe_sim::run(
            &setup.game,
            &setup.config,
            &|n| opts.progress.advance(n),
            per_game,
        )?),
    }
}

/// Returns the games `setup` plays in this shard of its run.
fn games_here<G: Game>(setup: &Setup<G>) -> u64 {
    let config = &setup.config;
    config.shard.games(config.games).count() as u64
}

/// Plays a one-cell run behind the progress reports and returns its tally and wall time.
fn tally_one<G: Game>(
    opts: &RunOptions<'_>,
    setup: &Setup<G>,
    per_game: Option<&mut RecordSink<'_>>,
) -> Result<(Tally, Duration)> {
    opts.progress.begin(games_here(setup));
    let started = Instant::now();
    let tally = tally(opts, 0, setup, per_game)?;
    opts.progress.end();
    Ok((tally, started.elapsed()))
}

/// The report of a run that wrote `written`.
fn report(text: String, games: u64, elapsed: Duration, opts: &RunOptions<'_>) -> Report {
    Report {
        text,
        games,
        elapsed,
        merged_from: opts.merged.map(|m| m.dirs.len()),
        written: Vec::new(),
        charts: Vec::new(),
    }
}

/// `simulate`: the results, or for a shard its counts (and its rows of `games.csv`).
fn simulate<G: Game>(plan: &Plan, opts: &RunOptions<'_>, setup: &Setup<G>) -> Result<Report> {
    let (game, label) = (&setup.game, &setup.label);
    // Every output file is opened (under its temporary name) before the first game, so an
    // unwritable folder fails at once rather than after the run.
    let ctx = || format!("--out {}", opts.out.display());
    let mut out = OutputDir::create(opts.out).with_context(ctx)?;
    let shard_files = match opts.machine.shard {
        Some(shard) => Some(ShardFiles::open(shard, &mut out).with_context(ctx)?),
        None => None,
    };
    let result_files = match shard_files {
        Some(_) => None,
        None => Some((
            out.file("game_stats.csv").with_context(ctx)?,
            out.file("summary.csv").with_context(ctx)?,
        )),
    };
    let mut games_csv = match plan.per_game {
        true => Some(games_writer(
            game,
            out.file("games.csv").with_context(ctx)?,
        )?),
        false => None,
    };
    let mut sink = |records: &[GameRecord]| -> std::io::Result<()> {
        let w = games_csv
            .as_mut()
            .expect("the sink is only given with per-game rows");
        write_game_rows(game, label, records, w).map_err(std::io::Error::other)
    };
    let per_game: Option<&mut RecordSink<'_>> = if plan.per_game { Some(&mut sink) } else { None };
    let (tally, elapsed) = tally_one(opts, setup, per_game)?;
    if let Some(w) = games_csv {
        let mut file = w.into_inner().map_err(|e| anyhow!("games.csv: {e}"))?;
        if let Some(merged) = opts.merged {
            merged.append_rows("games.csv", &mut file)?;
        }
        file.flush()?;
    }
    let rows = summary_rows(game, label, &tally);
    if let Some(files) = shard_files {
        files.write(plan, &opts.command, std::slice::from_ref(&tally))?;
    }
    if let Some((stats_file, summary_file)) = result_files {
        game_stats(game, label, &tally).write(stats_file)?;
        summary(&rows).write(summary_file)?;
    }
    let mut done = report(
        text_table(game, label, &tally, &rows),
        tally.games,
        elapsed,
        opts,
    );
    done.written = out.commit(&SIMULATE_FILES).with_context(ctx)?;
    Ok(done)
}

/// `tournament`: the standings and head to head, or for a shard its counts.
fn tournament<G: Game>(plan: &Plan, opts: &RunOptions<'_>, setup: &Setup<G>) -> Result<Report> {
    let (game, label) = (&setup.game, &setup.label);
    let ctx = || format!("--out {}", opts.out.display());
    let mut out = OutputDir::create(opts.out).with_context(ctx)?;
    let shard_files = match opts.machine.shard {
        Some(shard) => Some(ShardFiles::open(shard, &mut out).with_context(ctx)?),
        None => None,
    };
    let result_files = match shard_files {
        Some(_) => None,
        None => Some((
            out.file("tournament.csv").with_context(ctx)?,
            match label.bot_groups.len() > 1 {
                true => Some(out.file("pairwise.csv").with_context(ctx)?),
                false => None,
            },
            out.file("game_stats.csv").with_context(ctx)?,
        )),
    };
    let (tally, elapsed) = tally_one(opts, setup, None)?;
    if let Some(files) = shard_files {
        files.write(plan, &opts.command, std::slice::from_ref(&tally))?;
    }
    if let Some((entrants_file, pairs_file, stats_file)) = result_files {
        standings(label, &tally).write(entrants_file)?;
        if let Some(file) = pairs_file {
            pairwise(label, &tally).write(file)?;
        }
        game_stats(game, label, &tally).write(stats_file)?;
    }
    let mut done = report(ladder_table(label, &tally), tally.games, elapsed, opts);
    done.written = out.commit(&TOURNAMENT_FILES).with_context(ctx)?;
    Ok(done)
}

/// The timing of one cell, for the manifest.
#[derive(serde::Serialize)]
struct CellTime {
    cell: String,
    games: u64,
    wall_seconds: f64,
}

/// What was run, by what, and how long it took: `manifest.toml`.
#[derive(serde::Serialize)]
struct Manifest {
    experiment: String,
    description: String,
    spec_file: String,
    floe_version: &'static str,
    git_commit: String,
    command: String,
    started_unix_seconds: u64,
    wall_seconds: f64,
    games: u64,
    cells: Vec<CellTime>,
    /// The shard folders merged into these results, if any.
    merged_from: Vec<String>,
    spec: String,
}

/// The columns that name a cell in `groups.csv`, `tests.csv` and `pairwise.csv`: the bots,
/// the players and the swept parameter's value.
fn cell_key(cell: &CellPlan) -> Vec<(String, String)> {
    let mut key = vec![
        ("bots".to_string(), cell.bots.clone()),
        ("players".to_string(), cell.players.to_string()),
    ];
    if let Some(s) = &cell.sweep {
        key.push((s.param.clone(), s.value.to_string()));
    }
    key
}

/// The columns that put a cell's sweep in front of its `cells.csv` row: the parameter,
/// its value and the rules' own value (the row's other columns name line-up and players).
fn cell_sweep(cell: &CellPlan) -> Vec<(String, String)> {
    match &cell.sweep {
        None => Vec::new(),
        Some(s) => vec![
            ("param".to_string(), s.param.clone()),
            ("value".to_string(), s.value.to_string()),
            ("rules_value".to_string(), s.rules_value.to_string()),
        ],
    }
}

/// Names a cell by its key columns, e.g. `random, 4 players, tiles_removed 6`.
fn cell_name(key: &[(String, String)]) -> String {
    let mut parts = vec![key[0].1.clone(), format!("{} players", key[1].1)];
    parts.extend(key[2..].iter().map(|(k, v)| format!("{k} {v}")));
    parts.join(", ")
}

/// One line of the printed summary: the cell, its games, seat spread and test results.
fn cell_line(name: &str, label: &RunLabel, tally: &Tally, tests: &Table) -> String {
    let spread = seat_spread(label, tally);
    let tests: Vec<String> = tests
        .rows
        .iter()
        .map(|r| format!("{} p={}", r[0], r[4]))
        .collect();
    format!(
        "{name}: {} games, seat spread {:.2} points, {}",
        tally.games,
        100.0 * spread,
        tests.join(", ")
    )
}

/// `experiment`: every cell in order, one folder of tables, a manifest and charts (or for
/// a shard its counts).
fn experiment<G: Game>(plan: &Plan, opts: &RunOptions<'_>, setups: &[Setup<G>]) -> Result<Report> {
    let info = plan
        .experiment
        .as_ref()
        .ok_or_else(|| anyhow!("an experiment plan names its experiment"))?;
    let ctx = || format!("--out {}", opts.out.display());
    let mut out = OutputDir::create(opts.out).with_context(ctx)?;
    let rotated = plan.seating != Seating::Fixed;
    let shard_files = match opts.machine.shard {
        Some(shard) => Some(ShardFiles::open(shard, &mut out).with_context(ctx)?),
        None => None,
    };
    let mut files = Vec::new();
    let mut manifest_file = None;
    if shard_files.is_none() {
        files.push(out.file("cells.csv").with_context(ctx)?);
        files.push(out.file("groups.csv").with_context(ctx)?);
        files.push(out.file("tests.csv").with_context(ctx)?);
        if rotated {
            files.push(out.file("pairwise.csv").with_context(ctx)?);
        }
        manifest_file = Some(out.file("manifest.toml").with_context(ctx)?);
    }

    let total: u64 = setups.iter().map(games_here).sum();
    opts.progress.begin(total);
    let started_at = SystemTime::now();
    let started = Instant::now();
    let mut tables = vec![Table::default(); 4];
    let mut tallies = Vec::new();
    let mut times = Vec::new();
    let mut lines = Vec::new();
    for (i, (cell, setup)) in plan.cells.iter().zip(setups).enumerate() {
        let key = cell_key(cell);
        let name = cell_name(&key);
        opts.progress.cell(&name);
        let cell_started = Instant::now();
        let (game, label) = (&setup.game, &setup.label);
        let tally = tally(opts, i, setup, None)?;
        times.push(CellTime {
            cell: name.clone(),
            games: tally.games,
            wall_seconds: cell_started.elapsed().as_secs_f64(),
        });
        let tests = fairness_tests(label, &tally);
        lines.push(cell_line(&name, label, &tally, &tests));
        tables[0].append(game_stats(game, label, &tally).prefixed(&cell_sweep(cell)));
        tables[1].append(summary(&summary_rows(game, label, &tally)).prefixed(&key));
        tables[2].append(tests.prefixed(&key));
        if rotated {
            tables[3].append(pairwise(label, &tally).prefixed(&key));
        }
        tallies.push(tally);
    }
    opts.progress.end();
    if let Some(shard) = shard_files {
        shard.write(plan, &opts.command, &tallies)?;
        let mut done = report(String::new(), total, started.elapsed(), opts);
        done.written = out.commit(&EXPERIMENT_FILES).with_context(ctx)?;
        return Ok(done);
    }
    for (table, file) in tables.iter().zip(files) {
        table.write(file)?;
    }
    let manifest = Manifest {
        experiment: info.name.clone(),
        description: info.description.clone(),
        spec_file: info.spec_file.clone(),
        floe_version: provenance::VERSION,
        git_commit: provenance::git_commit(),
        command: opts.command.join(" "),
        started_unix_seconds: started_at
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        wall_seconds: started.elapsed().as_secs_f64(),
        games: total,
        cells: times,
        merged_from: opts
            .merged
            .iter()
            .flat_map(|m| m.dirs.iter().map(|d| d.display().to_string()))
            .collect(),
        spec: info.spec.clone(),
    };
    let mut manifest_file = manifest_file.expect("opened when not sharded");
    manifest_file.write_all(toml::to_string(&manifest)?.as_bytes())?;
    manifest_file.flush()?;
    let written = out.commit(&EXPERIMENT_FILES).with_context(ctx)?;
    let charts = crate::charts::draw(opts.out, &info.name)?;
    let mut text = format!("{}: {} cells, {total} games\n", info.name, plan.cells.len());
    for line in lines {
        let _ = writeln!(text, "  {line}");
    }
    let mut done = report(text, total, started.elapsed(), opts);
    done.written = written;
    done.charts = charts;
    Ok(done)
}
