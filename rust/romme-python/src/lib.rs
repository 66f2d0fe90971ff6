//! `romme._core`: a thin translation table from romme-engine to Python.
//!
//! Conversion and error mapping only; all logic lives in `romme-engine`.
//! Every function validates its input and raises one of `romme.errors`' classes (each a
//! `ValueError`, mapped in `errors.rs`); answers are typed frozen objects (`types.rs`). Never panics.

use pyo3::prelude::*;
use romme_engine::cards::{self, Game, Kind};

mod args;
mod errors;
mod hand;
mod koenigs;
mod krass;
mod listing;
mod romme_game;
mod stop;
mod table;
mod table_place;
mod types;

use args::DraftCode;
use errors::Refusal;

/// Turns a game id into a [`Game`], or a `RulesError` naming the valid ids.
pub(crate) fn game_from_id(id: &str) -> PyResult<Game> {
    Game::from_id(id).ok_or_else(|| unknown_game(id))
}

/// The `RulesError` for an unknown game id, naming the valid ones.
fn unknown_game(id: &str) -> PyErr {
    Refusal::Rules
        .err(format!("unknown game {id:?}; valid games: koenigs, koenigs-solo, romme, einmaleins, rummy, krass"))
}

/// The Python name of a card kind.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Natural => "natural",
        Kind::Joker => "joker",
        Kind::X => "x",
        Kind::Draw => "draw",
        Kind::Stop => "stop",
        Kind::Ban => "ban",
    }
}

/// One card type of a game's deck.
#[pyclass(frozen, get_all, module = "romme._core")]
struct CardType {
    /// The card's code (its index in the deck's list).
    code: u8,
    /// How the card is written (`Qh`, `R7`, `H12`, `*`).
    token: String,
    /// The suit, colour or symbol (255: none, as for a joker).
    suit: u8,
    /// The rank, number or value (0: none).
    rank: u8,
    /// `natural`, `joker`, `x`, `draw`, `stop` or `ban`.
    kind: &'static str,
    /// Copies of the card in the game's deck.
    copies: u8,
}

#[pymethods]
impl CardType {
    fn __repr__(&self) -> String {
        format!("CardType(code={}, token={:?}, kind={:?}, copies={})", self.code, self.token, self.kind, self.copies)
    }
}

/// The card types of a game, one [`CardType`] per code.
#[pyfunction]
fn deck_types(game: &str) -> PyResult<Vec<CardType>> {
    let g = game_from_id(game)?;
    Ok(cards::deck_types(g)
        .iter()
        .map(|t| CardType {
            code: t.code,
            token: t.token.clone(),
            suit: t.suit,
            rank: t.rank,
            kind: kind_name(t.kind),
            copies: t.copies,
        })
        .collect())
}

/// Points of each card type left in a hand at the end of a game, indexed by
/// code: the only copy of the counting for Rommé, 1x1-Rommé and Rummy.
#[pyfunction]
fn hand_points(game: &str) -> PyResult<Vec<i32>> {
    let g = game_from_id(game)?;
    let points: fn(u8) -> i32 = match g {
        Game::Romme => romme_engine::romme::hand_points,
        Game::Einmaleins => romme_engine::einmaleins::hand_points,
        Game::Rummy => romme_engine::rummy::hand_points,
        _ => return Err(Refusal::Rules.err(format!("{game} has no hand points (romme, einmaleins, rummy)"))),
    };
    Ok(cards::deck_types(g).iter().map(|t| points(t.code)).collect())
}

/// A Rummy table draft read as a meld (`romme_engine::rummy::read_draft`): its cards ordered by
/// what they stand for, or `None` when the draft is no meld. A number that is no card code
/// (negative, past a byte) makes no meld, as one past the deck does (`args::DraftCode`); a value
/// that is no int is PyO3's `TypeError`.
#[pyfunction]
fn rummy_read_draft(draft: Vec<(DraftCode, Option<DraftCode>)>) -> Option<types::Meld> {
    let cards = args::draft(draft)?;
    romme_engine::rummy::read_draft(&cards).map(|m| types::Meld::of(&m))
}

/// One rule option of a game (`romme_engine::options::OptionSpec`).
#[pyclass(frozen, get_all, module = "romme._core")]
struct OptionSpec {
    /// The option's name, as in a rules file and on the command line.
    name: &'static str,
    /// Whether the option is true/false (its value is 0 or 1).
    is_flag: bool,
    /// The value when the option is not given (0 or 1 for a flag).
    default: i64,
    /// The least value allowed.
    lo: i64,
    /// The greatest value allowed.
    hi: i64,
    /// What the option means, one line.
    help: &'static str,
}

#[pymethods]
impl OptionSpec {
    fn __repr__(&self) -> String {
        format!("OptionSpec(name={:?}, default={}, lo={}, hi={})", self.name, self.default, self.lo, self.hi)
    }
}

/// A game's rule options, the engine's only list of them: `romme.rules` reads names, defaults,
/// ranges and help texts from here.
#[pyfunction]
fn game_options(game: &str) -> PyResult<Vec<OptionSpec>> {
    let specs = romme_engine::options::of_game(game).ok_or_else(|| unknown_game(game))?;
    Ok(specs
        .iter()
        .map(|o| OptionSpec { name: o.name, is_flag: o.flag, default: o.default, lo: o.lo, hi: o.hi, help: o.help })
        .collect())
}

/// The module `romme._core`: every binding registered in one place.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MELD_FAULTS", romme_engine::meld::MeldFault::NAMES.to_vec())?;
    m.add("ROMME_DECLARED", romme_engine::romme::table_meld::DECLARED)?;
    m.add("TABLE_DEFAULT_WORK", romme_engine::search::budget::DEFAULT_WORK)?;
    m.add("TABLE_FINISH_WORK", romme_engine::search::budget::FINISH_WORK)?;
    m.add_class::<CardType>()?;
    m.add_class::<OptionSpec>()?;
    m.add_function(wrap_pyfunction!(deck_types, m)?)?;
    m.add_function(wrap_pyfunction!(hand_points, m)?)?;
    m.add_function(wrap_pyfunction!(game_options, m)?)?;
    m.add_function(wrap_pyfunction!(rummy_read_draft, m)?)?;
    hand::register(m)?;
    koenigs::register(m)?;
    krass::register(m)?;
    romme_game::register(m)?;
    listing::register(m)?;
    stop::register(m)?;
    table::register(m)?;
    table_place::register(m)?;
    types::register(m)?;
    Ok(())
}
