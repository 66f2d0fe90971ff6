"""The Rummy master's work budget: the core counts the table search work of a thread, the master budgets by it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from master_positions import decision, large_rummy_table, raeuber_position

from romme import _core
from romme.bots.master import MasterBot
from romme.bots.master_budget import WORK_PER_SECOND, rollouts_to_deviate
from romme.bots.master_value import DEVIATE_WORLDS
from romme.bots.rummy import ExpertBot
from romme.engine import GameState


def test_search_work_counts_every_table_search_of_the_thread() -> None:
    """``search_work`` grows by the work each search under a work budget reports (fails without the count: it
    stays where it was)."""
    before = _core.search_work()
    res = _core.solve_table("rummy", [[0, 1, 2], [13, 14, 15]], [3, 16, 29], "cards", {}, 0, "fast", 200_000)
    assert res.work > 0
    assert _core.search_work() - before == res.work
    hand = bytes(1 if c in (3, 16, 29) else 0 for c in range(53))
    flat = bytes([3, 0, 0, 1, 1, 2, 2, 3, 13, 13, 14, 14, 15, 15])
    middle = _core.search_work()
    turn = _core.rummy_searched_turn(flat, hand, {}, 200_000)
    assert turn.table is not None
    assert _core.search_work() > middle


def test_a_large_table_search_stays_within_the_work_budget() -> None:
    """The master's whole decision (the expert's search, the sampled worlds, the rollouts) spends at most its work
    budget and one more rollout move, where its count budget alone would have spent many times that (fails without
    the work budget: the search plays its 1,100 simulated moves, ~25 million units of work)."""
    state = large_rummy_table()
    assert len(state.table) >= 16  # type: ignore[attr-defined]
    bot = MasterBot("rummy", "work/0")
    assert bot.work_budget is not None and bot.work_budget == WORK_PER_SECOND["rummy"]
    before = _core.search_work()
    move = bot.choose(state.clone())
    work = _core.search_work() - before
    assert work <= bot.work_budget + ExpertBot.work_budget
    per_move = work / max(1, bot.used)
    assert per_move * bot.budget > 5 * bot.work_budget  # what the count budget alone would have spent
    assert move == bot.expert.choose(state.clone())  # too few worlds to leave the expert's move
    assert bot.progress == 1.0


def test_a_search_that_cannot_reach_a_deviation_stops_with_the_experts_move() -> None:
    """Where the budget cannot compare the candidates in ``DEVIATE_WORLDS`` worlds the move is the expert's anyway:
    the search stops after its first rollouts, far short of its budget (fails without the stop: it plays on until
    its work budget ends it)."""
    state = large_rummy_table()
    bot = MasterBot("rummy", "work/1")
    move = bot.choose(state.clone())
    assert move == bot.expert.choose(state.clone())
    assert bot.rollouts < DEVIATE_WORLDS and bot.finished
    assert bot.work_budget is not None and bot.spent < bot.work_budget // 2


def test_rollouts_to_deviate_follows_the_halving() -> None:
    """As the search halves after worlds 1, 2, 4, 8: three candidates play 3 rollouts, then two live for worlds
    2..12; eight play 8, 4, then 2 a world; two candidates two a world."""
    assert rollouts_to_deviate(0, 3, 0) == 3 + 11 * 2
    assert rollouts_to_deviate(0, 3, 2) == 1 + 11 * 2
    assert rollouts_to_deviate(5, 2, 1) == 1 + 6 * 2
    assert rollouts_to_deviate(DEVIATE_WORLDS, 4, 0) == 0
    assert rollouts_to_deviate(0, 8, 0) == 8 + 4 + 10 * 2
    assert rollouts_to_deviate(1, 4, 0) == 4 + 10 * 2


@pytest.mark.parametrize("game_id, position, think", [("rummy", large_rummy_table, 0.5),
                                                    ("romme", raeuber_position, 0.2)])
def test_the_same_position_gives_the_same_work_and_move(game_id: str, position: Callable[[], GameState],
                                                        think: float) -> None:
    """The budget is a count: two masters of one seed spend the same work and choose the same move (Rummy, and
    Rommé under Räuber rules, whose rollouts' experts search the table)."""
    state = position()
    first = decision(game_id, "work/2", think, state)
    assert first == decision(game_id, "work/2", think, state)
    assert first[2] > 0
