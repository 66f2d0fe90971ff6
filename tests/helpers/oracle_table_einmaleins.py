"""Brute-force oracle for the 1x1-Rommé table search.

Shares no code with Rust (nor with ``romme.cards``, which reads its deck from
Rust): the NumNum deck is read from its data file (docs/DECKS.md), the meld predicate is written
from docs/RULES.md §3, and the search is an exhaustive set partition of the
physical cards (table cards must all end in melds, hand cards may stay out;
with ``net`` table cards may be taken back). Wish cards are physical cards
with an identity, so "moved" is counted literally: a table card is unmoved
when its new meld holds every physical card of its old meld. Good for about a
dozen cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations
from pathlib import Path

SYMBOLS = "HKDQ"


def _deck_file() -> Path:
    """The NumNum deck's data file (docs/DECKS.md), found from this file up to the repository root."""
    for folder in Path(__file__).resolve().parents:
        path = folder / "rust" / "romme-engine" / "data" / "numnum.txt"
        if path.is_file():
            return path
    raise FileNotFoundError("rust/romme-engine/data/numnum.txt not found above " + __file__)


def _extra_values() -> dict[str, list[int]]:
    """Per symbol the values besides 1..11, read from the deck's data file (its lines ``H 12 14 ...``)."""
    extra: dict[str, list[int]] = {}
    for line in _deck_file().read_text(encoding="utf-8").splitlines():
        words = line.split()
        if words and words[0] in SYMBOLS:
            extra[words[0]] = [int(w) for w in words[1:]]
    return extra


#: Per symbol the values besides 1..11 (docs/DECKS.md, "NumNum"): the data the engine is built with, read here
#: by the oracle's own code.
EXTRA = _extra_values()
VALUES = {s: list(range(1, 12)) + EXTRA[s] for s in SYMBOLS}
#: Card codes: number cards symbol-major, values ascending, then the wish card.
CARDS: list[tuple[str, int]] = [(s, v) for s in SYMBOLS for v in VALUES[s]]
CODE = {c: i for i, c in enumerate(CARDS)}
WISH = len(CARDS)  # 100


def token(code: int) -> str:
    if code == WISH:
        return "W"
    s, v = CARDS[code]
    return f"{s}{v}"


def code(tok: str) -> int:
    return WISH if tok == "W" else CODE[(tok[0], int(tok[1:]))]


def codes(text: str) -> list[int]:
    return [code(t) for t in text.split()]


def hand_points(c: int) -> int:
    """Minus points of a card in hand: wish card 100, 1-card 50, else the value."""
    if c == WISH:
        return 100
    v = CARDS[c][1]
    return 50 if v == 1 else v


def run_reading(cards: Sequence[int]) -> bool:
    """A run: ≥ 3 cards of one symbol on consecutive multiples of a row k ≥ 2,
    every cell a card of the deck; wish cards and 1-cards of the run's symbol
    are wild, and at least one card is a natural (value ≥ 2)."""
    n = len(cards)
    numbers = [CARDS[c] for c in cards if c != WISH]
    naturals = [(s, v) for s, v in numbers if v != 1]
    if n < 3 or not naturals:
        return False
    sym = naturals[0][0]
    if any(s != sym for s, _ in numbers):
        return False  # a 1-card of another symbol is no wild here
    vals = [v for _, v in naturals]
    for k in range(2, min(vals) + 1):
        if any(v % k for v in vals):
            continue
        for i in range(1, max(vals) // k + 1):
            window = [k * j for j in range(i, i + n)]
            if all(v in VALUES[sym] for v in window) and all(v in window for v in vals):
                return True
    return False


def set_reading(cards: Sequence[int]) -> bool:
    """A set: ≥ 3 cards of one value (a 1-card counts as a natural 1), wish
    cards standing for the missing symbols of that value (so no more cards
    than symbols having it), at least one number card."""
    numbers = [CARDS[c] for c in cards if c != WISH]
    if len(cards) < 3 or not numbers or len({v for _, v in numbers}) != 1:
        return False
    v = numbers[0][1]
    return len(cards) <= sum(1 for s in SYMBOLS if v in VALUES[s])


def is_meld(cards: Iterable[int]) -> bool:
    cards = list(cards)
    return set_reading(cards) or run_reading(cards)


def may_share(a: int, b: int) -> bool:
    """Whether two cards can lie in one meld at all: a wish card joins
    anything, 1-cards join 1-cards (a set) or their symbol (a run), other
    cards share a value (set) or a symbol (run)."""
    if a == WISH or b == WISH:
        return True
    (sa, va), (sb, vb) = CARDS[a], CARDS[b]
    return va == vb or sa == sb


Outcome = tuple[int, int, int, int, int]  # hand cards placed, hand points placed, taken, table cards kept, hand wilds


def outcomes(table: list[list[int]], hand: list[int], net: bool = False) -> set[Outcome]:
    """Every achievable ``(placed, points, taken, kept, wilds)``: hand cards
    and their points placed, table cards taken back (only with ``net``),
    table cards whose old meld lies whole in one new meld, and hand wilds
    placed (wish cards, and 1-cards in runs)."""
    phys: list[tuple[int, int | None]] = [(c, i) for i, m in enumerate(table) for c in m]
    phys += [(c, None) for c in hand]
    old = [frozenset(j for j, (_, o) in enumerate(phys) if o == i) for i in range(len(table))]
    n = len(phys)

    def meld_value(group: tuple[int, ...]) -> tuple[int, int, int, int]:
        cards = [phys[j][0] for j in group]
        in_run = any(c != WISH and CARDS[c][1] != 1 for c in cards)  # then its 1-cards are wild
        hand_js = [j for j in group if phys[j][1] is None]
        wilds = sum(1 for j in hand_js if phys[j][0] == WISH or (in_run and CARDS[phys[j][0]][1] == 1))
        kept = sum(len(o) for o in old if o <= set(group))
        return len(hand_js), sum(hand_points(phys[j][0]) for j in hand_js), kept, wilds

    @cache
    def rec(rest: frozenset[int]) -> frozenset[Outcome]:
        if not rest:
            return frozenset({(0, 0, 0, 0, 0)})
        first = min(rest)
        others = sorted(rest - {first})
        # partners of ``first`` in any meld (a necessary condition; is_meld decides)
        partners = [j for j in others if may_share(phys[first][0], phys[j][0])]
        out: set[Outcome] = set()
        if phys[first][1] is None:
            out |= rec(frozenset(others))  # the hand card stays in the hand
        elif net:
            out |= {(k, p, x + 1, u, w) for k, p, x, u, w in rec(frozenset(others))}
        for size in range(2, len(partners) + 1):
            for combo in combinations(partners, size):
                group = (first, *combo)
                if not is_meld(phys[j][0] for j in group):
                    continue
                k0, p0, u0, w0 = meld_value(group)
                for k, p, x, u, w in rec(rest - set(group)):
                    out.add((k + k0, p + p0, x, u + u0, w + w0))
        return frozenset(out)

    return set(rec(frozenset(range(n))))


def best(table: list[list[int]], hand: list[int], objective: str = "cards") -> tuple[int, int, int]:
    """The optimum ``(objective value, fewest moved table cards, fewest hand wilds)``
    in the tie-break order of the search."""
    net = objective == "net"
    table_cards = sum(len(m) for m in table)

    def key(o: Outcome) -> tuple[int, int, int]:
        k, p, x, u, w = o
        value = {"cards": k, "points": p, "net": k - x}[objective]
        return value, u, -w

    top = max(outcomes(table, hand, net), key=key)
    value, kept, wilds = key(top)
    return value, table_cards - kept, -wilds
