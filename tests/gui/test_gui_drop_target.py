"""Headless: a card carried over the table outlines where it lands if let go now (the meld, or the new-meld slot).

Played under Xvfb (Rummy, 1366x768, German, the board T): nothing on the table changed while a card was carried, so
whether a drop between two melds went to the left one, the right one or nowhere showed only after letting go.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drawn_rects, key, open_table, play_until, send

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.layout import drop_meld
from romme_table.table_draw import HINTED


def _carry(app, surface, start: tuple[int, int], to: tuple[int, int]) -> None:
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)), surface)


@pytest.mark.parametrize("board", [True, False])
def test_the_place_a_carried_card_goes_to_is_outlined(surface, monkeypatch, board) -> None:
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0,
                   rules=Rules.make("rummy", "standard"))
    assert play_until(c, lambda c: c.can_rearrange() and len(c.melds()) >= 2)
    app, scene = open_table(c, surface)
    if board:
        key(app, pygame.K_t, surface)
        assert c.editor is not None
    lay = scene.compute_layout()
    second = lay.melds[1][0].unionall(lay.melds[1][1:])
    _carry(app, surface, lay.hand[0].center, (second.right + 4, second.centery))  # just past the meld's end
    outlines = drawn_rects(HINTED, app, surface, monkeypatch)
    assert [r for r in outlines if r.contains(second)], outlines  # that meld takes it
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=lay.new_meld.center, rel=(0, 0), buttons=(1, 0, 0)))
    outlines = drawn_rects(HINTED, app, surface, monkeypatch)
    assert [r for r in outlines if r.contains(lay.new_meld)], outlines
    slot = lay.new_meld.inflate(lay.card[0], lay.card[1])
    empty = next(  # the felt under the table, away from every meld and the slot: a drop there lands nowhere
        (x, y) for y in range(lay.hand[0].y - 20, lay.meld_area.y, -10) for x in range(lay.meld_area.x, 800, 20)
        if drop_meld(lay, (x, y)) is None and not slot.collidepoint((x, y))
    )
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=empty, rel=(0, 0), buttons=(1, 0, 0)))
    assert not drawn_rects(HINTED, app, surface, monkeypatch)


def test_a_board_card_over_its_own_meld_outlines_nothing(surface, monkeypatch) -> None:
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0,
                   rules=Rules.make("rummy", "standard"))
    assert play_until(c, lambda c: c.can_rearrange() and len(c.melds()) >= 2)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    lay = scene.compute_layout()
    first = lay.melds[0][0].unionall(lay.melds[0][1:])
    _carry(app, surface, lay.melds[0][0].center, lay.melds[0][-1].center)  # a drop there moves nothing
    assert scene.edit_drag is not None
    assert not [r for r in drawn_rects(HINTED, app, surface, monkeypatch) if r.contains(first)]
