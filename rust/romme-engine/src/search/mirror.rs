//! The mirror image of a Rummy position (every number n read as 14 − n) and
//! the race that searches it beside the position itself.
//!
//! Rummy runs do not wrap, so a position and its mirror image have the same
//! answers, mirrored. The sweep is not symmetric (it passes the numbers from
//! low to high), and its hard positions are seldom hard both ways: on the
//! bench's 60-card positions the faster direction's p99 is about a third of
//! either direction's (the first solve too: 11 ms one way, 0.3 ms the other on
//! one of them). So the exact Rummy search solves both at once, on two
//! threads, and takes the first proven answer (see [`super::race`]); so does
//! the search without a tie-break (its p99 at 60 table cards: 6.4 ms alone,
//! 1.6 ms raced).

use std::cell::RefCell;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};

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
pub fn solution(g: &GridGame, mut sol: TableSolution) -> TableSolution {
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
    sol.placed = codes(&sol.placed);
    sol.placed.sort();
    sol.taken = codes(&sol.taken);
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
    let old = STOP.with(|s| s.replace(Some(flag.clone())));
    let r = f();
    STOP.with(|s| *s.borrow_mut() = old);
    r
}

/// A search to run beside the caller's.
pub type Job = Box<dyn FnOnce() + Send>;

/// Helper threads waiting for their next job: the process that started each
/// one (a forked child inherits the list but not the threads) and the sending
/// end of its queue.
static IDLE: Mutex<Vec<(u32, Sender<Job>)>> = Mutex::new(Vec::new());

/// Runs `job` on a helper thread: an idle one if there is one, else a new one,
/// which waits for the next job once this one is done. Kept threads start no
/// thread per search and keep their caches (suit options and set outcomes are
/// memoised per thread) warm for the next. False if no thread could be started.
pub fn spawn(mut job: Job) -> bool {
    let pid = std::process::id();
    // (never waits for the list: a child forked while a helper held it would wait forever)
    let idle = IDLE.try_lock().ok().and_then(|mut v| {
        // (helpers of the process this one was forked from never answer here)
        v.retain(|(p, _)| *p == pid);
        v.pop()
    });
    if let Some((_, tx)) = idle {
        match tx.send(job) {
            Ok(()) => return true,
            // (its thread is gone: start another)
            Err(e) => job = e.0,
        }
    }
    let (tx, rx) = channel::<Job>();
    let back = tx.clone();
    let worker = move || {
        for next in rx {
            next();
            match IDLE.lock() {
                Ok(mut v) => v.push((pid, back.clone())),
                Err(_) => break,
            }
        }
    };
    std::thread::Builder::new().name("romme-mirror".into()).spawn(worker).is_ok() && tx.send(job).is_ok()
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
            assert!(spawn(Box::new(move || {
                let _ = tx.send(std::thread::current().id());
            })));
            rx.recv().expect("the job ran")
        };
        let mut seen = vec![run()];
        assert_ne!(seen[0], std::thread::current().id());
        for _ in 0..50 {
            // (a helper returns to the idle list right after its job)
            std::thread::sleep(std::time::Duration::from_millis(2));
            let id = run();
            if seen.contains(&id) {
                return;
            }
            seen.push(id);
        }
        panic!("no helper thread took a second job: {seen:?}");
    }
}
