//! The charts of a sweep: one per measure against the swept value (a point with its
//! interval per cell, never joined into a line that would read as a trend), and for a
//! grid of two parameters a heatmap per measure. The seat spread's points and cells are
//! marked by the answer's verdict on their seats, its noise floor drawn at the answer's
//! standard ([`crate::judged`]); a declared question's answer on a measure is said beside
//! the line it answers.

use std::path::{Path, PathBuf};

use anyhow::Result;
use floe_plot::{HeatCell, Heatmap, Series, heatmap_chart, line_chart};
use floe_sim::answers::LEVEL;
use floe_sim::stats::{Z95, noise_floor, wilson};

use super::names::slug;
use crate::judged::Judged;
use crate::rows::{Row, num, text};

/// Returns the 95% interval of the measure `col` of a cell's row, where the row allows
/// one: a share's Wilson interval over the cell's games, the mean rounds' normal interval
/// from their standard deviation; `None` for a measure without one (the mean margin, the
/// seat spread, whose chart shows a fair game's noise floor instead).
pub(super) fn interval(row: &Row, col: &str) -> Result<Option<(f64, f64)>> {
    let games = num(row, "games")?;
    Ok(match col {
        "mean_rounds" if games > 1.0 => {
            let half = Z95 * num(row, "sd_rounds")? / games.sqrt();
            let m = num(row, col)?;
            Some((m - half, m + half))
        }
        c if c.starts_with("p_") => Some(wilson(num(row, c)? * games, games as u64)),
        _ => None,
    })
}

/// The measures a sweep is drawn for: column, what it is, and whether it is a share.
fn sweep_measures(cells: &[Row]) -> Vec<(String, String, bool)> {
    let mut measures: Vec<(String, String, bool)> = cells[0]
        .keys()
        .filter(|k| k.starts_with("p_") && *k != "p_tie")
        .map(|k| {
            let cause = k["p_".len()..].replace('_', " ");
            (k.clone(), format!("% of games ended by {cause}"), true)
        })
        .collect();
    measures.sort();
    measures.push(("mean_rounds".into(), "mean rounds per game".into(), false));
    measures.push((
        "seat_spread".into(),
        "best minus worst seat win rate (percentage points)".into(),
        true,
    ));
    measures.push((
        "mean_margin".into(),
        "mean winner's lead over second (points)".into(),
        false,
    ));
    measures
}

/// The level a cell's seat spread is held to: the answer's per-test level, or 5% when
/// the folder holds no tests.
fn floor_level(judged: Option<&Judged>) -> f64 {
    judged.map_or(LEVEL, |j| j.per_test)
}

/// Returns what the declared answers (`answers.csv`'s rows) say of `measure` at the
/// player count and line-up of `row`: their verdicts, joined, for the chart's note.
fn answered(answers: &[Row], measure: &str, row: &Row) -> Result<Option<String>> {
    let mut said = Vec::new();
    for a in answers {
        let same = text(a, "measure")? == measure
            && text(a, "players")? == text(row, "players")?
            && text(a, "bots")? == text(row, "bots")?;
        if same {
            said.push(text(a, "verdict")?);
        }
    }
    Ok((!said.is_empty()).then(|| said.join("; ")))
}

/// Draws one chart per measure of a sweep of numbers: per player count (and line-up), a
/// point per swept value with its 95% interval, the rules' own value ringed; the seat
/// spread's points filled where the answer finds the seats differ, its floor at the
/// answer's standard.
pub(super) fn sweep_charts(
    dir: &Path,
    name: &str,
    cells: &[Row],
    judged: Option<&Judged>,
    answers: &[Row],
) -> Result<Vec<PathBuf>> {
    let param = text(&cells[0], "param")?;
    let several_lineups = cells.iter().any(|c| c.get("bots") != cells[0].get("bots"));
    let level = floor_level(judged);
    let mut paths = Vec::new();
    for (col, what, share) in sweep_measures(cells) {
        // An end cause that never happened has nothing to show.
        if share
            && col.starts_with("p_")
            && cells.iter().all(|c| num(c, &col).is_ok_and(|x| x == 0.0))
        {
            continue;
        }
        let mut series: Vec<Series> = Vec::new();
        // What the declared answers say of this measure, line by line.
        let mut answer: Vec<String> = Vec::new();
        for row in cells {
            let players = text(row, "players")?;
            let line = match several_lineups {
                true => format!("{players} players, {}", text(row, "bots")?),
                false => format!("{players} players"),
            };
            if let Some(said) = answered(answers, &col, row)? {
                let said = format!("{line}: {said}");
                if !answer.contains(&said) {
                    answer.push(said);
                }
            }
            let scale = if share { 100.0 } else { 1.0 };
            let x = num(row, "value")?;
            let band = interval(row, &col)?.map(|(lo, hi)| (x, scale * lo, scale * hi));
            let s = match series.iter().position(|s| s.name == line) {
                Some(i) => &mut series[i],
                None => {
                    series.push(Series {
                        name: line.clone(),
                        marked: Some(num(row, "rules_value")?),
                        apart: true,
                        ..Series::default()
                    });
                    series.last_mut().expect("just added")
                }
            };
            s.points.push((x, scale * num(row, &col)?));
            s.bands.extend(band);
            if col == "seat_spread" {
                let (seats, games) = (num(row, "players")? as usize, num(row, "games")? as u64);
                s.reference
                    .push((x, 100.0 * noise_floor(seats, games, level)));
                if judged.and_then(|j| j.differs("seat", row)) == Some(false) {
                    s.hollow.push(x);
                }
            }
        }
        // A sweep that leaves out the rules' own value has no point to ring there.
        for s in &mut series {
            s.marked = s.marked.filter(|x| s.points.iter().any(|p| p.0 == *x));
        }
        let path = dir.join(format!("sweep-{}.svg", col.replace('_', "-")));
        let bands = match (col.as_str(), judged) {
            ("mean_margin", _) => String::new(),
            ("seat_spread", Some(j)) => format!(
                "dashes: a fair game's noise at the answer's standard, {}; ",
                j.standard
            ),
            ("seat_spread", None) => "dashes: a fair game's 95% noise floor; ".into(),
            _ => "bars: 95% intervals; ".into(),
        };
        let answer = match answer.is_empty() {
            true => String::new(),
            false => format!("; the answer: {}", answer.join("; ")),
        };
        let title = format!("{name}: {what} ({bands}ring: the rules' own value{answer})");
        let x_label = param.replace('_', " ");
        line_chart(&path, &title, &x_label, &what, &series)?;
        paths.push(path);
    }
    Ok(paths)
}

/// Draws a grid of two parameters: per line-up and player count, a heatmap of the seat
/// spread in percentage points, the cells whose seats the answer finds different ringed
/// and the reach of a fair game's noise at the answer's standard on its scale, then one
/// of each end cause's share that happened, its scale saying how wide a cell's interval
/// is.
pub(super) fn grid_charts(
    dir: &Path,
    name: &str,
    cells: &[Row],
    judged: Option<&Judged>,
) -> Result<Vec<PathBuf>> {
    let (x_param, y_param) = (text(&cells[0], "param")?, text(&cells[0], "by_param")?);
    let names = |col: &str| -> Result<Vec<String>> {
        let mut seen: Vec<String> = Vec::new();
        for row in cells {
            let v = text(row, col)?;
            if !seen.contains(&v) {
                seen.push(v);
            }
        }
        Ok(seen)
    };
    let (x_names, y_names) = (names("value")?, names("by_value")?);
    let measures: Vec<(String, String)> = sweep_measures(cells)
        .into_iter()
        .filter(|(col, _, share)| *share && col != "mean_rounds")
        .filter(|(col, ..)| {
            col == "seat_spread" || cells.iter().any(|c| num(c, col).is_ok_and(|x| x > 0.0))
        })
        .map(|(col, what, _)| (col, what))
        .collect();
    let mut tables: Vec<(String, Vec<&Row>)> = Vec::new();
    for row in cells {
        let key = format!("{}-{}p", slug(&text(row, "bots")?), text(row, "players")?);
        match tables.iter_mut().find(|(k, _)| *k == key) {
            Some((_, rows)) => rows.push(row),
            None => tables.push((key, vec![row])),
        }
    }
    let level = floor_level(judged);
    let mut paths = Vec::new();
    for (key, rows) in tables {
        let (bots, players) = (text(rows[0], "bots")?, text(rows[0], "players")?);
        for (col, what) in &measures {
            let mut heat = Vec::new();
            // The widest reach of noise over the cells: a fair game's spread at the
            // answer's standard, or a share's interval half-width.
            let mut noise = 0.0_f64;
            for row in &rows {
                let at = |names: &[String], col| -> Result<usize> {
                    let v = text(row, col)?;
                    Ok(names.iter().position(|n| *n == v).expect("gathered above"))
                };
                let (seats, games) = (num(row, "players")? as usize, num(row, "games")? as u64);
                let spread = col == "seat_spread";
                noise = noise.max(match interval(row, col)? {
                    Some((lo, hi)) if !spread => 100.0 * (hi - lo) / 2.0,
                    _ => 100.0 * noise_floor(seats, games, level),
                });
                heat.push(HeatCell {
                    x: at(&x_names, "value")?,
                    y: at(&y_names, "by_value")?,
                    value: 100.0 * num(row, col)?,
                    marked: spread && judged.and_then(|j| j.differs("seat", row)) == Some(true),
                });
            }
            let (title, value_label, noise) = match col.as_str() {
                "seat_spread" => (
                    format!(
                        "{name}: {what}, bots {bots}, {players} players (ringed: the seats \
                         differ by the answer, {})",
                        judged.map_or("no test made".into(), |j| j.standard.clone())
                    ),
                    "percentage points".to_string(),
                    Some((noise, format!("a fair game's noise: up to {noise:.1}"))),
                ),
                _ => (
                    format!("{name}: {what}, bots {bots}, {players} players"),
                    format!("% of games (95% interval ±{noise:.1} at most)"),
                    None,
                ),
            };
            let path = dir.join(format!("grid-{}-{key}.svg", col.replace('_', "-")));
            heatmap_chart(
                &path,
                &Heatmap {
                    title,
                    x_label: x_param.replace('_', " "),
                    y_label: y_param.replace('_', " "),
                    x_names: x_names.clone(),
                    y_names: y_names.clone(),
                    value_label,
                    mark_label: "the seats differ".into(),
                    noise,
                    cells: heat,
                },
            )?;
            paths.push(path);
        }
    }
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use floe_sim::table::Cell;

    #[test]
    fn a_sweep_measure_has_its_interval_where_the_row_allows_one() {
        let row: Row = [
            ("games", Cell::Whole(400)),
            ("p_tiles_exhausted", Cell::Real(0.25)),
            ("mean_rounds", Cell::Real(30.0)),
            ("sd_rounds", Cell::Real(5.0)),
            ("mean_margin", Cell::Real(3.0)),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(
            interval(&row, "p_tiles_exhausted").unwrap(),
            Some(wilson(100.0, 400))
        );
        let (lo, hi) = interval(&row, "mean_rounds").unwrap().unwrap();
        assert!(
            (lo - (30.0 - 1.959964 * 0.25)).abs() < 1e-4 && (hi - 30.0 - (30.0 - lo)).abs() < 1e-9
        );
        assert_eq!(interval(&row, "mean_margin").unwrap(), None);
    }
}
