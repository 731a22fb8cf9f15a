//! The results of a tournament: `tournament.csv` (one row per entrant), `pairwise.csv`
//! (every entrant against every other), and the table printed after it, which ends with
//! the entrants' Bradley-Terry ratings ([`crate::ratings`]).
//!
//! Rates are written with six decimals, so the same counts always give the same bytes.

use std::fmt::Write as _;

use crate::ratings::ratings_text;
use crate::report::{RunLabel, Table, f6, group_fields, group_header};
use crate::stats::{mean, wilson};
use crate::{PAIR_UNITS, Tally};

/// Returns `tournament.csv`: per entrant its seat-games, wins alone and shared, win rate
/// (a win shared by k counting 1/k) with its 95% Wilson interval, mean score and mean rank
/// by score.
pub fn standings(label: &RunLabel, t: &Tally) -> Table {
    let mut header = group_header("bot");
    header.push("mean_rank".into());
    let mut table = Table::new(&header);
    for (bot, c) in label.bot_groups.iter().zip(&t.bots) {
        let mut row = vec![bot.clone()];
        row.extend(group_fields(c));
        row.push(f6(mean(c.rank_halves as f64 / 2.0, c.games)));
        table.rows.push(row);
    }
    table
}

/// Returns `pairwise.csv`: for every ordered pair of entrants that met, the games where both played,
/// and the share of those where the first scored above the second (a game where they held
/// several seats counts each seat pair equally, so the share is not a whole count of
/// games), with its 95% Wilson interval, and the share where they scored the same.
pub fn pairwise(label: &RunLabel, t: &Tally) -> Table {
    let mut table = Table::new(&[
        "bot",
        "opponent",
        "games",
        "share_above",
        "ci_low",
        "ci_high",
        "share_tied",
    ]);
    let names = &label.bot_groups;
    for (a, bot) in names.iter().enumerate() {
        for (b, opponent) in names.iter().enumerate().filter(|&(b, _)| b != a) {
            let p = &t.pairs[a * names.len() + b];
            if p.games == 0 {
                continue;
            }
            let above = p.above_units as f64 / PAIR_UNITS as f64;
            let (lo, hi) = wilson(above, p.games);
            let mut row = vec![
                bot.clone(),
                opponent.clone(),
                p.games.to_string(),
                f6(mean(above, p.games)),
                f6(lo),
                f6(hi),
            ];
            row.push(f6(mean(p.tied_units as f64 / PAIR_UNITS as f64, p.games)));
            table.rows.push(row);
        }
    }
    table
}

/// Returns the human-readable table printed after a tournament: the entrants, best win
/// rate first, the head-to-head matrix (row scored above column, in percent) and the
/// ratings ([`ratings_text`]).
pub fn ladder_table(label: &RunLabel, t: &Tally) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} ({} rules), {} players, {} games, seed {}",
        label.game, label.rules, label.players, t.games, label.seed
    );
    let _ = writeln!(
        s,
        "\n{:<28} {:>10} {:>8} {:>15} {:>7} {:>6}",
        "bot", "games", "win %", "95% CI", "score", "rank"
    );
    let mut order: Vec<usize> = (0..label.bot_groups.len()).collect();
    order.sort_by(|&a, &b| {
        let rate = |i: usize| mean(t.bots[i].wins(), t.bots[i].games);
        rate(b).total_cmp(&rate(a))
    });
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
    }
    s.push_str(&ratings_text(label, t));
    s
}
