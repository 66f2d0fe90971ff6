"""Headless: G switches the table's language as it does the start screen's.

Played under Xvfb: G at the table did nothing; the language could only be changed by leaving the game."""

from __future__ import annotations

import pygame
from gui_driver import key, open_table

from romme_table.controller import Controller, Seat


def test_g_at_the_table_switches_its_words_and_back(surface):
    c = Controller("romme", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=3, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    key(app, pygame.K_d, surface)  # draw: the discards are listed
    english = [label for label, _ in scene._buttons()]
    assert "Hint (H)" in english and any(label.startswith("1. discard") for label in english), english
    key(app, pygame.K_g, surface)
    assert c.lang == app.lang == "de"
    german = [label for label, _ in scene._buttons()]
    assert "Tipp (H)" in german and not any("discard" in label for label in german), german
    assert "Sprache: Deutsch" in c.message
    key(app, pygame.K_g, surface)
    assert c.lang == app.lang == "en" and [label for label, _ in scene._buttons()] == english
