//! Zero-sum matrix games, solved by the simplex method on the game's linear program.
//!
//! The matrices met here are a few answers square (Goofspiel's bids: K by K), so a dense
//! tableau with Bland's rule is enough and exact up to rounding; a crate for linear
//! programming would add a dependency for twenty lines.

/// The value of a zero-sum matrix game and an equilibrium: what the row seat (the
/// maximiser) can hold the game to whatever the column seat does, and strategies that
/// hold it there.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixSolution {
    /// The row seat's payoff when both play an equilibrium.
    pub value: f64,
    /// The row seat's equilibrium strategy: a chance per row.
    pub rows: Vec<f64>,
    /// The column seat's equilibrium strategy: a chance per column.
    pub columns: Vec<f64>,
}

/// Below this a tableau entry counts as zero.
const EPS: f64 = 1e-12;

/// Solves the zero-sum game whose row seat gets `payoff[i][j]` when it plays row `i` and
/// the column seat column `j`.
///
/// With the payoffs shifted by `c` so that all are positive (which shifts the value by `c`
/// and keeps the equilibria), the column seat's strategy is `y / sum(y)` for the `y >= 0`
/// that maximises `sum(y)` subject to `B y <= 1`, the value is `1 / sum(y) - c`, and the
/// row seat's strategy comes from the same program's dual prices (von Neumann's reduction
/// of a matrix game to a linear program).
///
/// # Panics
/// Panics if the matrix is empty or its rows differ in length.
pub fn solve_matrix(payoff: &[Vec<f64>]) -> MatrixSolution {
    let m = payoff.len();
    let n = payoff.first().map_or(0, Vec::len);
    assert!(m > 0 && n > 0, "a matrix game has a row and a column");
    assert!(
        payoff.iter().all(|row| row.len() == n),
        "every row has a payoff per column"
    );
    let low = payoff.iter().flatten().copied().fold(f64::MAX, f64::min);
    let shift = 1.0 - low;
    // Rows 0..m: [B | I | 1]; row m: the objective, [-1 .. -1 | 0 .. 0 | 0].
    let width = n + m + 1;
    let mut t = vec![vec![0.0; width]; m + 1];
    for (i, (row, from)) in t.iter_mut().zip(payoff).enumerate() {
        for (x, p) in row.iter_mut().zip(from) {
            *x = p + shift;
        }
        row[n + i] = 1.0;
        row[width - 1] = 1.0;
    }
    t[m][..n].fill(-1.0);
    let mut basis: Vec<usize> = (n..n + m).collect();
    // Bland's rule (the lowest entering column, then the lowest leaving variable among
    // ties) cannot cycle, and games' programs are often degenerate.
    while let Some(enter) = (0..width - 1).find(|&j| t[m][j] < -EPS) {
        let leave = (0..m)
            .filter(|&i| t[i][enter] > EPS)
            .min_by(|&a, &b| {
                let ra = t[a][width - 1] / t[a][enter];
                let rb = t[b][width - 1] / t[b][enter];
                ra.partial_cmp(&rb)
                    .expect("finite ratios")
                    .then(basis[a].cmp(&basis[b]))
            })
            .expect("the program is bounded: its payoffs are positive");
        let pivot = t[leave][enter];
        for x in &mut t[leave] {
            *x /= pivot;
        }
        let pivot_row = t[leave].clone();
        for (i, row) in t.iter_mut().enumerate() {
            let factor = row[enter];
            if i != leave && factor != 0.0 {
                for (x, p) in row.iter_mut().zip(&pivot_row) {
                    *x -= factor * p;
                }
            }
        }
        basis[leave] = enter;
    }
    let total = t[m][width - 1];
    let mut columns = vec![0.0; n];
    for (i, &b) in basis.iter().enumerate() {
        if b < n {
            columns[b] = t[i][width - 1] / total;
        }
    }
    let rows = (0..m).map(|i| t[m][n + i] / total).collect();
    MatrixSolution {
        value: 1.0 / total - shift,
        rows,
        columns,
    }
}

/// Returns what the row seat gets at worst by playing `rows` (a chance per row), the
/// column seat answering with its best column: its guaranteed payoff.
pub fn row_guarantee(payoff: &[Vec<f64>], rows: &[f64]) -> f64 {
    let n = payoff.first().map_or(0, Vec::len);
    (0..n)
        .map(|j| rows.iter().zip(payoff).map(|(p, row)| p * row[j]).sum())
        .fold(f64::MAX, f64::min)
}

/// Returns what the row seat gets at best against `columns` (a chance per column): the
/// value of its best response, which the column seat concedes.
pub fn column_concession(payoff: &[Vec<f64>], columns: &[f64]) -> f64 {
    payoff
        .iter()
        .map(|row| row.iter().zip(columns).map(|(x, q)| x * q).sum())
        .fold(f64::MIN, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// The solution holds the value from both sides: neither seat gains by leaving it.
    fn is_equilibrium(payoff: &[Vec<f64>], s: &MatrixSolution) -> bool {
        close(row_guarantee(payoff, &s.rows), s.value)
            && close(column_concession(payoff, &s.columns), s.value)
            && close(s.rows.iter().sum(), 1.0)
            && close(s.columns.iter().sum(), 1.0)
    }

    #[test]
    fn matching_pennies_is_an_even_mix_worth_nothing() {
        let a = vec![vec![1.0, -1.0], vec![-1.0, 1.0]];
        let s = solve_matrix(&a);
        assert!(close(s.value, 0.0) && close(s.rows[0], 0.5) && close(s.columns[0], 0.5));
        assert!(is_equilibrium(&a, &s));
    }

    #[test]
    fn rock_paper_scissors_with_a_double_win_mixes_unevenly() {
        // Rock beats scissors by 2 (and loses to paper by 1): each column's payoff is
        // equal only at 1/4 rock, 1/2 paper, 1/4 scissors, worth 0 to either seat.
        let a = vec![
            vec![0.0, -1.0, 2.0],
            vec![1.0, 0.0, -1.0],
            vec![-2.0, 1.0, 0.0],
        ];
        let s = solve_matrix(&a);
        assert!(is_equilibrium(&a, &s), "{s:?}");
        assert!(close(s.value, 0.0));
        assert!(
            close(s.rows[0], 1.0 / 4.0) && close(s.rows[1], 1.0 / 2.0),
            "{s:?}"
        );
    }

    #[test]
    fn a_saddle_point_is_found_as_a_pure_answer() {
        let a = vec![vec![3.0, 5.0], vec![1.0, 4.0], vec![2.0, 6.0]];
        let s = solve_matrix(&a);
        assert!(close(s.value, 3.0) && close(s.rows[0], 1.0) && close(s.columns[0], 1.0));
        assert!(is_equilibrium(&a, &s));
    }

    #[test]
    fn a_column_matrix_is_the_best_row() {
        let a = vec![vec![-1.0], vec![2.5], vec![0.0]];
        let s = solve_matrix(&a);
        assert!(close(s.value, 2.5) && close(s.rows[1], 1.0), "{s:?}");
    }
}
