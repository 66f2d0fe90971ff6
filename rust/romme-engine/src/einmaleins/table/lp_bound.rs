//! The LP bounds of the 1x1 table search (docs/SEARCH-DESIGN.md §5.3).
//!
//! A new table is a choice of melds (the shapes the search may lay, and the
//! sets of 1s of its end) that covers every table natural once and every hand
//! natural at most once, within the wish cards and the 1-cards. Its linear
//! relaxation, solved once at the root, gives dual prices: a price per
//! natural, per wish card and per 1-card such that no meld is worth more than
//! the prices of what it holds. A position of the search then bounds what its
//! rest can still add by the prices of what it still holds (weak duality:
//! every meld the rest lays is paid for by its cards, and a hand card left out
//! has a price ≥ 0). The hand's wilds are left to [`super::Table::bound`],
//! which counts them as placed.
//!
//! Two LPs, for the first two score components:
//! - `first`: the most of the objective the naturals add;
//! - `kept`: the most table cards kept, given that the first component
//!   reaches at least the root's bound. Its price `s` ≥ 0 of that row
//!   makes it a bound for any target `T`: a rest that adds at least `T`
//!   keeps at most `prices − s·T`. Rests that add less than a position's
//!   bound on the first component lose on it anyway, so `T` is that bound.
//!
//! Unlike the combinatorial bound these see the table cards a hand card would
//! take from the melds that need them: the price of a table natural may be
//! negative (each must be placed), so a meld that strands one costs.

use super::simplex::{dual_prices, Column};
use super::{Table, RES_ONES, RES_WISHES};
use crate::einmaleins::melds::ones_sets;
use crate::partition::single::{has, types};
use crate::partition::{Counts, Res};
use crate::table::TableObjective;

/// Cost of the start columns that stand for nothing real (kept out of every optimum).
const ARTIFICIAL: f64 = -1.0e7;
/// Pivot limit of one LP.
const MAX_PIVOTS: usize = 5_000;
/// Largest violation of a dual constraint accepted (far below a unit of the objective).
const SLACK: f64 = 1e-6;
/// Most melds and cards left out in the rest of a position (each may carry a price's slack).
const MAX_PARTS: f64 = 256.0;

/// Prices of the rows: one per natural, the wish cards, and per symbol its
/// 1-card (0 where it is not in the universe).
#[derive(Clone, Debug)]
struct Prices {
    natural: Vec<f64>,
    wish: f64,
    ones: [f64; 4],
}

impl Prices {
    /// What the rest of a position (naturals `counts`, wilds `res`) pays.
    fn of(&self, counts: Counts, res: Res) -> f64 {
        let naturals: f64 = types(counts).map(|l| self.natural[l]).sum();
        let ones: f64 = (0..4).filter(|s| res[RES_ONES] >> s & 1 == 1).map(|s| self.ones[s]).sum();
        naturals + self.wish * res[RES_WISHES] as f64 + ones
    }
}

/// The dual prices of the two root LPs.
#[derive(Clone, Debug)]
pub(super) struct LpBound {
    first: Prices,
    kept: Prices,
    /// The price of the row "the first component reaches the target" (≥ 0).
    per_first: f64,
}

/// One column of the model: its rows, its first score component and the table cards it keeps.
struct Part {
    rows: Vec<(u16, f64)>,
    first: i32,
    kept: i32,
}

/// The rows and columns of the root LP.
struct Model {
    parts: Vec<Part>,
    rhs: Vec<f64>,
    /// Per row, the column to start from (a unit column).
    start: Vec<usize>,
    naturals: usize,
    one_row: [u16; 4],
}

impl Model {
    fn new(t: &Table, all: Counts, res0: Res) -> Model {
        let n = types(all).count();
        let wish_row = n as u16;
        let ones_present = res0[RES_ONES] & 0xF;
        let mut one_row = [u16::MAX; 4];
        let mut rows = n + 1;
        for (s, r) in one_row.iter_mut().enumerate() {
            if ones_present >> s & 1 == 1 {
                *r = rows as u16;
                rows += 1;
            }
        }
        let net = t.objective == TableObjective::Net;
        let mut parts: Vec<Part> = Vec::new();
        let mut start = vec![0usize; rows];
        // a natural left out: a hand card stays in the hand, a table card is
        // taken (under `Net`) or stands for nothing (an artificial column)
        for (l, slot) in start.iter_mut().enumerate().take(n) {
            *slot = parts.len();
            let first = if !has(t.hand_nat, l) && net { -1 } else { 0 };
            parts.push(Part { rows: vec![(l as u16, 1.0)], first, kept: 0 });
        }
        // unused wilds
        start[n] = parts.len();
        parts.push(Part { rows: vec![(wish_row, 1.0)], first: 0, kept: 0 });
        for &r in one_row.iter().filter(|&&r| r != u16::MAX) {
            start[r as usize] = parts.len();
            parts.push(Part { rows: vec![(r, 1.0)], first: 0, kept: 0 });
        }
        let (wishes, ones) = (res0[RES_WISHES], res0[RES_ONES]);
        for c in 0..n {
            t.lines.shapes(c, all, wishes, ones, |m| {
                let (kept, _) = t.kept(m.take, m.one, m.wishes);
                if kept == 0 && t.splits(&m) {
                    return;
                }
                let first: i32 = types(m.take & t.hand_nat).map(|l| t.reach[l].worth).sum();
                let mut rows: Vec<(u16, f64)> = types(m.take).map(|l| (l as u16, 1.0)).collect();
                if m.wishes > 0 {
                    rows.push((wish_row, m.wishes as f64));
                }
                if m.one != 0 {
                    rows.push((one_row[m.one.trailing_zeros() as usize], 1.0));
                }
                parts.push(Part { rows, first, kept: kept as i32 });
            });
        }
        ones_sets(ones_present, wishes, |sets| {
            let (s, x) = sets[0];
            if s == 0 || sets[1].0 != 0 {
                return;
            }
            let mut rows: Vec<(u16, f64)> = (0..4).filter(|b| s >> b & 1 == 1).map(|b| (one_row[b], 1.0)).collect();
            if x > 0 {
                rows.push((wish_row, x as f64));
            }
            parts.push(Part { rows, first: 0, kept: t.kept_in_ones(s, x).0 as i32 });
        });
        let mut rhs = vec![1.0; rows];
        rhs[n] = wishes as f64;
        Model { parts, rhs, start, naturals: n, one_row }
    }

    /// The columns with costs `cost(part, is_start_of_a_table_natural)`.
    fn columns(&self, t: &Table, cost: impl Fn(&Part, bool) -> f64) -> Vec<Column> {
        let net = t.objective == TableObjective::Net;
        self.parts
            .iter()
            .enumerate()
            .map(|(j, p)| {
                let artificial = j < self.naturals && !net && !has(t.hand_nat, j);
                Column { rows: p.rows.clone(), cost: if artificial { ARTIFICIAL } else { cost(p, artificial) } }
            })
            .collect()
    }

    /// The prices of the rows of `y` (its first rows), if they fail no column of `cols` by more than [`SLACK`].
    fn prices(&self, cols: &[Column], y: &[f64]) -> Option<Prices> {
        let worst = cols
            .iter()
            .map(|c| c.cost - c.rows.iter().map(|&(r, a)| y[r as usize] * a).sum::<f64>())
            .fold(f64::MIN, f64::max);
        if worst > SLACK {
            return None;
        }
        let mut ones = [0.0; 4];
        for (s, &r) in self.one_row.iter().enumerate() {
            if r != u16::MAX {
                ones[s] = y[r as usize];
            }
        }
        Some(Prices { natural: y[..self.naturals].to_vec(), wish: y[self.naturals], ones })
    }
}

impl LpBound {
    /// Solves the root LPs of `t` over the naturals `all` and the wilds
    /// `res0`; `None` if a simplex did not finish or its prices fail the check.
    pub(super) fn fit(t: &Table, all: Counts, res0: Res) -> Option<LpBound> {
        let model = Model::new(t, all, res0);
        let cols = model.columns(t, |p, _| p.first as f64);
        let y = dual_prices(&model.rhs, &cols, &model.start, MAX_PIVOTS)?;
        let first = model.prices(&cols, &y)?;
        let target = (first.of(all, res0) + MAX_PARTS * SLACK + 1e-6).floor();
        // the kept LP: the row Σ first·x − surplus + artificial = target
        let row = model.rhs.len() as u16;
        let mut cols = model.columns(t, |p, _| p.kept as f64);
        for (c, p) in cols.iter_mut().zip(&model.parts) {
            if p.first != 0 {
                c.rows.push((row, p.first as f64));
            }
        }
        cols.push(Column { rows: vec![(row, -1.0)], cost: 0.0 });
        cols.push(Column { rows: vec![(row, 1.0)], cost: ARTIFICIAL });
        let mut start = model.start.clone();
        start.push(cols.len() - 1);
        let mut rhs = model.rhs.clone();
        rhs.push(target.max(0.0));
        let mut y = dual_prices(&rhs, &cols, &start, MAX_PIVOTS)?;
        // the row's price must be ≤ 0 for the bound (it is, up to rounding)
        y[row as usize] = y[row as usize].min(0.0);
        let kept = model.prices(&cols, &y)?;
        Some(LpBound { first, kept, per_first: -y[row as usize] })
    }

    /// The most the rest of a position (naturals `counts`, wilds `res`) can
    /// add to the first score component, the hand's wilds aside.
    pub(super) fn first(&self, counts: Counts, res: Res) -> i32 {
        Self::floor(self.first.of(counts, res))
    }

    /// The table cards kept by a rest that adds at least `target` to the first component.
    pub(super) fn kept(&self, counts: Counts, res: Res, target: i32) -> i32 {
        Self::floor(self.kept.of(counts, res) - self.per_first * target as f64)
    }

    /// Rounds a bound down to the integer it allows (every price has a slack
    /// of at most [`SLACK`] per column, and a rest uses fewer than [`MAX_PARTS`]).
    fn floor(v: f64) -> i32 {
        (v + MAX_PARTS * SLACK + 1e-6).floor() as i32
    }
}
