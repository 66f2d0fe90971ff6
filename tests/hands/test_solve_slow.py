"""Longer oracle comparisons on bigger hands (``pytest -m slow``)."""

from __future__ import annotations

import oracle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import einmaleins_hands, koenigs_hands, krass_hands, romme_hands, rummy_hands

from romme import solve_hand
from romme.rules import Rules

pytestmark = pytest.mark.slow
BIG = settings(max_examples=max(300, settings.default.max_examples))


@BIG
@given(st.integers(1, 11).flatmap(lambda r: st.tuples(st.just(r), koenigs_hands(r, min_size=10, max_size=11))))
def test_koenigs_big(rh: tuple[int, list[int]]) -> None:
    rnd, hand = rh
    sol = solve_hand("koenigs", hand, round=rnd)
    assert oracle.solution_problems(sol, hand, Rules("koenigs"), rnd) == []
    assert sol.left_points == oracle.min_left("koenigs", hand, Rules("koenigs"), rnd)
    assert sol.can_go_out == bool(oracle.go_out_discards(hand, rnd))


@BIG
@given(romme_hands(min_size=10, max_size=11), st.booleans(), st.booleans())
def test_romme_big(hand: list[int], wrap: bool, ndj: bool) -> None:
    rules = Rules("romme", {"wrap_around": wrap, "no_double_joker": ndj, "opening_points": 1})
    sol = solve_hand("romme", hand, rules=rules)
    assert oracle.solution_problems(sol, hand, rules) == []
    assert sol.opening_points == oracle.opening_points("romme", hand, rules)


@BIG
@given(einmaleins_hands(min_size=10, max_size=11))
def test_einmaleins_big(hand: list[int]) -> None:
    rules = Rules("einmaleins", {"opening_points": 1})
    sol = solve_hand("einmaleins", hand, rules=rules, objective="min-left")
    assert oracle.solution_problems(sol, hand, rules) == []
    assert sol.left_points == oracle.min_left("einmaleins", hand, rules)
    assert sol.opening_points == oracle.opening_points("einmaleins", hand, rules)


@BIG
@given(rummy_hands(min_size=10, max_size=11), st.sampled_from([0, 4, 6]))
def test_rummy_big(hand: list[int], cap: int) -> None:
    rules = Rules("rummy", {"opening_points": 1, "max_hand_cards_per_turn": cap})
    sol = solve_hand("rummy", hand, rules=rules, objective="max-cards")
    assert oracle.solution_problems(sol, hand, rules) == []
    assert sol.melded_cards == oracle.max_cards("rummy", hand, rules, cap=cap or None)
    assert sol.opening_points == oracle.opening_points("rummy", hand, rules, cap=cap or None)


@BIG
@given(krass_hands(min_size=11, max_size=13))
def test_krass_big(hand: list[int]) -> None:
    sol = solve_hand("krass", hand)
    assert oracle.solution_problems(sol, hand, Rules("krass")) == []
    assert len(sol.plays or ()) == oracle.krass_min_plays(hand)
