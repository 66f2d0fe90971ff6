//! (to be written)
use crate::meld::{EngineError, HandSolution, Meld, Objective, Options};

/// Solves a rummy hand (not written yet).
pub fn solve_hand(_codes: &[u8], _objective: Objective, _options: &Options) -> Result<HandSolution, EngineError> {
    Err(EngineError::new("the rummy hand solver is not written yet"))
}

/// Checks one meld (cards in the order given; wilds are placed by the engine) and
/// reports what each wild stands for and the meld's points (not written yet).
pub fn validate_meld(_codes: &[u8], _options: &Options) -> Result<Meld, EngineError> {
    Err(EngineError::new("rummy meld validation is not written yet"))
}
