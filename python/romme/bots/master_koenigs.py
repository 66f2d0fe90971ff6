"""The master's Königs-Rommé part: the discards it compares beside the expert's move, the expert's discard that
the sampled worlds must explain (:func:`broke_discard`), the stock cards each seat draws on every candidate's line
(:class:`StockDraws`), and how it values a two-seat rollout (the chance to win the game, :func:`win_chance_value`).

The expert keeps the hand closest to going out (fewest good draws still needed) and only then the fewest points;
it weighs the points alone only in the last turn, after another seat went out. When the other seat is near going
out the cards left in hand are what the deal charges, so a discard that keeps fewer points at the cost of a draw
more is the alternative the expert never weighs. From round 6 a hand has more discards than the master searches
whole (``MAX_CANDIDATES`` of :mod:`.master`), and without this one it compares only the expert's and the greedy
bot's discards. Every candidate is built from what the seat sees: its hand and the round.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .master_rollout import SeatDraws

if TYPE_CHECKING:
    from ..engine import GameState, Move


def points_discards(state: GameState) -> list[Move]:
    """The discard that leaves the fewest points in hand (ties: the higher card goes, as the expert breaks them)
    in the discard phase before anyone went out, unless the seat can go out; none elsewhere. A seat that can go
    out scores nothing for the deal and charges the other seat its hand: no discard keeping the points in hand
    does better, and a rollout budget spent on one is lost for the go-out cards. It leaves the hand at most one
    good draw further from going out than the expert's: no two discards differ by more (keeping card x instead of
    y, a wild drawn in y's place melds wherever y would, and x stays one card over). May repeat the expert's move
    (the caller drops repeats)."""
    from ..games.koenigs import Discard, GoOut, card_points
    from . import koenigs as expert

    if state.game_id != "koenigs" or state.phase != "discard":
        return []
    moves = state.legal_moves()
    if any(isinstance(m, GoOut) for m in moves):
        return []
    _, hand, _, round_ = expert._view(state)
    # the expert's own discard measures (cached where it chose a discard in this position)
    measures = expert._discard_measures(tuple(sorted(hand)), round_, True)
    if len(measures) < 2:
        return []
    card = min((points, -card_points(card, round_), card) for card, _, points in measures)[2]
    return [m for m in moves if isinstance(m, Discard) and m.card == card]


def expert_discard(hand: list[int], round_: int) -> int:
    """The card the Königs-Rommé expert discards from ``hand`` (codes) mid-deal: the one leaving the hand closest
    to going out, then with the fewest points, ties to the higher card (``bots.koenigs`` ``best_discard``). The
    core is called directly, not through the expert's small cache of the hands it plays (a sampler's hands
    would push those out)."""
    from .. import _core
    from ..games.koenigs import card_points
    from .koenigs import FAR

    best: tuple[int, int, int, int] | None = None
    for m in _core.koenigs_discard_measures(sorted(hand), round_, FAR - 1):
        key = (FAR if m.distance is None else m.distance, m.points, -card_points(m.card, round_), m.card)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[3]


def broke_discard(after_draw: list[int], discarded: int, round_: int) -> bool:
    """Whether an expert holding ``after_draw`` (its hand after its last draw) would have discarded another card
    than ``discarded``. The other seat's hand changes only on its own turns, so its hand now plus its last discard
    is what it chose from; a world whose hand for it breaks this is not one the expert could have left (4 of 5
    worlds the other checks of :mod:`.master_reveal` allow break it)."""
    return expert_discard(after_draw, round_) != discarded


class StockDraws(SeatDraws):
    """:class:`.master_rollout.SeatDraws` for Königs-Rommé (common random numbers across the candidates): a seat's
    ``k``-th draw from the stock in a rollout is its ``k``-th card of the sampled stock's split. A seat that takes
    the discard pile's top instead of drawing from the stock (or leaves a card the other seat then takes) would
    otherwise shift every later stock card to the other seat, so that the same sampled world dealt two candidates'
    lines unrelated hands and the paired comparison measured mostly that luck."""

    def takes_stock(self, move: Move) -> bool:
        return getattr(move, "kind", "") == "draw" and getattr(move, "source", "") == "stock"


#: the spread of one deal's score difference between two seats (points; about its standard deviation between two
#: experts, nearly the same in every round: docs/MASTER-BOT.md): the scale of the remaining deals' luck in
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
    from ..games.koenigs import ROUNDS, KoenigsState

    assert isinstance(world, KoenigsState) and world.num_players == 2
    scores = world.result().scores
    lead = float(scores[1 - player] - scores[player])
    if world.is_over:
        return WIN_VALUE if lead > 0 else WIN_VALUE / 2 if lead == 0 else 0.0
    deals_left = ROUNDS - world.round + 1
    spread = DEAL_SPREAD * math.sqrt(deals_left)
    return WIN_VALUE * 0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0))))
