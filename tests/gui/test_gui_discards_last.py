"""Headless: the listed moves put the melds and lay-offs before the discards (play-test W2).

Played under Xvfb (H5, Rommé "Herauskommen mit 40", hot seat, game no. 531389): after the draw at 1366x768 the
column listed '1. 10c abwerfen' … '8. 10d abwerfen', 'Mehr… (Bild ab) 1-8/15', and the opening of the turn (64
points) was '7. auslegen …' on the second page, after '6. Jo abwerfen': the list kept the engine's order.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import open_table, open_window, play_until

from romme_table.controller import Controller, Seat

SIZE = (1366, 768)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SIZE)


def drawn_with_a_meld(c: Controller) -> bool:
    kinds = [m.to_json().get("kind") for m in c.state.legal_moves()]
    return c.is_human_turn() and "draw" not in kinds and kinds.count("discard") >= 8 and "meld" in kinds


def test_a_meld_is_listed_before_the_discards(surface):
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=531389, bot_delay=0.0)
    assert play_until(c, drawn_with_a_meld)
    app, scene = open_table(c, surface, SIZE)
    scene.compute_layout()
    kinds = [m.to_json().get("kind") for m in scene.actions]
    assert "meld" in kinds and "discard" in kinds, kinds
    first_discard = kinds.index("discard")
    assert all(k == "discard" for k in kinds[first_discard:]), kinds
    # the meld is on the first page, where the player looks
    assert any(m.to_json().get("kind") == "meld" for m in scene.visible_actions()), kinds
