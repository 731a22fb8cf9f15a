//! Statistics from counts: rates with Wilson intervals, means and standard deviations,
//! quantiles from histograms, and the chi-square test of equal shares.
//!
//! Everything here takes summed counts, never averaged rates, so statistics of a merged
//! run are computed exactly as those of a run done in one piece.

use statrs::distribution::{ChiSquared, Continuous, ContinuousCDF, Normal};
use std::sync::Mutex;

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The standard normal's two-sided critical value at level `alpha` (1.96 at 0.05): the
/// half-width, in standard errors, of a `1 - alpha` interval.
pub fn two_sided_z(alpha: f64) -> f64 {
    Normal::standard().inverse_cdf(1.0 - alpha / 2.0)
}

/// Returns the 95% Wilson score interval for `successes` out of `trials`
/// (successes may be fractional, as shared wins are). `(0, 1)` when `trials` is 0.
///
/// # Examples
/// ```
/// let (lo, hi) = floe_sim::stats::wilson(50.0, 100);
/// assert!((lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4);
/// ```
pub fn wilson(successes: f64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes / n;
    let z2 = Z95 * Z95;
    let centre = p + z2 / (2.0 * n);
    let spread = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let denom = 1.0 + z2 / n;
    (
        ((centre - spread) / denom).max(0.0),
        ((centre + spread) / denom).min(1.0),
    )
}

/// Returns the mean of `n` values with sum `sum` (0 when `n` is 0).
pub fn mean(sum: f64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// Returns the sample standard deviation (n - 1 in the denominator) of `n` integers from
/// their sum and sum of squares, computed exactly in integers before the one division.
pub fn sd_from_sums(sum: u64, sq_sum: u128, n: u64) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let (n, sum) = (u128::from(n), u128::from(sum));
    let numerator = n * sq_sum - sum * sum;
    (numerator as f64 / (n * (n - 1)) as f64).sqrt()
}

/// Returns the sample standard deviation (n - 1 in the denominator) of `n` signed integers
/// from their sum and sum of squares: exactly in integers before the one division while
/// the products fit, else in floating point. 0 when `n` is below 2.
pub fn sd_from_signed_sums(sum: i128, sq_sum: u128, n: u64) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let n128 = u128::from(n);
    let exact = n128
        .checked_mul(sq_sum)
        .zip(sum.unsigned_abs().checked_mul(sum.unsigned_abs()))
        .and_then(|(a, b)| a.checked_sub(b));
    let numerator = match exact {
        Some(x) => x as f64,
        None => (n as f64 * sq_sum as f64 - (sum as f64) * (sum as f64)).max(0.0),
    };
    (numerator / (n128 * (n128 - 1)) as f64).sqrt()
}

/// Returns the mean of `n` values and its 95% interval by the normal approximation (mean
/// +- 1.96 standard errors, the sample standard deviation over the square root of `n`),
/// from their exact sums, all divided by `scale` (the values' fixed-point unit).
/// `(mean, sd, low, high)`; the interval is the mean alone when `n` is below 2.
pub fn mean_interval(sum: i128, sq_sum: u128, n: u64, scale: u32) -> (f64, f64, f64, f64) {
    let scale = f64::from(scale);
    let m = mean(sum as f64, n) / scale;
    let sd = sd_from_signed_sums(sum, sq_sum, n) / scale;
    let half = if n < 2 {
        0.0
    } else {
        Z95 * sd / (n as f64).sqrt()
    };
    (m, sd, m - half, m + half)
}

/// A chi-square goodness-of-fit test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChiSquare {
    /// The statistic: the sum over groups of (observed - expected)^2 / expected.
    pub chi2: f64,
    /// Degrees of freedom: groups - 1.
    pub df: u32,
    /// The probability of a statistic at least this large if the shares were equal.
    pub p_value: f64,
}

/// Tests whether `observed` counts (which may be fractional, as shared wins are) are
/// consistent with shares proportional to `weights` (for seats of a game, where every
/// seat plays every game, all weights are equal; for colours dealt at random, a colour's
/// weight is the number of seat-games it was played in). Groups of weight 0 are left out.
/// `None` when fewer than two groups remain or nothing was observed.
///
/// # Examples
/// ```
/// // 60 wins spread 30/20/10 over three seats that played equally often.
/// let t = floe_sim::stats::chi_square(&[30.0, 20.0, 10.0], &[1.0, 1.0, 1.0]).unwrap();
/// assert_eq!((t.chi2, t.df), (10.0, 2));
/// assert!((t.p_value - 0.006738).abs() < 1e-6);
/// ```
pub fn chi_square(observed: &[f64], weights: &[f64]) -> Option<ChiSquare> {
    let groups: Vec<(f64, f64)> = observed
        .iter()
        .zip(weights)
        .filter(|&(_, &w)| w > 0.0)
        .map(|(&o, &w)| (o, w))
        .collect();
    let total: f64 = groups.iter().map(|g| g.0).sum();
    let weight: f64 = groups.iter().map(|g| g.1).sum();
    if groups.len() < 2 || total <= 0.0 {
        return None;
    }
    let chi2 = groups
        .iter()
        .map(|&(o, w)| {
            let expected = total * w / weight;
            (o - expected).powi(2) / expected
        })
        .sum::<f64>();
    let df = groups.len() as u32 - 1;
    let dist = ChiSquared::new(f64::from(df)).expect("df is at least 1");
    Some(ChiSquare {
        chi2,
        df,
        p_value: dist.sf(chi2),
    })
}

/// Returns the `q` quantile (0 to 1) of the values counted in `histogram` (bucket i holds
/// the count of value i): the smallest value with at least a share `q` of the counts at or
/// below it. 0 for an empty histogram.
///
/// # Examples
/// ```
/// // Values 1, 1, 2, 5.
/// let h = [0, 2, 1, 0, 0, 1];
/// assert_eq!(floe_sim::stats::quantile(&h, 0.5), 1);
/// assert_eq!(floe_sim::stats::quantile(&h, 0.75), 2);
/// assert_eq!(floe_sim::stats::quantile(&h, 1.0), 5);
/// ```
pub fn quantile(histogram: &[u64], q: f64) -> usize {
    quantile_of_counts(histogram.iter().copied().enumerate(), q)
}

/// Returns the `q` quantile (0 to 1) of values given as (value, count) in increasing
/// value, as [`quantile`] does for a histogram: for counts that are partly sparse (a
/// histogram array plus a list of rare large values).
///
/// # Examples
/// ```
/// // Values 1, 1, 2, 300.
/// let counts = [(1, 2), (2, 1), (300, 1)];
/// assert_eq!(floe_sim::stats::quantile_of_counts(counts.into_iter(), 1.0), 300);
/// ```
pub fn quantile_of_counts(counts: impl Iterator<Item = (usize, u64)> + Clone, q: f64) -> usize {
    let total: u64 = counts.clone().map(|(_, n)| n).sum();
    let needed = ((q * total as f64).ceil() as u64).max(1);
    let mut seen = 0;
    for (value, count) in counts {
        seen += count;
        if seen >= needed {
            return value;
        }
    }
    0
}

/// Returns the indices of the highest and the lowest of `values` (each the first of
/// equals, the lowest never the highest), `None` for fewer than two values: the best and
/// worst seat by win rate.
pub fn extremes(values: &[f64]) -> Option<(usize, usize)> {
    if values.len() < 2 {
        return None;
    }
    let best = (0..values.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
    let worst =
        (0..values.len())
            .filter(|&i| i != best)
            .fold(None, |w: Option<usize>, i| match w {
                Some(w) if values[w] <= values[i] => Some(w),
                _ => Some(i),
            })?;
    Some((best, worst))
}

/// Returns Holm's step-down adjustment of the p-values `p` of a family of tests, in the
/// order given: with the m values sorted ascending, the k-th (from 0) becomes
/// `min(1, (m - k) p)`, raised to the largest such value before it so the order holds.
/// A test whose adjusted value is below a level is significant at that level with the
/// chance of any false alarm in the family kept to the level (family-wise), whatever the
/// tests' dependence: Floe uses it because one unfair-looking cell among many is exactly
/// the false alarm a designer must not act on.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (k, &i) in order.iter().enumerate() {
        running = running.max(((m - k) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// Returns the Benjamini-Hochberg adjustment of the p-values `p`, in the order given: with
/// the m values sorted ascending, the k-th (from 1) becomes `min(1, m p / k)`, lowered to
/// the smallest such value after it so the order holds. A test whose adjusted value is
/// below a level is a discovery with the expected share of false ones among all the
/// discoveries kept to the level (for independent or positively dependent tests): kinder
/// than [`holm`] to a study that asks many questions and can afford a few wrong answers.
pub fn benjamini_hochberg(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 1.0;
    for (k, &i) in order.iter().enumerate().rev() {
        running = running.min((m as f64 * p[i] / (k + 1) as f64).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// Returns the seat spread (best seat's win rate minus the worst's) that a perfectly fair
/// game of `seats` seats exceeds with chance `level` in a run of `games` games (0.05: it
/// stays below in 95% of runs): the **noise floor** of a seat-spread chart, drawn at the
/// level the answer holds one cell's test to. Computed from the normal approximation to
/// the multinomial count of wins (one winner a game, each seat with chance 1/N): with
/// equal chances the shares' deviations are those of N independent normals of variance
/// (1/N)/games less their mean, so the spread is sqrt((1/N)/games) times the range of N
/// standard normals, whose 1 - `level` point [`normal_range_quantile`] gives. Shared
/// wins, which this ignores, only narrow it.
pub fn noise_floor(seats: usize, games: u64, level: f64) -> f64 {
    if seats < 2 || games == 0 {
        return 0.0;
    }
    let share = 1.0 / seats as f64;
    normal_range_quantile(seats, 1.0 - level) * (share / games as f64).sqrt()
}

/// Returns the `q` quantile of the range (largest minus smallest) of `n` independent
/// standard normal values, from its distribution function
/// P(R <= r) = n * integral of phi(x) (Phi(x + r) - Phi(x))^(n - 1) dx, integrated by
/// Simpson's rule and inverted by bisection.
///
/// Each answer is kept for the rest of the process: a sweep's charts ask for the same few
/// (seats, level) pairs once a cell, and each costs a quarter of a million evaluations of
/// the normal distribution.
pub fn normal_range_quantile(n: usize, q: f64) -> f64 {
    static KNOWN: Mutex<Vec<(usize, u64, f64)>> = Mutex::new(Vec::new());
    let key = (n, q.to_bits());
    let known = |k: &[(usize, u64, f64)]| k.iter().find(|e| (e.0, e.1) == key).map(|e| e.2);
    if let Some(r) = known(&KNOWN.lock().unwrap_or_else(|e| e.into_inner())) {
        return r;
    }
    let r = integrate_range_quantile(n, q);
    KNOWN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((key.0, key.1, r));
    r
}

/// [`normal_range_quantile`] worked out afresh.
fn integrate_range_quantile(n: usize, q: f64) -> f64 {
    let z = Normal::standard();
    let cdf = |r: f64| {
        let (lo, hi, steps) = (-9.0_f64, 9.0_f64, 2000);
        let h = (hi - lo) / steps as f64;
        let f = |x: f64| z.pdf(x) * (z.cdf(x + r) - z.cdf(x)).powi(n as i32 - 1);
        let inner: f64 = (1..steps)
            .map(|k| f(lo + k as f64 * h) * if k % 2 == 1 { 4.0 } else { 2.0 })
            .sum();
        n as f64 * h / 3.0 * (f(lo) + inner + f(hi))
    };
    let (mut lo, mut hi) = (0.0_f64, 12.0_f64);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if cdf(mid) < q { lo = mid } else { hi = mid }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_interval_is_the_normal_approximation() {
        // Values -1, 2, 5: mean 2, sample sd 3, half-width 1.96 * 3 / sqrt(3).
        let (sum, sq, n) = (6i128, 1 + 4 + 25u128, 3);
        assert_eq!(sd_from_signed_sums(sum, sq, n), 3.0);
        let (m, sd, lo, hi) = mean_interval(sum, sq, n, 1);
        let half = Z95 * 3.0 / 3f64.sqrt();
        assert_eq!((m, sd), (2.0, 3.0));
        assert!((lo - (2.0 - half)).abs() < 1e-12 && (hi - (2.0 + half)).abs() < 1e-12);
        // In units of 1/60: the same values scaled.
        let (m, sd, _, _) = mean_interval(sum * 60, sq * 3600, n, 60);
        assert_eq!((m, sd), (2.0, 3.0));
        assert_eq!(mean_interval(7, 49, 1, 1), (7.0, 0.0, 7.0, 7.0));
        // Sums past the exact products fall back to floating point.
        let big = i128::MAX / 4;
        assert!(sd_from_signed_sums(big, u128::MAX, 4).is_finite());
    }

    #[test]
    fn holm_and_benjamini_hochberg_match_a_hand_worked_example() {
        // p = 0.01, 0.04, 0.03, 0.005; sorted: 0.005, 0.01, 0.03, 0.04 (m = 4).
        // Holm: 4 x 0.005 = 0.02, 3 x 0.01 = 0.03, 2 x 0.03 = 0.06, 1 x 0.04 = 0.04 raised
        // to 0.06. Benjamini-Hochberg: 4/1 x 0.005 = 0.02, 4/2 x 0.01 = 0.02,
        // 4/3 x 0.03 = 0.04, 4/4 x 0.04 = 0.04, each lowered to the least after it.
        let p = [0.01, 0.04, 0.03, 0.005];
        let close = |a: Vec<f64>, b: [f64; 4]| {
            assert!(
                a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12),
                "{a:?} {b:?}"
            );
        };
        close(holm(&p), [0.03, 0.06, 0.06, 0.02]);
        close(benjamini_hochberg(&p), [0.02, 0.04, 0.04, 0.02]);
        // A late small value lowers the earlier ones, and nothing passes 1.
        close(
            benjamini_hochberg(&[0.9, 0.8, 0.7, 0.04]),
            [0.9, 0.9, 0.9, 0.16],
        );
        assert!(benjamini_hochberg(&[]).is_empty());
    }

    #[test]
    fn wilson_matches_published_values() {
        // Wilson (1927) / Newcombe (1998), example: 81 of 263 gives 0.2553 .. 0.3662.
        let (lo, hi) = wilson(81.0, 263);
        assert!((lo - 0.2553).abs() < 5e-5, "{lo}");
        assert!((hi - 0.3662).abs() < 5e-5, "{hi}");
        // Newcombe (1998) example: 0 of 10 gives 0 .. 0.2775.
        let (lo, hi) = wilson(0.0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 5e-5, "{hi}");
        assert_eq!(wilson(3.0, 0), (0.0, 1.0));
    }

    #[test]
    fn sd_from_sums_matches_the_two_pass_formula() {
        let xs = [3u64, 7, 7, 19, 24];
        let sum: u64 = xs.iter().sum();
        let sq: u128 = xs.iter().map(|&x| u128::from(x * x)).sum();
        let m = sum as f64 / 5.0;
        let var = xs.iter().map(|&x| (x as f64 - m).powi(2)).sum::<f64>() / 4.0;
        assert!((sd_from_sums(sum, sq, 5) - var.sqrt()).abs() < 1e-12);
        assert_eq!(sd_from_sums(4, 16, 1), 0.0);
        assert_eq!(mean(10.0, 4), 2.5);
    }

    #[test]
    fn chi_square_matches_published_values() {
        // Pearson's test on a fair die rolled 60 times with counts 5, 8, 9, 8, 10, 20:
        // chi2 = 13.4, df = 5, p = 0.0199 (a standard textbook example).
        let t = chi_square(&[5.0, 8.0, 9.0, 8.0, 10.0, 20.0], &[1.0; 6]).unwrap();
        assert!((t.chi2 - 13.4).abs() < 1e-9, "{t:?}");
        assert_eq!(t.df, 5);
        assert!((t.p_value - 0.019_905).abs() < 1e-5, "{t:?}");
        // Critical values: chi2 = 3.841459 with df 1 and 5.991465 with df 2 have p = 0.05.
        let one = chi_square(
            &[
                50.0 + 3.841_459_f64.sqrt() * 5.0,
                50.0 - 3.841_459_f64.sqrt() * 5.0,
            ],
            &[1.0, 1.0],
        )
        .unwrap();
        assert!((one.p_value - 0.05).abs() < 1e-6, "{one:?}");
        // Unequal weights: expected 25, 75; observed exactly that gives chi2 0 and p 1.
        let fit = chi_square(&[25.0, 75.0], &[1.0, 3.0]).unwrap();
        assert!(fit.chi2.abs() < 1e-12 && (fit.p_value - 1.0).abs() < 1e-12);
    }

    #[test]
    fn chi_square_leaves_out_unplayed_groups_and_needs_two() {
        let t = chi_square(&[10.0, 0.0, 30.0], &[1.0, 0.0, 1.0]).unwrap();
        assert_eq!(t.df, 1);
        assert!((t.chi2 - 10.0).abs() < 1e-12);
        assert_eq!(chi_square(&[10.0, 0.0], &[1.0, 0.0]), None);
        assert_eq!(chi_square(&[0.0, 0.0], &[1.0, 1.0]), None);
    }

    #[test]
    fn quantiles_come_from_the_counts() {
        // Values 3 (x10), 4 (x30), 7 (x60).
        let mut h = [0u64; 8];
        (h[3], h[4], h[7]) = (10, 30, 60);
        assert_eq!(quantile(&h, 0.1), 3);
        assert_eq!(quantile(&h, 0.11), 4);
        assert_eq!(quantile(&h, 0.4), 4);
        assert_eq!(quantile(&h, 0.5), 7);
        assert_eq!(quantile(&h, 0.0), 3);
        assert_eq!(quantile(&[0; 4], 0.5), 0);
    }

    #[test]
    fn holm_adjusts_as_the_step_down_method_does() {
        // Worked by hand: sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 give 0.02, 0.03,
        // 0.06, 0.04, the last raised to 0.06 to keep the order (R's p.adjust agrees).
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.005]);
        let expected = [0.03, 0.06, 0.06, 0.02];
        for (a, e) in adjusted.iter().zip(expected) {
            assert!((a - e).abs() < 1e-12, "{adjusted:?}");
        }
        assert_eq!(holm(&[0.5, 0.9]), vec![1.0, 1.0]);
        assert_eq!(holm(&[0.2]), vec![0.2]);
        assert!(holm(&[]).is_empty());
    }

    #[test]
    fn the_range_of_normals_matches_the_studentized_range_table() {
        // The 95% points of the studentized range with infinite degrees of freedom (the
        // range of n standard normals), as printed tables give them to two decimals.
        for (n, table) in [(2, 2.77), (3, 3.31), (4, 3.63), (5, 3.86), (6, 4.03)] {
            let r = normal_range_quantile(n, 0.95);
            assert!((r - table).abs() < 0.006, "{n}: {r} against {table}");
        }
        // For two seats the range is |Z1 - Z2|, sqrt(2) |Z|: exactly 1.95996 sqrt(2).
        assert!((normal_range_quantile(2, 0.95) - 1.959964 * 2f64.sqrt()).abs() < 1e-4);
    }

    #[test]
    fn a_fair_game_stays_under_its_noise_floor_nineteen_times_in_twenty() {
        // Simulated fair 4-seat runs of 400 games (fixed seed): the share of runs whose
        // spread exceeds the floor is near 5%.
        use rand::{RngExt, SeedableRng};
        let mut rng = floe_core::FloeRng::seed_from_u64(7);
        let (seats, games, runs) = (4, 400u64, 4000);
        let floor = noise_floor(seats, games, 0.05);
        let over = (0..runs)
            .filter(|_| {
                let mut wins = [0u64; 4];
                for _ in 0..games {
                    wins[rng.random_range(0..seats)] += 1;
                }
                let (lo, hi) = (wins.iter().min().unwrap(), wins.iter().max().unwrap());
                (hi - lo) as f64 / games as f64 > floor
            })
            .count();
        let share = over as f64 / runs as f64;
        assert!(
            (0.035..0.065).contains(&share),
            "{share} of fair runs over the floor"
        );
    }
}
