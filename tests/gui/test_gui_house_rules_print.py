"""Headless: a house rules page with room to spare prints larger, never so large that a row leaves the window.

Königs-Rommé's one option filled a fifth of the 1920x1080 page in small print (the rest an empty felt)."""

from __future__ import annotations

import pygame
import pytest

from romme.engine import list_games
from romme_table import house_rules
from romme_table.house_rules import HouseRulesScene
from romme_table.scenes import SceneStack, unpx
from romme_table.start_screen import StartModel


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def _page(game: str, size: tuple[int, int]) -> tuple[HouseRulesScene, list[int]]:
    """The game's page drawn at ``size``, and the print sizes its rows were laid out with."""
    app = SceneStack(size)
    model = StartModel()
    model.set_game(game)
    page = HouseRulesScene(model)
    app.push(page)
    laid: list[int] = []
    real = HouseRulesScene._layout

    def record(self: HouseRulesScene, width: int, size: int) -> list[tuple[str, pygame.Rect, str, list[str], str]]:
        laid.append(size)
        return real(self, width, size)

    mp = pytest.MonkeyPatch()
    mp.setattr(HouseRulesScene, "_layout", record)
    try:
        app.draw(pygame.Surface(size))
    finally:
        mp.undo()
    return page, laid


def test_koenigs_rules_page_at_1920x1080_prints_larger_and_keeps_every_row_in_the_window():
    size = (1920, 1080)
    page, laid = _page("koenigs", size)
    base = max(17, min(30, unpx(size[1]) // 34))
    assert laid[-1] > base  # the print the page was drawn with
    back = next(r for r, kind, _ in page.hot if kind == "back")
    assert back.bottom <= size[1] and page.scroll == 0


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_no_page_scrolls_that_fit_in_the_base_print(size):
    """Larger print only where the rows still fit: a page of many options keeps its size and scrolls as before."""
    for game in list_games():
        page, laid = _page(game, size)
        drawn = laid[-1]
        back = next(r for r, kind, _ in page.hot if kind == "back")
        base = max(17, min(30, unpx(size[1]) // 34))
        assert drawn >= base and (drawn == base or back.bottom <= size[1]), (game, drawn, back)
        assert drawn <= base * 1.5
    assert house_rules.grouped_options("koenigs")  # (the page's one option)
