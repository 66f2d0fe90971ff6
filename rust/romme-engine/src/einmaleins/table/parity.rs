//! {0,½}-cuts on the root LP of the 1x1 table search (docs/SEARCH-DESIGN.md §5.3).
//!
//! Every row of the LP is an equation with integer entries: each natural is
//! covered once (a hand natural's "left in the hand" and a table natural's
//! "taken" are columns too), the wish cards and each 1-card are used or left
//! unused. Half the sum of a set *S* of rows whose right-hand sides add up
//! to an odd number, rounded down on both sides, is a Chvátal-Gomory cut:
//! an arrangement lays each meld at most ⌊a_S/2⌋ times … ≤ ⌊b_S/2⌋, where
//! a_S counts the meld's entries in the rows of *S*. An LP solution `x`
//! violates it exactly when the columns with an odd a_S carry less than 1 in
//! all (the even ones are paid in full by the halved rows), so separating
//! one is finding, over GF(2), a set *S* orthogonal to the columns that
//! carry the most of `x`, with an odd right-hand side ([`violated`]).
//!
//! On the slow 50-card `points` positions the LPs' optimal faces hold
//! fractional melds that no clique or odd cycle of melds in conflict cuts
//! off (the LPs are very degenerate), while a few of these cuts close the
//! whole gap to the integer optimum.
//!
//! A cut stays valid at every position the search reaches: a position's
//! rows are the root's with its own right-hand side, so the same *S* gives
//! ⌊b'_S/2⌋ there ([`OddRows::rhs`]). It holds for the melds the LPs leave
//! out too: a dominated meld has the same naturals and more wilds, so no
//! fewer entries in *S* and no smaller a coefficient than its dominator.

use super::conflicts::Holds;
use super::{RES_ONES, RES_WISHES};
use crate::partition::single::total;
use crate::partition::{Counts, Res};

/// The rows of a {0,½}-cut: naturals (local bits), whether the wish cards'
/// row, and the 1-cards (a symbol mask).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OddRows {
    pub naturals: Counts,
    pub wishes: bool,
    pub ones: u8,
}

impl OddRows {
    /// A meld's entries in these rows.
    fn entries(&self, meld: &Holds) -> u32 {
        total(meld.take & self.naturals)
            + if self.wishes { meld.wishes as u32 } else { 0 }
            + (meld.ones & self.ones).count_ones()
    }

    /// How often the cut counts a meld holding `meld`: half its entries in these rows, rounded down.
    pub fn coefficient(&self, meld: &Holds) -> u32 {
        self.entries(meld) / 2
    }

    /// The cut's right-hand side at a position holding the naturals `counts`
    /// and the wilds `res`: half of what these rows hold there, rounded down.
    pub fn rhs(&self, counts: Counts, res: Res) -> u32 {
        let held = Holds { take: counts, wishes: res[RES_WISHES], ones: res[RES_ONES] & 0xF };
        self.entries(&held) / 2
    }
}

/// A set of LP rows (at most 128) as a bit set over GF(2).
type Bits = u128;

fn top(v: Bits) -> usize {
    127 - v.leading_zeros() as usize
}

/// A basis over GF(2) in echelon form: the vector of each pivot (its highest bit).
struct Echelon {
    by_pivot: Vec<Bits>,
}

impl Echelon {
    fn new() -> Echelon {
        Echelon { by_pivot: vec![0; 128] }
    }

    /// `v` reduced by the basis (0: in its span).
    fn reduce(&self, mut v: Bits) -> Bits {
        while v != 0 {
            let p = top(v);
            if self.by_pivot[p] == 0 {
                return v;
            }
            v ^= self.by_pivot[p];
        }
        0
    }
}

/// A set of rows `S` with `S·b` odd and `S·a` even for every vector `a` of
/// `even` (their span), if there is one.
fn odd_set(even: &Echelon, b: Bits) -> Option<Bits> {
    // the equations a·S = 0 (every basis vector) and b·S = 1, eliminated to
    // echelon form by their highest bit, then solved from the lowest pivot up
    // (free bits 0)
    let mut eqs: Vec<(Bits, bool)> = vec![(0, false); 128];
    for (mut mask, mut odd) in even.by_pivot.iter().filter(|&&v| v != 0).map(|&v| (v, false)).chain([(b, true)]) {
        loop {
            if mask == 0 {
                if odd {
                    return None;
                }
                break;
            }
            let p = top(mask);
            if eqs[p].0 == 0 {
                eqs[p] = (mask, odd);
                break;
            }
            mask ^= eqs[p].0;
            odd ^= eqs[p].1;
        }
    }
    let mut s: Bits = 0;
    for (p, &(mask, odd)) in eqs.iter().enumerate() {
        if mask != 0 && odd ^ ((mask & s).count_ones() % 2 == 1) {
            s |= 1 << p;
        }
    }
    Some(s)
}

/// Sets of rows `S` whose {0,½}-cut the LP solution `x` (columns with their
/// values; `odd(j)`: column `j`'s entries mod 2 as a row set) violates, at
/// most `most`; `b`: the right-hand side mod 2. Per try the columns are
/// taken largest value first (after the first try with a little
/// pseudo-random noise on the values), each kept even unless that would put
/// `b` in the span of the even ones; the try succeeds if the columns left odd
/// carry less than 1 in all.
pub(super) fn violated(x: &[(usize, f64)], odd: impl Fn(usize) -> Bits, b: Bits, most: usize) -> Vec<Bits> {
    let mut found: Vec<Bits> = Vec::new();
    let mut noise = 0x9E37_79B9_7F4A_7C15u64;
    // (each column's rows mod 2, worked out once for all the tries)
    let columns: Vec<(usize, f64, Bits)> = x.iter().map(|&(j, v)| (j, v, odd(j))).collect();
    for attempt in 0..TRIES_PER_CUT * most {
        if found.len() == most {
            break;
        }
        let mut order: Vec<(f64, usize, f64, Bits)> = columns
            .iter()
            .map(|&(j, v, rows)| {
                noise ^= noise << 13;
                noise ^= noise >> 7;
                noise ^= noise << 17;
                let jitter = if attempt == 0 { 0.0 } else { NOISE * (noise >> 11) as f64 / (1u64 << 53) as f64 };
                (v + jitter, j, v, rows)
            })
            .collect();
        order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut even = Echelon::new();
        let mut left_odd = 0.0;
        for &(_, _, value, rows) in &order {
            let v = even.reduce(rows);
            if v == 0 {
                continue;
            }
            even.by_pivot[top(v)] = v;
            if even.reduce(b) == 0 {
                even.by_pivot[top(v)] = 0;
                left_odd += value;
                if left_odd >= 1.0 - MIN_VIOLATION {
                    break;
                }
            }
        }
        if left_odd >= 1.0 - MIN_VIOLATION {
            continue;
        }
        if let Some(s) = odd_set(&even, b) {
            if !found.contains(&s) {
                found.push(s);
            }
        }
    }
    found
}

/// Tries per cut wanted.
const TRIES_PER_CUT: usize = 4;
/// Noise added to the values after the first try (of a value up to 1).
const NOISE: f64 = 0.3;
/// Least violation, in what the odd columns carry below 1 (twice the cut's violation).
const MIN_VIOLATION: f64 = 2e-3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_triangle_of_pairs_gives_the_cut_of_its_three_rows() {
        // rows 0..3, pairs {0,1} {1,2} {0,2} at ½: S = all three, b_S = 3,
        // every pair has 2 entries in S: x_01 + x_12 + x_02 ≤ 1
        let cols = [0b011u128, 0b110, 0b101];
        let x = [(0, 0.5), (1, 0.5), (2, 0.5)];
        let found = violated(&x, |j| cols[j], 0b111, 4);
        assert_eq!(found, vec![0b111]);
        // integral: nothing (a set odd on b is odd on a column at 1)
        let x = [(0, 1.0), (1, 1.0)];
        assert!(violated(&x, |j| [0b011u128, 0b100][j], 0b111, 4).is_empty());
    }

    #[test]
    fn the_set_is_even_on_the_columns_kept_even_and_odd_on_b() {
        let even_cols = [0b0011u128, 0b1100, 0b0110];
        let mut e = Echelon::new();
        for &v in &even_cols {
            let r = e.reduce(v);
            if r != 0 {
                e.by_pivot[top(r)] = r;
            }
        }
        let b = 0b0001;
        let s = odd_set(&e, b).expect("b is outside their span");
        assert!(even_cols.iter().all(|&v| (v & s).count_ones().is_multiple_of(2)));
        assert_eq!((b & s).count_ones() % 2, 1);
        // b in the span: no set
        assert!(odd_set(&e, 0b0101).is_none());
    }
}
