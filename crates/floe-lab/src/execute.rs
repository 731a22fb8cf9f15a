//! Carrying out a [`Plan`]: playing its cells (or taking their counts from merged shards)
//! and writing the run's folder: its result tables, or a shard's counts and manifest.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::{Result, anyhow, bail};
use floe_bots::{BotSpec, Registry};
use floe_core::{Game, RuleSet};
use floe_games::GameVisitor;
use floe_io::gate::quoted;
use floe_sim::kinds::kind_of;
use floe_sim::ladder::{ladder_table, pairwise, standings};
use floe_sim::ratings::ratings;
use floe_sim::report::{
    GridRow, GroupKind, RunLabel, SeatGap, SweepRow, TableFile, adjust_tests, fairness_tests,
    figure_rows, game_stats, games_columns, games_writer, groups, seat_gap, summary_rows,
    text_table, write_game_rows,
};
use floe_sim::stats::wilson;
use floe_sim::table::{Cell, Column, Row, Table};
use floe_sim::{GameRecord, RecordSink, Seating, Setting, Tally};

use crate::message::About;
use crate::output_dir::{OutFile, OutputDir, Scope};
use crate::plan::{CellPlan, GAMES, Plan, RunKind};
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
    if opts.merged.is_none() && opts.progress.wants_estimate() {
        let estimate = crate::estimate::estimate_within(
            plan,
            opts.machine,
            opts.registry,
            Some(crate::estimate::ANNOUNCE_BUDGET),
        )?;
        let (games, seconds) = estimate.total();
        opts.progress.expect(games, seconds, estimate.at_least);
    }
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
            run_cells(plan, opts, &setups)
        }
    }
    floe_games::visit(&plan.game, Some(&plan.rules), Run { plan, opts })
        .map_err(|e| anyhow!("the plan's rules of {}: {e}", plan.game))?
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

/// The columns that put a cell's sweep in front of its `cells.csv` row: the parameter,
/// its value and the rules' own value (then those of a grid's second parameter).
fn cell_sweep(cell: &CellPlan) -> Vec<(Column, Cell)> {
    let mut front = match &cell.sweep {
        None => Vec::new(),
        Some(s) => SweepRow {
            param: s.param.clone(),
            value: Cell::from(&s.value),
            rules_value: Cell::from(&s.rules_value),
        }
        .front(),
    };
    if let Some(s) = &cell.by {
        front.extend(
            GridRow {
                by_param: s.param.clone(),
                by_value: Cell::from(&s.value),
                by_rules_value: Cell::from(&s.rules_value),
            }
            .front(),
        );
    }
    front
}

/// The columns in front of every row of a cell's tables: the run's columns and the swept
/// parameters' values (each named by its parameter, and meaning what the game says it is).
fn cell_columns<G: Game>(game: &G, label: &RunLabel, cell: &CellPlan) -> Vec<(Column, Cell)> {
    let mut columns = label.columns();
    for s in cell.sweep.iter().chain(&cell.by) {
        let about = game
            .rules()
            .parameters()
            .into_iter()
            .find(|d| d.path == s.param)
            .map_or(String::new(), |d| format!(": {}", d.about));
        let meaning = format!("the swept parameter's value in this cell{about}");
        let column = Column::new(&s.param, kind_of(&s.param), meaning);
        columns.push((column, Cell::from(&s.value)));
    }
    columns
}

/// The level at which the printed summary flags a test, after Holm's adjustment.
const LEVEL: f64 = 0.05;

/// What an experiment's printed line says of one cell, kept until every cell's tests are
/// adjusted together.
struct CellSummary {
    name: String,
    games: u64,
    gap: Option<SeatGap>,
    tests: usize,
    /// For a sweep, what the swept parameter moves: the share of games each end cause
    /// ended (those that ended any), with its 95% Wilson interval.
    ends: Vec<(String, f64, (f64, f64))>,
}

/// Returns the share of `tally`'s games each end cause of `game` ended, with its 95%
/// Wilson interval, for the causes that ended any.
fn end_shares<G: Game>(game: &G, tally: &Tally) -> Vec<(String, f64, (f64, f64))> {
    let n = tally.games;
    game.end_causes()
        .iter()
        .zip(&tally.end_causes)
        .filter(|&(_, &k)| k > 0)
        .map(|(cause, &k)| (cause.to_string(), k as f64 / n as f64, wilson(k as f64, n)))
        .collect()
}

/// Returns an experiment's printed summary: a line per cell (its games, its best and
/// worst seat with the gap's interval, and its tests of equal shares with their p-values,
/// raw and adjusted by Holm's method over the whole run, a `*` on those below
/// [`LEVEL`] once adjusted), then a line on what survives the adjustment. `tests` is the
/// run's `tests.csv`, adjusted.
fn experiment_lines(cells: &[CellSummary], tests: &Table) -> Vec<String> {
    let column = |name| tests.position(name).expect("a table of tests");
    let (test, p, holm) = (column("test"), column("p_value"), column("p_holm"));
    let mut rows = tests.rows.iter();
    let (mut all, mut flagged) = (0, 0);
    let mut lines = Vec::new();
    for c in cells {
        let mut line = format!("  {}: {}", c.name, floe_io::count(c.games, "game"));
        for (cause, share, (lo, hi)) in &c.ends {
            let _ = write!(
                line,
                "; {cause} {:.1}% ({:.1}-{:.1})",
                100.0 * share,
                100.0 * lo,
                100.0 * hi
            );
        }
        if let Some(g) = &c.gap {
            let _ = write!(
                line,
                "; best seat {} {:.2}%, worst seat {} {:.2}%: gap {:.2} points (95% CI {:.2} to {:.2})",
                g.best,
                100.0 * g.rates.0,
                g.worst,
                100.0 * g.rates.1,
                100.0 * g.gap,
                100.0 * g.ci.0,
                100.0 * g.ci.1
            );
        }
        for row in rows.by_ref().take(c.tests) {
            let adjusted = row[holm].number().expect("adjusted");
            let star = if adjusted < LEVEL { " *" } else { "" };
            all += 1;
            flagged += usize::from(adjusted < LEVEL);
            let _ = write!(
                line,
                "; {} p={} (Holm {}){star}",
                row[test], row[p], row[holm]
            );
        }
        lines.push(line + "\n");
    }
    lines.push(match flagged {
        0 => format!(
            "no test of equal win shares is below {LEVEL} once adjusted by Holm's method over \
             the run's {}: no cell is shown unfair\n",
            floe_io::count(all, "test")
        ),
        k => format!(
            "* {k} of the run's {} of equal win shares: below {LEVEL} once adjusted by Holm's \
             method (the chance of any false alarm among them kept to {:.0}%)\n",
            floe_io::count(all, "test"),
            100.0 * LEVEL
        ),
    });
    lines
}

/// Returns the tables a run of `kind` writes, in the order written (`figures.csv` last,
/// for a game that declares `figures`).
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
    files
}

/// Returns the rows cell `cell` (with `setup` and `tally`) adds to the table `file`.
fn cell_table<G: Game>(file: TableFile, cell: &CellPlan, setup: &Setup<G>, tally: &Tally) -> Table {
    let (game, label) = (&setup.game, &setup.label);
    let columns = cell_columns(game, label, cell);
    let group = |kind: GroupKind| groups(&summary_rows(game, label, tally), kind);
    let table = match file {
        TableFile::GameStats => return game_stats(game, label, tally).prefixed(&label.columns()),
        TableFile::Cells => {
            let mut front = cell_sweep(cell);
            front.extend(label.columns());
            return game_stats(game, label, tally).prefixed(&front);
        }
        TableFile::Seats => group(GroupKind::Seat),
        TableFile::Colours => group(GroupKind::Colour),
        TableFile::Bots => group(GroupKind::Bot),
        TableFile::Tests => Table::of(fairness_tests(label, tally)),
        TableFile::Tournament => standings(label, tally),
        TableFile::Pairwise => Table::of(pairwise(label, tally)),
        TableFile::Ratings => Table::of(ratings(label, tally)),
        TableFile::Figures => Table::of(figure_rows(game, label, tally)),
    };
    table.prefixed(&columns)
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
            .then(|| Table::new(games_columns(&first.game, &first.label)));
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
        if plan.kind == RunKind::Experiment {
            let study = plan
                .experiment
                .as_ref()
                .map_or("experiment", |i| i.name.as_str());
            let title = floe_pages::charts::chart_title(study, &plan.game);
            for chart in floe_pages::charts::draw(self.out.staging(), self.out.staging(), &title)? {
                self.out.add_chart(&chart);
            }
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

/// What the cells of a run gave: a tally, a time and a printed text per cell, the rows of
/// every table, and the games in all.
struct Played {
    tallies: Vec<Tally>,
    times: Vec<CellTime>,
    lines: Vec<String>,
    tables: Vec<Table>,
    total: u64,
    /// An experiment's cells, for its printed summary.
    summaries: Vec<CellSummary>,
}

/// Plays (or takes from merged shards) every cell of `plan`, writing per-game rows into
/// `outputs`' `games.csv`, and returns what they gave and the outputs.
fn play_cells<G: Game>(
    plan: &Plan,
    opts: &RunOptions<'_>,
    setups: &[Setup<G>],
    mut outputs: Outputs,
) -> Result<(Played, Outputs)> {
    let total: u64 = setups.iter().map(games_here).sum();
    opts.progress.begin(total);
    let mut played = Played {
        tallies: Vec::new(),
        times: Vec::new(),
        lines: Vec::new(),
        tables: vec![Table::default(); outputs.files.len()],
        total,
        summaries: Vec::new(),
    };
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
        played.times.push(CellTime {
            cell: name.clone(),
            games: tally.games,
            wall_seconds: cell_started.elapsed().as_secs_f64(),
        });
        match plan.kind {
            RunKind::Simulate => played.lines.push(text_table(
                game,
                label,
                &tally,
                &summary_rows(game, label, &tally),
            )),
            RunKind::Tournament => played.lines.push(ladder_table(label, &tally)),
            RunKind::Experiment => played.summaries.push(CellSummary {
                name: name.clone(),
                games: tally.games,
                gap: seat_gap(label, &tally),
                tests: fairness_tests(label, &tally).len(),
                ends: match cell.sweep {
                    Some(_) => end_shares(game, &tally),
                    None => Vec::new(),
                },
            }),
        }
        for (table, file) in played.tables.iter_mut().zip(&outputs.files) {
            table.append(cell_table(*file, cell, setup, &tally));
        }
        played.tallies.push(tally);
    }
    opts.progress.end();
    if let Some(t) = outputs.files.iter().position(|f| *f == TableFile::Tests) {
        adjust_tests(&mut played.tables[t]);
        if plan.kind == RunKind::Experiment {
            played.lines = experiment_lines(&played.summaries, &played.tables[t]);
        }
    }
    if let Some(w) = outputs.games_csv.take() {
        let mut file = w.into_inner().map_err(|e| anyhow!("games.csv: {e}"))?;
        if let Some(merged) = opts.merged {
            let cells: Vec<_> = setups
                .iter()
                .map(|s| (&s.game, &s.config, &s.label))
                .collect();
            let first = &setups[0];
            let header: Vec<String> = games_columns(&first.game, &first.label)
                .into_iter()
                .map(|c| c.name)
                .collect();
            merged.append_checked_rows(&cells, &header, &mut file)?;
        }
        file.flush()?;
    }
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
