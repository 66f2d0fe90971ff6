"""A table search cut by its caller's budget answers with the cards it laid, laid again to keep more old melds
whole (issue 32, docs/SEARCH-DESIGN.md §4.11): the answer stays valid, holds the same cards, and its ``moved`` is
honest (never fewer than its new table moves, its cards credited to the old melds the best way)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from table_checks import check_valid, fewest_moved_of
from table_strategies import positions
from wrap_position import HAND, TABLE, WRAP

from romme import _core

# position 34 of the wrap bench (wrap_position): without a budget 13 placed, 16 moved, proven (the LP's branch and
# bound at the whole hand, where the first solve on the cycle stops to ask the LP). Cut before that the search holds
# its first solve's answer or the cheap answer (the test checks that each budget cuts).

#: The most a cut answer of position 34 moves: the repair's local moves (one old meld laid again at a time) reach
#: 26 to 31 from the first solve's answer (the own look's, or the mirror image's where the own first solve runs
#: long); the fewest there is, 16, needs the whole table laid otherwise at once.
CUT_MOVED = 32


def solve(game: str, table: list[list[int]], hand: list[int], objective: str, options: dict[str, Any],
          work: int) -> Any:
    return _core.solve_table(game, table, hand, objective, options, 0, "exact", work)


def new_table(r: Any) -> list[list[int]]:
    return [[c for c, _ in m.pairs] for m in r.table]


def test_a_cut_wrap_answer_keeps_most_of_the_table() -> None:
    free = solve("romme", TABLE, HAND, "cards", WRAP, 0)
    for budget in (20_000, 60_000, 100_000):
        assert budget < free.work, (budget, free.work)
        cut = solve("romme", TABLE, HAND, "cards", WRAP, budget)
        check_valid("romme", TABLE, HAND, cut, WRAP)
        assert cut.budget_cut and not cut.moved_optimal and len(cut.placed) == 13, budget
        assert cut.moved <= CUT_MOVED, (budget, cut.moved)
        assert cut.moved >= fewest_moved_of(TABLE, new_table(cut)), budget


#: Räuber-Rommé with no_double_joker, 93 table cards: under work budgets of 1 to 20,000 the search is cut and the
#: cheap answer (the table kept whole, the hand's own melds and lay-offs) is the answer: 13 placed, nothing moved.
ND_TABLE = [[39, 40, 41, 42, 43], [0, 1, 2, 3, 4, 5, 6], [13, 14, 15, 16, 17, 18, 19, 20],
            [26, 27, 28, 29, 30, 31, 32, 33], [39, 40, 41, 42, 43, 44, 45, 46], [45, 46, 47, 48],
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [26, 52, 28, 29, 30, 31, 32, 33, 34, 35, 36], [35, 36, 37],
            [48, 52, 50], [12, 38, 51], [9, 10, 52, 12], [22, 23, 24, 25],
            [15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25], [50, 51, 52]]
ND_HAND = [27, 34, 47, 44, 7, 14, 11, 13, 21, 49, 11, 37, 8]


def test_a_cut_answer_moving_nothing_is_the_fewest_moved() -> None:
    options = {"rauber": 1, "no_double_joker": 1}
    for budget in (1, 1_000, 20_000):
        cut = solve("romme", ND_TABLE, ND_HAND, "cards", options, budget)
        check_valid("romme", ND_TABLE, ND_HAND, cut, options)
        assert cut.budget_cut and cut.moved == 0, budget
        assert cut.moved_optimal, budget


GAMES = [
    ("romme", {"rauber": 1, "wrap_around": 1}, ["cards", "points"]),
    ("romme", {"rauber": 1}, ["cards", "points"]),
    ("romme", {"rauber": 1, "no_double_joker": 1}, ["cards"]),
    ("romme", {"rauber": 1, "rauber_table_to_hand": 1}, ["net"]),
    ("rummy", {"max_hand_cards_per_turn": 12}, ["points", "cards"]),
]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_cut_answer_is_valid_and_its_moved_honest(data: st.DataObject) -> None:
    game, options, objectives = data.draw(st.sampled_from(GAMES))
    objective = data.draw(st.sampled_from(objectives))
    table, hand = data.draw(positions(max_melds=10, max_hand=10, max_cards=36, window=13, game=game, jokers=2))
    table = [list(m) for m in table]
    free = solve(game, table, hand, objective, options, 0)
    for budget in (free.work // 2, free.work // 8, 1):
        if budget > 0:
            cut = solve(game, table, hand, objective, options, budget)
            check_valid(game, table, hand, cut, options)
            assert cut.moved >= fewest_moved_of(table, new_table(cut)), (table, hand, budget)
            # (an answer moving nothing is the fewest moved, whatever cut the search)
            assert cut.moved_optimal or cut.moved > 0, (table, hand, budget)
            # (an answer proven both ways lacks nothing the budget cut)
            assert not (cut.budget_cut and cut.optimal and cut.moved_optimal), (table, hand, budget)
