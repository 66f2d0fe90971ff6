"""Headless: the message line names the meld a Rommé lay-off grew, as the move log does.

Seen under Xvfb (Räuber-Rommé at 800x600): the message line read 'Bot 1: 10s an Figur 2 anlegen' while the log beside
it read 'Bot 1: 10s an Js * Ks As'; the table numbers its melds nowhere.
"""

from __future__ import annotations

import pytest

from romme_table.controller import Controller, Seat
from romme_table.i18n import cards_named
from romme_table.move_log import move_note


@pytest.mark.parametrize(("lang", "number"), [("en", "on meld"), ("de", "an Figur")])
def test_a_bots_lay_off_names_the_meld_it_grew(lang, number):
    c = Controller("romme", [Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")], seed=3, bot_delay=0.0,
                   lang=lang)
    for _ in range(3000):
        assert not c.state.is_over, "no lay-off in the game"
        table, before = c.melds(), len(c.state.history)
        c.poll_bots(now=float("inf"))
        if c._future is not None:
            c._future.result()
            c.poll_bots(now=float("inf"))
        if len(c.state.history) > before and c.state.history[-1].to_json().get("kind") == "layoff":
            break
    move = c.state.history[-1]
    words = cards_named(move_note("romme", move, table, lang), "romme", lang)  # (a German Bube: B)
    assert words and c.message.endswith(words) and number not in c.message, (c.message, words)
