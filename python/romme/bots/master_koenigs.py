"""The master's Königs-Rommé part: the discard it plays where the search finds nothing better (two seats: the
expert's with the most outs, :func:`outs_discard`), the discards it compares beside it, the expert's discard that
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


#: copies of each card in the Königs-Rommé deck (two packs; docs/RULES.md §1)
COPIES = 2


def outs(rest: list[int], seen: list[int], round_: int, distance: int) -> int:
    """How many unseen natural cards would bring ``rest`` (the hand kept after a discard) closer to going out than
    ``distance``: of each natural card, the copies not in ``seen`` (the cards the seat knows are out of reach: its
    whole hand before the discard, the discard pile, the other seat's known cards), counted where ``rest`` plus
    it, less its best discard, needs fewer good draws. Wilds bring every hand closer and count the same for every
    discard, so they are left out."""
    from .. import _core
    from ..games.koenigs import round_wilds
    from .koenigs import FAR

    wild = round_wilds(round_)
    found = 0
    for card in range(len(wild)):
        copies = COPIES - seen.count(card)
        if wild[card] or copies <= 0:
            continue
        measures = _core.koenigs_discard_measures(sorted([*rest, card]), round_, FAR - 1)
        if min(FAR if m.distance is None else m.distance for m in measures) < distance:
            found += copies
    return found


def seen_cards(state: GameState, hand: list[int]) -> list[int]:
    """The cards the seat to move knows are out of reach: ``hand`` (its own), the discard pile (every card in it
    was laid face up; a pile reshuffled into the stock starts again) and the cards the other seats are known to
    have taken from it (:func:`.master_worlds.known_cards`, read from the public history)."""
    from .master_worlds import known_cards

    known = known_cards(state, state.current_player)
    return [*hand, *state.zones().get("discard", ()), *(c for cards in known.values() for c in cards)]


def outs_discard(state: GameState) -> Move | None:
    """Two seats, in the discard phase before anyone went out and where the seat cannot go out: of the discards
    that keep the hand as close to going out as the expert's (the fewest good draws still needed, more than
    none), the one whose kept hand has the most outs (:func:`outs`), ties as the expert breaks them (fewest points,
    then the higher card goes). None elsewhere, or where only one discard keeps that distance. The expert breaks
    those ties by the points alone, and keeps a hand that waits for one card as readily as one that many cards
    complete (docs/MASTER-BOT.md: the outs discard in expert games)."""
    from ..games.koenigs import Discard, GoOut, card_points
    from . import koenigs as expert

    if state.game_id != "koenigs" or state.num_players != 2 or state.phase != "discard":
        return None
    moves = state.legal_moves()
    if any(isinstance(m, GoOut) for m in moves):
        return None
    _, hand, _, round_ = expert._view(state)
    measures = expert._discard_measures(tuple(sorted(hand)), round_, True)
    closest = min((distance for _, distance, _ in measures), default=0)
    ties = [(card, points) for card, distance, points in measures if distance == closest]
    if closest == 0 or len(ties) < 2:
        return None
    seen = seen_cards(state, hand)
    best: tuple[int, int, int, int] | None = None
    for card, points in ties:
        rest = list(hand)
        rest.remove(card)
        key = (-outs(rest, seen, round_, closest), points, -card_points(card, round_), card)
        if best is None or key < best:
            best = key
    assert best is not None
    return next((m for m in moves if isinstance(m, Discard) and m.card == best[3]), None)


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
    scores = world.scores  # (the result's scores, without the copies result() makes)
    lead = float(scores[1 - player] - scores[player])
    if world.is_over:
        return WIN_VALUE if lead > 0 else WIN_VALUE / 2 if lead == 0 else 0.0
    deals_left = ROUNDS - world.round + 1
    spread = DEAL_SPREAD * math.sqrt(deals_left)
    return WIN_VALUE * 0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0))))
