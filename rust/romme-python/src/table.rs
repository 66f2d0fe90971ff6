//! Table search binding: `solve_table` (the interpreter lock is released while it runs).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use romme_engine::cards::Game;
use romme_engine::options::GameRules;
use romme_engine::search::{self, Budget, Cutoff, TableObjective};

use crate::errors::{engine_err, Refusal};
use crate::game_from_id;
use crate::hand::options_from;
use crate::types::TableSolution;

/// Rearranges the table to place the most of the hand; see docs/ARCHITECTURE.md. `time_budget_ms`
/// and `work_budget` (0: none) bound the search; the first reached cuts it.
#[pyfunction]
#[pyo3(signature = (game, table, hand, objective="cards", options=None, time_budget_ms=0, tie_break="exact", work_budget=0))]
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
    work_budget: u64,
) -> PyResult<TableSolution> {
    let g = game_from_id(game)?;
    let obj = TableObjective::from_name(objective).map_err(engine_err)?;
    let opts = options_from(options)?;
    if matches!(g, Game::Romme | Game::Rummy | Game::Einmaleins) {
        // (an unknown option or a value out of range is a rules error, named in one line)
        GameRules::read(g, &opts).map_err(Refusal::Rules.of())?;
    }
    let tb = search::TieBreak::from_name(tie_break).map_err(engine_err)?;
    let cutoff = Cutoff::start(Budget::time_ms(time_budget_ms).and_work(work_budget));
    let sol = py.detach(|| search::solve_table_cut(g, &table, &hand, obj, &opts, &cutoff, tb)).map_err(engine_err)?;
    Ok(TableSolution::of(&sol, cutoff.spent()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_table, m)?)?;
    Ok(())
}
