"""The engine's Krass Kariert classifier (``_core.krass_combination``) against
the Python game's own ranking (``romme.games.krass_combos``).

Every 1–3 card window of seeded random hands is read with every choice of X
values; both sides must agree on the combination (or that there is none).
"""

from __future__ import annotations

from itertools import product

import pytest

from romme import _core
from romme.games import krass_combos as kc
from romme.rng import Rng

#: The 54-card deck: numbers 1..12 (codes 0..11) four times, X, N, S twice.
DECK = [c for c in range(12) for _ in range(4)] + [kc.X, kc.X, kc.N, kc.N, kc.S, kc.S]


def python_reading(cards: tuple[int, ...], xs: tuple[int, ...]) -> tuple[str, int] | None:
    """What ``krass_combos`` makes of ``cards`` with X values ``xs``, as ``(kind, rank)``."""
    s = kc.play_strength(cards, xs)
    if isinstance(s, str):
        return None
    if s == kc.DRAW:
        return ("draw", 0)
    if s == kc.STOP:
        return ("stop", 0)
    return (kc.TYPE_NAMES[kc.kind_of(s)], kc.number_of(s))


def core_reading(cards: tuple[int, ...], xs: tuple[int, ...]) -> tuple[str, int] | None:
    """What the engine makes of the same play (value: the X's choice, a number card's number, 0 for N/S)."""
    it = iter(xs)
    pairs = [(c, next(it) if c == kc.X else (c + 1 if c < kc.X else 0)) for c in cards]
    return _core.krass_combination(pairs)


def mismatches(window: tuple[int, ...]) -> list[str]:
    """Every choice of X values on which the two classifiers disagree."""
    out = []
    for xs in product(range(1, 13), repeat=window.count(kc.X)):
        want, got = python_reading(window, xs), core_reading(window, xs)
        if want != got:
            out.append(f"{window} with X={xs}: python {want}, core {got}")
    return out


@pytest.mark.parametrize("seed", range(4))
def test_every_window_of_random_hands_agrees(seed: int) -> None:
    rng = Rng(seed)
    bad: list[str] = []
    windows = 0
    for _ in range(50):
        hand = DECK[:]
        rng.shuffle(hand)
        hand = hand[: 6 + rng.below(11)]
        for size in (1, 2, 3):
            for i in range(len(hand) - size + 1):
                bad += mismatches(tuple(hand[i : i + size]))
                windows += 1
    assert windows > 1000
    assert not bad, f"{len(bad)} mismatches, e.g. {bad[:5]}"


def test_every_code_window_agrees() -> None:
    """All 15 + 15² + 15³ code windows (X values included), not only dealt ones."""
    bad = [m for size in (1, 2, 3) for w in product(range(kc.NUM_CODES), repeat=size) for m in mismatches(w)]
    assert not bad, f"{len(bad)} mismatches, e.g. {bad[:5]}"


def test_best_readings_agree_with_the_python_tables() -> None:
    """The strongest reading of each window over all X values is the head of ``T1``/``T2``/``T3``."""
    for size, table in ((1, kc.T1), (2, kc.T2), (3, kc.T3)):
        for index, window in enumerate(product(range(kc.NUM_CODES), repeat=size)):
            readings = [r for xs in product(range(1, 13), repeat=window.count(kc.X))
                        if (r := core_reading(window, xs)) is not None]
            strengths = [kc.DRAW if k == "draw" else kc.STOP if k == "stop"
                         else kc.strength(kc.TYPE_NAMES.index(k), n) for k, n in readings]
            assert max(strengths, default=None) == (table[index][0][0] if table[index] else None), window


@pytest.mark.parametrize("cards", [
    [],
    [(0, 1)] * 4,
    [(kc.X, 0)],
    [(kc.X, 13)],
    [(3, 5)],
    [(kc.N, 1)],
    [(15, 0)],
    [(1, 2), (99, 1)],
])
def test_malformed_plays_raise(cards: list[tuple[int, int]]) -> None:
    with pytest.raises(ValueError):
        _core.krass_combination(cards)


def test_examples() -> None:
    assert _core.krass_combination([(7, 8), (9, 10), (8, 9)]) == ("3-straight", 10)
    assert _core.krass_combination([(kc.X, 6), (6, 7)]) == ("2-straight", 7)
    assert _core.krass_combination([(10, 11), (10, 11)]) == ("pair", 11)
    assert _core.krass_combination([(kc.N, 0)]) == ("draw", 0)
    assert _core.krass_combination([(kc.N, 0), (2, 3)]) is None
    assert _core.krass_combination([(3, 4), (5, 6)]) is None
