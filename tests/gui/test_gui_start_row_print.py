"""Headless: the start screen's rows print no smaller than the hover help beside them. At 640x420 with six
Königs-Rommé seats the seat rows printed at 14 (letters about 10 px high) while the help resting beside them was
twice that (play-test P7, the start screen part)."""

from __future__ import annotations

import pygame
import pytest

from romme_table import start_screen
from romme_table.cards_draw import font
from romme_table.scenes import SceneStack
from romme_table.start_help import HELP_SMALLEST
from romme_table.start_screen import StartModel, StartScene


@pytest.fixture(autouse=True)
def pygame_up() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "seats"), [("koenigs", 6), ("koenigs", 7), ("romme", 6)])
def test_every_row_prints_at_least_as_large_as_the_help(monkeypatch, game, seats, lang):
    drawn: list[tuple[str, pygame.Rect, int]] = []
    real = StartScene._draw_row

    def record(self: StartScene, surface: pygame.Surface, r: pygame.Rect, label: str, focused: bool, size: int) -> None:
        drawn.append((label, r.copy(), size))
        real(self, surface, r, label, focused, size)

    monkeypatch.setattr(start_screen.StartScene, "_draw_row", record)
    model = StartModel()
    model.set_game(game)
    while len(model.seats) < seats:
        model.add_seat()
    app = SceneStack((640, 420), lang)
    app.push(StartScene(model))
    app.draw(pygame.Surface((640, 420)))
    assert len(drawn) >= 3 + seats
    for label, rect, size in drawn:
        assert size >= HELP_SMALLEST, (label, size)
        assert font(size).get_height() <= rect.h, (label, rect, size)
        assert font(size).size(label)[0] <= rect.w - 16, (label, rect, size)  # drawn whole, not shrunk back
    assert max(rect.bottom for _, rect, _ in drawn) <= 420
