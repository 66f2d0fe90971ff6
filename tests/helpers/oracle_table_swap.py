"""Brute-force oracle for Rommé's table search without Räuber, joker swaps included.

Shares no code with the core: written from docs/RULES.md §2. Without ``rauber`` a player lays new melds,
lays off single cards and may take a table joker by putting the card it stands for in its place; that joker
must then be laid again in the same turn. A place-move (the whole new table, what the search answers) holds
at most one swap (the game takes a second swap only after the first joker is laid), so this oracle answers
the best new table of one place-move: every old meld in its place, grown by lay-offs (a run's cards keep
their cells, a set's jokers stand for any suit it lacks, or under ``joker_declared`` for their declared
card), with at most one joker swapped out and then laid again, and new melds from the hand. Runs here hold
no ace (the positions are built so); new melds are judged by :func:`oracle_table.is_meld`. Good for hands of
about seven cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from oracle_table import hand_value, is_meld

JOKER = 52
SUITS = "cdhs"
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(r): r for r in range(2, 11)}}


def code(token: str) -> int:
    """A Rommé card code (suit · 13 + rank − 1, suits c d h s; the joker 52)."""
    if token == "*":
        return JOKER
    return SUITS.index(token[-1]) * 13 + RANKS[token[:-1]] - 1


@dataclass(frozen=True)
class Meld:
    """A table meld: a run's cells (rank → card code, a joker as 52) or a set's naturals and jokers."""

    run: bool
    suit_or_rank: int  # a run's suit, a set's rank
    cells: tuple[tuple[int, int], ...] = ()  # run: (rank, code), ranks consecutive
    naturals: tuple[int, ...] = ()  # set
    declared: tuple[int, ...] = ()  # set: the suits its jokers stand for (joker_declared), else empty
    jokers: int = 0  # set: its jokers


def read(text: str, joker_declared: bool) -> Meld:
    """A table meld written with every joker's card (``5h *=6h 7h``, ``7h 7d *=7c``)."""
    pairs = [(code(t.split("=")[0]), code(t.split("=")[-1])) for t in text.split()]
    stood = [s for _, s in pairs]
    if len({s % 13 for s in stood}) == 1:
        naturals = tuple(c for c, _ in pairs if c != JOKER)
        declared = tuple(s // 13 for c, s in pairs if c == JOKER) if joker_declared else ()
        return Meld(False, stood[0] % 13 + 1, naturals=naturals, declared=declared,
                    jokers=len(pairs) - len(naturals))
    return Meld(True, stood[0] // 13, cells=tuple(sorted((s % 13 + 1, c) for c, s in pairs)))


def swaps(m: Meld, hand: Counter[int], completes: bool) -> Iterator[tuple[int, Meld]]:
    """Each hand card that may take a joker's place in ``m``, with the meld it leaves."""
    if m.run:
        for i, (r, c) in enumerate(m.cells):
            card = m.suit_or_rank * 13 + r - 1
            if c == JOKER and hand[card]:
                yield card, Meld(True, m.suit_or_rank, cells=m.cells[:i] + ((r, card),) + m.cells[i + 1:])
        return
    if not m.jokers:
        return
    taken = {c // 13 for c in m.naturals}
    for suit in range(4):
        card = suit * 13 + m.suit_or_rank - 1
        if not hand[card] or suit in taken or (m.declared and suit not in m.declared):
            continue
        declared = list(m.declared)
        if declared:
            declared.remove(suit)
        new = Meld(False, m.suit_or_rank, naturals=(*m.naturals, card), declared=tuple(declared),
                   jokers=m.jokers - 1)
        if completes and len(new.naturals) + new.jokers < 4:
            continue
        yield card, new


def lay_offs(m: Meld, hand: Counter[int]) -> Iterator[Counter[int]]:
    """Every multiset of hand cards (jokers too) that may be laid off on ``m``, one by one."""
    if m.run:
        lo, hi = m.cells[0][0], m.cells[-1][0]
        # (no ace in these runs: cells 2..13; a run may grow down to the 2 and up to the K)
        for new_lo in range(lo, 1, -1):
            for new_hi in range(hi, 14):
                need = [m.suit_or_rank * 13 + r - 1 for r in (*range(new_lo, lo), *range(hi + 1, new_hi + 1))]
                yield from _fill(need, hand)
        return
    taken = {c // 13 for c in m.naturals} | set(m.declared)
    room = 4 - len(m.naturals) - m.jokers
    free = [s * 13 + m.suit_or_rank - 1 for s in range(4) if s not in taken and hand[s * 13 + m.suit_or_rank - 1]]
    for k in range(room + 1):
        for naturals in combinations(free, k):
            for jokers in range(min(room - k, hand[JOKER]) + 1):
                yield Counter({**{c: 1 for c in naturals}, **({JOKER: jokers} if jokers else {})})


def _fill(need: list[int], hand: Counter[int]) -> Iterator[Counter[int]]:
    """The ways to fill the cells of ``need`` from the hand, each by its card or a joker."""
    if not need:
        yield Counter()
        return
    for rest in _fill(need[1:], hand):
        for card in (need[0], JOKER):
            if hand[card] > rest[card]:
                yield rest + Counter({card: 1})


@cache
def _new_melds(cards: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """Every multiset of ``cards`` (sorted) that new melds can hold, as sorted tuples."""
    if not cards:
        return frozenset({()})
    first, rest = cards[0], cards[1:]
    out = set(_new_melds(rest))
    for size in range(2, min(12, len(rest)) + 1):
        for combo in set(combinations(rest, size)):
            if not is_meld("romme", (first, *combo)):
                continue
            left = list(rest)
            for c in combo:
                left.remove(c)
            out |= {tuple(sorted((first, *combo, *more))) for more in _new_melds(tuple(left))}
    return frozenset(out)


def outcomes(table: list[str], hand: list[str], joker_declared: bool = False,
             joker_swap_completes: bool = False) -> set[tuple[int, int, bool]]:
    """Every ``(hand cards placed, hand points placed, a joker swapped)`` of one place-move."""
    melds = [read(t, joker_declared) for t in table]
    h0 = Counter(code(t) for t in hand)
    out: set[tuple[int, int, bool]] = set()
    starts: list[tuple[list[Meld], Counter[int], int | None]] = [(melds, h0, None)]
    for i, m in enumerate(melds):
        for card, new in swaps(m, h0, joker_swap_completes):
            starts.append((melds[:i] + [new] + melds[i + 1:], h0 - Counter({card: 1}) + Counter({JOKER: 1}), card))
    for table_now, h, swapped in starts:
        for laid in _all_lay_offs(table_now, h):
            rest = h - laid
            for new in _new_melds(tuple(sorted(rest.elements()))):
                placed = laid + Counter(new)
                if swapped is not None:
                    if not placed[JOKER]:
                        continue  # the joker won by the swap is laid again this turn
                    placed = placed - Counter({JOKER: 1}) + Counter({swapped: 1})
                points = sum(hand_value("romme", c) * k for c, k in placed.items())
                out.add((sum(placed.values()), points, swapped is not None))
    return out


def _all_lay_offs(melds: list[Meld], hand: Counter[int]) -> Iterator[Counter[int]]:
    if not melds:
        yield Counter()
        return
    for first in lay_offs(melds[0], hand):
        if first - hand:
            continue
        for rest in _all_lay_offs(melds[1:], hand - first):
            yield first + rest


def best(table: list[str], hand: list[str], objective: str = "cards", **options: bool) -> int:
    """The most hand cards (or points) one place-move lays."""
    k = 1 if objective == "points" else 0
    return max(o[k] for o in outcomes(table, hand, **options))


def two_swaps(table: list[str], hand: list[str], joker_declared: bool = False,
              joker_swap_completes: bool = False) -> bool:
    """Whether two table jokers could each be swapped out, by two hand cards (a turn may then swap twice:
    the second after the first joker is laid, in a move of its own)."""
    melds = [read(t, joker_declared) for t in table]
    h0 = Counter(code(t) for t in hand)
    for i, m in enumerate(melds):
        for card, new in swaps(m, h0, joker_swap_completes):
            h1 = h0 - Counter({card: 1})
            after = melds[:i] + [new] + melds[i + 1:]
            if any(True for mm in after for _ in swaps(mm, h1, joker_swap_completes)):
                return True
    return False
