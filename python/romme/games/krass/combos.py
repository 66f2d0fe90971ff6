"""Krass Kariert combinations as the game flow and the bots use them: strengths, their names, and
the core's readings of every window.

A play is 1–3 cards lying adjacent in the (never reordered) hand, in any order among themselves
(docs/RULES.md §5). Which cards make which combination, what X may stand for, and which windows
of a hand beat a trick are the core's rules (rust krass.rs, krass/plays.rs); this module asks it.

A combination is one integer, its *strength*: ``type * 16 + number`` (the core's
``krass::plays::strength``), so "beats" is ``>``. The special cards get strengths above every
combination (:data:`DRAW`, :data:`STOP`); :data:`FREE` is the "nothing to beat" level.

Codes: numbers 1..12 are 0..11, ``X`` 12, ``N`` 13, ``S`` 14.
"""

from __future__ import annotations

from ... import _core

#: Card codes of the special cards.
X, N, S = 12, 13, 14
NUM_CODES = 15

SOLO, STRAIGHT2, PAIR, STRAIGHT3, TRIPLE = range(5)
TYPE_NAMES = ("solo", "2-straight", "pair", "3-straight", "triple")

#: Strength of "nothing to beat yet" (a lead, or only draw cards so far).
FREE = -1
#: Strengths of the special cards: always playable, never "the combination to beat".
DRAW = 100
STOP = 101

Option = tuple[int, tuple[int, ...]]
"""One reading of a window: (strength, X values in ascending order)."""


def strength(kind: int, number: int) -> int:
    return kind * 16 + number


def kind_of(s: int) -> int:
    return s >> 4


def number_of(s: int) -> int:
    return s & 15


def describe(s: int) -> str:
    """``"2-straight 6"``, ``"solo 8"``, ``"stop"``, ``"draw"``."""
    if s == STOP:
        return "stop"
    if s == DRAW:
        return "draw"
    if s == FREE:
        return "nothing"
    return f"{TYPE_NAMES[kind_of(s)]} {number_of(s)}"


def play_strength(cards: tuple[int, ...] | list[int], xs: tuple[int, ...] | list[int]) -> int | str:
    """Strength of a window played with X values ``xs`` (one per X, in window order), or a text
    saying why the window is no combination (the core's reason)."""
    try:
        return _core.krass_play_strength(list(cards), list(xs))
    except (ValueError, OverflowError) as exc:  # a code or value no card has does not fit the core's bytes
        return str(exc)


#: Readings ``(strength, X values)`` of every window, strongest first, indexed by the codes as a base-15
#: number (``T2[a*15+b]``, ``T3[(a*15+b)*15+c]``): the core's table.
T1: list[tuple[Option, ...]] = _core.krass_readings_table(1)
T2: list[tuple[Option, ...]] = _core.krass_readings_table(2)
T3: list[tuple[Option, ...]] = _core.krass_readings_table(3)

#: Whether a window can be played as one group at all (for the min-plays count).
VALID2: list[bool] = [bool(r) for r in T2]
VALID3: list[bool] = [bool(r) for r in T3]


def group_valid(cards: tuple[int, ...] | list[int]) -> bool:
    """Whether 1–3 cards can be played together (in some order, some X values)."""
    if len(cards) == 1:
        return True
    if len(cards) == 2:
        return VALID2[cards[0] * 15 + cards[1]]
    if len(cards) == 3:
        return VALID3[(cards[0] * 15 + cards[1]) * 15 + cards[2]]
    return False


def window_options(hand: list[int], beat: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """Every play of ``hand`` stronger than ``beat``: (start, length, strength, X values), by window
    start, then length, strongest first (the core's listing)."""
    return _core.krass_plays(hand, beat)


def can_play(hand: list[int], beat: int) -> bool:
    """Whether some window of ``hand`` beats ``beat`` (or is a draw or stop card)."""
    return _core.krass_can_play(hand, beat)
