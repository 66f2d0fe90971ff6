"""Headless: N right after S knows the game is saved (play-test V5, session 57).

Räuber-Rommé hot seat, 1366x768, German: S ('gespeichert: …'), then at once N asked 'Dieses Spiel verlassen? Ohne
Speichern ist es verloren.', though nothing had changed since the save, and the player wondered whether it counted.
The question now says the game is saved as it stands, until a move is made; L's game counts as saved too.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table

from romme_table.controller import Controller, Seat
from romme_table.dialogs import ConfirmScene
from romme_table.i18n import t


@pytest.mark.parametrize("lang", ["en", "de"])
def test_n_after_s_says_the_game_is_saved_until_a_move(lang: str, surface: pygame.Surface, tmp_path) -> None:
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=555123, bot_delay=0.0, lang=lang)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    app.save_dir = tmp_path
    draw = next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "draw")
    assert c.play(draw), c.message

    def question() -> str:
        key(app, pygame.K_n, surface)
        asked = app.top
        assert isinstance(asked, ConfirmScene), type(asked)
        key(app, pygame.K_ESCAPE, surface)  # stays at the table
        assert app.top is scene
        return asked.question

    assert question() == t("abandon_q", lang)  # never saved
    key(app, pygame.K_s, surface)
    saved = len(c.state.history)
    assert question() == t("abandon_saved_q", lang), c.message
    discard = next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "discard")
    assert c.play(discard), c.message
    assert question() == t("abandon_q", lang)  # a move since the save
    key(app, pygame.K_l, surface)  # the save back (a running game asks first)
    key(app, pygame.K_RETURN, surface)
    assert app.top is scene and len(c.state.history) == saved, c.message
    assert question() == t("abandon_saved_q", lang), c.message
