"""Krass Kariert combinations as the game flow and the bots use them: strengths, their names, and
the plays of a hand.

A play is 1–3 cards lying adjacent in the (never reordered) hand, in any order among themselves
(docs/RULES.md §5). Which cards make which combination, what X may stand for, and which windows
of a hand beat a trick are the core's rules (rust krass.rs, krass/plays.rs); this module asks it.

A combination is one integer, its *strength* (the core's ``krass::plays::strength``), so "beats"
is ``>``. The special cards get strengths above every combination (:data:`DRAW`, :data:`STOP`);
:data:`FREE` is the "nothing to beat" level. What a strength means (its name) is the core's too.

Codes: numbers 1..12 are 0..11, ``X`` 12, ``N`` 13, ``S`` 14.
"""

from __future__ import annotations

from functools import lru_cache

from ... import _core
from ...cards import deck

#: Card codes of the special cards (the deck's).
X, N, S = (deck("krass").parse_token(t) for t in ("X", "N", "S"))

#: Strength of "nothing to beat yet" (a lead, or only draw cards so far), and of the draw and stop
#: cards: always playable, never "the combination to beat".
FREE, DRAW, STOP = _core.KRASS_FREE, _core.KRASS_DRAW, _core.KRASS_STOP


@lru_cache(maxsize=256)
def describe(s: int) -> str:
    """``"2-straight 6"``, ``"solo 8"``, ``"stop"``, ``"draw"``, ``"nothing"`` (the core's names)."""
    return _core.krass_strength_name(s)


def play_strength(cards: tuple[int, ...] | list[int], xs: tuple[int, ...] | list[int]) -> int | str:
    """Strength of a window played with X values ``xs`` (one per X, in window order), or a text
    saying why the window is no combination (the core's reason)."""
    try:
        return _core.krass_play_strength(list(cards), list(xs))
    except (ValueError, OverflowError) as exc:  # a code or value no card has does not fit the core's bytes
        return str(exc)


#: ``listed_plays(hand, beat)``: the core's listing of the plays of ``hand`` stronger than ``beat``
#: (a :class:`~romme._core.KrassPlays`; see :func:`window_options`). The core function itself (random
#: play lists every move).
listed_plays = _core.krass_plays

#: The listing of a hand with no plays (a finished game, a drawn card to insert).
NO_PLAYS = _core.krass_plays([], -1)


def window_options(hand: list[int], beat: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """Every play of ``hand`` stronger than ``beat``: (start, length, strength, X values), by window
    start, then length, strongest first (the core's listing)."""
    plays = listed_plays(hand, beat)
    return [(p.start, p.length, p.strength, p.xs) for p in map(plays.play, range(len(plays)))]


#: ``can_play(hand, beat)``: whether some window of ``hand`` beats ``beat`` (or is a draw or stop card);
#: the core function itself (asked after most moves).
can_play = _core.krass_can_play
