"""Moves the master searches beside the expert's and the greedy bot's: close alternatives the expert never weighs.

In 1x1-Rommé and Rommé (:mod:`.master_romme`) a hand of many cards has more discards than the search takes
(``MAX_CANDIDATES`` of :mod:`.master`); a ranking of them gives the few worth comparing (1x1-Rommé: the master's
discard rule, :mod:`.master_einmaleins`; Rommé: the expert's own). In
Königs-Rommé (:mod:`.master_koenigs`) the discard that leaves the fewest points in hand (the expert ranks by the
distance to going out first); with two seats the move kept unless another is clearly better is the discard with
the most outs among those at the expert's distance (:func:`preferred_move`). Every candidate is built from what
the seat sees: its hand, the discard pile and the public history.

Rummy has none: its move list offers only ``pass`` and a few single placements, and the table search's other
answers (the most points laid, the most cards with the jokers kept) made the master worse, not better (measured:
against the expert, better than an expert in its seat on 5 of 40 deals and worse on 10; docs/MASTER-BOT.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import GameState, Move

#: discards of 1x1-Rommé searched besides the expert's choice (the best by the master's discard rule,
#: :func:`.master_einmaleins.discard_ranking`: where the expert would place, the search may hold the cards instead)
DISCARDS_SEARCHED = 4


def preferred_move(state: GameState, expert_move: Move) -> Move:
    """The move the search keeps unless another is clearly better: the expert's, but in two-seat Königs-Rommé
    the expert's discard distance with the most outs (:func:`.master_koenigs.outs_discard`)."""
    if state.game_id == "koenigs":
        from .master_koenigs import outs_discard

        return outs_discard(state) or expert_move
    return expert_move


def extra_candidates(state: GameState) -> list[Move]:
    """Alternatives to the expert's move in ``state`` (may repeat it or each other; the caller drops repeats)."""
    if state.game_id == "einmaleins":
        return _einmaleins(state)
    if state.game_id == "romme":
        from .master_romme import ranked_discards

        return ranked_discards(state)
    if state.game_id == "koenigs":
        from .master_koenigs import points_discards

        return points_discards(state)
    return []


def _einmaleins(state: GameState) -> list[Move]:
    from .master_einmaleins import discard_ranking

    return discard_ranking(state)[:DISCARDS_SEARCHED]
