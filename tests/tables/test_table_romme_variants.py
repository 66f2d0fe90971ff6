"""Räuber-Rommé table search with ``wrap_around`` and ``no_double_joker``:
oracle comparisons (optimum and fewest moved cards) and edge cases."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_table import JOKER, best_moved, is_meld
from table_checks import check_answer, meld_opts
from table_strategies import code, draw_hand

from romme import _core, solve_table
from romme.cli import main
from romme.table import TableSolution

Position = tuple[list[list[int]], list[int]]
VARIANTS = [{"wrap_around": True}, {"no_double_joker": True}, {"wrap_around": True, "no_double_joker": True}]


def oracle(table: list[list[int]], hand: list[int], objective: str, opts: dict[str, Any],
           table_optional: bool = False, rearrange: bool = True) -> tuple[int, int]:
    """:func:`oracle_table.best_moved` under the options."""
    return best_moved("romme", table, hand, objective, table_optional=table_optional, rearrange=rearrange,
                      wrap_around=bool(opts.get("wrap_around")), no_double_joker=bool(opts.get("no_double_joker")))


@st.composite
def variant_positions(draw: st.DrawFn, opts: dict[str, Any], max_cards: int = 12,
                      max_hand: int = 6) -> Position:
    """A valid table under ``opts`` (runs may wrap K-A-2, melds with up to two
    jokers) and a hand from the rest of the deck, inside six ranks."""
    left: Counter[int] = Counter({c: 2 for c in range(52)})
    left[JOKER] = 3
    # half of the spans cross the K-A seam (Q K A 2 ...)
    start = draw(st.one_of(st.integers(0, 12), st.integers(9, 12)))
    span = [(start + i) % 13 + 1 for i in range(6)]
    suits = draw(st.sampled_from([[0], [0, 1], [0, 1], [0, 1, 2], [0, 1, 2, 3]]))
    table: list[list[int]] = []
    total = 0
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            s = draw(st.sampled_from(suits))
            length = draw(st.integers(3, 5))
            first = draw(st.integers(0, len(span) - length))
            cards = [code(s, r) for r in span[first:first + length]]
        else:
            r = draw(st.sampled_from(span))
            cols = draw(st.lists(st.sampled_from([0, 1, 2, 3]), min_size=3, max_size=4, unique=True))
            cards = [code(c, r) for c in cols]
        for _ in range(draw(st.sampled_from([0, 0, 1, 1, 2]))):
            cards[draw(st.integers(0, len(cards) - 1))] = JOKER
        need = Counter(cards)
        if not is_meld("romme", cards, **meld_opts(opts)) or total + len(cards) > max_cards:
            continue
        if any(left[c] < k for c, k in need.items()):
            continue
        left -= need
        total += len(cards)
        table.append(cards)
    return table, draw_hand(draw, left, suits, span, total, max_cards, max_hand)


def check(table: list[list[int]], hand: list[int], objective: str, opts: dict[str, Any]) -> TableSolution:
    """Solves and compares the optimum and the fewest moved cards with the oracle."""
    net = objective == "net"
    full = {**opts, "rauber": True, **({"rauber_table_to_hand": True} if net else {})}
    sol = solve_table("romme", table, hand, objective=objective, **full)
    check_answer(table, hand, sol, opts)
    assert sol.optimal
    value = {"cards": sol.placed_count, "points": sol.placed_points, "net": sol.shed_net}[objective]
    top, fewest = oracle(table, hand, objective, opts, table_optional=net)
    assert value == top
    # (positions the options do not touch go to the sweep, whose moved may be unproved)
    assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest
    return sol


@settings(max_examples=250)
@given(st.sampled_from(VARIANTS).flatmap(lambda o: st.tuples(st.just(o), variant_positions(o))))
def test_cards_and_moved_match_oracle(case: tuple[dict[str, Any], Position]) -> None:
    opts, (table, hand) = case
    check(table, hand, "cards", opts)


@settings(max_examples=100)
@given(st.sampled_from(VARIANTS).flatmap(lambda o: st.tuples(st.just(o), variant_positions(o, max_cards=10))))
def test_points_and_moved_match_oracle(case: tuple[dict[str, Any], Position]) -> None:
    opts, (table, hand) = case
    check(table, hand, "points", opts)


@settings(max_examples=100)
@given(st.sampled_from(VARIANTS).flatmap(
    lambda o: st.tuples(st.just(o), variant_positions(o, max_cards=9, max_hand=4))))
def test_shed_net_and_moved_match_oracle(case: tuple[dict[str, Any], Position]) -> None:
    opts, (table, hand) = case
    sol = check(table, hand, "net", opts)
    assert sol.shed_net >= 0


@settings(max_examples=150)
@given(st.sampled_from(VARIANTS).flatmap(lambda o: st.tuples(st.just(o), variant_positions(o))),
       st.sampled_from(["fast", "none"]), st.sampled_from(["cards", "points"]))
def test_quicker_tie_breaks_keep_the_optimum(case: tuple[dict[str, Any], Position], tie_break: str,
                                             objective: str) -> None:
    """``fast`` and ``none`` reach the oracle's optimum; they may move more cards, never fewer."""
    opts, (table, hand) = case
    sol = solve_table("romme", table, hand, objective=objective, tie_break=tie_break, rauber=True, **opts)
    check_answer(table, hand, sol, opts)
    assert sol.optimal
    top, fewest = oracle(table, hand, objective, opts)
    assert (sol.placed_count if objective == "cards" else sol.placed_points) == top
    assert sol.moved == fewest if sol.moved_optimal else sol.moved >= fewest


@settings(max_examples=100)
@given(st.sampled_from(VARIANTS).flatmap(lambda o: st.tuples(st.just(o), variant_positions(o, max_cards=10))))
def test_without_rauber_lay_offs_only(case: tuple[dict[str, Any], Position]) -> None:
    opts, (table, hand) = case
    sol = solve_table("romme", table, hand, **opts)
    check_answer(table, hand, sol, opts)
    whole = oracle(table, hand, "cards", opts, rearrange=False)[0]
    if any(JOKER in m for m in table):
        # a joker swapped out (tests/tables/test_table_romme_swaps.py) may place more, moving its meld
        assert sol.placed_count >= whole
    else:
        assert sol.moved == 0 and sol.optimal and sol.placed_count == whole


def solve(table: str, hand: str, **opts: Any) -> TableSolution:
    sol = solve_table("romme", table, hand, rauber=True, **opts)
    parsed = [[c.code for c in m.cards] for m in sol.table]
    assert all(_core.validate_meld("romme", m, opts) for m in parsed)
    return sol


def test_wrapping_run_extended_on_both_sides() -> None:
    sol = solve("Qh Kh Ah 2h", "Jh 3h", wrap_around=True)
    assert (sol.placed_count, sol.moved) == (2, 0)
    assert [str(c) for c in sol.table[0].cards] == ["Jh", "Qh", "Kh", "Ah", "2h", "3h"]


def test_hand_card_fits_only_by_wrapping() -> None:
    assert solve("Qh Kh Ah", "2h", wrap_around=True).placed_count == 1
    assert solve("Qh Kh Ah", "2h").placed_count == 0
    assert solve("Kh * 2h", "3h", wrap_around=True).placed_count == 1
    sol = solve("", "Kh * 2h", wrap_around=True, joker_declared=True)
    assert [str(c) for c in sol.table[0].stands_for] == ["Kh", "Ah", "2h"]


def test_split_across_the_seam() -> None:
    sol = solve("Jh Qh Kh Ah 2h 3h 4h", "Ac Ad", wrap_around=True)
    assert (sol.placed_count, sol.moved) == (2, 7)
    assert sorted(m.kind for m in sol.table) == ["run", "run", "set"]
    assert solve_table("romme", "Jh Qh Kh Ah 2h 3h 4h", "Ac Ad", wrap_around=True).placed_count == 0


def test_no_double_joker() -> None:
    assert solve("", "5h * *", no_double_joker=True).placed_count == 0
    assert solve("", "5h * * 8h", no_double_joker=True).placed_count == 4
    assert solve("", "5h * *").placed_count == 3
    # the sheet forbids only one natural with two jokers: a set of two naturals and two jokers is a meld
    assert solve("", "5h 5c * *", no_double_joker=True).placed_count == 4
    assert solve("5h 5c *", "*", no_double_joker=True).placed_count == 1
    assert solve("5h * 5c", "*", no_double_joker=True).placed_count == 1
    assert solve("5h 5c *", "*").placed_count == 1


def test_options_pass_through_the_cli() -> None:
    def placed(*options: str) -> int:
        args = ["solve", "romme", "--table", "Qh Kh Ah", "--json", "2h"]
        for o in options:
            args += ["--option", o]
        out = CliRunner().invoke(main, args)
        assert out.exit_code == 0, out.output
        return int(json.loads(out.output)["placed_count"])

    assert placed("rauber=1", "wrap_around=1") == 1
    assert placed("wrap_around=1") == 1  # a lay-off
    assert placed("rauber=1") == 0


def test_budget_returns_a_valid_answer() -> None:
    table = "Qh Kh Ah 2h | 5c 6c 7c | 9d 9s 9c"
    sol = solve_table("romme", table, "3h Jh 8c 9h", rauber=True, wrap_around=True, time_budget=5)
    assert sol.optimal and sol.placed_count == 4
