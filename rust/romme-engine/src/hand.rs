//! One entry point for the hand solvers of every game.

use crate::cards::Game;
use crate::meld::{check_codes, EngineError, HandSolution, Meld, Objective, Options};
use crate::options::GameRules;
use crate::search::Cutoff;
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

/// The hand solver's melds of `codes` for `objective` and the cards left, and whether they are proven:
/// one solve (no opening total), charged to `cutoff` and cut by it as by its own work limit (Rommé,
/// 1x1-Rommé, Rummy; the table searches' answers built from the hand's own melds).
pub fn partition_within(
    rules: &GameRules,
    codes: &[u8],
    objective: Objective,
    cutoff: &Cutoff,
) -> Result<(Vec<Meld>, Vec<u8>, bool), EngineError> {
    let game = rules.game();
    check_codes(game.id(), codes, game.type_count())?;
    match rules {
        GameRules::Romme(r) => romme::partition_within(codes, objective, r, cutoff),
        GameRules::Einmaleins(_) => einmaleins::partition_within(codes, objective, cutoff),
        GameRules::Rummy(r) => rummy::partition_within(codes, objective, r, cutoff),
        GameRules::Koenigs | GameRules::Krass => Err(EngineError::new(format!("{} has no table search", game.id()))),
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
