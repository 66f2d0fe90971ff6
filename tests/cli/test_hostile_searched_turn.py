"""Hostile budgets for Rummy's searched turn (``RummyState.searched_turn``, the public entry to the core's
``rummy_searched_turn``): anything but a whole number of steps from 1 to ``MAX_WORK_BUDGET`` is one
SolverError and leaves the position as it was (a negative or 2**64 budget raised OverflowError, a float or
None TypeError, True searched with a budget of 1, and 0 searched without any bound)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hostile import values
from hypothesis import HealthCheck, given, settings

from romme.engine import new_game
from romme.errors import SolverError
from romme.games import rummy
from romme.table import MAX_WORK_BUDGET

WORK = 200_000


def opened_position() -> rummy.RummyState:
    """A position where the seat to move has opened (both seats lay what they can)."""
    s = new_game("rummy", players=2, seed=1)
    assert isinstance(s, rummy.RummyState)
    while not s.opened[s.current_player] and not s.is_over:
        moves = s.legal_moves()
        s.apply(moves[-1])
    assert not s.is_over
    return s


POSITION = opened_position()


def judged_afresh(move: rummy.RummyPlace) -> rummy.RummyPlace:
    """An equal move object: ``is_legal`` of the searched object itself answers from the search's own
    judgement (the state remembers it as checked), so a test of that judgement asks about a twin."""
    return rummy.RummyPlace(move.player, move.table)


def snapshot(s: rummy.RummyState) -> tuple[Any, ...]:
    return (copy.deepcopy(s.hands), s.table, list(s.stock), list(s.opened), len(s.history))


@pytest.mark.parametrize("budget", [0, -1, MAX_WORK_BUDGET + 1, 2**64 - 1, 2**64, -(2**70), True, False, 1.5,
                                    float("nan"), float("inf"), None, "10", b"1", [1], 10**400])
def test_a_hostile_budget_is_one_solver_error(budget: object) -> None:
    s = POSITION.clone()
    before = snapshot(s)
    with pytest.raises(SolverError) as refused:
        s.searched_turn(budget)  # type: ignore[arg-type]
    assert "\n" not in str(refused.value) and "work_budget" in str(refused.value)
    assert len(str(refused.value)) < 200
    assert snapshot(s) == before


def test_the_smallest_budget_still_finds_a_move() -> None:
    """A search cut after one step still answers with a legal move where the full search finds one (it does here)."""
    s = POSITION.clone()
    full = s.searched_turn(WORK)
    cut = s.searched_turn(1)
    assert full.move is not None
    assert cut.move is not None and s.is_legal(judged_afresh(cut.move))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values)
def test_any_value_as_budget_answers_or_is_refused(budget: object) -> None:
    s = POSITION.clone()
    before = snapshot(s)
    try:
        found = s.searched_turn(budget)  # type: ignore[arg-type]
    except SolverError:
        assert snapshot(s) == before
        return
    assert type(budget) is int and 1 <= budget <= MAX_WORK_BUDGET
    assert found.move is None or s.is_legal(judged_afresh(found.move))


@pytest.mark.parametrize("budget", [10**400, 10**5000, -(10**5000)], ids=["400-digits", "5000-digits", "minus-5000"])
def test_solve_table_names_a_huge_budget_in_one_short_line(budget: int) -> None:
    """(a budget past 4,300 digits raised ValueError from the message's own int-to-text conversion)"""
    from romme import solve_table

    with pytest.raises(SolverError) as refused:
        solve_table("rummy", [], "R1 R2 R3", work_budget=budget)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200
