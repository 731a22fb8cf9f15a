//! Carrying out a [`Plan`]: playing its cells (or taking their counts from merged shards)
//! and writing the run's folder: its result tables, or a shard's counts and manifest.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::{Result, anyhow, bail};
use floe_bots::{BotSpec, Registry};
use floe_core::Game;
use floe_games::GameVisitor;
use floe_io::gate::quoted;
use floe_sim::report::{TableFile, games_writer, write_game_rows};
use floe_sim::table::{Column, Table};
use floe_sim::tables::{CellCounts, CellInfo, Printout, RunTables, Swept, run_tables};
use floe_sim::{GameRecord, RecordSink, Seating, Setting, Tally};

use crate::message::About;
use crate::output_dir::{OutFile, OutputDir, Scope};
use crate::plan::{GAMES, Plan, RunKind, SweepPoint};
use crate::progress::Progress;
use crate::provenance;
use crate::setup::{Machine, Setup, setup};
use crate::shards::{self, Merged, ShardFiles};
use floe_pages::charts::is_chart_name;

/// The column dictionary of a results folder.
const COLUMNS: &str = "columns.csv";

/// What was run, by what, and how long it took.
const MANIFEST: &str = "manifest.toml";

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
    /// The bots the plan's bot lists name besides the built-in ones (see
    /// [`crate::setup::setup`]); its plugged bots must be those the plan records.
    pub registry: &'a Registry,
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
    /// The result tables written (none for a shard).
    pub tables: Vec<(TableFile, Table)>,
}

/// Carries out `plan` and writes its folder.
///
/// # Errors
/// Fails if the plan does not fit its game or the machine's shards
/// ([`Machine::check_shards`]), a file cannot be written, or merged counts do not fit the
/// plan.
pub fn execute(plan: &Plan, opts: &RunOptions<'_>) -> Result<Report> {
    opts.machine.check_shards(plan)?;
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
                    setup(game.clone(), plan, cell, opts.machine, opts.registry)
                        .map_err(|m| anyhow!("the plan does not fit {}: {m}", plan.game))
                })
                .collect::<Result<Vec<_>>>()?;
            for setup in &setups {
                same_plugged_bots(plan, &setup.config.bots)?;
            }
            announce(&game, plan, opts)?;
            run_cells(plan, opts, &setups)
        }
    }
    floe_games::visit(&plan.game, Some(&plan.rules), Run { plan, opts })
        .map_err(|e| anyhow!("the plan's rules of {}: {e}", plan.game))?
}

/// Tells `opts.progress` how long the run of `plan` (on `game`, loaded with its rules) is
/// expected to take, when it shows that: each line-up is timed on a few games first, within
/// [`crate::estimate::ANNOUNCE_BUDGET`]. A merge plays nothing, and announces nothing.
///
/// # Errors
/// Fails if a cell does not fit the game.
fn announce<G: Game>(game: &G, plan: &Plan, opts: &RunOptions<'_>) -> Result<()> {
    if opts.merged.is_some() || !opts.progress.wants_estimate() {
        return Ok(());
    }
    let estimate = crate::estimate::estimate_within(
        game,
        plan,
        opts.machine,
        opts.registry,
        Some(crate::estimate::ANNOUNCE_BUDGET),
    )?;
    let (games, seconds) = estimate.total();
    opts.progress.expect(games, seconds, estimate.at_least);
    Ok(())
}

/// Checks that the plugged bots of `bots` (a cell's, as read with this build's registry)
/// are those `plan` was made with: a bot of the same name but another identity may answer
/// otherwise, and its games would not be the plan's.
///
/// # Errors
/// Names the bot and both identities.
fn same_plugged_bots(plan: &Plan, bots: &[BotSpec]) -> Result<()> {
    for (name, identity) in BotSpec::identities(bots) {
        match plan.plugged.get(&name) {
            Some(recorded) if *recorded == identity => {}
            recorded => bail!(
                "bot {} is {} in this build, but the plan was made with {}: carry it out (or \
                 merge its shards) with a build of that bot",
                quoted(&name),
                quoted(&identity),
                recorded.map_or("no record of it".to_string(), |r| quoted(r))
            ),
        }
    }
    Ok(())
}

/// Plays cell `cell` (`setup`), or takes its tally from merged shards.
fn tally<G: Game>(
    opts: &RunOptions<'_>,
    cell: usize,
    setup: &Setup<G>,
    per_game: Option<&mut RecordSink<'_>>,
) -> Result<Tally> {
    match opts.merged {
        Some(m) => m.tally(cell, &setup.game, &setup.config),
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
#[derive(Clone, serde::Serialize)]
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

/// Returns the tables a run of `kind` writes, in the order written (`figures.csv` for a
/// game that declares `figures`, then `answers.csv` for an experiment that declares
/// questions: one that declares none writes no answers, so its folder is as before).
fn table_files(kind: RunKind, plan: &Plan, groups: usize, figures: bool) -> Vec<TableFile> {
    use TableFile::*;
    let rotated = plan.dealing.seating != Seating::Fixed;
    let mut files = match kind {
        RunKind::Simulate => vec![GameStats, Seats, Colours, Bots],
        RunKind::Tournament => vec![Tournament, GameStats, Seats],
        RunKind::Experiment => vec![Cells, Seats, Colours, Bots],
    };
    files.push(Tests);
    if rotated && (kind == RunKind::Experiment || groups > 1) {
        files.extend([Pairwise, Ratings]);
    }
    if figures {
        files.push(Figures);
    }
    if plan.arc {
        files.push(Arc);
    }
    if plan
        .experiment
        .as_ref()
        .is_some_and(|e| !e.questions.is_empty())
    {
        files.push(Answers);
    }
    files
}

/// Plays the cells of `plan` (`setups`, one per cell) into `opts.out`: their tables, the
/// column dictionary, the manifest and, for an experiment, its charts; or, for a shard,
/// the shard's counts.
fn run_cells<G: Game>(plan: &Plan, opts: &RunOptions<'_>, setups: &[Setup<G>]) -> Result<Report> {
    let first = &setups[0];
    let outputs = Outputs::open(plan, opts, first)?;
    let started_at = SystemTime::now();
    let started = Instant::now();
    let (played, outputs) = play_cells(plan, opts, setups, outputs)?;
    let games = played.tallies.iter().map(|t| t.games).sum();
    let mut text = played.lines.concat();
    if let Some(info) = &plan.experiment {
        text = format!(
            "{}: {}, {}\n{text}",
            info.name,
            floe_io::count(plan.cells.len(), "cell"),
            floe_io::count(played.total, "game")
        );
    }
    let done = Report {
        text,
        games,
        elapsed: started.elapsed(),
        merged_from: opts.merged.map(|m| m.dirs.len()),
        written: Vec::new(),
        charts: Vec::new(),
        tables: Vec::new(),
    };
    let clock = (started_at, started);
    outputs.finish(plan, opts, first, played, clock, done)
}

/// The output files of a run, opened in the staging folder before the first game, so an
/// unwritable folder fails at once rather than after the run.
struct Outputs {
    out: OutputDir,
    /// The tables the run writes.
    files: Vec<TableFile>,
    /// A shard's files, instead of the tables, manifest and column dictionary.
    shard_files: Option<ShardFiles>,
    table_files: Vec<OutFile>,
    manifest: Option<OutFile>,
    columns: Option<OutFile>,
    games_csv: Option<csv::Writer<OutFile>>,
}

impl Outputs {
    /// Takes `opts.out` for the run and opens every file it will write.
    fn open<G: Game>(plan: &Plan, opts: &RunOptions<'_>, first: &Setup<G>) -> Result<Outputs> {
        let out_path = opts.out.display();
        let files = table_files(
            plan.kind,
            plan,
            first.label.bot_groups.len(),
            !first.game.figures().is_empty(),
        );
        let mut planned: Vec<&str> = match opts.machine.shard {
            Some(_) => vec![shards::COUNTS, shards::MANIFEST],
            None => files
                .iter()
                .map(|f| f.name())
                .chain([MANIFEST, COLUMNS, floe_pages::report::PAGE])
                .collect(),
        };
        if plan.per_game {
            planned.push(GAMES);
        }
        // Only an experiment (not a shard) draws charts, whose names its tables decide.
        let charts = plan.kind == RunKind::Experiment && opts.machine.shard.is_none();
        let mut out = OutputDir::prepare(opts.out, &planned, charts, Scope::Everything, opts.force)
            .about(Setting::Out, &out_path)?;
        let shard_files = match opts.machine.shard {
            Some(shard) => Some(ShardFiles::open(shard, &mut out).about(Setting::Out, &out_path)?),
            None => None,
        };
        let (mut table_files, mut manifest, mut columns) = (Vec::new(), None, None);
        if shard_files.is_none() {
            for file in &files {
                table_files.push(out.file(file.name()).about(Setting::Out, &out_path)?);
            }
            manifest = Some(out.file(MANIFEST).about(Setting::Out, &out_path)?);
            columns = Some(out.file(COLUMNS).about(Setting::Out, &out_path)?);
        }
        let games_csv = match plan.per_game {
            true => Some(games_writer(
                &first.game,
                &first.label,
                out.file(GAMES).about(Setting::Out, &out_path)?,
            )?),
            false => None,
        };
        Ok(Outputs {
            out,
            files,
            shard_files,
            table_files,
            manifest,
            columns,
            games_csv,
        })
    }

    /// Writes what the run `played` (begun at `clock`) and moves its files into place,
    /// completing `done`: a shard's counts, or the tables, the column dictionary, the
    /// manifest and an experiment's charts.
    fn finish<G: Game>(
        mut self,
        plan: &Plan,
        opts: &RunOptions<'_>,
        first: &Setup<G>,
        played: Played,
        clock: (SystemTime, Instant),
        mut done: Report,
    ) -> Result<Report> {
        let out_path = opts.out.display();
        if let Some(shard) = self.shard_files {
            shard.write(plan, &opts.command, &played.tallies, self.out.staging())?;
            if plan.kind == RunKind::Experiment {
                done.text.clear();
            }
            done.written = self.out.commit().about(Setting::Out, &out_path)?;
            return Ok(done);
        }
        for (table, file) in played.tables.iter().zip(self.table_files) {
            table.write(file)?;
        }
        let mut described: Vec<(&str, &Table)> = self
            .files
            .iter()
            .map(|f| f.name())
            .zip(&played.tables)
            .collect();
        let games_header = plan
            .per_game
            .then(|| Table::new(played.games_columns.clone()));
        if let Some(header) = &games_header {
            described.push((GAMES, header));
        }
        crate::columns::dictionary(&first.game, &described)
            .write(self.columns.expect("opened when not sharded"))?;
        let mut manifest = self.manifest.expect("opened when not sharded");
        let text = manifest_text(plan, opts, &played, clock)?;
        manifest.write_all(text.as_bytes())?;
        manifest.flush()?;
        drop(manifest);
        // Every run draws its answer: a simulate's seat and colour shares as much as a
        // study's sweep.
        // Titled from the manifest just written: the study's name or the command's.
        let title = floe_pages::charts::study_title(self.out.staging(), &plan.game)?;
        for chart in floe_pages::charts::draw(self.out.staging(), self.out.staging(), &title)? {
            self.out.add_chart(&chart);
        }
        self.out.stage_page()?;
        for path in self.out.commit().about(Setting::Out, &out_path)? {
            let chart = path
                .file_name()
                .is_some_and(|n| is_chart_name(&n.to_string_lossy()));
            match chart {
                true => done.charts.push(path),
                false => done.written.push(path),
            }
        }
        done.tables = self.files.into_iter().zip(played.tables).collect();
        Ok(done)
    }
}

/// What the cells of a run gave: a tally and a time per cell, the printed text and the
/// rows of every table (built from the tallies by [`run_tables`]), and the games in all.
struct Played {
    tallies: Vec<Tally>,
    times: Vec<CellTime>,
    lines: Vec<String>,
    tables: Vec<Table>,
    /// The columns of `games.csv`, for the column dictionary.
    games_columns: Vec<Column>,
    total: u64,
}

/// Returns what the console prints of a run of `kind`, in the statistics layer's terms.
fn printout(kind: RunKind) -> Printout {
    match kind {
        RunKind::Simulate => Printout::Table,
        RunKind::Tournament => Printout::Ladder,
        RunKind::Experiment => Printout::Summary,
    }
}

/// Returns the questions `plan` asks (none but an experiment's).
fn questions(plan: &Plan) -> floe_sim::answers::Questions {
    plan.experiment
        .as_ref()
        .map(crate::plan::ExperimentInfo::questions)
        .unwrap_or_default()
}

/// Returns a cell's swept value as the statistics layer takes it.
fn swept(point: &SweepPoint) -> Swept {
    Swept {
        param: point.param.clone(),
        value: point.value.clone(),
        rules_value: point.rules_value.clone(),
    }
}

/// Plays (or takes from merged shards) every cell of `plan`, writing per-game rows into
/// `outputs`' `games.csv`, then has the statistics layer build the run's tables and text
/// from all the cells' tallies at once, and returns what they gave and the outputs.
fn play_cells<G: Game>(
    plan: &Plan,
    opts: &RunOptions<'_>,
    setups: &[Setup<G>],
    mut outputs: Outputs,
) -> Result<(Played, Outputs)> {
    let total: u64 = setups.iter().map(games_here).sum();
    opts.progress.begin(total);
    let (mut tallies, mut times, mut infos) = (Vec::new(), Vec::new(), Vec::new());
    for (i, (cell, setup)) in plan.cells.iter().zip(setups).enumerate() {
        let name = cell.name();
        opts.progress.cell(&name);
        let cell_started = Instant::now();
        let (game, label) = (&setup.game, &setup.label);
        let games_csv = &mut outputs.games_csv;
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
        infos.push(CellInfo {
            name,
            sweep: cell.sweep.as_ref().map(swept),
            by: cell.by.as_ref().map(swept),
        });
        tallies.push(tally);
    }
    opts.progress.end();
    let cells: Vec<_> = setups
        .iter()
        .zip(&tallies)
        .zip(infos)
        .map(|((setup, tally), info)| CellCounts {
            game: &setup.game,
            label: &setup.label,
            tally,
            info,
        })
        .collect();
    let RunTables {
        tables,
        lines,
        games_columns,
    } = run_tables(
        &cells,
        &outputs.files,
        printout(plan.kind),
        &questions(plan),
    );
    if let Some(w) = outputs.games_csv.take() {
        let mut file = w.into_inner().map_err(|e| anyhow!("games.csv: {e}"))?;
        if let Some(merged) = opts.merged {
            let cells: Vec<_> = setups
                .iter()
                .map(|s| (&s.game, &s.config, &s.label))
                .collect();
            let header: Vec<String> = games_columns.iter().map(|c| c.name.clone()).collect();
            merged.append_checked_rows(&cells, &header, &mut file)?;
        }
        file.flush()?;
    }
    let played = Played {
        tallies,
        times,
        lines,
        tables,
        games_columns,
        total,
    };
    Ok((played, outputs))
}

/// Returns `manifest.toml`'s text for the run of `plan` that `played`, begun at `clock`.
fn manifest_text(
    plan: &Plan,
    opts: &RunOptions<'_>,
    played: &Played,
    clock: (SystemTime, Instant),
) -> Result<String> {
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
        started_unix_seconds: clock
            .0
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        wall_seconds: clock.1.elapsed().as_secs_f64(),
        games: played.tallies.iter().map(|t| t.games).sum(),
        cells: played.times.clone(),
        merged_from: opts
            .merged
            .iter()
            .flat_map(|m| m.dirs.iter().map(|d| d.display().to_string()))
            .collect(),
        plan: plan.clone(),
    };
    Ok(toml::to_string(&manifest)?)
}
