"""Move listing of the Rommé state (a mixin of :class:`romme.games.romme.RommeState`).

The draw lists the piles the flow allows, the knock window knock and pass; in
the play phase the core lists the moves (``romme_engine::romme::listing``, each
checked by the core's turn rules where it needs it) and this module turns them
into move values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ... import _core
from ...engine import Move
from ..lazy_moves import LazyMoves
from .moves import (
    Discard,
    Draw,
    End,
    Knock,
    LayOff,
    MeldMove,
    Pass,
    Place,
    Swap,
)

_DISCARDS = [[Discard(p, c) for c in range(53)] for p in range(6)]
_DRAWS: list[tuple[Move, Move]] = [(Draw(p, "stock"), Draw(p, "discard")) for p in range(6)]
_KNOCK: list[Move] = [Knock(p) for p in range(6)]
_PASS: list[Move] = [Pass(p) for p in range(6)]

#: A listed move's fields, ``(kind, card, target, melds)`` (a ``_core.ListedRommeMove``), as a key.
_Row = tuple[str, int, int, tuple[tuple[int, ...], ...] | None]

#: The move of each listed row, per seat (moves are immutable: the listing reuses one object per row
#: instead of building new ones). Emptied when it grows past _ROW_MOVES_MAX rows.
_ROW_MOVES: list[dict[_Row, Move]] = [{} for _ in range(6)]
_ROW_MOVES_MAX = 1 << 14


def _move_of(p: int, row: _Row) -> Move:
    kind, a, b, melds = row
    if kind == "discard":
        return Discard(p, a)
    if kind == "layoff":
        return LayOff(p, a, b)
    if kind == "swap":
        return Swap(p, b, a)
    if kind == "meld":
        return MeldMove(p, melds or ())
    if kind == "rearrange":
        return Place.of_specs(p, melds or ())
    if kind == "draw-stock":
        return _DRAWS[p][0]
    return _PASS[p] if kind == "pass" else End(p)


def _row_move(p: int, row: _Row) -> Move:
    """The move of a listed row (one object per row and seat)."""
    known = _ROW_MOVES[p]
    move = known.get(row)
    if move is None:
        if len(known) > _ROW_MOVES_MAX:
            known.clear()
        move = known[row] = _move_of(p, row)
    return move


class RommeMoves(LazyMoves):
    """The listed moves of a play-phase position as a lazy sequence, in the core's order (a
    ``_core.RommeListing``). A move is made of its listed fields only when asked for: random play takes
    one of a dozen or two."""

    __slots__ = ("_listing", "_made", "_player")

    def __init__(self, player: int, listing: _core.RommeListing, made: list[Move]) -> None:
        self._player = player
        self._listing = listing
        self._len = len(listing)
        #: the state's record of the moves handed out (``GameState._remember_listing``): apply trusts them
        self._made = made

    def _move_at(self, i: int) -> Move:
        listed = self._listing.listed(i)
        kind = listed.kind
        move: Move
        if kind == "discard":
            move = _DISCARDS[self._player][listed.card]
        else:
            move = _row_move(self._player, (kind, listed.card, listed.target, listed.melds))
        self._made.append(move)
        return move



class MoveLister:
    """``legal_moves`` and its helpers; the state provides the fields named below."""

    if TYPE_CHECKING:  # fields and methods of RommeState
        match_over: bool
        phase_name: str
        opened_before: bool
        opts: Any
        hands: list[list[int]]
        table: list[Any]
        opened: list[bool]
        owed_jokers: int
        must_open_with: int | None
        laid: bool
        with_discard: bool
        _moves_cache: RommeMoves | None
        turn: int
        knock_queue: list[int]
        _remember_listing: Any  # GameState's: apply trusts the moves it is given

        @property
        def current_player(self) -> int: return -1
        def _can_draw_stock(self) -> bool: return False
        def _can_draw_discard(self) -> bool: return False
        def _table_wires(self) -> list[bytes]: return []

    def legal_moves(self) -> Sequence[Move]:
        """Every draw, knock, pass, end and discard allowed now; every lay-off of a natural card or of
        a joker the engine places (``layoff * to N``); every joker swap; and a bounded set of new melds
        and rearrangements (``place``). In the play phase a lazy sequence (:class:`RommeMoves`), else a list.

        Not listed, but applied when legal: lay-offs of a declared joker (``layoff *=Kh to N``), new melds
        beyond the listed ones (other combinations, declared jokers), and other ``place`` moves.
        """
        if self.match_over:
            return []
        phase = self.phase_name
        if phase == "draw":  # the piles the flow lets the seat draw from
            draws = _DRAWS[self.turn]
            moves: list[Move] = []
            if self._can_draw_stock():
                moves.append(draws[0])
            if self._can_draw_discard():
                moves.append(draws[1])
            self._remember_listing(moves)  # every listed move is legal: apply skips its check
            return moves
        if phase == "knock":
            p = self.knock_queue[0]
            moves = [_KNOCK[p], _PASS[p]]
            self._remember_listing(moves)
            return moves
        if self._moves_cache is None:  # (immutable: the same object while the position stands)
            p = self.turn
            listing = _core.romme_listed_moves(
                self.opts.core, self.hands[p], self._table_wires(), self.with_discard, self.opened[p],
                self.opened_before, self.laid, self.owed_jokers, self.must_open_with,
                not self.with_discard and self._can_draw_stock(),  # (the core reads it only without a discard pile)
            )
            self._moves_cache = RommeMoves(p, listing, self._remember_listing())
        return self._moves_cache
