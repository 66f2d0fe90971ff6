//! Krass Kariert binding: the combination classifier, the only copy of the
//! combination rules (`romme.games.krass.combos` asks it), the strengths' names, and what the
//! expert bot weighs (`romme.bots.krass` asks `KrassExpert`).

use pyo3::prelude::*;
use romme_engine::krass::bot_measures::{self, HandMeasures, LaterSeat, PlayView, Unseen};
use romme_engine::krass::{self, plays, Play};

use crate::args::{self, Code, Codes, Int};
use crate::errors::{engine_err, Refusal};

/// The combination that 1–3 `(code, value)` cards make: `(kind, rank)` with
/// kind `solo`, `2-straight`, `pair`, `3-straight`, `triple` (rank: the number,
/// straights their top card) or `draw`/`stop` (rank 0); `None` if the cards
/// make no play. `value` is the number an X stands for, a number card's own
/// number, 0 for N and S. Malformed input raises `IllegalMoveError`.
#[pyfunction]
fn krass_combination(cards: Vec<(Code, Code)>) -> PyResult<Option<KrassPlay>> {
    let cards = args::pairs(cards);
    let play = krass::combination(&cards).map_err(Refusal::IllegalMove.of())?;
    Ok(play.map(KrassPlay::of))
}

/// Like [`krass_combination`], but a group that makes no play raises
/// `IllegalMoveError` with the engine's reason (too many cards, N or S in a group,
/// two X cards, an X without a number, numbers that form no combination).
#[pyfunction]
fn krass_classify(cards: Vec<(Code, Code)>) -> PyResult<KrassPlay> {
    let cards = args::pairs(cards);
    krass::classify(&cards).map(KrassPlay::of).map_err(Refusal::IllegalMove.of())
}

/// A Krass Kariert play as the rules read it.
#[pyclass(frozen, get_all, eq, module = "romme._core")]
#[derive(PartialEq, Eq)]
struct KrassPlay {
    /// `solo`, `2-straight`, `pair`, `3-straight`, `triple`, `draw` or `stop`.
    kind: &'static str,
    /// The combination's number (a straight's top card); 0 for `draw` and `stop`.
    rank: u8,
}

#[pymethods]
impl KrassPlay {
    fn __repr__(&self) -> String {
        format!("KrassPlay(kind={:?}, rank={})", self.kind, self.rank)
    }
}

impl KrassPlay {
    fn of(play: Play) -> KrassPlay {
        match play {
            Play::Combo(c) => KrassPlay { kind: c.kind.name(), rank: c.rank },
            Play::Draw => KrassPlay { kind: "draw", rank: 0 },
            Play::Stop => KrassPlay { kind: "stop", rank: 0 },
        }
    }
}

/// The name of a play strength as the game shows it (`"pair 9"`, `"draw"`, `"stop"`, `"nothing"`
/// for -1); `IllegalMoveError` for a number that is no strength.
#[pyfunction]
fn krass_strength_name(strength: Int<i32>) -> PyResult<String> {
    let strength = strength.0;
    plays::strength_name(strength)
        .ok_or_else(|| Refusal::IllegalMove.err(format!("{strength} is no krass play strength")))
}

/// The strongest combination any window of `hand` shows (0 if none; stop and draw cards do not count).
#[pyfunction]
fn krass_hand_power(hand: Codes) -> PyResult<i32> {
    let hand = hand.0;
    bot_measures::hand_power(&hand).map_err(engine_err)
}

/// Where `card` joins the best group with its new neighbours in `hand` (the hand's end if nowhere).
#[pyfunction]
fn krass_fit_position(hand: Codes, card: Code) -> PyResult<usize> {
    let hand = hand.0;
    let card = card.0;
    bot_measures::fit_position(&hand, card).map_err(engine_err)
}

/// The chance that a random hand of `size` cards can neither beat `beat` nor play a stop or draw
/// card; with `unseen` (cards hidden from the player, stop and draw cards among them) corrected to those.
#[pyfunction]
#[pyo3(signature = (size, beat, unseen=None))]
fn krass_p_stuck(size: Int<usize>, beat: Int<i32>, unseen: Option<(Int<i64>, Int<i64>)>) -> f64 {
    let size = size.0;
    let beat = beat.0;
    let unseen = unseen.map(|(a, b)| (a.0, b.0));
    bot_measures::p_stuck(size, beat, unseen.map(|(cards, specials)| Unseen { cards, specials }))
}

/// What the Krass Kariert expert measures of a hand (`KrassExpert.measure`).
#[pyclass(frozen, get_all, module = "romme._core")]
struct HandMeasure {
    /// The fewest plays that empty the hand.
    plays: usize,
    /// The hand's power (`krass_hand_power`).
    power: i32,
}

/// The Krass Kariert expert's move in a lead or follow position (`KrassExpert.play_choice`).
#[pyclass(frozen, get_all, module = "romme._core")]
struct PlayChoice {
    /// The chosen move's place in the position's listed moves.
    index: usize,
    /// How many moves the expert weighed (the position's listed moves: the caller checks they agree).
    listed: usize,
}

/// The Krass Kariert expert's measures and choices, with its memory of measured hands.
#[pyclass(module = "romme._core")]
struct KrassExpert {
    measures: HandMeasures,
}

#[pymethods]
impl KrassExpert {
    #[new]
    fn new() -> Self {
        KrassExpert { measures: HandMeasures::default() }
    }

    /// The hand's [`HandMeasure`].
    fn measure(&mut self, hand: Codes) -> PyResult<HandMeasure> {
        let hand = hand.0;
        let m = self.measures.measure(&hand).map_err(engine_err)?;
        Ok(HandMeasure { plays: m.plays, power: m.power })
    }

    /// Where to insert a drawn `card` into `hand`.
    fn insert_position(&mut self, hand: Codes, card: Code) -> PyResult<usize> {
        let hand = hand.0;
        let card = card.0;
        bot_measures::insert_position(&hand, card, &mut self.measures).map_err(engine_err)
    }

    /// The move to make in a lead or follow position, as a [`PlayChoice`].
    /// `later`: `(hand size, reserves gone)` of each seat still to act after this one; `unseen`:
    /// (cards hidden from the player, stop and draw cards among them).
    #[allow(clippy::too_many_arguments)]
    fn play_choice(
        &mut self,
        hand: Codes,
        reserves: Codes,
        beat: Int<i32>,
        leading: bool,
        draws: Int<u32>,
        later: Vec<(Int<usize>, bool)>,
        unseen: (Int<i64>, Int<i64>),
    ) -> PyResult<PlayChoice> {
        let hand = hand.0;
        let reserves = reserves.0;
        let beat = beat.0;
        let draws = draws.0;
        let later: Vec<(usize, bool)> = later.into_iter().map(|(n, b)| (n.0, b)).collect();
        let unseen = (unseen.0 .0, unseen.1 .0);
        let later: Vec<LaterSeat> =
            later.into_iter().map(|(hand_size, exposed)| LaterSeat { hand_size, exposed }).collect();
        let view = PlayView {
            hand: &hand,
            reserves: &reserves,
            beat,
            leading,
            draws,
            later: &later,
            unseen: Unseen { cards: unseen.0, specials: unseen.1 },
        };
        let choice = bot_measures::play_choice(&view, &mut self.measures).map_err(engine_err)?;
        Ok(PlayChoice { index: choice.index, listed: choice.listed })
    }
}

/// Adds the Krass Kariert functions to `romme._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<KrassPlay>()?;
    m.add("KRASS_FREE", plays::FREE)?;
    m.add("KRASS_DRAW", plays::DRAW_STRENGTH)?;
    m.add("KRASS_STOP", plays::STOP_STRENGTH)?;
    m.add_function(wrap_pyfunction!(krass_combination, m)?)?;
    m.add_function(wrap_pyfunction!(krass_classify, m)?)?;
    m.add_function(wrap_pyfunction!(krass_strength_name, m)?)?;
    m.add_function(wrap_pyfunction!(krass_hand_power, m)?)?;
    m.add_function(wrap_pyfunction!(krass_fit_position, m)?)?;
    m.add_function(wrap_pyfunction!(krass_p_stuck, m)?)?;
    m.add_class::<HandMeasure>()?;
    m.add_class::<PlayChoice>()?;
    m.add_class::<KrassExpert>()?;
    Ok(())
}
