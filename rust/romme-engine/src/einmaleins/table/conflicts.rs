//! Cuts on the root LP of the 1x1 table search from melds that conflict
//! (docs/SEARCH-DESIGN.md §5.3).
//!
//! Two melds *conflict* when no arrangement lays both: they share a natural
//! or a 1-card, or together they need more wish cards than the position has.
//! The LP may still lay melds at a half each where each pair of them shares a
//! different card (every card row sums to 1). Two kinds of rows cut that off:
//!
//! - a *clique*, melds that pairwise conflict: an arrangement lays at most one;
//! - an *odd cycle* of k melds, each in conflict with the next and the last
//!   with the first: an arrangement lays at most (k − 1) / 2.
//!
//! On the slow 50-card `points` positions a few dozen of them close most of
//! the gap between the LP and the optimum.
//!
//! A cut stays valid for every position the search reaches and for every
//! meld it may lay: a position's melds are among the root's, and a meld the
//! LPs leave out (dominated: the same naturals with more wilds) conflicts with
//! whatever its dominator conflicts with, so with it beside its dominator in
//! the cut (the two conflict) an arrangement still lays no more of the cut's
//! melds. Where none of a cut's melds can be laid from what a position still
//! holds, the cut's right-hand side there is 0 (its price is not paid).

use super::parity::OddRows;
use super::{RES_ONES, RES_WISHES};
use crate::partition::{Counts, Res};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What an LP column holds: naturals, wish cards, 1-cards (a symbol mask).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Holds {
    pub take: Counts,
    pub wishes: u8,
    pub ones: u8,
}

impl Holds {
    /// Whether no arrangement with at most `wishes` wish cards lays both.
    fn conflicts(&self, o: &Holds, wishes: u8) -> bool {
        self.take & o.take != 0 || self.ones & o.ones != 0 || self.wishes + o.wishes > wishes
    }

    /// Whether a position holding the naturals `counts` and the wilds `res` may lay it.
    fn within(&self, counts: Counts, res: Res) -> bool {
        self.take & !counts == 0 && self.wishes <= res[RES_WISHES] && self.ones & !res[RES_ONES] == 0
    }

    /// Whether a meld holding `o` is this one or one this dominates (the same
    /// naturals, at least its wilds).
    #[cfg(test)]
    fn covers(&self, o: &Holds) -> bool {
        self.take == o.take && self.wishes <= o.wishes && self.ones & !o.ones == 0
    }
}

/// Most cuts (a position's live cuts are a bit set).
pub(super) const MAX_CUTS: usize = 64;
/// An LP value counts as fractional beyond this distance from 0 and 1.
const FRACTION: f64 = 1e-5;
/// Least violation of a cut worth adding.
const VIOLATION: f64 = 1e-3;

/// A cut: of its melds an arrangement lays at most `most`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Cut {
    /// The LP columns of its melds, in order.
    pub columns: Vec<usize>,
    pub most: u32,
}

/// What a cut counts and how many of it a position's rest lays at most.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Rule {
    /// Melds in conflict: of `members` at most `most` (where one of them
    /// may still be laid; else none).
    Conflict { members: Vec<Holds>, most: u32 },
    /// Half the sum of an odd set of card rows, rounded down ([`OddRows`]).
    Parity(OddRows),
}

/// The right-hand sides of the cuts at one position.
#[derive(Clone, Copy, Debug)]
pub(super) struct CutRhs {
    rhs: [u8; MAX_CUTS],
    len: u8,
}

impl CutRhs {
    pub const NONE: CutRhs = CutRhs { rhs: [0; MAX_CUTS], len: 0 };

    /// Cut `c`'s right-hand side.
    pub fn of(&self, c: usize) -> u32 {
        self.rhs[c] as u32
    }

    /// The cuts and their right-hand sides.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.rhs[..self.len as usize].iter().enumerate().map(|(c, &r)| (c, r as u32))
    }

    /// How many cuts are not 0 here.
    pub fn nonzero(&self) -> usize {
        self.iter().filter(|&(_, r)| r > 0).count()
    }
}

/// The cuts of the root LP.
#[derive(Clone, Debug, Default)]
pub(super) struct Cuts {
    rules: Vec<Rule>,
}

impl Cuts {
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    pub fn push(&mut self, rule: Rule) {
        debug_assert!(self.rules.len() < MAX_CUTS);
        self.rules.push(rule);
    }

    pub fn rule(&self, c: usize) -> &Rule {
        &self.rules[c]
    }

    /// Each cut's right-hand side at a position holding `counts` and `res`.
    pub fn rhs(&self, counts: Counts, res: Res) -> CutRhs {
        let mut out = CutRhs { rhs: [0; MAX_CUTS], len: self.rules.len() as u8 };
        for (slot, rule) in out.rhs.iter_mut().zip(&self.rules) {
            *slot = match rule {
                Rule::Conflict { members, most } => {
                    if members.iter().any(|m| m.within(counts, res)) {
                        *most as u8
                    } else {
                        0
                    }
                }
                Rule::Parity(rows) => rows.rhs(counts, res) as u8,
            };
        }
        out
    }

    /// How often cut `c` counts the LP column of a meld holding `meld` (a
    /// conflict cut: its members alone).
    pub fn column_coefficient(&self, c: usize, meld: &Holds) -> u32 {
        match &self.rules[c] {
            Rule::Conflict { members, .. } => members.contains(meld) as u32,
            Rule::Parity(rows) => rows.coefficient(meld),
        }
    }

    /// How often cut `c` counts a meld holding `meld` (a conflict cut: where
    /// it or a meld that dominates it is a member; the dominated ones are no
    /// column of the LPs).
    #[cfg(test)]
    pub fn coefficient(&self, c: usize, meld: &Holds) -> u32 {
        match &self.rules[c] {
            Rule::Conflict { members, .. } => members.iter().any(|m| m.covers(meld)) as u32,
            Rule::Parity(rows) => rows.coefficient(meld),
        }
    }
}

/// Cuts that the LP solution `x` (columns with their values, each holding
/// `holds(j)`, `None` for a column that is no meld) violates, at most
/// `most`, among the fractional melds: cliques grown greedily from each one
/// (largest value first), then odd cycles (shortest paths of weight
/// 1 − x_u − x_v per edge that return to their start at odd length). A
/// clique is then grown further by the melds `lift` (in their order) that
/// conflict with all of it: the LPs are very degenerate, and a cut that
/// holds the other optimal solutions' melds too keeps them from taking the
/// place of the one cut off.
pub(super) fn violated(
    x: impl IntoIterator<Item = (usize, f64)>,
    holds: impl Fn(usize) -> Option<Holds>,
    worth: impl Fn(usize) -> f64,
    lift: &[(usize, Holds)],
    wishes: u8,
    most: usize,
) -> Vec<Cut> {
    let mut frac: Vec<(usize, f64, Holds)> = x
        .into_iter()
        .filter(|&(_, v)| v > FRACTION && v < 1.0 - FRACTION)
        .filter_map(|(j, v)| holds(j).map(|h| (j, v, h)))
        .collect();
    frac.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let n = frac.len();
    let adjacent: Vec<Vec<usize>> =
        (0..n).map(|u| (0..n).filter(|&v| v != u && frac[u].2.conflicts(&frac[v].2, wishes)).collect()).collect();
    let mut found: Vec<Cut> = Vec::new();
    let mut add = |nodes: Vec<usize>, cut_most: u32| {
        let sum: f64 = nodes.iter().map(|&q| frac[q].1).sum();
        let pays = nodes.iter().any(|&q| worth(frac[q].0) > 0.0);
        if found.len() == most || sum <= cut_most as f64 + VIOLATION || !pays {
            return;
        }
        let mut members: Vec<(usize, Holds)> = nodes.iter().map(|&q| (frac[q].0, frac[q].2)).collect();
        if cut_most == 1 {
            for &(j, h) in lift {
                if members.iter().all(|&(i, m)| i != j && m.conflicts(&h, wishes)) {
                    members.push((j, h));
                }
            }
        }
        let mut columns: Vec<usize> = members.iter().map(|m| m.0).collect();
        columns.sort_unstable();
        let cut = Cut { columns, most: cut_most };
        if !found.contains(&cut) {
            found.push(cut);
        }
    };
    for s in 0..n {
        let mut clique = vec![s];
        for &k in &adjacent[s] {
            if clique.iter().all(|&q| adjacent[q].contains(&k)) {
                clique.push(k);
            }
        }
        add(clique, 1);
    }
    for s in 0..n {
        if let Some(cycle) = odd_cycle(s, &adjacent, |u, v| (1.0 - frac[u].1 - frac[v].1).max(0.0)) {
            let k = cycle.len() as u32;
            add(cycle, (k - 1) / 2);
        }
    }
    found
}

/// The lightest closed walk from `s` of odd length with weight below 1, if it
/// is a simple cycle (Dijkstra on the graph's double cover: node, parity).
fn odd_cycle(s: usize, adjacent: &[Vec<usize>], weight: impl Fn(usize, usize) -> f64) -> Option<Vec<usize>> {
    let n = adjacent.len();
    let mut dist = vec![f64::INFINITY; 2 * n];
    let mut prev = vec![usize::MAX; 2 * n];
    let mut heap = BinaryHeap::new();
    dist[2 * s] = 0.0;
    // (−distance as ordered bits: the weights are ≥ 0, so their bits order as they do)
    heap.push(Reverse((0u64, 2 * s)));
    while let Some(Reverse((d, node))) = heap.pop() {
        let d = f64::from_bits(d);
        if d > dist[node] || d >= 1.0 - VIOLATION {
            continue;
        }
        let (u, parity) = (node / 2, node % 2);
        for &v in &adjacent[u] {
            let next = 2 * v + 1 - parity;
            let nd = d + weight(u, v);
            if nd < dist[next] {
                dist[next] = nd;
                prev[next] = node;
                heap.push(Reverse((nd.to_bits(), next)));
            }
        }
    }
    if dist[2 * s + 1] >= 1.0 - VIOLATION {
        return None;
    }
    let mut cycle = Vec::new();
    let mut node = 2 * s + 1;
    while node != 2 * s {
        cycle.push(node / 2);
        node = prev[node];
    }
    let mut seen = cycle.clone();
    seen.sort_unstable();
    seen.dedup();
    (seen.len() == cycle.len() && cycle.len() >= 3).then_some(cycle)
}
