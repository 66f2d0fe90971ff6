//! Table search binding: `solve_table` (the interpreter lock is released while it runs).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use romme_engine::search::{self, TableObjective};

use crate::game_from_id;
use crate::hand::{engine_err, kind_name, options_from};

/// Rearranges the table to place the most of the hand; see docs/ARCHITECTURE.md.
#[pyfunction]
#[pyo3(signature = (game, table, hand, objective="cards", options=None, time_budget_ms=0, tie_break="exact"))]
#[allow(clippy::too_many_arguments)]
fn solve_table<'py>(
    py: Python<'py>,
    game: &str,
    table: Vec<Vec<u8>>,
    hand: Vec<u8>,
    objective: &str,
    options: Option<&Bound<'py, PyDict>>,
    time_budget_ms: u64,
    tie_break: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let g = game_from_id(game)?;
    let obj = TableObjective::from_name(objective).map_err(engine_err)?;
    let opts = options_from(options)?;
    let tb = search::TieBreak::from_name(tie_break).map_err(engine_err)?;
    let sol =
        py.detach(|| search::solve_table_with(g, &table, &hand, obj, &opts, time_budget_ms, tb)).map_err(engine_err)?;
    let d = PyDict::new(py);
    let melds: Vec<Vec<(u8, u8)>> =
        sol.melds.iter().map(|m| m.cards.iter().map(|p| (p.code, p.stands_for)).collect()).collect();
    d.set_item("table", melds)?;
    d.set_item("kinds", sol.melds.iter().map(|m| kind_name(m.kind)).collect::<Vec<_>>())?;
    d.set_item("points", sol.melds.iter().map(|m| m.points).collect::<Vec<_>>())?;
    // u8 vectors would become bytes: hand out lists of ints.
    d.set_item("placed", sol.placed.iter().map(|&c| c as u32).collect::<Vec<u32>>())?;
    d.set_item("placed_points", sol.placed_points)?;
    d.set_item("taken", sol.taken.iter().map(|&c| c as u32).collect::<Vec<u32>>())?;
    d.set_item("moved", sol.moved)?;
    d.set_item("optimal", sol.optimal)?;
    d.set_item("moved_optimal", sol.moved_optimal)?;
    d.set_item("budget_cut", sol.budget_cut)?;
    Ok(d)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_table, m)?)?;
    Ok(())
}
