"""Königs-Rommé bots: random (uniform), greedy (card heuristics) and expert
(the hand solver decides what to draw, what to discard and when to go out).

All three read only ``state.observation(seat)`` and ``state.legal_moves()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import deck
from ..games.koenigs import (
    JOKER,
    Discard,
    Draw,
    GoOut,
    card_points,
    solve,
)
from ..rng import Rng
from . import register_bot
from .common import RandomBot, best_move

if TYPE_CHECKING:
    from ..engine import GameState, Move

GAME = "koenigs"
_DECK = deck(GAME)


def _code(token: str) -> int:
    return _DECK.parse_token(token)


def _view(state: "GameState") -> tuple[dict[str, Any], list[int], int | None, int]:
    obs = state.observation(state.current_player)
    hand = [_code(t) for t in obs["hand"]]
    top = _code(obs["discard_top"]) if obs["discard_top"] else None
    return obs, hand, top, obs["round"]


def _is_wild(code: int, round_: int) -> bool:
    return code == JOKER or code % 11 + 3 == round_ + 2


def _partners(code: int, hand: list[int], round_: int) -> int:
    """How many other naturals in ``hand`` could share a meld with ``code``
    (same rank, or same suit within two ranks)."""
    i, s = code % 11, code // 11
    n = 0
    seen_self = False
    for c in hand:
        if c == code and not seen_self:
            seen_self = True
            continue
        if _is_wild(c, round_):
            continue
        if c % 11 == i or (c // 11 == s and abs(c % 11 - i) <= 2):
            n += 1
    return n


register_bot(GAME, "random")(RandomBot)


@register_bot(GAME, "greedy")
class GreedyBot:
    """Takes a discard that fits the hand, goes out whenever it can, and
    otherwise throws the least connected, highest card (never a wild)."""

    level = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: "GameState") -> "Move":
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        obs, hand, top, rnd = _view(state)
        if isinstance(moves[0], Draw):
            take = top is not None and (_is_wild(top, rnd) or _partners(top, hand + [top], rnd) > 0)
            want = "discard" if take else "stock"
            return next((m for m in moves if isinstance(m, Draw) and m.source == want), moves[0])
        outs = [m for m in moves if isinstance(m, GoOut)]
        if outs:
            return max(outs, key=lambda m: card_points(m.card, rnd))

        def score(m: "Move") -> float:
            assert isinstance(m, Discard)
            if _is_wild(m.card, rnd):
                return -1000.0
            return -10.0 * _partners(m.card, hand, rnd) + card_points(m.card, rnd) / 20.0

        return best_move(moves, score, self.rng)


class _Deadwood:
    """Memoised "points left after the best lay-down" of hands in one decision."""

    def __init__(self, round_: int) -> None:
        self.round = round_
        self.memo: dict[tuple[int, ...], int] = {}

    def __call__(self, cards: list[int]) -> int:
        key = tuple(sorted(cards))
        v = self.memo.get(key)
        if v is None:
            v = self.memo[key] = int(solve(list(key), self.round)["left_points"])
        return v

    def best_discard(self, hand: list[int]) -> tuple[int, int]:
        """(points left, card) of the discard that leaves the fewest points;
        ties: throw the higher card."""
        best: tuple[int, int, int] | None = None
        for c in sorted(set(hand)):
            rest = list(hand)
            rest.remove(c)
            v = self(rest)
            key = (v, -card_points(c, self.round), c)
            if best is None or key < best:
                best = key
        assert best is not None
        return best[0], best[2]


@register_bot(GAME, "expert")
class ExpertBot:
    """Uses the exact hand solver: takes the discard when it lowers the best
    reachable points left, goes out whenever it can, discards the card whose
    loss leaves the fewest points (in the last turn: exactly the final score).
    """

    level = "expert"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: "GameState") -> "Move":
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        obs, hand, top, rnd = _view(state)
        dw = _Deadwood(rnd)
        if isinstance(moves[0], Draw):
            take = False
            if top is not None:
                if _is_wild(top, rnd):
                    take = True
                else:
                    with_top, _ = dw.best_discard(hand + [top])
                    take = with_top < dw(hand) or with_top == 0
            want = "discard" if take else "stock"
            return next((m for m in moves if isinstance(m, Draw) and m.source == want), moves[0])
        outs = [m for m in moves if isinstance(m, GoOut)]
        if outs:
            # throw the card the next player can use least: the highest non-wild
            return max(outs, key=lambda m: (not _is_wild(m.card, rnd), card_points(m.card, rnd)))
        _, card = dw.best_discard(hand)
        return next(m for m in moves if isinstance(m, Discard) and m.card == card)

    def explain(self, state: "GameState", move: "Move") -> str:
        """A short reason for ``move`` (for hints)."""
        obs, hand, top, rnd = _view(state)
        if isinstance(move, Discard):
            rest = list(hand)
            rest.remove(move.card)
            left = solve(rest, rnd)["left_points"]
            return f"{move}: the best lay-down of the rest leaves {left} points"
        if isinstance(move, GoOut):
            return f"{move}: every other card melds"
        return f"{move}"
