//! `SearchStop`: a flag a caller raises to end the table searches of a thread whose answer it no longer
//! wants (the window's hint for a position left, a bot move of a table closed). Searches under a raised
//! stop end as at a passed deadline, answering as a cut search does; a stop never raised changes nothing.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

use pyo3::prelude::*;
use romme_engine::search::{Budget, Cutoff};

/// A stop flag: raised once, by any thread; the searches of the threads that search under it
/// ([`stop_searches_with`]) end at their next check.
#[pyclass(frozen, module = "romme._core")]
pub struct SearchStop {
    flag: Arc<AtomicBool>,
}

#[pymethods]
impl SearchStop {
    #[new]
    fn new() -> Self {
        SearchStop { flag: Arc::new(AtomicBool::new(false)) }
    }

    /// Raises the flag: the searches under it end soon (within a solve's finish reserve).
    fn stop(&self) {
        self.flag.store(true, Relaxed);
    }

    /// Whether the flag is raised.
    #[getter]
    fn stopped(&self) -> bool {
        self.flag.load(Relaxed)
    }
}

thread_local! {
    /// The stop the table searches this thread starts are under (None: none).
    static UNDER: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// The table searches this thread starts from now on end once `stop` is raised (None: no stop).
#[pyfunction]
#[pyo3(signature = (stop))]
fn stop_searches_with(stop: Option<&Bound<'_, SearchStop>>) {
    let flag = stop.map(|s| s.get().flag.clone());
    UNDER.with(|under| *under.borrow_mut() = flag);
}

/// `budget` starting now, under this thread's stop if it has one.
pub fn cutoff(budget: Budget) -> Cutoff {
    let cutoff = Cutoff::start(budget);
    match UNDER.with(|under| under.borrow().clone()) {
        Some(flag) => cutoff.stopped_by(flag),
        None => cutoff,
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SearchStop>()?;
    m.add_function(wrap_pyfunction!(stop_searches_with, m)?)?;
    Ok(())
}
