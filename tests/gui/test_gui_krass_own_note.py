"""Headless: Krass Kariert's own chips and reserve note stays in the info column.

Watched under Xvfb (four seats, 640x420, German): 'Chips 3  keine Reserve' under 'Durchgang 1' ran on over the label
of the last trick beside it ('letzter Stich: Bot 1'), 'Reserve' and 'Bot 1' drawn over each other."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drawn_texts, open_table, open_window, play_until

from romme_table.cards_draw import font
from romme_table.controller import Controller, Seat


@pytest.fixture(scope="module")
def window() -> Iterator[pygame.Surface]:
    yield from open_window((640, 420))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", [(640, 420), (1024, 600), (1920, 1080)])
def test_the_own_chips_and_reserve_note_stays_in_the_info_column(window, size, lang, monkeypatch):
    surface = pygame.display.set_mode(size)
    seats = [Seat("Du" if lang == "de" else "You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2, 3)]
    c = Controller("krass", seats, seed=915959, bot_delay=0.0, lang=lang)
    assert play_until(c, lambda c: not c.observation()["reserves"][c.viewer])  # 'no reserve': the longer note
    app, scene = open_table(c, surface, size)
    lay = scene.compute_layout()
    note = c.seat_notes()[c.viewer]
    texts = drawn_texts(app, surface, monkeypatch)
    rows = [(s, pos, sz) for s, pos, sz in texts if s.strip() and s in note and pos[0] == lay.info.x]
    assert " ".join(s for s, _, _ in rows).split() == note.split(), (rows, note)  # every word of it
    for s, (x, _), sz in rows:
        assert x + font(sz).size(s.rstrip())[0] <= lay.info.right <= lay.meld_area.x, (s, sz, lay.info)
