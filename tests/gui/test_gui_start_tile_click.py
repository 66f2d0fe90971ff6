"""Headless: a click on a game's picture on the start screen chooses the game, as its help says, and a double-click
deals it.

Played under Xvfb (1100x720): the mouse resting on a tile read 'Click: play Königs-Rommé.', and the click only chose
the game; the player clicked again and waited (the game starts from Start or Enter). The help now says what a click
does ('choose': the panel is as narrow as the tile, three rows at 640x420, no room for more), and a double-click on
a picture deals it, as an app opens what is double-clicked.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import send, start_app

from romme_table import start_screen
from romme_table.card_clicks import DOUBLE_CLICK_SECONDS
from romme_table.start_help import REST
from romme_table.table_scene import TableScene


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The start screen's clock, moved on by the test."""
    now = [1000.0]
    monkeypatch.setattr(start_screen.time, "monotonic", lambda: now[0])
    return now


def click(app, pos) -> None:  # noqa: ANN001
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def tile_of(scene, game: str) -> tuple[int, int]:  # noqa: ANN001
    return next(rect.center for rect, g in scene.tile_hot if g == game)


@pytest.mark.parametrize(("lang", "words"), [("en", "Click: choose Rummy."),
                                             ("de", "Klick: Rummy wählen.")])
def test_a_tiles_help_says_a_click_chooses(lang: str, words: str, tmp_path, surface) -> None:
    app = start_app(tmp_path, surface, lang)
    scene = app.top
    app.draw(surface)
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=tile_of(scene, "rummy"), rel=(0, 0), buttons=(0, 0, 0)))
    app.update(REST + 0.1)
    assert scene.pointed_help()[1] == words


def test_a_click_chooses_and_a_double_click_deals(tmp_path, surface, clock) -> None:
    app = start_app(tmp_path, surface)
    scene = app.top
    app.draw(surface)
    click(app, tile_of(scene, "rummy"))
    assert app.top is scene and scene.model.game == "rummy"
    clock[0] += DOUBLE_CLICK_SECONDS + 0.1  # two clicks, not a double-click: still choosing
    click(app, tile_of(scene, "rummy"))
    assert app.top is scene
    click(app, tile_of(scene, "krass"))  # a click on another picture right after: chooses that one
    assert app.top is scene and scene.model.game == "krass"
    clock[0] += 0.2
    click(app, tile_of(scene, "krass"))
    assert isinstance(app.top, TableScene) and app.top.c.game_id == "krass"
