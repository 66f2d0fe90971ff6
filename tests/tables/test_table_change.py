"""The core's diff of two tables (``_core.table_change``, ``table_place::TableChange``), which every place
judge reads and the bots and the table's front end ask, against the multiset reference in
tests/helpers/oracle_table_change.py."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_table_change import cards_gained, melds_gained

from romme import _core
from romme.errors import IllegalMoveError

#: A small pool of melds (some sharing cards, one declaring a wild two ways), so that tables repeat melds.
POOL = (
    ((1, 1), (2, 2), (3, 3)),
    ((1, 1), (2, 2), (3, 3), (4, 4)),
    ((5, 5), (18, 18), (31, 31)),
    ((5, 5), (52, 18), (31, 31)),
    ((5, 5), (52, 44), (31, 31)),
    ((52, 6), (7, 7), (8, 8)),
    ((100, 99), (98, 98), (97, 97)),
)

tables = st.lists(st.sampled_from(POOL), max_size=7).map(tuple)


@settings(max_examples=400, deadline=None)
@given(tables, tables, st.randoms(use_true_random=False))
def test_the_change_is_the_multiset_difference(old: tuple, new: tuple, rnd) -> None:  # type: ignore[no-untyped-def]
    """Added and removed melds are the new table's extra and missing copies, each at its own place; the cards
    placed and taken back are the cards the new table holds more and fewer of. ``new`` also as a reordering of
    ``old`` with a few melds replaced, the usual move."""
    for after in (new, tuple(rnd.sample(old, len(old))) + new[:2]):
        change = _core.table_change(old, after)
        more, fewer = melds_gained(old, after)
        assert len(set(change.added)) == len(change.added) and len(set(change.removed)) == len(change.removed)
        assert change.added == sorted(change.added)
        assert Counter(after[i] for i in change.added) == more
        assert Counter(old[i] for i in change.removed) == fewer
        placed, taken = cards_gained(old, after)
        assert (Counter(change.placed), Counter(change.taken)) == (placed, taken)
        assert change.placed == sorted(change.placed) and change.taken == sorted(change.taken)


def test_kept_melds_keep_their_places() -> None:
    """A meld grown at its place: only that place is added and removed; copies of a kept meld are matched from
    the first, the last ones removed."""
    a, b, c = POOL[0], POOL[2], POOL[1]
    change = _core.table_change([a, b, a], [a, c, b])
    assert (change.added, change.removed, change.placed, change.taken) == ([1], [2], [4], [])
    change = _core.table_change([b, a, a], [b, a])
    assert (change.added, change.removed, change.taken) == ([], [2], [1, 2, 3])


@pytest.mark.parametrize("table", ["R1 R2", [[1, 2]], [[(1, 2, 3)]], [[(1, 256)]], [[(-1, 1)]], None])
def test_a_table_of_another_shape_is_refused_in_one_line(table: object) -> None:
    with pytest.raises(IllegalMoveError) as err:
        _core.table_change([], table)  # type: ignore[arg-type]
    assert "\n" not in str(err.value)
