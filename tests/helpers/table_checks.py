"""Certificate checks of table-search answers, shared by the table tests."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from oracle_table import JOKER, is_meld

import romme
from romme import _core
from romme.errors import SolverError
from romme.table import TableSolution


def codes(cards: tuple) -> list[int]:
    return [c.code for c in cards]


def check_certificate(game: str, table: list[list[int]], hand: list[int], sol: TableSolution,
                      cap: int | None = None) -> None:
    """Every meld valid (oracle predicate), cards conserved, wilds consistent."""
    new = [codes(m.cards) for m in sol.table]
    for m, meld in zip(new, sol.table):
        assert is_meld(game, m), f"invalid meld {m}"
        sf = codes(meld.stands_for)
        for c, s in zip(m, sf):
            assert c == JOKER or c == s
        # with jokers replaced by what they stand for: a natural meld of distinct cards
        assert JOKER not in sf and len(set(sf)) == len(sf) and is_meld(game, sf), f"{m} stands for {sf}"
    placed = codes(sol.placed)
    taken = codes(sol.taken)
    assert Counter(c for m in new for c in m) + Counter(taken) == Counter(c for m in table for c in m) + Counter(placed)
    assert not Counter(placed) - Counter(hand)
    if cap is not None:
        assert len(placed) <= cap
    assert 0 <= sol.moved <= sum(len(m) for m in table)


def meld_opts(opts: dict[str, Any]) -> dict[str, bool]:
    """The Rommé options :func:`oracle_table.is_meld` knows."""
    return {k: bool(opts.get(k)) for k in ("wrap_around", "no_double_joker")}


def check_answer(table: list[list[int]], hand: list[int], sol: TableSolution, opts: dict[str, Any]) -> None:
    """A Rommé answer under house options: every meld valid under the options (oracle and engine),
    stands_for exact, new table = old + placed - taken."""
    for m in sol.table:
        cards = [c.code for c in m.cards]
        sf = [c.code for c in m.stands_for]
        assert is_meld("romme", cards, **meld_opts(opts)), f"invalid meld {m}"
        assert all(c == JOKER or c == s for c, s in zip(cards, sf))
        assert JOKER not in sf and len(set(sf)) == len(sf) and is_meld("romme", sf, **meld_opts(opts))
        # declared jokers: a run reads in the order given (one natural and jokers may read as a set)
        if m.kind == "run" and sum(c != JOKER for c in cards) >= 2:
            read = _core.validate_meld("romme", cards, {**opts, "joker_declared": 1})
            engine = cast(list[tuple[int, int]], read.pairs)
            assert [s for _, s in engine] == sf, f"{m}: the engine reads {engine}"
        else:
            assert _core.validate_meld("romme", cards, opts)
    new = Counter(c.code for m in sol.table for c in m.cards)
    placed = Counter(c.code for c in sol.placed)
    taken = Counter(c.code for c in sol.taken)
    assert new + taken == Counter(c for m in table for c in m) + placed
    assert not placed - Counter(hand)
    assert sol.placed_points == sum(20 if c == JOKER else 11 if c % 13 == 0 else min(10, c % 13 + 1)
                                    for c in placed.elements())


def own_melds_count(game: str, hand: list[int], **options: object) -> int | None:
    """Hand cards the hand's own melds place (the hand solver's most cards; None if it refuses the hand)."""
    try:
        sol = romme.solve_hand(game, hand, objective="max-cards", **options)
    except SolverError:
        return None
    return sum(len(m.cards) for m in sol.melds)


def check_valid(game: str, table: list[list[int]], hand: list[int], r: Any, options: dict[str, Any]) -> None:
    """Every meld valid by the oracle's predicate; the new table is the old one plus the placed cards less
    the cards taken back; the placed cards come from the hand."""
    meld_options = meld_opts(options) if game == "romme" else {}
    new = [[c for c, _ in m.pairs] for m in r.table]
    assert all(is_meld(game, m, **meld_options) for m in new), new
    assert Counter(c for m in new for c in m) + Counter(r.taken) == Counter(c for m in table for c in m) + Counter(
        r.placed)
    assert not Counter(r.placed) - Counter(hand)


def fewest_moved_of(table: list[list[int]], new: list[list[int]]) -> int:
    """The table cards a new table moves, its cards credited to the old melds the best way (two copies of a
    card are alike): every assignment of old melds to new melds holding them whole, tried."""
    olds = sorted(table, key=len, reverse=True)

    def most_kept(i: int, room: list[Counter[int]]) -> int:
        if i == len(olds):
            return 0
        best = most_kept(i + 1, room)
        need = Counter(olds[i])
        for j, r in enumerate(room):
            if not need - r:
                room[j] = r - need
                best = max(best, len(olds[i]) + most_kept(i + 1, room))
                room[j] = r
        return best

    return sum(map(len, table)) - most_kept(0, [Counter(m) for m in new])
