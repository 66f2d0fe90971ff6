"""Rommé melds on the table as values, and the core's meld rules for them.

Card codes are the Rommé codes of the core (``suit*13 + rank-1``, joker 52).
A *card spec* is how a hand card is written into a meld: a natural code
0..51, ``JOKER`` (52) for a joker the engine places, or ``53 + c`` for a
joker declared as the natural card ``c`` (notation ``*=Kh``).

Every rule lives in the core (``romme_engine::romme::table_meld``): reading a
meld in the order written (:func:`build_meld`, the one meld check of the
game), lay-offs, joker swaps, what a meld takes, points. This module holds
the values (:class:`TableMeld`, :class:`RuleView`) and asks the core; a
broken rule raises :class:`MeldError` with the core's reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ... import _core
from ...cards import deck
from ...errors import IllegalMoveError, quote

JOKER: int = deck("romme").parse_token("*")
DECLARED: int = _core.ROMME_DECLARED  # spec DECLARED + c: a joker declared as natural card c (the core's reading)


class MeldError(IllegalMoveError):
    """A meld, lay-off or swap that breaks a meld rule."""


#: Points of a card left in hand by code, counted by the core (joker 20, ace 11, J/Q/K 10, else face).
_HAND_POINTS: tuple[int, ...] = tuple(_core.hand_points("romme"))


def hand_points(code: int) -> int:
    """Points of a card left in hand: joker 20, ace 11, J/Q/K 10, else face (the core's counting)."""
    return _HAND_POINTS[code]


def token(code: int) -> str:
    return "*" if code == JOKER else deck("romme").token(code)


def spec_token(spec: int) -> str:
    if spec >= DECLARED:
        return "*=" + token(spec - DECLARED)
    return token(spec)


def parse_spec(text: str) -> int:
    """A card spec from its token: ``Kh``, ``*`` or ``*=Kh``."""
    t = text.strip()
    if t.startswith("*="):
        inner = deck("romme").parse_token(t[2:])
        if inner == JOKER:
            raise MeldError(f"a joker cannot be declared as a joker: {quote(text)}")
        return DECLARED + inner
    return deck("romme").parse_token(t)


def spec_card(spec: int) -> int:
    """The physical card a spec uses (the joker for any joker spec)."""
    return min(JOKER, spec)


@dataclass(frozen=True, slots=True)
class RuleView:
    """The meld rule options, read once per game (options are immutable); ``core`` is the core's
    checked copy of every Rommé option, which the rule functions take."""

    joker_declared: bool
    wrap_around: bool
    core: _core.RommeRules = field(compare=False, repr=False)
    key: tuple[tuple[str, int], ...] = field(repr=False)

    @classmethod
    def of(cls, options: Mapping[str, object]) -> RuleView:
        return _rule_view(tuple(sorted((k, _option_value(k, v)) for k, v in options.items())))

    def __reduce__(self) -> tuple[Any, tuple[tuple[tuple[str, int], ...]]]:
        # copy.deepcopy and pickle of a game state: the core's object cannot be pickled, the key makes it again
        return _rule_view, (self.key,)


def _option_value(name: str, value: object) -> int:
    if not isinstance(value, int):  # a bool is an int
        raise MeldError(f"option {quote(name)} must be a bool or an integer, got {quote(value)}")
    return int(value)


def discard_outlooks(rules: RuleView, hand: Sequence[int], discards: Sequence[int]) -> list[_core.DiscardOutlook]:
    """For each of ``discards`` (cards of ``hand``): what the rest of the hand keeps after it goes (the core's
    :class:`~romme._core.DiscardOutlook`, the expert's discard measure and the hint's words about it)."""
    return _core.romme_discard_outlooks(rules.core, list(hand), list(discards))


@lru_cache(maxsize=256)
def _rule_view(key: tuple[tuple[str, int], ...]) -> RuleView:
    options = dict(key)
    return RuleView(bool(options.get("joker_declared", 0)), bool(options.get("wrap_around", 0)),
                    _core.RommeRules(options), key)


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table, as the core laid it.

    ``cards`` are ``(code, stands_for)`` pairs (a natural card stands for
    itself); a run lists them by position from ``start`` (1 = ace low .. 14 =
    ace high, on past 14 with wrap_around); a set has suit -1, ``start`` 0 and
    ``rank`` its rank, a run rank 0. ``points`` are its opening points (every
    card, joker included, as the card it stands for); ``wire`` is the core's
    form of the meld, which the rule functions take.
    """

    kind: str  # "set" | "run"
    suit: int
    rank: int
    start: int
    cards: tuple[tuple[int, int], ...]
    points: int
    wire: bytes = field(repr=False)

    @property
    def naturals(self) -> list[int]:
        return [c for c, _ in self.cards if c != JOKER]

    @property
    def jokers(self) -> int:
        return sum(1 for c, _ in self.cards if c == JOKER)

    @property
    def end(self) -> int:
        """Last run position."""
        return self.start + len(self.cards) - 1

    def codes(self) -> list[int]:
        return [c for c, _ in self.cards]

    def specs(self) -> tuple[int, ...]:
        """The meld as card specs (jokers declared), which ``build_meld`` reads back to this meld."""
        return tuple(c if c != JOKER else DECLARED + s for c, s in self.cards)

    def __str__(self) -> str:
        return " ".join(token(c) if c != JOKER else "*=" + token(s) for c, s in self.cards)

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "cards": [token(c) if c != JOKER else "*=" + token(s) for c, s in self.cards],
            "points": self.points,
        }


_MeldRow = tuple[str, int, int, int, tuple[tuple[int, int], ...], int, bytes]


def _meld(row: _MeldRow) -> TableMeld:
    return TableMeld(*row)


def build_meld(specs: Sequence[int], rules: RuleView) -> TableMeld:
    """A new meld from card specs in the order written; :class:`MeldError` if invalid.

    One natural card with jokers reads as a set unless a declaration says run.
    """
    try:
        return _meld(_core.romme_read_meld(rules.core, list(specs)))
    except (ValueError, OverflowError, TypeError) as exc:
        error = MeldError(str(exc))
        error.fault, error.fault_card = getattr(exc, "fault", None), getattr(exc, "fault_card", None)  # the core's kind
        raise error from None


def layoff(meld: TableMeld, spec: int, rules: RuleView) -> TableMeld:
    """``meld`` with one more card (natural or joker) at its place."""
    try:
        return _meld(_core.romme_lay_off(rules.core, meld.wire, spec))
    except (ValueError, OverflowError) as exc:
        raise MeldError(str(exc)) from None


def swap_joker(meld: TableMeld, card: int, rules: RuleView) -> TableMeld:
    """``meld`` with the natural ``card`` in place of a joker (the joker goes to the hand)."""
    try:
        return _meld(_core.romme_swap_joker(rules.core, meld.wire, card))
    except (ValueError, OverflowError) as exc:
        raise MeldError(str(exc)) from None


@lru_cache(maxsize=1 << 14)
def meld_targets(meld: TableMeld, rules: RuleView) -> _core.MeldTargets:
    """What a table meld takes: the natural cards it takes as lay-offs, whether a joker fits, the
    cards that may replace one of its jokers (a pure function of the meld and the rules: cached)."""
    return _core.romme_meld_targets(rules.core, meld.wire)


def joker_fits(meld: TableMeld, rules: RuleView) -> bool:
    """Whether a joker can be laid off on ``meld``."""
    return meld_targets(meld, rules).joker_fits


def wanted_cards(meld: TableMeld, rules: RuleView) -> list[int]:
    """Natural cards that can be laid off on ``meld`` (for move listing)."""
    return list(meld_targets(meld, rules).lay_offs)


def swappable_cards(meld: TableMeld, rules: RuleView) -> list[int]:
    """Natural cards that may replace a joker of ``meld`` (before joker_swap_completes)."""
    return list(meld_targets(meld, rules).swaps)
