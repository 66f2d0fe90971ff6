//! Keep mode of the sweep: the search for the most table cards kept whole
//! that still reaches the objective (`keep_value`), with its oracle (a plain sweep
//! over the same model), the Lagrangian bound and the carriers of private jokers.

use super::hand_cap::{CapLeft, HandCap};
use super::profile_oracle::ProfileOracle;
use super::trace::Capped;
use super::*;
use crate::search::lagrange::{Board, Lagrange};
use crate::search::model::MAX_POS;
use crate::search::state::KEEP_NONE;
use crate::search::switches;

mod oracle_call;
mod order;
mod pricing;
use order::order_keep;
use pricing::lagrange_after;
mod vectors;

/// [`Sweep::oracle_due`]: calls at a position before its odds count, and the
/// least share of dead ends (num / den) that keeps every call; below it, one
/// call in `ORACLE_SAMPLE`: a call that finds its state alive costs a descent
/// and cuts nothing, so the oracle is asked only where it pays. (Tuned on the
/// bench positions; the figures are in docs/PERFORMANCE.md §4.)
const ORACLE_ODDS: (u32, u32, u32) = (2, 1, 3);
const ORACLE_SAMPLE: u32 = 16;
/// Once the oracle has done more than this many times the keep search's own
/// nodes (and at least this many thousand), it runs only one call in
/// `ORACLE_SAMPLE`, whatever its odds: on hard positions its calls grow
/// costlier than the dead ends they find (the other shares tried cut less).
const ORACLE_SHARE: usize = 4;

/// The work a cut keep search with vectors may still spend tracing the
/// better solution an exact entry stood for ([`Sweep::keep_anytime`]).
const CUT_TRACE_WORK: usize = 8192;

/// A better solution than the incumbent that an exact memo entry stood for
/// ([`Sweep::note_pending`]), traced from the entry's state once the search is done.
struct Pending {
    /// The table cards it keeps whole.
    kept: i32,
    /// The decisions from the root down to the entry's state.
    decisions: Vec<Decision>,
    /// The entry's state, the objective left there, the hand cards the cap
    /// still allowed there (if it binds) and the entry's value.
    state: State,
    need: i32,
    cap_left: u32,
    value: i32,
}

/// [`Sweep`]'s keep mode: which old melds stay whole is decided by the sweep,
/// and [`Sweep::keep_value`] maximises the table cards kept whole.
pub struct KeepMode<'m> {
    /// The old melds.
    info: Rc<KeepInfo>,
    /// [`Sweep::keep_value`]'s memo by state and objective still to reach (value or bound).
    keeps: FxMap<(Key, i32), (i32, bool)>,
    /// A plain sweep over the same model, the exact bound of [`Sweep::relaxed`]
    /// states (handed back by [`Sweep::take_oracle`]).
    oracle: Option<Box<Sweep<'m, MaxMode>>>,
    /// Nodes the oracle expanded for this sweep.
    oracle_work: usize,
    /// On the cycle of ranks: the oracle with one memo for every seam
    /// profile, asked in place of `oracle` past position 0.
    profiled: Option<Box<ProfileOracle<'m>>>,
    /// On the cycle of ranks: the search past position 0 with value vectors
    /// over the profile tuples ([`vectors`]; None: state by state).
    vectors: Option<Box<vectors::Vectors>>,
    /// Per position, the oracle's calls, the dead ends it found and the calls
    /// skipped ([`Sweep::oracle_due`]).
    oracle_odds: [(u32, u32, u32); MAX_POS],
    /// The Lagrangian bound on what is still to keep ([`Lagrange`]; None: not
    /// priced yet, or a model it cannot split or does not help), priced once
    /// when the search has expanded `lagrange_at` nodes, for the objective
    /// `lagrange_goal` of the search from the root (None: none ran).
    lagrange: Option<Box<Lagrange>>,
    lagrange_goal: Option<i32>,
    lagrange_at: u64,
    /// The chain values of the Lagrangian bound at the states on the search's
    /// path that have children (by path length), for their children (and,
    /// after a set stage, for the next position's start).
    chains: Vec<(usize, [f64; SUITS])>,
    /// Prices shared with the solve's other keep searches, and whether this
    /// one reads the position mirrored ([`crate::search::lagrange::Board`]).
    board: Option<(Arc<Board>, bool)>,
    /// The decisions from the root to the node searched, and the table cards
    /// they keep whole.
    path: Vec<Decision>,
    path_value: i32,
    /// While [`Sweep::keep_anytime`] is on: the most table cards kept whole by
    /// a solution the search reached, and its decisions (solutions that a memo
    /// entry stood for are not seen).
    incumbent: Option<(i32, Vec<Decision>)>,
    /// While [`Sweep::keep_anytime`] is on: a better solution than the
    /// incumbent that an exact memo entry stood for.
    pending: Option<Pending>,
    /// The per-turn cap where it binds the points objective (as the oracle's):
    /// the hand cards still allowed on the path searched.
    cap: Option<HandCap>,
    /// Per node on the path searched, its children begun and its children: how
    /// much of the search is done ([`done_share`]).
    progress: Vec<(u32, u32)>,
    /// Where set, the search is cut once it has spent `.0` work and foresees
    /// more than `.1` in all ([`Sweep::foresee`]).
    foresight: Option<(usize, usize)>,
    /// The table cards kept whole that no answer beats, where known (the LP's
    /// bound, [`Sweep::stop_at`]; `i32::MAX`: none), and whether the search
    /// stopped at a solution keeping that many.
    ceiling: i32,
    at_ceiling: bool,
    /// The work after which the search stops to have its ceiling asked
    /// ([`Sweep::ask_ceiling_at`]; `usize::MAX`: never), and whether it did.
    ask_at: usize,
    wants_ceiling: bool,
    /// Its own work after which its vector search asks the profile oracle
    /// ([`Sweep::position_spent`]).
    vector_oracle_at: u64,
}

/// The share of a depth-first search done, read from its path (Knuth's
/// estimate: each node's children counted alike): the children finished at
/// the root, plus those finished below the child begun, each a share of its
/// parent's share. Early on it is rough (the first children, which keep the
/// most, hold larger subtrees than the later ones), so it judges only a search
/// far from its end.
fn done_share(progress: &[(u32, u32)]) -> f64 {
    let (mut done, mut share) = (0.0, 1.0);
    for &(begun, children) in progress {
        let children = children.max(1) as f64;
        done += share * begun.saturating_sub(1) as f64 / children;
        share /= children;
    }
    done
}

impl Capped for KeepMode<'_> {
    fn cap(&mut self) -> &mut Option<HandCap> {
        &mut self.cap
    }
}

impl SweepMode for KeepMode<'_> {
    #[inline]
    fn keep_info(&self) -> Option<&Rc<KeepInfo>> {
        Some(&self.info)
    }

    fn states(&self) -> usize {
        self.keeps.len() + self.vectors.as_ref().map_or(0, |v| v.states())
    }

    fn side_work(&self) -> usize {
        self.oracle_work
    }
}

impl<'m> Sweep<'m, KeepMode<'m>> {
    /// A keep-mode sweep over the old melds `info` (the model must hold every
    /// table card as free: nothing kept), with a hand-card cap, the caller's
    /// budget and a work limit. The `oracle` is a plain sweep over the same
    /// model; the keep search lays jokers as it does (its memo is reused; its
    /// work counts against this sweep's limit).
    pub fn keep(
        m: &'m Model,
        cap: u32,
        cutoff: &Cutoff,
        max_states: usize,
        info: Rc<KeepInfo>,
        mut oracle: Sweep<'m, MaxMode>,
    ) -> Self {
        // (a keep search memoises thousands of states: no rehashing on the way)
        let mut keeps = FxMap::default();
        keeps.reserve(4096);
        oracle.mode.memos.maxes.reserve(2048);
        oracle.mode.memos.mids.reserve(2048);
        oracle.max_states = oracle.states() + max_states;
        let jokers = oracle.jokers();
        let forget = oracle.forgotten_suits();
        // (the profile oracle of the first solve or of the keep search before, over the same model:
        // its memo goes on; a loose oracle's model ends otherwise)
        let kept = oracle.profiled.take().filter(|_| !oracle.is_loose());
        let profiled = (m.rules.shape.is_cycle() && forget == 0).then(|| match kept {
            Some(po) => Some(po.resumed(max_states)),
            None => {
                let mut s = Sweep::plain(m, cap, cutoff, usize::MAX, jokers);
                if oracle.is_loose() {
                    s.loosen_split_end();
                }
                ProfileOracle::new(s, max_states).map(Box::new)
            }
        });
        let profiled = profiled.flatten();
        let vectors = profiled
            .as_deref()
            .filter(|_| switches::keep_vectors_on() && oracle.mode.cap.is_none())
            .and_then(vectors::Vectors::new);
        // (the oracle's cards left are those of the last state it was asked about)
        let hand_cap = oracle.mode.cap.as_ref().map(HandCap::at_root);
        let mode = KeepMode {
            info,
            keeps,
            profiled,
            vectors: vectors.map(Box::new),
            oracle: Some(Box::new(oracle)),
            oracle_work: 0,
            oracle_odds: [(0, 0, 0); MAX_POS],
            lagrange: None,
            lagrange_goal: None,
            lagrange_at: lagrange_after(&m.rules),
            chains: Vec::new(),
            board: crate::search::lagrange::board(),
            path: Vec::new(),
            path_value: 0,
            incumbent: None,
            pending: None,
            progress: Vec::new(),
            foresight: None,
            cap: hand_cap,
            ceiling: i32::MAX,
            at_ceiling: false,
            ask_at: usize::MAX,
            wants_ceiling: false,
            vector_oracle_at: vectors::oracle_at(0),
        };
        let mut sw = Sweep::with_mode(m, cap, cutoff, max_states, jokers, mode);
        sw.forget_suits(forget);
        sw
    }

    /// Keep mode: the most table cards kept whole from the root, if more than
    /// `kept`, by a search that may be cut: also the decisions of the best
    /// solution it reached (the answer when the limit or the deadline cut it).
    pub fn keep_anytime(&mut self, need: i32, kept: i32) -> (i32, Option<(i32, Vec<Decision>)>) {
        let keep = &mut self.mode;
        keep.path.clear();
        keep.path_value = 0;
        keep.incumbent = Some((kept, Vec::new()));
        keep.pending = None;
        keep.lagrange_goal = Some(need);
        let mut best = self.keep_value(self.root(), need, kept);
        // (stopped at the ceiling: the search unwound as a cut one, storing nothing on its path,
        // but what it reached is the most any answer keeps)
        let at_ceiling = std::mem::take(&mut self.mode.at_ceiling);
        if at_ceiling {
            self.aborted = false;
        }
        let mut found = self.mode.incumbent.take().filter(|inc| inc.0 > kept);
        // (a better solution a memo entry stood for: traced from the entry's state, not from the
        // root, where a finished search traced it once; a cut one traces it only with vectors,
        // whose exact entries stand for many solutions it does not reach, within a little more
        // work: a trace that must search is cut and finds nothing)
        if let Some(Pending { kept: more, decisions: mut decs, state, need: left, cap_left, value }) =
            self.mode.pending.take()
        {
            let cut = self.aborted;
            if (!cut || self.mode.vectors.is_some()) && found.as_ref().is_none_or(|f| f.0 < more) {
                let limit = self.max_states;
                if cut {
                    self.aborted = false;
                    self.max_states = (self.work as usize + self.mode.oracle_work).saturating_add(CUT_TRACE_WORK);
                }
                if let Some(tail) = self.keep_trace_from(state, left, value, cap_left) {
                    decs.extend(tail);
                    found = Some((more, decs));
                }
                self.max_states = limit;
                self.aborted |= cut;
            }
        }
        if at_ceiling {
            // (a pending solution at the ceiling whose trace failed: the incumbent is what a cut
            // search reached)
            match &found {
                Some(f) if f.0 >= self.mode.ceiling => best = f.0,
                _ => self.aborted = true,
            }
        }
        (best, found)
    }

    /// Keep mode: no answer keeps more than `ceiling` table cards whole (the
    /// LP's bound, docs/SEARCH-DESIGN.md §4.10), so [`Self::keep_anytime`]
    /// stops at a solution keeping that many: the rest of its search would
    /// only prove that none keeps more.
    pub(in crate::search) fn stop_at(&mut self, ceiling: i32) {
        self.mode.ceiling = ceiling;
    }

    /// The table cards kept whole by the best solution known so far. (The
    /// Lagrangian fit aims at the incumbent alone: aiming at this gave prices
    /// that cut less on the hardest positions.)
    fn best_kept(&self) -> i32 {
        let inc = self.mode.incumbent.as_ref().map_or(0, |inc| inc.0);
        self.mode.pending.as_ref().map_or(inc, |p| p.kept.max(inc))
    }

    /// Keep mode: an exact memo entry `v` at `st` (objective `need` left) on the
    /// path searched: the pending solution if it keeps more than any known.
    fn note_pending(&mut self, st: State, need: i32, v: i32) {
        let total = self.mode.path_value + v;
        if self.mode.incumbent.is_some() && v > KEEP_NONE && total > self.best_kept() {
            let (decisions, cap_left) = (self.mode.path.clone(), self.mode.cap.left());
            self.mode.pending = Some(Pending { kept: total, decisions, state: st, need, cap_left, value: v });
            self.stop_if_at_ceiling(total);
        }
    }

    /// Keep mode: once it has spent `work`, [`Self::keep_anytime`] stops as a
    /// cut search and [`Self::wants_ceiling`] says so: its caller asks the
    /// ceiling ([`Self::stop_at`]) and goes on ([`Self::resume`]). The LP
    /// costs more than a median position's whole keep search.
    pub(in crate::search) fn ask_ceiling_at(&mut self, work: usize) {
        self.mode.ask_at = work;
    }

    /// Keep mode: the position cost `spent` work before this search (a first
    /// solve, keep searches before it): its vector search on the cycle asks the
    /// profile oracle once that and its own work pass `ORACLE_AFTER`
    /// (`keep_mode/vectors.rs`): a costly position's keep searches are long
    /// too, and the oracle's dead ends pay there.
    pub(in crate::search) fn position_spent(&mut self, spent: usize) {
        self.mode.vector_oracle_at = vectors::oracle_at(spent as u64);
    }

    /// Whether the search stopped to have its ceiling asked (once).
    pub(in crate::search) fn wants_ceiling(&mut self) -> bool {
        std::mem::take(&mut self.mode.wants_ceiling)
    }

    /// Goes on after [`Self::wants_ceiling`] stopped it: on its memo, as before.
    pub(in crate::search) fn resume(&mut self) {
        self.aborted = false;
    }

    /// A solution keeping `kept` reached the ceiling ([`Self::stop_at`]): the
    /// search unwinds as a cut one (no memo entry on its path) and
    /// [`Self::keep_anytime`] answers it.
    fn stop_if_at_ceiling(&mut self, kept: i32) {
        if kept >= self.mode.ceiling && !self.aborted {
            (self.mode.at_ceiling, self.aborted) = (true, true);
        }
    }

    /// A keep search its limit cut goes on on its memo with `more` work (a test:
    /// `usize::MAX / 4`), its oracle too: the memo's entries say what their states
    /// reach, a cut one as a bound (`resume_check`). The profile oracle (on the
    /// cycle only) goes on without a limit.
    pub(in crate::search) fn go_on(&mut self, more: usize) {
        (self.aborted, self.max_states) = (false, self.max_states.saturating_add(more));
        // (no stop to ask the ceiling on the way: its caller asks only after the first search)
        (self.mode.foresight, self.mode.ask_at) = (None, usize::MAX);
        if let Some(o) = self.mode.oracle.as_mut() {
            (o.aborted, o.max_states) = (false, o.max_states.saturating_add(more));
        }
        if let Some(po) = self.mode.profiled.as_mut() {
            po.go_on(more);
        }
    }

    /// Cuts this keep search (as its limit does) once it has spent `after` work and
    /// foresees more than `most` in all: its work so far over the share done
    /// ([`done_share`]). Going on ([`Self::go_on`]) ends it.
    pub(in crate::search) fn foresee(&mut self, after: usize, most: usize) {
        self.mode.foresight = Some((after, most));
    }

    /// Whether the search, having spent `work`, foresees more than its foresight allows.
    fn foresees_past(&self, work: usize) -> bool {
        self.mode
            .foresight
            .is_some_and(|(after, most)| work >= after && work as f64 > most as f64 * done_share(&self.mode.progress))
    }

    /// What its limit counted (its own nodes and its oracles' work) and the limit.
    #[cfg(test)]
    pub(in crate::search) fn limit_spent(&self) -> (usize, usize) {
        (self.work as usize + self.mode.oracle_work, self.max_states)
    }

    /// Whether its oracle keeps a table run crossing the cycle's cut loose at
    /// its end ([`Sweep::loosen_split_end`]).
    #[cfg(test)]
    pub(in crate::search) fn oracle_is_loose(&self) -> bool {
        self.mode.oracle.as_ref().is_some_and(|o| o.is_loose())
    }

    /// Keep mode: hands the oracle back (its memo serves a later keep search
    /// over the same model in the same joker mode, unless it was cut: a cut
    /// search memoises values it did not finish).
    pub fn take_oracle(&mut self) -> Option<Sweep<'m, MaxMode>> {
        let mut oracle = self.mode.oracle.take().map(|o| *o).filter(|o| !o.aborted)?;
        // (the profile oracle too, where it was not cut: its memo stores no node a cut stopped)
        if switches::profile_oracle_kept() {
            oracle.profiled = self.mode.profiled.take().filter(|po| !po.aborted);
        }
        Some(oracle)
    }

    /// Keep mode: whether `need` may still be reached from `st` (at the start
    /// of a position) as far as the plain sweep on the relaxed state tells.
    /// (An oracle anchored on the open kept runs, exact about them, found more
    /// dead ends but cost more than it saved.)
    fn oracle_alive(&mut self, st: &State, k: &KeepInfo, need: i32) -> bool {
        let (Some(p), true) = (self.relaxed(st, k), self.mode.oracle.is_some()) else {
            return true;
        };
        let (mut room, asks) = self.oracle_room();
        if let (true, Some(po)) = (st.pos > 0, self.mode.profiled.as_mut()) {
            let w = po.work();
            // (stopped as at its share where the stop to ask the ceiling comes first)
            if asks {
                po.next_call_within(room);
            }
            let reached = po.reaches(&p, need);
            self.mode.oracle_work += po.work() - w;
            if po.aborted {
                self.aborted = true;
                return true;
            }
            if let Some(alive) = reached {
                self.count_odds(st.pos, alive);
                return alive;
            }
            room = room.saturating_sub(po.work() - w);
        }
        // (under a binding cap, with the hand cards it still allows here)
        if let (Some(cap), Some(theirs)) = (&self.mode.cap, self.mode.oracle.as_mut().and_then(|o| o.mode.cap.as_mut()))
        {
            theirs.left = cap.left;
        }
        // (a search that stops here goes on as though the state were alive: the stop ends it)
        self.plain_oracle_alive(p, st.pos, need, room, asks).unwrap_or(true)
    }

    /// Keep mode: the work an oracle call may take: what is left of the
    /// search's limit, and no more than is left before its stop to have its
    /// ceiling asked ([`Self::ask_ceiling_at`]), where that comes first
    /// (`true`). One call (the profile oracle's to its share, then the plain
    /// oracle's) may take 100,000 work and more, and the LP's bound asked at
    /// the stop often ends the search there.
    pub(super) fn oracle_room(&self) -> (usize, bool) {
        let spent = self.work as usize + self.mode.oracle_work;
        let left = self.max_states.saturating_sub(spent);
        let to_ask = self.mode.ask_at.saturating_sub(spent + self.mode.states());
        if to_ask < left {
            (to_ask, true)
        } else {
            (left, false)
        }
    }

    /// Keep mode: an oracle call found no room ([`Self::oracle_room`]): the
    /// search stops to have its ceiling asked where that stop came first
    /// (`asks`), else it is cut.
    pub(super) fn stop_without_room(&mut self, asks: bool) {
        if asks {
            self.stop_for_ceiling();
        } else {
            self.aborted = true;
        }
    }

    /// Keep mode: stops as a cut search for its caller to ask the ceiling
    /// ([`Self::wants_ceiling`]), once.
    fn stop_for_ceiling(&mut self) {
        (self.mode.ask_at, self.mode.wants_ceiling, self.aborted) = (usize::MAX, true, true);
    }

    /// Keep mode: whether the oracle runs at a state at the start of position
    /// `v`: while it finds dead ends there often enough, else one time in
    /// [`ORACLE_SAMPLE`] (where its calls keep finding the states alive, they
    /// cost more than the dead ends they find save; the samples see a change).
    fn oracle_due(&mut self, v: u8) -> bool {
        let costly = self.mode.oracle_work > ORACLE_SHARE * (self.work as usize).max(1000);
        let Some((calls, dead, skipped)) = self.mode.oracle_odds.get_mut(v as usize) else {
            return true;
        };
        let (warm, num, den) = ORACLE_ODDS;
        if !costly && (*calls < warm || *dead * den >= *calls * num) {
            return true;
        }
        *skipped += 1;
        // (on the cycle a costly oracle is not asked at all while it stays so: its sampled calls,
        // each a profile oracle's search for every tuple, cost more than their dead ends saved)
        !(costly && self.m.rules.shape.is_cycle()) && skipped.is_multiple_of(ORACLE_SAMPLE)
    }

    /// Keep mode: the plain state that relaxes `st` (None when it cannot be
    /// written: a kept set is open): the kept runs going on past the cut become
    /// runs that must go on (a run of length 1, or of length 2 when only their
    /// last cell is left) and their cards after the cut free cards (a lock is
    /// one way such a run goes on), and the jokers of kept melds before the cut
    /// count as laid. Every solution from `st` is one from it, with the same score.
    fn relaxed(&self, st: &State, k: &KeepInfo) -> Option<State> {
        let v = st.pos as usize;
        let mut plain = *st;
        plain.kept = 0;
        plain.committed_jokers = 0;
        plain.private_jokers = 0;
        plain.carrier_marks = [CarrierMark::NONE; SUITS];
        // (unused private jokers are free there)
        let mut laid = st.jokers_laid + st.committed_jokers - KeepInfo::private_total(st.private_jokers);
        let mut bits = st.kept;
        while bits != 0 {
            let old = &k.olds[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            if !old.run {
                return None;
            }
            // (the cut: before the cell (suit, v) if that suit is not stepped yet, else after it)
            let cut = if old.suit < st.suit as usize { v + 1 } else { v };
            laid -= (old.joker_at >> cut).count_ones() as u8;
            if old.first < cut && cut <= old.last {
                // (a lock must go on to its last natural: a run that must extend twice more,
                // or once more at its last cell, which the plain sweep knows as a short run)
                let class = if old.last > cut { RunClass::N1 } else { RunClass::N2 };
                plain.codes[old.suit] = crate::search::options::with_run(plain.codes[old.suit], class)?;
            }
            // (a high ace of the run was set aside at position 0: there it is one kept for "ace high")
            let last = self.m.rules.npos - 1;
            if self.m.rules.ace_high && old.last == last && old.naturals[old.suit][0] > 0 && cut > 0 && cut <= last {
                let aces = plain.aces_high[old.suit];
                if aces & 3 == 3 {
                    return None;
                }
                plain.aces_high[old.suit] = aces + 1;
            }
        }
        plain.jokers_laid = laid;
        // (the codes of suits stepped may have changed)
        let last = self.m.rules.npos - 1;
        // (as the oracle, which sees no kept melds, reads them)
        plain.deficit = match &self.mode.oracle {
            Some(oracle) if v < last => {
                (0..plain.suit as usize).map(|b| oracle.deficit(&plain, b, v + 1)).sum::<u32>().min(255) as u8
            }
            _ => 0,
        };
        Some(plain)
    }

    /// Keep mode: whether `st`, past the last position, ends a solution whose
    /// objective score from there is exactly `need` (the jokers left laid as
    /// the joker mode and a binding cap allow).
    fn keep_end_holds(&self, st: &State, need: i32) -> bool {
        if self.base_lazy_ok(st) {
            let hand_jokers = (self.m.jokers as i32 - self.m.table_jokers as i32).max(0);
            if self.m.score == crate::search::model::Score::Cards {
                // (lazy: the spare hand jokers laid at the end make up the count)
                let placed = (st.jokers_laid as i32 - self.table_jokers(st) as i32).max(0);
                need >= placed && need <= hand_jokers
            } else {
                // (under a binding cap: the spare hand jokers it allows)
                let laid = (st.jokers_laid as i32 - self.table_jokers(st) as i32).max(0) as u32;
                let n = self.mode.cap.lazy_hand_jokers(laid, hand_jokers as u32);
                n.is_some_and(|n| need == self.m.joker_gain(n, 0))
            }
        } else {
            let (u, jt) = (st.jokers_laid as i32, self.table_jokers(st) as i32);
            // (hand jokers count against the per-turn cap)
            let capped_out = self.mode.cap.as_ref().is_some_and(|cap| (u - jt).max(0) as u32 > cap.left);
            self.valid_end(st)
                && !capped_out
                && need == self.m.joker_gain((u - jt).max(0) as u32, (jt - u).max(0) as u32)
        }
    }

    /// Keep mode: the most table cards kept whole by a solution from `st` whose
    /// objective score from here is exactly `need`, if more than `alpha`; else a
    /// bound ≤ `alpha` (fail-low, as [`Self::max_value`]). [`KEEP_NONE`] when no
    /// solution reaches `need`. Fixing the objective (known from a first solve)
    /// makes its bound cut as hard as in [`Self::reach`].
    pub fn keep_value(&mut self, st: State, need: i32, alpha: i32) -> i32 {
        // (a cut search unwinds at once: its values are not used)
        if self.aborted {
            return KEEP_NONE;
        }
        let k = self.mode.info.clone();
        if st.pos as usize >= self.m.rules.npos {
            let ok = self.keep_end_holds(&st, need);
            let keep = &mut self.mode;
            if ok && keep.incumbent.as_ref().is_some_and(|inc| inc.0 < keep.path_value) {
                keep.incumbent = Some((keep.path_value, keep.path.clone()));
                let kept = keep.path_value;
                self.stop_if_at_ceiling(kept);
            }
            return if ok { 0 } else { KEEP_NONE };
        }
        // (past position 0 on the cycle: the state's value from its vector over the profile tuples)
        if st.pos > 0 {
            if let Some(v) = self.keep_by_vector(st, need, alpha) {
                return v;
            }
        }
        // (the cheaper cut first: a node it cuts is bounded, dead or not)
        let ub = k.rest(st.pos as usize * 5 + st.suit as usize, self.jokers_left(&st));
        if ub <= alpha {
            return ub;
        }
        // (at a position's start only: within one, the steps' own checks cut nearly as much, and
        // the bound at every step cost more than it saved)
        if st.suit == 0
            && (need > self.upper_score(&st) || self.mode.cap.as_ref().is_some_and(|c| need > c.bound(self.m, &st)))
        {
            return KEEP_NONE;
        }
        let memo = st.suit == 0 || st.suit == 2;
        // (the key only where it is looked up)
        let key = match memo {
            true if st.keeps_a_hand_ace_high() => self.alike_keep_key(&st, need),
            true => (st.key(), self.need_key(need)),
            false => Default::default(),
        };
        if memo {
            if let Some(&(v, exact)) = self.mode.keeps.get(&key) {
                if exact || v <= alpha {
                    if exact && v > alpha {
                        self.note_pending(st, need, v);
                    }
                    return v;
                }
            }
            // (a dominating state's value bounds this one's)
            if self.dominance {
                let keeps = &self.mode.keeps;
                if let Some(v) = dominating(&key.0, |d| keeps.get(&(d, key.1)).filter(|e| e.0 <= alpha)) {
                    return v.0;
                }
            }
        }
        let mut chains = None;
        if let Some((b, at)) = self.lagrange_bound(&st, need, &k) {
            if b <= alpha {
                #[cfg(test)]
                self.check_lagrange_cut(st, need, b);
                return b;
            }
            chains = Some(at);
        }
        // (not at the root, which reaches the objective: the first solve's answer does; a fresh
        // oracle, as `net`'s after the cards search, would search the whole position to say so)
        let asked = st.pos > 0 || switches::oracle_at_root();
        if st.suit == 0 && asked && self.oracle_due(st.pos) && !self.oracle_alive(&st, &k, need) {
            // (most dead ends end here: the oracle runs at the start of a position, where it finds
            // them often enough; halfway through one too, it cost more than it saved on typical 60-
            // and 80-card positions. An oracle call the cut stopped proves nothing dead.)
            if !self.aborted {
                self.mode.keeps.insert(key, (KEEP_NONE, true));
            }
            return KEEP_NONE;
        }
        self.poll_stop();
        if self.aborted {
            return KEEP_NONE;
        }
        let mut buf = self.bufs.pop().unwrap_or_default();
        buf.clear();
        self.moves(&st, &mut buf);
        order_keep(&mut buf, &self.seam);
        let mut best = KEEP_NONE;
        if let Some(c) = chains {
            self.mode.chains.push(c);
        }
        let left = self.mode.cap.left();
        self.mode.progress.push((0, buf.len() as u32));
        for mv in buf.iter() {
            if let Some(begun) = self.mode.progress.last_mut() {
                begun.0 += 1;
            }
            if !self.mode.cap.admits(mv.hand_placed, left) {
                continue;
            }
            self.mode.cap.set_left(left.saturating_sub(mv.hand_placed));
            self.mode.path.push(mv.dec);
            self.mode.path_value += mv.kept;
            let r = self.keep_value(mv.child, need - mv.score, alpha.max(best) - mv.kept);
            self.mode.path.pop();
            self.mode.path_value -= mv.kept;
            if self.aborted {
                break;
            }
            if r > KEEP_NONE {
                best = best.max(r + mv.kept);
            }
            if best >= ub {
                break;
            }
        }
        self.mode.progress.pop();
        self.mode.cap.set_left(left);
        if chains.is_some() {
            self.mode.chains.pop();
        }
        buf.clear();
        self.bufs.push(buf);
        // (a node the cut stopped has no value: its best so far is neither exact nor a bound, and
        // the cut trace, or a later search, would read it as one)
        if self.aborted {
            return KEEP_NONE;
        }
        if memo {
            self.mode.keeps.insert(key, (best, best > alpha));
        }
        // (keep mode's limit counts every node expanded, its own and the oracle's)
        self.work += 1;
        if self.work.is_multiple_of(256) {
            self.keep_checks(self.work as usize + self.mode.oracle_work);
        }
        best
    }

    /// Keep mode's checks every 256 nodes, having spent `work` (its own nodes
    /// and its oracles'): its limit, its foresight, the stop to have its
    /// ceiling asked ([`Self::ask_ceiling_at`]) and the caller's budget.
    pub(super) fn keep_checks(&mut self, work: usize) {
        if work >= self.max_states || self.foresees_past(work) {
            self.aborted = true;
        } else if work + self.mode.states() >= self.mode.ask_at {
            // (the stop counts the work charged ([`Sweep::work`]): the memo's states as well)
            self.stop_for_ceiling();
        }
        if self.out_of_time() {
            self.aborted = true;
        }
    }

    /// Keep mode: the decisions of a solution reaching objective `goal` with
    /// `kept` table cards kept whole (after [`Self::keep_value`] found it).
    pub fn keep_trace(&mut self, goal: i32, kept: i32) -> Option<Vec<Decision>> {
        let left = self.mode.cap.left();
        self.keep_trace_from(self.root(), goal, kept, left)
    }

    /// [`Self::keep_trace`] from state `st`, with objective `need` left,
    /// `want` table cards to keep whole and (under a binding cap) `left` hand
    /// cards still allowed.
    fn keep_trace_from(&mut self, st: State, need: i32, want: i32, left: u32) -> Option<Vec<Decision>> {
        self.trace(
            st,
            (need, want),
            left,
            |sw, buf| order_keep(buf, &sw.seam),
            |(need, want), mv| (need - mv.score, want - mv.kept),
            |sw, st, (need, want)| sw.keep_value(st, need, want - 1) == want,
        )
    }

    /// Keep mode: the memo key of `st`, which keeps a hand ace high, asked to
    /// reach `need`: where hand and table aces kept high are alike
    /// ([`Sweep::high_aces_alike`]), the hand aces keyed as table aces and
    /// `need` less their score. A free table ace and a hand ace kept high keep
    /// the same old melds: neither is a kept meld's card.
    #[cold]
    #[inline(never)]
    fn alike_keep_key(&self, st: &State, need: i32) -> (Key, i32) {
        if self.mode.cap.is_some() || !self.high_aces_alike() {
            return (st.key(), self.need_key(need));
        }
        let (key, hand_score) = self.hand_aces_keyed_as_table(st);
        (key, need - hand_score)
    }

    /// The objective left, as the memo keys it: under a binding cap told apart
    /// by the hand cards still allowed (fewer than 128).
    #[inline]
    fn need_key(&self, need: i32) -> i32 {
        match &self.mode.cap {
            Some(cap) => need * 128 + cap.left as i32,
            None => need,
        }
    }
}

/// The keep-mode parts of the steps every sweep takes (a sweep without old
/// melds to keep never calls them).
impl<M: SweepMode> Sweep<'_, M> {
    /// The carrier's situation at `st`'s suit step `s`, the kept run holding
    /// the suit's private jokers locked from `a` to `b` ([`crate::search::options::Carrier`]);
    /// `through`: the run from the lock on goes on to the last cell
    /// ([`KeepInfo::cross_through`]), so above the lock its carrier steps as
    /// one below a lock, which does not end.
    pub(super) fn carrier_at(
        (a, b): (usize, usize),
        st: &State,
        s: usize,
        through: bool,
    ) -> crate::search::options::Carrier {
        use crate::search::options::{Carrier, CarrierMode};
        let (v, mark) = (st.pos as usize, st.carrier_marks[s]);
        let left = KeepInfo::private_of(st.private_jokers, s);
        if left == 0 && mark == CarrierMark::NONE {
            return Carrier::default();
        }
        let mode = if v < a {
            CarrierMode::Below
        } else if v == a && mark != CarrierMark::NONE {
            CarrierMode::AtLock
        } else if v > b && mark != CarrierMark::NONE {
            if through {
                CarrierMode::Below
            } else {
                CarrierMode::Above
            }
        } else {
            CarrierMode::Off
        };
        Carrier { mode, mark, private: left > 0, from_cut: false }
    }

    /// The carrier's mark after a suit step at `v` whose option left it `mark`,
    /// its kept run's lock ending at `b`, `left` private jokers left, `kb` kept
    /// runs of the suit ending here; `through`: the run going on from the lock
    /// must reach the last cell ([`KeepInfo::cross_through`]), marked whatever is left.
    pub(super) fn mark_after(b: usize, v: usize, left: u8, kb: u8, mark: CarrierMark, through: bool) -> CarrierMark {
        if v == b && (left > 0 || through) {
            CarrierMark::N3 // (where the lock ends, the run going on from it carries what is left)
        } else if v >= b && left == 0 && !through {
            CarrierMark::NONE // (nothing left to carry above the lock: states merge)
        } else if mark == CarrierMark::IN_LOCK && kb > 0 {
            CarrierMark::N3 // (a kept lock of the suit ends here: the run going on from it)
        } else {
            mark
        }
    }

    /// Keep mode's suit step: every subset of the melds decided here stays
    /// whole, with at most one reading of each meld read several ways; the gaps
    /// of kept runs here each take a table natural, a hand natural or a joker
    /// (the suit's private ones first).
    pub(super) fn keep_suit_moves(&mut self, st: &State, info: &KeepInfo, out: &mut Vec<Branch>) {
        let m = self.m;
        let (v, s) = (st.pos as usize, st.suit as usize);
        let (plain, readings) = (&info.step_plain[v * 5 + s], &info.step_readings[v * 5 + s]);
        let combos: usize = readings.iter().map(|r| r.len() + 1).product();
        // (a carrier's run may also be kept below its lock, where the carrier lays its
        // first private joker; kept so, it is not decided again at its lock)
        let early = info.early(s, v, st.kept);
        let earlies = if early.is_some() { 2 } else { 1 };
        let bits = |of: u64| plain.iter().enumerate().fold(0u32, |acc, (i, &id)| acc | ((of >> id & 1) as u32) << i);
        // (a meld every answer keeps is kept here, unless its carrier kept it below its lock)
        let kept_early = bits(st.kept);
        let must = bits(info.always) & !kept_early;
        // (one loop over the subsets, the reading combos and early or not, in that order: a
        // plain loop stays inline in this hot path, where iterator chains did not)
        for choice in 0..(1usize << plain.len()) * combos * earlies {
            let (subset, combo, early_pick) =
                ((choice / (combos * earlies)) as u32, choice / earlies % combos, choice % earlies);
            if subset & kept_early != 0 || subset & must != must {
                continue;
            }
            let early_id = early.filter(|_| early_pick == 1);
            let (mut kept_state, kept_size, chosen) =
                Self::keep_choice(info, st, (plain, subset), (readings, combo), early_id);
            if kept_state.jokers_laid + kept_state.committed_jokers > m.jokers {
                continue;
            }
            let table = info.free(m.t[s][v], s, v, kept_state.kept);
            let mut kept_starts = (kept_state.kept & info.run_start[s][v]).count_ones() as u8;
            let mut kept_ends = (kept_state.kept & info.run_end[s][v]).count_ones() as u8;
            if let Some(r) = m.rules.shape.split().filter(|r| r.suit as usize == s && (v == 0 || v + 1 == m.rules.npos))
            {
                // (a table run crossing the cycle's cut, kept: its part above the cut goes on from
                // its part below, which the rebuild glues, so the part above absorbs no run and
                // the part below opens none at the end, whatever its length)
                let kept = |table: u8| info.olds.iter().position(|o| o.table == table as usize);
                let kept = |table: u8| kept(table).is_some_and(|i| kept_state.kept >> i & 1 == 1) as u8;
                // (saturating: the kept parts start at cell 0 and end at the last cell, so these
                // counts hold them; should a shape ever break that, nothing wraps to 255 or panics)
                kept_starts = kept_starts.saturating_sub(if v == 0 { kept(r.above) } else { 0 });
                kept_ends = kept_ends.saturating_sub(if v + 1 == m.rules.npos { kept(r.below) } else { 0 });
            }
            let from = out.len();
            // (kept runs ending here are done; the step's decisions travel with its moves)
            let gaps = (kept_state.kept & info.gaps[s][v]).count_ones() as u8;
            let through_ends = info.through(s)
                && info.carrier[s].is_some_and(|i| (kept_state.kept & info.run_end[s][v]) >> i & 1 == 1);
            kept_state.kept &= !info.run_end[s][v];
            let hand = m.h[s][v];
            for gap_table in 0..=gaps.min(table) {
                for gap_hand in 0..=(gaps - gap_table).min(hand) {
                    let fill = GapFill { table: gap_table, hand: gap_hand, jokers: gaps - gap_table - gap_hand };
                    let mut child = kept_state;
                    let private_left = KeepInfo::private_of(child.private_jokers, s);
                    let mark = st.carrier_marks[s];
                    let own = fill.jokers.min(private_left).min(info.private_gaps(s, v, kept_state.kept, mark));
                    if fill.jokers - own > self.jokers_left(&child) {
                        continue;
                    }
                    child.private_jokers -= own << (2 * s);
                    child.jokers_laid += fill.jokers - own;
                    let cell =
                        Cell { table: table - gap_table, hand: hand - gap_hand, kept_starts, kept_ends, through_ends };
                    self.suit_moves(&child, cell, kept_size, fill, out);
                }
            }
            for mv in &mut out[from..] {
                if let Decision::Suit { kept_melds, .. } = &mut mv.dec {
                    *kept_melds = chosen;
                }
            }
            if early_id.is_some() {
                // (kept early only where its carrier lays a private joker now: else later)
                let mut i = from;
                while i < out.len() {
                    if matches!(out[i].dec, Decision::Suit { opt, .. } if opt.private_laid > 0) {
                        i += 1;
                    } else {
                        out.swap_remove(i);
                    }
                }
            }
        }
    }

    /// The state after a keep-mode step keeps the melds it chose (the plain
    /// ones in `sub`, the readings `combo` picks, at most one of each meld read
    /// several ways, and `early`), with the table cards they hold and their bits.
    pub(super) fn keep_choice(
        k: &KeepInfo,
        st: &State,
        (plain, sub): (&[u8], u32),
        (readings, combo): (&[Vec<u8>], usize),
        early: Option<u8>,
    ) -> (State, i32, u64) {
        let (mut c, mut size, mut chosen) = (*st, 0, 0u64);
        let mut take = |id: u8| {
            let o = &k.olds[id as usize];
            chosen |= 1 << id;
            c.kept |= 1 << id;
            c.committed_jokers += o.jokers;
            if o.private {
                c.private_jokers += o.jokers << (2 * o.suit);
            }
            size += o.size as i32;
        };
        for (i, &id) in plain.iter().enumerate() {
            if sub >> i & 1 == 1 {
                take(id);
            }
        }
        let mut rest = combo;
        for r in readings {
            let pick = rest % (r.len() + 1);
            rest /= r.len() + 1;
            if pick > 0 {
                take(r[pick - 1]);
            }
        }
        if let Some(id) = early {
            take(id);
        }
        (c, size, chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::done_share;

    /// The share done counts the children finished at each node on the path, each
    /// a share of its parent's: none at the first child, the half at the third of
    /// four children, and below it its own children's part of that quarter.
    #[test]
    fn the_share_done_is_read_from_the_children_finished_on_the_path() {
        assert_eq!(done_share(&[]), 0.0);
        assert_eq!(done_share(&[(1, 4), (1, 3)]), 0.0);
        assert_eq!(done_share(&[(3, 4)]), 0.5);
        assert_eq!(done_share(&[(3, 4), (2, 2)]), 0.625);
        assert_eq!(done_share(&[(2, 2), (2, 2), (2, 2)]), 0.875);
    }
}
