"""Headless: the status line keeps a readable print at 800x600 in German and English.

Seen under Xvfb at 800x600: the German status line shrank to 15 pt ('Du, du bist dran: auslegen oder anlegen, dann
abwerfen (Doppelklick auf eine Karte)   —   Königs-Rommé · Regeln: Standard · Blatt Nummer 123456').
"""

from __future__ import annotations

import pytest
from gui_driver import open_table

from romme_table import turn_words
from romme_table.controller import Controller, Seat
from romme_table.i18n import t
from romme_table.scenes import fitted
from romme_table.table_draw import status_line

SEATS = {"koenigs": 3, "romme": 3, "einmaleins": 2, "rummy": 2, "krass": 3}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_every_turn_line_fits_at_19_pt_or_more_at_800x600(surface, game, lang):
    seats = [Seat("Du" if lang == "de" else "You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, SEATS[game])]
    c = Controller(game, seats, seed=999_999, bot_delay=0.0, lang=lang)  # the longest fresh deal number
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (800, 600))
    width = scene.compute_layout().status.w
    about = c.about()
    lines = [status_line(c.status(), about), status_line(c.status(sheet_open=True), about)]
    for choice in turn_words.CHOICES:  # every turn's words, as the seat to move reads them
        words = t(f"turn_{choice}", lang)
        lines.append(status_line(t("your_turn_to", lang, name=seats[0].name, what=words), about))
    for line in lines:
        shown, size = fitted(line, width, 22)
        assert shown == line and size >= 19, (size, line)
