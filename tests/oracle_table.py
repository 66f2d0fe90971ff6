"""Brute-force oracle for the table search (Rummy, Räuber-Rommé).

Shares no code with the Rust search: a meld predicate written straight from
RULES.md, and an exhaustive set partition of the physical cards (table cards
must all be used, hand cards may stay out; with ``table_optional`` table cards
may be taken back). Good for about a dozen cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations

JOKER = 52  # rummy and romme


def _suit(c: int) -> int:
    return c // 13


def _rank(c: int) -> int:
    """Rummy number 1..13, or Rommé rank with the ace as 1."""
    return c % 13 + 1


def is_meld(game: str, cards: Iterable[int]) -> bool:
    """Whether ``cards`` (codes) form a valid meld of ``game`` (rummy or romme)."""
    cards = list(cards)
    nat = [c for c in cards if c != JOKER]
    n = len(cards)
    if n < 3 or not nat:
        return False
    ranks = [_rank(c) for c in nat]
    suits = [_suit(c) for c in nat]
    # set: one rank, distinct suits, at most four cards
    if n <= 4 and len(set(ranks)) == 1 and len(set(suits)) == len(suits):
        return True
    # run: one suit, distinct ranks, consecutive with jokers filling gaps
    if len(set(suits)) != 1:
        return False
    choices = [ranks]
    if game == "romme" and 1 in ranks:
        choices.append([14 if r == 1 else r for r in ranks])
    top = 14 if game == "romme" else 13
    for rs in choices:
        if len(set(rs)) != len(rs) or n > 13:
            continue
        lo, hi = min(rs), max(rs)
        if hi - lo + 1 > n:
            continue
        # a window of n cells inside 1..top that covers lo..hi
        for a in range(max(1, hi - n + 1), lo + 1):
            if a + n - 1 <= top:
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


def outcomes(game: str, table: list[list[int]], hand: list[int],
             table_optional: bool = False) -> set[tuple[int, int, int]]:
    """Every achievable ``(hand cards placed, hand points placed, table cards taken)``."""
    t0 = tuple(sorted(c for m in table for c in m))
    h0 = tuple(sorted(hand))

    @cache
    def rec(t: tuple[int, ...], h: tuple[int, ...]) -> frozenset[tuple[int, int, int]]:
        if not t and not h:
            return frozenset({(0, 0, 0)})
        out: set[tuple[int, int, int]] = set()
        if t:
            c, from_table = t[0], True
            rest_t, rest_h = t[1:], h
            if table_optional:
                for k, p, x in rec(rest_t, rest_h):
                    out.add((k, p, x + 1))
        else:
            c, from_table = h[0], False
            rest_t, rest_h = t, h[1:]
            out |= rec(rest_t, rest_h)  # the hand card stays in the hand
        pool = [(x, True) for x in rest_t] + [(x, False) for x in rest_h]
        seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        for size in range(2, min(13, len(pool)) + 1):
            for combo in combinations(range(len(pool)), size):
                ts = tuple(sorted(pool[i][0] for i in combo if pool[i][1]))
                hs = tuple(sorted(pool[i][0] for i in combo if not pool[i][1]))
                if (ts, hs) in seen:
                    continue
                seen.add((ts, hs))
                if not is_meld(game, (c, *ts, *hs)):
                    continue
                nt = list(rest_t)
                for x in ts:
                    nt.remove(x)
                nh = list(rest_h)
                for x in hs:
                    nh.remove(x)
                gain_k = len(hs) + (0 if from_table else 1)
                gain_p = sum(hand_value(game, x) for x in hs) + (0 if from_table else hand_value(game, c))
                for k, p, x in rec(tuple(nt), tuple(nh)):
                    out.add((k + gain_k, p + gain_p, x))
        return frozenset(out)

    return set(rec(t0, h0))


def best(game: str, table: list[list[int]], hand: list[int], objective: str = "cards",
         cap: int | None = None, table_optional: bool = False) -> int | None:
    """The optimum: most cards (≤ cap), most points (cards ≤ cap) or most shed net."""
    res = outcomes(game, table, hand, table_optional)
    ok = [(k, p, x) for k, p, x in res if cap is None or k <= cap]
    if not ok:
        return None
    if objective == "cards":
        return max(k for k, _, _ in ok)
    if objective == "points":
        return max(p for _, p, _ in ok)
    return max(k - x for k, _, x in ok)
