"""Rummy's legal moves of one position as a lazy sequence: ``pass``, then the place moves the core
lists (``_core.RummyTable.placements``), each move object built only when asked for (a random
player reads one of them; the listing stays in the core).
"""

from __future__ import annotations

from collections.abc import Callable

from ... import _core
from ...engine import Move
from ..lazy_moves import LazyMoves
from ..tablemoves import TableT

#: What the state keeps of a listed place move, by the move's id: the move, the hand cards it lays
#: (a code a byte), and the core's listing with the move's index there (it makes the table after).
Listed = tuple[Move, bytes, _core.RummyListing, int]


class RummyMoves(LazyMoves):
    """``pass`` first, then the core's listed place moves in the core's order. The same index gives
    the same move object; each object built is appended to ``made`` (``GameState._remember_listing``)
    and its place move recorded in ``placed``."""

    __slots__ = ("_built", "listing", "made", "make_pass", "make_place", "placed", "player", "table")

    def __init__(
        self,
        player: int,
        table: TableT,
        listing: _core.RummyListing,
        make_pass: Callable[[int], Move],
        make_place: Callable[[int, TableT], Move],
        made: list[Move],
        placed: dict[int, Listed],
    ) -> None:
        self.player = player
        self.table = table
        self.listing = listing
        self.make_pass = make_pass
        self.make_place = make_place
        self.made = made
        self.placed = placed
        self._len = len(listing) + 1
        self._built: list[Move | None] = [None] * self._len

    def _move_at(self, i: int) -> Move:
        move = self._built[i]
        if move is None:
            move = self._built[i] = self._build(i)
            self.made.append(move)
        return move

    def _build(self, i: int) -> Move:
        if i == 0:
            return self.make_pass(self.player)
        listed = self.listing.placement(i - 1)
        table, melds, replaces = self.table, listed.melds, listed.replaces
        new = table + melds if replaces is None else table[:replaces] + melds + table[replaces + 1 :]
        move = self.make_place(self.player, new)
        self.placed[id(move)] = (move, listed.placed, self.listing, i - 1)
        return move

