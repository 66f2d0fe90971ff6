"""Krass Kariert hand solver (fewest plays) against the brute-force oracle."""

from __future__ import annotations

import oracle
import pytest
from hypothesis import given
from solver_support import KRASS_CASES
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


@pytest.mark.parametrize("text,plays", KRASS_CASES)
def test_known_hands(text: str, plays: int) -> None:
    hand = parse_codes("krass", text)
    sol = solve_hand("krass", hand)
    assert len(sol.plays or ()) == plays
    assert oracle.solution_problems(sol, hand, RULES) == []
