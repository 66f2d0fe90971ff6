"""The fewest-moved tie-break of the Rummy / Räuber-Rommé table search.

The keep-mode sweep (``search/keep.rs``) decides for every old meld whether it
stays whole; a kept run with jokers re-reads them (its jokers are private jokers
of its suit). Every answer claiming ``moved_optimal`` must match the brute-force
oracle's fewest moved table cards, and on tables whose runs hold no joker (where
nothing can keep the proof from being built) every answer must claim it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_table import JOKER, best_moved
from table_strategies import positions
from test_table_rummy import check_certificate

from romme import SolverError, solve_table
from romme.rng import Rng


def lock_model_exact(table: list[list[int]]) -> bool:
    """Every old meld with a joker is a set with at least two naturals (no private jokers)."""
    for meld in table:
        if JOKER in meld:
            naturals = [c for c in meld if c != JOKER]
            if len(naturals) < 2 or len({c % 13 for c in naturals}) != 1:
                return False
    return True


def check_fewest_moved(game: str, table: list[list[int]], hand: list[int], objective: str, **opts: bool) -> None:
    sol = solve_table(game, table, hand, objective=objective, **opts)
    check_certificate(game, table, hand, sol)
    top, fewest = best_moved(game, table, hand, objective, table_optional=objective == "net")
    assert sol.optimal
    value = {"cards": sol.placed_count, "points": sol.placed_points, "net": sol.shed_net}[objective]
    assert value == top
    if lock_model_exact(table):
        assert sol.moved_optimal, "the keep-mode sweep should prove the fewest moved"
    if sol.moved_optimal:
        assert sol.moved == fewest
    else:
        assert sol.moved >= fewest


@settings(max_examples=200)
@given(positions(max_melds=4, max_cards=13), st.sampled_from(["cards", "points"]))
def test_rummy_fewest_moved(pos: tuple[list[list[int]], list[int]], objective: str) -> None:
    check_fewest_moved("rummy", *pos, objective)


@settings(max_examples=150)
@given(positions(game="romme", jokers=3, max_melds=4, max_cards=12), st.sampled_from(["cards", "points", "net"]))
def test_romme_fewest_moved(pos: tuple[list[list[int]], list[int]], objective: str) -> None:
    opts = {"rauber": True, "rauber_table_to_hand": objective == "net"}
    check_fewest_moved("romme", *pos, objective, **opts)


def test_break_the_smaller_run() -> None:
    # G5 Y5 need a third 5: B5 from B5..B8 (4 cards move, B6 B7 B8 stay a run) or R5
    # from R5..R9 (5 cards move); both place two cards, the first moves fewer
    sol = solve_table("rummy", "B5 B6 B7 B8 | R5 R6 R7 R8 R9", "G5 Y5")
    assert sol.placed_count == 2 and sol.moved == 4 and sol.moved_optimal
    sol = solve_table("rummy", "B5 B6 B7 B8 B9 | R5 R6 R7 R8", "G5 Y5")
    assert sol.placed_count == 2 and sol.moved == 4 and sol.moved_optimal
    # a lay-off moves nothing
    sol = solve_table("rummy", "R3 R4 R5 R6 R7 R8 | B7 G7 Y7", "R7")
    assert sol.moved == 0 and sol.moved_optimal


def random_position(rng: Rng, table_cards: int, hand_cards: int) -> tuple[list[list[int]], list[int]]:
    """Random Rummy runs and sets (≈ table_cards cards, no jokers) and a hand from the rest."""
    left = {c: 2 for c in range(52)}
    table: list[list[int]] = []
    while sum(map(len, table)) < table_cards:
        if rng.below(2):
            colour, length = rng.below(4), 3 + rng.below(3)
            start = rng.below(14 - length)
            meld = [colour * 13 + n for n in range(start, start + length)]
        else:
            number = rng.below(13)
            meld = [c * 13 + number for c in range(4) if rng.below(4)]
        if len(meld) >= 3 and all(left[c] for c in meld):
            for c in meld:
                left[c] -= 1
            table.append(meld)
    rest = [c for c, k in left.items() for _ in range(k)]
    rng.shuffle(rest)
    return table, rest[:hand_cards]


def test_exact_never_moves_more_than_fast() -> None:
    rng = Rng("tie-break")
    fewer = 0
    for _ in range(25):
        table, hand = random_position(rng, 30, 15)
        exact = solve_table("rummy", table, hand, max_hand_cards_per_turn=0)
        fast = solve_table("rummy", table, hand, max_hand_cards_per_turn=0, tie_break="fast")
        check_certificate("rummy", table, hand, exact)
        assert exact.placed_count == fast.placed_count
        assert exact.moved_optimal  # joker-free tables: the lock model is the truth
        assert exact.moved <= fast.moved
        assert not fast.moved_optimal or fast.moved == exact.moved
        fewer += exact.moved < fast.moved
    assert fewer > 0  # the greedy search is not always right


def test_time_budget_lifts_the_keep_work_limit() -> None:
    # a 60-card bench position whose proof needs a little more than the default work limit
    table = [[28, 15, 41], [39, 40, 41, 42, 43], [48, 49, 50, 51], [31, 32, 33], [37, 52, 50], [43, 44, 45, 46],
             [13, 26, 39], [45, 6, 32], [36, 10, 49, 23], [40, 1, 27, 14], [20, 21, 22, 23], [20, 21, 22],
             [14, 15, 16], [34, 35, 36, 37, 38], [0, 1, 2, 3], [2, 3, 4, 5], [4, 17, 30]]
    hand = [19, 18, 12, 18, 8, 16, 29, 0, 8, 46, 44, 27, 13, 17, 47, 7, 25, 52]
    cut = solve_table("rummy", table, hand, max_hand_cards_per_turn=0)
    full = solve_table("rummy", table, hand, max_hand_cards_per_turn=0, time_budget=20)
    for sol in (cut, full):
        check_certificate("rummy", table, hand, sol)
    assert cut.optimal and full.optimal and cut.placed_count == full.placed_count == 18
    assert full.moved_optimal and full.moved == 18 <= cut.moved
    # without a budget the work limit cuts the proof: the answer is the best solution the keep
    # search reached (21 when this was written; the greedy search's moves 54)
    assert cut.moved < 30


def test_private_jokers_that_cannot_go_back_get_a_second_search() -> None:
    # the keep search's best lays a kept run's joker in another run of its suit; keeping the
    # runs' jokers where they lie reaches the same count of kept cards, which proves it
    table = [[41, 42, 43, 44], [18, 19, 20, 21, 22], [48, 49, 50], [27, 28, 29], [7, 46, 33], [27, 28, 29, 30],
             [36, 49, 10], [41, 42, 43, 44], [51, 12, 38, 25], [31, 32, 33, 34], [0, 1, 2], [19, 20, 21, 22, 52]]
    hand = [13, 31, 5, 9, 23, 47, 2, 39, 26, 0, 24, 35, 11, 45, 32, 3, 52]
    sol = solve_table("rummy", table, hand, max_hand_cards_per_turn=0)
    check_certificate("rummy", table, hand, sol)
    assert (sol.placed_count, sol.moved, sol.moved_optimal) == (17, 3, True)


def test_unknown_tie_break_is_an_error() -> None:
    with pytest.raises(SolverError, match="unknown tie_break 'best'"):
        solve_table("rummy", "R1 R2 R3", "R4", tie_break="best")


def test_kept_runs_reread_their_jokers() -> None:
    # R1 joins R3 R4 R5 * as R1 *=R2 R3 R4 R5: the run keeps its joker, nothing of it moves;
    # B1 B3 take the B2 of the set of 2s, whose rest (R2 Y2 *) stays a set: 4 cards move
    sol = solve_table("rummy", [[1, 52, 14, 40], [0, 1, 2], [15, 16, 17, 52]], [0, 2, 13])
    assert (sol.placed_count, sol.moved, sol.moved_optimal) == (3, 4, True)
    # Rommé, ace high: Qc goes before one of the two "* Kc Ac" (its joker re-read as Jc)
    sol = solve_table("romme", [[52, 12, 0], [52, 12, 0]], [11], rauber=True)
    assert (sol.placed_count, sol.moved, sol.moved_optimal) == (1, 0, True)
    # lazy jokers would leave the freed joker nowhere to go (both sets are full): the exact
    # joker search decides that everything moves
    sol = solve_table("rummy", [[52, 2, 28, 41], [3, 16, 29, 42]], [15])
    assert (sol.placed_count, sol.moved, sol.moved_optimal) == (1, 8, True)
