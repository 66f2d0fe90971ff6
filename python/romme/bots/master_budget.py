"""The master's budget in search work, for games whose simulated moves differ widely in cost.

A count of simulated moves (``MOVES_PER_SECOND`` in :mod:`.master`) bounds a move's CPU time where a simulated move
costs about the same everywhere. In Rummy it does not: a rollout move's table search costs a few thousand units of
the core's work on a small table and up to ~150,000 on a table of 16–23 melds, where 1,100 simulated moves took 7 s
of CPU. There the search also counts its *work*: the core's table search work on the searching thread
(:func:`romme._core.search_work`, the same count on every machine and under any load) plus :data:`MOVE_WORK` a
simulated move for the rest of it (the policy, applying, listing). The search stops where either budget ends.

Königs-Rommé has no table search, but its moves grow dear with the hands: the expert's every move asks the core's
hand solver about each discard of its hand, whose cost grows with the square of its size, and the sampler tries
up to ``TRIES`` deals a world against the other seat's last turn (:mod:`.master_reveal`), each a solver question
on the whole hand. On hands of 12-14 cards (rounds 9-11) the 5,000 simulated moves of a second then took up to
1.6-2.1 s of CPU, half of it in moves twice as dear as a small hand's, the rest in the tries, which the count of
simulated moves does not see. There the work is a model of the CPU a search spends (:func:`work_rates`): per
simulated move, per deal tried and per rollout, by the hand size of the position, fitted over the decision-replay
positions (docs/MASTER-BOT.md, Move time).

The master plays the expert's move unless another was compared in at least ``DEVIATE_WORLDS`` worlds
(:mod:`.master_value`); a search whose budget cannot reach that many worlds is stopped as soon as that is clear
(:func:`rollouts_to_deviate`): its answer is the expert's move either way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import _core
from .master_romme import searches_table
from .master_value import DEVIATE_WORLDS

if TYPE_CHECKING:
    from ..engine import GameState
    from ..rules import Rules
    from .master_worlds import Deal

#: work a second of thinking may spend (the core's search work plus :data:`MOVE_WORK` a simulated move), per game;
#: games not listed count simulated moves only. Rummy: 2,400,000, at 0.23–0.33 µs of CPU a unit (the master's
#: searches over 7 games on a free core) at most ~0.8 s a move. Rommé (its Räuber rules only, :data:`WORK_RULES`):
#: 3,000,000, where a simulated move costs ~1,000 units' CPU beside its table searches (0.3 ms, twice a move under
#: the default rules: the expert's Räuber turn) and its searches 0.3 µs a unit. Königs-Rommé: 1,800,000 units of
#: :func:`work_rates` (2 times the first fit of about a microsecond of CPU each at a load of ~16, which the
#: rollout loop of :mod:`.master_koenigs_rollout` brought to about 0.8), with the 12,000 simulated moves a second of
#: ``master.MOVES_PER_SECOND``: 1.25 and 1.5 times the budget of the k48-k51 ladders, for the same CPU p99 as that
#: budget before the loop (docs/MASTER-BOT.md: move time); it cuts some searches of 9-11 cards and most of 12-14
#: (rounds 7-11)
WORK_PER_SECOND = {"rummy": 2_400_000, "romme": 3_000_000, "koenigs": 1_800_000}
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


@dataclass(frozen=True)
class WorkRates:
    """What a search counts beside the core's table search work: per simulated move, per rollout (besides its
    moves: the world's copy, its policies, its value) and per deal the sampler tried (``Deal.tries``)."""

    move: int
    rollout: int = 0
    tried_deal: int = 0


#: the rates of the games that count the core's table search work (Rummy, Räuber-Rommé): a simulated move only
TABLE_RATES = WorkRates(MOVE_WORK)
#: Königs-Rommé's rates by the hand size ``h`` of the position (the seat to move's cards), in units of about a
#: microsecond of CPU at a load of ~16: a simulated move 45 + 0.7 h², a deal tried 2 + 2.4 h², a rollout 170.
#: Fitted (non-negative least squares) to the CPU time of 142 searches, the decision-replay positions of
#: ``master_decisions.py koenigs 2 6 4`` (hands of 4 to 14 cards): the rest of a search's time is small
KOENIGS_MOVE = (45, 0.7)
KOENIGS_TRIED_DEAL = (2, 2.4)
KOENIGS_ROLLOUT = 170


def work_rates(state: GameState) -> WorkRates:
    """The :class:`WorkRates` of a search from ``state``: Königs-Rommé's by the hand size of the seat to move
    (:data:`KOENIGS_MOVE`, ...), elsewhere :data:`TABLE_RATES`."""
    if state.game_id != "koenigs":
        return TABLE_RATES
    hand = len(state.hands[state.current_player])  # type: ignore[attr-defined]
    square = hand * hand
    return WorkRates(int(KOENIGS_MOVE[0] + KOENIGS_MOVE[1] * square), KOENIGS_ROLLOUT,
                     int(KOENIGS_TRIED_DEAL[0] + KOENIGS_TRIED_DEAL[1] * square))


class Spent(Exception):
    """A rollout ran past the work budget: the search ends with the worlds it completed."""


class WorkMeter:
    """The work of one decision: the core's table search work on this thread since the meter started, plus what
    ``rates`` charge for the simulated moves (:meth:`add_move`), the rollouts (:meth:`add_rollout`) and the sampled
    worlds' deals (:meth:`add_world`)."""

    def __init__(self, budget: int | None, rates: WorkRates = TABLE_RATES) -> None:
        self.budget = budget
        self.rates = rates
        self.start = _core.search_work()
        self.moves = 0
        self.charged = 0  # the rates' work so far
        #: the work at the last count (read by another thread for the progress: the core's count is per thread)
        self.spent = 0

    def count(self) -> int:
        """The work so far (and :attr:`spent` set to it)."""
        self.spent = _core.search_work() - self.start + self.charged
        return self.spent

    def add_move(self) -> None:
        """One simulated move more; :class:`Spent` if the work is past the budget."""
        self.moves += 1
        self.charged += self.rates.move
        if self.budget is not None and self.count() > self.budget:
            raise Spent

    def add_rollout(self) -> None:
        """One rollout more (its moves are counted by :meth:`add_move`)."""
        self.charged += self.rates.rollout

    def add_world(self, deal: Deal) -> None:
        """One sampled world more: the deals its sampler tried."""
        self.charged += self.rates.tried_deal * deal.tries


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
