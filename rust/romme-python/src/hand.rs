//! Hand solver bindings: `solve_hand` and the batch `solve_hands`.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use romme_engine::cards::Game;
use romme_engine::hand;
use romme_engine::meld::{EngineError, HandSolution as EngineHand, Objective, Options};
use romme_engine::options::GameRules;
use romme_engine::rummy;

use crate::args::{Codes, Int};
pub(crate) use crate::errors::engine_err;
use crate::errors::Refusal;
use crate::game_from_id;
use crate::types::{HandSolution, Meld};

/// Reads a Python dict of options (bool or int values) into [`Options`].
pub(crate) fn options_from(dict: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut pairs = Vec::new();
    if let Some(d) = dict {
        for (k, v) in d.iter() {
            let name: String =
                k.extract().map_err(|_| Refusal::Rules.err(format!("option name {k} is not a string")))?;
            let value: i64 = if let Ok(b) = v.extract::<bool>() {
                b as i64
            } else {
                v.extract::<i64>()
                    .map_err(|_| Refusal::Rules.err(format!("option {name} must be a bool or an integer, got {v}")))?
            };
            pairs.push((name, value));
        }
    }
    Ok(Options::from_pairs(pairs))
}

/// The game, objective and options of a solver call, each checked.
fn solve_args(
    game: &str,
    objective: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Game, Objective, Options)> {
    let g = game_from_id(game)?;
    Ok((g, Objective::from_name(objective).map_err(engine_err)?, options_from(options)?))
}

/// Solves one hand; see docs/ARCHITECTURE.md for the answer.
#[pyfunction]
#[pyo3(signature = (game, codes, objective, options=None, round=Int(0)))]
#[pyo3(text_signature = "(game, codes, objective, options=None, round=0)")]
fn solve_hand(
    py: Python<'_>,
    game: &str,
    codes: Codes,
    objective: &str,
    options: Option<&Bound<'_, PyDict>>,
    round: Int<u8>,
) -> PyResult<HandSolution> {
    let codes = codes.0;
    let round = round.0;
    let (g, obj, opts) = solve_args(game, objective, options)?;
    let sol = py.detach(|| hand::solve_hand(g, &codes, obj, &opts, round)).map_err(engine_err)?;
    Ok(HandSolution::of(&sol))
}

/// Solves many hands in one call (the interpreter lock is released meanwhile).
#[pyfunction]
#[pyo3(signature = (game, hands, objective, options=None, round=Int(0)))]
#[pyo3(text_signature = "(game, hands, objective, options=None, round=0)")]
fn solve_hands(
    py: Python<'_>,
    game: &str,
    hands: Vec<Codes>,
    objective: &str,
    options: Option<&Bound<'_, PyDict>>,
    round: Int<u8>,
) -> PyResult<Vec<HandSolution>> {
    let hands: Vec<Vec<u8>> = hands.into_iter().map(|c| c.0).collect();
    let round = round.0;
    let (g, obj, opts) = solve_args(game, objective, options)?;
    let sols: Result<Vec<EngineHand>, EngineError> =
        py.detach(|| hands.iter().map(|h| hand::solve_hand(g, h, obj, &opts, round)).collect());
    Ok(sols.map_err(engine_err)?.iter().map(HandSolution::of).collect())
}

/// Validates one meld: a [`Meld`] (kind, cards with what each stands for, points);
/// `IllegalMoveError` if the rules refuse it.
#[pyfunction]
#[pyo3(signature = (game, codes, options=None, round=Int(0)))]
#[pyo3(text_signature = "(game, codes, options=None, round=0)")]
fn validate_meld(game: &str, codes: Codes, options: Option<&Bound<'_, PyDict>>, round: Int<u8>) -> PyResult<Meld> {
    let codes = codes.0;
    let round = round.0;
    let g = game_from_id(game)?;
    let opts = options_from(options)?;
    let m = hand::validate_meld(g, &codes, &opts, round).map_err(Refusal::IllegalMove.of())?;
    Ok(Meld::of(&m))
}

/// A Rummy hand's melds for `objective` within the rules' cap, and whether they are proven optimal:
/// `solve_hand`'s melds without its second solve for the best opening total
/// (`romme_engine::rummy::partition_melds`).
#[pyfunction]
#[pyo3(signature = (codes, objective, options=None))]
fn rummy_partition(
    py: Python<'_>,
    codes: Codes,
    objective: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Vec<Meld>, bool)> {
    let codes = codes.0;
    let (_, obj, opts) = solve_args("rummy", objective, options)?;
    let GameRules::Rummy(rules) = GameRules::read(Game::Rummy, &opts).map_err(Refusal::Rules.of())? else {
        return Err(Refusal::Rules.err("Rummy's options read as another game's"));
    };
    let (melds, proven) = py.detach(|| rummy::partition_melds(&codes, obj, &rules)).map_err(engine_err)?;
    Ok((melds.iter().map(Meld::of).collect(), proven))
}

/// Adds the hand solver functions to `romme._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_hand, m)?)?;
    m.add_function(wrap_pyfunction!(rummy_partition, m)?)?;
    m.add_function(wrap_pyfunction!(solve_hands, m)?)?;
    m.add_function(wrap_pyfunction!(validate_meld, m)?)?;
    Ok(())
}
