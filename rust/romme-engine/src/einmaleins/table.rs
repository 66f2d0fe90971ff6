//! The 1x1-Rommé table search: rebuild the table to place the most hand cards.
//!
//! docs/SEARCH-DESIGN.md §5.3: the LCF-DP of [`crate::partition`] on the universe
//! (table + hand), with the meld generator of the hand solver ([`super::melds`]).
//! The naturals (value ≥ 2) of both are keyed 1 bit per card, lowest value
//! first; the wish cards (a count) and the 1-cards (a symbol mask) are
//! resources. Differences from the hand solver:
//!
//! - a table natural has no "stays out" branch, except under `Net`, where it
//!   may be taken into the hand for one card;
//! - table wilds must end placed: at the end, every table 1-card must lie in a
//!   meld (else the tail is infeasible, or under `Net` each is one card taken)
//!   and at least as many wish cards as the table held must be used (wish
//!   cards are interchangeable, so the table's are the first ones used);
//! - the score of a meld is `[hand cards or points placed, table cards kept
//!   unmoved, -hand wilds used]`, so the DP is exact on the whole tie-break
//!   order. An old meld is unmoved when one new meld holds all its naturals and
//!   1-cards and at least as many wish cards as it had (the wish cards of
//!   several old melds kept in one new meld add up; a set of 1s such as
//!   `H1 W W` may be kept whole in a run `H2 H1 W W`).
//!
//! The search runs twice: first over the arrangements that move no table card
//! (`locked`: a meld holding a table card must hold its whole old meld; this
//! DP is small), which is the answer when it places as much as the bound
//! below allows; else a branch and bound over all arrangements
//! ([`Solver::best_above`]) looks only for what beats that first answer. Its
//! bound ([`MeldGen::bound`] of [`Table`]): every hand wild placed, every old
//! meld not yet cut kept whole (those with wish cards as far as the wish cards
//! left serve them), and of the hand naturals left what the wilds
//! left can serve. A natural's `need` is the fewest wilds in a meld of it made
//! of the cards left (in the DP a natural's meld is made of cards still
//! there); naturals of need 0 count in full, the others compete for the
//! wilds: naturals that may share a meld (same value, or one run line with no
//! more gaps than wilds) form groups, the melds of a group hold at least the
//! largest need of its naturals placed, a table natural is always placed (but
//! under `Net`, and one that fits nowhere makes the position infeasible), and
//! a knapsack over the groups bounds the total. A second bound comes from the
//! linear relaxation of the whole rearrangement, solved once at the root
//! ([`lp_bound`]): its dual prices bound the first component and the cards
//! kept of any position by the prices of the cards it still holds; the lower
//! of the two bounds counts. A rest reaching the bound's first component
//! places every hand wild, so it uses every hand wish card: the bound's third
//! component is minus their number. The branch and bound aims at the root's
//! bound first and lowers its aim only when a round proves it out of reach
//! ([`aspire`], in doubling steps on the cards kept and then on the first
//! component), so the bounds prune from the start. Where a position's
//! subtree proves hard, its own LPs are solved ([`MeldGen::tighten`], a
//! few dual simplex steps from the root's bases); their prices bound it and
//! the positions below it far more tightly than the root's, and the
//! positions whose LPs the search solves are limited to a share of its
//! work ([`Tightening`]). Once the search has bounded many positions, the
//! root's LPs are solved again with rows that cut off fractional melds
//! ({0,½}-cuts of the card rows, [`parity`], under `points`; melds in
//! conflict, [`conflicts`]: cliques and odd cycles), kept where they lower
//! the root's bound. Both passes are exact, so
//! `moved_optimal == optimal`. Runs of six or more cells are searched whole
//! (keeping a long table run moves nothing), but only where they keep an old
//! meld or cannot split into two runs that each hold a natural: otherwise the
//! two runs place the same cards with the same wilds and keep as much.
//!
//! Why not the plain DP alone: without wilds it is fast (under a millisecond
//! on a 50-card table), but wish cards and 1-cards let runs bridge gaps and
//! stand in for cards used elsewhere, and the number of positions grows by
//! orders of magnitude on dense tables. The combinatorial bound alone leaves
//! the proofs (most of all of the fewest moved cards) to the work limit on
//! dense tables; the LP's prices see the table cards a hand card would strand
//! and are mostly exact at the root. Timings per table size are in
//! docs/PERFORMANCE.md §2.3 (`benches/bench_table_einmaleins.py`).
//!
//! A work limit (positions) and the time budget cut the search; the answer
//! is then the best arrangement that moves nothing (or, if even that was cut,
//! the old table plus new melds from the hand alone), with `optimal == false`.

use super::melds::{ones_sets, Lines, OnesSets, Shape};
use super::{check_cards, deck, is_natural, ones_mask, token, validate_meld, NUMBERS, OPTIONS, WISH};
use crate::meld::{EngineError, Meld, Options};
use crate::partition::single::{has, total, types, unit};
use crate::partition::{
    Counts, LocalTypes, MeldGen, Res, Score, Solver, Step, INFEASIBLE, RES_SLOTS, TAG_LEAVE, TAG_RUN,
};
use crate::search::budget::{Budget, Cutoff};
use crate::table::{TableObjective, TableSolution};
use answer::{answer, fallback};
use conflicts::CutRhs;
use lp_bound::{CutFamilies, LpBases, LpBound, LpModel};
use scarce::Reach;
use std::cell::{Cell, RefCell};

/// Work limit of one DP: positions (about 0.1 KB and 1 µs each, so at most
/// about 50 MB and half a second).
const MAX_STATES: usize = 500_000;

const RES_WISHES: usize = 0;
const RES_ONES: usize = 1;
/// `owner` of a hand natural.
const HAND: u8 = u8::MAX;

/// An old table meld, as what a new meld must hold to keep it whole.
#[derive(Clone, Debug)]
struct Old {
    /// Its naturals (value ≥ 2), as local bits.
    nat: Counts,
    /// Its 1-cards, as a symbol mask.
    ones: u8,
    /// Its wish cards.
    wishes: u8,
    /// Its number of cards.
    size: u32,
}

/// The universe and the scoring of the table search.
#[derive(Clone)]
struct Table {
    objective: TableObjective,
    /// Only arrangements that move no table card: every old meld ends whole
    /// in one new meld (lay-offs, merged melds and new melds).
    locked: bool,
    lines: Lines,
    hand_nat: Counts,
    /// Old meld of each local natural ([`HAND`] for hand cards).
    owner: Vec<u8>,
    old: Vec<Old>,
    /// Old melds without a natural ≥ 2 (sets of 1s): kept whole only by the tail's set of 1s.
    old_ones_only: Vec<usize>,
    wishes: u8,
    table_wishes: u8,
    table_ones: u8,
    hand_ones: u8,
    table_cards: u32,
    /// Per local natural: the melds it may lie in (for [`MeldGen::bound`]).
    reach: Vec<Reach>,
    hand_wishes: u8,
    /// The LP bound of the search over all arrangements (none while `locked`).
    lp: RefCell<Option<LpBound>>,
    /// The root LPs, to solve a hard position's own ([`MeldGen::tighten`]).
    lp_model: RefCell<Option<LpModel>>,
    /// Whether the root LPs hold the cuts of melds in conflict: they are
    /// solved again with them once the search proves hard (where it solves
    /// its first position's own LPs), so a short search never pays for them.
    cut: Cell<bool>,
    /// The naturals and the wilds of the root.
    all: Counts,
    res0: Res,
    /// The prices of the positions solved so far (the latest last, at most
    /// [`RESOLVED`]), how many solves were begun and how many gave prices.
    resolved: RefCell<Vec<Resolved>>,
    resolves: Cell<usize>,
    solved: Cell<usize>,
    /// Positions bounded so far, the measure of the search's work that a
    /// position's own LP may take a share of.
    bounded: Cell<usize>,
    tightening: Tightening,
}

/// When the branch and bound solves a position's own LPs ([`MeldGen::tighten`]).
#[derive(Clone, Copy, Debug)]
struct Tightening {
    /// Positions a subtree takes before its root's own LPs are solved.
    after: usize,
    /// Positions bounded before the first position's LPs are solved (a
    /// search that ends sooner never pays for them) ...
    first_after: usize,
    /// ... and then per position's LPs solved, at least (the share of the
    /// work the LPs may take).
    bounded_per_resolve: usize,
    /// Positions bounded before the root's LPs are solved again with the
    /// cuts of melds in conflict (a search of a few milliseconds, the most
    /// on tables of 35 cards and fewer, never pays for them).
    cut_after: usize,
    keep_cuts: KeepCuts,
    cut_families: CutFamilies,
}

/// When the root's LPs, solved again with cuts, keep them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KeepCuts {
    /// Where they lower the root's bound (else each position's LPs would be larger for nothing).
    WhereLower,
    /// Always (to test the cuts' prices in the search).
    #[cfg(test)]
    Always,
}

impl Tightening {
    /// About as long a subtree as a position's LPs take, at most about half
    /// the time in them, none in a search of a few milliseconds.
    const SEARCH: Tightening = Tightening {
        after: 300,
        first_after: 3000,
        bounded_per_resolve: 300,
        cut_after: 10_000,
        keep_cuts: KeepCuts::WhereLower,
        cut_families: CutFamilies::All,
    };
    /// Never (the root's prices alone).
    #[cfg(test)]
    const NEVER: Tightening = Tightening {
        after: usize::MAX,
        first_after: 0,
        bounded_per_resolve: 0,
        cut_after: usize::MAX,
        keep_cuts: KeepCuts::WhereLower,
        cut_families: CutFamilies::All,
    };
    /// At every position the branch and bound expands, after its first step
    /// (the cuts where they lower the root's bound).
    #[cfg(test)]
    const ALWAYS: Tightening = Tightening {
        after: 0,
        first_after: 0,
        bounded_per_resolve: 0,
        cut_after: 0,
        keep_cuts: KeepCuts::WhereLower,
        cut_families: CutFamilies::All,
    };
    /// The same with the cuts kept wherever there are any.
    #[cfg(test)]
    const ALWAYS_CUT: Tightening = Tightening { keep_cuts: KeepCuts::Always, ..Tightening::ALWAYS };
    /// The same with the {0,½}-cuts alone.
    #[cfg(test)]
    const ALWAYS_ODD_ROWS: Tightening = Tightening { cut_families: CutFamilies::OddRowsOnly, ..Tightening::ALWAYS_CUT };
}

/// A position whose own LPs were solved, with their prices and bases.
#[derive(Clone, Debug)]
struct Resolved {
    counts: Counts,
    res: Res,
    prices: LpBound,
    bases: LpBases,
}

impl Resolved {
    /// Whether the position holds the position (naturals `counts`, wilds `res`).
    fn holds(&self, counts: Counts, res: Res) -> bool {
        counts & !self.counts == 0
            && res[RES_WISHES] <= self.res[RES_WISHES]
            && res[RES_ONES] & !self.res[RES_ONES] == 0
    }
}

/// Positions' own prices kept: the latest, nearest the search's path.
const RESOLVED: usize = 16;
/// Of them, the most a bound applies (the latest that hold the position;
/// each one more costs a walk of the position's naturals per bound).
const RESOLVED_APPLIED: usize = 6;

impl Table {
    /// Most table cards a new meld keeps whole: the old melds in `candidates`
    /// (each already inside the meld but for its wish cards) under a budget of
    /// `wishes` wish cards. Returns (cards, old melds as a bit set).
    fn keep(&self, candidates: u64, wishes: u8) -> (u32, u64) {
        let mut free = 0u32;
        let mut free_set = 0u64;
        // At most three old melds hold wish cards (the deck has three; no
        // list allocated: this runs for every meld the search generates).
        let (mut wild, mut wilds) = ([0usize; 3], 0);
        for i in types(candidates as u128) {
            if self.old[i].wishes == 0 {
                free += self.old[i].size;
                free_set |= 1 << i;
            } else if wilds < wild.len() {
                wild[wilds] = i;
                wilds += 1;
            }
        }
        let mut best = (0u32, 0u64);
        for sub in 0u32..(1 << wilds) {
            let pick = wild[..wilds].iter().enumerate().filter(|(j, _)| sub >> j & 1 == 1).map(|(_, &i)| i);
            let (need, size, set) = pick.fold((0u32, 0u32, 0u64), |(n, s, b), i| {
                (n + self.old[i].wishes as u32, s + self.old[i].size, b | 1 << i)
            });
            if need <= wishes as u32 && size > best.0 {
                best = (size, set);
            }
        }
        (free + best.0, free_set | best.1)
    }

    /// The old melds a new meld of naturals `take`, 1-cards `ones` and
    /// `wishes` wish cards keeps whole: (cards, old melds as a bit set).
    fn kept(&self, take: Counts, ones: u8, wishes: u8) -> (u32, u64) {
        // A set of 1s with wish cards (`H1 W W`) may lie whole in a run (`H2 H1 W W`).
        let mut candidates = self.ones_only_in(ones);
        for l in types(take) {
            let o = self.owner[l];
            if o != HAND && candidates >> o & 1 == 0 {
                let m = &self.old[o as usize];
                if m.nat & !take == 0 && m.ones & !ones == 0 {
                    candidates |= 1 << o;
                }
            }
        }
        self.keep(candidates, wishes)
    }

    /// The old melds without a natural ≥ 2 whose 1-cards all lie in `ones`.
    fn ones_only_in(&self, ones: u8) -> u64 {
        if ones == 0 {
            return 0;
        }
        self.old_ones_only.iter().filter(|&&i| self.old[i].ones & !ones == 0).fold(0u64, |b, &i| b | 1 << i)
    }

    /// Whether a set of 1s keeps whole the old meld of each table 1-card in it.
    fn ones_kept(&self, ones: u8, wishes: u8) -> bool {
        let set = self.kept_in_ones(ones, wishes).1;
        let covered = types(set as u128).fold(0u8, |o, i| o | self.old[i].ones);
        ones & self.table_ones & !covered == 0
    }

    /// The same for the tail's set of 1s (1-cards `ones`, `wishes` wish cards).
    fn kept_in_ones(&self, ones: u8, wishes: u8) -> (u32, u64) {
        self.keep(self.ones_only_in(ones), wishes)
    }

    /// The first score component of placing hand cards worth `cards` cards and `points` points.
    fn primary(&self, cards: i32, points: i32) -> i32 {
        match self.objective {
            TableObjective::Points => points,
            TableObjective::Cards | TableObjective::Net => cards,
        }
    }

    /// The score of a meld, and whether it keeps whole the old meld of every
    /// table card in it.
    fn meld_gain(&self, m: &Shape) -> (Score, bool) {
        let hand = m.take & self.hand_nat;
        let one_hand = m.one & self.hand_ones != 0;
        // `primary` is linear, and `worth` holds it for each hand natural
        let first =
            types(hand).map(|l| self.reach[l].worth).sum::<i32>() + if one_hand { self.primary(1, 50) } else { 0 }; // a 1-card counts 50 in hand
        let (kept, set) = self.kept(m.take, m.one, m.wishes);
        let kept_wishes: u32 = types(set as u128).map(|i| self.old[i].wishes as u32).sum();
        let table_cards = total(m.take & !self.hand_nat) + (m.one & self.table_ones != 0) as u32;
        let whole = kept - kept_wishes == table_cards;
        (Score([first, kept as i32, -(one_hand as i32)]), whole)
    }

    /// The best end position: which of the 1-cards and wish cards left form
    /// sets of 1s. Returns (score, the sets); `None` if table wilds would
    /// stay off the table where that is not allowed.
    fn tail_pick(&self, res: Res) -> Option<(Score, OnesSets)> {
        let (left_w, left_ones) = (res[RES_WISHES], res[RES_ONES] & 0xF);
        let used = self.wishes - left_w;
        let net = self.objective == TableObjective::Net;
        let mut best: Option<(Score, OnesSets)> = None;
        ones_sets(left_ones, left_w, |sets| {
            let (laid, w) = sets.iter().fold((0u8, 0u8), |(u, w), &(s, x)| (u | s, w + x));
            let stranded = left_ones & !laid & self.table_ones;
            if (!net || self.locked) && (stranded != 0 || used + w < self.table_wishes) {
                return;
            }
            if self.locked && sets.iter().any(|&(s, x)| s & self.table_ones != 0 && !self.ones_kept(s, x)) {
                return;
            }
            let hand_w = (used + w) as i32 - self.table_wishes as i32;
            let hand_ones = (laid & self.hand_ones).count_ones() as i32;
            let cards = hand_ones + hand_w - stranded.count_ones() as i32;
            let points = 50 * hand_ones + 100 * hand_w;
            let kept: u32 = sets.iter().filter(|p| p.0 != 0).map(|&(s, x)| self.kept_in_ones(s, x).0).sum();
            let v = Score([self.primary(cards, points), kept as i32, -hand_w.max(0)]);
            if best.is_none_or(|b| v > b.0) {
                best = Some((v, sets));
            }
        });
        best
    }
}

impl MeldGen for Table {
    const SINGLE: bool = true;

    fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
        if has(self.hand_nat, c) {
            out.push(Step { take: unit(c), res, gain: Score::ZERO, tag: TAG_LEAVE });
        } else if self.objective == TableObjective::Net && !self.locked {
            out.push(Step { take: unit(c), res, gain: Score([-1, 0, 0]), tag: TAG_LEAVE });
        }
        self.lines.shapes(c, rest, res[RES_WISHES], res[RES_ONES], |m| {
            let (gain, whole) = self.meld_gain(&m);
            if (self.locked && !whole) || (gain.0[1] == 0 && self.splits(&m)) {
                return;
            }
            let mut r = res;
            r[RES_WISHES] -= m.wishes;
            r[RES_ONES] &= !m.one;
            out.push(Step { take: m.take, res: r, gain, tag: m.tag });
        });
    }

    fn tail(&self, res: Res) -> Option<Score> {
        self.tail_pick(res).map(|t| t.0)
    }

    /// Every hand wish card placed, every old meld not yet cut kept whole,
    /// and of the hand naturals left the most that the wilds left can serve
    /// ([`Table::scarce`]); the LP prices where they are lower.
    fn bound(&self, counts: Counts, res: Res) -> Score {
        self.bound_above(counts, res, Score([i32::MIN; 3]))
    }

    /// [`Self::bound`], but the LP prices alone where they already bound the
    /// position by `alpha`: the combinatorial bound costs more than they do,
    /// and most positions the branch and bound bounds are pruned by them.
    fn bound_above(&self, counts: Counts, res: Res, alpha: Score) -> Score {
        let wilds = self.hand_wilds(res);
        // a rest whose first component reaches the bound places every hand
        // wild, so it uses every hand wish card (a hand 1-card may be laid as
        // a natural in a set of 1s)
        let fewest_wilds = -(self.hand_wishes as i32);
        let root_lp = self.lp.borrow();
        let Some(lp) = root_lp.as_ref() else {
            let Some(naturals) = self.scarce(counts, res) else { return INFEASIBLE };
            return Score([naturals + wilds, self.keepable(counts, res) as i32, fewest_wilds]);
        };
        self.bounded.set(self.bounded.get() + 1);
        // all bound the rest: the lowest first component, and of the cards
        // kept those bounds that hold for a rest reaching it (the root's
        // prices, and those of the latest positions solved that hold this one)
        let resolved = self.resolved.borrow();
        let near = resolved.iter().rev().filter(|e| e.holds(counts, res)).take(RESOLVED_APPLIED);
        // (no right-hand sides to work out before the root's LPs have cuts)
        let cut_rhs = self.lp_model.borrow().as_ref().filter(|m| m.has_cuts()).map(|m| m.cut_rhs(counts, res));
        let live = cut_rhs.as_ref().unwrap_or(&CutRhs::NONE);
        // the nearest positions' prices first (they bound tighter than the
        // root's), each only while those before it leave the position above alpha
        let mut prices = [None; 1 + RESOLVED_APPLIED];
        let mut first = i32::MAX;
        let mut lp_alone = Score([i32::MAX; 3]);
        for (k, p) in near.map(|e| &e.prices).chain(std::iter::once(lp)).enumerate() {
            let paid = p.paid(counts, res, live);
            prices[k] = Some((p, paid));
            match p.first(paid, first) {
                Some(f) => first = f,
                None => return INFEASIBLE,
            }
            // a rest reaching the first component keeps at most the least of the
            // prices' bounds there; a rest below it is worth less whatever it keeps
            let kept = prices.iter().flatten().map(|&(p, paid)| p.kept_for(paid, first)).min();
            lp_alone = Score([first + wilds, kept.unwrap_or(i32::MAX), fewest_wilds]);
            if lp_alone <= alpha {
                return lp_alone;
            }
        }
        let lp_kept = |first| prices.iter().flatten().map(|&(p, paid)| p.kept_for(paid, first)).min();
        let Some(naturals) = self.scarce(counts, res) else { return INFEASIBLE };
        if naturals > first {
            return lp_alone;
        }
        // where the combinatorial bound of the first component is the lower
        // (or as low), its old melds kept whole bound the cards kept too
        let kept = self.keepable(counts, res) as i32;
        Score([naturals + wilds, kept.min(lp_kept(naturals).unwrap_or(i32::MAX)), fewest_wilds])
    }

    fn tighten_after(&self) -> usize {
        self.tightening.after
    }

    /// The position's own LPs, solved while they take at most about half the
    /// search's time; their prices then bound the positions below it too.
    /// Under `points` the first LP's steps stop once its bound puts the
    /// position below `aim`, and the kept LP is solved only where that bound
    /// ties with `aim`'s first component (above it or below it the cards
    /// kept decide nothing here); under `cards` and `net`, whose first
    /// component is nearly always exact, both LPs are solved: the kept
    /// prices of every position's LPs bound the positions it holds where the
    /// cards kept are the gap.
    fn tighten(&self, counts: Counts, res: Res, aim: Score) -> Option<Score> {
        let t = self.tightening;
        if self.lp_model.borrow().is_none()
            || t.first_after + self.resolves.get() * t.bounded_per_resolve > self.bounded.get()
        {
            return None;
        }
        if !self.cut.get() && self.bounded.get() >= t.cut_after {
            self.fit_cuts();
        }
        let model_ref = self.lp_model.borrow();
        let model = model_ref.as_ref()?;
        self.resolves.set(self.resolves.get() + 1);
        let cap = self.scarce(counts, res)?;
        let mut resolved = self.resolved.borrow_mut();
        let from = resolved.iter().rev().find(|e| e.holds(counts, res)).map(|e| (&e.bases, &e.prices));
        let root = self.lp.borrow();
        let wilds = self.hand_wilds(res);
        let points = self.objective == TableObjective::Points;
        // a first component below this leaves the position at or below its aim (its
        // wilds all placed): under `points` the first LP needs no lower bound, and the
        // cards kept decide only where the first component ties with the aim
        let pruned_below = if points { aim.0[0].saturating_sub(wilds) } else { i32::MIN };
        let own =
            model.at(counts, res, cap, from, root.as_ref()?, pruned_below, |first| !points || first == pruned_below);
        drop(root);
        let (prices, bases) = own?;
        if resolved.len() == RESOLVED {
            resolved.remove(0);
        }
        resolved.push(Resolved { counts, res, prices, bases });
        drop(resolved);
        self.solved.set(self.solved.get() + 1);
        Some(self.bound(counts, res))
    }
}

impl Table {
    /// Solves the root LPs again with the cuts their optimum violates; they
    /// are kept only where they lower the root's bound (else each position's
    /// LPs would be larger for nothing).
    fn fit_cuts(&self) {
        self.cut.set(true);
        // the root's bound from its own prices (the positions solved so far
        // start from the old LPs' bases and have no prices for the cuts)
        let resolved = self.resolved.take();
        let lp_alone = || self.bound_above(self.all, self.res0, Score([i32::MAX; 3]));
        let before = lp_alone();
        let families = self.tightening.cut_families.for_objective(self.objective);
        // (from the optimal basis of the root's LPs without cuts: the same first LP)
        let Some((bound, model)) = LpBound::fit(self, self.all, self.res0, families, self.lp_model.borrow().as_ref())
        else {
            self.resolved.replace(resolved);
            return;
        };
        let old_bound = self.lp.replace(Some(bound));
        let old_model = self.lp_model.replace(Some(model));
        if self.tightening.keep_cuts == KeepCuts::WhereLower && lp_alone() >= before {
            (*self.lp.borrow_mut(), *self.lp_model.borrow_mut()) = (old_bound, old_model);
            self.resolved.replace(resolved);
        }
    }

    /// The first score component of the hand's wilds left, all placed.
    fn hand_wilds(&self, res: Res) -> i32 {
        let ones = (res[RES_ONES] & self.hand_ones).count_ones() as i32;
        self.primary(ones + self.hand_wishes as i32, 50 * ones + 100 * self.hand_wishes as i32)
    }

    /// Whether a run shape of six or more cells splits into two runs of
    /// three or more cells that each hold a natural: then, if it keeps no old
    /// meld whole, the two runs place the same cards with the same wilds and
    /// keep at least as much, so the long run need not be searched.
    fn splits(&self, m: &Shape) -> bool {
        if m.tag & 0xF != TAG_RUN || m.cards < 6 {
            return false;
        }
        let d = deck();
        let (k, a) = ((m.tag >> 16 & 0xFF) as u32, (m.tag >> 24 & 0xFF) as u32);
        let cells = types(m.take).filter_map(|l| self.lines.types.code(l)).map(|c| d.value[c as usize] as u32 / k - a);
        let (lo, hi) = cells.fold((u32::MAX, 0), |(lo, hi), o| (lo.min(o), hi.max(o)));
        // a split after cell p (3 ≤ p ≤ len − 3) with lo < p ≤ hi
        lo < hi && hi >= 3 && lo + 3 < m.cards
    }
}

/// The tokens of `codes` for messages (codes outside the deck as numbers).
fn shown(codes: &[u8]) -> String {
    codes
        .iter()
        .map(|&c| if c as usize <= NUMBERS + 2 { token(c) } else { format!("#{c}") })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks the input: options, codes, table melds (the error names the meld), card counts.
fn check_input(table: &[Vec<u8>], hand: &[u8], options: &Options) -> Result<Vec<Meld>, EngineError> {
    options.check("einmaleins", OPTIONS)?;
    check_cards(hand, "the hand")?;
    let mut old = Vec::with_capacity(table.len());
    for (i, m) in table.iter().enumerate() {
        let meld = validate_meld(m, options).map_err(|e| {
            EngineError::new(format!("table meld {} ({}) is not a valid einmaleins meld: {e}", i + 1, shown(m)))
        })?;
        old.push(meld);
    }
    let all: Vec<u8> = table.iter().flatten().chain(hand).copied().collect();
    check_cards(&all, "the table with the hand")?;
    Ok(old)
}

/// Solves a 1x1 table position (see the module docs; the tie-break order is
/// that of [`crate::search`]). `budget` bounds the time and/or the work
/// ([`Budget`]; a number is a time budget in ms, 0 none). Never panics.
pub fn solve_table(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    options: &Options,
    budget: impl Into<Budget>,
) -> Result<TableSolution, EngineError> {
    solve_table_cut(table, hand, objective, options, &Cutoff::start(budget.into()))
}

/// [`solve_table`] under a started budget.
pub(crate) fn solve_table_cut(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    options: &Options,
    cutoff: &Cutoff,
) -> Result<TableSolution, EngineError> {
    solve_tightened(table, hand, objective, options, cutoff, Tightening::SEARCH).map(|(solution, ..)| solution)
}

/// [`solve_table_cut`] solving positions' own LPs as `tightening` says; with
/// the solution, how many positions' LPs the branch and bound solved and how
/// many cuts the root's LPs kept.
fn solve_tightened(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    options: &Options,
    cutoff: &Cutoff,
    tightening: Tightening,
) -> Result<(TableSolution, usize, usize), EngineError> {
    let old_melds = check_input(table, hand, options)?;
    let (gen, all, res0) = position(table, hand, objective, tightening);
    // First the arrangements that move nothing (fast: every table card's meld is
    // forced). If they place every hand card that fits anywhere, they are optimal.
    let mut solver = Solver::new(&gen).limit(MAX_STATES, cutoff);
    let still = solver.path(all, res0).filter(|_| !solver.aborted());
    if let Some((score, steps)) = &still {
        if score.0[0] >= gen.bound(all, res0).0[0] {
            return answer(&gen, steps, res0, *score, true).map(|s| (s, 0, 0));
        }
    }
    // Then every arrangement, by branch and bound: only what beats the first answer.
    let free = unlocked(&gen, all, res0);
    if let Some((score, steps)) = &still {
        if *score >= free.bound(all, res0) {
            return answer(&gen, steps, res0, *score, true).map(|s| (s, 0, 0));
        }
    }
    let mut solver = Solver::new(&free).limit(MAX_STATES, cutoff);
    let floor = still.as_ref().map_or(INFEASIBLE, |s| s.0);
    let found = aspire(&mut solver, all, res0, free.bound(all, res0), floor);
    let solution = match (found, still) {
        (Some((score, steps)), _) => answer(&free, &steps, res0, score, true),
        (None, Some((score, steps))) => answer(&gen, &steps, res0, score, !solver.aborted()),
        (None, None) if solver.aborted() => fallback(&old_melds, hand, objective),
        (None, None) => Err(EngineError::new("internal error: the 1x1 table has no valid arrangement")),
    };
    let cuts = free.lp_model.borrow().as_ref().map_or(0, |m| m.cut_rhs(all, res0).nonzero());
    solution.map(|s| (s, free.solved.get(), cuts))
}

/// The search over the arrangements that move no table card, of a checked
/// position; with its naturals and wilds.
fn position(table: &[Vec<u8>], hand: &[u8], objective: TableObjective, tightening: Tightening) -> (Table, Counts, Res) {
    let d = deck();
    // Local naturals: lowest value first, then symbol.
    let mut naturals: Vec<(u8, u8)> = Vec::new(); // (code, owner)
    for (i, m) in table.iter().enumerate() {
        naturals.extend(m.iter().filter(|&&c| is_natural(c)).map(|&c| (c, i as u8)));
    }
    naturals.extend(hand.iter().filter(|&&c| is_natural(c)).map(|&c| (c, HAND)));
    naturals.sort_by_key(|&(c, _)| (d.value[c as usize], d.symbol[c as usize]));
    let lines = Lines { types: LocalTypes::single(naturals.iter().map(|n| n.0).collect(), NUMBERS), long_runs: true };
    let mut old: Vec<Old> = table
        .iter()
        .map(|m| Old {
            nat: 0,
            ones: ones_mask(m),
            wishes: m.iter().filter(|&&c| c == WISH).count() as u8,
            size: m.len() as u32,
        })
        .collect();
    let mut hand_nat: Counts = 0;
    for (l, &(_, o)) in naturals.iter().enumerate() {
        match old.get_mut(o as usize) {
            Some(m) => m.nat |= unit(l),
            None => hand_nat |= unit(l),
        }
    }
    let table_ones = table.iter().fold(0u8, |o, m| o | ones_mask(m));
    let hand_ones = ones_mask(hand);
    let table_wishes = table.iter().flatten().filter(|&&c| c == WISH).count() as u8;
    let wishes = table_wishes + hand.iter().filter(|&&c| c == WISH).count() as u8;
    let mut gen = Table {
        objective,
        locked: true,
        lines,
        hand_nat,
        owner: naturals.iter().map(|n| n.1).collect(),
        old_ones_only: (0..old.len()).filter(|&i| old[i].nat == 0).collect(),
        old,
        wishes,
        table_wishes,
        table_ones,
        hand_ones,
        table_cards: table.iter().map(|m| m.len() as u32).sum(),
        reach: Vec::new(),
        hand_wishes: wishes - table_wishes,
        lp: RefCell::new(None),
        lp_model: RefCell::new(None),
        cut: Cell::new(false),
        all: 0,
        res0: [0; RES_SLOTS],
        resolved: RefCell::new(Vec::new()),
        resolves: Cell::new(0),
        solved: Cell::new(0),
        bounded: Cell::new(0),
        tightening,
    };
    let all: Counts = if naturals.len() >= 128 { u128::MAX } else { (1u128 << naturals.len()) - 1 };
    let mut res0: Res = [0; RES_SLOTS];
    res0[RES_WISHES] = wishes;
    res0[RES_ONES] = table_ones | hand_ones;
    gen.reach = gen.reaches();
    (gen.all, gen.res0) = (all, res0);
    (gen, all, res0)
}

/// The search over every arrangement of the position of `locked` (the
/// naturals `all`, the wilds `res0`), with the root's LPs.
fn unlocked(locked: &Table, all: Counts, res0: Res) -> Table {
    let mut free = Table { locked: false, ..locked.clone() };
    let (bound, model) = LpBound::fit(&free, all, res0, CutFamilies::None, None).unzip();
    (free.lp, free.lp_model) = (RefCell::new(bound), RefCell::new(model));
    free
}

/// Lowest third score component of any arrangement (at most seven hand wilds).
const LEAST_THIRD: i32 = -64;

/// The best arrangement above `floor`, searched from the root's bound `bound`
/// down: each round looks only for arrangements as good as the current aim in
/// the first two components (so the bounds prune as much as they can); a round
/// that finds none gives a lower upper bound, the next aim. The memo of
/// bounds carries over between rounds. `None` if nothing beats `floor` or the
/// search was cut.
///
/// Both components are aimed at in doubling steps: the cards kept within one
/// first component, and the first component itself when rounds keep proving
/// it lower (under `points` the bounds may be many points above the best,
/// one point a round would take as many rounds). A round that aims too low
/// still finds the exact best (a branch and bound above an aim returns the
/// best, not just something above the aim), so the steps change only the work.
fn aspire(
    solver: &mut Solver<'_, Table>,
    all: Counts,
    res0: Res,
    bound: Score,
    floor: Score,
) -> Option<(Score, Vec<Step>)> {
    // the aim: the first component `first_low` and, when that is `first`, at
    // least `kept_low` cards kept; `first` and `kept_high` bound the first
    // component and the kept cards of that first component
    let (mut first, mut kept_high, mut step) = (bound.0[0], bound.0[1], 1);
    let (mut first_low, mut first_step) = (first, 1i32);
    loop {
        let alpha = if first_low < first {
            Score([first_low, 0, LEAST_THIRD])
        } else {
            Score([first, kept_high.saturating_sub(step - 1), LEAST_THIRD])
        }
        .max(floor);
        if alpha >= Score([first, kept_high, 0]) {
            return None;
        }
        let value = solver.best_above(all, res0, alpha);
        if solver.aborted() {
            return None;
        }
        if value > alpha {
            return solver.path_above(all, res0, alpha);
        }
        if alpha == floor {
            return None;
        }
        // nothing reaches the aim: the next is below it, twice as far each
        // round (a round that aims too low still finds the best). The cards
        // kept are aimed at only while the first component is aimed at its
        // bound: after the first drop of the first component the aim is its
        // new bound (with the cards kept), after each further drop the first
        // component alone, 2, 4, … below the last aim (or the bound the round
        // gave, if that is lower)
        if value.0[0] == alpha.0[0] && alpha.0[1] > 0 {
            (kept_high, step) = (value.0[1].min(alpha.0[1] - 1), step.saturating_mul(2));
            continue;
        }
        (first, kept_high, step) =
            if value.0[0] < alpha.0[0] { (value.0[0], value.0[1], 1) } else { (alpha.0[0] - 1, i32::MAX / 4, 1) };
        first_low = first.min(alpha.0[0].saturating_sub(first_step));
        first_step = first_step.saturating_mul(2);
    }
}

mod answer;
mod conflicts;
mod lp_bound;
mod parity;
mod scarce;
#[cfg(test)]
mod tests;
