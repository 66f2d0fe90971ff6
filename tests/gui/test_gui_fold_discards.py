"""Headless: in a small window a long list of discards is one button that discards the selected card (play-test T4).

Played under Xvfb (H6, Räuber-Rommé, 640x420, German, game no. 626365): after a draw with 15 cards in hand the action
column offered 'Tisch umlegen (T)', '1. Ac abwerfen' and 'Mehr… (Bild ab) 1-1/15': one discard a page, fifteen pages
beside six fixed buttons; a keyboard player pressed PgDn fourteen times to reach the 4s.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import click, key, open_table, open_window, play_until

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.i18n import t

SMALL = (640, 420)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def drawn_with_many_discards(c: Controller) -> bool:
    kinds = [m.to_json().get("kind") for m in c.state.legal_moves()]
    return "draw" not in kinds and kinds.count("discard") >= 10


def table_after_a_draw(surface: pygame.Surface, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=626365, bot_delay=0.0,
                   rules=Rules.make("romme", "rauber"))
    assert play_until(c, drawn_with_many_discards)
    app, scene = open_table(c, surface, size)
    scene.compute_layout()
    return c, app, scene


def labels(scene) -> list[str]:  # type: ignore[no-untyped-def]
    return [label for label, _ in scene._buttons()]


def test_a_small_window_folds_the_discards_into_one_button(surface):
    c, app, scene = table_after_a_draw(surface, SMALL)
    shown = labels(scene)
    fold = t("discard_selected", "en")
    assert fold in shown and not any(label.startswith("More") for label in shown), shown
    assert not any(m.to_json().get("kind") == "discard" for m in scene.actions)
    lay = scene.compute_layout()
    button = lay.buttons[shown.index(fold)]
    click(app, button.center, surface)  # nothing selected: how to select the card
    assert c.message == t("discard_pick", "en") and c.is_human_turn()
    card = c.hand()[3]
    click(app, lay.hand[3].move(4, 4).topleft, surface)  # the card selected: its discard is listed again, key 1
    assert c.selected_tokens() == [card]
    assert fold not in labels(scene) and [m.to_json().get("card") for m in scene.visible_actions()] == [card]
    before = len(c.state.history)
    key(app, pygame.K_1, surface)
    moved = c.state.history[before].to_json()
    assert moved.get("kind") == "discard" and moved.get("card") == card


def test_a_larger_window_lists_the_discards(surface):
    c, app, scene = table_after_a_draw(surface, (1024, 600))
    assert t("discard_selected", "en") not in labels(scene)
    assert any(m.to_json().get("kind") == "discard" for m in scene.actions)
