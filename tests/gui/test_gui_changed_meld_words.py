"""Headless: a table meld that loses cards and gains others reads as the cards taken off it and the cards added to
what stays of it, so a player sees where each card came from.

Played under Xvfb (1x1-Rommé, four seats, game no. 905085): 'Bot 1: take H10 from H10 H12 … H18 · D6 D1 D10 becomes
D4 D6 D1 · lay out: …'. 'becomes' hid that D10 went into the new meld and that D4 came from the bot's hand. A card
added that no phrase takes off the table is a hand card, as in every lay-off the log names.
"""

from __future__ import annotations

import pytest

from romme_table.move_log import place_words

BEFORE = [["H10", "H12", "H14", "H16", "H18"], ["D6", "D1", "D10"]]
STANDS = [["H10", "H12", "H14", "H16", "H18"], ["D6", "D8", "D10"]]  # (D1: the 1-card standing for D8)
AFTER = [["H12", "H14", "H16", "H18"], ["D4", "D6", "D1"], ["H10", "D10", "K10"]]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "take H10 from H10 H12 … H18 · take D10 from D6 D1 D10 · lay out: H10 D10 K10 · add D4 to D6 D1"),
        ("de", "H10 von H10 H12 … H18 nehmen · D10 von D6 D1 D10 nehmen · auslegen: H10 D10 K10 · D4 an D6 D1 anlegen"),
    ],
)
def test_a_meld_that_loses_a_card_and_gains_a_hand_card(lang: str, words: str) -> None:
    assert place_words(BEFORE, AFTER, lang, STANDS) == words
