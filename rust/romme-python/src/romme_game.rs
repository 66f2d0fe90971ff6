//! Rommé's game rules for the game flow (`romme.games.romme`): the melds as the game lays them,
//! lay-off and joker-swap targets, the hand search of the engine and the bots, and the listed
//! moves of a position. A table meld crosses as its wire form (bytes, see
//! `romme_engine::romme::table_meld::TableMeld::wire`), which Python keeps beside the meld.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use romme_engine::romme::bot_measures;
use romme_engine::romme::hand_search::{self, Candidate, Value};
use romme_engine::romme::listing::{self, Listed, Position};
use romme_engine::romme::place::{Judged, Shortcut};
use romme_engine::romme::table_meld::{self, Shape, TableMeld};
use romme_engine::romme::turn::{Outcome, Turn};
use romme_engine::romme::{Rules, JOKER};
use romme_engine::table_place::Verdict;

use crate::args::{Code, Codes, Int};
use crate::errors::Refusal;
use crate::hand::options_from;
use crate::listing::codes_of;
use crate::table_place::PlaceVerdict;

/// Rommé's options read and checked once (`romme_engine::romme::Rules`); every function below
/// takes it.
#[pyclass(frozen, module = "romme._core")]
struct RommeRules {
    rules: Rules,
}

#[pymethods]
impl RommeRules {
    #[new]
    #[pyo3(signature = (options=None))]
    fn new(options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Ok(RommeRules { rules: Rules::from_options(&options_from(options)?).map_err(Refusal::Rules.of())? })
    }

    fn __repr__(&self) -> String {
        format!("RommeRules({:?})", self.rules)
    }
}

/// A table meld as Python keeps it: `(kind, suit, rank, start, cards, points, wire)` (a set has
/// suit -1 and start 0, a run rank 0; cards are `(code, stands_for)`).
type MeldRow<'py> = (&'static str, i8, u8, u8, Bound<'py, PyTuple>, i32, Bound<'py, PyBytes>);

fn meld_row<'py>(py: Python<'py>, m: &TableMeld) -> PyResult<MeldRow<'py>> {
    let (kind, suit, rank, start) = match m.shape {
        Shape::Set { rank } => ("set", -1, rank, 0),
        Shape::Run { suit, start } => ("run", suit as i8, 0, start),
    };
    let cards = PyTuple::new(py, m.cards.iter().copied())?;
    Ok((kind, suit, rank, start, cards, m.points(), PyBytes::new(py, &m.wire())))
}

fn meld_of(wire: &[u8]) -> PyResult<TableMeld> {
    TableMeld::from_wire(wire).map_err(Refusal::IllegalMove.of())
}

/// Checks hand codes (0..=52).
fn hand_of(codes: Vec<u8>) -> PyResult<Vec<u8>> {
    match codes.iter().find(|&&c| c > JOKER) {
        Some(c) => Err(Refusal::Cards.err(format!("card code {c} is no romme card (0..=52)"))),
        None => Ok(codes),
    }
}

/// A meld a Rommé hand can lay, as the hand search found it (`romme_candidates` and the searches
/// after it).
#[pyclass(frozen, get_all, module = "romme._core")]
struct HandCandidate {
    /// The meld's card specs in written order.
    specs: Py<PyTuple>,
    /// Its natural cards.
    naturals: Py<PyTuple>,
    /// How many jokers it holds.
    jokers: u8,
    /// Its opening points.
    points: i32,
}

/// The melds a Rommé hand search chose and their total (`romme_best_melds`, `romme_best_opening`).
#[pyclass(frozen, get_all, module = "romme._core")]
struct ChosenMelds {
    /// The total the search maximised (0 when no meld fits).
    total: i32,
    /// The melds, as [`HandCandidate`]s.
    melds: Vec<Py<HandCandidate>>,
}

fn candidate_rows(py: Python<'_>, cs: &[Candidate]) -> PyResult<Vec<Py<HandCandidate>>> {
    cs.iter()
        .map(|c| {
            let candidate = HandCandidate {
                specs: PyTuple::new(py, c.specs.iter().copied())?.unbind(),
                naturals: PyTuple::new(py, c.naturals.iter().copied())?.unbind(),
                jokers: c.jokers,
                points: c.points,
            };
            Py::new(py, candidate)
        })
        .collect()
}

/// A new meld from card specs in the order written; `ValueError` naming the rule broken.
#[pyfunction]
fn romme_read_meld<'py>(py: Python<'py>, rules: &RommeRules, specs: Codes) -> PyResult<MeldRow<'py>> {
    let specs = specs.0;
    meld_row(py, &table_meld::read_meld(&specs, &rules.rules).map_err(Refusal::IllegalMove.of())?)
}

/// The table meld `wire` with one more card (a spec) laid off; `ValueError` if it does not fit.
#[pyfunction]
fn romme_lay_off<'py>(py: Python<'py>, rules: &RommeRules, wire: &[u8], spec: Code) -> PyResult<MeldRow<'py>> {
    let spec = spec.0;
    meld_row(py, &table_meld::lay_off(&meld_of(wire)?, spec, &rules.rules).map_err(Refusal::IllegalMove.of())?)
}

/// The table meld `wire` with the natural `card` in place of a joker; `ValueError` if not allowed.
#[pyfunction]
fn romme_swap_joker<'py>(py: Python<'py>, rules: &RommeRules, wire: &[u8], card: Code) -> PyResult<MeldRow<'py>> {
    let card = card.0;
    meld_row(py, &table_meld::swap_joker(&meld_of(wire)?, card, &rules.rules).map_err(Refusal::IllegalMove.of())?)
}

/// What a table meld takes under the rules.
#[pyclass(frozen, get_all, module = "romme._core")]
struct MeldTargets {
    /// The natural cards it takes as lay-offs (codes ascending).
    lay_offs: Vec<u32>,
    /// Whether a joker can be laid off on it.
    joker_fits: bool,
    /// The cards that may replace one of its jokers.
    swaps: Vec<u32>,
}

/// What a table meld takes ([`MeldTargets`]).
#[pyfunction]
fn romme_meld_targets(rules: &RommeRules, wire: &[u8]) -> PyResult<MeldTargets> {
    let m = meld_of(wire)?;
    let r = &rules.rules;
    let ints = |codes: Vec<u8>| codes.into_iter().map(u32::from).collect();
    Ok(MeldTargets {
        lay_offs: ints(table_meld::wanted_cards(&m, r)),
        joker_fits: table_meld::joker_fits(&m, r),
        swaps: ints(table_meld::swappable_cards(&m, r)),
    })
}

/// Every meld the hand can form (specs in written order).
#[pyfunction]
#[pyo3(signature = (rules, hand, use_jokers=true))]
fn romme_candidates<'py>(
    py: Python<'py>,
    rules: &RommeRules,
    hand: Codes,
    use_jokers: bool,
) -> PyResult<Vec<Py<HandCandidate>>> {
    let hand = hand.0;
    candidate_rows(py, &hand_search::candidates(&hand_of(hand)?, &rules.rules, use_jokers))
}

/// The disjoint melds of the highest total `value` (points, relief or cards) leaving `keep` cards.
#[pyfunction]
#[pyo3(signature = (rules, hand, value, use_jokers=true, keep=Int(1)))]
#[pyo3(text_signature = "(rules, hand, value, use_jokers=True, keep=1)")]
fn romme_best_melds<'py>(
    py: Python<'py>,
    rules: &RommeRules,
    hand: Codes,
    value: &str,
    use_jokers: bool,
    keep: Int<usize>,
) -> PyResult<ChosenMelds> {
    let hand = hand.0;
    let keep = keep.0;
    let value = Value::from_name(value)
        .ok_or_else(|| Refusal::Solver.err(format!("value {value:?}: points, relief or cards")))?;
    let hand = hand_of(hand)?;
    let (total, melds) = py.detach(|| hand_search::best_melds(&hand, &rules.rules, value, use_jokers, keep));
    Ok(ChosenMelds { total, melds: candidate_rows(py, &melds)? })
}

/// The highest opening leaving a card to discard; with `must`, only openings using that card.
#[pyfunction]
#[pyo3(signature = (rules, hand, use_jokers=true, must=None))]
fn romme_best_opening<'py>(
    py: Python<'py>,
    rules: &RommeRules,
    hand: Codes,
    use_jokers: bool,
    must: Option<Code>,
) -> PyResult<ChosenMelds> {
    let hand = hand.0;
    let must = must.map(|x| x.0);
    let hand = hand_of(hand)?;
    let (total, melds) = py.detach(|| hand_search::best_opening(&hand, &rules.rules, use_jokers, must));
    Ok(ChosenMelds { total, melds: candidate_rows(py, &melds)? })
}

/// Melds laying all cards of the hand but one (Hand-Rommé), or None.
#[pyfunction]
#[pyo3(signature = (rules, hand, use_jokers=true))]
fn romme_meld_all_but_one<'py>(
    py: Python<'py>,
    rules: &RommeRules,
    hand: Codes,
    use_jokers: bool,
) -> PyResult<Option<Vec<Py<HandCandidate>>>> {
    let hand = hand.0;
    let hand = hand_of(hand)?;
    match py.detach(|| hand_search::meld_all_but_one(&hand, &rules.rules, use_jokers)) {
        Some(melds) => Ok(Some(candidate_rows(py, &melds)?)),
        None => Ok(None),
    }
}

/// A few obvious melds of the hand, found in one pass.
#[pyfunction]
#[pyo3(signature = (rules, hand, use_jokers=true))]
fn romme_quick_melds<'py>(
    py: Python<'py>,
    rules: &RommeRules,
    hand: Codes,
    use_jokers: bool,
) -> PyResult<Vec<Py<HandCandidate>>> {
    let hand = hand.0;
    candidate_rows(py, &hand_search::quick_melds(&hand_of(hand)?, &rules.rules, use_jokers))
}

/// Whether the hand (with the discard `must` just taken) can open with that card.
#[pyfunction]
fn romme_can_open_with(py: Python<'_>, rules: &RommeRules, hand: Codes, must: Code) -> PyResult<bool> {
    let hand = hand.0;
    let must = must.0;
    let hand = hand_of(hand)?;
    Ok(py.detach(|| hand_search::can_open_with(&hand, must, &rules.rules)))
}

fn table_of(table: &[PyBackedBytes]) -> PyResult<Vec<TableMeld>> {
    table.iter().map(|w| meld_of(w)).collect()
}

/// The table from a Python list of meld wires read item by item (the play phase's listing reads it
/// at every position, and PyO3's generic sequence reading cost more than the melds), or from any
/// other sequence of bytes.
fn table_from(table: &Bound<'_, PyAny>) -> PyResult<Vec<TableMeld>> {
    match table.cast::<PyList>() {
        Ok(list) => list
            .iter()
            .map(|w| match w.cast::<PyBytes>() {
                Ok(bytes) => meld_of(bytes.as_bytes()),
                Err(_) => meld_of(&w.extract::<PyBackedBytes>()?),
            })
            .collect(),
        Err(_) => table_of(&table.extract::<Vec<PyBackedBytes>>()?),
    }
}

/// Whether a joker in the hand can still be laid (lay-off or new meld) keeping `keep` cards.
#[pyfunction]
fn romme_joker_usable(rules: &RommeRules, hand: Codes, table: Vec<PyBackedBytes>, keep: Int<usize>) -> PyResult<bool> {
    let hand = hand.0;
    let keep = keep.0;
    Ok(listing::joker_usable(&hand_of(hand)?, &table_of(&table)?, keep, &rules.rules))
}

/// A judged place move's row ([`PlaceVerdict`]'s `judged`): `(kind, a, b, melds)`, the fields of a
/// [`ListedRommeMove`] (`a` its `card`, `b` its `target`).
type ListedRow<'py> = (&'static str, u8, usize, Option<Bound<'py, PyTuple>>);

/// Melds as a tuple of tuples (hashable: the game flow keeps one move object per row).
fn melds_tuple<'py>(py: Python<'py>, melds: &[Vec<u8>]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, melds.iter().map(|m| PyTuple::new(py, m.iter().copied())).collect::<PyResult<Vec<_>>>()?)
}

/// The listed moves of the seat to move in the play phase (`romme_engine::romme::listing`), every
/// one legal, kept in the core: Python makes a move of the one it is asked for (random play takes
/// one of a dozen or two).
#[pyclass(frozen, sequence, module = "romme._core")]
struct RommeListing {
    moves: Vec<Listed>,
}

#[pymethods]
impl RommeListing {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    /// Listed move `i`.
    fn listed(&self, py: Python<'_>, i: Int<usize>) -> PyResult<ListedRommeMove> {
        let i = i.0;
        let m = self
            .moves
            .get(i)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("listed move index out of range"))?;
        let melds = |ms: &[Vec<u8>]| melds_tuple(py, ms).map(|t| Some(t.unbind()));
        let (kind, card, target, melds) = match m {
            Listed::DrawStock => ("draw-stock", 0, 0, None),
            Listed::Pass => ("pass", 0, 0, None),
            Listed::End => ("end", 0, 0, None),
            Listed::Discard(c) => ("discard", *c, 0, None),
            Listed::Meld(ms) => ("meld", 0, 0, melds(ms)?),
            Listed::LayOff { card, target } => ("layoff", *card, *target, None),
            Listed::Swap { target, card } => ("swap", *card, *target, None),
            Listed::Rearrange(ms) => ("rearrange", 0, 0, melds(ms)?),
        };
        Ok(ListedRommeMove { kind, card, target, melds })
    }
}

/// One listed Rommé move: `kind` `draw-stock`, `pass`, `end`, `discard` (`card`), `meld` (`melds`:
/// card specs per new meld), `layoff` (`card` a card spec, `target` the meld number), `swap`
/// (`card`, `target`) or `rearrange` (`melds`: the whole table); the fields a kind does not use are
/// 0 and `None`.
#[pyclass(frozen, get_all, module = "romme._core")]
struct ListedRommeMove {
    kind: &'static str,
    card: u8,
    target: usize,
    melds: Option<Py<PyTuple>>,
}

/// The listed moves of the seat to move in the play phase (`romme_engine::romme::listing`), every
/// one legal.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn romme_listed_moves<'py>(
    rules: &RommeRules,
    hand: &Bound<'py, PyAny>,
    table: &Bound<'py, PyAny>,
    with_discard: bool,
    opened: bool,
    opened_before: bool,
    laid: bool,
    owed_jokers: Int<u8>,
    must_open_with: Option<Code>,
    can_draw_stock: bool,
) -> PyResult<RommeListing> {
    let owed_jokers = owed_jokers.0;
    let must_open_with = must_open_with.map(|x| x.0);
    let hand = hand_of(codes_of(hand)?)?;
    let table = table_from(table)?;
    let pos = Position {
        hand: &hand,
        table: &table,
        with_discard,
        opened,
        opened_before,
        laid,
        owed_jokers,
        must_open_with,
        can_draw_stock,
    };
    Ok(RommeListing { moves: listing::play_moves(&pos, &rules.rules) })
}

/// The turn of the seat to move: `(hand, table wires, with_discard, opened, opened_before,
/// owed_jokers, must_open_with)`.
type TurnArgs = (Codes, Vec<PyBackedBytes>, bool, bool, bool, Int<u8>, Option<Code>);

/// Runs a turn check on the turn `args` describe.
fn with_turn<T>(
    args: TurnArgs,
    check: impl FnOnce(&Turn) -> Result<T, romme_engine::meld::EngineError>,
) -> PyResult<T> {
    let (hand, wires, with_discard, opened, opened_before, owed_jokers, must_open_with) = args;
    let (hand, owed_jokers, must_open_with) = (hand_of(hand.0)?, owed_jokers.0, must_open_with.map(|c| c.0));
    let table = table_of(&wires)?;
    let turn = Turn { hand: &hand, table: &table, with_discard, opened, opened_before, owed_jokers, must_open_with };
    check(&turn).map_err(Refusal::IllegalMove.of())
}

/// The hand after a move as a list of ints.
fn hand_list<'py>(py: Python<'py>, o: &Outcome) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, o.hand.iter().copied().map(u32::from))
}

/// A Rommé table move of the hand judged legal (a meld move, a lay-off, a joker swap).
#[pyclass(frozen, get_all, module = "romme._core")]
struct TurnOutcome {
    /// The hand after the move (codes).
    hand: Py<PyList>,
    /// The melds it lays (a meld move) or the one meld it changes (a lay-off, a swap), as rows.
    melds: Py<PyList>,
    /// Where on the table the changed meld stands (from 0); `None` for new melds.
    changed: Option<usize>,
    /// Jokers won by swaps this turn and not laid yet.
    jokers_owed: u8,
    /// Whether the move is the seat's opening.
    opens: bool,
}

impl TurnOutcome {
    fn of(py: Python<'_>, o: &Outcome, melds: &[TableMeld], changed: Option<usize>) -> PyResult<TurnOutcome> {
        let rows = melds.iter().map(|m| meld_row(py, m)).collect::<PyResult<Vec<_>>>()?;
        Ok(TurnOutcome {
            hand: hand_list(py, o)?.unbind(),
            melds: PyList::new(py, rows)?.unbind(),
            changed,
            jokers_owed: o.owed,
            opens: o.opens,
        })
    }
}

/// New melds from the hand ([`TurnOutcome`]); `ValueError` naming the rule broken.
#[pyfunction]
fn romme_meld_turn(py: Python<'_>, rules: &RommeRules, turn: TurnArgs, melds: Vec<Codes>) -> PyResult<TurnOutcome> {
    let melds: Vec<Vec<u8>> = melds.into_iter().map(|c| c.0).collect();
    let (o, new) = with_turn(turn, |t| t.meld(&melds, &rules.rules))?;
    TurnOutcome::of(py, &o, &new, None)
}

/// One card laid off on table meld `target` (1-based; [`TurnOutcome`] with the meld it makes);
/// `ValueError` naming the rule broken.
#[pyfunction]
fn romme_lay_off_turn(
    py: Python<'_>,
    rules: &RommeRules,
    turn: TurnArgs,
    spec: Code,
    target: Int<i64>,
) -> PyResult<TurnOutcome> {
    let spec = spec.0;
    let target = target.0;
    let (o, i, m) = with_turn(turn, |t| t.lay_off(spec, target, &rules.rules))?;
    TurnOutcome::of(py, &o, std::slice::from_ref(&m), Some(i))
}

/// A natural hand card in place of a joker of table meld `target` ([`TurnOutcome`] with the meld
/// it makes); `ValueError` naming the rule broken.
#[pyfunction]
fn romme_swap_turn(
    py: Python<'_>,
    rules: &RommeRules,
    turn: TurnArgs,
    target: Int<i64>,
    card: Code,
) -> PyResult<TurnOutcome> {
    let target = target.0;
    let card = card.0;
    let (o, i, m) = with_turn(turn, |t| t.swap(target, card, &rules.rules))?;
    TurnOutcome::of(py, &o, std::slice::from_ref(&m), Some(i))
}

/// How a place-move was judged: its shortcuts as listed rows (`meld`, `layoff`, `swap`), or one
/// `rearrange` row (without melds: the new table is the answer's own).
fn judged_rows<'py>(py: Python<'py>, judged: &Judged) -> PyResult<Vec<ListedRow<'py>>> {
    let Judged::Shortcuts(steps) = judged else {
        return Ok(vec![("rearrange", 0, 0, None)]);
    };
    let row = |s: &Shortcut| -> PyResult<ListedRow<'py>> {
        Ok(match s {
            Shortcut::Meld(melds) => ("meld", 0, 0, Some(melds_tuple(py, melds)?)),
            Shortcut::LayOff { spec, target } => ("layoff", *spec, *target, None),
            Shortcut::Swap { target, card } => ("swap", *card, *target, None),
        })
    };
    steps.iter().map(row).collect()
}

/// The place-move `melds` (the whole new table, card specs per meld) judged: a [`PlaceVerdict`]
/// (the cards moved, the hand after, the jokers still owed, whether it opens, the new table's rows,
/// how it was judged); `IllegalMoveError` naming the rule broken (a meld, the shortcut that breaks
/// its rule, or the rearrangement's).
#[pyfunction]
fn romme_place_turn(py: Python<'_>, rules: &RommeRules, turn: TurnArgs, melds: Vec<Codes>) -> PyResult<PlaceVerdict> {
    let melds: Vec<Vec<u8>> = melds.into_iter().map(|c| c.0).collect();
    let placed = match with_turn(turn, |t| t.place(&melds, &rules.rules))? {
        Verdict::Legal(placed) => placed,
        Verdict::Illegal(rule) => return Err(Refusal::IllegalMove.err(rule)),
    };
    let rows = placed.table.iter().map(|m| meld_row(py, m)).collect::<PyResult<Vec<_>>>()?;
    let o = &placed.outcome;
    let (rows, judged) = (PyList::new(py, rows)?, PyList::new(py, judged_rows(py, &placed.judged)?)?);
    Ok(PlaceVerdict::romme(&placed.moved, &o.hand, o.opens, o.owed, rows, judged))
}

/// What a Rommé hand keeps after one discard (`romme_discard_outlooks`; the expert bot's discard
/// measure).
#[pyclass(frozen, get_all, module = "romme._core")]
struct DiscardOutlook {
    /// The cards the rest of the hand lays by its best melds by count (every card may go).
    melded: i32,
    /// The partners its loose natural cards have among each other.
    partial: u32,
}

/// For each of `discards` (cards of `hand`): the [`DiscardOutlook`] of the rest of the hand.
#[pyfunction]
fn romme_discard_outlooks(
    py: Python<'_>,
    rules: &RommeRules,
    hand: Codes,
    discards: Codes,
) -> PyResult<Vec<DiscardOutlook>> {
    let hand = hand.0;
    let discards = discards.0;
    let hand = hand_of(hand)?;
    let found = py.detach(|| bot_measures::discard_outlooks(&hand, &rules.rules, &discards));
    let outlooks = found.ok_or_else(|| Refusal::Cards.err("every discard must be a card of the hand".to_string()))?;
    Ok(outlooks.into_iter().map(|o| DiscardOutlook { melded: o.melded, partial: o.partial }).collect())
}

/// How many of `cards` could join `card` in a meld (same rank, or same suit at most two ranks
/// apart; other codes only, jokers never); a joker has 99.
#[pyfunction]
fn romme_partners(card: Code, cards: Codes) -> PyResult<u32> {
    let card = card.0;
    let cards = cards.0;
    let cards = hand_of(cards)?;
    let card = hand_of(vec![card])?[0];
    Ok(bot_measures::partners(card, &cards))
}

/// Adds Rommé's game rules to `romme._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RommeRules>()?;
    m.add_class::<MeldTargets>()?;
    m.add_class::<TurnOutcome>()?;
    m.add_class::<RommeListing>()?;
    m.add_class::<ListedRommeMove>()?;
    m.add_class::<HandCandidate>()?;
    m.add_class::<ChosenMelds>()?;
    m.add_class::<DiscardOutlook>()?;
    m.add_function(wrap_pyfunction!(romme_read_meld, m)?)?;
    m.add_function(wrap_pyfunction!(romme_lay_off, m)?)?;
    m.add_function(wrap_pyfunction!(romme_swap_joker, m)?)?;
    m.add_function(wrap_pyfunction!(romme_meld_targets, m)?)?;
    m.add_function(wrap_pyfunction!(romme_candidates, m)?)?;
    m.add_function(wrap_pyfunction!(romme_best_melds, m)?)?;
    m.add_function(wrap_pyfunction!(romme_best_opening, m)?)?;
    m.add_function(wrap_pyfunction!(romme_meld_all_but_one, m)?)?;
    m.add_function(wrap_pyfunction!(romme_quick_melds, m)?)?;
    m.add_function(wrap_pyfunction!(romme_can_open_with, m)?)?;
    m.add_function(wrap_pyfunction!(romme_joker_usable, m)?)?;
    m.add_function(wrap_pyfunction!(romme_listed_moves, m)?)?;
    m.add_function(wrap_pyfunction!(romme_meld_turn, m)?)?;
    m.add_function(wrap_pyfunction!(romme_lay_off_turn, m)?)?;
    m.add_function(wrap_pyfunction!(romme_swap_turn, m)?)?;
    m.add_function(wrap_pyfunction!(romme_place_turn, m)?)?;
    m.add_function(wrap_pyfunction!(romme_discard_outlooks, m)?)?;
    m.add_function(wrap_pyfunction!(romme_partners, m)?)?;
    Ok(())
}
