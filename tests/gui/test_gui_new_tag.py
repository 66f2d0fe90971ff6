"""Headless: the 'new' tag over a newly drawn hand card reads at every window size.

At 16 pt its letters were 9 px high over a card of 184 at 1920x1080 (a speck in screenshots under Xvfb)."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from romme_table.controller import Controller, Seat
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (2560, 1440)])
def test_the_new_tag_is_a_tenth_of_its_card_and_stays_under_the_melds(size):
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=5)
    app = SceneStack(size)
    scene = TableScene(c)
    app.push(scene)
    surface = pygame.Surface(size)
    app.draw(surface)
    scene.fresh = Counter([c.hand()[2]])  # as after drawing it
    app.draw(surface)
    lay = scene.layout
    card = lay.hand[2]
    felt = surface.get_at(lay.meld_area.center)  # no meld on the table yet

    def tagged(y: int) -> bool:
        return any(surface.get_at((x, y)) != felt for x in range(card.x, card.x + card.w // 2))

    top = card.y
    while tagged(top - 1):  # the tag's rows (and the frame's round the card)
        top -= 1
    height = card.y - top
    assert height >= card.h / 10, (size, height, card.h)
    assert top >= lay.meld_area.bottom, (size, top, lay.meld_area.bottom)  # in the room between melds and hand
