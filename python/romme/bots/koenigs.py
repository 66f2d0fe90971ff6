"""Königs-Rommé bots: random (uniform), easy (a beginner), greedy (card heuristics) and expert
(the hand solver decides what to draw, what to discard and when to go out).

All of them read only ``state.observation(seat)`` and ``state.legal_moves()``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import _core
from ..cards import deck
from ..games.koenigs import (
    Discard,
    Draw,
    GoOut,
    card_points,
    is_wild,
    round_wilds,
)
from ..rng import Rng
from . import register_bot
from .common import RandomBot, best_move

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..engine import GameState, Move

GAME = "koenigs"
_DECK = deck(GAME)


#: card codes by token (the observation's tokens are the deck's own: no parsing needed)
_CODES = {t.token: t.code for t in _DECK.types}


def _code(token: str) -> int:
    code = _CODES.get(token)
    return _DECK.parse_token(token) if code is None else code


def _view(state: GameState) -> tuple[dict[str, Any], list[int], int | None, int]:
    obs = state.observation(state.current_player)
    hand = [_code(t) for t in obs["hand"]]
    top = _code(obs["discard_top"]) if obs["discard_top"] else None
    return obs, hand, top, obs["round"]


def _partners(code: int, hand: list[int], round_: int, reach: int = 2) -> int:
    """How many other naturals in ``hand`` could share a meld with ``code``
    (same rank, or same suit within ``reach`` ranks: two, a run's gap, for greedy; one for easy)."""
    i, s = code % 11, code // 11
    wild = round_wilds(round_)
    n = 0
    seen_self = False
    for c in hand:
        if c == code and not seen_self:
            seen_self = True
            continue
        if wild[c]:
            continue
        if c % 11 == i or (c // 11 == s and abs(c % 11 - i) <= reach):
            n += 1
    return n


register_bot(GAME, "random")(RandomBot)


@register_bot(GAME, "easy")
class EasyBot:
    """A beginner (the table's Easy): goes out whenever the rules let it (the core lists the outs), keeps its wilds
    (draws the discard only for a wild, never discards one while a natural can go) and throws a dead card, one with
    no other natural of its rank and none of its suit a rank away, else breaks a partial meld: either at random. It
    does not count the points it keeps (greedy throws the highest of its least connected cards; easy throwing the
    highest dead card played as greedy, 49 : 51 over 100 games), nor see a run's gap, nor take a discard for a meld."""

    level = "easy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        _, hand, top, rnd = _view(state)
        if isinstance(moves[0], Draw):
            return _draw(moves, top is not None and is_wild(top, rnd))
        out = _go_out(moves, rnd)
        if out is not None:
            return out
        discards = [m for m in moves if isinstance(m, Discard)]
        naturals = [m for m in discards if not is_wild(m.card, rnd)] or discards
        dead = [m for m in naturals if _partners(m.card, hand, rnd, reach=1) == 0] or naturals
        return dead[self.rng.below(len(dead))]


@register_bot(GAME, "greedy")
class GreedyBot:
    """Takes a discard that fits the hand, goes out whenever it can, and
    otherwise throws the least connected, highest card (never a wild)."""

    level = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        _, hand, top, rnd = _view(state)
        if isinstance(moves[0], Draw):
            return _draw(moves, top is not None and (is_wild(top, rnd) or _partners(top, hand + [top], rnd) > 0))
        outs = [m for m in moves if isinstance(m, GoOut)]
        if outs:
            return max(outs, key=lambda m: card_points(m.card, rnd))

        def score(m: Move) -> float:
            assert isinstance(m, Discard)
            if is_wild(m.card, rnd):
                return -1000.0
            return -10.0 * _partners(m.card, hand, rnd) + card_points(m.card, rnd) / 20.0

        return best_move(moves, score, self.rng)


#: the wild draws a distance looks ahead; a hand further away counts as FAR
FAR = 6


@lru_cache(maxsize=4096)
def _discard_measures(hand: tuple[int, ...], round_: int, with_distance: bool) -> list[tuple[int, int, int]]:
    """(card, distance, points) of each discard of ``hand``: one core call (its DPs share their memo),
    kept for the next decisions (a drawn discard is measured before the draw and again after it; the master's
    rollouts meet the same hands again on other candidates' lines of a world: 4,096 hands keep a search's
    repeats)."""
    measures = _core.koenigs_discard_measures(list(hand), round_, FAR - 1 if with_distance else None)
    return [(m.card, FAR if m.distance is None else m.distance, m.points) for m in measures]


class _Evaluator:
    """Memoised hand measures for one decision (hands as code lists).

    ``distance(h)``: how many more good draws the hand needs before it can go
    out: the least j such that h plus j wild cards leaves at most j cards
    unmelded (those are the j discards on the way; the core's
    ``koenigs::measures``). ``points(h)``: points left after the best lay-down
    (what the hand costs if someone else goes out).
    """

    def __init__(self, round_: int) -> None:
        self.round = round_
        self.memo_points: dict[tuple[int, ...], int] = {}
        self.memo_distance: dict[tuple[int, ...], int] = {}

    def points(self, cards: list[int]) -> int:
        key = tuple(sorted(cards))
        v = self.memo_points.get(key)
        if v is None:
            v = self.memo_points[key] = _core.koenigs_best_left(list(key), self.round, "min-left").points
        return v

    def distance(self, cards: list[int]) -> int:
        key = tuple(sorted(cards))
        v = self.memo_distance.get(key)
        if v is None:
            d = _core.koenigs_distance(list(key), self.round, FAR - 1)
            v = self.memo_distance[key] = FAR if d is None else d
        return v

    def value(self, cards: list[int]) -> tuple[int, int]:
        """Lower is better: (distance, points)."""
        return self.distance(cards), self.points(cards)

    def best_discard(self, hand: list[int], measure: str = "value") -> tuple[Any, int]:
        """(measure, card) of the discard that leaves the best hand; ties: throw the higher card."""
        return _best_discard(tuple(sorted(hand)), self.round, measure == "value")


@lru_cache(maxsize=4096)
def _best_discard(hand: tuple[int, ...], round_: int, value: bool) -> tuple[Any, int]:
    """:meth:`_Evaluator.best_discard` of the sorted ``hand`` (``value``: by distance, then points; else points),
    kept as :func:`_discard_measures` keeps its measures (the key of every discard is built once a hand)."""
    best: tuple[Any, int, int] | None = None
    for c, distance, points in _discard_measures(hand, round_, value):
        key = ((distance, points) if value else points, -card_points(c, round_), c)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[0], best[2]


def go_out_card(cards: Sequence[int], round_: int) -> int:
    """The expert's card to go out with among ``cards`` (each one it may go out with), the first of equals: the one
    the next player can use least, the highest non-wild. The master's rollout loop asks it too."""
    return max(cards, key=lambda c: (not is_wild(c, round_), card_points(c, round_)))


def _draw(moves: Sequence[Move], take: bool) -> Move:
    """The draw from the discard pile where ``take``, else from the stock (the first move where the pile wanted is
    not listed)."""
    want = "discard" if take else "stock"
    return next((m for m in moves if isinstance(m, Draw) and m.source == want), moves[0])


def _go_out(moves: Sequence[Move], round_: int) -> Move | None:
    """The listed out with the expert's card (:func:`go_out_card`); None where no out is listed."""
    outs = [m for m in moves if isinstance(m, GoOut)]
    if not outs:
        return None
    card = go_out_card([m.card for m in outs], round_)
    return next(m for m in outs if m.card == card)


def expert_move(moves: Sequence[Move], hand: list[int], top: int | None, round_: int, last: bool) -> Move:
    """The expert's choice among ``moves`` (more than one, of the seat to move) holding ``hand`` (codes), with
    ``top`` on the discard pile (None: empty) in round ``round_``; ``last``: another seat went out (the last turn).
    :class:`ExpertBot` reads these from the observation; the master's rollouts
    (:class:`.master_rollout.KoenigsRollout`) straight from the sampled world."""
    ev = _Evaluator(round_)
    if isinstance(moves[0], Draw):
        take = False
        if top is not None:
            if is_wild(top, round_):
                take = True
            elif last:
                with_top, _ = ev.best_discard(hand + [top], "points")
                take = with_top < ev.points(hand)
            else:
                (d_top, _), _ = ev.best_discard(hand + [top])
                d_now = ev.distance(hand)
                take = d_top < d_now or d_top == 0
        return _draw(moves, take)
    out = _go_out(moves, round_)
    if out is not None:
        return out
    _, card = ev.best_discard(hand, "points" if last else "value")
    return next(m for m in moves if isinstance(m, Discard) and m.card == card)


@register_bot(GAME, "expert")
class ExpertBot:
    """Uses the exact hand solver. Mid-round it keeps the hand closest to
    going out (fewest wild draws still needed), then with the fewest points;
    it takes the discard when that brings it closer; it goes out whenever it
    can; in the last turn after someone went out it discards exactly the card
    that leaves the fewest points.
    """

    level = "expert"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        obs, hand, top, rnd = _view(state)
        return expert_move(moves, hand, top, rnd, obs["out_player"] is not None)

    def explain(self, state: GameState, move: Move) -> str:
        """A short reason for ``move`` (for hints)."""
        obs, hand, _, rnd = _view(state)
        ev = _Evaluator(rnd)
        if isinstance(move, Discard):
            rest = list(hand)
            rest.remove(move.card)
            d, pts = ev.value(rest)
            if obs["out_player"] is not None:
                return f"{move}: your best lay-down then leaves {pts} points"
            return f"{move}: the rest needs {d} more good card(s) to go out and would leave {pts} points now"
        if isinstance(move, GoOut):
            return f"{move}: every other card melds"
        if isinstance(move, Draw) and move.source == "discard":
            return f"{move}: the {obs['discard_top']} brings your hand closer to going out"
        if isinstance(move, Draw) and obs["discard_top"] is not None:
            return f"{move}: the {obs['discard_top']} on the discard pile does not help your hand"
        return f"{move}"
