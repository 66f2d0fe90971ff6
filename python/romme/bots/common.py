"""Bot helpers shared by every game: the random bot, a greedy template and
the loop that lets bots play a game out.

A bot is any object with ``level`` and ``choose(state) -> Move``. It may read
``state.current_player``, ``state.phase``, ``state.legal_moves()`` and
``state.observation(player)``, and it may ``clone()`` and ``apply`` on the
clone to look one move ahead *only* for moves whose outcome is public (never
to peek at a draw from the stock).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..rng import Rng

if TYPE_CHECKING:
    from ..engine import GameState, Move


class RandomBot:
    """Uniformly random among the legal moves (the baseline of every game)."""

    level = "random"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        n = len(moves)
        return moves[self.rng.below(n)] if n > 1 else moves[0]


class ScoredBot:
    """Picks the legal move with the best ``score`` (ties broken by the Rng).

    Subclasses implement ``score(state, move) -> float`` (higher is better);
    a simple way to write a greedy bot.
    """

    level = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def score(self, state: GameState, move: Move) -> float:
        raise NotImplementedError

    def choose(self, state: GameState) -> Move:
        return best_move(state.legal_moves(), lambda m: self.score(state, m), self.rng)


def best_move(moves: Sequence[Move], score: Callable[[Move], float], rng: Rng) -> Move:
    """The highest-scoring move; a random one among equal best."""
    best: list[Move] = []
    top = float("-inf")
    for m in moves:
        s = score(m)
        if s > top:
            top, best = s, [m]
        elif s == top:
            best.append(m)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


#: a bot that has taken the discard pile and thrown a card back on this many turns in a row draws from the
#: stock on its next turn: two bots that want each other's discard pass one card back and forth for ever
STALL_TURNS = 3


def _is_draw(move: Move, source: str) -> bool:
    return move.kind == "draw" and getattr(move, "source", None) == source


def stuck_on_discard(history: Sequence[Move], player: int, turns: int = STALL_TURNS) -> bool:
    """True when each of ``player``'s last ``turns`` turns was only "draw discard" then "discard".

    Reads only the public move log (the other seats' moves are skipped).
    """
    seen = 0  # the player's moves seen, newest first: discard, draw, discard, draw, ...
    for m in reversed(history):  # (one loop, no generator: the guard asks after every draw from the discard)
        if m.player != player:
            continue
        if not (_is_draw(m, "discard") if seen % 2 else m.kind == "discard"):
            return False
        seen += 1
        if seen == 2 * turns:
            return True
    return False


def guard_progress(bot: Any, game_id: str | None = None) -> Any:
    """Makes ``bot`` move the game on: after :data:`STALL_TURNS` turns of taking the discard and throwing a
    card back (or the bot's own ``stall_turns``, where it has one), it draws from the stock instead (new cards
    come into play; the stock runs down). A finished game, or another game than ``game_id`` (the bot's), is
    refused with a :class:`RommeError`.

    The bot keeps its class (``isinstance`` still holds); only its ``choose`` is wrapped.
    """
    bot.choose = _ProgressGuard(bot, bot.choose, game_id)
    return bot


class _ProgressGuard:
    """A guarded bot's ``choose``. It holds the bot and the class's function rather than a bound method, so a
    copy of the bot (``copy.deepcopy``: the guard and the bot copied together) chooses with the copy's own random
    state and memory; a bound method would drive the original bot."""

    def __init__(self, bot: Any, choose: Callable[[GameState], Move], game_id: str | None = None) -> None:
        self.bot = bot
        self.game_id = game_id
        bound_to_bot = getattr(choose, "__self__", None) is bot
        self.function: Callable[..., Move] | None = getattr(choose, "__func__", None) if bound_to_bot else None
        self.choose: Callable[[GameState], Move] | None = None if bound_to_bot else choose  # called as it is

    def __call__(self, state: GameState) -> Move:
        # one answer for every bot (the solitaire's and Krass's raised an IndexError, a KeyError or an assertion)
        if self.game_id is not None and state.game_id != self.game_id:
            from ..errors import RulesError

            raise RulesError(f"a {self.game_id} bot cannot choose a move in a {state.game_id} game")
        if state.is_over:
            from ..errors import IllegalMoveError

            raise IllegalMoveError(f"the {state.game_id} game is over: there is no move to choose")
        if self.function is not None:
            move: Move = self.function(self.bot, state)
        else:
            assert self.choose is not None
            move = self.choose(state)
        if move.kind == "draw" and _is_draw(move, "discard") and stuck_on_discard(
                state.history, state.current_player, getattr(self.bot, "stall_turns", STALL_TURNS)):
            stock = next((m for m in state.legal_moves() if _is_draw(m, "stock")), None)
            if stock is not None:
                return stock
        return move


def play_out(
    state: GameState,
    bots: Sequence[object],
    max_moves: int | None = None,
    on_move: Callable[[GameState, Move], None] | None = None,
) -> int:
    """Lets ``bots[seat]`` move until the game is over (or ``max_moves``).

    Returns the number of moves played. ``on_move(state, move)`` is called
    after each move (for printing or checking).
    """
    n = 0
    while not state.is_over and (max_moves is None or n < max_moves):
        move = bots[state.current_player].choose(state)  # type: ignore[attr-defined]
        state.apply(move)
        n += 1
        if on_move is not None:
            on_move(state, move)
    return n
