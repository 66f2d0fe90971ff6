"""Königs-Rommé solitaire bots: random, greedy (card heuristics) and expert
(the solver measures how far every hand is from finished)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import deck
from ..games.koenigs import card_points, is_wild, solve
from ..games.koenigs_solo import HANDS, Place
from ..rng import Rng
from . import register_bot
from .common import RandomBot, best_move
from .koenigs import _partners

if TYPE_CHECKING:
    from ..engine import GameState, Move

GAME = "koenigs-solo"
_DECK = deck("koenigs")

register_bot(GAME, "random")(RandomBot)


def _hands(state: "GameState") -> tuple[dict[int, list[int]], int]:
    obs = state.observation(0)
    hands = {k: [_DECK.parse_token(t) for t in obs["hands"][str(k)]]
             for k in range(1, HANDS + 1) if k not in obs["finished"]}
    return hands, _DECK.parse_token(obs["turned"])


@register_bot(GAME, "greedy")
class GreedyBot:
    """Puts the turned card where it has the most partners (a wild: into the
    largest hand) and removes that hand's least connected, highest card."""

    level = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: "GameState") -> "Move":
        hands, t = _hands(state)

        def score(m: "Move") -> float:
            assert isinstance(m, Place)
            k = m.hand
            new = hands[k] + [t]
            if m.card == t:
                gain = 0.0
            else:
                gain = (100.0 if is_wild(t, k) else 10.0 * _partners(t, new, k)) - (
                    100.0 if is_wild(m.card, k) else 10.0 * _partners(m.card, new, k) - card_points(m.card, k) / 20)
            return gain + k / 100.0

        return best_move(state.legal_moves(), score, self.rng)


@register_bot(GAME, "expert")
class ExpertBot:
    """For every hand and removal asks the solver how many cards would stay
    unmelded; finishes a hand when it can, else makes the biggest progress,
    keeping wilds for the hands that need them most."""

    level = "expert"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: "GameState") -> "Move":
        hands, t = _hands(state)
        before = {k: self._left(h, k) for k, h in hands.items()}
        memo: dict[tuple[int, tuple[int, ...]], tuple[int, int]] = {}

        def score(m: "Move") -> float:
            assert isinstance(m, Place)
            k = m.hand
            if m.card == t:
                return -0.5  # a wasted card: only if nothing helps
            new = list(hands[k]) + [t]
            new.remove(m.card)
            key = (k, tuple(sorted(new)))
            if key not in memo:
                memo[key] = self._left(new, k)
            left, pts = memo[key]
            if left == 0:
                return 1000.0 - k  # finishing a hand: the smaller the better (it frees the card)
            b_left, b_pts = before[k]
            return (b_left - left) * 10.0 + (b_pts - pts) / 100.0 - 0.01 * left

        return best_move(state.legal_moves(), score, self.rng)

    @staticmethod
    def _left(cards: list[int], k: int) -> tuple[int, int]:
        sol = solve(cards, k)
        return len(sol["left"]), int(sol["left_points"])
