"""A position's legal moves as a lazy sequence: the list protocol once, the moves per game.

Random play takes one move of dozens, so the games whose listing is long (the solitaire, Rommé,
Rummy, Krass Kariert) hand out a sequence that makes a move object only when it is asked for.
:class:`LazyMoves` gives it the behaviour of the list ``legal_moves()`` promises (length, indexing
with negative indices, slices as lists, iteration, equality with a list or tuple, no hash); a game's
subclass sets ``_len`` and says how the ``i``-th move is made (:meth:`LazyMoves._move_at`), and may
answer ``in`` faster than by making every move.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import overload

from ..engine import Move


class LazyMoves(Sequence[Move]):
    """The moves ``0 .. _len - 1`` of a position, each made by :meth:`_move_at` when asked for."""

    __slots__ = ("_len",)

    _len: int

    def _move_at(self, i: int) -> Move:
        """The move at index ``0 <= i < _len`` (the subclass records it where its game needs to)."""
        raise NotImplementedError

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Move: ...
    @overload
    def __getitem__(self, i: slice) -> list[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | list[Move]:
        if type(i) is not int:
            if isinstance(i, slice):
                return [self._move_at(k) for k in range(*i.indices(self._len))]
            i = operator.index(i)  # an int (a float index would make no move)
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("legal move index out of range")
        return self._move_at(i)

    def __iter__(self) -> Iterator[Move]:
        for i in range(self._len):
            yield self._move_at(i)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LazyMoves, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({[str(m) for m in self]})"
