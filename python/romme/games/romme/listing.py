"""Move listing of the Rommé state (a mixin of :class:`romme.games.romme.RommeState`).

The core lists the moves of a position (``romme_engine::romme::listing``); this
module turns them into move values and runs the whole turn check on the few
that need it (a swap's freed joker must fit somewhere, a rearrangement must be
a valid table; every move while a joker is owed or the opening must use the
discard just taken).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ... import _core
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

if TYPE_CHECKING:
    from ...engine import Move

#: The move of each listed row, per seat (moves are immutable: the listing reuses one object per row
#: instead of building new ones). Emptied when it grows past _ROW_MOVES_MAX rows.
_ROW_MOVES: list[dict[_core.ListedRow, Move]] = [{} for _ in range(6)]
_ROW_MOVES_MAX = 1 << 14


def _move_of(p: int, row: _core.ListedRow) -> Move:
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
        return Place(p, melds or ())
    if kind == "draw-stock" or kind == "draw-discard":
        return Draw(p, kind.removeprefix("draw-"))
    return {"knock": Knock, "pass": Pass, "end": End}[kind](p)


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
        _moves_cache: list[Move] | None

        @property
        def current_player(self) -> int: return -1
        def _can_draw_stock(self) -> bool: return False
        def _can_draw_discard(self) -> bool: return False
        def _table_wires(self) -> list[bytes]: return []
        def is_legal(self, move: Move) -> bool: return False
        def _remember_listing(self, moves: Iterable[Move]) -> None: ...

    def legal_moves(self) -> list[Move]:
        """Every draw, knock, pass, end and discard allowed now; every lay-off of a natural card or of
        a joker the engine places (``layoff * to N``); every joker swap; and a bounded set of new melds
        and rearrangements (``place``).

        Not listed, but applied when legal: lay-offs of a declared joker (``layoff *=Kh to N``), new melds
        beyond the listed ones (other combinations, declared jokers), and other ``place`` moves.
        """
        if self.match_over:
            return []
        if self._moves_cache is None:
            self._moves_cache = self._list_moves()
            self._remember_listing(self._moves_cache)  # every listed move is legal: apply skips its check
        return list(self._moves_cache)

    def _list_moves(self) -> list[Move]:
        p = self.current_player
        play = self.phase_name == "play"
        rows = _core.romme_listed_moves(
            self.opts.core, self.phase_name, self.hands[p], self._table_wires() if play else [],
            self.with_discard, self.opened[p], self.opened_before, self.laid, self.owed_jokers,
            self.must_open_with, self._can_draw_stock(), self.phase_name == "draw" and self._can_draw_discard(),
        )
        known = _ROW_MOVES[p]
        if len(known) > _ROW_MOVES_MAX:
            known.clear()
        out: list[Move] = []
        check_all = play and (bool(self.owed_jokers) or self.must_open_with is not None)
        for row in rows:
            move = known.get(row)
            if move is None:
                move = known[row] = _move_of(p, row)
            if not check_all and (row[0] == "swap" or row[0] == "rearrange") and not self.is_legal(move):
                continue  # a swap's freed joker must fit somewhere; a rearrangement must be a valid table
            out.append(move)
        if check_all:
            out = [m for m in out if self.is_legal(m)]
        return out
