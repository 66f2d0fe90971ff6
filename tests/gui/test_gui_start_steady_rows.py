"""Headless: the start screen's seat buttons stay under the mouse while they are clicked again and again.

Played at 1366x768 and 1024x600 (Rommé, Königs-Rommé): with four seats and more every seat taken away made every
row higher, so clicking '- take the last seat away' four times at one spot went 6, 5, 4, 5, 4 seats: the rows
moved and the third click fell on '+ add a seat'."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import click

from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene


@pytest.fixture(autouse=True)
def pygame_up() -> None:
    pygame.display.init()
    pygame.font.init()


def _screen(game: str, size: tuple[int, int], seats: int) -> tuple[SceneStack, StartScene, pygame.Surface]:
    model = StartModel()
    model.set_game(game)
    while len(model.seats) < seats:
        model.add_seat()
    canvas = pygame.Surface(size)
    app = SceneStack(size, "en")
    scene = StartScene(model)
    app.push(scene)
    app.draw(canvas)
    return app, scene, canvas


#: the most seats of the games tried (their rows run past FILLED_ROWS)
MOST_SEATS = {"romme": 6, "koenigs": 7}


def _seat_counts(app: SceneStack, scene: StartScene, canvas: pygame.Surface, row: int, clicks: int) -> list[int]:
    """The seats after each of ``clicks`` clicks at the spot where row ``row`` was before the first."""
    spot = scene.hot[row][0].center
    counts = []
    for _ in range(clicks):
        click(app, spot, canvas)
        app.draw(canvas)
        counts.append(len(scene.model.seats))
    return counts


@pytest.mark.parametrize("size", [(1366, 768), (1024, 600), (640, 420)])
@pytest.mark.parametrize("game", ["romme", "koenigs"])
def test_taking_seats_away_at_one_spot_takes_one_each_click(game, size):
    most = MOST_SEATS[game]
    app, scene, canvas = _screen(game, size, most)
    counts = _seat_counts(app, scene, canvas, 2, most - 2)  # '- take the last seat away'
    assert counts == list(range(most - 1, 1, -1)), counts


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768), (1024, 600), (640, 420)])
@pytest.mark.parametrize("game", ["romme", "koenigs"])
def test_adding_seats_at_one_spot_adds_one_each_click(game, size):
    """Past six rows the seat rows shrink and the rows above them stay: with every row shrinking, '+ add a seat'
    clicked five times at one spot (1920x1080, Rommé) went 3, 4, 5 seats and then slid onto '- take the last seat
    away'."""
    most = MOST_SEATS[game]
    app, scene, canvas = _screen(game, size, 2)
    counts = _seat_counts(app, scene, canvas, 1, most - 2)  # '+ add a seat'
    assert counts == list(range(3, most + 1)), counts
    assert scene.hot[3][0].h < scene.hot[0][0].h or size == (640, 420)  # the seat rows gave the room (not at the least)


@pytest.mark.parametrize("size", [(1366, 768), (1024, 600)])
def test_another_game_lays_its_rows_anew(size):
    """The steady rows are the game's own: a two-seat game picked after a six-seat one fills the height again."""
    app, scene, canvas = _screen("romme", size, 6)
    small = scene.hot[3][0].h  # a seat row
    fresh = _screen("rummy", size, 2)[1].hot[3][0].h
    scene.model.set_game("rummy")
    while len(scene.model.seats) > 2:
        scene.model.remove_seat()
    app.draw(canvas)
    assert scene.hot[3][0].h == fresh > small
