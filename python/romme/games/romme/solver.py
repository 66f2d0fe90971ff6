"""Rommé hand search: candidate melds of a hand and the best disjoint choice, asked of the core.

Used by the engine (may a player take the discard to open with it?) and by
the bots. The search lives in the core (``romme_engine::romme::hand_search``):
exact, a depth-first walk over the hand's lowest card with memoisation, whose
order fixes which of equally good answers comes back (the first found).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ... import _core
from .melds import JOKER, RuleView, hand_points


@dataclass(frozen=True, slots=True)
class Cand:
    """A meld a hand can lay: specs in written order, its natural cards, jokers, values."""

    specs: tuple[int, ...]
    naturals: tuple[int, ...]
    jokers: int
    points: int  # opening points

    @property
    def relief(self) -> int:
        """Hand points the meld removes from the hand."""
        return sum(hand_points(c) for c in self.naturals) + hand_points(JOKER) * self.jokers


#: What a choice of melds maximises: opening points, hand points removed, or cards laid.
Value = Literal["points", "relief", "cards"]
by_points: Value = "points"
by_relief: Value = "relief"
by_cards: Value = "cards"

def _cands(found: list[_core.HandCandidate]) -> list[Cand]:
    return [Cand(c.specs, c.naturals, c.jokers, c.points) for c in found]


def candidates(hand: Sequence[int], rules: RuleView, use_jokers: bool = True) -> list[Cand]:
    """Every meld (up to joker placement and copies) the hand can form."""
    return _cands(_core.romme_candidates(rules.core, list(hand), use_jokers))


def best_melds(hand: Sequence[int], rules: RuleView, value: Value = by_points, *,
               use_jokers: bool = True, keep: int = 1) -> tuple[int, list[Cand]]:
    """The disjoint melds of highest total ``value`` that leave at least ``keep`` cards.

    Returns ``(total, melds)``; ``(0, [])`` if no meld fits.
    """
    chosen = _core.romme_best_melds(rules.core, list(hand), value, use_jokers, keep)
    return chosen.total, _cands(chosen.melds)


def best_opening(hand: Sequence[int], rules: RuleView, *, use_jokers: bool = True,
                 must: int | None = None) -> tuple[int, list[Cand]]:
    """The highest opening (by opening points) leaving a card to discard;
    with ``must``, only openings that use that card."""
    chosen = _core.romme_best_opening(rules.core, list(hand), use_jokers, must)
    return chosen.total, _cands(chosen.melds)


def can_meld_all_but_one(hand: Sequence[int], rules: RuleView, *, use_jokers: bool = True) -> list[Cand] | None:
    """Melds laying all cards but one (Hand-Rommé), or None."""
    found = _core.romme_meld_all_but_one(rules.core, list(hand), use_jokers)
    return None if found is None else _cands(found)


def quick_melds(hand: Sequence[int], rules: RuleView, use_jokers: bool = True) -> list[Cand]:
    """A few obvious melds, found in one pass (for the cheap move listing):
    each rank's set of all its different suits, each suit's maximal runs, and
    with a joker in hand a set of two suits or a run over one gap."""
    return _cands(_core.romme_quick_melds(rules.core, list(hand), use_jokers))


def can_open_with(hand: Sequence[int], must: int, rules: RuleView) -> bool:
    """Whether ``hand`` (holding ``must``, the discard just taken) can open with that card: an
    opening of the minimum that uses it, or with hand_romme melds of all cards but one that do."""
    return _core.romme_can_open_with(rules.core, list(hand), must)


def joker_usable(hand: Sequence[int], table: Sequence[bytes], keep: int, rules: RuleView) -> bool:
    """Whether a joker in ``hand`` can still be laid (a lay-off on a table meld, given by its wire
    form, or a new meld) keeping ``keep`` cards."""
    return _core.romme_joker_usable(rules.core, list(hand), list(table), keep)


__all__ = [
    "Cand",
    "Value",
    "best_melds",
    "best_opening",
    "by_cards",
    "by_points",
    "by_relief",
    "can_meld_all_but_one",
    "can_open_with",
    "candidates",
    "joker_usable",
    "quick_melds",
]
