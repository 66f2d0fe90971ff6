"""1x1-Rommé table search: brute-force oracle, certificates and edge cases."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_table_einmaleins import (
    CARDS,
    SYMBOLS,
    VALUES,
    WISH,
    best,
    code,
    codes,
    is_meld,
    token,
)

from romme import SolverError, _core, solve_table
from romme.cards import deck
from romme.cli import main
from romme.table import TableSolution

Position = tuple[list[list[int]], list[int]]


def test_oracle_deck_matches_the_engine() -> None:
    assert [t.token for t in deck("einmaleins").types][:WISH + 1] == [token(c) for c in range(WISH + 1)]


@st.composite
def positions(draw: st.DrawFn, max_melds: int = 3, max_table: int = 11, max_hand: int = 5) -> Position:
    """A table of random valid melds (sets, runs, sets of 1s; wish cards and
    1-cards as wilds) around a few symbols and low values, and a hand from the rest."""
    syms = draw(st.sampled_from(["HK", "HD", "HKD", "HKDQ"]))
    top = draw(st.sampled_from([12, 18, 24, 36]))
    used: set[int] = set()
    wishes = 0
    table: list[list[int]] = []
    want = draw(st.integers(0, max_melds))
    for _ in range(3 * want):
        if len(table) >= want:
            break
        kind = draw(st.sampled_from(["set", "run", "run", "ones"]))
        if kind == "set":
            v = draw(st.sampled_from([v for v in range(2, top + 1) if sum(v in VALUES[s] for s in syms) >= 2]))
            have = [s for s in syms if v in VALUES[s]]
            chosen = draw(st.lists(st.sampled_from(have), min_size=1, max_size=len(have), unique=True))
            room = sum(v in VALUES[s] for s in SYMBOLS) - len(chosen)
            if len(chosen) + min(room, 2) < 3:
                continue
            w = draw(st.integers(max(0, 3 - len(chosen)), min(room, 2)))
            meld = [code(f"{s}{v}") for s in chosen] + [WISH] * w
        elif kind == "run":
            s = draw(st.sampled_from(list(syms)))
            k = draw(st.integers(2, 6))
            starts = [i for i in range(1, top // k + 1) if all(k * j in VALUES[s] for j in range(i, i + 3))]
            if not starts:
                continue
            i = draw(st.sampled_from(starts))
            n = 3
            while n < 6 and k * (i + n) in VALUES[s] and draw(st.booleans()):
                n += 1
            meld = [code(f"{s}{k * j}") for j in range(i, i + n)]
            for _ in range(draw(st.integers(0, 2))):
                cell = draw(st.integers(0, n - 1))
                meld[cell] = draw(st.sampled_from([WISH, code(f"{s}1")]))
        else:
            ones = draw(st.lists(st.sampled_from(list(syms)), min_size=1, max_size=len(syms), unique=True))
            meld = [code(f"{s}1") for s in ones] + [WISH] * max(0, 3 - len(ones))
        naturals = [c for c in meld if c != WISH]
        if (len(set(naturals)) != len(naturals) or used & set(naturals) or wishes + meld.count(WISH) > 3
                or sum(map(len, table)) + len(meld) > max_table or not any(CARDS[c][1] != 1 for c in naturals)
                and kind != "ones"):
            continue
        assert is_meld(meld), [token(c) for c in meld]
        used |= set(naturals)
        wishes += meld.count(WISH)
        table.append(meld)
    pool = [code(f"{s}{v}") for s in syms for v in VALUES[s] if v <= top and code(f"{s}{v}") not in used]
    hand = draw(st.lists(st.sampled_from(pool + [WISH] * (3 - wishes)), min_size=min(1, max_hand),
                         max_size=max_hand, unique=True))
    return table, hand


def check_certificate(table: list[list[int]], hand: list[int], sol: TableSolution) -> None:
    """Every meld valid (the engine's predicate and the oracle's), wilds stand
    for cards they may replace, cards conserved, counts consistent."""
    for m in sol.table:
        cs = [c.code for c in m.cards]
        sf = [c.code for c in m.stands_for]
        _core.validate_meld("einmaleins", cs, {})
        assert is_meld(cs), m
        assert WISH not in sf and len(set(sf)) == len(sf) and is_meld(sf), m
        for c, s in zip(cs, sf):
            one_wild = c != WISH and CARDS[c][1] == 1 and m.kind == "run" and CARDS[c][0] == CARDS[s][0]
            assert c in (WISH, s) or one_wild, m
    new = Counter(c.code for m in sol.table for c in m.cards)
    placed = Counter(c.code for c in sol.placed)
    taken = Counter(c.code for c in sol.taken)
    assert new + taken == Counter(c for m in table for c in m) + placed
    assert not placed - Counter(hand)
    assert sol.placed_points == sum(100 if c == WISH else 50 if CARDS[c][1] == 1 else CARDS[c][1]
                                    for c in placed.elements())
    assert 0 <= sol.moved <= sum(map(len, table))
    assert sol.optimal and sol.moved_optimal


def hand_wilds(sol: TableSolution) -> int:
    """Hand wilds placed: wish cards, and 1-cards placed into runs."""
    placed = {c.code for c in sol.placed}
    ones_in_runs = {c.code for m in sol.table if m.kind == "run" for c in m.cards
                    if c.code != WISH and CARDS[c.code][1] == 1}
    return sum(1 for c in sol.placed if c.code == WISH) + len(placed & ones_in_runs)


def check_against_oracle(pos: Position, objective: str) -> TableSolution:
    table, hand = pos
    sol = solve_table("einmaleins", table, hand, objective=objective)
    check_certificate(table, hand, sol)
    value = {"cards": sol.placed_count, "points": sol.placed_points, "net": sol.shed_net}[objective]
    assert (value, sol.moved, hand_wilds(sol)) == best(table, hand, objective)
    if objective != "net":
        assert not sol.taken
    return sol


@settings(max_examples=120)
@given(positions())
def test_cards_match_oracle(pos: Position) -> None:
    check_against_oracle(pos, "cards")


@settings(max_examples=80)
@given(positions())
def test_points_match_oracle(pos: Position) -> None:
    check_against_oracle(pos, "points")


@settings(max_examples=80)
@given(positions())
def test_net_matches_oracle(pos: Position) -> None:
    check_against_oracle(pos, "net")


@settings(max_examples=40)
@given(positions(max_melds=5, max_table=18, max_hand=8))
def test_larger_positions_are_certified(pos: Position) -> None:
    table, hand = pos
    for objective in ("cards", "points", "net"):
        check_certificate(table, hand, solve_table("einmaleins", table, hand, objective=objective))


def solve(table: str, hand: str, objective: str = "cards") -> TableSolution:
    sol = solve_table("einmaleins", table, hand, objective=objective)
    check_certificate([codes(m) for m in table.split("|") if m.strip()], codes(hand), sol)
    return sol


def melds(sol: TableSolution) -> list[str]:
    return sorted(str(m) for m in sol.table)


def test_one_card_is_wild_only_in_a_run_of_its_symbol() -> None:
    # K1 stands for K14 in the 7-row (the deck has no H21, so K plays the sheet's H7 H1 H21)
    sol = solve("", "K7 K1 K21")
    assert sol.placed_count == 3 and melds(sol) == ["K7 K1=K14 K21"]
    assert solve("K7 K21 W", "K1").placed_count == 1            # K1 takes a cell, W moves to an end
    assert solve("", "K7 H1 K21").placed_count == 0             # H1 is no wild in a K run
    assert solve("H5 K5 D5", "H1").placed_count == 0            # nor in a set of 5s
    assert solve("H5 K5 D5", "W").placed_count == 1
    assert solve("", "H1 K1 D1").placed_count == 3              # three 1s are a set of naturals
    assert solve("H1 K1 W", "D1").placed_count == 1


def test_wish_card_at_a_run_end() -> None:
    sol = solve("H4 H6 H8", "W")
    assert sol.placed_count == 1 and sol.moved == 0 and len(sol.table[0].cards) == 4
    sol = solve("H60 H72 W", "H36")  # W was H48 (there is no H84); now H36 H48 H60 H72
    assert sol.placed_count == 1 and melds(sol) == ["H36 W=H48 H60 H72"] and sol.moved == 0


def test_a_card_in_two_rows() -> None:
    # H12 leaves the 3-row run H3..H12 for the 4-row run H8 H12 H16
    sol = solve("H3 H6 H9 H12", "H8 H16")
    assert sol.placed_count == 2 and sol.moved == 4
    assert melds(sol) == ["H3 H6 H9", "H8 H12 H16"]
    assert solve("H9 H12 H15", "H8 H16 W").moved == 0           # W=H12 beats breaking the run


def test_splitting_a_long_run() -> None:
    sol = solve("H2 H4 H6 H8 H10 H12 H14", "K8 D8")
    assert sol.placed_count == 2 and sol.moved == 7
    assert melds(sol) == ["H10 H12 H14", "H2 H4 H6", "H8 K8 D8"]
    # extending a long run moves nothing
    assert solve("H2 H4 H6 H8 H10 H12 H14", "H16").moved == 0


def test_net_takes_back_a_leftover() -> None:
    assert solve("H2 H4 H6", "K2 D2 K4 D4").placed_count == 0
    sol = solve("H2 H4 H6", "K2 D2 K4 D4", "net")
    assert (sol.placed_count, [str(c) for c in sol.taken], sol.shed_net) == (4, ["H6"], 3)
    assert melds(sol) == ["H2 K2 D2", "H4 K4 D4"] and sol.moved == 3
    # D5 and Q5 both fit only if the table's W is taken back: same net, more moved
    sol = solve("H5 K5 W", "D5 Q5", "net")
    assert sol.shed_net == 1 and not sol.taken and sol.moved == 0


def test_points_and_fewer_wilds() -> None:
    # one slot left in the set of 5s: cards tie, so the natural goes and W stays in the hand;
    # points take the wish card (100)
    assert [str(c) for c in solve("K5 D5 Q5", "H5 W").placed] == ["H5"]
    assert [str(c) for c in solve("K5 D5 Q5", "H5 W", "points").placed] == ["W"]
    sol = solve("H9 D9 Q9 K9", "H12 W")
    assert (sol.placed_count, sol.moved) == (2, 4)  # H9 leaves the full set for H9 H12 W
    assert solve("H9 D9 Q9 K9", "H12 W", "points").placed_points == 112


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(SolverError, match="table meld 2"):
        solve_table("einmaleins", "H2 H4 H6 | H3 H5 H7", "")
    with pytest.raises(SolverError, match="table meld 1"):
        solve_table("einmaleins", "W W W", "")
    with pytest.raises(SolverError, match="table meld 2"):
        solve_table("einmaleins", "H2 H4 H6 | K5 D5 Q5 H1", "")  # H1 is no wild in a set of 5s
    with pytest.raises(Exception, match="twice|copies|holds"):
        solve_table("einmaleins", "H2 H4 H6", "H4")
    with pytest.raises(Exception, match="copies of W"):
        solve_table("einmaleins", "H5 K5 W | H6 W W", "W")
    with pytest.raises(Exception, match="V2"):
        solve_table("einmaleins", "H2 H4 H6", "V2")
    with pytest.raises(ValueError, match="not a 1x1 card"):
        _core.solve_table("einmaleins", [[1, 3, 5]], [250], "cards", {})
    with pytest.raises(ValueError, match="H4 twice"):  # the core checks counts itself
        _core.solve_table("einmaleins", [[1, 3, 5]], [3], "cards", {})
    with pytest.raises(ValueError, match="wish cards"):
        _core.solve_table("einmaleins", [[100, 100, 1], [100, 100, 2]], [], "cards", {})
    with pytest.raises(Exception, match="option"):
        solve_table("einmaleins", "H2 H4 H6", "H8", colour=1)


def test_net_is_offered_and_budget_works() -> None:
    sol = solve_table("einmaleins", "H2 H4 H6", "H8", objective="net", time_budget=5.0)
    assert sol.optimal and sol.shed_net == 1
    assert sol.to_json()["melds"] == [["H2", "H4", "H6", "H8"]]


def test_cli_solves_a_1x1_table() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["solve", "einmaleins", "--table", "H2 H4 H6 | K5 D5 Q5", "H8", "W", "H5",
                               "--objective", "net", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["placed"] == ["H5", "H8", "W"] and out["moved"] == 0 and out["optimal"]
    assert sorted(out["melds"]) == [["H2", "H4", "H6", "H8", "W"], ["H5", "K5", "D5", "Q5"]]
    res = runner.invoke(main, ["solve", "einmaleins", "--table", "H2 H4 | K5 D5 Q5", "H8"])
    assert res.exit_code != 0 and "table meld 1" in res.output
