"""The policies that play the master's rollouts: the expert's decisions, read straight from the sampled world.

A rollout plays whole turns of every seat in a world the master sampled, so it may read that world's cards
directly (they are samples, not the real hidden cards). The ``expert`` bots decide from ``observation()``,
which spells every card as text that they parse back; in Rummy and 1x1-Rommé that parsing took more than half
of a rollout. The policies here make the expert's decisions with the expert's own helpers (the core's hand and
table solvers, the lay-off and discard rules) on the world's card codes, so the same budget plays about twice
as many rollouts; Königs-Rommé's (:class:`KoenigsRollout`) skip the observation the same way. Every other game
plays its rollouts with the expert bot itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from . import bot_of
from .common import STALL_TURNS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..engine import GameState, Move


class Policy(Protocol):
    def choose(self, state: GameState) -> Move: ...


class RummyRollout:
    """Rummy's expert on card codes: the core's table search for the most hand cards placed (after the
    opening), else the expert's chain of openings, melds and lay-offs, else the placement that lays the most
    cards (or ``pass``)."""

    def choose(self, state: GameState) -> Move:
        from ..games import rummy as game
        from . import rummy as expert

        world: Any = state
        p = world.current_player
        table, h = world.table, list(world.hands[p])
        rules = world.rules
        cap = int(rules.max_hand_cards_per_turn)
        opened = bool(world.opened[p])
        if opened:
            target = expert.solver_turn(table, h, cap, dict(rules.options), expert.ExpertBot.work_budget)
            if target is not None and world.is_legal(move := game.RummyPlace(p, target)):
                return move
        target = expert.chain(table, h, opened, int(rules.opening_points), cap)
        if target is not None and world.is_legal(move := game.RummyPlace(p, target)):
            return move
        moves: Sequence[Move] = world.legal_moves()
        return max(moves, key=lambda m: expert.placed_count(table, m))


class EinmaleinsRollout:
    """1x1-Rommé's expert on card codes: the discard top when it fits, the opening with the most cards, the
    core's table search of the whole table, a borrowed card, else the discard the expert would throw."""

    def __init__(self) -> None:
        from ..rng import Rng
        from . import einmaleins as expert

        self._expert = expert.ExpertBot(Rng(0))  # for its opening search (no random choices)

    def choose(self, state: GameState) -> Move:
        from ..games import einmaleins as game
        from ..games import tablemoves as tm
        from . import einmaleins as expert

        world: Any = state
        p = world.current_player
        table, h = world.table, list(world.hands[p])
        moves: Sequence[Move] = world.legal_moves()
        if world.phase == "draw":
            top = world.discard[-1] if world.discard else None
            source = "discard" if top is not None and expert.fits(h, table, top) else "stock"
            return next((m for m in moves if getattr(m, "source", None) == source),
                        next((m for m in moves if getattr(m, "source", None) == "stock"), moves[0]))
        places = [m for m in moves if isinstance(m, tm.PlaceMove)]
        if places:
            opened = bool(world.opened[p])
            if not opened:
                opening = self._expert._opening(world, table, h)
                if opening is not None:
                    return opening
            best: Move = max(places, key=lambda m: expert.net_placed(table, m))
            if opened:
                found = expert.search_turn(world, table, h)
                if found is not None and expert.net_placed(table, found) > expert.net_placed(table, best):
                    best = found
            if expert.net_placed(table, best)[0] > 0:
                return best
            if opened:
                borrow = expert.borrowing_move(world, table, h)
                if borrow is not None:
                    return borrow
        discards = [m for m in moves if isinstance(m, game.DiscardMove)]
        return expert.cheapest_discard(h, discards)


class KoenigsRollout:
    """Königs-Rommé's expert (:func:`.koenigs.expert_move`) on the world's own hand, discard top, round and last
    turn, where the expert bot reads them from the observation (its every card spelt as text, every meld, every
    score, and parsed back: a fifth of a rollout move's CPU), behind the expert bot's progress guard
    (:func:`.common.guard_progress`: after :data:`.common.STALL_TURNS` turns running of taking the top and throwing
    a card back, the stock). The same moves as the expert bot, which has no random choices."""

    def __init__(self) -> None:
        from . import koenigs as expert
        from .common import stuck_on_discard

        self._expert_move = expert.expert_move  # (bound once: a rollout asks at every move)
        self._stuck = stuck_on_discard

    def choose(self, state: GameState) -> Move:
        world: Any = state
        moves: list[Move] = world.legal_moves()
        p = world.current_player
        if len(moves) == 1:
            move = moves[0]
        else:
            top = world.discard[-1] if world.discard else None
            move = self._expert_move(moves, world.hands[p], top, world.round, world.out_player >= 0)
        if getattr(move, "source", None) == "discard" and self._stuck(world.history, p, STALL_TURNS):
            return next((m for m in moves if getattr(m, "source", None) == "stock"), move)
        return move


class SeatDraws:
    """The stock cards each seat draws in a rollout, fixed when the world is dealt (common random numbers).

    A Rummy ``pass`` gives the passer the stock's top card. Candidates that differ by a pass against a placement
    shift every later draw to the other seat, so the same sampled world deals the two lines unrelated cards, and
    the paired comparison of the candidates measures mostly that luck. Here the sampled stock is split between the
    seats once (from the top: the searching seat's cards first, then alternately), and a seat's ``k``-th draw of
    the rollout is its ``k``-th card still in the stock, moved to the top just before the pass. The stock being a
    uniform shuffle, a seat's draws stay a uniform sample of the unseen cards (the split does not depend on the
    cards), so a rollout is as likely as before, and the lines of two candidates draw the same cards per seat."""

    def __init__(self, stock: Sequence[int], player: int, players: int) -> None:
        top_first = list(reversed(stock))
        self.queues = [top_first[(seat - player) % players :: players] for seat in range(players)]
        self.drawn = [0] * players

    def takes_stock(self, move: Move) -> bool:
        """Whether ``move`` gives its seat the stock's top card (Rummy: a pass)."""
        return getattr(move, "kind", "") == "pass"

    def arrange(self, world: Any, move: Move) -> None:
        """Before ``move`` is applied in ``world``: if it takes the stock's top card (:meth:`takes_stock`), put its
        seat's next card there."""
        if not self.takes_stock(move):
            return
        seat = world.current_player
        stock: list[int] = world.stock
        queue = self.queues[seat]
        while self.drawn[seat] < len(queue):
            card = queue[self.drawn[seat]]
            self.drawn[seat] += 1
            for i in range(len(stock) - 1, -1, -1):  # the other seat may have drawn it once its own queue ran out
                if stock[i] == card:
                    stock[i], stock[-1] = stock[-1], stock[i]
                    return


def seat_draws(world: GameState, player: int) -> SeatDraws | None:
    """:class:`SeatDraws` for a rollout of ``world`` searched by ``player``; None where draws are not fixed."""
    if world.game_id == "koenigs":
        from .master_koenigs import StockDraws

        return StockDraws(world.stock, player, world.num_players)  # type: ignore[attr-defined]
    if world.game_id != "rummy":
        return None
    return SeatDraws(world.stock, player, world.num_players)  # type: ignore[attr-defined]


#: games whose rollouts use a policy of this module instead of the expert bot
FAST_POLICIES: dict[str, type[RummyRollout] | type[EinmaleinsRollout] | type[KoenigsRollout]] = {
    "rummy": RummyRollout,
    "einmaleins": EinmaleinsRollout,
    "koenigs": KoenigsRollout,
}


def rollout_policies(game_id: str, players: int, world_seed: int) -> list[Policy]:
    """One policy per seat for a rollout in a world sampled with ``world_seed``."""
    fast = FAST_POLICIES.get(game_id)
    if fast is not None:
        policy = fast()  # no random choices: one object serves every seat
        return [policy] * players
    return [bot_of(game_id, "expert", f"rollout/{world_seed}/{s}") for s in range(players)]
