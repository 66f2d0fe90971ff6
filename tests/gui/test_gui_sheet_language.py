"""Headless: G on a score sheet and on the hot-seat curtain switches the language, as at the table.

Played at 640x420 (Königs-Rommé, six seats, German, H6 Q9): the sheet after round 1 read 'Punkte nach dieser Runde:
Bot 2 ist raus' and G, pressed twice, did nothing, though the ?-page lists 'G: Deutsch / English' among the table's
keys (the table takes no key while a sheet is due over it)."""

from __future__ import annotations

import pygame
from gui_driver import human_turns, key, open_table

from romme.bots import make_bot
from romme_table import dialogs
from romme_table.controller import Controller, Seat
from romme_table.dialogs import CurtainScene, ScoreScene


def _titles(app, surface: pygame.Surface, monkeypatch) -> list[str]:
    seen: list[str] = []
    real = dialogs.fit_text
    with monkeypatch.context() as m:
        m.setattr(dialogs, "fit_text", lambda surf, s, *a: (seen.append(s), real(surf, s, *a))[1])
        app.draw(surface)
    return seen


def test_g_on_a_round_sheet_switches_the_sheet_and_the_table(surface, monkeypatch):
    c = Controller("koenigs", [Seat("Du"), Seat("Bot 1", "bot", "greedy")], seed=2, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface)
    helper = make_bot("koenigs", "greedy", seed=1)
    for _ in human_turns(app, c, 5000):
        assert c.play(helper.choose(c.state.clone()))
    sheet = app.top
    assert isinstance(sheet, ScoreScene)
    assert any(s.startswith("Punkte nach dieser Runde") for s in _titles(app, surface, monkeypatch))
    key(app, pygame.K_g, surface)
    assert app.top is sheet and app.lang == c.lang == "en" and c.seats[0].name == "You"
    assert any(s.startswith("Scores after this round") for s in _titles(app, surface, monkeypatch))
    key(app, pygame.K_g, surface)
    assert app.top is sheet and c.lang == "de"


def test_g_on_the_curtain_switches_the_table_under_it(surface):
    c = Controller("romme", [Seat("Spieler 1"), Seat("Spieler 2")], seed=4, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface)
    app.update(0.0)
    assert isinstance(app.top, CurtainScene)
    key(app, pygame.K_g, surface)
    assert isinstance(app.top, CurtainScene) and c.lang == "en" and c.seats[0].name == "Player 1"
