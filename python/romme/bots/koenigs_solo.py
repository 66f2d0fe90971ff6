"""Königs-Rommé solitaire bots: random, greedy (card heuristics) and expert
(the solver measures how far every hand is from finished)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _core
from ..cards import deck
from ..games.koenigs import card_points, is_wild, round_points, round_wilds
from ..games.koenigs.solo import HANDS, Place
from ..rng import Rng
from . import register_bot
from .common import RandomBot, best_move
from .koenigs import _partners

if TYPE_CHECKING:
    from ..engine import GameState, Move

GAME = "koenigs-solo"
_DECK = deck("koenigs")

register_bot(GAME, "random")(RandomBot)


#: card codes by token (the observation's tokens are the deck's own: no parsing needed)
_CODES = {t.token: t.code for t in _DECK.types}


def _hands(state: GameState) -> tuple[dict[int, list[int]], int]:
    obs = state.observation(0)
    hands = {k: [_CODES[t] for t in obs["hands"][str(k)]]
             for k in range(1, HANDS + 1) if k not in obs["finished"]}
    return hands, _CODES[obs["turned"]]


def _connection_score(hands: dict[int, list[int]], t: int, m: Move) -> float:
    """Greedy's measure: partners the turned card gains minus partners the
    removed card loses (wilds count 100, so they go to the largest hand)."""
    assert isinstance(m, Place)
    k = m.hand
    if m.card == t:
        return k / 100.0
    new = hands[k] + [t]
    gain = (100.0 if is_wild(t, k) else 10.0 * _partners(t, new, k)) - (
        100.0 if is_wild(m.card, k) else 10.0 * _partners(m.card, new, k) - card_points(m.card, k) / 20)
    return gain + k / 100.0


@register_bot(GAME, "greedy")
class GreedyBot:
    """Puts the turned card where it has the most partners (a wild: into the
    largest hand) and removes that hand's least connected, highest card."""

    level = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        hands, t = _hands(state)

        def score(m: Move) -> float:
            return _connection_score(hands, t, m)

        return best_move(state.legal_moves(), score, self.rng)


def distance(cards: list[int], k: int, memo: dict[tuple[int, tuple[int, ...]], int]) -> int:
    """Steps hand ``k`` still needs at best: the least j such that the hand plus
    j wild cards leaves at most j cards unmelded (each step swaps one of them
    for a good card)."""
    key = (k, tuple(sorted(cards)))
    v = memo.get(key)
    if v is None:
        d = _core.koenigs_distance(list(key[1]), k, len(cards))  # (the core's koenigs::measures)
        v = memo[key] = 99 if d is None else d
    return v


def _distances_after(hand: list[int], t: int, k: int) -> dict[int, int]:
    """:func:`distance` of hand ``k`` after the turned card ``t`` replaces each of its cards, by the card
    removed (and ``t`` itself: the hand unchanged); one core call, whose DPs share their memo."""
    measured = _core.koenigs_discard_distances(hand + [t], k, len(hand))
    return {m.card: 99 if m.distance is None else m.distance for m in measured}


@register_bot(GAME, "expert")
class ExpertBot:
    """Measures with the solver how many steps every hand still needs
    (:func:`distance`) and makes the step that saves the most; among equal
    steps a wild goes to the hand that needs most steps, anything else by the
    greedy bot's card-connection measure."""

    level = "expert"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def _scores(self, k: int, hand: list[int], t: int) -> dict[int, float]:
        """The score of each step into hand ``k``, by the card it removes: steps saved first; a wild goes
        to the hand furthest from finished (naturals rarely complete it); among equal steps the
        card-connection heuristic (:func:`_connection_score`, its parts shared by the hand's steps)."""
        before = distance(hand, k, self.memo)
        after = _distances_after(hand, t, k)
        new = hand + [t]
        wild, points = round_wilds(k), round_points(k)
        gain_t = 100.0 if wild[t] else 10.0 * _partners(t, new, k)
        out = {t: k / 100.0}  # the turned card straight out: no step saved
        for c in after:
            if c == t:
                continue
            gain = before - after[c]
            far = before * 50.0 if gain > 0 and wild[t] else 0.0
            lose = 100.0 if wild[c] else 10.0 * _partners(c, new, k) - points[c] / 20
            out[c] = gain * 1000.0 + far + (gain_t - lose + k / 100.0)
        return out

    def choose(self, state: GameState) -> Move:
        hands, t = _hands(state)
        if len(self.memo) > 50_000:
            self.memo.clear()
        scores = {k: self._scores(k, h, t) for k, h in hands.items()}

        def score(m: Move) -> float:
            assert isinstance(m, Place)
            return scores[m.hand][m.card]

        return best_move(state.legal_moves(), score, self.rng)

    def explain(self, state: GameState, move: Move) -> str:
        """A short reason for ``move`` (for hints)."""
        assert isinstance(move, Place)
        hands, t = _hands(state)
        k = move.hand
        if move.card == t:
            return f"{move}: the turned card helps no hand; throw it away"
        new = list(hands[k]) + [t]
        new.remove(move.card)
        before, after = distance(hands[k], k, self.memo), distance(new, k, self.memo)
        if after == 0:
            return f"{move}: hand {k} is then finished"
        return f"{move}: hand {k} then needs {after} more good card(s) (now {before})"
