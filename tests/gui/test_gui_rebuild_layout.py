"""Headless: the table being rebuilt keeps its melds in place while cards are dragged onto them."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drag, key, open_table, open_window, play_until

from romme_table.controller import Controller, Seat

SMALL = (800, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


@pytest.mark.parametrize("size", [SMALL, (1100, 720)])
def test_a_lay_off_moves_no_meld_after_it_while_the_table_is_rebuilt(size, surface):
    """Rummy, table rebuilding (T): a hand card dragged onto the first meld; the melds after it and the
    new-meld place stay where they were (they moved one card to the right, or to the next row, so the next
    drop target was no longer under the mouse)."""
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0)
    assert play_until(c, lambda c: c.can_rearrange() and len(c.melds()) >= 3)
    app, scene = open_table(c, surface, size)
    key(app, pygame.K_t, surface)
    assert c.editor is not None
    before = scene.compute_layout()
    first = before.melds[0][-1]
    drag(app, before.hand[0].center, first.center, surface)
    assert len(c.editor.melds[0]) == len(c.melds()[0]) + 1, c.message  # the card joined the first meld
    after = scene.compute_layout()
    assert [m[0] for m in after.melds[1:]] == [m[0] for m in before.melds[1:]]
    assert after.new_meld == before.new_meld and after.card == before.card
