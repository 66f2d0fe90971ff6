"""Rommé hand solver against the brute-force oracle, over its meld options."""

from __future__ import annotations

from typing import Any

import oracle
import pytest
from hypothesis import given
from hypothesis import strategies as st
from solver_support import MANY, ROMME_CASES
from strategies import romme_hands

from romme import solve_hand
from romme.cards import parse_codes
from romme.rules import Rules

OPTIONS = st.fixed_dictionaries({
    "wrap_around": st.booleans(),
    "no_double_joker": st.booleans(),
    "opening_without_jokers": st.booleans(),
    "opening_points": st.sampled_from([10, 31, 40]),
})


def opening_cap(hand: list[int]) -> int | None:
    """Rommé: one card must stay for the discard, so an opening melds at most n-1."""
    return max(len(hand) - 1, 0) if oracle.ROMME_OPENING_KEEPS_DISCARD else None


@MANY
@given(romme_hands(min_size=3, max_size=9), OPTIONS)
def test_opening_matches_oracle(hand: list[int], opts: dict[str, Any]) -> None:
    rules = Rules("romme", opts)
    sol = solve_hand("romme", hand, **opts)
    assert oracle.solution_problems(sol, hand, rules) == []
    want = oracle.opening_points("romme", hand, rules, cap=opening_cap(hand))
    assert sol.opening_points == want, (opts, [str(c) for c in sol.hand], str(sol.melds))
    if want is not None:
        assert sol.meld_points == want
        if opts["opening_without_jokers"]:
            assert all(c.type.kind != "joker" for m in sol.melds for c in m.cards)


@MANY
@given(romme_hands(min_size=3, max_size=9), OPTIONS)
def test_min_left_matches_oracle(hand: list[int], opts: dict[str, Any]) -> None:
    rules = Rules("romme", opts)
    sol = solve_hand("romme", hand, objective="min-left", **opts)
    assert oracle.solution_problems(sol, hand, rules) == []
    assert sol.left_points == oracle.min_left("romme", hand, rules)
    # opening_points is reported whatever the objective
    assert sol.opening_points == oracle.opening_points("romme", hand, rules)


@given(romme_hands(min_size=3, max_size=8), OPTIONS)
def test_max_cards_matches_oracle(hand: list[int], opts: dict[str, Any]) -> None:
    rules = Rules("romme", opts)
    sol = solve_hand("romme", hand, objective="max-cards", **opts)
    assert oracle.solution_problems(sol, hand, rules) == []
    assert sol.melded_cards == oracle.max_cards("romme", hand, rules)
    assert sol.opening_points == oracle.opening_points("romme", hand, rules)


@pytest.mark.parametrize("text,opts,want", ROMME_CASES)
def test_known_openings(text: str, opts: dict[str, Any], want: int | None) -> None:
    hand = parse_codes("romme", text)
    sol = solve_hand("romme", hand, **opts)
    assert sol.opening_points == want
    assert oracle.solution_problems(sol, hand, Rules("romme", opts)) == []
