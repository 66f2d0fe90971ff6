//! The joker demand of the hand naturals: how many jokers each needs at
//! least to join a meld, for the sweep's upper bound ([`super::Sweep::upper_score`]).

use crate::search::model::{Model, Score, MAX_POS, SUITS};

/// Hand naturals that fit no meld with fewer than `k` jokers can only be placed
/// while `k` jokers are still free. `need[s][p]` is that least joker count of
/// the cell (s, p), over every meld the cell could join if all other cards of
/// the model (free, hand, kept melds) were available; the sums give the bound.
#[derive(Clone, Debug)]
pub(super) struct JokerNeed {
    pub(super) need: [[u8; 16]; SUITS],
    /// What the hand naturals of suit s at positions > v needing ≤ k jokers (k = 3: all) score:
    /// their count, or under the points objective their hand points (the one the bound reads; a
    /// sweep is set up for every anchored solve, so the other is not made).
    pub(super) after: [[[i32; 18]; 4]; SUITS],
    /// Of those at positions > v + 2 needing ≤ k jokers, how many cannot all be
    /// placed with k jokers (see [`JokerNeed::short_of`]; the count objective's bound alone reads it).
    pub(super) short: [[i32; 3]; 16],
}

/// The bits set in a number below 16, read from a table (the crate is built for every x86-64,
/// where `count_ones` takes a dozen instructions without the popcnt instruction).
#[inline]
pub(super) fn ones4(x: u8) -> u8 {
    (0x4332_3221_3221_2110u64 >> (4 * (x & 15)) & 15) as u8
}

impl JokerNeed {
    pub(super) fn new(m: &Model) -> JokerNeed {
        let npos = m.rules.npos;
        // (bit masks, not cell by cell: a sweep is set up for every anchored solve, 5,463 of them
        // over the Rummy expert's 1,562 recorded searches)
        let present = Self::present(m);
        // which suits have a card at each position
        let mut at = [0u8; 16];
        for (s, &bits) in present.iter().enumerate() {
            for (p, x) in at.iter_mut().enumerate().take(npos) {
                *x |= ((bits >> p & 1) as u8) << s;
            }
        }
        let cycle = m.rules.shape.is_cycle();
        let any_groups = m.lock_groups.iter().any(|g| !g.is_empty());
        let mut need = [[0u8; 16]; SUITS];
        for s in 0..SUITS {
            for p in 0..npos {
                // (aces may sit high: no bound there; on the cycle runs cross the cut, and a card at
                // the last two cells may go with jokers laid at the first two: no bound at those four)
                if (cycle && (p < 2 || p + 2 >= npos)) || (m.rules.ace_high && p == 0) {
                    continue;
                }
                let mut colours = ones4(at[p] & !(1 << s));
                if any_groups {
                    // (a kept set of three takes a fourth card without a free joker)
                    colours += m.lock_groups[p]
                        .iter()
                        .map(|g| (g.colours & !(1 << s)).count_ones() as u8 + g.jokers)
                        .sum::<u8>();
                }
                let mut best = 2u8.saturating_sub(colours);
                // (the cells of the suit missing around p, as bits: each run window a..=a+2
                // holding p needs a joker for each missing cell but p)
                let missing = !present[s] & !(1u32 << p);
                let mut a = p.saturating_sub(2);
                while best > 0 && a <= p && a + 2 < npos {
                    best = best.min(ones4((missing >> a & 0b111) as u8));
                    a += 1;
                }
                need[s][p] = best;
            }
        }
        let points = m.score == Score::Points;
        let mut after = [[[0i32; 18]; 4]; SUITS];
        for (s, rows) in after.iter_mut().enumerate() {
            let mut acc = [0i32; 4];
            for v in (0..npos.min(15)).rev() {
                let p = v + 1;
                if p < npos && m.h[s][p] > 0 {
                    let h = m.h[s][p] as i32;
                    let value = if points { h * m.hand_value[p.min(MAX_POS - 1)] } else { h };
                    // (k = 3 counts every natural; below, those needing at most k jokers)
                    let need_here = need[s][p] as usize;
                    for (k, x) in acc.iter_mut().enumerate() {
                        if k == 3 || need_here <= k {
                            *x += value;
                        }
                    }
                }
                for (row, &x) in rows.iter_mut().zip(&acc) {
                    row[v] = x;
                }
            }
        }
        Self::with_short(m, need, after)
    }

    /// The cells of each suit as bits: where a table or hand natural lies, and every cell of a
    /// kept run (it may be extended); with aces high, the ace's high cell where it lies low.
    fn present(m: &Model) -> [u32; SUITS] {
        let npos = m.rules.npos;
        let cells = (1u32 << npos) - 1;
        std::array::from_fn(|s| {
            let mut bits = nonzero_cells(&std::array::from_fn(|p| m.t[s][p] | m.h[s][p])) & cells;
            let mut starts = nonzero_cells(&m.lock_start[s]) & cells;
            if starts != 0 {
                let ends = nonzero_cells(&m.lock_end[s]) & cells;
                while starts != 0 {
                    let p = starts.trailing_zeros() as usize;
                    starts &= starts - 1;
                    // a kept run: its cells count as present (it may be extended); it ends at the
                    // last kept run's end two cells on or later, else at the last cell
                    let later = ends & !((1u32 << (p + 2)) - 1);
                    let end = if later != 0 { 31 - later.leading_zeros() as usize } else { npos - 1 };
                    bits |= ((1u32 << (end + 1)) - 1) & !((1u32 << p) - 1);
                }
            }
            if m.rules.ace_high {
                bits |= (bits & 1) << (npos - 1);
            }
            bits
        })
    }

    /// The tables with `short` made from `need` (the count objective's bound alone reads it: under
    /// points it stays 0).
    fn with_short(m: &Model, need: [[u8; 16]; SUITS], after: [[[i32; 18]; 4]; SUITS]) -> JokerNeed {
        let mut short = [[0i32; 3]; 16];
        if m.score == Score::Points || m.jokers == 0 {
            return JokerNeed { need, after, short };
        }
        let npos = m.rules.npos;
        // hand naturals needing jokers, cheapest first (none: no reduction); on the stack where they
        // are few (a sweep is set up for every anchored solve)
        let mut n = 0;
        for (row, hand) in need.iter().zip(&m.h) {
            for (&k, &h) in row.iter().zip(hand).take(npos) {
                n += if k > 0 { h as usize } else { 0 };
            }
        }
        if n == 0 {
            return JokerNeed { need, after, short };
        }
        let (mut stack, mut heap) = ([(0u8, 0u8, 0u8); 2 * CAND_ON_STACK], Vec::new());
        let (cand, chosen) = if n <= CAND_ON_STACK {
            stack.split_at_mut(n)
        } else {
            heap.resize(2 * n, (0u8, 0u8, 0u8));
            heap.split_at_mut(n)
        };
        let mut i = 0;
        for (s, row) in need.iter().enumerate() {
            for (p, &k) in row.iter().enumerate().take(npos) {
                if k > 0 {
                    for _ in 0..m.h[s][p] {
                        cand[i] = (k, p as u8, s as u8);
                        i += 1;
                    }
                }
            }
        }
        cand.sort_unstable();
        // (a row counts the naturals at v + 3 or later: rows whose naturals are the same count alike,
        // so a row is counted only where a natural drops out of them)
        let mut last: Option<(usize, [i32; 3])> = None;
        // (from v + 3 = npos on no natural is left to count: those rows stay 0)
        for (v, row) in short.iter_mut().enumerate().take(npos.saturating_sub(3)) {
            let left = cand.iter().filter(|c| c.1 as usize >= v + 3).count();
            // (one natural left at v + 3 or later fits with any k ≥ 1 jokers: this row and
            // every later one stay 0)
            if left < 2 {
                break;
            }
            match last {
                Some((n, counted)) if n == left => *row = counted,
                _ => {
                    for (k, x) in row.iter_mut().enumerate().skip(1) {
                        *x = Self::short_of(cand, v + 3, k as u8, chosen);
                    }
                    last = Some((left, *row));
                }
            }
        }
        JokerNeed { need, after, short }
    }

    /// The cell-by-cell form of [`Self::new`]: the reference its test compares with.
    #[cfg(test)]
    pub(super) fn reference(m: &Model) -> JokerNeed {
        let npos = m.rules.npos;
        let mut here = [[false; 16]; SUITS];
        for (s, row) in here.iter_mut().enumerate() {
            for p in 0..npos {
                row[p] |= m.t[s][p] + m.h[s][p] > 0;
                if m.lock_start[s][p] > 0 {
                    // a kept run: its cells count as present (it may be extended)
                    let end = (p + 2..npos).rfind(|&b| m.lock_end[s][b] > 0).unwrap_or(npos - 1);
                    row[p..=end].iter_mut().for_each(|x| *x = true);
                }
            }
            if m.rules.ace_high {
                row[npos - 1] |= row[0];
            }
        }
        let present: [u32; SUITS] =
            std::array::from_fn(|s| here[s].iter().enumerate().fold(0, |acc, (p, &x)| acc | (x as u32) << p));
        let mut need = [[0u8; 16]; SUITS];
        for s in 0..SUITS {
            for p in 0..npos {
                // (aces may sit high: no bound there; on the cycle runs cross the cut, and a card at
                // the last two cells may go with jokers laid at the first two: no bound at those four)
                if (m.rules.shape.is_cycle() && (p < 2 || p + 2 >= npos)) || (m.rules.ace_high && p == 0) {
                    continue;
                }
                let mut colours = (0..SUITS).filter(|&c| c != s && here[c][p]).count() as u8;
                // (a kept set of three takes a fourth card without a free joker)
                colours +=
                    m.lock_groups[p].iter().map(|g| (g.colours & !(1 << s)).count_ones() as u8 + g.jokers).sum::<u8>();
                let mut best = 2u8.saturating_sub(colours);
                // (the cells of the suit missing around p, as bits: each run window a..=a+2
                // holding p needs a joker for each missing cell but p)
                let missing = !present[s] & !(1u32 << p);
                for a in p.saturating_sub(2)..=p {
                    if a + 2 < npos {
                        best = best.min((missing >> a & 0b111).count_ones() as u8);
                    }
                }
                need[s][p] = best;
            }
        }
        let points = m.score == Score::Points;
        let mut after = [[[0i32; 18]; 4]; SUITS];
        for s in 0..SUITS {
            for v in (0..npos.min(15)).rev() {
                let p = v + 1;
                let (h, need_here) = if p < npos { (m.h[s][p] as i32, need[s][p] as usize) } else { (0, 0) };
                let value = if points { h * m.hand_value[p.min(MAX_POS - 1)] } else { h };
                for (k, row) in after[s].iter_mut().enumerate() {
                    let fits = k == 3 || need_here <= k;
                    row[v] = row[v + 1] + if fits { value } else { 0 };
                }
            }
        }
        let mut r = Self::with_short(m, need, after);
        // (every row of `short` counted, without the stop where one natural at most is left)
        if m.score != Score::Points && m.jokers > 0 {
            let mut cand: Vec<(u8, u8, u8)> = Vec::new();
            for (s, row) in need.iter().enumerate() {
                for (p, &n) in row.iter().enumerate().take(npos) {
                    (0..if n > 0 { m.h[s][p] } else { 0 }).for_each(|_| cand.push((n, p as u8, s as u8)));
                }
            }
            cand.sort_unstable();
            let mut chosen = vec![(0, 0, 0); cand.len()];
            for (v, row) in r.short.iter_mut().enumerate().take(npos.saturating_sub(3)) {
                for (k, x) in row.iter_mut().enumerate().skip(1) {
                    *x = Self::short_of(&cand, v + 3, k as u8, &mut chosen);
                }
            }
        }
        r
    }

    /// Two hand naturals that cannot share a joker need two: a joker serves one
    /// meld, and a natural needing a joker has one within two cells in its run,
    /// or in its set. Two such naturals of one suit and position lie in different
    /// melds; of different suits and positions too; of one suit within four
    /// positions they may share. Picks naturals of `cand` (need, position, suit;
    /// sorted) at positions ≥ `from` needing 1..=k jokers that pairwise cannot
    /// share, and returns how many of them cannot be placed with k jokers.
    fn short_of(cand: &[(u8, u8, u8)], from: usize, k: u8, chosen: &mut [(u8, u8, u8)]) -> i32 {
        let apart = |a: &(u8, u8, u8), b: &(u8, u8, u8)| {
            if a.2 == b.2 {
                a.1 == b.1 || a.1.abs_diff(b.1) > 4
            } else {
                a.1 != b.1
            }
        };
        // (`chosen` has room for every candidate)
        let mut n = 0;
        for c in cand.iter().filter(|c| c.1 as usize >= from && c.0 <= k) {
            if chosen[..n].iter().all(|d| apart(c, d)) {
                chosen[n] = *c;
                n += 1;
            }
        }
        // the cheapest ones get the jokers (chosen is sorted by need)
        let (mut left, mut fit) = (k, 0);
        for c in chosen[..n].iter() {
            if c.0 <= left {
                left -= c.0;
                fit += 1;
            }
        }
        n as i32 - fit
    }
}

/// The cells of a row holding something, as bits (eight bytes at a time: the high bit of each
/// byte set where it is not 0, the eight high bits then gathered into one byte by a product
/// whose partial products never overlap).
#[inline]
pub(super) fn nonzero_cells(row: &[u8; MAX_POS]) -> u32 {
    const _: () = assert!(MAX_POS == 14, "nonzero_cells reads a row of 14 cells");
    let gather = |x: u64| {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let high = (((x & LOW7) + LOW7) | x) & !LOW7;
        ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
    };
    let r = row;
    let lo = u64::from_le_bytes([r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]]);
    let hi = u64::from_le_bytes([r[8], r[9], r[10], r[11], r[12], r[13], 0, 0]);
    gather(lo) | gather(hi) << 8
}

/// Hand naturals needing jokers that [`JokerNeed::with_short`] lists on the stack (more: on the heap).
const CAND_ON_STACK: usize = 32;
