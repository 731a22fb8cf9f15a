//! Running a plan behind a progress bar, and printing its report (as text or JSON).

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use floe_bots::Registry;
use floe_lab::request::RunRequest;
use floe_lab::shards::Merged;
use floe_lab::{Machine, Plan, Report, RunKind, RunOptions};
use floe_sim::table::Cell;
use serde_json::{Map, Value, json};

use crate::args::{Delivery, Format, RunFlags, warn};
use crate::progress::Bar;

/// Checks the one-cell run `request`, prints its warnings, and carries it out into `out`
/// as [`run_plan`] does, with the machine and printing of `flags`.
///
/// # Errors
/// Fails on bad input or if the run fails.
pub fn plan_and_run(request: RunRequest, out: &Path, flags: &RunFlags) -> Result<()> {
    let machine = flags.machine()?;
    let registry = request.registry.clone();
    let planned = floe_lab::request::plan_run(request)?;
    warn(&planned.notes);
    let delivery = flags.delivery();
    run_plan(&planned.plan, out, machine, None, delivery, &registry)
}

/// Carries out `plan` (whose bots may be those of `registry`) into `out` behind a progress
/// bar and prints its report as `delivery` says: as text, the report's text, the speed (or
/// the shards merged), the files written and the charts drawn; as JSON, one object holding
/// those and the tables.
///
/// # Errors
/// Fails if the run fails or printing fails.
pub fn run_plan(
    plan: &Plan,
    out: &Path,
    machine: Machine,
    merged: Option<&Merged>,
    delivery: Delivery,
    registry: &Registry,
) -> Result<()> {
    let Delivery {
        quiet,
        format,
        force,
    } = delivery;
    let shorten = match plan.kind {
        RunKind::Experiment => {
            "give --games N to play N games a cell, or see each cell's time with --check"
        }
        _ => "give fewer --games",
    };
    let bar = Bar::new(quiet, shorten);
    let report = floe_lab::execute(
        plan,
        &RunOptions {
            out,
            machine,
            merged,
            command: floe_lab::provenance::command_line(),
            force,
            progress: &bar,
            stop: Some(floe_io::stop::listen()),
            registry,
        },
    )?;
    let mut stdout = floe_io::console::stdout();
    match (quiet, format) {
        (true, _) => {}
        (false, Format::Text) => print_report(&mut stdout, &report)?,
        (false, Format::Json) => {
            serde_json::to_writer_pretty(&mut stdout, &report_json(plan, &report))?;
            writeln!(stdout)?;
        }
    }
    stdout.flush()?;
    Ok(())
}

/// Returns the report as one JSON object: the run's kind, game and size, its wall time
/// (or the shards merged), the files written, the charts drawn and every result table as
/// a list of rows (numbers and switches as JSON values, everything else as text).
fn report_json(plan: &Plan, report: &Report) -> Value {
    let paths = |paths: &[std::path::PathBuf]| -> Vec<Value> {
        paths
            .iter()
            .map(|p| Value::String(p.display().to_string()))
            .collect()
    };
    let mut tables = Map::new();
    for (file, table) in &report.tables {
        let rows = table
            .rows
            .iter()
            .map(|row| {
                let fields = table
                    .header()
                    .zip(row)
                    .map(|(k, v)| (k.to_string(), cell(v)));
                Value::Object(fields.collect())
            })
            .collect();
        tables.insert(file.name().to_string(), Value::Array(rows));
    }
    json!({
        "kind": plan.kind,
        "game": plan.game,
        "games": report.games,
        "wall_seconds": report.elapsed.as_secs_f64(),
        "merged_from": report.merged_from,
        "written": paths(&report.written),
        "charts": paths(&report.charts),
        "tables": tables,
    })
}

/// Returns a table's field as a JSON value: a count or a whole number as an integer, a
/// rate as the number the CSV holds (rounded as written there), a switch as a boolean, no
/// value as null, and a text or a seed as a string.
fn cell(cell: &Cell) -> Value {
    match cell {
        Cell::Whole(x) => Value::from(*x),
        Cell::Signed(x) => Value::from(*x),
        Cell::Real(_) | Cell::P(_) | Cell::Plain(_) => {
            cell.as_written().map_or(Value::Null, Value::from)
        }
        Cell::Flag(b) => Value::Bool(*b),
        Cell::Empty => Value::Null,
        Cell::Text(_) | Cell::Hex(_) => Value::String(cell.to_string()),
    }
}

/// Prints a run's report: its text, then its speed (or, for a merge, the shards it came
/// from), the files written and the charts drawn.
fn print_report(out: &mut impl Write, report: &Report) -> std::io::Result<()> {
    write!(out, "{}", report.text)?;
    let games = report.games;
    match report.merged_from {
        Some(shards) => writeln!(
            out,
            "\n{}, merged from {}",
            floe_io::count(games, "game"),
            floe_io::count(shards, "shard")
        )?,
        None => {
            let secs = report.elapsed.as_secs_f64();
            writeln!(
                out,
                "\n{} in {secs:.2} s ({:.0} games/s)",
                floe_io::count(games, "game"),
                games as f64 / secs.max(1e-9)
            )?;
        }
    }
    print_files(out, &report.written, &report.charts)
}

/// Prints the files a run wrote and the charts it drew, a line each.
pub fn print_files(
    out: &mut impl Write,
    written: &[std::path::PathBuf],
    charts: &[std::path::PathBuf],
) -> std::io::Result<()> {
    for path in written {
        writeln!(out, "wrote {}", floe_io::gate::path(path))?;
    }
    for chart in charts {
        writeln!(out, "drew {}", floe_io::gate::path(chart))?;
    }
    Ok(())
}
