//! The place-move judges of the games whose whole table may be rearranged (Rummy, 1x1-Rommé;
//! `romme_engine::table_place` and each game's `place` module): the old table in its flat form, the
//! new one as melds of `(code, stands_for)`, the hand as counts by code. Each answers the hand
//! cards the move lays and the table cards it gives the hand, or `IllegalMoveError` naming the
//! rule it breaks, or the card that is none.

use pyo3::prelude::*;
use romme_engine::einmaleins::place as einmaleins_place;
use romme_engine::meld::EngineError;
use romme_engine::rummy::listing::MeldCards;
use romme_engine::rummy::place as rummy_place;
use romme_engine::table_place::{cards_of, TableChange as EngineChange, Verdict};

use crate::errors::Refusal;
use crate::listing::table_from_flat;

/// A new table from Python: melds of `(code, stands_for)` pairs, every number a byte (a larger one
/// is no card of any game; the judge names the card a game does not have).
fn new_table(new: &Bound<'_, PyAny>, game: &str) -> PyResult<Vec<MeldCards>> {
    let melds: Vec<Vec<(i64, i64)>> = new
        .extract()
        .map_err(|_| Refusal::IllegalMove.err(format!("a {game} table is melds of (code, stands_for) pairs")))?;
    let card = |n: i64| u8::try_from(n).map_err(|_| Refusal::IllegalMove.err(format!("{n} is no {game} card code")));
    melds.iter().map(|m| m.iter().map(|&(c, s)| Ok((card(c)?, card(s)?))).collect()).collect()
}

/// The judge's answer as Python sees it: `(placed, taken)`, or `IllegalMoveError` with the rule.
fn answer(verdict: Result<Verdict, EngineError>) -> PyResult<(Vec<u8>, Vec<u8>)> {
    match verdict.map_err(Refusal::IllegalMove.of())? {
        Verdict::Legal(moved) => Ok((moved.placed, moved.taken)),
        Verdict::Illegal(rule) => Err(Refusal::IllegalMove.err(rule)),
    }
}

/// 1x1-Rommé's table move judged (`romme_engine::einmaleins::place`); the hand is 101 counts.
#[pyfunction]
fn einmaleins_judge_place(
    old: &[u8],
    new: &Bound<'_, PyAny>,
    hand: Vec<u8>,
    opened: bool,
    opening_points: i32,
) -> PyResult<(Vec<u8>, Vec<u8>)> {
    let new = new_table(new, "1x1-Rommé")?;
    let old = table_from_flat(old)?;
    answer(einmaleins_place::judge(&old, &new, &hand, opened, opening_points))
}

/// Rummy's place move judged (`romme_engine::rummy::place`: rules 1–3, the opening); the hand is
/// 53 counts, `cap` the most hand cards a turn (0: no cap). A legal move takes no table card back.
#[pyfunction]
fn rummy_judge_place(
    old: &[u8],
    new: &Bound<'_, PyAny>,
    hand: Vec<u8>,
    opened: bool,
    opening_points: i32,
    cap: i32,
) -> PyResult<(Vec<u8>, Vec<u8>)> {
    let new = new_table(new, "Rummy")?;
    let old = table_from_flat(old)?;
    answer(rummy_place::judge(&old, &new, &hand, opened, opening_points, cap))
}

/// What a place move changes on the table (`romme_engine::table_place::TableChange`): the places of
/// the melds it adds (on the new table) and removes (on the old one; melds kept in both are matched
/// one for one, the same cards declaring the same wilds), the hand cards it places and the table
/// cards it takes back (codes, each once per copy, ascending).
#[pyclass(frozen, module = "romme._core")]
pub struct TableChange {
    /// Places (from 0) on the new table of the melds the old one lacks, in table order.
    #[pyo3(get)]
    added: Vec<usize>,
    /// Places (from 0) on the old table of the melds the new one lacks.
    #[pyo3(get)]
    removed: Vec<usize>,
    /// The cards the new table holds more of: laid from the hand.
    #[pyo3(get)]
    placed: Vec<u32>,
    /// The cards it holds fewer of: back to the hand.
    #[pyo3(get)]
    taken: Vec<u32>,
}

#[pymethods]
impl TableChange {
    fn __repr__(&self) -> String {
        format!(
            "TableChange(added={:?}, removed={:?}, placed={:?}, taken={:?})",
            self.added, self.removed, self.placed, self.taken
        )
    }
}

/// The change from table `old` to table `new` (each melds of `(code, stands_for)` pairs, codes of
/// any table game); `IllegalMoveError` for a table of another shape.
#[pyfunction]
fn table_change(old: &Bound<'_, PyAny>, new: &Bound<'_, PyAny>) -> PyResult<TableChange> {
    let (old, new) = (new_table(old, "table game's")?, new_table(new, "table game's")?);
    let change = EngineChange::of_codes(&old, &new);
    Ok(TableChange {
        added: change.added_at.clone(),
        removed: change.removed_at.clone(),
        placed: cards_of(&change.placed).into_iter().map(u32::from).collect(),
        taken: cards_of(&change.taken).into_iter().map(u32::from).collect(),
    })
}

/// Adds the place judges to `romme._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TableChange>()?;
    m.add_function(wrap_pyfunction!(table_change, m)?)?;
    m.add_function(wrap_pyfunction!(einmaleins_judge_place, m)?)?;
    m.add_function(wrap_pyfunction!(rummy_judge_place, m)?)?;
    Ok(())
}
