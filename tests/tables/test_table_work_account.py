"""One work account a ``solve_table`` call (issue 32): the main search, each joker swap's search, the fallbacks
and the cheap answers of a cut search all draw on the caller's work budget, or without one on
``_core.TABLE_DEFAULT_WORK``; a cut answer is still a valid table placing the obvious (the table kept whole, the
hand's own melds and lay-offs). ``cut_by`` names what the budget left unproven."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner
from table_checks import check_answer

import romme
from romme import _core
from romme.cards import parse_codes
from romme.cli import main
from romme.table import parse_table

# Plain Rommé, a 53-card hand with two jokers beside a table with three: one search a joker swap, and a hand too
# large for the hand solver, whose own melds a cut search's fallbacks searched outside the budget (6.5 s of CPU
# under a work budget of 1 at load 17, 10,000 work units of it reported)
TABLE = "Ac Ad * | 2h 3h 4h | 4c 5c * 7c | 6d 7d 8d | 6h 7h 8h 9h | 6s 7s 8s | 8s * 10s Js | 9d 10d Jd Qd Kd | Jc Jd Js"
HAND = (
    "4s 3d Ah 8c 7c * As Jh Ad 3d 9d Qc 7s Ac 2d 2s 9c 3h 10c 5d 5h Kd 6c Qc 2d 5h 3s 5s Qh 5c 5s Kc 5d Kc 7d * 2c "
    "3s 8h Kh Ks 2s As 6h 10s 6d 9s Kh 4h 10h 6s 2c Ah"
)
# (the greedy runs and sets of the hand, laid off where they fit: what a spent account still answers)
OBVIOUS = 40


def solve(**budget: object) -> tuple[romme.TableSolution, float]:
    start = time.thread_time()
    sol = romme.solve_table("romme", TABLE, HAND, **budget)  # type: ignore[arg-type]
    return sol, time.thread_time() - start


@pytest.mark.parametrize("work_budget", [1, 50_000])
def test_a_huge_hand_stays_inside_a_small_work_budget(work_budget: int) -> None:
    sol, cpu = solve(work_budget=work_budget)
    # (the overshoot: each search runs to its first charge, about a thousand units, once the account is spent, and
    # the finish's reserve)
    assert sol.work <= work_budget + 50_000, sol.work
    assert cpu < 1.0, cpu
    assert sol.budget_cut and (sol.cut_by or "").startswith("work budget: objective")
    check_answer(parse_table("romme", TABLE), parse_codes("romme", HAND, check_counts=False), sol, {})
    assert sol.placed_count >= OBVIOUS


# Plain Rommé, a 48-card hand with four jokers: a time budget of 1 ms cuts the search, and the cut answer's hand solves
# would run far past the deadline to their own step limits if the finish did not charge them to its reserve
LATE_TABLE = "2h 3h 4h | Kc Kd Ks"
LATE_HAND = (
    "Ac Qc Jh 8d 9h 6s 5h 8s 5s Js 2d 3d * 9h Qs 8h Js 2h 10d Kh 3s 6d 9s 4c 5c 10h Qd Jc * Ad 8d 7d Kh Qh 3s Jc 7h "
    "6c 8c Qd * 4s 9c 2d 7c 6d Jd *"
)


def test_a_time_budget_ends_within_the_finish_reserve() -> None:
    start = time.thread_time()
    sol = romme.solve_table("romme", LATE_TABLE, LATE_HAND, time_budget=0.001)
    cpu = time.thread_time() - start
    # (a finish's reserve is about 4 ms of work on docs/PERFORMANCE.md's hosts; this host's load and speed aside)
    assert cpu < 0.05, cpu
    assert sol.work <= _core.TABLE_FINISH_WORK + 20_000, sol.work
    assert sol.budget_cut and (sol.cut_by or "").startswith("time budget: objective")
    check_answer(parse_table("romme", LATE_TABLE), parse_codes("romme", LATE_HAND, check_counts=False), sol, {})
    assert sol.placed_count >= 30


def test_a_huge_hand_stays_inside_a_small_time_budget() -> None:
    start = time.perf_counter()
    sol = romme.solve_table("romme", TABLE, HAND, time_budget=0.05)
    assert time.perf_counter() - start < 1.0
    assert sol.budget_cut and (sol.cut_by or "").startswith("time budget: objective")
    assert sol.placed_count >= OBVIOUS


@pytest.mark.slow
def test_an_unbudgeted_huge_hand_stops_at_the_default_account() -> None:
    sol, _ = solve()
    assert sol.work <= _core.TABLE_DEFAULT_WORK + 50_000, sol.work
    assert not sol.optimal and not sol.budget_cut and sol.cut_by == "work limit"
    check_answer(parse_table("romme", TABLE), parse_codes("romme", HAND, check_counts=False), sol, {})
    # a work budget replaces the default account: more work, at least as good an answer
    more = romme.solve_table("romme", TABLE, HAND, work_budget=2 * _core.TABLE_DEFAULT_WORK)
    assert _core.TABLE_DEFAULT_WORK < more.work <= 2 * _core.TABLE_DEFAULT_WORK + 50_000
    assert more.placed_count >= sol.placed_count


# Räuber-Rommé wrap_around: the objective is proven after about 8,000 units of work, the fewest moved after 11,476
WRAP_TABLE = (
    "9d 10d Jd Qd Kd | Qd Qs Qc | 3c 4c 5c 6c | 4d 5d 6d 7d | 3s 3h 3c | 2h 2c 2d 2s | 9s 9d 9c 9h | 10h Jh Qh Kh Ah"
)
WRAP_HAND = "6s 10c 7c Jh 9s 5h Kc 5d * *"


def test_cut_by_names_what_the_budget_left_unproven() -> None:
    solve = lambda budget: romme.solve_table(  # noqa: E731
        "romme", WRAP_TABLE, WRAP_HAND, rauber=True, wrap_around=True, work_budget=budget
    )
    whole = solve(None)
    assert whole.optimal and whole.moved_optimal and whole.cut_by is None and whole.moved > 0
    objective_proven = solve(8_033)
    assert objective_proven.optimal and not objective_proven.moved_optimal and objective_proven.budget_cut
    assert objective_proven.cut_by == "work budget: fewest moved"
    assert objective_proven.to_json()["cut_by"] == "work budget: fewest moved"
    args = ["solve", "romme", "-o", "rauber=1", "-o", "wrap_around=1", "--table", WRAP_TABLE, *WRAP_HAND.split()]
    out = CliRunner().invoke(main, [*args, "--work-budget", "8033"])
    assert out.exit_code == 0 and out.output.splitlines()[-1].endswith("fewest moved not proved (work budget)")
    neither = solve(1)
    assert not neither.optimal and not neither.moved_optimal and neither.moved > 0
    assert neither.cut_by == "work budget: objective and fewest moved"
    # a budget at least the search's work cuts nothing
    assert solve(whole.work).cut_by is None
