//! Keep mode's oracle on the cycle of ranks (`wrap_around`, docs/SEARCH-DESIGN.md
//! §4.10) with one memo for every seam profile.
//!
//! The plain sweep on the cycle chooses each suit's seam profile at position 0
//! and carries it to the end, where the suit's open runs must be the
//! profile's ([`Sweep::runs_end`]); in between the profile changes no move,
//! only the end. So its states past position 0 differ by the profile alone
//! wherever the runs crossing the cut have merged into the codes, and a memo
//! keyed by the profile searches each profile apart (on the bench's 60-card
//! positions the keep search's oracle met 7.3 times as many states as there
//! are without the profile). Here the states forget the profile
//! ([`Sweep::forget_profiles`]) and a state's value is the vector of its
//! values for every profile tuple (one profile per suit): the most the
//! objective reaches from it among the paths whose open runs at the end are
//! that tuple's. A state is searched once for all tuples, and the oracle's
//! answer for a state and its tuple is the plain sweep's.
//!
//! A search answers a question about one tuple, the one its caller's state
//! holds, and tells every tuple's value as a span (at least, at most) by the
//! same search. As the plain sweep's, it is cut by the upper bound on what a
//! state may still score ([`Sweep::bound`], the same for every tuple) against
//! the floor asked, and a state stops searching its moves once the tuple asked
//! reaches what is asked of it: the bound, or, where the keep search only asks
//! whether a state reaches its objective, that objective (the other tuples
//! then have spans up to the bound). A state searched to its end tells every
//! tuple exactly above the floor, so a dead end found for the tuple asked is
//! found for the others that share it. A memo entry is the spans, each sound
//! whatever the question that searched it: it serves every later question its
//! tuple's span answers, and a state searched again keeps the tighter of both
//! spans. Searched exactly for every tuple (before), the keep search's calls
//! that found their state alive were three quarters of its oracle's work: one
//! call at position 1 could prove, tuple by tuple, what the plain oracle,
//! stopping at the objective, finds for the tuple asked at once.

use super::super::model::SUITS;
use super::super::state::{Key, State};
use super::cyclic::MOST_PROFILES;
use super::hand_cap::CapLeft;
use super::{Decision, MaxMode, Sweep};
use crate::search::hasher::FxMap;
use crate::search::slab::Slab;

mod root;

/// Most profile tuples a vector holds (more: the keep search asks the plain
/// oracle): a node's cost grows with its vectors, and at a thousand tuples
/// and more the plain oracle's nodes cost less than the states they save.
const MOST_TUPLES: usize = 1024;

/// Most profile tuples (the product of the suits' profiles) before those
/// the states at position 1's start do not hold are dropped.
const MOST_PRODUCT: usize = 1 << 16;

/// No path reaches a valid end: an entry's value at the end, and the
/// vectors' start (a path's gains, at most a few hundred, keep it below
/// [`UNREACHED`]).
const NONE: i16 = i16::MIN / 2;
const UNREACHED: i16 = NONE / 2;

/// A node's work is one unit and one more per this many entries of its
/// vectors (each child's vector is merged entry by entry), so that the keep
/// search's work limit still bounds its time.
const VECTOR_WORK: usize = 256;

/// A call of the keep search's oracle stops after this share of the keep
/// search's limit and the plain oracle answers it: a dead end proven for the
/// tuple asked is searched for every tuple, which on hard positions costs more
/// than the plain oracle's proof for the one tuple asked. The states it
/// finished stay in its memo for the next call.
const CALL_SHARE: usize = 4;

/// A tuple without an entry in the vectors.
const NO_ENTRY: u16 = u16::MAX;

/// What a tuple's value from a state may be: at least `lo` and at most `hi`
/// ([`NONE`] and below: no path reaches a valid end). A search tells its
/// question's tuple exactly or on the side its question asks; what it tells of
/// the others, by the same search, is often only a span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    lo: i16,
    hi: i16,
}

/// No path reaches a valid end.
const NO_PATH: Span = Span { lo: NONE, hi: NONE };

/// No goal: the question asks the tuple's value wherever above the floor.
const NO_GOAL: i16 = i16::MAX;

/// A search's question about one tuple (its entry in the vectors): its value
/// where more than `floor`, else a bound at or below it; or, below [`NO_GOAL`],
/// only whether it reaches `goal` (`goal` = `floor` + 1: the keep search's
/// question whether a state reaches the objective), and the search of a state
/// stops once the tuple has: the plain oracle's search stops there too.
#[derive(Clone, Copy, Debug)]
struct Ask {
    tuple: usize,
    floor: i16,
    goal: i16,
}

impl Ask {
    /// Whether `span` answers the question: the tuple's value known, at or below
    /// the floor, or at or above the goal.
    fn answered(&self, span: Span) -> bool {
        span.hi <= self.floor || span.lo >= self.goal || span.lo == span.hi
    }

    /// The question at a child reached with `gain`.
    fn below(&self, gain: i16) -> Ask {
        let goal = if self.goal == NO_GOAL { NO_GOAL } else { self.goal - gain };
        Ask { tuple: self.tuple, floor: self.floor.saturating_sub(gain).max(UNREACHED), goal }
    }
}

/// A memo entry: where its spans of every tuple lie in [`ProfileOracle::spans`]
/// ([`NO_PATH_ENTRY`]: no path from the state reaches a valid end for any
/// tuple, whatever the question).
type Entry = u64;

/// An entry telling that no path reaches a valid end.
const NO_PATH_ENTRY: Entry = u64::MAX;

/// The oracle: a plain sweep whose states forget the profile, and its memo of
/// span vectors by state (at a position's start and halfway through one).
pub struct ProfileOracle<'m> {
    sweep: Sweep<'m, MaxMode>,
    /// The spans of every tuple's value by state (each sound, whatever the
    /// question that searched it), or none: no tuple reached.
    memo: FxMap<Key, Entry>,
    /// The memo's span vectors.
    spans: Slab<Span>,
    /// Profiles per suit (a tuple's place in `index` is mixed-radix, suit 0 lowest).
    counts: [usize; SUITS],
    /// A vector's entry per tuple ([`NO_ENTRY`]: none, a tuple no state at position 1's start holds).
    index: Vec<u16>,
    /// The tuples with an entry, as profiles per suit.
    tuples: Vec<[u8; SUITS]>,
    /// One scratch vector and one move order per depth of the search.
    scratch: Vec<(Vec<Span>, Vec<u128>)>,
    /// Most nodes it may search; past them it is cut and answers nothing more.
    limit: usize,
    pub aborted: bool,
    /// Most nodes one call may search ([`CALL_SHARE`]); past them the call
    /// stops and answers nothing, without cutting its caller.
    call_limit: usize,
    /// The work at which the current call stops.
    call_end: usize,
    /// The current call stopped at [`Self::call_limit`].
    call_stopped: bool,
    /// Most nodes the next call may search, where fewer than its share
    /// ([`Self::next_call_within`]).
    next_call_room: usize,
}

impl<'m> ProfileOracle<'m> {
    /// For a cut keep search going on with `more` work ([`Sweep::go_on`]): not
    /// cut, its limit raised by as much (a keep search's limit bounds its
    /// oracles too, wherever the search goes on).
    pub(super) fn go_on(&mut self, more: usize) {
        (self.aborted, self.sweep.aborted) = (false, false);
        self.limit = self.limit.saturating_add(more);
    }

    /// The oracle over `sweep` (a fresh plain sweep over the keep search's
    /// model, in its oracle's joker mode and end); None where its tuples are
    /// more than [`MOST_TUPLES`] or a per-turn cap binds (its end counts the
    /// hand cards on the path, which a vector does not hold).
    pub fn new(mut sweep: Sweep<'m, MaxMode>, limit: usize) -> Option<Self> {
        if !sweep.m.rules.shape.is_cycle() || sweep.mode.cap.is_some() || sweep.aborted {
            return None;
        }
        let counts: [usize; SUITS] = std::array::from_fn(|s| sweep.seam.count(s));
        let product: usize = counts.iter().product();
        if product > MOST_PRODUCT {
            return None;
        }
        // (the tuples of the states at position 1's start: a keep search's there are among them, a
        // tuple not among them is asked of the plain oracle)
        let mut first = vec![false; product];
        let mut seen = std::collections::HashSet::default();
        let root = sweep.root();
        first_position(&mut sweep, root, &counts, &mut first, &mut seen);
        let (mut index, mut tuples) = (vec![NO_ENTRY; product], Vec::new());
        for (i, entry) in index.iter_mut().enumerate().filter(|(i, _)| first[*i]) {
            let mut rest = i;
            let tuple: [u8; SUITS] = std::array::from_fn(|s| {
                let p = rest % counts[s];
                rest /= counts[s];
                p as u8
            });
            *entry = tuples.len() as u16;
            tuples.push(tuple);
        }
        if tuples.len() > MOST_TUPLES {
            return None;
        }
        sweep.forget_profiles();
        let memo = FxMap::default();
        Some(ProfileOracle {
            sweep,
            memo,
            spans: Slab::default(),
            counts,
            index,
            tuples,
            scratch: Vec::new(),
            limit,
            aborted: false,
            call_limit: (limit / CALL_SHARE).max(1),
            call_end: usize::MAX,
            call_stopped: false,
            next_call_room: usize::MAX,
        })
    }

    /// Whether an oracle over a plain sweep like `sweep` surely applies ([`Self::new`] answers
    /// whatever the states at position 1's start hold): on the cycle, no binding cap, not loose,
    /// and at most [`MOST_TUPLES`] profile tuples in all.
    pub fn surely_applies(sweep: &Sweep<'_, MaxMode>) -> bool {
        let product = (0..SUITS).try_fold(1usize, |acc, s| acc.checked_mul(sweep.seam.count(s)));
        sweep.m.rules.shape.is_cycle()
            && sweep.mode.cap.is_none()
            && !sweep.aborted
            && !sweep.is_loose()
            && product.is_some_and(|p| p <= MOST_TUPLES)
    }

    /// The oracle going on, its memo kept, as a keep search's with `limit` more work (its calls
    /// stopping at [`CALL_SHARE`] of it).
    pub fn resumed(mut self: Box<Self>, limit: usize) -> Box<Self> {
        self.limit = self.work().saturating_add(limit);
        self.call_limit = (limit / CALL_SHARE).max(1);
        (self.call_end, self.call_stopped) = (usize::MAX, false);
        self
    }

    /// The next call ([`Self::reaches`], [`Self::reaches_all`]) stops after
    /// `most` nodes where that is fewer than its share ([`CALL_SHARE`]): the
    /// keep search's stop to have its ceiling asked comes first
    /// ([`Sweep::oracle_room`]). It stops as at its share, answering nothing.
    pub(super) fn next_call_within(&mut self, most: usize) {
        self.next_call_room = most;
    }

    /// Calls limited by the oracle's whole limit alone (the first solve's: it
    /// has no plain oracle to answer a stopped call).
    pub fn calls_unlimited(mut self) -> Self {
        self.call_limit = usize::MAX;
        self
    }

    /// The place of `tuple` in [`Self::index`].
    fn place(counts: &[usize; SUITS], tuple: [u8; SUITS]) -> usize {
        (0..SUITS).rev().fold(0, |acc, s| acc * counts[s] + tuple[s] as usize)
    }

    /// The entry of `st`'s tuple in the vectors (None: no entry).
    fn entry_of(&self, st: &State) -> Option<usize> {
        let index = *self.index.get(Self::place(&self.counts, st.seam))?;
        (index != NO_ENTRY).then_some(index as usize)
    }

    /// The profile tuples with an entry in its vectors (those the states at
    /// position 1's start hold), as profiles per suit.
    pub(super) fn tuples(&self) -> &[[u8; SUITS]] {
        &self.tuples
    }

    /// The nodes searched so far.
    pub fn work(&self) -> usize {
        self.sweep.work as usize
    }

    /// The most the objective reaches from `st` (a state at the start of a
    /// position past 0, its profile tuple chosen) if more than `alpha`, else a
    /// bound at or below `alpha`, as the plain sweep's [`Sweep::max_value`]
    /// would find it; None where the limit cut it or the call stopped at its
    /// share of the limit ([`CALL_SHARE`]: the plain oracle answers it).
    pub fn value(&mut self, st: &State, alpha: i32) -> Option<i32> {
        let span = self.ask(st, alpha, NO_GOAL as i32, None)?;
        Some(if span.hi < UNREACHED { -1000 } else { span.hi as i32 })
    }

    /// Whether the objective reaches `need` from `st` (a state at the start of
    /// a position past 0, its profile tuple chosen), as [`Self::value`] would
    /// tell, by a search that stops where it does; None where the limit cut it
    /// or the call stopped at its share.
    pub fn reaches(&mut self, st: &State, need: i32) -> Option<bool> {
        // (the span answers: at or below need - 1, or at least need, or exact)
        Some(self.ask(st, need - 1, need, None)?.hi >= need as i16)
    }

    /// Whether the objective reaches `need` from `st` (a state at the start of
    /// a position past 0, its profile forgotten) for the tuple `tuple` of
    /// [`Self::tuples`]: and, written to `out` for every tuple, the most it
    /// may reach (below `need`: it does not), by the same search; None where
    /// the limit cut it or the call stopped at its share ([`CALL_SHARE`]).
    pub(super) fn reaches_all(&mut self, st: &State, tuple: usize, need: i32, out: &mut Vec<i16>) -> Option<bool> {
        let mut free = *st;
        let Some(seam) = self.tuples.get(tuple).copied() else {
            self.next_call_room = usize::MAX;
            return None;
        };
        free.seam = seam;
        let mut spans = Vec::new();
        let span = self.ask(&free, need - 1, need, Some(&mut spans))?;
        out.clear();
        out.extend(spans.iter().map(|s| s.hi));
        Some(span.hi >= need as i16)
    }

    /// Searches `st` (its tuple chosen) for the question (`floor`, `goal`)
    /// about its tuple: the tuple's span, which answers it, and every tuple's
    /// in `all`; None where the limit cut the search or the call stopped.
    fn ask(&mut self, st: &State, floor: i32, goal: i32, all: Option<&mut Vec<Span>>) -> Option<Span> {
        let room = std::mem::replace(&mut self.next_call_room, usize::MAX);
        // (a budget the last call's settling spent cuts the oracle before it searches on)
        if self.sweep.cutoff.reached() {
            self.aborted = true;
            return None;
        }
        self.call_end = self.work().saturating_add(self.call_limit.min(room));
        self.call_stopped = false;
        let tuple = self.entry_of(st)?;
        let mut free = *st;
        free.seam = [0; SUITS];
        let mut out = vec![NO_PATH; self.tuples.len()];
        // (a floor below every value a path reaches: the search is exact)
        let floor = floor.clamp(UNREACHED as i32, NO_GOAL as i32 - 1) as i16;
        let goal = goal.clamp(floor as i32 + 1, NO_GOAL as i32) as i16;
        let reached = self.search(free, Ask { tuple, floor, goal }, 0, &mut out);
        // (its nodes count against the caller's budget as the plain oracle's do)
        self.sweep.charge_rest();
        if self.aborted || self.call_stopped {
            return None;
        }
        if !reached {
            out.fill(NO_PATH);
        }
        let span = out[tuple];
        if let Some(all) = all {
            *all = out;
        }
        Some(span)
    }

    /// The decisions from `st` (a state at the start of a position past 0,
    /// its profile tuple chosen) of a path whose value is exactly `goal`, where
    /// [`Self::value`] found `goal` above a floor below it; None where the
    /// limit cuts the search or no path reaches it.
    pub fn trace(&mut self, st: &State, goal: i32) -> Option<Vec<Decision>> {
        let tuple = self.entry_of(st)?;
        // (a trace goes to its end: not stopped as a call of the keep search's is)
        (self.call_end, self.call_stopped) = (usize::MAX, false);
        let mut free = *st;
        free.seam = [0; SUITS];
        let (mut goal, mut decs) = (goal, Vec::new());
        let mut out = vec![NO_PATH; self.tuples.len()];
        let mut buf = Vec::new();
        while (free.pos as usize) < self.sweep.m.rules.npos {
            buf.clear();
            self.sweep.moves(&free, &mut buf);
            let mut found = None;
            for mv in &buf {
                let rest = goal - mv.score;
                // (asked for more than rest - 1, the child's span is exact where it reaches rest)
                let floor = (rest - 1).clamp(UNREACHED as i32, NO_GOAL as i32 - 1) as i16;
                let reached = self.search(mv.child, Ask { tuple, floor, goal: NO_GOAL }, 0, &mut out);
                if self.aborted || self.call_stopped {
                    return None;
                }
                if reached && out[tuple].lo as i32 == rest {
                    found = Some(*mv);
                    break;
                }
            }
            let mv = found?;
            decs.push(mv.dec);
            goal -= mv.score;
            free = mv.child;
        }
        (self.end(&free, &mut out) && out[tuple].lo as i32 == goal).then_some(decs)
    }

    /// Fills `out` with `st`'s span for every tuple, answering `ask` for its
    /// tuple (`depth`: scratch vectors in use); whether any tuple is reached
    /// or bounded (false: no path reaches a valid end, `out` not written).
    fn search(&mut self, st: State, ask: Ask, depth: usize, out: &mut [Span]) -> bool {
        if st.pos as usize >= self.sweep.m.rules.npos {
            return self.end(&st, out);
        }
        if self.aborted || self.call_stopped {
            return false;
        }
        // (the bound is the tuples' one: a state it cuts is at most it for every tuple; as the
        // plain sweep, not after the first or third suit step, where it cut less than it cost)
        let memo = st.suit == 0 || st.suit == 2;
        let ub = if memo { self.sweep.bound(&st) } else { i32::MAX };
        if ub <= ask.floor as i32 {
            out.fill(Span { lo: NONE, hi: ub.max(UNREACHED as i32) as i16 });
            return true;
        }
        // (the key only where the memo is read: three steps of a position's five are not)
        let key = if memo { st.key() } else { Default::default() };
        if memo {
            match self.memo.get(&key) {
                Some(&NO_PATH_ENTRY) => return false,
                Some(&at) => {
                    let v = self.spans.get(at, out.len());
                    if ask.answered(v[ask.tuple]) {
                        out.copy_from_slice(v);
                        return true;
                    }
                }
                None => {}
            }
        }
        out.fill(NO_PATH);
        let mut any = false;
        let mut buf = self.sweep.bufs.pop().unwrap_or_default();
        buf.clear();
        self.sweep.moves(&st, &mut buf);
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, || (vec![NO_PATH; self.tuples.len()], Vec::new()));
        }
        let (mut child, mut keys) = std::mem::take(&mut self.scratch[depth]);
        // (the most scoring first, as the plain sweep: the question's goal is reached soonest)
        super::order_by(&buf, |mv| mv.score as i64, &mut keys);
        let goal = (ask.goal as i32).min(ub);
        let mut stopped = false;
        for mv in super::in_order(&buf, &keys) {
            let gain = mv.score as i16;
            if !self.search(mv.child, ask.below(gain), depth + 1, &mut child) {
                continue;
            }
            any = true;
            // (no branch: an entry no path reaches stays below UNREACHED, whatever the gains added)
            for (o, &c) in out.iter_mut().zip(child.iter()) {
                o.lo = o.lo.max(c.lo + gain);
                o.hi = o.hi.max(c.hi + gain);
            }
            if out[ask.tuple].lo as i32 >= goal {
                stopped = true;
                break;
            }
        }
        if stopped {
            // (the moves not searched may reach up to the bound, for every tuple, and none more)
            let ub = if ub == i32::MAX { self.sweep.bound(&st) } else { ub };
            let ub = ub.clamp(UNREACHED as i32, NO_GOAL as i32) as i16;
            for o in out.iter_mut() {
                o.hi = ub;
            }
        }
        self.scratch[depth] = (child, keys);
        buf.clear();
        self.sweep.bufs.push(buf);
        if self.aborted || self.call_stopped {
            // (a node a cut stopped below it unwinds: no value, and no more work counted)
            return false;
        }
        // (a node's work grows with its vectors: one unit per VECTOR_WORK entries more)
        let before = self.sweep.work;
        self.sweep.work += 1 + (self.tuples.len() / VECTOR_WORK) as u64;
        if self.sweep.work as usize >= self.limit {
            self.aborted = true;
        }
        self.call_stopped |= self.sweep.work as usize >= self.call_end;
        // (the caller's budget, looked at every 256 units of work as the sweep does)
        if before / 256 != self.sweep.work / 256 && self.sweep.out_of_time() {
            self.aborted = true;
        }
        if memo && !self.aborted && !self.call_stopped {
            use std::collections::hash_map::Entry as Slot;
            match (self.memo.entry(key), any) {
                // (what an earlier search told stays where it tells more: both spans hold; no path
                // at all is told by a search that met no bound)
                (Slot::Occupied(e), true) => {
                    let at = *e.get();
                    if at != NO_PATH_ENTRY {
                        let old = self.spans.get_mut(at, out.len());
                        for (o, n) in old.iter_mut().zip(out.iter()) {
                            (o.lo, o.hi) = (o.lo.max(n.lo), o.hi.min(n.hi));
                        }
                    }
                }
                (Slot::Occupied(mut e), false) => *e.get_mut() = NO_PATH_ENTRY,
                (Slot::Vacant(e), false) => {
                    e.insert(NO_PATH_ENTRY);
                }
                (Slot::Vacant(e), true) => {
                    e.insert(self.spans.push(out));
                }
            }
        }
        any
    }

    /// The end's value for every tuple: the plain sweep's end where the suits'
    /// open runs are the tuple's profiles, else none.
    fn end(&self, st: &State, out: &mut [Span]) -> bool {
        let sw = &self.sweep;
        let m = sw.m;
        // (the value where the runs end as a tuple asks, as MaxMode's end reads it)
        let value = if sw.lazy() {
            let hand_jokers = (m.jokers as i32 - m.table_jokers as i32).max(0) as u32;
            let laid = (st.jokers_laid as i32 - sw.table_jokers(st) as i32).max(0) as u32;
            sw.mode.cap.lazy_hand_jokers(laid, hand_jokers).map(|n| m.joker_gain(n, 0))
        } else {
            let (table_jokers, laid) = (sw.table_jokers(st) as u32, st.jokers_laid as u32);
            let placed =
                (laid >= table_jokers || m.rules.table_optional) && laid.saturating_sub(table_jokers) <= sw.hand_cap;
            let (u, jt) = (laid as i32, table_jokers as i32);
            placed.then(|| m.joker_gain((u - jt).max(0) as u32, (jt - u).max(0) as u32))
        };
        let Some(value) = value.filter(|_| st.aces_high == [0; SUITS]) else { return false };
        // (per suit, the profiles its open runs end as)
        let ends: [u32; SUITS] =
            std::array::from_fn(|s| profile_mask(self.counts[s], |i| sw.ends_as(st.codes[s], s, i)));
        if ends.contains(&0) {
            return false;
        }
        let mut any = false;
        let at = Span { lo: value as i16, hi: value as i16 };
        for (o, tuple) in out.iter_mut().zip(&self.tuples) {
            let ok = (0..SUITS).all(|s| ends[s] >> tuple[s] & 1 == 1);
            *o = if ok { at } else { NO_PATH };
            any |= ok;
        }
        any
    }
}

/// The profiles among a suit's `count` that `ends_as` accepts, a bit each: a suit has up to
/// [`MOST_PROFILES`] (a 16-bit mask overflowed past 16: where overflow is not checked,
/// profiles 16 apart were taken for one another).
fn profile_mask(count: usize, ends_as: impl Fn(u8) -> bool) -> u32 {
    const _: () = assert!(MOST_PROFILES <= u32::BITS as usize);
    (0..count as u8).fold(0u32, |acc, i| acc | (ends_as(i) as u32) << i)
}

/// Marks in `first` the profile tuples of the states `sweep` reaches from `st` at position 1's start.
fn first_position(
    sweep: &mut Sweep<'_, MaxMode>,
    st: State,
    counts: &[usize; SUITS],
    first: &mut [bool],
    seen: &mut std::collections::HashSet<Key, std::hash::BuildHasherDefault<crate::search::hasher::Fx>>,
) {
    if st.pos > 0 {
        first[ProfileOracle::place(counts, st.seam)] = true;
        return;
    }
    // (the set stage keeps the profiles the suit steps chose: where its tuple is marked, its
    // moves, the dearest of the position, can mark nothing more)
    if st.suit as usize >= SUITS && first[ProfileOracle::place(counts, st.seam)] {
        return;
    }
    if !seen.insert(st.key()) {
        return;
    }
    sweep.work += 1;
    let mut buf = sweep.bufs.pop().unwrap_or_default();
    buf.clear();
    sweep.moves(&st, &mut buf);
    for mv in buf.iter() {
        first_position(sweep, mv.child, counts, first, seen);
    }
    buf.clear();
    sweep.bufs.push(buf);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::budget::Cutoff;
    use crate::search::model::{GridRules, GridShape, Model, Score};
    use crate::search::sweep::JokerMode;

    /// A `cards` model on the cycle cut below the ace of a dealt Rommé position.
    pub(super) fn cycle_model(table: &[Vec<u8>], hand: &[u8]) -> Model {
        let shape = GridShape::Cycle { cut: 0, crossing: 0, split: None };
        let mut m = Model::new(GridRules { shape, ..GridRules::RUMMY }, Score::Cards);
        for (&code, from_table) in table.iter().flatten().map(|c| (c, true)).chain(hand.iter().map(|c| (c, false))) {
            if code == crate::romme::JOKER {
                m.jokers += 1;
                m.table_jokers += from_table as u8;
            } else if from_table {
                m.t[code as usize / 13][code as usize % 13] += 1;
            } else {
                m.h[code as usize / 13][code as usize % 13] += 1;
            }
        }
        m
    }

    /// States at the start of positions 1 to 3 the sweep reaches from `st`, each with its profile tuple.
    fn starts(sw: &mut Sweep<'_, MaxMode>, st: State, out: &mut Vec<State>) {
        if out.len() >= 400 || st.pos >= 4 {
            return;
        }
        if st.pos > 0 && st.suit == 0 {
            out.push(st);
        }
        let mut buf = Vec::new();
        sw.moves(&st, &mut buf);
        for mv in buf.iter().take(3) {
            starts(sw, mv.child, out);
        }
    }

    /// Visits every start state of 40 dealt cycle positions in both joker modes with the
    /// plain sweep that gives its exact value and one profile oracle of the position (the
    /// state's index among the position's, and the position for messages); neither search
    /// may be cut.
    fn each_start_state(
        mut seed: u64,
        mut visit: impl FnMut(&mut Sweep<'_, MaxMode>, &mut ProfileOracle<'_>, usize, State, &str),
    ) {
        for i in 0..40 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 6 + i % 10, 4 + i % 9);
            let m = cycle_model(&table, &hand);
            let position = format!("{table:?} {hand:?}");
            for jokers in [JokerMode::Lazy, JokerMode::Placed] {
                let mut exact = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, jokers);
                let fresh = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, jokers);
                let Some(mut oracle) = ProfileOracle::new(fresh, 10_000_000) else { continue };
                let mut states = Vec::new();
                let root = exact.root();
                starts(&mut exact, root, &mut states);
                for (j, st) in states.into_iter().enumerate() {
                    visit(&mut exact, &mut oracle, j, st, &position);
                }
                assert!(!oracle.aborted && !exact.aborted);
            }
        }
    }

    /// The tuples of the states at position 1's start, every state at position 0
    /// walked (the set stage's moves too), and the states walked.
    fn tuples_walked(sw: &mut Sweep<'_, MaxMode>) -> (Vec<[u8; SUITS]>, usize) {
        let (mut seen, mut tuples) = (std::collections::HashSet::new(), std::collections::BTreeSet::new());
        let mut todo = vec![sw.root()];
        while let Some(st) = todo.pop() {
            if st.pos > 0 {
                tuples.insert(st.seam);
            } else if seen.insert(st.key()) {
                let mut buf = Vec::new();
                sw.moves(&st, &mut buf);
                todo.extend(buf.iter().map(|mv| mv.child));
            }
        }
        (tuples.into_iter().collect(), seen.len())
    }

    /// The oracle's tuples are those of the states at position 1's start, found
    /// without the set stage's moves where their tuple is known already: at a
    /// fraction of the states that walking every state at position 0 takes.
    #[test]
    fn the_tuples_at_position_one_are_found_without_every_set_stage() {
        let (mut walked, mut built, mut positions) = (0, 0, 0);
        let mut seed = 29u64;
        for i in 0..40 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 8 + i % 10, 6 + i % 9);
            let m = cycle_model(&table, &hand);
            for jokers in [JokerMode::Lazy, JokerMode::Placed] {
                let fresh = || Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, jokers);
                let Some(oracle) = ProfileOracle::new(fresh(), 10_000_000) else { continue };
                let (mut tuples, states) = tuples_walked(&mut fresh());
                let mut found = oracle.tuples().to_vec();
                found.sort();
                tuples.sort();
                assert_eq!(found, tuples, "{table:?} {hand:?}");
                (walked, built, positions) = (walked + states, built + oracle.work(), positions + 1);
            }
        }
        // (walking every state at position 0, as before, the oracle's work is the states walked)
        assert!(positions > 40 && built * 2 < walked, "{built} of {walked} over {positions}");
    }

    /// The oracle with one memo for every profile answers as the plain sweep on the cycle,
    /// whose states carry their profile: at states past position 0 of dealt positions, in
    /// both joker modes, reached or not.
    #[test]
    fn the_profile_vectors_answer_as_the_sweep_per_profile() {
        let (mut compared, mut crossing, mut reached) = (0, 0, [0; 2]);
        each_start_state(11, |exact, oracle, _, st, position| {
            let Some(v) = oracle.value(&st, -2000) else { return };
            assert_eq!(v, exact.max_value(st, -2000), "{position} {st:?}");
            compared += 1;
            crossing += (st.seam != [0; SUITS]) as u32;
            reached[(v > -1000) as usize] += 1;
        });
        assert!(
            compared > 1000 && crossing > 200 && reached[0] > 50 && reached[1] > 50,
            "{compared} {crossing} {reached:?}"
        );
    }

    /// An oracle its limit cut goes on with the work granted and no more: at
    /// states of dealt positions, cut at a small limit, then granted 400.
    #[test]
    fn an_oracle_going_on_stops_within_the_work_granted() {
        let mut went_on = 0;
        for i in 0..40 {
            let mut seed = 3 + i as u64;
            let (table, hand) = crate::testkit::romme_position(&mut seed, 12 + i % 8, 8 + i % 6);
            let m = cycle_model(&table, &hand);
            let mut exact = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, JokerMode::Placed);
            let fresh = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, JokerMode::Placed);
            let Some(mut oracle) = ProfileOracle::new(fresh, 40) else { continue };
            let mut states = Vec::new();
            let root = exact.root();
            starts(&mut exact, root, &mut states);
            let mut asked = states.iter();
            while !oracle.aborted {
                let Some(st) = asked.next() else { break };
                oracle.value(st, -2000);
            }
            if !oracle.aborted {
                continue;
            }
            let cut_at = oracle.work();
            oracle.go_on(400);
            assert!(!oracle.aborted);
            for st in states.iter() {
                oracle.value(st, -2000);
            }
            let slack = 1 + oracle.tuples().len() / VECTOR_WORK;
            assert!(oracle.work() <= cut_at + 400 + slack, "{} past {cut_at} + 400", oracle.work());
            went_on += 1;
        }
        assert!(went_on >= 5, "{went_on}");
    }

    /// Every profile of a suit has its own bit, up to the 32 a suit may have.
    #[test]
    fn each_of_thirty_two_profiles_has_its_bit() {
        assert_eq!(profile_mask(MOST_PROFILES, |i| i == 17 || i == 31), 1 << 17 | 1 << 31);
        assert_eq!(profile_mask(20, |i| i == 1 || i == 19), 1 << 1 | 1 << 19);
        assert_eq!(profile_mask(MOST_PROFILES, |_| true), u32::MAX);
    }

    /// The fuzz target's position (three jokers at the cut of the cycle) has a suit with more
    /// than 16 profiles: the oracle answers there as the sweep (a 16-bit mask of the profiles
    /// a state's runs end as stopped it with 'attempt to shift left with overflow' where
    /// overflow is checked).
    #[test]
    fn a_suit_with_more_than_sixteen_profiles_answers_as_the_sweep() {
        let table = [vec![13, 14, 15, 16, 17, 52, 19], vec![33, 34, 35, 36], vec![29, 30, 31, 32, 33, 34, 35, 36, 37]];
        let hand = [
            29, 13, 19, 52, 5, 44, 31, 0, 6, 52, 26, 6, 51, 1, 17, 40, 10, 46, 22, 37, 0, 46, 12, 32, 10, 38, 44, 41,
            9, 45, 49, 42, 20, 38,
        ];
        let m = cycle_model(&table, &hand);
        let (mut many, mut compared) = (0, 0);
        for jokers in [JokerMode::Lazy, JokerMode::Placed] {
            let mut exact = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, jokers);
            let fresh = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, jokers);
            let Some(mut oracle) = ProfileOracle::new(fresh, 10_000_000) else { continue };
            many += oracle.counts.iter().filter(|&&c| c > 16).count();
            let mut states = Vec::new();
            let root = exact.root();
            starts(&mut exact, root, &mut states);
            for st in states {
                assert_eq!(oracle.value(&st, -2000), Some(exact.max_value(st, -2000)), "{st:?}");
                compared += 1;
            }
        }
        assert!(many > 0 && compared > 0, "{many} suits over 16 profiles, {compared} states");
    }

    /// Asked for more than a floor, the oracle answers as the plain sweep's
    /// fail-low search: the value where it is above the floor, else a bound
    /// at or below the floor and no lower than the value; asked again with
    /// floors in any order, its memo (each vector exact above the floor it
    /// was searched for) answers the same way.
    #[test]
    fn the_profile_vectors_above_the_floor_are_exact_and_bounds_below_it() {
        let (mut exact_seen, mut bounded) = (0, 0);
        each_start_state(17, |exact, oracle, j, st, position| {
            let truth = exact.max_value(st, -2000);
            let mut floors = [truth + 1, truth - 1, truth, truth - 3, -2000];
            floors.rotate_left(j % 5);
            for alpha in floors {
                let Some(v) = oracle.value(&st, alpha) else { continue };
                if truth > alpha {
                    assert_eq!(v, truth, "floor {alpha}: {position} {st:?}");
                    exact_seen += 1;
                } else {
                    assert!(truth <= v && v <= alpha, "floor {alpha}: {v} vs {truth}: {position}");
                    bounded += (v > -1000) as u32;
                }
            }
        });
        assert!(exact_seen > 1000 && bounded > 500, "{exact_seen} {bounded}");
    }

    /// A floor cuts the search: asked whether states reach more than they do
    /// (the keep search's dead ends), the oracle searches a fraction of the
    /// nodes that their exact values take.
    #[test]
    fn a_floor_cuts_the_profile_oracles_search() {
        let (exact_work, floor_work) = work_of_two_oracles(|exact, all, cut, st| {
            let truth = exact.max_value(*st, -2000);
            assert_eq!(all.value(st, -2000), Some(truth));
            assert!(cut.value(st, truth).is_some_and(|v| truth <= v && v <= truth));
        });
        // (the exact values stop where the tuple reaches the state's bound: 228,000 work here, the
        // floors 138,000)
        assert!(floor_work * 3 < exact_work * 2, "{floor_work} of {exact_work}");
    }

    /// The work two fresh oracles spend answering `ask` at the states past
    /// position 0 of 40 dealt cycle positions (seed 17), the plain sweep beside.
    fn work_of_two_oracles(
        mut ask: impl FnMut(&mut Sweep<'_, MaxMode>, &mut ProfileOracle<'_>, &mut ProfileOracle<'_>, &State),
    ) -> (usize, usize) {
        let mut seed = 17u64;
        let mut work = (0, 0);
        for i in 0..40 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 6 + i % 10, 4 + i % 9);
            let m = cycle_model(&table, &hand);
            let mut exact = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, JokerMode::Placed);
            let fresh = || Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, JokerMode::Placed);
            let (Some(mut one), Some(mut two)) =
                (ProfileOracle::new(fresh(), 10_000_000), ProfileOracle::new(fresh(), 10_000_000))
            else {
                continue;
            };
            let mut states = Vec::new();
            let root = exact.root();
            starts(&mut exact, root, &mut states);
            let (one0, two0) = (one.work(), two.work());
            for st in &states {
                ask(&mut exact, &mut one, &mut two, st);
            }
            work = (work.0 + one.work() - one0, work.1 + two.work() - two0);
        }
        work
    }

    /// Asked only whether a state reaches a need (keep mode's question), the
    /// oracle answers as the plain sweep for the tuple asked, and every tuple
    /// it tells short of the need ([`ProfileOracle::reaches_all`]) is: at
    /// states past position 0 of dealt positions, whatever its memo answered
    /// before (values and other needs, in any order).
    #[test]
    fn whether_a_state_reaches_a_need_is_the_sweeps_answer() {
        let (mut yes, mut no, mut short) = (0, 0, 0);
        each_start_state(19, |exact, oracle, j, st, position| {
            let truth = exact.max_value(st, -2000);
            if truth <= -1000 {
                assert!(!oracle.reaches(&st, 0).unwrap_or(false), "{position} {st:?}");
                return;
            }
            let mut needs = [truth + 1, truth, truth - 1, truth + 2, truth - 3];
            needs.rotate_left(j % 5);
            for (i, need) in needs.into_iter().enumerate() {
                if (i + j) % 3 == 0 {
                    let _ = oracle.value(&st, need - 2);
                }
                let Some(r) = oracle.reaches(&st, need) else { continue };
                assert_eq!(r, truth >= need, "need {need}, truth {truth}: {position} {st:?}");
                (yes, no) = (yes + r as u32, no + !r as u32);
            }
            if j % 5 != 0 {
                return;
            }
            let (Some(tuple), need) = (oracle.entry_of(&st), truth + (j % 2) as i32) else { return };
            let mut free = st;
            free.seam = [0; SUITS];
            let mut most = Vec::new();
            let Some(r) = oracle.reaches_all(&free, tuple, need, &mut most) else { return };
            assert_eq!(r, truth >= need, "{position} {st:?}");
            for (t, &m) in most.iter().enumerate() {
                let mut at = st;
                at.seam = oracle.tuples[t];
                let v = exact.max_value(at, -2000);
                assert!(v <= -1000 || v <= m as i32, "tuple {t}: {v} over {m}: {position} {st:?}");
                short += ((m as i32) < need) as u32;
            }
        });
        assert!(yes > 1000 && no > 1000 && short > 1000, "{yes} {no} {short}");
    }

    /// Asked whether states reach what they do reach (keep mode's question at
    /// a state that is alive), the oracle stops where the tuple asked reaches
    /// it, as the plain sweep does: a fraction of the work of the values above
    /// the floor just below (searched so for every tuple, one such call of
    /// keep mode's took 50,000 work where the plain oracle then answered at once).
    #[test]
    fn a_state_that_reaches_the_need_is_answered_when_its_tuple_does() {
        let (valued, reached) = work_of_two_oracles(|exact, values, reaches, st| {
            let truth = exact.max_value(*st, -2000);
            if truth > -1000 {
                assert_eq!(values.value(st, truth - 1), Some(truth));
                assert_eq!(reaches.reaches(st, truth), Some(true));
            }
        });
        // (79,600 work against 163,300 on these small tables)
        assert!(reached * 3 < valued * 2, "{reached} of {valued}");
    }

    /// The oracle's nodes are the caller's work as the plain oracle's are: they
    /// are charged to its budget, and a budget spent cuts the oracle.
    #[test]
    fn the_profile_oracle_counts_against_the_callers_budget() {
        // (work is charged 1,024 at a time and looked at every 256: a cut comes within both of the budget)
        const BUDGET: u64 = 2_000;
        const OVER: usize = 1024 + 256 + 8;
        let mut seed = 11u64;
        let (mut searched, mut cut) = (0, 0);
        for i in 0..40 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 6 + i % 10, 4 + i % 9);
            let m = cycle_model(&table, &hand);
            let mut exact = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, JokerMode::Placed);
            let mut states = Vec::new();
            let root = exact.root();
            starts(&mut exact, root, &mut states);
            for budget in [u64::MAX / 4, BUDGET] {
                let cutoff = Cutoff::inner(budget);
                let fresh = Sweep::plain(&m, 127, &cutoff, usize::MAX, JokerMode::Placed);
                let Some(mut oracle) = ProfileOracle::new(fresh, 10_000_000) else { continue };
                // (the tuples' look at position 0, before the first value)
                let built = oracle.work();
                for st in &states {
                    if oracle.value(st, -2000).is_none() && oracle.aborted {
                        break;
                    }
                }
                assert_eq!(cutoff.spent(), oracle.work() as u64, "{table:?} {hand:?}");
                if budget == BUDGET {
                    assert!(oracle.work() < built.max(BUDGET as usize) + OVER, "{} {table:?} {hand:?}", oracle.work());
                    cut += oracle.aborted as u32;
                } else {
                    searched += (oracle.work() > built + BUDGET as usize + OVER) as u32;
                }
            }
        }
        assert!(searched > 5 && cut > 5, "{searched} {cut}");
    }
}
