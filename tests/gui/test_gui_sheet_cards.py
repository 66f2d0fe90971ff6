"""Headless: a score sheet too short for every round's cards left keeps them on its newest rounds."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from romme_table import score_grid
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.scenes import SceneStack
from romme_table.score_grid import RoundRow, ScoreBook
from romme_table.table_scene import TableScene


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def eleven_rounds() -> ScoreBook:
    book = ScoreBook(last_scores=[0, 0, 0], start=[0, 0, 0])
    for k in range(11):
        book.rows.append(RoundRow([k, 0, 2 * k], [["3c", "4d", "Kt"], [], ["5h"] * (k % 4)], 1, "out"))
    book.last_scores = [sum(range(11)), 0, 2 * sum(range(11))]
    return book


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (2560, 1440)])
def test_the_newest_rounds_keep_their_cards_left_where_not_all_fit(size, monkeypatch):
    """The winner sheet of Königs-Rommé's eleven rounds dropped every round's cards because all eleven rows of
    cards did not fit, and left half of the sheet empty at 1920x1080. The newest rounds keep their cards as far
    as the room goes, every round stays on its row, the total under them in the sheet."""
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("koenigs", seats, seed=4, bot_delay=0.0)
    surface = pygame.Surface(size)
    app = SceneStack(size)
    app.push(TableScene(c))
    sheet = ScoreScene(c, round_over=True, book=eleven_rounds())
    app.push(sheet)
    texts: list[tuple[str, tuple[int, int]]] = []
    minis: list[pygame.Rect] = []
    real_text, real_minis = score_grid._text, score_grid._mini_cards

    def text(surf: pygame.Surface, s: str, pos: tuple[int, int], *a: Any) -> pygame.Rect:
        texts.append((s, pos))
        return real_text(surf, s, pos, *a)

    def mini(surf: pygame.Surface, game: str, tokens: list[str], box: pygame.Rect) -> None:
        if tokens:
            minis.append(box)
        real_minis(surf, game, tokens, box)

    monkeypatch.setattr(score_grid, "_text", text)
    monkeypatch.setattr(score_grid, "_mini_cards", mini)
    app.draw(surface)
    rounds = [pos for s, pos in texts if s.startswith("Round ")]
    assert [s for s, _ in texts if s.startswith("Round ")] == [f"Round {k}" for k in range(1, 12)]
    total_y = next(pos[1] for s, pos in texts if s == "Total")
    panel = sheet._grid_panel(surface.get_rect())
    assert total_y < panel.bottom
    if size[1] >= 1080:  # room for some rows of cards: the newest round's are among them
        newest = rounds[-1][1]
        assert minis and max(m.y for m in minis) > newest, size
        assert all(m.bottom <= total_y for m in minis)
