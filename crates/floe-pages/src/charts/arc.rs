//! The charts of how a sweep's games unfold (`arc.csv`): one per measure against the swept
//! value, a point per cell with its 95% interval (never joined, as every sweep chart),
//! the rules' own value ringed, a share in percent.

use std::path::{Path, PathBuf};

use anyhow::Result;
use floe_plot::{Series, line_chart};
use floe_sim::arc::{MEASURES, Measure};

use crate::rows::{Row, num, text};

/// The file-name prefix of these charts (`arc-lead-changes.svg`).
pub(crate) const PREFIX: &str = "arc-";

/// Returns the file name of measure `m`'s chart.
pub(crate) fn file_name(m: &Measure) -> String {
    format!("{PREFIX}{}.svg", m.name.replace('_', "-"))
}

/// Draws one chart per measure of `arc` (the rows of a numeric sweep's `arc.csv`) into
/// `dir`, titled with `name` ([`measure_series`]). A measure no cell defined is left out.
pub(super) fn arc_charts(
    dir: &Path,
    name: &str,
    cells: &[Row],
    arc: &[Row],
) -> Result<Vec<PathBuf>> {
    let param = text(&cells[0], "param")?;
    let mut paths = Vec::new();
    for measure in &MEASURES {
        let series = measure_series(cells, arc, measure)?;
        if series.is_empty() {
            continue;
        }
        let unit = if measure.share { " (%)" } else { "" };
        let title = format!(
            "{name}: {}, {} (bars: 95% intervals; ring: the rules' own value)",
            measure.name.replace('_', " "),
            measure.meaning
        );
        let path = dir.join(file_name(measure));
        let y_label = format!("{}{unit}", measure.name.replace('_', " "));
        line_chart(&path, &title, &param.replace('_', " "), &y_label, &series)?;
        paths.push(path);
    }
    Ok(paths)
}

/// Returns the lines of `measure`'s chart: per player count (and line-up, when the sweep
/// has several), its mean at each swept value with its interval (a share in percent), the
/// rules' own value at that player count (from the sweep's `cells`) ringed where the
/// sweep measured it.
fn measure_series(cells: &[Row], arc: &[Row], measure: &Measure) -> Result<Vec<Series>> {
    let param = text(&cells[0], "param")?;
    let several_lineups = cells.iter().any(|c| c.get("bots") != cells[0].get("bots"));
    let scale = if measure.share { 100.0 } else { 1.0 };
    let mut series: Vec<Series> = Vec::new();
    for row in arc
        .iter()
        .filter(|r| text(r, "measure").is_ok_and(|m| m == measure.name))
    {
        // A cell where no game defined the measure (every game a shared win) has no point.
        let Ok(mean) = num(row, "mean") else { continue };
        let players = text(row, "players")?;
        let line = match several_lineups {
            true => format!("{players} players, {}", text(row, "bots")?),
            false => format!("{players} players"),
        };
        let x = num(row, &param)?;
        let s = match series.iter().position(|s| s.name == line) {
            Some(i) => &mut series[i],
            None => {
                // The rules' own value at this player count (a per-player-count
                // parameter's differs from one to the next).
                let cell = cells
                    .iter()
                    .find(|c| text(c, "players").is_ok_and(|p| p == players));
                series.push(Series {
                    name: line,
                    apart: true,
                    marked: cell.map(|c| num(c, "rules_value")).transpose()?,
                    ..Series::default()
                });
                series.last_mut().expect("just added")
            }
        };
        s.points.push((x, scale * mean));
        if let (Ok(lo), Ok(hi)) = (num(row, "ci_low"), num(row, "ci_high")) {
            s.bands.push((x, scale * lo, scale * hi));
        }
    }
    // A sweep that leaves out the rules' own value has no point to ring there.
    for s in &mut series {
        s.marked = s.marked.filter(|x| s.points.iter().any(|p| p.0 == *x));
    }
    Ok(series)
}

#[cfg(test)]
mod tests {
    /// A sweep of two values at 2 and 3 players, the rules' own value differing (5 and 3):
    /// lead changes defined in every cell, drama in one, deficit in none (every game
    /// shared), so its chart is left out.
    #[test]
    fn each_measure_a_cell_defined_is_drawn_and_a_share_in_percent() {
        let dir = tempfile::tempdir().unwrap();
        let lead = "game,rules,players,bots,seed";
        std::fs::write(
            dir.path().join("cells.csv"),
            format!("param,value,rules_value,{lead},games,mean_rounds,sd_rounds,seat_spread,mean_margin\n\
                 cards,3,5,g,r,2,random,1,100,3,0,0.1,1\ncards,5,5,g,r,2,random,1,100,5,0,0.1,1\n\
                 cards,3,3,g,r,3,random,1,100,3,0,0.1,1\ncards,5,3,g,r,3,random,1,100,5,0,0.1,1\n"),
        )
        .unwrap();
        let row = |cards: u32, measure: &str, rest: &str| {
            format!("g,r,2,random,1,{cards},{measure},{rest}\n")
        };
        let arc = [
            row(3, "lead_changes", "100,0.5,0.6,0.38,0.62,normal").replace(",2,", ",3,"),
            row(5, "lead_changes", "100,0.7,0.6,0.58,0.82,normal").replace(",2,", ",3,"),
            row(3, "lead_changes", "100,0.5,0.6,0.38,0.62,normal"),
            row(5, "lead_changes", "100,1.5,0.9,1.32,1.68,normal"),
            row(3, "drama", "0,,,,,normal"),
            row(5, "drama", "90,0.25,0.2,0.21,0.29,normal"),
            row(3, "deficit", "0,,,,,normal"),
            row(5, "deficit", "0,,,,,normal"),
        ];
        std::fs::write(
            dir.path().join("arc.csv"),
            format!(
                "{lead},cards,measure,games,mean,sd,ci_low,ci_high,interval\n{}",
                arc.concat()
            ),
        )
        .unwrap();
        let drawn = super::super::draw(dir.path(), dir.path(), "t").unwrap();
        let arcs: Vec<&String> = drawn
            .iter()
            .filter(|n| n.starts_with(super::PREFIX))
            .collect();
        assert_eq!(arcs, ["arc-lead-changes.svg", "arc-drama.svg"]);
        let drama = std::fs::read_to_string(dir.path().join("arc-drama.svg")).unwrap();
        assert!(drama.contains("drama (%)"), "a share is drawn in percent");
        // Each player count's line rings its own rules' value: 5 cards at 2 players, 3 at 3.
        let read = |name: &str| crate::rows::read(dir.path(), name).unwrap().unwrap();
        let (cells, arc) = (read("cells.csv"), read("arc.csv"));
        let lines = super::measure_series(&cells, &arc, &floe_sim::arc::MEASURES[0]).unwrap();
        let rings: Vec<(&str, Option<f64>)> =
            lines.iter().map(|s| (s.name.as_str(), s.marked)).collect();
        assert_eq!(rings, [("3 players", Some(3.0)), ("2 players", Some(5.0))]);
    }
}
