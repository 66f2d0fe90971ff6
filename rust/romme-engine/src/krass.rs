//! (to be written)
use crate::meld::{EngineError, HandSolution, Objective, Options};

/// Solves a krass hand (not written yet).
pub fn solve_hand(_codes: &[u8], _objective: Objective, _options: &Options) -> Result<HandSolution, EngineError> {
    Err(EngineError::new("the krass hand solver is not written yet"))
}

