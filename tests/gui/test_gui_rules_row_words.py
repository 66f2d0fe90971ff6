"""Headless: the start screen's help for the rules row promises what the rules page shows.

Seen at 1920x1080 (Krass Kariert, English): resting on 'How to play Krass Kariert (F1)' said 'How Krass Kariert is
played, with pictures', and F1 opened a page of text without a single card drawn on it."""

from __future__ import annotations

import pygame
import pytest

from romme.engine import list_games
from romme_table import cards_draw
from romme_table.rules_pages import RulesScene
from romme_table.scenes import SceneStack
from romme_table.start_help import help_text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", sorted(list_games()))
def test_the_rules_row_promises_no_pictures_the_page_lacks(game, lang, monkeypatch):
    pygame.font.init()
    drawn: list[object] = []
    monkeypatch.setattr(cards_draw, "draw_card", lambda *a, **k: drawn.append(a))
    app = SceneStack((1920, 1080), lang)
    app.push(RulesScene(game))
    app.draw(pygame.Surface((1920, 1080)))
    words = help_text("rules", lang, game)
    if not drawn:  # a page of text
        assert "picture" not in words and "Bild" not in words, words
