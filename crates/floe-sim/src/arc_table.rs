//! `arc.csv` and the printed block of how a cell's games unfolded: the measures of
//! [`crate::arc`] as a run's tally counts them, each with its interval.

use crate::arc::{MEASURES, Measure, SCALE};
use crate::stats::{mean_interval, wilson};
use crate::{FigureTally, Tally};

crate::table_row! {
    /// The statistics of one measure of how a cell's games unfolded (`arc.csv`, written
    /// when the run follows them).
    pub struct ArcRow {
        /// the measure of how a game unfolds (each is listed below as measure=NAME)
        pub measure: String,
        /// games in which the measure was defined (for the measures that follow the winner, only the games won by one seat alone)
        pub games: u64,
        /// mean of the measure over those games (for a yes-or-no measure: the share of yes)
        pub mean: Option<f64>,
        /// sample standard deviation of the measure over those games (empty below 2 games)
        pub sd: Option<f64>,
        /// lower end of the mean's 95% interval (empty below 2 games)
        pub ci_low: Option<f64>,
        /// upper end of the mean's 95% interval (empty below 2 games)
        pub ci_high: Option<f64>,
        /// how the interval is computed: `wilson` for a share of games (a yes-or-no measure), `normal` for a mean over games (mean +- 1.96 sd / sqrt(games))
        pub interval: String,
    }
}

/// Returns a row per measure of the arcs counted in `t` (none when it does not follow
/// them).
pub fn rows(t: &Tally) -> Vec<ArcRow> {
    t.arc
        .iter()
        .zip(&MEASURES)
        .map(|(c, m)| row(m, c))
        .collect()
}

/// Returns the row of measure `m` whose values over a cell's games `c` counts.
pub fn row(m: &Measure, c: &FigureTally) -> ArcRow {
    let (mean, sd, lo, hi) = mean_interval(c.sum, c.sq_sum, c.count, SCALE);
    let defined = c.count > 0;
    let spread = c.count >= 2;
    let (lo, hi) = match m.yes_no {
        true => wilson(mean * c.count as f64, c.count),
        false => (lo, hi),
    };
    ArcRow {
        measure: m.name.to_string(),
        games: c.count,
        mean: defined.then_some(mean),
        sd: spread.then_some(sd),
        ci_low: spread.then_some(lo),
        ci_high: spread.then_some(hi),
        interval: if m.yes_no { "wilson" } else { "normal" }.to_string(),
    }
}

/// Returns the block printed under a run's table when it follows the games' arcs: a line
/// per measure with its games, mean and interval. Empty otherwise.
pub fn text(t: &Tally) -> String {
    use std::fmt::Write as _;
    let rows = rows(t);
    if rows.is_empty() {
        return String::new();
    }
    let mut s = format!(
        "\n{:<22} {:>10} {:>8} {:>17}\n",
        "how games unfold", "games", "mean", "95% CI"
    );
    for r in rows {
        let number = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.3}"));
        let ci = match (r.ci_low, r.ci_high) {
            (Some(lo), Some(hi)) => format!("{lo:.3} to {hi:.3}"),
            _ => "-".to_string(),
        };
        let _ = writeln!(
            s,
            "{:<22} {:>10} {:>8} {:>17}",
            r.measure,
            r.games,
            number(r.mean),
            ci
        );
    }
    s
}
