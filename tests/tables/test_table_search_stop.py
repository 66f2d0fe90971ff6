"""A caller stops a table search it no longer wants (the window's hint for a position left, ``SearchStop``): the
searches of the thread under a raised stop end at their next check, as at a passed deadline, and still answer
validly with at least the hand's own melds; a stop never raised changes nothing, so a seed replays alike."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from hypothesis import given, settings
from table_checks import check_valid, own_melds_count
from table_strategies import positions
from wrap_position import HAND, TABLE, WRAP

from romme import _core

#: The most a search under a raised stop spends: the solve's finish reserve (its cheap answer and repair), and
#: one charge step (1,024 units) of each search that checks the stop
STOPPED_WORK = _core.TABLE_FINISH_WORK + 4 * 1024


def solve_under(stop: _core.SearchStop | None, table: list[list[int]], hand: list[int], objective: str,
                options: dict[str, Any], work: int = 0) -> Any:
    """The search, in this thread, under ``stop`` (the thread's searches are under none again after it)."""
    _core.stop_searches_with(stop)
    try:
        return _core.solve_table("romme", table, hand, objective, options, 0, "exact", work)
    finally:
        _core.stop_searches_with(None)


def answer(r: Any) -> tuple[Any, ...]:
    return ([[list(p) for p in m.pairs] for m in r.table], list(r.placed), list(r.taken), r.moved, r.optimal,
            r.moved_optimal, r.budget_cut, r.work)


def raised() -> _core.SearchStop:
    stop = _core.SearchStop()
    assert not stop.stopped
    stop.stop()
    assert stop.stopped
    return stop


def test_a_search_under_a_raised_stop_ends_at_once_and_answers() -> None:
    free = solve_under(None, TABLE, HAND, "cards", WRAP)
    assert free.optimal and free.work > 4 * STOPPED_WORK
    for objective in ("cards", "points"):
        for work in (0, 2_000_000):
            cut = solve_under(raised(), TABLE, HAND, objective, WRAP, work)
            check_valid("romme", TABLE, HAND, cut, WRAP)
            assert cut.work <= STOPPED_WORK and not (cut.optimal and cut.moved_optimal), (objective, work, cut.work)
            assert cut.budget_cut == (work > 0)  # (a stop is the caller's: it cuts as a deadline does)
            own = own_melds_count("romme", HAND, **WRAP)
            assert own is not None and len(cut.placed) >= own


def test_a_stop_never_raised_changes_nothing() -> None:
    for objective in ("cards", "points"):
        free = solve_under(None, TABLE, HAND, objective, WRAP, 2_000_000)
        assert answer(solve_under(_core.SearchStop(), TABLE, HAND, objective, WRAP, 2_000_000)) == answer(free)


def test_a_stop_is_the_threads_own() -> None:
    """The stop a thread searches under is its own: another thread's searches go on, and none is left under it."""
    stop = raised()
    _core.stop_searches_with(stop)
    try:
        seen: list[Any] = []
        other = threading.Thread(target=lambda: seen.append(_core.solve_table("romme", TABLE, HAND, "cards", WRAP)))
        other.start()
        other.join()
        assert seen[0].optimal
    finally:
        _core.stop_searches_with(None)
    assert solve_under(None, TABLE, HAND, "cards", WRAP).optimal


def test_a_stop_raised_from_another_thread_ends_the_search_under_way() -> None:
    free = solve_under(None, TABLE, HAND, "cards", WRAP)
    stop, found = _core.SearchStop(), []
    worker = threading.Thread(target=lambda: found.append(solve_under(stop, TABLE, HAND, "cards", WRAP)))
    worker.start()
    time.sleep(0.005)  # (far less than the search's own time, on any host: it is under way, not done)
    stop.stop()
    worker.join(30)
    # (a stopped search may still hold a whole-hand answer, whose objective is proven: not its fewest moved)
    assert found and found[0].work < free.work and not (found[0].optimal and found[0].moved_optimal), (found, free.work)
    check_valid("romme", TABLE, HAND, found[0], WRAP)


@settings(max_examples=60, deadline=None)
@given(positions(max_melds=5, max_hand=8, max_cards=20, game="romme"))
def test_any_search_under_a_raised_stop_answers_validly(pos: tuple[list[list[int]], list[int]]) -> None:
    table, hand = pos
    for options in (WRAP, {"rauber": 1}):
        cut = solve_under(raised(), table, hand, "cards", options, 2_000_000)
        check_valid("romme", table, hand, cut, options)
        assert cut.work <= STOPPED_WORK
        own = own_melds_count("romme", hand, **options)
        assert own is None or len(cut.placed) >= own, (own, list(cut.placed))


def test_searches_stopped_by_takes_a_stop_alone() -> None:
    from romme.errors import SolverError
    from romme.table import SearchStop, searches_stopped_by, solve_table

    for bad in (None, True, "stop", 1, object()):
        with pytest.raises(SolverError, match="SearchStop"), searches_stopped_by(bad):  # type: ignore[arg-type]
            pass
    stop = SearchStop()
    with searches_stopped_by(stop):
        stop.stop()
        cut = solve_table("romme", [], ["Ac", "Ad", "Ah", "2c"])
    assert [str(c) for c in cut.placed] == ["Ac", "Ad", "Ah"]
