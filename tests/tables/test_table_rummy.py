"""Rummy table search: brute-force oracle, certificates and edge cases."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_table import best, best_moved
from table_checks import check_certificate
from table_strategies import positions

from romme import SolverError, solve_table


@settings(max_examples=150)
@given(positions(), st.sampled_from([None, 1, 2, 3]))
def test_rummy_cards_match_oracle(pos: tuple[list[list[int]], list[int]], cap: int | None) -> None:
    table, hand = pos
    sol = solve_table("rummy", table, hand, max_hand_cards_per_turn=cap or 0)
    assert sol.optimal
    check_certificate("rummy", table, hand, sol, cap)
    assert sol.placed_count == best("rummy", table, hand, "cards", cap)
    if cap is None:  # the fewest moved table cards: exact where claimed, else never below the oracle's
        top, fewest = best_moved("rummy", table, hand, "cards")
        assert sol.placed_count == top
        assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest


@settings(max_examples=60)
@given(positions(max_hand=4, max_cards=10), st.sampled_from([None, 2]))
def test_rummy_points_match_oracle(pos: tuple[list[list[int]], list[int]], cap: int | None) -> None:
    table, hand = pos
    sol = solve_table("rummy", table, hand, objective="points", max_hand_cards_per_turn=cap or 0)
    check_certificate("rummy", table, hand, sol, cap)
    assert sol.placed_points == best("rummy", table, hand, "points", cap)


def test_hand_order_does_not_matter() -> None:
    hand = "R4 B9 R5 * G9 Y9"
    a = solve_table("rummy", "R1 R2 R3 | B5 Y5 G5", hand)
    b = solve_table("rummy", "B5 Y5 G5 | R1 R2 R3", list(reversed(hand.split())))
    assert a.placed_count == b.placed_count == 6


def n(table: str, hand: str, **kw: object) -> int:
    return solve_table("rummy", table, hand, **kw).placed_count


def test_jokers_at_run_ends_and_in_sets() -> None:
    assert n("B5 B6 B7", "*") == 1
    assert n("R12 R13 *", "R11") == 1
    assert n("", "R12 R13 * *") == 4
    assert n("B5 R5 G5", "*") == 1            # joker as the fourth card of a set
    assert n("B5 R5 G5 Y5", "*") == 0         # a set of four is full, and G5 Y5 alone is no meld
    sol = solve_table("rummy", "B5 R5 G5", "*")
    assert [len(m.cards) for m in sol.table] == [4] and sol.moved == 0


def test_non_contiguous_counts_and_cap() -> None:
    # the hand fits 0, 2 or 3 cards, never exactly 1
    assert n("B5 B6 B7 *", "R9 G9 Y9", max_hand_cards_per_turn=0) == 3
    assert n("B5 B6 B7 *", "R9 G9 Y9", max_hand_cards_per_turn=2) == 2
    assert n("B5 B6 B7 *", "R9 G9 Y9", max_hand_cards_per_turn=1) == 0
    # the default cap of 12
    full = " ".join(f"B{i}" for i in range(1, 14)) + " *"
    assert n("", full) == 12
    assert n("", full, max_hand_cards_per_turn=0) == 14


def test_duplicates_and_no_wrap() -> None:
    assert n("B5 R5 G5", "B5") == 0               # two B5 can never share a set
    assert n("B1 B2 B3", "B13") == 0              # no wrap
    assert n("B12 B13 *", "B1") == 0


def test_split_long_run_and_break_sets() -> None:
    # B6 B7 from the hand fit only by splitting B3..B8 into B3 B4 B5 B6 and B6 B7 B8 ...
    sol = solve_table("rummy", "B3 B4 B5 B6 B7 B8", "B6 B7 B9")
    assert sol.placed_count == 3
    # the hand fits only after breaking up sets: R7 and Y7 need the 7s of two sets
    sol = solve_table("rummy", "B7 R7 G7 | B8 R8 G8 | B9 R9 G9", "B10 R10 G10 B6")
    assert sol.placed_count == 4
    assert sol.moved == 9


def test_moved_is_zero_for_lay_offs() -> None:
    sol = solve_table("rummy", "R1 R2 R3 | B5 Y5 G5", "R4 R5 R5")
    assert sol.placed_count == 3 and sol.moved == 0
    assert sorted(len(m.cards) for m in sol.table) == [4, 5]


def test_invalid_table_is_a_clear_error() -> None:
    with pytest.raises(SolverError, match="table meld 2"):
        solve_table("rummy", "R1 R2 R3 | B5 B6", "R4")
    with pytest.raises(SolverError, match="table meld 1"):
        solve_table("rummy", "B5 B5 R5", "")
    with pytest.raises(Exception, match="copies"):
        solve_table("rummy", "* * R3 | R3 R4 *", "")


def test_time_budget_and_result_shape() -> None:
    sol = solve_table("rummy", "R1 R2 R3", "R4", time_budget=5.0)
    assert sol.optimal and sol.to_json()["placed"] == ["R4"]
    assert sol.to_json()["melds"] == [["R1", "R2", "R3", "R4"]]
