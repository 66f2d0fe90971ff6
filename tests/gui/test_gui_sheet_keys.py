"""Headless: the score sheet stays until a key or click meant for it.

Played under Xvfb: Enter, pressed to play on at the table, closed a deal's score sheet the moment it appeared."""

from __future__ import annotations

import pygame
from gui_driver import key, open_table, play_until

from romme.bots import make_bot
from romme_table import dialogs
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.rounds import round_ended, round_marker


def test_a_key_in_the_sheets_first_moments_leaves_it_open(surface, monkeypatch):
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0)
    helper = make_bot("romme", "expert", seed=5)

    def ends_the_deal(c: Controller) -> bool:
        marker, probe = round_marker(c.observation()), c.state.clone()
        probe.apply(helper.choose(c.state.clone()))
        return round_ended(marker, probe.observation(0), was_over=False)

    assert play_until(c, ends_the_deal, level="expert")
    app, scene = open_table(c, surface)
    c.hint()
    key(app, pygame.K_RETURN, surface)  # Enter plays the hint: the player goes out
    app.update(0.0)
    assert isinstance(app.top, ScoreScene)
    app.draw(surface)  # the sheet's first frame
    now = [dialogs.monotonic()]
    monkeypatch.setattr(dialogs, "monotonic", lambda: now[0])
    for k in (pygame.K_RETURN, pygame.K_ESCAPE):  # pressed again at once: meant for the table
        key(app, k, surface)
        assert isinstance(app.top, ScoreScene)
    now[0] += dialogs.SHEET_GRACE
    key(app, pygame.K_RETURN, surface)  # read, then closed
    assert app.top is scene
