"""Headless: an opponent's seat box names a bot's level (the panel said 'Bot 1' whether it played Easy or
Master; found playing at 1280x800)."""

from __future__ import annotations

import pytest
from gui_driver import open_table

from romme_table import table_draw
from romme_table.controller import Controller, Seat


@pytest.mark.parametrize(
    ("game", "lang", "words"),
    [
        ("romme", "en", ["Bot 1", "Medium", "Bot 2", "Master (slow)"]),
        ("romme", "de", ["Bot 1", "Mittel", "Bot 2", "Meister (langsam)"]),
        ("krass", "en", ["Bot 1 · Medium", "Bot 2 · Master"]),
    ],
)
def test_a_bots_box_names_its_level(game, lang, words, surface, monkeypatch):
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "master")]
    c = Controller(game, seats, seed=3, bot_delay=0.0)
    c.lang = lang
    said: list[str] = []
    real = table_draw.fit_text
    monkeypatch.setattr(table_draw, "fit_text", lambda sf, s, *a, **k: (said.append(s), real(sf, s, *a, **k))[1])
    open_table(c, surface)
    boxes = [s for s in said if s in words]
    assert boxes == words, said
