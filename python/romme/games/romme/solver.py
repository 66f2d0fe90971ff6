"""Rommé hand search in Python: candidate melds of a hand and the best disjoint choice.

Used by the engine (may a player take the discard to open with it?) and by
the bots. Exact: a depth-first search over the hand's lowest card with
memoisation on the remaining cards; hands are at most ~16 cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

from .melds import (
    JOKER,
    MAX_RUN,
    RuleView,
    code_of,
    hand_points,
    pos_points,
    pos_rank,
    rank_of,
    suit_of,
)


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
        return sum(hand_points(c) for c in self.naturals) + 20 * self.jokers


def _counts(hand: Sequence[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in hand:
        out[c] = out.get(c, 0) + 1
    return out


def candidates(hand: Sequence[int], rules: RuleView, use_jokers: bool = True) -> list[Cand]:
    """Every meld (up to joker placement and copies) the hand can form. The list is shared by every
    caller with the same hand (cached): read it, never change it."""
    return _candidates(tuple(sorted(hand)), rules, use_jokers)


@lru_cache(maxsize=1 << 12)
def _candidates(hand: tuple[int, ...], rules: RuleView, use_jokers: bool) -> list[Cand]:
    # legality checks and move listing ask for the same hands again and again within a turn
    cnt = _counts(hand)
    jokers = cnt.pop(JOKER, 0) if use_jokers else 0
    cnt.pop(JOKER, None)
    out: list[Cand] = []

    def ok(nat: int, jk: int) -> bool:
        return nat >= 1 and not (rules.no_double_joker and jk >= 2 and nat < 2)

    # sets
    for rank in range(1, 14):
        suits = [s for s in range(4) if cnt.get(code_of(s, rank), 0)]
        if not suits or len(suits) + jokers < 3:
            continue
        value = 11 if rank == 1 else min(rank, 10)
        for k in range(1, len(suits) + 1):
            for sub in combinations(suits, k):
                nats = tuple(code_of(s, rank) for s in sub)
                for size in (3, 4):
                    jk = size - k
                    if 0 <= jk <= jokers and ok(k, jk):
                        out.append(Cand(nats + (JOKER,) * jk, nats, jk, value * size))
    # runs
    last_start = 13 if rules.wrap_around else 12
    for suit in range(4):
        for start in range(1, last_start + 1):
            run_nats: list[int] = []
            specs: list[int] = []
            pts = 0
            jk = 0
            for length in range(1, MAX_RUN + 1):
                p = start + length - 1
                if not rules.wrap_around and p > 14:
                    break
                c = code_of(suit, pos_rank(p))
                if cnt.get(c, 0):
                    run_nats.append(c)
                    specs.append(c)
                else:
                    jk += 1
                    specs.append(JOKER)
                    if jk > jokers:
                        break
                pts += pos_points(p)
                if length >= 3 and ok(len(run_nats), jk):
                    out.append(Cand(tuple(specs), tuple(run_nats), jk, pts))
    return out


def _with_jokers(c: Cand, missing: list[int], rules: RuleView) -> Cand | None:
    """``c`` with jokers standing in for the natural cards ``missing``, if the meld allows it."""
    nats = list(c.naturals)
    specs = list(c.specs)
    for m in missing:
        nats.remove(m)
        specs[specs.index(m)] = JOKER
    jk = c.jokers + len(missing)
    if not nats or (rules.no_double_joker and jk >= 2 and len(nats) < 2):
        return None
    return Cand(tuple(specs), tuple(nats), jk, c.points)


Value = Callable[[Cand], int]


def by_points(c: Cand) -> int:
    return c.points


def by_relief(c: Cand) -> int:
    return c.relief


def by_cards(c: Cand) -> int:
    return len(c.specs)


def best_melds(hand: Sequence[int], rules: RuleView, value: Value = by_points, *,
               use_jokers: bool = True, keep: int = 1,
               cands: list[Cand] | None = None) -> tuple[int, list[Cand]]:
    """The disjoint melds of highest total ``value`` that leave at least ``keep`` cards.

    Returns ``(total, melds)``; ``(0, [])`` if no meld fits.
    """
    cands = candidates(hand, rules, use_jokers) if cands is None else cands
    n = len(hand)
    # A meld is tried when its lowest natural card is the lowest card left, and also under each of
    # its other natural cards, for when the lower ones are used up and jokers stand in for them.
    by_low: dict[int, list[Cand]] = {}
    for c in cands:
        for x in sorted(set(c.naturals)):
            by_low.setdefault(x, []).append(c)
            if sum(1 for y in c.naturals if y < x) > 2:
                break  # more stand-ins than any hand holds jokers for
    cnt0 = _counts(hand)
    jokers0 = cnt0.pop(JOKER, 0) if use_jokers else 0
    cnt0.pop(JOKER, None)
    codes = sorted(cnt0)
    index = {c: k for k, c in enumerate(codes)}

    @cache
    def go(rem: tuple[int, ...], jokers: int, used: int) -> tuple[int, tuple[Cand, ...]] | None:
        # rem: counts per index of `codes`; used: cards melded so far
        i = next((k for k, v in enumerate(rem) if v), -1)
        if i < 0:
            return (0, ()) if n - used >= keep else None
        low = codes[i]
        best: tuple[int, tuple[Cand, ...]] | None = None
        skip = list(rem)
        skip[i] = 0  # leave every copy of the lowest card out
        r = go(tuple(skip), jokers, used)
        if r is not None:
            best = r
        for c in by_low.get(low, ()):
            if c.jokers > jokers or n - used - len(c.specs) < keep:
                continue
            base = list(rem)
            missing: list[int] = []  # used up by an earlier meld: a joker must stand in
            optional: list[int] = []  # still in hand, but a joker may stand in to keep it for later
            for nat in c.naturals:
                k = index[nat]
                if base[k] == 0:
                    missing.append(nat)
                else:
                    base[k] -= 1
                    if nat != low:
                        optional.append(nat)
            spare = jokers - c.jokers - len(missing)
            if spare < 0:
                continue
            for extra in range(min(spare, 2, len(optional)) + 1):
                for subst in combinations(optional, extra):
                    var = _with_jokers(c, missing + list(subst), rules) if missing or subst else c
                    if var is None:
                        continue
                    nxt = base
                    if subst:
                        nxt = list(base)
                        for nat in subst:
                            nxt[index[nat]] += 1
                    r = go(tuple(nxt), jokers - var.jokers, used + len(var.specs))
                    if r is not None and (best is None or r[0] + value(var) > best[0]):
                        best = (r[0] + value(var), (var,) + r[1])
        return best

    res = go(tuple(cnt0[c] for c in codes), jokers0, 0)
    if res is None:
        return 0, []
    return res[0], list(res[1])


def best_opening(hand: Sequence[int], rules: RuleView, *, use_jokers: bool = True,
                 must: int | None = None) -> tuple[int, list[Cand]]:
    """The highest opening (by opening points) leaving a card to discard;
    with ``must``, only openings that use that card."""
    if must is None:
        return best_melds(hand, rules, by_points, use_jokers=use_jokers)
    cands = candidates(hand, rules, use_jokers)
    best: tuple[int, list[Cand]] = (0, [])
    for c in cands:
        if must not in c.naturals and not (must == JOKER and c.jokers):
            continue
        rest = list(hand)
        for card in c.naturals + (JOKER,) * c.jokers:
            rest.remove(card)
        total, melds = best_melds(rest, rules, by_points, use_jokers=use_jokers, keep=1)
        if not rest:
            continue
        if c.points + total > best[0]:
            best = (c.points + total, [c] + melds)
    return best


def can_meld_all_but_one(hand: Sequence[int], rules: RuleView, *, use_jokers: bool = True) -> list[Cand] | None:
    """Melds laying all cards but one (Hand-Rommé), or None."""
    total, melds = best_melds(hand, rules, by_cards, use_jokers=use_jokers, keep=1)
    return melds if total == len(hand) - 1 else None


def relief_of(codes: Sequence[int]) -> int:
    return sum(hand_points(c) for c in codes)


__all__ = [
    "Cand",
    "best_melds",
    "best_opening",
    "by_cards",
    "by_points",
    "by_relief",
    "can_meld_all_but_one",
    "candidates",
    "rank_of",
    "suit_of",
]


_SET_CODES = [tuple(code_of(s, r) for s in range(4)) for r in range(14)]
_SET_VALUE = [0] + [11 if r == 1 else min(r, 10) for r in range(1, 14)]
_POS_CODE = [[code_of(s, pos_rank(p)) if p else -1 for p in range(28)] for s in range(4)]


_POPCOUNT = [(i).bit_count() for i in range(16)]


def quick_melds(hand: Sequence[int], rules: RuleView, use_jokers: bool = True) -> list[Cand]:
    """A few obvious melds, found in one pass (for the cheap move listing):
    each rank's set of all its different suits, each suit's maximal runs, and
    with a joker in hand a set of two suits or a run over one gap."""
    by_rank = [0] * 14  # suit bits per rank
    by_suit = [0, 0, 0, 0]  # rank bits per suit
    jokers = 0
    for c in hand:
        if c == JOKER:
            jokers += 1
        else:
            r = c % 13 + 1
            s = c // 13
            by_rank[r] |= 1 << s
            by_suit[s] |= 1 << r
    if not use_jokers:
        jokers = 0
    out: list[Cand] = []
    need = 2 if jokers else 3
    for rank in range(1, 14):
        bits = by_rank[rank]
        k = _POPCOUNT[bits]
        if k >= need:
            nats = tuple(c for i, c in enumerate(_SET_CODES[rank]) if bits >> i & 1)
            jk = 1 if k == 2 else 0
            out.append(Cand(nats + (JOKER,) * jk, nats, jk, _SET_VALUE[rank] * (k + jk)))
    wrap = rules.wrap_around
    top = 26 if wrap else 14
    for suit in range(4):
        pc = _POS_CODE[suit]
        mask = by_suit[suit]
        mask |= (mask << 13) if wrap else (mask & 2) << 13
        if not (mask & (mask >> 1) & (mask >> 2)) and not (jokers and mask & (mask >> 2)):
            continue
        p = 1
        last_start = 13 if wrap else 12
        while p <= last_start:
            if not mask >> p & 1 or mask >> (p - 1) & 1:
                p += 1
                continue
            # a segment starts at p, possibly with one joker over one gap
            specs: list[int] = []
            gap_used = False
            q = p
            while q <= top and len(specs) < MAX_RUN:
                if mask >> q & 1:
                    specs.append(pc[q])
                elif jokers and not gap_used and mask >> (q + 1) & 1:
                    specs.append(JOKER)
                    gap_used = True
                else:
                    break
                q += 1
            if len(specs) >= 3 and specs[-1] != JOKER:
                nats = tuple(c for c in specs if c != JOKER)
                jk = len(specs) - len(nats)
                if not (rules.no_double_joker and len(nats) < 2):
                    pts = sum(pos_points(p + i) for i in range(len(specs)))
                    out.append(Cand(tuple(specs), nats, jk, pts))
            p = q if q > p else p + 1
    return out
