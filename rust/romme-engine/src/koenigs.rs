//! (to be written)
use crate::meld::{EngineError, HandSolution, Objective, Options};

/// Solves a Königs-Rommé hand (not written yet).
pub fn solve_hand(_codes: &[u8], _objective: Objective, _options: &Options, _round: u8) -> Result<HandSolution, EngineError> {
    Err(EngineError::new("the koenigs hand solver is not written yet"))
}
