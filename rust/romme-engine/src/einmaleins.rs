//! (to be written)
use crate::meld::{EngineError, HandSolution, Objective, Options};

/// Solves a einmaleins hand (not written yet).
pub fn solve_hand(_codes: &[u8], _objective: Objective, _options: &Options) -> Result<HandSolution, EngineError> {
    Err(EngineError::new("the einmaleins hand solver is not written yet"))
}
