"""The slow, obviously correct reference of a place move's table diff (``_core.table_change``): what the
new table holds more and fewer of, melds and cards counted as multisets, without the core's matching of
kept melds by place."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from functools import cache

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


def cards_changing_meld(old: Sequence[Meld], new: Sequence[Meld], wilds: Collection[int] = ()) -> int:
    """How many cards of ``old`` change meld as a player counts them: a meld on both tables stays (as many copies
    as both hold); of the rest, each old meld goes on as at most one new meld, each new meld continues at most one
    old meld, a pair keeping the cards (codes, as multisets, wilds too) the two share where they share two or more
    naturals (cards not in ``wilds``), or the old meld's only natural (one natural or wilds alone make no meld go
    on); every way of pairing them is tried (subsets of the new melds used, one old meld at a time), the most kept
    wins, the other cards moved."""
    more, fewer = melds_gained(old, new)
    gone, laid = list(fewer.elements()), list(more.elements())

    def cards(meld: Meld) -> Counter[int]:
        return Counter(c for c, _ in meld)

    def naturals(meld: Meld) -> Counter[int]:
        return Counter(c for c, _ in meld if c not in wilds)

    def share(o: Meld, n: Meld) -> int:
        both = sum((naturals(o) & naturals(n)).values())
        goes_on = both >= 2 or both == 1 == sum(naturals(o).values())
        return sum((cards(o) & cards(n)).values()) if goes_on else 0

    shares = [[share(o, n) for n in laid] for o in gone]

    @cache
    def kept(i: int, used: int) -> int:
        if i == len(gone):
            return 0
        pairs = [shares[i][j] + kept(i + 1, used | 1 << j) for j in range(len(laid)) if not used >> j & 1]
        return max([kept(i + 1, used), *pairs])

    return sum(len(m) for m in gone) - kept(0, 0)
