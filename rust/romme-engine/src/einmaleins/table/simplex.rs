//! A small revised simplex for the LP bound of the 1x1 table search
//! ([`super::lp_bound`]): maximise `c·x` subject to `A x = b`, `x ≥ 0`, where
//! every row has a unit column to start from (its basis at the start is the
//! identity, so `b ≥ 0` is a feasible start).
//!
//! The problems are small (under a hundred rows, a few thousand sparse
//! columns), so the inverse of the basis is kept dense and updated at every
//! pivot. Dantzig's rule picks the entering column; after a run of pivots that
//! do not move (set-partitioning LPs are very degenerate) Bland's rule takes
//! over, which cannot cycle. Only the dual prices are wanted: the caller checks
//! them against every column, so a numerically poor answer is caught there.

/// A sparse column: its entries by row, and its cost.
#[derive(Clone, Debug)]
pub(crate) struct Column {
    pub rows: Vec<(u16, f64)>,
    pub cost: f64,
}

/// Reduced costs above this let a column enter; pivots below it are refused.
const EPS: f64 = 1e-9;
/// Pivots that leave the objective where it was before Bland's rule takes over.
const STALL: usize = 40;

/// The dual prices `y` of an optimal basis (`y·A_j ≥ c_j` for every column,
/// up to rounding), or `None` if the pivot limit is reached first.
/// `start[i]` is a column whose only entry is 1 in row `i`.
pub(crate) fn dual_prices(b: &[f64], cols: &[Column], start: &[usize], max_pivots: usize) -> Option<Vec<f64>> {
    let m = b.len();
    let mut binv = vec![0.0; m * m];
    for i in 0..m {
        binv[i * m + i] = 1.0;
    }
    let mut basis = start.to_vec();
    let mut basic = vec![false; cols.len()];
    for &j in &basis {
        basic[j] = true;
    }
    // A small perturbation of the right-hand side breaks the ties of the
    // ratio test (the prices do not depend on it: they are checked against
    // every column, and the caller prices the true right-hand side).
    let mut xb: Vec<f64> =
        b.iter().enumerate().map(|(i, &v)| v + 1e-7 * (1.0 + (i * 37 % 101) as f64 / 101.0)).collect();
    let mut y = vec![0.0; m];
    let mut u = vec![0.0; m];
    let mut stalled = 0usize;
    let mut bland = false;
    // y = c_B B⁻¹ (B = I at the start)
    for (i, &j) in basis.iter().enumerate() {
        y[i] = cols[j].cost;
    }
    for _ in 0..max_pivots {
        let mut enter: Option<(usize, f64)> = None;
        for (j, col) in cols.iter().enumerate() {
            if basic[j] {
                continue;
            }
            let d = col.cost - col.rows.iter().map(|&(r, a)| y[r as usize] * a).sum::<f64>();
            if d > EPS && enter.is_none_or(|(_, e)| d > e) {
                enter = Some((j, d));
                if bland {
                    break;
                }
            }
        }
        let Some((q, dq)) = enter else { return Some(y) };
        // u = B⁻¹ a_q
        u.iter_mut().for_each(|v| *v = 0.0);
        for &(r, a) in &cols[q].rows {
            let r = r as usize;
            for (i, v) in u.iter_mut().enumerate() {
                *v += binv[i * m + r] * a;
            }
        }
        let mut leave: Option<(usize, f64)> = None;
        for i in 0..m {
            if u[i] > EPS {
                let t = xb[i] / u[i];
                let better = match leave {
                    None => true,
                    Some((l, best)) => t < best - EPS || (t <= best + EPS && basis[i] < basis[l]),
                };
                if better {
                    leave = Some((i, t));
                }
            }
        }
        let (r, theta) = leave?;
        let theta = theta.max(0.0);
        for i in 0..m {
            xb[i] -= theta * u[i];
        }
        xb[r] = theta;
        let pivot = u[r];
        for k in 0..m {
            binv[r * m + k] /= pivot;
        }
        // the new prices: y + d_q · (row r of the new B⁻¹)
        for k in 0..m {
            y[k] += dq * binv[r * m + k];
        }
        for i in (0..m).filter(|&i| i != r && u[i] != 0.0) {
            let f = u[i];
            for k in 0..m {
                binv[i * m + k] -= f * binv[r * m + k];
            }
        }
        basic[basis[r]] = false;
        basic[q] = true;
        basis[r] = q;
        if theta <= EPS {
            stalled += 1;
            bland |= stalled >= STALL;
        } else {
            stalled = 0;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(rows: &[(u16, f64)], cost: f64) -> Column {
        Column { rows: rows.to_vec(), cost }
    }

    #[test]
    fn prices_of_a_small_partition_lp_bound_its_optimum() {
        // rows 0..3 must be covered once; patterns {0,1} worth 2, {1,2} worth 2, {0,1,2} worth 3,
        // singletons worth 0: the optimum is 3 (the LP's too), the prices sum to it
        let mut cols: Vec<Column> = (0..3).map(|r| col(&[(r, 1.0)], 0.0)).collect();
        cols.push(col(&[(0, 1.0), (1, 1.0)], 2.0));
        cols.push(col(&[(1, 1.0), (2, 1.0)], 2.0));
        cols.push(col(&[(0, 1.0), (1, 1.0), (2, 1.0)], 3.0));
        let y = dual_prices(&[1.0; 3], &cols, &[0, 1, 2], 100).unwrap();
        assert!((y.iter().sum::<f64>() - 3.0).abs() < 1e-9);
        for c in &cols {
            assert!(c.rows.iter().map(|&(r, a)| y[r as usize] * a).sum::<f64>() >= c.cost - 1e-9);
        }
    }

    #[test]
    fn a_fractional_optimum_is_found() {
        // a triangle: pairs {0,1} {1,2} {0,2} worth 1 each; LP optimum 1.5 (x = 1/2 each)
        let mut cols: Vec<Column> = (0..3).map(|r| col(&[(r, 1.0)], 0.0)).collect();
        cols.push(col(&[(0, 1.0), (1, 1.0)], 1.0));
        cols.push(col(&[(1, 1.0), (2, 1.0)], 1.0));
        cols.push(col(&[(0, 1.0), (2, 1.0)], 1.0));
        let y = dual_prices(&[1.0; 3], &cols, &[0, 1, 2], 100).unwrap();
        assert!((y.iter().sum::<f64>() - 1.5).abs() < 1e-9);
    }
}
