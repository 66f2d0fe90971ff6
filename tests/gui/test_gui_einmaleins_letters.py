"""Headless: the 1x1-Rommé rules page says what the symbol letters on its cards mean.

Played under Xvfb in English: the cards show a circle with 'K', a triangle with 'D', a square with 'Q' (the letters
of the NumNum symbols' German names, docs/DECKS.md), and the move log and buttons name cards by them ('K24'); the
rules page said nowhere what the letters stand for. The letters stay (they are the notation the log, buttons and
hints share in both languages); the page explains them.
"""

from __future__ import annotations

import re

import pytest

from romme import new_game
from romme_table import rules_pages


@pytest.mark.parametrize(
    "lang,names",
    [
        ("en", {"H": "heart", "K": "circle", "D": "triangle", "Q": "square"}),
        ("de", {"H": "Herz", "K": "Kreis", "D": "Dreieck", "Q": "Quadrat"}),
    ],
)
def test_the_rules_page_names_every_symbol_letter_of_the_dealt_cards(lang, names):
    hand = new_game("einmaleins", players=4, seed=45).observation(0)["hand"]
    letters = {re.sub(r"[0-9]", "", str(card)) for card in hand} - {"W"}
    assert letters <= set(names), letters
    page = rules_pages.rules_text("einmaleins", lang)
    for letter in names:
        assert f"{letter} {names[letter]}" in page, (letter, page)
