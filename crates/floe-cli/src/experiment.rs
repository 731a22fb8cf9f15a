//! `floe experiment FILE`: runs a declared study cell by cell (a cell is one line-up of
//! bots at one player count, and one value of a swept rule parameter) and writes one
//! folder of CSV files, a manifest and charts.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};
use arctic_race::{ArcticRace, Rules};
use clap::Args;
use floe_core::Game;
use floe_core::{ParamKind, ParamValue};
use floe_sim::ladder::pairwise;
use floe_sim::output::OutputDir;
use floe_sim::report::{
    RunLabel, Table, fairness_tests, game_stats, seat_spread, summary, summary_rows,
};
use floe_sim::{RunConfig, Seating, Shard, Tally};

use crate::args::{GameName, Misfit, RunFlags, Setup, load_rules, setup};
use crate::shards::{self, ShardFiles, fingerprint};
use crate::spec::Spec;

/// Files an experiment may write besides its charts; an old one this run does not write is
/// removed.
const OUTPUTS: [&str; 7] = [
    "cells.csv",
    "groups.csv",
    "tests.csv",
    "pairwise.csv",
    "manifest.toml",
    shards::COUNTS,
    shards::MANIFEST,
];

/// Flags of `floe experiment`.
#[derive(Args, Debug)]
pub struct ExperimentArgs {
    /// The experiment spec (TOML), e.g. `experiments/first-player.toml`.
    pub spec: PathBuf,
    /// Folder for the results (default: `results/<name>`, the spec's name).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Play this many games in every cell instead of the spec's counts (a quick trial).
    #[arg(long)]
    pub games: Option<u64>,
    #[command(flatten)]
    pub run: RunFlags,
}

/// One cell: a checked run and the columns that name it.
struct Cell<G: Game> {
    setup: Setup<G>,
    /// `bots`, `players` and the swept parameter's value: the first columns of the rows of
    /// `groups.csv`, `tests.csv` and `pairwise.csv`.
    key: Vec<(String, String)>,
    /// The swept parameter, its value and the rules' own value: the first columns of
    /// `cells.csv` (whose other columns name the line-up and players already).
    sweep: Vec<(String, String)>,
}

/// Runs `floe experiment`.
pub fn run(a: &ExperimentArgs) -> Result<()> {
    a.run.check()?;
    if a.games == Some(0) {
        bail!("--games 0: play at least 1 game per cell (or leave it out for the spec's counts)");
    }
    let spec = Spec::read(&a.spec)?;
    match spec.game {
        GameName::ArcticRace => {
            let rules = match &spec.rules {
                None => Rules::classic(),
                Some((path, line)) => load_rules(
                    path,
                    &format!("{}: line {line}: rules", spec.path.display()),
                )?,
            };
            let names: Vec<String> = rules.parameters().into_iter().map(|d| d.path).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let base = BaseRules {
                name: rules.name(),
                hash: fingerprint(&(format!("{rules:?}"), &spec.text)),
                sweepable: &names,
            };
            let cells = cells(a, &spec, &base, |players, sweep| {
                let mut rules = rules.clone();
                let mut value = None;
                if let Some((param, v)) = sweep {
                    let path = format!("{param}.{players}");
                    let own = rules.parameter(&path).ok()?.as_whole()? as usize;
                    let decl = rules.parameters().into_iter().find(|d| d.path == param)?;
                    let ParamKind::Whole { min, max } = decl.kind else {
                        return None;
                    };
                    let range = min as usize..=max as usize;
                    if range.contains(&v) {
                        rules
                            .set_parameter(&path, &ParamValue::Whole(v as i64))
                            .ok()?;
                    }
                    value = Some((own, range));
                }
                Some((ArcticRace::new(rules), value))
            })?;
            run_cells(a, &spec, &cells)
        }
    }
}

/// What every cell's rules start from: their name, a fingerprint of them and the spec (for
/// shards), and the parameters a sweep may change.
struct BaseRules<'a> {
    name: &'a str,
    hash: String,
    sweepable: &'a [&'a str],
}

/// What a game gives for one cell: the game with the cell's rules, and for a sweep the
/// rules' own value of the parameter and the values it may take.
type CellGame<G> = Option<(G, Option<(usize, std::ops::RangeInclusive<usize>)>)>;

/// Lays out and checks every cell of `spec`. `game_for(players, sweep)` returns the game
/// for a cell, `None` when the swept parameter is unknown to the game.
fn cells<G: Game>(
    a: &ExperimentArgs,
    spec: &Spec,
    base: &BaseRules<'_>,
    game_for: impl Fn(usize, Option<(&str, usize)>) -> CellGame<G>,
) -> Result<Vec<Cell<G>>> {
    let mut cells = Vec::new();
    for lineup in &spec.lineups {
        for &players in &lineup.players {
            // The values to sweep (checked against the rules), or one cell without a sweep.
            let values: Vec<Option<(usize, usize)>> = match &spec.sweep {
                None => vec![None],
                Some(sweep) => {
                    // 0 is a value every sweepable parameter takes: asked only for the range.
                    let param = game_for(players, Some((&sweep.param, 0))).and_then(|(_, v)| v);
                    let own = param.as_ref().map_or(0, |p| p.0);
                    spec.sweep_values(sweep, players, param.map(|p| p.1), base.sweepable)?
                        .into_iter()
                        .map(|v| Some((v, own)))
                        .collect()
                }
            };
            for value in values {
                let param = spec.sweep.as_ref().map(|s| s.param.as_str());
                let swept = param.zip(value.map(|v| v.0));
                let (game, _) = game_for(players, swept).expect("checked above");
                let config = RunConfig {
                    players,
                    bots: Vec::new(),
                    seating: spec.seating,
                    games: a.games.unwrap_or(lineup.games),
                    seed: spec.seed,
                    shuffle_colours: spec.shuffle_colours,
                    threads: a.run.threads.unwrap_or(0),
                    shard: a.run.shard.unwrap_or(Shard::WHOLE),
                };
                let mut setup = setup(game, base.name, &lineup.bots, config)
                    .map_err(|m| misfit(spec, lineup, a.games.is_some(), m))?;
                setup.inputs_hash.clone_from(&base.hash);
                let mut key = vec![
                    ("bots".to_string(), lineup.bots.clone()),
                    ("players".to_string(), players.to_string()),
                ];
                let mut sweep = Vec::new();
                if let (Some(param), Some((v, own))) = (param, value) {
                    key.push((param.to_string(), v.to_string()));
                    sweep = vec![
                        ("param".to_string(), param.to_string()),
                        ("value".to_string(), v.to_string()),
                        ("rules_value".to_string(), own.to_string()),
                    ];
                }
                cells.push(Cell { setup, key, sweep });
            }
        }
    }
    Ok(cells)
}

/// Points a setting that does not fit at the spec's line that set it (or at `--games`,
/// when that flag replaced the spec's counts).
fn misfit(spec: &Spec, lineup: &crate::spec::Lineup, games_flag: bool, m: Misfit) -> anyhow::Error {
    if m.setting == "games" && games_flag {
        return anyhow::anyhow!("--games: {}", m.message);
    }
    let (line, key) = match m.setting {
        "players" => (lineup.lines.2, "players"),
        "games" => (lineup.lines.1, "games"),
        _ => (lineup.lines.0, "bots"),
    };
    spec.error_at(line, key, m.message)
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
    /// The shard folders merged into these results (`floe merge`), if any.
    merged_from: Vec<String>,
    spec: String,
}

/// Runs every cell in order and writes the experiment's folder.
fn run_cells<G: Game>(a: &ExperimentArgs, spec: &Spec, cells: &[Cell<G>]) -> Result<()> {
    let dir = a
        .out
        .clone()
        .unwrap_or_else(|| Path::new("results").join(&spec.name));
    let ctx = || format!("--out {}", dir.display());
    let mut out = OutputDir::create(&dir).with_context(ctx)?;
    let rotated = spec.seating != Seating::Fixed;
    let shard_files = ShardFiles::open(&a.run, &mut out).with_context(ctx)?;
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

    let total: u64 = cells
        .iter()
        .map(|c| c.setup.config.shard.games(c.setup.config.games).count() as u64)
        .sum();
    let bar = crate::progress::bar(total, a.run.quiet);
    let commit = git_commit();
    let started_at = SystemTime::now();
    let started = Instant::now();
    let mut tables = vec![Table::default(); 4];
    let mut tallies = Vec::new();
    let mut times = Vec::new();
    let mut lines = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        let name = cell_name(&cell.key);
        bar.set_message(name.clone());
        let cell_started = Instant::now();
        let (game, label) = (&cell.setup.game, &cell.setup.label);
        let tally = shards::tally(&a.run, i, &cell.setup, &|n| bar.inc(n), None)?;
        times.push(CellTime {
            cell: name.clone(),
            games: tally.games,
            wall_seconds: cell_started.elapsed().as_secs_f64(),
        });
        let tests = fairness_tests(label, &tally);
        lines.push(cell_line(&name, label, &tally, &tests));
        tables[0].append(game_stats(game, label, &tally).prefixed(&cell.sweep));
        tables[1].append(summary(&summary_rows(game, label, &tally)).prefixed(&cell.key));
        tables[2].append(tests.prefixed(&cell.key));
        if rotated {
            tables[3].append(pairwise(label, &tally).prefixed(&cell.key));
        }
        tallies.push(tally);
    }
    bar.finish_and_clear();
    if let Some(shard) = shard_files {
        let setups: Vec<&Setup<G>> = cells.iter().map(|c| &c.setup).collect();
        shard.write(&setups, &tallies)?;
        let written = out.commit(&OUTPUTS).with_context(ctx)?;
        if !a.run.quiet {
            let mut stdout = std::io::stdout().lock();
            crate::progress::print_footer(&mut stdout, &a.run, total, started.elapsed(), &written)?;
        }
        return Ok(());
    }
    for (table, file) in tables.iter().zip(files) {
        table.write(file)?;
    }
    let manifest = Manifest {
        experiment: spec.name.clone(),
        description: spec.description.clone(),
        spec_file: spec.path.display().to_string(),
        floe_version: env!("CARGO_PKG_VERSION"),
        git_commit: commit,
        command: std::env::args().collect::<Vec<_>>().join(" "),
        started_unix_seconds: started_at
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        wall_seconds: started.elapsed().as_secs_f64(),
        games: total,
        cells: times,
        merged_from: a
            .run
            .merged
            .iter()
            .flat_map(|m| m.dirs.iter().map(|d| d.display().to_string()))
            .collect(),
        spec: spec.text.clone(),
    };
    let mut manifest_file = manifest_file.expect("opened when not sharded");
    manifest_file.write_all(toml::to_string(&manifest)?.as_bytes())?;
    manifest_file.flush()?;
    let written = out.commit(&OUTPUTS).with_context(ctx)?;
    let charts = crate::plot::draw(&dir, &spec.name)?;
    if !a.run.quiet {
        let mut stdout = std::io::stdout().lock();
        writeln!(
            stdout,
            "{}: {} cells, {total} games",
            spec.name,
            cells.len()
        )?;
        for line in lines {
            writeln!(stdout, "  {line}")?;
        }
        crate::progress::print_footer(&mut stdout, &a.run, total, started.elapsed(), &written)?;
        for chart in charts {
            writeln!(stdout, "drew {}", chart.display())?;
        }
    }
    Ok(())
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

/// Returns the commit of the working tree (`-dirty` when tracked files have changes), or
/// `unknown` outside a git checkout.
pub(crate) fn git_commit() -> String {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match git(&["rev-parse", "HEAD"]) {
        None => "unknown".into(),
        Some(commit) => match git(&["status", "--porcelain", "--untracked-files=no"]) {
            Some(changes) if !changes.is_empty() => format!("{commit}-dirty"),
            _ => commit,
        },
    }
}
