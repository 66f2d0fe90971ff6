"""Headless: G on the rules page (F1) and the keys page (?) switches the language, as it does under them.

Played at 1024x600 (Königs-Rommé, German): F1 showed the German rules and G did nothing; the ?-page lists G
('Deutsch / English') among the table's keys, and reading the English rules took Esc, G and F1 again."""

from __future__ import annotations

import pygame
from gui_driver import key, open_table

from romme_table.controller import Controller, Seat
from romme_table.key_help import KeysScene
from romme_table.rules_in_force import open_rules
from romme_table.rules_pages import RulesScene, rules_text
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene


def test_g_on_the_rules_page_at_the_table_switches_both(surface):
    c = Controller("koenigs", [Seat("Du"), Seat("Bot 1", "bot", "random")], seed=5, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface)
    open_rules(app)
    page = app.top
    assert isinstance(page, RulesScene) and page.page_text() == rules_text("koenigs", "de")
    key(app, pygame.K_g, surface)
    assert app.top is page and page.page_text() == rules_text("koenigs", "en")  # the page stays, in English
    assert app.lang == c.lang == "en" and c.seats[0].name == "You"  # the table under it switched as G does there
    key(app, pygame.K_g, surface)
    assert page.page_text() == rules_text("koenigs", "de") and c.lang == "de"


def test_g_on_the_keys_page_and_over_the_start_screen(surface):
    app = SceneStack(surface.get_size(), "en")
    app.push(StartScene(StartModel()))
    app.draw(surface)
    app.push(KeysScene())
    english = app.top.page_text()
    key(app, pygame.K_g, surface)
    assert app.lang == "de" and isinstance(app.top, KeysScene) and app.top.page_text() != english
