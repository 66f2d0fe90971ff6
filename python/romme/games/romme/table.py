"""Rommé's meld rules for the table games' one draft helper (``tablemoves.TableDraft``).

A draft of Rommé's new table is built like 1x1-Rommé's and Rummy's and played as the
place-move (``place M | M``): without ``rauber`` the game takes what new melds, lay-offs
and joker swaps make, with it any rearrangement::

    draft = table_draft(state)                # the table and the hand of the seat to move
    draft.move(code("8h"), 0, None)           # the 8h of meld 1 starts a new meld ...
    draft.add(code("9h"), 2).add(code("10h"), 2)
    state.apply(draft.to_move(state))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tablemoves import Draft, MeldT, TableDraft
from .melds import DECLARED, JOKER, MeldError, RuleView, build_meld

if TYPE_CHECKING:
    from . import RommeState


class RommeMelds:
    """Rommé's meld reading for :class:`~romme.games.tablemoves.TableDraft` (the ``MeldRules`` protocol):
    the core reads the cards in the order written, a joker declared or placed by the rules."""

    game = "romme"

    def __init__(self, rules: RuleView) -> None:
        self.rules = rules

    def is_wild(self, code: int) -> bool:
        return code == JOKER

    def resolve(self, cards: Draft) -> MeldT | None:
        specs = [c if c != JOKER else JOKER if s is None else DECLARED + s for c, s in cards]
        try:
            return build_meld(specs, self.rules).cards
        except MeldError:
            return None


def table_draft(state: RommeState) -> TableDraft:
    """A draft of the new table by the seat to move (their own hand only)."""
    p = state.current_player
    return TableDraft(RommeMelds(state.opts), [m.cards for m in state.table], state.hands[p])
