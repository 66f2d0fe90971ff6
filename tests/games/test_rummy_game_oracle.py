"""Brute-force oracles for Rummy: meld validity and place-move legality from the rule text
(docs/RULES.md §4), compared with the engine's resolver and ``apply``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import pairwise, product

import pytest
from hypothesis import given
from hypothesis import strategies as st
from playout import check_against_oracle

from romme import _core
from romme.engine import new_game
from romme.errors import IllegalMoveError
from romme.games import rummy
from romme.games import tablemoves as tm
from romme.rng import Rng

J = rummy.JOKER


def num(c: int) -> int:
    return c % 13 + 1


def col(c: int) -> int:
    return c // 13


def valid_assigned(pairs: Iterable[tuple[int, int]]) -> bool:
    pairs = list(pairs)
    if len(pairs) < 3 or any(not 0 <= s < 52 or (c != J and c != s) for c, s in pairs):
        return False
    reps = [s for _, s in pairs]
    if len({num(s) for s in reps}) == 1:
        return len(pairs) <= 4 and len({col(s) for s in reps}) == len(reps)  # a set: colours all different
    if len({col(s) for s in reps}) != 1:
        return False
    nums = sorted(num(s) for s in reps)
    return all(b - a == 1 for a, b in pairwise(nums))  # a run: consecutive, 1..13, no wrap


def is_meld(codes: list[int]) -> bool:
    naturals = [(c, c) for c in codes if c != J]
    return any(valid_assigned(naturals + [(J, s) for s in reps])
               for reps in product(range(52), repeat=codes.count(J)))


@given(st.lists(st.sampled_from(list(range(53))), min_size=1, max_size=6).filter(lambda x: x.count(J) <= 2))
def test_resolver_matches_oracle(codes: list[int]) -> None:
    m = rummy.MELDS.resolve(tuple((c, None) for c in codes))
    assert (m is not None) == is_meld(codes), f"{codes}: {m}"
    if m is not None:
        assert valid_assigned(m) and Counter(c for c, _ in m) == Counter(codes)


@given(st.builds(lambda c, lo, n, mask: [J if mask >> i & 1 else c * 13 + lo + i for i in range(n)],
                 st.integers(0, 3), st.integers(0, 12), st.integers(3, 7), st.integers(0, 127))
       .filter(lambda x: all(0 <= v <= 52 for v in x) and x.count(J) <= 2 and len(x) >= 3))
def test_resolver_on_runs(codes: list[int]) -> None:
    m = rummy.MELDS.resolve(tuple((c, None) for c in codes))
    assert (m is not None) == is_meld(codes)


def test_resolver_matches_rust_core() -> None:
    rng = Rng(1)
    for _ in range(2000):
        codes = [rng.below(53) for _ in range(3 + rng.below(3))]
        if codes.count(J) > 2:
            continue
        try:
            core = _core.validate_meld("rummy", codes, {})
        except ValueError:
            core = None
        assert (core is None) == (rummy.MELDS.resolve(tuple((c, None) for c in codes)) is None), codes


def oracle_legal(state: rummy.RummyState, move: tm.PlaceMove) -> bool:
    p = state.turn
    if move.player != p or state.is_over or not all(valid_assigned(m) for m in move.table):
        return False
    old = Counter(c for m in state.table for c, _ in m)
    new = Counter(c for m in move.table for c, _ in m)
    placed, taken = new - old, old - new
    if taken or not placed or any(state.hands[p][c] < n for c, n in placed.items()):
        return False  # rule 1; at least one card; only own cards
    cap = int(state.rules.max_hand_cards_per_turn)
    if cap and sum(placed.values()) > cap:
        return False  # rule 3
    if not state.opened[p]:
        added = Counter(move.table) - Counter(state.table)
        if Counter(state.table) - Counter(move.table):
            return False
        return sum(num(c) for m in added.elements() for c, _ in m if c != J) >= int(state.rules.opening_points)
    return True


def candidates(state: rummy.RummyState, rng: Rng) -> list[tm.PlaceMove]:
    p = state.turn
    legal = [m for m in state.legal_moves() if isinstance(m, tm.PlaceMove)]
    hand = state.hand(p)
    base = legal + [rummy.RummyPlace(p, state.table)]
    out = []
    for _ in range(6):
        table = list(base[rng.below(len(base))].table)
        r = rng.below(5)
        if r == 0 and table:
            table.pop(rng.below(len(table)))
        elif r == 1 and table and hand:
            i = rng.below(len(table))
            grown = rummy.MELDS.resolve(tuple((c, None) for c, _ in table[i]) + ((hand[rng.below(len(hand))], None),))
            table[i] = grown if grown is not None else table[i] + ((hand[0], hand[0]),)
        elif r == 2 and table:
            i = rng.below(len(table))
            cards = list(table[i])
            cards.pop(rng.below(len(cards)))
            if cards:
                table[i] = tuple(cards)
        elif r == 3 and len(table) >= 2:
            # move one card between melds (re-resolving both): a rearrangement
            i, j = rng.below(len(table)), rng.below(len(table))
            cards = [c for c, _ in table[i]]
            moved = cards.pop(rng.below(len(cards)))
            a = rummy.MELDS.resolve(tuple((c, None) for c in cards))
            b = rummy.MELDS.resolve(tuple((c, None) for c, _ in table[j]) + ((moved, None),))
            if a is not None and b is not None and i != j:
                table[i], table[j] = a, b
        elif r == 4 and len(hand) >= 3:
            d = rummy.MELDS.resolve(tuple((hand[rng.below(len(hand))], None) for _ in range(3)))
            if d is not None:
                table.append(d)
        out.append(rummy.RummyPlace(p, tuple(table)))
    return out


@pytest.mark.parametrize("seed,rules", [(0, None), (1, {"max_hand_cards_per_turn": 4}), (2, {"opening_points": 15})])
def test_apply_agrees_with_oracle(seed: int, rules: object) -> None:
    s = new_game("rummy", seed=seed, rules=rules)
    rng = Rng(seed)
    verdicts: Counter[bool] = Counter()
    while not s.is_over:
        verdicts += check_against_oracle(s, candidates(s, rng), oracle_legal, tm.PlaceMove)
        legal_moves = s.legal_moves()
        s.apply(legal_moves[rng.below(len(legal_moves))])
    assert verdicts[True] > 5 and verdicts[False] > 20, verdicts


# --- the core's judge against the rule book, rule by rule ------------------------------------------

#: Words of each refusal message, by the rule the oracle names (docs/RULES.md §4).
RULE_WORDS = {
    "rule 1": "rule 1:",  # no table card goes to the hand
    "nothing placed": "at least one hand card",
    "not in hand": "is placed but is not in the hand",
    "rule 3": "rule 3:",  # at most max_hand_cards_per_turn hand cards
    "rule 2": "rule 2:",  # every meld valid
    "opening changes the table": "the table must stay as it is",
    "opening short": "the opening needs",
}


def broken_rules(old: tm.TableT, new: tm.TableT, hand: list[int], opened: bool, opening: int, cap: int) -> set[str]:
    """Every rule the move from ``old`` to ``new`` breaks, from card and meld multisets alone."""
    before = Counter(c for m in old for c, _ in m)
    after = Counter(c for m in new for c, _ in m)
    placed = after - before
    broken = set()
    if before - after:
        broken.add("rule 1")
    if not placed:
        broken.add("nothing placed")
    if any(hand[c] < n for c, n in placed.items()):
        broken.add("not in hand")
    if cap and sum(placed.values()) > cap:
        broken.add("rule 3")
    if not all(valid_assigned(m) for m in new):
        broken.add("rule 2")
    if not opened:
        added = Counter(new) - Counter(old)
        if Counter(old) - Counter(new):
            broken.add("opening changes the table")
        if sum(num(c) for m in added.elements() for c, _ in m if c != J) < opening:
            broken.add("opening short")
    return broken


def perturbed(state: rummy.RummyState, rng: Rng) -> list[tuple[str, tm.TableT]]:
    """New tables near the listed ones, one kind of change each: a hand card swapped for a table card,
    a table card taken to the hand, hand melds laid (over the cap, big openings), a broken meld, a
    joker declared elsewhere, a short opening (one 3-card meld), a hand card laid off."""
    p = state.turn
    hand = state.hand(p)
    listed = [m.table for m in state.legal_moves() if isinstance(m, rummy.RummyPlace)]
    out: list[tuple[str, tm.TableT]] = []
    for _ in range(6):
        table = list(listed[rng.below(len(listed))] if listed else state.table)
        i = rng.below(len(table)) if table else -1
        kind = ("swap", "take", "all melds", "broken", "joker", "short opening", "lay off")[rng.below(7)]
        if kind == "swap" and table and hand:
            cards = [c for c, _ in table[i]]
            cards[rng.below(len(cards))] = hand[rng.below(len(hand))]
            table[i] = tuple((c, c) for c in cards)
        elif kind == "take" and table:
            cards = list(table[i])
            cards.pop(rng.below(len(cards)))
            table[i] = tuple(cards)
        elif kind == "all melds":
            table += rummy.hand_melds(state.hands[p])[: 1 + rng.below(6)]
        elif kind == "broken" and len(hand) >= 2:
            table.append(tuple((c, c) for c in hand[:2]))
        elif kind == "joker" and table:
            table[i] = tuple((J, rng.below(52)) if c == J else (c, s) for c, s in table[i]) + ((J, rng.below(52)),)
        elif kind == "lay off" and state.table:  # a hand card that fits a meld of the table before the turn
            i = rng.below(len(state.table))
            grown = (rummy.MELDS.resolve(tuple((c, None) for c, _ in table[i]) + ((h, None),)) for h in hand)
            table[i] = next((m for m in grown if m is not None), table[i])
        elif kind == "short opening":
            melds = [m for m in rummy.hand_melds(state.hands[p]) if len(m) == 3]
            table = list(state.table) + melds[:1]
        out.append((kind, tuple(table)))
    return out


def test_core_judge_names_a_broken_rule() -> None:
    """``rummy_judge_place`` on listed and perturbed moves: legal exactly when the oracle finds no rule
    broken, the hand cards it lays are the new table's extra cards, and a refusal names a rule the
    oracle finds broken; ``apply`` refuses the same moves with the state unchanged."""
    named: Counter[str] = Counter()
    for seed, rules in [(5, None), (6, {"max_hand_cards_per_turn": 3}), (7, {"opening_points": 45})]:
        s = new_game("rummy", seed=seed, rules=rules)
        rng = Rng(seed)
        while not s.is_over:
            p = s.turn
            listed = [("listed", m.table) for m in s.legal_moves() if isinstance(m, rummy.RummyPlace)]
            tables = [listed[rng.below(len(listed))] for _ in range(min(4, len(listed)))] + perturbed(s, rng)
            opening, cap = int(s.rules.opening_points), s.cap
            # each table judged for the seat as it is and as if it had not opened yet
            for (kind, new), opened in product(tables, {s.opened[p], False}):
                broken = broken_rules(s.table, new, s.hands[p], opened, opening, cap)
                try:
                    judged = _core.rummy_judge_place(rummy.flat_table(s.table), new, s.hands[p], opened, opening, cap)
                except IllegalMoveError as exc:
                    rule = next((r for r, words in RULE_WORDS.items() if words in str(exc)), str(exc))
                    assert rule in broken, f"{kind}: {exc} but the oracle finds {broken or 'the move legal'}"
                    named[rule] += 1
                else:
                    assert not broken, f"{kind}: accepted, but the oracle finds {broken}"
                    after, before = Counter(c for m in new for c, _ in m), Counter(c for m in s.table for c, _ in m)
                    assert (Counter(judged.placed), judged.taken) == (after - before, [])
                    hand = Counter({c: n for c, n in enumerate(s.hands[p]) if n})
                    assert (Counter(judged.hand), judged.opens) == (hand - (after - before), not opened)
                    named["legal"] += 1
            moves = [rummy.RummyPlace(p, t) for _, t in tables]
            verdicts = check_against_oracle(s, moves, oracle_legal, tm.PlaceMove)
            assert verdicts[True] + verdicts[False] == len(tables)
            legal = s.legal_moves()
            s.apply(legal[rng.below(len(legal))])
    assert named["legal"] > 100 and all(named[r] > 10 for r in RULE_WORDS), named
