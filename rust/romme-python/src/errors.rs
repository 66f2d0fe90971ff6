//! Engine refusals as the exceptions of `romme.errors` (python/romme/errors.py), in one place.
//!
//! Every class there is a `ValueError`, so callers that catch `ValueError` keep working.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use romme_engine::meld::EngineError;

/// Which of the package's exceptions a refusal becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// An unknown game, option name or option value: `RulesError`.
    Rules,
    /// Cards the rules do not accept as a meld or a play: `IllegalMoveError`.
    IllegalMove,
    /// A card code that is not in the game's deck: `DeckError`.
    Cards,
    /// A hand or position a solver does not take (bad codes, too many cards, an invalid table): `SolverError`.
    Solver,
}

impl Refusal {
    fn class_name(self) -> &'static str {
        match self {
            Refusal::Rules => "RulesError",
            Refusal::IllegalMove => "IllegalMoveError",
            Refusal::Cards => "DeckError",
            Refusal::Solver => "SolverError",
        }
    }

    /// The class of `romme.errors` (None if it cannot be imported).
    fn class(self, py: Python<'_>) -> Option<Bound<'_, PyType>> {
        py.import("romme.errors").and_then(|m| m.getattr(self.class_name())).ok()?.cast_into::<PyType>().ok()
    }

    /// The exception with `msg` (a plain `ValueError` if `romme.errors` cannot be imported).
    pub(crate) fn err(self, msg: impl Into<String>) -> PyErr {
        let msg = msg.into();
        Python::attach(|py| match self.class(py) {
            Some(class) => PyErr::from_type(class, msg),
            None => PyValueError::new_err(msg),
        })
    }

    /// Whether `e` is this refusal.
    pub(crate) fn raised(self, e: &PyErr) -> bool {
        Python::attach(|py| self.class(py).is_some_and(|class| e.is_instance(py, &class)))
    }

    /// A mapper for `map_err`: the engine's message as this refusal; a meld check's kind of fault rides along
    /// as the exception's `fault` (its name, `MELD_FAULTS`) and `fault_card` (the card code it names, or None).
    pub(crate) fn of(self) -> impl Fn(EngineError) -> PyErr {
        move |e| {
            let err = self.err(e.0);
            if let Some(fault) = e.1 {
                Python::attach(|py| {
                    let value = err.value(py);
                    // (an exception instance takes attributes; should one refuse, the message still says it all)
                    let _ = value.setattr("fault", fault.name());
                    let _ = value.setattr("fault_card", fault.card());
                });
            }
            err
        }
    }
}

/// An engine error of a solver call as `SolverError` with the engine's message.
pub(crate) fn engine_err(e: EngineError) -> PyErr {
    Refusal::Solver.err(e.0)
}
