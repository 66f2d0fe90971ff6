"""Headless: under a deal's score sheet the status line says the game goes on when the sheet is closed.

Seen under Xvfb (Königs-Rommé against two bots at 800x600): the status line under a round's sheet read
'Bot 1 is thinking…' while the bots waited for the sheet to be closed.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drawn_fit_texts, key, open_table

from romme.bots import make_bot
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene


@pytest.mark.parametrize(("lang", "words"), [("en", "close the score sheet"), ("de", "Punkteblatt schließen")])
def test_the_status_under_a_round_sheet_says_to_close_it(surface, monkeypatch, lang, words):
    names = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("koenigs", names, seed=2, bot_delay=0.0, lang=lang)
    app, scene = open_table(c, surface, (800, 600))
    helper = make_bot("koenigs", "greedy", seed=3)
    seen = []
    for _ in range(3000):
        app.update(0.0)
        scene.anim.skip()
        if isinstance(app.top, ScoreScene):
            drawn = drawn_fit_texts(app, surface, monkeypatch)
            status = next(s for s, pos, _, _ in drawn if pos == scene.compute_layout().status.topleft)
            seen.append((c.seats[c.state.current_player].is_bot, status))
            if len(seen) >= 3 or c.state.is_over:
                break
            key(app, pygame.K_RETURN, surface)
        elif c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
        elif c._future is not None:  # the bot's thread: its move is applied by the next update
            c._future.result()
    assert any(bot for bot, _ in seen), seen
    for _, status in seen:
        assert words in status and "thinking" not in status and "überlegt" not in status, status
