//! A small revised simplex for the LP bounds of the table searches (the 1x1
//! search's, `einmaleins::table::lp_bound`, and Rommé's on the cycle of ranks,
//! `search::lp_kept`): maximise `c·x` subject to `A x = b`, `x ≥ 0`, from a
//! start where every row has a unit column (the basis is the identity, so
//! `b ≥ 0` is a feasible start).
//!
//! The problems are small (under a hundred rows, a few thousand sparse
//! columns), so the inverse of the basis is kept dense and updated at every
//! pivot. Dantzig's rule within a block of columns (partial pricing) picks the
//! entering column; a small perturbation of
//! `b` keeps the very degenerate set-partitioning LPs from stalling, and after
//! a run of pivots that do not move Bland's rule takes over, which cannot
//! cycle. Only the dual prices are wanted: the caller checks them against
//! every column, so a numerically poor answer is caught there. A solved LP
//! takes a further row and a new objective ([`Simplex::add_row`]) and goes on
//! from its optimal basis, or a new right-hand side, which dual simplex
//! steps solve from there ([`Simplex::dual_prices`]).

/// Cost of a start column that stands for nothing real (an artificial of an
/// equality row): far below any real column's, so no optimum keeps one.
pub(crate) const ARTIFICIAL: f64 = -1.0e7;

/// Sparse columns with their costs, stored flat.
#[derive(Clone, Debug, Default)]
pub(crate) struct Columns {
    /// Column `j`'s entries are `entries[first[j]..first[j + 1]]` (row, value).
    first: Vec<u32>,
    entries: Vec<(u16, f64)>,
    pub cost: Vec<f64>,
}

impl Columns {
    pub fn new() -> Columns {
        Columns { first: vec![0], ..Columns::default() }
    }

    /// Adds a column; returns its index.
    pub fn push(&mut self, rows: impl IntoIterator<Item = (u16, f64)>, cost: f64) -> usize {
        self.entries.extend(rows);
        self.first.push(self.entries.len() as u32);
        self.cost.push(cost);
        self.cost.len() - 1
    }

    pub fn len(&self) -> usize {
        self.cost.len()
    }

    pub fn rows(&self, j: usize) -> &[(u16, f64)] {
        &self.entries[self.first[j] as usize..self.first[j + 1] as usize]
    }

    /// `y·A_j`.
    pub fn price(&self, j: usize, y: &[f64]) -> f64 {
        self.rows(j).iter().map(|&(r, a)| y[r as usize] * a).sum()
    }

    /// The largest `c_j − y·A_j` over the columns `js` (≤ 0 when `y` is dual feasible for them).
    pub fn worst_of(&self, js: impl IntoIterator<Item = usize>, y: &[f64]) -> f64 {
        js.into_iter().map(|j| self.cost[j] - self.price(j, y)).fold(f64::MIN, f64::max)
    }
}

/// Reduced costs above this let a column enter; pivots below it are refused.
/// Pivots between two questions to a caller who may stop the solve ([`Simplex::optimise_until`]).
const STOP_EVERY: usize = 32;
const EPS: f64 = 1e-9;
/// Partial pricing looks at about this share of the columns a pivot (the
/// next block that holds an improving one)...
const PRICING_BLOCKS: usize = 8;
/// ... but at least this many.
const MIN_BLOCK: usize = 128;
/// Basic values above this count as feasible in the dual simplex.
const PRIMAL_EPS: f64 = 1e-9;
/// Pivots that leave the objective where it was before Bland's rule takes over.
const STALL: usize = 40;

/// `b` perturbed a little, row by row: the perturbation breaks the ties of
/// the ratio test (the prices do not depend on `b`, and the caller prices the
/// true right-hand side).
pub fn perturbed(b: &[f64]) -> Vec<f64> {
    b.iter().enumerate().map(|(i, &v)| v + 1e-7 * (1.0 + (i * 37 % 101) as f64 / 101.0)).collect()
}

/// A basis and its dense inverse.
#[derive(Clone, Debug)]
pub(crate) struct Simplex {
    m: usize,
    binv: Vec<f64>,
    basis: Vec<usize>,
    xb: Vec<f64>,
    /// Pivots taken so far (the caller's measure of the work done).
    pivots: usize,
}

impl Simplex {
    /// The start basis `start` (`start[i]`: a column whose only entry is 1 in row `i`) for right-hand side `b`.
    pub fn new(b: &[f64], start: &[usize]) -> Simplex {
        let m = b.len();
        let mut binv = vec![0.0; m * m];
        for i in 0..m {
            binv[i * m + i] = 1.0;
        }
        Simplex { m, binv, basis: start.to_vec(), xb: perturbed(b), pivots: 0 }
    }

    /// The basis read over other columns: column `j` of the columns solved over is `to[j]` there
    /// (a basis found over some of a program's columns, read over all of them).
    pub fn renumber(&mut self, to: &[usize]) {
        self.basis.iter_mut().for_each(|j| *j = to[*j]);
    }

    /// The pivots taken so far.
    pub fn pivots(&self) -> usize {
        self.pivots
    }

    /// The basic columns and their values (the others are 0).
    pub fn primal(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        self.basis.iter().copied().zip(self.xb.iter().copied())
    }

    /// Whether the basic values are feasible (the dual steps of
    /// [`Self::dual_prices`] reached an optimum).
    pub fn primal_feasible(&self) -> bool {
        self.xb.iter().all(|&x| x >= -PRIMAL_EPS)
    }

    /// Adds the row `Σ_j row(j)·x_j − x_surplus = rhs` (`surplus`: a column
    /// with the single entry −1 in the new row), with the surplus basic. The
    /// basis stays feasible when `rhs` is at most the row's value there.
    pub fn add_row(&mut self, cols: &Columns, new_row: u16, surplus: usize, rhs: f64) {
        self.add_rows(cols, &[(new_row, surplus, rhs)]);
    }

    /// [`Self::add_row`] for each of `rows` (row, surplus, right-hand side),
    /// the inverse grown once.
    pub fn add_rows(&mut self, cols: &Columns, rows: &[(u16, usize, f64)]) {
        let (m, k) = (self.m, rows.len());
        let n = m + k;
        let mut binv = vec![0.0; n * n];
        for i in 0..m {
            binv[i * n..i * n + m].copy_from_slice(&self.binv[i * m..(i + 1) * m]);
        }
        // [[B, 0], [F, −I]]⁻¹ = [[B⁻¹, 0], [F B⁻¹, −I]] (F: the new rows' values of the
        // basic columns), by the rows of B⁻¹ where F is not 0: few basic columns meet a
        // cut's row (and no surplus another new row's)
        for (r, &(new_row, surplus, rhs)) in rows.iter().enumerate() {
            let f = self.basis[..m].iter().map(|&j| cols.rows(j).iter().filter(|e| e.0 == new_row).map(|e| e.1).sum());
            let at = (m + r) * n;
            let mut value = 0.0;
            for (i, fi) in f.enumerate().filter(|&(_, fi): &(usize, f64)| fi != 0.0) {
                let row = &self.binv[i * m..(i + 1) * m];
                binv[at..at + m].iter_mut().zip(row).for_each(|(v, &p)| *v += fi * p);
                value += fi * self.xb[i];
            }
            binv[at + m + r] = -1.0;
            self.xb.push((value - rhs).max(0.0) + 1e-7);
            self.basis.push(surplus);
        }
        self.binv = binv;
        self.m = n;
    }

    /// The dual prices of the columns `usable` of `cols` under a new
    /// right-hand side `b`, by dual simplex steps from this (optimal) basis,
    /// which the new `b` leaves dual feasible: every step keeps the prices
    /// feasible and lowers their bound `y·b`, so the prices after at most
    /// `max_pivots` steps bound the LP too, and the steps stop as soon as
    /// that bound is below `stop_below` (a caller that only has to show the
    /// LP below a line needs no more: `f64::NEG_INFINITY` to solve it). The
    /// columns outside `usable` must be 0 in every solution under `b`
    /// (those of basic ones may stay basic); `usable` is sorted. `None` if
    /// the LP under `b` is infeasible.
    pub fn dual_prices(
        &mut self,
        cols: &Columns,
        usable: &[usize],
        b: &[f64],
        max_pivots: usize,
        stop_below: f64,
    ) -> Option<Vec<f64>> {
        let m = self.m;
        for i in 0..m {
            self.xb[i] = self.binv[i * m..(i + 1) * m].iter().zip(b).map(|(p, v)| p * v).sum();
        }
        let mut y = vec![0.0; m];
        for (i, &j) in self.basis.iter().enumerate() {
            let c = cols.cost[j];
            if c != 0.0 {
                y.iter_mut().zip(&self.binv[i * m..(i + 1) * m]).for_each(|(v, r)| *v += c * r);
            }
        }
        // the nonbasic usable columns and their reduced costs, ≤ 0 up to
        // rounding (clamped: a dual step must not make them positive)
        let mut basic = vec![false; cols.len()];
        self.basis.iter().for_each(|&j| basic[j] = true);
        let mut free: Vec<usize> = usable.iter().copied().filter(|&j| !basic[j]).collect();
        let mut d: Vec<f64> = free.iter().map(|&j| (cols.cost[j] - cols.price(j, &y)).min(0.0)).collect();
        let mut alpha = vec![0.0; free.len()];
        let mut u = vec![0.0; m];
        for _ in 0..max_pivots {
            if y.iter().zip(b).map(|(p, v)| p * v).sum::<f64>() < stop_below {
                return Some(y);
            }
            // the leaving row: dual steepest edge, the largest x_i² / ‖ρ_i‖² over the negative basic
            // values (ρ_i: row i of the inverse; the norms are taken afresh, only the few
            // infeasible rows need them): about a quarter fewer steps than the most negative
            let Some(r) = self.leaving_row() else {
                return Some(y);
            };
            let rho = &self.binv[r * m..(r + 1) * m];
            // the entering column: the least ratio d_j / α_j over α_j < 0 (the first of the least)
            let mut enter: Option<(usize, f64)> = None;
            let mut degenerate = false;
            for (k, &j) in free.iter().enumerate() {
                let a: f64 = cols.rows(j).iter().map(|&(i, v)| rho[i as usize] * v).sum();
                alpha[k] = a;
                if a < -EPS {
                    // a reduced cost of 0 is the least ratio there is (d ≤ 0, α < 0): this
                    // column enters, and the step leaves the prices and reduced costs as they
                    // are, so the α of the columns after it are not needed (about a fifth of
                    // the steps of the LPs are such, the set-partitioning LPs are degenerate)
                    if d[k] == 0.0 {
                        (enter, degenerate) = (Some((k, 0.0)), true);
                        break;
                    }
                    let t = d[k] / a;
                    if enter.is_none_or(|(_, best)| t < best) {
                        enter = Some((k, t));
                    }
                }
            }
            let (k, t) = enter?;
            let q = free[k];
            u.iter_mut().for_each(|v| *v = 0.0);
            for &(row, a) in cols.rows(q) {
                let row = row as usize;
                for (i, v) in u.iter_mut().enumerate() {
                    *v += self.binv[i * m + row] * a;
                }
            }
            let theta = self.xb[r] / u[r];
            self.xb.iter_mut().zip(&u).for_each(|(x, &ui)| *x -= theta * ui);
            self.xb[r] = theta;
            // y += t·ρ (ρ: row r before the pivot), d_j −= t·α_j
            if !degenerate {
                y.iter_mut().zip(&self.binv[r * m..(r + 1) * m]).for_each(|(v, &p)| *v += t * p);
                d.iter_mut().zip(&alpha).for_each(|(dj, &a)| *dj = (*dj - t * a).min(0.0));
            }
            self.pivot(r, &u);
            // a usable leaving column takes the entering one's place, its reduced cost 0 − t·1
            let out = self.basis[r];
            self.basis[r] = q;
            if usable.binary_search(&out).is_ok() {
                (free[k], d[k]) = (out, -t);
            } else {
                free.swap_remove(k);
                d.swap_remove(k);
                alpha.swap_remove(k);
            }
        }
        Some(y)
    }

    /// The row of the dual simplex step: of the rows whose basic value is negative, the one
    /// whose value is largest against the norm of its row of the inverse (`None`: none).
    fn leaving_row(&self) -> Option<usize> {
        let m = self.m;
        let mut best: Option<(usize, f64)> = None;
        for (i, &x) in self.xb.iter().enumerate() {
            if x < -PRIMAL_EPS {
                let norm: f64 = self.binv[i * m..(i + 1) * m].iter().map(|v| v * v).sum();
                let score = x * x / norm;
                if best.is_none_or(|(_, s)| score > s) {
                    best = Some((i, score));
                }
            }
        }
        best.map(|(i, _)| i)
    }

    /// Updates the inverse for column `u = B⁻¹a_q` entering at row `r`.
    fn pivot(&mut self, r: usize, u: &[f64]) {
        self.pivots += 1;
        let m = self.m;
        let pivot = u[r];
        // row r apart from the others, so that each row's update is one
        // loop over two disjoint slices (vectorised)
        let (above, from_r) = self.binv.split_at_mut(r * m);
        let (row_r, below) = from_r.split_at_mut(m);
        row_r.iter_mut().for_each(|v| *v /= pivot);
        let rows = above.chunks_exact_mut(m).zip(&u[..r]).chain(below.chunks_exact_mut(m).zip(&u[r + 1..]));
        for (row, &f) in rows.filter(|(_, &f)| f != 0.0) {
            row.iter_mut().zip(row_r.iter()).for_each(|(v, &p)| *v -= f * p);
        }
    }

    /// Optimises `cols` from the current basis: the dual prices of an optimal
    /// basis (`y·A_j ≥ c_j` for every column, up to rounding), or `None` if
    /// the pivot limit is reached first or the LP is unbounded.
    pub fn optimise(&mut self, cols: &Columns, max_pivots: usize) -> Option<Vec<f64>> {
        self.optimise_until(cols, max_pivots, &mut |_| false)
    }

    /// [`Self::optimise`], asking `stop` with the pivots taken so far every
    /// [`STOP_EVERY`] pivots: `None` where it answers true (a caller's budget).
    pub fn optimise_until(
        &mut self,
        cols: &Columns,
        max_pivots: usize,
        stop: &mut dyn FnMut(usize) -> bool,
    ) -> Option<Vec<f64>> {
        let m = self.m;
        let mut basic = vec![false; cols.len()];
        for &j in &self.basis {
            basic[j] = true;
        }
        // y = c_B B⁻¹
        let mut y = vec![0.0; m];
        for (i, &j) in self.basis.iter().enumerate() {
            let c = cols.cost[j];
            if c != 0.0 {
                let row = &self.binv[i * m..(i + 1) * m];
                y.iter_mut().zip(row).for_each(|(v, r)| *v += c * r);
            }
        }
        let mut u = vec![0.0; m];
        let mut stalled = 0usize;
        let mut bland = false;
        let mut cursor = 0usize;
        for k in 0..max_pivots {
            if k % STOP_EVERY == STOP_EVERY - 1 && stop(self.pivots()) {
                return None;
            }
            // partial pricing: the best column of the next block that has one
            // (Bland: the first column of all)
            let n = cols.len();
            let block = if bland { n } else { (n / PRICING_BLOCKS).max(MIN_BLOCK) };
            let from = if bland { 0 } else { cursor };
            let mut enter: Option<(usize, f64)> = None;
            let mut scanned = 0;
            while scanned < n && enter.is_none() {
                for k in scanned..(scanned + block).min(n) {
                    let j = (from + k) % n;
                    if basic[j] {
                        continue;
                    }
                    let d = cols.cost[j] - cols.price(j, &y);
                    if d > EPS && enter.is_none_or(|(_, e)| d > e) {
                        enter = Some((j, d));
                        if bland {
                            break;
                        }
                    }
                }
                scanned += block;
            }
            cursor = (from + scanned) % n.max(1);
            let Some((q, dq)) = enter else { return Some(y) };
            // u = B⁻¹ a_q
            u.iter_mut().for_each(|v| *v = 0.0);
            for &(r, a) in cols.rows(q) {
                let r = r as usize;
                for (i, v) in u.iter_mut().enumerate() {
                    *v += self.binv[i * m + r] * a;
                }
            }
            let mut leave: Option<(usize, f64)> = None;
            for (i, &ui) in u.iter().enumerate() {
                if ui > EPS {
                    let t = self.xb[i] / ui;
                    let better = match leave {
                        None => true,
                        Some((l, best)) => t < best - EPS || (t <= best + EPS && self.basis[i] < self.basis[l]),
                    };
                    if better {
                        leave = Some((i, t));
                    }
                }
            }
            let (r, theta) = leave?;
            let theta = theta.max(0.0);
            self.xb.iter_mut().zip(&u).for_each(|(x, &ui)| *x -= theta * ui);
            self.xb[r] = theta;
            self.pivot(r, &u);
            // the new prices: y + d_q · (row r of the new B⁻¹)
            y.iter_mut().zip(&self.binv[r * m..(r + 1) * m]).for_each(|(v, &b)| *v += dq * b);
            basic[self.basis[r]] = false;
            basic[q] = true;
            self.basis[r] = q;
            if theta <= EPS {
                stalled += 1;
                bland |= stalled >= STALL;
            } else {
                stalled = 0;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(cols: &mut Columns, m: u16) -> Vec<usize> {
        (0..m).map(|r| cols.push([(r, 1.0)], 0.0)).collect()
    }

    #[test]
    fn prices_of_a_small_partition_lp_bound_its_optimum() {
        // rows 0..3 must be covered once; patterns {0,1} worth 2, {1,2} worth 2, {0,1,2} worth 3,
        // singletons worth 0: the optimum is 3 (the LP's too), the prices sum to it
        let mut cols = Columns::new();
        let start = units(&mut cols, 3);
        cols.push([(0, 1.0), (1, 1.0)], 2.0);
        cols.push([(1, 1.0), (2, 1.0)], 2.0);
        cols.push([(0, 1.0), (1, 1.0), (2, 1.0)], 3.0);
        let y = Simplex::new(&[1.0; 3], &start).optimise(&cols, 100).unwrap();
        assert!((y.iter().sum::<f64>() - 3.0).abs() < 1e-6);
        assert!(cols.worst_of(0..cols.len(), &y) <= 1e-9);
    }

    #[test]
    fn dual_steps_solve_a_new_right_hand_side_from_the_optimal_basis() {
        // rows 0..4 covered once: pairs {0,1} {2,3} worth 2, the triple {1,2,3} worth 4, {0,1,2,3} worth 3
        let mut cols = Columns::new();
        let start = units(&mut cols, 4);
        cols.push([(0, 1.0), (1, 1.0)], 2.0);
        cols.push([(2, 1.0), (3, 1.0)], 2.0);
        let triple = cols.push([(1, 1.0), (2, 1.0), (3, 1.0)], 4.0);
        cols.push([(0, 1.0), (1, 1.0), (2, 1.0), (3, 1.0)], 3.0);
        let mut lp = Simplex::new(&[1.0; 4], &start);
        let y = lp.optimise(&cols, 100).unwrap();
        assert!((y.iter().sum::<f64>() - 4.0).abs() < 1e-6);
        // without row 1 only the columns that do not hold it may enter: {2,3} is the best (2)
        let b = [1.0, 0.0, 1.0, 1.0];
        let usable: Vec<usize> = (0..cols.len()).filter(|&j| cols.rows(j).iter().all(|e| e.0 != 1)).collect();
        let y = lp.clone().dual_prices(&cols, &usable, &b, 100, f64::NEG_INFINITY).unwrap();
        let bound: f64 = y.iter().zip(&b).map(|(p, v)| p * v).sum();
        assert!((bound - 2.0).abs() < 1e-6, "{y:?}");
        assert!(cols.worst_of(usable.iter().copied(), &y) <= 1e-9);
        // after one step the prices still bound it
        let y = lp.clone().dual_prices(&cols, &usable, &b, 1, f64::NEG_INFINITY).unwrap();
        assert!(y.iter().zip(&b).map(|(p, v)| p * v).sum::<f64>() >= 2.0 - 1e-6);
        assert!(cols.worst_of(usable.iter().copied(), &y) <= 1e-9);
        // a right-hand side no usable column meets is infeasible: row 1 must be covered by the triple alone
        let only: Vec<usize> = vec![triple];
        assert!(lp.dual_prices(&cols, &only, &[0.0, 1.0, 0.0, 1.0], 100, f64::NEG_INFINITY).is_none());
    }

    #[test]
    fn dual_steps_stop_once_their_bound_is_below_the_line() {
        // random set-partitioning LPs (rows covered once, melds of 2 to 4 rows worth about
        // their size): solved, then some rows taken away, as at a position of the search
        let mut rng = crate::testkit::Rng(52);
        let mut stopped_early = 0;
        for _ in 0..200 {
            let mut cols = Columns::new();
            let start = units(&mut cols, 10);
            for _ in 0..24 {
                let mut rows: Vec<u16> = (0..10).collect();
                rng.shuffle(&mut rows);
                let size = 2 + rng.below(3);
                cols.push(rows[..size].iter().map(|&r| (r, 1.0)), size as f64 + rng.below(5) as f64 / 4.0);
            }
            let mut lp = Simplex::new(&[1.0; 10], &start);
            lp.optimise(&cols, 500).unwrap();
            let gone = [rng.below(10) as u16, rng.below(10) as u16, rng.below(10) as u16];
            let b: Vec<f64> = (0..10).map(|r| if gone.contains(&r) { 0.0 } else { 1.0 }).collect();
            let usable: Vec<usize> =
                (0..cols.len()).filter(|&j| cols.rows(j).iter().all(|e| !gone.contains(&e.0))).collect();
            let bound = |y: &[f64]| y.iter().zip(&b).map(|(p, v)| p * v).sum::<f64>();
            // the bounds of the steps from the full LP's basis down to the optimum
            let mut seen = Vec::new();
            for steps in 0..=100 {
                let mut part = lp.clone();
                let y = part.dual_prices(&cols, &usable, &b, steps, f64::NEG_INFINITY).unwrap();
                seen.push(bound(&y));
                if part.primal_feasible() {
                    break;
                }
            }
            let optimum = *seen.last().unwrap();
            // a line between the first bound and the optimum: the steps stop at the first
            // bound below it, with prices that still bound the LP, short of its optimum
            let Some(&below) = seen.iter().find(|&&v| v < (seen[0] + optimum) / 2.0 && v > optimum + 1e-6) else {
                continue;
            };
            let mut part = lp.clone();
            let y = part.dual_prices(&cols, &usable, &b, 100, (seen[0] + optimum) / 2.0).unwrap();
            assert_eq!(bound(&y), below, "{seen:?}");
            assert!(cols.worst_of(usable.iter().copied(), &y) <= 1e-9);
            assert!(!part.primal_feasible(), "{seen:?}");
            stopped_early += 1;
        }
        assert!(stopped_early >= 10, "{stopped_early}");
    }

    #[test]
    fn the_dual_step_leaves_at_the_steepest_edge_row() {
        // row 0 is the most negative (−2) but its row of the inverse is long (norm² 16 + 1):
        // against it row 1 (−1, norm² 1) is the steeper edge, 1 > 4/17
        let lp = Simplex { m: 2, binv: vec![4.0, 1.0, 0.0, 1.0], basis: vec![0, 1], xb: vec![-2.0, -1.0], pivots: 0 };
        assert_eq!(lp.leaving_row(), Some(1));
        let feasible = Simplex { xb: vec![0.5, 1.0], ..lp };
        assert_eq!(feasible.leaving_row(), None);
    }

    #[test]
    fn a_fractional_optimum_is_found() {
        // a triangle: pairs {0,1} {1,2} {0,2} worth 1 each; LP optimum 1.5 (x = 1/2 each)
        let mut cols = Columns::new();
        let start = units(&mut cols, 3);
        cols.push([(0, 1.0), (1, 1.0)], 1.0);
        cols.push([(1, 1.0), (2, 1.0)], 1.0);
        cols.push([(0, 1.0), (2, 1.0)], 1.0);
        let y = Simplex::new(&[1.0; 3], &start).optimise(&cols, 100).unwrap();
        assert!((y.iter().sum::<f64>() - 1.5).abs() < 1e-6);
    }

    #[test]
    fn a_further_row_goes_on_from_the_optimal_basis() {
        // first: max x2 + x3 (both pairs); then, with x2 + x3 ≥ 1, max x4 (the triple, worth 0 before)
        let mut cols = Columns::new();
        let start = units(&mut cols, 3);
        let pair = cols.push([(0, 1.0), (1, 1.0), (3, 1.0)], 1.0);
        cols.push([(1, 1.0), (2, 1.0), (3, 1.0)], 1.0);
        let triple = cols.push([(0, 1.0), (1, 1.0), (2, 1.0)], 0.0);
        let mut lp = Simplex::new(&[1.0; 3], &start);
        let first = {
            // row 3 is not there yet: its entries are ignored while the basis has three rows
            let mut only = Columns::new();
            for j in 0..cols.len() {
                only.push(cols.rows(j).iter().copied().filter(|e| e.0 < 3), cols.cost[j]);
            }
            lp.optimise(&only, 100).unwrap()
        };
        assert!((first.iter().sum::<f64>() - 1.0).abs() < 1e-6);
        for j in 0..cols.len() {
            cols.cost[j] = if j == triple { 1.0 } else { 0.0 };
        }
        let surplus = cols.push([(3, -1.0)], 0.0);
        lp.add_row(&cols, 3, surplus, 1.0);
        let y = lp.optimise(&cols, 100).unwrap();
        // the triple cannot be laid while a pair must be: the kept LP's optimum is 0
        assert!((y[..3].iter().sum::<f64>() + y[3]).abs() < 1e-6, "{y:?}");
        assert!(cols.worst_of(0..cols.len(), &y) <= 1e-9);
        assert!(pair < triple);
    }

    #[test]
    fn rows_added_at_once_are_the_rows_added_one_by_one() {
        // a random partition LP, solved, then three cut-like rows (each over some of its
        // columns, with a surplus): the inverse, the basic values and the basis of one
        // batch are those of three single rows, and the dual steps go on from it alike
        let mut rng = crate::rng::SplitMix64 { state: 7 };
        for _ in 0..20 {
            let m = 8u16;
            let mut cols = Columns::new();
            let start = units(&mut cols, m);
            for _ in 0..30 {
                let mut rows: Vec<(u16, f64)> = (0..m).filter(|_| rng.below(3) == 0).map(|r| (r, 1.0)).collect();
                if rows.is_empty() {
                    rows.push((rng.below(m as u64) as u16, 1.0));
                }
                let cost = rows.len() as f64 + rng.below(3) as f64;
                cols.push(rows, cost);
            }
            let mut lp = Simplex::new(&[1.0; 8], &start);
            lp.optimise(&cols, 500).unwrap();
            let mut with_rows = Columns::new();
            for j in 0..cols.len() {
                let extra = (0..3u16).filter(|c| (j + *c as usize).is_multiple_of(4)).map(|c| (m + c, -1.0));
                with_rows.push(cols.rows(j).iter().copied().chain(extra), cols.cost[j]);
            }
            let rows: Vec<(u16, usize, f64)> =
                (0..3u16).map(|c| (m + c, with_rows.push([(m + c, -1.0)], 0.0), -1.0)).collect();
            let (mut one_by_one, mut at_once) = (lp.clone(), lp);
            for &(row, surplus, rhs) in &rows {
                one_by_one.add_row(&with_rows, row, surplus, rhs);
            }
            at_once.add_rows(&with_rows, &rows);
            assert_eq!(one_by_one.binv, at_once.binv);
            assert_eq!(one_by_one.xb, at_once.xb);
            assert_eq!(one_by_one.basis, at_once.basis);
            let all: Vec<usize> = (0..with_rows.len()).collect();
            let b: Vec<f64> = (0..m).map(|_| 1.0).chain([-1.0; 3]).collect();
            let y1 = one_by_one.dual_prices(&with_rows, &all, &b, 100, f64::NEG_INFINITY);
            assert_eq!(y1, at_once.dual_prices(&with_rows, &all, &b, 100, f64::NEG_INFINITY));
        }
    }
}
