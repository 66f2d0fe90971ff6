"""Krass Kariert moves: their notation, JSON form and the lazy legal-move list.

Positions are 0-based; ``at P`` inserts before hand position ``P``:

- ``play 3`` / ``play 3-5 X=7`` / ``play 0-1 X=4,6``: play the window of hand
  positions 3..5, naming a number for each X in it (ascending; copies of X
  are alike);
- ``reserve 1 at 0``: take reserve card 1 into the hand at position 0;
- ``insert at 4``: insert the card just drawn at hand position 4.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ... import _core
from ...engine import Move
from ...errors import InvalidNotationError, quote
from ..lazy_moves import LazyMoves

# --- moves -----------------------------------------------------------------


@dataclass(frozen=True)
class PlayMove(Move):
    """Play the hand window ``start .. start+length-1``; ``x``: the numbers its X cards stand for."""

    start: int = 0
    length: int = 1
    x: tuple[int, ...] = ()

    kind: ClassVar[str] = "play"

    def __str__(self) -> str:
        where = str(self.start) if self.length == 1 else f"{self.start}-{self.start + self.length - 1}"
        xs = f" X={','.join(map(str, self.x))}" if self.x else ""
        return f"play {where}{xs}"


@dataclass(frozen=True)
class ReserveMove(Move):
    """Take reserve card ``index`` into the hand before position ``position``."""

    index: int = 0
    position: int = 0

    kind: ClassVar[str] = "reserve"

    def __str__(self) -> str:
        return f"reserve {self.index} at {self.position}"


@dataclass(frozen=True)
class InsertMove(Move):
    """Insert the card just drawn into the hand before position ``position``."""

    position: int = 0

    kind: ClassVar[str] = "insert"

    def __str__(self) -> str:
        return f"insert at {self.position}"


_MOVE_CLASSES: dict[str, type[Move]] = {"play": PlayMove, "reserve": ReserveMove, "insert": InsertMove}


class KrassMoves(LazyMoves):
    """The legal moves of one position as a lazy sequence (python-chess style).

    The plays are listed first (each distinct combination once; the core's listing,
    :func:`~romme.games.krass.combos.listed_plays`), then every (reserve, position) pair, or every
    insert position. A move object is only built when asked for, which keeps random play fast.
    """

    __slots__ = ("_keys", "insert", "made", "nplays", "player", "plays", "reserves", "slots", "strengths")

    def __init__(
        self,
        player: int,
        plays: _core.KrassPlays,
        reserves: int,
        slots: int,
        insert: bool = False,
        made: list[Move] | None = None,
        strengths: dict[int, tuple[Move, int]] | None = None,
    ) -> None:
        self.player = player
        self.plays = plays
        self.nplays = len(plays)
        self.reserves = reserves
        self.slots = slots
        self.insert = insert
        self._keys: set[tuple[int, int, tuple[int, ...]]] | None = None
        #: the state's record of the move objects built here (``GameState._remember_listing``), and of each
        #: play's strength by the move's id: ``apply`` trusts them without checking again
        self.made = made
        self.strengths = strengths
        self._len = slots if insert else self.nplays + reserves * slots

    def _move_at(self, i: int) -> Move:
        move: Move
        k = self.nplays
        if self.insert:
            move = InsertMove(self.player, i)
        elif i < k:
            play = self.plays.play(i)
            move = PlayMove(self.player, play.start, play.length, play.xs)
            strengths = self.strengths
            if strengths is not None:
                strengths[id(move)] = (move, play.strength)
        else:
            r, pos = divmod(i - k, self.slots)
            move = ReserveMove(self.player, r, pos)
        if self.made is not None:
            self.made.append(move)
        return move

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or move.player != self.player:
            return False
        if isinstance(move, InsertMove):
            return self.insert and is_int(move.position) and 0 <= move.position < self.slots
        if self.insert:
            return False
        if isinstance(move, ReserveMove):
            return (
                is_int(move.index)
                and is_int(move.position)
                and 0 <= move.index < self.reserves
                and 0 <= move.position < self.slots
            )
        if isinstance(move, PlayMove):
            if self._keys is None:
                plays = map(self.plays.play, range(self.nplays))
                self._keys = {(p.start, p.length, p.xs) for p in plays}
            try:
                return (move.start, move.length, tuple(sorted(move.x))) in self._keys
            except TypeError:
                return False
        return False



def is_int(v: object) -> bool:
    return type(v) is int


# ASCII digits only (re.ASCII: `\d` alone would read ² or Arabic-Indic digits), and a number of
# at most 9 digits: longer ones cannot be a position and would reach int()'s 4,300-digit limit
_N = r"([0-9]{1,9})"
_XS = r"((?:\s+x\s*=\s*[0-9]{1,9}(?:\s*,\s*[0-9]{1,9})*)*)"
_PLAY_RE = re.compile(rf"^play\s+{_N}(?:\s*-\s*{_N})?{_XS}$", re.ASCII)
_RESERVE_RE = re.compile(rf"^(?:reserve|take)\s+{_N}\s+at\s+{_N}$", re.ASCII)
_INSERT_RE = re.compile(rf"^insert\s+at\s+{_N}$", re.ASCII)


def parse_move(text: str, player: int) -> Move:
    """A move from its notation; :class:`InvalidNotationError` naming the text if malformed."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"move text must be a string, got {quote(text)}")
    t = " ".join(text.strip().lower().split())
    if m := _PLAY_RE.match(t):
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) is not None else a
        if b < a:
            raise InvalidNotationError(f"bad move {quote(text)}: window {a}-{b} runs backwards")
        xs = tuple(sorted(int(v) for v in re.findall(r"[0-9]+", m.group(3) or "")))
        return PlayMove(player, a, b - a + 1, xs)
    if m := _RESERVE_RE.match(t):
        return ReserveMove(player, int(m.group(1)), int(m.group(2)))
    if m := _INSERT_RE.match(t):
        return InsertMove(player, int(m.group(1)))
    raise InvalidNotationError(
        f"bad move {quote(text)}: expected 'play 3', 'play 3-5 X=7', 'reserve 1 at 0' or 'insert at 4'"
        " (numbers of at most 9 digits 0-9)"
    )


def move_from_json(data: Mapping[str, Any]) -> Move:
    """A move from its JSON form (``{"kind": "play", "player": 0, "start": 3, ...}``)."""
    if not isinstance(data, Mapping):
        raise InvalidNotationError(f"a move in JSON is an object, got {quote(data)}")
    kind = data.get("kind")
    cls = _MOVE_CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidNotationError(f"bad move kind {quote(kind)}; kinds: {', '.join(_MOVE_CLASSES)}")
    fields = [f.name for f in dataclasses.fields(cls)]  # a field besides these: GameState.move_from_json refuses it
    args: dict[str, Any] = {}
    for f in fields:
        if f not in data:
            if f == "x":
                continue
            raise InvalidNotationError(f"{kind} move lacks the field {quote(f)}")
        v = data[f]
        if f == "x":
            if not isinstance(v, (list, tuple)) or not all(is_int(e) for e in v):
                raise InvalidNotationError(f"play move field 'x' must be a list of numbers, got {quote(v)}")
            v = tuple(v)
        elif not is_int(v):
            raise InvalidNotationError(f"{kind} move field {quote(f)} must be an integer, got {quote(v)}")
        args[f] = v
    return cls(**args)
