"""Krass Kariert bots: ``random``, ``greedy`` and ``expert``.

Every bot decides from ``state.observation(seat)`` and ``state.legal_moves()``
only.

- *random* picks uniformly among the legal moves.
- *greedy* plays as many cards as it can (the weakest such play; draw and
  stop cards only when nothing else is possible) and takes a reserve card only
  when it cannot play, inserting it (and drawn cards) next to a card it
  combines with.
- *expert* scores every move by the hand it leaves, using the exact min-plays
  solver (``_core.solve_hands(.., "min-plays")``: the fewest plays that empty
  the hand, i.e. the tricks still needed) plus the trick situation: whether
  it will win the trick (and must then draw for draw cards in it), whether it
  keeps the lead, and how safe it stays from being stuck (no reserve, no stop
  or draw card). Draw cards are played when following, so that someone else
  wins the trick and draws; stop cards take the lead when it cannot beat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .. import _core
from ..games.krass import InsertMove, PlayMove, ReserveMove
from ..games.krass_combos import DRAW, N, S, STOP, VALID2, VALID3, X, kind_of, number_of, play_strength
from ..rng import Rng
from . import register_bot

if TYPE_CHECKING:
    from ..engine import GameState, Move

_CODE = {str(v): v - 1 for v in range(1, 13)} | {"X": X, "N": N, "S": S}


def _codes(tokens: Sequence[str]) -> list[int]:
    return [_CODE[t] for t in tokens]


@register_bot("krass", "random")
class RandomBot:
    """Uniform over the legal moves."""

    level = "random"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: "GameState") -> "Move":
        moves = state.legal_moves()
        return moves[self.rng.below(len(moves))]


def fit_position(hand: list[int], card: int) -> int:
    """Where ``card`` joins the best group with its new neighbours (a triple or
    3-straight, then a pair or 2-straight); the hand's end if nowhere."""
    best, best_pos = -1, len(hand)
    for pos in range(len(hand) + 1):
        left = hand[pos - 1] if pos > 0 else None
        right = hand[pos] if pos < len(hand) else None
        score = 0
        if left is not None and right is not None and VALID3[(left * 15 + card) * 15 + right]:
            score = 3
        elif pos >= 2 and VALID3[(hand[pos - 2] * 15 + left) * 15 + card]:  # type: ignore[operator]
            score = 3
        elif pos + 1 < len(hand) and VALID3[(card * 15 + right) * 15 + hand[pos + 1]]:  # type: ignore[operator]
            score = 3
        elif (left is not None and VALID2[left * 15 + card]) or (right is not None and VALID2[card * 15 + right]):
            score = 2
        if score > best:
            best, best_pos = score, pos
    return best_pos


@register_bot("krass", "greedy")
class GreedyBot:
    """Most cards now, weakest play among those; reserves only when it must."""

    level = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: "GameState") -> "Move":
        p = state.current_player
        obs = state.observation(p)
        hand = _codes(obs["hand"])
        if obs["phase"] == "insert":
            return InsertMove(p, fit_position(hand, _CODE[obs["drawing"]["card"]]))
        moves = state.legal_moves()
        plays = [m for m in moves if isinstance(m, PlayMove)]
        if plays:
            def key(m: PlayMove) -> tuple[int, int]:
                s = play_strength(hand[m.start:m.start + m.length], m.x)
                assert isinstance(s, int)
                return (-m.length, s)

            return min(plays, key=key)
        reserves = _codes(obs["reserves"][p])
        # the reserve that fits best: prefer one that makes a group
        options = []
        for i, card in enumerate(reserves):
            pos = fit_position(hand, card)
            options.append((pos == len(hand), i, pos))
        _, i, pos = min(options)
        return ReserveMove(p, i, pos)


class _Solver:
    """The exact min-plays count of hands, cached (hands recur across candidates)."""

    def __init__(self) -> None:
        self.cache: dict[tuple[int, ...], tuple[int, int]] = {}

    def evaluate(self, hands: list[tuple[int, ...]]) -> list[tuple[int, int]]:
        """Per hand: (fewest plays, strength of the strongest play of that partition)."""
        todo = [h for h in dict.fromkeys(hands) if h not in self.cache and h]
        if todo:
            results = _core.solve_hands("krass", [list(h) for h in todo], "min-plays", {})
            for h, r in zip(todo, results):
                plays: list[list[tuple[int, int]]] = r["plays"]  # type: ignore[assignment]
                top = 0
                for play in plays:
                    codes = [c for c, _ in play]
                    values = tuple(v for c, v in play if c == X)
                    s = play_strength(codes, values)
                    if isinstance(s, int) and s < DRAW:
                        top = max(top, s)
                self.cache[h] = (len(plays), top)
        if len(self.cache) > 50_000:
            self.cache.clear()
        return [self.cache[h] if h else (0, 0) for h in hands]


@register_bot("krass", "expert")
class ExpertBot:
    """Scores each move by the min-plays count of the hand it leaves, plus the trick situation."""

    level = "expert"

    #: Weights of the score (lower is better), in units of "one more play needed".
    CARD = 0.05  # each card held, beyond the plays it needs
    LEAD = 0.6  # winning the trick and leading the next one
    DRAWN = 0.7  # each card the trick winner must draw
    SAFETY = 0.35  # losing the last way out (a reserve, stop or draw card)
    PUNISH = 0.15  # making an opponent draw
    LEADW = 0.01
    FOLLOWW = 0.004
    RESERVE = 0.0

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.solver = _Solver()

    def choose(self, state: "GameState") -> "Move":
        p = state.current_player
        obs = state.observation(p)
        hand = _codes(obs["hand"])
        moves = state.legal_moves()
        if obs["phase"] == "insert":
            card = _CODE[obs["drawing"]["card"]]
            cands = [tuple(hand[:i] + [card] + hand[i:]) for i in range(len(hand) + 1)]
            scores = self.solver.evaluate(cands)
            best = min(range(len(cands)), key=lambda i: (scores[i][0], -scores[i][1], abs(i - fit_position(hand, card))))
            return InsertMove(p, best)
        return self._choose_play(state, obs, hand, list(moves), p)

    def _choose_play(self, state: "GameState", obs: dict[str, Any], hand: list[int], moves: list["Move"],
                     p: int) -> "Move":
        leading = obs["phase"] == "lead"
        after = len(obs["to_act"]) - 1  # players still to act after this one
        draws = obs["draw_cards"]
        reserves = _codes(obs["reserves"][p])
        outs = len(reserves) + sum(1 for c in hand if c in (N, S))
        cands: list[tuple[int, ...]] = []
        infos: list[tuple["Move", int]] = []
        for m in moves:
            if isinstance(m, PlayMove):
                h = hand[:m.start] + hand[m.start + m.length:]
                s = play_strength(hand[m.start:m.start + m.length], m.x)
                assert isinstance(s, int)
            else:
                assert isinstance(m, ReserveMove)
                h = hand[:m.position] + [reserves[m.index]] + hand[m.position:]
                s = -1
            cands.append(tuple(h))
            infos.append((m, s))
        values = self.solver.evaluate(cands)
        best: tuple[float, int] | None = None
        pick = infos[0][0]
        for k, ((m, s), (plays, top)) in enumerate(zip(infos, values)):
            h = cands[k]
            score = plays + self.CARD * len(h) - 0.002 * top
            if s == DRAW:
                if leading:
                    score += 3 * self.DRAWN  # leading a draw card: nobody may play and we draw
                else:
                    score -= self.PUNISH
                    if outs == 1:
                        score += self.SAFETY
            elif s == STOP:
                score += draws * 3 * self.DRAWN - (self.LEAD if h else 0)
                if outs == 1:
                    score += self.SAFETY
            elif s >= 0:
                win = after == 0 or (kind_of(s) >= 3 and number_of(s) >= 9)
                if win:
                    score += draws * 3 * self.DRAWN - (self.LEAD if h else 0)
                if leading:
                    score += self.LEADW * s / 16
                else:
                    score += self.FOLLOWW * s / 16
            else:  # a reserve card
                score += self.RESERVE
                if outs == 1:
                    score += self.SAFETY
            key = (score, k)
            if best is None or key < best:
                best, pick = key, m
        return pick
