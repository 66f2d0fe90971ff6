//! Hand solver bindings: `solve_hand` and the batch `solve_hands`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use romme_engine::cards::Game;
use romme_engine::hand;
use romme_engine::meld::{EngineError, HandSolution, Meld, MeldKind, Objective, Options};

use crate::game_from_id;

/// An engine error as a Python `ValueError` with the same message.
pub(crate) fn engine_err(e: EngineError) -> PyErr {
    PyValueError::new_err(e.0)
}

/// Reads a Python dict of options (bool or int values) into [`Options`].
pub(crate) fn options_from(dict: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut pairs = Vec::new();
    if let Some(d) = dict {
        for (k, v) in d.iter() {
            let name: String =
                k.extract().map_err(|_| PyValueError::new_err(format!("option name {k} is not a string")))?;
            let value: i64 = if let Ok(b) = v.extract::<bool>() {
                b as i64
            } else {
                v.extract::<i64>().map_err(|_| {
                    PyValueError::new_err(format!("option {name} must be a bool or an integer, got {v}"))
                })?
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

/// A meld's cards as `(code, stands_for)` pairs.
fn placed_pairs(m: &Meld) -> Vec<(u8, u8)> {
    m.cards.iter().map(|p| (p.code, p.stands_for)).collect()
}

/// `set` or `run`.
pub(crate) fn kind_name(k: MeldKind) -> &'static str {
    match k {
        MeldKind::Set => "set",
        MeldKind::Run => "run",
    }
}

/// A solution as the result dict of docs/ARCHITECTURE.md.
fn solution_dict<'py>(py: Python<'py>, s: &HandSolution) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("melds", s.melds.iter().map(placed_pairs).collect::<Vec<_>>())?;
    d.set_item("kinds", s.melds.iter().map(|m| kind_name(m.kind)).collect::<Vec<_>>())?;
    d.set_item("points", s.melds.iter().map(|m| m.points).collect::<Vec<_>>())?;
    // A list of ints (a Vec<u8> would become `bytes`).
    d.set_item("left", PyList::new(py, s.left.iter().copied())?)?;
    d.set_item("left_points", s.left_points)?;
    d.set_item("can_go_out", s.can_go_out)?;
    d.set_item("discard", s.discard)?;
    d.set_item("opening_points", s.opening_points)?;
    d.set_item("plays", s.plays.clone())?;
    Ok(d)
}

/// Solves one hand; see docs/ARCHITECTURE.md for the result dict.
#[pyfunction]
#[pyo3(signature = (game, codes, objective, options=None, round=0))]
fn solve_hand<'py>(
    py: Python<'py>,
    game: &str,
    codes: Vec<u8>,
    objective: &str,
    options: Option<&Bound<'py, PyDict>>,
    round: u8,
) -> PyResult<Bound<'py, PyDict>> {
    let (g, obj, opts) = solve_args(game, objective, options)?;
    let sol = py.detach(|| hand::solve_hand(g, &codes, obj, &opts, round)).map_err(engine_err)?;
    solution_dict(py, &sol)
}

/// Solves many hands in one call (the interpreter lock is released meanwhile).
#[pyfunction]
#[pyo3(signature = (game, hands, objective, options=None, round=0))]
fn solve_hands<'py>(
    py: Python<'py>,
    game: &str,
    hands: Vec<Vec<u8>>,
    objective: &str,
    options: Option<&Bound<'py, PyDict>>,
    round: u8,
) -> PyResult<Bound<'py, PyList>> {
    let (g, obj, opts) = solve_args(game, objective, options)?;
    let sols: Result<Vec<HandSolution>, EngineError> =
        py.detach(|| hands.iter().map(|h| hand::solve_hand(g, h, obj, &opts, round)).collect());
    let sols = sols.map_err(engine_err)?;
    let out = PyList::empty(py);
    for s in &sols {
        out.append(solution_dict(py, s)?)?;
    }
    Ok(out)
}

/// Validates one meld: `{"kind", "cards": [(code, stands_for)], "points"}`; `ValueError` if invalid.
#[pyfunction]
#[pyo3(signature = (game, codes, options=None, round=0))]
fn validate_meld<'py>(
    py: Python<'py>,
    game: &str,
    codes: Vec<u8>,
    options: Option<&Bound<'py, PyDict>>,
    round: u8,
) -> PyResult<Bound<'py, PyDict>> {
    let g = game_from_id(game)?;
    let opts = options_from(options)?;
    let m = hand::validate_meld(g, &codes, &opts, round).map_err(engine_err)?;
    let d = PyDict::new(py);
    d.set_item("kind", kind_name(m.kind))?;
    d.set_item("cards", placed_pairs(&m))?;
    d.set_item("points", m.points)?;
    Ok(d)
}

/// Adds the hand solver functions to `romme._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_hand, m)?)?;
    m.add_function(wrap_pyfunction!(solve_hands, m)?)?;
    m.add_function(wrap_pyfunction!(validate_meld, m)?)?;
    Ok(())
}
