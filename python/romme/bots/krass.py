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

Why safety weighs most: in simulation about 95 % of all deals end
because a follower can neither beat nor take a reserve, not because one
player is left with cards. So the expert keeps its ways out (reserves, stop
and draw cards) and pressures opponents whose reserves are gone (public), with
:func:`p_stuck`, the chance that a hand of their size cannot beat a given
combination. The weights were tuned in mirrored head-to-head matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import _core
from ..games.krass import InsertMove, PlayMove, ReserveMove
from ..games.krass.combos import (
    DRAW,
    STOP,
    T1,
    T2,
    T3,
    VALID2,
    VALID3,
    N,
    S,
    X,
    play_strength,
)
from ..games.krass.combos import describe as combination_name
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

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.below(len(moves))]


def fit_position(hand: list[int], card: int) -> int:
    """Where ``card`` joins the best group with its new neighbours (a triple or
    3-straight, then a pair or 2-straight); the hand's end if nowhere."""
    best, best_pos = 0, len(hand)
    for pos in range(len(hand) + 1):
        row = hand[max(pos - 2, 0):pos] + [card] + hand[pos:pos + 2]
        at = min(pos, 2)  # index of the card in row
        score = 0
        for start in range(max(at - 2, 0), at + 1):
            group = row[start:start + 3]
            if len(group) == 3 and VALID3[(group[0] * 15 + group[1]) * 15 + group[2]]:
                score = 3
                break
        pairs_left = at > 0 and VALID2[row[at - 1] * 15 + card]
        pairs_right = at + 1 < len(row) and VALID2[card * 15 + row[at + 1]]
        if not score and (pairs_left or pairs_right):
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

    def choose(self, state: GameState) -> Move:
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
        self.cache: dict[tuple[int, ...], tuple[int, int]] = {(): (0, 0)}

    def evaluate(self, hands: list[tuple[int, ...]]) -> list[tuple[int, int]]:
        """Per hand: (fewest plays that empty it, :func:`hand_power`); one batch
        solver call for the hands not seen before."""
        cache = self.cache
        todo = [h for h in dict.fromkeys(hands) if h not in cache]
        if todo:
            if len(cache) > 100_000:
                cache.clear()
                cache[()] = (0, 0)
            for h, r in zip(todo, _core.solve_hands("krass", [list(h) for h in todo], "min-plays", {})):
                cache[h] = (len(r.plays or ()), hand_power(h))
        return [cache[h] for h in hands]


#: Strongest combination per window (0: none, or only a stop/draw card), as T1..T3.
_P1 = [max((s for s, _ in r if s < DRAW), default=0) for r in T1]
_P2 = [r[0][0] if r else 0 for r in T2]
_P3 = [r[0][0] if r else 0 for r in T3]


def hand_power(hand: Sequence[int]) -> int:
    """The strongest combination any window of ``hand`` shows (0 if none; stop
    and draw cards do not count)."""
    best = 0
    n = len(hand)
    p1, p2, p3 = _P1, _P2, _P3
    for i in range(n):  # (comparisons, not max(): this runs for every hand the expert weighs)
        a = hand[i]
        v = p1[a]
        if i + 1 < n:
            k = a * 15 + hand[i + 1]
            if p2[k] > v:
                v = p2[k]
            if i + 2 < n and p3[k * 15 + hand[i + 2]] > v:
                v = p3[k * 15 + hand[i + 2]]
        if v > best:
            best = v
    return best


_STUCK: list[list[float]] = []
_STUCK_SIZES = 20


def _stuck_tables() -> list[list[float]]:
    """``table[size][b]``: share of random hands of ``size`` cards with no stop or
    draw card whose strongest combination is at most ``b``. Estimated once from
    2,000 seeded random deals: the first ``size`` cards of each."""
    samples = 2000
    counts = [[0] * 81 for _ in range(_STUCK_SIZES + 1)]
    rng = Rng("krass-stuck")
    full = list(range(12)) * 4 + [X, X, N, N, S, S]
    for _ in range(samples):
        h: list[int] = []
        best = 0
        for size in range(1, _STUCK_SIZES + 1):
            j = rng.below(len(full) - size + 1) + size - 1  # partial Fisher-Yates from the front
            full[size - 1], full[j] = full[j], full[size - 1]
            c = full[size - 1]
            if c == N or c == S:
                break  # this deal's longer prefixes all hold a way out
            h.append(c)
            best = max(best, _P1[c])
            if size >= 2:
                k = h[-2] * 15 + c
                best = max(best, _P2[k])
                if size >= 3:
                    best = max(best, _P3[h[-3] * 225 + k])
            counts[size][best] += 1
    tables = []
    for size in range(_STUCK_SIZES + 1):
        acc, row = 0, []
        for b in range(81):
            acc += counts[size][b]
            row.append(acc / samples)
        tables.append(row)
    return tables


def p_stuck(size: int, beat: int, unseen: int = 0, specials: int = -1) -> float:
    """Chance that a random hand of ``size`` cards holds no stop or draw card
    and nothing that beats ``beat``. With ``unseen`` cards hidden from us of
    which ``specials`` are stop or draw cards, the share without one is
    corrected from the full deck's (4 of 54) to that."""
    if not _STUCK:
        _STUCK.extend(_stuck_tables())
    if beat < 0:
        return 0.0
    p = _STUCK[min(size, _STUCK_SIZES)][min(beat, 80)]
    if specials >= 0 and unseen >= size:
        p *= _no_special(unseen, specials, size) / _no_special(54, 4, size)
    return min(p, 1.0)


@lru_cache(maxsize=4096)
def _no_special(cards: int, specials: int, size: int) -> float:
    """Chance that ``size`` cards drawn from ``cards`` miss all ``specials``."""
    p = 1.0
    for i in range(min(size, _STUCK_SIZES)):
        p *= max(cards - specials - i, 0) / (cards - i)
    return p


@register_bot("krass", "expert")
class ExpertBot:
    """Scores each move by the hand it leaves (exact min-plays count, safety,
    strength) and by what it does to the trick (lead, draws, pressure on
    opponents who have no reserve card left)."""

    level = "expert"

    #: Weights of the score (lower is better), in units of "one more play needed".
    W_PLAYS = 1.0  # each play still needed to empty the hand
    W_CARD = 0.05  # each card held
    W_OUT = 1.4  # each way out when unable to beat (reserve, stop or draw card), concave
    W_POWER = 1.0  # the strongest combination kept, scaled to 0..1
    W_LEAD = 0.6  # winning the trick and leading the next one
    W_DRAWN = 0.25  # each card the trick winner must draw
    W_PRESS = 1.5  # chance that a later player without reserves is stuck (and loses the deal)
    W_PUNISH = 0.15  # making an opponent draw
    W_LEADSTR = 0.15  # leading: per combination type, to keep strong plays for following

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.solver = _Solver()

    def choose(self, state: GameState) -> Move:
        p = state.current_player
        obs = state.observation(p)
        hand = _codes(obs["hand"])
        if obs["phase"] == "insert":
            card = _CODE[obs["drawing"]["card"]]
            cands = [tuple(hand[:i] + [card] + hand[i:]) for i in range(len(hand) + 1)]
            values = self.solver.evaluate(cands)
            fit = fit_position(hand, card)
            best = min(range(len(cands)), key=lambda i: (values[i][0], -values[i][1], abs(i - fit)))
            return InsertMove(p, best)
        return self._choose_play(state, obs, hand, p)

    def explain(self, state: GameState, move: Move) -> str:
        """One line on ``move`` for ``romme play``'s hint: what the hand needs afterwards."""
        p = move.player
        obs = state.observation(p)
        hand = _codes(obs["hand"])
        if isinstance(move, PlayMove):
            after = hand[:move.start] + hand[move.start + move.length:]
            s = play_strength(hand[move.start:move.start + move.length], move.x)
            what = f"play {' '.join(obs['hand'][move.start:move.start + move.length])}"
            what += f" ({combination_name(s)})" if isinstance(s, int) else ""
        elif isinstance(move, ReserveMove):
            card = _codes(obs["reserves"][p])[move.index]
            after = hand[:move.position] + [card] + hand[move.position:]
            what = f"take reserve {obs['reserves'][p][move.index]} into position {move.position}"
        else:
            assert isinstance(move, InsertMove) and obs["drawing"] is not None
            card = _CODE[obs["drawing"]["card"]]
            after = hand[:move.position] + [card] + hand[move.position:]
            what = f"insert the {obs['drawing']['card']} at {move.position}"
        (plays, _), = self.solver.evaluate([tuple(after)])
        return f"{move}: {what}; the hand then empties in {plays} play(s) at best"

    def _outs(self, n_reserves: int, hand: Sequence[int]) -> float:
        k = n_reserves + sum(1 for c in hand if c == N or c == S)
        return (0.0, 1.0, 1.6, 2.0)[min(k, 3)]

    def _choose_play(self, state: GameState, obs: dict[str, Any], hand: list[int], p: int) -> Move:
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
        cands: list[tuple[int, ...]] = []
        infos: list[tuple[int, int, int]] = []  # index in moves, strength (-1: reserve), reserves left
        plays_listed = getattr(moves, "plays", None)
        if plays_listed is not None:  # the lazy list already knows each play's strength
            for i, (start, length, s, _) in enumerate(plays_listed):
                cands.append(tuple(hand[:start] + hand[start + length:]))
                infos.append((i, s, len(reserves)))
            offset = len(plays_listed)
            for j in range(len(moves) - offset):
                r, pos = divmod(j, len(hand) + 1)
                cands.append(tuple(hand[:pos] + [reserves[r]] + hand[pos:]))
                infos.append((offset + j, -1, len(reserves) - 1))
        else:
            for i, m in enumerate(moves):
                if isinstance(m, PlayMove):
                    strength = play_strength(hand[m.start:m.start + m.length], m.x)
                    assert isinstance(strength, int)
                    cands.append(tuple(hand[:m.start] + hand[m.start + m.length:]))
                    infos.append((i, strength, len(reserves)))
                else:
                    assert isinstance(m, ReserveMove)
                    cands.append(tuple(hand[:m.position] + [reserves[m.index]] + hand[m.position:]))
                    infos.append((i, -1, len(reserves) - 1))
        values = self.solver.evaluate(cands)

        # stop and draw cards we cannot see (4 in the deck) among the cards we cannot see
        seen = hand + [c for r in obs["reserves"] for c in _codes(r)] + _codes(obs["discard"])
        seen += [c for e in obs["trick"] for c in _codes(e["cards"].split())]
        specials = 4 - sum(1 for c in seen if c == N or c == S)
        unseen = sum(sizes) - len(hand) + obs["stock_size"]

        def stuck_chance(level: int, queue: list[int]) -> tuple[float, float]:
            """(someone later is stuck, nobody later beats) for a combination of ``level``."""
            none_stuck, none_beat = 1.0, 1.0
            for q in queue:
                ps = p_stuck(sizes[q], level, unseen, specials)
                if q in exposed:
                    none_stuck *= 1.0 - ps
                none_beat *= ps if q in exposed else max(ps, 0.5)
            return 1.0 - none_stuck, none_beat

        base_stuck, _ = stuck_chance(beat, later)
        best_key: tuple[float, int] | None = None
        pick = 0
        stuck_memo: dict[int, tuple[float, float]] = {}
        for k, ((i, s, res_left), (n_plays, power)) in enumerate(zip(infos, values)):
            h = cands[k]
            score = (self.W_PLAYS * n_plays + self.W_CARD * len(h) - self.W_OUT * self._outs(res_left, h)
                     - self.W_POWER * power / 80)
            if s == DRAW:
                if leading:
                    score += self.W_DRAWN * 3  # nobody need play, and we may win and draw
                else:
                    score -= self.W_PUNISH + self.W_PRESS * base_stuck
            elif s == STOP:
                # Leading a stop only keeps the lead one already has.
                score += self.W_DRAWN * 3 * draws - (self.W_LEAD if h and not leading else 0)
            elif s >= 0:
                if s not in stuck_memo:
                    stuck_memo[s] = (0.0, 1.0) if not later else stuck_chance(s, later)
                stuck, win = stuck_memo[s]
                score -= self.W_PRESS * stuck
                score += win * (self.W_DRAWN * 3 * draws - (self.W_LEAD if h else 0))
                if leading:
                    score += self.W_LEADSTR * (s >> 4)
            else:
                score -= self.W_PRESS * base_stuck
            key = (score, k)
            if best_key is None or key < best_key:
                best_key, pick = key, i
        return moves[pick]


def _entry_strength(entry: dict[str, Any]) -> int:
    """Strength of a trick entry of the observation (a play)."""
    codes = _codes(entry["cards"].split())
    s = play_strength(codes, tuple(entry.get("x", ())))
    assert isinstance(s, int)
    return s
