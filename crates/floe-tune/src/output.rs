//! A tune's results folder: its tables, the rules file of the pick (when the verdict
//! backs one), the charts of the search and the finalists, and the summary printed.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;

use anyhow::{Result, anyhow};
use floe_core::{Game, RuleSet};
use floe_io::count;
use floe_sim::arc::MEASURES;
use floe_sim::arc_table::{self, ArcRow};
use floe_sim::report::RunRow;
use floe_sim::table::{Cell, Column, Kind, Row, Table};
use floe_sim::verdict::beats;

use crate::objective::{Estimate, Objective, Statistic};
use crate::search;
use crate::spec::TuneSpec;
use floe_lab::output_dir::OutputDir;

use crate::plan::*;
use crate::verdict::{Validated, backed, pick, verdict};

/// What was tuned, by what, and how long it took: `manifest.toml`.
#[derive(serde::Serialize)]
pub(super) struct Manifest<'a> {
    pub(super) kind: &'static str,
    pub(super) game: &'static str,
    pub(super) name: &'a str,
    pub(super) floe_version: &'static str,
    pub(super) git_commit: &'static str,
    pub(super) wall_seconds: f64,
    pub(super) games: u64,
    /// The spec itself: with it (and this build) the results can be made again.
    pub(super) spec: &'a str,
    /// What the candidates were measured against ([`CountPlan::baseline_name`]): the
    /// report page names it when it says what the tune picks.
    pub(super) baseline: &'static str,
    /// The identity of each plugged bot the spec names, by name (left out when none).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) plugged: BTreeMap<String, String>,
}

/// Writes the tables and charts of `results` into `dir`, and [`PICK`] when the verdict
/// backs a candidate of rules at some player count; returns whether it wrote [`PICK`].
pub(super) fn write_tables<G: Game>(
    spec: &TuneSpec,
    game: &G,
    results: &[CountResult],
    dir: &mut OutputDir,
) -> Result<bool> {
    let tables = [
        search_table(spec, game, results),
        progress_table(spec, game, results),
        validation_table(spec, game, results),
    ];
    for r in results {
        draw_progress(spec, r, dir)?;
        draw_finalists(spec, r, dir)?;
    }
    for (name, table) in TABLES.iter().zip(tables) {
        table.write(dir.file(name)?)?;
    }
    if spec.arc {
        arc_table(spec, game, results).write(dir.file(ARC)?)?;
    }
    let text = pick_rules(spec, game, results)?;
    if let Some(text) = &text {
        dir.file(PICK)?.write_all(text.as_bytes())?;
    }
    Ok(text.is_some())
}

/// The rules file of a tune's pick.
pub(super) const PICK: &str = "pick.toml";

/// Returns [`PICK`]'s text: the rules the tune started from with each player count's
/// backed candidate set ([`backed`]: one whose interval lies wholly below the rules' own
/// table's), the rules' own values kept at the other counts, named after the tune, as a
/// complete rules file ready to be a run's rules (it loads back into exactly those rules).
///
/// `None` when the verdict backs no candidate at any player count, or for a tune of bot
/// parameters only: a file ready to be a run's rules says "use these", which only the
/// verdict may say; the lowest estimate that the games cannot tell from the rules' own
/// stays a row of `validation.csv`, which is no rules file.
pub(super) fn pick_rules<G: Game>(
    spec: &TuneSpec,
    game: &G,
    results: &[CountResult],
) -> Result<Option<String>> {
    let mut rules = game.rules().clone();
    let mut set = Vec::new();
    for r in results {
        let Some(pick) = backed(&r.plan, &r.validated).map(|i| &r.validated[i]) else {
            continue;
        };
        for (d, v) in r.plan.dims.iter().zip(&pick.values).filter(|(d, _)| !d.bot) {
            rules
                .set_parameter(&d.path, v)
                .map_err(|e| anyhow!("{e}"))?;
            set.push(format!("{} = {v}", d.path));
        }
    }
    if set.is_empty() {
        return Ok(None);
    }
    let canonical = rules.to_toml();
    // The canonical file starts with the rule set's name: the pick's is the tune's.
    let renamed = match canonical.split_once('\n') {
        Some((first, rest)) if first.starts_with("name = ") => {
            format!("name = {}\n{rest}", toml::Value::from(spec.name.as_str()))
        }
        _ => canonical,
    };
    Ok(Some(format!(
        "# The pick of the tune {} ({}), on the rules it started from, whose own values\n\
         # stay at every other player count: a complete rules file, ready to be any run's\n\
         # rules. Each value set beat the rules' own on fresh games (its interval wholly\n\
         # below theirs): the verdict in the tune's report, and finalists-Np.svg.\n\
         {renamed}",
        floe_io::gate::quoted(&spec.name),
        set.join(", ")
    )))
}

/// A table of the tune whose columns are the run's ([`RunRow`]) and then `columns`, by
/// name and kind (the tuner writes no column dictionary: they are not described).
pub(super) fn tune_table(columns: &[(&str, Kind)]) -> Table {
    let own = columns
        .iter()
        .map(|&(name, kind)| Column::new(name, kind, ""));
    Table::new(RunRow::columns().into_iter().chain(own).collect())
}

/// The run's columns ([`RunRow`]) for a row at `players` players.
pub(super) fn lead<G: Game>(spec: &TuneSpec, game: &G, players: usize) -> Vec<Cell> {
    RunRow {
        game: game.name().to_string(),
        rules: game.rules().name().to_string(),
        players,
        bots: spec.bots.clone(),
        seed: spec.seed,
    }
    .cells()
}

/// `search.csv`: every candidate measured in the search, round by round.
pub(super) fn search_table<G: Game>(spec: &TuneSpec, game: &G, results: &[CountResult]) -> Table {
    let mut search = tune_table(&[
        ("method", Kind::Text),
        ("round", Kind::Whole),
        ("candidate", Kind::Text),
        ("games", Kind::Whole),
        ("objective", Kind::Real),
        ("ci_low", Kind::Real),
        ("ci_high", Kind::Real),
        ("status", Kind::Text),
    ]);
    for r in results {
        let plan = &r.plan;
        for e in &r.searched.evaluations {
            let mut row = lead(spec, game, plan.players);
            row.extend([
                plan.method.name().into(),
                e.round.into(),
                plan.name(&plan.values(&e.point)).into(),
                e.games.into(),
                Cell::finite(e.estimate.value),
                Cell::finite(e.estimate.interval.0),
                Cell::finite(e.estimate.interval.1),
                e.status.to_string().into(),
            ]);
            search.rows.push(row);
        }
    }
    search
}

/// `progress.csv`: the best estimate after each round, against games spent.
pub(super) fn progress_table<G: Game>(spec: &TuneSpec, game: &G, results: &[CountResult]) -> Table {
    let mut progress = tune_table(&[
        ("method", Kind::Text),
        ("round", Kind::Whole),
        ("games_spent", Kind::Whole),
        ("best_objective", Kind::Real),
    ]);
    for r in results {
        let plan = &r.plan;
        for (round, (spent, best)) in r.searched.progress.iter().enumerate() {
            let mut row = lead(spec, game, plan.players);
            row.extend([
                plan.method.name().into(),
                round.into(),
                (*spent).into(),
                Cell::finite(*best),
            ]);
            progress.rows.push(row);
        }
    }
    progress
}

/// `validation.csv`: the finalists measured again on fresh deals, lowest estimate first;
/// `pick` flags the pick ([`pick`]: the candidate the verdict backs, else the baseline).
pub(super) fn validation_table<G: Game>(
    spec: &TuneSpec,
    game: &G,
    results: &[CountResult],
) -> Table {
    let mut validation = tune_table(&[
        ("candidate", Kind::Text),
        ("rules_table", Kind::Flag),
        ("pick", Kind::Flag),
        ("search_rank", Kind::Whole),
        ("search_objective", Kind::Real),
        ("games", Kind::Whole),
        ("first_game", Kind::Whole),
        ("objective", Kind::Real),
        ("ci_low", Kind::Real),
        ("ci_high", Kind::Real),
        ("seat_spread", Kind::Real),
        ("seat_chi2", Kind::Real),
        ("mean_rounds", Kind::Real),
        ("round_limit_share", Kind::Real),
        ("tie_share", Kind::Real),
        ("score_share", Kind::Real),
        ("score_ci_low", Kind::Real),
        ("score_ci_high", Kind::Real),
    ]);
    for r in results {
        let plan = &r.plan;
        let picked = pick(plan, &r.validated);
        for (i, v) in r.validated.iter().enumerate() {
            let m = &v.measure;
            let mut row = lead(spec, game, plan.players);
            row.extend([
                plan.name(&v.values).into(),
                v.rules.into(),
                (picked == Some(i)).into(),
                v.search_rank.into(),
                v.search_objective.map_or(Cell::Empty, Cell::finite),
                m.games.into(),
                r.block.games().start.into(),
                Cell::finite(v.estimate.value),
                Cell::finite(v.estimate.interval.0),
                Cell::finite(v.estimate.interval.1),
                Cell::finite(m.statistic(Statistic::SeatSpread, 0.0)),
                Cell::finite(m.statistic(Statistic::SeatChi2, 0.0)),
                Cell::finite(m.mean_rounds()),
                Cell::finite(m.statistic(Statistic::RoundLimit, 0.0)),
                Cell::finite(m.statistic(Statistic::Ties, 0.0)),
            ]);
            let (share, lo, hi) = if spec.tuned.is_some() {
                m.score_share()
            } else {
                (f64::NAN, f64::NAN, f64::NAN)
            };
            row.extend([share, lo, hi].map(Cell::finite));
            validation.rows.push(row);
        }
    }
    validation
}

/// `arc.csv` (when the tune follows how games unfold): each finalist's games of the
/// validation, one row per measure, in `validation.csv`'s order, with the same statistics
/// as a run's `arc.csv` ([`floe_sim::arc_table`]).
pub(super) fn arc_table<G: Game>(spec: &TuneSpec, game: &G, results: &[CountResult]) -> Table {
    let own = tune_table(&[
        ("candidate", Kind::Text),
        ("rules_table", Kind::Flag),
        ("pick", Kind::Flag),
    ]);
    let mut arc = Table::new(own.columns.into_iter().chain(ArcRow::columns()).collect());
    for r in results {
        let picked = pick(&r.plan, &r.validated);
        for (i, v) in r.validated.iter().enumerate() {
            for (m, c) in MEASURES.iter().zip(&v.measure.arc) {
                let mut row = lead(spec, game, r.plan.players);
                row.extend([
                    r.plan.name(&v.values).into(),
                    v.rules.into(),
                    (picked == Some(i)).into(),
                ]);
                row.extend(arc_table::row(m, c).cells());
                arc.rows.push(row);
            }
        }
    }
    arc
}

/// Draws `progress-Np.svg` of one player count's search into `dir`, when it has rounds.
pub(super) fn draw_progress(spec: &TuneSpec, r: &CountResult, dir: &mut OutputDir) -> Result<()> {
    let plan = &r.plan;
    let series = floe_plot::Series {
        name: format!("{} players, best estimate", plan.players),
        points: r
            .searched
            .progress
            .iter()
            .map(|&(g, v)| (g as f64, spec.objective.shown(v)))
            .collect(),
        ..floe_plot::Series::default()
    };
    if series.points.is_empty() {
        return Ok(());
    }
    let chart = format!("progress-{}p.svg", plan.players);
    floe_plot::line_chart(
        &dir.staging().join(&chart),
        &format!(
            "{}: the objective of the best candidate against games spent ({})",
            spec.name,
            plan.method.name()
        ),
        "games spent",
        spec.objective.label(),
        &[series],
    )?;
    dir.add_chart(&chart);
    Ok(())
}

/// Draws `finalists-Np.svg`: one player count's finalists and the baseline (ringed) as
/// measured on the fresh validation games, each estimate inside its interval (one
/// estimator for both), lowest estimate first, so that a reader sees whether the
/// intervals overlap.
pub(super) fn draw_finalists(spec: &TuneSpec, r: &CountResult, dir: &mut OutputDir) -> Result<()> {
    let plan = &r.plan;
    if r.validated.is_empty() {
        return Ok(());
    }
    // Each step is named by its values alone, the parameters named once on the axis, so
    // that the names of a tune of several parameters stay short enough to read.
    let steps: Vec<String> = r
        .validated
        .iter()
        .map(|v| {
            let values: Vec<String> = v.values.iter().map(ToString::to_string).collect();
            values.join(", ")
        })
        .collect();
    let params: Vec<&str> = plan.dims.iter().map(|d| d.path.as_str()).collect();
    let x_label = format!("candidate ({}), lowest estimate first", params.join(", "));
    let at = |k: usize| k as f64;
    let baseline = r
        .validated
        .iter()
        .find(|v| v.rules)
        .map(|v| v.estimate.interval);
    let series = floe_plot::Series {
        name: format!("{} players", plan.players),
        points: r
            .validated
            .iter()
            .enumerate()
            .map(|(k, v)| (at(k), spec.objective.shown(v.estimate.value)))
            .collect(),
        marked: r.validated.iter().position(|v| v.rules).map(at),
        bands: r
            .validated
            .iter()
            .enumerate()
            .map(|(k, v)| {
                let shown = |x| spec.objective.shown(x);
                (
                    at(k),
                    shown(v.estimate.interval.0),
                    shown(v.estimate.interval.1),
                )
            })
            .collect(),
        // Each finalist is measured on its own: no line joins them, and one the games
        // cannot tell from the baseline (the intervals overlap) is drawn hollow.
        apart: true,
        hollow: r
            .validated
            .iter()
            .enumerate()
            .filter(|(_, v)| {
                let c = v.estimate.interval;
                baseline.is_some_and(|b| !v.rules && !beats(c, b) && !beats(b, c))
            })
            .map(|(k, _)| at(k))
            .collect(),
        ..floe_plot::Series::default()
    };
    let chart = format!("finalists-{}p.svg", plan.players);
    floe_plot::step_chart(
        &dir.staging().join(&chart),
        &format!(
            "{}: finalists on fresh games, {} players (bars: {:.0}% intervals; ring: {})",
            spec.name,
            plan.players,
            100.0 * spec.confidence,
            plan.baseline_name()
        ),
        &x_label,
        spec.objective.label(),
        &steps,
        &[series],
    )?;
    dir.add_chart(&chart);
    Ok(())
}

/// Returns the report's text: per player count, the method, the games, the finalists
/// and the rules' own table as validated (`*` marks the pick: see [`pick`]) and the
/// verdict; then what the tune picks over all counts, and whether it wrote [`PICK`]
/// (`picked`).
pub(super) fn summary(spec: &TuneSpec, results: &[CountResult], picked: bool) -> String {
    let mut out = String::new();
    let pct = spec.confidence * 100.0;
    for r in results {
        let plan = &r.plan;
        let _ = writeln!(
            out,
            "{} players: {} over {}, {}, {}; validation on games {}..{} ({pct:.0}% intervals):",
            plan.players,
            plan.method.name(),
            count(plan.space, "candidate"),
            count(r.searched.rounds, "round"),
            count(r.searched.spent, "search game"),
            r.block.games().start,
            r.block.games().start + r.validated.first().map_or(0, |v| v.measure.games),
        );
        let star = pick(plan, &r.validated);
        for (i, v) in r.validated.iter().enumerate() {
            let score = match v.measure.score_share() {
                (share, lo, hi) if spec.tuned.is_some() => format!(
                    ", score share {:.1}% ({:.1}-{:.1}%)",
                    100.0 * share,
                    100.0 * lo,
                    100.0 * hi
                ),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "  {} {:<40} objective {}{score}{}",
                if star == Some(i) { "*" } else { " " },
                plan.name(&v.values),
                objective_text(&spec.objective, &v.estimate),
                if v.rules {
                    format!("  <- {}", plan.baseline_name())
                } else {
                    String::new()
                }
            );
        }
        let _ = writeln!(out, "  {}", verdict(plan, &r.validated, pct));
    }
    let _ = writeln!(out, "{}", decision_text(results, picked));
    out
}

/// Returns what the tune picks over its player counts ([`floe_sim::verdict::decision`]),
/// and for a tune of rules whether the pick was written as [`PICK`] (`picked`): when it
/// was not, the reader learns that no file ready to be a run's rules was made, and where
/// the estimates are.
fn decision_text(results: &[CountResult], picked: bool) -> String {
    let Some(first) = results.first() else {
        return String::new();
    };
    let picks: Vec<(String, Option<String>)> = results
        .iter()
        .map(|r| {
            let name = backed(&r.plan, &r.validated).map(|i| r.plan.name(&r.validated[i].values));
            (r.plan.players.to_string(), name)
        })
        .collect();
    let line = floe_sim::verdict::decision(first.plan.baseline_name(), &picks);
    if picked {
        format!("{line}; written as {PICK}, a complete rules file ready to be a run's rules")
    } else if first.plan.dims.iter().any(|d| !d.bot) {
        format!("{line}; no {PICK} written ({VALIDATION} keeps every estimate)")
    } else {
        line
    }
}

/// Returns an objective's estimate and interval as the tuner prints them: in percentage
/// points when the objective is one of shares ([`Objective::in_points`]), as every other
/// rate Floe prints, else as it is. Rounding keeps the order, so the printed estimate
/// lies inside the printed interval as the estimate lies inside its own.
pub(super) fn objective_text(objective: &Objective, estimate: &Estimate) -> String {
    let shown = |x| objective.shown(x);
    let (value, (lo, hi)) = (estimate.value, estimate.interval);
    if objective.in_points() {
        format!(
            "{:.2} points ({:.2}-{:.2})",
            shown(value),
            shown(lo),
            shown(hi)
        )
    } else {
        format!("{value:.5} ({lo:.5}-{hi:.5})")
    }
}

/// The table of the finalists measured again: the pick's record, the page's verdict.
pub(super) const VALIDATION: &str = "validation.csv";

/// The table of how the finalists' games unfolded, written when the tune follows them.
pub(super) const ARC: &str = floe_sim::report::TableFile::Arc.name();

/// The result tables of a tune (with [`ARC`] when it follows how games unfold).
pub(super) const TABLES: [&str; 3] = ["search.csv", "progress.csv", VALIDATION];

/// What tuning one player count found.
#[derive(Clone, Debug)]
pub struct CountResult {
    /// The plan.
    pub plan: CountPlan,
    /// The search.
    pub searched: search::Searched,
    /// The validation block.
    pub block: Block,
    /// The finalists and the rules' own table, measured again, lowest estimate first.
    pub validated: Vec<Validated>,
}
