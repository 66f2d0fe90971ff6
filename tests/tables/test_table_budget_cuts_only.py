"""A caller's budget only cuts a table search, it never changes its course (issue 32): under a work budget at
least the work the search takes without one, the answer, its flags and its work are those of the search without
a budget; under a smaller one the answer is valid (checked by the oracle's meld predicate and the cards'
conservation), places at least the hand's own melds, says ``budget_cut`` unless it is proven both ways, and the
work overshoots the budget by at most :data:`SLACK`."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from table_checks import check_valid, own_melds_count
from table_strategies import positions
from wrap_position import HAND, TABLE, WRAP

from romme import _core

#: Work a search may spend past the caller's budget: every search charges its work at least every 1,024
#: units, and the searches check the budget between its nodes, its LP's pivots and its sweeps' states; the
#: solve's finish (the cheap answer and the repair of a cut answer) may spend its reserve past a spent budget.
SLACK = 20_000 + _core.TABLE_FINISH_WORK

# position 34 of the wrap bench (wrap_position): without a budget 13 placed, 16 moved, proven
# (a budget that raised the searches' limits or turned their looks off answered 55 moved there, issue 32).


def solve(game: str, table: list[list[int]], hand: list[int], objective: str, options: dict[str, Any],
          work: int, time_ms: int = 0) -> Any:
    return _core.solve_table(game, table, hand, objective, options, time_ms, "exact", work)


def answer(r: Any) -> tuple[Any, ...]:
    """Everything an answer says, its work included."""
    return ([[list(p) for p in m.pairs] for m in r.table], list(r.placed), list(r.taken), r.moved, r.optimal,
            r.moved_optimal, r.budget_cut, r.work)


def value(r: Any, objective: str) -> int:
    return {"cards": len(r.placed), "points": r.placed_points, "net": len(r.placed) - len(r.taken)}[objective]


def check_cut(game: str, table: list[list[int]], hand: list[int], objective: str, options: dict[str, Any],
              budget: int) -> Any:
    cut = solve(game, table, hand, objective, options, budget)
    check_valid(game, table, hand, cut, options)
    assert cut.budget_cut or (cut.optimal and cut.moved_optimal), (budget, cut.work)
    assert cut.work <= budget + SLACK, (budget, cut.work)
    own = own_melds_count(game, hand, **options) if objective == "cards" else None
    cap = int(options.get("max_hand_cards_per_turn", 0)) or len(hand)
    assert own is None or len(cut.placed) >= min(own, cap), (budget, own, list(cut.placed))
    return cut


def test_a_budget_at_least_the_searchs_work_changes_nothing_on_the_wrap_position() -> None:
    free = solve("romme", TABLE, HAND, "cards", WRAP, 0)
    assert (len(free.placed), free.moved, free.optimal, free.moved_optimal, free.budget_cut) == (13, 16, True, True,
                                                                                                  False)
    for budget in (free.work, free.work + 1, 2 * free.work, 10**12):
        assert answer(solve("romme", TABLE, HAND, "cards", WRAP, budget)) == answer(free), budget
    # a deadline far away changes nothing either (but the work counted: under a deadline every check charges
    # the work done since the last, where without one the last thousand or so units of a search may go uncharged)
    timed = solve("romme", TABLE, HAND, "cards", WRAP, 0, 3_600_000)
    assert answer(timed)[:-1] == answer(free)[:-1] and abs(timed.work - free.work) < 20_000


def test_a_cut_wrap_search_says_so_and_answers_validly() -> None:
    free = solve("romme", TABLE, HAND, "cards", WRAP, 0)
    for budget in (20_000, 100_000, free.work // 2, free.work - 2_000):
        cut = check_cut("romme", TABLE, HAND, "cards", WRAP, budget)
        # (just below the search's work the budget may cut only the answer's finish, which runs on its own
        # reserve after the proof: the answer is then the search's without a budget, proven both ways)
        finished = budget > free.work - 20_000 and answer(cut)[:-1] == answer(free)[:-1]
        assert finished or (cut.budget_cut and not cut.moved_optimal), budget
        assert len(cut.placed) <= len(free.placed)


@contextmanager
def one_thread() -> Iterator[None]:
    """No second thread: the Rummy search without a budget races its mirror image (its winner picks among
    equally good answers, its work varies), which a work budget never does."""
    old = os.environ.get("ROMME_THREADS")
    os.environ["ROMME_THREADS"] = "1"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("ROMME_THREADS", None)
        else:
            os.environ["ROMME_THREADS"] = old


GAMES = [
    ("romme", {"rauber": 1, "wrap_around": 1}, ["cards", "points"]),
    ("romme", {"rauber": 1}, ["cards", "points"]),
    ("romme", {"rauber": 1, "no_double_joker": 1}, ["cards"]),
    ("romme", {"rauber": 1, "rauber_table_to_hand": 1, "wrap_around": 1}, ["net"]),
    ("rummy", {"max_hand_cards_per_turn": 12}, ["points", "cards"]),
]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_budget_only_cuts(data: st.DataObject) -> None:
    game, options, objectives = data.draw(st.sampled_from(GAMES))
    objective = data.draw(st.sampled_from(objectives))
    table, hand = data.draw(positions(max_melds=10, max_hand=10, max_cards=36, window=13, game=game, jokers=2))
    table = [list(m) for m in table]
    with one_thread():
        free = solve(game, table, hand, objective, options, 0)
        for budget in (free.work, 2 * free.work):
            got = solve(game, table, hand, objective, options, max(budget, 1))
            assert answer(got) == answer(free), (table, hand, budget)
        for budget in (free.work // 2, free.work // 8):
            if budget > 0:
                cut = check_cut(game, table, hand, objective, options, budget)
                if free.optimal:
                    assert value(cut, objective) <= value(free, objective)
