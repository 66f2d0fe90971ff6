"""Räuber-Rommé with ``wrap_around`` against the same position without it:
every arrangement of runs on the line of ranks is also one on the cycle, so
the cycle's proven optimum is never below the line's, and where both are equal
the cycle's fewest moved (exact tie-break) is never above the line's. The
positions are valid without ``wrap_around`` (no run crosses K-A-2), so the
cycle's search must find its own cut among runs that never need one."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle_table import JOKER, is_meld
from table_checks import check_answer
from table_strategies import code, hand_from_pool, lay

from romme import solve_table

Position = tuple[list[list[int]], list[int]]


@st.composite
def line_positions(draw: st.DrawFn, max_table: int = 26, max_hand: int = 8) -> Position:
    """Up to two runs anywhere on the line (ace low or high) in two or four
    suits, a set now and then, up to two jokers; a hand of cards left in those
    suits, often a card just before or after a run. Half the time two runs of
    different suits meet besides: one from the ace to rank c, the other from
    c + 1 (often a joker) to the high ace, so on the cycle the cut between c
    and c + 1 is the only one those two leave free, and the hand's c + 1 or c
    may extend a run only across it."""
    left: Counter[int] = Counter({c: 2 for c in range(52)})
    left[JOKER] = 2
    suits = draw(st.sampled_from([[0, 1], [1, 2], [0, 1, 2, 3]]))
    melds: list[list[int]] = []
    ends: list[int] = []

    def run(s: int, first: int, last: int) -> None:
        melds.append([code(s, r) for r in range(first, last + 1)])
        ends.extend([code(s, first - 1), code(s, last + 1)])

    if draw(st.booleans()):
        low, high = suits[0], suits[1]
        c = draw(st.integers(3, 11))
        run(low, 1, c)
        run(high, c + 1, 14)
        if draw(st.booleans()):
            melds[-1][0] = JOKER
    for s in draw(st.lists(st.sampled_from(suits), max_size=2)):
        first = draw(st.integers(1, 12))
        run(s, first, draw(st.integers(first + 2, min(first + 6, 14))))
    for _ in range(draw(st.integers(0, 1))):
        r = draw(st.integers(1, 13))
        melds.append([code(c, r) for c in draw(st.lists(st.sampled_from(range(4)), min_size=3, max_size=4,
                                                         unique=True))])
    table: list[list[int]] = []
    total = 0
    for cards in melds:
        if draw(st.integers(0, 3)) == 0:
            cards[draw(st.integers(0, len(cards) - 1))] = JOKER
        if is_meld("romme", cards):
            total = lay(left, table, cards, total, max_table)
    pool = [code(s, r) for s in suits for r in range(1, 14)] + [JOKER] + ends * 3
    return table, hand_from_pool(draw, left, pool, max_hand)


def objective_value(objective: str, sol: Any) -> int:
    return {"cards": sol.placed_count, "points": sol.placed_points}[objective]


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line_positions(), st.sampled_from(["cards", "points"]))
def test_the_cycle_never_places_less_than_the_line(pos: Position, objective: str) -> None:
    table, hand = pos
    line = solve_table("romme", table, hand, objective=objective, tie_break="exact", rauber=True)
    cycle_opts = {"rauber": True, "wrap_around": True}
    cycle = solve_table("romme", table, hand, objective=objective, tie_break="exact", **cycle_opts)
    check_answer(table, hand, cycle, cycle_opts)
    assert line.optimal and cycle.optimal
    assert objective_value(objective, cycle) >= objective_value(objective, line)
    if objective_value(objective, cycle) == objective_value(objective, line) and cycle.moved_optimal \
            and line.moved_optimal:
        assert cycle.moved <= line.moved
