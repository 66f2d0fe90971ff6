//! The search behind [`super::universe`]: a depth-first LCF search over the
//! table generator's steps with an upper-bound cut and a memo of exact values
//! and bounds (fail-low), as in the sweep's `fmax`.
//!
//! The full LCF-DP of [`crate::partition`] visits every partition of the
//! universe; with 45+ table cards that is millions of positions. Bounds cut
//! that down: when every hand card can be placed, a search that only accepts
//! answers at the upper bound never leaves a card and prunes at once. The
//! bound counts every card left as placed except *dead* ones (no pair of
//! partners left for a set or a 3-cell run window, even with the jokers left).
//! The phases (driven by `universe::Problem::solve`):
//! 1. the objective alone, aspiration first (the bound, then one card or point
//!    band below it after the other, then an open search), without the
//!    "used" flags and with runs only as long as the objective needs (a longer
//!    run splits into two valid ones placing the same cards); one optimal
//!    answer traced, its moved cards counted greedily.
//!    With `wrap_around` the sweep's answers read from other seams (see
//!    `universe::seam`) reaching that optimum are the bar; where none comes,
//!    (phase 1b) the same objective again with the long runs that keep an old
//!    meld whole, under a small work limit: often an answer moving fewer cards;
//! 2. the whole score (objective, unmoved cards, −jokers), looking only for
//!    answers better than the best so far, one moved card more allowed after
//!    the other (moving nothing first). If its small work limit cuts it, the
//!    best so far stands with `moved_optimal == false`.
//!
//! Scores are packed into one `i64`, lexicographic by construction (see [`pack`]).

use super::universe::TableGen;
use crate::partition::{contains, count, lowest, res_key, total, Counts, MeldGen, Res, Score, Step};

/// Infeasible.
pub(super) const NEG: i64 = i64::MIN / 4;

/// Which score the search maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Goal {
    /// The objective only (the first score component with `rauber`).
    Objective,
    /// The whole score, lexicographically.
    Whole,
}

/// Packs a score: its components as base-2^k digits, each wide enough that the
/// lower ones never carry over the totals of a whole answer.
pub(super) fn pack(s: Score, goal: Goal, rearrange: bool) -> i64 {
    let [a, b, c] = s.0.map(|x| x as i64);
    match goal {
        Goal::Objective => a,
        // objective (±2^11), unmoved (≤ 110 < 2^7), −jokers (≥ −6)
        Goal::Whole if rearrange => (a << 16) + (b << 6) + c,
        // lay-offs only: unmoved first, then objective (|·| < 2^14 · 64)
        Goal::Whole => (a << 22) + (b << 6) + c,
    }
}

/// One depth-first search with its memo.
pub(super) struct Dfs<'a, 'g> {
    gen: &'a TableGen<'g>,
    goal: Goal,
    memo: crate::partition::FxMap<(Counts, u64), (i64, bool)>,
    bufs: Vec<Vec<Step>>,
}

impl<'a, 'g> Dfs<'a, 'g> {
    pub(super) fn new(gen: &'a TableGen<'g>, goal: Goal) -> Self {
        Dfs { gen, goal, memo: Default::default(), bufs: Vec::new() }
    }

    fn pack(&self, s: Score) -> i64 {
        pack(s, self.goal, self.gen.mode.rearrange)
    }

    /// Upper bound of the rest: every card and joker left placed except the
    /// dead ones (no meld can hold them any more), every old meld the rest
    /// still holds unmoved, no joker counted against. NEG if a dead card
    /// must be placed (more dead copies than hand copies).
    fn upper(&self, rest: Counts, res: &Res, dead: bool) -> i64 {
        let g = self.gen;
        let j = res[0] as u32;
        let mut obj = if g.mode.points { 20 * j as i32 } else { j as i32 };
        // (the cheap bound of a card count needs no loop)
        let mut bits = if dead || g.mode.points { rest } else { 0 };
        if bits == 0 && !g.mode.points {
            obj += total(rest) as i32;
        }
        while bits != 0 {
            let i = bits.trailing_zeros() as usize / 2;
            bits &= !(3 << (2 * i));
            let n = count(rest, i);
            let alive = !dead
                || g.partners[i].iter().any(|&(a, b)| (count(rest, a) == 0) as u32 + (count(rest, b) == 0) as u32 <= j);
            if alive {
                obj += n as i32 * if g.mode.points { g.value[i] } else { 1 };
            } else if n > g.hand[i] && !g.mode.table_optional {
                return NEG;
            }
        }
        let obj = obj - g.table_obj;
        let unmoved = if self.goal == Goal::Objective {
            0
        } else {
            g.old.iter().filter(|o| contains(rest, o.nat)).map(|o| o.size).sum()
        };
        let s = if g.mode.rearrange { Score([obj, unmoved, 0]) } else { Score([unmoved, obj, 0]) };
        self.pack(s)
    }

    fn steps(&mut self, c: usize, rest: Counts, res: Res) -> Vec<Step> {
        let mut buf = self.bufs.pop().unwrap_or_default();
        buf.clear();
        self.gen.steps(c, rest, res, &mut buf);
        buf.retain(|s| count(s.take, c) > 0 && contains(rest, s.take));
        // Move order: keeping old melds whole first (the first answer found then
        // moves few cards), then the larger gain.
        let re = self.gen.mode.rearrange;
        buf.sort_by_key(|s| {
            let [a, b, c] = s.gain.0;
            let (obj, unmoved) = if re { (a, b) } else { (b, a) };
            std::cmp::Reverse((unmoved, obj, c))
        });
        buf
    }

    /// The best value of (`rest`, `res`) if it exceeds `alpha`, else a bound ≤ `alpha`.
    pub(super) fn fmax(&mut self, rest: Counts, res: Res, alpha: i64) -> i64 {
        let Some(c) = lowest(rest) else {
            return self.gen.tail(res).map_or(NEG, |s| self.pack(s));
        };
        // (once cut, the search unwinds at once: memo hits would keep it going)
        if !self.gen.node() {
            return NEG;
        }
        // The cheap bound first; the dead-card bound once per position searched.
        let ub = self.upper(rest, &res, false);
        if ub <= alpha {
            return ub;
        }
        let key = (rest, res_key(&res));
        if let Some(&(v, exact)) = self.memo.get(&key) {
            if exact || v <= alpha {
                return v;
            }
        }
        let ub = self.upper(rest, &res, true);
        if ub <= alpha {
            self.memo.insert(key, (ub, false));
            return ub;
        }
        let steps = self.steps(c, rest, res);
        let mut best = NEG;
        for s in &steps {
            let gain = self.pack(s.gain);
            let floor = alpha.max(best);
            let r = self.fmax(rest - s.take, s.res, floor - gain);
            if r > NEG {
                best = best.max(r + gain);
            }
            // (once cut, the rest of the list is not visited: each visit counted a node, so an unwinding
            // search charged the caller's budget for nothing, 166,000 nodes under a work budget of 20,000)
            if best >= ub || self.gen.aborted() {
                break;
            }
        }
        self.bufs.push(steps);
        self.memo.insert(key, (best, best > alpha));
        best
    }

    /// The steps of an answer worth exactly `goal` (after a search that found it).
    pub(super) fn trace(&mut self, mut rest: Counts, mut res: Res, goal: i64) -> Option<Vec<Step>> {
        let mut need = goal;
        let mut out = Vec::new();
        while let Some(c) = lowest(rest) {
            let steps = self.steps(c, rest, res);
            let mut chosen = None;
            for s in &steps {
                let sub = need - self.pack(s.gain);
                if self.fmax(rest - s.take, s.res, sub - 1) == sub {
                    chosen = Some((*s, sub));
                    break;
                }
                if self.gen.aborted() {
                    break;
                }
            }
            self.bufs.push(steps);
            let (s, sub) = chosen?;
            out.push(s);
            rest -= s.take;
            res = s.res;
            need = sub;
        }
        (self.gen.tail(res).map(|s| self.pack(s)) == Some(need)).then_some(out)
    }

    /// The optimum above the last of `alphas` and one answer reaching it, trying
    /// the narrower windows (`alphas` descending) first; None if there is none
    /// or the work limit cut the search.
    pub(super) fn best(&mut self, rest: Counts, res: Res, alphas: &[i64]) -> Option<(i64, Vec<Step>)> {
        for &a in alphas {
            let v = self.fmax(rest, res, a);
            if self.gen.aborted() {
                return None;
            }
            if v > a {
                let path = self.trace(rest, res, v)?;
                return (!self.gen.aborted()).then_some((v, path));
            }
        }
        None
    }

    /// The bound of the whole position.
    pub(super) fn root_upper(&self, rest: Counts, res: &Res) -> i64 {
        self.upper(rest, res, true)
    }
}
