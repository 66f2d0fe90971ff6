"""Hypothesis strategies: hands of every game, respecting the deck's copies.

A hand is drawn as distinct positions of the game's full deck (so a card
never appears more often than the deck holds it). Besides uniform hands,
each game has *dense* hands drawn from a small pool (two suits, a few
neighbouring ranks, the wilds), where melds, ties and wild choices are
common; edge ranks (aces, K, line ends) are in the pools on purpose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from romme.cards import deck


def _subset(pool: Sequence[int], min_size: int, max_size: int) -> st.SearchStrategy[list[int]]:
    """Distinct positions of ``pool`` (a list of codes with copies) -> their codes."""
    hi = min(max_size, len(pool))
    return st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=min(min_size, hi),
                    max_size=hi).map(lambda idx: [pool[i] for i in idx])


def full_deck(game: str, **options: Any) -> list[int]:
    return deck(game).full(**options)


@st.composite
def pool_hand(draw: st.DrawFn, pool: Sequence[int], min_size: int, max_size: int) -> list[int]:
    return draw(_subset(list(pool), min_size, max_size))


def _types(game: str) -> list[Any]:
    return [t for t in deck(game).types if deck(game).counts()[t.code] > 0]


@st.composite
def koenigs_hands(draw: st.DrawFn, round: int, min_size: int = 0, max_size: int = 8,
                  ) -> list[int]:
    """Königs-Rommé hands for a round (wild rank round + 2)."""
    full = full_deck("koenigs")
    if draw(st.booleans()):
        return draw(_subset(full, min_size, max_size))
    suits = draw(st.lists(st.integers(0, 4), min_size=1, max_size=2, unique=True))
    lo = draw(st.sampled_from([3, 4, 6, 8, 9]))
    ranks = range(lo, lo + 5)
    pool = [c for c in full
            if (deck("koenigs").types[c].suit in suits and deck("koenigs").types[c].rank in ranks)
            or deck("koenigs").types[c].kind == "joker" or deck("koenigs").types[c].rank == round + 2]
    return draw(_subset(pool, min_size, max_size))


@st.composite
def romme_hands(draw: st.DrawFn, min_size: int = 0, max_size: int = 8, jokers_per_deck: int = 3) -> list[int]:
    """Rommé hands; dense ones sit around the ace (A-2-3, Q-K-A, K-A-2)."""
    d = deck("romme")
    full = full_deck("romme", jokers_per_deck=jokers_per_deck)
    if draw(st.booleans()):
        return draw(_subset(full, min_size, max_size))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True))
    ranks = draw(st.sampled_from([(1, 2, 3, 4, 5), (10, 11, 12, 13, 1), (12, 13, 1, 2, 3), (5, 6, 7, 8, 9)]))
    pool = [c for c in full if (d.types[c].suit in suits and d.types[c].rank in ranks) or d.types[c].kind == "joker"]
    return draw(_subset(pool, min_size, max_size))


@st.composite
def rummy_hands(draw: st.DrawFn, min_size: int = 0, max_size: int = 8) -> list[int]:
    """Rummy hands; dense ones use two or three colours and five numbers."""
    d = deck("rummy")
    full = full_deck("rummy")
    if draw(st.booleans()):
        return draw(_subset(full, min_size, max_size))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True))
    lo = draw(st.sampled_from([1, 5, 9]))
    pool = [c for c in full if (d.types[c].suit in suits and lo <= d.types[c].rank < lo + 5)
            or d.types[c].kind == "joker"]
    return draw(_subset(pool, min_size, max_size))


#: Value groups of the NumNum deck where 1x1 runs and sets are common.
NUMNUM_POOLS = (
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    (12, 16, 20, 24, 36, 48, 60, 72),
    (3, 6, 9, 12, 15, 18, 24, 27, 30),
    (7, 14, 21, 28, 35, 42, 49, 63, 70),
    (5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 70, 80),
)


@st.composite
def einmaleins_hands(draw: st.DrawFn, min_size: int = 0, max_size: int = 8) -> list[int]:
    """1x1-Rommé hands; dense ones draw from one value group in one or two
    symbols, with the wish cards and the value-1 cards."""
    d = deck("einmaleins")
    full = full_deck("einmaleins")
    if draw(st.booleans()):
        return draw(_subset(full, min_size, max_size))
    values = draw(st.sampled_from(NUMNUM_POOLS))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    pool = [c for c in full
            if d.types[c].kind == "joker"
            or (d.types[c].suit in suits and (d.types[c].rank in values or d.types[c].rank == 1))]
    return draw(_subset(pool, min_size, max_size))


@st.composite
def krass_hands(draw: st.DrawFn, min_size: int = 0, max_size: int = 9) -> list[int]:
    """Krass Kariert hands in hand order (order matters)."""
    d = deck("krass")
    full = full_deck("krass")
    if draw(st.booleans()):
        pool = full
    else:
        lo = draw(st.integers(1, 9))
        pool = [c for c in full if d.types[c].kind != "natural" or lo <= d.types[c].rank < lo + 4]
    hand = draw(_subset(pool, min_size, max_size))
    return draw(st.permutations(hand)) if hand else hand


def hands(game: str, **kw: Any) -> st.SearchStrategy[list[int]]:
    """The hand strategy of a game (Königs-Rommé needs ``round``)."""
    return {
        "koenigs": koenigs_hands,
        "romme": romme_hands,
        "rummy": rummy_hands,
        "einmaleins": einmaleins_hands,
        "krass": krass_hands,
    }[game](**kw)
