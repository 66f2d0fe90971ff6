"""Brute-force oracles for 1x1-Rommé: meld validity and table-move legality, written straight from
the rule text (docs/RULES.md §3) and compared with the engine's resolver, the Rust core and ``apply``."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st
from playout import check_against_oracle

from romme import _core
from romme.engine import new_game
from romme.games import einmaleins as ein
from romme.games import tablemoves as tm
from romme.rng import Rng

W = ein.WISH
VALUE, SYM = ein.VALUE, ein.SYM


def valid_assigned(pairs: Iterable[tuple[int, int]]) -> bool:
    """Is this meld valid with exactly these stands-for cards? (the rule text, nothing clever)"""
    pairs = list(pairs)
    if len(pairs) < 3:
        return False
    for c, s in pairs:
        if not 0 <= s < 100:
            return False
        if c == W:
            continue
        if VALUE[c] == 1:
            if s != c and SYM[s] != SYM[c]:
                return False  # a 1 stands only for a card of its own symbol
        elif s != c:
            return False
    reps = [s for _, s in pairs]
    if len(set(reps)) != len(reps):
        return False  # a wild stands for a card not otherwise in the meld
    if not any(c == s for c, s in pairs):
        return False  # a meld holds a natural card
    one_wild = any(c != W and c != s for c, s in pairs)
    if not one_wild and len({VALUE[s] for s in reps}) == 1:
        return True  # a set: one value (distinct cards, so distinct symbols)
    if len({SYM[s] for s in reps}) != 1 or any(c != W and SYM[c] != SYM[reps[0]] for c, _ in pairs):
        return False
    vals = sorted(VALUE[s] for s in reps)
    k = vals[1] - vals[0]
    return k >= 2 and vals[0] % k == 0 and all(b - a == k for a, b in pairwise(vals))


def assignments(codes: list[int]) -> Iterable[tuple[tuple[int, int], ...]]:
    """Every way to give the wilds a card. A valid meld's cards all share the value (set) or the symbol
    (run) of each natural card in it, so a wish card only needs the cards that do so with all of them."""
    others = [c for c in codes if c != W]
    plain_codes = [c for c in others if VALUE[c] != 1] or others[:1]
    near = [x for x in range(100) if all(VALUE[x] == VALUE[c] or SYM[x] == SYM[c] for c in plain_codes)]
    ones = [c for c in others if VALUE[c] == 1]
    plain = [(c, c) for c in others if VALUE[c] != 1]
    n_w = codes.count(W)

    def one_choices(i: int) -> Iterable[list[tuple[int, int]]]:
        if i == len(ones):
            yield []
            return
        c = ones[i]
        for s in [c] + [x for x in range(100) if SYM[x] == SYM[c] and x != c]:
            for rest in one_choices(i + 1):
                yield [(c, s)] + rest

    for ones_part in one_choices(0):
        for reps in combinations(near, n_w):
            yield tuple(plain + ones_part + [(W, s) for s in reps])


def oracle_best(codes: list[int]) -> int | None:
    """The most points of any valid reading of these cards, or None if they form no meld."""
    best = None
    for a in assignments(codes):
        if valid_assigned(a):
            pts = sum(VALUE[s] for _, s in a)
            best = pts if best is None else max(best, pts)
    return best


small_melds = st.lists(st.sampled_from(list(range(100))), min_size=1, max_size=5, unique=True).flatmap(
    lambda nat: st.integers(0, min(2, 6 - len(nat))).map(lambda w: nat + [W] * w))


def line_melds() -> st.SearchStrategy[list[int]]:
    """Cards likely to form melds: a run window or a set value, some cards swapped for wilds."""
    def build(sym: int, k: int, i: int, n: int, wild_mask: int, use_one: bool) -> list[int]:
        cells = [ein.CODE_AT.get((sym, k * j)) for j in range(i, i + n)]
        out = []
        for j, c in enumerate(cells):
            if c is None:
                return []
            out.append(W if wild_mask >> j & 1 else c)
        if use_one and W in out:
            out[out.index(W)] = ein.ONES[sym]
        return out
    return st.builds(build, st.integers(0, 3), st.integers(2, 20), st.integers(1, 8), st.integers(3, 5),
                     st.integers(0, 31), st.booleans()).filter(lambda x: len(x) >= 3 and x.count(W) <= 3)


@given(st.one_of(small_melds, line_melds()))
def test_resolver_matches_oracle(codes: list[int]) -> None:
    m = ein.MELDS.resolve(tuple((c, None) for c in codes))
    best = oracle_best(codes)
    if best is None:
        assert m is None, f"{codes} resolved to {m}"
        return
    assert m is not None, f"{codes} is a meld worth {best}"
    assert valid_assigned(m) and Counter(c for c, _ in m) == Counter(codes)
    assert ein.MELDS.points(m) == best
    assert ein.MELDS.resolve(m) is not None  # the declared reading is accepted as it is


@given(st.one_of(small_melds, line_melds()))
def test_resolver_matches_rust_core(codes: list[int]) -> None:
    m = ein.MELDS.resolve(tuple((c, None) for c in codes))
    try:
        core = _core.validate_meld("einmaleins", codes, {})
    except ValueError:
        core = None
    assert (m is None) == (core is None), f"{codes}: python {m}, core {core}"
    if m is not None and core is not None:
        assert core.points == ein.MELDS.points(m)


# --- table moves -------------------------------------------------------------------------------------

def is_meld(codes: list[int]) -> bool:
    return any(valid_assigned(a) for a in assignments(codes))


def fits(card: int, meld: tm.MeldT) -> bool:
    return is_meld([c for c, _ in meld] + [card])


def oracle_legal(state: ein.EinmaleinsState, move: tm.PlaceMove) -> bool:
    """A place move's legality from the rule text."""
    p = state.turn
    if move.player != p or not state.drawn or state.is_over:
        return False
    if not all(valid_assigned(m) for m in move.table):
        return False
    old = Counter(c for m in state.table for c, _ in m)
    new = Counter(c for m in move.table for c, _ in m)
    placed, taken = new - old, old - new
    if not placed or any(state.hands[p][c] < n for c, n in placed.items()):
        return False
    added = Counter(move.table) - Counter(state.table)
    removed = Counter(state.table) - Counter(move.table)
    if not state.opened[p]:
        return not removed and sum(VALUE[s] for m in added.elements() for _, s in m) >= int(state.rules.opening_points)
    # taken cards: swapped wilds (one per natural placed for the card a removed wild stood for), else leftovers
    free = Counter(placed)
    left = Counter(taken)
    for m in removed.elements():
        for c, s in m:
            if c != s and left[c] and free[s]:
                left[c] -= 1
                free[s] -= 1
    rest = list(left.elements())
    if any(is_meld(list(combo)) for n in range(3, len(rest) + 1) for combo in combinations(rest, n)):
        return False
    return not any(fits(c, m) for c in rest for m in move.table)


def candidates(state: ein.EinmaleinsState, rng: Rng) -> list[tm.PlaceMove]:
    """Place moves near the legal ones: melds dropped, cards added or removed, wilds re-declared."""
    p = state.turn
    legal = [m for m in state.legal_moves() if isinstance(m, tm.PlaceMove)]
    hand = state.hand(p)
    out: list[tm.PlaceMove] = []
    base = legal + [ein.EinmaleinsPlace(p, state.table)]
    for _ in range(6):
        m = base[rng.below(len(base))]
        table = list(m.table)
        r = rng.below(5)
        if r == 0 and table:
            table.pop(rng.below(len(table)))
        elif r == 1 and table and hand:
            i = rng.below(len(table))
            table[i] = table[i] + ((hand[rng.below(len(hand))],) * 2,)
        elif r == 2 and table:
            i = rng.below(len(table))
            if len(table[i]) > 1:
                cards = list(table[i])
                cards.pop(rng.below(len(cards)))
                table[i] = tuple(cards)
        elif r == 3 and table:
            i = rng.below(len(table))
            cards = list(table[i])
            j = rng.below(len(cards))
            if cards[j][0] == W:
                cards[j] = (W, rng.below(100))
            table[i] = tuple(cards)
        elif r == 4 and len(hand) >= 3:
            picks = [hand[rng.below(len(hand))] for _ in range(3)]
            d = ein.MELDS.resolve(tuple((c, None) for c in picks))
            if d is not None:
                table.append(d)
        out.append(ein.EinmaleinsPlace(p, tuple(table)))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_apply_agrees_with_oracle(seed: int) -> None:
    s = new_game("einmaleins", players=2, seed=seed)
    rng = Rng(seed)
    verdicts: Counter[bool] = Counter()
    while not s.is_over and len(s.history) < 400:
        if s.phase == "play":
            verdicts += check_against_oracle(s, candidates(s, rng), oracle_legal, tm.PlaceMove)
        legal_moves = s.legal_moves()
        s.apply(legal_moves[rng.below(len(legal_moves))])
    assert verdicts[True] > 5 and verdicts[False] > 20, verdicts


def test_oracle_on_sheet_examples() -> None:
    from romme.cards import parse_codes
    for text in ("K4 D4 H4", "H7 K7 W", "H3 H6 H9 W H15", "H12 H16 H1 H24", "K7 K14 K21", "D40 D45 D50",
                 "H12 H24 H36"):
        assert oracle_best(parse_codes("einmaleins", text)) is not None, text
    for text in ("H4 H8 H10", "H2 H4 K6", "H3 H4 H5"):
        assert oracle_best(parse_codes("einmaleins", text)) is None, text
    _ = dataclasses


@given(st.one_of(small_melds, line_melds()))
def test_every_meld_holds_a_three_card_meld(codes: list[int]) -> None:
    # the leftover rule looks at triples only; this is why that is enough
    if len(codes) > 3 and is_meld(codes):
        assert any(is_meld(list(c)) for c in combinations(codes, 3)), codes
