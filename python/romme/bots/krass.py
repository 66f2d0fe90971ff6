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
from ..games.krass_combos import DRAW, N, S, STOP, T1, T2, T3, VALID2, VALID3, X, play_strength
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
        self.cache: dict[tuple[int, ...], int] = {}

    def min_plays(self, hands: list[tuple[int, ...]]) -> list[int]:
        """Per hand: the fewest plays that empty it (one batch call for the new ones)."""
        cache = self.cache
        todo = [h for h in dict.fromkeys(hands) if h and h not in cache]
        if todo:
            if len(cache) > 100_000:
                cache.clear()
            for h, r in zip(todo, _core.solve_hands("krass", [list(h) for h in todo], "min-plays", {})):
                cache[h] = len(r["plays"])  # type: ignore[arg-type]
        return [cache[h] if h else 0 for h in hands]


def hand_power(hand: Sequence[int]) -> int:
    """The strongest combination any window of ``hand`` shows (0 if none; stop
    and draw cards do not count)."""
    best = 0
    n = len(hand)
    for i in range(n):
        a = hand[i]
        for s, _ in T1[a]:
            if s < DRAW:
                best = max(best, s)
                break
        if i + 1 < n:
            k = a * 15 + hand[i + 1]
            if T2[k]:
                best = max(best, T2[k][0][0])
            if i + 2 < n and T3[k * 15 + hand[i + 2]]:
                best = max(best, T3[k * 15 + hand[i + 2]][0][0])
    return best


_STUCK: dict[int, list[float]] = {}


def p_stuck(size: int, beat: int) -> float:
    """Chance that a random hand of ``size`` cards holds no stop or draw card
    and nothing that beats ``beat`` (estimated once per size from 400 seeded
    random hands of the full deck)."""
    size = min(size, 20)
    table = _STUCK.get(size)
    if table is None:
        rng = Rng(f"krass-stuck-{size}")
        full = list(range(12)) * 4 + [X, X, N, N, S, S]
        counts = [0] * 81
        samples = 400
        for _ in range(samples):
            rng.shuffle(full)
            h = full[:size]
            if N in h or S in h:
                continue
            counts[hand_power(h)] += 1
        # table[b] = share of hands whose best combination is <= b
        table, acc = [], 0
        for b in range(81):
            acc += counts[b]
            table.append(acc / samples)
        _STUCK[size] = table
    return table[min(max(beat, 0), 80)] if beat >= 0 else 0.0


@register_bot("krass", "expert")
class ExpertBot:
    """Scores each move by the hand it leaves (exact min-plays count, safety,
    strength) and by what it does to the trick (lead, draws, pressure on
    opponents who have no reserve card left)."""

    level = "expert"

    #: Weights of the score (lower is better), in units of "one more play needed".
    W_PLAYS = 1.0  # each play still needed to empty the hand
    W_CARD = 0.05  # each card held
    W_OUT = 0.8  # each way out when unable to beat (reserve, stop or draw card), concave
    W_POWER = 1.0  # the strongest combination kept, scaled to 0..1
    W_LEAD = 0.6  # winning the trick and leading the next one
    W_DRAWN = 0.25  # each card the trick winner must draw
    W_PRESS = 1.5  # chance that a later player without reserves is stuck (and loses the deal)
    W_PUNISH = 0.15  # making an opponent draw
    W_LEADSTR = 0.3  # leading: per combination type, to keep strong plays for following

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.solver = _Solver()

    def choose(self, state: "GameState") -> "Move":
        p = state.current_player
        obs = state.observation(p)
        hand = _codes(obs["hand"])
        if obs["phase"] == "insert":
            card = _CODE[obs["drawing"]["card"]]
            cands = [tuple(hand[:i] + [card] + hand[i:]) for i in range(len(hand) + 1)]
            plays = self.solver.min_plays(cands)
            fit = fit_position(hand, card)
            best = min(range(len(cands)), key=lambda i: (plays[i], -hand_power(cands[i]), abs(i - fit)))
            return InsertMove(p, best)
        return self._choose_play(state, obs, hand, p)

    def _outs(self, n_reserves: int, hand: Sequence[int]) -> float:
        k = n_reserves + sum(1 for c in hand if c == N or c == S)
        return (0.0, 1.0, 1.6, 2.0)[min(k, 3)]

    def _choose_play(self, state: "GameState", obs: dict[str, Any], hand: list[int], p: int) -> "Move":
        leading = obs["phase"] == "lead"
        later = [d["seat"] for d in obs["to_act"][1:]]
        draws = obs["draw_cards"]
        sizes = obs["hand_sizes"]
        reserves = _codes(obs["reserves"][p])
        exposed = [q for q in later if not obs["reserves"][q]]  # must beat or be stuck
        beat = -1
        if obs["to_beat"] is not None:
            beat = max(s for e in obs["trick"] if e["action"] == "play"
                       for s in [_entry_strength(e)] if s < DRAW)
        moves = state.legal_moves()
        # One reserve candidate per (reserve, position) would be many; the hand
        # value decides the position, so all are scored but cheaply (cached).
        cands: list[tuple[int, ...]] = []
        infos: list[tuple["Move", int, int]] = []  # move, strength (-1: reserve), reserves left
        for m in moves:
            if isinstance(m, PlayMove):
                h = hand[:m.start] + hand[m.start + m.length:]
                s = play_strength(hand[m.start:m.start + m.length], m.x)
                assert isinstance(s, int)
                infos.append((m, s, len(reserves)))
            else:
                assert isinstance(m, ReserveMove)
                h = hand[:m.position] + [reserves[m.index]] + hand[m.position:]
                infos.append((m, -1, len(reserves) - 1))
            cands.append(tuple(h))
        plays = self.solver.min_plays(cands)

        def stuck_chance(level: int, queue: list[int]) -> tuple[float, float]:
            """(someone later is stuck, nobody later beats) for a combination of ``level``."""
            none_stuck, none_beat = 1.0, 1.0
            for q in queue:
                ps = p_stuck(sizes[q], level)
                if q in exposed:
                    none_stuck *= 1.0 - ps
                none_beat *= ps if q in exposed else max(ps, 0.5)
            return 1.0 - none_stuck, none_beat

        base_stuck, _ = stuck_chance(beat, later)
        best_key: tuple[float, int] | None = None
        pick = infos[0][0]
        for k, ((m, s, res_left), n_plays) in enumerate(zip(infos, plays)):
            h = cands[k]
            score = (self.W_PLAYS * n_plays + self.W_CARD * len(h) - self.W_OUT * self._outs(res_left, h)
                     - self.W_POWER * hand_power(h) / 80)
            if s == DRAW:
                if leading:
                    score += self.W_DRAWN * 3  # nobody need play, and we may win and draw
                else:
                    score -= self.W_PUNISH + self.W_PRESS * base_stuck
            elif s == STOP:
                score += self.W_DRAWN * 3 * draws - (self.W_LEAD if h else 0)
            elif s >= 0:
                stuck, win = (0.0, 1.0) if not later else stuck_chance(s, later)
                score -= self.W_PRESS * stuck
                score += win * (self.W_DRAWN * 3 * draws - (self.W_LEAD if h else 0))
                if leading:
                    score += self.W_LEADSTR * (s >> 4)
            else:
                score -= self.W_PRESS * base_stuck
            key = (score, k)
            if best_key is None or key < best_key:
                best_key, pick = key, m
        return pick


def _entry_strength(entry: dict[str, Any]) -> int:
    """Strength of a trick entry of the observation (a play)."""
    codes = _codes(entry["cards"].split())
    s = play_strength(codes, tuple(entry.get("x", ())))
    assert isinstance(s, int)
    return s
