"""Headless: Rummy's status line offers rebuilding the table only to a seat that has opened.

Played under Xvfb (Rummy, three seats, game no. 566561, 1100x720): before its opening the seat read 'Your turn: lay
out, rebuild the table or pass', though the opening lays new melds from the hand only and the table may be rebuilt
from the next turn on (RULES.md, Rummy). Now 'lay out or pass' until the seat has opened.
"""

from __future__ import annotations

import pytest
from gui_driver import play_until

from romme_table.controller import Controller, Seat


@pytest.mark.parametrize(
    ("lang", "closed", "opened"),
    [
        ("en", "Your turn: lay out or pass", "Your turn: lay out, rebuild the table or pass"),
        ("de", "Du bist dran: auslegen oder passen", "Du bist dran: auslegen, Tisch umlegen oder passen"),
    ],
)
def test_rebuilding_is_offered_once_opened(lang: str, closed: str, opened: str) -> None:
    c = Controller("rummy", [Seat("You" if lang == "en" else "Du"), Seat("Bot 1", "bot", "greedy")], seed=3,
                   bot_delay=0.0, lang=lang)
    c.run_bots_until_human()
    assert c.state.phase == "open" and c.status().startswith(closed), c.status()
    assert play_until(c, lambda c: c.state.phase != "open" and c.viewer_has_opened())
    assert c.status().startswith(opened), c.status()
