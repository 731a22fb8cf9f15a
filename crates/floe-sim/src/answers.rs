//! Answers to an experiment's declared questions (`answers.csv`): each question asks one
//! thing of a measure of the cells (compare two swept values, the swept parameter's
//! effect, the best value against the rules' own, or the seats' fairness), per player
//! count and line-up, with an estimate, a 95% interval and a p-value adjusted over every
//! question of the run.
//!
//! Everything is computed from the cells' tallies ([`Point::of`], kept by
//! [`crate::tables::run_tables`]), never from the CSV files written, so a run merged from
//! shards answers exactly as the run done in one piece.

use floe_core::{Game, ParamValue};
use serde::{Deserialize, Serialize};
use statrs::function::erf::erfc;

use crate::Tally;
pub use crate::answer_row::{AnswerRow, sentence};
use crate::ladder::pairwise;
use crate::report::summary_rows;
use crate::report::{RunLabel, cause_column};
use crate::stats::{
    Z95, benjamini_hochberg, holm, mean, mean_interval, sd_from_sums, two_sided_z, wilson,
};
use crate::table::{PValue, Table};

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ask {
    /// Two values of the swept parameter, per player count: the second minus the first.
    Compare,
    /// How the swept parameter (a number) moves the measure: the weighted least-squares
    /// slope per step of 1.
    Effect,
    /// Which swept value is best on the measure, and whether it beats the rules' own.
    Best,
    /// Whether the seats (and dealt colours) win equal shares: the tests of `tests.csv`.
    Fair,
    /// Which of two bots of a line-up is stronger, per player count: the share of the
    /// games where both played in which the second scored above the first (ties half)
    /// against an even 50% ([`SCORE_ABOVE`]).
    Stronger,
}

impl Ask {
    /// Every ask, by the name a spec gives it.
    pub const ALL: [(&'static str, Ask); 5] = [
        ("compare", Ask::Compare),
        ("effect", Ask::Effect),
        ("best", Ask::Best),
        ("fair", Ask::Fair),
        ("stronger", Ask::Stronger),
    ];

    /// Returns the ask's name.
    pub fn name(self) -> &'static str {
        Ask::ALL
            .iter()
            .find(|(_, a)| *a == self)
            .map_or("", |(n, _)| n)
    }
}

/// Which end of a measure is best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    /// The lowest estimate (shorter games, fewer round-limit ends).
    Lowest,
    /// The highest estimate.
    Highest,
}

/// How the questions' p-values are adjusted together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Adjust {
    /// Holm's method: the chance of any false answer kept to 5%.
    #[default]
    Holm,
    /// Benjamini-Hochberg: the expected share of false answers among those found kept to
    /// 5%.
    Fdr,
}

impl Adjust {
    /// Returns the adjustment's name as a spec and `answers.csv` write it.
    pub fn name(self) -> &'static str {
        match self {
            Adjust::Holm => "holm",
            Adjust::Fdr => "fdr",
        }
    }

    /// Returns the method `answers.csv` names (`holm`, `fdr`), if it is one.
    pub fn named(name: &str) -> Option<Adjust> {
        [Adjust::Holm, Adjust::Fdr]
            .into_iter()
            .find(|a| a.name() == name)
    }

    /// Returns the name a printed sentence gives the adjusted p-value.
    pub fn shown(self) -> &'static str {
        match self {
            Adjust::Holm => "Holm",
            Adjust::Fdr => "BH",
        }
    }

    /// Returns the level one test's own p-value is held to when this method finds
    /// `found` of `tests` at `level`: the line between the p-values it finds and those it
    /// does not. Holm's method stops at level / (tests - found) (level once it finds them
    /// all); Benjamini-Hochberg finds every p-value at or below level * found / tests, and
    /// with none found its first step is level / tests. A chart's noise floor drawn at it
    /// judges one cell by the answer's standard.
    pub fn per_test_level(self, tests: usize, found: usize, level: f64) -> f64 {
        let tests = tests.max(1);
        match self {
            Adjust::Holm => level / tests.saturating_sub(found).max(1) as f64,
            Adjust::Fdr => level * found.max(1) as f64 / tests as f64,
        }
    }

    /// Returns `p` adjusted by this method.
    pub fn apply(self, p: &[f64]) -> Vec<f64> {
        match self {
            Adjust::Holm => holm(p),
            Adjust::Fdr => benjamini_hochberg(p),
        }
    }
}

/// One declared question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Question {
    /// What it asks.
    pub ask: Ask,
    /// The measure it asks of ([`measures`]); none for [`Ask::Fair`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<String>,
    /// The two swept values a [`Ask::Compare`] compares, as the sweep writes them; the
    /// two bots a [`Ask::Stronger`] weighs, as the line-up writes them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub between: Vec<ParamValue>,
    /// Which end is best, for [`Ask::Best`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
    /// Whose win rate [`WIN_RATE`] measures: `seat 0`, `colour NAME` or `bot SPEC`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
}

impl Question {
    /// Returns the measure's full name: `win_rate of seat 0` for a win rate,
    /// `score_above of B over A` for a stronger question, else the measure's (empty for
    /// `fair`).
    pub fn measure_name(&self) -> String {
        if self.ask == Ask::Stronger
            && let [a, b] = &self.between[..]
        {
            return score_above(&b.to_string(), &a.to_string());
        }
        let measure = self.measure.clone().unwrap_or_default();
        match &self.of {
            Some(of) => format!("{measure} of {of}"),
            None => measure,
        }
    }
}

impl Question {
    /// Whether the question asks of the line-up `bots`: a stronger question only of one
    /// that seats both its bots, every other question of any.
    fn asks_of(&self, bots: &str) -> bool {
        let seated = floe_bots::split_spec_list(bots);
        self.ask != Ask::Stronger
            || self
                .between
                .iter()
                .all(|b| seated.iter().any(|s| s.trim() == b.to_string()))
    }
}

/// An experiment's questions and how their p-values are adjusted together.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Questions {
    /// The questions, numbered from 1 in this order.
    pub list: Vec<Question>,
    /// The adjustment over all of them.
    pub adjust: Adjust,
}

/// The measure `mean_rounds`.
pub const MEAN_ROUNDS: &str = "mean_rounds";

/// The measure `p_tie`.
pub const P_TIE: &str = "p_tie";

/// The measure `win_rate`, of the seat, colour or bot a question names in `of`
/// ([`WIN_RATE_OF`]): its share of the seat-games it won (a win shared by k counting
/// 1/k), standard error sqrt(p (1 - p) / seat-games).
pub const WIN_RATE: &str = "win_rate";

/// The measure of a [`Ask::Stronger`] question: of two bots that met, the share of the
/// games where both played in which the first scored above the second, a tie counting
/// half (`pairwise.csv`'s `share_above` plus half its `share_tied`), against an even 0.5
/// by the score test with its Wilson interval.
pub const SCORE_ABOVE: &str = "score_above";

/// Returns the name of [`SCORE_ABOVE`] of `bot` over `opponent`.
pub fn score_above(bot: &str, opponent: &str) -> String {
    format!("{SCORE_ABOVE} of {bot} over {opponent}")
}

/// Returns the [`SCORE_ABOVE`] of every ordered pair of bots that met in the cell that
/// played as `label` into `t`.
fn scores_above(label: &RunLabel, t: &Tally) -> Vec<(String, Option<Estimate>)> {
    pairwise(label, t)
        .into_iter()
        .map(|r| {
            let p = r.share_above + r.share_tied / 2.0;
            let e = Estimate::of(p, (p * (1.0 - p) / r.games.max(1) as f64).sqrt(), r.games);
            (score_above(&r.bot, &r.opponent), e)
        })
        .collect()
}

mod estimate;
use estimate::win_rates;
pub use estimate::{Estimate, estimate, is_arc_measure, measures};

/// What a win rate may be of, as `of` starts: `seat 0`, `colour NAME`, `bot SPEC` (a bot
/// as `bots.csv` writes it).
pub const WIN_RATE_OF: [&str; 3] = ["seat", "colour", "bot"];

/// The value a cell gives a swept parameter, as the run's plan holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Swept {
    /// The parameter as the spec names it (`tiles_removed`): the column's name.
    pub param: String,
    /// The value set in this cell.
    pub value: ParamValue,
    /// The value the rules themselves hold.
    pub rules_value: ParamValue,
}

/// The mark of a swept value the rules themselves hold, wherever a cell is named.
pub const RULES_OWN: &str = " (the rules' own)";

/// Returns [`RULES_OWN`] when a swept `value` is the rules' own `rules_value`, else
/// nothing: the one test both a cell's name and an answer's use.
pub fn rules_own(value: &ParamValue, rules_value: &ParamValue) -> &'static str {
    match value == rules_value {
        true => RULES_OWN,
        false => "",
    }
}

/// What the answers need of one cell: who played it, its swept values and every measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Players per game.
    pub players: usize,
    /// The line-up as written.
    pub bots: String,
    /// The swept parameter's value.
    pub sweep: Option<Swept>,
    /// A grid's second parameter's value.
    pub by: Option<Swept>,
    /// Every measure of [`measures`] by name, a win rate by its full name
    /// ([`Question::measure_name`]); `None` where undefined.
    pub estimates: Vec<(String, Option<Estimate>)>,
}

impl Point {
    /// Returns the point of the cell `sweep`/`by` that played `game` as `label` into `t`.
    pub fn of<G: Game>(
        game: &G,
        label: &RunLabel,
        t: &Tally,
        sweep: Option<Swept>,
        by: Option<Swept>,
    ) -> Point {
        Point {
            players: label.players,
            bots: label.bots.clone(),
            sweep,
            by,
            estimates: measures(game)
                .into_iter()
                .filter(|m| m != WIN_RATE)
                .map(|m| {
                    let e = estimate(game, t, &m);
                    (m, e)
                })
                .chain(win_rates(game, label, t))
                .chain(scores_above(label, t))
                .collect(),
        }
    }

    /// Returns the measure `name` of the cell.
    fn measure(&self, name: &str) -> Option<Estimate> {
        self.estimates.iter().find(|(n, _)| n == name)?.1
    }

    /// Returns the swept value of the cell, `None` without a sweep.
    fn value(&self) -> Option<&ParamValue> {
        self.sweep.as_ref().map(|s| &s.value)
    }
}

/// A seat test of one cell, as `tests.csv` holds it: for [`Ask::Fair`].
#[derive(Clone, Debug, PartialEq)]
pub struct FairTest {
    /// The cell, an index into the run's points.
    pub cell: usize,
    /// What it tests: `seat` or `colour`.
    pub test: String,
    /// Its chi-square statistic.
    pub chi2: f64,
    /// Its p-value.
    pub p: f64,
}

/// The level at which an adjusted p-value gives an answer.
pub const LEVEL: f64 = 0.05;

/// A difference (or slope) with its standard error, before it becomes a row.
#[derive(Clone, Copy, Debug)]
struct Found {
    estimate: f64,
    se: f64,
    /// The half-width's multiple of the standard error (1.96 but for a picked best).
    z: f64,
    /// Comparisons the finding was picked among (Bonferroni), 1 but for a best.
    picks: f64,
    /// Its interval where the normal one (estimate ± z SE) would reach past what can be:
    /// a share's Wilson interval, for a share near 0 or 1.
    interval: Option<(f64, f64)>,
}

impl Found {
    /// Returns the interval and the two-sided p-value of estimate = 0.
    fn interval_and_p(self) -> ((f64, f64), f64) {
        let half = self.z * self.se;
        let z = (self.estimate / self.se).abs();
        // erfc, not 1 - cdf: a far-out z keeps its small p-value instead of rounding to 0.
        let p = erfc(z / std::f64::consts::SQRT_2);
        let normal = (self.estimate - half, self.estimate + half);
        (self.interval.unwrap_or(normal), (p * self.picks).min(1.0))
    }
}

/// Returns the difference `b - a` of two cells' estimates: independent cells, standard
/// error sqrt(SEa² + SEb²).
fn difference(a: Estimate, b: Estimate) -> Found {
    Found {
        estimate: b.value - a.value,
        se: a.se.hypot(b.se),
        z: Z95,
        picks: 1.0,
        interval: None,
    }
}

/// Returns a head-to-head score share `e` ([`SCORE_ABOVE`]) against an even 0.5: the
/// score test (standard error 0.5 / sqrt(games), as if the two were even) and the share's
/// Wilson interval less 0.5, the interval that test inverts: it never reaches past a
/// share of 0 or 1, and it excludes 0 exactly when the test finds a difference at 5%.
fn against_even(e: Estimate) -> Found {
    let (lo, hi) = wilson(e.value * e.games as f64, e.games);
    Found {
        estimate: e.value - 0.5,
        se: 0.5 / (e.games.max(1) as f64).sqrt(),
        z: Z95,
        picks: 1.0,
        interval: Some((lo - 0.5, hi - 0.5)),
    }
}

/// Returns the weighted least-squares slope of the estimates on `x` (weights 1 / SE²: the
/// standard errors taken as known, so the slope's standard error is 1 / sqrt(Σ w (x -
/// x̄)²), times the Birge ratio sqrt(χ² / (points - 2)) when that is above 1: a curved
/// response widens the interval instead of narrowing it). `None` without two distinct
/// values of `x`.
fn slope(points: &[(f64, Estimate)]) -> Option<Found> {
    let w: Vec<f64> = points.iter().map(|(_, e)| 1.0 / (e.se * e.se)).collect();
    let total: f64 = w.iter().sum();
    let xbar = points.iter().zip(&w).map(|((x, _), w)| w * x).sum::<f64>() / total;
    let ybar = points
        .iter()
        .zip(&w)
        .map(|((_, e), w)| w * e.value)
        .sum::<f64>()
        / total;
    let (mut sxx, mut sxy) = (0.0, 0.0);
    for ((x, e), w) in points.iter().zip(&w) {
        sxx += w * (x - xbar) * (x - xbar);
        sxy += w * (x - xbar) * (e.value - ybar);
    }
    if !(sxx > 0.0 && sxx.is_finite()) {
        return None;
    }
    let b = sxy / sxx;
    // Points that scatter about the line more than their own errors allow (a curved
    // response: reduced chi-square above 1) widen the slope's error by the square root
    // of the reduced chi-square (the Birge ratio), so that a poor line is not read as a
    // precise one.
    let chi2: f64 = points
        .iter()
        .zip(&w)
        .map(|((x, e), w)| w * (e.value - ybar - b * (x - xbar)).powi(2))
        .sum();
    let spread = match points.len().saturating_sub(2) {
        0 => 1.0,
        dof => (chi2 / dof as f64).max(1.0).sqrt(),
    };
    Some(Found {
        estimate: b,
        se: spread / sxx.sqrt(),
        z: Z95,
        picks: 1.0,
        interval: None,
    })
}

/// Returns a swept value as a number, `None` for a switch, a name or a list.
pub fn numeric(v: &ParamValue) -> Option<f64> {
    match v {
        ParamValue::Whole(x) => Some(*x as f64),
        ParamValue::Number(x) => Some(*x),
        _ => None,
    }
}

/// Returns the answers to `questions` from the run's `points` (one per cell, in order)
/// and seat tests `fair`: `answers.csv` and a sentence per row, for the printed summary.
pub fn answers(points: &[Point], fair: &[FairTest], questions: &Questions) -> (Table, Vec<String>) {
    let groups = groups(points);
    let mut pending = Vec::new();
    for (i, q) in questions.list.iter().enumerate() {
        let number = i as u64 + 1;
        match q.ask {
            Ask::Fair => pending.extend(fair_rows(number, points, fair)),
            _ => {
                for group in groups.iter().filter(|g| q.asks_of(&g.key.1)) {
                    pending.push(asked(number, q, group));
                }
            }
        }
    }
    let raw: Vec<f64> = pending.iter().filter_map(|p| p.p).collect();
    let mut adjusted = questions.adjust.apply(&raw).into_iter();
    let many_lineups = groups.iter().any(|g| g.key.1 != groups[0].key.1);
    let mut table = Vec::new();
    let mut lines = Vec::new();
    for p in pending {
        let adj =
            p.p.map(|_| adjusted.next().expect("one adjusted per p-value"));
        let row = p.finish(adj, questions.adjust);
        lines.push(sentence(&row, questions.adjust.shown(), many_lineups));
        table.push(row);
    }
    (Table::of(table), lines)
}

/// Returns the best of `points` (swept value, estimate) by `goal`, the first of equals.
fn best_of(points: &[(ParamValue, Estimate)], goal: Goal) -> Option<&(ParamValue, Estimate)> {
    points.iter().reduce(|a, b| {
        let better = match goal {
            Goal::Lowest => b.1.value < a.1.value,
            Goal::Highest => b.1.value > a.1.value,
        };
        if better { b } else { a }
    })
}

/// Returns the best value against the rules' own (`rules`): the difference best - rules,
/// its interval simultaneous over the other values the best was picked among, and its
/// p-value multiplied by their number (Bonferroni): the best of several looks better
/// than it is.
fn best_against(best: Estimate, rules: Estimate, others: usize) -> Found {
    let picks = others.max(1) as f64;
    Found {
        z: two_sided_z(0.05 / picks),
        picks,
        ..difference(rules, best)
    }
}

/// The cells of one player count and line-up (and a grid's second value): what a
/// compare, effect or best answers for.
struct Group<'a> {
    /// Players, line-up, and a grid's second parameter and value as text.
    key: (usize, String, Option<String>),
    points: Vec<&'a Point>,
}

/// Returns `points` grouped by player count and line-up (and a grid's second value), in
/// the order first met.
fn groups(points: &[Point]) -> Vec<Group<'_>> {
    let mut out: Vec<Group<'_>> = Vec::new();
    for p in points {
        let by = p.by.as_ref().map(|b| format!("{} {}", b.param, b.value));
        let key = (p.players, p.bots.clone(), by);
        match out.iter_mut().find(|g| g.key == key) {
            Some(g) => g.points.push(p),
            None => out.push(Group {
                key,
                points: vec![p],
            }),
        }
    }
    out
}

/// An answer before the p-values are adjusted together.
struct Pending {
    row: AnswerRow,
    /// The raw p-value, `None` when there is nothing to test.
    p: Option<f64>,
    /// The verdict when the adjusted p-value is below [`LEVEL`], and when it is not.
    verdicts: (String, String),
}

impl Pending {
    /// Returns the row for `question`'s `group`, what it `compared`, with the `found`
    /// difference or slope (none when a cell lacks the measure) and its `verdicts`.
    fn new(
        question: u64,
        q: &Question,
        group: &Group<'_>,
        compared: String,
        found: Option<Found>,
        verdicts: (&str, &str),
    ) -> Pending {
        let at = group
            .key
            .2
            .as_ref()
            .map_or(String::new(), |b| format!(" at {b}"));
        let stats = found.map(Found::interval_and_p);
        Pending {
            row: AnswerRow {
                question,
                ask: q.ask.name().to_string(),
                measure: q.measure_name(),
                players: group.key.0,
                bots: group.key.1.clone(),
                compared: compared + &at,
                estimate: found.map(|f| f.estimate),
                ci_low: stats.map(|s| s.0.0),
                ci_high: stats.map(|s| s.0.1),
                p_value: stats.map(|s| PValue(s.1)),
                p_adjusted: None,
                adjust: String::new(),
                verdict: String::new(),
            },
            p: stats.map(|s| s.1),
            verdicts: (verdicts.0.to_string(), verdicts.1.to_string()),
        }
    }

    /// Returns the row with its `adjusted` p-value (by `adjust`) and verdict.
    fn finish(mut self, adjusted: Option<f64>, adjust: Adjust) -> AnswerRow {
        self.row.p_adjusted = adjusted.map(PValue);
        self.row.adjust = adjust.name().to_string();
        self.row.verdict = match adjusted {
            Some(p) if p < LEVEL => self.verdicts.0,
            _ => self.verdicts.1,
        };
        self.row
    }
}

/// Returns the answer to the compare, effect or best question `q` (number `number`) for
/// `group`.
fn asked(number: u64, q: &Question, group: &Group<'_>) -> Pending {
    let measure = &q.measure_name();
    let param = group.points[0]
        .sweep
        .as_ref()
        .map_or("", |s| s.param.as_str());
    let at = |v: &ParamValue| {
        group
            .points
            .iter()
            .find(|p| p.value() == Some(v))
            .and_then(|p| p.measure(measure))
    };
    match q.ask {
        Ask::Compare => {
            let (a, b) = (&q.between[0], &q.between[1]);
            let found = at(a).zip(at(b)).map(|(ea, eb)| difference(ea, eb));
            let verdicts = ("differs", "cannot tell");
            Pending::new(number, q, group, format!("{b} - {a}"), found, verdicts)
        }
        Ask::Effect => {
            let xs: Vec<(f64, Estimate)> = group
                .points
                .iter()
                .filter_map(|p| Some((numeric(p.value()?)?, p.measure(measure)?)))
                .collect();
            let found = slope(&xs);
            let verdicts = ("effect", "no effect detectable");
            let compared = format!("per step of {param}");
            Pending::new(number, q, group, compared, found, verdicts)
        }
        Ask::Stronger => {
            let (a, b) = (q.between[0].to_string(), q.between[1].to_string());
            let found = group
                .points
                .iter()
                .find_map(|p| p.measure(measure))
                .map(against_even);
            let stronger = match found {
                Some(f) if f.estimate < 0.0 => &a,
                _ => &b,
            };
            let verdicts = (format!("{stronger} stronger"), "cannot tell".to_string());
            let even_text = "minus an even 0.5".to_string();
            let mut p = Pending::new(number, q, group, even_text, found, ("", ""));
            p.verdicts = verdicts;
            p
        }
        Ask::Best | Ask::Fair => best(number, q, group),
    }
}

/// Returns the answer to the best question `q` for `group`: the best value against the
/// rules' own (`cannot tell` when the rules' own value is not swept).
fn best(number: u64, q: &Question, group: &Group<'_>) -> Pending {
    let measure = &q.measure_name();
    let values: Vec<(ParamValue, Estimate)> = group
        .points
        .iter()
        .filter_map(|p| Some((p.value()?.clone(), p.measure(measure)?)))
        .collect();
    let rules = group.points[0]
        .sweep
        .as_ref()
        .map(|s| s.rules_value.clone());
    let best = best_of(&values, q.goal.unwrap_or(Goal::Lowest));
    let own = rules
        .as_ref()
        .and_then(|r| values.iter().find(|(v, _)| v == r));
    let (Some((b, eb)), Some((r, er))) = (best, own) else {
        let compared = match rules {
            Some(r) => format!("best vs rules {r} (not swept)"),
            None => "best vs rules".to_string(),
        };
        return Pending::new(
            number,
            q,
            group,
            compared,
            None,
            ("cannot tell", "cannot tell"),
        );
    };
    let keep = format!("keep the rules' own ({r})");
    if b == r {
        let mut p = Pending::new(
            number,
            q,
            group,
            format!("best {b} vs rules {r}"),
            None,
            ("", ""),
        );
        p.row.estimate = Some(0.0);
        p.verdicts = (keep.clone(), keep);
        return p;
    }
    let found = best_against(*eb, *er, values.len() - 1);
    let verdicts = (format!("best: {b}"), keep);
    let mut p = Pending::new(
        number,
        q,
        group,
        format!("best {b} vs rules {r}"),
        Some(found),
        ("", ""),
    );
    p.verdicts = verdicts;
    p
}

/// Returns the answers of the fair question (number `number`): a row per seat test of
/// every cell (`fair`, over `points`).
fn fair_rows(number: u64, points: &[Point], fair: &[FairTest]) -> Vec<Pending> {
    fair.iter()
        .map(|t| {
            let p = &points[t.cell];
            let mut at: String = p
                .sweep
                .iter()
                .chain(&p.by)
                .map(|s| {
                    format!(
                        ", {} {}{}",
                        s.param,
                        s.value,
                        rules_own(&s.value, &s.rules_value)
                    )
                })
                .collect();
            at = format!("{}s' win shares{at}", t.test);
            Pending {
                row: AnswerRow {
                    question: number,
                    ask: Ask::Fair.name().to_string(),
                    measure: t.test.clone(),
                    players: p.players,
                    bots: p.bots.clone(),
                    compared: at,
                    estimate: Some(t.chi2),
                    ci_low: None,
                    ci_high: None,
                    p_value: Some(PValue(t.p)),
                    p_adjusted: None,
                    adjust: String::new(),
                    verdict: String::new(),
                },
                p: Some(t.p),
                verdicts: ("differs".into(), "cannot tell".into()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
