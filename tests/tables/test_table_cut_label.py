"""A table answer's ``cut_by`` says truly why it is not proven: ``work budget`` wherever the caller's work
budget cut any of the searches behind it, ``two joker swaps`` where nothing cut them but the turn could swap a
second table joker (one place-move holds one swap), ``work limit`` only where the search's own limit stopped it.
"""

from __future__ import annotations

from click.testing import CliRunner

import romme
from romme.cli import main


def test_a_budget_cut_lay_off_search_marks_the_answer_cut_by_the_budget() -> None:
    # A declared set left out of the search ('7h 7d *=7c' beside both 7c) takes the 7s: the position's own
    # search finishes within the budget, the one with the 7s laid off is cut by it and not chosen; the answer
    # said cut_by 'work limit' (budget_cut False) though the caller's 1,024 units cut it and none was its own
    table = "7h 7d *=7c | 5c 6c 7c | 7c 8c 9c"
    hand = "7s 9h Ks Jc Kc 2c Jh Ah 4c 3s 8d 10h Qd 3s Kh * * *"
    whole = romme.solve_table("romme", table, hand, joker_declared=True, wrap_around=True)
    assert whole.optimal and whole.cut_by is None
    sol = romme.solve_table("romme", table, hand, joker_declared=True, wrap_around=True, work_budget=1024)
    assert not sol.optimal
    assert sol.budget_cut and (sol.cut_by or "").startswith("work budget: objective"), (sol.cut_by, sol.work)
    assert sol.to_json()["cut_by"] == sol.cut_by
    # (a cut answer still places at least the obvious: the 7s on the left-out set)
    assert "7s" in [str(c) for c in sol.placed]


def test_an_answer_unproven_for_a_second_joker_swap_is_not_cut_by_the_work_limit() -> None:
    # two sets declaring 7c, two 7c in the hand: each 7c could swap a joker out, a second swap is a move of its
    # own after the first joker is laid, so the answer is not proven; nothing cut the search (70 units of work)
    sol = romme.solve_table("romme", "7h 7d *=7c | 7h 7d *=7c", "7c 7s 7s 7c", joker_declared=True)
    assert not sol.optimal and not sol.budget_cut and sol.second_swap
    assert sol.cut_by == "two joker swaps"
    assert sol.to_json()["cut_by"] == "two joker swaps"
    args = ["solve", "romme", "-o", "joker_declared=1", "--table", "7h 7d *=7c | 7h 7d *=7c", "7c", "7s", "7s", "7c"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0 and result.output.splitlines()[-1].endswith("not proved optimal (two joker swaps)")
    # one swap the hand can make: proven, nothing flagged
    one = romme.solve_table("romme", "5h 6h *=7h", "7h 9s 9d")
    assert one.optimal and not one.second_swap and one.cut_by is None


def test_a_swapped_meld_beside_an_equal_one_counts_as_moved() -> None:
    # '5h 6h *' twice: the 7h takes the first one's joker, laid with 9s 9d; the second lies as it did. The answer
    # said moved 0 (moved_optimal True): the kept twin was read as the swapped meld whole again
    sol = romme.solve_table("romme", "5h 6h * | 5h 6h *", "7h 9s 9d")
    assert sol.optimal and len(sol.placed) == 3
    assert sol.moved == 3 and not sol.moved_optimal
