"""Headless: what playing each table under Xvfb showed (each test names what was seen), driven through
tests/helpers/gui_driver."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import key, open_table, open_window

from romme_table.controller import Controller, Seat

SMALL = (800, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def test_a_hinted_stock_is_outlined_on_screen(surface):
    """'hint: draw stock — it leaves 10 points' (Königs-Rommé at 800x600 under Xvfb): the stock was asked to be
    drawn outlined, but a card's back drew no outline; its edge is now the selection's colour until the draw."""
    from romme_table.cards_draw import SELECT

    for seed in range(1, 40):
        c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed, bot_delay=0.0)
        c.run_bots_until_human()
        app, scene = open_table(c, surface, SMALL)
        key(app, pygame.K_h, surface)
        if c.hinted_pile() != "stock":
            continue
        lay = scene.compute_layout()
        edge = (lay.stock.x + 1, lay.stock.centery)
        assert tuple(surface.get_at(edge))[:3] == SELECT
        key(app, pygame.K_d, surface)  # the card drawn: the outline goes
        assert tuple(surface.get_at(edge))[:3] != SELECT
        return
    pytest.fail("no hint drew from the stock")
