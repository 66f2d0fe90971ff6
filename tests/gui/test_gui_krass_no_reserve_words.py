"""Krass Kariert: with no reserve card left the status line does not offer one: 'Your turn: beat the trick or take
a reserve card' was read beside 'chips 3  no reserve' (R2, 640x420)."""

from __future__ import annotations

import pytest
from gui_driver import play_until

from romme_table.controller import Controller, Seat
from romme_table.turn_words import turn_words


def _follow(c: Controller, reserves: bool) -> bool:
    kinds = {m.to_json()["kind"] for m in c.state.legal_moves()}
    return c.state.phase == "follow" and ("reserve" in kinds) == reserves


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("reserves", [True, False])
def test_the_status_offers_a_reserve_only_when_one_is_left(lang, reserves):
    seats = [Seat("You"), Seat("B1", "bot", "greedy"), Seat("B2", "bot", "greedy")]
    c = Controller("krass", seats, seed=5, bot_delay=0.0, lang=lang)
    assert play_until(c, lambda c: _follow(c, reserves))
    words = turn_words("krass", c.state.phase, [m.to_json() for m in c.state.legal_moves()], lang)
    offered = ("take a reserve" if lang == "en" else "Reserve nehmen") in words
    assert words and offered == reserves, words
