"""Headless: with six seats at 1024x600 the move log keeps six rows of moves beside a list of actions shown whole.

Played at 1024x600 (Rommé, German, five bots; H6 F19): after laying out, six discards and seven buttons were listed
whole over a log of four rows, 'Du: vom Stapel ziehen' and the own lay-out wrapped in three: no bot's move was in
sight. A list that would leave the log fewer rows is paged ('Mehr… (Bild ab)').
"""

from __future__ import annotations

import pygame
import pytest

from romme.bots import make_bot
from romme_table.controller import Controller, Seat
from romme_table.move_log import log_room
from romme_table.scenes import SceneStack
from romme_table.table_draw import log_rect
from romme_table.table_scene import TableScene


@pytest.mark.parametrize("size", [(1024, 600), (800, 600)])
def test_the_log_keeps_six_rows_at_every_turn(size: tuple[int, int], surface: pygame.Surface) -> None:
    seats = [Seat("Du")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, 6)]
    c = Controller("romme", seats, seed=3, bot_delay=0.0, lang="de")
    helper = make_bot("romme", "greedy", seed=1)
    app = SceneStack(size, "de")
    scene = TableScene(c)
    app.push(scene)
    canvas = pygame.Surface(size)
    rows, whole = [], 0
    for _ in range(150):
        c.run_bots_until_human()
        if c.state.is_over:
            break
        scene.layout = None
        app.update(0.0)
        app.draw(canvas)
        rect = log_rect(scene, scene.compute_layout())
        rows.append(log_room(rect, "de")[1] if rect is not None else 0)
        whole += len(scene.actions) > 1 and scene.room >= len(scene.actions)
        assert c.play(helper.choose(c.state.clone())), c.message
    assert len(rows) > 100 and min(rows) >= 6, sorted(set(rows))
    assert whole > 0  # (lists shown whole were seen)
