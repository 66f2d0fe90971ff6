"""The Räuber table search (Rummy; Rommé with ``rauber``, also with its
variants) against an integer program (``oracle_table_ilp.py``, HiGHS through
scipy) on tables too large for the brute-force oracle: the same best objective,
and the same fewest moved table cards wherever the search claims it proved them
(never fewer elsewhere)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from oracle_table_ilp import best
from table_checks import check_answer, check_certificate
from table_strategies import one_natural_set, positions, two_jokered_runs

from romme import SolverError, solve_table


def check_against_ilp(game: str, table: list[list[int]], hand: list[int], objective: str, cap: int = 0,
                      **variants: bool) -> None:
    """The search's answer is valid; its objective is the program's where it
    claims it optimal (never above), and so is its fewest moved where it claims
    that (never below where it reached the objective)."""
    opts = {"max_hand_cards_per_turn": cap} if game == "rummy" else {"rauber": True, **variants}
    sol = solve_table(game, table, hand, objective=objective, **opts)
    if variants:
        check_answer(table, hand, sol, opts)
    else:
        check_certificate(game, table, hand, sol)
    top, kept = best(table, hand, objective, cap, game, **variants)
    value = sol.placed_count if objective == "cards" else sol.placed_points
    # (the searches of Rommé's variants may stop at their work limit, unproven)
    assert sol.optimal or variants
    assert value == top if sol.optimal else value <= top
    fewest = sum(len(m) for m in table) - kept
    if sol.optimal and sol.moved_optimal:
        assert sol.moved == fewest
    elif value == top:
        assert sol.moved >= fewest


# (tables of up to 30 cards over all thirteen numbers, hands of up to 8: the
# brute-force oracle stops near 13 table cards; up to two jokers anywhere)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_melds=9, max_hand=8, max_cards=30, window=13, jokers=2),
       st.sampled_from(["cards", "points"]), st.sampled_from([0, 4]))
def test_rummy_matches_the_integer_program(pos: tuple[list[list[int]], list[int]], objective: str, cap: int) -> None:
    check_against_ilp("rummy", *pos, objective, cap)


# (both jokers in runs of one colour: no carrier tells them apart; the search tries the cases)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_jokered_runs(), st.sampled_from(["cards", "points"]), st.sampled_from([0, 4]))
def test_two_jokered_runs_of_one_colour_match_the_integer_program(pos: tuple[list[list[int]], list[int]],
                                                                  objective: str, cap: int) -> None:
    check_against_ilp("rummy", *pos, objective, cap)


# (one natural and both jokers: it stays whole as a set or as a run; the search tries both)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(one_natural_set(), st.sampled_from(["cards", "points"]), st.sampled_from([0, 4]))
def test_one_natural_and_two_jokers_match_the_integer_program(pos: tuple[list[list[int]], list[int]],
                                                              objective: str, cap: int) -> None:
    check_against_ilp("rummy", *pos, objective, cap)


# (points under a binding per-turn cap: more hand cards than the cap, so the best points and the
# fewest moved come from the search that keeps to the cap, not from the uncapped optimum)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_melds=9, max_hand=10, max_cards=30, window=13, jokers=2), st.sampled_from([2, 3, 5]))
def test_rummy_points_under_a_binding_cap_match_the_integer_program(pos: tuple[list[list[int]], list[int]],
                                                                    cap: int) -> None:
    table, hand = pos
    assume(len(hand) > cap)
    check_against_ilp("rummy", table, hand, "points", cap)


# (Räuber-Rommé: the ace low or high, up to six jokers)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(game="romme", max_melds=8, max_hand=7, max_cards=26, window=13, jokers=4),
       st.sampled_from(["cards", "points"]))
def test_romme_matches_the_integer_program(pos: tuple[list[list[int]], list[int]], objective: str) -> None:
    check_against_ilp("romme", *pos, objective)


# (Rommé's variants, searched apart from the sweep: K-A-2 runs; two naturals a meld)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(game="romme", max_melds=7, max_hand=6, max_cards=24, window=13, jokers=4),
       st.sampled_from(["cards", "points"]),
       st.sampled_from([{"wrap_around": True}, {"no_double_joker": True},
                        {"wrap_around": True, "no_double_joker": True}]))
def test_romme_variants_match_the_integer_program(pos: tuple[list[list[int]], list[int]], objective: str,
                                                  variants: dict[str, bool]) -> None:
    table, hand = pos
    try:
        check_against_ilp("romme", table, hand, objective, **variants)
    except SolverError as e:
        # (a table the variant forbids: one natural and two jokers)
        assume("is not a valid" not in str(e))
        raise


@pytest.mark.slow  # (the integer program takes ~30 s on this position; the search ~0.1 s)
def test_a_dealt_60_card_table() -> None:
    """One of the benchmark's hard 60-card positions (two jokers in runs, 18 hand
    cards all placed): 18 table cards must move."""
    table = [[28, 15, 41], [39, 40, 41, 42, 43], [48, 49, 50, 51], [31, 32, 33], [37, 52, 50],
             [43, 44, 45, 46], [13, 26, 39], [45, 6, 32], [36, 10, 49, 23], [40, 1, 27, 14], [20, 21, 22, 23],
             [20, 21, 22], [14, 15, 16], [34, 35, 36, 37, 38], [0, 1, 2, 3], [2, 3, 4, 5], [4, 17, 30]]
    hand = [19, 18, 12, 18, 8, 16, 29, 0, 8, 46, 44, 27, 13, 17, 47, 7, 25, 52]
    check_against_ilp("rummy", table, hand, "cards")
