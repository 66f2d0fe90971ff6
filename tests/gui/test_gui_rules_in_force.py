"""Headless: F1 at the table opens the rules page with the house rules of the game being played.

Play-test S6 (Rommé 'Klopfen', 3 seats, 1366x768, German): the status line asked to knock "mit Strafkarte", and F1
showed only the standard game with knocking named once in a list of presets: who may knock, what the penalty card
is and who gets the card were nowhere at the table, and the list left out two presets."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table

from romme.rules import PRESETS, Rules
from romme_table.controller import Controller, Seat
from romme_table.i18n import preset_name
from romme_table.rules_in_force import TableRulesScene
from romme_table.rules_pages import RulesScene, rules_text
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene


def table_page(surface: pygame.Surface, preset: str, lang: str) -> RulesScene:
    seats = [Seat("You"), Seat("Bot 1", "bot", "random"), Seat("Bot 2", "bot", "random")]
    c = Controller("romme", seats, seed=3, bot_delay=0.0, lang=lang, rules=Rules.make("romme", preset), preset=preset)
    app, _ = open_table(c, surface)
    key(app, pygame.K_F1, surface)
    page = app.top
    assert isinstance(page, RulesScene)
    return page


@pytest.mark.parametrize(("lang", "heading", "words"), [
    ("en", "## House rules of this game", "one penalty card from the stock"),
    ("de", "## Hausregeln dieser Partie", "eine Strafkarte vom Stapel"),
])
def test_f1_in_a_knocking_game_explains_knocking_first(surface, lang: str, heading: str, words: str) -> None:
    page = table_page(surface, "klopfen", lang).page_text()
    sections = [line for line in page.splitlines() if line.startswith("## ")]
    assert sections[0] == heading  # before the standard game's sections
    assert words in page and ("three or more" in page or "ab drei Spielern" in page)


def test_f1_in_a_strict_game_names_each_of_its_rules(surface) -> None:
    page = table_page(surface, "strict", "en").page_text()
    section = page.split("## House rules of this game\n", 1)[1].split("\n## ", 1)[0]
    assert len(section.strip().splitlines()) == len(PRESETS["romme"]["strict"])
    assert "two jokers side by side only in runs of four or more" in section


def test_f1_in_a_standard_game_is_the_book_page(surface) -> None:
    page = table_page(surface, "standard", "de")
    assert isinstance(page, TableRulesScene) and page.page_text() == rules_text("romme", "de")


def test_f1_on_the_start_screen_shows_the_book_page(surface) -> None:
    app = SceneStack(surface.get_size(), "en")
    app.push(StartScene(StartModel()))
    app.draw(surface)
    key(app, pygame.K_F1, surface)
    assert type(app.top) is RulesScene


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_page_names_every_preset(lang: str) -> None:
    page = rules_text("romme", lang)
    assert all(preset_name("romme", p, lang) in page for p in PRESETS["romme"] if p != "standard")
