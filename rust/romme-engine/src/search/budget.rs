//! What bounds a table search beyond its own work limits: the caller's
//! [`Budget`] and its live form during one solve, [`Cutoff`].
//!
//! A time budget is a deadline: what the search answers then depends on the
//! machine's speed and load. A work budget counts the search's own steps
//! (memoised states and expanded nodes, the units its work limits count), so
//! the same position under the same work budget gets the same answer on any
//! machine and under any load: the bots search under work budgets, which is
//! what makes a seed replay a bot game exactly. Both may be given; the first
//! reached cuts. (Design: docs/SEARCH-DESIGN.md §4.11.)

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A caller's bound on one table search. A search cut by it answers with the
/// best it found (at least the cheap answer), `optimal == false` and
/// `budget_cut == true`. A plain number converts to a time budget in
/// milliseconds (0: none), the form of the older entry points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock milliseconds (None: no deadline).
    pub time_ms: Option<u64>,
    /// Search work: states and steps, summed over every search of the solve
    /// (None: only the searches' own work limits).
    pub work: Option<u64>,
}

impl Budget {
    /// No budget: the searches' own work limits only.
    pub const UNLIMITED: Budget = Budget { time_ms: None, work: None };

    /// A time budget of `ms` milliseconds (0: none).
    pub fn time_ms(ms: u64) -> Budget {
        Budget { time_ms: (ms > 0).then_some(ms), work: None }
    }

    /// A work budget of `units` (0: none).
    pub fn work(units: u64) -> Budget {
        Budget { time_ms: None, work: (units > 0).then_some(units) }
    }

    /// This budget with a work budget of `units` too (0: none).
    pub fn and_work(self, units: u64) -> Budget {
        Budget { work: (units > 0).then_some(units), ..self }
    }

    /// Whether it bounds anything.
    pub fn is_bounded(&self) -> bool {
        self.time_ms.is_some() || self.work.is_some()
    }
}

impl From<u64> for Budget {
    fn from(ms: u64) -> Budget {
        Budget::time_ms(ms)
    }
}

/// The work account of a solve given no work budget: every search of the call (the main search, one
/// a joker swap, the fallbacks and cheap answers of a cut search) draws on it, so that no position
/// runs for seconds. Over every bench position's work (the dearest of the 300 `wrap_around`
/// positions about 2.7M); where it runs out the answer is the best found, unproven ("work limit",
/// not a budget cut). A caller's work budget replaces it, larger or smaller.
pub const DEFAULT_WORK: u64 = 3_000_000;

/// Work a solve's finish may spend where its searches left less of the account ([`Cutoff::finish`]):
/// the answer it gives at least (the hand's own melds found by the hand solver) and the repair of a
/// cut answer. The slack of a work budget, and after a deadline (about 4 ms on the hosts of
/// docs/PERFORMANCE.md).
pub const FINISH_WORK: u64 = 20_000;

/// The work spent by a solve's searches and the most they may spend
/// (`u64::MAX`: counted only, for the answer's report).
#[derive(Debug)]
struct Meter {
    spent: AtomicU64,
    limit: u64,
    /// Whether `limit` is the caller's work budget (else the solve's own: [`DEFAULT_WORK`], or an
    /// inner search's limit).
    by_caller: bool,
}

/// A [`Budget`] while its solve runs: the deadline and the shared work meter
/// that every search of the solve charges as it goes (each search charges the
/// work it did since its last check; a meter is never shared between threads
/// that race, so what it reads depends only on the searches).
#[derive(Clone, Debug, Default)]
pub struct Cutoff {
    deadline: Option<Instant>,
    work: Option<Arc<Meter>>,
    /// The meters of the cutoffs this one runs within ([`Self::within`]): charged too, and
    /// any of them spent stops it.
    outer: Vec<Arc<Meter>>,
    /// Meters charged too that stop nothing: the account a solve's finish is billed to ([`Self::finish`]).
    billed: Vec<Arc<Meter>>,
    /// A meter and the work it must have spent before the deadline cuts (a finish's reserve:
    /// [`Self::finish`]; the searches within it keep it).
    grace: Option<(Arc<Meter>, u64)>,
    /// A flag another thread raises to stop the solve as a passed deadline does ([`Self::stopped_by`]).
    stop: Option<Arc<AtomicBool>>,
}

impl Cutoff {
    /// No cutoff: the searches' own work limits only.
    pub const NONE: Cutoff =
        Cutoff { deadline: None, work: None, outer: Vec::new(), billed: Vec::new(), grace: None, stop: None };

    /// `budget` starting now: one work account for the whole solve, the caller's work budget or
    /// else [`DEFAULT_WORK`] (its work is counted either way: [`Self::spent`]).
    pub fn start(budget: Budget) -> Cutoff {
        Cutoff::account(budget, DEFAULT_WORK)
    }

    /// `budget` starting now with `default_work` where it gives no work budget (`u64::MAX`: none, for
    /// the tests that need a search's own limits alone).
    pub fn account(budget: Budget, default_work: u64) -> Cutoff {
        let meter = Meter {
            spent: AtomicU64::new(0),
            limit: budget.work.unwrap_or(default_work),
            by_caller: budget.work.is_some(),
        };
        Cutoff {
            deadline: budget.time_ms.map(|ms| Instant::now() + Duration::from_millis(ms)),
            work: Some(Arc::new(meter)),
            outer: Vec::new(),
            billed: Vec::new(),
            grace: None,
            stop: None,
        }
    }

    /// This cutoff, stopped as by a passed deadline once `stop` is raised: a caller's way to end a
    /// solve whose answer it no longer wants (the window's hint, the position left), which still
    /// answers, as a cut search does. A flag never raised changes nothing, so a seed replays alike.
    pub fn stopped_by(self, stop: Arc<AtomicBool>) -> Cutoff {
        Cutoff { stop: Some(stop), ..self }
    }

    /// Whether it bounds anything. It never changes a search's course: a
    /// budget only cuts, so a budget at least a search's work gets the answer,
    /// flags and work of the search without one.
    pub fn is_bounded(&self) -> bool {
        self.deadline.is_some() || self.counts_work()
    }

    /// Whether it counts work (then the solve must not depend on a race
    /// between threads: [`super::race`] runs the search alone).
    pub fn counts_work(&self) -> bool {
        self.work.as_ref().is_some_and(|m| m.by_caller)
    }

    /// Adds `work` to the solve's work spent; whether the search must stop
    /// (the work budget is spent or the deadline has passed).
    pub fn spend(&self, work: u64) -> bool {
        let over = |m: &Arc<Meter>| m.spent.fetch_add(work, Relaxed).saturating_add(work) > m.limit;
        // (every meter charged: no short cut)
        let over_work = self.work.iter().chain(&self.outer).fold(false, |any, m| over(m) | any);
        for m in &self.billed {
            m.spent.fetch_add(work, Relaxed);
        }
        over_work || self.past_deadline()
    }

    /// Whether the deadline has passed (and cuts: a finish's deadline cuts once its grace is spent).
    fn past_deadline(&self) -> bool {
        let graced = self.grace.as_ref().is_some_and(|(m, work)| m.spent.load(Relaxed) < *work);
        let stopped = self.stop.as_ref().is_some_and(|s| s.load(Relaxed));
        !graced && (stopped || self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    /// Whether the budget is used up ([`Self::spend`] of nothing).
    pub fn reached(&self) -> bool {
        self.spend(0)
    }

    /// Whether the caller's own bound is used up: its deadline passed (or its stop raised), or its
    /// work budget spent. The solve's default account ([`DEFAULT_WORK`]) running out is the search's
    /// work limit, not the caller's budget, whether or not a deadline runs beside it.
    pub fn callers_reached(&self) -> bool {
        let spent = |m: &Arc<Meter>| m.by_caller && m.spent.load(Relaxed) > m.limit;
        self.past_deadline() || self.work.iter().chain(&self.outer).any(spent)
    }

    /// Whether `work` more units keep within the work budget, with no deadline running: a search
    /// known to spend that much would not be cut.
    pub fn admits(&self, work: u64) -> bool {
        self.deadline.is_none()
            && self.work.iter().chain(&self.outer).all(|m| m.spent.load(Relaxed).saturating_add(work) <= m.limit)
    }

    /// Work charged so far (0 for [`Self::NONE`]).
    pub fn spent(&self) -> u64 {
        self.work.as_ref().map_or(0, |m| m.spent.load(Relaxed))
    }

    /// Time left before the deadline, if there is one.
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// The deadline alone (the mirror search of a timed race has no work meter).
    pub fn time_only(&self) -> Cutoff {
        Cutoff {
            deadline: self.deadline,
            work: None,
            outer: Vec::new(),
            billed: Vec::new(),
            grace: None,
            stop: self.stop.clone(),
        }
    }

    /// A search's own bound of `work` units within this cutoff: its own meter,
    /// this one's deadline, and every unit it spends charged here too, where
    /// a spent budget stops it as well (so a caller's budget cuts an inner
    /// search, and a caller without one gets the inner search's own limit).
    pub fn within(&self, work: u64) -> Cutoff {
        let own = Arc::new(Meter { spent: AtomicU64::new(0), limit: work.max(1), by_caller: false });
        let outer = self.work.iter().chain(&self.outer).cloned().collect();
        Cutoff {
            deadline: self.deadline,
            work: Some(own),
            outer,
            billed: self.billed.clone(),
            grace: self.grace.clone(),
            stop: self.stop.clone(),
        }
    }

    /// The bound of a solve's finish, the answer it gives at least ([`super::cheap`]) and the repair
    /// of a cut answer ([`super::repair`]), run after its searches: a meter of its own of what the
    /// account has left, at least [`FINISH_WORK`] (a spent budget still answers with the hand's own
    /// melds), every unit billed to the account; the deadline cuts it only once it has spent
    /// [`FINISH_WORK`]. So a solve spends at most its work budget plus [`FINISH_WORK`] (and one
    /// charge step of the search the budget stopped), and runs past its deadline by at most the
    /// time of [`FINISH_WORK`] units.
    pub fn finish(&self) -> Cutoff {
        let stopping = || self.work.iter().chain(&self.outer);
        let left = stopping().map(|m| m.limit.saturating_sub(m.spent.load(Relaxed))).min().unwrap_or(u64::MAX);
        let own = Arc::new(Meter { spent: AtomicU64::new(0), limit: left.max(FINISH_WORK), by_caller: false });
        let billed = stopping().chain(&self.billed).cloned().collect();
        let grace = Some((own.clone(), FINISH_WORK));
        Cutoff { deadline: self.deadline, work: Some(own), outer: Vec::new(), billed, grace, stop: self.stop.clone() }
    }

    /// An inner search's own bound where it once had a time limit of its own:
    /// `work` units of work on a meter of its own, the same on every machine.
    pub fn inner(work: u64) -> Cutoff {
        let own = Meter { spent: AtomicU64::new(0), limit: work.max(1), by_caller: false };
        Cutoff {
            deadline: None,
            work: Some(Arc::new(own)),
            outer: Vec::new(),
            billed: Vec::new(),
            grace: None,
            stop: None,
        }
    }
}

/// A search's running total of work against the last total it charged to
/// its [`Cutoff`] (searches count their own work; this charges the difference).
#[derive(Clone, Debug, Default)]
pub struct Charged {
    /// The search's total work at its last charge.
    at: u64,
}

/// Work a search does between two charges to a cutoff without a deadline (a
/// search may check at every node for a while: an atomic add each time costs).
const CHARGE_STEP: u64 = 1024;

impl Charged {
    /// A search whose first `total` work is charged already (where it was done).
    pub fn at(total: u64) -> Charged {
        Charged { at: total }
    }

    /// Charges the work done since the last charge (`total`: the search's
    /// work so far) to `cutoff`, at least [`CHARGE_STEP`] of it, reading the
    /// deadline at every call; whether the search must stop. (The work is
    /// charged in the same steps with or without a deadline, so that where a
    /// work budget or the default account stops a search a time budget far
    /// above it changes nothing.)
    pub fn charge(&mut self, cutoff: &Cutoff, total: u64) -> bool {
        if total < self.at.saturating_add(CHARGE_STEP) {
            return cutoff.past_deadline();
        }
        self.settle(cutoff, total)
    }

    /// Charges all the work done since the last charge (a search ending).
    pub fn settle(&mut self, cutoff: &Cutoff, total: u64) -> bool {
        let new = total.saturating_sub(self.at);
        self.at = self.at.max(total);
        cutoff.spend(new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_work_budget_cuts_once_spent() {
        let c = Cutoff::start(Budget::work(2000));
        let mut mine = Charged::default();
        assert!(!mine.charge(&c, 600) && c.spent() == 0);
        assert!(!mine.charge(&c, 2000) && c.spent() == 2000);
        assert!(!mine.charge(&c, 2001) && c.spent() == 2000);
        assert!(mine.settle(&c, 2001));
        assert_eq!(c.spent(), 2001);
        assert!(c.reached() && c.counts_work() && c.is_bounded());
        let c = Cutoff::start(Budget::work(2000));
        assert!(!c.spend(1500) && c.admits(500) && !c.admits(501));
        assert!(Cutoff::NONE.admits(u64::MAX) && !Cutoff::start(Budget::time_ms(5)).admits(0));
    }

    #[test]
    fn no_budget_cuts_at_the_default_account_only() {
        let c = Cutoff::start(Budget::UNLIMITED);
        assert!(!c.spend(DEFAULT_WORK) && !c.is_bounded() && !c.counts_work() && c.spent() == DEFAULT_WORK);
        assert!(c.spend(1) && c.reached(), "the default account spent");
        assert!(!c.is_bounded(), "the search's own limit, not a caller's budget");
        let c = Cutoff::start(Budget::work(DEFAULT_WORK * 2));
        assert!(!c.spend(DEFAULT_WORK + 1) && c.counts_work(), "a work budget replaces the default");
        let c = Cutoff::account(Budget::UNLIMITED, u64::MAX);
        assert!(!c.spend(u64::MAX / 2) && !c.is_bounded() && c.spent() == u64::MAX / 2);
        assert!(!Cutoff::NONE.spend(5) && Cutoff::NONE.spent() == 0);
        assert_eq!(Budget::from(0), Budget::UNLIMITED);
        assert_eq!(Budget::work(0), Budget::UNLIMITED);
    }

    /// Under a time budget the solve's default account still stops the search, but running out of
    /// it is the search's own work limit: only the deadline (or a raised stop) or a work budget of the
    /// caller's, also an inner search's outer one, is the caller's bound reached.
    #[test]
    fn the_default_account_is_not_the_callers_budget() {
        let c = Cutoff::start(Budget::time_ms(600_000));
        assert!(c.spend(DEFAULT_WORK + 1) && c.reached(), "the default account stops the search");
        assert!(c.is_bounded() && !c.callers_reached(), "the search's own limit");
        let c = Cutoff::start(Budget::work(1000));
        assert!(!c.spend(1000) && !c.callers_reached());
        assert!(c.spend(1) && c.callers_reached());
        let outer = Cutoff::start(Budget::work(1000));
        let inner = outer.within(10);
        assert!(inner.spend(11) && !inner.callers_reached(), "the inner search's own limit");
        assert!(inner.spend(990) && inner.callers_reached(), "the caller's budget, spent within");
        let c = Cutoff::start(Budget::time_ms(1));
        std::thread::sleep(Duration::from_millis(2));
        assert!(c.callers_reached(), "the deadline");
    }

    #[test]
    fn an_inner_cutoff_charges_and_obeys_the_outer_budget() {
        let outer = Cutoff::start(Budget::work(1000));
        let inner = outer.within(600);
        assert!(!inner.spend(500) && outer.spent() == 500 && inner.spent() == 500);
        assert!(inner.spend(200), "the inner limit");
        assert_eq!(outer.spent(), 700);
        let inner = outer.within(600);
        assert!(!inner.admits(301) && inner.admits(300));
        assert!(inner.spend(301), "the outer budget");
        assert!(outer.reached() && outer.spent() == 1001);
        let free = Cutoff::account(Budget::UNLIMITED, u64::MAX);
        let inner = free.within(10);
        assert!(!inner.spend(10) && inner.spend(1) && free.spent() == 11 && !free.reached());
    }

    #[test]
    fn a_finish_draws_on_what_is_left_and_at_least_its_reserve() {
        let c = Cutoff::start(Budget::work(1000));
        assert!(c.spend(1500));
        let finish = c.finish();
        assert!(!finish.reached() && !finish.spend(FINISH_WORK), "a spent account still has the reserve");
        assert!(finish.spend(1) && c.spent() == 1500 + FINISH_WORK + 1, "every unit billed to the account");
        let c = Cutoff::start(Budget::work(10 * FINISH_WORK));
        c.spend(FINISH_WORK);
        let finish = c.finish();
        assert!(!finish.spend(9 * FINISH_WORK) && finish.spend(1), "what the account has left");
        // (a passed deadline cuts a finish only once it has spent its reserve)
        let c = Cutoff::start(Budget::time_ms(1));
        std::thread::sleep(Duration::from_millis(3));
        let finish = c.finish();
        assert!(c.reached() && !finish.reached() && !finish.spend(FINISH_WORK - 1) && finish.spend(1));
        let inner = c.finish().within(10);
        assert!(!inner.spend(10) && inner.spend(1), "a finish's searches keep its reserve");
        assert!(finish.within(10).reached(), "the deadline cuts them once it is spent");
        assert!(!Cutoff::NONE.finish().spend(u64::MAX / 2), "nothing bounds a finish of no cutoff");
    }

    #[test]
    fn a_raised_stop_cuts_as_a_deadline_does() {
        let flag = Arc::new(AtomicBool::new(false));
        let c = Cutoff::start(Budget::work(1_000_000)).stopped_by(flag.clone());
        assert!(!c.spend(10) && !c.within(100).reached() && !c.time_only().reached());
        flag.store(true, Relaxed);
        assert!(c.reached() && c.within(100).reached() && c.time_only().reached());
        let finish = c.finish();
        assert!(!finish.spend(FINISH_WORK - 1) && finish.spend(1), "a finish keeps its reserve");
        assert!(!Cutoff::inner(10).reached(), "an inner search of its own is not the caller's");
    }

    #[test]
    fn a_past_deadline_cuts() {
        let c = Cutoff::start(Budget::time_ms(1).and_work(1_000_000));
        std::thread::sleep(Duration::from_millis(3));
        assert!(c.reached() && !c.time_only().counts_work() && c.time_only().reached());
    }
}
