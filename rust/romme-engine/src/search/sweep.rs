//! The value-sweep DP (van Rijn, Takes and Vis's MAXSCORE generalised; docs/SEARCH-DESIGN.md §4).
//!
//! Positions are processed low to high, and within a position suit by suit
//! (the suit sub-steps of docs/SEARCH-DESIGN.md §4.3), then the set stage. The state after a
//! step holds only what crosses the cut: per suit the multiset of open runs by
//! length class, the leftovers of the current position waiting for the set
//! stage, the jokers placed so far and (Rommé) the aces kept for "ace high".
//!
//! Canonical rules used (each keeps the optimum):
//! * L5: open runs of length 1–2 must extend (abandoning = never starting).
//! * L6: when a 3+ run of a suit closes at v, no run of that suit starts at v.
//! * With ≤ 2 jokers every 3+ run holds a natural; with more, joker-only runs
//!   carry their own classes (`z1`, `z2`) and must meet a natural by length 3.
//!
//! Dead ends are cut at the suit step that makes them: table naturals left for
//! sets that can no longer find two more suits or jokers (`sets_possible`, in
//! `sweep/set_stage.rs`), and runs that must go on at the next position without
//! the cards or jokers to do so (their `deficit`, summed over the suits stepped).
//!
//! One [`Sweep`] steps the grid for every search; what it searches is its
//! [`SweepMode`], which owns the memo and the state of that search alone:
//! * [`MaxMode`] (`sweep/max_mode.rs`): the most the objective reaches, by a depth-first
//!   search with fail-low bounds (an aspiration first), and exact counts; under
//!   a per-turn cap that binds the points objective it keeps to the cap
//!   (`sweep/hand_cap.rs`);
//! * [`KeepMode`] (`sweep/keep_mode.rs`): the most table cards kept whole that still
//!   reach the objective, with its oracle (a [`MaxMode`] sweep), its Lagrangian
//!   bound and the carriers of private jokers.
//!
//! Orthogonal to the mode, [`JokerMode`] says how jokers are laid.

mod cyclic;
mod hand_cap;
mod joker_need;
mod keep_mode;
mod max_mode;
mod plain_step;
mod profile_oracle;
mod set_stage;
mod suit_future;
mod trace;

pub use cyclic::{profile_choices, seam_entries, SeamProfiles, FEW_PROFILES};
pub use keep_mode::KeepMode;
pub use max_mode::MaxMode;
#[cfg(test)]
pub(super) use max_mode::WITHIN_SLACK;

use super::budget::{Charged, Cutoff};
use super::pool::{Pool, Pooled};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::thread::LocalKey;

use super::groups::SetOutcome;
use super::hasher::FxMap;
use super::keep::KeepInfo;
use super::model::{Model, SUITS};
use super::options::{class_count, short, Carrier, CarrierMark, CarrierMode, RunClass};
pub use super::options::{suit_options, SuitIn, SuitOpt};
use super::state::{Key, State};
use super::switches::{dominance_on, high_ace_cut_on, high_aces_alike_on};
use joker_need::JokerNeed;
use plain_step::PlainSteps;
use suit_future::SuitFuture;

/// The move order of every search (and of the traces, whose first success must
/// be the search's): most `gain` first, then fewer runs that must go on, then
/// fewer jokers used, ties in the order the moves were made. The moves stay
/// where they are: `keys` gets one integer a move, its sort key above its index
/// ([`in_order`] reads the moves in that order).
fn order_by(buf: &[Branch], gain: impl Fn(&Branch) -> i64, keys: &mut Vec<u128>) {
    keys.clear();
    if buf.len() == 1 {
        // (most nodes have one move: its key is its index)
        keys.push(0);
        return;
    }
    for (i, b) in buf.iter().enumerate() {
        // (the gain's bits flipped so that the most comes first)
        let most_first = !(gain(b) as u64 ^ 1 << 63) as u128;
        keys.push(
            most_first << 64 | (open_short(&b.child) as u128) << 40 | (b.child.jokers_laid as u128) << 32 | i as u128,
        );
    }
    sort_keys(keys);
}

/// Sorts a node's move keys ([`order_by`], keep mode's order): an insertion
/// sort, as the lists are short and often nearly in order.
#[inline]
fn sort_keys(keys: &mut [u128]) {
    for i in 1..keys.len() {
        let k = keys[i];
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = k;
    }
}

/// The moves of `buf` in the order [`order_by`] put into `keys`.
fn in_order<'b>(buf: &'b [Branch], keys: &'b [u128]) -> impl Iterator<Item = &'b Branch> {
    keys.iter().map(|&k| &buf[k as u32 as usize])
}

/// Runs that must still go on (move ordering: fewer obligations first): [`short`] summed over
/// the suits, counted a byte at a time (the move order reads it for every move of every node).
fn open_short(st: &State) -> u32 {
    // Classes n1, n2 (nibbles 0, 1), z1 / n3j (3) and z2 (4); n3 (2) and anything above the
    // five classes masked off. n1 + n2 lands in byte 0, z1 in byte 1, z2 in byte 2: at most
    // 30, 15, 15 a suit, 120 over four suits, so no byte carries into the next.
    const SHORT_CLASSES: u32 = 0xf_f0ff;
    const LOW_NIBBLES: u32 = 0x0f_0f0f;
    let mut bytes = 0;
    for &code in &st.codes {
        let c = code & SHORT_CLASSES;
        bytes += (c & LOW_NIBBLES) + (c >> 4 & LOW_NIBBLES);
    }
    (bytes & 0xff) + (bytes >> 8 & 0xff) + (bytes >> 16 & 0xff)
}

/// The memo keys of the states that dominate the state of `key` by one step
/// in one suit ([`super::options::grown_once`]). Every completion of the
/// state completes them too, with the same score and cards kept, so their
/// values bound its value. (One more open 3+ run dominates too, but looking
/// it up cost more than it saved.)
fn dominating<T>(key: &Key, mut probe: impl FnMut(Key) -> Option<T>) -> Option<T> {
    for i in 0..SUITS {
        let shift = 20 * i;
        let rest = key.0 & !(0xfffffu128 << shift);
        let code = (key.0 >> shift) as u32 & 0xfffff;
        for g in super::options::grown_once(code).into_iter().flatten() {
            if let Some(x) = probe((rest | (g as u128) << shift, key.1)) {
                return Some(x);
            }
        }
    }
    None
}

/// The suit options and set outcomes a sweep looked up, by their step's packed parameters: they
/// depend on those alone, so a thread keeps them from one sweep to the next in its pool (a solve
/// runs many small anchored sweeps over the same steps).
#[derive(Default)]
struct StepCache {
    /// The suit steps' options met so far: where in `arena` they lie.
    opts: FxMap<u64, (u32, u32)>,
    /// A direct-mapped copy of the last entries of `opts` read ([`StepCache::FRONT`] slots, by a
    /// multiplicative hash of the key; empty slots hold [`StepCache::NO_KEY`], no step's key): a
    /// sweep's suit steps meet few distinct keys, and a slot costs less to read than the map.
    front: Vec<(u64, u32, u32)>,
    /// The options of `opts`, side by side (no reference count to touch).
    arena: Vec<SuitOpt>,
    /// The set stages' outcomes ([`Sweep::set_outcomes`]).
    sets: FxMap<u32, Rc<[SetOutcome]>>,
}

thread_local! {
    static STEP_CACHES: RefCell<Vec<StepCache>> = const { RefCell::new(Vec::new()) };
    static BRANCH_BUFFERS: RefCell<Vec<Vec<Vec<Branch>>>> = const { RefCell::new(Vec::new()) };
    static UPPER_BOUNDS: RefCell<Vec<UpperBounds>> = const { RefCell::new(Vec::new()) };
}

impl StepCache {
    /// Slots of `front` (a power of two).
    const FRONT_BITS: u32 = 10;
    /// An empty slot's key: a step's key never sets bit 63 ([`Sweep::options`]).
    const NO_KEY: u64 = u64::MAX;

    fn front_slot(key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - Self::FRONT_BITS)) as usize
    }
}

impl Pooled for StepCache {
    /// (a sweep and those inside it: on the cycle of ranks keep mode, its oracle and the profile
    /// oracle's sweep live at once, beside the first solve's; with two kept, the cache a keep
    /// search filled was dropped at its end and the next one made its set outcomes again)
    const KEPT: usize = 4;

    fn pool() -> &'static LocalKey<RefCell<Vec<Self>>> {
        &STEP_CACHES
    }

    /// Kept whole: what it holds depends on the step alone.
    fn recycle(&mut self) -> bool {
        /// Options kept at most.
        const MOST_OPTIONS: usize = 1 << 18;
        self.arena.len() <= MOST_OPTIONS
    }
}

/// A sweep's move buffers, one per depth of its search (each cleared after use).
impl Pooled for Vec<Vec<Branch>> {
    const KEPT: usize = 4;

    fn pool() -> &'static LocalKey<RefCell<Vec<Self>>> {
        &BRANCH_BUFFERS
    }

    fn recycle(&mut self) -> bool {
        /// Buffers kept at most (a sweep's depth is five steps a position).
        const MOST_BUFFERS: usize = 256;
        self.iter_mut().for_each(Vec::clear);
        self.len() <= MOST_BUFFERS
    }
}

/// [`Sweep::upper_base`] by position, suit step, open suits and jokers left (`i32::MIN`: not yet),
/// and which entries are set (a sweep sets a few dozen: only those are emptied). The table is
/// allocated at the first entry set: the pool's hand-back leaves a default in its place.
#[derive(Default)]
struct UpperBounds {
    values: Vec<i32>,
    set: Vec<u16>,
}

impl UpperBounds {
    const SIZE: usize = 16 * 5 * 16 * 4;

    fn get(&self, i: usize) -> i32 {
        self.values.get(i).copied().unwrap_or(i32::MIN)
    }

    fn put(&mut self, i: usize, value: i32) {
        if self.values.is_empty() {
            self.values = vec![i32::MIN; Self::SIZE];
        }
        self.values[i] = value;
        self.set.push(i as u16);
    }
}

impl Pooled for UpperBounds {
    const KEPT: usize = 4;

    fn pool() -> &'static LocalKey<RefCell<Vec<Self>>> {
        &UPPER_BOUNDS
    }

    /// Emptied: the bounds are the model's.
    fn recycle(&mut self) -> bool {
        for &i in &self.set {
            self.values[i as usize] = i32::MIN;
        }
        self.set.clear();
        true
    }
}

/// What one step decided (for reconstruction).
#[derive(Clone, Copy, Debug)]
pub enum Decision {
    /// A suit step at (`pos`, `suit`): the option, the aces kept for "ace high"
    /// (table, hand), and in keep mode the old melds decided here to stay whole
    /// (as bits) and what filled the gaps of kept runs here.
    /// On the cycle `seam` is the suit's seam profile chosen (position 0).
    Suit { pos: u8, suit: u8, opt: SuitOpt, aces_high: (u8, u8), seam: u8, kept_melds: u64, gaps: GapFill },
    /// The set stage at `pos`: the outcome and what each kept set of three absorbed.
    Sets { pos: u8, outcome: SetOutcome, absorbs: [Absorbed; 8] },
}

/// Keep mode: what filled the gaps of kept runs at a suit step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GapFill {
    /// Table naturals.
    pub table: u8,
    /// Hand naturals (placed).
    pub hand: u8,
    /// Jokers.
    pub jokers: u8,
}

impl GapFill {
    /// The gaps filled.
    pub fn total(self) -> u8 {
        self.table + self.hand + self.jokers
    }
}

/// What a kept set of three took at the set stage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Absorbed {
    /// Nothing: it stays a set of three.
    #[default]
    Nothing,
    /// A joker.
    Joker,
    /// A table natural of this suit.
    Table(u8),
    /// A hand natural of this suit.
    Hand(u8),
}

/// What a suit step finds at its cell: the free table naturals and the hand
/// naturals there, and the kept runs starting and ending there.
#[derive(Clone, Copy, Debug)]
struct Cell {
    table: u8,
    hand: u8,
    kept_starts: u8,
    kept_ends: u8,
    /// Keep mode: the kept run of a [`KeepInfo::cross_through`] suit ends here.
    through_ends: bool,
}

#[derive(Clone, Copy, Debug)]
struct Branch {
    child: State,
    /// Hand cards it places.
    hand_placed: u32,
    score: i32,
    /// Keep mode: table cards of the melds this move keeps whole.
    kept: i32,
    dec: Decision,
}

/// How a sweep lays jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JokerMode {
    /// Every joker is laid where a meld takes it in the sweep.
    Placed,
    /// Lazy jokers (≤ 2 jokers, see [`SuitIn::lazy`]): a joker is laid only
    /// where its meld needs it; spare jokers are added to finished melds at the
    /// end (a hand joker freed by a swap may then be laid again, so the swap
    /// rule for hand leftovers also holds for points).
    Lazy,
}

/// What a sweep searches: the mode owns the memo and the state of its search.
pub trait SweepMode {
    /// Keep mode's old melds (the other modes keep none: the model's kept melds are fixed).
    fn keep_info(&self) -> Option<&Rc<KeepInfo>>;
    /// States memoised so far.
    fn states(&self) -> usize;
    /// Work of the searches the mode runs beside the sweep (keep mode's oracle).
    fn side_work(&self) -> usize {
        0
    }
}

/// One sweep over a model, searching as its mode `M` says.
pub struct Sweep<'m, M: SweepMode> {
    m: &'m Model,
    /// Most hand cards that may be placed (≤ 127).
    hand_cap: u32,
    jokers: JokerMode,
    /// The suit steps' options and the set stages' outcomes met so far (this thread's, [`StepCache`]).
    steps: Pool<StepCache>,
    bufs: Pool<Vec<Vec<Branch>>>,
    track_z: bool,
    swap_table_left: bool,
    swap_hand_left: bool,
    work: u64,
    /// The caller's budget, and the work this sweep charged to it so far.
    cutoff: Cutoff,
    charged: Charged,
    /// This thread's stop signal, if a search runs beside it ([`super::mirror`]).
    stop: Option<Arc<super::mirror::Stop>>,
    max_states: usize,
    /// Set when the caller's budget or the state limit cut the search.
    pub aborted: bool,
    /// Joker demand of the hand naturals, for the upper bound.
    jneed: JokerNeed,
    /// [`Self::upper_base`] by position, suit step, open suits and jokers left (`i32::MIN`: not yet).
    ub_cache: Pool<UpperBounds>,
    /// Whether [`dominating`] states' memo entries bound a state's value and
    /// dominated suit options are dropped (not with wrapping runs or the ace
    /// high, where the runs open at the end count).
    dominance: bool,
    /// The seam profiles chosen at position 0 (on the line: none cross).
    seam: SeamProfiles,
    /// The search, its memo and its state.
    mode: M,
    /// Whether [`Self::sets_possible`] counts what the suits not yet stepped owe their own runs
    /// ([`Self::count_owed_cards`]).
    count_owed: bool,
    /// The first sweep's look at each stepped suit's future ([`SuitFuture`]; None: not looked at).
    future: Option<Pool<SuitFuture>>,
    /// Whether the upper bound cuts only at a position's start ([`Self::bound_at_starts_only`]).
    starts_only: bool,
    /// A plain sweep's suit steps as lists ([`PlainSteps`]; None: the general way).
    plain: Option<Pool<PlainSteps>>,
    /// A plain sweep on the cycle: the profile oracle that answered its first solve, or served the
    /// keep search that had it as its oracle, kept for the next keep search over the same model
    /// ([`Sweep::keep`]): its memo's values do not depend on the melds kept.
    profiled: Option<Box<profile_oracle::ProfileOracle<'m>>>,
}

impl<'m, M: SweepMode> Sweep<'m, M> {
    /// A sweep with a hand-card cap, the caller's budget, a state limit and
    /// its joker mode (lazy jokers only with at most two jokers).
    fn with_mode(m: &'m Model, cap: u32, cutoff: &Cutoff, max_states: usize, jokers: JokerMode, mode: M) -> Self {
        let jokers = if m.jokers <= 2 { jokers } else { JokerMode::Placed };
        // (more profiles than a state holds: the sweep does not start, and proves nothing)
        let seam = SeamProfiles::of(m, jokers, m.jokers > 2);
        let swap_hand_left = match jokers {
            // (a freed table joker would have to be laid, changing exact counts; under a cap that
            // binds the points objective the freed joker may find no card left to go as)
            JokerMode::Lazy => !m.rules.table_optional && m.table_jokers == 0 && !hand_cap::HandCap::binds(m, cap),
            // (with points a joker is worth more than the natural it would free)
            JokerMode::Placed => {
                m.jokers <= 2
                    && !m.rules.table_optional
                    && m.table_jokers == 0
                    && m.score != super::model::Score::Points
            }
        };
        Sweep {
            m,
            hand_cap: cap.min(127),
            jokers,
            steps: Pool::take(),
            bufs: Pool::take(),
            track_z: m.jokers > 2,
            swap_table_left: m.jokers <= 2 && !m.rules.table_optional,
            swap_hand_left,
            work: 0,
            cutoff: cutoff.clone(),
            charged: Charged::default(),
            stop: super::mirror::stop_signal(),
            max_states,
            aborted: seam.is_none(),
            jneed: JokerNeed::new(m),
            ub_cache: Pool::take(),
            dominance: !m.rules.shape.is_cycle() && !m.rules.ace_high && dominance_on(),
            seam: seam.unwrap_or(SeamProfiles::LINE),
            mode,
            count_owed: false,
            future: None,
            starts_only: false,
            plain: None,
            profiled: None,
        }
    }

    /// Makes [`Self::sets_possible`] count what the suits not yet stepped owe their own runs (plain
    /// sweeps only): it then cuts more children that have no valid end, sooner, and so changes
    /// only the work, never a value, bound or trace.
    pub(super) fn count_owed_cards(&mut self) {
        self.count_owed = self.mode.keep_info().is_none();
    }

    /// Makes [`Self::max_value`] and [`Self::reach`] cut by the upper bound only at a position's
    /// start (the Rummy expert's sweeps): there the bound after the second suit step and at the set
    /// stage cost more than the nodes it spared (the bound's cache look-up and its count of the
    /// hand naturals left for the sets, at every such node). Values and traces stay; only the
    /// nodes searched change.
    pub(in crate::search) fn bound_at_starts_only(&mut self) {
        self.starts_only = true;
    }

    /// How this sweep lays jokers.
    pub fn jokers(&self) -> JokerMode {
        self.jokers
    }

    /// Lazy jokers (see [`JokerMode::Lazy`]).
    #[inline]
    fn lazy(&self) -> bool {
        self.jokers == JokerMode::Lazy
    }

    /// Old runs that may start at (s, v) as locks (the look-ahead's absorptions).
    #[inline]
    fn locks_from(&self, s: usize, v: usize) -> u8 {
        match self.mode.keep_info() {
            Some(k) => k.pot_start[s][v],
            None => self.m.lock_start[s][v],
        }
    }

    /// Table naturals at (s, v) not held by the kept melds of `st` (`v` after
    /// `st`'s position: the melds kept there are decided).
    #[inline]
    fn table_free(&self, st: &State, s: usize, v: usize) -> u8 {
        match self.mode.keep_info() {
            Some(k) => k.free(self.m.t[s][v], s, v, st.kept),
            None => self.m.t[s][v],
        }
    }

    /// Whether kept sets of three may sit at `v` in `st`, a state of position
    /// `v` (keep mode: once its sets are decided, those kept of three).
    #[inline]
    fn groups_at(&self, st: &State, v: usize) -> bool {
        match self.mode.keep_info() {
            Some(k) if st.suit == 0 => k.sets_at[v] != 0,
            Some(k) => k.kept_threes(st.kept, v),
            None => !self.m.lock_groups[v].is_empty(),
        }
    }

    /// Free jokers in `st`.
    #[inline]
    fn jokers_left(&self, st: &State) -> u8 {
        self.m.jokers - st.jokers_laid - st.committed_jokers
    }

    /// Jokers not yet laid (bounds: some run may still use them): the free ones,
    /// the private ones, and (keep mode) those of kept melds, fixed in their
    /// cells, where a hand card may still join them (R5..R9 *=R10 kept: R11 R12
    /// extend it without a joker of their own).
    #[inline]
    fn jokers_bound(&self, st: &State) -> u8 {
        self.m.jokers.saturating_sub(st.jokers_laid)
    }

    /// Table jokers that must be placed (keep mode: not those committed to kept melds).
    #[inline]
    fn table_jokers(&self, st: &State) -> u8 {
        self.m.table_jokers - st.committed_jokers.min(self.m.table_jokers)
    }

    /// The caller's budget is used up: its work budget, counting this sweep's
    /// work since the last call, or its deadline (checked now and then: reading
    /// the clock costs; the stop signal is polled at every node, [`Self::poll_stop`]).
    fn out_of_time(&mut self) -> bool {
        let total = (self.mode.states() + self.work as usize) as u64;
        self.charged.charge(&self.cutoff, total)
    }

    /// Charges the work done since the last check to the caller's budget (a
    /// sweep ending between two checks).
    pub fn charge_rest(&mut self) {
        let total = (self.mode.states() + self.work as usize) as u64;
        self.charged.settle(&self.cutoff, total);
    }

    /// Stops at once when the search beside this one has proven its answer (one
    /// load a node: the thread then frees its core for the next search).
    #[inline]
    fn poll_stop(&mut self) {
        if self.stop.as_ref().is_some_and(|f| f.raised()) {
            self.aborted = true;
        }
    }

    /// Work done: memoised states plus unmemoised steps (keep mode: with its oracles').
    pub fn work(&self) -> usize {
        self.states() + self.work as usize + self.mode.side_work()
    }

    /// States memoised so far.
    pub fn states(&self) -> usize {
        self.mode.states()
    }

    /// Upper bound on the objective score still reachable from `st`: every hand
    /// card not yet passed placed, nothing taken back, except cards needing more
    /// jokers than are left (see [`JokerNeed`]).
    #[inline]
    fn upper_score(&mut self, st: &State) -> i32 {
        let v = (st.pos as usize).min(15);
        let jl = (self.jokers_bound(st) as usize).min(3);
        let c = &st.codes;
        let mut mask = (c[0] != 0) as usize
            | ((c[1] != 0) as usize) << 1
            | ((c[2] != 0) as usize) << 2
            | ((c[3] != 0) as usize) << 3;
        if let Some(k) = self.mode.keep_info() {
            // (a kept run is an open run of its suit, hidden until its end: a joker in its gap may serve
            // hand cards next to it)
            mask |= (0..SUITS).fold(0, |acc, s| acc | ((st.kept & k.runs_of[s] != 0) as usize) << s);
        }
        let i = ((v * 5 + st.suit as usize) * 16 + mask) * 4 + jl;
        let mut n = self.ub_cache.get(i);
        if n == i32::MIN {
            n = self.upper_base(v, st.suit, mask, jl);
            self.ub_cache.put(i, n);
        }
        let points = self.m.score == super::model::Score::Points;
        let w = |p: usize| if points { self.m.hand_value[p.min(super::model::MAX_POS - 1)] } else { 1 };
        // (hand naturals left for the set stage: bits 2-3 of a suit's leftovers)
        if st.suit > 0 && u32::from_le_bytes(st.leftovers) & 0x0c0c_0c0c != 0 {
            // Hand naturals left for the set stage need two more colours there
            // (left by the suits stepped, or present in the others) or jokers.
            let at =
                |b: usize| if (b as u8) < st.suit { st.leftovers[b] != 0 } else { self.m.t[b][v] + self.m.h[b][v] > 0 };
            let kept_sets = self.groups_at(st, v);
            for s in 0..st.suit as usize {
                let lh = (st.leftovers[s] >> 2) as i32;
                if lh > 0 && (kept_sets || (0..SUITS).filter(|&b| b != s && at(b)).count() + jl >= 2) {
                    n += lh * w(v);
                }
            }
        }
        if !self.m.rules.ace_high {
            return n; // (no aces kept for "ace high")
        }
        n + st.aces_high.iter().map(|&r| (r >> 2) as i32).sum::<i32>() * w(self.m.rules.npos - 1)
    }

    /// The part of [`Self::upper_score`] that depends only on the position, the
    /// suit step, which suits have open runs and the jokers left: the hand cards
    /// after v, those at v of the suits not yet stepped, and the hand jokers.
    fn upper_base(&self, v: usize, step: u8, open: usize, jl: usize) -> i32 {
        let points = self.m.score == super::model::Score::Points;
        let after = &self.jneed.after;
        let k = jl.min(2);
        let mut n = 0;
        for (s, a) in after.iter().enumerate() {
            let done = (s as u8) < step;
            if open >> s & 1 == 0 {
                // Without open runs of the suit, every joker of a meld it still gets is laid later.
                n += a[k][v];
            } else {
                // An open run may hold jokers laid already, but only for cards it can
                // reach with its next two cells: later cards have a 3-window of their
                // own ahead of the cut.
                let near = if done { v + 2 } else { v + 1 };
                n += a[k][near] + a[3][v] - a[3][near];
            }
            if !done && v < self.m.rules.npos && (open >> s & 1 == 1 || self.jneed.need[s][v] as usize <= k) {
                n += self.m.h[s][v] as i32 * if points { self.m.hand_value[v] } else { 1 };
            }
        }
        let hj = (self.m.jokers - self.m.table_jokers.min(self.m.jokers)) as i32;
        if points {
            n + hj * self.m.joker_value
        } else {
            n + hj - if jl <= 2 { self.jneed.short[v][jl] } else { 0 }
        }
    }

    pub fn root(&self) -> State {
        State {
            pos: 0,
            suit: 0,
            jokers_laid: 0,
            codes: [0; SUITS],
            leftovers: [0; SUITS],
            aces_high: [0; SUITS],
            seam: [0; SUITS],
            committed_jokers: 0,
            kept: 0,
            private_jokers: 0,
            carrier_marks: [CarrierMark::NONE; SUITS],
            deficit: 0,
        }
    }

    /// Whether the aces kept for "ace high" in `st` need more jokers at the
    /// cells after position `v` than are left: each such ace ends a run of its
    /// own, which holds the queen and the king of its suit as naturals (free,
    /// from the hand, or of a kept run over the cell) or jokers. A choice at
    /// position 0 that no jokers can serve is cut there, not twelve positions
    /// later at the ace.
    fn high_aces_unserved(&self, st: &State, v: usize) -> bool {
        if !high_ace_cut_on() {
            return false;
        }
        let cut = self.high_ace_shortage(st, v) > self.jokers_bound(st) as u32;
        #[cfg(test)]
        super::switches::count_high_ace_cut(cut);
        cut
    }

    /// Whether a hand ace kept for "ace high" and a table ace kept so are alike
    /// but for the hand ace's score, so the memos key them alike: both must
    /// end a run at the ace high (a hand ace kept high but left in the hand is
    /// the choice not to keep it, and high aces form no sets), and every bound
    /// and cut counts them alike.
    /// Not where table cards may stay out (`net`: a table ace kept high may go
    /// back to the hand there) nor under a binding cap (which counts hand
    /// cards).
    #[inline]
    pub(super) fn high_aces_alike(&self) -> bool {
        self.m.rules.ace_high && !self.m.rules.table_optional && high_aces_alike_on()
    }

    /// The memo key of `st` with its hand aces kept high read as table aces of
    /// their suits, and those hand aces' score, by which the value of `st`
    /// lies above the key's (both memos' reading where
    /// [`Self::high_aces_alike`]).
    pub(super) fn hand_aces_keyed_as_table(&self, st: &State) -> (Key, i32) {
        let (alike, hand) = st.hand_aces_as_table();
        (alike.key(), self.m.gain(hand, self.m.rules.npos - 1, 0))
    }

    /// The jokers [`Self::high_aces_unserved`] counts.
    fn high_ace_shortage(&self, st: &State, v: usize) -> u32 {
        let m = self.m;
        let last = m.rules.npos - 1;
        let mut need = 0;
        for s in 0..SUITS {
            let high = ((st.aces_high[s] & 3) + (st.aces_high[s] >> 2)) as u32;
            if high == 0 {
                continue;
            }
            for p in (v + 1).max(last - 2)..last {
                let started: u32 = m.lock_start[s][..=p].iter().map(|&x| x as u32).sum();
                let ended: u32 = m.lock_end[s][..p].iter().map(|&x| x as u32).sum();
                let have = m.t[s][p] as u32 + m.h[s][p] as u32 + started.saturating_sub(ended);
                need += high.saturating_sub(have);
            }
        }
        need
    }

    /// Lazy jokers: the end is valid whatever jokers are still free.
    fn base_lazy_ok(&self, st: &State) -> bool {
        self.lazy() && (0..SUITS).all(|s| self.runs_end(st, s) && st.aces_high[s] == 0)
    }

    /// Whether `st`, a state past the last position, is a valid end: no run left short, no ace
    /// kept high unused, every table joker laid where it must be, no more hand jokers than the cap.
    fn valid_end(&self, st: &State) -> bool {
        for s in 0..SUITS {
            if !self.runs_end(st, s) || st.aces_high[s] != 0 {
                return false;
            }
        }
        let table_jokers = self.table_jokers(st) as u32;
        let laid = st.jokers_laid as u32;
        if laid < table_jokers && !self.m.rules.table_optional {
            return false;
        }
        laid.saturating_sub(table_jokers) <= self.hand_cap
    }

    /// Jokers that the must-extend runs of suit `s` in `st` need at position `v`
    /// (and, for runs of length 1, at `v + 1`) beyond the cards of the suit there.
    fn deficit(&self, st: &State, s: usize, v: usize) -> u32 {
        let open_short = short(st.codes[s]);
        if open_short == 0 {
            return 0; // (the common case: nothing must go on)
        }
        let m = self.m;
        let last = m.rules.npos - 1;
        let mut deficit = 0;
        let need = open_short.saturating_sub(self.locks_from(s, v) as u32);
        if need > 0 {
            let have = if m.rules.ace_high && v == last {
                (st.aces_high[s] & 3) as u32 + (st.aces_high[s] >> 2) as u32
            } else {
                self.table_free(st, s, v) as u32 + m.h[s][v] as u32
            };
            deficit += need.saturating_sub(have);
        }
        if v < last && !(m.rules.ace_high && v + 1 == last) && !m.rules.shape.is_cycle() {
            // runs of length 1 also need the next cell
            let absorbed = (self.locks_from(s, v) + self.locks_from(s, v + 1)) as u32;
            let need = class_count(st.codes[s], RunClass::N1).saturating_sub(absorbed);
            deficit += need.saturating_sub(self.table_free(st, s, v + 1) as u32 + m.h[s][v + 1] as u32);
        }
        deficit
    }

    fn options(&mut self, p: SuitIn) -> std::ops::Range<usize> {
        let key = p.code as u64
            | (p.table as u64) << 24
            | (p.hand as u64) << 28
            | (p.jokers_free as u64) << 32
            | (p.kept_starts as u64) << 40
            | (p.kept_ends as u64) << 44
            | (p.can_start as u64) << 48
            | (p.track_z as u64) << 49
            | (p.swap_table_left as u64) << 50
            | (p.swap_hand_left as u64) << 51
            | (p.lazy as u64) << 52
            | (p.joker_start as u64) << 53
            | (p.dominance as u64) << 54
            | (p.carrier.mode as u64) << 55
            | (p.carrier.mark.0 as u64) << 57
            | (p.carrier.private as u64) << 60
            | (p.carrier.from_cut as u64) << 61;
        let steps = &mut *self.steps;
        if steps.front.is_empty() {
            steps.front = vec![(StepCache::NO_KEY, 0, 0); 1 << StepCache::FRONT_BITS];
        }
        let slot = StepCache::front_slot(key);
        let (k, a, b) = steps.front[slot];
        if k == key {
            return a as usize..b as usize;
        }
        let (a, b) = match steps.opts.get(&key) {
            Some(&range) => range,
            None => {
                let o = super::options::suit_options(p);
                let a = steps.arena.len() as u32;
                steps.arena.extend_from_slice(&o);
                let range = (a, steps.arena.len() as u32);
                steps.opts.insert(key, range);
                range
            }
        };
        steps.front[slot] = (key, a, b);
        a as usize..b as usize
    }

    /// The moves of a suit step at `cell`, and (keep mode) the table cards the
    /// step keeps whole and what filled the gaps of kept runs there (the hand
    /// naturals among them count as placed).
    fn suit_moves(&mut self, st: &State, cell: Cell, kept: i32, gaps: GapFill, out: &mut Vec<Branch>) {
        let m = self.m;
        let v = st.pos as usize;
        let s = st.suit as usize;
        // (the suit's private jokers serve its runs: the kept run they belong to is one of them;
        // hand naturals may extend that run first, so a joker of it may lie at any cell:
        // R8 R9 R10 R11 * + R5 R7 = R5 *=R6 R7..R11, nothing moved)
        let private = if self.mode.keep_info().is_some() { KeepInfo::private_of(st.private_jokers, s) } else { 0 };
        // (a suit with a carrier lays its private jokers on the carrier alone; its kept run's
        // first and last natural)
        let info = self.mode.keep_info();
        let cross_carried = info.is_some_and(|k| k.cross_carried >> s & 1 == 1);
        // (on the cycle, where runs may cross the cut, the end carrier lays what is left of the
        // private jokers once the carrier ended: KeepInfo::cross_carried)
        let past = info.is_some_and(|k| k.past_carrier(s, v, st.carrier_marks[s]));
        // (the run going on from a kept run's lock across the cut: marked where the lock ends)
        let through = info.is_some_and(|k| k.through(s));
        let carried = info.and_then(|k| k.carrier_at_cell(s, v)).map(|o| (o.first, o.last));
        let carrier = match carried {
            Some(_) if past => Self::end_carrier(st, s),
            Some(lock) => Self::carrier_at(lock, st, s, through),
            None => Default::default(),
        };
        // (the lock's run comes from across the cut: a run crossing it carries from position 0)
        let from_cut = v == 0 && carried.is_some_and(|(a, _)| a > 0) && info.is_some_and(|k| k.from_cut(s));
        let carrier = Carrier { from_cut: from_cut && carrier.mode == CarrierMode::Below, ..carrier };
        let jokers_free = self.jokers_left(st) + if carried.is_some() { 0 } else { private };
        let last = m.rules.npos - 1;
        // (at the ace high, the aces kept for it at position 0)
        let (table, hand) = if m.rules.ace_high && v == last {
            (st.aces_high[s] & 3, st.aces_high[s] >> 2)
        } else {
            (cell.table, cell.hand)
        };
        // (aces kept for "ace high": every split at position 0, else none)
        let split = m.rules.ace_high && v == 0;
        let (most_table_aces, most_hand_aces) = if split { (table, hand) } else { (0, 0) };
        // The set stage keeps the codes: the check of the next position
        // (the summed deficit) applies now to the suits stepped, so dead ends end here;
        // the set stage applies it whole (state_value, max_value and reach rely on these two checks).
        let ahead = v < last;
        let stepped = if ahead { st.deficit as u32 } else { 0 };
        // (on the cycle, every seam profile at position 0: its crossing runs enter as open runs)
        let cycle = m.rules.shape.is_cycle();
        // (plain counting, not an iterator chain: this is the sweep's innermost loop; on the line the
        // one seam profile is the empty one)
        let profiles = if v == 0 { self.seam.count(s) as u8 } else { 1 };
        let table_splits = most_table_aces + 1;
        for choice in 0..profiles * table_splits {
            // (no division where there is one split: every step but Rommé's position 0)
            let (seam, table_aces) =
                if table_splits == 1 { (choice, 0) } else { (choice / table_splits, choice % table_splits) };
            let crossing = if v == 0 { self.seam.code(s, seam) } else { 0 };
            for hand_aces in 0..=most_hand_aces {
                let step = SuitIn {
                    code: st.codes[s] + crossing,
                    table: table - table_aces,
                    hand: hand - hand_aces,
                    jokers_free,
                    can_start: v + 2 <= last || cycle,
                    kept_starts: cell.kept_starts,
                    kept_ends: cell.kept_ends,
                    track_z: self.track_z,
                    // (a private joker may not trade places with a natural going to a set)
                    swap_table_left: self.swap_table_left && private == 0,
                    swap_hand_left: self.swap_hand_left && private == 0,
                    lazy: self.lazy(),
                    joker_start: v + 2 == last && !cycle,
                    dominance: self.dominance,
                    carrier,
                };
                for i in self.options(step) {
                    // (a copy: the suit's future may add options to the arena)
                    let opt = self.steps.arena[i];
                    if m.rules.ace_high && v == last && opt.hand_left > 0 {
                        continue; // a hand ace kept high but not used: same as not keeping it
                    }
                    if crossing != 0 && !cyclic::crossing_goes_on(&opt, crossing) {
                        continue;
                    }
                    let mut child = *st;
                    child.suit += 1;
                    child.codes[s] = opt.new_code;
                    child.leftovers[s] = opt.table_left | (opt.hand_left << 2);
                    // (the suit's private jokers it laid: the carrier's, else the first ones laid)
                    let own = if carried.is_some() { opt.private_laid } else { opt.jokers.min(private) };
                    child.private_jokers -= own << (2 * s);
                    child.jokers_laid += opt.jokers - own;
                    if let Some((_, lock_end)) = carried {
                        let left = KeepInfo::private_of(child.private_jokers, s);
                        // (marked where the lock ends only if the run was kept)
                        let through_kept = through && (v != lock_end || cell.through_ends);
                        child.carrier_marks[s] = if past {
                            Self::end_mark_after(cell.kept_ends, opt.carrier_mark)
                        } else {
                            Self::mark_after(lock_end, v, left, cell.kept_ends, opt.carrier_mark, through_kept)
                        };
                        if v > lock_end && child.carrier_marks[s] == CarrierMark::NONE && !cross_carried {
                            // (above the lock, once no run carries them, what is left of the private
                            // jokers is added to their run afterwards: nothing else may lay them, and
                            // states that differ only there are alike)
                            child.private_jokers &= !(3 << (2 * s));
                        }
                    }
                    if v == 0 {
                        child.seam[s] = self.seam_kept(s, seam);
                    }
                    if m.rules.ace_high && v == 0 {
                        child.aces_high[s] = table_aces | (hand_aces << 2);
                    } else if m.rules.ace_high && v == last {
                        child.aces_high[s] = 0;
                    }
                    if !self.sets_possible(&child) {
                        continue;
                    }
                    if self.ends_unserved(&child, v) {
                        continue;
                    }
                    if ahead {
                        let deficit = stepped + self.deficit(&child, s, v + 1);
                        if deficit > self.jokers_bound(&child) as u32 {
                            continue;
                        }
                        child.deficit = deficit.min(u8::MAX as u32) as u8;
                        if self.suit_dead(&child, s, v, opt.jokers > 0) {
                            continue;
                        }
                    }
                    let hand_placed = opt.hand_in_runs as u32 + gaps.hand as u32;
                    out.push(Branch {
                        child,
                        hand_placed,
                        score: m.gain(hand_placed, v, 0),
                        kept,
                        dec: Decision::Suit {
                            pos: st.pos,
                            suit: st.suit,
                            opt,
                            aces_high: (table_aces, hand_aces),
                            seam,
                            kept_melds: 0,
                            gaps,
                        },
                    });
                }
            }
        }
    }

    /// All moves out of `st` (a suit step or the set stage).
    fn moves(&mut self, st: &State, out: &mut Vec<Branch>) {
        let m = self.m;
        let v = st.pos as usize;
        if (st.suit as usize) < SUITS {
            let Some(k) = self.mode.keep_info().cloned() else {
                if self.plain.is_some() && self.plain_suit_moves(st, out) {
                    return;
                }
                let s = st.suit as usize;
                let cell = Cell {
                    table: m.t[s][v],
                    hand: m.h[s][v],
                    kept_starts: m.lock_start[s][v],
                    kept_ends: m.lock_end[s][v],
                    through_ends: false,
                };
                return self.suit_moves(st, cell, 0, GapFill::default(), out);
            };
            return self.keep_suit_moves(st, &k, out);
        }
        self.set_moves(st, out);
    }
}

#[cfg(test)]
#[path = "sweep_tests.rs"]
mod tests;
