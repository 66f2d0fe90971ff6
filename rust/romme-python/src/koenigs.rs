//! Königs-Rommé for Python: the round rules (which cards are wild in a round and what each costs), going out, and
//! the measures the experts weigh hands by.

use pyo3::prelude::*;
use romme_engine::koenigs::{self, going_out, measures};
use romme_engine::meld::Objective;

use crate::args::{self, Codes, Int};
use crate::errors::Refusal;
use crate::hand::engine_err;
use crate::listing::codes_of;

/// The cards of a Königs-Rommé round as its rules read them (`koenigs::round_cards`).
#[pyclass(frozen, get_all, module = "romme._core")]
struct RoundCards {
    /// The round's wild rank.
    wild_rank: u8,
    /// By card code (0..55): whether the card is wild this round.
    wild: Vec<bool>,
    /// By card code: the points the card costs left in hand this round.
    points: Vec<i32>,
}

/// Königs-Rommé round `round` (1..11): its [`RoundCards`] (the only copy of the rule).
#[pyfunction]
fn koenigs_round_cards(round: &Bound<'_, PyAny>) -> PyResult<RoundCards> {
    let refuse = |msg: String| Refusal::Rules.err(msg);
    let round = round
        .extract::<u8>()
        .map_err(|_| refuse(format!("koenigs round must be 1..11, got {}", args::quoted(round))))?;
    let cards = koenigs::round_cards(round).map_err(|e| refuse(e.0))?;
    let (wild, points) = cards.cards.into_iter().unzip();
    Ok(RoundCards { wild_rank: cards.wild_rank, wild, points })
}

/// Königs-Rommé: whether every card of `codes` melds in round `round` (1..11).
#[pyfunction]
fn koenigs_melds_fully(codes: &Bound<'_, PyAny>, round: Int<u8>) -> PyResult<bool> {
    let round = round.0;
    // (the hand read item by item: the solitaire asks after every step)
    going_out::melds_fully(&codes_of(codes)?, round).map_err(engine_err)
}

/// Königs-Rommé: every distinct card of `codes` whose discard leaves a hand that melds completely
/// in round `round`, ascending.
#[pyfunction]
fn koenigs_go_out_discards(codes: Codes, round: Int<u8>) -> PyResult<Vec<u32>> {
    let codes = codes.0;
    let round = round.0;
    let out = going_out::go_out_discards(&codes, round).map_err(engine_err)?;
    Ok(out.into_iter().map(u32::from).collect()) // (a Vec<u8> would reach Python as bytes)
}

/// What the best lay-down of a Königs-Rommé hand leaves (`koenigs_best_left`).
#[pyclass(frozen, get_all, module = "romme._core")]
struct BestLeft {
    /// The cards left in hand (codes; a `Vec<u8>` would reach Python as bytes).
    left: Vec<u32>,
    /// What they cost this round.
    points: i32,
}

/// Königs-Rommé: the cards the best lay-down of `codes` leaves in round `round` under `objective`
/// (`min-left` or `max-cards`; the solver's melds, without its discard analysis), and their points.
#[pyfunction]
fn koenigs_best_left(codes: Codes, round: Int<u8>, objective: &str) -> PyResult<BestLeft> {
    let codes = codes.0;
    let round = round.0;
    let objective = Objective::from_name(objective).map_err(Refusal::Rules.of())?;
    let (left, points) = going_out::best_left(&codes, round, objective).map_err(engine_err)?;
    Ok(BestLeft { left: left.into_iter().map(u32::from).collect(), points })
}

/// Königs-Rommé: how many more good draws `codes` needs before it can go out in round `round`,
/// looking at most `most` draws ahead; `None` when it needs more.
#[pyfunction]
fn koenigs_distance(codes: Codes, round: Int<u8>, most: Int<usize>) -> PyResult<Option<usize>> {
    let codes = codes.0;
    let round = round.0;
    let most = most.0;
    measures::distance(&codes, round, most).map_err(engine_err)
}

/// A Königs-Rommé hand measured without one of its cards (`koenigs_discard_measures`).
#[pyclass(frozen, get_all, module = "romme._core")]
struct DiscardMeasure {
    /// The card discarded.
    card: u8,
    /// The good draws the hand without it still needs to go out; `None` when further than asked or
    /// not asked.
    distance: Option<usize>,
    /// The points the best lay-down of the hand without it leaves.
    points: i32,
}

/// How far a Königs-Rommé hand without one of its cards is from going out (`koenigs_discard_distances`).
#[pyclass(frozen, get_all, module = "romme._core")]
struct DiscardDistance {
    /// The card discarded.
    card: u8,
    /// The good draws the hand without it still needs to go out; `None` when further than asked.
    distance: Option<usize>,
}

/// Königs-Rommé: for each distinct card of `hand` (ascending), the [`DiscardMeasure`] of the hand
/// without it; distances (looking at most `most_draws` ahead) only when `most_draws` is given.
#[pyfunction]
#[pyo3(signature = (hand, round, most_draws=None))]
fn koenigs_discard_measures(
    hand: Codes,
    round: Int<u8>,
    most_draws: Option<Int<usize>>,
) -> PyResult<Vec<DiscardMeasure>> {
    let hand = hand.0;
    let round = round.0;
    let most_draws = most_draws.map(|x| x.0);
    let measured = measures::discard_measures(&hand, round, most_draws).map_err(engine_err)?;
    Ok(measured.into_iter().map(|(card, distance, points)| DiscardMeasure { card, distance, points }).collect())
}

/// Königs-Rommé: for each distinct card of `hand` (ascending), the distance of the hand without it
/// (a [`DiscardDistance`]), looking at most `most` draws ahead.
#[pyfunction]
fn koenigs_discard_distances(hand: Codes, round: Int<u8>, most: Int<usize>) -> PyResult<Vec<DiscardDistance>> {
    let hand = hand.0;
    let round = round.0;
    let most = most.0;
    let measured = measures::discard_distances(&hand, round, most).map_err(engine_err)?;
    Ok(measured.into_iter().map(|(card, distance)| DiscardDistance { card, distance }).collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RoundCards>()?;
    m.add_class::<BestLeft>()?;
    m.add_class::<DiscardMeasure>()?;
    m.add_class::<DiscardDistance>()?;
    m.add_function(wrap_pyfunction!(koenigs_round_cards, m)?)?;
    m.add_function(wrap_pyfunction!(koenigs_melds_fully, m)?)?;
    m.add_function(wrap_pyfunction!(koenigs_go_out_discards, m)?)?;
    m.add_function(wrap_pyfunction!(koenigs_best_left, m)?)?;
    m.add_function(wrap_pyfunction!(koenigs_distance, m)?)?;
    m.add_function(wrap_pyfunction!(koenigs_discard_measures, m)?)?;
    m.add_function(wrap_pyfunction!(koenigs_discard_distances, m)?)?;
    Ok(())
}
