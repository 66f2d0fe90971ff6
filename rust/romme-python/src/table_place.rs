//! The place-move judges of the games whose whole table may be rearranged (Rummy, 1x1-Rommé;
//! `romme_engine::table_place` and each game's `place` module): the old table in its flat form, the
//! new one as melds of `(code, stands_for)`, the hand as counts by code. Each answers the hand
//! cards the move lays and the table cards it gives the hand, or `IllegalMoveError` naming the
//! rule it breaks, or the card that is none.

use pyo3::prelude::*;
use pyo3::types::PyList;
use romme_engine::einmaleins::listing as einmaleins_listing;
use romme_engine::einmaleins::place as einmaleins_place;
use romme_engine::meld::{EngineError, MeldKind};
use romme_engine::rummy::listing::{self as rummy_listing, MeldCards, Pair};
use romme_engine::rummy::place as rummy_place;
use romme_engine::table_place::{cards_of, Moved, TableChange as EngineChange, TableDeck, Verdict};

use crate::args::{self, Code, Codes, Int};
use crate::errors::Refusal;
use crate::listing::table_from_flat;

/// A new table from Python: melds of `(code, stands_for)` pairs, every number a byte (a larger one
/// is no card of any game; the judge names the card a game does not have).
fn new_table(new: &Bound<'_, PyAny>, game: &str) -> PyResult<Vec<MeldCards>> {
    // (a number out of a byte's range is a card that is none, named as the card codes' reader names it;
    // another shape, a triple among them, is no table: both the judges' refusal, IllegalMoveError)
    let melds: Vec<Vec<(Code, Code)>> = new.extract().map_err(|e: PyErr| {
        if Refusal::Cards.raised(&e) {
            Refusal::IllegalMove.err(e.value(new.py()).to_string())
        } else {
            Refusal::IllegalMove.err(format!("a {game} table is melds of (code, stands_for) pairs"))
        }
    })?;
    let cards: usize = melds.iter().map(Vec::len).sum();
    if cards > MOST_TABLE_CARDS {
        return Err(
            Refusal::IllegalMove.err(format!("a {game} table holds at most {MOST_TABLE_CARDS} cards, got {cards}"))
        );
    }
    Ok(melds.into_iter().map(args::pairs).collect())
}

/// The most cards a table read from Python may hold: far more than any game's deck (116 cards at most), and
/// few enough that the diff's work stays small (`TableChange::between` compares melds pairwise, `changed_meld`'s
/// matching is cubic in the melds sharing cards: 800 such melds each side took a second).
const MOST_TABLE_CARDS: usize = 1024;

/// A legal place move as the judge of every table game answers it (Rommé's, Rummy's, 1x1-Rommé's): the
/// cards it moves, the hand after it, whether it is the seat's opening; and what only Rommé's judge reads
/// (the jokers won by swaps still to lay, the new table as its melds, the shortcuts it was judged as).
#[pyclass(frozen, module = "romme._core")]
pub(crate) struct PlaceVerdict {
    /// The hand cards laid (codes, each once per copy, ascending).
    #[pyo3(get)]
    placed: Vec<u32>,
    /// The table cards given to the hand.
    #[pyo3(get)]
    taken: Vec<u32>,
    /// The hand after the move (codes ascending).
    #[pyo3(get)]
    hand: Vec<u32>,
    /// Whether the move is the seat's opening.
    #[pyo3(get)]
    opens: bool,
    /// Rommé: jokers won by swaps this turn and not laid yet (0 in the other games).
    #[pyo3(get)]
    jokers_owed: u8,
    /// Rommé: the new table as the judge read it, one meld row each (empty in the other games: the
    /// move's own table is the new one).
    #[pyo3(get)]
    melds: Py<PyList>,
    /// Rommé: the shortcuts the move was judged as (`meld`, `layoff`, `swap` rows) or one `rearrange`
    /// row (empty in the other games).
    #[pyo3(get)]
    judged: Py<PyList>,
}

#[pymethods]
impl PlaceVerdict {
    fn __repr__(&self) -> String {
        format!(
            "PlaceVerdict(placed={:?}, taken={:?}, hand={:?}, opens={}, jokers_owed={})",
            self.placed, self.taken, self.hand, self.opens, self.jokers_owed
        )
    }
}

/// Codes as Python ints.
fn ints(codes: &[u8]) -> Vec<u32> {
    codes.iter().copied().map(u32::from).collect()
}

impl PlaceVerdict {
    /// Rommé's verdict: with the hand after, the jokers owed, the new table's rows and the shortcuts.
    pub(crate) fn romme(
        moved: &Moved,
        hand: &[u8],
        opens: bool,
        jokers_owed: u8,
        melds: Bound<'_, PyList>,
        judged: Bound<'_, PyList>,
    ) -> PlaceVerdict {
        PlaceVerdict {
            placed: ints(&moved.placed),
            taken: ints(&moved.taken),
            hand: ints(hand),
            opens,
            jokers_owed,
            melds: melds.unbind(),
            judged: judged.unbind(),
        }
    }

    /// Rummy's and 1x1-Rommé's verdict for `hand` (counts by code) of a seat that has `opened` or not.
    fn of(py: Python<'_>, moved: Moved, hand: &[u8], opened: bool) -> PlaceVerdict {
        let mut after: Vec<i32> = hand.iter().map(|&n| i32::from(n)).collect();
        moved.placed.iter().for_each(|&c| after[c as usize] -= 1);
        moved.taken.iter().for_each(|&c| after[c as usize] += 1);
        PlaceVerdict {
            placed: ints(&moved.placed),
            taken: ints(&moved.taken),
            hand: ints(&cards_of(&after)),
            opens: !opened,
            jokers_owed: 0,
            melds: PyList::empty(py).unbind(),
            judged: PyList::empty(py).unbind(),
        }
    }
}

/// The judge's answer as Python sees it, or `IllegalMoveError` with the rule.
fn answer(py: Python<'_>, verdict: Result<Verdict, EngineError>, hand: &[u8], opened: bool) -> PyResult<PlaceVerdict> {
    match verdict.map_err(Refusal::IllegalMove.of())? {
        Verdict::Legal(moved) => Ok(PlaceVerdict::of(py, moved, hand, opened)),
        Verdict::Illegal(rule) => Err(Refusal::IllegalMove.err(rule)),
    }
}

/// 1x1-Rommé's table move judged (`romme_engine::einmaleins::place`); the hand is 101 counts.
#[pyfunction]
fn einmaleins_judge_place(
    py: Python<'_>,
    old: &[u8],
    new: &Bound<'_, PyAny>,
    hand: Codes,
    opened: bool,
    opening_points: Int<i32>,
) -> PyResult<PlaceVerdict> {
    let hand = hand.0;
    let opening_points = opening_points.0;
    let new = new_table(new, "1x1-Rommé")?;
    let old = table_from_flat(old)?;
    answer(py, einmaleins_place::judge(&old, &new, &hand, opened, opening_points), &hand, opened)
}

/// Rummy's place move judged (`romme_engine::rummy::place`: rules 1–3, the opening); the hand is
/// 53 counts, `cap` the most hand cards a turn (0: no cap). A legal move takes no table card back.
#[pyfunction]
fn rummy_judge_place(
    py: Python<'_>,
    old: &[u8],
    new: &Bound<'_, PyAny>,
    hand: Codes,
    opened: bool,
    opening_points: Int<i32>,
    cap: Int<i32>,
) -> PyResult<PlaceVerdict> {
    let hand = hand.0;
    let opening_points = opening_points.0;
    let cap = cap.0;
    let new = new_table(new, "Rummy")?;
    let old = table_from_flat(old)?;
    answer(py, rummy_place::judge(&old, &new, &hand, opened, opening_points, cap), &hand, opened)
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
    /// How many table cards change meld as a player counts them (each old meld goes on as the new
    /// meld holding most of its cards, two naturals or more, or its one natural; taken back ones included):
    /// `TableChange::changed_meld`.
    #[pyo3(get)]
    changed_meld: u32,
    /// Per meld of the new table, the place (from 0) on the old table of the meld it goes on from, or `None`
    /// (a new meld): kept as it lay, or paired as `changed_meld` pairs them (`TableChange::goes_on_from`).
    #[pyo3(get)]
    goes_on_from: Vec<Option<usize>>,
}

#[pymethods]
impl TableChange {
    fn __repr__(&self) -> String {
        format!(
            "TableChange(added={:?}, removed={:?}, placed={:?}, taken={:?}, changed_meld={}, goes_on_from={:?})",
            self.added, self.removed, self.placed, self.taken, self.changed_meld, self.goes_on_from
        )
    }
}

/// The change from table `old` to table `new` (each melds of `(code, stands_for)` pairs, codes of
/// any table game), `wilds` the codes of the game's wilds, which the pairing of old and new melds does not
/// count as shared naturals (`TableChange::with_wilds`); `IllegalMoveError` for a table of another shape.
#[pyfunction]
#[pyo3(signature = (old, new, wilds = None))]
fn table_change(
    old: &Bound<'_, PyAny>,
    new: &Bound<'_, PyAny>,
    wilds: Option<&Bound<'_, PyAny>>,
) -> PyResult<TableChange> {
    let (old, new) = (new_table(old, "table game's")?, new_table(new, "table game's")?);
    // (a code out of a byte's range is named as the card codes' reader names it; another shape is no list of codes)
    let wilds: Codes = match wilds {
        None => Codes::default(),
        Some(w) => w.extract().map_err(|e: PyErr| {
            if Refusal::Cards.raised(&e) {
                e
            } else {
                Refusal::IllegalMove.err("a table change's wilds are a list of card codes")
            }
        })?,
    };
    let change = EngineChange::of_codes(&old, &new).with_wilds(&wilds);
    let (changed_meld, goes_on_from) = (change.changed_meld(), change.goes_on_from());
    let EngineChange { added_at, removed_at, placed, taken, .. } = change;
    Ok(TableChange {
        added: added_at,
        removed: removed_at,
        placed: ints(&cards_of(&placed)),
        taken: ints(&cards_of(&taken)),
        changed_meld,
        goes_on_from,
    })
}

/// Per meld of `after` (a table search's answer, each meld its card codes), the place (from 0) of the
/// meld of `before` (the table it rebuilt) holding the same cards, or `None`, matched one to one in
/// table order (`romme_engine::table_place::unchanged_melds`: a move built from an answer lays such a
/// meld as it lies).
#[pyfunction]
fn unchanged_melds(before: Vec<Vec<Int<i64>>>, after: Vec<Vec<Int<i64>>>) -> Vec<Option<usize>> {
    let before: Vec<Vec<i64>> = before.into_iter().map(|m| m.into_iter().map(|c| c.0).collect()).collect();
    let after: Vec<Vec<i64>> = after.into_iter().map(|m| m.into_iter().map(|c| c.0).collect()).collect();
    romme_engine::table_place::unchanged_melds(&before, &after)
}

/// A game's deck, its meld counting toward the opening and its wild card.
type GameMeldPoints = (&'static TableDeck, fn(&[Pair]) -> i32, u8);

/// The points of a table meld (`(code, stands_for)` pairs) toward the opening, under the game's
/// counting: Rummy the numbers of its natural cards (jokers 0), 1x1-Rommé every card as the card it
/// stands for. `RulesError` for another game, `DeckError` for a card the game has not.
#[pyfunction]
fn table_meld_points(game: &str, meld: &Bound<'_, PyAny>) -> PyResult<i32> {
    let (deck, points, wild): GameMeldPoints = match game {
        "rummy" => (&rummy_place::DECK, rummy_listing::opening_points, romme_engine::rummy::JOKER),
        "einmaleins" => (&einmaleins_place::DECK, einmaleins_listing::points, romme_engine::einmaleins::WISH),
        _ => return Err(Refusal::Rules.err(format!("no table meld points for game {game:?}: rummy, einmaleins"))),
    };
    let melds = PyList::new(meld.py(), [meld])?;
    let meld = new_table(melds.as_any(), deck.game)?.pop().unwrap_or_default();
    deck.check_table(std::slice::from_ref(&meld), "the meld").map_err(Refusal::Cards.of())?;
    // a card stands for a natural card, never for the wild (the joker, the wish card)
    if meld.iter().any(|&(_, s)| s == wild) {
        let msg = format!("a card stands for a natural {} card, not {}", deck.game, (deck.token)(wild));
        return Err(Refusal::Cards.err(msg));
    }
    Ok(points(&meld))
}

/// A table meld read with its cards' declarations: `None` when it is no meld.
type ReadDeclared = fn(&[(u8, Option<u8>)]) -> Option<MeldKind>;

/// Whether a table meld (`(code, stands_for)` pairs) is a `set` or a `run`, as the game's meld
/// reading takes it with every card standing where it declares (the observation's `kind`).
/// `RulesError` for another game, `DeckError` for a card the game has not, `IllegalMoveError` for
/// cards that are no meld.
#[pyfunction]
fn table_meld_kind(game: &str, meld: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let (deck, read): (&TableDeck, ReadDeclared) = match game {
        "rummy" => (&rummy_place::DECK, |d| romme_engine::rummy::read_draft(d).map(|m| m.kind)),
        "einmaleins" => (&einmaleins_place::DECK, |d| einmaleins_listing::read_draft_kind(d).map(|(kind, _)| kind)),
        _ => return Err(Refusal::Rules.err(format!("no table meld kinds for game {game:?}: rummy, einmaleins"))),
    };
    let melds = PyList::new(meld.py(), [meld])?;
    let meld = new_table(melds.as_any(), deck.game)?.pop().unwrap_or_default();
    deck.check_table(std::slice::from_ref(&meld), "the meld").map_err(Refusal::Cards.of())?;
    let declared: Vec<(u8, Option<u8>)> = meld.iter().map(|&(c, s)| (c, Some(s))).collect();
    match read(&declared) {
        Some(MeldKind::Set) => Ok("set"),
        Some(MeldKind::Run) => Ok("run"),
        None => Err(Refusal::IllegalMove.err(format!("{} is no {} meld", deck.meld_text(&meld), deck.game))),
    }
}

/// Adds the place judges to `romme._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TableChange>()?;
    m.add_class::<PlaceVerdict>()?;
    m.add_function(wrap_pyfunction!(table_change, m)?)?;
    m.add_function(wrap_pyfunction!(unchanged_melds, m)?)?;
    m.add_function(wrap_pyfunction!(table_meld_points, m)?)?;
    m.add_function(wrap_pyfunction!(table_meld_kind, m)?)?;
    m.add_function(wrap_pyfunction!(einmaleins_judge_place, m)?)?;
    m.add_function(wrap_pyfunction!(rummy_judge_place, m)?)?;
    Ok(())
}
