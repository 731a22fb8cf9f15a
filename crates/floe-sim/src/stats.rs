//! Statistics from counts: rates with Wilson intervals, means and standard deviations.

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
