"""The Rummy master's work budget: the core counts the table search work of a thread, the master budgets by it."""

from __future__ import annotations

from romme import _core


def test_search_work_counts_every_table_search_of_the_thread() -> None:
    """``search_work`` grows by the work each search under a work budget reports (fails without the count: it
    stays where it was)."""
    before = _core.search_work()
    res = _core.solve_table("rummy", [[0, 1, 2], [13, 14, 15]], [3, 16, 29], "cards", {}, 0, "fast", 200_000)
    assert res.work > 0
    assert _core.search_work() - before == res.work
    hand = bytes(1 if c in (3, 16, 29) else 0 for c in range(53))
    flat = bytes([3, 0, 0, 1, 1, 2, 2, 3, 13, 13, 14, 14, 15, 15])
    middle = _core.search_work()
    turn = _core.rummy_searched_turn(flat, hand, {}, 200_000)
    assert turn.table is not None
    assert _core.search_work() > middle
