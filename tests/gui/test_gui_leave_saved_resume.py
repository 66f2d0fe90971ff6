"""Headless: a game left right after S is resumed from the start screen, as the leaving question promises.

Played under Xvfb (play-test X1, session 59: Rommé 'runs round the corner', hot seat, 640x420 and 1366x768): S, then
N asked 'Leave this game? It is saved as it stands (L loads it again).'; Yes went to the start screen with no
'Resume Rommé (L)' row and no 'game saved' mark on the tile, and L there did nothing: leaving forgot the autosave,
the start screen's L resumes the autosave only, and the S slot was reached only from a new game's table. A game left
unsaved is still forgotten (Resume never offers a game given up).
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, start_app

from romme_table import settings_store
from romme_table.controller import Seat
from romme_table.dialogs import ConfirmScene
from romme_table.i18n import t
from romme_table.start_screen import StartScene
from romme_table.table_scene import TableScene


def _left(tmp_path, surface, lang: str, save_first: bool) -> tuple[pygame.Surface, list[object]]:  # noqa: ANN001
    """A Rommé game drawn once (S or not) and left by N, Enter; the window and the game's moves."""
    app = start_app(tmp_path, surface, lang)
    app.top.model.game = "romme"
    app.top.model.seats = [Seat("Anna"), Seat("Bot 1", "bot", "random")]
    key(app, pygame.K_RETURN, surface)
    c = app.top.c
    c.run_bots_until_human()
    key(app, pygame.K_d, surface)  # draw
    assert c.state.history, c.message
    if save_first:
        key(app, pygame.K_s, surface)
    key(app, pygame.K_n, surface)
    assert isinstance(app.top, ConfirmScene)
    assert app.top.question == t("abandon_saved_q" if save_first else "abandon_q", lang)
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, StartScene), type(app.top)
    return app, list(c.state.history)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_l_on_the_start_screen_brings_back_the_game_left_saved(surface, tmp_path, lang: str) -> None:
    app, history = _left(tmp_path, surface, lang, save_first=True)
    assert settings_store.autosave_path(tmp_path / "saves", "romme").is_file()
    assert "resume" in app.top._help_keys()  # the 'Resume Rommé (L)' row is there
    key(app, pygame.K_l, surface)
    assert isinstance(app.top, TableScene), type(app.top)
    assert app.top.c.state.history == history


def test_a_game_left_unsaved_is_not_offered_again(surface, tmp_path) -> None:
    app, _ = _left(tmp_path, surface, "en", save_first=False)
    assert not settings_store.autosave_path(tmp_path / "saves", "romme").is_file()
    assert "resume" not in app.top._help_keys()
    key(app, pygame.K_l, surface)
    assert isinstance(app.top, StartScene)
