"""Headless: a Krass Kariert seat that had no chip left to give up is shown lost on the winner sheet, not at -1.

Played at 1920x1080 (four seats): Bot 2 paid its last chip in deal 5 and had none for deal 6; the sheet's Total read
'-1' (the engine's mark of the loser, RULES §5) beside a seat box saying 'chips 0'."""

from __future__ import annotations

import pygame
import pytest

from romme.bots import make_bot
from romme.engine import new_game
from romme_table import score_grid
from romme_table.rounds import RoundUnit
from romme_table.score_grid import ScoreBook


def _finished_book(seed: int) -> tuple[ScoreBook, list[int]]:
    state = new_game("krass", players=3, seed=seed)
    book = ScoreBook()
    book.update(state.observation(0))
    while not state.is_over:
        state.apply(make_bot("krass", "greedy", seed=seed).choose(state.clone()))
        book.update(state.observation(0))
    return book, list(state.result().scores)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_seat_out_of_chips_reads_lost_not_minus_one(lang, monkeypatch):
    pygame.font.init()
    book, scores = _finished_book(7)
    assert -1 in scores and book.totals() == scores  # the engine's scores: chips left, -1 for the loser
    seen: list[str] = []
    real = score_grid._text
    monkeypatch.setattr(score_grid, "_text", lambda surf, s, *a: (seen.append(s), real(surf, s, *a))[1])
    score_grid.draw_grid(pygame.Surface((1200, 900)), pygame.Rect(0, 0, 1100, 800), "krass", ["A", "B", "C"], book,
                         lang, unit=RoundUnit.KRASS_DEAL)
    total_at = seen.index(score_grid.word("total", lang))
    totals = seen[total_at + 1:]
    assert "-1" not in totals, totals
    assert score_grid.word("no_chip", lang) in totals, totals
    assert totals.count("0") >= scores.count(-1) + scores.count(0)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lost_note_stays_in_its_own_column_on_a_small_sheet(lang, monkeypatch):
    """Played at 640x420 (H7 S7, four seats, German): 'verloren: kein Chip mehr' beside the lost seat's 0 shrank only
    to 12 px and ran on under the next seat's total, which was drawn over it ('kein Chip m0r')."""
    pygame.font.init()
    book, scores = _finished_book(7)
    lost = scores.index(-1)
    names = ["Du", "Bot 1", "Bot 2"]
    drawn: list[tuple[str, pygame.Rect]] = []
    real = score_grid._text
    monkeypatch.setattr(score_grid, "_text", lambda surf, s, *a: drawn.append((s, real(surf, s, *a))) or drawn[-1][1])
    panel = pygame.Rect(20, 20, 420, 300)  # the sheet's grid at 640x420 with three seats (four: narrower still)
    score_grid.draw_grid(pygame.Surface((640, 420)), panel, "krass", names, book, lang, unit=RoundUnit.KRASS_DEAL)
    label_w = score_grid.label_column(book, RoundUnit.KRASS_DEAL, lang)
    col_w = min(score_grid.px(score_grid.COLUMN_W[1]), (panel.w - label_w - score_grid.px(20)) // len(names))
    note = score_grid.word("no_chip", lang)
    total_at = max(i for i, (s, _) in enumerate(drawn) if s == score_grid.word("total", lang))
    rows = [(s, r) for s, r in drawn[total_at + 1:] if s and s in note]
    assert " ".join(s for s, _ in rows) == note, rows  # every word of it, in one or two rows
    left, right = panel.x + label_w + lost * col_w, panel.x + label_w + (lost + 1) * col_w - 6
    for s, r in rows:
        assert left <= r.x and r.right <= right, (s, r, left, right)
