"""Headless: Krass Kariert's action buttons for a card the hand holds twice.

Played at 1280x800: with the hand 9 9 the buttons read '1. play 9 (solo 9)' and '3. play 9 (solo 9)'. Where the
two plays leave the same hand they are one button; where they differ (two stop cards apart) each names its place."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import key, open_table, open_window

from romme_table.controller import Controller, Seat

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SIZE)


def krass(seed: int, lang: str = "en") -> Controller:
    c = Controller("krass", [Seat("You"), Seat("B1", "bot", "greedy"), Seat("B2", "bot", "greedy")], seed=seed,
                   bot_delay=0.0, lang=lang)
    c.run_bots_until_human()
    return c


def labels(scene) -> list[str]:
    scene.compute_layout()
    return [label for label, _ in scene._buttons()][scene._action_offset : scene._action_offset + len(scene.actions)]


def test_two_plays_that_leave_the_same_hand_are_one_button(surface):
    c = krass(78)
    assert c.hand() == ["3", "8", "11", "11", "11", "9", "10", "10", "7", "4"]
    app, scene = open_table(c, surface, SIZE)
    shown = [s for s in labels(scene) if "reserve card" not in s]  # the reserve beside the cursor comes after
    assert [s.split(". ", 1)[1] for s in shown] == [
        "play 11 11 (pair 11)", "play 11 11 11 (triple 11)", "play 11 9 10 (3-straight 11)", "play 10 10 (pair 10)"
    ], shown


@pytest.mark.parametrize(("lang", "first", "second"), [
    ("en", "card 3 from the left", "card 8 from the left"),
    ("de", "3. Karte von links", "8. Karte von links"),
])
def test_two_plays_that_differ_name_their_places_and_play_them(surface, lang, first, second):
    c = krass(31, lang)
    assert c.hand() == ["12", "11", "S", "1", "10", "12", "2", "S", "9", "N"]
    app, scene = open_table(c, surface, SIZE)
    shown = labels(scene)
    assert shown[0].endswith(first) and shown[1].endswith(second), shown
    assert shown[2].startswith("3. ") and "—" not in shown[2]  # a label of its own: no place
    key(app, pygame.K_2, surface)
    assert c.state.history[-1].to_json()["start"] == 7, c.message  # the stop card second from the right
