"""Krass Kariert: the reserve cards are offered by buttons without a selection, beside the cursor's card.

H6 (Krass Kariert, 1920x1080, de): when nothing in the hand could beat, the list showed only '1. S spielen' and the
status line said 'oder Reserve nehmen'; the 'Reservekarte … nehmen' buttons came only once a hand card was
selected, which a new player does not find.
"""

from __future__ import annotations

import pytest
from gui_driver import open_table, play_until

from romme_table.controller import Controller, Seat
from romme_table.intents import Intent


def _reserve_turn(c: Controller) -> bool:
    return any(m.to_json()["kind"] == "reserve" for m in c.state.legal_moves()) and len(c.hand()) >= 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_reserve_buttons_follow_the_cursor_without_a_selection(surface, lang):
    seats = [Seat("You"), Seat("B1", "bot", "greedy"), Seat("B2", "bot", "greedy")]
    c = Controller("krass", seats, seed=5, bot_delay=0.0, lang=lang)
    assert play_until(c, _reserve_turn)
    app, scene = open_table(c, surface, (1280, 800))
    assert not c.selected
    reserves = len(c.own_reserves())
    for cursor in (0, 1, 2):
        while scene.cursor < cursor:
            scene.handle(Intent("right"))
        scene.compute_layout()
        taken = sorted(
            (m.to_json()["index"], m.to_json()["position"]) for m in scene.actions if m.to_json()["kind"] == "reserve"
        )
        assert taken == sorted((i, p) for i in range(reserves) for p in (cursor, cursor + 1)), (cursor, taken)
        labels = [scene.c.label(m) for m in scene.actions if m.to_json()["kind"] == "reserve"]
        assert all(("Reservekarte" if lang == "de" else "reserve card") in label for label in labels), labels
