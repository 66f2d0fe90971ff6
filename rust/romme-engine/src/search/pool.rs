//! Per-thread pools of a sweep's working memory: a solve runs many small
//! sweeps (the tie-break's anchored solves, keep mode's oracles), and building
//! each one's tables and buffers from nothing cost more than their search.
//! A sweep takes what it needs from its thread's pool ([`Pool::take`]) and the
//! pool gets it back, readied for the next sweep, when the sweep ends. What is
//! kept is either emptied or depends only on the step it was looked up for, so
//! an answer never depends on what the thread searched before.

use std::cell::RefCell;
use std::thread::LocalKey;

/// Working memory kept in a per-thread pool.
pub(super) trait Pooled: Default + 'static {
    /// Most kept per thread (a sweep inside another takes a second one).
    const KEPT: usize;
    /// The thread's pool of this kind.
    fn pool() -> &'static LocalKey<RefCell<Vec<Self>>>;
    /// Readies it for the next sweep (empties what must not carry over); false where it is too
    /// large to keep (a bound on a long-lived thread's memory).
    fn recycle(&mut self) -> bool;
}

/// One item taken from its thread's pool (or new, where the pool is empty), handed back when
/// dropped.
pub(super) struct Pool<T: Pooled>(T);

impl<T: Pooled> Pool<T> {
    /// The last item handed back on this thread, or a new one.
    pub(super) fn take() -> Pool<T> {
        let kept = T::pool().try_with(|p| p.try_borrow_mut().ok().and_then(|mut p| p.pop()));
        Pool(kept.ok().flatten().unwrap_or_default())
    }
}

impl<T: Pooled> Drop for Pool<T> {
    fn drop(&mut self) {
        let mut item = std::mem::take(&mut self.0);
        if !item.recycle() {
            return;
        }
        let _ = T::pool().try_with(|p| {
            if let Ok(mut p) = p.try_borrow_mut() {
                if p.len() < T::KEPT {
                    p.push(item);
                }
            }
        });
    }
}

impl<T: Pooled> std::ops::Deref for Pool<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Pooled> std::ops::DerefMut for Pool<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}
