"""1x1-Rommé hand solver against the brute-force oracle."""

from __future__ import annotations

from typing import Any

import oracle
import pytest
from hypothesis import given
from hypothesis import strategies as st
from solver_support import EINMALEINS_CASES, MANY
from strategies import einmaleins_hands

from romme import solve_hand
from romme.cards import parse_codes
from romme.rules import Rules

OPTIONS = st.fixed_dictionaries({"opening_points": st.sampled_from([20, 51])})


@MANY
@given(einmaleins_hands(min_size=3, max_size=9), OPTIONS)
def test_opening_matches_oracle(hand: list[int], opts: dict[str, Any]) -> None:
    rules = Rules("einmaleins", opts)
    sol = solve_hand("einmaleins", hand, **opts)
    assert oracle.solution_problems(sol, hand, rules) == []
    want = oracle.opening_points("einmaleins", hand, rules)
    assert sol.opening_points == want, [str(c) for c in sol.hand]
    if want is not None:
        assert sol.meld_points == want


@MANY
@given(einmaleins_hands(min_size=3, max_size=9))
def test_min_left_matches_oracle(hand: list[int]) -> None:
    rules = Rules("einmaleins")
    sol = solve_hand("einmaleins", hand, objective="min-left")
    assert oracle.solution_problems(sol, hand, rules) == []
    assert sol.left_points == oracle.min_left("einmaleins", hand, rules)
    # opening_points is reported whatever the objective
    assert sol.opening_points == oracle.opening_points("einmaleins", hand, rules)


@given(einmaleins_hands(min_size=3, max_size=8))
def test_max_cards_matches_oracle(hand: list[int]) -> None:
    rules = Rules("einmaleins")
    sol = solve_hand("einmaleins", hand, objective="max-cards")
    assert oracle.solution_problems(sol, hand, rules) == []
    assert sol.melded_cards == oracle.max_cards("einmaleins", hand, rules)
    assert sol.opening_points == oracle.opening_points("einmaleins", hand, rules)


@pytest.mark.parametrize("text,want", EINMALEINS_CASES)
def test_known_openings(text: str, want: int | None) -> None:
    hand = parse_codes("einmaleins", text)
    sol = solve_hand("einmaleins", hand)
    assert sol.opening_points == want
    assert oracle.solution_problems(sol, hand, Rules("einmaleins")) == []
