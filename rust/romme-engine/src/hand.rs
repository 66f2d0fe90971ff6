//! One entry point for the hand solvers of every game.

use crate::cards::Game;
use crate::meld::{check_codes, EngineError, HandSolution, Meld, Objective, Options};
use crate::{einmaleins, koenigs, krass, romme, rummy};

/// Solves a hand of `game` for `objective`. `round` is the Königs-Rommé round
/// 1..=11 (ignored by the other games). Input is checked; never panics.
pub fn solve_hand(
    game: Game,
    codes: &[u8],
    objective: Objective,
    options: &Options,
    round: u8,
) -> Result<HandSolution, EngineError> {
    check_codes(game.id(), codes, game.type_count())?;
    match game {
        Game::Koenigs => koenigs::solve_hand(codes, objective, options, round),
        Game::Romme => romme::solve_hand(codes, objective, options),
        Game::Einmaleins => einmaleins::solve_hand(codes, objective, options),
        Game::Rummy => rummy::solve_hand(codes, objective, options),
        Game::Krass => krass::solve_hand(codes, objective, options),
    }
}

/// Validates one meld of `game` under its options (Königs-Rommé: `round` 1..=11).
/// Krass Kariert has no melds and returns an error.
pub fn validate_meld(game: Game, codes: &[u8], options: &Options, round: u8) -> Result<Meld, EngineError> {
    check_codes(game.id(), codes, game.type_count())?;
    match game {
        Game::Koenigs => koenigs::validate_meld(codes, options, round),
        Game::Romme => romme::validate_meld(codes, options),
        Game::Einmaleins => einmaleins::validate_meld(codes, options),
        Game::Rummy => rummy::validate_meld(codes, options),
        Game::Krass => Err(EngineError::new("krass has no melds; plays are checked by the game")),
    }
}
