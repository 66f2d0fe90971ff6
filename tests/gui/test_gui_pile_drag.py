"""Headless: the discard pile's top card is dragged like a hand card: a click or a drag into the hand takes it,
a drag that ends back on the pile takes nothing.

Seen under Xvfb (Königs-Rommé at 800x600): pressing the pile took its card at once, so a drag begun there could
not be let go, and the card never followed the mouse.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import click, drag, drawn_cards, open_table, play_until, send

from romme_table.controller import Controller, Seat


def _table(game: str, surface):
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0)
    c.run_bots_until_human()
    assert any(str(m) == "draw discard" for m in c.state.legal_moves())
    app, scene = open_table(c, surface, (800, 600))
    return c, app, scene, scene.compute_layout()


@pytest.mark.parametrize("game", ["koenigs", "romme", "einmaleins"])
def test_a_drag_from_the_pile_into_the_hand_takes_the_card(game, surface, monkeypatch):
    c, app, scene, lay = _table(game, surface)
    top, before = c.observation()["discard_top"], len(c.state.history)
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lay.discard.center))
    assert len(c.state.history) == before  # a press alone takes nothing yet
    mid = (lay.discard.centerx, (lay.discard.centery + lay.hand[0].centery) // 2)
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)))
    followed = [r for r, tok, _ in drawn_cards(app, surface, monkeypatch) if tok == top and r.center == mid]
    assert followed, "the pile's card does not follow the mouse"
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=lay.hand[len(lay.hand) // 2].center), surface)
    assert len(c.state.history) == before + 1 and str(c.state.history[-1]) == "draw discard", c.message
    assert top in c.hand()


def test_a_click_on_the_pile_takes_the_card(surface):
    c, app, scene, lay = _table("romme", surface)
    before = len(c.state.history)
    click(app, lay.discard.center, surface)
    assert len(c.state.history) == before + 1 and str(c.state.history[-1]) == "draw discard", c.message


def test_a_drag_that_ends_back_on_the_pile_takes_nothing(surface):
    c, app, scene, lay = _table("romme", surface)
    before, hand = len(c.state.history), c.hand()
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lay.discard.center))
    away = (lay.discard.centerx + 3 * lay.card[0], lay.discard.centery)
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(1, 0, 0)))
    back = (lay.discard.centerx + 12, lay.discard.centery + 5)
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=back), surface)
    assert len(c.state.history) == before and c.hand() == hand and scene.pile_drag is None
    drag(app, lay.discard.center, (lay.discard.centerx + 3 * lay.card[0], lay.discard.centery), surface)
    assert len(c.state.history) == before  # nor one that ends on the felt


def test_the_pile_shows_no_second_copy_of_the_dragged_card(surface, monkeypatch):
    """While its top card followed the mouse, the pile still showed that card under it."""
    c, app, scene, lay = _table("romme", surface)
    top = c.observation()["discard_top"]
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lay.discard.center))
    away = (lay.discard.centerx + 3 * lay.card[0], lay.discard.centery)
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(1, 0, 0)))
    cards = drawn_cards(app, surface, monkeypatch)
    assert [r.center for r, tok, _ in cards if tok == top] == [away], cards  # only the one in the mouse
    assert not any(r == lay.discard for r, _, _ in cards)


def test_a_wild_dragged_from_the_pile_keeps_its_wild_tag(surface, monkeypatch):
    """Königs-Rommé: the pile's wild card shows its 'wild' tag; dragged from the pile it lost it."""

    def wild_on_the_pile(c: Controller) -> bool:
        top = c.observation().get("discard_top")
        return isinstance(top, str) and c.is_wild(top) and any(str(m) == "draw discard" for m in c.state.legal_moves())

    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0)
    assert play_until(c, wild_on_the_pile)
    app, scene = open_table(c, surface, (800, 600))
    lay, top = scene.compute_layout(), c.observation()["discard_top"]
    assert [kw.get("tag") for r, tok, kw in drawn_cards(app, surface, monkeypatch) if r == lay.discard] == ["wild"]
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lay.discard.center))
    away = (lay.discard.centerx + 3 * lay.card[0], lay.discard.centery)
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(1, 0, 0)))
    dragged = [kw for r, tok, kw in drawn_cards(app, surface, monkeypatch) if tok == top and r.center == away]
    assert dragged and dragged[0].get("tag") == "wild", dragged
