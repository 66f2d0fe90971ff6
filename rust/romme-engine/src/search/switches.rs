//! Switches the tests set for this thread's searches: to compare a search with
//! a part of it off, or to price the Lagrangian bound from the first node and
//! re-search every state it cuts. A build without tests has no switches: each
//! reader answers the default, a constant.

#[cfg(test)]
use std::cell::{Cell, RefCell};

#[cfg(test)]
thread_local! {
    /// Dominance between memo entries is off.
    pub(crate) static DOMINANCE_OFF: Cell<bool> = const { Cell::new(false) };
    /// Carriers of private jokers are off.
    pub(crate) static CARRIERS_OFF: Cell<bool> = const { Cell::new(false) };
    /// The sweep's cut of aces kept for "ace high" that no run can take is off.
    pub(crate) static HIGH_ACE_CUT_OFF: Cell<bool> = const { Cell::new(false) };
    /// The moves that cut cut (counted while it is on).
    pub(crate) static HIGH_ACE_CUTS: Cell<u64> = const { Cell::new(0) };
    /// A Rommé `points` search runs without the cards search first.
    pub(crate) static POINTS_BY_CARDS_OFF: Cell<bool> = const { Cell::new(false) };
    /// The plain sweep's memo keeps hand and table aces kept high apart.
    pub(crate) static HIGH_ACES_APART: Cell<bool> = const { Cell::new(false) };
    /// The work a position costs before keep mode's vector search on the cycle asks the profile
    /// oracle (else the default).
    pub(crate) static VECTOR_ORACLE_AFTER: Cell<Option<u64>> = const { Cell::new(None) };
    /// Keep-search nodes before the Lagrangian bound is priced (else the default);
    /// set, the bound serves tables of every size.
    pub(crate) static LAGRANGE_AFTER: Cell<Option<u64>> = const { Cell::new(None) };
    /// Some: every state the Lagrangian bound cuts is searched without it too,
    /// and counted.
    pub(crate) static LAGRANGE_CHECKS: Cell<Option<u64>> = const { Cell::new(None) };
    /// Of those, the states halfway through a position.
    pub(crate) static HALFWAY_CHECKS: Cell<u64> = const { Cell::new(0) };
    /// The keep search's limit in a Rommé position's own look (else the default).
    pub(crate) static FIRST_LOOK: Cell<Option<usize>> = const { Cell::new(None) };
    /// The keep search's oracle is asked at the root too.
    pub(crate) static ORACLE_AT_ROOT: Cell<bool> = const { Cell::new(false) };
    /// On the cycle the first solve's profile oracle is not handed to keep mode (nor one keep
    /// search's to the next): each keep search starts its own.
    pub(crate) static PROFILE_ORACLE_KEPT_OFF: Cell<bool> = const { Cell::new(false) };
    /// The Rummy fast tie-break's shortcuts are off (the look for an answer moving nothing before
    /// the first answer is traced, and no greedy try of a meld already kept).
    pub(crate) static FAST_SHORTCUTS_OFF: Cell<bool> = const { Cell::new(false) };
    /// A plain sweep's suit steps go the general way, not through their lists.
    pub(crate) static PLAIN_STEPS_OFF: Cell<bool> = const { Cell::new(false) };
    /// A rebuild steps every suit the general way, also where nothing lies and nothing is open.
    pub(crate) static EMPTY_STEPS_OFF: Cell<bool> = const { Cell::new(false) };
    /// The Rummy expert's sweeps cut by the upper bound where the other sweeps do, not only at a
    /// position's start.
    pub(crate) static STARTS_ONLY_BOUNDS_OFF: Cell<bool> = const { Cell::new(false) };
    /// The Rummy expert's greedy keep tries run under the general limits (`DISTURBANCE_STATES`, no
    /// count of failed tries), not under their own.
    pub(crate) static RUMMY_GREEDY_LIMITS_OFF: Cell<bool> = const { Cell::new(false) };
    /// Keep mode on the cycle searches past position 0 state by state with its
    /// profile, not with value vectors over the profile tuples.
    pub(crate) static KEEP_VECTORS_OFF: Cell<bool> = const { Cell::new(false) };
    /// On the cycle the LP's bound of the table cards kept is not asked.
    pub(crate) static LP_KEPT_OFF: Cell<bool> = const { Cell::new(false) };
    /// On the cycle the LP dive is not tried.
    pub(crate) static LP_DIVE_OFF: Cell<bool> = const { Cell::new(false) };
    /// The universe search's objective phase asks no LP bound of the objective.
    pub(crate) static LP_OBJECTIVE_OFF: Cell<bool> = const { Cell::new(false) };
    /// Some: the greedy keep tries of the fast tie-break are written down, each as the cards of
    /// the meld tried and the failed tries before it.
    pub(crate) static GREEDY_TRIES: RefCell<Option<Vec<(usize, u32)>>> = const { RefCell::new(None) };
}

/// Writes down a greedy keep try of the meld of `cards` cards after `fails` failed tries, where a
/// test asks ([`greedy_tries`]); a build without tests does nothing.
#[allow(unused_variables)]
pub(super) fn note_greedy_try(cards: usize, fails: u32) {
    #[cfg(test)]
    GREEDY_TRIES.with(|t| t.borrow_mut().as_mut().map(|v| v.push((cards, fails))));
}

/// Runs `f` and returns, with its answer, the greedy keep tries its searches made on this thread
/// (each as the cards of the meld tried and the failed tries before it).
#[cfg(test)]
pub(crate) fn greedy_tries<T>(f: impl FnOnce() -> T) -> (T, Vec<(usize, u32)>) {
    GREEDY_TRIES.with(|t| *t.borrow_mut() = Some(Vec::new()));
    let out = f();
    (out, GREEDY_TRIES.with(|t| t.borrow_mut().take()).unwrap_or_default())
}

/// Keep mode on the cycle searches past position 0 with value vectors over
/// the profile tuples, except in tests that turn them off to compare.
pub(super) fn keep_vectors_on() -> bool {
    #[cfg(test)]
    return !KEEP_VECTORS_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// The LP bounds the table cards kept where keep mode on the cycle, or the universe search, leaves the
/// fewest moved unproven,
/// except in tests that turn it off to compare.
pub(super) fn lp_kept_on() -> bool {
    #[cfg(test)]
    return !LP_KEPT_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// The universe search's objective phase asks the LP's bound of the objective, except in tests that
/// turn it off to compare.
pub(super) fn lp_objective_on() -> bool {
    #[cfg(test)]
    return !LP_OBJECTIVE_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// On the cycle a dive through the LP of the kept looks for an answer keeping more where the LP's
/// bound lies above the answer in hand ([`super::lp_dive`]), except in tests that turn it off to compare.
pub(super) fn lp_dive_on() -> bool {
    #[cfg(test)]
    return !LP_DIVE_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// Whether the keep search's oracle is asked at the root, which a test turns
/// on to compare (else never: the root reaches the objective).
pub(super) fn oracle_at_root() -> bool {
    #[cfg(test)]
    return ORACLE_AT_ROOT.with(|x| x.get());
    #[cfg(not(test))]
    false
}

/// Whether the profile oracle on the cycle goes from the first solve to keep mode and from one
/// keep search to the next, except in tests that turn it off to compare.
pub(super) fn profile_oracle_kept() -> bool {
    #[cfg(test)]
    return !PROFILE_ORACLE_KEPT_OFF.with(|x| x.get());
    #[cfg(not(test))]
    true
}

/// The Rummy fast tie-break's shortcuts are on, except in tests that turn them off to compare.
pub(super) fn fast_shortcuts_on() -> bool {
    #[cfg(test)]
    return !FAST_SHORTCUTS_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// The Rummy expert's greedy keep tries stop under their own limits, except in tests that turn them off
/// to compare.
pub(super) fn rummy_greedy_limits_on() -> bool {
    #[cfg(test)]
    return !RUMMY_GREEDY_LIMITS_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// A plain sweep's suit steps read their lists ([`super::sweep`]'s `PlainSteps`), except in tests
/// that turn them off to compare.
pub(super) fn plain_steps_on() -> bool {
    #[cfg(test)]
    return !PLAIN_STEPS_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// A rebuild passes a suit's empty steps at once ([`super::rebuild`]), except in tests that turn
/// that off to compare.
pub(super) fn empty_steps_on() -> bool {
    #[cfg(test)]
    return !EMPTY_STEPS_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// The Rummy expert's sweeps cut by the upper bound only at a position's start
/// ([`super::sweep::Sweep::bound_at_starts_only`]), except in tests that turn that off to compare.
pub(super) fn starts_only_bounds_on() -> bool {
    #[cfg(test)]
    return !STARTS_ONLY_BOUNDS_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// The keep search's limit in a Rommé position's own look before its mirror
/// image's ([`super::romme_mirror`]), where a test set it (else the default).
pub(super) fn first_look() -> Option<usize> {
    #[cfg(test)]
    return FIRST_LOOK.with(|x| x.get());
    #[cfg(not(test))]
    None
}

/// Dominance is on, except in tests that turn it off to compare.
pub(super) fn dominance_on() -> bool {
    #[cfg(test)]
    return !DOMINANCE_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// Carriers of private jokers are on, except in tests that turn them off to compare.
pub(super) fn carriers_on() -> bool {
    #[cfg(test)]
    return !CARRIERS_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// The cut of aces kept high that no run can take is on, except in tests that
/// turn it off to compare.
pub(super) fn high_ace_cut_on() -> bool {
    #[cfg(test)]
    return !HIGH_ACE_CUT_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// A Rommé `points` search asks the cards search first where the whole hand
/// may go out, except in tests that turn it off to compare.
pub(super) fn points_by_cards_on() -> bool {
    #[cfg(test)]
    return !POINTS_BY_CARDS_OFF.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// The plain sweep's memo keys hand aces kept high as table aces, except in
/// tests that keep them apart to compare.
pub(super) fn high_aces_alike_on() -> bool {
    #[cfg(test)]
    return !HIGH_ACES_APART.with(|f| f.get());
    #[cfg(not(test))]
    true
}

/// Counts a move the cut of aces kept high cut.
#[cfg(test)]
pub(super) fn count_high_ace_cut(cut: bool) {
    HIGH_ACE_CUTS.with(|n| n.set(n.get() + cut as u64));
}

/// The work a position costs before keep mode's vector search on the cycle asks the profile
/// oracle, where a test set it.
pub(super) fn vector_oracle_after() -> Option<u64> {
    #[cfg(test)]
    return VECTOR_ORACLE_AFTER.with(|x| x.get());
    #[cfg(not(test))]
    None
}

/// The keep-search nodes before the Lagrangian bound is priced, where a test set them.
pub(super) fn lagrange_after() -> Option<u64> {
    #[cfg(test)]
    return LAGRANGE_AFTER.with(|x| x.get());
    #[cfg(not(test))]
    None
}

/// Whether a test re-searches each state the Lagrangian bound cuts.
#[cfg(test)]
pub(super) fn lagrange_checks_on() -> bool {
    LAGRANGE_CHECKS.with(|x| x.get()).is_some()
}

/// Counts a state the Lagrangian bound cut and a test re-searched.
#[cfg(test)]
pub(super) fn count_lagrange_check(halfway: bool) {
    LAGRANGE_CHECKS.with(|x| x.set(x.get().map(|n| n + 1)));
    HALFWAY_CHECKS.with(|x| x.set(x.get() + halfway as u64));
}

/// Runs `f` with the part that the switch `off` turns off on or off (this thread's searches only),
/// and the part on again after it.
#[cfg(test)]
fn with_switch<T>(off: &'static std::thread::LocalKey<Cell<bool>>, on: bool, f: impl FnOnce() -> T) -> T {
    off.with(|x| x.set(!on));
    let r = f();
    off.with(|x| x.set(false));
    r
}

/// Runs `f` with dominance on or off (this thread's searches only).
#[cfg(test)]
pub(crate) fn with_dominance<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&DOMINANCE_OFF, on, f)
}

/// Runs `f` with the Rummy fast tie-break's shortcuts on or off (this thread's searches only).
#[cfg(test)]
pub(crate) fn with_fast_shortcuts<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&FAST_SHORTCUTS_OFF, on, f)
}

/// Runs `f` with a plain sweep's suit steps read from their lists or not (this thread's searches only).
#[cfg(test)]
pub(crate) fn with_plain_steps<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&PLAIN_STEPS_OFF, on, f)
}

/// Runs `f` with a rebuild passing empty suit steps at once or not (this thread's searches only).
#[cfg(test)]
pub(crate) fn with_empty_steps<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&EMPTY_STEPS_OFF, on, f)
}

/// Runs `f` with the Rummy expert's sweeps bounded only at a position's start or not (this
/// thread's searches only).
#[cfg(test)]
pub(crate) fn with_starts_only_bounds<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&STARTS_ONLY_BOUNDS_OFF, on, f)
}

/// Runs `f` with the Rummy expert's greedy keep tries under their own limits or the general ones (this
/// thread's searches only).
#[cfg(test)]
pub(crate) fn with_rummy_greedy_limits<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&RUMMY_GREEDY_LIMITS_OFF, on, f)
}

/// Runs `f` with keep mode on the cycle searching with value vectors over the profile tuples or
/// state by state (this thread's searches only).
#[cfg(test)]
pub(crate) fn with_keep_vectors<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&KEEP_VECTORS_OFF, on, f)
}

/// Runs `f` with keep mode's vector search on the cycle asking the profile oracle once the
/// position cost `after` work (this thread's searches only).
#[cfg(test)]
pub(crate) fn with_vector_oracle_after<T>(after: u64, f: impl FnOnce() -> T) -> T {
    VECTOR_ORACLE_AFTER.with(|x| x.set(Some(after)));
    let r = f();
    VECTOR_ORACLE_AFTER.with(|x| x.set(None));
    r
}

/// Runs `f` with the first solve's profile oracle handed on to keep mode or not (this thread's
/// searches only).
#[cfg(test)]
pub(crate) fn with_profile_oracle_kept<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&PROFILE_ORACLE_KEPT_OFF, on, f)
}

/// Runs `f` with the LP's bound of the table cards kept on the cycle asked or not (this thread's
/// searches only).
#[cfg(test)]
pub(crate) fn with_lp_kept<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&LP_KEPT_OFF, on, f)
}

/// Runs `f` with the LP's bound of the objective asked by the universe search or not (this thread's
/// searches only).
#[cfg(test)]
pub(crate) fn with_lp_objective<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&LP_OBJECTIVE_OFF, on, f)
}

/// Runs `f` with the LP dive on the cycle tried or not (this thread's searches only).
#[cfg(test)]
pub(crate) fn with_lp_dive<T>(on: bool, f: impl FnOnce() -> T) -> T {
    with_switch(&LP_DIVE_OFF, on, f)
}
