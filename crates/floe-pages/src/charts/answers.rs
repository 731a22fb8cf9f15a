//! The chart of each declared question's answer (`answers.csv`): per question, its
//! estimate with its 95% interval at each player count, a point per line-up, against no
//! difference, filled where the answer finds a difference or an effect once adjusted and
//! hollow where it cannot tell, so that the chart shows what the answer says and nothing
//! more.

use std::path::{Path, PathBuf};

use anyhow::Result;
use floe_plot::{Series, step_chart};
use floe_sim::answers::LEVEL;

use crate::rows::{Row, num, text};

/// Draws a chart per declared question whose answers have intervals (a `fair` question's
/// cells are drawn by the seat charts; a best value without an interval has none), named
/// `answer-N.svg` for question N.
pub(super) fn answer_charts(dir: &Path, name: &str, answers: &[Row]) -> Result<Vec<PathBuf>> {
    let drawn: Vec<&Row> = answers
        .iter()
        .filter(|r| num(r, "ci_low").is_ok() && num(r, "ci_high").is_ok())
        .collect();
    let mut questions: Vec<String> = Vec::new();
    for row in &drawn {
        let q = text(row, "question")?;
        if !questions.contains(&q) {
            questions.push(q);
        }
    }
    let mut paths = Vec::new();
    for q in questions {
        let rows: Vec<&Row> = drawn
            .iter()
            .copied()
            .filter(|r| text(r, "question").is_ok_and(|t| t == q))
            .collect();
        let first = rows[0];
        let measure = text(first, "measure")?;
        let (scale, unit) = unit_of(&measure);
        let mut steps: Vec<String> = Vec::new();
        let mut series: Vec<Series> = Vec::new();
        for row in &rows {
            let step = format!("{} players", text(row, "players")?);
            if !steps.contains(&step) {
                steps.push(step.clone());
            }
            let x = steps.iter().position(|s| *s == step).expect("just added") as f64;
            let bots = text(row, "bots")?;
            let s = match series.iter().position(|s| s.name == bots) {
                Some(i) => &mut series[i],
                None => {
                    series.push(Series {
                        name: bots,
                        apart: true,
                        ..Series::default()
                    });
                    series.last_mut().expect("just added")
                }
            };
            s.points.push((x, scale * num(row, "estimate")?));
            s.bands
                .push((x, scale * num(row, "ci_low")?, scale * num(row, "ci_high")?));
            s.reference.push((x, 0.0));
            if num(row, "p_adjusted").map_or(true, |p| p >= LEVEL) {
                s.hollow.push(x);
            }
        }
        let ask = text(first, "ask")?;
        let compared = text(first, "compared")?;
        let method = match text(first, "adjust")?.as_str() {
            "fdr" => "Benjamini-Hochberg",
            _ => "Holm",
        };
        let title = format!(
            "{name}: question {q}, {ask} {measure}, {compared} (bars: 95% intervals; dashes: no \
             difference; filled: found once adjusted by {method} over the study's answers)"
        );
        let path = dir.join(format!("answer-{q}.svg"));
        // The figure's name alone: the line-ups it compares are in the title and would
        // not fit along the axis.
        let figure = measure.split(" of ").next().unwrap_or(&measure);
        let y_label = format!("{figure}, {compared} ({unit})");
        step_chart(&path, &title, "player count", &y_label, &steps, &series)?;
        paths.push(path);
    }
    Ok(paths)
}

/// The scale an answer on `measure` is drawn at, and its unit: a share or a win rate in
/// percentage points, game length in rounds, any other figure in its own units.
fn unit_of(measure: &str) -> (f64, &'static str) {
    if ["p_", "win_rate", "score_above"]
        .iter()
        .any(|m| measure.starts_with(m))
    {
        (100.0, "percentage points")
    } else if measure == "mean_rounds" {
        (1.0, "rounds")
    } else {
        (1.0, "its own units")
    }
}
