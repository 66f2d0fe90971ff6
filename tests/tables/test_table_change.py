"""The core's diff of two tables (``_core.table_change``, ``table_place::TableChange``), which every place
judge reads and the bots and the table's front end ask, against the multiset reference in
tests/helpers/oracle_table_change.py."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_table_change import cards_changing_meld, cards_gained, melds_gained

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
        assert change.changed_meld == cards_changing_meld(old, after)


#: melds of a few cards (two at least) from a small deck, so that two tables share cards in many ways
loose_melds = st.lists(st.integers(0, 11), min_size=2, max_size=5, unique=True).map(lambda m: tuple((c, c) for c in m))


#: a few of the small deck's cards read as wilds (none, one, two)
wild_sets = st.sets(st.integers(0, 11), max_size=2).map(sorted)


@settings(max_examples=300, deadline=None)
@given(st.lists(loose_melds, max_size=7), st.lists(loose_melds, max_size=7), wild_sets)
def test_the_cards_changing_meld_are_the_fewest_any_pairing_of_the_melds_moves(
    old: list, new: list, wilds: list[int]
) -> None:
    """``changed_meld`` (the whole-table hint's 'moves N table cards') against every pairing of old and new melds
    (the reference): the core pairs only the melds it did not keep, by the Hungarian method, a pair sharing two
    naturals or the old meld's only one (``wilds`` are no naturals)."""
    assert _core.table_change(old, new, wilds).changed_meld == cards_changing_meld(old, new, wilds)
    assert _core.table_change(old, old, wilds).changed_meld == 0


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


@pytest.mark.parametrize("wilds", ["x", [None], [1.5], 7])
def test_wilds_of_another_shape_are_refused_in_one_line(wilds: object) -> None:
    with pytest.raises(IllegalMoveError, match=r"^a table change's wilds are a list of card codes$"):
        _core.table_change([], [], wilds)  # type: ignore[arg-type]


def test_a_table_past_any_deck_is_refused_and_one_within_answers() -> None:
    """A table of more cards than the binding reads (1,024: far past any game's deck) is refused naming its size,
    where a hostile one made the diff's matching run on (800 melds each side, each sharing two cards with two of
    the other side, took a second, the work growing as the cube); one of 1,024 cards so shaped answers."""

    def chain(n: int, shift: int) -> list[list[tuple[int, int]]]:
        return [[((4 * i + shift + k) % 200, 0) for k in range(4)] for i in range(n)]

    with pytest.raises(IllegalMoveError, match=r"^a table game's table holds at most 1024 cards, got 1028$"):
        _core.table_change(chain(257, 0), [])
    assert _core.table_change(chain(256, 0), chain(256, 2)).changed_meld == 2 * 256


@settings(max_examples=300, deadline=None)
@given(
    st.lists(loose_melds, max_size=6), st.lists(loose_melds, max_size=6), st.randoms(use_true_random=False), wild_sets
)
def test_each_meld_goes_on_from_the_old_meld_the_changed_count_pairs_it_with(  # type: ignore[no-untyped-def]
    old: list, new: list, rnd, wilds: list[int]
) -> None:
    """``goes_on_from`` (the table's marks of what is new to a player follow it) is the pairing ``changed_meld``
    counts by: a kept meld goes on from an equal old one, an added meld from a removed one sharing two naturals or
    more (or the old meld's only natural), one to one, and the cards the pairs keep are all the count does not
    move (the reference's most kept)."""
    for after in (new, [*rnd.sample(old, len(old)), *new[:2]]):
        change = _core.table_change(old, after, wilds)
        source = change.goes_on_from
        assert len(source) == len(after)
        paired = [j for j in source if j is not None]
        assert len(set(paired)) == len(paired)
        kept = 0
        for k, j in enumerate(source):
            if k not in change.added:
                assert j is not None and j not in change.removed and old[j] == after[k]
            elif j is not None:
                assert j in change.removed
                n = sum((Counter(c for c, _ in old[j]) & Counter(c for c, _ in after[k])).values())
                naturals = [Counter(c for c, _ in m if c not in wilds) for m in (old[j], after[k])]
                both = sum((naturals[0] & naturals[1]).values())
                assert both >= 2 or both == 1 == naturals[0].total()
                kept += n
        gone = sum(len(old[j]) for j in change.removed)
        assert gone - kept == change.changed_meld == cards_changing_meld(old, after, wilds)


def test_a_laid_off_twin_goes_on_from_its_own_run_not_the_untouched_one() -> None:
    """Two decks: 5 laid off on '2 3 4' beside the twin '3 4 5', the new table in another order; the untouched
    twin goes on from itself, the grown run from '2 3 4' (a greedy pairing by the largest share paired the grown
    run with the twin, and the table marked the twin's 5 as new)."""
    run = lambda *codes: [(c, c) for c in codes]  # noqa: E731
    change = _core.table_change([run(3, 4, 5), run(2, 3, 4)], [run(2, 3, 4, 5), run(3, 4, 5)])
    assert change.goes_on_from == [1, 0]
    assert change.changed_meld == 0
