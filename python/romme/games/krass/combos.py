"""Krass Kariert combinations: what a window of hand cards is and what it beats.

A play is 1–3 cards lying adjacent in the (never reordered) hand, in any
order among themselves (docs/RULES.md §5). Types rank solo < 2-straight < pair <
3-straight < triple; the same type is beaten only by a higher number
(straights compare by their top card). ``X`` stands for any number 1..12
chosen when played and combines only with number cards (never two X in one
play); the draw card ``N`` and the stop card ``S`` are played alone and are
always allowed.

A combination is one integer, its *strength*: ``type * 16 + number``, so
"beats" is ``>``. The special cards get strengths above every combination
(:data:`DRAW`, :data:`STOP`); :data:`FREE` is the "nothing to beat" level.

Codes: numbers 1..12 are 0..11, ``X`` 12, ``N`` 13, ``S`` 14. Which cards make
which combination is the engine's rule (``_core.krass_classify``, rust krass.rs);
this module keeps the strengths and the lookup tables the game and bots use.
"""

from __future__ import annotations

from itertools import product

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
    """Strength of a window played with X values ``xs`` (one per X, in window order).

    Returns the strength, or a string saying why the window is no combination.
    """
    if not 1 <= len(cards) <= 3:
        return f"a combination has 1 to 3 cards, not {len(cards)}"
    n_x = sum(1 for c in cards if c == X)
    if len(cards) == 1 and cards[0] in (N, S):
        if xs:
            return "draw and stop cards take no X value"
        return DRAW if cards[0] == N else STOP
    if len(xs) != n_x:
        return f"the window holds {n_x} X card(s), so name {n_x} X value(s), not {len(xs)}"
    it = iter(xs)
    try:
        kind, number = _core.krass_classify([(c, next(it) if c == X else c + 1 if c < X else 0) for c in cards])
    except ValueError as exc:  # the engine names why the cards make no combination
        return str(exc)
    return strength(TYPE_NAMES.index(kind), number)


def _readings(cards: tuple[int, ...]) -> tuple[Option, ...]:
    """Every distinct reading of a window, strongest first (X values ascending)."""
    if len(cards) == 1 and cards[0] in (N, S):
        return ((DRAW if cards[0] == N else STOP, ()),)
    if any(c in (N, S) for c in cards):
        return ()
    n_x = cards.count(X)
    best: dict[int, tuple[int, ...]] = {}
    for xs in product(range(1, 13), repeat=n_x):
        if list(xs) != sorted(xs):
            continue  # copies of X are alike: one order of their values suffices
        s = play_strength(cards, xs)
        if isinstance(s, int) and s not in best:
            best[s] = xs
    return tuple(sorted(best.items(), reverse=True))


def _table(length: int) -> list[tuple[Option, ...]]:
    return [_readings(cards) for cards in product(range(NUM_CODES), repeat=length)]


#: Readings of every window, indexed by the codes as a base-15 number
#: (``T2[a*15+b]``, ``T3[(a*15+b)*15+c]``), strongest first.
T1: list[tuple[Option, ...]] = _table(1)
T2: list[tuple[Option, ...]] = _table(2)
T3: list[tuple[Option, ...]] = _table(3)

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
    """Every play of ``hand`` stronger than ``beat``: (start, length, strength, X values)."""
    out: list[tuple[int, int, int, tuple[int, ...]]] = []
    append = out.append
    n = len(hand)
    t1, t2, t3 = T1, T2, T3
    for i in range(n):
        a = hand[i]
        for s, xs in t1[a]:
            if s <= beat:
                break
            append((i, 1, s, xs))
        if i + 1 < n:
            k = a * 15 + hand[i + 1]
            for s, xs in t2[k]:
                if s <= beat:
                    break
                append((i, 2, s, xs))
            if i + 2 < n:
                for s, xs in t3[k * 15 + hand[i + 2]]:
                    if s <= beat:
                        break
                    append((i, 3, s, xs))
    return out


def can_play(hand: list[int], beat: int) -> bool:
    """Whether some window of ``hand`` beats ``beat`` (or is a draw or stop card)."""
    n = len(hand)
    t1, t2, t3 = T1, T2, T3
    for i in range(n):
        a = hand[i]
        if t1[a][0][0] > beat:
            return True
        if i + 1 < n:
            k = a * 15 + hand[i + 1]
            r = t2[k]
            if r and r[0][0] > beat:
                return True
            if i + 2 < n:
                r = t3[k * 15 + hand[i + 2]]
                if r and r[0][0] > beat:
                    return True
    return False
