"""Headless: the table being rebuilt keeps its melds in place while cards are dragged onto them."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drag, key, open_table, open_window, play_until

from romme_table.controller import Controller, Seat
from romme_table.layout import TableLayout, meld_gap
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene

SMALL = (800, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def rows(lay: TableLayout, count: int) -> list[list[pygame.Rect]]:
    """The first ``count`` melds' first cards by row, left to right."""
    firsts = [m[0] for m in lay.melds[:count] if m]
    return [sorted((r for r in firsts if r.y == top), key=lambda r: r.x) for top in sorted({r.y for r in firsts})]


def rebuilding(
    size: tuple[int, int], surface: pygame.Surface
) -> tuple[Controller, SceneStack, TableScene, TableLayout]:
    """Rummy with at least three melds on the table, opened for rebuilding (T); the table's layout before T."""
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0)
    assert play_until(c, lambda c: c.can_rearrange() and len(c.melds()) >= 3)
    app, scene = open_table(c, surface, size)
    table = scene.compute_layout()
    key(app, pygame.K_t, surface)
    assert c.editor is not None
    return c, app, scene, table


@pytest.mark.parametrize("size", [SMALL, (1100, 720)])
def test_a_lay_off_keeps_every_meld_in_its_row_while_the_table_is_rebuilt(size, surface):
    """Rummy, table rebuilding (T): a hand card dragged onto the first meld; every meld keeps its row and order,
    the melds after it on its row move along by one card at most, the others and the card size stay."""
    c, app, scene, _ = rebuilding(size, surface)
    before = scene.compute_layout()
    first = before.melds[0][-1]
    drag(app, before.hand[0].center, first.center, surface)
    assert len(c.editor.melds[0]) == len(c.melds()[0]) + 1, c.message  # the card joined the first meld
    after = scene.compute_layout()
    count = len(c.melds())
    was, now = rows(before, count), rows(after, count)
    assert [len(r) for r in now] == [len(r) for r in was] and after.card == before.card
    step = before.melds[0][1].x - before.melds[0][0].x  # one card of a meld
    for k, (a, b) in enumerate(zip(was, now)):
        moved = {q.x - p.x for p, q in zip(a, b)}
        assert moved <= ({0, step} if k == 0 else {0}), (k, moved)


@pytest.mark.parametrize("size", [SMALL, (1100, 720), (1920, 1080)])
def test_the_board_keeps_the_tables_rows_and_gaps(size, surface):
    """Seen at 1280x800: opened for rebuilding, every meld's place held room for one card more after it, the melds
    standing apart as if places between them were empty. The board opens on the table's rows, its melds one gap
    apart (the table's gap), and keeps them when a new meld is laid."""
    c, app, scene, table = rebuilding(size, surface)
    board = scene.compute_layout()
    count = len(c.melds())
    assert [len(r) for r in rows(board, count)] == [len(r) for r in rows(table, count)]
    for lay in (table, board):
        for row in [sorted((m for m in lay.melds[:count] if m and m[0].y == top), key=lambda m: m[0].x)
                    for top in {m[0].y for m in lay.melds[:count] if m}]:
            gaps = {b[0].x - a[-1].right for a, b in zip(row, row[1:])}
            assert gaps <= {meld_gap(lay.new_meld.w)}, (lay is board, gaps)
    drag(app, board.hand[0].center, board.new_meld.center, surface)  # a new meld: the table's melds stay put
    assert len(c.editor.melds) == count + 1, c.message
    assert [len(r) for r in rows(scene.compute_layout(), count)] == [len(r) for r in rows(table, count)]
