"""Hypothesis strategies for table positions (valid tables are built, not filtered)."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

JOKER = 52


def code(suit: int, rank: int) -> int:
    """Rummy colour/number or Rommé suit/rank (ace 1, or 14 when high) to a code."""
    return suit * 13 + (rank - 1) % 13


@st.composite
def positions(draw: st.DrawFn, *, max_melds: int = 3, max_hand: int = 4, max_cards: int = 11,
              window: int = 6, jokers: int = 2, game: str = "rummy") -> tuple[list[list[int]], list[int]]:
    """A valid table (runs and sets inside a small window of ranks, some with a
    joker) and a hand from the rest of the deck."""
    left: Counter[int] = Counter({c: 2 for c in range(52)})
    left[JOKER] = jokers
    ranks = list(range(1, 14))
    if game == "romme" and draw(st.booleans()):
        # around the ace: Q K A 2 3 ...
        start = draw(st.integers(0, 12))
        span = [ranks[(start + i) % 13] for i in range(window)]
    else:
        lo = draw(st.integers(1, 14 - window))
        span = list(range(lo, lo + window))
    suits = draw(st.sampled_from([[0, 1], [0, 1, 2], [0, 1, 2, 3]]))
    table: list[list[int]] = []
    total = 0
    for _ in range(draw(st.integers(0, max_melds))):
        if draw(st.booleans()):
            s = draw(st.sampled_from(suits))
            seq = _runs_in(span, game)
            if not seq:
                continue
            run = draw(st.sampled_from(seq))
            length = draw(st.integers(3, min(5, len(run))))
            first = draw(st.integers(0, len(run) - length))
            cards = [code(s, r) for r in run[first:first + length]]
        else:
            r = draw(st.sampled_from(span))
            cols = draw(st.lists(st.sampled_from([0, 1, 2, 3]), min_size=3, max_size=4, unique=True))
            cards = [code(c, r) for c in cols]
        if left[JOKER] > 0 and draw(st.integers(0, 3)) == 0:
            cards[draw(st.integers(0, len(cards) - 1))] = JOKER
        total = lay(left, table, cards, total, max_cards)
    return table, draw_hand(draw, left, suits, span, total, max_cards, max_hand)


def lay(left: Counter[int], table: list[list[int]], cards: list[int], total: int, max_cards: int) -> int:
    """Lays ``cards`` on the ``table`` where the deck still holds them (``left``) and the table
    stays within ``max_cards``; the table's new card count."""
    need = Counter(cards)
    if any(left[c] < n for c, n in need.items()) or total + len(cards) > max_cards:
        return total
    left -= need
    table.append(cards)
    return total + len(cards)


def draw_hand(draw: st.DrawFn, left: Counter[int], suits: list[int], span: list[int], total: int,
              max_cards: int, max_hand: int) -> list[int]:
    """A hand of the cards still ``left`` in these suits and ranks (and jokers), at most ``max_hand``
    cards and ``max_cards + 2`` cards in all with the ``total`` on the table."""
    pool = [code(s, r) for s in suits for r in span] + [JOKER]
    return hand_from_pool(draw, left, pool, max_hand, room=max_cards + 2 - total)


def hand_from_pool(draw: st.DrawFn, left: Counter[int], pool: list[int], max_hand: int,
                   room: int | None = None) -> list[int]:
    """A hand of cards drawn from ``pool`` (a card listed more often is drawn more often) that the deck
    still holds (``left``, taken from it): at most ``max_hand`` draws and ``room`` cards."""
    hand: list[int] = []
    for c in draw(st.lists(st.sampled_from(pool), max_size=max_hand)):
        if left[c] > 0 and (room is None or len(hand) < room):
            left[c] -= 1
            hand.append(c)
    return hand


def _runs_in(span: list[int], game: str) -> list[list[int]]:
    """Maximal ascending stretches of the span (ace high after K in Rommé)."""
    out: list[list[int]] = []
    cur: list[int] = []
    for r in span:
        prev = cur[-1] if cur else None
        pos = 14 if (game == "romme" and r == 1 and prev == 13) else r
        if prev is not None and pos == prev + 1:
            cur.append(pos)
        else:
            if len(cur) >= 3:
                out.append(cur)
            cur = [pos]
    if len(cur) >= 3:
        out.append(cur)
    return out



def _joker_table(draw: st.DrawFn, melds: list[list[int]], max_melds: int, max_cards: int,
                 max_hand: int) -> tuple[list[list[int]], list[int]]:
    """The joker ``melds`` (as the deck allows), then more joker-free melds over all
    thirteen numbers and colours, and a hand from the rest."""
    left: Counter[int] = Counter({c: 2 for c in range(52)})
    left[JOKER] = 2
    table: list[list[int]] = []
    total = 0
    for i in range(len(melds) + draw(st.integers(0, max_melds))):
        if i < len(melds):
            cards = melds[i]
        elif draw(st.booleans()):
            t = draw(st.integers(0, 3))
            length = draw(st.integers(3, 5))
            first = draw(st.integers(1, 14 - length))
            cards = [code(t, r) for r in range(first, first + length)]
        else:
            r = draw(st.integers(1, 13))
            cards = [code(c, r) for c in draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))]
        total = lay(left, table, cards, total, max_cards)
    left[JOKER] = 0
    return table, draw_hand(draw, left, [0, 1, 2, 3], list(range(1, 14)), total, max_cards, max_hand)


@st.composite
def two_jokered_runs(draw: st.DrawFn, *, max_melds: int = 8, max_cards: int = 30,
                     max_hand: int = 8) -> tuple[list[list[int]], list[int]]:
    """A Rummy table whose two jokers lie in two runs of one colour (a third of the time
    interleaved, as 4 * 6 and 5 * 7, which may be kept as one run), more melds, a hand."""
    s = draw(st.integers(0, 3))
    if draw(st.integers(0, 2)) == 0:
        f = draw(st.integers(1, 10))
        longer = f + 4 <= 13 and draw(st.booleans())
        runs = [[code(s, f), JOKER, code(s, f + 2)],
                [code(s, f + 1), JOKER, code(s, f + 3)] + [code(s, f + 4)] * longer]
    else:
        runs = []
        for _ in range(2):
            length = draw(st.integers(3, 5))
            first = draw(st.integers(1, 14 - length))
            run = [code(s, r) for r in range(first, first + length)]
            run[draw(st.integers(0, length - 1))] = JOKER
            runs.append(run)
    return _joker_table(draw, runs, max_melds, max_cards, max_hand)


@st.composite
def one_natural_set(draw: st.DrawFn, *, max_melds: int = 8, max_cards: int = 30,
                    max_hand: int = 8) -> tuple[list[list[int]], list[int]]:
    """A Rummy table with a meld of one natural and both jokers (a set or a run), more melds, a hand."""
    natural = code(draw(st.integers(0, 3)), draw(st.integers(1, 13)))
    return _joker_table(draw, [draw(st.permutations([JOKER, JOKER, natural]))], max_melds, max_cards, max_hand)


@st.composite
def romme_jokered_run(draw: st.DrawFn, *, max_melds: int = 3, max_cards: int = 12,
                      max_hand: int = 5) -> tuple[list[list[int]], list[int]]:
    """A Rommé table with a run holding a joker (often next to the ace, low or high), more runs of
    its suit close by (any of which might lay the kept run's joker) and other melds, and a hand
    mostly of that suit there."""
    left: Counter[int] = Counter({c: 2 for c in range(52)})
    left[JOKER] = 3
    s = draw(st.integers(0, 3))
    # (ranks as positions: ace low 1, ace high 14)
    lo = draw(st.one_of(st.integers(1, 3), st.integers(9, 12), st.integers(1, 12)))
    length = draw(st.integers(3, min(5, 15 - lo)))
    run = [code(s, r) for r in range(lo, lo + length)]
    run[draw(st.integers(0, length - 1))] = JOKER
    table: list[list[int]] = []
    total = lay(left, table, run, 0, max_cards)
    window = list(range(max(1, lo - 4), min(14, lo + length + 3) + 1))
    for _ in range(draw(st.integers(0, max_melds))):
        if draw(st.integers(0, 2)) > 0:
            k = draw(st.integers(3, 4))
            first = draw(st.integers(window[0], max(window[0], window[-1] - k + 1)))
            cards = [code(s, r) for r in range(first, min(first + k, 15))]
            if draw(st.integers(0, 3)) == 0:
                cards[draw(st.integers(0, len(cards) - 1))] = JOKER
        else:
            r = draw(st.sampled_from(window)) % 13 or 13
            cards = [code(c, r) for c in draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))]
        if len(cards) >= 3:
            total = lay(left, table, cards, total, max_cards)
    span = [r % 13 or 13 for r in window]
    hand = draw_hand(draw, left, [s, s, s, (s + 1) % 4], span, total, max_cards, max_hand)
    return table, hand
