"""Move listing of the Rommé state (a mixin of :class:`romme.games.romme.RommeState`).

The draw lists the piles the flow allows, the knock window knock and pass; in
the play phase the core lists the moves (``romme_engine::romme::listing``, each
checked by the core's turn rules where it needs it) and this module turns them
into move values.
"""

from __future__ import annotations

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

_DISCARDS = [[Discard(p, c) for c in range(53)] for p in range(6)]
_DRAWS: list[tuple[Move, Move]] = [(Draw(p, "stock"), Draw(p, "discard")) for p in range(6)]
_KNOCK: list[Move] = [Knock(p) for p in range(6)]
_PASS: list[Move] = [Pass(p) for p in range(6)]

#: A row of the core's listing: ``(kind, a, b, melds)`` (``_core.romme_listed_moves``).
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
        return Place(p, melds or ())
    if kind == "draw-stock":
        return _DRAWS[p][0]
    return _PASS[p] if kind == "pass" else End(p)


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
        _remember_listing: Any  # GameState's: apply trusts the moves it is given

        @property
        def current_player(self) -> int: return -1
        def _can_draw_stock(self) -> bool: return False
        def _can_draw_discard(self) -> bool: return False
        def _table_wires(self) -> list[bytes]: return []

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
        if self.phase_name == "knock":
            return [_KNOCK[p], _PASS[p]]
        if self.phase_name == "draw":  # the piles the flow lets the seat draw from
            draws = _DRAWS[p]
            return [draws[0]] * self._can_draw_stock() + [draws[1]] * self._can_draw_discard()
        before, discards, after = _core.romme_listed_moves(
            self.opts.core, self.hands[p], self._table_wires(), self.with_discard, self.opened[p],
            self.opened_before, self.laid, self.owed_jokers, self.must_open_with, self._can_draw_stock(),
        )
        out = self._row_moves(p, before)
        row_discards = _DISCARDS[p]
        out += [row_discards[c] for c in discards]
        out += self._row_moves(p, after)
        return out

    def _row_moves(self, p: int, rows: list[_Row]) -> list[Move]:
        """The moves of listed rows (one object per row and seat)."""
        known = _ROW_MOVES[p]
        if len(known) > _ROW_MOVES_MAX:
            known.clear()
        out: list[Move] = []
        for row in rows:
            move = known.get(row)
            if move is None:
                move = known[row] = _move_of(p, row)
            out.append(move)
        return out
