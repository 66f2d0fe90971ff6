"""Hypothesis strategies of hostile input for the public entries (issue 31).

Values a careless or hostile caller may hand to the API or type on a command line: wrong types,
NaN and infinities, huge integers, texts with Unicode digits (``²``, ``١٠``), lone surrogates,
5,000-digit numbers, and near-valid pieces (card tokens, move words, game ids) glued together so
that the parsers get past their first checks.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

#: Game ids as the API knows them, plus near misses.
GAME_IDS = ("koenigs", "koenigs-solo", "romme", "einmaleins", "rummy", "krass", "Rummy", "poker", "")

#: Pieces of text that reach deep into the parsers: tokens of every deck, words of every move
#: notation, separators, digits that are not ASCII, and numbers past int()'s 4,300-digit limit.
PIECES = (
    "Kh",
    "10t",
    "*",
    "joker",
    "Ah",
    "2c",
    "5s",
    "Qd",
    "R1",
    "R13",
    "B7",
    "Y12",
    "G5",
    "H12",
    "D40",
    "K5",
    "Q4",
    "W",
    "V2",
    "V5",
    "X",
    "N",
    "S",
    "1",
    "7",
    "12",
    "0",
    "13",
    "=",
    "*=Kh",
    "W=H18",
    "|",
    "/",
    ",",
    "draw",
    "stock",
    "discard",
    "out",
    "meld",
    "layoff",
    "to",
    "swap",
    "rearrange",
    "knock",
    "pass",
    "end",
    "place",
    "lay",
    "add",
    "play",
    "reserve",
    "take",
    "at",
    "insert",
    "X=7",
    "3-5",
    "-",
    " ",
    "²",
    "²h",
    "١٠",
    "١٠h",
    "R١",
    "٣",
    "½",
    "Ⅻ",
    "\udcff",
    "\x1b[2J",
    "\u200b",
    "\x00",
    "1e17",
    "inf",
    "nan",
    "9" * 5000,
    "1" * 4301 + "h",
    "R" + "7" * 4400,
    "0" * 30 + "7",
)

#: Near-valid texts: a few pieces joined by spaces (or nothing).
texts = st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from(PIECES), min_size=0, max_size=6).map(" ".join),
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=4).map("".join),
)

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.sampled_from([0, 1, -1, 2**63, 2**64, -(2**63) - 1]),
    st.just(5000).map(lambda digits: 10**digits),  # (built late: hypothesis cannot repr it)
    st.floats(allow_nan=True, allow_infinity=True),
    texts,
    st.binary(max_size=8),
    st.sampled_from(GAME_IDS),
)

#: Any value: scalars, and lists, tuples and dicts of them (a little nested).
values: st.SearchStrategy[Any] = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(st.one_of(st.text(max_size=8), st.sampled_from(["kind", "player", "card"])), inner, max_size=4),
    ),
    max_leaves=8,
)
