"""Headless: the start screen's rows print no smaller than the hover help beside them. At 640x420 with six
Königs-Rommé seats the seat rows printed at 14 (letters about 10 px high) while the help resting beside them was
twice that (play-test P7, the start screen part)."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drawn_start_rows

from romme_table.cards_draw import font
from romme_table.scenes import SceneStack
from romme_table.start_help import HELP_SMALLEST
from romme_table.start_screen import StartModel, StartScene, row_print


@pytest.fixture(autouse=True)
def pygame_up() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "seats"), [("koenigs", 6), ("koenigs", 7), ("romme", 6)])
def test_every_row_prints_at_least_as_large_as_the_help(monkeypatch, game, seats, lang):
    model = StartModel()
    model.set_game(game)
    while len(model.seats) < seats:
        model.add_seat()
    app = SceneStack((640, 420), lang)
    app.push(StartScene(model))
    drawn = drawn_start_rows(app, pygame.Surface((640, 420)), monkeypatch)
    assert len(drawn) >= 3 + seats
    for label, rect, size in drawn:
        assert size >= HELP_SMALLEST, (label, size)
        assert font(size).get_height() <= rect.h, (label, rect, size)
        assert font(size).size(label)[0] <= rect.w - 16, (label, rect, size)  # drawn whole, not shrunk back
    assert max(rect.bottom for _, rect, _ in drawn) <= 420


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_seat_rows_print_alike_with_a_master_seat(monkeypatch, lang):
    """Krass Kariert at 640x420 with 'Bot 1: Computer, Meister (langsam)' beside 'Bot 2: Computer, Mittel': the
    Meister row shrank to fit its '(F2: Name)' and the seats read in two print sizes (play-test T7). The '(F2: …)'
    of a row too long for its print is left off instead."""
    model = StartModel()
    model.set_game("krass")
    while len(model.seats) < 3:
        model.add_seat()
    while model.seats[1].level != "master" or not model.seats[1].is_bot:
        model.cycle_seat(1, lang)
    app = SceneStack((640, 420), lang)
    app.push(StartScene(model))
    drawn = drawn_start_rows(app, pygame.Surface((640, 420)), monkeypatch)
    seats = [(label, rect, size) for label, rect, size in drawn if "(F2: " in label]
    assert len(seats) == 3
    prints = {row_print(label, rect.w - 16, size)[1] for label, rect, size in seats}
    assert prints == {seats[0][2]}, (prints, seats)
    assert all(row_print(label, rect.w - 16, size)[0].startswith(label.split("   (F2")[0]) for label, rect, size
               in seats)
