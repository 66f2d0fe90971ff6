//! Table search binding: `solve_table` (the interpreter lock is released while it runs).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use romme_engine::search::{self, TableObjective};

use crate::errors::engine_err;
use crate::game_from_id;
use crate::hand::options_from;
use crate::types::TableSolution;

/// Rearranges the table to place the most of the hand; see docs/ARCHITECTURE.md.
#[pyfunction]
#[pyo3(signature = (game, table, hand, objective="cards", options=None, time_budget_ms=0, tie_break="exact"))]
#[allow(clippy::too_many_arguments)]
fn solve_table(
    py: Python<'_>,
    game: &str,
    table: Vec<Vec<u8>>,
    hand: Vec<u8>,
    objective: &str,
    options: Option<&Bound<'_, PyDict>>,
    time_budget_ms: u64,
    tie_break: &str,
) -> PyResult<TableSolution> {
    let g = game_from_id(game)?;
    let obj = TableObjective::from_name(objective).map_err(engine_err)?;
    let opts = options_from(options)?;
    let tb = search::TieBreak::from_name(tie_break).map_err(engine_err)?;
    let sol =
        py.detach(|| search::solve_table_with(g, &table, &hand, obj, &opts, time_budget_ms, tb)).map_err(engine_err)?;
    Ok(TableSolution::of(&sol))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_table, m)?)?;
    Ok(())
}
