"""The bots' pause between moves (+ / - at the table) is kept for the next table and the next session, as the
cards' flight speed (A) is: a player who set the bots to 0.2 s found them back at 0.6 s at every new game from
the start screen, at a resumed game and in the next session."""

from __future__ import annotations

import pygame
from gui_driver import key, start_app

from romme_table import app as table_app
from romme_table import settings_store
from romme_table.dialogs import ConfirmScene
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartScene
from romme_table.table_scene import TableScene


def start_table(app: SceneStack, surface: pygame.Surface) -> TableScene:
    assert isinstance(app.top, StartScene)
    key(app, pygame.K_RETURN, surface)  # Start
    table = app.top
    assert isinstance(table, TableScene)
    return table


def test_the_bots_pause_is_kept_for_the_next_table_and_session(surface, tmp_path):
    app = start_app(tmp_path, surface)
    model = app.top.model
    table = start_table(app, surface)
    assert table.c.bot_delay == 0.6  # the first session's default
    key(app, pygame.K_PLUS, surface)
    key(app, pygame.K_PLUS, surface)
    assert table.c.bot_delay == app.bot_delay == 0.2 and table.c.message.startswith(
        "the bots wait 0.2 s between moves (+ faster, - slower"
    ), table.c.message
    key(app, pygame.K_n, surface)  # the start screen (a running game asks first)
    if isinstance(app.top, ConfirmScene):
        key(app, pygame.K_RETURN, surface)
    assert start_table(app, surface).c.bot_delay == 0.2  # the next table: as set
    table_app.close(app, model)
    assert settings_store.load(tmp_path).bot_delay == 0.2
    later = start_app(tmp_path, surface)
    later.bot_delay = settings_store.load(tmp_path).bot_delay  # as run() does
    assert start_table(later, surface).c.bot_delay == 0.2  # the next session


def test_the_pause_stays_within_its_steps(surface, tmp_path):
    app = start_app(tmp_path, surface)
    table = start_table(app, surface)
    for _ in range(30):
        key(app, pygame.K_MINUS, surface)
    assert table.c.bot_delay == app.bot_delay == settings_store.BOT_DELAY_MOST
    for _ in range(30):
        key(app, pygame.K_PLUS, surface)
    assert table.c.bot_delay == app.bot_delay == 0.0  # bots at full speed, no float dust (0.6 - 3 * 0.2)


def test_a_remembered_pause_is_read_only_when_it_is_one(tmp_path):
    for raw, read in [(0.4, 0.4), (0, 0.0), (3, 3.0), (0.30000000000000004, 0.3), (-1, None), (99, None),
                      (True, None), ("0.4", None), (None, None), (float("nan"), None)]:
        assert settings_store.from_json({"bot_delay": raw}).bot_delay == read, raw
    assert settings_store.Settings(bot_delay=0.4).to_json()["bot_delay"] == 0.4


def test_the_pause_in_german(surface, tmp_path):
    app = start_app(tmp_path, surface, "de")
    table = start_table(app, surface)
    key(app, pygame.K_MINUS, surface)
    assert table.c.message.startswith("die Computer warten 0,8 s zwischen ihren Zügen"), table.c.message
