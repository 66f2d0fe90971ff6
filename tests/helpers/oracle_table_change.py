"""The slow, obviously correct reference of a place move's table diff (``_core.table_change``): what the
new table holds more and fewer of, melds and cards counted as multisets, without the core's matching of
kept melds by place."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
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


def cards_changing_meld(old: Sequence[Meld], new: Sequence[Meld]) -> int:
    """How many cards of ``old`` change meld as a player counts them: each old meld goes on as at most one new
    meld, each new meld continues at most one old meld, a pair keeping the cards (codes, as multisets) the two
    share where they share two or more (one card makes no meld go on); every way of pairing the whole tables is
    tried (subsets of the new melds used, one old meld at a time), the most kept wins, the other cards moved."""
    both = [[sum((Counter(c for c, _ in o) & Counter(c for c, _ in n)).values()) for n in new] for o in old]
    share = [[n if n >= 2 else 0 for n in row] for row in both]

    @cache
    def kept(i: int, used: int) -> int:
        if i == len(old):
            return 0
        pairs = [share[i][j] + kept(i + 1, used | 1 << j) for j in range(len(new)) if not used >> j & 1]
        return max([kept(i + 1, used), *pairs])

    return sum(len(m) for m in old) - kept(0, 0)
