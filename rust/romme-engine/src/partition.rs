//! A generic exact hand partitioner: the LCF-DP of docs/SEARCH-DESIGN.md §1.2.
//!
//! A hand is split into *natural* cards, kept as a multiset over up to 64
//! local card types ([`Counts`], 2 bits per type, at most 3 copies), and
//! *resources* ([`Res`]: small counters such as jokers left, or flags), whose
//! meaning belongs to the game. The engine always disposes of the **lowest**
//! remaining natural `c` (lowest local index): every way to dispose of it (leave
//! it in hand, or put it in some meld with other remaining naturals and some
//! resources) is a [`Step`] produced by the game's [`MeldGen`]. Since every meld
//! that contains `c` has its other naturals among the remaining ones, each
//! partition is generated once (up to meld order), and the value of a
//! position depends only on (remaining naturals, resources): that is the memo
//! key.
//!
//! Values are [`Score`]s: three `i32`s, additive, compared lexicographically,
//! **larger is better**. A game encodes its objective in the order of the
//! components (e.g. `[-points_left, cards_melded, 0]`). `None` means
//! infeasible (a game may forbid leaving a card, or a tail).
//!
//! Usage:
//! ```
//! use romme_engine::partition::{MeldGen, Res, Score, Solver, Step, count, unit, Counts};
//! /// Toy game: three copies of one type form a meld worth 1 card each; leaving costs 1.
//! struct Triples;
//! impl MeldGen for Triples {
//!     fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
//!         out.push(Step { take: unit(c), res, gain: Score([-1, 0, 0]), tag: 0 });
//!         if count(rest, c) >= 3 {
//!             out.push(Step { take: 3 * unit(c), res, gain: Score([0, 3, 0]), tag: 1 });
//!         }
//!     }
//!     fn tail(&self, _res: Res) -> Option<Score> { Some(Score::ZERO) }
//! }
//! let hand = romme_engine::partition::pack(&[3, 1]).unwrap();
//! let mut solver = Solver::new(&Triples);
//! let (score, steps) = solver.path(hand, [0; 6]).unwrap();
//! assert_eq!(score, Score([-1, 3, 0]));
//! assert_eq!(steps.iter().filter(|s| s.tag == 1).count(), 1);
//! ```
//!
//! The memo lives in the [`Solver`], so several queries on sub-hands of one
//! hand (e.g. "which card to discard") share it.
//!
//! Lane width: games with duplicate cards need 2 bits per type (≤ 64 types).
//! In 1x1-Rommé every number card exists once, but a table universe holds up
//! to 96 naturals; such a generator sets [`MeldGen::SINGLE`] and the key then
//! holds 1 bit per type (≤ 128 types, [`single`]). The width is a constant of
//! the generator, so the 2-bit games compile to the same code as before.
//!
//! A solver may get a work limit and the caller's budget ([`Solver::limit`]); when
//! either is hit, [`Solver::aborted`] is set and an answer is no longer proven
//! ([`Solver::path_or_best_found`] then gives the best partition found).
//! [`Solver::best_above`] is a branch and bound on the same positions: it
//! only proves or disproves "better than alpha", pruning with the game's
//! [`MeldGen::bound`] (the 1x1 table search uses it): a position stops once
//! its best reaches its bound, and a pruned position is remembered with its
//! bound, so a revisit costs neither a bound nor work. A position whose
//! subtree proves hard may get a costlier, tighter bound from the game
//! ([`MeldGen::tighten`]).

use crate::search::budget::{Charged, Cutoff};
use std::ops::Add;

use crate::meld::{EngineError, Meld};

/// A multiset of natural cards: 2 bits per local type `i` at bits `2i..2i+2`
/// (0..=3 copies), at most [`MAX_TYPES`] types.
pub type Counts = u128;

/// Most local card types a [`Counts`] holds.
pub const MAX_TYPES: usize = 64;

/// Number of resource counters.
pub const RES_SLOTS: usize = 6;

/// Resource counters (jokers left, flags …); their meaning belongs to the game.
pub type Res = [u8; RES_SLOTS];

/// An additive objective value, compared lexicographically; larger is better.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub [i32; 3]);

impl Score {
    /// The neutral value.
    pub const ZERO: Score = Score([0; 3]);
}

impl Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        Score([self.0[0].saturating_add(o.0[0]), self.0[1].saturating_add(o.0[1]), self.0[2].saturating_add(o.0[2])])
    }
}

/// Kind of a [`Step`] in the low bits of its tag, as the games write it: the
/// natural stays in hand (what [`replay`] keeps as cards left).
pub const TAG_LEAVE: u64 = 0;
/// Kind of a [`Step`]: a set (the rest of the tag is the game's).
pub const TAG_SET: u64 = 1;
/// Kind of a [`Step`]: a run (the rest of the tag is the game's).
pub const TAG_RUN: u64 = 2;

/// One way to dispose of the lowest remaining natural.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The naturals it removes (must contain the lowest card; must be a
    /// sub-multiset of what remains; the engine skips steps that are not).
    pub take: Counts,
    /// The resources after the step.
    pub res: Res,
    /// What the step adds to the score.
    pub gain: Score,
    /// Game data to rebuild the meld (kind, window, joker cells …).
    pub tag: u64,
}

/// A game's meld generator: the rules the engine partitions by.
pub trait MeldGen {
    /// Pushes every step that disposes of natural `c` (the lowest type in
    /// `rest`, which still holds `c`), given resources `res`. Include the
    /// "leave `c` in hand" step if that is allowed.
    fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>);
    /// Value of the end position (no naturals left) with resources `res`;
    /// `None` if it is infeasible.
    fn tail(&self, res: Res) -> Option<Score>;
    /// Whether every natural type exists once: the key then holds 1 bit per
    /// type ([`single`]) instead of 2.
    const SINGLE: bool = false;
    /// An upper bound of the value of a position, for [`Solver::best_above`]
    /// (the default prunes nothing).
    fn bound(&self, _counts: Counts, _res: Res) -> Score {
        Score([i32::MAX; 3])
    }
    /// [`Self::bound`], or any upper bound of the position that is at most
    /// `alpha` (a cheaper one that already prunes).
    fn bound_above(&self, counts: Counts, res: Res, _alpha: Score) -> Score {
        self.bound(counts, res)
    }
    /// Positions [`Solver::best_above`] may spend below a position before it
    /// asks [`Self::tighten`] for it (once).
    fn tighten_after(&self) -> usize {
        usize::MAX
    }
    /// A tighter but costlier upper bound of a position whose subtree has
    /// proved hard (`None`: none better than [`Self::bound`]), which is
    /// worth no more to the search where it is at most `aim`; the generator
    /// may use what it learns here in the bounds of the positions below.
    fn tighten(&self, _counts: Counts, _res: Res, _aim: Score) -> Option<Score> {
        None
    }
}

/// The value [`Solver::best_above`] gives an infeasible position (below every real score).
pub const INFEASIBLE: Score = Score([i32::MIN / 4; 3]);

/// Whether a value of [`Solver::best_above`] means infeasible.
fn infeasible(v: Score) -> bool {
    v.0[0] <= i32::MIN / 8
}

impl Score {
    /// `self - o`, saturating (for the bounds of [`Solver::best_above`]).
    fn minus(self, o: Score) -> Score {
        Score([self.0[0].saturating_sub(o.0[0]), self.0[1].saturating_sub(o.0[1]), self.0[2].saturating_sub(o.0[2])])
    }

    /// The largest score below `self`.
    fn below(self) -> Score {
        Score([self.0[0], self.0[1], self.0[2].saturating_sub(1)])
    }
}

/// The 1-bit lane layout of a [`MeldGen::SINGLE`] generator: bit `i` is local type `i`.
pub mod single {
    use super::Counts;

    /// Most local types a 1-bit key holds.
    pub const MAX_TYPES: usize = 128;

    /// One card of type `i` (0 for `i >= MAX_TYPES`).
    #[inline]
    pub fn unit(i: usize) -> Counts {
        if i >= MAX_TYPES {
            return 0;
        }
        1u128 << i
    }

    /// Whether type `i` is present.
    #[inline]
    pub fn has(counts: Counts, i: usize) -> bool {
        i < MAX_TYPES && counts >> i & 1 == 1
    }

    /// Number of cards.
    #[inline]
    pub fn total(counts: Counts) -> u32 {
        counts.count_ones()
    }

    /// The local types present, ascending.
    pub fn types(counts: Counts) -> impl Iterator<Item = usize> {
        let mut rest = counts;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(i)
        })
    }
}

/// `count`, `lowest` and `contains` in the lane width of `G`.
#[inline]
fn lane_count<G: MeldGen>(counts: Counts, i: usize) -> u8 {
    if G::SINGLE {
        single::has(counts, i) as u8
    } else {
        count(counts, i)
    }
}

#[inline]
fn lane_lowest<G: MeldGen>(counts: Counts) -> Option<usize> {
    if G::SINGLE {
        (counts != 0).then(|| counts.trailing_zeros() as usize)
    } else {
        lowest(counts)
    }
}

#[inline]
fn lane_contains<G: MeldGen>(a: Counts, b: Counts) -> bool {
    if G::SINGLE {
        b & !a == 0
    } else {
        contains(a, b)
    }
}

/// The count of local type `i` in `counts` (0 for `i >= MAX_TYPES`).
#[inline]
pub fn count(counts: Counts, i: usize) -> u8 {
    if i >= MAX_TYPES {
        return 0;
    }
    ((counts >> (2 * i)) & 3) as u8
}

/// One card of local type `i` as a [`Counts`] (0 for `i >= MAX_TYPES`).
#[inline]
pub fn unit(i: usize) -> Counts {
    if i >= MAX_TYPES {
        return 0;
    }
    1u128 << (2 * i)
}

/// The lowest type present, if any.
#[inline]
pub fn lowest(counts: Counts) -> Option<usize> {
    if counts == 0 {
        None
    } else {
        Some(counts.trailing_zeros() as usize / 2)
    }
}

/// Total number of cards in `counts`.
#[inline]
pub fn total(counts: Counts) -> u32 {
    const LO: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    (counts & LO).count_ones() + 2 * ((counts >> 1) & LO).count_ones()
}

/// Whether every lane of `b` is ≤ the same lane of `a` (SWAR borrow check).
#[inline]
pub fn contains(a: Counts, b: Counts) -> bool {
    const EVEN: u128 = 0x3333_3333_3333_3333_3333_3333_3333_3333;
    const GUARD: u128 = 0x4444_4444_4444_4444_4444_4444_4444_4444;
    let even_ok = (((a & EVEN) | GUARD) - (b & EVEN)) & GUARD == GUARD;
    let (a2, b2) = ((a >> 2) & EVEN, (b >> 2) & EVEN);
    let odd_ok = ((a2 | GUARD) - b2) & GUARD == GUARD;
    even_ok && odd_ok
}

/// Packs per-type counts (index = local type) into a [`Counts`].
pub fn pack(counts: &[u8]) -> Result<Counts, EngineError> {
    if counts.len() > MAX_TYPES {
        return Err(EngineError::new(format!(
            "partition: {} card types, at most {MAX_TYPES} are supported",
            counts.len()
        )));
    }
    let mut out: Counts = 0;
    for (i, &n) in counts.iter().enumerate() {
        if n > 3 {
            return Err(EngineError::new(format!("partition: {n} copies of one card type, at most 3 are supported")));
        }
        out |= (n as u128) << (2 * i);
    }
    Ok(out)
}

/// Work limit of one exact hand solve: steps generated ([`Solver::limit_steps`];
/// a game's solve may run a few such DPs, for the objective, the opening and
/// the discard). Real hands need a few thousand; a hand that needs more is
/// answered with the best partition found, marked not proven
/// ([`Solver::path_or_best_found`]), rather than left to run for seconds and take
/// gigabytes (the internal exact entries refuse it: [`too_hard`]).
pub const HAND_STEPS: usize = 200_000;

/// A [`Solver`] for one exact hand solve, limited to [`HAND_STEPS`] steps.
pub fn hand_solver<G: MeldGen>(gen: &G) -> Solver<'_, G> {
    Solver::new(gen).limit_steps(HAND_STEPS)
}

/// The refusal of a hand whose exact solve reached [`HAND_STEPS`] steps.
pub fn too_hard(game: &str, cards: usize) -> EngineError {
    EngineError::new(format!(
        "a hand of {cards} cards is too hard for the exact {game} solver (its work limit of {HAND_STEPS} steps); \
         solve fewer cards"
    ))
}

/// The memo maps hash with the search's integer hasher.
pub(crate) use crate::search::hasher::FxMap;

/// The resources packed into one memo key word.
pub(crate) fn res_key(res: &Res) -> u64 {
    res.iter().fold(0u64, |k, &r| (k << 8) | r as u64)
}

/// The memoised solver over one [`MeldGen`]. Reuse it for several queries
/// on sub-hands of the same hand (the memo is shared).
pub struct Solver<'g, G: MeldGen> {
    gen: &'g G,
    memo: FxMap<(Counts, u64), Option<Score>>,
    /// Memo of [`Self::best_above`]: the value, and whether it is exact (else an upper bound).
    bounded: FxMap<(Counts, u64), (Score, bool)>,
    /// Positions [`Self::best_above`] expanded or pruned (its work limit).
    work: usize,
    pool: Vec<Vec<Step>>,
    /// Most memoised positions before giving up.
    max_states: usize,
    /// Steps [`Self::best`] generated, and the most it may ([`Self::limit_steps`]).
    steps: usize,
    max_steps: usize,
    /// The caller's budget, and the work charged to it so far.
    cutoff: Cutoff,
    charged: Charged,
    aborted: bool,
}

impl<'g, G: MeldGen> Solver<'g, G> {
    /// A solver with an empty memo.
    pub fn new(gen: &'g G) -> Self {
        Solver {
            gen,
            memo: FxMap::with_capacity_and_hasher(256, Default::default()),
            bounded: FxMap::default(),
            work: 0,
            pool: Vec::new(),
            max_states: usize::MAX,
            steps: 0,
            max_steps: usize::MAX,
            cutoff: Cutoff::NONE,
            charged: Charged::default(),
            aborted: false,
        }
    }

    /// Gives up (see [`Self::aborted`]) after `max_states` memoised positions
    /// or when the caller's budget `cutoff` is used up, so that no input hangs the caller.
    pub fn limit(mut self, max_states: usize, cutoff: &Cutoff) -> Self {
        self.max_states = max_states;
        self.cutoff = cutoff.clone();
        self
    }

    /// Gives up (see [`Self::aborted`]) once [`Self::best`] has generated
    /// `max_steps` steps: a work limit that grows with the time spent whatever
    /// the game, where positions of one game cost many times those of another.
    pub fn limit_steps(mut self, max_steps: usize) -> Self {
        self.max_steps = max_steps;
        self
    }

    /// Whether the work limit or the caller's budget cut a query (its answer is then
    /// not proven: [`Self::path_or_best_found`] still gives the best partition found).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Charges the work not yet charged to the caller's budget (a solve ending: its last
    /// thousand states).
    pub fn settle(&mut self) {
        self.charged.settle(&self.cutoff, (self.memo.len() + self.work) as u64);
    }

    /// Number of memoised positions (for benchmarks and tests).
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    fn gen_steps(&mut self, c: usize, counts: Counts, res: Res) -> Vec<Step> {
        let mut buf = self.pool.pop().unwrap_or_default();
        buf.clear();
        self.gen.steps(c, counts, res, &mut buf);
        // Steps that do not remove `c`, or take cards that are not there, would
        // loop or corrupt the multiset: the engine drops them.
        buf.retain(|s| lane_count::<G>(s.take, c) > 0 && lane_contains::<G>(counts, s.take));
        buf
    }

    /// The best score of the position, `None` if no feasible partition exists.
    pub fn best(&mut self, counts: Counts, res: Res) -> Option<Score> {
        let Some(c) = lane_lowest::<G>(counts) else {
            return self.gen.tail(res);
        };
        let key = (counts, res_key(&res));
        if let Some(v) = self.memo.get(&key) {
            return *v;
        }
        if self.aborted {
            return None;
        }
        if self.over_limit(self.memo.len()) || self.steps >= self.max_steps {
            self.aborted = true;
            return None;
        }
        let steps = self.gen_steps(c, counts, res);
        self.steps += steps.len();
        let mut best: Option<Score> = None;
        for s in &steps {
            if let Some(sub) = self.best(counts - s.take, s.res) {
                let v = s.gain + sub;
                if best.is_none_or(|b| v > b) {
                    best = Some(v);
                }
            }
        }
        self.pool.push(steps);
        self.memo.insert(key, best);
        best
    }

    /// Branch and bound: the best score of the position if it is above
    /// `alpha`, else an upper bound that is at most `alpha` ([`INFEASIBLE`]
    /// if nothing is feasible). Prunes with [`MeldGen::bound`]; a memo of
    /// exact values and bounds is kept apart from [`Self::best`]'s.
    pub fn best_above(&mut self, counts: Counts, res: Res, alpha: Score) -> Score {
        let Some(c) = lane_lowest::<G>(counts) else {
            return self.gen.tail(res).unwrap_or(INFEASIBLE);
        };
        let key = (counts, res_key(&res));
        if let Some(&(v, exact)) = self.bounded.get(&key) {
            if exact || v <= alpha {
                return v;
            }
        }
        self.work += 1;
        if self.aborted || self.over_limit(self.work) {
            self.aborted = true;
            return INFEASIBLE;
        }
        let mut bound = self.gen.bound_above(counts, res, alpha);
        if bound <= alpha {
            self.bounded.insert(key, (bound, false));
            return bound;
        }
        let mut steps = self.gen_steps(c, counts, res);
        // Best-looking steps first: a good answer early prunes more of the rest.
        steps.sort_by_key(|s| std::cmp::Reverse(s.gain));
        let mut best = INFEASIBLE;
        let (start, mut tightened) = (self.work, false);
        for s in &steps {
            let floor = if best > alpha { best } else { alpha };
            let v = self.best_above(counts - s.take, s.res, floor.minus(s.gain));
            if !infeasible(v) && s.gain + v > best {
                best = s.gain + v;
            }
            if !tightened && !self.aborted && self.work - start >= self.gen.tighten_after() {
                tightened = true;
                let aim = if best > alpha { best } else { alpha };
                bound = self.gen.tighten(counts, res, aim).map_or(bound, |t| t.min(bound));
                // a bound at most alpha is what this position is worth to the caller
                if bound <= alpha {
                    best = bound;
                    break;
                }
            }
            // nothing beats the bound
            if best >= bound {
                break;
            }
        }
        self.pool.push(steps);
        self.bounded.insert(key, (best, best > alpha));
        best
    }

    /// [`Self::best_above`] with the steps of one best partition, if it is
    /// better than `alpha` (`None` otherwise, or when cut).
    pub fn path_above(&mut self, counts: Counts, res: Res, alpha: Score) -> Option<(Score, Vec<Step>)> {
        let total_best = self.best_above(counts, res, alpha);
        if self.aborted || infeasible(total_best) || total_best <= alpha {
            return None;
        }
        let out = self.trace(counts, res, total_best, |solver, rest, s, need| {
            let want = need.minus(s.gain);
            (solver.best_above(rest, s.res, want.below()) == want).then_some(want)
        })?;
        (!self.aborted).then_some((total_best, out))
    }

    /// Whether the work limit or the caller's budget is reached (the budget is
    /// charged and read every 1024 states: memoised positions and branch and bound nodes).
    fn over_limit(&mut self, states: usize) -> bool {
        states >= self.max_states
            || (states % 1024 == 1023 && self.charged.charge(&self.cutoff, (self.memo.len() + self.work) as u64))
    }

    /// The best score and the steps of one optimal partition, in the order
    /// taken (the first optimal step in generator order at every position).
    pub fn path(&mut self, counts: Counts, res: Res) -> Option<(Score, Vec<Step>)> {
        let total_best = self.best(counts, res)?;
        let out = self.trace(counts, res, total_best, |solver, rest, s, need| {
            let sub = solver.best(rest, s.res)?;
            (s.gain + sub == need).then_some(sub)
        })?;
        Some((total_best, out))
    }

    /// [`Self::path`] that still answers when the work limit or the budget cuts
    /// the solve: then the better of the best partition the cut solve completed
    /// (its memo holds the values of the partitions it finished, each one
    /// reachable) and [`Self::greedy_path`]. The flag says whether the answer is
    /// proven optimal (the solve was not cut); `None` only if neither finds a
    /// feasible partition.
    pub fn path_or_best_found(&mut self, counts: Counts, res: Res) -> Option<(Score, Vec<Step>, bool)> {
        let found = self.path(counts, res);
        if !self.aborted {
            return found.map(|(score, steps)| (score, steps, true));
        }
        let greedy = self.greedy_path(counts, res);
        let best = match (found, greedy) {
            (Some(f), Some(g)) => Some(if g.0 > f.0 { g } else { f }),
            (f, g) => f.or(g),
        };
        best.map(|(score, steps)| (score, steps, false))
    }

    /// A greedy partition, without search: at every position the step of the
    /// largest gain (ties: the one that takes the most cards, then generator
    /// order). Costs one step generation per meld, whatever the hand; `None`
    /// if its end position is infeasible.
    pub fn greedy_path(&mut self, mut counts: Counts, mut res: Res) -> Option<(Score, Vec<Step>)> {
        let cards = |take: Counts| if G::SINGLE { single::total(take) } else { total(take) };
        let (mut score, mut out) = (Score::ZERO, Vec::new());
        while let Some(c) = lane_lowest::<G>(counts) {
            let steps = self.gen_steps(c, counts, res);
            let mut chosen: Option<Step> = None;
            for s in &steps {
                if chosen.is_none_or(|b| (s.gain, cards(s.take)) > (b.gain, cards(b.take))) {
                    chosen = Some(*s);
                }
            }
            self.pool.push(steps);
            let s = chosen?;
            score = score + s.gain;
            out.push(s);
            counts -= s.take;
            res = s.res;
        }
        Some((score + self.gen.tail(res)?, out))
    }

    /// Walks down from a position worth `need`: at every position the first
    /// step (generator order) for which `sub_of(solver, rest, step, need)`
    /// gives the value of the rest; `None` if none does.
    fn trace(
        &mut self,
        mut counts: Counts,
        mut res: Res,
        mut need: Score,
        sub_of: impl Fn(&mut Self, Counts, &Step, Score) -> Option<Score>,
    ) -> Option<Vec<Step>> {
        let mut out = Vec::new();
        while let Some(c) = lane_lowest::<G>(counts) {
            let steps = self.gen_steps(c, counts, res);
            let chosen = steps.iter().find_map(|s| Some((*s, sub_of(self, counts - s.take, s, need)?)));
            self.pool.push(steps);
            let (s, sub) = chosen?;
            out.push(s);
            counts -= s.take;
            res = s.res;
            need = sub;
        }
        Some(out)
    }
}

/// The natural card types of one hand in the order the DP disposes of them,
/// with the way back from a card code to its local index.
#[derive(Clone, Debug)]
pub struct LocalTypes {
    codes: Vec<u8>,
    /// Lane width of the multisets over these types (1 or 2 bits).
    single: bool,
    /// Local index of each code present (`u8::MAX` otherwise), indexed by code.
    local: Vec<u8>,
}

impl LocalTypes {
    /// The types `codes` (distinct, in DP order; at most [`MAX_TYPES`]), each
    /// below `code_limit`; a code at or above it is never found by [`Self::index`].
    pub fn new(codes: Vec<u8>, code_limit: usize) -> Self {
        let mut local = vec![u8::MAX; code_limit];
        for (i, &c) in codes.iter().enumerate() {
            if let Some(slot) = local.get_mut(c as usize) {
                *slot = i as u8;
            }
        }
        LocalTypes { codes, single: false, local }
    }

    /// The same for a [`MeldGen::SINGLE`] generator (1-bit lanes, ≤ 128 types).
    pub fn single(codes: Vec<u8>, code_limit: usize) -> Self {
        LocalTypes { single: true, ..Self::new(codes, code_limit) }
    }

    /// Number of local types.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Whether the hand has no natural type.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The card code of local type `l`.
    pub fn code(&self, l: usize) -> Option<u8> {
        self.codes.get(l).copied()
    }

    /// The local index of `code`, if the hand has that type.
    pub fn index(&self, code: u8) -> Option<usize> {
        let l = *self.local.get(code as usize)?;
        (l != u8::MAX).then_some(l as usize)
    }

    /// The codes of a multiset over these types, each as often as it holds it, ascending by local index.
    pub fn codes_of(&self, take: Counts) -> Vec<u8> {
        let n = |l: usize| if self.single { single::has(take, l) as usize } else { count(take, l) as usize };
        self.codes.iter().enumerate().flat_map(|(l, &c)| std::iter::repeat_n(c, n(l))).collect()
    }
}

/// Every multiset `unit(first)` plus a subset of the types `others` (local
/// indices), the empty subset first: the naturals of the sets that hold `first`.
pub fn unions(first: usize, others: &[usize]) -> impl Iterator<Item = Counts> + '_ {
    (0u32..(1 << others.len())).map(move |sub| {
        unit(first)
            + others.iter().enumerate().filter(|(j, _)| sub >> j & 1 == 1).map(|(_, &l)| unit(l)).sum::<Counts>()
    })
}

/// Replays the steps of an optimal path from the resources `start`: a step
/// tagged [`TAG_LEAVE`] leaves its cards in hand, every other step becomes the
/// meld `rebuild(step, resources before the step)`. Returns the melds, the
/// natural cards left and the resources at the end; `None` if a step does
/// not rebuild.
pub fn replay(
    steps: &[Step],
    start: Res,
    types: &LocalTypes,
    mut rebuild: impl FnMut(&Step, &Res) -> Option<Meld>,
) -> Option<(Vec<Meld>, Vec<u8>, Res)> {
    let mut res = start;
    let mut melds = Vec::new();
    let mut left = Vec::new();
    for step in steps {
        if step.tag == TAG_LEAVE {
            left.extend(types.codes_of(step.take));
        } else {
            melds.push(rebuild(step, &res)?);
        }
        res = step.res;
    }
    Some((melds, left, res))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_types_and_unions() {
        let types = LocalTypes::new(vec![7, 3, 200], 10);
        assert_eq!((types.len(), types.is_empty()), (3, false));
        assert_eq!((types.index(3), types.index(7), types.index(4), types.index(200)), (Some(1), Some(0), None, None));
        assert_eq!((types.code(2), types.code(3)), (Some(200), None));
        assert_eq!(types.codes_of(2 * unit(1) + unit(0)), vec![7, 3, 3]);
        let all: Vec<Counts> = unions(0, &[2, 5]).collect();
        assert_eq!(all, vec![unit(0), unit(0) + unit(2), unit(0) + unit(5), unit(0) + unit(2) + unit(5)]);
    }

    #[test]
    fn lane_helpers() {
        let a = pack(&[2, 0, 3, 1]).unwrap();
        assert_eq!(count(a, 0), 2);
        assert_eq!(count(a, 2), 3);
        assert_eq!(count(a, 70), 0);
        assert_eq!(total(a), 6);
        assert_eq!(lowest(a), Some(0));
        assert_eq!(lowest(a - 2 * unit(0)), Some(2));
        assert!(contains(a, unit(2) * 3 + unit(3)));
        assert!(!contains(a, unit(1)));
        assert!(!contains(a, unit(3) * 2));
        assert!(contains(a, a));
        let hi = pack(&[3; 64]).unwrap();
        assert!(contains(hi, unit(63) * 3));
        assert!(!contains(a, unit(63)));
        assert!(pack(&[4]).is_err());
        assert!(pack(&[0; 65]).is_err());
    }

    /// Pairs of equal type score 1 each; a single left costs 1.
    struct Pairs;
    impl MeldGen for Pairs {
        fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
            out.push(Step { take: unit(c), res, gain: Score([-1, 0, 0]), tag: 0 });
            if count(rest, c) >= 2 {
                out.push(Step { take: 2 * unit(c), res, gain: Score([0, 1, 0]), tag: 1 });
            }
            // A wild (resource 0) pairs with any card.
            if res[0] > 0 {
                let mut r = res;
                r[0] -= 1;
                out.push(Step { take: unit(c), res: r, gain: Score([0, 1, 0]), tag: 2 });
            }
            // Malformed steps are ignored by the engine.
            out.push(Step { take: 0, res, gain: Score([9, 9, 9]), tag: 99 });
            out.push(Step { take: unit(c) + unit(63), res, gain: Score([9, 9, 9]), tag: 98 });
        }
        fn tail(&self, res: Res) -> Option<Score> {
            Some(Score([-(res[0] as i32), 0, 0]))
        }
    }

    #[test]
    fn pairs_with_wilds() {
        let hand = pack(&[2, 1, 1, 3]).unwrap();
        let mut s = Solver::new(&Pairs);
        // pairs: type0, type3 (one single of type 3); wilds cover two singles.
        let (score, path) = s.path(hand, [2, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(score, Score([-1, 4, 0]));
        assert!(path.iter().all(|st| st.tag < 3));
        let removed: Counts = path.iter().map(|st| st.take).sum();
        assert_eq!(removed, hand);
        assert_eq!(s.best(0, [3, 0, 0, 0, 0, 0]), Some(Score([-3, 0, 0])));
        assert!(s.states() > 0);
    }

    #[test]
    fn best_above_agrees_with_best() {
        let hand = pack(&[2, 1, 1, 3]).unwrap();
        let res = [2, 0, 0, 0, 0, 0];
        let exact = Solver::new(&Pairs).best(hand, res).unwrap();
        let mut s = Solver::new(&Pairs);
        assert_eq!(s.best_above(hand, res, INFEASIBLE), exact);
        let mut s = Solver::new(&Pairs);
        assert!(s.best_above(hand, res, exact) <= exact);
        assert!(s.path_above(hand, res, exact).is_none());
        let mut s = Solver::new(&Pairs);
        let (score, path) = s.path_above(hand, res, exact.below()).unwrap();
        assert_eq!(score, exact);
        assert_eq!(path.iter().map(|st| st.take).sum::<Counts>(), hand);
        let mut s = Solver::new(&Pairs).limit(1, &Cutoff::NONE);
        assert!(s.path_above(hand, res, INFEASIBLE).is_none() && s.aborted());
    }

    /// The score a path claims, recomputed: its gains plus the tail of the resources it ends with.
    fn replayed<G: MeldGen>(gen: &G, hand: Counts, mut res: Res, path: &[Step]) -> Option<Score> {
        let (mut rest, mut score) = (hand, Score::ZERO);
        for st in path {
            assert!(contains(rest, st.take) && count(st.take, lowest(rest)?) > 0, "not a partition");
            rest -= st.take;
            res = st.res;
            score = score + st.gain;
        }
        assert_eq!(rest, 0, "cards not conserved");
        Some(score + gen.tail(res)?)
    }

    #[test]
    fn a_cut_solve_answers_the_best_found_not_proven() {
        let hand = pack(&[2, 1, 1, 3, 2, 2, 1, 3, 1, 2]).unwrap();
        let res = [2, 0, 0, 0, 0, 0];
        let (exact, exact_path) = Solver::new(&Pairs).path(hand, res).unwrap();
        let (score, path, proven) = Solver::new(&Pairs).path_or_best_found(hand, res).unwrap();
        assert!(proven && score == exact && path == exact_path);
        // every cut, from the first step on, still answers a partition worth what it claims
        for max_steps in [0, 1, 5, 20, 60] {
            let mut s = Solver::new(&Pairs).limit_steps(max_steps);
            let (score, path, proven) = s.path_or_best_found(hand, res).unwrap();
            assert!(!proven && s.aborted(), "{max_steps}");
            assert_eq!(replayed(&Pairs, hand, res, &path), Some(score));
            assert!(score <= exact);
        }
        // the greedy alone: a partition, here the optimum (pairs first, then the wilds)
        let (greedy, path) = Solver::new(&Pairs).greedy_path(hand, res).unwrap();
        assert_eq!(replayed(&Pairs, hand, res, &path), Some(greedy));
        // a greedy that ends infeasibly finds nothing (no pair for the single)
        assert!(Solver::new(&NoLeave).limit_steps(0).path_or_best_found(pack(&[2, 1]).unwrap(), [0; 6]).is_none());
    }

    struct NoLeave;
    impl MeldGen for NoLeave {
        fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
            if count(rest, c) >= 2 {
                out.push(Step { take: 2 * unit(c), res, gain: Score([1, 0, 0]), tag: 1 });
            }
        }
        fn tail(&self, _res: Res) -> Option<Score> {
            Some(Score::ZERO)
        }
    }

    #[test]
    fn infeasible_is_none() {
        let mut s = Solver::new(&NoLeave);
        assert_eq!(s.best(pack(&[2, 1]).unwrap(), [0; 6]), None);
        assert!(s.path(pack(&[2, 1]).unwrap(), [0; 6]).is_none());
        assert_eq!(s.best(pack(&[2, 2]).unwrap(), [0; 6]), Some(Score([2, 0, 0])));
    }
}
