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
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

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
        m.points = m.cards.iter().map(|p| super::answer::meld_points(g, p.stands_for, run, &m.cards)).sum();
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

thread_local! {
    /// Raised by the search running beside this thread's once it has proven its
    /// answer: this thread's sweeps then stop as at a deadline.
    static STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// This thread's stop signal (raised when the search beside it has proven its answer).
pub fn stop_signal() -> Option<Arc<AtomicBool>> {
    STOP.with(|s| s.borrow().clone())
}

/// Runs `f` with `flag` as this thread's stop signal (the previous one after).
pub fn with_stop<T>(flag: &Arc<AtomicBool>, f: impl FnOnce() -> T) -> T {
    let old = STOP.with(|s| s.replace(Some(flag.clone())));
    let r = f();
    STOP.with(|s| *s.borrow_mut() = old);
    r
}
