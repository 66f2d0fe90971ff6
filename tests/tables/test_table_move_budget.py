"""One move's work budget for the table searches it asks (``romme.table_keep.MoveBudget``, what the Rommé and 1x1
experts and the hint share): each search is given what the searches before it left, none is asked once it is
spent, a refused position is no answer, and whether every answer is proven is said."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import romme
from romme.errors import SolverError
from romme.table import TableSolution
from romme.table_keep import MoveBudget

#: A Räuber-Rommé position whose search a small budget cuts (as test_table_work_budget's, smaller).
TABLE = "Ah 2h * 4h | 2c 2d 2h | 3c 4c 5c 6c | 3s * 5s | 4d 5d 6d | 6h 7h * | 7d 8d 9d | 10c 10h 10s"
SMALL_TABLE, SMALL_HAND = "5h 6h 7h 8h 9h | Kc Kd Ks", "5c 5d"
HAND = "Kd 7d 6d 2c 9d 2d 8c 8c 8d 4d 4c 5s 4h 3c 7h 10c Ah 10h * Js 6h 5c Qs 3s 5d 6c 3d 8h Qc 8s 2s"


def _search(given: list[int | None], table: str = TABLE, hand: str = HAND) -> Callable[[int | None], TableSolution]:
    def search(work: int | None) -> TableSolution:
        given.append(work)
        return romme.solve_table("romme", table, hand, "points", None, "fast", work, rauber=True)

    return search


def test_each_search_gets_what_the_searches_before_it_left() -> None:
    whole = romme.solve_table("romme", SMALL_TABLE, SMALL_HAND, "points", None, "fast", rauber=True).work
    given: list[int | None] = []
    budget = MoveBudget(5 * whole // 2)
    answers = [budget.ask(_search(given, SMALL_TABLE, SMALL_HAND)) for _ in range(4)]  # (a bound: never endless)
    assert given == [5 * whole // 2, 3 * whole // 2, whole // 2]
    assert [a.work if a is not None else None for a in answers[:2]] == [whole, whole]
    assert answers[2] is not None and answers[3] is None
    assert budget.left is not None and budget.left <= 0
    assert not budget.proven  # (a search was not asked)


def test_a_cut_search_is_unproven() -> None:
    budget = MoveBudget(1_000)
    sol = budget.ask(_search([]))
    assert sol is not None and not sol.optimal and not budget.proven


def test_a_spent_budget_asks_no_search() -> None:
    given: list[int | None] = []
    budget = MoveBudget(0)
    assert budget.ask(_search(given)) is None
    assert given == [] and not budget.proven


def test_without_a_budget_every_search_is_exact() -> None:
    given: list[int | None] = []
    budget = MoveBudget(None)
    sols = [budget.ask(_search(given)) for _ in range(2)]
    assert given == [None, None]
    assert all(s is not None and s.optimal for s in sols) and budget.proven


def test_a_refused_position_is_no_answer_and_unproven() -> None:
    budget = MoveBudget(10_000)

    def refused(work: int | None) -> TableSolution:
        return romme.solve_table("romme", "Ah 3h 9c", "2h", work_budget=work)  # (no meld: the search refuses it)

    with pytest.raises(SolverError):
        refused(None)
    assert budget.ask(refused) is None and not budget.proven
    assert budget.left == 10_000


def test_an_answer_within_the_budget_is_proven() -> None:
    budget = MoveBudget(3_000_000)
    sol = budget.ask(_search([], SMALL_TABLE, SMALL_HAND))
    assert sol is not None and sol.optimal and sol.placed_count == 2 and budget.proven
    assert budget.left == 3_000_000 - sol.work
