"""Räuber-Rommé with ``wrap_around``, searched on the cycle of ranks
(docs/SEARCH-DESIGN.md §4.10): positions whose runs cross K-A-2 often, in
one or two suits, with hands that close rows round the whole cycle (runs of
up to thirteen cards, runs glued across the cut, walks round the cycle split
in two). Every objective's optimum against the integer program, and the
fewest moved wherever the search claims it; the brute-force oracle on the
smaller ones, with every tie-break."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from oracle_table import JOKER, best_moved, is_meld
from oracle_table_ilp import best
from table_checks import check_answer
from table_strategies import code, hand_from_pool, lay

from romme import solve_table

Position = tuple[list[list[int]], list[int]]
WRAP = {"wrap_around": True}
NDJ = {"wrap_around": True, "no_double_joker": True}


@st.composite
def cycle_positions(draw: st.DrawFn, max_table: int = 24, max_hand: int = 8) -> Position:
    """Runs of one or two suits starting anywhere on the cycle (most of them
    across K-A-2), a set now and then, up to two jokers; a hand of the cards
    left in those suits (any rank, so a row may close round the cycle)."""
    left: Counter[int] = Counter({c: 2 for c in range(52)})
    left[JOKER] = 2
    suits = draw(st.sampled_from([[0], [0, 1], [0, 1], [1, 2]]))
    table: list[list[int]] = []
    total = 0
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.integers(0, 5)) > 0:
            s = draw(st.sampled_from(suits))
            start = draw(st.one_of(st.integers(9, 12), st.integers(0, 12)))
            cards = [code(s, (start + i) % 13 + 1) for i in range(draw(st.integers(3, 7)))]
        else:
            r = draw(st.sampled_from([12, 13, 1, 2]))
            cards = [code(c, r) for c in draw(st.lists(st.sampled_from(range(4)), min_size=3, max_size=4,
                                                       unique=True))]
        if draw(st.integers(0, 4)) == 0:
            cards[draw(st.integers(0, len(cards) - 1))] = JOKER
        if is_meld("romme", cards, wrap_around=True):
            total = lay(left, table, cards, total, max_table)
    pool = [code(s, r) for s in suits for r in range(1, 14)] + [JOKER]
    return table, hand_from_pool(draw, left, pool, max_hand)


def objective_value(objective: str, sol: Any) -> int:
    return {"cards": sol.placed_count, "points": sol.placed_points, "net": sol.shed_net}[objective]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cycle_positions(), st.sampled_from(["cards", "points"]))
def test_cycle_matches_the_integer_program(pos: Position, objective: str) -> None:
    table, hand = pos
    opts = {"rauber": True, **WRAP}
    sol = solve_table("romme", table, hand, objective=objective, **opts)
    check_answer(table, hand, sol, opts)
    top, kept = best(table, hand, objective, 0, "romme", wrap_around=True)
    assert objective_value(objective, sol) == top if sol.optimal else objective_value(objective, sol) <= top
    fewest = sum(len(m) for m in table) - kept
    if sol.optimal and sol.moved_optimal:
        assert sol.moved == fewest
    elif objective_value(objective, sol) == top:
        assert sol.moved >= fewest


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cycle_positions(max_table=11, max_hand=5), st.sampled_from(["cards", "points", "net"]),
       st.sampled_from(["exact", "fast", "none"]))
def test_cycle_matches_the_brute_force_oracle(pos: Position, objective: str, tie_break: str) -> None:
    table, hand = pos
    net = objective == "net"
    opts = {"rauber": True, **WRAP, **({"rauber_table_to_hand": True} if net else {})}
    sol = solve_table("romme", table, hand, objective=objective, tie_break=tie_break, **opts)
    check_answer(table, hand, sol, opts)
    assert sol.optimal
    top, fewest = best_moved("romme", table, hand, objective, table_optional=net, wrap_around=True)
    assert objective_value(objective, sol) == top
    assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cycle_positions(max_table=11, max_hand=5), st.sampled_from(["cards", "points", "net"]),
       st.sampled_from(["exact", "fast", "none"]))
def test_cycle_under_no_double_joker_matches_the_brute_force_oracle(pos: Position, objective: str,
                                                                   tie_break: str) -> None:
    """``wrap_around`` and ``no_double_joker`` together, both jokers in play (the hand takes those the table
    lacks), so that the option bites: the sweep on the cycle searches under ``wrap_around`` alone and its
    answer stands only where every meld obeys the option; the optimum and the fewest moved where claimed
    are the brute-force oracle's under both options."""
    table, hand = pos
    hand = hand + [JOKER] * (2 - sum(m.count(JOKER) for m in table) - hand.count(JOKER))
    net = objective == "net"
    opts = {"rauber": True, **NDJ, **({"rauber_table_to_hand": True} if net else {})}
    sol = solve_table("romme", table, hand, objective=objective, tie_break=tie_break, **opts)
    check_answer(table, hand, sol, opts)
    assert sol.optimal
    top, fewest = best_moved("romme", table, hand, objective, table_optional=net, **NDJ)
    assert objective_value(objective, sol) == top
    assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest


def test_two_rows_closed_round_the_cycle() -> None:
    """Both decks' hearts on the table less the 9 and the queen, in four runs
    (two across K-A-2); the 9 and the queen in the hand close each row into a
    run of all thirteen: both placed, nothing moved."""
    def hearts(first: int, length: int) -> list[int]:
        return [code(0, (first - 1 + i) % 13 + 1) for i in range(length)]

    table = [hearts(3, 6), hearts(10, 6), hearts(5, 7), hearts(13, 5)]
    hand = [code(0, 9), code(0, 12)]
    sol = solve_table("romme", table, hand, rauber=True, wrap_around=True)
    check_answer(table, hand, sol, {"rauber": True, **WRAP})
    assert (sol.placed_count, sol.moved, sol.optimal, sol.moved_optimal) == (2, 0, True, True)
    assert sorted(len(m.cards) for m in sol.table) == [13, 13]


def test_a_card_only_a_run_across_the_cut_takes() -> None:
    """9d 10d Jd Qd on the table and 8d in the hand, where the sweep on the
    cycle cuts between 8 and 9 (no table run crosses there; the other melds
    leave it the fewest crossing runs): 8d goes before 9d, as without
    `wrap_around`. The cycle once dropped 8d as fitting no run and proved 5
    cards placed."""
    table = [[27, 28, 29, 30], [21, 22, 23, 24], [0, 26, 39], [42, 43, 44], [3, 4, 5, JOKER]]
    hand = [20, 51, 45, 25, 31, 32]
    for objective in ("cards", "points"):
        plain = solve_table("romme", table, hand, objective=objective, rauber=True)
        sol = solve_table("romme", table, hand, objective=objective, rauber=True, wrap_around=True)
        check_answer(table, hand, sol, {"rauber": True, **WRAP})
        assert sol.optimal and sol.placed_count == plain.placed_count == 6


@st.composite
def chained_positions(draw: st.DrawFn, max_table: int = 24, max_hand: int = 7) -> Position:
    """Runs of one suit chained round the whole cycle, each starting at the
    rank where the one before ends (the second deck's copy), so that every
    rank boundary is crossed by a table run and the sweep on the cycle must
    cut through one; sometimes a set or a run of another suit beside them, a
    joker now and then outside the chain; a hand of cards of those suits."""
    left: Counter[int] = Counter({c: 2 for c in range(52)})
    left[JOKER] = 2
    suit, other = draw(st.sampled_from([(0, 1), (1, 2), (2, 0)]))
    first = draw(st.integers(1, 13))
    table: list[list[int]] = []
    total, start, crossed = 0, first, 0
    while crossed < 13:
        length = min(draw(st.integers(3, 6)), 13 - crossed + 1)
        length = max(length, 3)
        total = lay(left, table, [code(suit, (start - 1 + i) % 13 + 1) for i in range(length)], total, max_table)
        start += length - 1
        crossed += length - 1
    if draw(st.booleans()):
        r = draw(st.integers(1, 13))
        cards = [code(c, r) for c in draw(st.lists(st.sampled_from(range(4)), min_size=3, max_size=4, unique=True))]
        if draw(st.integers(0, 2)) == 0:
            cards[0] = JOKER
        if is_meld("romme", cards, wrap_around=True):
            total = lay(left, table, cards, total, max_table)
    if draw(st.booleans()):
        r = draw(st.integers(1, 13))
        cards = [code(other, (r - 1 + i) % 13 + 1) for i in range(3)]
        total = lay(left, table, cards, total, max_table)
    pool = [code(s, r) for s in (suit, other) for r in range(1, 14)] + [JOKER]
    return table, hand_from_pool(draw, left, pool, max_hand)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chained_positions(), st.sampled_from(["cards", "points"]))
# (the cut once went through Q K A 2, two cells below it: keep mode missed the run kept whole and claimed 7
# moved, breaking the diamonds A 2 3 for the hand's 2 3; taking 4d from the set moves 4)
@example(pos=([[4, 5, 6, 7], [7, 8, 9, 10, 11], [11, 12, 0, 1], [1, 2, 3, 4], [JOKER, 16, 29, 42], [13, 14, 15]],
              [14, 15]), objective="cards")
def test_runs_round_the_whole_cycle_match_the_integer_program(pos: Position, objective: str) -> None:
    """Where every rank boundary is crossed by a table run, the sweep on the
    cycle cuts through one (its parts kept together or not at all): the
    optimum, and the fewest moved where claimed, are the integer program's."""
    table, hand = pos
    opts = {"rauber": True, **WRAP}
    sol = solve_table("romme", table, hand, objective=objective, **opts)
    check_answer(table, hand, sol, opts)
    top, kept = best(table, hand, objective, 0, "romme", wrap_around=True)
    assert sol.optimal and objective_value(objective, sol) == top
    fewest = sum(len(m) for m in table) - kept
    assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest
