"""Krass Kariert combinations against brute force, and the min-plays solver the
expert bot relies on against a breadth-first oracle."""

from __future__ import annotations

from functools import cache
from itertools import permutations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from romme import _core
from romme.errors import SolverError
from romme.games.krass.combos import (
    DRAW,
    FREE,
    STOP,
    N,
    S,
    X,
    can_play,
    describe,
    play_strength,
    window_options,
)

TYPES = ["solo", "2-straight", "pair", "3-straight", "triple"]
#: The core's readings of every window of 1, 2 and 3 cards.
TABLES = {k: _core.krass_readings_table(k) for k in (1, 2, 3)}


def oracle_strength(numbers: tuple[int, ...]) -> tuple[int, int] | None:
    """(type index, number) straight from the rule text, trying every order."""
    for order in permutations(numbers):
        if len(order) == 1:
            return (0, order[0])
        if len(order) == 2 and order[0] == order[1]:
            return (2, order[0])
        if len(order) == 2 and order[1] == order[0] + 1:
            return (1, order[1])
        if len(order) == 3 and order[0] == order[1] == order[2]:
            return (4, order[0])
        if len(order) == 3 and order[1] == order[0] + 1 and order[2] == order[1] + 1:
            return (3, order[2])
    return None


def oracle_group_valid(cards: tuple[int, ...] | list[int]) -> bool:
    """Whether 1–3 codes can be played together, from the rule text: one card always; stop and draw
    cards only alone; an X only with number cards (so one X at most), standing for any number."""
    return _oracle_group_valid(tuple(cards))


@cache
def _oracle_group_valid(cards: tuple[int, ...]) -> bool:
    if len(cards) == 1:
        return True
    if not 2 <= len(cards) <= 3 or any(c in (N, S) for c in cards) or cards.count(X) > 1:
        return False
    return any(oracle_strength(tuple(v if c == X else c + 1 for c in cards)) is not None for v in range(1, 13))


def classify_numbers(numbers: tuple[int, ...]) -> int | None:
    """The strength the game gives number cards (the engine's reading), None if they make no combination."""
    s = play_strength(tuple(n - 1 for n in numbers), ())
    return s if isinstance(s, int) else None


def test_classify_matches_the_rule_text_for_every_group() -> None:
    for size in (1, 2, 3):
        for numbers in product(range(1, 13), repeat=size):
            s = classify_numbers(numbers)
            want = oracle_strength(numbers)
            assert (s is None) == (want is None), numbers
            if s is not None and want is not None:
                assert describe(s) == f"{TYPES[want[0]]} {want[1]}"


def test_order_of_strengths_is_type_then_number() -> None:
    ranked = sorted((t, n) for t in range(5) for n in range(1, 13))
    strengths = [classify_numbers(g) for g in
                 [(n,) if t == 0 else (n - 1, n) if t == 1 else (n, n) if t == 2 else (n - 2, n - 1, n)
                  if t == 3 else (n, n, n) for t, n in ranked if not (t in (1, 3) and n <= t // 2 + 1)]]
    assert strengths == sorted(strengths)  # type: ignore[type-var]


def test_window_readings_are_exactly_the_valid_x_assignments() -> None:
    for size, table in TABLES.items():
        for cards in product(range(15), repeat=size):
            idx = 0
            for c in cards:
                idx = idx * 15 + c
            want: set[int] = set()
            for xs in product(range(1, 13), repeat=cards.count(X)):
                s = play_strength(cards, xs)
                if isinstance(s, int):
                    want.add(s)
            if size == 1 and cards[0] in (N, S):
                want = {DRAW if cards[0] == N else STOP}
            got = [reading.strength for reading in table[idx]]
            assert sorted(got, reverse=True) == got and set(got) == want, cards
            for reading in table[idx]:
                assert play_strength(cards, reading.xs) == reading.strength
            assert oracle_group_valid(cards) == bool(want)


def _in_deck(hand: list[int]) -> bool:
    return all(hand.count(c) <= (2 if c >= X else 4) for c in set(hand))


hands = st.lists(st.sampled_from(list(range(12)) * 2 + [X, N, S]), min_size=1, max_size=9).filter(_in_deck)


@given(hands, st.integers(-1, 80))
def test_window_options_and_can_play(hand: list[int], beat: int) -> None:
    opts = window_options(hand, beat)
    brute = {(i, k, s) for k in (1, 2, 3) for i in range(len(hand) - k + 1)
             for s in (r.strength for r in TABLES[k][_index(hand[i:i + k])]) if s > beat}
    assert {(i, k, s) for i, k, s, _ in opts} == brute
    for i, k, s, xs in opts:  # the X values come through the packed listing intact
        assert play_strength(hand[i:i + k], xs) == s, (hand, i, k, xs)
    assert can_play(hand, beat) == bool(brute)
    assert can_play(hand, FREE)


def test_the_listing_refuses_a_hand_it_cannot_pack() -> None:
    with pytest.raises(SolverError, match="at most 255 cards"):
        window_options([0] * 256, FREE)
    with pytest.raises(SolverError, match="not a krass card"):
        window_options([0, 15], FREE)


def _index(cards: list[int]) -> int:
    idx = 0
    for c in cards:
        idx = idx * 15 + c
    return idx


def oracle_min_plays(hand: tuple[int, ...]) -> int:
    """Fewest plays to empty the hand: breadth-first over every adjacent window."""

    @cache
    def f(h: tuple[int, ...]) -> int:
        if not h:
            return 0
        best = len(h)
        for k in (1, 2, 3):
            for i in range(len(h) - k + 1):
                if oracle_group_valid(h[i:i + k]):
                    best = min(best, 1 + f(h[:i] + h[i + k:]))
        return best

    return f(hand)


@given(hands)
def test_min_plays_solver_matches_the_oracle(hand: list[int]) -> None:
    res = _core.solve_hand("krass", hand, "min-plays", {})
    plays = res.plays
    assert isinstance(plays, list)
    assert len(plays) == oracle_min_plays(tuple(hand))
    groups = [[c for c, _ in play] for play in plays]
    assert all(oracle_group_valid(g) for g in groups)
    assert _executable(tuple(hand), groups), (hand, plays)
    assert _core.KrassExpert().measure(hand).plays == len(plays)  # the expert's count (no plays built)


def test_strength_names_are_the_combinations_there_are() -> None:
    """Every number the core names is the strength of some play, and names it as the rule text does."""
    named = {}
    for s in range(FREE, STOP + 1):
        try:
            named[s] = _core.krass_strength_name(s)
        except ValueError:
            pass
    played = {r.strength for table in TABLES.values() for readings in table for r in readings}
    assert set(named) == played | {FREE}
    assert named[FREE] == "nothing" and named[DRAW] == "draw" and named[STOP] == "stop"


def _executable(rest: tuple[int, ...], groups: list[list[int]]) -> bool:
    """Whether the plays can be made in this order, each an adjacent window at its
    turn (copies of a card may be taken from any matching window)."""
    if not groups:
        return not rest
    g = sorted(groups[0])
    k = len(g)
    return any(sorted(rest[i:i + k]) == g and _executable(rest[:i] + rest[i + k:], groups[1:])
               for i in range(len(rest) - k + 1))
