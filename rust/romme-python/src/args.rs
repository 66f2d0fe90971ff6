//! Int arguments of `romme._core` read into the core's integer types. PyO3 reads an int that does
//! not fit (a card code 300, a negative count, 2**64) as its own `OverflowError`, no `RommeError`:
//! these wrappers read the same ints and refuse one out of range with the package's class, naming the
//! value (`romme.errors.quote`) and the range. Other wrong types stay PyO3's `TypeError`.

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

use crate::errors::Refusal;

/// A card code (0 to 255; whether the game's deck holds it is the core's question): out of range a
/// `DeckError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct Code(pub u8);

/// A scalar int argument (a round, a count, a limit, a generator state): out of its type's range a
/// `RulesError` (a bad game parameter). A default written `Int(0)` is no literal, so PyO3 shows it
/// as `...` in the signature Python reads: an entry with one states its `text_signature` (stubtest
/// checks the stub's defaults against it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct Int<T>(pub T);

/// The range of an integer type, as a refusal states it.
pub(crate) trait Ranged {
    const RANGE: &'static str;
}

macro_rules! ranged {
    ($($t:ty => $range:expr),* $(,)?) => {
        $(impl Ranged for $t {
            const RANGE: &'static str = $range;
        })*
    };
}

ranged!(
    u8 => "0 to 255",
    u32 => "0 to 2**32 - 1",
    u64 => "0 to 2**64 - 1",
    usize => "0 to 2**64 - 1",
    i32 => "-2**31 to 2**31 - 1",
    i64 => "-2**63 to 2**63 - 1",
);

/// `value` as the package's messages show hostile input (`romme.errors.quote`: cut, and an int past
/// Python's 4,300 digits shown by its size).
pub(crate) fn quoted(value: &Bound<'_, PyAny>) -> String {
    let py = value.py();
    py.import("romme.errors")
        .and_then(|m| m.getattr("quote"))
        .and_then(|q| q.call1((value,)))
        .and_then(|s| s.extract::<String>())
        .unwrap_or_else(|_| "an int".to_string())
}

/// `T` read from `ob`; an `OverflowError` (the int does not fit) becomes `refusal` with `what`'s words.
fn fitted<'a, 'py, T>(ob: Borrowed<'a, 'py, PyAny>, refusal: Refusal, what: &str, range: &str) -> PyResult<T>
where
    T: FromPyObject<'a, 'py>,
{
    T::extract(ob).map_err(Into::into).map_err(|e: PyErr| {
        if e.is_instance_of::<PyOverflowError>(ob.py()) {
            refusal.err(format!("{what} {} is out of range ({range})", quoted(&ob.to_owned())))
        } else {
            e
        }
    })
}

impl<'a, 'py> FromPyObject<'a, 'py> for Code {
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        fitted(ob, Refusal::Cards, "card code", "a card code is 0 to 255").map(Code)
    }
}

impl<'a, 'py, T> FromPyObject<'a, 'py> for Int<T>
where
    T: FromPyObject<'a, 'py> + Ranged,
{
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        fitted(ob, Refusal::Rules, "number", T::RANGE).map(Int)
    }
}

/// A list of card codes (a hand, a meld's cards) as the `Vec<u8>` the core takes: read item by item
/// from a Python list (random play asks about a hand at every move, and PyO3's generic sequence
/// reading cost more than the question), at once from bytes, or from any other sequence.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Codes(pub Vec<u8>);

impl std::ops::Deref for Codes {
    type Target = Vec<u8>;

    fn deref(&self) -> &Vec<u8> {
        &self.0
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Codes {
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        // (bytes, the listings' form of a hand, hold bytes only: read at once)
        if let Ok(bytes) = ob.cast::<PyBytes>() {
            return Ok(Codes(bytes.as_bytes().to_vec()));
        }
        let codes: Vec<Code> = match ob.cast::<PyList>() {
            Ok(list) => list.iter().map(|c| c.extract::<Code>()).collect::<PyResult<_>>()?,
            Err(_) => ob.extract()?,
        };
        Ok(Codes(codes.into_iter().map(|c| c.0).collect()))
    }
}

/// A draft's card code (`rummy_read_draft`, `einmaleins_read_draft`), where an int that is no card
/// code (negative, past a byte) makes no meld, as one past the game's deck does: those entries
/// answer what a draft is, and `None` is their answer for a draft that is no meld. Other types stay
/// PyO3's `TypeError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct DraftCode(pub Option<u8>);

impl<'a, 'py> FromPyObject<'a, 'py> for DraftCode {
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match u8::extract(ob) {
            Ok(code) => Ok(DraftCode(Some(code))),
            Err(e) if e.is_instance_of::<PyOverflowError>(ob.py()) => Ok(DraftCode(None)),
            Err(e) => Err(e),
        }
    }
}

/// A draft (`(code, declared)`, `declared` `None` for a free joker) as the core reads it, or `None`
/// where a number in it is no card code.
pub(crate) fn draft(draft: Vec<(DraftCode, Option<DraftCode>)>) -> Option<Vec<(u8, Option<u8>)>> {
    draft
        .into_iter()
        .map(|(code, declared)| match declared {
            None => Some((code.0?, None)),
            Some(d) => Some((code.0?, Some(d.0?))),
        })
        .collect()
}

/// Pairs of card codes (a card and what it stands for, a Krass card and its X value) as the core takes them.
pub(crate) fn pairs(pairs: Vec<(Code, Code)>) -> Vec<(u8, u8)> {
    pairs.into_iter().map(|(a, b)| (a.0, b.0)).collect()
}
