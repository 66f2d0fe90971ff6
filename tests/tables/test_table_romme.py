"""Räuber-Rommé table search: oracle comparisons (ace low/high, up to 3 jokers)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from oracle_table import best, best_moved
from table_checks import check_certificate
from table_strategies import positions

from romme import SolverError, solve_table

RAUBER = {"rauber": True}


@settings(max_examples=120)
@given(positions(game="romme", jokers=3, max_cards=11))
def test_romme_cards_match_oracle(pos: tuple[list[list[int]], list[int]]) -> None:
    table, hand = pos
    sol = solve_table("romme", table, hand, **RAUBER)
    assert sol.optimal
    check_certificate("romme", table, hand, sol)
    assert sol.placed_count == best("romme", table, hand, "cards")


@settings(max_examples=60)
@given(positions(game="romme", jokers=6, max_cards=9, max_hand=5))
def test_romme_many_jokers_match_oracle(pos: tuple[list[list[int]], list[int]]) -> None:
    table, hand = pos
    sol = solve_table("romme", table, hand, **RAUBER)
    check_certificate("romme", table, hand, sol)
    assert sol.placed_count == best("romme", table, hand, "cards")


def test_long_joker_runs() -> None:
    # four jokers before a king: 9 10 J Q = jokers
    sol = solve_table("romme", [["*", "*", "*", "*", "Ks"]], ["Ah"], **RAUBER)
    assert sol.placed_count == 1  # Ah after the king: 9..Q as jokers, K, A high
    assert n("", "* * * Ks") == 4


def test_no_run_holds_both_aces() -> None:
    # 2d..Kd Ad takes no Ad (or joker) below it: 14 cards; lay-offs only move nothing
    for hand in ("Ad", "*"):
        sol = solve_table("romme", "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad", hand)
        assert (sol.placed_count, sol.moved, sol.moved_optimal) == (0, 0, True)
    # with Räuber the run may split for it, every meld valid
    table = "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad | 2c 2h 2s"
    sol = solve_table("romme", table, "* Ad", **RAUBER)
    assert sol.placed_count == 2 and all(len(m.cards) <= 13 for m in sol.table)


@settings(max_examples=50)
@given(positions(game="romme", jokers=2, max_cards=10))
def test_romme_points_match_oracle(pos: tuple[list[list[int]], list[int]]) -> None:
    table, hand = pos
    sol = solve_table("romme", table, hand, objective="points", **RAUBER)
    check_certificate("romme", table, hand, sol)
    assert sol.placed_points == best("romme", table, hand, "points")


def test_net_takes_the_cards_answer_where_it_reaches_the_ceiling() -> None:
    # the cards search places all but one hand card and proves the whole hand out of reach:
    # net sheds at most the hand less one, which that answer reaches, so net searches no
    # objective of its own (it did: 4,705 work where cards took 1,967), only the fewest moved
    table = [[4, 5, 6], [7, 8, 9, 10, 11], [14, 15, 16, 17], [28, 15, 41, 2], [33, 7, 20, 46], [52, 52, 6]]
    hand = [22, 32, 43, 11, 48, 19]
    cards = solve_table("romme", table, hand, objective="cards", tie_break="none", **RAUBER)
    assert cards.optimal and len(cards.placed) == len(hand) - 1
    net = solve_table("romme", table, hand, objective="net", tie_break="none", rauber_table_to_hand=True, **RAUBER)
    assert net.optimal and net.shed_net == len(hand) - 1
    assert net.work == cards.work
    exact = solve_table("romme", table, hand, objective="net", rauber_table_to_hand=True, **RAUBER)
    check_certificate("romme", table, hand, exact)
    assert exact.shed_net == len(hand) - 1 and exact.moved == 6 and exact.moved_optimal


def test_points_fewest_moved_proven_by_the_mirror_image() -> None:
    # a 60-card position of the variants bench (plain, points, seed 1, number 234) whose own keep
    # search ends at its work limit with 20 moved, unproven; its mirror image (2 <-> K, the cards
    # scoring their own values) proves 18 moved, with the same points placed
    table = [[33, 20, 46, 7], [2, 28, 15, 41], [45, 6, 32, 19], [20, 46, 33], [18, 44, 31], [18, 52, 31, 44],
             [40, 27, 14], [6, 7, 8, 9, 10], [43, 30, 17], [41, 15, 2, 28], [11, 24, 37], [47, 48, 49, 50],
             [19, 32, 45], [11, 50, 24, 37], [16, 42, 3], [3, 4, 5], [26, 0, 13]]
    hand = [9, 39, 34, 42, 14, 16, 25, 12, 21, 17, 12, 43, 52]
    sol = solve_table("romme", table, hand, objective="points", **RAUBER)
    check_certificate("romme", table, hand, sol)
    assert sol.optimal and sol.moved_optimal
    assert (sol.placed_points, sol.moved) == (109, 18)


@settings(max_examples=60)
@given(positions(game="romme", jokers=2, max_cards=9, max_hand=3))
def test_romme_shed_net_matches_oracle(pos: tuple[list[list[int]], list[int]]) -> None:
    table, hand = pos
    sol = solve_table("romme", table, hand, objective="net", rauber=True, rauber_table_to_hand=True)
    check_certificate("romme", table, hand, sol)
    assert sol.shed_net == best("romme", table, hand, "net", table_optional=True)
    assert sol.shed_net >= 0  # keeping the table as it is sheds 0


# (hands of up to three: about one position in twelve has its cards answer at the ceiling)
@settings(max_examples=100, deadline=None)
@given(positions(game="romme", jokers=2, max_cards=9, max_hand=3))
def test_romme_net_fewest_moved_matches_oracle(pos: tuple[list[list[int]], list[int]]) -> None:
    """The exact tie-break's fewest moved for net, also where net takes the cards answer
    (the whole hand out of reach: its keep search then starts without the first solve's memo)."""
    table, hand = pos
    sol = solve_table("romme", table, hand, objective="net", rauber=True, rauber_table_to_hand=True)
    check_certificate("romme", table, hand, sol)
    top, fewest = best_moved("romme", table, hand, "net", table_optional=True)
    assert sol.optimal and sol.shed_net == top
    assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest


@pytest.mark.parametrize("objective", ["cards", "points"])
@settings(max_examples=60)
@given(positions(game="romme", jokers=2, max_cards=10))
def test_without_rauber_nothing_moves(objective: str, pos: tuple[list[list[int]], list[int]]) -> None:
    """(points once answered by the cards search with the table rearranged where the whole hand fits so)"""
    table, hand = pos
    sol = solve_table("romme", table, hand, objective=objective)
    check_certificate("romme", table, hand, sol)
    assert sol.moved == 0
    assert sol.placed_count <= best("romme", table, hand, "cards")


def n(table: str, hand: str, **kw: object) -> int:
    return solve_table("romme", table, hand, **{**RAUBER, **kw}).placed_count


def test_ace_low_and_high() -> None:
    assert n("Qh Kh Ah", "Jh") == 1
    assert n("Ah 2h 3h", "4h") == 1
    assert n("Qh Kh Ah", "2h") == 0           # no K-A-2 without wrap_around
    assert n("", "Qh Kh Ah 2h 3h") == 5 - 2   # Q K A, and 2 3 cannot form a run alone
    assert n("Ac Ad As", "Ah") == 1           # a set of aces


def test_lay_off_only_without_rauber() -> None:
    sol = solve_table("romme", "7c 7d 7h | 4s 5s 6s", "7s 8s")
    # 7s can join the set or the run, 8s needs the run to end at 7s
    assert sol.placed_count == 2 and sol.moved == 0
    assert solve_table("romme", "7c 7d 7h | 8c 9c 10c", "Jc 7s", rauber=False).placed_count == 2
    assert solve_table("romme", "7c 7d 7h 7s | 8c 9c 10c", "6c", rauber=False).placed_count == 0
    assert solve_table("romme", "7c 7d 7h 7s | 8c 9c 10c", "6c", rauber=True).placed_count == 1


def test_romme_options_checked() -> None:
    # wrap_around and no_double_joker are supported (tests/tables/test_table_romme_variants.py)
    assert solve_table("romme", "", "Kh Ah 2h", rauber=True, wrap_around=True).placed_count == 3
    with pytest.raises(SolverError, match="net"):
        solve_table("romme", "", "Ah 2h 3h", objective="net", rauber=True, no_double_joker=True)
    with pytest.raises(SolverError, match="not a valid romme meld"):
        solve_table("romme", "Kh * *", "", rauber=True, no_double_joker=True)
    with pytest.raises(SolverError, match="net"):
        solve_table("romme", "", "Ah 2h 3h", objective="net", rauber=True)
    with pytest.raises(SolverError, match="not a valid romme meld"):
        solve_table("romme", "Kh Ah 2h", "", rauber=True)
