"""Brute-force oracle for the table search (Rummy, Räuber-Rommé).

Shares no code with the Rust search: a meld predicate written straight from
docs/RULES.md, and an exhaustive set partition of the physical cards (table cards
must all be used, hand cards may stay out; with ``table_optional`` table cards
may be taken back). Good for about a dozen cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import combinations, pairwise

JOKER = 52  # rummy and romme


def _suit(c: int) -> int:
    return c // 13


def _rank(c: int) -> int:
    """Rummy number 1..13, or Rommé rank with the ace as 1."""
    return c % 13 + 1


def is_meld(game: str, cards: Iterable[int], wrap_around: bool = False,
            no_double_joker: bool = False) -> bool:
    """Whether ``cards`` (codes) form a valid meld of ``game`` (rummy or romme).

    Rommé options: ``wrap_around`` lets a run go on past the K (K-A-2, at most
    13 cards); ``no_double_joker`` (the sheet: no meld of one natural and two
    jokers, two jokers side by side only in a run of four or more; a set of two
    naturals and two jokers is allowed)."""
    cards = list(cards)
    nat = [c for c in cards if c != JOKER]
    n = len(cards)
    if n < 3 or not nat:
        return False
    jokers = n - len(nat)
    strict = game == "romme" and no_double_joker
    if strict and len(nat) == 1 and jokers >= 2:
        return False
    ranks = [_rank(c) for c in nat]
    suits = [_suit(c) for c in nat]
    # set: one rank, distinct suits, at most four cards
    if n <= 4 and len(set(ranks)) == 1 and len(set(suits)) == len(suits):
        return True
    # run: one suit, distinct ranks, consecutive with jokers filling gaps
    if len(set(suits)) != 1 or len(set(ranks)) != len(ranks) or n > 13:
        return False
    top = 14 if game == "romme" else 13
    windows = [[(a + i - 1) % 13 + 1 for i in range(n)] for a in range(1, top - n + 2)]
    if game == "romme" and wrap_around:
        windows += [[(a + i - 1) % 13 + 1 for i in range(n)] for a in range(1, 14)]
    for w in windows:
        if not set(ranks) <= set(w):
            continue
        holes = [i for i, r in enumerate(w) if r not in ranks]
        side_by_side = any(b == a + 1 for a, b in pairwise(holes))
        if strict and side_by_side and n < 4:
            continue
        return True
    return False


def hand_value(game: str, c: int) -> int:
    """Hand counting of a card (the Points objective)."""
    if c == JOKER:
        return 20 if game == "romme" else 25
    r = _rank(c)
    if game == "romme":
        return 11 if r == 1 else (min(10, r))
    return r


Outcome = tuple[int, int, int, int]


def outcomes(game: str, table: list[list[int]], hand: list[int], table_optional: bool = False,
             **opts: bool) -> set[Outcome]:
    """Every achievable ``(hand cards placed, hand points placed, table cards
    taken, table cards unmoved)``; a table card is unmoved when its new meld
    holds its whole old meld. ``opts``: the Rommé meld options of :func:`is_meld`."""
    # table cards carry their old meld's index, hand cards -1
    t0 = tuple(sorted((c, i) for i, m in enumerate(table) for c in m))
    h0 = tuple(sorted(hand))
    sizes = [len(m) for m in table]

    def unmoved(ts: Iterable[tuple[int, int]]) -> int:
        held = Counter(i for _, i in ts)
        return sum(k for i, k in held.items() if k == sizes[i])

    @cache
    def rec(t: tuple[tuple[int, int], ...], h: tuple[int, ...]) -> frozenset[Outcome]:
        if not t and not h:
            return frozenset({(0, 0, 0, 0)})
        out: set[Outcome] = set()
        first: tuple[int, int]
        if t:
            first = t[0]
            rest_t, rest_h = t[1:], h
            if table_optional:
                for k, p, x, u in rec(rest_t, rest_h):
                    out.add((k, p, x + 1, u))
        else:
            first = (h[0], -1)
            rest_t, rest_h = t, h[1:]
            out |= rec(rest_t, rest_h)  # the hand card stays in the hand
        # a meld's naturals share one rank (a set) or one suit (a run): only such cards and jokers can
        # join ``first`` (is_meld stays the judge; this only skips combinations it would refuse)
        def fits(c: int) -> bool:
            return first[0] == JOKER or c == JOKER or _suit(c) == _suit(first[0]) or _rank(c) == _rank(first[0])

        pool = [(x, True) for x in rest_t if fits(x[0])] + [((x, -1), False) for x in rest_h if fits(x)]
        seen: set[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = set()
        for size in range(2, min(13, len(pool)) + 1):
            for combo in combinations(range(len(pool)), size):
                ts = tuple(sorted(pool[i][0] for i in combo if pool[i][1]))
                hs = tuple(sorted(pool[i][0][0] for i in combo if not pool[i][1]))
                if (ts, hs) in seen:
                    continue
                seen.add((ts, hs))
                if not is_meld(game, (first[0], *(c for c, _ in ts), *hs), **opts):
                    continue
                nt = list(rest_t)
                for tc in ts:
                    nt.remove(tc)
                nh = list(rest_h)
                for hc in hs:
                    nh.remove(hc)
                from_table = first[1] >= 0
                gain_k = len(hs) + (0 if from_table else 1)
                gain_p = sum(hand_value(game, y) for y in hs) + (0 if from_table else hand_value(game, first[0]))
                gain_u = unmoved(ts + ((first,) if from_table else ()))
                for k, p, x, u in rec(tuple(nt), tuple(nh)):
                    out.add((k + gain_k, p + gain_p, x, u + gain_u))
        return frozenset(out)

    return set(rec(t0, h0))


def _value(objective: str, o: Outcome) -> int:
    k, p, x, _ = o
    return {"cards": k, "points": p}.get(objective, k - x)


def best(game: str, table: list[list[int]], hand: list[int], objective: str = "cards",
         cap: int | None = None, table_optional: bool = False, **opts: bool) -> int | None:
    """The optimum: most cards (≤ cap), most points (cards ≤ cap) or most shed net."""
    res = outcomes(game, table, hand, table_optional, **opts)
    ok = [o for o in res if cap is None or o[0] <= cap]
    if not ok:
        return None
    return max(_value(objective, o) for o in ok)


def best_moved(game: str, table: list[list[int]], hand: list[int], objective: str = "cards",
               table_optional: bool = False, rearrange: bool = True, cap: int | None = None,
               **opts: bool) -> tuple[int, int]:
    """``(optimum, fewest moved table cards among the optimal answers)``; with
    ``rearrange=False`` only answers that keep every old meld whole count, with
    ``cap`` only answers placing at most that many hand cards."""
    res = outcomes(game, table, hand, table_optional, **opts)
    whole = sum(len(m) for m in table)
    ok = [o for o in res if (rearrange or o[3] == whole) and (cap is None or o[0] <= cap)]
    top = max(_value(objective, o) for o in ok)
    return top, whole - max(o[3] for o in ok if _value(objective, o) == top)
