"""Headless: on the start screen the Left arrow and a right-click step a row's value back.

Seen under Xvfb at 1280x800: the rules row of Rommé has nine presets, a seat row five kinds (human, Easy, Medium,
Hard, Master); Left and Right both stepped forward and a right-click did nothing, so a click past 'Räuber-Rommé'
meant eight more clicks round the list.
"""

from __future__ import annotations

import pygame
from gui_driver import key, send, start_app

from romme.bots import LEVELS
from romme_table.start_screen import StartScene


def right_click(app, pos, surface) -> None:
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=pos), surface)


def _row(scene: StartScene, label_start: str) -> int:
    return next(i for i, (label, _) in enumerate(scene._items()) if label.startswith(label_start))


def test_left_and_right_click_step_the_rules_back(tmp_path, surface):
    app = start_app(tmp_path, surface)
    scene = app.top
    assert isinstance(scene, StartScene)
    scene.model.set_game("romme")
    app.draw(surface)
    row = _row(scene, "Rules:")
    scene.focus = row
    key(app, pygame.K_RIGHT, surface)
    key(app, pygame.K_RIGHT, surface)
    assert scene.model.preset == "rauber"
    key(app, pygame.K_LEFT, surface)
    assert scene.model.preset == "40"
    right_click(app, scene.hot[row][0].center, surface)
    assert scene.model.preset == "standard"
    right_click(app, scene.hot[row][0].center, surface)  # round the other way: the last preset
    assert scene.model.preset == "strict"


def test_a_seat_steps_back_from_human_to_master_and_the_game_to_the_one_before(tmp_path, surface):
    app = start_app(tmp_path, surface)
    scene = app.top
    scene.model.set_game("rummy")
    app.draw(surface)
    seat = _row(scene, "  Bot 1:")
    right_click(app, scene.hot[seat][0].center, surface)
    assert scene.model.seats[1].level == LEVELS[LEVELS.index("greedy") - 1] == "easy"  # Medium -> Easy
    right_click(app, scene.hot[seat][0].center, surface)
    assert scene.model.seats[1].level == "random"  # Easy -> Random (uniformly random moves)
    right_click(app, scene.hot[seat][0].center, surface)
    assert not scene.model.seats[1].is_bot  # Random -> human
    right_click(app, scene.hot[seat][0].center, surface)
    assert scene.model.seats[1].is_bot and scene.model.seats[1].level == LEVELS[-1]  # human -> Master
    scene.focus = 0
    key(app, pygame.K_LEFT, surface)
    games = scene.model.game_ids()
    assert scene.model.game == games[games.index("rummy") - 1]


def test_the_seat_count_rows_do_the_other_on_a_right_click(tmp_path, surface):
    app = start_app(tmp_path, surface)
    scene = app.top
    scene.model.set_game("krass")
    app.draw(surface)
    n = len(scene.model.seats)
    plus = _row(scene, "Seats:")
    right_click(app, scene.hot[plus + 1][0].center, surface)  # on (-): one more
    assert len(scene.model.seats) == n + 1
    right_click(app, scene.hot[plus][0].center, surface)  # on (+): one fewer
    assert len(scene.model.seats) == n


def test_left_on_start_does_not_start(tmp_path, surface):
    app = start_app(tmp_path, surface)
    scene = app.top
    scene.focus = len(scene._items()) - 1
    key(app, pygame.K_LEFT, surface)
    assert app.top is scene
