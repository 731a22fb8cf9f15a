//! A row of `answers.csv` and the sentence the printed summary makes of it: the
//! answers' words, apart from how [`crate::answers`] computes them.

use crate::table::PValue;
use crate::table_row;

table_row! {
    /// One answer (`answers.csv`): a question at one player count and line-up (for `fair`,
    /// one seat test of one cell).
    pub struct AnswerRow {
        /// the question's number, from 1, in the order the spec declares them
        pub question: u64,
        /// what it asks: compare (two swept values), effect (the swept parameter's slope), best (the best swept value against the rules' own) or fair (equal win shares)
        pub ask: String,
        /// the measure asked of: a column of cells.csv, a per-game figure of figures.csv, a measure of how the games unfold (arc.csv), or a win rate of a seat, colour or bot (win_rate of seat 0, as seats.csv, colours.csv and bots.csv give it); for fair, what is tested: seat or colour
        pub measure: String,
        /// players per game
        pub players: usize,
        /// the bots as given: one spec for every seat, one per seat, or the entrants
        pub bots: String,
        /// what the estimate is: B - A for a compare, per step of PARAM for an effect (a step is 1), best V vs rules R (V's estimate minus R's) for a best, the cell's win shares for a fair; a grid's second parameter and its value follow " at "
        pub compared: String,
        /// the difference, the slope per step, or for fair the chi-square statistic; empty when a cell it needs has no value
        pub estimate: Option<f64>,
        /// lower end of the estimate's 95% interval (normal; for best simultaneous over the values the best was picked among); empty for fair
        pub ci_low: Option<f64>,
        /// upper end of the estimate's 95% interval
        pub ci_high: Option<f64>,
        /// two-sided p-value of no difference (no slope, no seat advantage); for best multiplied by the values the best was picked among
        pub p_value: Option<PValue>,
        /// the p-value adjusted over every answer of the run by the method in adjust
        pub p_adjusted: Option<PValue>,
        /// how the p-values were adjusted: holm (the chance of any false answer kept to 5%) or fdr (Benjamini-Hochberg: the expected share of false answers among those found kept to 5%)
        pub adjust: String,
        /// the answer in words, at 0.05 adjusted: differs or cannot tell (compare, fair), effect or no effect detectable (effect), best: V or keep the rules' own (R) (best)
        pub verdict: String,
    }
}

/// Returns an answer as a plain sentence (`3 players: mean_rounds B - A = -0.80 (95% CI
/// -0.84 to -0.76), differs (Holm p < 0.001)`), naming the line-up when `lineups` (the
/// run has several) and the adjustment as `adjust` names it.
pub fn sentence(row: &AnswerRow, adjust: &str, lineups: bool) -> String {
    let who = match lineups {
        true => format!("{}, {} players", row.bots, row.players),
        false => format!("{} players", row.players),
    };
    let what = match row.ask.as_str() {
        "fair" => format!("{}: chi-square", row.compared),
        _ => format!("{} {}", row.measure, row.compared),
    };
    let value = match (row.estimate, row.ci_low, row.ci_high) {
        (Some(e), Some(lo), Some(hi)) => format!(" = {e:.3} (95% CI {lo:.3} to {hi:.3})"),
        (Some(e), _, _) => format!(" = {e:.3}"),
        _ => " has no value".to_string(),
    };
    let p = match row.p_adjusted {
        Some(PValue(p)) if p < 0.001 => format!(" ({adjust} p < 0.001)"),
        Some(PValue(p)) => format!(" ({adjust} p = {p:.3})"),
        None => String::new(),
    };
    format!("  {who}: {what}{value}, {}{p}\n", row.verdict)
}
