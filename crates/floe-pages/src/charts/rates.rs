//! The charts of win rates by seat, colour and bot against the fair share: per line-up, a
//! group per player count, each group's points filled where the answer finds its groups
//! differ and hollow where it cannot tell ([`crate::judged`]); for a sweep of names (a
//! scoring row, a power side) one set per swept value.

use std::path::{Path, PathBuf};

use anyhow::Result;
use floe_plot::{Rate, RateGroup, rate_gap_chart};
use floe_sim::table::Cell;

use super::names::slug;
use crate::judged::Judged;
use crate::rows::{Row, cell, num, text};

/// Draws a sweep of lists or names (a scoring row, a power side), which has no axis for a
/// line: the win rates by seat, colour and bot of each swept value, as for a run without a
/// sweep, each chart's name ending in the value (`seats-greedy-A.svg`).
pub(super) fn named_sweep_charts(
    dir: &Path,
    name: &str,
    groups: &[Row],
    cells: &[Row],
    judged: Option<&Judged>,
) -> Result<Vec<PathBuf>> {
    let param = text(&cells[0], "param")?;
    let mut values: Vec<String> = Vec::new();
    for cell in cells {
        let value = text(cell, "value")?;
        if !values.contains(&value) {
            values.push(value);
        }
    }
    let mut paths = Vec::new();
    for value in values {
        // The groups name the value in a column named after the parameter, the cells in
        // `value`.
        let of_value = |rows: &[Row], column: &str| -> Vec<Row> {
            let rows = rows
                .iter()
                .filter(|r| r.get(column).is_some_and(|v| v.to_string() == value));
            rows.cloned().collect()
        };
        let (groups, cells) = (of_value(groups, &param), of_value(cells, "value"));
        let title = format!("{name}, {param} = {value}");
        let tag = format!("-{}", slug(&value));
        paths.extend(rate_charts(dir, &title, &groups, &cells, &tag, judged)?);
    }
    Ok(paths)
}

/// Draws win rates by seat, colour and bot, one chart of each per line-up of bots, each
/// file's name ending in `tag`.
pub(super) fn rate_charts(
    dir: &Path,
    name: &str,
    groups: &[Row],
    cells: &[Row],
    tag: &str,
    judged: Option<&Judged>,
) -> Result<Vec<PathBuf>> {
    let mut lineups: Vec<Cell> = Vec::new();
    for row in groups {
        let bots = cell(row, "bots")?;
        if !lineups.contains(bots) {
            lineups.push(bots.clone());
        }
    }
    let shuffled = |bots: &Cell| {
        cells.iter().any(|c| {
            c.get("bots") == Some(bots) && c.get("shuffle_colours") == Some(&Cell::Flag(true))
        })
    };
    let mut paths = Vec::new();
    for bots in &lineups {
        let rows: Vec<&Row> = groups
            .iter()
            .filter(|r| r.get("bots") == Some(bots))
            .collect();
        let slug = slug(&bots.to_string());
        let mut kinds = vec!["seat"];
        if shuffled(bots) {
            kinds.push("colour");
        }
        kinds.push("bot");
        for kind in kinds {
            let by_players = rate_groups(&rows, kind, judged)?;
            if by_players.iter().all(|g| g.rates.len() < 2) {
                continue;
            }
            let path = dir.join(format!("{kind}s-{slug}{tag}.svg"));
            let judged_by = match (judged, by_players.iter().any(|g| g.found.is_some())) {
                (Some(j), true) => {
                    format!("; filled: the {kind}s differ by the answer, {}", j.standard)
                }
                _ => String::new(),
            };
            let title = format!(
                "{name}: win rate by {kind} against the fair share, bots {bots} (bars: each \
                 {kind}'s 95% interval{judged_by})"
            );
            let y_label = "win rate minus the fair 1/N (percentage points)";
            rate_gap_chart(&path, &title, y_label, &by_players)?;
            paths.push(path);
        }
    }
    Ok(paths)
}

/// Gathers the rows of `kind` into one group per player count, with the fair share 1/N
/// and what the answer found of the cell.
fn rate_groups(rows: &[&Row], kind: &str, judged: Option<&Judged>) -> Result<Vec<RateGroup>> {
    let mut groups: Vec<RateGroup> = Vec::new();
    for row in rows
        .iter()
        .filter(|r| r.get("kind").and_then(Cell::text) == Some(kind))
    {
        let players = text(row, "players")?;
        let label = match kind {
            "seat" => format!("seat {}", text(row, "key")?),
            _ => text(row, "key")?,
        };
        let rate = Rate {
            label,
            rate: num(row, "win_rate")?,
            low: num(row, "ci_low")?,
            high: num(row, "ci_high")?,
        };
        let group = format!("{players} players");
        match groups.iter_mut().find(|g| g.name == group) {
            Some(g) => g.rates.push(rate),
            None => groups.push(RateGroup {
                name: group,
                rates: vec![rate],
                fair: Some(1.0 / num(row, "players")?),
                found: judged.and_then(|j| j.differs(kind, row)),
            }),
        }
    }
    Ok(groups)
}
