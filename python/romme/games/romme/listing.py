"""Move listing of the Rommé state (a mixin of :class:`romme.games.romme.RommeState`).

The core lists the moves of a position (``romme_engine::romme::listing``); this
module turns them into move values and runs the whole turn check on the few
that need it (a swap's freed joker must fit somewhere, a rearrangement must be
a valid table; every move while a joker is owed or the opening must use the
discard just taken).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import _core
from .melds import JOKER
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

# Moves are immutable: the listing reuses one object per (seat, card) instead of building new ones.
_DISCARDS = [[Discard(p, c) for c in range(JOKER + 1)] for p in range(6)]
_DRAWS = [(Draw(p, "stock"), Draw(p, "discard")) for p in range(6)]
_SIMPLE = [{"draw-stock": _DRAWS[p][0], "draw-discard": _DRAWS[p][1], "knock": Knock(p), "pass": Pass(p),
            "end": End(p)} for p in range(6)]


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
        return list(self._moves_cache)

    def _list_moves(self) -> list[Move]:
        p = self.current_player
        play = self.phase_name == "play"
        rows = _core.romme_listed_moves(
            self.opts.core, self.phase_name, self.hands[p], self._table_wires() if play else [],
            with_discard=self.with_discard, opened=self.opened[p], opened_before=self.opened_before,
            laid=self.laid, owed_jokers=self.owed_jokers, must_open_with=self.must_open_with,
            can_draw_stock=self._can_draw_stock(),
            can_draw_discard=self.phase_name == "draw" and self._can_draw_discard(),
        )
        simple = _SIMPLE[p]
        discards = _DISCARDS[p]
        out: list[Move] = []
        check_all = play and (bool(self.owed_jokers) or self.must_open_with is not None)
        for kind, a, b, melds in rows:
            move: Move
            if kind == "discard":
                move = discards[a]
            elif kind == "layoff":
                move = LayOff(p, a, b)
            elif kind == "meld":
                move = MeldMove(p, tuple(tuple(m) for m in melds or ()))
            elif kind == "swap":
                move = Swap(p, b, a)
                if not check_all and not self.is_legal(move):  # the freed joker must fit somewhere
                    continue
            elif kind == "rearrange":
                move = Place(p, tuple(tuple(m) for m in melds or ()))
                if not check_all and not self.is_legal(move):
                    continue
            else:
                move = simple[kind]
            out.append(move)
        if check_all:
            out = [m for m in out if self.is_legal(m)]
        return out
