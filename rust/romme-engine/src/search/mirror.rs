//! The mirror image of a Rummy position (every number n read as 14 − n) and
//! the race that searches it beside the position itself.
//!
//! Rummy runs do not wrap, so a position and its mirror image have the same
//! answers, mirrored. The sweep is not symmetric (it passes the numbers from
//! low to high), and its hard positions are seldom hard both ways: the
//! faster of the two directions has a far shorter tail than either alone. So
//! the exact Rummy search solves both at once, on two threads, and takes the
//! first proven answer (see [`super::race`]); so does the search without a
//! tie-break. (Design: docs/SEARCH-DESIGN.md §4.9; figures:
//! docs/PERFORMANCE.md.)

use std::cell::RefCell;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering::Relaxed, Ordering::SeqCst};
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::grid::GridGame;
use super::TableSolution;
use crate::meld::{MeldKind, Placed};

/// A Rummy card code mirrored (the joker stays itself).
pub fn code(c: u8) -> u8 {
    if c >= 52 {
        c
    } else {
        c / 13 * 13 + 12 - c % 13
    }
}

/// Codes mirrored.
pub fn codes(cs: &[u8]) -> Vec<u8> {
    cs.iter().map(|&c| code(c)).collect()
}

/// The answer to the mirrored position, mirrored back: runs ascending again,
/// points of the original cards.
pub fn solution(g: &GridGame, sol: TableSolution) -> TableSolution {
    solution_by(g, sol, code)
}

/// [`solution`] under the mirror `code` of another game ([`super::romme_mirror::code`]).
pub fn solution_by(g: &GridGame, mut sol: TableSolution, code: fn(u8) -> u8) -> TableSolution {
    for m in &mut sol.melds {
        for p in &mut m.cards {
            *p = Placed { code: code(p.code), stands_for: code(p.stands_for) };
        }
        let run = m.kind == MeldKind::Run;
        if run {
            m.cards.reverse();
        }
        m.points = super::answer::points_of(g, run, &m.cards);
    }
    let by = |cs: &[u8]| -> Vec<u8> { cs.iter().map(|&c| code(c)).collect() };
    sol.placed = by(&sol.placed);
    sol.placed.sort();
    sol.taken = by(&sol.taken);
    sol.taken.sort();
    sol.placed_points = sol.placed.iter().map(|&c| g.card_value(c)).sum();
    sol
}

/// Whether the search may start a second thread: not with `ROMME_THREADS=1`
/// in the environment (one thread, and the same arrangement on every run:
/// the race's winner decides which of the equally good answers comes back).
pub fn threads_allowed() -> bool {
    std::env::var_os("ROMME_THREADS").is_none_or(|v| v != "1")
}

/// A raced search's stop signal: raised when the search beside it has proven
/// its answer (this one's is then unwanted), or when its time is up (its best
/// answer so far is wanted). Its sweeps then stop as at a deadline.
#[derive(Default)]
pub struct Stop(AtomicU8);

impl Stop {
    const WANTED: u8 = 1;
    const UNWANTED: u8 = 2;

    /// Whether the search must stop.
    #[inline]
    pub fn raised(&self) -> bool {
        self.0.load(Relaxed) != 0
    }

    /// Whether its answer is unwanted (so it may end without one).
    pub fn unwanted(&self) -> bool {
        self.0.load(Relaxed) == Self::UNWANTED
    }

    /// Stops the search; `wanted`: the caller waits for its best answer so far.
    pub fn raise(&self, wanted: bool) {
        self.0.store(if wanted { Self::WANTED } else { Self::UNWANTED }, Relaxed);
    }
}

thread_local! {
    /// This thread's stop signal, where a search runs beside it.
    static STOP: RefCell<Option<Arc<Stop>>> = const { RefCell::new(None) };
}

/// This thread's stop signal, where a search runs beside it.
pub fn stop_signal() -> Option<Arc<Stop>> {
    STOP.with(|s| s.borrow().clone())
}

/// Whether this thread's search must stop ([`Stop::raised`]).
pub fn stopped() -> bool {
    STOP.with(|s| s.borrow().as_ref().is_some_and(|f| f.raised()))
}

/// Whether this thread's search must stop and its answer is unwanted
/// ([`Stop::unwanted`]): it ends at once, freeing its core for the next search.
pub fn unwanted() -> bool {
    STOP.with(|s| s.borrow().as_ref().is_some_and(|f| f.unwanted()))
}

/// Runs `f` with `flag` as this thread's stop signal (the previous one after).
pub fn with_stop<T>(flag: &Arc<Stop>, f: impl FnOnce() -> T) -> T {
    super::with_local(&STOP, Some(flag.clone()), f)
}

/// A search to run beside the caller's.
pub type Job = Box<dyn FnOnce() + Send>;

/// A helper thread as its callers see it: the process that started it (a
/// forked child inherits the list but not the threads), the sending end of its
/// queue, the jobs sent to it and not yet done, and the stop signal of the
/// last one sent.
struct Helper {
    pid: u32,
    tx: Sender<Job>,
    queued: Arc<AtomicUsize>,
    last: Arc<Stop>,
}

impl Helper {
    /// Whether a job sent now starts at once or nearly: the helper is idle, or
    /// its one job was stopped and ends at its next node.
    fn free(&self) -> bool {
        match self.queued.load(SeqCst) {
            0 => true,
            1 => self.last.raised(),
            _ => false,
        }
    }
}

/// The helper threads, oldest first.
static HELPERS: Mutex<Vec<Helper>> = Mutex::new(Vec::new());

/// Runs `job` (stopped by `stop`) on a helper thread: the oldest free one
/// ([`Helper::free`]), else a new one, which waits for the next job once this
/// one is done. The races of one caller so run one after another on one thread:
/// no thread per search, and its caches (suit options and set outcomes are
/// memoised per thread) stay warm; a new helper (its caches cold) starts only
/// where every helper runs another caller's live search. (Once a helper took
/// the next job whenever its last one had ended: the race that had just stopped
/// it often started before, and so did a new one; on 300 positions solved back
/// to back the jobs went to 5 to 10 threads.) False if no thread could be started.
pub fn spawn(mut job: Job, stop: Arc<Stop>) -> bool {
    let pid = std::process::id();
    // (never waits for the list: a child forked while a caller held it would wait forever)
    if let Ok(mut helpers) = HELPERS.try_lock() {
        // (helpers of the process this one was forked from never answer here)
        helpers.retain(|h| h.pid == pid);
        if let Some(i) = helpers.iter().position(Helper::free) {
            let h = &mut helpers[i];
            h.queued.fetch_add(1, SeqCst);
            h.last = stop.clone();
            match h.tx.send(job) {
                Ok(()) => return true,
                // (its thread is gone: start another)
                Err(e) => {
                    job = e.0;
                    helpers.remove(i);
                }
            }
        }
        return match start(job) {
            Some((tx, queued)) => {
                helpers.push(Helper { pid, tx, queued, last: stop });
                true
            }
            None => false,
        };
    }
    start(job).is_some()
}

/// How long a helper that finished its job waits awake for the next one
/// before it sleeps: waking a sleeping thread costs a noticeable share of a
/// typical solve, and callers that solve again and again (bots, simulations,
/// benchmarks) send the next job soon.
const SPIN: Duration = Duration::from_millis(1);

/// The helper's next job (None: its callers are gone), waited for awake up
/// to [`SPIN`], then asleep. Awake it yields its core to any other thread
/// that wants it (worker processes of `romme simulate`, say), which costs
/// the race nothing against a busy loop.
fn next_job(rx: &Receiver<Job>) -> Option<Job> {
    let until = Instant::now() + SPIN;
    loop {
        match rx.try_recv() {
            Ok(job) => return Some(job),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) if Instant::now() < until => std::thread::yield_now(),
            Err(TryRecvError::Empty) => return rx.recv().ok(),
        }
    }
}

/// A new helper thread running `job` first: its queue and its count of jobs
/// not yet done.
fn start(job: Job) -> Option<(Sender<Job>, Arc<AtomicUsize>)> {
    let (tx, rx) = channel::<Job>();
    let queued = Arc::new(AtomicUsize::new(1));
    let done = queued.clone();
    let worker = move || {
        while let Some(next) = next_job(&rx) {
            next();
            done.fetch_sub(1, SeqCst);
        }
    };
    std::thread::Builder::new().name("romme-mirror".into()).spawn(worker).ok()?;
    tx.send(job).ok()?;
    Some((tx, queued))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job runs on a helper thread, and finished helpers take the next jobs
    /// (no new thread per search; other tests' searches share the helpers).
    #[test]
    fn helper_threads_are_kept() {
        let run = || {
            let (tx, rx) = channel();
            assert!(spawn(
                Box::new(move || {
                    let _ = tx.send(std::thread::current().id());
                }),
                Arc::default()
            ));
            rx.recv().expect("the job ran")
        };
        let mut seen = vec![run()];
        assert_ne!(seen[0], std::thread::current().id());
        for _ in 0..50 {
            // (a helper whose job is done is free for the next)
            std::thread::sleep(std::time::Duration::from_millis(2));
            let id = run();
            if seen.contains(&id) {
                return;
            }
            seen.push(id);
        }
        panic!("no helper thread took a second job: {seen:?}");
    }

    /// A helper takes the next job when it is idle or its one job was
    /// stopped (it ends at its next node), not while a search runs on it or
    /// jobs wait for it.
    #[test]
    fn free_helpers() {
        let (tx, _rx) = channel();
        let h = |queued: usize, stopped: bool| {
            let last = Arc::new(Stop::default());
            if stopped {
                last.raise(false);
            }
            Helper { pid: 0, tx: tx.clone(), queued: Arc::new(AtomicUsize::new(queued)), last }
        };
        assert!(h(0, false).free() && h(0, true).free());
        assert!(h(1, true).free());
        assert!(!h(1, false).free());
        assert!(!h(2, true).free() && !h(2, false).free());
    }
}
