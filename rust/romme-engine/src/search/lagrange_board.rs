//! The prices one keep search of a solve fitted, shared with its other keep
//! searches (and the mirror race's other thread): the Lagrangian bound's board.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use super::Prices;

/// Prices one keep search fitted, for the other keep searches of the same
/// solve: any prices give a valid bound, and the problem is the same (the
/// searches differ in the melds they leave out or must keep, or read the
/// position mirrored), so one fit serves them all. The first search to need
/// prices claims the fit; the others go on without a bound until it is
/// published (the mirror race's two threads would otherwise both fit, each
/// slowing the other).
#[derive(Default)]
pub struct Board {
    claimed: AtomicBool,
    /// The fitted prices (None: the bound did not help).
    fitted: OnceLock<Option<Fitted>>,
}

/// Prices a keep search fitted, whether they price the mirrored position, and
/// their bound at that search's root. The others take that bound for theirs
/// (it only tells whether the bound helps): working out their own would take a
/// step of the fit, a pass over their whole chain graph, where their bounds
/// build only the nodes they ask for (fewer, as they adopt the prices at a
/// later position).
#[derive(Clone, Debug)]
pub struct Fitted {
    pub prices: Prices,
    /// Whether the fitting search read the position mirrored.
    pub mirrored: bool,
    /// The prices' bound at the fitting search's root.
    pub root: f64,
}

impl Board {
    /// The published prices, if any yet.
    pub fn fitted(&self) -> Option<&Option<Fitted>> {
        self.fitted.get()
    }

    /// Claims the fit: true for the first caller only. (A search waiting for
    /// the fit asks at every position: the load first keeps it from writing.)
    pub fn claim(&self) -> bool {
        !self.claimed.load(Ordering::Relaxed) && !self.claimed.swap(true, Ordering::AcqRel)
    }

    /// Publishes the fit (None: the bound did not help).
    pub fn publish(&self, fitted: Option<Fitted>) {
        let _ = self.fitted.set(fitted);
    }
}

thread_local! {
    /// The board of the solve this thread runs, and whether it reads the position mirrored.
    static BOARD: RefCell<Option<(Arc<Board>, bool)>> = const { RefCell::new(None) };
}

/// Runs `f` with `board` as this thread's board (`mirrored`: the thread reads
/// the position mirrored), the previous one after.
pub fn with_board<T>(board: &Arc<Board>, mirrored: bool, f: impl FnOnce() -> T) -> T {
    super::super::with_local(&BOARD, Some((board.clone(), mirrored)), f)
}

/// This thread's board, if a solve set one.
pub fn board() -> Option<(Arc<Board>, bool)> {
    BOARD.with(|b| b.borrow().clone())
}
