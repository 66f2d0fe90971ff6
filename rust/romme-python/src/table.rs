//! Table search binding: `solve_table` (the interpreter lock is released while it runs).

use std::cell::Cell;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use romme_engine::cards::Game;
use romme_engine::options::GameRules;
use romme_engine::rummy::listing::MeldCards;
use romme_engine::rummy::searched::{searched_turn, SearchedTurn};
use romme_engine::search::{self, Budget, TableObjective};

use crate::args::{Codes, Int};
use crate::errors::{engine_err, Refusal};
use crate::game_from_id;
use crate::hand::options_from;
use crate::listing::{flat, table_from_flat};
use crate::stop;
use crate::types::TableSolution;

thread_local! {
    /// The work of the table searches this thread ran under a work budget, a running total.
    static SEARCH_WORK: Cell<u64> = const { Cell::new(0) };
}

fn count_work(units: u64) {
    SEARCH_WORK.with(|total| total.set(total.get().saturating_add(units)));
}

/// The work (in the units of `work_budget`) of the table searches that this thread ran under a work
/// budget (`solve_table`, `rummy_searched_turn`), a running total: a caller that budgets many searches
/// (the master bot's rollouts) reads the difference, a count that is the same on every machine.
#[pyfunction]
fn search_work() -> u64 {
    SEARCH_WORK.with(Cell::get)
}

/// Rearranges the table to place the most of the hand; see docs/ARCHITECTURE.md. `time_budget_ms`
/// and `work_budget` (0: none) bound the search; the first reached cuts it.
#[pyfunction]
#[pyo3(signature = (game, table, hand, objective="cards", options=None, time_budget_ms=Int(0), tie_break="exact", work_budget=Int(0)))]
#[pyo3(
    text_signature = "(game, table, hand, objective=\"cards\", options=None, time_budget_ms=0, tie_break=\"exact\", work_budget=0)"
)]
#[allow(clippy::too_many_arguments)]
fn solve_table(
    py: Python<'_>,
    game: &str,
    table: Vec<Codes>,
    hand: Codes,
    objective: &str,
    options: Option<&Bound<'_, PyDict>>,
    time_budget_ms: Int<u64>,
    tie_break: &str,
    work_budget: Int<u64>,
) -> PyResult<TableSolution> {
    let table: Vec<Vec<u8>> = table.into_iter().map(|c| c.0).collect();
    let hand = hand.0;
    let time_budget_ms = time_budget_ms.0;
    let work_budget = work_budget.0;
    let g = game_from_id(game)?;
    let obj = TableObjective::from_name(objective).map_err(engine_err)?;
    let opts = options_from(options)?;
    if matches!(g, Game::Romme | Game::Rummy | Game::Einmaleins) {
        // (an unknown option or a value out of range is a rules error, named in one line)
        GameRules::read(g, &opts).map_err(Refusal::Rules.of())?;
    }
    let tb = search::TieBreak::from_name(tie_break).map_err(engine_err)?;
    let cutoff = stop::cutoff(Budget::time_ms(time_budget_ms).and_work(work_budget));
    let sol = py.detach(|| search::solve_table_cut(g, &table, &hand, obj, &opts, &cutoff, tb)).map_err(engine_err)?;
    count_work(cutoff.spent());
    Ok(TableSolution::of(&sol, cutoff.spent()))
}

/// Which table cards a seat that has `opened` (or not) may take into its hand with its table move:
/// `nothing`, `any` (Räuber-Rommé with `rauber_table_to_hand`) or `leftovers` (1x1-Rommé: the cards
/// that fit nowhere, and freed wilds); the one answer the hint and the table's board ask
/// (`romme_engine::options::GameRules::table_to_hand`).
#[pyfunction]
#[pyo3(signature = (game, opened, options=None))]
fn table_to_hand(game: &str, opened: bool, options: Option<&Bound<'_, PyDict>>) -> PyResult<&'static str> {
    let g = game_from_id(game)?;
    let opts = options_from(options)?;
    let rules = GameRules::read(g, &opts).map_err(Refusal::Rules.of())?;
    Ok(rules.table_to_hand(opened).name())
}

/// Whether a seat that has opened may move cards already on the table into other melds under these
/// rules (`romme_engine::options::GameRules::moves_table_cards`): Rummy, 1x1-Rommé, Rommé with `rauber`.
#[pyfunction]
#[pyo3(signature = (game, options=None))]
fn moves_table_cards(game: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<bool> {
    let g = game_from_id(game)?;
    let opts = options_from(options)?;
    let rules = GameRules::read(g, &opts).map_err(Refusal::Rules.of())?;
    Ok(rules.moves_table_cards())
}

/// Whether a Rommé set's jokers stay the cards they are declared as under these rules
/// (`romme_engine::options::GameRules::set_declarations_bind`): `joker_declared` without `rauber`.
#[pyfunction]
#[pyo3(signature = (game, options=None))]
fn set_declarations_bind(game: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<bool> {
    let g = game_from_id(game)?;
    let opts = options_from(options)?;
    let rules = GameRules::read(g, &opts).map_err(Refusal::Rules.of())?;
    Ok(rules.set_declarations_bind())
}

/// Rummy's searched turn (`romme_engine::rummy::searched`): the table search's answer for a seat
/// that has opened, its melds read as the game reads them and the move judged by the game's judge,
/// so the flow applies it without judging it again.
#[pyclass(frozen, module = "romme._core")]
pub struct RummySearchedTurn {
    table: Option<Vec<MeldCards>>,
    placed: Vec<u8>,
    /// Whether the search proved that no place move is legal.
    #[pyo3(get)]
    proven_none: bool,
    /// Whether the search proved that no table lays more hand cards than this one.
    #[pyo3(get)]
    proven_most: bool,
}

#[pymethods]
impl RummySearchedTurn {
    /// The new table as melds of `(code, stands_for)` pairs, or None: no place move found.
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let Some(table) = &self.table else {
            return Ok(None);
        };
        let pairs = card_pairs(py)?;
        let melds = table
            .iter()
            .map(|m| {
                let cards = m.iter().map(|&(code, stands_for)| match pairs.get(pair_index(code, stands_for)) {
                    Some(pair) => Ok(pair.bind(py).clone()),
                    None => PyTuple::new(py, [code, stands_for]),
                });
                PyTuple::new(py, cards.collect::<PyResult<Vec<_>>>()?)
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, melds).map(Some)
    }

    /// The new table in the flat form of the listing (per meld its length, then code and
    /// stands-for per card); empty where there is none.
    #[getter]
    fn flat<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &flat(self.table.iter().flatten()))
    }

    /// The hand cards the move lays (a code a byte, ascending).
    #[getter]
    fn placed<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.placed)
    }

    fn __repr__(&self) -> String {
        format!(
            "RummySearchedTurn(placed={:?}, proven_none={}, proven_most={})",
            self.placed, self.proven_none, self.proven_most
        )
    }
}

/// Rummy's card codes (52 naturals and the joker, 52): a table card is a pair of two of them.
const RUMMY_CODES: usize = 53;

/// Where the pair `(code, stands_for)` lies in [`card_pairs`] (past its end for a pair of other values).
fn pair_index(code: u8, stands_for: u8) -> usize {
    if (code as usize) < RUMMY_CODES && (stands_for as usize) < RUMMY_CODES {
        code as usize * RUMMY_CODES + stands_for as usize
    } else {
        usize::MAX
    }
}

/// Every `(code, stands_for)` pair of Rummy's codes as a Python tuple, made once per process: a
/// searched turn's table is some 60 such pairs, and making each anew cost more than the rest of
/// the answer's conversion (the tuples are immutable, so the answers share them).
fn card_pairs(py: Python<'_>) -> PyResult<&'static [Py<PyTuple>]> {
    static PAIRS: PyOnceLock<Vec<Py<PyTuple>>> = PyOnceLock::new();
    let pairs = PAIRS.get_or_try_init(py, || {
        (0..RUMMY_CODES * RUMMY_CODES)
            .map(|i| PyTuple::new(py, [(i / RUMMY_CODES) as u8, (i % RUMMY_CODES) as u8]).map(Bound::unbind))
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(pairs)
}

/// The searched turn of a seat that has opened: `table` in the flat form, `hand` its 53 counts,
/// `options` Rummy's rules, `work_budget` the search's work (0: none).
#[pyfunction]
fn rummy_searched_turn(
    py: Python<'_>,
    table: &[u8],
    hand: Codes,
    options: Option<&Bound<'_, PyDict>>,
    work_budget: Int<u64>,
) -> PyResult<RummySearchedTurn> {
    let hand = hand.0;
    let work_budget = work_budget.0;
    let opts = options_from(options)?;
    let GameRules::Rummy(rules) = GameRules::read(Game::Rummy, &opts).map_err(Refusal::Rules.of())? else {
        return Err(Refusal::Rules.err("Rummy's options read as another game's"));
    };
    if hand.len() != 53 {
        return Err(Refusal::Solver.err(format!("a Rummy hand is 53 counts by code, got {}", hand.len())));
    }
    let table = table_from_flat(table)?;
    let cutoff = stop::cutoff(Budget::time_ms(0).and_work(work_budget));
    let turn = py.detach(|| searched_turn(&table, &hand, &rules, &cutoff)).map_err(engine_err)?;
    count_work(cutoff.spent());
    Ok(match turn {
        SearchedTurn::Place { table, placed, proven_most } => {
            RummySearchedTurn { table: Some(table), placed, proven_none: false, proven_most }
        }
        SearchedTurn::Nothing { proven_none } => {
            RummySearchedTurn { table: None, placed: Vec::new(), proven_none, proven_most: false }
        }
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_table, m)?)?;
    m.add_function(wrap_pyfunction!(table_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(moves_table_cards, m)?)?;
    m.add_function(wrap_pyfunction!(set_declarations_bind, m)?)?;
    m.add_function(wrap_pyfunction!(rummy_searched_turn, m)?)?;
    m.add_function(wrap_pyfunction!(search_work, m)?)?;
    m.add_class::<RummySearchedTurn>()?;
    Ok(())
}
