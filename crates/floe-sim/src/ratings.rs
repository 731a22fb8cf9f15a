//! Bradley-Terry ratings of a run's entrants from their head-to-head counts: `ratings.csv`
//! and the block printed under a tournament's standings.
//!
//! **Model.** Entrant i scores above entrant j with probability
//! 1 / (1 + 10^((R_j - R_i) / 400)): ratings R on the Elo scale, anchored so that the
//! entrants' **mean rating is 0** (the model fixes only differences). The wins of i over j
//! are their games in which i scored above j plus half those in which they scored the same
//! (a tie counts half a win each way), and the comparisons of i and j are the games in
//! which both played, each counting once however many seats the two held
//! ([`crate::PairTally`]).
//!
//! **Fit.** Maximum likelihood by the minorisation-maximisation (MM) iteration of Hunter
//! (2004), "MM algorithms for generalized Bradley-Terry models", *The Annals of Statistics*
//! 32(1), 384-406, eq. (3): on natural strengths g_i = exp(R_i ln 10 / 400),
//! g_i <- W_i / sum_j n_ij / (g_i + g_j), with W_i the wins of i and n_ij the comparisons
//! of i and j. Each step raises the likelihood, and the iteration converges whenever the
//! estimate exists; it runs until no log-strength moves by more than [`TOLERANCE`], at most
//! [`MAX_ITERATIONS`] steps, always in the same order, so the same counts give the same
//! bytes. No crate is needed for a problem of a few entrants.
//!
//! **Interval.** A 95% Wald interval, rating +- 1.96 standard errors, from the Fisher
//! information (for Bradley-Terry the observed information equals the expected):
//! entrant 0 is held at 0 to make it invertible, its inverse V is embedded with zeros for
//! entrant 0 and centred to the mean-zero anchor (C V C with C = I - 11'/n). The
//! comparisons within one game of several players are not independent (nor are the games
//! of one deal under duplicate seating), so the interval is approximate.
//!
//! **No finite rating.** The estimate exists only if, however the entrants are split in
//! two, someone on each side scored above (or level with) someone on the other (Hunter's
//! Assumption 1, after Ford 1957). Otherwise some ratings run off to infinity, and with the
//! mean held at 0 so do all the others: no entrant gets a number, and each gets a note
//! instead ([`Unrated`]). Entrants not all linked by a chain of games have no common scale
//! at all, and are noted so.

use std::f64::consts::LN_10;
use std::fmt::Write as _;

use crate::report::RunLabel;
use crate::stats::Z95;
use crate::table::fixed;
use crate::table_row;
use crate::{PAIR_UNITS, Tally};

/// The iteration stops when no log-strength moves by more than this (in natural-log
/// units; an Elo point is 0.0058 of them).
pub const TOLERANCE: f64 = 1e-12;

/// The most MM steps taken before a fit is given up as unsettled.
pub const MAX_ITERATIONS: usize = 100_000;

/// Elo points per unit of natural log-strength.
const ELO: f64 = 400.0 / LN_10;

/// One entrant's rating on the Elo scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (the entrants' mean is 0).
    pub rating: f64,
    /// Its standard error, from the Fisher information.
    pub se: f64,
}

impl Rating {
    /// Returns the 95% Wald interval: the rating +- 1.96 standard errors.
    pub fn interval(&self) -> (f64, f64) {
        (self.rating - Z95 * self.se, self.rating + Z95 * self.se)
    }
}

/// Why an entrant has no rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// The entrants fall into groups that never met: there is no common scale.
    Disconnected,
    /// The entrant never scored below nor level with another: its rating is unbounded.
    NeverLost,
    /// The entrant never scored above nor level with another.
    NeverWon,
    /// Some group of entrants never scored below the rest (nor level), so their ratings are
    /// unbounded, and with the mean held at 0 this one's too.
    Dominated,
    /// The iteration did not settle within [`MAX_ITERATIONS`] steps (or the information
    /// could not be inverted).
    Unsettled,
}

impl Unrated {
    /// Returns the note written in place of the rating.
    pub fn note(self) -> &'static str {
        match self {
            Unrated::Disconnected => {
                "no common scale: the entrants are not all linked by games between them"
            }
            Unrated::NeverLost => "never lost nor tied: no finite rating",
            Unrated::NeverWon => "never won nor tied: no finite rating",
            Unrated::Dominated => "no finite rating: some entrants never lost to the others",
            Unrated::Unsettled => "the fit did not settle: no rating",
        }
    }
}

/// One entrant of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entrant {
    /// Its comparisons: the games against each other entrant, summed over them (a game
    /// with k other entrants counts k times).
    pub comparisons: u64,
    /// Its rating, or why it has none.
    pub rating: Result<Rating, Unrated>,
}

/// The head-to-head counts as the model takes them, for `n` entrants: `wins[i * n + j]`
/// of i over j (ties as half), `games[i * n + j]` the comparisons of i and j.
struct Counts {
    n: usize,
    wins: Vec<f64>,
    games: Vec<f64>,
}

impl Counts {
    fn of(t: &Tally) -> Counts {
        // Twice the wins are a whole number of units, so they are converted in one division.
        let half_units = 2.0 * PAIR_UNITS as f64;
        Counts {
            n: t.bots.len(),
            wins: t
                .pairs
                .iter()
                .map(|p| (2 * p.above_units + p.tied_units) as f64 / half_units)
                .collect(),
            games: t.pairs.iter().map(|p| p.games as f64).collect(),
        }
    }
}

/// Fits the ratings of the entrants of `t` (its bot groups), in their order; none when
/// there are fewer than two (nothing to compare).
pub fn fit(t: &Tally) -> Vec<Entrant> {
    fit_within(t, MAX_ITERATIONS)
}

/// [`fit`] with at most `max_iterations` MM steps.
fn fit_within(t: &Tally, max_iterations: usize) -> Vec<Entrant> {
    let n = t.bots.len();
    if n < 2 {
        return Vec::new();
    }
    let ratings = estimate(&Counts::of(t), max_iterations);
    ratings
        .into_iter()
        .enumerate()
        .map(|(i, rating)| Entrant {
            comparisons: t.pairs[i * n..(i + 1) * n].iter().map(|p| p.games).sum(),
            rating,
        })
        .collect()
}

/// Returns every entrant's rating, or why there are none.
fn estimate(c: &Counts, max_iterations: usize) -> Vec<Result<Rating, Unrated>> {
    let n = c.n;
    let all = |why| vec![Err(why); n];
    if reach(n, |i, j| c.games[i * n + j] > 0.0).contains(&false) {
        return all(Unrated::Disconnected);
    }
    if reach(n, |i, j| c.wins[i * n + j] > 0.0).contains(&false) {
        return (0..n)
            .map(|i| {
                let won = (0..n).any(|j| c.wins[i * n + j] > 0.0);
                let lost = (0..n).any(|j| c.wins[j * n + i] > 0.0);
                Err(match (won, lost) {
                    (true, false) => Unrated::NeverLost,
                    (false, true) => Unrated::NeverWon,
                    _ => Unrated::Dominated,
                })
            })
            .collect();
    }
    let Some(theta) = strengths(c, max_iterations) else {
        return all(Unrated::Unsettled);
    };
    let Some(variances) = variances(c, &theta) else {
        return all(Unrated::Unsettled);
    };
    theta
        .iter()
        .zip(variances)
        .map(|(t, v)| {
            Ok(Rating {
                rating: ELO * t,
                se: ELO * v.sqrt(),
            })
        })
        .collect()
}

/// Returns which entrant reaches which along `edge` (itself included), as `n * n` flags:
/// Warshall's transitive closure.
fn reach(n: usize, edge: impl Fn(usize, usize) -> bool) -> Vec<bool> {
    let mut r: Vec<bool> = (0..n * n)
        .map(|k| k / n == k % n || edge(k / n, k % n))
        .collect();
    for k in 0..n {
        for i in 0..n {
            if r[i * n + k] {
                for j in 0..n {
                    r[i * n + j] |= r[k * n + j];
                }
            }
        }
    }
    r
}

/// Returns the log-strengths (mean 0) by Hunter's MM iteration, or `None` if they did not
/// settle within `max_iterations` steps. Every entrant must have won something and be
/// linked to every other (checked by the caller), so no step divides by zero.
fn strengths(c: &Counts, max_iterations: usize) -> Option<Vec<f64>> {
    let n = c.n;
    let won: Vec<f64> = (0..n)
        .map(|i| c.wins[i * n..(i + 1) * n].iter().sum())
        .collect();
    let mut theta = vec![0.0; n];
    for _ in 0..max_iterations {
        let g: Vec<f64> = theta.iter().map(|x: &f64| x.exp()).collect();
        let mut next: Vec<f64> = (0..n)
            .map(|i| {
                let d: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| c.games[i * n + j] / (g[i] + g[j]))
                    .sum();
                (won[i] / d).ln()
            })
            .collect();
        let mean = next.iter().sum::<f64>() / n as f64;
        next.iter_mut().for_each(|x| *x -= mean);
        let step = next
            .iter()
            .zip(&theta)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        theta = next;
        if step <= TOLERANCE {
            return Some(theta);
        }
    }
    None
}

/// Returns the variances of the mean-zero log-strengths `theta`: the Fisher information
/// of entrants 1.. (entrant 0 held at 0) inverted, embedded and centred, of which the
/// diagonal of C V C is V_ii - 2 r_i + r, with r_i the mean of row i of V and r the mean
/// of V. `None` if the information cannot be inverted.
fn variances(c: &Counts, theta: &[f64]) -> Option<Vec<f64>> {
    let (n, m) = (c.n, c.n - 1);
    let mut info = vec![0.0; m * m];
    for i in 1..n {
        for j in (0..n).filter(|&j| j != i) {
            let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
            let w = c.games[i * n + j] * p * (1.0 - p);
            info[(i - 1) * m + (i - 1)] += w;
            if j > 0 {
                info[(i - 1) * m + (j - 1)] -= w;
            }
        }
    }
    let inverse = invert(info, m)?;
    let v = |i: usize, j: usize| match i == 0 || j == 0 {
        true => 0.0,
        false => inverse[(i - 1) * m + (j - 1)],
    };
    let row_means: Vec<f64> = (0..n)
        .map(|i| (0..n).map(|j| v(i, j)).sum::<f64>() / n as f64)
        .collect();
    let mean = row_means.iter().sum::<f64>() / n as f64;
    Some(
        (0..n)
            .map(|i| v(i, i) - 2.0 * row_means[i] + mean)
            .collect(),
    )
}

/// Inverts the `m x m` matrix `a` (row-major) by Gauss-Jordan elimination with partial
/// pivoting; `None` if it is singular.
fn invert(mut a: Vec<f64>, m: usize) -> Option<Vec<f64>> {
    let mut inverse: Vec<f64> = (0..m * m)
        .map(|k| if k / m == k % m { 1.0 } else { 0.0 })
        .collect();
    for col in 0..m {
        let pivot =
            (col..m).max_by(|&r, &s| a[r * m + col].abs().total_cmp(&a[s * m + col].abs()))?;
        let d = a[pivot * m + col];
        if d == 0.0 || !d.is_finite() {
            return None;
        }
        for k in 0..m {
            a.swap(col * m + k, pivot * m + k);
            inverse.swap(col * m + k, pivot * m + k);
        }
        for k in 0..m {
            a[col * m + k] /= d;
            inverse[col * m + k] /= d;
        }
        for r in (0..m).filter(|&r| r != col) {
            let f = a[r * m + col];
            for k in 0..m {
                a[r * m + k] -= f * a[col * m + k];
                inverse[r * m + k] -= f * inverse[col * m + k];
            }
        }
    }
    Some(inverse)
}

table_row! {
    /// One entrant's rating (`ratings.csv`).
    pub struct RatingRow {
        /// bot spec as written
        pub bot: String,
        /// the games against each other entrant, summed over them (a game with k other entrants counts k times): what the rating is fitted from
        pub comparisons: u64,
        /// Bradley-Terry rating on the Elo scale (P(bot scores above another) = 1/(1+10^(-difference/400)), ties as half), the entrants' mean 0; empty when none is finite (see note)
        pub rating: Option<f64>,
        /// standard error of the rating, from the Fisher information (approximate: the comparisons within one game are not independent)
        pub rating_se: Option<f64>,
        /// lower end of the rating's 95% Wald interval
        pub rating_low: Option<f64>,
        /// upper end of the rating's 95% Wald interval
        pub rating_high: Option<f64>,
        /// why the rating is empty (no finite estimate, or entrants with no common scale), else empty
        pub note: Option<String>,
    }
}

/// Returns `ratings.csv`: per entrant (in the run's order) its comparisons, Bradley-Terry
/// rating on the Elo scale (mean 0), standard error and 95% Wald interval; an entrant
/// without a finite rating has these fields empty and a note saying why. No rows for
/// fewer than two entrants.
pub fn ratings(label: &RunLabel, t: &Tally) -> Vec<RatingRow> {
    let mut rows = Vec::new();
    for (bot, e) in label.bot_groups.iter().zip(fit(t)) {
        let (fitted, note) = match e.rating {
            Ok(r) => (Some((r, r.interval())), None),
            Err(why) => (None, Some(why.note().to_string())),
        };
        rows.push(RatingRow {
            bot: bot.clone(),
            comparisons: e.comparisons,
            rating: fitted.map(|f| f.0.rating),
            rating_se: fitted.map(|f| f.0.se),
            rating_low: fitted.map(|f| f.1.0),
            rating_high: fitted.map(|f| f.1.1),
            note,
        });
    }
    rows
}

/// Returns the ratings block printed under a tournament's standings: the best rating
/// first, entrants without one after them (in the run's order) with the note; empty for
/// fewer than two entrants.
pub fn ratings_text(label: &RunLabel, t: &Tally) -> String {
    let entrants = fit(t);
    let mut s = String::new();
    if entrants.is_empty() {
        return s;
    }
    let key = |i: usize| entrants[i].rating.map_or(f64::NEG_INFINITY, |r| r.rating);
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by(|&a, &b| key(b).total_cmp(&key(a)));
    let _ = writeln!(
        s,
        "\nBradley-Terry ratings (Elo scale, mean 0; 95% Wald interval):"
    );
    let _ = writeln!(
        s,
        "{:<28} {:>10} {:>8} {:>19}",
        "bot", "rating", "se", "95% CI"
    );
    for i in order {
        let bot = &label.bot_groups[i];
        let _ = match entrants[i].rating {
            Ok(r) => {
                let (lo, hi) = r.interval();
                let ci = format!("{} to {}", fixed(lo, 1), fixed(hi, 1));
                writeln!(
                    s,
                    "{bot:<28} {:>10} {:>8} {ci:>19}",
                    fixed(r.rating, 1),
                    fixed(r.se, 1)
                )
            }
            Err(why) => writeln!(
                s,
                "{bot:<28} {:>10} {:>8} {:>19}  {}",
                "-",
                "-",
                "-",
                why.note()
            ),
        };
    }
    s
}

#[cfg(test)]
mod tests {
    use floe_core::Outcome;

    use super::*;
    use crate::{GameRecord, PairTally};

    /// Returns a tally of `n` entrants with only head-to-head counts: per pair (a, b), the
    /// games in which a scored above b, b above a, and both the same.
    fn tally_of(n: usize, pairs: &[(usize, usize, u64, u64, u64)]) -> Tally {
        let mut t = Tally::new(0, n);
        for &(a, b, above, below, tied) in pairs {
            let games = above + below + tied;
            let pair = |above: u64| PairTally {
                games,
                above_units: above * PAIR_UNITS,
                tied_units: tied * PAIR_UNITS,
            };
            t.pairs[a * n + b] = pair(above);
            t.pairs[b * n + a] = pair(below);
        }
        t
    }

    fn rated(t: &Tally) -> Vec<Rating> {
        fit(t).iter().map(|e| e.rating.unwrap()).collect()
    }

    #[test]
    fn two_entrants_differ_by_400_log10_of_wins_over_losses() {
        for (above, below, tied) in [(7, 3, 2), (1, 1, 0), (50, 1, 9), (2, 9, 1), (0, 0, 3)] {
            let r = rated(&tally_of(2, &[(0, 1, above, below, tied)]));
            let (wins, losses) = (
                above as f64 + tied as f64 / 2.0,
                below as f64 + tied as f64 / 2.0,
            );
            let diff = 400.0 * (wins / losses).log10();
            assert!((r[0].rating - r[1].rating - diff).abs() < 1e-9, "{r:?}");
            assert!((r[0].rating - diff / 2.0).abs() < 1e-9, "{r:?}");
            assert!((r[1].rating + diff / 2.0).abs() < 1e-9, "{r:?}");
            // The difference has variance 1 / (n p (1 - p)); each rating, half of it.
            let (n, p) = (wins + losses, wins / (wins + losses));
            let se = ELO / 2.0 / (n * p * (1.0 - p)).sqrt();
            for x in &r {
                assert!((x.se - se).abs() < 1e-9 * se, "{r:?}");
            }
        }
    }

    /// Parses the rows of a committed fixture file, after its header.
    fn rows(text: &str) -> Vec<Vec<f64>> {
        text.lines()
            .skip(1)
            .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
            .collect()
    }

    #[test]
    fn the_fixture_gives_the_ratings_of_choix_and_the_errors_of_statsmodels() {
        let counts = rows(include_str!("../tests/fixtures/bradley-terry/counts.csv"));
        let pairs: Vec<_> = counts
            .iter()
            .map(|r| {
                (
                    r[0] as usize,
                    r[1] as usize,
                    r[2] as u64,
                    r[3] as u64,
                    r[4] as u64,
                )
            })
            .collect();
        let got = rated(&tally_of(5, &pairs));
        let expected = rows(include_str!("../tests/fixtures/bradley-terry/expected.csv"));
        assert_eq!(got.len(), expected.len());
        for (r, e) in got.iter().zip(&expected) {
            assert!((r.rating - e[1]).abs() < 1e-6, "{r:?} vs {e:?}");
            assert!((r.se - e[2]).abs() < 1e-6 * e[2], "{r:?} vs {e:?}");
        }
    }

    fn notes(t: &Tally) -> Vec<Result<Rating, Unrated>> {
        fit(t).iter().map(|e| e.rating).collect()
    }

    #[test]
    fn an_entrant_that_never_lost_leaves_every_rating_unbounded() {
        use Unrated::*;
        // Entrant 0 beat 1 and 2 and never lost or tied; 1 and 2 split their games.
        let t = tally_of(3, &[(0, 1, 4, 0, 0), (0, 2, 2, 0, 0), (1, 2, 3, 2, 1)]);
        assert_eq!(notes(&t), [Err(NeverLost), Err(Dominated), Err(Dominated)]);
        // A tie is half a loss: then every rating is finite.
        let t = tally_of(3, &[(0, 1, 4, 0, 1), (0, 2, 2, 0, 0), (1, 2, 3, 2, 1)]);
        assert!(notes(&t).iter().all(Result::is_ok));
        // Entrant 2 never won nor tied.
        let t = tally_of(3, &[(0, 1, 4, 1, 0), (0, 2, 2, 0, 0), (1, 2, 3, 0, 0)]);
        assert_eq!(notes(&t), [Err(Dominated), Err(Dominated), Err(NeverWon)]);
    }

    #[test]
    fn a_group_that_never_lost_to_the_rest_has_no_finite_rating_nor_has_the_rest() {
        // 0 and 1 split their games, as do 2 and 3, but 0 and 1 always beat 2 and 3: nobody
        // is unbeaten, yet no finite ratings fit.
        let t = tally_of(
            4,
            &[
                (0, 1, 3, 2, 0),
                (2, 3, 1, 4, 0),
                (0, 2, 2, 0, 0),
                (1, 3, 5, 0, 0),
            ],
        );
        assert_eq!(notes(&t), vec![Err(Unrated::Dominated); 4]);
    }

    #[test]
    fn entrants_not_linked_by_games_are_not_put_on_one_scale() {
        // Two pairs that never met; and an entrant that met nobody.
        let t = tally_of(4, &[(0, 1, 3, 2, 0), (2, 3, 1, 4, 0)]);
        assert_eq!(notes(&t), vec![Err(Unrated::Disconnected); 4]);
        let t = tally_of(3, &[(0, 1, 3, 2, 0)]);
        assert_eq!(notes(&t), vec![Err(Unrated::Disconnected); 3]);
        assert_eq!(fit(&t)[2].comparisons, 0);
    }

    #[test]
    fn a_fit_that_does_not_settle_is_named_and_one_entrant_has_nothing_to_compare() {
        let t = tally_of(3, &[(0, 1, 3, 2, 0), (1, 2, 1, 4, 2), (0, 2, 5, 5, 0)]);
        let unsettled = fit_within(&t, 2);
        assert!(
            unsettled
                .iter()
                .all(|e| e.rating == Err(Unrated::Unsettled))
        );
        assert!(fit(&t).iter().all(|e| e.rating.is_ok()));
        assert_eq!(fit(&Tally::new(0, 1)), []);
    }

    fn game(scores: &[i32]) -> GameRecord {
        GameRecord {
            index: 0,
            seed: 0,
            outcome: Outcome::with_scores(scores, 0b001),
            colours: [0, 1, 2, 3, 4, 5],
            arc: Default::default(),
        }
    }

    fn label_of(bots: &[&str]) -> RunLabel {
        RunLabel {
            game: "arctic-race".into(),
            rules: "classic".into(),
            players: 3,
            bots: bots.join(","),
            dealing: crate::Dealing {
                seed: 1,
                ..crate::Dealing::default()
            },
            bot_groups: bots.iter().map(|b| (*b).to_string()).collect(),
            bot_of_seat: vec![0, 1, 2],
            arc: false,
        }
    }

    fn csv(rows: Vec<RatingRow>) -> String {
        let mut bytes = Vec::new();
        crate::table::Table::of(rows).write(&mut bytes).unwrap();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn ratings_csv_of_played_games() {
        // Three entrants, one seat each: a beats b 2.5 to 1.5 (a tie in the third game),
        // and a and b each split their games with c.
        let mut t = Tally::new(6, 3);
        for scores in [[5, 3, 1], [2, 6, 4], [3, 3, 7], [4, 1, 2]] {
            t.record(&game(&scores), &[0, 1, 2]);
        }
        let label = label_of(&["a", "b", "c"]);
        // Expected values from an independent Newton solve of the same likelihood.
        assert_eq!(
            csv(ratings(&label, &t)),
            "bot,comparisons,rating,rating_se,rating_low,rating_high,note\n\
             a,8,29.156194,82.611761,-132.759882,191.072270,\n\
             b,8,-29.156194,82.611761,-191.072270,132.759882,\n\
             c,8,0.000000,82.179873,-161.069591,161.069591,\n"
        );
        let text = ratings_text(&label, &t);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1..],
            [
                "Bradley-Terry ratings (Elo scale, mean 0; 95% Wald interval):",
                "bot                              rating       se              95% CI",
                "a                                  29.2     82.6     -132.8 to 191.1",
                "c                                   0.0     82.2     -161.1 to 161.1",
                "b                                 -29.2     82.6     -191.1 to 132.8",
            ]
        );
        // c never won a game: no entrant is rated.
        let mut t = Tally::new(6, 3);
        for scores in [[5, 3, 1], [2, 6, 1], [3, 3, 1]] {
            t.record(&game(&scores), &[0, 1, 2]);
        }
        let table = csv(ratings(&label, &t));
        assert!(
            table.ends_with("\nc,6,,,,,never won nor tied: no finite rating\n"),
            "{table}"
        );
        assert!(ratings_text(&label, &t).contains(
            "\nc                                     -        -                   -  never won nor tied: no finite rating\n"
        ));
        assert_eq!(
            csv(ratings(&label_of(&["a"]), &Tally::new(6, 1)))
                .lines()
                .count(),
            1
        );
    }
}
