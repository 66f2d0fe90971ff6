"""How the master values a rollout and chooses among its candidates.

A rollout ends when a score changes (the deal is over and the game scored it exactly), when the game ends, or at
the search's horizon. Its value for the seat is the seat's score change minus the others' mean change
(sign-flipped where lower is better), plus :data:`WIN_BONUS` for winning the game; in Rummy (rollouts to the game's
end) it is the outcome alone (:data:`WIN_VALUED`); in two-seat Königs-Rommé it is
instead the chance to win the game from the scores reached (:func:`.master_koenigs.win_chance_value`), also where
the horizon cut the rollout. Elsewhere a rollout cut by the horizon adds how much better the seat's hand stands
than the others' (:class:`CutValue`, per game in :data:`CUT_VALUES`): in Rummy, Rommé and 1x1-Rommé by the core's
hand solver, what a hand still lacks to go out (the cards it cannot meld: the distance to going out) and what those
cards would cost (points at risk).
"""

from __future__ import annotations

import enum
import functools
import math
import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import GameState

#: value of winning the game (in score points of the game)
WIN_BONUS = 50.0
#: games whose rollouts (played to the game's end) are valued by the game's outcome alone: :data:`WIN_VALUE` for
#: a win, half for a draw, 0 for a loss. In Rummy the points of the end (the loser's hand) spread the rollouts'
#: values far more than the outcome does, and the head to head counts the wins
WIN_VALUED = {"rummy"}
WIN_VALUE = 100.0
#: value of one card fewer in hand than the others' mean (:attr:`CutValue.CARDS`)
HAND_CARD_VALUE = 2.0
#: value of one unmeldable card fewer than the others' mean (:attr:`CutValue.SOLVED`): one more card to get rid
#: of is about a turn further from going out, worth about a card's points
DISTANCE_VALUE = 8.0
#: a move other than the expert's is played only if it was compared in at least this many worlds and its mean
#: gain there exceeds :func:`confidence` standard errors of the gain (fewer worlds: the spread itself is unsure)
DEVIATE_WORLDS = 12
#: the chance, when no candidate is better than the expert's move, that the search leaves it anyway (one-sided)
FALSE_DEVIATION = 0.025
#: games whose search may leave the expert's move on weaker evidence: in 1x1-Rommé the moves the master chose
#: on this level, replayed in the real position (every hand as it is, the stock reshuffled), gained more than
#: the expert's moves there on most positions (docs/MASTER-BOT.md), so the strict level only kept good moves out;
#: the same in Rommé with its 10-move rollouts; in two-seat Königs-Rommé (key ``game/seats``: the win-chance
#: value, worlds that explain the other seat's last discard) the deviations the level 0.1 added to the strict one
#: gained in the real positions (with more seats, valued in points, it was not measured)
FALSE_DEVIATIONS = {"einmaleins": 0.2, "romme": 0.2, "koenigs/2": 0.1}


def deviation_level(game_id: str, players: int) -> float:
    """The false-deviation level of ``game_id`` with ``players`` seats: :data:`FALSE_DEVIATIONS` under
    ``"game/seats"``, else under the game, else :data:`FALSE_DEVIATION`."""
    return FALSE_DEVIATIONS.get(f"{game_id}/{players}", FALSE_DEVIATIONS.get(game_id, FALSE_DEVIATION))


class CutValue(enum.Enum):
    """What a rollout cut by the horizon is worth beyond the scores: how the hands stand."""

    #: :data:`HAND_CARD_VALUE` per card fewer in hand than the others' mean
    CARDS = "cards"
    #: the core's hand points (what the end of the deal would charge), the others' mean minus the seat's
    POINTS = "points"
    #: the core's hand solver: :data:`DISTANCE_VALUE` per unmeldable card plus those cards' points, the
    #: others' mean minus the seat's
    SOLVED = "solved"


#: the cut value of each game (the rest: :attr:`CutValue.CARDS`)
CUT_VALUES = {"rummy": CutValue.SOLVED, "einmaleins": CutValue.SOLVED, "romme": CutValue.SOLVED}


def _hand_size(state: GameState, seat: int) -> int:
    return len(state.zones().get(f"hand{seat}", ()))


def _hand_cards(state: GameState, seat: int) -> float:
    return HAND_CARD_VALUE * _hand_size(state, seat)


@functools.lru_cache(maxsize=16)  # keyed by game id
def _point_table(game_id: str) -> tuple[int, ...]:
    from .. import _core

    return tuple(_core.hand_points(game_id))


def _hand_points(state: GameState, seat: int) -> float:
    """The points ``seat``'s hand would cost at the end of the deal (the core's table)."""
    points = _point_table(state.game_id)
    return float(sum(points[c] for c in state.zones().get(f"hand{seat}", ())))


def _lower_is_better(state: GameState) -> bool:
    return bool(state.result().detail.get("lower_is_better", False))


def rollout_value(world: GameState, player: int, start_scores: Sequence[int], sign: float) -> float:
    """The value for ``player`` of a finished rollout ``world`` that began at ``start_scores``."""
    if world.game_id == "koenigs-solo":
        res = world.result()
        finished = bool(res.winners) if world.is_over else False
        return (1000.0 if finished else 0.0) + float(res.scores[0] if res.scores else 0)
    if world.game_id == "koenigs" and world.num_players == 2:  # a head to head: the chance to win the game
        from .master_koenigs import win_chance_value

        return win_chance_value(world, player)
    res = world.result()
    if world.game_id in WIN_VALUED and world.is_over:  # a head to head is won by the game, not by its points
        return WIN_VALUE * (1.0 if player in res.winners else 0.5 if not res.winners else 0.0)
    deltas = [s - s0 for s, s0 in zip(res.scores, start_scores)]
    others = [d for p, d in enumerate(deltas) if p != player]
    value = sign * (deltas[player] - (sum(others) / len(others) if others else 0.0))
    if world.is_over:
        value += WIN_BONUS if player in res.winners else 0.0
    elif list(res.scores) == list(start_scores):  # cut by the horizon: the hands say who is ahead
        cut = CUT_VALUES.get(world.game_id, CutValue.CARDS)
        mine = hand_standing(world, player, cut)
        rest = [hand_standing(world, p, cut) for p in range(world.num_players) if p != player]
        value += (sum(rest) / len(rest) if rest else 0.0) - mine
    return value


def hand_standing(state: GameState, seat: int, cut: CutValue) -> float:
    """What ``seat``'s hand still costs under ``cut`` (lower is better)."""
    if cut is CutValue.CARDS:
        return _hand_cards(state, seat)
    if cut is CutValue.POINTS:
        return _hand_points(state, seat)
    distance, at_risk = solved_hand(state.game_id, tuple(state.zones().get(f"hand{seat}", ())))
    return DISTANCE_VALUE * distance + at_risk


def solved_hand(game_id: str, cards: tuple[int, ...]) -> tuple[int, int]:
    """(cards the hand cannot meld by itself, their points): the core's hand solver, most cards melded. A hand
    the solver refuses (too hard for its work limit) counts every card."""
    from .. import _core

    if not cards:
        return 0, 0
    try:
        res = _core.solve_hand(game_id, list(cards), "max-cards", {})
    except ValueError:
        res = None
    if res is None or not res.proven:  # (refused, or a cut solve's best found: the hand counted whole as before)
        points = _point_table(game_id)
        return len(cards), sum(points[c] for c in cards)
    return len(res.left), res.left_points


def pick(
    values: Sequence[Sequence[float]], baseline: int, compared: int | None = None, level: float = FALSE_DEVIATION
) -> int:
    """The candidate to play: the one with the best mean gain over ``baseline`` (the expert's move) in the same
    worlds, if that gain exceeds :func:`confidence` standard errors; else ``baseline``. A handful of noisy
    rollouts must not talk the bot out of a good move. ``compared``: how many candidates the search compared
    with the baseline (all of them, also those dropped by halving; default: ``len(values)``); ``level``: the
    false-deviation level (:data:`FALSE_DEVIATION`, :data:`FALSE_DEVIATIONS`)."""
    worlds = len(values[baseline])
    best, best_gain = baseline, 0.0
    if worlds < DEVIATE_WORLDS:
        return baseline
    z = confidence(compared if compared is not None else len(values), level)
    for i, vs in enumerate(values):
        diffs = [v - b for v, b in zip(vs, values[baseline])]
        mean = sum(diffs) / worlds
        var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
        if mean > best_gain and mean > z * math.sqrt(var / worlds):
            best, best_gain = i, mean
    return best


def confidence(candidates: int, level: float = FALSE_DEVIATION) -> float:
    """Standard errors a gain must exceed when ``candidates`` moves (the baseline among them) were compared: the
    one-sided ``level`` shared among the ``candidates - 1`` comparisons (Bonferroni), so that with many
    candidates a lucky one does not talk the bot out of the expert's move more often than with two (at
    :data:`FALSE_DEVIATION`, 2 candidates: 1.96; 4: 2.39; 8: 2.69; 12: 2.84 standard errors; at 0.2: 0.84,
    1.50, 1.90, 2.09)."""
    others = max(1, candidates - 1)
    return statistics.NormalDist().inv_cdf(1.0 - level / others)


def _halve(alive: list[int], values: Sequence[Sequence[float]], baseline: int) -> list[int]:
    """The better half of ``alive`` by mean value (ties by index), always with ``baseline``."""
    ranked = sorted(alive, key=lambda i: (-sum(values[i]) / len(values[i]), i))
    keep = set(ranked[: (len(alive) + 1) // 2]) | {baseline}
    return [i for i in alive if i in keep]
