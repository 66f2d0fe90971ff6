//! Exact Räuber-Rommé table search under the options the sweep does not model:
//! `wrap_around` (runs may go on past the K: K-A-2) and `no_double_joker`
//! (every meld holds two naturals, a set at most one joker).
//!
//! Why not the sweep: it is linear in the positions (a run cannot cross the
//! K→A seam) and its run states keep only length classes, not how many
//! naturals a run holds. Extending it to a cyclic grid (enumerating the runs
//! that cross the seam) would also need run lengths (a wrapped run holds at
//! most 13 cards) and natural counts per run. Instead these positions go to an
//! exact search over the *universe* (table + hand naturals as a
//! [`crate::partition`] multiset, jokers as a resource), lowest card first,
//! with the Rommé hand solver's own meld generator ([`crate::romme`]), so the
//! meld rules are exactly those of `validate_meld`. Correctness first: the
//! search is checked against the plain LCF-DP ([`crate::partition::Solver`])
//! and the Python brute-force oracle; [`needed`] keeps the sweep wherever the
//! options change no meld.
//!
//! What the table adds to the hand solver:
//! - a card may stay out only if it is a hand card: of a type with `t` table
//!   and `h` hand copies at most `h` copies are left, decided once per type
//!   (0..=h copies at once; a resource bit records the decision). With the
//!   objective `net` (`rauber_table_to_hand`) any copy may be left: shed net =
//!   all placed − table cards, so a taken table card costs one;
//! - table jokers must end placed (the tail is infeasible otherwise, except
//!   with `net`);
//! - the score is (objective, unmoved table cards, −jokers). The objective is
//!   the sum over melds of their cards (or hand points) minus the table's, a
//!   constant added in the tail. Unmoved: per new meld M, the old melds whose
//!   naturals all lie in M (and M has at least as many jokers) are unmoved.
//!   That is additive per step, so the fewest-moved tie-break is exact. An old
//!   meld whose naturals could lie in two melds at once (both copies of each of
//!   its cards exist) carries a "used" flag in the resources, so it counts once;
//!   the flag is dropped as soon as the rest can no longer hold it.
//! - without `rauber` (lay-offs and new melds only) the unmoved cards come
//!   first in the score; the answer must keep every old meld whole.
//!
//! The search itself (bounds, phases, work limits) is in
//! [`super::universe_dfs`]. When the work limit or the time budget cuts the
//! objective phase, the answer is the old table plus the hand's own melds and
//! lay-offs, or the sweep's plain-rules answer if it obeys the options, with
//! `optimal == false`.

use std::cell::{Cell, RefCell};

mod dive;
mod entry;
mod fallback;
mod left_out;
pub(super) mod seam;

pub(super) use entry::solve_table_cut;
pub use entry::{solve_table, solve_table_with};
use fallback::cut_answer;
#[cfg(test)]
use fallback::fallback;
pub(super) use fallback::{hand_melds, lay_off};

use super::universe_dfs::{pack, Dfs, Goal, NEG};
use super::{Cutoff, TableObjective, TableSolution, TieBreak};
use crate::cards::THIRTEEN_LAYOUT;
use crate::meld::{EngineError, Meld};
use crate::options::GameRules;
#[cfg(test)]
use crate::partition::Solver;
use crate::partition::{contains, count, total, unit, Counts, MeldGen, Res, Score, Step, TAG_LEAVE, TAG_RUN, TAG_SET};
use crate::romme::{self, Gen, Rules, JOKER};

const L: crate::cards::SuitedLayout = THIRTEEN_LAYOUT;

/// Work limit (memoised positions) of one solve.
const MAX_STATES: usize = 400_000;
/// Work limit of the search for fewer moved cards (phase 2).
const PHASE2_STATES: usize = 10_000;
/// Phase 2's work limit where the sweep on the cycle proved the objective and
/// left the fewest moved unproven: on the bench's 60-card `wrap` positions phase
/// 2 then proved none of 63 (cards) and 29 (points) at the full limit, and
/// found no fewer moved than the seams' answers; where it proves (30-card
/// tables), it takes about 200 states.
const CYCLE_PHASE2_STATES: usize = 1_000;
/// Search nodes allowed per unit of the work limit (about 0.5 µs a node: at most ~2 s).
const NODES_PER_STATE: usize = 10;
/// Generated steps a step list drops that count as one search node (about 0.2 µs each).
const DROPPED_PER_NODE: usize = 2;
/// Seams swept with `wrap_around` ([`seam`]): a floor of the objective and a
/// bar of the fewest moved (each seam reads other answers, so a third one
/// still lowers the bar).
const SEAM_SWEEPS: usize = 3;
/// Work budget of the sweep tried when the search was cut (about 200 ms; a
/// work budget, not a deadline, so that its answer does not depend on the machine).
const SWEEP_WORK: u64 = 150_000;
/// Work limit of phase 1b (the first answer again, keeping old long runs).
const PHASE1B_STATES: usize = 20_000;
/// Work limit of the hand-only solve behind a cut search.
const FALLBACK_STATES: usize = 200_000;
/// Resource slots 1.. hold the "used" flags of ambiguous old melds, and the
/// top bit that the leave decision for the lowest type was made.
const FLAG_BITS: usize = 8 * (crate::partition::RES_SLOTS - 1) - 1;
const LEFT_BIT: u64 = 1 << FLAG_BITS;
/// Most old melds one new meld is checked against at once.
const MAX_CANDIDATES: usize = 12;

/// Whether the table search must use this module: the options are on and can
/// change which melds the cards on the table and in the hand can form. With at
/// most one joker `no_double_joker` never bites (every meld then holds two
/// naturals, a set one joker); a run only wrapping can form holds K, A and 2 of
/// its suit, each a natural or a joker; lay-offs only also come here when the
/// table holds a run of ten or more cards. Otherwise the sweep answers (exactly
/// for the objective).
pub fn needed(rules: &Rules, table: &[Vec<u8>], hand: &[u8]) -> bool {
    let b = Biting::of(rules, table, hand);
    b.wrap || b.no_double_joker || b.lay_offs
}

/// Which of the reasons of [`needed`] hold for a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Biting {
    /// `wrap_around` can form a run the plain rules cannot (K-A-2).
    wrap: bool,
    /// `no_double_joker` can forbid a meld the plain rules allow (two or more jokers in play).
    no_double_joker: bool,
    /// Lay-offs only (no `rauber`) with either option on, or beside a run that may reach both aces.
    lay_offs: bool,
}

impl Biting {
    fn of(rules: &Rules, table: &[Vec<u8>], hand: &[u8]) -> Biting {
        let cards = || table.iter().flatten().chain(hand).copied();
        let jokers = cards().filter(|&c| c == JOKER).count();
        let no_double_joker = rules.no_double_joker && jokers >= 2;
        let wrap = rules.wrap_around
            && (0..4u8).any(|s| {
                let missing = [13, 1, 2].iter().filter(|&&r| !cards().any(|c| c == L.code(s, r))).count();
                missing <= jokers
            });
        // Lay-offs only (no rauber) is cheap here and exact: always taken with an option on, and
        // where a table run of ten or more cards, or one the hand could make 14 cards long, might
        // reach both aces (the sweep's kept runs do not see a run's length; Räuber-Rommé splits
        // such a run, or proves nothing, see `finish`).
        let hand_jokers = hand.iter().filter(|&&c| c == JOKER).count();
        let may_reach_both_aces = |m: &Vec<u8>| {
            let naturals = || m.iter().copied().filter(|&c| c != JOKER);
            let Some(first) = naturals().next() else {
                return false;
            };
            let run = naturals().any(|c| L.rank(c) != L.rank(first));
            let suit = L.suit(first);
            let more = hand.iter().filter(|&&c| c != JOKER && L.suit(c) == suit).count() + hand_jokers;
            run && m.len() + more >= 14
        };
        let long_run = table.iter().any(|m| m.len() >= 10 || may_reach_both_aces(m));
        let lay_offs = !rules.rauber && (rules.no_double_joker || rules.wrap_around || long_run);
        Biting { wrap, no_double_joker, lay_offs }
    }

    /// Only `no_double_joker` bites: every answer under the options is one under the plain
    /// rules, so a plain optimum that obeys the options is an optimum under them, and its
    /// fewest moved cards too (no answer under the options can move fewer).
    fn only_no_double_joker(&self) -> bool {
        self.no_double_joker && !self.wrap && !self.lay_offs
    }
}

/// An old (table) meld as the DP sees it.
#[derive(Clone, Debug)]
pub(super) struct Old {
    /// Its naturals (rank-major types; at most one per type).
    pub(super) nat: Counts,
    jokers: u8,
    pub(super) size: i32,
    /// Its "used" flag bit when it could lie in two new melds at once.
    flag: Option<u8>,
    /// What a new meld must keep of it to hold it whole.
    pin: Pin,
}

/// Without `rauber` a laid joker keeps what it was laid as (docs/RULES-NOTES.md, Rommé melds: only
/// Räuber-Rommé reads table jokers afresh; a lay-off never moves one): a new meld holds an old run
/// with jokers only with a joker on each of its joker cells, and an old set with jokers only as a
/// set. Under `rauber`, and for jokerless melds (their naturals fix the shape), nothing is pinned.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pin {
    Free,
    Set,
    /// The ranks its jokers stand for.
    Run(Vec<u8>),
}

impl Pin {
    /// The pin of table meld `m` (codes in the order laid) under `rules`.
    fn of(m: &[u8], rules: &Rules, rearrange: bool) -> Pin {
        if rearrange || !m.contains(&JOKER) {
            return Pin::Free;
        }
        match romme::table_meld::read_meld(m, rules).map(|t| (t.shape, t.cards)) {
            Ok((romme::table_meld::Shape::Run { .. }, cards)) => {
                Pin::Run(cards.iter().filter(|&&(c, _)| c == JOKER).map(|&(_, s)| L.rank(s)).collect())
            }
            // (a table meld the game cannot read is refused before the search)
            _ => Pin::Set,
        }
    }

    /// Whether the meld of step tag `tag` keeps this pin.
    fn kept_by(&self, tag: u64) -> bool {
        match self {
            Pin::Free => true,
            Pin::Set => tag & 0xff == TAG_SET,
            Pin::Run(ranks) => {
                let (a, len, jokers) = ((tag >> 8) as u8, (tag >> 16) as u8, (tag >> 24) as u16);
                tag & 0xff == TAG_RUN
                    && ranks.iter().all(|&r| (0..len).any(|i| jokers >> i & 1 == 1 && romme::cell_rank(a + i) == r))
            }
        }
    }
}

/// How steps are scored.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mode {
    /// The table may be rearranged (`rauber`); else every old meld stays whole.
    pub(super) rearrange: bool,
    /// Table cards may be left (objective `net`).
    pub(super) table_optional: bool,
    /// The objective counts hand points, not cards.
    pub(super) points: bool,
}

/// What the universe search may ask of the searches around it ([`Problem::solve`]), each
/// answering None where it has nothing to tell.
#[derive(Clone, Copy)]
struct Asks<'a> {
    /// An answer reaching the optimum found, for the fewest-moved phase to beat (the seams').
    bar: &'a dyn Fn(i32) -> Option<TableSolution>,
    /// A bound of the table cards any answer reaching the optimum keeps whole (the LP's).
    most_kept: &'a dyn Fn(i32) -> Option<i32>,
    /// An answer reaching the same optimum as the one given, proven to move the fewest (the
    /// LP's branch and bound), asked before the fewest-moved phases.
    dive: &'a dyn Fn(&TableSolution) -> Option<TableSolution>,
    /// A bound of the objective (the LP's), for the objective phase.
    most_reached: &'a dyn Fn() -> Option<i32>,
    /// Whether no answer reaches more than the first value and at most the second (the LP's,
    /// under `points`, by the hand cards left out), for the objective phase.
    none_between: &'a dyn Fn(i32, i32) -> bool,
}

impl Asks<'static> {
    /// Nothing to ask.
    const NONE: Asks<'static> = Asks {
        bar: &|_| None,
        most_kept: &|_| None,
        dive: &|_| None,
        most_reached: &|| None,
        none_between: &|_, _| false,
    };
}

/// An answer found before the universe search, for its objective phase.
enum Floor<'a> {
    /// A seam's: the objective phase need only beat it, and proves it optimal if nothing does.
    Beat(&'a TableSolution),
    /// One whose objective is proven optimal (the sweep on the cycle's): no objective phase.
    Optimum(&'a TableSolution),
}

impl Mode {
    /// An answer's objective value, as the search scores it.
    fn value(&self, sol: &TableSolution) -> i32 {
        if self.points {
            sol.placed_points
        } else {
            sol.placed.len() as i32 - sol.taken.len() as i32
        }
    }
}

/// The table's meld generator: the Rommé generator plus leave limits, old-meld
/// bookkeeping and the work limit.
pub(super) struct TableGen<'a> {
    inner: Gen,
    /// The generator with runs only as long as the objective needs (phase 1, see [`short_runs`]).
    short: Gen,
    /// Hand value (points objective) per rank-major type.
    pub(super) value: [i32; 52],
    /// Hand copies per rank-major type.
    pub(super) hand: [u8; 52],
    /// Per rank-major type: pairs of other types, one of which (with jokers
    /// for what is missing) every meld holding it contains (see [`partners`]).
    pub(super) partners: Vec<Vec<(usize, usize)>>,
    /// The hand copies as a multiset (lay-offs only: what a meld may add to its old melds).
    hand_counts: Counts,
    hand_jokers: u8,
    pub(super) old: &'a [Old],
    pub(super) mode: Mode,
    /// The table's share of the objective (subtracted in the tail).
    pub(super) table_obj: i32,
    scratch: RefCell<Vec<Step>>,
    /// Track which old melds stay whole (off while only the objective counts:
    /// one step per meld, no flags, so far fewer positions).
    pub(super) track: Cell<bool>,
    /// Untracked: joker-free runs of 6+ that keep an old meld whole are tried.
    long_runs: Cell<bool>,
    work: Cell<usize>,
    max_states: Cell<usize>,
    /// Search nodes (memo hits included), against [`NODES_PER_STATE`] × the work limit.
    nodes: Cell<usize>,
    /// The caller's budget: steps and nodes are charged to it 1024 at a time.
    cutoff: Cutoff,
    aborted: Cell<bool>,
}

fn flags(res: &Res) -> u64 {
    res[1..].iter().enumerate().fold(0u64, |f, (i, &b)| f | (b as u64) << (8 * i))
}

fn set_flags(res: &mut Res, f: u64) {
    for (i, b) in res[1..].iter_mut().enumerate() {
        *b = (f >> (8 * i)) as u8;
    }
}

/// The pairs of types that, for some meld holding rank-major type `i`, are the
/// meld's other two cards of a 3-card window: two other suits of its rank, or
/// the rest of a 3-cell run window through its cell(s). Any meld holding `i`
/// holds one such pair, each card present or a joker.
fn partners(i: usize, wrap: bool) -> Vec<(usize, usize)> {
    let code = L.from_rank_major(i);
    let (r, s) = (L.rank(code), L.suit(code));
    let at = |suit: u8, rank: u8| L.rank_major(L.code(suit, rank));
    let others: Vec<u8> = (0..4).filter(|&t| t != s).collect();
    let mut out = vec![(at(others[0], r), at(others[1], r)), (at(others[0], r), at(others[2], r))];
    out.push((at(others[1], r), at(others[2], r)));
    // run cells 1..=14 (ace low and high), or any cell on the cycle with wrap
    let rank_of = |x: i32| ((x - 1).rem_euclid(13) + 1) as u8;
    let cells: Vec<i32> = if r == 1 { vec![1, 14] } else { vec![r as i32] };
    for cx in cells {
        for a in cx - 2..=cx {
            if !wrap && (a < 1 || a + 2 > 14) {
                continue;
            }
            let other: Vec<i32> = (a..a + 3).filter(|&x| x != cx).collect();
            let pair = (at(s, rank_of(other[0])), at(s, rank_of(other[1])));
            if !out.contains(&pair) {
                out.push(pair);
            }
        }
    }
    out
}

/// The longest runs the objective needs with `jokers` jokers in all: a longer
/// run splits into two valid runs, 3 cards off one end and the rest (each
/// part then holds a natural, or two with `no_double_joker`), placing the
/// same cards. With ≤ 1 joker, or 2 without the rule, every run of 6+ splits;
/// with 2 jokers and the rule every run of 7+ (n * * n n n must stay whole).
fn short_runs(jokers: u8, rules: Rules) -> u8 {
    match jokers {
        0 | 1 => 5,
        2 if !rules.no_double_joker => 5,
        2 => 6,
        _ => 13,
    }
}

/// Hand value (points objective) of rank-major type `i`.
fn type_value(i: usize) -> i32 {
    romme::hand_points(L.from_rank_major(i))
}

impl TableGen<'_> {
    /// Drops the flags of old melds that the rest can no longer hold (one state
    /// per situation), and the leave bit once type `c` is gone.
    fn canon(&self, c: usize, rest: Counts, mut res: Res) -> Res {
        let mut f = flags(&res);
        if count(rest, c) == 0 {
            f &= !LEFT_BIT;
        }
        let any_used = f & !LEFT_BIT != 0;
        for o in self.old.iter().filter(|_| any_used) {
            if let Some(b) = o.flag {
                if f >> b & 1 == 1 && !contains(rest, o.nat) {
                    f &= !(1 << b);
                }
            }
        }
        set_flags(&mut res, f);
        res
    }

    fn score(&self, obj: i32, unmoved: i32, jokers: i32) -> Score {
        if self.mode.rearrange {
            Score([obj, unmoved, -jokers])
        } else {
            Score([unmoved, obj, -jokers])
        }
    }

    /// Old melds that may lie in the meld of step `tag` (naturals `take`, `mj` jokers; flags `f` unused).
    fn candidates(&self, take: Counts, mj: u8, f: u64, tag: u64) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, o) in self.old.iter().enumerate() {
            if o.jokers <= mj && contains(take, o.nat) && o.flag.is_none_or(|b| f >> b & 1 == 0) && o.pin.kept_by(tag) {
                out.push(i);
                if out.len() == MAX_CANDIDATES {
                    break;
                }
            }
        }
        out
    }

    /// Whether the old melds `mask` (over `cands`) fit one meld together (disjoint naturals, jokers).
    fn fits(&self, cands: &[usize], mask: u32, mj: u8) -> bool {
        let (mut nat, mut j) = (0 as Counts, 0u8);
        for (k, &i) in cands.iter().enumerate() {
            if mask >> k & 1 == 1 {
                let o = &self.old[i];
                if nat & o.nat != 0 {
                    return false;
                }
                nat |= o.nat;
                j += o.jokers;
            }
        }
        j <= mj
    }

    /// The embeddings worth trying: every feasible subset of the candidates
    /// (lay-offs only), or the maximal ones (adding an old meld that fits never hurts).
    fn embeddings(&self, cands: &[usize], mj: u8) -> Vec<u32> {
        let n = cands.len();
        let feasible: Vec<u32> = (0u32..1 << n).filter(|&m| self.fits(cands, m, mj)).collect();
        if !self.mode.rearrange {
            // (lay-offs only: a new meld holds at most one old meld; two joined into one is a
            // rearrangement, which only rauber allows: '5h 6h 7h | 9h 10h Jh' with 8h is not one run)
            return feasible.into_iter().filter(|m| m.count_ones() <= 1).collect();
        }
        feasible
            .iter()
            .copied()
            .filter(|&m| (0..n).all(|k| m >> k & 1 == 1 || !self.fits(cands, m | 1 << k, mj)))
            .collect()
    }

    /// Whether the work limit or the caller's budget cut the search.
    pub(super) fn aborted(&self) -> bool {
        self.aborted.get()
    }

    /// A fresh work limit (the caller's budget stays: a search started once it is spent stops at once,
    /// else each search of a solve, one a joker swap, runs on to its first charge, 1,024 nodes).
    fn restart(&self, max_states: usize) {
        self.max_states.set(max_states);
        self.work.set(0);
        self.nodes.set(0);
        self.aborted.set(self.cutoff.reached());
    }

    /// The heaviest embedding of `cands` in one meld with `mj` jokers: (mask, unmoved cards).
    fn best_embedding(&self, cands: &[usize], mj: u8) -> (u32, i32) {
        let weight = |m: u32| -> i32 {
            cands.iter().enumerate().filter(|(k, _)| m >> k & 1 == 1).map(|(_, &i)| self.old[i].size).sum()
        };
        self.embeddings(cands, mj).into_iter().map(|m| (m, weight(m))).max_by_key(|x| x.1).unwrap_or((0, 0))
    }

    /// Counts a search node; false once the work limit, the node limit or the
    /// caller's budget cut the search (nodes cost time that steps do not count: a
    /// position with many jokers ran for seconds on few steps).
    pub(super) fn node(&self) -> bool {
        self.nodes_done(1)
    }

    /// Counts `k` search nodes (see [`Self::node`]), charged to the caller's budget 1,024 at a time.
    fn nodes_done(&self, k: usize) -> bool {
        let before = self.nodes.get();
        let n = before + k;
        self.nodes.set(n);
        let blocks = (n / 1024 - before / 1024) as u64;
        if n >= NODES_PER_STATE * self.max_states.get() || (blocks > 0 && self.cutoff.spend(1024 * blocks)) {
            self.aborted.set(true);
        }
        !self.aborted.get()
    }

    fn over_budget(&self) -> bool {
        if self.aborted.get() {
            return true;
        }
        let w = self.work.get() + 1;
        self.work.set(w);
        let late = w.is_multiple_of(1024) && self.cutoff.spend(1024);
        if w >= self.max_states.get() || late {
            self.aborted.set(true);
        }
        self.aborted.get()
    }
}

impl MeldGen for TableGen<'_> {
    fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
        if self.over_budget() {
            return;
        }
        let out_start = out.len();
        // Leave copies of c: once per type (k copies at once), so at most its
        // hand copies stay out. (Copies melded by lower cards are gone already.)
        let n = count(rest, c);
        let f = flags(&res);
        if f & LEFT_BIT == 0 {
            let most = if self.mode.table_optional { n } else { n.min(self.hand[c]) };
            for k in 1..=most {
                let take = k as Counts * unit(c);
                let mut r = res;
                set_flags(&mut r, f | LEFT_BIT);
                out.push(Step { take, res: self.canon(c, rest - take, r), gain: Score::ZERO, tag: TAG_LEAVE });
            }
        }
        let mut buf = self.scratch.take();
        buf.clear();
        let short = !self.track.get() && !self.long_runs.get();
        if short { &self.short } else { &self.inner }.steps(c, rest, res, &mut buf);
        for st in buf.iter().filter(|s| s.tag != TAG_LEAVE) {
            let mj = res[0] - st.res[0];
            let obj = if self.mode.points {
                let mut p = 20 * mj as i32;
                let mut bits = st.take;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize / 2;
                    p += count(st.take, i) as i32 * self.value[i];
                    bits &= !(3 << (2 * i));
                }
                p
            } else {
                (total(st.take) + mj as u32) as i32
            };
            if !self.track.get() {
                // (the unmoved gain only orders the moves here)
                let cands = self.candidates(st.take, mj, 0, st.tag);
                let unmoved = self.best_embedding(&cands, mj).1;
                // Phase 1b: the runs phase 1 did without only where they keep an old meld whole.
                let long = st.tag & 0xff == TAG_RUN && (st.tag >> 16) as u8 > self.short.max_run;
                if long && unmoved == 0 {
                    continue;
                }
                let res2 = self.canon(c, rest - st.take, st.res);
                out.push(Step { res: res2, gain: self.score(obj, unmoved, mj as i32), ..*st });
                continue;
            }
            // A run longer than the objective needs, keeping no old meld whole,
            // splits into two runs scoring the same: skipped.
            let long = st.tag & 0xff == TAG_RUN && (st.tag >> 16) as u8 > self.short.max_run;
            let cands = self.candidates(st.take, mj, f, st.tag);
            if long && cands.is_empty() {
                continue;
            }
            for mask in self.embeddings(&cands, mj).into_iter().filter(|&m| !long || m != 0) {
                let (mut unmoved, mut nat, mut f2) = (0, 0 as Counts, f);
                for (k, &i) in cands.iter().enumerate() {
                    if mask >> k & 1 == 1 {
                        let o = &self.old[i];
                        unmoved += o.size;
                        nat |= o.nat;
                        if let Some(b) = o.flag {
                            f2 |= 1 << b;
                        }
                    }
                }
                // Lay-offs only: what the meld adds to its old melds comes from the hand.
                if !self.mode.rearrange && !contains(self.hand_counts, st.take - nat) {
                    continue;
                }
                let mut r = st.res;
                set_flags(&mut r, f2);
                out.push(Step {
                    take: st.take,
                    res: self.canon(c, rest - st.take, r),
                    gain: self.score(obj, unmoved, mj as i32),
                    tag: st.tag | (mask as u64) << 48,
                });
            }
        }
        // The steps made and dropped here cost time no node counts: with lay-offs only the generator's
        // melds of the whole universe mostly add what the hand does not hold (with six jokers about 450 a
        // call, 2 kept, 0.2 us each: a 12-card hand ran 10.8 s of CPU on 810,000 work).
        self.nodes_done(buf.len().saturating_sub(out.len() - out_start) / DROPPED_PER_NODE);
        self.scratch.replace(buf);
    }

    fn tail(&self, res: Res) -> Option<Score> {
        // Jokers left over must be hand jokers, unless table cards may be taken.
        if !self.mode.table_optional && res[0] > self.hand_jokers {
            return None;
        }
        Some(self.score(-self.table_obj, 0, 0))
    }
}

/// One position, ready for the DP.
struct Problem {
    table: Vec<Vec<u8>>,
    rules: Rules,
    mode: Mode,
    old: Vec<Old>,
    total: [u8; 52],
    hand_n: [u8; 52],
    table_n: [u8; 52],
    table_jokers: u8,
    hand_jokers: u8,
}

impl Problem {
    fn new(table: &[Vec<u8>], hand: &[u8], rules: Rules, mode: Mode) -> Result<Problem, EngineError> {
        let (mut total, mut hand_n, mut table_n) = ([0u8; 52], [0u8; 52], [0u8; 52]);
        let (mut table_jokers, mut hand_jokers) = (0u8, 0u8);
        for &c in table.iter().flatten() {
            if c == JOKER {
                table_jokers += 1;
            } else {
                table_n[L.rank_major(c)] += 1;
                total[L.rank_major(c)] += 1;
            }
        }
        for &c in hand {
            if c == JOKER {
                hand_jokers += 1;
            } else {
                hand_n[L.rank_major(c)] += 1;
                total[L.rank_major(c)] += 1;
            }
        }
        let mut old = Vec::with_capacity(table.len());
        let mut next_flag = 0usize;
        for m in table {
            let nat: Counts = m.iter().filter(|&&c| c != JOKER).map(|&c| unit(L.rank_major(c))).sum();
            let ambiguous = m.iter().all(|&c| c == JOKER || total[L.rank_major(c)] >= 2);
            let flag = if ambiguous {
                if next_flag >= FLAG_BITS {
                    return Err(EngineError::new("too many duplicate table melds for the table search"));
                }
                next_flag += 1;
                Some(next_flag as u8 - 1)
            } else {
                None
            };
            let jokers = m.iter().filter(|&&c| c == JOKER).count() as u8;
            let pin = Pin::of(m, &rules, mode.rearrange);
            old.push(Old { nat, jokers, size: m.len() as i32, flag, pin });
        }
        Ok(Problem { table: table.to_vec(), rules, mode, old, total, hand_n, table_n, table_jokers, hand_jokers })
    }

    fn gen(&self, max_states: usize, cutoff: &Cutoff) -> TableGen<'_> {
        let hand_counts: Counts = self.hand_n.iter().enumerate().map(|(i, &k)| k as Counts * unit(i)).sum();
        let table_obj = if self.mode.points {
            (0..52).map(|i| self.table_n[i] as i32 * type_value(i)).sum::<i32>() + 20 * self.table_jokers as i32
        } else {
            self.table_n.iter().map(|&k| k as i32).sum::<i32>() + self.table_jokers as i32
        };
        TableGen {
            inner: Gen::melding(self.rules),
            short: {
                let mut g = Gen::melding(self.rules);
                g.max_run = short_runs(self.table_jokers + self.hand_jokers, self.rules);
                g
            },
            value: std::array::from_fn(type_value),
            hand: self.hand_n,
            partners: (0..52).map(|i| partners(i, self.rules.wrap_around)).collect(),
            hand_counts,
            hand_jokers: self.hand_jokers,
            old: &self.old,
            mode: self.mode,
            table_obj,
            scratch: RefCell::new(Vec::new()),
            track: Cell::new(true),
            long_runs: Cell::new(false),
            work: Cell::new(0),
            max_states: Cell::new(max_states),
            nodes: Cell::new(0),
            cutoff: cutoff.clone(),
            // (a search started once the caller's budget is spent stops at once: [`TableGen::restart`])
            aborted: Cell::new(cutoff.reached()),
        }
    }

    fn universe(&self) -> (Counts, Res) {
        let universe: Counts = self.total.iter().enumerate().map(|(i, &k)| k as Counts * unit(i)).sum();
        let mut res: Res = [0; crate::partition::RES_SLOTS];
        res[0] = self.table_jokers + self.hand_jokers;
        (universe, res)
    }

    /// The answer, or None when the work limit or the caller's budget cut the search before an
    /// optimal objective was found (see [`super::universe_dfs`]); `tie_break` says which phases
    /// run; `floor` is an answer found before ([`Floor`]); `asks` what the searches around it
    /// may tell ([`Asks`]).
    fn solve(
        &self,
        max_states: usize,
        cutoff: &Cutoff,
        tie_break: TieBreak,
        floor: Option<Floor>,
        asks: &Asks,
    ) -> Option<TableSolution> {
        let Asks { bar, most_kept, dive, .. } = *asks;
        let (universe, res) = self.universe();
        let whole_table: i32 = self.old.iter().map(|o| o.size).sum();
        let gen = self.gen(max_states, cutoff);
        if !self.mode.rearrange {
            // Every old meld whole (unmoved = the whole table), then the objective.
            let mut dfs = Dfs::new(&gen, Goal::Whole);
            let alpha = ((whole_table as i64) << 22) - (1 << 21);
            let (_, steps) = dfs.best(universe, res, &[alpha])?;
            return self.answer(&gen, &steps, res, true);
        }
        gen.track.set(false);
        let phase2_states = if matches!(floor, Some(Floor::Optimum(..))) { CYCLE_PHASE2_STATES } else { PHASE2_STATES };
        let (obj, mut first) = match floor {
            Some(Floor::Optimum(f)) => {
                (self.mode.value(f) as i64, TableSolution { optimal: true, moved_optimal: false, ..f.clone() })
            }
            Some(Floor::Beat(f)) => self.objective_phase(&gen, Some(f), asks)?,
            None => self.objective_phase(&gen, None, asks)?,
        };
        let offered = if first.moved > 0 && tie_break != TieBreak::None { bar(obj as i32) } else { None };
        // (with `exact` the LP's bound and branch and bound first, from the better of the answers in
        // hand: where it closes, phase 1b and phase 2, which seldom prove the fewest moved on a
        // 60-card table, need not run)
        let mut lp_bound = None;
        if first.moved > 0 && tie_break == TieBreak::Exact {
            let start = offered.as_ref().filter(|s| s.moved < first.moved).unwrap_or(&first);
            let bound = most_kept(obj as i32);
            if bound.is_some_and(|kept| start.moved as i32 <= whole_table - kept) {
                return Some(TableSolution { moved_optimal: true, ..start.clone() });
            }
            if let Some(sol) = dive(start) {
                return Some(sol);
            }
            lp_bound = Some(bound);
        }
        // Phase 1b: the same objective with the old long runs kept, moving fewer cards (small work
        // limit), unless `bar` offered an answer (the seams' answers move fewer cards as a rule).
        if first.moved > 0 && tie_break != TieBreak::None && offered.is_none() {
            gen.restart(PHASE1B_STATES);
            gen.long_runs.set(true);
            let mut dfs = Dfs::new(&gen, Goal::Objective);
            if let Some((_, steps)) = dfs.best(universe, res, &[obj - 1]) {
                if let Some(sol) = self.answer(&gen, &steps, res, false).filter(|s| s.moved < first.moved) {
                    first = sol;
                }
            }
        }
        if let Some(sol) = offered.filter(|s| s.moved < first.moved) {
            // (the sweep's fewest moved holds only among the answers its seam can read)
            first = TableSolution { moved_optimal: false, ..sol };
        }
        if first.moved == 0 || tie_break != TieBreak::Exact {
            return Some(TableSolution { moved_optimal: first.moved == 0, ..first });
        }
        // (no answer reaching the optimum keeps more than the bound: one keeping that many is the
        // fewest moved, and phase 2 looks no lower)
        let fewest = lp_bound.unwrap_or_else(|| most_kept(obj as i32)).map_or(0, |kept| whole_table - kept);
        if first.moved as i32 <= fewest {
            return Some(TableSolution { moved_optimal: true, ..first });
        }
        // Phase 2: fewer moved cards at the same objective, under a fresh work limit, one
        // moved card more allowed after the other (a narrow window is searched fast).
        let whole = |unmoved: i32, jokers: i32| pack(Score([obj as i32, unmoved, -jokers]), Goal::Whole, true);
        let floor = whole(whole_table - first.moved as i32, laid_jokers(&first));
        let all_jokers = (self.table_jokers + self.hand_jokers) as i32;
        let levels = (fewest.max(0)..first.moved as i32).map(|moved| whole(whole_table - moved, all_jokers) - 1);
        let alphas: Vec<i64> = levels.chain([floor]).filter(|&a| a >= floor).collect();
        gen.restart(phase2_states);
        gen.track.set(true);
        let mut dfs = Dfs::new(&gen, Goal::Whole);
        match dfs.best(universe, res, &alphas) {
            Some((_, steps)) => self.answer(&gen, &steps, res, true),
            // no better answer exists, or the work limit cut the search
            None => Some(TableSolution { moved_optimal: !gen.aborted(), ..first }),
        }
    }

    /// The optimum of the objective and an answer reaching it (None: the search was cut
    /// first); `floor` as [`Floor::Beat`]; `asks` as [`Self::solve`]'s (the bounds of the objective).
    fn objective_phase(
        &self,
        gen: &TableGen,
        floor: Option<&TableSolution>,
        asks: &Asks,
    ) -> Option<(i64, TableSolution)> {
        let Asks { most_reached, none_between, .. } = *asks;
        let (universe, res) = self.universe();
        let mut dfs = Dfs::new(gen, Goal::Objective);
        let low = floor.map(|f| self.mode.value(f) as i64);
        let own = dfs.root_upper(universe, &res);
        // (the LP's bound, asked where the search's own lies above the floor: where the floor
        // reaches it, the floor is optimal without a search, which may take seconds to prove that
        // nothing places one card more; else the windows start at it)
        let ub = if low.is_none_or(|l| own > l) { most_reached().map_or(own, |m| own.min(m as i64)) } else { own };
        if let (Some(l), Some(f)) = (low, floor) {
            // (under `points` the LP's bound may lie a few points above the floor, where few sets of
            // hand cards left out score: the LP of each hand less one proves it cannot go out whole)
            if own > l && (ub <= l || none_between(l as i32, ub as i32)) {
                return Some((l, TableSolution { optimal: true, moved_optimal: false, ..f.clone() }));
            }
        }
        // Aspiration: one card (point band) below the bound after the other.
        let gaps: &[i64] = if self.mode.points { &[1, 12, 21, 31, 41, 61] } else { &[1, 2, 3, 4, 5, 6] };
        // (with a floor only what beats it is looked for: the last window is the floor itself)
        let above = |a: &i64| low.is_none_or(|l| *a > l);
        let alphas: Vec<i64> = gaps.iter().map(|k| ub - k).filter(above).chain([low.unwrap_or(NEG)]).collect();
        match (dfs.best(universe, res, &alphas), floor) {
            (Some((obj, steps)), _) => Some((obj, self.answer(gen, &steps, res, false)?)),
            (None, Some(f)) if !gen.aborted() => {
                Some((low?, TableSolution { optimal: true, moved_optimal: false, ..f.clone() }))
            }
            (None, _) => None,
        }
    }

    /// The exact LCF-DP (every partition, no bounds): the reference the search is tested against.
    #[cfg(test)]
    fn solve_dp(&self) -> Option<TableSolution> {
        let (universe, res) = self.universe();
        let gen = self.gen(usize::MAX, &Cutoff::NONE);
        let mut solver = Solver::new(&gen);
        let (_, steps) = solver.path(universe, res)?;
        self.answer(&gen, &steps, res, true)
    }

    /// Turns the DP's steps into the answer; every old meld an embedding named stays whole.
    fn answer(&self, gen: &TableGen, steps: &[Step], mut res: Res, moved_optimal: bool) -> Option<TableSolution> {
        let mut left = [0u8; 52];
        let mut melds: Vec<(usize, Meld)> = Vec::new();
        let mut unmoved = 0i32;
        let mut used = 0u64;
        for st in steps {
            if st.tag == TAG_LEAVE {
                for (i, l) in left.iter_mut().enumerate() {
                    *l += count(st.take, i);
                }
            } else {
                let (meld, mj) = romme::step_meld(&Step { tag: st.tag & ((1 << 48) - 1), ..*st })?;
                // The search's embedding, or (untracked) the heaviest among the old melds not used yet.
                let (cands, mask) = if gen.track.get() {
                    (gen.candidates(st.take, mj, flags(&res), st.tag), (st.tag >> 48) as u32)
                } else {
                    let free: Vec<usize> =
                        gen.candidates(st.take, mj, 0, st.tag).into_iter().filter(|&i| used >> i & 1 == 0).collect();
                    let mask = gen.best_embedding(&free, mj).0;
                    (free, mask)
                };
                let mut first = usize::MAX;
                for (k, &i) in cands.iter().enumerate() {
                    if mask >> k & 1 == 1 {
                        unmoved += self.old[i].size;
                        first = first.min(i);
                        used |= 1 << i;
                    }
                }
                melds.push((first, meld));
            }
            res = st.res;
        }
        let moved = self.table.iter().map(|m| m.len() as i32).sum::<i32>() - unmoved;
        if !self.mode.rearrange && moved != 0 {
            return None;
        }
        // Melds holding old melds first, in the table's order.
        melds.sort_by_key(|(first, _)| *first);
        let used_jokers = self.table_jokers + self.hand_jokers - res[0];
        let (mut placed, mut taken) = (Vec::new(), Vec::new());
        for (i, &l) in left.iter().enumerate() {
            let code = L.from_rank_major(i);
            let on_table = self.total[i] - l;
            placed.extend(std::iter::repeat_n(code, on_table.saturating_sub(self.table_n[i]) as usize));
            taken.extend(std::iter::repeat_n(code, self.table_n[i].saturating_sub(on_table) as usize));
        }
        placed.extend(std::iter::repeat_n(JOKER, used_jokers.saturating_sub(self.table_jokers) as usize));
        taken.extend(std::iter::repeat_n(JOKER, self.table_jokers.saturating_sub(used_jokers) as usize));
        let sol = finish(melds.into_iter().map(|(_, m)| m).collect(), placed, taken, moved as u32, true);
        Some(TableSolution { moved_optimal, ..sol })
    }
}

/// Jokers an answer lays on the table.
fn laid_jokers(sol: &TableSolution) -> i32 {
    sol.melds.iter().flat_map(|m| &m.cards).filter(|p| p.code == JOKER).count() as i32
}

fn finish(melds: Vec<Meld>, mut placed: Vec<u8>, mut taken: Vec<u8>, moved: u32, optimal: bool) -> TableSolution {
    placed.sort_unstable();
    taken.sort_unstable();
    let placed_points = placed.iter().map(|&c| romme::hand_points(c)).sum();
    TableSolution {
        melds,
        placed,
        taken,
        moved,
        optimal,
        moved_optimal: optimal,
        placed_points,
        budget_cut: false,
        second_swap: false,
    }
}

/// The rules without `wrap_around` and `no_double_joker`: the rules the sweep models.
fn plain_rules(rules: &Rules) -> Rules {
    Rules { wrap_around: false, no_double_joker: false, ..*rules }
}

/// Whether every meld of an answer is valid under `rules`.
fn obeys(sol: &TableSolution, rules: &Rules) -> bool {
    sol.melds.iter().all(|m| {
        let codes: Vec<u8> = m.cards.iter().map(|p| p.code).collect();
        romme::read_meld(&codes, rules).is_ok()
    })
}

/// Where only `no_double_joker` bites ([`Biting::only_no_double_joker`]): the
/// sweep's proven optimum under the plain rules, if every meld of it obeys the
/// options; its fewest moved cards then hold under the options too.
fn plain_answer(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Option<TableSolution> {
    let plain = GameRules::Romme(plain_rules(rules));
    // (where the own look's proven answer breaks the option, the mirror image's may not)
    let usable = |s: &TableSolution| obeys(s, rules);
    let sol =
        super::romme_mirror::solve_grid_both_ways_usable(&plain, table, hand, objective, cutoff, tie_break, &usable);
    sol.ok().filter(|s| s.optimal && obeys(s, rules))
}

#[cfg(test)]
#[path = "universe_tests.rs"]
mod tests;
