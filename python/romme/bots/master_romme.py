"""The master's Rommé part: the discards it compares beside the expert's move.

A Rommé hand of 13 or more cards has more legal moves than the master searches whole (``MAX_CANDIDATES`` of
:mod:`.master`), so without help it compares only the expert's and the greedy bot's moves. In the play phase the
expert's own discard ranking gives the few discards worth comparing; a discard where the expert would lay a meld,
lay off or open is the master's way to hold those cards back (a meld kept in hand is not a card the other seat
can lay off to, and going out later at once lays them all). Every candidate is built from what the seat sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import GameState, Move
    from ..rules import Rules

#: discards of Rommé searched besides the expert's move (the best by the expert's own ranking)
DISCARDS_SEARCHED = 4


def ranked_discards(state: GameState, limit: int = DISCARDS_SEARCHED) -> list[Move]:
    """The ``limit`` best discards of the seat to move in the play phase, best first, by the Rommé expert's
    discard choice (a fresh expert, so that the order depends on the observation only); none elsewhere."""
    from ..games.romme import RommeState
    from ..games.romme.melds import RuleView
    from ..games.romme.moves import Discard
    from ..rng import Rng
    from . import romme as expert

    if not isinstance(state, RommeState) or state.phase != "play":
        return []
    left = [m for m in state.legal_moves() if isinstance(m, Discard)]
    if not left:
        return []
    view = state.seat_view(state.current_player)
    hand = sorted(view.hand)
    bot = expert.ExpertBot(Rng(0))
    bot.rules = RuleView.of(state.rules.options)
    bot.opts = state.rules
    ranked: list[Move] = []
    while left and len(ranked) < limit:
        best = bot.pick_discard(view, hand, left)
        ranked.append(best)
        left = [m for m in left if m != best]
    return ranked


def searches_table(rules: Rules) -> bool:
    """Whether the Rommé expert searches the table under ``rules`` (Räuber-Rommé: the core's table search, under a
    work budget of its own, at every turn after opening): then the master counts that work (:mod:`.master_budget`)."""
    return bool(rules.rauber)
