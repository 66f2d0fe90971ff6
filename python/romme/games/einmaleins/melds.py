"""The meld rules of 1x1-Rommé on the NumNum deck (docs/RULES.md §3), for the game flow in
``einmaleins.py``: reading a meld (with or without declared wilds), what a meld accepts, and the
bounded list of melds a hand can lay. The Rust core's ``validate_meld`` implements the same rules;
the tests compare the two and a brute-force oracle.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from math import gcd

from ... import _core
from ...cards import deck
from ..tablemoves import Draft, MeldT

GAME = "einmaleins"
WISH = 100
TYPES = 101  # number cards 0..99 and the wish card; the ban cards 101, 102 are not in this game

_TYPES = deck(GAME).types
VALUE: tuple[int, ...] = tuple(t.rank for t in _TYPES[:100])
SYM: tuple[int, ...] = tuple(t.suit or 0 for t in _TYPES[:100])
CODE_AT: dict[tuple[int, int], int] = {(SYM[c], VALUE[c]): c for c in range(100)}
SYM_VALUES: tuple[frozenset[int], ...] = tuple(frozenset(VALUE[c] for c in range(100) if SYM[c] == s)
                                               for s in range(4))
ONES: tuple[int, ...] = tuple(CODE_AT[(s, 1)] for s in range(4))


def is_one(code: int) -> bool:
    return code < 100 and VALUE[code] == 1


#: Minus points of a card left in the hand by code, counted by the core (wish card 100, value-1 card 50,
#: else its value).
_HAND_POINTS: tuple[int, ...] = tuple(_core.hand_points("einmaleins"))


def hand_points(code: int) -> int:
    """Minus points of a card left in the hand: wish card 100, value-1 card 50, else its value."""
    return _HAND_POINTS[code]


# --- meld rules (one place; the Rust core's validate_meld checks the same) ---------------------

class EinmaleinsMelds:
    """Sets (3+ of one value) and runs (3+ consecutive multiples of a row k >= 2 in one symbol).

    The wish card is wild everywhere; a value-1 card is wild only in a run of
    its own symbol (as a natural it is a 1). A wild stands for a card of the
    deck that is not otherwise in the meld. Every meld holds a natural card.
    Without a declared card, a wild is placed where the meld is worth most.
    """

    game = GAME

    def is_wild(self, code: int) -> bool:
        return code == WISH or is_one(code)

    def resolve(self, cards: Draft) -> MeldT | None:
        return _resolve(tuple(sorted(cards, key=lambda p: (p[0], -1 if p[1] is None else p[1]))))

    @staticmethod
    def points(meld: MeldT) -> int:
        """Opening points: every card counts as the card it stands for."""
        return sum(VALUE[s] for _, s in meld)


MELDS = EinmaleinsMelds()


# Bounded memo caches: a process playing game after game meets new melds all the time, and a larger
# cache only grows RSS (1 << 17 resolved melds held 40 MB after 500 greedy games, for a 42 % hit rate).
MEMO_SIZE = 1 << 13


@lru_cache(maxsize=MEMO_SIZE)
def _resolve(cards: Draft) -> MeldT | None:
    if len(cards) < 3 or any(not 0 <= c <= WISH or (s is not None and not 0 <= s < 100) for c, s in cards):
        return None
    best: MeldT | None = _as_set(cards)
    best_pts = MELDS.points(best) if best is not None else -1
    run = _as_run(cards)
    if run is not None and MELDS.points(run) > best_pts:
        best = run
    return best


def _as_set(cards: Draft) -> MeldT | None:
    naturals = [c for c, _ in cards if c != WISH]
    if not naturals or any(s is not None and s != c for c, s in cards if c != WISH):
        return None
    v = VALUE[naturals[0]]
    if any(VALUE[c] != v for c in naturals):
        return None
    used = {SYM[c] for c in naturals}
    if len(used) != len(naturals):
        return None
    out = [(c, c) for c in naturals]
    free = 0
    for c, s in cards:
        if c == WISH:
            if s is None:
                free += 1
            elif VALUE[s] != v or SYM[s] in used:
                return None
            else:
                used.add(SYM[s])
                out.append((c, s))
    for sym in range(4):
        if free and sym not in used and v in SYM_VALUES[sym]:
            out.append((WISH, CODE_AT[(sym, v)]))
            used.add(sym)
            free -= 1
    if free:
        return None  # more cards than the deck has cards of this value
    return tuple(sorted(out, key=lambda p: (p[1], p[0])))


def _divisors(g: int) -> Iterator[int]:
    return (k for k in range(2, g + 1) if g % k == 0)


def _as_run(cards: Draft) -> MeldT | None:
    syms = {SYM[c] for c, _ in cards if c != WISH}
    if len(syms) != 1:
        return None
    sym = syms.pop()
    fixed: list[tuple[int, int]] = []
    free: list[int] = []
    natural = False
    for c, s in cards:
        wild = c == WISH or is_one(c)
        if not wild:
            if s is not None and s != c:
                return None
            fixed.append((c, c))
            natural = True
        elif s is None:
            free.append(c)
        elif SYM[s] != sym or VALUE[s] == 1:
            return None  # a wild in this run stands for a card of its symbol (a 1 is no cell)
        else:
            fixed.append((c, s))
    if not natural:
        return None
    values = [VALUE[s] for _, s in fixed]
    if len(set(values)) != len(values):
        return None
    g = 0
    for v in values:
        g = gcd(g, v)
    n = len(cards)
    line = SYM_VALUES[sym]
    best: MeldT | None = None
    best_pts = -1
    for k in _divisors(g):
        idx = {v // k for v in values}
        lo, hi = min(idx), max(idx)
        if hi - lo + 1 > n:
            continue
        for a in range(lo, max(1, hi - n + 1) - 1, -1):  # highest window first: most points
            if all(k * i in line for i in range(a, a + n)):
                pts = k * (a + a + n - 1) * n // 2
                if pts > best_pts:
                    cells = [i for i in range(a, a + n) if i not in idx]
                    out = fixed + [(w, CODE_AT[(sym, k * i)]) for w, i in zip(sorted(free), cells)]
                    best = tuple(sorted(out, key=lambda p: (VALUE[p[1]], p[0])))
                    best_pts = pts
                break
    return best


@lru_cache(maxsize=MEMO_SIZE)
def accepts(meld: MeldT) -> tuple[tuple[int, MeldT], ...]:
    """Every card that can be added to ``meld`` alone, with the meld it then makes."""
    base: Draft = tuple((c, None) for c, _ in meld)
    present = {c for c, _ in meld}
    out = []
    for code in range(TYPES):
        if code in present and code != WISH:
            continue
        m = MELDS.resolve(base + ((code, None),))
        if m is not None:
            out.append((code, m))
    return tuple(out)


@lru_cache(maxsize=MEMO_SIZE)
def layoffs(meld: MeldT) -> tuple[tuple[int, MeldT], ...]:
    """Like :func:`accepts`, but trying only the cards of the meld's value (set) or symbol (run) and the
    wish card: the lay-offs offered in the move list."""
    base: Draft = tuple((c, None) for c, _ in meld)
    present = {c for c, _ in meld}
    first = meld[0][1]
    if all(VALUE[s] == VALUE[first] for _, s in meld):
        cands = [c for c in range(100) if VALUE[c] == VALUE[first]]
    else:
        cands = [c for c in range(100) if SYM[c] == SYM[first]]
    out = []
    for code in cands + [WISH]:
        if code in present and code != WISH:
            continue
        m = MELDS.resolve(base + ((code, None),))
        if m is not None:
            out.append((code, m))
    return tuple(out)


def _windows() -> dict[int, list[tuple[int, int, int]]]:
    """Every 3-card run of naturals, by each of its cards (codes ascending by value)."""
    out: dict[int, list[tuple[int, int, int]]] = {c: [] for c in range(100)}
    for sym in range(4):
        line = SYM_VALUES[sym]
        for k in range(2, max(line) // 2 + 1):
            for i in range(1, max(line) // k - 1):
                vals = (k * i, k * (i + 1), k * (i + 2))
                if all(v in line for v in vals):
                    w = tuple(CODE_AT[(sym, v)] for v in vals)
                    for c in w:
                        out[c].append(w)  # type: ignore[arg-type]
    return out


WINDOWS = _windows()


def hand_melds(h: list[int]) -> list[MeldT]:
    """A bounded set of melds the hand (counts) can lay: per value its set (topped up with wish cards to
    three), and every 3-card run window with at most one wild. Built with every wild declared, so no
    search is needed; the tests check each against the meld rules."""
    wilds_any = h[WISH]
    out: list[MeldT] = []
    present = [c for c in range(100) if h[c]]
    by_value: dict[int, list[int]] = {}
    for c in present:
        by_value.setdefault(VALUE[c], []).append(c)
    for cs in by_value.values():
        if len(cs) + wilds_any >= 3:
            m = _as_set(tuple((c, None) for c in cs) + ((WISH, None),) * max(0, 3 - len(cs)))
            if m is not None:
                out.append(m)
    for c in present:
        if VALUE[c] == 1:
            continue
        one = ONES[SYM[c]]
        for w in WINDOWS[c]:
            a, b, d = w
            n = h[a] + h[b] + h[d]
            if n < 2 or (a if h[a] else b) != c:
                continue  # each window once: from its lowest card in hand
            if n == 3:
                out.append(((a, a), (b, b), (d, d)))
                continue
            for wild in (WISH, one):
                if h[wild]:
                    out.append(tuple((x, x) if h[x] else (wild, x) for x in w))
    return out
