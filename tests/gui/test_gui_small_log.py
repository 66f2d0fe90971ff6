"""Headless: the smallest window (640x420) shows the move log. It was left out below 560 px, so the player saw
only the last move in the message line: what the other bots did before it was nowhere. The right column keeps
the log the room of its title and two rows, the title shortened ('Moves', or none under a full column of buttons)
and no scroll marks when that is all."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drawn_log_rows, open_table, open_window

from romme_table import move_log, table_draw
from romme_table.demo import mid_game

TINY = (640, 420)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(TINY)


@pytest.mark.parametrize("game", ["rummy", "romme", "koenigs", "krass", "einmaleins"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_smallest_window_shows_the_newest_moves(game, lang, surface, monkeypatch):
    c = mid_game(game, moves=6, seed=2, lang=lang)
    app, scene = open_table(c, surface, TINY)
    rows = drawn_log_rows(app, surface, monkeypatch)
    lay = scene.compute_layout()
    rect = table_draw.log_rect(scene, lay)
    assert rect is not None, "no move log at 640x420"
    assert rect.top > lay.buttons[-1].bottom and rect.bottom < lay.message.top and rect.right <= TINY[0]
    newest = scene.log_rows(rect.w - 12)[-1]
    assert rows and rows[-1] == newest, (rows, newest)
    title, room = move_log.log_room(rect, lang)
    assert title in ((move_log.SHORT_TITLE[lang],), ()) and room >= 2, (title, room)
    assert len(rows) == len(title) + room  # a row of moves in every row of the room: no mark took one


def test_a_long_list_of_actions_leaves_the_log_its_room(surface, monkeypatch):
    """Rommé after a draw lists every discard: they are paged ('More…'), or at 640x420 folded into one button
    (play-test T4), rather than laid over the log."""
    c = mid_game("romme", moves=7, seed=2)
    app, scene = open_table(c, surface, TINY)
    app.draw(surface)
    assert scene.folded or len(scene.actions) > scene.room
    lay = scene.compute_layout()
    rect = table_draw.log_rect(scene, lay)
    assert rect is not None and move_log.log_room(rect, "en")[1] >= 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_log_of_five_rows_shows_five_moves_not_two_between_marks(lang, surface, monkeypatch):
    """Krass Kariert at 640x420 (six buttons): the long title took two rows and the scroll marks two more, leaving
    two rows of moves, and the newest line wrapped opened the panel past the tail of the line before: rows left
    empty. Below six rows the title is short, no mark is shown, and the newest rows fill the room."""
    # a turn with one play and no reserve to take (seed 2's reserve buttons, listed beside the cursor, made eight)
    c = mid_game("krass", moves=10, seed=3, lang=lang)
    app, scene = open_table(c, surface, TINY)
    assert len(scene.actions) == 2, scene.actions
    rows = drawn_log_rows(app, surface, monkeypatch)
    rect = table_draw.log_rect(scene, scene.compute_layout())
    assert rect is not None
    title, room = move_log.log_room(rect, lang)
    assert room == 5 and title == (move_log.SHORT_TITLE[lang],), (title, room)
    newest = scene.log_rows(rect.w - 12)[-5:]
    # the newest five rows, a wrapped tail at the top read from its entry's head (test_gui_log_small_panel.py)
    tail = next(k for k, row in enumerate(newest) if not row.startswith(move_log.CONTINUED))
    assert len(rows) == 6 and rows[1 + tail :] == newest[tail:], rows
    assert not rows[1].startswith(move_log.CONTINUED) and (not tail or rows[tail].endswith(" …")), rows
