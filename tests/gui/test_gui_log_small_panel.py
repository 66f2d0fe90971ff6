"""Headless: a move log panel too low for its scroll marks shows the newest entry from its head, never its tail.

Played under Xvfb (H9 U4: Rummy, the board open, 640x420, German): the log panel had room for two rows and showed
'Y13 | R9 R10 R11' and 'R12 R13', the wrapped tail of 'Bot 1: auslegen: Y11 Jo Y13 | R9 R10 R11 R12 R13' without
its seat, verb or the panel's title: a stray list of cards. The entry now shows from its head, its cut end marked."""

from __future__ import annotations

import pygame

from romme_table import move_log


def test_a_two_row_panel_shows_the_newest_entry_from_its_head(surface, monkeypatch) -> None:
    rect = pygame.Rect(0, 0, 120, 60)
    width = rect.w - 12
    entry = "Bot 1: auslegen: Y11 Jo Y13 | R9 R10 R11 R12 R13"
    rows = move_log.log_rows(["Bot 1: vom Stapel ziehen", entry], width)
    title, room = move_log.log_room(rect, "de")
    head = rows.index(next(r for r in rows if r.startswith("Bot 1: auslegen")))
    assert not move_log.marked(len(rows), room) and len(rows) - head > room >= 2, (rows, room)
    drawn: list[str] = []
    real = move_log._line_image
    monkeypatch.setattr(move_log, "_line_image", lambda line, *a: (drawn.append(line), real(line, *a))[1])
    move_log.draw_move_log(surface, rect, rows, "de")
    moves = [r for r in drawn if r.strip() not in [t.strip() for t in title]]
    assert moves[0] == rows[head], drawn  # the entry's head: its seat and verb
    assert moves[-1].endswith("…") and len(moves) == room  # its cut end said


def test_a_small_panel_reads_the_entry_above_its_newest_from_its_head(surface, monkeypatch) -> None:
    """Room for three rows, the newest entry two of them: the row above showed 'anlegen', the tail of the entry
    before (Rummy, 640x420, German: 'anlegen' over 'Bot 2: B5 an B1 B2 B3 B4 anlegen'); it shows that entry's head
    now, its cut end marked, the panel still full of moves."""
    rect = pygame.Rect(0, 0, 140, 80)
    rows = move_log.log_rows(["Bot 1: B1 an B2 B3 B4 anlegen", "Bot 2: B5 an B1 B2 B3 B4 anlegen"], rect.w - 12)
    title, room = move_log.log_room(rect, "de")
    assert len(rows) == 4 and room == 3 and rows[1].startswith(move_log.CONTINUED), (rows, room)
    drawn: list[str] = []
    real = move_log._line_image
    monkeypatch.setattr(move_log, "_line_image", lambda line, *a: (drawn.append(line), real(line, *a))[1])
    move_log.draw_move_log(surface, rect, rows, "de")
    assert drawn[len(title) :] == [f"{rows[0]} …", rows[2], rows[3]], drawn
