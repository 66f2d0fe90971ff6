"""A move log line longer than the panel's rows (a seat named 'Maximilian-Alexander von und zu Hohenzollern-
Sigmaringen der Dritte' at 640x420, Krass Kariert): the panel with scroll marks moved its first row past the
wrapped line's tail to the line's end, and showed its title and '▲ 191 older' over no move at all (R2, Xvfb)."""

from __future__ import annotations

import pygame

from romme_table import move_log


def test_a_line_longer_than_the_panel_shows_its_newest_rows(surface, monkeypatch):
    rect = pygame.Rect(0, 0, 140, 150)
    width = rect.w - 12
    long = "Maximilian-Alexander von und zu Hohenzollern-Sigmaringen der Dritte Bot 2: play N (draw card) " * 2
    rows = move_log.log_rows([f"Bot {k % 3}: draw stock" for k in range(40)] + [long], width)
    title, room = move_log.log_room(rect, "en")
    shown = move_log.shown_rows(len(rows), room)
    assert move_log.marked(len(rows), room) and len(move_log.wrapped(long, move_log.log_font(width), width)) > shown
    drawn: list[str] = []
    real = move_log._line_image
    monkeypatch.setattr(move_log, "_line_image", lambda line, *a: (drawn.append(line), real(line, *a))[1])
    move_log.draw_move_log(surface, rect, rows, "en")
    assert rows[-1] in drawn, drawn  # the newest row, not the title and a mark alone
