//! The profile's measures, from the tournament's tables: the rungs and steps, skill
//! depth, the upset rate and the seat advantage.

use anyhow::{Result, anyhow};
use floe_sim::stats::{Z95, extremes, wilson};
use floe_sim::table::{Cell, Table};

use crate::*;

/// One entrant of the ladder, as the tournament's tables give it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    /// The entrant's bot spec.
    pub bot: String,
    /// Its rating and 95% interval (`rating, low, high`), if finite.
    pub rating: Option<(f64, f64, f64)>,
    /// Its step up from the next weaker entrant (none for the weakest).
    pub step: Option<Step>,
}

/// An entrant against the next weaker one, from `pairwise.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The next weaker entrant.
    pub weaker: String,
    /// Games where both played; 0 if they never met (the shares are then 0).
    pub games: u64,
    /// Share of those where the stronger scored above the weaker.
    pub share_above: f64,
    /// Share where they scored the same.
    pub share_tied: f64,
    /// Share where the weaker scored above the stronger.
    pub weaker_above: f64,
}

impl Step {
    /// The stronger entrant's score share over the weaker: the games it scored above, a
    /// tie counting half. Where non-winners often tie (Race to the North Pole at four
    /// players), the share above alone would call a stronger entrant weaker than it is.
    pub fn share(&self) -> f64 {
        self.share_above + self.share_tied / 2.0
    }

    /// The share's 95% Wilson interval over the step's games. A tie is half a success, so
    /// the outcomes vary less than Wilson's yes-or-no ones: the interval is conservative.
    pub fn ci(&self) -> (f64, f64) {
        wilson(self.share() * self.games as f64, self.games)
    }

    /// Returns whether the two entrants are told apart: the share's 95% interval lies
    /// wholly above one half.
    pub fn apart(&self) -> bool {
        self.games > 0 && self.ci().0 > 0.5
    }

    /// Returns whether the stronger entrant wins the step clearly: the share's 95%
    /// interval lies wholly above [`CLEAR_SHARE`].
    pub fn clear(&self) -> bool {
        self.games > 0 && self.ci().0 > CLEAR_SHARE
    }
}

/// Returns the index of `name` among the columns of `table` (the file `file`).
pub(super) fn column(table: &Table, file: &str, name: &str) -> Result<usize> {
    table
        .position(name)
        .ok_or_else(|| anyhow!("{file}: no column {name}"))
}

/// Returns the number in `cell` (of the column `name` of `file`), `None` when it is empty.
pub(super) fn number(file: &str, name: &str, cell: &Cell) -> Result<Option<f64>> {
    match cell {
        Cell::Empty => Ok(None),
        other => other
            .number()
            .map(Some)
            .ok_or_else(|| anyhow!("{file}: {name} {} is not a number", shown(other))),
    }
}

/// Returns `cell` as its file writes it, quoted for a message: `"abc"`, `"1.5"`, `""`.
fn shown(cell: &Cell) -> String {
    floe_io::gate::quoted(&cell.to_string())
}

/// Returns the count in `cell` (of the column `name` of `file`).
fn count(file: &str, name: &str, cell: &Cell) -> Result<u64> {
    match cell {
        Cell::Whole(n) => Ok(*n),
        other => Err(anyhow!("{file}: {name} {} is not a count", shown(other))),
    }
}

/// Returns the text in `cell` (of the column `name` of `file`).
fn text<'a>(file: &str, name: &str, cell: &'a Cell) -> Result<&'a str> {
    cell.text()
        .ok_or_else(|| anyhow!("{file}: {name} {} is not a text", shown(cell)))
}

/// Returns the ladder's rungs, weakest first: each entrant's rating from `ratings`
/// (`ratings.csv`) and its step up from the next weaker entrant from `pairwise`
/// (`pairwise.csv`).
///
/// # Errors
/// Fails if a table lacks a column or an entrant, or holds a field that is not a number.
pub fn rungs(ladder: &[String], ratings: &Table, pairwise: &Table) -> Result<Vec<Rung>> {
    let r = |name| column(ratings, RATINGS, name);
    let (bot, rating, low, high) = (r("bot")?, r("rating")?, r("rating_low")?, r("rating_high")?);
    let p = |name| column(pairwise, PAIRWISE, name);
    let (p_bot, p_opp, p_games, p_above, p_tied) = (
        p("bot")?,
        p("opponent")?,
        p("games")?,
        p("share_above")?,
        p("share_tied")?,
    );
    let pair = |a: &str, b: &str| -> Result<Option<&Vec<Cell>>> {
        for row in &pairwise.rows {
            let names = (
                text(PAIRWISE, "bot", &row[p_bot])?,
                text(PAIRWISE, "opponent", &row[p_opp])?,
            );
            if names == (a, b) {
                return Ok(Some(row));
            }
        }
        Ok(None)
    };
    let share = |row: &[Cell], i: usize, name: &str| -> Result<f64> {
        number(PAIRWISE, name, &row[i])?.ok_or_else(|| anyhow!("{PAIRWISE}: an empty {name}"))
    };
    let mut out = Vec::new();
    for (k, name) in ladder.iter().enumerate() {
        let mut row = None;
        for r in &ratings.rows {
            if text(RATINGS, "bot", &r[bot])? == name {
                row = Some(r);
                break;
            }
        }
        let row = row.ok_or_else(|| anyhow!("{RATINGS}: no row for {name}"))?;
        let rating = match (
            number(RATINGS, "rating", &row[rating])?,
            number(RATINGS, "rating_low", &row[low])?,
            number(RATINGS, "rating_high", &row[high])?,
        ) {
            (Some(r), Some(lo), Some(hi)) => Some((r, lo, hi)),
            _ => None,
        };
        let step = match k {
            0 => None,
            _ => {
                let weaker = &ladder[k - 1];
                Some(match (pair(name, weaker)?, pair(weaker, name)?) {
                    (Some(up), Some(down)) => Step {
                        weaker: weaker.clone(),
                        games: count(PAIRWISE, "games", &up[p_games])?,
                        share_above: share(up, p_above, "share_above")?,
                        share_tied: share(up, p_tied, "share_tied")?,
                        weaker_above: share(down, p_above, "share_above")?,
                    },
                    _ => Step {
                        weaker: weaker.clone(),
                        games: 0,
                        share_above: 0.0,
                        share_tied: 0.0,
                        weaker_above: 0.0,
                    },
                })
            }
        };
        out.push(Rung {
            bot: name.clone(),
            rating,
            step,
        });
    }
    Ok(out)
}

/// Returns the skill depth: the steps the stronger entrant wins clearly ([`Step::clear`]:
/// the 95% Wilson interval of its score share over the weaker, a tie counting half, lies
/// wholly above [`CLEAR_SHARE`]). Steps whose entrants never met do not count.
pub fn skill_depth(rungs: &[Rung]) -> usize {
    rungs
        .iter()
        .filter_map(|r| r.step.as_ref())
        .filter(|s| s.clear())
        .count()
}

/// A pooled share with its 95% Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pooled {
    /// The share.
    pub share: f64,
    /// Its 95% Wilson interval.
    pub ci: (f64, f64),
    /// The games it is out of.
    pub games: u64,
}

/// Returns the upset rate: of all games between adjacent entrants (summed over the steps
/// whose entrants met), the share in which the weaker scored above the stronger (a tie is
/// no upset), with its 95% Wilson interval; `None` when no adjacent entrants met. The
/// upsets of a step are its `weaker_above` share times its games (whole counts up to the
/// six decimals `pairwise.csv` keeps, or shares of a seat pair when two entrants hold
/// several seats of one game).
pub fn upset_rate(rungs: &[Rung]) -> Option<Pooled> {
    let steps = rungs.iter().filter_map(|r| r.step.as_ref());
    let (upsets, games) = steps.fold((0.0, 0u64), |(u, g), s| {
        (u + s.weaker_above * s.games as f64, g + s.games)
    });
    (games > 0).then(|| Pooled {
        share: upsets / games as f64,
        ci: wilson(upsets, games),
        games,
    })
}

/// The best seat over the worst, in rating points.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatAdvantage {
    /// The seat with the highest win rate (the first of equals).
    pub best: Cell,
    /// The seat with the lowest win rate (the first of equals, never the best).
    pub worst: Cell,
    /// Their win rates.
    pub rates: (f64, f64),
    /// The advantage in Elo rating points.
    pub points: f64,
    /// Its approximate 95% interval.
    pub ci: (f64, f64),
}

/// Returns the seat advantage from `seats` (`seats.csv`): the best seat's win rate over
/// the worst's, converted to the Elo points of `ratings.csv`.
///
/// **Conversion.** Read who wins a game as a Luce choice among the seats, seat i winning
/// with probability g_i / sum g (the Bradley-Terry model of `ratings.csv` extended to
/// many; for two players it is that model). Two seats then differ by
/// 400 log10(g_best / g_worst) = 400 log10(p_best / p_worst) rating points, with p the
/// seats' win rates (a win shared by k counting 1/k): the best seat is ahead of the worst
/// as an entrant of that many more points is ahead of another, and between the two of them
/// it wins 1 / (1 + 10^(-points / 400)) of the games one of them wins. With two players
/// this is 400 log10(p / (1 - p)), exactly what `ratings.csv` gives two entrants.
///
/// **Interval.** The delta method on the log-ratio of two shares of one multinomial
/// count (Var ln p_i = (1 - p_i) / (n p_i), Cov = -1/n): se = 400 / ln 10 *
/// sqrt((1 / p_best + 1 / p_worst) / n), n the games; points +- 1.96 se. It is approximate:
/// shared wins are fractions, the games of one deal are not independent under duplicate
/// seating, and the best and worst seats are picked by the same data.
///
/// **What it measures.** The seats' win rates are over all the tournament's games, so
/// this is the seat's worth in the ladder's mix of pairings: a pairing that one side wins
/// from any seat shows no difference between seats, so the figure is smaller than the
/// seat's worth between players of equal skill (measure that with one bot in every seat).
///
/// `None` when the worst seat never won (no finite number) or there are fewer than two
/// seats.
///
/// # Errors
/// Fails if the table lacks a column or holds a field that is not a number.
pub fn seat_advantage(seats: &Table) -> Result<Option<SeatAdvantage>> {
    let (seat, games, rate) = (
        column(seats, SEATS, "seat")?,
        column(seats, SEATS, "games")?,
        column(seats, SEATS, "win_rate")?,
    );
    let mut rows = Vec::new();
    for r in &seats.rows {
        let n = count(SEATS, "games", &r[games])?;
        let p = number(SEATS, "win_rate", &r[rate])?
            .ok_or_else(|| anyhow!("{SEATS}: an empty win rate"))?;
        rows.push((r[seat].clone(), n, p));
    }
    let rates: Vec<f64> = rows.iter().map(|r| r.2).collect();
    let Some((best, worst)) = extremes(&rates) else {
        return Ok(None);
    };
    let (pb, pw) = (rows[best].2, rows[worst].2);
    let n = rows[best].1.min(rows[worst].1);
    if pw <= 0.0 || n == 0 {
        return Ok(None);
    }
    let points = ELO * (pb / pw).ln();
    let se = ELO * ((1.0 / pb + 1.0 / pw) / n as f64).sqrt();
    Ok(Some(SeatAdvantage {
        best: rows[best].0.clone(),
        worst: rows[worst].0.clone(),
        rates: (pb, pw),
        points,
        ci: (points - Z95 * se, points + Z95 * se),
    }))
}
