"""Headless: Krass Kariert's advice to take a reserve card is read whole at 640x420, and a hint beside it too.

Played under Xvfb (640x420, three seats, the finding 'long hints are cut at 640x420'): where nothing in the hand beat
the trick the line read 'Bot 2: play 5 X (2-straight 5) — nothing in your hand beats it: take a reserve card by its
buttons (beside the underlined card, Left / Right move the line) or drag it into a…', and after H 'hint: take reserve
card 11 between 8 and 12 — 7 plays empty your hand — nothing in your hand beats it: … (beside the underlined ca…'.
Where the message and the advice do not fit the line's two rows, a hint stays whole and news of the last move (the
seat's box and the log tell it too) yields to the advice.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drawn_texts, key, open_table, open_window, play_until

from romme_table.controller import Controller, Seat
from romme_table.i18n import t

SMALL = (640, 420)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def reserve_turn(lang: str) -> Controller:
    c = Controller("krass", [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")], seed=0,
                   bot_delay=0.0, lang=lang)
    assert play_until(c, lambda c: {m.to_json().get("kind") for m in c.state.legal_moves()} == {"reserve"})
    return c


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_advice_and_the_hint_are_read_whole(lang: str, surface, monkeypatch) -> None:
    c = reserve_turn(lang)
    advice = t("krass_take_reserve", lang)
    c.message = "Bot 2: play 5 X (2-straight 5)" if lang == "en" else "Bot 2: 5 X spielen (2er-Straße 5)"
    app, _ = open_table(c, surface, SMALL)
    texts = [s for s, _, _ in drawn_texts(app, surface, monkeypatch)]
    shown = " ".join(s for s in texts if s and s in advice)
    assert shown == advice, texts  # the advice whole, the news gone from the line
    assert not any(s.endswith("…") and s.rstrip("…").rstrip() in advice for s in texts), texts
    key(app, pygame.K_h, surface)
    texts = [s for s, _, _ in drawn_texts(app, surface, monkeypatch)]
    assert c.message in texts or " ".join(s for s in texts if s in c.message) == c.message, (c.message, texts)
    assert not any(s in advice for s in texts if len(s) > 20), texts  # no cut advice after the hint


def test_a_large_window_keeps_both() -> None:
    from romme_table.table_draw import advice_beside

    assert advice_beside("Bot 2: play 5 X (2-straight 5)", "take a reserve card", "krass", "en", 1000) == (
        "Bot 2: play 5 X (2-straight 5) — take a reserve card")
