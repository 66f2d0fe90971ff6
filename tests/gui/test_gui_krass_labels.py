"""Headless: Krass Kariert's action buttons and hint name a play by its cards, as the log does.

Seen under Xvfb: the buttons read 'Karte 0 spielen: 8' and 'Karten 2–4 spielen: 4 6 5' (hand places counted
from 0, which the hand shows nowhere) and the hint 'Tipp: Karten 2–4 spielen'.
"""

from __future__ import annotations

import pytest
from gui_driver import open_table

from romme_table.controller import Controller, Seat, move_positions


@pytest.mark.parametrize(("lang", "say"), [("en", "play {cards} ("), ("de", "{cards} spielen (")])
def test_a_krass_play_is_named_by_its_cards_on_the_buttons_and_in_the_hint(surface, lang, say):
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("krass", seats, seed=1, bot_delay=0.0, lang=lang)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (800, 600))
    hand = c.hand()
    plays = [m for m in c.state.legal_moves() if m.to_json().get("kind") == "play"]
    assert plays
    for move in plays:
        cards = " ".join(hand[i] for i in move_positions(move))
        assert c.label(move).startswith(say.format(cards=cards)), c.label(move)
    labels = [label for label, _ in scene._buttons()]
    assert not any("Karte" in label or "card" in label for label in labels), labels
    c.hint()
    hinted = " ".join(hand[i] for i in move_positions(c.hint_move))
    assert say.format(cards=hinted) in c.message, c.message
