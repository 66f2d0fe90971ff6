"""Krass Kariert hand solver (fewest plays) against the brute-force oracle."""

from __future__ import annotations

import oracle
import pytest
from hypothesis import given
from strategies import krass_hands

from romme import solve_hand
from romme.cards import parse_codes
from romme.rules import Rules

RULES = Rules("krass")


@given(krass_hands(min_size=2, max_size=10))
def test_min_plays_matches_oracle(hand: list[int]) -> None:
    sol = solve_hand("krass", hand)
    assert sol.plays is not None
    assert oracle.solution_problems(sol, hand, RULES) == []
    assert len(sol.plays) == oracle.krass_min_plays(hand), [str(c) for c in sol.hand]


CASES = [
    ("", 0),
    ("7", 1),
    ("N S", 2),
    ("7 7 7", 1),
    ("8 10 9", 1),  # any order inside the play
    ("1 5 2 X N 7 7 7 S", 5),  # playing 5 makes 1 2 X adjacent
    ("3 N 3", 2),  # N alone; then 3 3 are a pair
    ("X 5 X", 2),  # an X combines only with number cards: X 5, then X
    ("X X", 2),
    ("1 3 5 7 9 11", 6),
    ("5 N 6 S 7", 3),
]


@pytest.mark.parametrize("text,plays", CASES)
def test_known_hands(text: str, plays: int) -> None:
    hand = parse_codes("krass", text)
    sol = solve_hand("krass", hand)
    assert len(sol.plays or ()) == plays
    assert oracle.solution_problems(sol, hand, RULES) == []
