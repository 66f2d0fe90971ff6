"""Krass Kariert in German: one word per thing. The rules page (F1) called a trick 'Runde' (as the game's sheet
does) and the deal a 'Partie', while the table counted 'Runde 1…5' per chip paid and the log said '— Runde 1
vorbei: Bot 3 −1 Chip —' (H6, 1920x1080): a new player expected the counter to go up every trick. Now a trick is
'Stich' and a deal 'Durchgang' on the rules page, the table, the sheet and the log; Rommé keeps its 'Runde'."""

from __future__ import annotations

import pygame
from gui_driver import key, played_to_the_end, sheet_texts

from romme_table.i18n import t
from romme_table.move_log import log_lines
from romme_table.rules_pages import rules_text
from romme_table.table_draw import progress_line


def test_krass_says_stich_and_durchgang_everywhere_in_german(surface, tmp_path, monkeypatch):
    c, app, scene = played_to_the_end("krass", 4, 5, surface, tmp_path)
    c.lang = "de"
    names = [s.name for s in c.seats]
    lines = log_lines(c.game_id, c.state.history, names, "de", 10000, scene.log_notes, c.round_ends, c.unit)
    deals = len(scene.book.rows)
    assert deals >= 2
    ends = [line for line in lines if " vorbei" in line]
    assert ends and all(line.startswith("— Durchgang ") for line in ends), ends
    assert not any("Runde" in line for line in lines)
    assert progress_line(scene, c.observation()).startswith("Durchgang "), progress_line(scene, c.observation())
    key(app, pygame.K_RETURN, surface)
    texts = sheet_texts(app, surface, monkeypatch)
    assert [s for s in texts if s.startswith("Durchgang")] == [f"Durchgang {k}" for k in range(1, deals + 1)]
    assert not any("Runde" in s for s in texts), texts
    page = rules_text("krass", "de")
    assert "## Stiche" in page and "## Ende eines Durchgangs" in page
    # 'Runde' only where the page says that the game's sheet calls a trick so
    import re

    said = [s for s in re.split(r"(?<=[.:])\s+|\n", page) if "Runde" in s]
    assert said == ["In der Anleitung des Kartenspiels heißt ein Stich „Runde“."], said
    assert "Partie" not in page


def test_romme_keeps_its_runde():
    assert t("deal_over", "de") == "Punkte nach dieser Runde"
    assert t("deal_target", "de", n=2, target=500).startswith("Runde 2")
