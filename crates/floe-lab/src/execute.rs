//! Carrying out a [`Plan`]: playing its cells (or taking their counts from merged shards)
//! and writing the run's folder: its result tables, or a shard's counts and manifest.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result, anyhow};
use floe_bots::outsider::Plug;
use floe_core::Game;
use floe_games::GameVisitor;
use floe_sim::ladder::{ladder_table, pairwise, standings};
use floe_sim::ratings::ratings;
use floe_sim::report::{
    FIGURES_FILE, GROUP_KINDS, RunLabel, Table, fairness_tests, figures_table, game_stats,
    games_writer, groups, seat_spread, summary_rows, text_table, write_game_rows,
};
use floe_sim::{GameRecord, RecordSink, Seating, Tally};

use crate::output_dir::{OutputDir, Scope, is_chart_name};
use crate::plan::{CellPlan, GAMES, Plan, RunKind};
use crate::provenance;
use crate::setup::{Machine, Setup, setup};
use crate::shards::{self, Merged, ShardFiles};

/// The column dictionary of a results folder.
const COLUMNS: &str = "columns.csv";

/// What was run, by what, and how long it took.
const MANIFEST: &str = "manifest.toml";

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
    /// Replace files in `out` that Floe did not write.
    pub force: bool,
    /// Hears how the run advances.
    pub progress: &'a dyn Progress,
    /// Set to stop the run early (Ctrl-C, an outsider that cannot answer): the run then
    /// fails without writing its results.
    pub stop: Option<&'a Arc<AtomicBool>>,
    /// The outsiders the plan's bot lists name (see [`crate::setup::setup`]).
    pub outsiders: &'a [Plug],
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
    /// The result tables written, by file name (none for a shard).
    pub tables: Vec<(String, Table)>,
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
                    setup(game.clone(), plan, cell, opts.machine, opts.outsiders)
                        .map_err(|m| anyhow!("the plan does not fit {}: {m}", plan.game))
                })
                .collect::<Result<Vec<_>>>()?;
            run_cells(plan, opts, &setups)
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
        Some(m) => m.tally(
            cell,
            &setup.game,
            &setup.config,
            floe_sim::empty_tally(&setup.game, &setup.config),
        ),
        None => Ok(floe_sim::run_until(
            &setup.game,
            &setup.config,
            &|n| opts.progress.advance(n),
            per_game,
            &opts.stop.cloned().unwrap_or_default(),
        )?),
    }
}

/// Returns the games `setup` plays in this shard of its run.
fn games_here<G: Game>(setup: &Setup<G>) -> u64 {
    let config = &setup.config;
    config.shard.games(config.games).count() as u64
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
    kind: RunKind,
    game: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    experiment: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    floe_version: &'static str,
    /// The commit the binary was built from.
    git_commit: String,
    command: String,
    rules_sha256: String,
    started_unix_seconds: u64,
    wall_seconds: f64,
    games: u64,
    cells: Vec<CellTime>,
    /// The shard folders merged into these results, if any.
    merged_from: Vec<String>,
    /// The run itself: with it (and this build) the results can be made again.
    plan: Plan,
}

/// The columns that put a cell's sweep in front of its `cells.csv` row: the parameter,
/// its value and the rules' own value.
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

/// The columns in front of every row of a cell's tables: the run's columns and the swept
/// parameter's value.
fn cell_columns(label: &RunLabel, cell: &CellPlan) -> Vec<(String, String)> {
    let mut columns = label.columns();
    if let Some(s) = &cell.sweep {
        columns.push((s.param.clone(), s.value.to_string()));
    }
    columns
}

/// Names a cell, e.g. `random, 4 players, tiles_removed 6`.
fn cell_name(cell: &CellPlan) -> String {
    let mut name = format!("{}, {} players", cell.bots, cell.players);
    if let Some(s) = &cell.sweep {
        let _ = write!(name, ", {} {}", s.param, s.value);
    }
    name
}

/// One line of an experiment's printed summary: the cell, its games, seat spread and test
/// results.
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

/// Returns the tables a run of `kind` writes, by file name, in the order written
/// (`figures.csv` last, for a game that declares `figures`).
fn table_names(kind: RunKind, plan: &Plan, groups: usize, figures: bool) -> Vec<&'static str> {
    let rotated = plan.seating != Seating::Fixed;
    let mut names = match kind {
        RunKind::Simulate => vec!["game_stats.csv", "seats.csv", "colours.csv", "bots.csv"],
        RunKind::Tournament => vec!["tournament.csv", "game_stats.csv", "seats.csv"],
        RunKind::Experiment => vec!["cells.csv", "seats.csv", "colours.csv", "bots.csv"],
    };
    names.push("tests.csv");
    if rotated && (kind == RunKind::Experiment || groups > 1) {
        names.extend(["pairwise.csv", "ratings.csv"]);
    }
    if figures {
        names.push(FIGURES_FILE);
    }
    names
}

/// Returns the rows cell `cell` (with `setup` and `tally`) adds to the table `name`.
fn cell_table<G: Game>(name: &str, cell: &CellPlan, setup: &Setup<G>, tally: &Tally) -> Table {
    let (game, label) = (&setup.game, &setup.label);
    let columns = cell_columns(label, cell);
    match name {
        "game_stats.csv" => game_stats(game, label, tally).prefixed(&label.columns()),
        "cells.csv" => {
            let mut front = cell_sweep(cell);
            front.extend(label.columns());
            game_stats(game, label, tally).prefixed(&front)
        }
        "seats.csv" | "colours.csv" | "bots.csv" => {
            let kind = GROUP_KINDS
                .iter()
                .find(|(_, file)| *file == name)
                .map(|(k, _)| *k)
                .expect("a group table");
            groups(&summary_rows(game, label, tally), kind).prefixed(&columns)
        }
        "tests.csv" => fairness_tests(label, tally).prefixed(&columns),
        "tournament.csv" => standings(label, tally).prefixed(&columns),
        "pairwise.csv" => pairwise(label, tally).prefixed(&columns),
        "ratings.csv" => ratings(label, tally).prefixed(&columns),
        FIGURES_FILE => figures_table(game, label, tally).prefixed(&columns),
        other => unreachable!("no table {other}"),
    }
}

/// Plays every cell of `plan` in order (or takes their counts from merged shards) and
/// writes the run's folder: its tables, `games.csv`, a manifest, the column dictionary and
/// charts, or for a shard its counts and shard manifest.
fn run_cells<G: Game>(plan: &Plan, opts: &RunOptions<'_>, setups: &[Setup<G>]) -> Result<Report> {
    let ctx = || format!("--out {}", opts.out.display());
    let first = &setups[0];
    let names = table_names(
        plan.kind,
        plan,
        first.label.bot_groups.len(),
        !first.game.figures().is_empty(),
    );
    let mut planned: Vec<&str> = match opts.machine.shard {
        Some(_) => vec![shards::COUNTS, shards::MANIFEST],
        None => [&names[..], &[MANIFEST, COLUMNS]].concat(),
    };
    if plan.per_game {
        planned.push(GAMES);
    }
    // Only an experiment (not a shard) draws charts, whose names its tables decide.
    let charts = plan.kind == RunKind::Experiment && opts.machine.shard.is_none();
    let mut out = OutputDir::prepare(opts.out, &planned, charts, Scope::Everything, opts.force)
        .with_context(ctx)?;
    // Every output file is opened (in the staging folder) before the first game, so an
    // unwritable folder fails at once rather than after the run.
    let shard_files = match opts.machine.shard {
        Some(shard) => Some(ShardFiles::open(shard, &mut out).with_context(ctx)?),
        None => None,
    };
    let mut files = Vec::new();
    let mut manifest_file = None;
    let mut columns_file = None;
    if shard_files.is_none() {
        for name in &names {
            files.push(out.file(name).with_context(ctx)?);
        }
        manifest_file = Some(out.file(MANIFEST).with_context(ctx)?);
        columns_file = Some(out.file(COLUMNS).with_context(ctx)?);
    }
    let mut games_csv = match plan.per_game {
        true => Some(games_writer(
            &first.game,
            &first.label,
            out.file(GAMES).with_context(ctx)?,
        )?),
        false => None,
    };

    let total: u64 = setups.iter().map(games_here).sum();
    opts.progress.begin(total);
    let started_at = SystemTime::now();
    let started = Instant::now();
    let mut tables: Vec<Table> = vec![Table::default(); names.len()];
    let mut tallies = Vec::new();
    let mut times = Vec::new();
    let mut lines = Vec::new();
    for (i, (cell, setup)) in plan.cells.iter().zip(setups).enumerate() {
        let name = cell_name(cell);
        opts.progress.cell(&name);
        let cell_started = Instant::now();
        let (game, label) = (&setup.game, &setup.label);
        let mut sink = |records: &[GameRecord]| -> std::io::Result<()> {
            let w = games_csv
                .as_mut()
                .expect("the sink is only given with per-game rows");
            write_game_rows(game, label, records, w).map_err(std::io::Error::other)
        };
        let per_game: Option<&mut RecordSink<'_>> =
            if plan.per_game { Some(&mut sink) } else { None };
        let tally = tally(opts, i, setup, per_game)?;
        times.push(CellTime {
            cell: name.clone(),
            games: tally.games,
            wall_seconds: cell_started.elapsed().as_secs_f64(),
        });
        lines.push(match plan.kind {
            RunKind::Simulate => {
                text_table(game, label, &tally, &summary_rows(game, label, &tally))
            }
            RunKind::Tournament => ladder_table(label, &tally),
            RunKind::Experiment => {
                format!(
                    "  {}\n",
                    cell_line(&name, label, &tally, &fairness_tests(label, &tally))
                )
            }
        });
        for (table, file) in tables.iter_mut().zip(&names) {
            table.append(cell_table(file, cell, setup, &tally));
        }
        tallies.push(tally);
    }
    opts.progress.end();
    if let Some(w) = games_csv {
        let mut file = w.into_inner().map_err(|e| anyhow!("games.csv: {e}"))?;
        if let Some(merged) = opts.merged {
            let cells: Vec<_> = setups
                .iter()
                .map(|s| (&s.game, &s.config, &s.label))
                .collect();
            let header = games_table_header(&first.game, &first.label).header;
            merged.append_checked_rows(&cells, &header, &mut file)?;
        }
        file.flush()?;
    }
    let games = tallies.iter().map(|t| t.games).sum();
    let mut text = lines.concat();
    if let Some(info) = &plan.experiment {
        text = format!(
            "{}: {} cells, {total} games\n{text}",
            info.name,
            plan.cells.len()
        );
    }
    let mut done = Report {
        text,
        games,
        elapsed: started.elapsed(),
        merged_from: opts.merged.map(|m| m.dirs.len()),
        written: Vec::new(),
        charts: Vec::new(),
        tables: Vec::new(),
    };
    if let Some(shard) = shard_files {
        shard.write(plan, &opts.command, &tallies, out.staging())?;
        if plan.kind == RunKind::Experiment {
            done.text.clear();
        }
        done.written = out.commit().with_context(ctx)?;
        return Ok(done);
    }
    for (table, file) in tables.iter().zip(files) {
        table.write(file)?;
    }
    let sweep = plan.cells[0].sweep.as_ref().map(|s| s.param.as_str());
    let mut described: Vec<(&str, &Table)> = names.iter().copied().zip(&tables).collect();
    let games_header = plan
        .per_game
        .then(|| games_table_header(&first.game, &first.label));
    if let Some(header) = &games_header {
        described.push((GAMES, header));
    }
    crate::columns::dictionary(&first.game, sweep, &described)
        .write(columns_file.expect("opened when not sharded"))?;
    let info = plan.experiment.as_ref();
    let manifest = Manifest {
        kind: plan.kind,
        game: plan.game.clone(),
        experiment: info.map(|i| i.name.clone()),
        description: info.map(|i| i.description.clone()),
        floe_version: provenance::VERSION,
        git_commit: provenance::BUILD_COMMIT.to_string(),
        command: opts.command.join(" "),
        rules_sha256: plan.rules_fingerprint(),
        started_unix_seconds: started_at
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        wall_seconds: started.elapsed().as_secs_f64(),
        games,
        cells: times,
        merged_from: opts
            .merged
            .iter()
            .flat_map(|m| m.dirs.iter().map(|d| d.display().to_string()))
            .collect(),
        plan: plan.clone(),
    };
    let mut manifest_file = manifest_file.expect("opened when not sharded");
    manifest_file.write_all(toml::to_string(&manifest)?.as_bytes())?;
    manifest_file.flush()?;
    drop(manifest_file);
    if plan.kind == RunKind::Experiment {
        let title = info.map_or("results", |i| i.name.as_str());
        for chart in crate::charts::draw(out.staging(), out.staging(), title)? {
            out.add(&chart);
        }
    }
    for path in out.commit().with_context(ctx)? {
        let chart = path
            .file_name()
            .is_some_and(|n| is_chart_name(&n.to_string_lossy()));
        match chart {
            true => done.charts.push(path),
            false => done.written.push(path),
        }
    }
    done.tables = names.iter().map(|n| (*n).to_string()).zip(tables).collect();
    Ok(done)
}

/// The header of `games.csv`, as a table without rows (for the column dictionary).
fn games_table_header<G: Game>(game: &G, label: &RunLabel) -> Table {
    let mut bytes = Vec::new();
    drop(games_writer(game, label, &mut bytes));
    let text = String::from_utf8_lossy(&bytes);
    Table::new(&text.trim_end().split(',').collect::<Vec<_>>())
}
