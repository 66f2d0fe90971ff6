"""Rommé moves: one small frozen value per thing a player can do, with notation and JSON.

Notation (``str(move)``; :func:`parse_move` reads it back, case-insensitive)::

    draw stock | draw discard
    meld 7h 8h 9h | Kc Kd *=Ks       several melds at once (an opening may need them); also lay ...
    layoff Qs to 3                   meld numbers are 1-based, as the table is shown; also add Qs 3
    swap 3 Kh                        Kh replaces the joker of meld 3; the joker goes to the hand
    place 7h 8h 9h | 10h Jh *=Qh | ...   the whole new table (the place-move)
    discard Kh | knock | pass | end

``place`` is the table move of every table game (``games/tablemoves.py``): the old melds in their
places, grown or rebuilt, then the new ones. ``meld``, ``layoff`` and ``swap`` are its shortcuts;
without ``rauber`` a place may only do what they do. Melds are separated by ``|`` as in 1x1-Rommé
and Rummy; the old notation (``/`` between melds, ``rearrange`` for ``place``, JSON kind
``rearrange`` with ``melds``) is still read, so old saves and move logs replay.
In a meld a joker is ``*`` (the engine places it) or ``*=Kh`` (declared).
JSON forms carry the same tokens, so save files stay readable.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...cards import read_number
from ...engine import Move
from ...errors import InvalidNotationError, quote
from ..tablemoves import TablePlace
from .melds import DECLARED, JOKER, parse_spec, spec_card, spec_token, token

Specs = tuple[int, ...]


def _melds_text(melds: tuple[Specs, ...]) -> str:
    return " | ".join(" ".join(spec_token(s) for s in m) for m in melds)


@dataclass(frozen=True)
class Draw(Move):
    """Take the top card of the stock or of the discard pile."""

    source: str = "stock"
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:  # a hostile source (a newline, 5,000 characters) is named, not printed, in messages
        return f"draw {self.source}" if self.source in ("stock", "discard") else f"draw {quote(self.source)}"


@dataclass(frozen=True)
class MeldMove(Move):
    """Lay one or more new melds from the hand."""

    melds: tuple[Specs, ...] = ()
    kind: ClassVar[str] = "meld"

    def __str__(self) -> str:
        return f"meld {_melds_text(self.melds)}"

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        return tuple(sorted(spec_card(s) for m in self.melds for s in m))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "melds": [[spec_token(s) for s in m] for m in self.melds]}


@dataclass(frozen=True)
class LayOff(Move):
    """Add one hand card (a joker may be declared) to table meld ``target`` (1-based)."""

    card: int = 0
    target: int = 1
    kind: ClassVar[str] = "layoff"

    def __str__(self) -> str:
        return f"layoff {spec_token(self.card)} to {self.target}"

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        return (spec_card(self.card),)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "card": spec_token(self.card), "target": self.target}


@dataclass(frozen=True)
class Swap(Move):
    """Replace a joker of meld ``target`` by the natural hand card ``card``."""

    target: int = 1
    card: int = 0
    kind: ClassVar[str] = "swap"

    def __str__(self) -> str:
        return f"swap {self.target} {token(self.card)}"

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        return (self.card,)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "target": self.target, "card": token(self.card)}


@dataclass(frozen=True)
class Place(TablePlace):
    """Rommé's place-move: the whole new table in the one shape of the table games (``table``: per meld
    ``(code, stands_for)`` pairs; a joker standing for itself, ``*``, is placed by the engine). Without
    ``rauber`` only what new melds, lay-offs and joker swaps make; with it any rearrangement."""

    game: ClassVar[str] = "romme"

    @classmethod
    def of_specs(cls, player: int, melds: Iterable[Specs]) -> Place:
        """The move of a table written as card specs (``melds.parse_spec``)."""
        return cls(player, tuple(tuple(map(_pair_of_spec, m)) for m in melds))

    @property
    def melds(self) -> tuple[Specs, ...]:
        """The new table as card specs, as the core's judge reads it."""
        return tuple(tuple(c if c != JOKER else JOKER if s == JOKER else DECLARED + s for c, s in m)
                     for m in self.table)


def _pair_of_spec(spec: int) -> tuple[int, int]:
    """A card spec as the pair of the table shape: a natural for itself, ``*`` for itself, ``*=Kh`` for Kh."""
    if spec >= DECLARED:
        return (JOKER, spec - DECLARED)
    return (spec, spec)


@dataclass(frozen=True)
class Discard(Move):
    """End the turn by discarding a hand card (the last one wins the deal)."""

    card: int = 0
    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {token(self.card)}"

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        return (self.card,)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "card": token(self.card)}


@dataclass(frozen=True)
class Knock(Move):
    """Klopfen: ask for the card just discarded."""

    kind: ClassVar[str] = "knock"

    def __str__(self) -> str:
        return "knock"


@dataclass(frozen=True)
class Pass(Move):
    """Decline to knock; without a discard pile: pass the turn when the stock is empty."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class End(Move):
    """Räuber-Rommé without discard pile: end the turn after laying cards."""

    kind: ClassVar[str] = "end"

    def __str__(self) -> str:
        return "end"


def _parse_melds(text: str) -> tuple[Specs, ...]:
    """Melds separated by ``|`` (or by ``/``, the old notation; one text uses one of them)."""
    groups = text.split("|") if "|" in text else text.split("/")
    return tuple(_parse_meld(g, text) for g in groups)


def _parse_meld(group: str, text: str) -> Specs:
    toks = [t for t in group.replace(",", " ").split() if t]
    if not toks:
        raise InvalidNotationError(f"empty meld in {quote(text)}")
    return tuple(parse_spec(t) for t in toks)


def _target(text: str, whole: str) -> int:
    n = read_number(text)
    if n is None:
        raise InvalidNotationError(f"meld number (digits 0-9) expected, got {quote(text)} in {quote(whole)}")
    if n < 1:
        raise InvalidNotationError(f"meld numbers start at 1, got {n} in {quote(whole)}")
    return n


def _json_int(data: Mapping[str, Any], key: str, default: Any = None) -> int:
    """An integer field of a move in JSON (a bool, a float or a text is no integer)."""
    value = data.get(key, default)
    if type(value) is not int:
        raise InvalidNotationError(f"field {quote(key)} of a move in JSON must be an integer, got {quote(value)}")
    return value


def parse_move(text: str, player: int) -> Move:
    """A move of ``player`` from its notation; :class:`InvalidNotationError` if unreadable."""
    words = text.strip().split(None, 1)
    if not words:
        raise InvalidNotationError("empty move text")
    verb = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    try:
        if verb == "draw" and rest.lower() in ("stock", "discard"):
            return Draw(player, rest.lower())
        if verb in ("meld", "lay", "place", "rearrange") and rest:
            melds = _parse_melds(rest)
            return MeldMove(player, melds) if verb in ("meld", "lay") else Place.of_specs(player, melds)
        if verb == "layoff":
            parts = rest.split()
            if len(parts) == 3 and parts[1].lower() == "to":
                return LayOff(player, parse_spec(parts[0]), _target(parts[2], text))
        if verb == "add":  # the table games' short form of a lay-off: add CARD N
            parts = rest.split()
            if len(parts) == 2:
                return LayOff(player, parse_spec(parts[0]), _target(parts[1], text))
        if verb == "swap":
            parts = rest.split()
            if len(parts) == 2:
                return Swap(player, _target(parts[0], text), parse_spec(parts[1]))
        if verb == "discard" and rest and len(rest.split()) == 1:
            return Discard(player, parse_spec(rest))
        if verb in ("knock", "pass", "end") and not rest:
            return {"knock": Knock, "pass": Pass, "end": End}[verb](player)
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"bad move {quote(text)}: {exc}") from None
    raise InvalidNotationError(
        f"bad move {quote(text)}: expected draw stock|discard, meld CARDS [| CARDS], layoff CARD to N, "
        "swap N CARD, place CARDS | CARDS ..., discard CARD, knock, pass or end"
    )


def move_from_json(data: Mapping[str, Any], player: int) -> Move:
    """A move from its JSON form (the player given in it wins over ``player``)."""
    if not isinstance(data, Mapping):
        raise InvalidNotationError(f"a move in JSON is an object, got {quote(data)}")
    try:
        kind = data["kind"]
        p = _json_int(data, "player", player)
        if kind == "draw":
            return Draw(p, str(data["source"]))
        if kind in ("meld", "rearrange"):
            melds = tuple(tuple(parse_spec(str(t)) for t in _json_list(m)) for m in _json_list(data["melds"]))
            return MeldMove(p, melds) if kind == "meld" else Place.of_specs(p, melds)
        if kind == "place":
            table = _json_list(data["table"])
            if not all(isinstance(m, str) for m in table):
                raise InvalidNotationError(f"a place move's table is a list of meld texts, got {quote(table)}")
            return Place.of_specs(p, (_parse_meld(m, m) for m in table))
        if kind == "layoff":
            return LayOff(p, parse_spec(str(data["card"])), _json_int(data, "target"))
        if kind == "swap":
            return Swap(p, _json_int(data, "target"), parse_spec(str(data["card"])))
        if kind == "discard":
            return Discard(p, parse_spec(str(data["card"])))
        if kind in ("knock", "pass", "end"):
            return {"knock": Knock, "pass": Pass, "end": End}[kind](p)
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"bad move JSON {quote(dict(data), 80)}: {exc}") from None
    except KeyError as exc:
        raise InvalidNotationError(f"bad move JSON {quote(dict(data), 80)}: no field {exc}") from None
    raise InvalidNotationError(f"bad move JSON {quote(dict(data), 80)}: unknown kind {quote(data.get('kind'))}")


def _json_list(value: Any) -> list[Any] | tuple[Any, ...]:
    if not isinstance(value, (list, tuple)):
        raise InvalidNotationError(f"expected a list, got {quote(value)}")
    return value
