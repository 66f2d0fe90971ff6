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
from typing import TYPE_CHECKING

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
        return moves[self.rng.below(len(moves))] if len(moves) > 1 else moves[0]


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


def play_out(state: GameState, bots: Sequence[object], max_moves: int | None = None,
             on_move: Callable[[GameState, Move], None] | None = None) -> int:
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
