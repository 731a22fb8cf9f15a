use super::*;

/// The per-test level parts the p-values each method finds from those it does not,
/// over many seeded sets of p-values, small and large, with and without findings.
#[test]
fn the_per_test_level_parts_what_is_found_from_what_is_not() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_pcg::Pcg64::seed_from_u64(44);
    for round in 0..2000 {
        let n = 1 + round % 40;
        let p: Vec<f64> = (0..n)
            .map(|_| rng.random::<f64>().powi(1 + (round % 7) as i32))
            .collect();
        for method in [Adjust::Holm, Adjust::Fdr] {
            let adjusted = method.apply(&p);
            let found = adjusted.iter().filter(|&&a| a < LEVEL).count();
            let line = method.per_test_level(n, found, LEVEL);
            for (raw, adj) in p.iter().zip(&adjusted) {
                assert_eq!(
                    *adj < LEVEL,
                    *raw < line,
                    "{method:?}: p {raw} adjusted {adj}, line {line}, {found} of {n}"
                );
            }
        }
    }
}

/// A score share against an even 0.5 keeps its interval inside what a share can be,
/// and the interval excludes no difference exactly when the test finds one.
#[test]
fn a_score_share_against_even_stays_in_range_and_agrees_with_its_test() {
    for games in [10_u64, 100, 768, 5000] {
        for k in 0..=20 {
            let value = k as f64 / 20.0;
            let e = Estimate {
                value,
                se: 0.0,
                games,
            };
            let ((lo, hi), p) = against_even(e).interval_and_p();
            let tiny = 1e-12;
            assert!(
                -0.5 <= lo && lo <= value - 0.5 + tiny,
                "{value}: low end {lo}"
            );
            assert!(
                value - 0.5 <= hi + tiny && hi <= 0.5,
                "{value}: high end {hi}"
            );
            let excludes = lo > 0.0 || hi < 0.0;
            if (p - 0.05).abs() > 1e-9 {
                assert_eq!(
                    excludes,
                    p < 0.05,
                    "{value} of {games}: p {p}, {lo} to {hi}"
                );
            }
        }
    }
}

#[test]
fn a_slope_through_exact_points_is_their_line() {
    let e = |v| Estimate {
        value: v,
        se: 0.1,
        games: 100,
    };
    let f = slope(&[(0.0, e(1.0)), (1.0, e(3.0)), (2.0, e(5.0))]).unwrap();
    assert!((f.estimate - 2.0).abs() < 1e-12);
    // Σ w (x - x̄)² = 100 (1 + 0 + 1) = 200.
    assert!((f.se - 1.0 / 200f64.sqrt()).abs() < 1e-12);
    assert!(slope(&[(1.0, e(1.0)), (1.0, e(2.0))]).is_none());
}

/// Points off a straight line beyond their errors widen the slope's error by the
/// Birge ratio: y = 0, 2, 0 at x = 0, 1, 2 (SE 0.1 each) has slope 0, χ² = 266.7 on 1
/// degree of freedom, so its error is sqrt(266.7) times 1 / sqrt(200).
#[test]
fn a_curved_response_widens_the_slope_s_interval() {
    let e = |v| Estimate {
        value: v,
        se: 0.1,
        games: 100,
    };
    let f = slope(&[(0.0, e(0.0)), (1.0, e(2.0)), (2.0, e(0.0))]).unwrap();
    assert!(f.estimate.abs() < 1e-12);
    // Weighted mean 2/3; residuals -2/3, 4/3, -2/3; χ² = 100 (4/9 + 16/9 + 4/9).
    let chi2: f64 = 100.0 * 24.0 / 9.0;
    assert!(
        (f.se - chi2.sqrt() / 200f64.sqrt()).abs() < 1e-9,
        "{}",
        f.se
    );
}

#[test]
fn a_difference_s_p_value_is_the_two_sided_z_test() {
    let a = Estimate {
        value: 1.0,
        se: 0.3,
        games: 100,
    };
    let b = Estimate {
        value: 1.5,
        se: 0.4,
        games: 100,
    };
    let ((lo, hi), p) = difference(a, b).interval_and_p();
    // SE 0.5, z = 1: p = 0.3173.
    assert!((p - 0.317_310_5).abs() < 1e-6, "{p}");
    assert!((lo - (0.5 - Z95 * 0.5)).abs() < 1e-12 && (hi - (0.5 + Z95 * 0.5)).abs() < 1e-12);
    let ((_, _), picked) = best_against(b, a, 3).interval_and_p();
    assert!((picked - 3.0 * 0.317_310_5).abs() < 1e-5, "{picked}");
}
