//! The results of a tournament: `tournament.csv` (one row per entrant), `pairwise.csv`
//! (every entrant against every other), and the table printed after it, which ends with
//! the entrants' Bradley-Terry ratings ([`crate::ratings`]).
//!
//! Rates are written with six decimals, so the same counts always give the same bytes.

use std::fmt::Write as _;

use crate::ratings::{fit, ratings_text};
use crate::report::{GroupKind, GroupRow, RunLabel, keyed};
use crate::stats::{mean, wilson};
use crate::table::{Cell, Column, Kind, Table};
use crate::table_row;
use crate::{PAIR_UNITS, Tally};

/// Returns `tournament.csv`: per entrant its seat-games, wins alone and shared, win rate
/// (a win shared by k counting 1/k) with its 95% Wilson interval ([`GroupRow`]), and mean
/// rank by score.
pub fn standings(label: &RunLabel, t: &Tally) -> Table {
    let rows = label.bot_groups.iter().zip(&t.bots);
    let mut table = keyed(
        GroupKind::Bot.key(),
        rows.clone()
            .map(|(bot, c)| (Cell::from(bot.as_str()), GroupRow::of(c))),
    );
    table.columns.push(mean_rank());
    for (row, (_, c)) in table.rows.iter_mut().zip(rows) {
        row.push(Cell::Real(mean(c.rank_halves as f64 / 2.0, c.games)));
    }
    table
}

/// The column of `tournament.csv` after [`GroupRow`]'s.
pub(crate) fn mean_rank() -> Column {
    Column::new(
        "mean_rank",
        Kind::Real,
        "mean rank by score (1 = highest; equal scores share the mean of their ranks)",
    )
}

table_row! {
    /// One ordered pair of entrants that met (`pairwise.csv`).
    pub struct PairwiseRow {
        /// bot spec as written
        pub bot: String,
        /// the other bot of the pair
        pub opponent: String,
        /// games played (in a table of seats, colours or bots: seat-games)
        pub games: u64,
        /// share of the games where both played in which bot scored above opponent (each seat pair of the two counting equally)
        pub share_above: f64,
        /// lower end of the rate's 95% Wilson score interval
        pub ci_low: f64,
        /// upper end of the rate's 95% Wilson score interval
        pub ci_high: f64,
        /// share of those games in which they scored the same
        pub share_tied: f64,
    }
}

/// Returns `pairwise.csv`: for every ordered pair of entrants that met, the games where
/// both played, and the share of those where the first scored above the second (a game
/// where they held several seats counts each seat pair equally, so the share is not a
/// whole count of games), with its 95% Wilson interval, and the share where they scored
/// the same.
pub fn pairwise(label: &RunLabel, t: &Tally) -> Vec<PairwiseRow> {
    let mut rows = Vec::new();
    let names = &label.bot_groups;
    for (a, bot) in names.iter().enumerate() {
        for (b, opponent) in names.iter().enumerate().filter(|&(b, _)| b != a) {
            let p = &t.pairs[a * names.len() + b];
            if p.games == 0 {
                continue;
            }
            let above = p.above_units as f64 / PAIR_UNITS as f64;
            let (ci_low, ci_high) = wilson(above, p.games);
            rows.push(PairwiseRow {
                bot: bot.clone(),
                opponent: opponent.clone(),
                games: p.games,
                share_above: mean(above, p.games),
                ci_low,
                ci_high,
                share_tied: mean(p.tied_units as f64 / PAIR_UNITS as f64, p.games),
            });
        }
    }
    rows
}

/// Returns the human-readable table printed after a tournament: the entrants, best win
/// rate first, the head-to-head matrix (row scored above column, in percent) and the
/// ratings ([`ratings_text`]).
pub fn ladder_table(label: &RunLabel, t: &Tally) -> String {
    let order = standing_order(t);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} ({} rules), {} players, {}, seed {}",
        label.game,
        label.rules,
        label.players,
        floe_io::count(t.games, "game"),
        label.dealing.seed
    );
    if order.len() > 1 {
        let _ = writeln!(
            s,
            "\nbest rating first (see the ratings below): a win % counts the wins against \
             whoever an entrant met, and entrants meet different opponents, so it can rank \
             them otherwise"
        );
    }
    let _ = writeln!(
        s,
        "{}{:<28} {:>10} {:>8} {:>15} {:>7} {:>6}",
        if order.len() > 1 { "" } else { "\n" },
        "bot",
        "games",
        "win %",
        "95% CI",
        "score",
        "rank"
    );
    for &i in &order {
        let c = &t.bots[i];
        let (lo, hi) = wilson(c.wins(), c.games);
        let _ = writeln!(
            s,
            "{:<28} {:>10} {:>8.2} {:>15} {:>7.2} {:>6.2}",
            label.bot_groups[i],
            c.games,
            100.0 * mean(c.wins(), c.games),
            format!("{:.2}-{:.2}", 100.0 * lo, 100.0 * hi),
            mean(c.score_sum as f64, c.games),
            mean(c.rank_halves as f64 / 2.0, c.games),
        );
    }
    if order.len() > 1 {
        let _ = writeln!(
            s,
            "\nscored above (row vs column), % of games where both played:"
        );
        let _ = write!(s, "{:<28}", "");
        for col in 0..order.len() {
            let _ = write!(s, " {:>8}", format!("[{}]", col + 1));
        }
        let _ = writeln!(s);
        for (row, &a) in order.iter().enumerate() {
            let _ = write!(
                s,
                "{:<28}",
                format!("[{}] {}", row + 1, label.bot_groups[a])
            );
            for &b in &order {
                let p = &t.pairs[a * order.len() + b];
                let cell = if a == b || p.games == 0 {
                    "-".to_string()
                } else {
                    format!(
                        "{:.1}",
                        100.0 * p.above_units as f64 / (PAIR_UNITS * p.games) as f64
                    )
                };
                let _ = write!(s, " {cell:>8}");
            }
            let _ = writeln!(s);
        }
        let unmet = |&a: &usize| {
            order
                .iter()
                .any(|&b| a != b && t.pairs[a * order.len() + b].games == 0)
        };
        if order.iter().any(unmet) {
            let _ = writeln!(
                s,
                "(- off the diagonal: the two never met; with more entrants than seats a game \
                 seats neighbours in the cycle of seatings, so not every pair shares a game)"
            );
        }
    }
    s.push_str(&ratings_text(label, t));
    s
}

/// Returns the entrants in standing order: by rating, best first (those without a finite
/// rating after, by win rate); by win rate when no rating is fitted (one entrant).
fn standing_order(t: &Tally) -> Vec<usize> {
    let rating: Vec<Option<f64>> = match fit(t) {
        fitted if fitted.len() == t.bots.len() => fitted
            .iter()
            .map(|e| e.rating.as_ref().ok().map(|r| r.rating))
            .collect(),
        _ => vec![None; t.bots.len()],
    };
    let rate = |i: usize| mean(t.bots[i].wins(), t.bots[i].games);
    let mut order: Vec<usize> = (0..t.bots.len()).collect();
    order.sort_by(|&a, &b| match (rating[a], rating[b]) {
        (Some(x), Some(y)) => y.total_cmp(&x),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => rate(b).total_cmp(&rate(a)),
    });
    order
}
