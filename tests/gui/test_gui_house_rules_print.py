"""Headless: a house rules page with room to spare prints larger, never so large that a row leaves the window.

Königs-Rommé's one option filled a fifth of the 1920x1080 page in small print (the rest an empty felt)."""

from __future__ import annotations

from typing import Any

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


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_short_page_shows_the_games_fixed_rules_below_its_options(lang):
    """Königs-Rommé's one option left the 1920x1080 page four-fifths empty felt (it looked broken): the rest of the
    rules (the rules page without its house-rule section) fill it in whole sections, Back under them, in view."""
    size = (1920, 1080)
    app = SceneStack(size)
    app.lang = lang
    model = StartModel()
    model.set_game("koenigs")
    page = HouseRulesScene(model)
    app.push(page)
    texts: list[str] = []
    real = HouseRulesScene._draw_row

    def record(self: HouseRulesScene, surf: pygame.Surface, kind: str, r: pygame.Rect, label: str, *more: Any) -> None:
        texts.append(label)
        real(self, surf, kind, r, label, *more)

    mp = pytest.MonkeyPatch()
    mp.setattr(HouseRulesScene, "_draw_row", record)
    try:
        app.draw(pygame.Surface(size))
    finally:
        mp.undo()
    sections = house_rules.fixed_rules("koenigs", lang)
    assert [title for title, _ in sections][1:3] == (["Rounds", "A turn"] if lang == "en" else ["Runden", "Ein Zug"])
    assert not any(title.lower().startswith(("house", "haus")) for title, _ in sections)
    assert all(title in texts for title, _ in sections[1:])  # every section drawn
    back = next(r for r, kind, _ in page.hot if kind == "back")
    assert size[1] * 0.6 < back.bottom <= size[1] and page.scroll == 0


def test_a_page_that_scrolls_gets_no_fixed_rules():
    page, _ = _page("romme", (800, 600))
    assert page.scroll == 0
    drawn = page._with_fixed_rules(page._layout(760, 17), 760, 17, 500)
    assert not any(kind == "rule" for kind, *_ in drawn)
