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
        std::array::from_fn(|s| {
            let mut bits = 0u32;
            for p in 0..npos {
                bits |= ((m.t[s][p] > 0 || m.h[s][p] > 0) as u32) << p;
            }
            if m.lock_start[s].iter().any(|&x| x > 0) {
                for p in (0..npos).filter(|&p| m.lock_start[s][p] > 0) {
                    // a kept run: its cells count as present (it may be extended)
                    let end = (p + 2..npos).rfind(|&b| m.lock_end[s][b] > 0).unwrap_or(npos - 1);
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
        if m.score == Score::Points {
            return JokerNeed { need, after, short };
        }
        let npos = m.rules.npos;
        // hand naturals needing jokers, cheapest first (none: no reduction)
        let mut cand: Vec<(u8, usize, usize)> = Vec::new();
        for (s, row) in need.iter().enumerate() {
            for (p, &n) in row.iter().enumerate().take(npos) {
                (0..if n > 0 { m.h[s][p] } else { 0 }).for_each(|_| cand.push((n, p, s)));
            }
        }
        cand.sort_unstable();
        if m.jokers > 0 && !cand.is_empty() {
            let mut chosen = Vec::with_capacity(cand.len());
            // (from v + 3 = npos on no natural is left to count: those rows stay 0)
            for (v, row) in short.iter_mut().enumerate().take(npos.saturating_sub(3)) {
                // (one natural left at v + 3 or later fits with any k ≥ 1 jokers: this row and
                // every later one stay 0)
                if cand.iter().filter(|c| c.1 >= v + 3).nth(1).is_none() {
                    break;
                }
                for (k, x) in row.iter_mut().enumerate().skip(1) {
                    *x = Self::short_of(&cand, v + 3, k as u8, &mut chosen);
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
            let mut cand: Vec<(u8, usize, usize)> = Vec::new();
            for (s, row) in need.iter().enumerate() {
                for (p, &n) in row.iter().enumerate().take(npos) {
                    (0..if n > 0 { m.h[s][p] } else { 0 }).for_each(|_| cand.push((n, p, s)));
                }
            }
            cand.sort_unstable();
            let mut chosen = Vec::new();
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
    fn short_of(cand: &[(u8, usize, usize)], from: usize, k: u8, chosen: &mut Vec<(u8, usize, usize)>) -> i32 {
        let apart = |a: &(u8, usize, usize), b: &(u8, usize, usize)| {
            if a.2 == b.2 {
                a.1 == b.1 || a.1.abs_diff(b.1) > 4
            } else {
                a.1 != b.1
            }
        };
        chosen.clear();
        for c in cand.iter().filter(|c| c.1 >= from && c.0 <= k) {
            if chosen.iter().all(|d| apart(c, d)) {
                chosen.push(*c);
            }
        }
        // the cheapest ones get the jokers (chosen is sorted by need)
        let (mut left, mut fit) = (k, 0);
        for c in chosen.iter() {
            if c.0 <= left {
                left -= c.0;
                fit += 1;
            }
        }
        chosen.len() as i32 - fit
    }
}
