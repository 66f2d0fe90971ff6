"""The slow, obviously correct reference of a place move's table diff (``_core.table_change``): what the
new table holds more and fewer of, melds and cards counted as multisets, without the core's matching of
kept melds by place."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

Pair = tuple[int, int]
Meld = tuple[Pair, ...]


def melds_gained(old: Sequence[Meld], new: Sequence[Meld]) -> tuple[Counter[Meld], Counter[Meld]]:
    """(melds the new table holds more copies of, melds it holds fewer of), a meld being its cards in order
    with what each stands for."""
    before, after = Counter(map(tuple, old)), Counter(map(tuple, new))
    return after - before, before - after


def cards_gained(old: Sequence[Meld], new: Sequence[Meld]) -> tuple[Counter[int], Counter[int]]:
    """(cards the new table holds more copies of: from the hand, cards it holds fewer of: to the hand)."""
    before = Counter(c for m in old for c, _ in m)
    after = Counter(c for m in new for c, _ in m)
    return after - before, before - after
