//! Königs-Rommé's round rules for Python: which cards are wild in a round and what each costs.

use pyo3::prelude::*;
use romme_engine::koenigs;

use crate::errors::Refusal;

/// Königs-Rommé round `round` (1..11): its wild rank and, by card code (0..55), whether the card is
/// wild and the points it costs left in hand (`koenigs::round_cards`, the only copy of the rule).
#[pyfunction]
fn koenigs_round_cards(round: &Bound<'_, PyAny>) -> PyResult<(u8, Vec<(bool, i32)>)> {
    let refuse = |msg: String| Refusal::Rules.err(msg);
    let round = round.extract::<u8>().map_err(|_| refuse(format!("koenigs round must be 1..11, got {round}")))?;
    let cards = koenigs::round_cards(round).map_err(|e| refuse(e.0))?;
    Ok((cards.wild_rank, cards.cards))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(koenigs_round_cards, m)?)?;
    Ok(())
}
