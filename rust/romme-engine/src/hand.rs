//! One entry point for the hand solvers of every game.

use crate::cards::Game;
use crate::meld::{check_codes, EngineError, HandSolution, Meld, Objective, Options};
use crate::options::GameRules;
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
    solve_hand_with(&GameRules::read(game, options)?, codes, objective, round)
}

/// [`solve_hand`] under rules already read.
pub fn solve_hand_with(
    rules: &GameRules,
    codes: &[u8],
    objective: Objective,
    round: u8,
) -> Result<HandSolution, EngineError> {
    let game = rules.game();
    check_codes(game.id(), codes, game.type_count())?;
    // (Königs' and Krass' options shape no answer: `GameRules::read` checked them)
    match rules {
        GameRules::Koenigs => koenigs::solve_hand(codes, objective, &Options::default(), round),
        GameRules::Romme(r) => romme::solve_hand_with(codes, objective, r),
        GameRules::Einmaleins(r) => einmaleins::solve_hand_with(codes, objective, r),
        GameRules::Rummy(r) => rummy::solve_hand_with(codes, objective, r),
        GameRules::Krass => krass::solve_hand(codes, objective, &Options::default()),
    }
}

/// Validates one meld of `game` under its options (Königs-Rommé: `round` 1..=11).
/// Krass Kariert has no melds and returns an error.
pub fn validate_meld(game: Game, codes: &[u8], options: &Options, round: u8) -> Result<Meld, EngineError> {
    check_codes(game.id(), codes, game.type_count())?;
    read_meld(&GameRules::read(game, options)?, codes, round)
}

/// [`validate_meld`] under rules already read.
pub fn read_meld(rules: &GameRules, codes: &[u8], round: u8) -> Result<Meld, EngineError> {
    let game = rules.game();
    check_codes(game.id(), codes, game.type_count())?;
    match rules {
        GameRules::Koenigs => koenigs::validate_meld(codes, &Options::default(), round),
        GameRules::Romme(r) => romme::read_meld(codes, r),
        GameRules::Einmaleins(_) => einmaleins::read_meld(codes),
        GameRules::Rummy(_) => rummy::read_meld(codes),
        GameRules::Krass => Err(EngineError::new("krass has no melds; plays are checked by the game")),
    }
}
