//! Krass Kariert binding: the combination classifier, so the Python game's
//! own ranking (`romme.games.krass_combos`) can be checked against the engine.

use pyo3::prelude::*;
use romme_engine::krass::{self, Play};

use crate::hand::engine_err;

/// The combination that 1–3 `(code, value)` cards make: `(kind, rank)` with
/// kind `solo`, `2-straight`, `pair`, `3-straight`, `triple` (rank: the number,
/// straights their top card) or `draw`/`stop` (rank 0); `None` if the cards
/// make no play. `value` is the number an X stands for, a number card's own
/// number, 0 for N and S. Malformed input raises `ValueError`.
#[pyfunction]
fn krass_combination(cards: Vec<(u8, u8)>) -> PyResult<Option<(&'static str, u8)>> {
    let play = krass::combination(&cards).map_err(engine_err)?;
    Ok(play.map(|p| match p {
        Play::Combo(c) => (c.kind.name(), c.rank),
        Play::Draw => ("draw", 0),
        Play::Stop => ("stop", 0),
    }))
}

/// Adds the Krass Kariert functions to `romme._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(krass_combination, m)?)?;
    Ok(())
}
