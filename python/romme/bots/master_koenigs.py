"""The master's Königs-Rommé part: the discards it compares beside the expert's move.

The expert keeps the hand closest to going out (fewest good draws still needed) and only then the fewest points;
it weighs the points alone only in the last turn, after another seat went out. When the other seat is near going
out the cards left in hand are what the deal charges, so a discard that keeps fewer points at the cost of a draw
more is the alternative the expert never weighs. From round 6 a hand has more discards than the master searches
whole (``MAX_CANDIDATES`` of :mod:`.master`), and without these it compares only the expert's and the greedy
bot's discards. Every candidate is built from what the seat sees: its hand and the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import GameState, Move

#: a points-minded discard may leave the hand at most this many good draws further from going out than the
#: expert's (beyond it, the cheapest hand at any distance is the other candidate)
EXTRA_DRAWS = 1


def points_discards(state: GameState) -> list[Move]:
    """Discards that leave fewer points in hand than the expert's in the discard phase before anyone went out:
    the one leaving the fewest points at most :data:`EXTRA_DRAWS` draws further from going out than the closest
    discard, and the one leaving the fewest points at any distance (ties: the higher card goes, as the expert
    breaks them); none elsewhere. May repeat the expert's move (the caller drops repeats)."""
    from ..games.koenigs import Discard, card_points
    from . import koenigs as expert

    if state.game_id != "koenigs" or state.phase != "discard":
        return []
    _, hand, _, round_ = expert._view(state)
    measures = expert._discard_measures(tuple(sorted(hand)), round_, True)
    if len(measures) < 2:
        return []
    closest = min(distance for _, distance, _ in measures)

    def cheapest(limit: int) -> int:
        return min((points, -card_points(card, round_), card) for card, distance, points in measures
                   if distance <= limit)[2]

    cards = [cheapest(closest + EXTRA_DRAWS), cheapest(expert.FAR)]
    moves = [m for m in state.legal_moves() if isinstance(m, Discard)]
    return [m for card in dict.fromkeys(cards) for m in moves if m.card == card]


#: the spread of one deal's score difference between two seats (points; the standard deviation between two
#: experts is 15-23 a deal, the same in every round): the scale of the remaining deals' luck in
#: :func:`win_chance_value`
DEAL_SPREAD = 20.0
#: the value of a game won in :func:`win_chance_value`
WIN_VALUE = 100.0


def win_chance_value(world: GameState, player: int) -> float:
    """Two seats: :data:`WIN_VALUE` times the chance that ``player`` wins the game from ``world`` (a tie counts
    half). Exact when the game is over; else a normal model of the deals still to play (the one under way
    included): the chance that their summed score difference, of spread :data:`DEAL_SPREAD` √deals, stays
    below the seat's lead (the other seat's points minus its own; lower is better). A head to head is won or lost
    by the game, not by the points: ahead late in a game, points the other seat may still catch up matter less
    than the lead kept; behind, a gamble that may lose points is worth more than its mean."""
    import math

    from ..games.koenigs import ROUNDS, KoenigsState

    assert isinstance(world, KoenigsState) and world.num_players == 2
    scores = world.result().scores
    lead = float(scores[1 - player] - scores[player])
    if world.is_over:
        return WIN_VALUE if lead > 0 else WIN_VALUE / 2 if lead == 0 else 0.0
    deals_left = ROUNDS - world.round + 1
    spread = DEAL_SPREAD * math.sqrt(deals_left)
    return WIN_VALUE * 0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0))))
