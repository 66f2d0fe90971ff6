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


def row_and_order(lay: TableLayout, count: int) -> list[tuple[int, int]]:
    """Each of the first ``count`` melds' row and place in its row."""
    rows = rows_of(lay, count)
    return [next((r, row.index(m)) for r, row in enumerate(rows) if m in row) for m in lay.melds[:count]]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_meld_laid_keeps_the_others_in_their_rows(size: tuple[int, int]) -> None:
    """Melds come one by one, as in a game: each meld laid takes the last row or a new one, the melds already on
    the table keep their rows and places in them (seen under Xvfb at 1280x800: a seventh meld, alone in a third
    row under two rows of three, re-flowed the table into 3, 2 and 2 rows, moving four melds the player knew;
    F18: a meld laid re-flowed the rows wherever a fresh layout had 15 % larger cards)."""

    def layout(sizes: list[int], room: list[int] | None, rows: list[int | None] | None) -> TableLayout:
        return table_layout(*size, 13, 2, sizes, 8, meld_room=room, meld_rows=rows)

    places, table = MeldPlaces(), []
    before: list[tuple[int, int]] = []
    for k in range(10):
        table.append(meld(k, 3 + k % 2))
        lay = placed_layout(places, table, [], layout)
        now = row_and_order(lay, len(table))
        assert now[: len(before)] == before, (len(table), before, now)  # also where a fresh layout is larger (F18)
        assert now[-1][0] >= max(r for r, _ in now), now  # the new meld: in the last row
        before = now


def test_the_play_rounds_seventh_meld_opens_a_row_of_its_own() -> None:
    """The table of /tmp/h9-b6.png (Rommé at 1280x800, rows 3 and 3): 10c 10d 10h * laid goes under them."""

    def layout(sizes: list[int], room: list[int] | None, rows: list[int | None] | None) -> TableLayout:
        return table_layout(1280, 800, 13, 3, sizes, 8, meld_room=room, meld_rows=rows)

    table = [["7c", "7d", "*"], ["Jc", "Jd", "Js", "Jh"], ["Jh", "Qh", "Kh", "Ah"]]
    table += [["9h", "9s", "9d", "*"], ["Ac", "Ad", "As"], ["3c", "3d", "3h"]]
    places = MeldPlaces()
    places.arrange(table)
    for place, row in zip(places.places, [0, 0, 0, 1, 1, 1]):  # the rows the screenshot shows
        place.row = row
    shown = row_and_order(placed_layout(places, table, [], layout), 6)
    assert [r for r, _ in shown] == [0, 0, 0, 1, 1, 1]
    table.append(["Tc", "Td", "Th", "*"])
    assert row_and_order(placed_layout(places, table, [], layout), 7) == shown + [(2, 0)]


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


def test_a_row_emptied_by_a_rearrangement_is_laid_anew() -> None:
    """Räuber-Rommé: a rearrangement takes two of the second row's three melds off the table; the one left alone
    under a full row is laid out with the others again (the rows even), as no meld was laid."""

    def layout(sizes: list[int], room: list[int] | None, rows: list[int | None] | None) -> TableLayout:
        return table_layout(1280, 800, 13, 3, sizes, 8, meld_room=room, meld_rows=rows)

    table = [meld(k) for k in range(6)]
    places = MeldPlaces()
    places.arrange(table)
    for place, row in zip(places.places, [0, 0, 0, 1, 1, 1]):
        place.row = row
    placed_layout(places, table, [], layout)
    left = table[:4]
    per_row = [len(row) for row in rows_of(placed_layout(places, left, [], layout), len(left))]
    assert per_row == [2, 2], per_row


def f18_layout(size: tuple[int, int]):  # type: ignore[no-untyped-def]
    def layout(sizes: list[int], room: list[int] | None, rows: list[int | None] | None) -> TableLayout:
        return table_layout(*size, 13, 5, sizes, 8, meld_room=room, meld_rows=rows)

    return layout


def test_lay_offs_that_lengthen_a_meld_move_no_meld_to_another_row() -> None:
    """F18 (Rommé at 800x600): lay-offs lengthened a meld of the first row until keeping the rows made the cards
    15 % smaller than a fresh layout would, and the table was laid anew: melds jumped between rows. A meld stays
    in its row (the cards get smaller) while the rows fit the table."""
    layout = f18_layout((800, 600))
    table = [meld(k) for k in range(5)]
    places = MeldPlaces()
    shown = row_and_order(placed_layout(places, table, [], layout), len(table))
    assert len({r for r, _ in shown}) == 2, shown
    first = next(k for k, (r, i) in enumerate(shown) if (r, i) == (0, 0))
    grown = 0
    for rank in "6789TJQKA23":
        table[first] = table[first] + [f"{rank}x"]
        lay = placed_layout(places, table, [], layout)
        if layout([len(m) for m in table], None, None).new_meld.h >= lay.new_meld.h * 1.15:
            grown += 1  # a fresh layout has clearly larger cards: the old rule re-flowed here
        assert row_and_order(lay, len(table)) == shown, (len(table[first]), shown)
    assert grown > 0
    assert places.closed_up == 0


def test_rows_that_would_overflow_the_table_are_laid_anew() -> None:
    """Kept rows of one meld each (a long run filled each row once, then lost its cards to a rebuilt table) that
    do not fit the table even at the smallest cards are laid anew, filling the rows: no meld runs past the table."""
    layout = f18_layout((800, 600))
    table = [meld(k) for k in range(12)]
    places = MeldPlaces()
    places.arrange(table)
    for row, place in enumerate(places.places):
        place.row = row
    lay = placed_layout(places, table, [], layout)
    assert places.closed_up == 1
    assert all(m[-1].bottom <= lay.meld_area.bottom for m in lay.melds if m)
    assert len(rows_of(lay, len(table))) < 12


def test_a_resized_window_lays_the_rows_anew_and_play_does_not() -> None:
    """Rows of four and four melds of three at 800x600 (a fresh layout: 3, 3, 2 and cards a third larger) stay as
    they are while the window keeps its size; resized to 1100x720 they would leave the cards clearly smaller
    than a fresh layout (101 px against 119), and a resized window lays them anew. (At 1280x800 the card size searched
    to the pixel keeps 119 px against 136, 14 % smaller, under REFLOW_GAIN.)"""
    table = [meld(k) for k in range(8)]
    places = MeldPlaces()
    places.arrange(table)
    for k, place in enumerate(places.places):
        place.row = k // 4
    for _ in range(2):
        kept = placed_layout(places, table, [], f18_layout((800, 600)))
        assert [len(row) for row in rows_of(kept, 8)] == [4, 4] and places.closed_up == 0
    for _ in range(2):
        wide = placed_layout(places, table, [], f18_layout((1100, 720)))
        assert [len(row) for row in rows_of(wide, 8)] == [3, 3, 2] and places.closed_up == 1
