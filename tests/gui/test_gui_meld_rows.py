"""Headless: the table's rows of melds stay even, and a meld leaving the table leaves no hole.

Seen under Xvfb (Rommé, Rummy at 1280x800): a seventh meld opened a row of its own under two rows of three (the
kept rows ended 3, 3, 1), and a Räuber rearrangement that took a meld off the table left its place empty, the
melds after it standing apart from the rest of their row.
"""

from __future__ import annotations

import pygame
import pytest

from romme_table.layout import TableLayout, table_layout
from romme_table.meld_places import MeldPlaces, placed_layout


def rows_of(lay: TableLayout, count: int) -> list[list[pygame.Rect]]:
    """The first ``count`` melds' card rectangles by row, left to right."""
    melds = [m for m in lay.melds[:count] if m]
    tops = sorted({m[0].y for m in melds})
    return [sorted((m for m in melds if m[0].y == top), key=lambda m: m[0].x) for top in tops]


def meld(k: int, n: int = 3) -> list[str]:
    return [f"{rank}{'cdhs'[k % 4]}" for rank in "23456789TJQKA"[k % 5 : k % 5 + n]]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_melds_laid_out_afresh_fill_their_rows_evenly(size: tuple[int, int]) -> None:
    for count in range(2, 13):
        for n in (3, 4):
            lay = table_layout(*size, 13, 2, [n] * count, 8)
            per_row = [len(row) for row in rows_of(lay, count)]
            assert max(per_row) - min(per_row) <= 1, (count, n, per_row)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_meld_laid_in_a_new_row_evens_the_rows(size: tuple[int, int]) -> None:
    """Melds come one by one, as in a game: the kept rows are laid anew when a new row would hold one meld under
    full ones, so no row ends with half or fewer of the melds of another."""

    def layout(sizes: list[int], room: list[int] | None, rows: list[int | None] | None) -> TableLayout:
        return table_layout(*size, 13, 2, sizes, 8, meld_room=room, meld_rows=rows)

    places, table = MeldPlaces(), []
    for k in range(10):
        table.append(meld(k))
        lay = placed_layout(places, table, [], layout)
        per_row = [len(row) for row in rows_of(lay, len(table))]
        assert 2 * min(per_row) > max(per_row) or max(per_row) - min(per_row) <= 1, (len(table), per_row)


def test_a_meld_taken_off_the_table_leaves_no_hole_in_its_row() -> None:
    """Räuber-Rommé: a rearrangement takes the middle meld of a row off the table; the melds after it on the row
    close up (the gaps between the melds stay one width) and keep their row and order."""

    def layout(sizes: list[int], room: list[int] | None, rows: list[int | None] | None) -> TableLayout:
        return table_layout(1920, 1080, 13, 2, sizes, 8, meld_room=room, meld_rows=rows)

    places = MeldPlaces()
    table = [meld(k) for k in range(7)]
    before = rows_of(placed_layout(places, table, [], layout), len(table))
    assert len(before) >= 2 and len(before[0]) >= 3
    gone = next(k for k, m in enumerate(table) if placed_layout(places, table, [], layout).melds[k] == before[0][1])
    left = table[:gone] + table[gone + 1 :]
    assert None not in places.arrange(left)
    after = rows_of(placed_layout(places, left, [], layout), len(left))
    assert [len(row) for row in after] == [len(before[0]) - 1] + [len(row) for row in before[1:]]
    gaps = {b[0].x - a[-1].right for row in after for a, b in zip(row, row[1:])}
    assert len(gaps) == 1, gaps  # no hole
    assert after[0][0] == before[0][0] and after[0][1][0].x < before[0][2][0].x  # the next meld moved up to it
