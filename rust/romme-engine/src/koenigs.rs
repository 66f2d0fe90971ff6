//! (to be written)
use crate::meld::{EngineError, HandSolution, Meld, Objective, Options};

/// Solves a Königs-Rommé hand (not written yet).
pub fn solve_hand(_codes: &[u8], _objective: Objective, _options: &Options, _round: u8) -> Result<HandSolution, EngineError> {
    Err(EngineError::new("the koenigs hand solver is not written yet"))
}

/// Checks one meld (cards in the order given; wilds are placed by the engine) and
/// reports what each wild stands for and the meld's points (not written yet).
pub fn validate_meld(_codes: &[u8], _options: &Options, _round: u8) -> Result<Meld, EngineError> {
    Err(EngineError::new("koenigs meld validation is not written yet"))
}
