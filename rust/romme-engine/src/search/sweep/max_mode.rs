//! Plain mode of the sweep: the most the objective can reach (`max_value`, with
//! fail-low bounds for the aspiration windows) and the traces of a solution
//! reaching a goal.

use super::super::pool::{Pool, Pooled};
use super::hand_cap::{CapLeft, HandCap};
use super::profile_oracle::ProfileOracle;
use super::trace::Capped;
use super::*;

/// [`Sweep`]'s plain mode: the memos of [`Sweep::max_value`] and [`Sweep::reach`].
pub struct MaxMode {
    /// Its memo tables: `maxes`, [`Sweep::max_value`]'s memo of the states at a position's start
    /// (value or bound); `mids`, its memo of the states after two suit steps (value or bound; not
    /// counted as work: many orders of the first two suits' options meet again there); `fails`,
    /// [`Sweep::reach`]'s memo of the states at a position's start that cannot place the count
    /// asked for.
    pub(super) memos: Pool<Memos>,
    /// The first solution [`Sweep::max_root`]'s aspiration reached, and its score
    /// (so [`Sweep::max_trace`] need not walk the memo again).
    pub(super) reached: Option<(i32, Vec<Decision>)>,
    /// The work of the profile oracle that answered the first solve on the
    /// cycle ([`Sweep::profile_root_below`]).
    pub(super) side_work: usize,
    /// The per-turn cap where it binds the points objective (the search then
    /// keeps count of the hand cards left; exact counts are not searched then).
    pub(super) cap: Option<HandCap>,
    /// Where [`Sweep::max_value_within`]'s call stops, in [`Sweep::work`]'s units (`usize::MAX`:
    /// not within a call).
    work_end: usize,
    /// The profile oracle's work at which the first solve on the cycle stops to have its ceiling
    /// asked ([`Sweep::root_ceiling_at`]; `usize::MAX`: never).
    pub(super) ceiling_at: usize,
    /// The first solve on the cycle stopped there: its oracle waits in [`Sweep::profiled`].
    pub(super) paused: bool,
}

/// A plain sweep's memo tables ([`MaxMode`]'s `maxes`, `mids`, `fails`) and the move orders of
/// [`Sweep::max_value`]'s and [`Sweep::reach`]'s depths ([`order_by`]; each cleared before use),
/// from its thread's pool.
#[derive(Default)]
pub(super) struct Memos {
    pub(super) maxes: FxMap<Key, (i16, bool)>,
    pub(super) mids: FxMap<Key, (i16, bool)>,
    fails: FxMap<(Key, i16), ()>,
    orders: Vec<Vec<u128>>,
}

thread_local! {
    static MEMOS: RefCell<Vec<Memos>> = const { RefCell::new(Vec::new()) };
}

impl Pooled for Memos {
    const KEPT: usize = 4;

    fn pool() -> &'static LocalKey<RefCell<Vec<Self>>> {
        &MEMOS
    }

    /// Emptied; tables grown past 65,536 entries are not kept, nor move orders past 256 depths.
    fn recycle(&mut self) -> bool {
        const LARGEST: usize = 1 << 16;
        const MOST_ORDERS: usize = 256;
        if self.maxes.capacity().max(self.mids.capacity()).max(self.fails.capacity()) > LARGEST {
            return false;
        }
        self.maxes.clear();
        self.mids.clear();
        self.fails.clear();
        self.orders.truncate(MOST_ORDERS);
        true
    }
}

impl Capped for MaxMode {
    fn cap(&mut self) -> &mut Option<HandCap> {
        &mut self.cap
    }
}

impl SweepMode for MaxMode {
    #[inline]
    fn keep_info(&self) -> Option<&Rc<KeepInfo>> {
        None
    }

    fn states(&self) -> usize {
        self.memos.fails.len() + self.memos.maxes.len()
    }

    fn side_work(&self) -> usize {
        self.side_work
    }
}

/// What [`Sweep::max_search`] keeps of the path it descends.
trait PathTrack {
    /// A move worth `score` taken.
    fn push(&mut self, dec: Decision, score: i32);
    /// The move worth `score` taken back.
    fn pop(&mut self, score: i32);
    /// A solution ends here, the end worth `end`.
    fn end(&mut self, end: i32);
}

/// Keeps nothing (every search but the aspiration).
struct Untracked;

impl PathTrack for Untracked {
    #[inline]
    fn push(&mut self, _: Decision, _: i32) {}
    #[inline]
    fn pop(&mut self, _: i32) {}
    #[inline]
    fn end(&mut self, _: i32) {}
}

/// [`Sweep::max_root`]'s aspiration: the score it looks for, the decisions
/// from the root to the node searched and their score, and the first
/// solution reaching the aim.
struct Aspiration {
    aim: i32,
    path: Vec<Decision>,
    path_value: i32,
    reached: Option<(i32, Vec<Decision>)>,
}

impl PathTrack for Aspiration {
    fn push(&mut self, dec: Decision, score: i32) {
        self.path.push(dec);
        self.path_value += score;
    }

    fn pop(&mut self, score: i32) {
        self.path.pop();
        self.path_value -= score;
    }

    fn end(&mut self, end: i32) {
        if self.path_value + end >= self.aim && self.reached.is_none() {
            self.reached = Some((self.path_value + end, self.path.clone()));
        }
    }
}

/// The work (memo states plus nodes / 8, as the sweep's limit counts) of the
/// aspiration's probe on the cycle of ranks ([`Sweep::max_root_below`]).
const PROFILE_PROBE: usize = 8_192;
/// The probe where the profile oracle surely answers after it
/// ([`ProfileOracle::surely_applies`]): that oracle's memo goes on to keep
/// mode, which then needs less of what a longer probe's memo would hold.
const SHORT_PROBE: usize = 1_024;

/// Below every value a path reaches (as [`Sweep::max_value`]'s).
const NEG_ROOT: i32 = -1000;

/// How far past its `more` a [`Sweep::max_value_within`] call may run: the work between two
/// looks at the limit (1,023 memo states and 4,095 nodes).
#[cfg_attr(not(test), allow(dead_code))]
pub(in crate::search) const WITHIN_SLACK: usize = 1_024 + 4_096;

impl<'m> Sweep<'m, MaxMode> {
    /// A plain sweep with a hand-card cap, the caller's budget, a state limit
    /// and its joker mode. Where the cap binds the points objective, the
    /// search keeps to it ([`HandCap`]; lazy jokers: the spare hand jokers the
    /// cards left allow).
    pub fn plain(m: &'m Model, cap: u32, cutoff: &Cutoff, max_states: usize, jokers: JokerMode) -> Self {
        let hand_cap = HandCap::binding(m, cap);
        let mode = MaxMode {
            memos: Pool::take(),
            reached: None,
            side_work: 0,
            cap: hand_cap,
            work_end: usize::MAX,
            ceiling_at: usize::MAX,
            paused: false,
        };
        let mut sw = Sweep::with_mode(m, cap, cutoff, max_states, jokers, mode);
        sw.plain = plain_step::plain_steps_apply(m).then(Pool::take);
        sw
    }

    /// Finds a solution placing exactly `need` hand cards (Cards objective) by a
    /// depth-first search that tries the moves placing most first, with a memo of
    /// failures and an upper-bound cut. On success `path` holds the decisions.
    pub fn reach_root(&mut self, need: i32, path: &mut Vec<Decision>) -> bool {
        path.clear();
        let r = self.root();
        let ok = self.reach(r, need, path);
        path.reverse();
        ok && !self.aborted
    }

    /// The most hand cards placeable (Cards objective, no cap): a depth-first
    /// search with an upper-bound cut and a memo of exact values and bounds
    /// (fail-low), as in a transposition table.
    pub fn max_root(&mut self) -> i32 {
        self.max_root_below(i32::MAX)
    }

    /// Where the first solve on the cycle ([`Self::profile_root_below`]) has
    /// its profile oracle's work pass `work`, it stops, aborted, and says so
    /// ([`Self::root_paused`]) once: the caller asks a ceiling and calls
    /// [`Self::max_root_below`] again, which goes on on the oracle's memo.
    pub(in crate::search) fn root_ceiling_at(&mut self, work: usize) {
        self.mode.ceiling_at = work;
    }

    /// Whether the first solve stopped to have its ceiling asked ([`Self::root_ceiling_at`]).
    pub(in crate::search) fn root_paused(&self) -> bool {
        self.mode.paused
    }

    /// [`Self::max_root`] where the caller knows that no solution scores more
    /// than `ceiling`: the aspiration looks no higher.
    pub fn max_root_below(&mut self, ceiling: i32) -> i32 {
        if self.mode.paused {
            // (stopped to have its ceiling asked: the profile oracle goes on, an aspiration at the
            // ceiling first, then the exact look; the probe before it ran)
            self.aborted = false;
            if let Some(v) = self.profile_root_below(ceiling, false) {
                return v;
            }
        }
        // Aspiration: first look only for solutions at the upper bound; the cuts
        // are then tight and "everything fits" is found at once. Otherwise one
        // search from below (probes one card lower each redo the proof).
        let r = self.root();
        let a = self.bound(&r).min(ceiling) - 1;
        let mut aspiration = Aspiration { aim: a + 1, path: Vec::new(), path_value: 0, reached: None };
        // (on the cycle of ranks the aspiration is a probe: past its limit, or where it fails, one
        // search past position 0 for every seam profile answers, Self::profile_root_below)
        let probe = self.m.rules.shape.is_cycle().then_some(self.max_states);
        if let Some(limit) = probe {
            // (never past the caller's own limit)
            let probe = if ProfileOracle::surely_applies(self) { SHORT_PROBE } else { PROFILE_PROBE };
            self.max_states = (self.states() + probe).min(limit);
        }
        let v = self.max_from(r, a, &mut aspiration);
        if let Some(limit) = probe {
            self.max_states = limit;
        }
        self.mode.reached = aspiration.reached;
        if v > a && !self.aborted {
            return v;
        }
        if probe.is_some() && (!self.aborted || !self.cutoff.reached()) {
            let below = !self.aborted;
            self.aborted = false;
            if let Some(v) = self.profile_root_below(ceiling, below) {
                return v;
            }
            if !below {
                // (no profile oracle and the probe cut: the look is left unproven; the plain search
                // of every profile tuple, unlimited, costs many times the position's other work and
                // seldom proves it)
                self.aborted = true;
                return NEG_ROOT;
            }
        }
        if v > a || self.aborted {
            return v;
        }
        self.mode.reached = None;
        self.max_from_root(-1000)
    }

    /// [`Self::max_root_below`]'s value by the exact search alone (the fast tie-break's first sweep
    /// on Rummy), its solution traced on its memo ([`Self::max_trace`]): where the optimum stays
    /// below the bound (most positions of a bot's game: the bound counts hand cards that fit
    /// nowhere) the aspiration would find nothing, and where it reaches the bound the aspiration's
    /// run afterwards on an emptied memo cost more than the trace it spared. Its set check counts
    /// what the suits not yet stepped owe their own runs ([`Self::count_owed_cards`]) and it cuts a
    /// suit step that leaves its suit no way to end ([`Self::look_at_suit_futures`]): the same
    /// values, less work.
    pub fn max_root_exact(&mut self) -> i32 {
        self.count_owed_cards();
        self.look_at_suit_futures();
        self.max_from_root(-1000)
    }

    /// The optimum if it exceeds `alpha`, else a bound ≤ `alpha`.
    pub fn max_from_root(&mut self, alpha: i32) -> i32 {
        let r = self.root();
        self.max_value(r, alpha)
    }

    /// The decisions of a solution placing exactly `goal` (after [`Self::max_root`]).
    pub fn max_trace(&mut self, goal: i32) -> Option<Vec<Decision>> {
        if let Some((score, decs)) = self.mode.reached.take() {
            if score == goal {
                return Some(decs);
            }
        }
        let (root, left) = (self.root(), self.mode.cap.left());
        // (in the search's order: its first success is met first)
        let order = |_: &Self, buf: &mut Vec<Branch>| {
            let mut keys = Vec::new();
            order_by(buf, |mv| mv.score as i64, &mut keys);
            *buf = in_order(buf, &keys).copied().collect();
        };
        self.trace(root, goal, left, order, |g, mv| g - mv.score, |sw, st, g| sw.max_value(st, g - 1) == g)
    }

    /// The upper bound on what `st` may still score (under the per-turn cap, if it binds).
    #[inline]
    pub(super) fn bound(&mut self, st: &State) -> i32 {
        let ub = self.upper_score(st);
        match &self.mode.cap {
            Some(cap) => ub.min(cap.bound(self.m, st)),
            None => ub,
        }
    }

    /// The memo key of `st` (told apart by the hand cards the cap still allows, if it binds).
    #[inline]
    fn max_key(&self, st: &State) -> Key {
        match &self.mode.cap {
            Some(cap) => cap.key(st.key()),
            None => st.key(),
        }
    }

    /// The memo key of `st`, which keeps a hand ace high, and what its value
    /// lies above the key's: where they are alike ([`Self::high_aces_alike`]),
    /// the hand aces kept high keyed as table aces, their score apart.
    #[cold]
    #[inline(never)]
    fn alike_key(&self, st: &State) -> (Key, i32) {
        if self.mode.cap.is_some() || !self.high_aces_alike() {
            return (self.max_key(st), 0);
        }
        self.hand_aces_keyed_as_table(st)
    }

    /// The most the objective reaches from `st` if more than `alpha`, else a
    /// bound ≤ `alpha` (fail-low).
    pub(super) fn max_value(&mut self, st: State, alpha: i32) -> i32 {
        self.max_from(st, alpha, &mut Untracked)
    }

    /// [`Self::max_value`] stopping (aborted) once its [`Self::work`] has grown by
    /// `more` (the units a keep search's limit counts its oracle's work in, not its own
    /// limit's: memo states plus nodes / 8, up to eight times fewer), and within its
    /// own limit. The stop is looked at with the limit's (every 1,024 memo states or
    /// 4,096 nodes), so a call may run on past `more` by up to [`WITHIN_SLACK`].
    pub(super) fn max_value_within(&mut self, st: State, alpha: i32, more: usize) -> i32 {
        self.mode.work_end = self.work().saturating_add(more);
        let v = self.max_from(st, alpha, &mut Untracked);
        self.mode.work_end = usize::MAX;
        v
    }

    /// [`Self::max_search`] on the grid's kind: with aces kept high (Rommé) or
    /// without (Rummy, and the cycle of ranks, whose search then keeps its code).
    #[inline]
    fn max_from<T: PathTrack>(&mut self, st: State, alpha: i32, track: &mut T) -> i32 {
        if self.m.rules.ace_high {
            self.max_search::<T, true>(st, alpha, track)
        } else {
            self.max_search::<T, false>(st, alpha, track)
        }
    }

    /// [`Self::max_value`], keeping the path as `track` says (`HIGH`: the grid
    /// keeps aces high).
    fn max_search<T: PathTrack, const HIGH: bool>(&mut self, st: State, alpha: i32, track: &mut T) -> i32 {
        const NEG: i32 = -1000;
        // (a cut search unwinds at once: its values are not used)
        if self.aborted {
            return NEG;
        }
        if st.pos as usize >= self.m.rules.npos {
            let end = if self.base_lazy_ok(&st) {
                // spare jokers are added to finished melds afterwards (under a binding cap: as many as it allows)
                let hand_jokers = (self.m.jokers as i32 - self.m.table_jokers as i32).max(0) as u32;
                let laid = (st.jokers_laid as i32 - self.table_jokers(&st) as i32).max(0) as u32;
                match self.mode.cap.lazy_hand_jokers(laid, hand_jokers) {
                    Some(n) => self.m.joker_gain(n, 0),
                    None => return NEG,
                }
            } else if !self.valid_end(&st) {
                return NEG;
            } else {
                let (u, jt) = (st.jokers_laid as i32, self.table_jokers(&st) as i32);
                // (hand jokers count against the per-turn cap)
                if self.mode.cap.as_ref().is_some_and(|cap| (u - jt).max(0) as u32 > cap.left) {
                    return NEG;
                }
                self.m.joker_gain((u - jt).max(0) as u32, (jt - u).max(0) as u32)
            };
            track.end(end);
            return end;
        }
        // (not after the first or third suit step: the bound cut less there than it cost; nor after
        // any suit step in the Rummy expert's sweeps, Self::bound_at_starts_only)
        let later = st.suit == 1 || st.suit == 3 || (self.starts_only && st.suit != 0);
        let ub = if later { i32::MAX } else { self.bound(&st) };
        if ub <= alpha {
            return ub;
        }
        // Whole positions are memoised; halfway through one, many orders of the first
        // two suits' options meet again: those states get a memo of their own
        // (outside the work accounting).
        let memo = st.suit == 0;
        let mid = st.suit == 2;
        // (a hand ace kept high keyed as a table ace: the entry holds the value less `off`, and no
        // solution stays NEG)
        let (key, off) = match memo || mid {
            true if HIGH && st.keeps_a_hand_ace_high() => self.alike_key(&st),
            true => (self.max_key(&st), 0),
            false => Default::default(),
        };
        let read = |v: i16| if HIGH && off != 0 && v as i32 <= NEG { NEG } else { v as i32 + off };
        if memo || mid {
            let table = if mid { &self.mode.memos.mids } else { &self.mode.memos.maxes };
            if let Some(&(v, exact)) = table.get(&key) {
                if exact || read(v) <= alpha {
                    return read(v);
                }
            }
            // (a dominating state's value bounds this one's)
            if self.dominance {
                if let Some(v) = dominating(&key, |d| table.get(&d).filter(|e| read(e.0) <= alpha)) {
                    return read(v.0);
                }
            }
        }
        self.poll_stop();
        if self.aborted {
            return NEG;
        }
        let mut buf = self.bufs.pop().unwrap_or_default();
        buf.clear();
        self.moves(&st, &mut buf);
        let mut keys = self.mode.memos.orders.pop().unwrap_or_default();
        order_by(&buf, |mv| mv.score as i64, &mut keys);
        let mut best = NEG;
        let left = self.mode.cap.left();
        for mv in in_order(&buf, &keys) {
            let floor = alpha.max(best);
            if !self.mode.cap.admits(mv.hand_placed, left) {
                continue;
            }
            self.mode.cap.set_left(left.saturating_sub(mv.hand_placed));
            track.push(mv.dec, mv.score);
            let r = self.max_search::<T, HIGH>(mv.child, floor - mv.score, track);
            track.pop(mv.score);
            if self.aborted {
                break;
            }
            if r > NEG {
                best = best.max(r + mv.score);
            }
            if best >= ub {
                break;
            }
        }
        self.mode.cap.set_left(left);
        buf.clear();
        self.bufs.push(buf);
        self.mode.memos.orders.push(keys);
        // (a node the cut stopped has no value: its best so far must not enter the memo, which
        // the first solve on the cycle searches on after its probe is cut)
        if self.aborted {
            return NEG;
        }
        let stored = (if HIGH && off != 0 && best <= NEG { NEG } else { best - off }) as i16;
        if memo {
            self.mode.memos.maxes.insert(key, (stored, best > alpha));
        } else {
            if mid {
                self.mode.memos.mids.insert(key, (stored, best > alpha));
            }
            self.work += 1;
        }
        if self.mode.memos.maxes.len().is_multiple_of(1024) || self.work.is_multiple_of(4096) {
            if self.mode.memos.maxes.len() + (self.work >> 3) as usize >= self.max_states
                || self.work() >= self.mode.work_end
            {
                self.aborted = true;
            }
            if self.out_of_time() {
                self.aborted = true;
            }
        }
        best
    }

    /// Whether a solution from `st` places exactly `need` hand cards (its
    /// decisions pushed onto `path`, last first).
    fn reach(&mut self, st: State, need: i32, path: &mut Vec<Decision>) -> bool {
        if st.pos as usize >= self.m.rules.npos {
            let placed = (st.jokers_laid as i32 - self.m.table_jokers as i32).max(0);
            if self.base_lazy_ok(&st) {
                return need >= placed && need <= (self.m.jokers as i32 - self.m.table_jokers as i32).max(0);
            }
            // Cards objective: the end places laid - table jokers hand jokers
            return self.valid_end(&st) && placed == need;
        }
        if need < (st.jokers_laid as i32 - self.m.table_jokers as i32).max(0) {
            return false;
        }
        // (in the Rummy expert's sweeps only at a position's start: Self::bound_at_starts_only)
        if (st.suit == 0 || !self.starts_only) && need > self.upper_score(&st) {
            return false;
        }
        let memo = st.suit == 0;
        // (only the states at a position's start are memoised: the others need no key)
        let key = if memo { (st.key(), need as i16) } else { Default::default() };
        self.poll_stop();
        if (memo && self.mode.memos.fails.contains_key(&key)) || self.aborted {
            return false;
        }
        // (a dominating state that cannot reach `need`: nor can this one)
        if memo
            && self.dominance
            && dominating(&key.0, |d| self.mode.memos.fails.contains_key(&(d, key.1)).then_some(())).is_some()
        {
            return false;
        }
        let mut buf = self.bufs.pop().unwrap_or_default();
        buf.clear();
        self.moves(&st, &mut buf);
        let mut keys = self.mode.memos.orders.pop().unwrap_or_default();
        order_by(&buf, |mv| mv.hand_placed as i64, &mut keys);
        let mut found = false;
        for mv in in_order(&buf, &keys) {
            if self.reach(mv.child, need - mv.hand_placed as i32, path) {
                path.push(mv.dec);
                found = true;
                break;
            }
        }
        buf.clear();
        self.bufs.push(buf);
        self.mode.memos.orders.push(keys);
        if !found && !memo {
            self.work += 1;
            if self.work.is_multiple_of(4096) {
                if self.out_of_time() {
                    self.aborted = true;
                }
                if (self.work >> 3) as usize + self.mode.memos.fails.len() >= self.max_states {
                    self.aborted = true;
                }
            }
        }
        if !found && memo {
            self.mode.memos.fails.insert(key, ());
            if self.mode.memos.fails.len().is_multiple_of(1024) {
                if self.mode.memos.fails.len() >= self.max_states {
                    self.aborted = true;
                }
                if self.out_of_time() {
                    self.aborted = true;
                }
            }
        }
        found
    }
}
