"""The master's budget in search work, for games whose simulated moves differ widely in cost.

A count of simulated moves (``MOVES_PER_SECOND`` in :mod:`.master`) bounds a move's CPU time where a simulated move
costs about the same everywhere. In Rummy it does not: a rollout move's table search costs a few thousand units of
the core's work on a small table and up to ~150,000 on a table of 16–23 melds, where 1,100 simulated moves took 7 s
of CPU. There the search also counts its *work*: the core's table search work on the searching thread
(:func:`romme._core.search_work`, the same count on every machine and under any load) plus :data:`MOVE_WORK` a
simulated move for the rest of it (the policy, applying, listing). The search stops where either budget ends.

The master plays the expert's move unless another was compared in at least ``DEVIATE_WORLDS`` worlds
(:mod:`.master_value`); a search whose budget cannot reach that many worlds is stopped as soon as that is clear
(:func:`rollouts_to_deviate`): its answer is the expert's move either way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import _core
from .master_romme import searches_table
from .master_value import DEVIATE_WORLDS

if TYPE_CHECKING:
    from ..rules import Rules

#: work a second of thinking may spend (the core's search work plus :data:`MOVE_WORK` a simulated move), per game;
#: games not listed count simulated moves only. Rummy: 2,400,000, at 0.23–0.33 µs of CPU a unit (the master's
#: searches over 7 games on a free core) at most ~0.8 s a move. Rommé (its Räuber rules only, :data:`WORK_RULES`):
#: 3,000,000, where a simulated move costs ~1,000 units' CPU beside its table searches (0.3 ms, twice a move under
#: the default rules: the expert's Räuber turn) and its searches 0.3 µs a unit
WORK_PER_SECOND = {"rummy": 2_400_000, "romme": 3_000_000}
#: games whose work is counted under some rules only, those where their expert searches the table: under the
#: others the count of simulated moves alone budgets the move, as it did before (the same moves)
WORK_RULES: dict[str, Callable[[Rules], bool]] = {"romme": searches_table}
#: the work a simulated move counts for beside its table searches: its other CPU time (0.27 ms a move against
#: 0.29 µs a unit of search work, fitted over the same searches)
MOVE_WORK = 1000


def work_budget(game_id: str, think: float, rules: Rules | None = None) -> int | None:
    """The work budget of a move of ``think`` seconds in ``game_id`` under ``rules`` (None: not known, which a game
    of :data:`WORK_RULES` budgets by simulated moves); None: the move counts simulated moves only."""
    rate = WORK_PER_SECOND.get(game_id)
    counted = WORK_RULES.get(game_id)
    if rate is None or (counted is not None and (rules is None or not counted(rules))):
        return None
    return max(1, int(think * rate))


class Spent(Exception):
    """A rollout ran past the work budget: the search ends with the worlds it completed."""


class WorkMeter:
    """The work of one decision: the core's table search work on this thread since the meter started, plus
    :data:`MOVE_WORK` a simulated move counted by :meth:`add_move`."""

    def __init__(self, budget: int | None) -> None:
        self.budget = budget
        self.start = _core.search_work()
        self.moves = 0
        #: the work at the last count (read by another thread for the progress: the core's count is per thread)
        self.spent = 0

    def count(self) -> int:
        """The work so far (and :attr:`spent` set to it)."""
        self.spent = _core.search_work() - self.start + MOVE_WORK * self.moves
        return self.spent

    def add_move(self) -> None:
        """One simulated move more; :class:`Spent` if the work is past the budget."""
        self.moves += 1
        if self.budget is not None and self.count() > self.budget:
            raise Spent


def fits(spent: int, rollouts: int, more: int, budget: int | None) -> bool:
    """Whether ``more`` rollouts at the mean cost of the ``rollouts`` so far (``spent`` in all) stay within
    ``budget`` (None: no budget)."""
    return budget is None or rollouts == 0 or spent + spent / rollouts * more <= budget


def rollouts_to_deviate(worlds: int, alive: int, done: int) -> int:
    """The fewest rollouts still to play before the search has compared the candidates in ``DEVIATE_WORLDS`` worlds:
    ``worlds`` complete, ``alive`` candidates live, ``done`` of them played in the world under way; after 1, 2, 4, 8
    worlds (the search's halvings) at least the better half (rounded up) of more than two stays live."""
    need = 0
    live = alive
    for world in range(worlds + 1, DEVIATE_WORLDS + 1):
        need += live - (done if world == worlds + 1 else 0)
        if world & (world - 1) == 0 and live > 2:
            live = (live + 1) // 2
    return need
