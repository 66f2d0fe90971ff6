//! Krass Kariert binding: the combination classifier, the only copy of the
//! combination rules (`romme.games.krass_combos` asks it).

use pyo3::prelude::*;
use romme_engine::krass::{self, Play};

use crate::errors::Refusal;

/// The combination that 1–3 `(code, value)` cards make: `(kind, rank)` with
/// kind `solo`, `2-straight`, `pair`, `3-straight`, `triple` (rank: the number,
/// straights their top card) or `draw`/`stop` (rank 0); `None` if the cards
/// make no play. `value` is the number an X stands for, a number card's own
/// number, 0 for N and S. Malformed input raises `IllegalMoveError`.
#[pyfunction]
fn krass_combination(cards: Vec<(u8, u8)>) -> PyResult<Option<(&'static str, u8)>> {
    let play = krass::combination(&cards).map_err(Refusal::IllegalMove.of())?;
    Ok(play.map(play_name))
}

/// Like [`krass_combination`], but a group that makes no play raises
/// `IllegalMoveError` with the engine's reason (too many cards, N or S in a group,
/// two X cards, an X without a number, numbers that form no combination).
#[pyfunction]
fn krass_classify(cards: Vec<(u8, u8)>) -> PyResult<(&'static str, u8)> {
    krass::classify(&cards).map(play_name).map_err(Refusal::IllegalMove.of())
}

/// `(kind, rank)` of a play, as Python sees it.
fn play_name(play: Play) -> (&'static str, u8) {
    match play {
        Play::Combo(c) => (c.kind.name(), c.rank),
        Play::Draw => ("draw", 0),
        Play::Stop => ("stop", 0),
    }
}

/// Adds the Krass Kariert functions to `romme._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(krass_combination, m)?)?;
    m.add_function(wrap_pyfunction!(krass_classify, m)?)?;
    Ok(())
}
